"""The equivalence classes of five-card hands in every game, numbered from the strongest,
and their words.

Two five-card hands are equally strong when they have the same category and the same
ranks in order of significance; suits only matter for flushes. A game's classes are
listed from its rules (:mod:`croupier.poker.games`: its ranks, its lowest straight and
its order of the categories), category by category in the game's order, each category's
hands from the strongest, and numbered from 1; they are derived, never typed in.

Hold'em and Omaha have the 7,462 classes of the field, from 1 (a royal flush) to 7,462
(7-5-4-3-2 unsuited): the numbering of Cactus Kev's evaluator, treys and phevaluator.
Short-deck has fewer ranks (6 to ace), another lowest straight (9-8-7-6-A) and another
order of the categories: 1,404 classes. Hold'em's numbering is also kept in constants
(:data:`CLASS_COUNT`, :data:`PATTERNS`...) for its fast paths.

>>> CLASS_COUNT, category_of(1), pattern_of(1)
(7462, <HandCategory.STRAIGHT_FLUSH: 9>, (14, 13, 12, 11, 10))
>>> category_of(7462), pattern_of(7462)
(<HandCategory.HIGH_CARD: 1>, (7, 5, 4, 3, 2))
>>> [CATEGORY_FIRST_CLASS[c] for c in (HandCategory.FULL_HOUSE, HandCategory.PAIR)]
[167, 3326]
>>> short = classes_of("shortdeck")
>>> short.count, short.category_of(1), short.describe(short.unsuited[(9, 8, 7, 6, 14)])
(1404, <HandCategory.STRAIGHT_FLUSH: 9>, 'straight, 9 high')
>>> classes_of("omaha").count
7462

A *pattern* is the five ranks in order of significance (the n-of-a-kind first, then
the second pair, then the kickers; an ace-low straight is ``(5, 4, 3, 2, 14)``).
"""

from __future__ import annotations

import functools
import itertools
from bisect import bisect_right
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from croupier.arguments import checked
from croupier.cards import Rank
from croupier.poker.errors import PokerError
from croupier.poker.games import Game, HandCategory, Variant, variant_of

__all__ = [
    "CATEGORIES",
    "CATEGORY_FIRST_CLASS",
    "CLASS_COUNT",
    "PATTERNS",
    "STRAIGHTS",
    "SUITED_CLASS",
    "UNSUITED_CLASS",
    "GameClasses",
    "HandCategory",
    "Pattern",
    "best_suited",
    "best_unsuited",
    "category_of",
    "classes_of",
    "describe",
    "describe_pattern",
    "detail_of",
    "pattern_of",
    "pattern_shape",
    "without_category",
]

Pattern = tuple[int, ...]


def _patterns(variant: Variant) -> dict[HandCategory, Callable[[], Iterator[Pattern]]]:
    """Each category's patterns in a game, strongest first."""
    ranks = variant.ranks
    straights = variant.straights
    runs = frozenset(sum(1 << r for r in s) for s in straights)  # as sets of rank bits

    def others(*used: int) -> tuple[int, ...]:
        return tuple(r for r in ranks if r not in used)

    def distinct() -> Iterator[Pattern]:
        combinations = itertools.combinations(ranks, 5)
        return (c for c in combinations if sum(1 << r for r in c) not in runs)

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
class GameClasses:
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
def _classes(game: Game) -> GameClasses:
    variant = variant_of(game)
    by_category = _patterns(variant)
    shapes: list[tuple[HandCategory, Pattern]] = [(HandCategory.STRAIGHT_FLUSH, ())]
    for category in variant.order:
        shapes.extend((category, pattern) for pattern in by_category[category]())
    numbered = list(enumerate(shapes))[1:]
    suited = {category: category.is_suited for category in HandCategory}  # read once each
    return GameClasses(
        variant,
        tuple(shapes),
        MappingProxyType({p: n for n, (c, p) in numbered if not suited[c]}),
        MappingProxyType({p: n for n, (c, p) in numbered if suited[c]}),
    )


def classes_of(game: Game | str | Variant) -> GameClasses:
    """The classes of a game (built once)."""
    return _classes(variant_of(game).game)


# --- hold'em's numbering, for its fast paths ---------------------------------------------

_HOLDEM: Final = classes_of(Game.HOLDEM)

#: How many classes hold'em has: 7,462.
CLASS_COUNT: Final = _HOLDEM.count
#: The ten straights, best first, as patterns (the wheel last, ace low: 5 4 3 2 A).
STRAIGHTS: Final[tuple[Pattern, ...]] = _HOLDEM.variant.straights
#: The number of the best class of each category (straight flush 1 ... high card 6,186).
CATEGORY_FIRST_CLASS: Final[Mapping[HandCategory, int]] = MappingProxyType(
    {category: n for n, (category, _) in reversed(list(enumerate(_HOLDEM.shapes))) if n}
)
#: Class of each pattern of an unsuited category (everything but flushes).
UNSUITED_CLASS: Final = _HOLDEM.unsuited
#: Class of each pattern of five cards of one suit (flushes and straight flushes).
SUITED_CLASS: Final = _HOLDEM.suited
#: The category of every class number, by number (0, no class, holds ``HIGH_CARD``).
CATEGORIES: Final[tuple[HandCategory, ...]] = (
    HandCategory.HIGH_CARD,
    *(category for category, _ in _HOLDEM.shapes[1:]),
)
#: The pattern of every class number, by number (0, no class, holds ``()``).
PATTERNS: Final[tuple[Pattern, ...]] = tuple(pattern for _, pattern in _HOLDEM.shapes)

