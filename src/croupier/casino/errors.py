"""Casino's exception family.

Every error is a :class:`CasinoError`, itself a :class:`~croupier.errors.CroupierError`
(a :class:`ValueError`). Two kinds carry more than a message: an :class:`IllegalMoveError`
names the rule the move breaks, and a :class:`SaveFileError` names the line of the file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from croupier.errors import CroupierError

if TYPE_CHECKING:
    from croupier.casino.rules import Rule

__all__ = ["CasinoError", "IllegalMoveError", "SaveFileError"]


class CasinoError(CroupierError):
    """A Casino request that cannot be honoured: a bad position, move, file or deck."""


class IllegalMoveError(CasinoError):
    """A move the rules forbid in the position it was played in; ``rule`` says which rule."""

    def __init__(self, message: str, rule: Rule) -> None:
        super().__init__(message)
        self.rule = rule


class SaveFileError(CasinoError):
    """A save or deck file refused: ``line`` is the 1-based line at fault (``None``: the file)."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line
