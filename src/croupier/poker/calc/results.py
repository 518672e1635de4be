"""What a calculation gives: each player's share (:class:`PlayerResult`) and the whole
answer (:class:`CalcResult`), as ``poker calc --json`` prints them.

>>> from croupier.poker.calc import calculate
>>> result = calculate(["AA", "KK"], board="2c 7d 9h Js", exact=True)
>>> result.games, [p.range for p in result.players], [str(c) for c in result.board]
(1584, ['AA', 'KK'], ['2c', '7d', '9h', 'Js'])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from croupier.cards import Card

__all__ = ["CalcResult", "PlayerResult", "Progress"]

#: Called as ``progress(done, total)`` while a calculation runs.
Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's share: ``equity`` (wins plus each tie's share), ``win`` and ``tie``
    (games won alone, games shared), as fractions of 1, weighted by combo weights."""

    range: str
    combos: int
    equity: float
    win: float
    tie: float
    stderr: float | None
    #: Equity of each class of the range (13x13 grid, NaN where the range has none).
    grid: NDArray[np.float64] = field(compare=False, repr=False)
    #: Win and tie of each class of the range (13x13 grids, NaN where it has none).
    grid_win: NDArray[np.float64] = field(compare=False, repr=False)
    grid_tie: NDArray[np.float64] = field(compare=False, repr=False)
    #: How often the player holds each of the 1,326 combos in the deals counted (their
    #: weights sum to 1), and the combo's equity there (NaN where it is never held).
    combo_weight: NDArray[np.float64] = field(compare=False, repr=False)
    combo_equity: NDArray[np.float64] = field(compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The player as in ``poker calc --json``."""
        return {
            "range": self.range,
            "combos": self.combos,
            "equity": self.equity,
            "win": self.win,
            "tie": self.tie,
            "stderr": self.stderr,
        }


@dataclass(frozen=True, slots=True)
class CalcResult:
    """What :func:`~croupier.poker.calc.calculate` found. ``games``: deals enumerated
    (exact) or trials (Monte Carlo); ``partial``: stopped before the end (the figures
    cover what was done); ``seed``: the int seed of a Monte Carlo run, which repeats it
    (``None`` when exact or given a generator); ``game``: the game (see
    :mod:`croupier.poker.variants`).
    """

    exact: bool
    games: int
    players: tuple[PlayerResult, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    partial: bool = False
    seed: int | None = None
    game: str = "holdem"

    def to_dict(self) -> dict[str, Any]:
        """The object ``poker calc --json`` prints (with the game's name, for games other
        than hold'em)."""
        data: dict[str, Any] = {
            "exact": self.exact,
            "partial": self.partial,
            "games": self.games,
            "seed": self.seed,
            "players": [p.to_dict() for p in self.players],
            "board": [str(c) for c in self.board],
            "dead": [str(c) for c in self.dead],
        }
        if self.game != "holdem":
            data["game"] = self.game
        return data
