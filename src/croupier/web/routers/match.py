"""Casino between two people (``/casino/tables/<id>``): open a table, invite by its link
or from the lobby's list, play a tournament to 21, watch.

A table is a :class:`~croupier.web.views.match.CasinoTable` in the store
(:mod:`croupier.web.tables`): the library's :class:`~croupier.casino.match.Match` (the
turns, the take-backs by agreement, resignation) and the browsers in its seats. Every
answer, and every event of the table's stream (``/events``, server-sent events), is the
table as this browser may see it (:func:`~croupier.web.views.match.match_view`): a
player's own hand, never the other's; a watcher's, no hand at all. A move through any
server process reaches the other player's stream at once in the same process, within
:data:`~croupier.web.live.POLL_SECONDS` in another (see :mod:`croupier.web.live`).

The routes that change a table are plain functions (on a worker thread: they read and
write the store); the stream is ``async`` and reads the store from a worker thread when
it is not a local file.
"""

from __future__ import annotations

from typing import Annotated, Final

from anyio import to_thread
from fastapi import Path, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from pydantic_core import to_json

from croupier.casino import Player
from croupier.casino.gamelog import format_game_file
from croupier.casino.match import Match
from croupier.web.answers import answer
from croupier.web.dependencies import Owner, TablesService
from croupier.web.errors import ApiError
from croupier.web.live import EventStream, stream
from croupier.web.pages import game_router
from croupier.web.people import PersonSeat, named
from croupier.web.schemas import CHANGES, READS, answers
from croupier.web.schemas.match import Accept, JoinTable, MatchView, OpenTable, Play
from croupier.web.tables import Tables
from croupier.web.templating import render
from croupier.web.views.match import CasinoTable, match_view

__all__ = ["KIND", "TableId", "router"]

router = game_router("casino tables")

