"""A Baccarat table as the pages draw it: rules, rounds, roads, the odds, a seat.

Every function returns the TypedDict of :mod:`croupier.web.schemas.baccarat` its route
answers. The roads of a shoe are drawn from its
:class:`~croupier.baccarat.scoreboard.Scoreboard` (a player's own table's, or the shared
table's), each cell's JSON made once and reused while the cell stays as it is.
"""

from __future__ import annotations

import dataclasses
import functools
import threading
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar

from croupier.baccarat.composition import Composition
from croupier.baccarat.explain import drawing_reasons
from croupier.baccarat.odds import cached_odds_report
from croupier.baccarat.round import Coup
from croupier.baccarat.rules import Outcome
from croupier.baccarat.scoreboard import (
    DERIVED_ROADS,
    BeadCell,
    Colour,
    RoadCell,
    RoadMark,
    Scoreboard,
)
from croupier.baccarat.sitting import Sitting
from croupier.baccarat.table import SettlementKind, TableRound, format_money
from croupier.baccarat.tablerules import (
    PRESETS,
    SIDE_BETS,
    VARIANTS,
    Commission,
    TableRules,
    side_bets_offered,
)
from croupier.cards import Shoe
from croupier.web.schemas.baccarat import (
    Bead,
    BigRoadCell,
    Choices,
    CommissionValue,
    DealView,
    DerivedRoad,
    NoTable,
    OddsView,
    RoadKey,
    Roads,
    RoundView,
    RulesView,
    SettlementName,
    ShoeView,
    Since,
    StreakSide,
    Table,
    TableAnswer,
    Winner,
)
from croupier.web.schemas.baccarat import Colour as ColourName
from croupier.web.schemas.baccarat import RoadMark as RoadMarkView
from croupier.web.views.cards import cards_view

__all__ = [
    "CHIPS",
    "FULL_SHOE",
    "deal_view",
    "odds_view",
    "road_cells",
    "roads_view",
    "round_view",
    "rules_view",
    "seat_view",
    "shoe_view",
    "signed_money",
    "since_view",
    "warm",
]

#: Chip values on the rail, in cents.
CHIPS: Final = (100, 500, 2_500, 10_000, 50_000)
#: The shoe the maths panel prices before sitting down.
FULL_SHOE: Final = 8
#: Each enum's members by the names the answers give them.
COMMISSIONS: Final[dict[Commission, CommissionValue]] = {
    Commission.FIVE: "5",
    Commission.FOUR: "4",
    Commission.NONE: "none",
    Commission.SUPER6: "super6",
}
WINNERS: Final[dict[Outcome, Winner]] = {
    Outcome.PLAYER: "player",
    Outcome.BANKER: "banker",
    Outcome.TIE: "tie",
}
#: The side of a streak (a tie makes none).
STREAK_SIDES: Final[dict[Outcome | None, StreakSide]] = {
    Outcome.BANKER: "banker",
    Outcome.PLAYER: "player",
}
COLOURS: Final[dict[Colour, ColourName]] = {Colour.RED: "red", Colour.BLUE: "blue"}
SETTLEMENTS: Final[dict[SettlementKind, SettlementName]] = {
    SettlementKind.WON: "won",
    SettlementKind.LOST: "lost",
    SettlementKind.PUSHED: "pushed",
}
ROAD_KEYS: Final[dict[str, RoadKey]] = {
    "big-eye-boy": "big-eye-boy",
    "small-road": "small-road",
    "cockroach-pig": "cockroach-pig",
}


def rules_view(rules: TableRules) -> RulesView:
    """A table's rules as the page shows them."""
    return {
        "name": rules.name,
        "describe": rules.describe(),
        "lab": rules.lab,
        "commission": COMMISSIONS[rules.commission],
        "tie_pays": rules.tie_pays,
        "side_bets": list(rules.side_bets),
        "min_stake": rules.min_stake,
        "max_stake": rules.max_stake,
        "limits_text": f"{format_money(rules.min_stake)} to {format_money(rules.max_stake)}",
        "casino_order": rules.casino_order,
        "variant_keys": list(rules.variant_keys),
    }


