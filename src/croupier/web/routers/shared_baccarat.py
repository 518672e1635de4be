"""A Baccarat table the room shares (``/baccarat/tables/<id>``): one shoe and one
scoreboard, each player with their own bankroll and chips, a betting window for all.

A table is a :class:`~croupier.web.views.shared_baccarat.BaccaratRoom` in the store
(:mod:`croupier.web.tables`), its rules the library's
:class:`~croupier.baccarat.sharedtable.SharedTable`'s. A player's chips go down (each
checked against the table's limits and their bankroll) and they say they are ready; the
round is dealt when every seated player is ready, by the request that made them all
ready, or when the betting window closes: then by the first server process to notice
(its live streams' timer, or any request reading the table; the store's version check
lets one deal). Every answer, and every event of the table's stream, is the table as
this browser sees it (:func:`~croupier.web.views.shared_baccarat.room_view`).
"""

from __future__ import annotations

import time
from typing import Annotated, Final

from anyio import to_thread
from fastapi import Path, Request
from fastapi.responses import HTMLResponse, Response
from pydantic_core import to_json

from croupier.baccarat.sharedtable import SharedTable
from croupier.baccarat.table import table_shoe
from croupier.web.answers import answer
from croupier.web.dependencies import Owner, TablesService
from croupier.web.errors import ApiError
from croupier.web.live import EventStream, stream
from croupier.web.pages import game_router
from croupier.web.people import PersonSeat, named
from croupier.web.routers.baccarat import rules_of
from croupier.web.schemas import CHANGES, READS, answers
from croupier.web.schemas.shared_baccarat import OpenRoom, Ready, RoomBets, RoomView, SitAtRoom
from croupier.web.tables import Tables
from croupier.web.templating import render
from croupier.web.views.shared_baccarat import BaccaratRoom, room_view

__all__ = ["KIND", "router"]

router = game_router("baccarat tables")

