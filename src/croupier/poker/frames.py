"""Poker's results as pandas DataFrames (the ``notebook`` extra): equity by combo or by
class, the next-card table, an equity distribution, and what a range hits combo by combo.
The values' ``to_frame()`` methods call these. Each frame's columns are declared once,
below (:data:`SCHEMAS`): the docs' reference page is made from them, and
:func:`croupier.frames.build_frame` gives each its declared dtype.

>>> from croupier.poker.calc import calculate
>>> frame = calc_frame(calculate(["AKs", "QQ"], board="2c 7d 9h"))
>>> list(frame.columns[:4]), len(frame), round(float(frame["equity"].iloc[0]), 4)
(['player', 'range', 'combo', 'class'], 10, 0.2793)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol

import numpy as np

from croupier.frames import FrameColumn, FrameSchema, build_frame
from croupier.poker.errors import PokerError
from croupier.poker.hits.frames import HITS, OMAHA_HITS, hits_frame
from croupier.poker.ranges.starting_hands import CLASS_LABELS, CLASS_OF_COMBO, combo_text

if TYPE_CHECKING:
    import pandas as pd

    from croupier.poker.display import NextCardsLike

__all__ = [
    "DISTRIBUTION",
    "EQUITY_BY_CLASS",
    "EQUITY_BY_COMBO",
    "HITS",
    "NEXT_CARD",
    "OMAHA_HITS",
    "SCHEMAS",
    "calc_frame",
    "distribution_frame",
    "hits_frame",
    "next_card_frame",
]

_PLAYER_COLUMNS: Final = (
    FrameColumn("player", "int64", "the player's seat, from 1"),
    FrameColumn("range", "string", "the player's range, as written"),
)
_RESULT_COLUMNS: Final = (
    FrameColumn(
        "weight",
        "float64",
        "how often the player holds it in the deals counted (a player's weights sum to 1)",
    ),
    FrameColumn("equity", "float64", "its equity: wins plus each tie's share"),
    FrameColumn("win", "float64", "the share of its deals won alone"),
    FrameColumn("tie", "float64", "the share of its deals shared"),
)

EQUITY_BY_COMBO: Final = FrameSchema(
    "CalcResult.to_frame() (by combo, the default)",
    "combo a player holds in the deals counted, players in seat order",
    (
        *_PLAYER_COLUMNS,
        FrameColumn("combo", "string", "the two cards, high card first (AsKs)"),
        FrameColumn("class", "string", "its class (AKs, QQ, T9o)"),
        *_RESULT_COLUMNS,
    ),
)

EQUITY_BY_CLASS: Final = FrameSchema(
    'CalcResult.to_frame(by="class")',
    "class a player holds in the deals counted, players in seat order, classes in grid order",
    (
        *_PLAYER_COLUMNS,
        FrameColumn("class", "string", "the class (AKs, QQ, T9o)"),
        *_RESULT_COLUMNS,
    ),
)

NEXT_CARD: Final = FrameSchema(
    "NextCardResult.to_frame()",
    "card that may come next and player: the cards highest first, then the players in seat order",
    (
        FrameColumn("card", "string", "the card (Ah)"),
        FrameColumn("chance", "float64", "its chance of coming next"),
        *_PLAYER_COLUMNS,
        FrameColumn("equity", "float64", "the player's equity once it has come"),
        FrameColumn("change", "float64", "that equity less the player's equity now"),
    ),
)

DISTRIBUTION: Final = FrameSchema(
    "EquityDistribution.to_frame()",
    "combo of the player's range, weakest first",
    (
        FrameColumn("combo", "string", "the two cards, high card first"),
        FrameColumn("weight", "float64", "how often it is held (they sum to 1)"),
        FrameColumn("equity", "float64", "its equity against the others"),
        FrameColumn("share_below", "float64", "the share of the range weaker than it"),
    ),
)

#: Every poker frame, in the order the docs list them.
SCHEMAS: Final = (EQUITY_BY_COMBO, EQUITY_BY_CLASS, NEXT_CARD, DISTRIBUTION, HITS, OMAHA_HITS)


class _Player(Protocol):
    @property
    def range(self) -> str: ...
    @property
    def sums(self) -> Any: ...
    @property
    def total(self) -> float: ...


class _Calc(Protocol):
    @property
    def players(self) -> Sequence[_Player]: ...


def calc_frame(result: _Calc, by: str = "combo") -> pd.DataFrame:
    """Each player's equity by combo (:data:`EQUITY_BY_COMBO`) or by class
    (``by="class"``: :data:`EQUITY_BY_CLASS`), over the deals the calculation counted."""
    if by not in ("combo", "class"):
        raise PokerError(f"bad frame {by!r}: expected by='combo' or by='class'")
    columns: dict[str, list[Any]] = {}
    for seat, player in enumerate(result.players, 1):
        sums = player.sums
        total = player.total or 1.0
        if by == "class":
            sums = np.stack([np.bincount(CLASS_OF_COMBO, row, minlength=169) for row in sums])
            labels: Sequence[str] = CLASS_LABELS
        else:
            labels = [combo_text(c) for c in range(sums.shape[1])]
        held: list[int] = np.flatnonzero(sums[0] > 0).tolist()
        weight = sums[0][held]
        rows = {
            "player": [seat] * len(held),
            "range": [player.range] * len(held),
            "combo": [labels[i] for i in held],
            "class": [CLASS_LABELS[CLASS_OF_COMBO[i]] for i in held]
            if by == "combo"
            else [labels[i] for i in held],
            "weight": (weight / total).tolist(),
            "equity": (sums[1][held] / weight).tolist(),
            "win": (sums[2][held] / weight).tolist(),
            "tie": (sums[3][held] / weight).tolist(),
        }
        if by == "class":
            del rows["combo"]
        for name, values in rows.items():
            columns.setdefault(name, []).extend(values)
    schema = EQUITY_BY_CLASS if by == "class" else EQUITY_BY_COMBO
    return build_frame(schema, columns or {name: [] for name in schema.names})


def next_card_frame(result: NextCardsLike) -> pd.DataFrame:
    """The next-card table (:data:`NEXT_CARD`): a row per card and player."""
    players = range(len(result.ranges))
    rows = [(row, seat) for row in result.cards for seat in players]
    return build_frame(
        NEXT_CARD,
        {
            "card": [str(row.card) for row, _ in rows],
            "chance": [row.chance for row, _ in rows],
            "player": [seat + 1 for _, seat in rows],
            "range": [result.ranges[seat] for _, seat in rows],
            "equity": [row.equity[seat] for row, seat in rows],
            "change": [row.equity[seat] - result.equity[seat] for row, seat in rows],
        },
    )


class _Distribution(Protocol):
    @property
    def combos(self) -> tuple[str, ...]: ...
    @property
    def weights(self) -> tuple[float, ...]: ...
    @property
    def equities(self) -> tuple[float, ...]: ...


def distribution_frame(distribution: _Distribution) -> pd.DataFrame:
    """One player's equity distribution (:data:`DISTRIBUTION`), weakest combo first."""
    running: list[float] = np.cumsum(distribution.weights).tolist()
    below = [0.0, *running][: len(distribution.weights)]
    return build_frame(
        DISTRIBUTION,
        {
            "combo": list(distribution.combos),
            "weight": list(distribution.weights),
            "equity": list(distribution.equities),
            "share_below": list(below),
        },
    )