def choices_view() -> Choices:
    """What the sit-down form offers: commissions, tie payouts, side bets by commission,
    and the usual limits."""
    casino = PRESETS["casino"]
    names = {bet.key: bet.name for bet in VARIANTS.bets}
    return {
        "commissions": [{"value": COMMISSIONS[c], "label": c.label} for c in Commission],
        "tie_pays": [8, 9],
        "side_bets": {
            COMMISSIONS[c]: [
                {"key": key, "name": names[key], "code": code}
                for code, (key, _) in SIDE_BETS.items()
                if key in side_bets_offered(c)
            ]
            for c in Commission
        },
        "min_stake": casino.min_stake,
        "max_stake": casino.max_stake,
    }


#: Set once a table has been priced: the payoff matrices every pricing uses are built.
_pricing_built: Final = threading.Event()
_pricing_lock: Final = threading.Lock()


def odds_view(composition: Composition, fresh: bool, rules: TableRules | None) -> OddsView:
    """Every variant of every bet priced exactly for ``composition``; the table's own
    bets marked."""
    if _pricing_built.is_set():
        report = cached_odds_report(composition, VARIANTS)
    else:  # the first pricing builds what every later one uses: once, not by each at once
        with _pricing_lock:
            report = cached_odds_report(composition, VARIANTS)
            _pricing_built.set()
    at_table = set(rules.variant_keys) if rules is not None else set()
    outcomes = report.outcomes
    return {
        "cards_left": report.composition.total,
        "fresh_shoe": fresh,
        "outcomes": {
            "player": float(outcomes.player),
            "banker": float(outcomes.banker),
            "tie": float(outcomes.tie),
        },
        "pair": report.pair,
        "bets": [
            {
                "key": odds.bet.key,
                "name": odds.bet.name,
                "expected_value": odds.expected_value,
                "house_edge": odds.house_edge,
                "at_table": odds.bet.key in at_table,
            }
            for odds in report.bets
        ],
    }


def shoe_odds(shoe: Shoe, counts: Any, rules: TableRules) -> OddsView:
    """The odds of the next round dealt from ``shoe`` (a fresh shoe's once the cut card
    is out), ``counts`` its cards by rank."""
    return odds_view(Composition.from_ranks(counts), shoe.cut_card_reached, rules)


def shoe_view(shoe: Shoe) -> ShoeView:
    """The shoe: its decks, its cards dealt and left, and the cut card."""
    return {
        "decks": shoe.decks,
        "size": shoe.dealt + shoe.remaining,
        "dealt": shoe.dealt,
        "remaining": shoe.remaining,
        "cut_card": shoe.cut_card,
        "cut_card_out": shoe.cut_card_reached,
    }


def _bead_view(cell: BeadCell) -> Bead:
    return {
        "column": cell.column,
        "row": cell.row,
        "outcome": WINNERS[cell.bead.outcome],
        "player_total": cell.bead.player_total,
        "banker_total": cell.bead.banker_total,
        "player_pair": cell.bead.player_pair,
        "banker_pair": cell.bead.banker_pair,
    }


def _road_cell(cell: RoadCell) -> BigRoadCell:
    return {
        "column": cell.column,
        "row": cell.row,
        "outcome": "player" if cell.outcome is Outcome.PLAYER else "banker",
        "ties": cell.ties,
        "player_pair": cell.player_pair,
        "banker_pair": cell.banker_pair,
    }


def _mark_view(mark: RoadMark) -> RoadMarkView:
    return {"column": mark.column, "row": mark.row, "colour": COLOURS[mark.colour]}


C = TypeVar("C")
V = TypeVar("V")


@dataclasses.dataclass(slots=True)
class _CellViews:
    """The cells of one road of a board, each with its JSON."""

    cells: list[Any] = dataclasses.field(default_factory=list)
    views: list[Any] = dataclasses.field(default_factory=list)


#: Each board's roads as JSON, each cell's made once (a board grows by a round at a time,
#: and is drawn again after each): by board, then by road.
_CELL_VIEWS: Final[weakref.WeakKeyDictionary[Scoreboard, dict[str, _CellViews]]] = (
    weakref.WeakKeyDictionary()
)
_CELL_VIEWS_LOCK: Final = threading.Lock()


