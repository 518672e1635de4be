"""Baccarat's results as pandas DataFrames (the ``notebook`` extra): the bets of an odds
report, the effect of removal, a simulation's rounds, a study's table by count and its
batches. The values' ``to_frame()`` methods call these. Each frame's columns are
declared once, below (:data:`SCHEMAS`): the docs' reference page is made from them, and
:func:`croupier.frames.build_frame` gives each column its declared dtype.

>>> from croupier.baccarat import simulate
>>> frame = simulate(5, decks=1, rng=7).to_frame()
>>> list(frame.columns)[:4], int(frame["rounds"].sum()) == simulate(5, decks=1, rng=7).rounds
(['player_total', 'banker_total', 'player_cards', 'banker_cards'], True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, Protocol

from croupier.baccarat.enumeration import ROUND_CLASSES
from croupier.baccarat.rules import Outcome
from croupier.frames import FrameColumn, FrameSchema, build_frame

if TYPE_CHECKING:
    import pandas as pd

    from croupier.baccarat.display import AdvantageLike, OddsReportLike, RemovalEffectsLike

__all__ = [
    "ADVANTAGE",
    "BATCHES",
    "ODDS",
    "PERFECT",
    "RANK_COLUMNS",
    "REMOVAL",
    "SCHEMAS",
    "SIMULATION",
    "advantage_frame",
    "batches_frame",
    "odds_frame",
    "removal_frame",
    "simulation_frame",
]

#: The effect-of-removal frame's rank columns, in croupier's order of ranks.
RANK_COLUMNS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
#: The outcomes, as a category column's categories.
OUTCOMES: Final = tuple(outcome.value for outcome in Outcome)

ODDS: Final = FrameSchema(
    "OddsReport.to_frame()",
    "a bet of the report's payout table",
    (
        FrameColumn("bet", "string", "the bet's key (banker, tie, player-pair...)"),
        FrameColumn("name", "string", "the bet's name"),
        FrameColumn(
            "expected_value", "float64", "expected net result per unit staked (NaN: not priced)"
        ),
        FrameColumn(
            "house_edge", "float64", "the house's expected take per unit staked (NaN: not priced)"
        ),
    ),
)

REMOVAL: Final = FrameSchema(
    "RemovalEffects.to_frame()",
    "a bet",
    (
        FrameColumn("bet", "string", "the bet's key"),
        FrameColumn("base", "float64", "its expected value per unit for the whole shoe"),
        *(
            FrameColumn(
                label,
                "float64",
                f"the change in expected value when one {label} leaves the shoe (NaN: none left)",
            )
            for label in RANK_COLUMNS
        ),
    ),
)

SIMULATION: Final = FrameSchema(
    "SimulationResult.to_frame()",
    "a kind of round dealt (a round class and its pair flags), in class order",
    (
        FrameColumn("player_total", "int64", "the player's final total"),
        FrameColumn("banker_total", "int64", "the banker's final total"),
        FrameColumn("player_cards", "int64", "cards the player held (2 or 3)"),
        FrameColumn("banker_cards", "int64", "cards the banker held (2 or 3)"),
        FrameColumn("player_pair", "bool", "the player's first two cards were a pair"),
        FrameColumn("banker_pair", "bool", "the banker's first two cards were a pair"),
        FrameColumn("natural", "bool", "a natural ended the round"),
        FrameColumn("outcome", OUTCOMES, "who won"),
        FrameColumn("rounds", "int64", "rounds dealt of this kind"),
        FrameColumn("share", "float64", "their share of all rounds dealt"),
    ),
)

_BY_COUNT: Final = (
    FrameColumn("rounds", "int64", "rounds dealt at this count"),
    FrameColumn("frequency", "float64", "their share of all rounds"),
    FrameColumn("units_per_round", "float64", "mean net result of a bet on every such round"),
    FrameColumn(
        "edge", "float64", "the exact expectation averaged over the rounds priced (NaN: none)"
    ),
    FrameColumn("priced_rounds", "int64", "rounds priced exactly"),
)

ADVANTAGE: Final = FrameSchema(
    "AdvantageResult.to_frame() (a counting study)",
    "a count seen (running or true, as the study counts)",
    (FrameColumn("count", "int64", "the count"), *_BY_COUNT),
)

PERFECT: Final = FrameSchema(
    "AdvantageResult.to_frame() (perfect play)",
    "an exact edge seen",
    (
        FrameColumn("edge_percent", "int64", "the bet's exact edge in whole percent, rounded down"),
        *_BY_COUNT,
    ),
)

BATCHES: Final = FrameSchema(
    "croupier.baccarat.frames.batches_frame(batches)",
    "a batch of a study, in batch order",
    (
        FrameColumn("batch", "int64", "the batch's number, from 0"),
        FrameColumn("shoes", "int64", "shoes dealt"),
        FrameColumn("rounds", "int64", "rounds dealt"),
        FrameColumn("bets", "int64", "bets placed"),
        FrameColumn("units", "float64", "net units won"),
        FrameColumn("units_per_shoe", "float64", "net units won per shoe"),
        FrameColumn("priced_shoes", "int64", "shoes priced exactly"),
        FrameColumn(
            "expected",
            "float64",
            "the exact expectations of the bets placed, over the shoes priced",
        ),
    ),
)

#: Every Baccarat frame, in the order the docs list them.
SCHEMAS: Final = (ODDS, REMOVAL, SIMULATION, ADVANTAGE, PERFECT, BATCHES)


def odds_frame(report: OddsReportLike) -> pd.DataFrame:
    """The report's bets, one a row (:data:`ODDS`)."""
    bets = report.bets
    return build_frame(
        ODDS,
        {
            "bet": [b.bet.key for b in bets],
            "name": [b.bet.name for b in bets],
            "expected_value": [b.expected_value for b in bets],
            "house_edge": [b.house_edge for b in bets],
        },
    )


