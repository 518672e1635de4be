"""Cards as the pages draw them: :class:`~croupier.web.schemas.common.CardView`."""

from __future__ import annotations

from collections.abc import Iterable

from croupier.cards import Card
from croupier.web.schemas.common import CardView

__all__ = ["card_view", "cards_view"]


def card_view(card: Card) -> CardView:
    """A card as the pages draw it, with the words a screen reader says.

    >>> from croupier.cards import Card
    >>> card_view(Card.parse("Th"))
    {'code': 'Th', 'rank': '10', 'suit': '♥', 'red': True, 'name': '10 of hearts'}
    """
    return {
        "code": str(card),
        "rank": card.rank.label,
        "suit": card.suit.symbol,
        "red": card.suit.is_red,
        "name": card.long_name,
    }


def cards_view(cards: Iterable[Card]) -> list[CardView]:
    """Several cards as :func:`card_view` draws them."""
    return [card_view(card) for card in cards]