def _cells_view(
    board: Scoreboard, road: str, cells: Sequence[C], view: Callable[[C], V]
) -> list[V]:
    """``view`` of each of ``cells`` (a road of ``board``), reusing the JSON of the cells
    drawn before. A board's roads only grow, but for their last cell, which may change
    (a tie on the big road's last win is a new cell): the cells already drawn are found
    from the last back."""
    with _CELL_VIEWS_LOCK:
        roads = _CELL_VIEWS.get(board)
        if roads is None:
            roads = _CELL_VIEWS[board] = {}
        made = roads.get(road)
        if made is None:
            made = roads[road] = _CellViews()
    kept = len(made.cells)
    while kept and (kept > len(cells) or cells[kept - 1] is not made.cells[kept - 1]):
        kept -= 1
    del made.cells[kept:], made.views[kept:]
    for cell in cells[kept:]:
        made.cells.append(cell)
        made.views.append(view(cell))
    return list(made.views)


def road_cells(board: Scoreboard) -> dict[str, list[Any]]:
    """The cells of the five roads of ``board`` as JSON, by road (``bead_plate``,
    ``big_road`` and the derived roads' keys): what :func:`since_view` compares a deal's
    answer with."""
    cells: dict[str, list[Any]] = {
        "bead_plate": _cells_view(board, "bead-plate", board.bead_plate, _bead_view),
        "big_road": _cells_view(board, "big-road", board.big_road, _road_cell),
    }
    for key, road in DERIVED_ROADS.items():
        cells[key] = _cells_view(board, key, board.derived_road(road), _mark_view)
    return cells


def roads_view(board: Scoreboard) -> Roads:
    """The five roads of ``board`` (a shoe's), the ask road and the shoe's tally. A cell's
    JSON is made once: the same object in each later answer while the cell stays as it
    is (:func:`since_view` relies on it)."""
    asked = board.ask_road()
    tally = board.tally
    derived: dict[RoadKey, DerivedRoad] = {
        ROAD_KEYS[key]: {
            "name": road.name,
            "marks": _cells_view(board, key, board.derived_road(road), _mark_view),
        }
        for key, road in DERIVED_ROADS.items()
    }
    return {
        "bead_plate": _cells_view(board, "bead-plate", board.bead_plate, _bead_view),
        "big_road": _cells_view(board, "big-road", board.big_road, _road_cell),
        "derived_roads": derived,
        "ask_road": {
            "banker": {
                ROAD_KEYS[key]: None if colour is None else COLOURS[colour]
                for key, colour in asked.banker.items()
            },
            "player": {
                ROAD_KEYS[key]: None if colour is None else COLOURS[colour]
                for key, colour in asked.player.items()
            },
            "big_road": {
                "banker": {"column": asked.banker_at[0], "row": asked.banker_at[1]},
                "player": {"column": asked.player_at[0], "row": asked.player_at[1]},
            },
        },
        "tally": {
            "rounds": tally.rounds,
            "banker": tally.banker,
            "player": tally.player,
            "tie": tally.tie,
            "player_pairs": tally.player_pairs,
            "banker_pairs": tally.banker_pairs,
            "naturals": tally.naturals,
            "longest_banker": tally.longest_banker,
            "longest_player": tally.longest_player,
            "streak_side": STREAK_SIDES.get(tally.streak_side),
            "streak": tally.streak,
        },
    }


@functools.cache
def _no_table_view() -> NoTable:
    """The page before sitting down: the same for every browser, made once (shared: not
    to be changed)."""
    return {
        "seated": False,
        "payouts": [
            {"name": name, "description": rules.payouts.description}
            for name, rules in PRESETS.items()
        ],
        "choices": choices_view(),
        "chips": list(CHIPS),
        "odds": odds_view(Composition.decks(FULL_SHOE), True, None),
    }


def seat_view(sitting: Sitting | None) -> TableAnswer:
    """Everything the table page shows (before sitting down: one dict shared by every
    answer, not to be changed)."""
    if sitting is None:
        return _no_table_view()
    table, rules = sitting.table, sitting.rules
    view: Table = {
        "seated": True,
        "chips": list(CHIPS),
        "bankroll": table.bankroll,
        "bankroll_text": format_money(table.bankroll),
        "stake": table.stake,
        "stake_text": format_money(table.stake),
        "payouts": {"name": table.payouts.name, "description": table.payouts.description},
        "rules": rules_view(rules),
        "bets": [{"key": bet.key, "name": bet.name} for bet in table.payouts.bets],
        "rounds_played": table.rounds_played,
        "deal_order": "course" if table.deal_order == "course" else "casino",
        "session_net": sitting.session_net,
        "session_net_text": signed_money(sitting.session_net),
        "bankrolls": list(sitting.bankrolls),
        "shoe": shoe_view(table.shoe),
        "last": None if sitting.last is None else round_view(sitting.last),
        **roads_view(sitting.scoreboard),
        "odds": shoe_odds(table.shoe, table.next_round_counts(), rules),
        "broke": table.bankroll < max(CHIPS[0], rules.min_stake),
        "since": None,
    }
    return view


