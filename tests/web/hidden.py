"""What a viewer of a Casino table must never be shown, and the check that it is not.

A player may see their own hand, the table, the piles and the moves played; never the
other player's hand nor the deck. A watcher sees no hand. Every form a card takes in the
JSON (its code ``5h``, its Casino notation ``H5``, its name ``5 of hearts``, and the
notation inside a move's text) is looked for in every string of an answer or an event,
but in the last round's summary (a round played out: every card of it is known, and the
next round is dealt from a new deck).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from croupier.cards import Card
from croupier.casino import Player, State

__all__ = ["assert_nothing_hidden", "hidden_cards"]

_WORDS = re.compile(r"[A-Za-z0-9♠♥♦♣]+")


def hidden_cards(state: State, viewer: Player | None) -> set[Card]:
    """The cards ``viewer`` (``None``: a watcher) must not see in ``state``."""
    hidden = set(state.deck)
    for player in Player:
        if player is not viewer:
            hidden.update(state.hand(player))
    return hidden


def _strings(value: Any, skip: frozenset[str]) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                yield str(key)
                yield from _strings(item, skip)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item, skip)


def assert_nothing_hidden(answer: Any, hidden: set[Card]) -> None:
    """Fail if any of ``hidden`` shows anywhere in ``answer`` (a view or an event)."""
    codes = {str(card): card for card in hidden}
    casino = {card.casino: card for card in hidden}
    names = {card.long_name: card for card in hidden}
    for text in _strings(answer, frozenset({"last_round", "id", "path"})):
        assert text not in names, f"{names[text]} shown: {text!r}"
        for word in _WORDS.findall(text):
            found = codes.get(word) or casino.get(word)
            assert found is None, f"{found} shown in {text!r}"
