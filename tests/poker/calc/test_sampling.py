"""Monte Carlo in blocks (croupier.poker.calc.sampling): a seed gives the same answer
whatever the number of threads, compiled or not; the kernel deals exactly the deals of its
NumPy twin (croupier.poker.calc.montecarlo), deal for deal; the deals follow the rules (no
card twice, combos by weight), and the answers agree with exact enumeration.

The kernel runs compiled where the engine is, and as Python under CROUPIER_PURE=1 (CI runs
this file both ways), so the trials stay few."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.engine import compiled
from croupier.poker.calc import calculate
from croupier.poker.calc import question as question_module
from croupier.poker.calc.live import LiveQuestion
from croupier.poker.calc.montecarlo import deal_block as numpy_deal_block
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.calc.sampling import BLOCK_TRIALS, BlockDeals, run_blocks
from croupier.poker.errors import PokerError
from croupier.poker.evaluation.hand import rank_hand
from croupier.poker.evaluation.tables import poker_kernels
from croupier.poker.ranges.starting_hands import combo_text

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
        # the second random range is dealt two cards directly (no deal dropped)
        (("AhKh", "random", "random"), "Ks 8h 3c 2d 7s"),
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


def test_random_players_are_dealt_every_compatible_deal_alike() -> None:
    # Eight cards left and three random players: the first two draw from the table of
    # their pairs of combos, the third is dealt two cards of the deck directly. Every
    # one of the 28 x 15 x 6 deals of distinct hands is equally likely, so each player's
    # counts by combo and outcome follow from enumerating them; a chi-square over those
    # cells, and no deal dropped.
    live_cards = ["As", "Ad", "Kh", "Kc", "Qs", "Jd", "Tc", "7h"]
    board = ["2c", "5d", "8h", "9s", "Jc"]
    deck = [f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"]
    dead = [c for c in deck if c not in live_cards + board]
    live = LiveQuestion(
        EquityQuestion.parse(["random"] * 3, board=" ".join(board), dead=" ".join(dead))
    )
    deals = BlockDeals(live, seed=35)
    n = min(trials(), 3 * BLOCK_TRIALS)
    blocks = -(-n // BLOCK_TRIALS)
    deals.run(0, blocks, n - (blocks - 1) * BLOCK_TRIALS)
    assert deals.attempts == deals.wanted == n
    hands = [[combo_text(c) for c in deals.combos[p]] for p in range(3)]
    expected = [np.zeros((len(h), 11)) for h in hands]
    tuples = 0
    for a, b, c in itertools.product(*(range(len(h)) for h in hands)):
        cards = [hands[0][a], hands[1][b], hands[2][c]]
        if len({x[i : i + 2] for x in cards for i in (0, 2)}) < 6:
            continue
        tuples += 1
        classes = [rank_hand(f"{x[:2]} {x[2:]} " + " ".join(board)) for x in cards]
        best, top = min(classes), classes.count(min(classes))
        for p, combo in enumerate((a, b, c)):
            expected[p][combo, top if classes[p] == best else 0] += 1
    assert tuples == 28 * 15 * 6
    for p in range(3):
        want = expected[p] * n / tuples
        seen = deals.counts[p]
        assert (seen[want == 0] == 0).all()
        cells = want > 0
        chi2 = float((((seen[cells] - want[cells]) ** 2) / want[cells]).sum())
        k = int(cells.sum()) - 1
        assert chi2 < k + 6 * (2 * k) ** 0.5, (p, chi2, k)


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


QUESTIONS = [
    (("AhKh", "QsQd"), ""),
    (("AhKh", "TT+, AQs+, AQo+, KQs"), ""),
    (("AhKh", "TT+, AQs+:0.5, KQs"), "2c 7d 9h"),
    (("22+", "random", "AKs"), "Ks 8h 3c 2d"),
    (("JJ", "AK@30", "random"), "Jh 8h 3h"),
    (("random",) * 6, ""),
    (("AA", "KK", "QQ", "AK@30"), "2c 3d 4h 5s 9c"),
    (("AsAh, KsKh:0.25", "QdQc", "7c2d"), "Qs Jh Th 9h"),
]


def deal_both(live: LiveQuestion, key: int, want: int) -> list[tuple[int, list[int]]]:
    """The deals tried and the counts of one block, by the kernel and by NumPy."""
    deals = BlockDeals(live, seed=0)
    answers = []
    for deal in (poker_kernels().deal_block, numpy_deal_block):
        counts = np.zeros_like(deals.total)
        tried = deal(
            key,
            want,
            deals.fixed,
            deals.board_cards,
            deals.board_total,
            deals.cards,
            deals.starts,
            deals.chance,
            deals.alias,
            deals.weighted,
            *deals.two,
            deals.deck,
            live.to_deal,
            counts,
        )
        answers.append((tried, counts.tolist()))
    return answers


@pytest.mark.parametrize(("ranges", "board"), QUESTIONS)
def test_the_kernel_deals_the_deals_of_its_numpy_twin(ranges: tuple[str, ...], board: str) -> None:
    live = question(*ranges, board=board)
    for key, want in ((1, 1), (2, 7), (2**64 - 1, 100), (12345, min(trials(), 5000))):
        kernel, twin = deal_both(live, key, want)
        assert kernel == twin
        assert kernel[0] >= want and sum(kernel[1]) == want * live.players


@settings(max_examples=20 if compiled("poker") else 5, deadline=None)
@given(
    st.integers(0, len(QUESTIONS) - 1),
    st.integers(0, 2**64 - 1),
    st.integers(1, 300),
)
def test_kernel_and_numpy_agree_on_random_streams(which: int, key: int, want: int) -> None:
    ranges, board = QUESTIONS[which]
    kernel, twin = deal_both(question(*ranges, board=board), key, want)
    assert kernel == twin


COUNTS = """
from croupier.poker.calc.montecarlo import deal_block as numpy_deal_block
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.calc.live import LiveQuestion
from croupier.poker.calc.sampling import BlockDeals
question = EquityQuestion.parse(["AhKh", "TT+, AQs:0.5"], board="Th 9h 2c")
deals = BlockDeals(LiveQuestion(question), 11)
deals.run(0, 1, 500)
print(deals.total.tolist())
"""


ANSWER = """
from croupier.poker.calc import calculate
r = calculate(["AhKh", "TT+, AQs:0.5"], board="Th 9h 2c", trials=40_000, rng=11, threads=2)
print(r.games, [(p.equity, p.win, p.tie, p.stderr) for p in r.players])
"""


def test_a_seed_gives_the_same_answer_compiled_or_not() -> None:
    runs = [
        subprocess.run(
            [sys.executable, "-c", ANSWER],
            env={**os.environ, "CROUPIER_PURE": pure},
            capture_output=True,
            text=True,
            check=False,
        )
        for pure in ("0", "1")
    ]
    assert [run.stderr for run in runs] == ["", ""]
    outputs = [run.stdout for run in runs]
    assert outputs[0] == outputs[1] and outputs[0].startswith("40000 [(")


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
