"""The web app: :func:`create_app` builds it from the routers of the games in
:data:`~croupier.web.routers.GAMES` and the app's own (the lobby, jobs)."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Collection, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Final

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from croupier import __version__
from croupier.web.compute import JOB_NICENESS, JOB_WORKERS, Compute
from croupier.web.errors import install_error_handlers
from croupier.web.guard import MAX_BODY, Access, GuardMiddleware, allowed
from croupier.web.jobs import Jobs
from croupier.web.live import Hub
from croupier.web.pages import GamePage, add_routes, index_routes
from croupier.web.routers import GAMES, lobby, organiser
from croupier.web.routers import jobs as jobs_routes
from croupier.web.sessions import SessionCookieMiddleware, Sessions
from croupier.web.store import Store, StoreLimits, open_store
from croupier.web.tables import Tables
from croupier.web.templating import PACKAGE_ROOT

__all__ = ["GAMES", "MAX_BODY", "OPENAPI_PATH", "TAGS", "create_app"]

log = logging.getLogger(__name__)

#: Where the OpenAPI description of the JSON API is served.
OPENAPI_PATH: Final = "/api/openapi.json"

#: The routers' tags, in the order the OpenAPI description lists them.
TAGS: Final = (
    {"name": "lobby", "description": "The lobby and the server's health."},
    {"name": "baccarat", "description": "A Baccarat table of one's own."},
    {"name": "baccarat trainer", "description": "The card-counting trainer."},
    {"name": "poker", "description": "The equity calculator and the comparison of hands."},
    {"name": "casino", "description": "Casino against the computer."},
    {"name": "casino review", "description": "A Casino game's review, as a job."},
    {"name": "casino puzzles", "description": "Casino puzzles, rated by Glicko-2."},
    {
        "name": "casino tables",
        "description": "Casino between two people: open, join, play, take back by agreement, "
        "resign, watch; live updates as server-sent events.",
    },
    {
        "name": "baccarat tables",
        "description": "One Baccarat shoe for the room: sit, bet, be ready, watch; live updates "
        "as server-sent events.",
    },
    {"name": "organiser", "description": "The room at a glance, and the lobby's list of tables."},
    {"name": "jobs", "description": "Any long calculation's progress and result."},
)


def create_app(
    state_dir: Path | None = None,
    *,
    games: Sequence[GamePage] = GAMES,
    allowed_hosts: Collection[str] | None = None,
    database: str | None = None,
    limits: StoreLimits | None = None,
    compute_processes: int = 0,
    join_code: str | None = None,
    store: Store | None = None,
    check_answers: bool = True,
    puzzle_history: Path | None = None,
    saved_ranges: Path | None = None,
) -> FastAPI:
    """The croupier web app.

    Sessions are kept in ``store``, else in the database ``database`` (a
    ``postgresql://`` URL or a SQLite file), else in the SQLite database under
    ``state_dir`` (``None``: a temporary one, gone when the app stops), within
    ``limits``. The computer's moves and hints run in ``compute_processes`` worker
    processes (0: on threads of this process), and the long jobs (reviews, equity) in
    a pool of their own, half as large and at a lower priority of the system's
    (:data:`~croupier.web.compute.JOB_NICENESS`): a move never waits behind a review.
    With ``allowed_hosts``, a request naming another host in its ``Host`` header is
    refused (400); with ``join_code``, a browser must give the code before it may play. With
    ``check_answers``, every answer of the JSON API is checked against its route's
    model before it is sent (see :mod:`croupier.web.answers`). With ``puzzle_history``
    (a local server's: the person's file that ``croupier casino puzzle`` keeps), the
    Casino puzzles are rated in that file; without, in each browser's session. With
    ``saved_ranges`` (a local server's: the file ``croupier poker ranges`` keeps), the
    poker page's saved ranges are that file's; without, each browser's session's.
    """
    store = store if store is not None else open_store(state_dir, database, limits)
    compute = Compute(compute_processes)
    jobs_pool = max(1, compute_processes // 2) if compute_processes else 0
    jobs = Jobs(Compute(jobs_pool, name=JOB_WORKERS, niceness=JOB_NICENESS), store)
    sessions = Sessions(store)
    hub = Hub(store)
    tables = Tables(store, hub)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # An app may be served more than once (tests): everything starts again.
        compute.open()
        jobs.compute.open()
        jobs.open()
        await hub.start()
        yield
        await hub.stop()
        jobs.shutdown()
        jobs.compute.shutdown()
        compute.shutdown()
        store.close()

    app = FastAPI(
        title="croupier",
        version=__version__,
        description="The JSON API the pages of croupier serve use. Every refusal is "
        '`{"error": "one line"}` with a 4xx status (5xx: a bug, logged, or a busy server).',
        # The description is served; no docs page (it would load scripts from a CDN).
        docs_url=None,
        redoc_url=None,
        openapi_url=OPENAPI_PATH,
        openapi_tags=list(TAGS),
        lifespan=lifespan,
    )
    app.state.store = store
    app.state.sessions = sessions
    app.state.compute = compute
    app.state.jobs = jobs
    app.state.hub = hub
    app.state.tables = tables
    app.state.games = tuple(games)
    app.state.check_answers = check_answers
    app.state.puzzle_history = puzzle_history
    app.state.saved_ranges = saved_ranges
    install_error_handlers(app)
    app.mount("/static", StaticFiles(directory=str(PACKAGE_ROOT / "static")), name="static")

    # The routes served as the app's own (see add_routes: an included router is gone
    # through again for every request).
    add_routes(app.router, lobby.router)
    add_routes(app.router, organiser.router)
    add_routes(app.router, jobs_routes.router)
    for game in games:
        for router in game.routers:
            add_routes(app.router, router)
    index_routes(app.router)  # the route of a path without parameters in one look-up
    app.add_middleware(SessionCookieMiddleware, sessions=sessions)
    access = Access(
        allowed_hosts=None if allowed_hosts is None else allowed(allowed_hosts),
        join_code=join_code,
        key=store.secret(),
        store=store,
    )
    app.add_middleware(GuardMiddleware, access=access)
    return app
