"""What every game page shares: its entry in the lobby, and the pair of routes every
page has (the page, and its state as JSON).

A page is a template (:mod:`croupier.web.templating`) rendered around its state; its
script renders the state and talks to the page's JSON API under ``/api/<game>/``.
:func:`page_and_state` adds both routes of a page from one view of its seat.

Every router of the app is a :func:`game_router`: its routes are :class:`PathRoute`
objects, which a request passes over at the cost of a string comparison (the app
matches a request against its routes in turn, and it has seventy), and the app finds
the route of a path without parameters (the pages, most of the API) in one look-up
(:class:`RouteIndex`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Final, TypeVar

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.routing import APIRoute
from starlette.routing import BaseRoute, Match, NoMatchFound
from starlette.types import Receive, Scope, Send

from croupier.web.answers import answer
from croupier.web.dependencies import Seat, seat
from croupier.web.schemas import READS, answers
from croupier.web.sessions import Saveable, Slot
from croupier.web.templating import render

__all__ = [
    "GamePage",
    "PathRoute",
    "RouteIndex",
    "add_routes",
    "game_router",
    "index_routes",
    "page_and_state",
]


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


class PathRoute(APIRoute):
    """A route of the app that tells at once a request path it cannot match.

    The app tries its routes in turn for each request, and FastAPI's own test of one
    route (a regular expression, and the scope of the match built) cost a page as much
    as the rest of its answer once the app had seventy routes. This route first compares
    the request's path with its own: the whole of it for a path without parameters, the
    part before the first ``{`` else; only a path that may match goes on to FastAPI's
    test. Its routes are served as the app's own (:func:`add_routes`), never through
    ``include_router`` (whose inclusion matches them by a path of its own), nor under a
    ``root_path`` (FastAPI's test then).

    >>> from fastapi import FastAPI
    >>> dice = game_router("dice")
    >>> @dice.get("/dice/{die}")
    ... def die(die: int) -> int: ...
    >>> route = dice.routes[0]
    >>> scope = {"type": "http", "method": "GET", "path": "/cards/3", "root_path": ""}
    >>> route.matches(scope)[0].name, route.matches({**scope, "path": "/dice/3"})[0].name
    ('NONE', 'FULL')
    """

    def __init__(self, path: str, endpoint: Callable[..., Any], **options: Any) -> None:
        super().__init__(path, endpoint, **options)
        literal, brace, _ = self.path.partition("{")
        #: The whole path of a route without parameters, else ``None``.
        self.exact: str | None = None if brace else self.path
        #: What every path this route matches starts with.
        self.prefix = literal

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        if scope["type"] == "http" and not scope.get("root_path"):
            path: str = scope["path"]
            if (path != self.exact) if self.exact is not None else not path.startswith(self.prefix):
                return Match.NONE, {}
        return super().matches(scope)


#: Methods a route is tried with when the index checks that no route before it takes its
#: path (:class:`RouteIndex`).
_METHODS: Final = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


class RouteIndex(BaseRoute):
    """The first route of the app: the route of a request whose path is one of its
    routes' whole paths (a page, most of the API), found in one look-up.

    The app tries its routes in turn, each refusing a path it cannot match
    (:class:`PathRoute`), and the Casino page was the forty-fourth. The index holds,
    for each path without parameters, the :class:`PathRoute` objects of that path, in
    the app's order, provided that no other route before the last of them takes that
    path (a route with parameters, a mount): the route the app's own search would find.
    A request is then tried on those routes only; when none takes it wholly (another
    method: a 405 to write, or a path the index does not hold) the index passes, and
    the app's own search goes on from the next route, as before. So does a request the
    app's telemetry follows (its route is named by the route the search finds).

    >>> from fastapi import FastAPI
    >>> app = FastAPI()
    >>> dice = game_router("dice")
    >>> @dice.get("/dice/{die}")
    ... def die(die: str) -> str: ...
    >>> @dice.get("/dice/six")
    ... def six() -> int: ...
    >>> @dice.get("/cards")
    ... def cards() -> int: ...
    >>> add_routes(app.router, dice)
    >>> index = index_routes(app.router)
    >>> sorted(index.paths)  # "/dice/six" is taken by "/dice/{die}" first
    ['/cards']
    >>> scope = {"type": "http", "method": "GET", "path": "/cards", "root_path": ""}
    >>> match, child = index.matches(scope)
    >>> match.name, child["route"].path
    ('FULL', '/cards')
    >>> index.matches({**scope, "method": "POST"})[0].name  # the app's search answers 405
    'NONE'
    """

    def __init__(self, routes: Sequence[BaseRoute]) -> None:
        by_path: dict[str, list[PathRoute]] = {}
        for route in routes:
            if isinstance(route, PathRoute) and route.exact is not None:
                by_path.setdefault(route.exact, []).append(route)
        self._by_path: dict[str, tuple[PathRoute, ...]] = {}
        for path, found in by_path.items():
            last = max(_position(routes, route) for route in found)
            before = [route for route in routes[:last] if all(route is not f for f in found)]
            if not any(_takes(route, path) for route in before):
                self._by_path[path] = tuple(found)

    @property
    def paths(self) -> frozenset[str]:
        """The paths the index finds the route of."""
        return frozenset(self._by_path)

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        if scope["type"] != "http" or scope.get("root_path") or "fastapi.telemetry" in scope:
            return Match.NONE, {}
        for route in self._by_path.get(scope["path"], ()):
            match, child_scope = route.matches(scope)
            if match is Match.FULL:
                return match, child_scope
        return Match.NONE, {}

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        # The route found: FastAPI's routes put themselves in the scope they match.
        route: PathRoute = scope["route"]
        await route.handle(scope, receive, send)

    def url_path_for(self, name: str, /, **path_params: Any) -> Any:
        raise NoMatchFound(name, path_params)  # the routes it finds name themselves


def _position(routes: Sequence[BaseRoute], route: BaseRoute) -> int:
    return next(index for index, each in enumerate(routes) if each is route)


def _takes(route: BaseRoute, path: str) -> bool:
    """Whether ``route`` matches ``path`` (wholly or but for the method) for a method."""
    return any(
        route.matches({"type": "http", "method": method, "path": path, "root_path": ""})[0]
        is not Match.NONE
        for method in _METHODS
    )


def index_routes(router: APIRouter) -> RouteIndex:
    """Put a :class:`RouteIndex` of ``router``'s routes first among them (once they are
    all added: a route added after it is found by the app's own search)."""
    routes = [route for route in router.routes if not isinstance(route, RouteIndex)]
    index = RouteIndex(routes)
    router.routes[:] = [index, *routes]
    return index


def game_router(tag: str) -> APIRouter:
    """A router of the app (one per page: FastAPI's "bigger applications"), its routes
    under the OpenAPI tag ``tag`` and each a :class:`PathRoute`."""
    return APIRouter(tags=[tag], route_class=PathRoute)


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
