"""croupier.baccarat.batchsums: the matrices' two layouts against a plain re-arrangement,
the exact payoff sums against fractions, and both batch paths against the one-shoe odds
and against a plain enumeration of the 5,005 multisets."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray

from croupier.baccarat import batchsums, odds, pricing
from croupier.baccarat.composition import Composition
from croupier.baccarat.enumeration import ROUND_CLASSES, sequence_tables
from croupier.baccarat.payouts import CASINO, EZ, find_bet


def plain_blocks(rows: NDArray[np.float64]) -> list[NDArray[np.float64]]:
    """The blocks made one multiset at a time: each column of ``rows`` goes to block k
    (its low values), at its low half's place in level k and its high half's in 6 - k."""
    low_at = [{m: i for i, m in enumerate(level)} for level in batchsums.half_multisets(0)]
    high_at = [{m: i for i, m in enumerate(level)} for level in batchsums.half_multisets(1)]
    sizes = batchsums.LEVEL_SIZES
    blocks = [np.zeros((rows.shape[0], sizes[k], sizes[6 - k])) for k in range(7)]
    for column, multiset in enumerate(sequence_tables().multisets.tolist()):
        low = tuple(v for v in multiset if v < 5)
        high = tuple(v for v in multiset if v >= 5)
        k = len(low)
        blocks[k][:, low_at[k][low], high_at[6 - k][high]] = rows[:, column]
    return blocks


def test_blocks_and_layout_put_every_multiset_in_its_place() -> None:
    rows = np.random.default_rng(2).random((3, batchsums.MULTISETS))
    matrix = batchsums.MultisetRows(rows)
    expected = plain_blocks(rows)
    sizes = batchsums.LEVEL_SIZES
    for k, block in enumerate(matrix.blocks):
        assert np.array_equal(block, expected[k].reshape(-1, sizes[6 - k]))
    # the kernel's layout: block after block, the shorter side as rows, row after row
    parts = []
    for k in range(7):
        mine = expected[k] if k <= 3 else expected[k].transpose(0, 2, 1)
        parts.append(mine.ravel())
    assert np.array_equal(matrix.layout, np.concatenate(parts))
    assert sorted(matrix.layout.tolist()) == sorted(rows.ravel().tolist())


def test_rows_are_checked_and_kept_read_only() -> None:
    with pytest.raises(TypeError, match="5005"):
        batchsums.MultisetRows(np.zeros((2, 5004)))
    with pytest.raises(TypeError, match="5005"):
        batchsums.MultisetRows(np.zeros(5005))
    source = np.ones((1, 5005))
    matrix = batchsums.MultisetRows(source)
    source[0, 0] = 7  # a copy was kept
    assert matrix.rows[0, 0] == 1 and not matrix.rows.flags.writeable
    with pytest.raises(TypeError, match="round class"):
        batchsums.class_sums([1, 2, 3])


def test_class_sums_are_the_exact_sums_rounded() -> None:
    bet = find_bet("banker", CASINO)[1]
    payoffs = pricing.payoffs(bet)
    sums = batchsums.class_sums(payoffs)
    classes, multisets, counts = sequence_tables().triplets.tolist()
    exact = [Fraction(0)] * batchsums.MULTISETS
    for cls, multiset, count in zip(classes, multisets, counts, strict=True):
        exact[multiset] += payoffs[cls] * count
    assert sums.tolist() == [float(x) for x in exact]  # correctly rounded, each one
    assert batchsums.class_sums([1] * len(ROUND_CLASSES)).sum() == 10**6  # every sequence


counts = st.lists(st.integers(0, 40), min_size=10, max_size=10).filter(lambda c: sum(c) >= 6)


@settings(max_examples=20, deadline=None)
@given(st.lists(counts, min_size=1, max_size=20))
def test_both_paths_give_the_one_shoe_odds(rows: list[list[int]]) -> None:
    array = np.array(rows, dtype=np.int64)
    bet = EZ.bet("dragon-7")
    kernel = batchsums.batch_sums(array, odds.payoff_rows(bet))[:, 0]
    reference = batchsums.batch_sums_numpy(array, odds.payoff_rows(bet))[:, 0]
    for row, mine, theirs in zip(rows, kernel, reference, strict=True):
        shoe = Composition.from_values(row)
        single = odds.bet_odds(shoe, EZ)["dragon-7"].expected_value
        assert single is not None
        assert math.isclose(mine, single, rel_tol=1e-12, abs_tol=1e-14)
        assert math.isclose(theirs, single, rel_tol=1e-12, abs_tol=1e-14)


def test_the_sums_are_a_plain_enumeration_of_the_multisets() -> None:
    """Every multiset's ordered ways counted one by one, in fractions: the batch sums
    are those fractions rounded, to a few units in the last place."""
    shoe = [17, 3, 5, 0, 9, 2, 4, 6, 1, 8]
    tables = sequence_tables()
    outcome = tables.outcome_counts.tolist()
    numerators = [0, 0, 0]
    for column, multiset in enumerate(tables.multisets.tolist()):
        ways = 1
        for value in set(multiset):
            ways *= math.perm(shoe[value], multiset.count(value))
        for row in range(3):
            numerators[row] += outcome[row][column] * ways
    total = math.perm(sum(shoe), 6)
    sums = batchsums.batch_sums(np.array([shoe]), batchsums.outcome_rows())[0]
    for mine, numerator in zip(sums.tolist(), numerators, strict=True):
        assert abs(Fraction(mine) - Fraction(numerator, total)) <= 4 * 2.0**-53
