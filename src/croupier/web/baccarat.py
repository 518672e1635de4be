"""The Baccarat table page (``/baccarat``) and its JSON API (``/api/baccarat/...``).

The game is :class:`croupier.baccarat.sitting.Sitting`, as at the terminal: a table with
its own rules (commission, tie payout, side bets on offer, limits of a spot), a bankroll
and an 8-deck shoe with its cut card. The page puts chips on the table's bets (each chip
checked by the library before it goes down) and deals; this module only reads requests
with the library's parsers, calls the sitting, and turns the answers into JSON: the
round's cards and the drawing rules that applied, the money and its course, the five
roads of the current shoe with the ask road and the shoe's tally, and the exact odds of
every variant of every bet for the cards left (before sitting down: a full shoe).
"""

from __future__ import annotations

import dataclasses
import functools
import threading
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import Field

from croupier.baccarat.composition import Composition
from croupier.baccarat.explain import drawing_reasons
from croupier.baccarat.odds import cached_odds_report
from croupier.baccarat.round import DEAL_ORDERS
from croupier.baccarat.scoreboard import (
    DERIVED_ROADS,
    BeadCell,
    RoadCell,
    RoadMark,
    Scoreboard,
    ShoeTally,
)
from croupier.baccarat.sitting import Sitting
from croupier.baccarat.table import TableRound, format_money, parse_money, table_shoe
from croupier.baccarat.tablerules import (
    PRESETS,
    SIDE_BETS,
    VARIANTS,
    Commission,
    TableRules,
    side_bets_offered,
    table_rules,
)
from croupier.cards import Rank
from croupier.web.answers import answer
from croupier.web.baccarat_trainer import router as trainer_router
from croupier.web.errors import ApiError
from croupier.web.pages import GamePage, add_routes, cards_view, render
from croupier.web.schemas import CHANGES, READS, SENDS, RequestModel, answers
from croupier.web.schemas.baccarat import CheckAnswer, TableAnswer
from croupier.web.sessions import Slot, light, open_session

__all__ = ["PAGE", "SEAT", "warm"]

router = APIRouter()
add_routes(router, trainer_router)

#: Chip values on the rail, in cents.
CHIPS: Final = (100, 500, 2_500, 10_000, 50_000)
#: Largest bankroll a player may sit down with, in cents ($1,000,000).
MAX_BANKROLL: Final = 100_000_000
#: Decks a shoe may hold.
MAX_DECKS: Final = 8
#: Largest seed accepted (the shuffle's seeds are 64-bit).
MAX_SEED: Final = 2**63 - 1
#: The shoe the maths panel prices before sitting down.
FULL_SHOE: Final = MAX_DECKS
#: The figures of a shoe's tally, as the page reads them.
TALLY_FIELDS: Final = tuple(field.name for field in dataclasses.fields(ShoeTally))

SEAT: Final = Slot("baccarat", Sitting.from_dict)


class SitDown(RequestModel):
    """A new table: its rules, and the terminal game's options."""

    bankroll: str = Field("1000", max_length=20)
    #: What a bet typed without an amount stakes (the web's chips choose their own).
    stake: str | None = Field(None, max_length=20)
    payouts: str = Field("casino", max_length=20)
    #: ``5``, ``4`` or ``none`` (the EZ table); ``None``: the payouts' own.
    commission: str | None = Field(None, max_length=10)
    tie_pays: int | None = None
    #: The side bets on offer, by key; ``None``: all the table may offer.
    side_bets: list[str] | None = Field(None, max_length=10)
    min_stake: str | None = Field(None, max_length=20)
    max_stake: str | None = Field(None, max_length=20)
    decks: int = 8
    seed: int | None = None
    #: ``casino``: player, banker, player, banker, as at a real table; ``course``: the
    #: terminal game's player, player, banker, banker.
    deal_order: str = Field("casino", max_length=20)


class Deal(RequestModel):
    """Chips on the bets: bet key -> dollars (``"25"``, ``"12.50"``)."""

    stakes: dict[str, str | int] = Field(max_length=20)


class DealRound(Deal):
    """A deal: the chips, and the table the page shows (its ``rounds_played``). When that
    is still the table's, the answer carries only the road cells and bankrolls that
    changed (its ``since`` says from where); else, or without it, the whole table."""

    drawn: int | None = Field(None, ge=0, le=2**63 - 1)


def _cents(text: str | None) -> int | None:
    return None if text is None else parse_money(text)


