"""Monte Carlo by the compiled kernel (croupier.poker.calc.sampling): a seed gives the same
answer whatever the number of threads, the kernel's deals follow the rules (no card twice,
combos by weight), and its answers agree with exact enumeration.

The kernel runs compiled where the engine is, and as Python under CROUPIER_PURE=1 (CI runs
this file both ways), so the trials stay few."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from croupier.engine import compiled
from croupier.poker.calc import calculate
from croupier.poker.calc import question as question_module
from croupier.poker.calc.question import EquityQuestion, LiveQuestion
from croupier.poker.calc.sampling import BLOCK_TRIALS, BlockDeals, run_blocks
from croupier.poker.errors import PokerError

PURE_TRIALS = 3000  # uncompiled, a few thousand deals take a second


def trials() -> int:
    return 3 * BLOCK_TRIALS + 123 if compiled("poker") else PURE_TRIALS


def question(*ranges: str, board: str = "") -> LiveQuestion:
    return LiveQuestion(EquityQuestion.parse(list(ranges), board=board or None))


@pytest.mark.parametrize(
    ("ranges", "board"),
    [
        (("AhKh", "QsQd"), ""),
        (("AhKh", "TT+, AQs+:0.5, KQs"), "2c 7d 9h"),
        (("22+", "random", "AKs"), "Ks 8h 3c 2d"),
    ],
)
def test_the_same_answer_whatever_the_threads(ranges: tuple[str, ...], board: str) -> None:
    live = question(*ranges, board=board)
    answers = []
    for threads in (1, 2, 3):
        deals = BlockDeals(live, seed=2024)
        n = min(trials(), 2 * BLOCK_TRIALS + 77)
        blocks = -(-n // BLOCK_TRIALS)
        deals.run(0, blocks, n - (blocks - 1) * BLOCK_TRIALS, threads)
        answers.append(deals.total.copy())
    assert all(np.array_equal(answers[0], a) for a in answers[1:])
    assert int(answers[0].reshape(-1, 11)[: len(live.combos[0])].sum()) == min(
        trials(), 2 * BLOCK_TRIALS + 77
    )


def test_calculate_reproduces_its_seed_across_threads() -> None:
    if not compiled("poker"):
        pytest.skip("calculate deals with NumPy where the engine is not compiled")
    one = calculate(["AhKh", "QQ+, AKs"], trials=trials(), rng=5, threads=1)
    two = calculate(["AhKh", "QQ+, AKs"], trials=trials(), rng=5, threads=2)
    assert one == two and one.games == trials()
    assert calculate(["AhKh", "QQ+, AKs"], trials=trials(), rng=6) != one


@pytest.mark.parametrize(
    ("ranges", "board"),
    [
        (("AhKh", "QsQd"), ""),
        (("AhKh", "TT+, AQs+, KQs"), "2c 7d 9h"),
        (("JJ", "AK", "random"), "Jh 8h 3h"),
    ],
)
def test_agrees_with_exact_enumeration(ranges: tuple[str, ...], board: str) -> None:
    exact = calculate(list(ranges), board=board or None, exact=True)
    live = question(*ranges, board=board)
    results = list(run_blocks(live, 99, trials(), 0.001, None))
    last = results[-1]
    assert last.games == trials()
    for mine, truth in zip(last.players, exact.players, strict=True):
        assert mine.stderr is not None
        assert abs(mine.equity - truth.equity) < 4.5 * mine.stderr + 1e-9
    assert sum(p.equity for p in last.players) == pytest.approx(1.0)


def test_weights_draw_combos_in_proportion() -> None:
    live = question("AsAh, KsKh:0.25", "QdQc")
    deals = BlockDeals(live, seed=3)
    n = trials()
    blocks = -(-n // BLOCK_TRIALS)
    deals.run(0, blocks, n - (blocks - 1) * BLOCK_TRIALS)
    held = deals.counts[0].sum(axis=1)  # deals by combo of player 1
    share = held[1] / held.sum() if live.combos[0][1] > live.combos[0][0] else held[0] / n
    kings = min(share, 1 - share)
    assert abs(kings - 0.2) < 5 * (0.2 * 0.8 / n) ** 0.5


def test_ranges_that_never_fit_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    # four aces: never three pairs of them. The question says so before any deal ...
    with pytest.raises(PokerError, match="the 3 ranges cannot be dealt together"):
        question("AA", "AA", "AA")
    # ... and the sampler's own guard still stops a search that finds no deal.
    monkeypatch.setattr(question_module, "_check_dealable", lambda _: None)
    live = question("AA", "AA", "AA")
    with pytest.raises(PokerError, match="the ranges almost never fit together"):
        list(run_blocks(live, 1, 10, 0.001, None))


COUNTS = """
from croupier.poker.calc.question import EquityQuestion, LiveQuestion
from croupier.poker.calc.sampling import BlockDeals
question = EquityQuestion.parse(["AhKh", "TT+, AQs:0.5"], board="Th 9h 2c")
deals = BlockDeals(LiveQuestion(question), 11)
deals.run(0, 1, 500)
print(deals.total.tolist())
"""


@pytest.mark.skipif(not compiled("poker"), reason="compares the compiled kernel with its source")
def test_compiled_and_uncompiled_kernels_deal_the_same() -> None:
    outputs = [
        subprocess.run(
            [sys.executable, "-c", COUNTS],
            env={**os.environ, "CROUPIER_PURE": pure},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for pure in ("0", "1")
    ]
    assert outputs[0] == outputs[1] and outputs[0].count(",") > 100