def removal_frame(effects: RemovalEffectsLike) -> pd.DataFrame:
    """The effect of removal, a bet a row and a rank a column (:data:`REMOVAL`)."""
    keys = list(effects.effects)
    by_label = [
        {getattr(rank, "label", str(rank)): change for rank, change in effects.effects[key].items()}
        for key in keys
    ]
    return build_frame(
        REMOVAL,
        {
            "bet": keys,
            "base": [effects.base[key] for key in keys],
            **{label: [row.get(label) for row in by_label] for label in RANK_COLUMNS},
        },
    )


class _Histogram(Protocol):
    @property
    def histogram(self) -> Any: ...
    @property
    def rounds(self) -> int: ...


def simulation_frame(result: _Histogram) -> pd.DataFrame:
    """The rounds a simulation dealt, by kind (:data:`SIMULATION`)."""
    cells = [(i, count) for i, count in enumerate(result.histogram.tolist()) if count]
    kinds = [ROUND_CLASSES[i // 4] for i, _ in cells]
    total = result.rounds or 1
    return build_frame(
        SIMULATION,
        {
            "player_total": [k.player_total for k in kinds],
            "banker_total": [k.banker_total for k in kinds],
            "player_cards": [k.player_cards for k in kinds],
            "banker_cards": [k.banker_cards for k in kinds],
            "player_pair": [bool(i & 2) for i, _ in cells],
            "banker_pair": [bool(i & 1) for i, _ in cells],
            "natural": [k.natural for k in kinds],
            "outcome": [k.outcome.value for k in kinds],
            "rounds": [count for _, count in cells],
            "share": [count / total for _, count in cells],
        },
    )


def advantage_frame(result: AdvantageLike) -> pd.DataFrame:
    """A study's table by count (:data:`ADVANTAGE`; :data:`PERFECT` for perfect play)."""
    rows = result.by_count
    schema = PERFECT if result.spec.kind == "perfect" else ADVANTAGE
    return build_frame(
        schema,
        {
            schema.names[0]: [r.count for r in rows],
            "rounds": [r.rounds for r in rows],
            "frequency": [r.frequency for r in rows],
            "units_per_round": [r.units_per_round for r in rows],
            "edge": [r.edge for r in rows],
            "priced_rounds": [r.priced for r in rows],
        },
    )


def batches_frame(batches: Mapping[int, Any]) -> pd.DataFrame:
    """A study's batches one row each (:data:`BATCHES`), from the totals that
    :func:`~croupier.baccarat.advantage.run_study` hands ``on_batch`` (collect them with
    ``on_batch=batches.__setitem__``).

    >>> from croupier.baccarat.advantage import perfect_spec, run_study
    >>> batches = {}
    >>> result = run_study(perfect_spec("tie", shoes=30, rng=1), on_batch=batches.__setitem__)
    >>> frame = batches_frame(batches)
    >>> int(frame["shoes"].sum()) == result.shoes, str(frame["units"].dtype)
    (True, 'float64')
    """
    order = sorted(batches)
    totals = [batches[i] for i in order]
    return build_frame(
        BATCHES,
        {
            "batch": order,
            "shoes": [t.shoes for t in totals],
            "rounds": [t.rounds for t in totals],
            "bets": [t.bets for t in totals],
            "units": [t.units for t in totals],
            "units_per_shoe": [t.units / t.shoes if t.shoes else None for t in totals],
            "priced_shoes": [t.priced_shoes for t in totals],
            "expected": [t.expected for t in totals],
        },
    )
