"""croupier.baccarat._kernels against the NumPy paths they replace: the same shoes from
the same draws, the same rounds dealt, expectations equal to the last bits the order of
additions allows, and whole studies with the same numbers.

The kernels run compiled where the engine is, and as Python under CROUPIER_PURE=1 (CI
runs this file both ways), so the sizes stay small."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.baccarat import odds
from croupier.baccarat.advantage import ShoeProcedure, count_spec, perfect_spec
from croupier.baccarat.advantage import procedure as procedure_module
from croupier.baccarat.advantage.batches import StudySpec, run_batch
from croupier.baccarat.composition import Composition
from croupier.baccarat.payouts import CASINO, EZ, find_bet
from croupier.engine import compiled, kernels

# the module (the package's name ``simulate`` is its function)
simulate = importlib.import_module("croupier.baccarat.simulate")


@pytest.mark.parametrize(("decks", "shoes"), [(1, 7), (8, 5)])
def test_shuffle_makes_the_same_shoes_from_the_same_draws(decks: int, shoes: int) -> None:
    size = 52 * decks
    draws = np.random.default_rng(decks).random((size - 1, shoes))
    start = np.repeat(np.repeat(np.arange(13, dtype=np.uint8), 4 * decks)[:, None], shoes, axis=1)
    mine = start.copy()
    kernels("baccarat").shuffle(draws, mine)
    reference = simulate._shuffle_numpy(draws.copy(), start.copy())
    assert np.array_equal(mine, reference)
    assert np.array_equal(np.sort(mine, axis=0), start)  # a permutation of each shoe


@pytest.mark.parametrize("burn", ["standard", 0, 3])
def test_deal_follows_the_same_rounds(burn: str | int) -> None:
    procedure = ShoeProcedure(decks=2, cut_card=14, burn=burn)
    ranks = simulate.shuffled_shoes(6, procedure.decks, np.random.default_rng(3))
    starts = (
        simulate.standard_burn_starts(ranks)
        if burn == "standard"
        else np.full(6, int(burn), dtype=np.int64)
    )
    mine = simulate._deal_compiled(ranks, procedure.cut, starts)
    reference = simulate._deal_numpy(ranks, procedure.cut, starts)
    for field in ("shoe", "position", "cell"):
        assert np.array_equal(getattr(mine, field), getattr(reference, field)), field


@pytest.mark.parametrize("burn", ["standard", 0, 3])
def test_seen_before_walks_to_the_same_sums(burn: str | int) -> None:
    dealt = ShoeProcedure(decks=1, cut_card=14, burn=burn).deal(5, np.random.default_rng(9))
    tags = np.array([1, 1, 1, 1, 1, 0, 0, 0, -1, -1, -1, -1, -1], dtype=np.int16)
    one_hot = np.eye(13, dtype=np.int8)
    rounds = len(dealt.rounds.shoe)
    picks = np.random.default_rng(1).permutation(rounds)[: rounds // 2]
    kernel = kernels("baccarat")
    for by_code in (tags, one_hot):
        for rows in (None, np.sort(picks), picks):  # every round, some in order, shuffled
            reference = dealt.seen_before_numpy(by_code, rows)
            shoe, position = dealt.rounds.shoe, dealt.rounds.position
            if rows is not None:
                shoe, position = shoe[rows], position[rows]
            table = np.asarray(by_code, dtype=np.int64).reshape(13, -1)
            out = np.full((len(shoe), table.shape[1]), -7, dtype=np.int64)
            kernel.seen_before(dealt.ranks, dealt.starts, dealt.shown, shoe, position, table, out)
            assert np.array_equal(out.reshape(reference.shape), reference)
            assert np.array_equal(dealt.seen_before(by_code, rows), reference)


counts = st.lists(st.integers(0, 40), min_size=10, max_size=10).filter(lambda c: sum(c) >= 6)


@settings(max_examples=25, deadline=None)
@given(st.lists(counts, min_size=1, max_size=4))
def test_batch_sums_agree_with_numpy_to_the_last_bits(rows: list[list[int]]) -> None:
    array = np.array(rows, dtype=np.int64)
    kernel = odds.baccarat_kernels()
    for bet in (None, find_bet("banker", CASINO)[1], EZ.bet("dragon-7")):
        blocks = odds._outcome_blocks() if bet is None else odds._payoff_blocks(bet)
        reference = odds.batch_sums_numpy(array, blocks)
        out = np.zeros_like(reference)
        kernel.batch_sums(array, odds.kernel_matrices(bet), out, 0, len(array))
        # a different order of the same additions: a few units in the last place
        assert np.allclose(out, reference, rtol=0, atol=1e-14)


def test_batch_sums_are_the_exact_odds_rounded() -> None:
    shoe = Composition.decks(8)
    exact = odds.outcome_probabilities(shoe, exact=True)
    out = np.zeros((1, 3))
    values = np.array([shoe.values], dtype=np.int64)
    odds.baccarat_kernels().batch_sums(values, odds.kernel_matrices(), out, 0, 1)
    for mine, truth in zip(out[0].tolist(), exact, strict=True):
        assert abs(Fraction(mine) - truth) <= 4 * 2.0**-53  # within a few units of the last place


def studies() -> list[StudySpec]:
    small = ShoeProcedure(decks=2, cut_card=14)
    return [
        perfect_spec("dragon-7", shoes=6, procedure=small, rng=11),
        perfect_spec("banker", shoes=6, procedure=small, rng=12),
        perfect_spec("panda-8", shoes=6, procedure=small, payouts="ez", rng=13),
        count_spec("dragon-7", "dragon-7", shoes=6, procedure=small, threshold=2, rng=14),
    ]


@pytest.mark.parametrize("spec", studies())
def test_studies_give_the_same_numbers_with_and_without_kernels(
    spec: StudySpec, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the kernels (run as Python under CROUPIER_PURE), then the NumPy paths
    for module in (odds, simulate, procedure_module):
        monkeypatch.setattr(module, "compiled", lambda game=None: True)
    with_kernels = run_batch(spec, 0, trace=spec.kind == "perfect")
    for module in (odds, simulate, procedure_module):
        monkeypatch.setattr(module, "compiled", lambda game=None: False)
    reference = run_batch(spec, 0, trace=spec.kind == "perfect")
    mine, theirs = with_kernels.totals.to_json(), reference.totals.to_json()
    assert mine.keys() == theirs.keys()
    for key, value in mine.items():
        assert np.allclose(value, theirs[key], rtol=1e-12, atol=1e-12), key
    for key in ("shoes", "rounds", "bets", "count_rounds", "scan_bets", "priced_shoes"):
        assert mine[key] == theirs[key], key  # counts: identical
    if with_kernels.trace is not None and reference.trace is not None:
        keys = ("shoe", "round", "counts", "bet", "outcome")
        mine_rows = [[r[k] for k in keys] for r in with_kernels.trace.lines()]
        assert mine_rows == [[r[k] for k in keys] for r in reference.trace.lines()]


SUMS = """
import numpy as np
from croupier.baccarat import odds
from croupier.baccarat.payouts import EZ
counts = np.random.default_rng(4).integers(0, 33, (6, 10))
out = np.zeros((6, 1))
matrices = odds.kernel_matrices(EZ.bet("dragon-7"))
odds.baccarat_kernels().batch_sums(counts, matrices, out, 0, 6)
print([float(x).hex() for x in out.ravel()])
"""


@pytest.mark.skipif(not compiled("baccarat"), reason="compares the compiled kernel with its source")
def test_compiled_and_uncompiled_expectations_are_the_same_numbers() -> None:
    outputs = [
        subprocess.run(
            [sys.executable, "-c", SUMS],
            env={**os.environ, "CROUPIER_PURE": pure},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for pure in ("0", "1")
    ]
    assert outputs[0] == outputs[1] and outputs[0].count("0x") == 6