def signed_money(cents: int) -> str:
    """A win or a loss: ``+$25``, ``-$10``, ``+$0``.

    >>> signed_money(2500), signed_money(-1000), signed_money(0)
    ('+$25', '-$10', '+$0')
    """
    return ("+" if cents >= 0 else "") + format_money(cents)


def _unchanged(before: Sequence[object], after: Sequence[object]) -> int:
    """How many of the first items of ``after`` are those of ``before`` (the same objects).

    >>> a, b, c = {"a": 1}, {"b": 2}, {"c": 3}
    >>> _unchanged([a, b], [a, b, c]), _unchanged([a, b], [a, c]), _unchanged([a], [])
    (2, 1, 0)
    >>> _unchanged([a, b, c], [a, {"b": 2}, {"d": 4}])  # equal is unchanged too
    2
    """
    # Compared as lists (the same objects are passed at once): all, or all but the last
    # (a tie changes the big road's last cell), else item by item.
    kept = min(len(before), len(after))
    for length in (kept, kept - 1):
        if length >= 0 and before[:length] == after[:length]:
            return length
    pairs = enumerate(zip(before, after, strict=False))
    return next(i for i, (old, new) in pairs if old != new)


def since_view(
    view: Table, before: Mapping[str, Sequence[object]], bankrolls: int, reshuffled: bool
) -> Table:
    """``view`` (a seated table's, after a deal) cut down to what changed since the table
    the page showed: its roads' cells were ``before`` (:func:`road_cells`), it had ``bankrolls``
    bankrolls. Each road keeps only its cells from the first that changed, the bankrolls
    only the new ones, and ``since`` says where each starts (the page keeps its own
    before that). A reshuffled shoe's roads start again: all of them are sent."""

    def start(old: Sequence[object], new: Sequence[object]) -> int:
        return 0 if reshuffled else _unchanged(old, new)

    bead = start(before["bead_plate"], view["bead_plate"])
    big = start(before["big_road"], view["big_road"])
    derived = {
        key: start(before[key], road["marks"]) for key, road in view["derived_roads"].items()
    }
    course = view["bankrolls"]
    kept = bankrolls if len(course) == bankrolls + 1 else 0  # the oldest dropped: all of it
    since: Since = {
        "bead_plate": bead,
        "big_road": big,
        "derived_roads": derived,
        "bankrolls": kept,
    }
    cut: Table = {
        **view,
        "bead_plate": view["bead_plate"][bead:],
        "big_road": view["big_road"][big:],
        "derived_roads": {
            key: {"name": road["name"], "marks": road["marks"][derived[key] :]}
            for key, road in view["derived_roads"].items()
        },
        "bankrolls": course[kept:],
        "since": since,
    }
    return cut


def deal_view(number: int, coup: Coup, reshuffled: bool) -> DealView:
    """A round dealt: its cards, totals and outcome, and the drawing rules applied."""
    return {
        "number": number,
        "reshuffled": reshuffled,
        "player": cards_view(coup.player_cards),
        "banker": cards_view(coup.banker_cards),
        "player_total": coup.player_total,
        "banker_total": coup.banker_total,
        "outcome": WINNERS[coup.outcome],
        "natural": coup.natural,
        "reasons": list(drawing_reasons(coup)),
    }


def round_view(played: TableRound) -> RoundView:
    """One dealt round, and how a player's bets on it were settled."""
    stakes = dict(played.stakes)
    return {
        **deal_view(played.number, played.coup, played.reshuffled),
        "settlements": [
            {
                "key": s.bet.key,
                "name": s.bet.name,
                "stake": stakes[s.bet.key],
                "kind": SETTLEMENTS[s.kind],
                "amount": s.amount,
                "amount_text": format_money(s.amount),
            }
            for s in played.settlements
        ],
        "net": played.net,
        "net_text": format_money(played.net),
    }


def warm() -> None:
    """Price a full shoe for the odds panel: the first pricing builds the payoff matrices
    every later one uses (half a second and 35 MB), and the requests that come meanwhile
    wait for it (a server's first browsers, arriving together, each built them at once,
    and the process kept the memory)."""
    seat_view(None)
