"""What is left in a shoe: card counts by baccarat value and, when known, by rank.

The odds engine works from a :class:`Composition`: N full decks, any partly dealt shoe,
or an infinite deck (cards drawn with replacement, each rank with chance 1/13, the model
of the published infinite-deck figures). Counts by value (0 = 10/J/Q/K, 1 = ace, 2-9)
decide every round; counts by rank are also needed for the pair bets, where a pair means
two cards of one rank.

>>> eight = Composition.decks(8)
>>> eight.values, eight.total
((128, 32, 32, 32, 32, 32, 32, 32, 32, 32), 416)
>>> from croupier.cards import parse_ranks
>>> eight.removing(parse_ranks("5 5 9 K")).values
(127, 32, 32, 32, 32, 30, 32, 32, 32, 31)
>>> Composition.from_values([16, 4, 4, 4, 4, 4, 4, 4, 4, 4]).has_ranks
False
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np

from croupier.arguments import checked
from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.rules import POINTS
from croupier.cards import Card, Rank, Shoe, parse_ranks
from croupier.errors import check_type, quoted
from croupier.numerals import a_or_an, is_ascii_whole, plural

__all__ = [
    "MAX_COUNT",
    "MIN_CARDS",
    "RANKS",
    "VALUES",
    "Composition",
    "check_value_counts",
    "parse_counts",
    "parse_value_counts",
]

#: croupier's one order for a vector of card counts (or tags) by value: by the value
#: itself, 0 (10, J, Q, K) to 9 (the index is the value), on the command line, in the
#: library and, labelled by value, in JSON.
VALUES: Final[tuple[int, ...]] = tuple(range(10))

#: The most cards a description names as missing from full decks (``6 decks less ...``).
MAX_NAMED_MISSING: Final = 12

#: A round can take six cards: a shoe must hold at least this many to finish one.
MIN_CARDS: Final = 6

#: The most cards of one value a shoe may hold (value 0: the tens and court cards
#: together), 62.5e12 decks: a shoe that large prices as the infinite deck to about
#: 1e-15, and the bound keeps every sum of counts in NumPy's 64-bit integers and every
#: product of six in floats with a wide margin (counts of 2**62 wrapped a batch row's
#: total, and counts near 1e308 overflowed the float odds).
MAX_COUNT: Final = 10**15

#: croupier's one order for a vector by rank: the order of :class:`~croupier.cards.Rank`,
#: 2, 3, ..., 10, J, Q, K, A, on the command line, in the library and, labelled by rank,
#: in JSON.
RANKS: Final[tuple[Rank, ...]] = tuple(Rank)


def check_value_counts(counts: object, what: str = "counts") -> tuple[int, ...]:
    """Validate 10 card counts by value (0..9): whole numbers, none negative or above
    :data:`MAX_COUNT`, at least 6 in all.

        >>> check_value_counts([16, 4, 4, 4, 4, 4, 4, 4, 4, 4])
        (16, 4, 4, 4, 4, 4, 4, 4, 4, 4)
        >>> check_value_counts([1, 1, 1, 1, 1, 0, 0, 0, 0, 0])
        Traceback (most recent call last):
        ...
        croupier.baccarat.errors.BaccaratError: too few cards in counts: 5 left, a round may need 6
    """
    if isinstance(counts, str) or not isinstance(counts, Sequence | np.ndarray):
        raise BaccaratError(f"bad {what} {counts!r}: expected 10 card counts for values 0 to 9")
    items = list(counts)
    if len(items) != 10:
        raise BaccaratError(
            f"bad {what}: expected 10 card counts for values 0 to 9, got {len(items)}"
        )
    values: list[int] = []
    for value, count in enumerate(items):
        if isinstance(count, bool) or not isinstance(count, int | np.integer):
            raise BaccaratError(
                f"bad count {count!r} for value {value} in {what}: expected a whole number"
            )
        if not 0 <= count <= MAX_COUNT:
            raise BaccaratError(
                f"bad count {int(count)} for value {value} in {what}: expected 0 to {MAX_COUNT:,}"
            )
        values.append(int(count))
    total = sum(values)
    if total < MIN_CARDS:
        raise BaccaratError(f"too few cards in {what}: {total} left, a round may need {MIN_CARDS}")
    return tuple(values)


def _whole_numbers(text: str, what: str) -> list[int]:
    numbers: list[int] = []
    for position, token in enumerate(text.replace(" ", "").split(","), 1):
        if not is_ascii_whole(token):  # ASCII digits only, at most 40 of them
            raise BaccaratError(
                f"bad count {quoted(token)} at position {position}: expected {what}"
            ) from None
        numbers.append(int(token))
    return numbers


@checked
def parse_counts(text: str) -> Composition:
    """A shoe written as 10 counts by value (``c0,...,c9``: 10/J/Q/K, aces, 2, ..., 9) or
    13 counts by rank (``2,3,...,10,J,Q,K,A``), separated by commas: croupier's one order
    for each (:data:`VALUES`, :data:`RANKS`).

    >>> parse_counts("16,4,4,4,4,4,4,4,4,4").has_ranks
    False
    >>> parse_counts("4,4,4,4,4,4,4,4,4,4,4,4,3").rank_count(Rank.ACE)
    3
    """
    what = "10 counts by value (0 to 9) or 13 by rank (2, 3, ..., 10, J, Q, K, A), comma-separated"
    numbers = _whole_numbers(text, what)
    if len(numbers) == 13:
        return Composition.from_ranks(dict(zip(RANKS, numbers, strict=True)))
    if len(numbers) != 10:
        raise BaccaratError(f"bad counts {text!r}: expected {what}, got {len(numbers)} numbers")
    return Composition.from_values(parse_value_counts(text))


@checked
def parse_value_counts(text: str) -> tuple[int, ...]:
    """Ten counts written ``c0,c1,...,c9`` (value 0 = 10/J/Q/K, 1 = aces, ...).

    >>> parse_value_counts("16,4,4,4,4,4,4,4,4,4")
    (16, 4, 4, 4, 4, 4, 4, 4, 4, 4)
    >>> parse_value_counts("16,4,x")
    Traceback (most recent call last):
    ...
    croupier.baccarat.errors.BaccaratError: bad count 'x' at position 3: expected ...
    """
    counts = _whole_numbers(text, "10 whole numbers separated by commas, for values 0 to 9")
    return check_value_counts(counts, repr(text))


@checked
@dataclass(frozen=True, slots=True)
class Composition:
    """Cards left in a shoe by value 0..9, with counts by rank when they are known.

    For an infinite deck the counts are the proportions of one deck and cards are drawn
    with replacement.
    """

    #: Counts by baccarat value: index 0 for 10/J/Q/K, 1 for aces, 2-9 for the rest.
    values: tuple[int, ...]
    #: Counts by rank in the order 2, 3, ..., K, A, or ``None`` when only values are known.
    ranks: tuple[int, ...] | None = None
    #: True for an infinite deck (drawing with replacement).
    infinite: bool = False

    def __post_init__(self) -> None:
        check_value_counts(self.values, "the composition")
        if self.ranks is not None:
            if len(self.ranks) != 13 or any(c < 0 for c in self.ranks):
                raise BaccaratError("bad rank counts: expected 13 counts of 0 or more")
            if _values_of(self.ranks) != self.values:
                raise BaccaratError("rank counts and value counts disagree")

    @classmethod
    @checked
    def decks(cls, decks: int) -> Composition:
        """A full shoe of ``decks`` decks (at most :data:`MAX_COUNT` tens and court cards).

        >>> Composition.decks(10**14)
        Traceback (most recent call last):
        ...
        croupier.baccarat.errors.BaccaratError: bad number of decks 100000000000000: expected ...
        """
        most = MAX_COUNT // 16  # 16 cards of value 0 a deck
        if isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= most:
            raise BaccaratError(f"bad number of decks {decks!r}: expected 1 to {most:,}")
        return cls.from_ranks(dict.fromkeys(RANKS, 4 * decks))

    @classmethod
    def infinite_deck(cls) -> Composition:
        """An infinite deck: every rank has chance 1/13 on every draw (drawn with replacement)."""
        full = cls.decks(1)
        return cls(full.values, full.ranks, infinite=True)

    @classmethod
    @checked
    def from_values(cls, counts: Sequence[int]) -> Composition:
        """Counts by value 0..9 only (pair bets will need counts by rank)."""
        return cls(check_value_counts(counts))

    @classmethod
    @checked
    def from_ranks(cls, counts: Mapping[Rank, int]) -> Composition:
        """Counts by rank; ranks not mentioned count 0."""
        ranks = tuple(int(counts.get(rank, 0)) for rank in RANKS)
        for rank, count in zip(RANKS, ranks, strict=True):
            if not 0 <= count <= MAX_COUNT:
                raise BaccaratError(
                    f"bad count {count} for rank {rank.label}: expected 0 to {MAX_COUNT:,}"
                )
        return cls(_values_of(ranks), ranks)

    @classmethod
    @checked
    def from_shoe(cls, shoe: Shoe) -> Composition:
        """The cards still in ``shoe``."""
        return cls.from_ranks(shoe.counts())

    @property
    def total(self) -> int:
        """Cards left (for an infinite deck: the size of the deck the proportions come from)."""
        return sum(self.values)

    @property
    def has_ranks(self) -> bool:
        """True when counts by rank are known (needed for pair bets)."""
        return self.ranks is not None

    @checked
    def rank_count(self, rank: Rank) -> int:
        """Cards of ``rank`` left."""
        if self.ranks is None:
            raise BaccaratError("this composition only has counts by value, not by rank")
        return self.ranks[RANKS.index(rank)]

    @checked
    def removing(self, cards: Iterable[Card | Rank] | str) -> Composition:
        """The composition after taking out ``cards``: cards or ranks, or their text (read
        by :func:`~croupier.cards.parse_ranks`: ``"5 5 9 K"``, ``"5h 9c"``).

        >>> Composition.decks(1).removing("5 5 9 K").total
        48
        """
        if self.infinite:
            raise BaccaratError("cards cannot be removed from an infinite deck")
        values = list(self.values)
        ranks = list(self.ranks) if self.ranks is not None else None
        if isinstance(cards, str):
            cards = parse_ranks(cards)
        items = check_type(cards, Iterable, "cards", "Cards, Ranks or their text (str)")
        for i, item in enumerate(items):
            check_type(item, (Card, Rank), f"cards[{i}]", "a Card or a Rank")
            rank = item.rank if isinstance(item, Card) else Rank(item)
            value = POINTS[rank]
            if ranks is not None:
                where = RANKS.index(rank)
                if ranks[where] == 0:
                    raise BaccaratError(
                        f"cannot remove {a_or_an(rank.label)}: none left in the shoe"
                    )
                ranks[where] -= 1
            elif values[value] == 0:
                raise BaccaratError(
                    f"cannot remove {a_or_an(rank.label)}: no card of value {value} left"
                )
            values[value] -= 1
        if sum(values) < MIN_CARDS:
            raise BaccaratError(
                f"too few cards after removing: {sum(values)} left, a round may need {MIN_CARDS}"
            )
        return Composition(tuple(values), tuple(ranks) if ranks is not None else None)

    def describe(self) -> str:
        """A short description: ``8 decks``, ``6 decks less 5 5 9 K`` (full decks a few
        cards short: at most :data:`MAX_NAMED_MISSING`, named in rank order),
        ``infinite deck``, ``412 cards``.

        >>> Composition.decks(6).removing("5 5 9 K").describe()
        '6 decks less 5 5 9 K'
        >>> Composition.from_values([16, 4, 4, 4, 4, 4, 4, 4, 4, 3]).describe()
        '51 cards'
        """
        if self.infinite:
            return "infinite deck"
        if self.ranks is None:
            return plural(self.total, "card")
        decks = max(1, *(-(-count // 4) for count in self.ranks))
        if 52 * decks - self.total > MAX_NAMED_MISSING:  # before listing them one by one
            return plural(self.total, "card")
        missing = [
            rank.label
            for rank, count in zip(RANKS, self.ranks, strict=True)
            for _ in range(4 * decks - count)
        ]
        if not missing:
            return plural(decks, "deck")
        if len(missing) <= MAX_NAMED_MISSING:
            return f"{plural(decks, 'deck')} less {' '.join(missing)}"
        return plural(self.total, "card")

    def _repr_html_(self) -> str:
        """The cards left drawn in a notebook (:mod:`croupier.baccarat.display`)."""
        from croupier.baccarat.display import composition_html

        return composition_html(self)

    def to_dict(self) -> dict[str, Any]:
        """The shoe as JSON-ready data: description, cards, counts by value and by rank.

        Every vector is labelled by its keys: counts by value under ``"0"`` (10/J/Q/K) to
        ``"9"``, counts by rank under ``"2"`` to ``"A"``, each in croupier's one order.

        >>> data = Composition.decks(1).to_dict()
        >>> data["description"], data["cards"], data["values"]["0"], data["ranks"]["K"]
        ('1 deck', 52, 16, 4)
        >>> list(data["values"])[:3], list(data["ranks"])[-2:]
        (['0', '1', '2'], ['K', 'A'])
        """
        return {
            "description": self.describe(),
            "infinite": self.infinite,
            "cards": None if self.infinite else self.total,
            "values": {str(value): count for value, count in zip(VALUES, self.values, strict=True)},
            "ranks": None
            if self.ranks is None
            else {rank.label: count for rank, count in zip(RANKS, self.ranks, strict=True)},
        }


def _values_of(ranks: Sequence[int]) -> tuple[int, ...]:
    values = [0] * 10
    for rank, count in zip(RANKS, ranks, strict=True):
        values[POINTS[rank]] += count
    return tuple(values)