def sit_down(request: SitDown) -> Sitting:
    """A sitting for ``request``, every field checked by the library's parsers."""
    rules = table_rules(
        request.payouts,
        commission=request.commission,
        tie_pays=request.tie_pays,
        side_bets=None if request.side_bets is None else tuple(request.side_bets),
        min_stake=_cents(request.min_stake),
        max_stake=_cents(request.max_stake),
    )
    bankroll = parse_money(request.bankroll)
    if bankroll > MAX_BANKROLL:
        raise ApiError(
            422, f"bad bankroll {request.bankroll!r}: at most {format_money(MAX_BANKROLL)}"
        )
    if not 1 <= request.decks <= MAX_DECKS:
        raise ApiError(422, f"bad number of decks {request.decks}: expected 1 to {MAX_DECKS}")
    if request.deal_order not in DEAL_ORDERS:
        raise ApiError(
            422, f"bad deal order {request.deal_order!r}: expected one of {', '.join(DEAL_ORDERS)}"
        )
    if request.seed is not None and not 0 <= request.seed <= MAX_SEED:
        raise ApiError(422, f"bad seed {request.seed}: expected 0 to {MAX_SEED}")
    stake = _cents(request.stake)
    if stake is None:
        stake = min(max(rules.min_stake, 10_000), rules.max_stake, max(bankroll, 1))
    return Sitting.sit_down(
        rules,
        shoe=table_shoe(request.decks, request.seed),
        bankroll=bankroll,
        stake=stake,
        deal_order=request.deal_order,
    )


def read_stakes(stakes: Mapping[str, str | int]) -> dict[str, int]:
    """Chips of a deal request in cents (the table checks the bets themselves).

    >>> read_stakes({"banker": "12.50", "tie": 5, "player": "0"})
    {'banker': 1250, 'tie': 500}
    """
    cents = {}
    for key, amount in stakes.items():
        value = parse_money(amount)
        if value:
            cents[key] = value
    return cents


def rules_view(rules: TableRules) -> dict[str, Any]:
    """A table's rules as the page shows them."""
    return {
        "name": rules.name,
        "describe": rules.describe(),
        "lab": rules.lab,
        "commission": rules.commission.value,
        "tie_pays": rules.tie_pays,
        "side_bets": list(rules.side_bets),
        "min_stake": rules.min_stake,
        "max_stake": rules.max_stake,
        "limits_text": f"{format_money(rules.min_stake)} to {format_money(rules.max_stake)}",
        "casino_order": rules.casino_order,
        "variant_keys": list(rules.variant_keys),
    }


