"""Rich rendering shared by the command groups: cards and hands with coloured suits."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from croupier.cards import Card

__all__ = ["card_text", "cards_text"]

RED = "bold red"
BLACK = "bold"


def card_text(card: Card, notation: str = "pretty") -> Text:
    """One card as Rich text, red for hearts and diamonds (plain when not on a terminal)."""
    label = card.casino if notation == "casino" else card.pretty
    return Text(label, style=RED if card.suit.is_red else BLACK)


def cards_text(cards: Iterable[Card], notation: str = "pretty", sep: str = " ") -> Text:
    """Cards separated by ``sep``, each coloured by suit."""
    return Text(sep).join(card_text(card, notation) for card in cards)
