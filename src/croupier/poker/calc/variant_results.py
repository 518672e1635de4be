"""Results of another game's calculation: per player, then per row (hand or combo).

Both engines (exact and Monte Carlo) end with, for each player, four sums per row: the
weight of the deals in which the player held the row, and the player's equity, wins and
ties in them (weighted). :class:`RowSums` holds them, and :func:`variant_result` makes
the :class:`~croupier.poker.calc.results.CalcResult` (the shape hold'em's calculations
give): in hold'em-style games each row is a two-card combo, so the 13x13 grids and the
combo figures are filled; an Omaha hand has no place on them (NaN everywhere).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from croupier.poker.calc.results import CalcResult, PlayerResult
from croupier.poker.calc.variant_live import VariantLive
from croupier.poker.starting_hands import COMBO_COUNT, COMBO_INDEX

__all__ = ["RowSums", "variant_result"]


@dataclass(slots=True)
class RowSums:
    """Sums per player: ``rows[p]`` is rows x (weight, equity, win, tie), the rows being
    the hands ``cards[p]`` (None where a row stands for hands dealt partly at random);
    ``squares[p]`` the sum of squared equity shares (Monte Carlo's error); ``weight``
    the weight of all deals, ``games`` their number."""

    rows: list[NDArray[np.float64]]
    cards: list[NDArray[np.int64] | None]
    squares: NDArray[np.float64]
    weight: float
    games: int

    def stderr(self) -> NDArray[np.float64]:
        """Standard error of each player's equity (one unit of weight a deal)."""
        total = max(self.weight, 1.0)
        equity = np.array([r[:, 1].sum() for r in self.rows]) / total
        variance = np.maximum(self.squares / total - equity**2, 0)
        error: NDArray[np.float64] = np.sqrt(variance / max(self.games - 1, 1))
        return error


def _combo_sums(
    live: VariantLive, cards: NDArray[np.int64] | None, sums: NDArray[np.float64]
) -> NDArray[np.float64]:
    """A player's sums by combo (rows weight, equity, win, tie; 1,326 columns): zero
    where a row is no two-card combo (Omaha, or hands dealt partly at random)."""
    by_combo = np.zeros((4, COMBO_COUNT))
    if live.two_card and cards is not None:
        combos = COMBO_INDEX[cards[:, 0], cards[:, 1]]
        for k in range(4):
            by_combo[k] = np.bincount(combos, sums[:, k], minlength=COMBO_COUNT)
    return by_combo


def variant_result(
    live: VariantLive, sums: RowSums, *, exact: bool, partial: bool, stderr: bool
) -> CalcResult:
    """The sums so far as a result."""
    total = sums.weight or 1.0
    errors: list[float | None] = [None] * live.players
    if stderr:
        errors = [float(e) for e in sums.stderr()]
    players = []
    for p in range(live.players):
        rows = sums.rows[p]
        players.append(
            PlayerResult(
                range=live.texts[p],
                combos=live.hand_counts[p],
                equity=float(rows[:, 1].sum() / total),
                win=float(rows[:, 2].sum() / total),
                tie=float(rows[:, 3].sum() / total),
                stderr=errors[p],
                sums=_combo_sums(live, sums.cards[p], rows),
                total=total,
            )
        )
    return CalcResult(
        exact=exact,
        games=sums.games,
        players=tuple(players),
        board=live.question.board,
        dead=live.question.dead,
        partial=partial,
        game=str(live.variant.game),
    )
