"""What every game page shares: its entry in the lobby, the templates, cards as data.

Pages are Jinja2 templates under ``croupier/web/templates`` that extend ``base.html``
(header, lobby link, footer, the shared stylesheet and script). A page passes its
initial state to its script as JSON in ``<script type="application/json" id="state">``;
the script renders it and talks to the page's JSON API under ``/api/<game>/``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from importlib.resources import files
from typing import Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from croupier import __version__
from croupier.cards import Card

__all__ = ["GamePage", "card_view", "cards_view", "render", "render_static", "templates"]

#: The package folder holding the templates and the static assets.
PACKAGE_ROOT: Final = files("croupier.web")

templates = Jinja2Templates(directory=str(PACKAGE_ROOT / "templates"))
templates.env.globals["version"] = __version__


@dataclass(frozen=True, slots=True)
class GamePage:
    """A game of the web app: its page, its lobby entry and its routes.

    ``router`` holds the page (``GET path``) and the game's JSON API (``/api/<key>/...``).
    """

    key: str
    title: str
    path: str
    summary: str
    router: APIRouter


def render(request: Request, template: str, **context: Any) -> HTMLResponse:
    """The page ``template`` rendered with ``context`` (plus the request and the games)."""
    games = request.app.state.games
    return templates.TemplateResponse(
        request, template, {"games": games, "active": request.url.path, **context}
    )


_static_pages: dict[tuple[str, str], bytes] = {}


def render_static(request: Request, template: str, **context: Any) -> HTMLResponse:
    """:func:`render` for a page that is the same for every browser (the lobby, the
    poker calculator): rendered once per path, then served from memory."""
    key = (template, request.url.path)
    body = _static_pages.get(key)
    if body is None:
        body = _static_pages[key] = bytes(render(request, template, **context).body)
    return HTMLResponse(body)


def card_view(card: Card) -> dict[str, Any]:
    """A card as the pages draw it, with the words a screen reader says.

    >>> from croupier.cards import Card
    >>> card_view(Card.parse("Th"))
    {'code': 'Th', 'rank': '10', 'suit': '♥', 'red': True, 'name': '10 of hearts'}
    """
    return {
        "code": str(card),
        "rank": card.rank.label,
        "suit": card.suit.symbol,
        "red": card.suit.is_red,
        "name": card.long_name,
    }


def cards_view(cards: Iterable[Card]) -> list[dict[str, Any]]:
    """Several cards as :func:`card_view` draws them."""
    return [card_view(card) for card in cards]
