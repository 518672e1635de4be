"""The Baccarat table page (``/baccarat``) and its JSON API (``/api/baccarat/...``).

The game is :class:`croupier.baccarat.sitting.Sitting`, as at the terminal: a table with
its own rules (commission, tie payout, side bets on offer, limits of a spot), a bankroll
and a shoe with its cut card. The page puts chips on the table's bets (each chip checked
by the library before it goes down) and deals; the routes read the request (its fields
bounded by :mod:`croupier.web.schemas.baccarat`), call the sitting, and answer the
table (:func:`~croupier.web.views.baccarat.seat_view`).

Every route here is light (half a millisecond of work): ``async``, on the event loop,
with the sitting read before it runs (see :mod:`croupier.web.dependencies`).
"""

from __future__ import annotations

from typing import Annotated, Final

from fastapi import Request
from fastapi.responses import Response

from croupier.baccarat.sitting import Sitting
from croupier.baccarat.table import table_shoe
from croupier.baccarat.tablerules import TableRules, table_rules
from croupier.web.answers import answer
from croupier.web.dependencies import Seat, seat
from croupier.web.pages import game_router, page_and_state
from croupier.web.schemas import CHANGES, SENDS, answers
from croupier.web.schemas.baccarat import (
    CheckAnswer,
    Deal,
    DealRound,
    SitDown,
    TableAnswer,
    TableRequest,
)
from croupier.web.sessions import Slot
from croupier.web.views.baccarat import road_cells, seat_view, since_view

__all__ = ["SEAT", "router", "rules_of", "sit_down"]

router = game_router("baccarat")

#: The browser's own table.
SEAT: Final = Slot("baccarat", Sitting.from_dict)
#: A route's seat at the table.
TableSeat = Annotated[Seat[Sitting], seat(SEAT)]
#: The refusal without a table.
NO_TABLE: Final = "no table yet: sit down first"


def rules_of(request: TableRequest) -> TableRules:
    """The table's rules a request asks for (checked by the library)."""
    side_bets = None if request.side_bets is None else tuple(request.side_bets)
    return table_rules(
        request.payouts,
        commission=request.commission,
        tie_pays=request.tie_pays,
        side_bets=side_bets,
        min_stake=request.min_stake,
        max_stake=request.max_stake,
    )


def sit_down(request: SitDown) -> Sitting:
    """A sitting for ``request`` (the stake, unless given: $100 within the limits and
    the bankroll)."""
    rules = rules_of(request)
    stake = request.stake
    if stake is None:
        stake = min(max(rules.min_stake, 10_000), rules.max_stake, max(request.bankroll, 1))
    return Sitting.sit_down(
        rules,
        shoe=table_shoe(request.decks, request.seed),
        bankroll=request.bankroll,
        stake=stake,
        deal_order=request.deal_order,
    )


page_and_state(
    router,
    page="/baccarat",
    api="/api/baccarat",
    template="baccarat.html",
    title="Baccarat",
    slot=SEAT,
    view=seat_view,
    response_model=TableAnswer,
)


@router.post("/api/baccarat/table", response_model=TableAnswer, responses=answers(*CHANGES))
async def new_table(request: Request, body: SitDown, table: TableSeat) -> Response:
    """Sit down at a new table (leaving the old one)."""
    sitting = sit_down(body)
    table.put(sitting)
    return answer(request, seat_view(sitting))


@router.post("/api/baccarat/check", response_model=CheckAnswer, responses=answers(*SENDS, 409))
async def check(request: Request, body: Deal, table: TableSeat) -> Response:
    """Whether the table takes these chips (limits, bankroll): the page asks before a chip
    goes down, and shows the library's reason when it does not."""
    stakes = {key: cents for key, cents in body.stakes.items() if cents}
    table.require(NO_TABLE).check(stakes)
    return answer(request, {"ok": True, "total": sum(stakes.values())})


@router.post("/api/baccarat/deal", response_model=TableAnswer, responses=answers(*CHANGES))
async def deal(request: Request, body: DealRound, table: TableSeat) -> Response:
    """Deal a round with the chips on the table. With ``drawn``, the table the page
    shows, only the road cells and bankrolls that changed are sent (see ``since``)."""
    sitting = table.require(NO_TABLE)
    stakes = {key: cents for key, cents in body.stakes.items() if cents}
    shown = body.drawn is not None and body.drawn == sitting.table.rounds_played
    before = road_cells(sitting.scoreboard) if shown else None
    bankrolls = len(sitting.bankrolls)
    played = sitting.play(stakes)
    table.put(sitting)
    view = seat_view(sitting)
    if before is not None and view["seated"]:
        view = since_view(view, before, bankrolls, played.reshuffled)
    return answer(request, view)


@router.delete("/api/baccarat/table", response_model=TableAnswer, responses=answers(*CHANGES))
async def leave(request: Request, table: TableSeat) -> Response:
    """Leave the table."""
    table.clear()
    return answer(request, seat_view(None))
