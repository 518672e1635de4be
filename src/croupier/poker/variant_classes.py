"""The classes of five-card hands in each game, numbered from the strongest.

Hold'em and Omaha rank hands the same way: their classes are the 7,462 of
:mod:`croupier.poker.classes`. Short-deck has fewer ranks (6 to ace), another lowest
straight (9-8-7-6-A) and another order of categories, so its own classes: 1,404 of them,
listed here from the variant's rules (:mod:`croupier.poker.variants`), category by
category in the game's order, each category's hands from the strongest.

>>> from croupier.poker.variants import Game
>>> short = classes_of(Game.SHORTDECK)
>>> short.count, short.category_of(1), short.pattern_of(1)
(1404, <HandCategory.STRAIGHT_FLUSH: 9>, (14, 13, 12, 11, 10))
>>> short.describe(short.unsuited[(9, 8, 7, 6, 14)])
'straight, 9 high'
>>> classes_of(Game.OMAHA).count
7462
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from croupier.poker.classes import HandCategory
from croupier.poker.errors import PokerError
from croupier.poker.hand import describe_pattern
from croupier.poker.variants import Game, Variant, variant_of

__all__ = ["VariantClasses", "classes_of", "pattern_shape"]

Pattern = tuple[int, ...]


def _patterns(variant: Variant) -> dict[HandCategory, Callable[[], Iterator[Pattern]]]:
    """Each category's patterns in the game, strongest first."""
    ranks = variant.ranks
    straights = variant.straights
    runs = frozenset(frozenset(s) for s in straights)

    def others(*used: int) -> tuple[int, ...]:
        return tuple(r for r in ranks if r not in used)

    def distinct() -> Iterator[Pattern]:
        return (c for c in itertools.combinations(ranks, 5) if frozenset(c) not in runs)

    def quads() -> Iterator[Pattern]:
        return ((q, q, q, q, k) for q in ranks for k in others(q))

    def full_houses() -> Iterator[Pattern]:
        return ((t, t, t, p, p) for t in ranks for p in others(t))

    def trips() -> Iterator[Pattern]:
        return ((t, t, t, *ks) for t in ranks for ks in itertools.combinations(others(t), 2))

    def two_pairs() -> Iterator[Pattern]:
        pairs = itertools.combinations(ranks, 2)
        return ((h, h, lo, lo, k) for h, lo in pairs for k in others(h, lo))

    def pairs() -> Iterator[Pattern]:
        return ((p, p, *ks) for p in ranks for ks in itertools.combinations(others(p), 3))

    return {
        HandCategory.STRAIGHT_FLUSH: lambda: iter(straights),
        HandCategory.FOUR_OF_A_KIND: quads,
        HandCategory.FULL_HOUSE: full_houses,
        HandCategory.FLUSH: distinct,
        HandCategory.STRAIGHT: lambda: iter(straights),
        HandCategory.THREE_OF_A_KIND: trips,
        HandCategory.TWO_PAIR: two_pairs,
        HandCategory.PAIR: pairs,
        HandCategory.HIGH_CARD: distinct,
    }


def pattern_shape(
    ranks: Sequence[int], suited: bool, variant: Variant
) -> tuple[HandCategory, Pattern]:
    """The category and pattern of five cards of a game, from their ranks and whether
    they share a suit: the direct definition, without tables.

    >>> from croupier.poker.variants import variant_of
    >>> pattern_shape([14, 6, 7, 8, 9], False, variant_of("shortdeck"))
    (<HandCategory.STRAIGHT: 5>, (9, 8, 7, 6, 14))
    >>> pattern_shape([14, 6, 7, 8, 9], False, variant_of("holdem"))
    (<HandCategory.HIGH_CARD: 1>, (14, 9, 8, 7, 6))
    """
    counts = {r: ranks.count(r) for r in set(ranks)}
    # n-of-a-kind first, then higher ranks first
    pattern = tuple(sorted(ranks, key=lambda r: (counts[r], r), reverse=True))
    straight = next((s for s in variant.straights if frozenset(s) == frozenset(ranks)), None)
    shape = sorted(counts.values(), reverse=True)
    if straight is not None and len(counts) == 5:
        return (HandCategory.STRAIGHT_FLUSH if suited else HandCategory.STRAIGHT), straight
    if suited:
        return HandCategory.FLUSH, pattern
    by_shape = {
        (4, 1): HandCategory.FOUR_OF_A_KIND,
        (3, 2): HandCategory.FULL_HOUSE,
        (3, 1, 1): HandCategory.THREE_OF_A_KIND,
        (2, 2, 1): HandCategory.TWO_PAIR,
        (2, 1, 1, 1): HandCategory.PAIR,
    }
    return by_shape.get(tuple(shape), HandCategory.HIGH_CARD), pattern


@dataclass(frozen=True, slots=True, eq=False)
class VariantClasses:
    """A game's classes: ``shapes[n]`` is class ``n``'s category and pattern (index 0
    holds a placeholder); ``unsuited`` and ``suited`` number the patterns of hands
    without and with five cards of one suit."""

    variant: Variant
    shapes: tuple[tuple[HandCategory, Pattern], ...]
    unsuited: Mapping[Pattern, int]
    suited: Mapping[Pattern, int]

    @property
    def count(self) -> int:
        """How many classes the game has."""
        return len(self.shapes) - 1

    def _check(self, number: int) -> int:
        if not 1 <= number <= self.count:
            raise PokerError(f"bad class number {number}: expected 1 to {self.count}")
        return number

    def category_of(self, number: int) -> HandCategory:
        """The category of class ``number``."""
        return self.shapes[self._check(number)][0]

    def pattern_of(self, number: int) -> Pattern:
        """The five ranks of class ``number``, in order of significance."""
        return self.shapes[self._check(number)][1]

    def describe(self, number: int) -> str:
        """Class ``number`` in words (class 1, the ace-high straight flush, is the royal)."""
        if self._check(number) == 1:
            return "royal flush"
        return describe_pattern(*self.shapes[number])

    def class_of(self, ranks: Sequence[int], suited: bool) -> int:
        """The class of five cards of these ranks, sharing a suit or not."""
        category, pattern = pattern_shape(ranks, suited, self.variant)
        table = self.suited if category.is_suited else self.unsuited
        return table[pattern]


@functools.cache
def _classes(game: Game) -> VariantClasses:
    variant = variant_of(game)
    by_category = _patterns(variant)
    shapes: list[tuple[HandCategory, Pattern]] = [(HandCategory.STRAIGHT_FLUSH, ())]
    for category in variant.order:
        shapes.extend((category, pattern) for pattern in by_category[category]())
    numbered = list(enumerate(shapes))[1:]
    return VariantClasses(
        variant,
        tuple(shapes),
        MappingProxyType({p: n for n, (c, p) in numbered if not c.is_suited}),
        MappingProxyType({p: n for n, (c, p) in numbered if c.is_suited}),
    )


def classes_of(game: Game | str | Variant) -> VariantClasses:
    """The classes of a game (built once)."""
    return _classes(variant_of(game).game)
