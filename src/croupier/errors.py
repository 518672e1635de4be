"""The root of croupier's exception families.

Every package has its own family (``CardError``, ``BaccaratError``, ``PokerError``,
``CasinoError``); all derive from :class:`CroupierError`, itself a :class:`ValueError`,
so callers can catch bad input from any game in one place. Messages name the bad input
and say what was expected.
"""

from __future__ import annotations


class CroupierError(ValueError):
    """Bad input or an impossible request anywhere in croupier."""
