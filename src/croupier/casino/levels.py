"""The levels of play: how strong the computer is, by name.

A :class:`Level` is only a name here (so save files and game logs can hold it); the
strategy each level plays is made by :func:`croupier.casino.strategies.level_strategy`.

=============  ===============================================================
level          the computer plays
=============  ===============================================================
``beginner``   the ``random`` strategy: any legal move, each as likely
``casual``     the ``greedy`` strategy: the most points now, then the most cards
``strong``     the expert on a small budget: 1 sampled deal, its own move only
``expert``     the full expert (16 deals, 4 plies, the last deal to the end)
=============  ===============================================================

The default is ``expert``: the computer croupier has always played, and the one a save
file without a ``Level:`` line was played against. The names of the strategies are
accepted too (``random``, ``greedy``; ``default`` is the default level).

>>> Level.parse("Casual"), Level.parse("greedy"), Level.parse("default")
(<Level.CASUAL: 'casual'>, <Level.CASUAL: 'casual'>, <Level.EXPERT: 'expert'>)
>>> [level.value for level in Level]
['beginner', 'casual', 'strong', 'expert']
>>> Level.parse("master")
Traceback (most recent call last):
...
croupier.casino.errors.CasinoError: bad level 'master': expected beginner, casual, strong or expert
"""

from __future__ import annotations

import enum
from typing import Final, NoReturn

from croupier.casino.errors import CasinoError
from croupier.choices import parse_choice, unknown_member

__all__ = ["DEFAULT_LEVEL", "Level"]


class Level(enum.StrEnum):
    """A level of play, weakest first."""

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, CasinoError)

    BEGINNER = "beginner"
    CASUAL = "casual"
    STRONG = "strong"
    EXPERT = "expert"

    @classmethod
    def parse(cls, text: str) -> Level:
        """A level by its name, or by the name of the strategy it plays, in any case."""
        aliases = {alias: cls(name) for alias, name in _ALIASES.items()}
        return parse_choice(cls, text, "level", CasinoError, aliases=aliases)

    @property
    def label(self) -> str:
        """The name in a save file: ``Strong``."""
        return self.value.capitalize()


#: The level of a new game, and of a saved game that names none.
DEFAULT_LEVEL: Final = Level.EXPERT

_ALIASES: Final = {"random": "beginner", "greedy": "casual", "default": DEFAULT_LEVEL.value}
