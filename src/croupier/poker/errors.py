"""Poker's exception family."""

from __future__ import annotations

from croupier.errors import CroupierError

__all__ = ["PokerError"]


class PokerError(CroupierError):
    """A poker request that cannot be honoured: a bad or repeated card, too few cards,
    a malformed hand file or an impossible equity question."""
