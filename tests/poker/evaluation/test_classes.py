"""The 7,462 classes: counts per category, boundaries, and treys' numbering, class by class."""

from __future__ import annotations

from collections import Counter

import pytest

from croupier.cards import Card, Rank, Suit
from croupier.poker import HandCategory, PokerError, category_of, evaluate
from croupier.poker.evaluation.classes import (
    CATEGORY_FIRST_CLASS,
    CLASS_COUNT,
    STRAIGHTS,
    SUITED_CLASS,
    UNSUITED_CLASS,
    best_suited,
    best_unsuited,
    pattern_of,
)

from ..reference import treys_class

# Published: distinct five-card hands of each category.
CLASSES_PER_CATEGORY = {
    HandCategory.STRAIGHT_FLUSH: 10,
    HandCategory.FOUR_OF_A_KIND: 156,
    HandCategory.FULL_HOUSE: 156,
    HandCategory.FLUSH: 1277,
    HandCategory.STRAIGHT: 10,
    HandCategory.THREE_OF_A_KIND: 858,
    HandCategory.TWO_PAIR: 858,
    HandCategory.PAIR: 2860,
    HandCategory.HIGH_CARD: 1277,
}


def representative(class_number: int) -> tuple[Card, ...]:
    """Five cards of the class: one suit for flushes, mixed suits otherwise."""
    pattern = pattern_of(class_number)
    if category_of(class_number).is_suited:
        return tuple(Card(Rank(r), Suit.SPADES) for r in pattern)
    if len(set(pattern)) == 5:
        return tuple(Card(Rank(r), Suit(i % 4)) for i, r in enumerate(pattern))
    seen: Counter[int] = Counter()
    cards = []
    for r in pattern:
        cards.append(Card(Rank(r), Suit(seen[r])))
        seen[r] += 1
    return tuple(cards)


def test_there_are_7462_classes_split_as_published() -> None:
    assert CLASS_COUNT == 7462
    counts = Counter(category_of(n) for n in range(1, CLASS_COUNT + 1))
    assert counts == CLASSES_PER_CATEGORY
    assert len(SUITED_CLASS) == 10 + 1277
    assert len(UNSUITED_CLASS) == 7462 - 1287


def test_category_boundaries() -> None:
    assert dict(CATEGORY_FIRST_CLASS) == {
        HandCategory.STRAIGHT_FLUSH: 1,
        HandCategory.FOUR_OF_A_KIND: 11,
        HandCategory.FULL_HOUSE: 167,
        HandCategory.FLUSH: 323,
        HandCategory.STRAIGHT: 1600,
        HandCategory.THREE_OF_A_KIND: 1610,
        HandCategory.TWO_PAIR: 2468,
        HandCategory.PAIR: 3326,
        HandCategory.HIGH_CARD: 6186,
    }


def test_every_class_has_treys_number_and_evaluates_back() -> None:
    for n in range(1, CLASS_COUNT + 1):
        cards = representative(n)
        assert treys_class(cards) == n, (n, cards)
        ranking = evaluate(cards)
        assert ranking.class_number == n
        assert [int(r) for r in ranking.ranks] == list(pattern_of(n))
        assert [int(c.rank) for c in ranking.cards] == list(pattern_of(n))


def test_the_ends_of_the_numbering() -> None:
    assert pattern_of(1) == (14, 13, 12, 11, 10)
    assert pattern_of(10) == (5, 4, 3, 2, 14)
    assert pattern_of(7462) == (7, 5, 4, 3, 2)
    assert category_of(7462) is HandCategory.HIGH_CARD


@pytest.mark.parametrize("bad", [0, 7463, -1])
def test_bad_class_numbers_are_refused(bad: int) -> None:
    with pytest.raises(PokerError, match=f"bad class number {bad}: expected 1 to 7462"):
        category_of(bad)
    with pytest.raises(PokerError):
        pattern_of(bad)


def test_categories_order_and_labels() -> None:
    assert sorted(HandCategory) == list(HandCategory)
    assert HandCategory.STRAIGHT_FLUSH > HandCategory.FOUR_OF_A_KIND > HandCategory.HIGH_CARD
    assert [c.label for c in HandCategory][:3] == ["high card", "pair", "two pair"]
    assert {c for c in HandCategory if c.is_suited} == {
        HandCategory.FLUSH,
        HandCategory.STRAIGHT_FLUSH,
    }


def test_straights_run_high_to_low_with_the_wheel_last() -> None:
    assert STRAIGHTS[0] == (14, 13, 12, 11, 10)
    assert STRAIGHTS[-1] == (5, 4, 3, 2, 14)
    assert len(STRAIGHTS) == 10


def test_best_suited_picks_the_highest_straight_then_the_top_five() -> None:
    assert best_suited(range(2, 15)) == (14, 13, 12, 11, 10)
    assert best_suited([14, 13, 5, 4, 3, 2]) == (5, 4, 3, 2, 14)
    assert best_suited([14, 13, 12, 11, 10, 5, 4, 3, 2]) == (14, 13, 12, 11, 10)
    assert best_suited([14, 12, 9, 7, 4, 2]) == (14, 12, 9, 7, 4)


def counts_of(*ranks: int) -> list[int]:
    counts = [0] * 15
    for r in ranks:
        counts[r] += 1
    return counts


@pytest.mark.parametrize(
    ("ranks", "pattern"),
    [
        ((9, 9, 9, 9, 14, 14, 14), (9, 9, 9, 9, 14)),
        ((9, 9, 9, 13, 13, 12, 12), (9, 9, 9, 13, 13)),
        ((9, 9, 9, 13, 13, 13, 2), (13, 13, 13, 9, 9)),
        ((14, 14, 13, 13, 12, 11, 10), (14, 13, 12, 11, 10)),
        ((14, 13, 5, 4, 3, 2, 2), (5, 4, 3, 2, 14)),
        ((6, 5, 4, 3, 2, 14, 14), (6, 5, 4, 3, 2)),
        ((8, 8, 8, 14, 2, 3, 12), (8, 8, 8, 14, 12)),
        ((8, 8, 5, 5, 3, 3, 2), (8, 8, 5, 5, 3)),
        ((8, 8, 14, 9, 3, 4, 6), (8, 8, 14, 9, 6)),
        ((2, 4, 6, 8, 10, 12, 13), (13, 12, 10, 8, 6)),
        # ace-high and ace-low straights together (9 cards, against seed 001's assumption)
        ((14, 13, 12, 11, 10, 5, 4, 3, 2), (14, 13, 12, 11, 10)),
    ],
)
def test_best_unsuited(ranks: tuple[int, ...], pattern: tuple[int, ...]) -> None:
    assert best_unsuited(counts_of(*ranks)) == pattern
