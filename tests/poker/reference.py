"""treys, the peer library of the test extra, as an independent reference."""

from __future__ import annotations

from collections.abc import Sequence

from treys import Card as TreysCard
from treys import Evaluator

from croupier.cards import Card

_EVALUATOR = Evaluator()
_TREYS: dict[Card, int] = {}


def treys_class(cards: Sequence[Card]) -> int:
    """treys' class number (1 royal flush .. 7462) of 5 to 7 cards."""
    ints = []
    for card in cards:
        if card not in _TREYS:
            _TREYS[card] = TreysCard.new(str(card))
        ints.append(_TREYS[card])
    return int(_EVALUATOR.evaluate(ints[:2], ints[2:]))
