"""Lookup tables against the direct evaluation of ranks, and brute force for flushes."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from croupier.poker.errors import PokerError
from croupier.poker.evaluation.classes import SUITED_CLASS, UNSUITED_CLASS, best_unsuited
from croupier.poker.evaluation.keys import RANK_KEYS
from croupier.poker.evaluation.tables import (
    flush_table,
    rank_multisets,
    rank_table,
    rank_table_dict,
)


@pytest.mark.parametrize(("size", "count"), [(5, 6175), (6, 18395), (7, 49205)])
def test_rank_tables_agree_with_direct_evaluation(size: int, count: int) -> None:
    table = rank_table(size)
    assert table.dtype == np.uint16 and not table.flags.writeable
    multisets = rank_multisets(size)
    assert len(multisets) == count
    as_dict = rank_table_dict(size)
    assert len(as_dict) == count
    for row in multisets.tolist():
        counts = [0] * 15
        for r in row:
            counts[r + 2] += 1
        expected = UNSUITED_CLASS[best_unsuited(counts)]
        total = sum(RANK_KEYS[r] for r in row)
        assert table[total] == expected == as_dict[total], row
    assert np.count_nonzero(table) == count  # nothing else is filled


def test_the_flush_table_is_the_best_five_of_a_suit_by_brute_force() -> None:
    table = flush_table()
    assert table.shape == (8192,) and table.dtype == np.uint16
    for mask in range(1 << 13):
        ranks = [r for r in range(2, 15) if mask >> (r - 2) & 1]
        if len(ranks) < 5:
            assert table[mask] == 0
            continue
        best = min(SUITED_CLASS[_pattern(five)] for five in itertools.combinations(ranks, 5))
        assert table[mask] == best, ranks


def _pattern(five: tuple[int, ...]) -> tuple[int, ...]:
    ordered = tuple(sorted(five, reverse=True))
    return (5, 4, 3, 2, 14) if ordered == (14, 5, 4, 3, 2) else ordered


@pytest.mark.parametrize("size", [4, 8])
def test_tables_exist_for_5_to_7_cards_only(size: int) -> None:
    with pytest.raises(PokerError, match=f"bad hand size {size}: the tables cover 5 to 7"):
        rank_table(size)
