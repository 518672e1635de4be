"""Card values in Casino, and the arithmetic of sets and builds.

Kings are 13, queens 12, jacks 11, other cards their face value, and an ace is 1 or 14,
whichever the player needs. The numbers work out so that the choice only matters for an
ace on its own: inside a set or a build of two or more cards (worth at most 14) every ace
must count 1. So a card has a *value* (:func:`card_value`, the ace 14: what it captures,
and what it is worth as the card kept to capture a build) and a *low value*
(:func:`low_value`, the ace 1: what it adds to a sum).

>>> from croupier.cards import parse_cards
>>> king, ace, five = parse_cards("CK HA S5")
>>> card_value(king), card_value(ace), low_value(ace), values_of(ace)
(13, 14, 1, (1, 14))
>>> group_values(parse_cards("CK HA")), group_values(parse_cards("HA"))
((14,), (1, 14))
>>> split_capture(parse_cards("CK HA SA"), 14)      # an ace as 14 takes K+A and an ace
((Card('Kc'), Card('Ah')), (Card('As'),))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from croupier.cards import DECK, Card, Rank

__all__ = [
    "CARD_VALUE",
    "LOW_VALUE",
    "MAX_VALUE",
    "card_value",
    "counts_as",
    "group_values",
    "low_value",
    "split_capture",
    "values_of",
]

#: The highest value a capture or a build can have (an ace played as 14).
MAX_VALUE: Final = 14

#: Value of each card by card number (``card.index``), the ace as 14.
CARD_VALUE: Final[tuple[int, ...]] = tuple(int(card.rank) for card in DECK)

#: Value of each card by card number when it is part of a sum, the ace as 1.
LOW_VALUE: Final[tuple[int, ...]] = tuple(
    1 if card.rank is Rank.ACE else int(card.rank) for card in DECK
)


def card_value(card: Card) -> int:
    """The card's value on its own: 2-10, J 11, Q 12, K 13, and the ace as 14.

    This is what the card captures when played, and what it is worth when kept in hand
    to capture a build later.

    >>> from croupier.cards import Card
    >>> card_value(Card.parse("HJ")), card_value(Card.parse("SA"))
    (11, 14)
    """
    return CARD_VALUE[card.index]


def low_value(card: Card) -> int:
    """The card's value inside a sum of two or more cards: the ace counts 1.

    >>> from croupier.cards import Card
    >>> low_value(Card.parse("SA")), low_value(Card.parse("D7"))
    (1, 7)
    """
    return LOW_VALUE[card.index]


def values_of(card: Card) -> tuple[int, ...]:
    """Every value the card can take: ``(1, 14)`` for an ace, one value otherwise."""
    low, value = LOW_VALUE[card.index], CARD_VALUE[card.index]
    return (low, value) if low != value else (value,)


def counts_as(card: Card, value: int) -> bool:
    """True if the card on its own can count as ``value`` (an ace counts as 1 or 14).

    >>> from croupier.cards import Card
    >>> ace, nine = Card.parse("SA"), Card.parse("S9")
    >>> counts_as(ace, 14), counts_as(ace, 1), counts_as(nine, 14)
    (True, True, False)
    """
    return value in values_of(card)


def group_values(cards: Sequence[Card]) -> tuple[int, ...]:
    """Every total from 1 to 14 the cards can make together, each ace as 1 or 14.

    One card gives its values; two or more give one total at most (their low sum), since
    any ace counted as 14 would push the total past 14. An empty tuple: no legal total.

    >>> from croupier.cards import parse_cards
    >>> group_values(parse_cards("C6 S3")), group_values(parse_cards("CK D5"))
    ((9,), ())
    """
    if len(cards) == 1:
        return values_of(cards[0])
    total = sum(LOW_VALUE[card.index] for card in cards)
    return (total,) if total <= MAX_VALUE else ()


def split_capture(cards: Sequence[Card], value: int) -> tuple[tuple[Card, ...], ...] | None:
    """Split loose cards into capture groups for a card of ``value``, or ``None`` if none exists.

    A group is one card of that value or a set of two or more cards that sum to it
    (aces counting 1 in a set). Single cards are preferred where there is a choice.

    >>> from croupier.cards import parse_cards
    >>> split_capture(parse_cards("H5 C2 D3"), 5)
    ((Card('5h'),), (Card('2c'), Card('3d')))
    >>> split_capture(parse_cards("H5 C2"), 5) is None
    True
    """
    if not cards:
        return ()
    first, rest = cards[0], cards[1:]
    if value in (CARD_VALUE[first.index], LOW_VALUE[first.index]):
        tail = split_capture(rest, value)
        if tail is not None:
            return ((first,), *tail)
    need = value - LOW_VALUE[first.index]
    for partners in _subsets_summing(rest, need):
        remaining = [card for card in rest if card not in partners]
        tail = split_capture(remaining, value)
        if tail is not None:
            return ((first, *partners), *tail)
    return None


def _subsets_summing(cards: Sequence[Card], total: int) -> list[tuple[Card, ...]]:
    """Every non-empty subset of ``cards`` (in order) whose low values sum to ``total``."""
    if total <= 0:
        return []
    found: list[tuple[Card, ...]] = []
    for i, card in enumerate(cards):
        low = LOW_VALUE[card.index]
        if low == total:
            found.append((card,))
        elif low < total:
            found.extend((card, *more) for more in _subsets_summing(cards[i + 1 :], total - low))
    return found
