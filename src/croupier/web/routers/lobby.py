"""The lobby (``/``) and the server's health (``/healthz``)."""

from __future__ import annotations

from anyio import to_thread
from fastapi import Request
from fastapi.responses import HTMLResponse, Response

from croupier import __version__
from croupier.web.answers import answer
from croupier.web.dependencies import StoreService
from croupier.web.pages import game_router
from croupier.web.schemas import READS, answers
from croupier.web.schemas.lobby import Health
from croupier.web.templating import render_static

__all__ = ["router"]

router = game_router("lobby")


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request) -> Response:
    """The lobby: the games. The same for every browser: rendered once, then served from
    memory, on the event loop (a trip to the thread pool would cost more than the answer)."""
    return render_static(request, "lobby.html", title="Lobby")


@router.get(
    "/healthz",
    response_model=Health,
    responses={
        **answers(*READS),
        503: {"model": Health, "description": "the database cannot be used: the reason says why"},
    },
)
async def health(request: Request, store: StoreService) -> Response:
    """The server answers (and which croupier it is), and its database can be used: a
    503 with the reason when it cannot (a full disk, its file deleted, the database
    server not answering), for whatever watches the server."""
    reason = store.health() if store.local else await to_thread.run_sync(store.health)
    if reason is None:
        ok: Health = {"status": "ok", "version": __version__}
        return answer(request, ok)
    failing: Health = {"status": "failing", "version": __version__, "reason": reason}
    return answer(request, failing, 503)