#: The kind of these tables in the store.
KIND: Final = "casino"
#: A table's id in a path.
TableId = Annotated[str, Path(min_length=8, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]


def _look(tables: Tables, table: str) -> tuple[int, CasinoTable]:
    return tables.look(table, KIND, CasinoTable.from_dict)


def _take(tables: Tables, table: str) -> tuple[int, CasinoTable]:
    return tables.take(table, KIND, CasinoTable.from_dict)


def _view(tables: Tables, table: str, version: int, game: CasinoTable, viewer: str) -> MatchView:
    return match_view(table, version, game, viewer, tables.hub.watching(table))


def _seat(game: CasinoTable, owner: str) -> Player:
    """This browser's seat (a 409 for a watcher)."""
    found = game.seat_of(owner)
    if found is None:
        raise ApiError(409, "you watch this table: only its two players play")
    return found


def _changed(
    request: Request, tables: Tables, table: str, version: int, game: CasinoTable, owner: str
) -> Response:
    """Save the changed table and answer it."""
    new = tables.write(table, version, game)
    return answer(request, _view(tables, table, new, game, owner))


@router.post(
    "/api/casino/tables", status_code=201, response_model=MatchView, responses=answers(*CHANGES)
)
def open_table(
    request: Request, body: OpenTable, tables: TablesService, owner: Owner, person: PersonSeat
) -> Response:
    """Open a table and sit at it (the first seat): invite someone with its link, or let
    them find it in the lobby's list; the coin is tossed when they sit down."""
    game = CasinoTable(Match.open(body.name, body.call), [owner, None])
    table, version = tables.create(KIND, game)
    named(person, body.name)
    return answer(request, _view(tables, table, version, game, owner), status_code=201)


@router.get(
    "/casino/tables/{table_id}",
    response_class=HTMLResponse,
    responses=answers(*READS, 404, page=True),
)
def table_page(request: Request, table_id: TableId, tables: TablesService, owner: Owner,
               person: PersonSeat) -> Response:  # fmt: skip
    """A table's page: play at it, join it, or watch it."""
    version, game = _look(tables, table_id)
    known = person.state
    state = {
        "table": _view(tables, table_id, version, game, owner),
        "name": None if known is None else known.name,
    }
    return render(request, "casino_table.html", title="Casino table", state=state)


@router.get(
    "/api/casino/tables/{table_id}", response_model=MatchView, responses=answers(*READS, 404)
)
def table_state(
    request: Request, table_id: TableId, tables: TablesService, owner: Owner
) -> Response:
    """The table as this browser may see it."""
    version, game = _look(tables, table_id)
    return answer(request, _view(tables, table_id, version, game, owner))


@router.post(
    "/api/casino/tables/{table_id}/join",
    response_model=MatchView,
    responses=answers(*CHANGES, 404),
)
def join_table(
    request: Request,
    table_id: TableId,
    body: JoinTable,
    tables: TablesService,
    owner: Owner,
    person: PersonSeat,
) -> Response:
    """Sit down in the free seat: the coin is tossed and round 1 dealt."""
    version, game = _take(tables, table_id)
    if game.seat_of(owner) is not None:
        raise ApiError(409, "you sit at this table already")
    seat = game.match.join(body.name)  # both seats taken: a 409 with the reason
    game.seats[seat] = owner
    named(person, body.name)
    return _changed(request, tables, table_id, version, game, owner)


@router.post(
    "/api/casino/tables/{table_id}/move",
    response_model=MatchView,
    responses=answers(*CHANGES, 404),
)
def move(
    request: Request, table_id: TableId, body: Play, tables: TablesService, owner: Owner
) -> Response:
    """This browser's move (refused with the rule it breaks, or off its turn)."""
    version, game = _take(tables, table_id)
    game.match.play_parts(_seat(game, owner), body.card, body.action, body.items)
    return _changed(request, tables, table_id, version, game, owner)


@router.post(
    "/api/casino/tables/{table_id}/takeback",
    response_model=MatchView,
    responses=answers(*CHANGES, 404),
)
def ask_takeback(
    request: Request, table_id: TableId, tables: TablesService, owner: Owner
) -> Response:
    """Ask to take back this browser's last move of the round (and the reply, if it
    came): it happens when the other player agrees."""
    version, game = _take(tables, table_id)
    game.match.ask_takeback(_seat(game, owner))
    return _changed(request, tables, table_id, version, game, owner)


@router.post(
    "/api/casino/tables/{table_id}/takeback/answer",
    response_model=MatchView,
    responses=answers(*CHANGES, 404),
)
def answer_takeback(
    request: Request, table_id: TableId, body: Accept, tables: TablesService, owner: Owner
) -> Response:
    """Agree to the other player's take-back, or refuse it."""
    version, game = _take(tables, table_id)
    game.match.answer_takeback(_seat(game, owner), accept=body.accept)
    return _changed(request, tables, table_id, version, game, owner)


@router.post(
    "/api/casino/tables/{table_id}/resign",
    response_model=MatchView,
    responses=answers(*CHANGES, 404),
)
def resign(request: Request, table_id: TableId, tables: TablesService, owner: Owner) -> Response:
    """Give up: the other player wins the tournament."""
    version, game = _take(tables, table_id)
    game.match.resign(_seat(game, owner))
    return _changed(request, tables, table_id, version, game, owner)


@router.get(
    "/api/casino/tables/{table_id}/game",
    response_class=PlainTextResponse,
    responses=answers(*READS, 404, 409, text=True),
)
def game_file(table_id: TableId, tables: TablesService) -> Response:
    """The finished tournament as one game file (every card of every round, for
    ``croupier casino review`` and the review page): refused while it goes on, when it
    would show hidden cards."""
    match = _look(tables, table_id)[1].match
    if not match.finished or match.state is None:
        raise ApiError(409, "the game file comes when the tournament is over")
    text = format_game_file(match.state, match.log)
    return PlainTextResponse(
        text, headers={"Content-Disposition": f'attachment; filename="casino-{table_id}.txt"'}
    )


@router.get(
    "/api/casino/tables/{table_id}/events",
    response_class=EventStream,
    responses=answers(*READS, 404, stream="the table as this browser may see it (a MatchView)"),
)
async def events(
    request: Request, table_id: TableId, tables: TablesService, owner: Owner
) -> Response:
    """The table's live updates (server-sent events): the table as this browser may see
    it now, then again after every change, wherever it was made."""
    local = tables.store.local

    def current() -> tuple[int, bytes]:
        version, game = _look(tables, table_id)
        return version, to_json(_view(tables, table_id, version, game, owner))

    async def update() -> tuple[int, bytes] | None:
        try:
            return current() if local else await to_thread.run_sync(current)
        except ApiError as exc:
            if exc.status_code == 404:
                return None
            raise

    if (await update()) is None:  # no such table: a 404, not an empty stream
        raise ApiError(404, f"no table {table_id!r} here")
    return EventStream(
        stream(tables.hub, table_id, update),
        headers={"x-accel-buffering": "no"},
    )
