"""Rich rendering shared by the command groups: cards and hands with coloured suits."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from croupier.cards import Card, CardStyle

__all__ = ["card_text", "cards_text"]

RED = "bold red"
BLACK = "bold"


def card_text(card: Card, style: CardStyle | str = CardStyle.PRETTY) -> Text:
    """One card as Rich text in ``style``, red for hearts and diamonds (plain when not on
    a terminal)."""
    label = CardStyle.parse(style).name_of(card)
    return Text(label, style=RED if card.suit.is_red else BLACK)


def cards_text(
    cards: Iterable[Card], style: CardStyle | str = CardStyle.PRETTY, sep: str = " "
) -> Text:
    """Cards separated by ``sep``, each coloured by suit, in ``style``."""
    parsed = CardStyle.parse(style)
    return Text(sep).join(card_text(card, parsed) for card in cards)