_BOUNDS: Final = sorted((first, category) for category, first in CATEGORY_FIRST_CLASS.items())
_BOUND_NUMBERS: Final = [first for first, _ in _BOUNDS]


def _check(class_number: int) -> int:
    if not 1 <= class_number <= CLASS_COUNT:
        raise PokerError(f"bad class number {class_number}: expected 1 to {CLASS_COUNT}")
    return class_number


@checked
def category_of(class_number: int) -> HandCategory:
    """The category of a hold'em class number (1 to 7,462).

    >>> category_of(10), category_of(11), category_of(1600)
    (<HandCategory.STRAIGHT_FLUSH: 9>, <HandCategory.FOUR_OF_A_KIND: 8>, <HandCategory.STRAIGHT: 5>)
    """
    return _BOUNDS[bisect_right(_BOUND_NUMBERS, _check(class_number)) - 1][1]


def pattern_of(class_number: int) -> Pattern:
    """The five ranks (2 to 14) of a hold'em class in order of significance.

    >>> pattern_of(167), pattern_of(10)
    ((14, 14, 14, 13, 13), (5, 4, 3, 2, 14))
    """
    return PATTERNS[_check(class_number)]


def best_suited(ranks: Collection[int], straights: Sequence[Pattern] = STRAIGHTS) -> Pattern:
    """The best hand among 5 or more distinct ranks of one suit: the highest of
    ``straights`` (a game's, hold'em's by default) they hold, a straight flush, or else
    their five highest (a flush). Every game ranks a straight flush above any flush.

    >>> best_suited({14, 2, 3, 4, 5, 9}), best_suited([13, 9, 7, 5, 3, 2])
    ((5, 4, 3, 2, 14), (13, 9, 7, 5, 3))
    """
    held = set(ranks)
    for straight in straights:
        if held.issuperset(straight):
            return straight
    return tuple(sorted(held, reverse=True)[:5])


def best_unsuited(counts: Sequence[int]) -> Pattern:
    """The best hold'em hand that ignores suits, from ``counts[rank]``, the number of
    cards of each rank (2 to 14), at least 5 cards in all: the direct definition the
    table path is tested against.

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


# --- words ------------------------------------------------------------------------------

_ROYAL: Final = 1


def _plural(rank: int) -> str:
    return Rank(rank).word + "s"


def detail_of(class_number: int) -> str:
    """:func:`describe` less the category it starts with (see
    :attr:`HandRanking.detail <croupier.poker.evaluation.hand.HandRanking.detail>`)."""
    return without_category(describe(class_number), category_of(class_number))


def without_category(words: str, category: HandCategory) -> str:
    """A hand's words less the category they start with: ``kings over 7s`` for
    ``full house, kings over 7s``, ``aces`` for ``pair of aces``."""
    label = category.label
    for joint in (", ", " of "):
        if words.startswith(label + joint):
            return words[len(label + joint) :]
    return words


@checked
@functools.cache  # 7,462 classes at most
def describe(class_number: int) -> str:
    """A hold'em class in words.

    >>> for n in (1, 10, 11, 167, 323, 1609, 2468, 3326, 7462):
    ...     print(n, describe(n))
    1 royal flush
    10 straight flush, 5 high
    11 four of a kind, aces
    167 full house, aces over kings
    323 flush, ace high
    1609 straight, 5 high
    2468 two pair, aces and kings
    3326 pair of aces
    7462 7 high
    """
    if class_number == _ROYAL:
        return "royal flush"
    return describe_pattern(category_of(class_number), pattern_of(class_number))


def describe_pattern(category: HandCategory, pattern: tuple[int, ...]) -> str:
    """A hand in words from its category and its ranks in order of significance (what
    :func:`describe` says of a class, the royal flush aside).

    >>> describe_pattern(HandCategory.STRAIGHT, (9, 8, 7, 6, 14))
    'straight, 9 high'
    """
    first, high = pattern[0], Rank(pattern[0]).word
    if category in (HandCategory.STRAIGHT_FLUSH, HandCategory.STRAIGHT, HandCategory.FLUSH):
        return f"{category.label}, {high} high"
    if category is HandCategory.FOUR_OF_A_KIND:
        return f"four of a kind, {_plural(first)}"
    if category is HandCategory.FULL_HOUSE:
        return f"full house, {_plural(first)} over {_plural(pattern[3])}"
    if category is HandCategory.THREE_OF_A_KIND:
        return f"three of a kind, {_plural(first)}"
    if category is HandCategory.TWO_PAIR:
        return f"two pair, {_plural(first)} and {_plural(pattern[2])}"
    if category is HandCategory.PAIR:
        return f"pair of {_plural(first)}"
    return f"{high} high"
