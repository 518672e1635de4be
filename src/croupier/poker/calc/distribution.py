"""Equity distributions: each player's range combo by combo, sorted from its weakest
combo to its strongest against the others, as solvers draw it (x: share of the range,
y: equity).

>>> from croupier.poker.calc import calculate
>>> result = calculate(["QQ+, AKs, 76s", "JJ, AQo"], board="Kh 7d 2c", exact=True)
>>> mine, theirs = equity_distribution(result)
>>> mine.combos[0], round(mine.equities[0], 3), mine.combos[-1]
('7s6s', 0.57, 'KsKd')
>>> round(mine.share_above(0.5), 3), round(mine.share_above(0.75), 3)
(1.0, 0.818)

A combo's share is how often the player holds it in the deals counted (card removal
included: a combo that shares a card with many of the others' is held less often), so
the shares sum to 1 and the share-weighted mean of the equities is the player's equity.
The figures come from the same calculation as the equity (exact, or Monte Carlo: then
each combo's equity is sampled too, from the deals that gave it).

Every game has one: short-deck's combos as hold'em's, Omaha's and Omaha-5's hands each
a point of the curve (written high card first), kept when asked for:

>>> spot = {"board": "Kd 9h 2c", "game": "omaha", "by_hand": True}
>>> result = calculate(["AsAhKsKh, QdQcJdTc", "8c8d7s6s"], **spot)
>>> [(s.combos, [round(e, 3) for e in s.equities]) for s in equity_distribution(result)][0]
(('QdQcJdTc', 'AsAhKsKh'), [0.89, 0.91])

In those games the calculation keeps each hand's figures, and follows each hand of a
player dealt partly at random (``random``, ``AsAh??``, ``Ah?``) by Monte Carlo too, only
when asked to (``calculate(..., by_hand=True)``, as ``poker calc --distribution`` does);
a player it did not follow has an empty distribution (no combos).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from croupier.cards import DECK
from croupier.poker.calc.results import EQUITY, WEIGHT, CalcResult, PlayerResult
from croupier.poker.errors import PokerError
from croupier.poker.games import variant_of
from croupier.poker.ranges.starting_hands import combo_text

if TYPE_CHECKING:
    import pandas as pd


__all__ = ["EquityDistribution", "equity_distribution"]


@dataclass(frozen=True, slots=True)
class EquityDistribution:
    """One player's combos (Omaha: hands), weakest first: ``weights`` (how often each
    is held; they sum to 1) and ``equities`` (each one's equity against the others)."""

    player: int
    range: str
    combos: tuple[str, ...]
    weights: tuple[float, ...]
    equities: tuple[float, ...]

    def _repr_svg_(self) -> str:
        """The player's equity curve, drawn in a notebook (:mod:`croupier.poker.display`)."""
        from croupier.poker.display import distribution_svg

        return distribution_svg((self,))

    def to_frame(self) -> pd.DataFrame:
        """The combos, weakest first, as a pandas DataFrame (the ``notebook`` extra; its columns:
        :func:`croupier.poker.frames.distribution_frame`)."""
        from croupier.poker.frames import distribution_frame

        return distribution_frame(self)

    def share_above(self, equity: float) -> float:
        """The share of the range whose equity is above ``equity`` (a fraction)."""
        return float(sum(w for w, e in zip(self.weights, self.equities, strict=True) if e > equity))

    def equity_at(self, share: float) -> float:
        """The equity of the combo ``share`` of the way up the range (weakest first): the
        first combo whose step reaches it (a :class:`PokerError` when the player's combos
        were not followed: no combos).

        >>> spread = EquityDistribution(1, "AA, 72o", ("7c2d", "AsAh"), (0.75, 0.25), (0.2, 0.9))
        >>> spread.equity_at(0.5), spread.equity_at(0.75), spread.equity_at(0.9)
        (0.2, 0.2, 0.9)
        """
        if not self.equities:
            raise PokerError(
                f"player {self.player}'s combos were not followed one by one: no "
                "distribution (calculate with by_hand=True)"
            )
        reached = 0.0
        for weight, equity in zip(self.weights, self.equities, strict=True):
            reached += weight
            if reached >= share - 1e-12:
                return equity
        return self.equities[-1]

    def curve(self) -> tuple[list[float], list[float]]:
        """The curve as points: each combo a flat step over its share of the range, from
        x = 0 (the weakest) to x = 1 (the strongest)."""
        xs, ys = [], []
        start = 0.0
        for weight, equity in zip(self.weights, self.equities, strict=True):
            xs += [start, start + weight]
            ys += [equity, equity]
            start += weight
        return xs, ys

    def to_dict(self) -> dict[str, Any]:
        """The player as in ``poker calc --distribution --json``."""
        return {
            "player": self.player,
            "range": self.range,
            "above_50": self.share_above(0.5),
            "above_75": self.share_above(0.75),
            "combos": [
                {"combo": c, "weight": w, "equity": e}
                for c, w, e in zip(self.combos, self.weights, self.equities, strict=True)
            ],
        }


def equity_distribution(result: CalcResult) -> tuple[EquityDistribution, ...]:
    """Each player's distribution (see the module's notes), from a calculation in any
    game: empty for a player whose hands it did not follow one by one (calculate with
    ``by_hand=True``)."""
    two_card = variant_of(result.game).two_card
    found = []
    for number, player in enumerate(result.players, 1):
        texts, weights, equities = (
            _by_combo(player) if two_card and player.sums[WEIGHT].any() else _by_hand(player)
        )
        order = np.lexsort((np.arange(len(texts)), equities))
        found.append(
            EquityDistribution(
                player=number,
                range=player.range,
                combos=tuple(texts[i] for i in order),
                weights=tuple(float(w) for w in weights[order]),
                equities=tuple(float(e) for e in equities[order]),
            )
        )
    return tuple(found)


def _by_combo(player: PlayerResult) -> tuple[list[str], NDArray[np.float64], NDArray[np.float64]]:
    """A two-card game's held combos (by combo number), their weights and equities."""
    held = np.flatnonzero(player.combo_weight > 0)
    return (
        [combo_text(c) for c in held],
        player.combo_weight[held],
        player.combo_equity[held],
    )


def _by_hand(player: PlayerResult) -> tuple[list[str], NDArray[np.float64], NDArray[np.float64]]:
    """Another game's held hands (in the order listed), their weights and equities."""
    if player.hands is None or player.hand_sums is None:
        return [], np.zeros(0), np.zeros(0)
    held = np.flatnonzero(player.hand_sums[:, WEIGHT] > 0)
    sums = player.hand_sums[held]
    texts = [
        "".join(str(DECK[c]) for c in sorted(row, reverse=True))
        for row in player.hands[held].tolist()
    ]
    return texts, sums[:, WEIGHT] / (player.total or 1.0), sums[:, EQUITY] / sums[:, WEIGHT]
