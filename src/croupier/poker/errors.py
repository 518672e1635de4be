"""Poker's exception family.

A bad or repeated card is a :class:`PokerCardError`: a :class:`PokerError` and a
:class:`croupier.cards.CardError` at once, so ``except CardError`` catches it too.

>>> from croupier.cards import CardError
>>> from croupier.poker import evaluate
>>> try:
...     evaluate("As Ks Qs Js 1x")
... except CardError as error:
...     print(type(error).__name__, error)
PokerCardError bad card '1x' at position 5: expected a rank (A, 2-9, T/10/0/X, J, Q, K) and ...
"""

from __future__ import annotations

from croupier.cards import CardError
from croupier.errors import CroupierError

__all__ = ["PokerCardError", "PokerError"]


class PokerError(CroupierError):
    """A poker request that cannot be honoured: a bad or repeated card, too few cards,
    a malformed hand file or an impossible equity question."""


class PokerCardError(PokerError, CardError):
    """A card poker cannot take: a bad token or a card given twice."""