def choices_view() -> dict[str, Any]:
    """What the sit-down form offers: commissions, tie payouts, side bets by commission,
    and the usual limits."""
    casino = PRESETS["casino"]
    names = {bet.key: bet.name for bet in VARIANTS.bets}
    return {
        "commissions": [{"value": c.value, "label": c.label} for c in Commission],
        "tie_pays": [8, 9],
        "side_bets": {
            c.value: [
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


def odds_view(composition: Composition, fresh: bool, rules: TableRules | None) -> dict[str, Any]:
    """Every variant of every bet priced exactly for ``composition``; the table's own
    bets marked."""
    if _pricing_built.is_set():
        report = cached_odds_report(composition, VARIANTS)
    else:  # the first pricing builds what every later one uses: once, not by each at once
        with _pricing_lock:
            report = cached_odds_report(composition, VARIANTS)
            _pricing_built.set()
    at_table = set(rules.variant_keys) if rules is not None else set()
    return {
        "cards_left": report.composition.total,
        "fresh_shoe": fresh,
        "outcomes": report.outcomes._asdict(),
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


def _bead_view(cell: BeadCell) -> dict[str, Any]:
    return {
        "column": cell.column,
        "row": cell.row,
        "outcome": cell.bead.outcome.value,
        "player_total": cell.bead.player_total,
        "banker_total": cell.bead.banker_total,
        "player_pair": cell.bead.player_pair,
        "banker_pair": cell.bead.banker_pair,
    }


def _road_cell(cell: RoadCell) -> dict[str, Any]:
    return {
        "column": cell.column,
        "row": cell.row,
        "outcome": cell.outcome.value,
        "ties": cell.ties,
        "player_pair": cell.player_pair,
        "banker_pair": cell.banker_pair,
    }


def _mark_view(mark: RoadMark) -> dict[str, Any]:
    return {"column": mark.column, "row": mark.row, "colour": mark.colour.value}


C = TypeVar("C")


@dataclasses.dataclass(slots=True)
class _CellViews:
    """The cells of one road of a board, each with its JSON."""

    cells: list[Any] = dataclasses.field(default_factory=list)
    views: list[dict[str, Any]] = dataclasses.field(default_factory=list)


#: Each board's roads as JSON, each cell's made once (a board grows by a round at a time,
#: and is drawn again after each): by board, then by road.
_CELL_VIEWS: Final[weakref.WeakKeyDictionary[Scoreboard, dict[str, _CellViews]]] = (
    weakref.WeakKeyDictionary()
)
_CELL_VIEWS_LOCK: Final = threading.Lock()


def _cells_view(
    board: Scoreboard, road: str, cells: Sequence[C], view: Callable[[C], dict[str, Any]]
) -> list[dict[str, Any]]:
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


def road_cells(sitting: Sitting) -> dict[str, list[dict[str, Any]]]:
    """The cells of the five roads of the current shoe, as JSON, by road: ``bead_plate``,
    ``big_road`` and the derived roads' keys. A cell's JSON is made once: the same
    object in each later answer while the cell stays as it is."""
    board = sitting.scoreboard
    cells = {
        "bead_plate": _cells_view(board, "bead-plate", board.bead_plate, _bead_view),
        "big_road": _cells_view(board, "big-road", board.big_road, _road_cell),
    }
    for key, road in DERIVED_ROADS.items():
        cells[key] = _cells_view(board, key, board.derived_road(road), _mark_view)
    return cells


def roads_view(sitting: Sitting) -> dict[str, Any]:
    """The five roads of the current shoe, the ask road and the shoe's tally."""
    board = sitting.scoreboard
    asked = board.ask_road()
    tally = board.tally
    cells = road_cells(sitting)
    return {
        "bead_plate": cells["bead_plate"],
        "big_road": cells["big_road"],
        "derived_roads": {
            key: {"name": road.name, "marks": cells[key]} for key, road in DERIVED_ROADS.items()
        },
        "ask_road": {
            side: {key: None if colour is None else colour.value for key, colour in marks.items()}
            for side, marks in (("banker", asked.banker), ("player", asked.player))
        },
        "tally": {name: getattr(tally, name) for name in TALLY_FIELDS},
    }


@functools.cache
def _no_table_view() -> dict[str, Any]:
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


def seat_view(sitting: Sitting | None) -> dict[str, Any]:
    """Everything the table page shows, as JSON (before sitting down: one dict shared by
    every answer, not to be changed)."""
    if sitting is None:
        return _no_table_view()
    table, shoe, rules = sitting.table, sitting.table.shoe, sitting.rules
    counts: dict[Rank, int] = table.next_round_counts()
    return {
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
        "deal_order": table.deal_order,
        "session_net": sitting.session_net,
        "session_net_text": ("+" if sitting.session_net >= 0 else "")
        + format_money(sitting.session_net),
        "bankrolls": list(sitting.bankrolls),
        "shoe": {
            "decks": shoe.decks,
            "size": shoe.dealt + shoe.remaining,
            "dealt": shoe.dealt,
            "remaining": shoe.remaining,
            "cut_card": shoe.cut_card,
            "cut_card_out": shoe.cut_card_reached,
        },
        "last": None if sitting.last is None else round_view(sitting.last),
        **roads_view(sitting),
        "odds": odds_view(Composition.from_ranks(counts), shoe.cut_card_reached, rules),
        "broke": table.bankroll < max(CHIPS[0], rules.min_stake),
        "since": None,
    }


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
    view: dict[str, Any],
    before: Mapping[str, Sequence[object]],
    bankrolls: int,
    reshuffled: bool,
) -> dict[str, Any]:
    """``view`` (a seated table's, after a deal) cut down to what changed since the table
    the page showed: its road cells were ``before`` (:func:`road_cells`), it had
    ``bankrolls`` bankrolls. Each road keeps only its cells from the first that changed,
    the bankrolls only the new ones, and ``since`` says where each starts (the page keeps
    its own before that). A reshuffled shoe's roads start again: all of them are sent."""
    after = road_cells_of(view)
    starts = {
        key: 0 if reshuffled else _unchanged(before[key], cells) for key, cells in after.items()
    }
    course = view["bankrolls"]
    kept = bankrolls if len(course) == bankrolls + 1 else 0  # the oldest dropped: all of it
    return {
        **view,
        "bead_plate": after["bead_plate"][starts["bead_plate"] :],
        "big_road": after["big_road"][starts["big_road"] :],
        "derived_roads": {
            key: {**road, "marks": after[key][starts[key] :]}
            for key, road in view["derived_roads"].items()
        },
        "bankrolls": course[kept:],
        "since": {
            "bead_plate": starts["bead_plate"],
            "big_road": starts["big_road"],
            "derived_roads": {key: starts[key] for key in DERIVED_ROADS},
            "bankrolls": kept,
        },
    }


def road_cells_of(view: Mapping[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The road cells of a seated table's view, by road (as :func:`road_cells`)."""
    cells = {"bead_plate": view["bead_plate"], "big_road": view["big_road"]}
    for key, road in view["derived_roads"].items():
        cells[key] = road["marks"]
    return cells


def round_view(played: TableRound) -> dict[str, Any]:
    """One dealt round, as JSON."""
    coup = played.coup
    stakes = dict(played.stakes)
    return {
        "number": played.number,
        "reshuffled": played.reshuffled,
        "player": cards_view(coup.player_cards),
        "banker": cards_view(coup.banker_cards),
        "player_total": coup.player_total,
        "banker_total": coup.banker_total,
        "outcome": coup.outcome.value,
        "natural": coup.natural,
        "reasons": list(drawing_reasons(coup)),
        "settlements": [
            {
                "key": s.bet.key,
                "name": s.bet.name,
                "stake": stakes[s.bet.key],
                "kind": s.kind.value,
                "amount": s.amount,
                "amount_text": format_money(s.amount),
            }
            for s in played.settlements
        ],
        "net": played.net,
        "net_text": format_money(played.net),
    }


# The table's routes do half a millisecond of work each: they run on the event loop
# when they may (see croupier.web.sessions.light), each with its work in a plain function.


def _page(request: Request) -> Response:
    with open_session(request) as session:
        state = seat_view(session.get(SEAT))
    return render(request, "baccarat.html", title="Baccarat", state=state)


@router.get("/baccarat", response_class=HTMLResponse)
async def page(request: Request) -> Response:
    """The table."""
    return await light(request, _page, request)


def _state(request: Request) -> Response:
    with open_session(request) as session:
        return answer(request, seat_view(session.get(SEAT)))


@router.get("/api/baccarat", response_model=TableAnswer, responses=answers(*READS))
async def state(request: Request) -> Response:
    """The table as the page shows it."""
    return await light(request, _state, request)


def _new_table(request: Request, body: SitDown) -> Response:
    sitting = sit_down(body)
    with open_session(request) as session:
        session.put(SEAT, sitting)
        return answer(request, seat_view(sitting))


@router.post("/api/baccarat/table", response_model=TableAnswer, responses=answers(*CHANGES))
async def new_table(request: Request, body: SitDown) -> Response:
    """Sit down at a new table (leaving the old one)."""
    return await light(request, _new_table, request, body)


def _seated(sitting: Sitting | None) -> Sitting:
    if sitting is None:
        raise ApiError(409, "no table yet: sit down first")
    return sitting


def _check(request: Request, body: Deal) -> Response:
    stakes = read_stakes(body.stakes)
    with open_session(request) as session:
        _seated(session.get(SEAT)).check(stakes)
    return answer(request, {"ok": True, "total": sum(stakes.values())})


@router.post("/api/baccarat/check", response_model=CheckAnswer, responses=answers(*SENDS, 409))
async def check(request: Request, body: Deal) -> Response:
    """Whether the table takes these chips (limits, bankroll): the page asks before a chip
    goes down, and shows the library's reason when it does not."""
    return await light(request, _check, request, body)


def _deal(request: Request, body: DealRound) -> Response:
    stakes = read_stakes(body.stakes)
    with open_session(request) as session:
        sitting = _seated(session.get(SEAT))
        shown = body.drawn is not None and body.drawn == sitting.table.rounds_played
        before = road_cells(sitting) if shown else None
        bankrolls = len(sitting.bankrolls)
        played = sitting.play(stakes)
        session.put(SEAT, sitting)
        view = seat_view(sitting)
        if before is not None:
            view = since_view(view, before, bankrolls, played.reshuffled)
        return answer(request, view)


@router.post("/api/baccarat/deal", response_model=TableAnswer, responses=answers(*CHANGES))
async def deal(request: Request, body: DealRound) -> Response:
    """Deal a round with the chips on the table. With ``drawn``, the table the page
    shows, only the road cells and bankrolls that changed are sent (see ``since``)."""
    return await light(request, _deal, request, body)


def _leave(request: Request) -> Response:
    with open_session(request) as session:
        session.clear(SEAT)
        return answer(request, seat_view(None))


@router.delete("/api/baccarat/table", response_model=TableAnswer, responses=answers(*CHANGES))
async def leave(request: Request) -> Response:
    """Leave the table."""
    return await light(request, _leave, request)


def warm() -> None:
    """Price a full shoe for the odds panel: the first pricing builds the payoff matrices
    every later one uses (half a second and 35 MB), and the requests that come meanwhile
    wait for it (a server's first browsers, arriving together, each built them at once,
    and the process kept the memory)."""
    seat_view(None)


PAGE: Final = GamePage(
    key="baccarat",
    title="Baccarat",
    path="/baccarat",
    summary="Punto banco at a table with its own rules: chips, the five roads and the ask "
    "road, and the exact odds of every bet for the cards left in the shoe.",
    router=router,
    warm=warm,
)
