"""The 7,462 equivalence classes of five-card poker hands, numbered as the field does.

Two five-card hands are equally strong when they have the same category and the same
ranks in order of significance; suits only matter for flushes. There are 7,462 such
classes. The class number runs from 1 (a royal flush) to 7,462 (7-5-4-3-2 unsuited),
the numbering of Cactus Kev's evaluator and of treys and phevaluator. It is derived
here by listing every class from strongest to weakest, never typed in:

>>> CLASS_COUNT, category_of(1), pattern_of(1)
(7462, <HandCategory.STRAIGHT_FLUSH: 9>, (14, 13, 12, 11, 10))
>>> category_of(7462), pattern_of(7462)
(<HandCategory.HIGH_CARD: 1>, (7, 5, 4, 3, 2))
>>> [CATEGORY_FIRST_CLASS[c] for c in (HandCategory.FULL_HOUSE, HandCategory.PAIR)]
[167, 3326]

A *pattern* is the five ranks in order of significance (the n-of-a-kind first, then
the second pair, then the kickers; an ace-low straight is ``(5, 4, 3, 2, 14)``).
"""

from __future__ import annotations

import enum
import itertools
from bisect import bisect_right
from collections.abc import Collection, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Final

from croupier.arguments import checked
from croupier.poker.errors import PokerError

__all__ = [
    "CATEGORIES",
    "CATEGORY_FIRST_CLASS",
    "CLASS_COUNT",
    "PATTERNS",
    "STRAIGHTS",
    "SUITED_CLASS",
    "UNSUITED_CLASS",
    "HandCategory",
    "Pattern",
    "best_suited",
    "best_unsuited",
    "category_of",
    "pattern_of",
]

Pattern = tuple[int, ...]


@enum.unique
class HandCategory(enum.IntEnum):
    """The nine categories of poker hands; a stronger category compares greater.

    A royal flush is the best straight flush, not a category of its own.

    >>> HandCategory.FLUSH > HandCategory.STRAIGHT, HandCategory.FULL_HOUSE.label
    (True, 'full house')
    """

    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9

    @property
    def label(self) -> str:
        """The category in words: ``straight flush``, ``two pair``, ``high card``..."""
        return self.name.lower().replace("_", " ")

    @property
    def is_suited(self) -> bool:
        """True for the categories that need five cards of one suit."""
        return self in _SUITED_CATEGORIES


_DESCENDING: Final = tuple(range(14, 1, -1))

#: The ten straights, best first, as patterns (the wheel last, ace low: 5 4 3 2 A).
STRAIGHTS: Final[tuple[Pattern, ...]] = tuple(
    tuple(14 if r == 1 else r for r in range(high, high - 5, -1)) for high in range(14, 4, -1)
)


def _others(*used: int) -> tuple[int, ...]:
    return tuple(r for r in _DESCENDING if r not in used)


_STRAIGHT_SETS: Final = frozenset(frozenset(s) for s in STRAIGHTS)


def _no_straight(ranks: Pattern) -> bool:
    return frozenset(ranks) not in _STRAIGHT_SETS


def _classes_by_strength() -> Iterator[tuple[HandCategory, Pattern]]:
    """Every class once, strongest first: the definition of the numbering."""
    five_distinct = [c for c in itertools.combinations(_DESCENDING, 5) if _no_straight(c)]
    for pattern in STRAIGHTS:
        yield HandCategory.STRAIGHT_FLUSH, pattern
    for quad in _DESCENDING:
        for kicker in _others(quad):
            yield HandCategory.FOUR_OF_A_KIND, (quad,) * 4 + (kicker,)
    for trips in _DESCENDING:
        for pair in _others(trips):
            yield HandCategory.FULL_HOUSE, (trips,) * 3 + (pair,) * 2
    for ranks in five_distinct:
        yield HandCategory.FLUSH, ranks
    for pattern in STRAIGHTS:
        yield HandCategory.STRAIGHT, pattern
    for trips in _DESCENDING:
        for two in itertools.combinations(_others(trips), 2):
            yield HandCategory.THREE_OF_A_KIND, (trips, trips, trips, *two)
    for high, low in itertools.combinations(_DESCENDING, 2):
        for kicker in _others(high, low):
            yield HandCategory.TWO_PAIR, (high, high, low, low, kicker)
    for pair in _DESCENDING:
        for three in itertools.combinations(_others(pair), 3):
            yield HandCategory.PAIR, (pair, pair, *three)
    for ranks in five_distinct:
        yield HandCategory.HIGH_CARD, ranks


_CLASSES: Final = ((HandCategory.STRAIGHT_FLUSH, ()), *_classes_by_strength())

