"""The enumeration of every six-value sequence, against the plain reference rules."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from croupier.baccarat.enumeration import (
    CLASS_COUNT,
    ROUND_CLASSES,
    class_id,
    multiset_levels,
    sequence_tables,
)
from croupier.baccarat.rules import Outcome

from .reference import reference_round

POWERS = [10**k for k in range(5, -1, -1)]


def key_of(values: list[int]) -> int:
    return sum(v * p for v, p in zip(values, POWERS, strict=True))


@given(st.lists(st.integers(0, 9), min_size=6, max_size=6))
def test_every_sequence_is_labelled_as_the_reference_deals_it(values: list[int]) -> None:
    player, banker = reference_round(values)
    expected = class_id(sum(player) % 10, sum(banker) % 10, len(player), len(banker))
    assert sequence_tables().class_of[key_of(values)] == expected


def test_a_large_sample_of_sequences() -> None:
    rng = np.random.default_rng(12)
    tables = sequence_tables()
    for values in rng.integers(0, 10, size=(20_000, 6)).tolist():
        player, banker = reference_round(values)
        expected = class_id(sum(player) % 10, sum(banker) % 10, len(player), len(banker))
        assert tables.class_of[key_of(values)] == expected


def test_classes() -> None:
    assert len(ROUND_CLASSES) == CLASS_COUNT == 400
    assert all(
        class_id(c.player_total, c.banker_total, c.player_cards, c.banker_cards) == i
        for i, c in enumerate(ROUND_CLASSES)
    )
    natural = ROUND_CLASSES[class_id(9, 3, 2, 2)]
    assert natural.natural and natural.outcome is Outcome.PLAYER and natural.cards_used == 4
    assert not ROUND_CLASSES[class_id(7, 6, 2, 2)].natural
    assert not ROUND_CLASSES[class_id(9, 3, 3, 2)].natural


def test_multisets_group_the_sequences() -> None:
    tables = sequence_tables()
    assert tables.multisets.shape == (5005, 6)
    assert math.comb(15, 6) == 5005
    # every multiset holds exactly its number of orderings
    per_multiset = np.bincount(tables.multiset_of, minlength=5005)
    for row, count in zip(tables.multisets.tolist(), per_multiset.tolist(), strict=True):
        multiplicities = Counter(row).values()
        assert count == math.factorial(6) // math.prod(math.factorial(k) for k in multiplicities)
    assert tables.counts.sum() == 10**6
    assert tables.outcome_counts.sum(axis=0).tolist() == tables.counts.sum(axis=0).tolist()


def test_multiset_levels_rebuild_the_six_card_multisets() -> None:
    levels = multiset_levels()
    expected = list(itertools.combinations_with_replacement(range(10), 6))
    # walking up the parents from level 6 recovers each multiset's values
    for index, values in enumerate(expected[::97]):
        i = index * 97
        walked = []
        for size in range(6, 0, -1):
            walked.append(int(levels.last[size][i]) // 6)
            i = int(levels.parents[size][i]) if size > 1 else i
        assert tuple(reversed(walked)) == values
