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
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray

from croupier import engine
from croupier.baccarat import batchsums, odds, pricing
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
    # unordered (what a histogram takes uncompiled): the same rounds, a round of every
    # shoe at a time
    unordered = simulate._deal_numpy(ranks, procedure.cut, starts, ordered=False)
    assert not np.array_equal(unordered.shoe, reference.shoe)
    order = np.lexsort((unordered.position, unordered.shoe))
    for field in ("shoe", "position", "cell"):
        assert np.array_equal(getattr(unordered, field)[order], getattr(reference, field)), field


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


@pytest.mark.parametrize("burn", ["standard", 0, 3])
def test_unseen_walks_to_the_same_counts(burn: str | int) -> None:
    dealt = ShoeProcedure(decks=1, cut_card=14, burn=burn).deal(5, np.random.default_rng(9))
    rounds = len(dealt.rounds.shoe)
    picks = np.random.default_rng(1).permutation(rounds)[: rounds // 2]
    by_value = pricing.RANK_TO_VALUE.argmax(axis=1)
    kernel = kernels("baccarat")
    for group_of, full in ((by_value, [16] + [4] * 9), (np.arange(13), [4] * 13)):
        full_counts = np.array(full, dtype=np.int64)
        one_hot = np.eye(len(full), dtype=np.int8)[group_of]
        for rows in (None, np.sort(picks), picks):  # every round, some in order, shuffled
            reference = full_counts - dealt.seen_before_numpy(one_hot, rows)
            shoe, position = dealt.rounds.shoe, dealt.rounds.position
            if rows is not None:
                shoe, position = shoe[rows], position[rows]
            out = np.full((len(shoe), len(full)), -7, dtype=np.int64)
            kernel.unseen(
                dealt.by_shoe, dealt.starts, dealt.shown, shoe, position, group_of, full_counts, out
            )
            assert np.array_equal(out, reference)
            assert np.array_equal(dealt.unseen(group_of, full_counts, rows), reference)


counts = st.lists(st.integers(0, 40), min_size=10, max_size=10).filter(lambda c: sum(c) >= 6)


def matrices() -> list[batchsums.MultisetRows]:
    """The outcome rows, a bet with fractions (banker pays 0.95), one with a big payoff,
    and a whole payout table's pricing (outcomes and every round bet: many rows)."""
    return [
        batchsums.outcome_rows(),
        odds.payoff_rows(find_bet("banker", CASINO)[1]),
        odds.payoff_rows(EZ.bet("dragon-7")),
        pricing.table_pricing(EZ).rows,
    ]


@settings(max_examples=20, deadline=None)
@given(st.lists(counts, min_size=1, max_size=11))
def test_batch_sums_agree_with_numpy_to_the_last_bits(rows: list[list[int]]) -> None:
    """Any number of compositions (the last group of eight lanes padded); a matrix of
    many rows (a whole table's pricing) on a few of them (slow uncompiled)."""
    array = np.array(rows, dtype=np.int64)
    kernel = batchsums.baccarat_kernels()
    for matrix in matrices()[:3] if len(rows) > 3 else matrices():
        reference = batchsums.batch_sums_numpy(array, matrix)
        out = np.full_like(reference, np.nan)
        kernel.batch_sums(array, matrix.layout, out, 0, len(array))
        # a different order of the same additions: a few units in the last place
        assert np.allclose(out, reference, rtol=0, atol=1e-14)


def test_batch_sums_fill_only_their_rows() -> None:
    array = np.array([[10 + i] + [4] * 9 for i in range(11)], dtype=np.int64)
    matrix = batchsums.outcome_rows()
    out = np.full((11, 3), -1.0)
    batchsums.baccarat_kernels().batch_sums(array, matrix.layout, out, 2, 9)
    assert (out[:2] == -1).all() and (out[9:] == -1).all()
    assert np.allclose(out[2:9], batchsums.batch_sums_numpy(array[2:9], matrix), atol=1e-15)


def test_batch_sums_are_the_exact_odds_rounded() -> None:
    shoe = Composition.decks(8)
    exact = odds.outcome_probabilities(shoe, exact=True)
    out = np.zeros((1, 3))
    values = np.array([shoe.values], dtype=np.int64)
    batchsums.baccarat_kernels().batch_sums(values, batchsums.outcome_rows().layout, out, 0, 1)
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
    for module in (batchsums, simulate, procedure_module):
        monkeypatch.setattr(module, "compiled", lambda game=None: True)
    with_kernels = run_batch(spec, 0, trace=spec.kind == "perfect")
    for module in (batchsums, simulate, procedure_module):
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
from croupier.baccarat import batchsums, odds, pricing
from croupier.baccarat.payouts import EZ
counts = np.random.default_rng(4).integers(0, 33, (11, 10))
counts[3] = [128] + [32] * 9
out = np.zeros((11, 1))
matrix = odds.payoff_rows(EZ.bet("dragon-7")).layout
batchsums.baccarat_kernels().batch_sums(counts, matrix, out, 0, 11)
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
    assert outputs[0] == outputs[1] and outputs[0].count("0x") == 11


def wide_builds() -> list[ModuleType]:
    """The wider builds of the Baccarat kernels this processor runs (none uncompiled)."""
    if not compiled("baccarat"):
        return []
    found = []
    for suffix, needs in engine.VARIANTS["baccarat"]:
        name = f"{engine.KERNELS['baccarat']}_{suffix}"
        if engine._built(name) is not None and set(needs) <= engine.cpu_features():
            found.append(importlib.import_module(name))
    return found


@pytest.mark.skipif(not wide_builds(), reason="no wider build of the kernels runs here")
def test_wider_builds_give_the_same_numbers() -> None:
    """The AVX2 and AVX-512 builds of the same source: the same bits as the plain build,
    for expectations (eight lanes at a vector or two or four), shuffles, rounds and
    counts."""
    plain = importlib.import_module(engine.KERNELS["baccarat"])
    plain.configure(*batchsums.half_trees())
    rng = np.random.default_rng(5)
    array = rng.integers(0, 129, (45, 10))
    array[:, 0] += 100
    draws = rng.random((103, 9))
    start = np.repeat(np.repeat(np.arange(13, dtype=np.uint8), 8)[:, None], 9, axis=1)
    dealt = ShoeProcedure(decks=2, cut_card=14).deal(6, rng)
    shoe, position = dealt.rounds.shoe, dealt.rounds.position
    group_of, full = np.arange(13), np.full(13, 8, dtype=np.int64)

    def results(module: ModuleType) -> list[NDArray[np.generic]]:
        got = []
        for matrix in matrices():
            out = np.zeros((len(array), matrix.rows.shape[0]))
            module.batch_sums(array, matrix.layout, out, 0, len(array))
            got.append(out)
        cards = start.copy()
        module.shuffle(draws, cards)
        seen = np.zeros((len(shoe), 13), dtype=np.int64)
        module.unseen(dealt.by_shoe, dealt.starts, True, shoe, position, group_of, full, seen)
        return [*got, cards, seen]

    reference = results(plain)
    for module in wide_builds():
        module.configure(*batchsums.half_trees())
        for mine, theirs in zip(results(module), reference, strict=True):
            assert mine.tobytes() == theirs.tobytes(), module
