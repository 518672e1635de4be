"""What every game page shares: its entry in the lobby, and the pair of routes every
page has (the page, and its state as JSON).

A page is a template (:mod:`croupier.web.templating`) rendered around its state; its
script renders the state and talks to the page's JSON API under ``/api/<game>/``.
:func:`page_and_state` adds both routes of a page from one view of its seat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from croupier.web.answers import answer
from croupier.web.dependencies import Seat, seat
from croupier.web.schemas import READS, answers
from croupier.web.sessions import Saveable, Slot
from croupier.web.templating import render

__all__ = ["GamePage", "add_routes", "page_and_state"]


T = TypeVar("T", bound=Saveable)


@dataclass(frozen=True, slots=True)
class GamePage:
    """A game of the web app: its page, its lobby entry and its routers.

    ``routers`` hold the game's pages (the first is ``GET path``) and its JSON API
    (``/api/<key>/...``), one router per page; ``croupier serve`` calls ``warm`` (if
    given) as it starts.
    """

    key: str
    title: str
    path: str
    summary: str
    routers: tuple[APIRouter, ...]
    #: What the server starts doing as it starts answering (on a thread of its own):
    #: build what the game's requests all use, before the first request needs it.
    warm: Callable[[], object] | None = None


def add_routes(target: APIRouter, source: APIRouter) -> None:
    """Every route of ``source`` served by ``target`` as its own, in their order.

    FastAPI's ``include_router`` keeps an included router apart and goes through it again
    for every request (each of its routes matched through a context built for the
    inclusion): with the games' sixty routes that cost a request more than its answer.
    The games' routers take no prefix or options, so their routes are taken as they are
    (a route's own answers in the OpenAPI description unchanged).

    >>> from fastapi import APIRouter
    >>> games, lobby = APIRouter(), APIRouter()
    >>> @games.get("/dice")
    ... def dice() -> None: ...
    >>> add_routes(lobby, games)
    >>> [route.path for route in lobby.routes]
    ['/dice']
    """
    target.routes.extend(source.routes)


def page_and_state(
    router: APIRouter,
    *,
    page: str,
    api: str,
    template: str,
    title: str,
    slot: Slot[T],
    view: Callable[[T | None], Any],
    response_model: Any,
) -> None:
    """Add the two routes of a page to ``router``: ``GET page``, the page ``template``
    rendered around its state, and ``GET api``, the same state as JSON (its model
    ``response_model``); the state is ``view`` of the browser's game in ``slot``
    (``None`` without one). Both run on the event loop (see
    :mod:`croupier.web.dependencies`): the game is read before, and a view is light work.
    """
    game = Annotated[Seat[Any], seat(slot)]

    async def page_route(request: Request, game: Seat[Any]) -> Response:
        return render(request, template, title=title, state=view(game.state))

    async def state_route(request: Request, game: Seat[Any]) -> Response:
        return answer(request, view(game.state))

    for route, doc in (
        (page_route, f"The {title} page."),
        (state_route, f"The {title} page's state."),
    ):
        # The seat's dependency is made here: given as the parameter's annotation itself
        # (FastAPI reads an annotation that is not a string as it is).
        route.__annotations__ = {**route.__annotations__, "game": game}
        route.__doc__ = doc
        route.__name__ = f"{slot.name.replace('-', '_')}_{route.__name__}"
    router.add_api_route(page, page_route, methods=["GET"], response_class=HTMLResponse)
    router.add_api_route(
        api, state_route, methods=["GET"], response_model=response_model, responses=answers(*READS)
    )
