"""The web app: :func:`create_app` builds it from the games in :data:`GAMES`."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Collection, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Final, Literal

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from croupier import __version__
from croupier.web import baccarat, casino, poker
from croupier.web.compute import Compute
from croupier.web.errors import install_error_handlers
from croupier.web.guard import MAX_BODY, Access, GuardMiddleware, allowed
from croupier.web.jobs import Jobs
from croupier.web.jobs import router as jobs_router
from croupier.web.pages import PACKAGE_ROOT, GamePage, render_static
from croupier.web.schemas import READS, Answer, answers
from croupier.web.sessions import SessionCookieMiddleware, Sessions
from croupier.web.store import Store, StoreLimits, open_store

__all__ = ["GAMES", "MAX_BODY", "OPENAPI_PATH", "create_app"]

log = logging.getLogger(__name__)

#: Where the OpenAPI description of the JSON API is served.
OPENAPI_PATH: Final = "/api/openapi.json"


class Health(Answer):
    """The server answers."""

    status: Literal["ok"]
    version: str


#: The games of the lobby, in its order. A new game page adds its ``PAGE`` here.
GAMES: Final[tuple[GamePage, ...]] = (baccarat.PAGE, poker.PAGE, casino.PAGE)


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
) -> FastAPI:
    """The croupier web app.

    Sessions are kept in ``store``, else in the database ``database`` (a
    ``postgresql://`` URL or a SQLite file), else in the SQLite database under
    ``state_dir`` (``None``: a temporary one, gone when the app stops), within
    ``limits``. The computer's moves and hints run in ``compute_processes`` worker
    processes (0: on threads of this process), and the long jobs (reviews, equity) in
    a pool of their own, half as large: a move never waits behind a review. With
    ``allowed_hosts``, a request naming another host in its ``Host`` header is refused
    (400); with ``join_code``, a browser must give the code before it may play.
    """
    store = store if store is not None else open_store(state_dir, database, limits)
    compute = Compute(compute_processes)
    jobs = Jobs(Compute(max(1, compute_processes // 2) if compute_processes else 0), store)
    sessions = Sessions(store)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # An app may be served more than once (tests): everything starts again.
        compute.open()
        jobs.compute.open()
        jobs.open()
        yield
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
        lifespan=lifespan,
    )
    app.state.store = store
    app.state.sessions = sessions
    app.state.compute = compute
    app.state.jobs = jobs
    app.state.games = tuple(games)
    install_error_handlers(app)
    app.mount("/static", StaticFiles(directory=str(PACKAGE_ROOT / "static")), name="static")

    @app.get("/", response_class=HTMLResponse)
    def lobby(request: Request) -> Response:
        return render_static(request, "lobby.html", title="Lobby")

    @app.get("/healthz", response_model=Health, responses=answers(*READS))
    def health() -> dict[str, str]:
        return {"status": "ok", "version": __version__}

    app.include_router(jobs_router, responses=answers(*READS, 404))
    for game in games:
        app.include_router(game.router)
    app.add_middleware(SessionCookieMiddleware, sessions=sessions)
    access = Access(
        allowed_hosts=None if allowed_hosts is None else allowed(allowed_hosts),
        join_code=join_code,
        key=store.secret(),
    )
    app.add_middleware(GuardMiddleware, access=access)
    return app