#: The kind of these tables in the store.
KIND: Final = "baccarat"
#: A table's id in a path.
TableId = Annotated[str, Path(min_length=8, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]


def _look(tables: Tables, table: str) -> tuple[int, BaccaratRoom]:
    return tables.look(table, KIND, BaccaratRoom.from_dict)


def _take(tables: Tables, table: str) -> tuple[int, BaccaratRoom]:
    return tables.take(table, KIND, BaccaratRoom.from_dict)


def _view(tables: Tables, table: str, version: int, game: BaccaratRoom, viewer: str) -> RoomView:
    return room_view(table, version, game, viewer, tables.hub.watching(table), time.time())


def _current(tables: Tables, table: str) -> tuple[int, BaccaratRoom]:
    """The table, with its round dealt first if it is due (the window closed): whoever
    reads it first deals (another process that dealt meanwhile wins; its deal is read)."""
    version, game = _look(tables, table)
    if game.room.due(now=time.time()):
        version, game = _take(tables, table)
        game.room.deal(now=time.time())
        try:
            version = tables.write(table, version, game)
        except ApiError as exc:
            if exc.status_code != 409:
                raise
            version, game = _look(tables, table)
    return version, game


def _changed(
    request: Request, tables: Tables, table: str, version: int, game: BaccaratRoom, owner: str
) -> Response:
    """Deal the round if the change made it due, save the table and answer it."""
    now = time.time()
    if game.room.due(now=now):
        game.room.deal(now=now)
    new = tables.write(table, version, game)
    return answer(request, _view(tables, table, new, game, owner))


@router.post(
    "/api/baccarat/tables", status_code=201, response_model=RoomView, responses=answers(*CHANGES)
)
def open_room(request: Request, body: OpenRoom, tables: TablesService, owner: Owner) -> Response:
    """Open a shared table with these rules (players then sit down at it)."""
    room = SharedTable(
        rules_of(body),
        table_shoe(body.decks, body.seed),
        window=float(body.window),
        deal_order=body.deal_order,
    )
    game = BaccaratRoom(body.title.strip() or "Baccarat", room)
    table, version = tables.create(KIND, game)
    return answer(request, _view(tables, table, version, game, owner), status_code=201)


@router.get(
    "/baccarat/tables/{table_id}",
    response_class=HTMLResponse,
    responses=answers(*READS, 404, page=True),
)
def room_page(
    request: Request, table_id: TableId, tables: TablesService, owner: Owner, person: PersonSeat
) -> Response:
    """A shared table's page: sit down and bet, or watch."""
    version, game = _current(tables, table_id)
    known = person.state
    state = {
        "table": _view(tables, table_id, version, game, owner),
        "name": None if known is None else known.name,
    }
    return render(request, "baccarat_table.html", title="Baccarat table", state=state)


@router.get(
    "/api/baccarat/tables/{table_id}", response_model=RoomView, responses=answers(*READS, 404)
)
def room_state(
    request: Request, table_id: TableId, tables: TablesService, owner: Owner
) -> Response:
    """The table as this browser sees it (its round dealt first if the window closed)."""
    version, game = _current(tables, table_id)
    return answer(request, _view(tables, table_id, version, game, owner))


@router.post(
    "/api/baccarat/tables/{table_id}/seat",
    response_model=RoomView,
    responses=answers(*CHANGES, 404),
)
def sit(
    request: Request,
    table_id: TableId,
    body: SitAtRoom,
    tables: TablesService,
    owner: Owner,
    person: PersonSeat,
) -> Response:
    """Sit down with a bankroll (refused when the table is full)."""
    version, game = _take(tables, table_id)
    game.room.sit(owner, body.name, body.bankroll)
    named(person, body.name)
    return _changed(request, tables, table_id, version, game, owner)


@router.delete(
    "/api/baccarat/tables/{table_id}/seat",
    response_model=RoomView,
    responses=answers(*CHANGES, 404),
)
def leave(request: Request, table_id: TableId, tables: TablesService, owner: Owner) -> Response:
    """Leave the table (chips down come back)."""
    version, game = _take(tables, table_id)
    game.room.leave(owner)
    return _changed(request, tables, table_id, version, game, owner)


@router.post(
    "/api/baccarat/tables/{table_id}/bets",
    response_model=RoomView,
    responses=answers(*CHANGES, 404),
)
def bet(
    request: Request, table_id: TableId, body: RoomBets, tables: TablesService, owner: Owner
) -> Response:
    """This player's chips for the next round (they replace those down; none: taken
    back), each checked against the limits and the bankroll. The first chip opens the
    betting window."""
    version, game = _take(tables, table_id)
    game.room.bet(owner, body.stakes, now=time.time())
    return _changed(request, tables, table_id, version, game, owner)


@router.post(
    "/api/baccarat/tables/{table_id}/ready",
    response_model=RoomView,
    responses=answers(*CHANGES, 404),
)
def ready(
    request: Request, table_id: TableId, body: Ready, tables: TablesService, owner: Owner
) -> Response:
    """This player is ready (or not any more): when every player is, the round is dealt."""
    version, game = _take(tables, table_id)
    game.room.ready(owner, now=time.time(), ready=body.ready)
    return _changed(request, tables, table_id, version, game, owner)


@router.get(
    "/api/baccarat/tables/{table_id}/events",
    response_class=EventStream,
    responses=answers(*READS, 404, stream="the table as this browser sees it (a RoomView)"),
)
async def events(
    request: Request, table_id: TableId, tables: TablesService, owner: Owner
) -> Response:
    """The table's live updates (server-sent events): the table now, then after every
    change; the round is dealt here when the betting window closes."""
    local = tables.store.local
    hub = tables.hub

    def current() -> tuple[int, bytes, float | None]:
        version, game = _current(tables, table_id)
        view = _view(tables, table_id, version, game, owner)
        return version, to_json(view), game.room.closes

    async def due(table: str) -> None:
        await update()  # reads the table, dealing the round if it is due

    async def update() -> tuple[int, bytes] | None:
        try:
            version, data, closes = current() if local else await to_thread.run_sync(current)
        except ApiError as exc:
            if exc.status_code == 404:
                return None
            raise
        hub.at(table_id, closes, due)
        return version, data

    if (await update()) is None:
        raise ApiError(404, f"no table {table_id!r} here")
    return EventStream(
        stream(hub, table_id, update),
        headers={"x-accel-buffering": "no"},
    )
