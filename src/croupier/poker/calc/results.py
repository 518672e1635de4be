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

__all__ = ["EQUITY", "TIE", "WEIGHT", "WIN", "CalcResult", "PlayerResult", "Progress"]

#: Called as ``progress(done, total)`` while a calculation runs.
Progress = Callable[[int, int], None]


#: The rows of :attr:`PlayerResult.sums`: the weight of the deals in which the player
#: held each combo, and the player's equity, wins and ties in them (weighted).
WEIGHT, EQUITY, WIN, TIE = range(4)


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's share: ``equity`` (wins plus each tie's share), ``win`` and ``tie``
    (games won alone, games shared), as fractions of 1, weighted by combo weights.

    The figures of each combo and each class of the range are read from :attr:`sums`
    when asked for (:attr:`combo_weight`, :attr:`combo_equity`, :attr:`grid`, ...), so
    that an answer costs nothing more until they are wanted.
    """

    range: str
    combos: int
    equity: float
    win: float
    tie: float
    stderr: float | None
    #: Weighted sums per combo (1,326 columns, by combo number): rows WEIGHT, EQUITY,
    #: WIN and TIE (the deals' weight, and the player's equity, wins and ties in them).
    sums: NDArray[np.float64] = field(compare=False, repr=False)
    #: The weight of all the deals counted (every player holds a combo in each).
    total: float = field(default=1.0, compare=False, repr=False)

    @property
    def combo_weight(self) -> NDArray[np.float64]:
        """How often the player holds each of the 1,326 combos in the deals counted (the
        weights sum to 1)."""
        weights: NDArray[np.float64] = self.sums[WEIGHT] / (self.total or 1.0)
        return weights

    @property
    def combo_equity(self) -> NDArray[np.float64]:
        """Each combo's equity in the deals where the player holds it (NaN where never)."""
        return _ratio(self.sums[EQUITY], self.sums[WEIGHT])

    @property
    def grid(self) -> NDArray[np.float64]:
        """Equity of each class of the range (13x13 grid, NaN where the range has none)."""
        return self._by_class(EQUITY)

    @property
    def grid_win(self) -> NDArray[np.float64]:
        """Wins of each class of the range (13x13 grid, NaN where it has none)."""
        return self._by_class(WIN)

    @property
    def grid_tie(self) -> NDArray[np.float64]:
        """Ties of each class of the range (13x13 grid, NaN where it has none)."""
        return self._by_class(TIE)

    def _by_class(self, row: int) -> NDArray[np.float64]:
        from croupier.poker.starting_hands import CLASS_OF_COMBO

        weight = np.asarray(
            np.bincount(CLASS_OF_COMBO, self.sums[WEIGHT], minlength=169), dtype=np.float64
        )
        found = np.asarray(np.bincount(CLASS_OF_COMBO, self.sums[row], minlength=169), np.float64)
        return _ratio(found, weight).reshape(13, 13)

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


def _ratio(sums: NDArray[np.float64], weights: NDArray[np.float64]) -> NDArray[np.float64]:
    """``sums / weights``, NaN where the weight is 0."""
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio: NDArray[np.float64] = np.where(weights > 0, sums / weights, np.nan)
    return ratio
