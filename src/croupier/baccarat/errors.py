"""Baccarat's exception family."""

from __future__ import annotations

from croupier.errors import CroupierError


class BaccaratError(CroupierError):
    """A Baccarat request that cannot be honoured: a bad total, bet, stake or shoe."""
