"""What cards are worth to a strategy, read from the scoring table.

:data:`CARD_POINTS` gives each card's points from the per-card items of
:data:`~croupier.casino.scoring.SCORING` (aces 1, the 10 of diamonds 2, the 2 of spades
1); the majority items (most cards, most spades) are kept as card masks and points, so a
change to the scoring table changes every strategy with it.

>>> from croupier.casino import Move
>>> gain(Move.parse("capture SX DX"))
Gain(points=2, cards=2, spades=1)
>>> gain(Move.parse("build C5 D4"))
Gain(points=0, cards=0, spades=0)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, NamedTuple

from croupier.cards import DECK, Card, Suit
from croupier.casino.moves import Action, Move
from croupier.casino.scoring import SCORING, ScoreKind

__all__ = [
    "CARD_POINTS",
    "CARD_SORT",
    "IS_SPADE",
    "MAJORITIES",
    "Gain",
    "Majority",
    "gain",
    "move_kind",
    "points_of",
]


class Majority(NamedTuple):
    """A majority item: its points and, by card number, whether a card counts for it."""

    name: str
    points: int
    counts: tuple[bool, ...]


#: Points each card scores on its own (per-card items), by card number.
CARD_POINTS: Final[tuple[int, ...]] = tuple(
    sum(item.points for item in SCORING if item.kind is ScoreKind.PER_CARD and card in item.cards)
    for card in DECK
)

#: The majority items (most cards, most spades).
MAJORITIES: Final[tuple[Majority, ...]] = tuple(
    Majority(item.name, item.points, tuple(card in item.cards for card in DECK))
    for item in SCORING
    if item.kind is ScoreKind.MAJORITY
)

#: Whether each card, by number, is a spade.
IS_SPADE: Final[tuple[bool, ...]] = tuple(card.suit is Suit.SPADES for card in DECK)


#: Each card's *sort* by card number: cards of one sort (the same rank, and both spades or
#: both not, with the same points) play and score alike, so swapping them changes nothing.
CARD_SORT: Final[tuple[int, ...]] = tuple(
    int(card.rank) * 8 + 2 * IS_SPADE[card.index] + (CARD_POINTS[card.index] > 0) for card in DECK
)


def move_kind(move: Move) -> tuple[object, ...]:
    """Moves of one kind differ only by cards of the same sort (see :data:`CARD_SORT`):
    they leave positions that are the same up to swapping those cards, and are worth the
    same.

    >>> move_kind(Move.parse("capture DJ D5 S6")) == move_kind(Move.parse("capture HJ H5 S6"))
    True
    >>> move_kind(Move.parse("capture DJ D5 S6")) == move_kind(Move.parse("capture SJ H5 S6"))
    False
    """
    sort = CARD_SORT
    return (
        move.action,
        sort[move.card.index],
        tuple(sorted(sort[card.index] for card in move.loose)),
        move.builds,
    )


class Gain(NamedTuple):
    """What a move puts in its player's pile now: card points, cards, spades."""

    points: int
    cards: int
    spades: int


def points_of(cards: Iterable[Card]) -> int:
    """The per-card points of ``cards`` (aces, the 10 of diamonds, the 2 of spades)."""
    return sum(CARD_POINTS[card.index] for card in cards)


def gain(move: Move) -> Gain:
    """What ``move`` captures, the card played included; nothing unless it is a capture."""
    if move.action is not Action.CAPTURE:
        return Gain(0, 0, 0)
    cards = (move.card, *move.taken)
    return Gain(points_of(cards), len(cards), sum(IS_SPADE[card.index] for card in cards))
