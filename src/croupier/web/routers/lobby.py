"""The lobby (``/``) and the server's health (``/healthz``)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from croupier import __version__
from croupier.web.schemas import READS, answers
from croupier.web.schemas.lobby import Health
from croupier.web.templating import render_static

__all__ = ["router"]

router = APIRouter(tags=["lobby"])


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request) -> Response:
    """The lobby: the games. The same for every browser: rendered once, then served from
    memory, on the event loop (a trip to the thread pool would cost more than the answer)."""
    return render_static(request, "lobby.html", title="Lobby")


@router.get("/healthz", response_model=Health, responses=answers(*READS))
async def health() -> Health:
    """The server answers (and which croupier it is)."""
    return {"status": "ok", "version": __version__}