#: How many classes there are: 7,462.
CLASS_COUNT: Final = len(_CLASSES) - 1

#: The number of the best class of each category (straight flush 1 ... high card 6,186).
CATEGORY_FIRST_CLASS: Final[Mapping[HandCategory, int]] = MappingProxyType(
    {category: n for n, (category, _) in reversed(list(enumerate(_CLASSES))) if n}
)

_BOUNDS: Final = sorted((first, category) for category, first in CATEGORY_FIRST_CLASS.items())
_BOUND_NUMBERS: Final = [first for first, _ in _BOUNDS]

#: Class of each pattern of an unsuited category (everything but flushes).
_SUITED_CATEGORIES: Final = frozenset((HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH))
UNSUITED_CLASS: Final[Mapping[Pattern, int]] = MappingProxyType(
    {p: n for n, (c, p) in enumerate(_CLASSES) if n and c not in _SUITED_CATEGORIES}
)
#: Class of each pattern of five cards of one suit (flushes and straight flushes).
SUITED_CLASS: Final[Mapping[Pattern, int]] = MappingProxyType(
    {p: n for n, (c, p) in enumerate(_CLASSES) if n and c in _SUITED_CATEGORIES}
)
#: The category of every class number, by number (0, no class, holds ``HIGH_CARD``).
CATEGORIES: Final[tuple[HandCategory, ...]] = (
    HandCategory.HIGH_CARD,
    *(category for category, _ in _CLASSES[1:]),
)
#: The pattern of every class number, by number (0, no class, holds ``()``).
PATTERNS: Final[tuple[Pattern, ...]] = tuple(pattern for _, pattern in _CLASSES)


def _check(class_number: int) -> int:
    if not 1 <= class_number <= CLASS_COUNT:
        raise PokerError(f"bad class number {class_number}: expected 1 to {CLASS_COUNT}")
    return class_number


@checked
def category_of(class_number: int) -> HandCategory:
    """The category of a class number (1 to 7,462).

    >>> category_of(10), category_of(11), category_of(1600)
    (<HandCategory.STRAIGHT_FLUSH: 9>, <HandCategory.FOUR_OF_A_KIND: 8>, <HandCategory.STRAIGHT: 5>)
    """
    return _BOUNDS[bisect_right(_BOUND_NUMBERS, _check(class_number)) - 1][1]


def pattern_of(class_number: int) -> Pattern:
    """The five ranks (2 to 14) of a class in order of significance.

    >>> pattern_of(167), pattern_of(10)
    ((14, 14, 14, 13, 13), (5, 4, 3, 2, 14))
    """
    return _CLASSES[_check(class_number)][1]


def best_suited(ranks: Collection[int]) -> Pattern:
    """The best hand among 5 or more distinct ranks of one suit: the highest straight
    (flush) they hold, or else their five highest (a flush).

    >>> best_suited({14, 2, 3, 4, 5, 9}), best_suited([13, 9, 7, 5, 3, 2])
    ((5, 4, 3, 2, 14), (13, 9, 7, 5, 3))
    """
    held = set(ranks)
    for straight in STRAIGHTS:
        if held.issuperset(straight):
            return straight
    return tuple(sorted(held, reverse=True)[:5])


def best_unsuited(counts: Sequence[int]) -> Pattern:
    """The best hand that ignores suits, from ``counts[rank]``, the number of cards of
    each rank (2 to 14), at least 5 cards in all.

    >>> counts = [0] * 15
    >>> counts[13], counts[7], counts[2] = 3, 2, 2
    >>> best_unsuited(counts)
    (13, 13, 13, 7, 7)
    """
    ranks = [r for r in range(14, 1, -1) if counts[r]]
    groups = {size: [r for r in ranks if counts[r] >= size] for size in (2, 3, 4)}

    def kickers(*used: int, count: int) -> tuple[int, ...]:
        return tuple(r for r in ranks if r not in used)[:count]

    if groups[4]:
        quad = groups[4][0]
        return (quad,) * 4 + kickers(quad, count=1)
    if groups[3]:
        trips = groups[3][0]
        pairs = [r for r in groups[2] if r != trips]
        if pairs:
            return (trips,) * 3 + (pairs[0],) * 2
    for straight in STRAIGHTS:
        if all(counts[r] for r in straight):
            return straight
    if groups[3]:
        trips = groups[3][0]
        return (trips,) * 3 + kickers(trips, count=2)
    if len(groups[2]) >= 2:
        high, low = groups[2][:2]
        return (high, high, low, low, *kickers(high, low, count=1))
    if groups[2]:
        pair = groups[2][0]
        return (pair, pair, *kickers(pair, count=3))
    return tuple(ranks[:5])
