"""Rank keys: re-derived by the greedy search, and every multiset of ranks kept apart."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from croupier.poker.evaluation.keys import RANK_KEYS, derive_rank_keys, multiset_sums
from croupier.poker.evaluation.tables import (
    CARD_KEYS,
    FLUSH_BITS,
    FLUSH_OFFSET,
    RANK_SHIFT,
    SUIT_MASK,
    rank_multisets,
)


def test_the_keys_are_increasing_with_the_deuce_at_zero() -> None:
    assert len(RANK_KEYS) == 13
    assert RANK_KEYS[0] == 0
    assert all(a < b for a, b in itertools.pairwise(RANK_KEYS))


def test_multisets_of_up_to_7_non_deuce_ranks_have_distinct_sums() -> None:
    sums, sizes = multiset_sums(RANK_KEYS[1:])
    assert len(sums) == 49296  # multisets of at most 7 of 12 ranks, each at most 4 times
    assert len(np.unique(sums)) == len(sums)
    assert sizes.max() == 7


@pytest.mark.parametrize("size", [5, 6, 7])
def test_hands_of_one_size_have_distinct_rank_sums(size: int) -> None:
    multisets = rank_multisets(size)
    assert len({tuple(row) for row in multisets.tolist()}) == len(multisets)
    assert all(np.bincount(row, minlength=13).max() <= 4 for row in multisets)
    sums = np.array(RANK_KEYS)[multisets].sum(axis=1)
    assert len(np.unique(sums)) == len(sums)


def test_the_first_ten_keys_are_rederived() -> None:
    assert derive_rank_keys(10) == RANK_KEYS[:10]


@pytest.mark.slow
def test_the_first_eleven_keys_are_rederived() -> None:
    # All 13 take about a minute: benchmarks/poker_validate.py --keys reruns them.
    assert derive_rank_keys(11) == RANK_KEYS[:11]


def test_a_key_one_lower_would_collide() -> None:
    # The greedy choice is the smallest that works: one less breaks distinctness.
    for count in range(2, 9):
        keys = list(RANK_KEYS[1:count])
        keys[-1] -= 1
        sums, _ = multiset_sums(tuple(keys))
        assert len(np.unique(sums)) < len(sums), count


def test_card_keys_hold_the_rank_key_and_one_suit_count() -> None:
    for index, key in enumerate(CARD_KEYS.tolist()):
        assert key >> RANK_SHIFT == RANK_KEYS[index // 4]
        assert key & SUIT_MASK == 1 << (4 * (index % 4))


@pytest.mark.parametrize("size", [5, 6, 7])
def test_the_flush_bits_fire_exactly_at_five_of_a_suit(size: int) -> None:
    for counts in itertools.product(range(size + 1), repeat=4):
        if sum(counts) != size:
            continue
        total = sum(c << (4 * s) for s, c in enumerate(counts))
        assert bool((total + FLUSH_OFFSET) & FLUSH_BITS) == (max(counts) >= 5), counts
