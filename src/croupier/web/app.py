"""The web app: :func:`create_app` builds it from the games in :data:`GAMES`."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Collection, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Final

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from croupier import __version__
from croupier.web import baccarat, casino, poker
from croupier.web.errors import install_error_handlers
from croupier.web.jobs import Jobs
from croupier.web.pages import PACKAGE_ROOT, GamePage, render
from croupier.web.sessions import SessionCookieMiddleware, SessionStore

__all__ = ["GAMES", "create_app"]

log = logging.getLogger(__name__)

#: The games of the lobby, in its order. A new game page adds its ``PAGE`` here.
GAMES: Final[tuple[GamePage, ...]] = (baccarat.PAGE, poker.PAGE, casino.PAGE)

#: Largest request body accepted (bytes): every form of the app fits in far less.
MAX_BODY: Final = 64 * 1024

#: Headers on every answer: no framing, no sniffing, nothing loaded from elsewhere.
SECURITY_HEADERS: Final = (
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; "
        b"style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
)


def create_app(
    state_dir: Path | None = None,
    *,
    games: Sequence[GamePage] = GAMES,
    job_workers: int = 2,
    allowed_hosts: Collection[str] | None = None,
) -> FastAPI:
    """The croupier web app. Sessions are saved under ``state_dir`` (``None``: kept in
    memory only, lost when the server stops). With ``allowed_hosts``, a request naming
    another host in its ``Host`` header is refused (400): a web page elsewhere cannot
    reach a server on loopback by pointing its own name at 127.0.0.1."""
    jobs = Jobs(workers=job_workers)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        jobs.shutdown()

    app = FastAPI(
        title="croupier",
        version=__version__,
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
        lifespan=lifespan,
    )
    store = SessionStore(state_dir)
    app.state.sessions = store
    app.state.jobs = jobs
    app.state.games = tuple(games)
    install_error_handlers(app)
    app.mount("/static", StaticFiles(directory=str(PACKAGE_ROOT / "static")), name="static")

    @app.get("/", response_class=HTMLResponse)
    def lobby(request: Request) -> Response:
        return render(request, "lobby.html", title="Lobby")

    @app.get("/healthz")
    def health() -> dict[str, str]:
        return {"status": "ok", "version": __version__}

    for game in games:
        app.include_router(game.router)
    app.add_middleware(SessionCookieMiddleware, store=store)
    app.add_middleware(GuardMiddleware, allowed_hosts=allowed_hosts)
    return app


class GuardMiddleware:
    """Refuses unknown hosts (400) and bodies over :data:`MAX_BODY` bytes (413); adds
    :data:`SECURITY_HEADERS` to every answer."""

    def __init__(self, app: ASGIApp, allowed_hosts: Collection[str] | None = None) -> None:
        self.app = app
        self.allowed_hosts = None if allowed_hosts is None else frozenset(allowed_hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.allowed_hosts is not None:
            host = dict(scope.get("headers", [])).get(b"host", b"").decode("latin-1")
            name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
            if name not in self.allowed_hosts:
                names = ", ".join(sorted(self.allowed_hosts))
                refusal = JSONResponse({"error": f"this server answers to {names}"}, 400)
                await refusal(scope, receive, send)
                return
        length = dict(scope.get("headers", [])).get(b"content-length", b"0")
        if not length.isdigit() or int(length) > MAX_BODY:
            reason = f"the request body is over {MAX_BODY // 1024} KiB"
            if not length.isdigit():
                reason = "bad Content-Length header"
            await JSONResponse({"error": reason}, status_code=413)(scope, receive, send)
            return
        received = 0

        async def bounded_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > MAX_BODY:
                    return {"type": "http.disconnect"}
            return message

        # Game state changes with every request: pages and answers are never cached.
        extra: tuple[tuple[bytes, bytes], ...] = SECURITY_HEADERS
        if not scope["path"].startswith("/static/"):
            extra = (*SECURITY_HEADERS, (b"cache-control", b"no-store"))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, bounded_receive, send_with_headers)
