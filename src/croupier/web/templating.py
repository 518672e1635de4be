"""The templates: a page rendered around its state, once per template and context.

Pages are Jinja2 templates under ``croupier/web/templates`` that extend ``base.html``
(header, lobby link, footer, the shared stylesheet and script). A page passes its
initial state to its script as JSON in ``<script type="application/json" id="state">``.
"""

from __future__ import annotations

import json
import threading
from importlib.resources import files
from typing import Any, Final

from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from pydantic_core import to_json

from croupier import __version__

__all__ = ["PACKAGE_ROOT", "render", "render_static", "state_json", "templates"]

#: The package folder holding the templates and the static assets.
PACKAGE_ROOT: Final = files("croupier.web")

templates = Jinja2Templates(directory=str(PACKAGE_ROOT / "templates"))
templates.env.globals["version"] = __version__
# The templates ship with the package: no need to look at their files' times on every page.
templates.env.auto_reload = False


def _render(request: Request, template: str, **context: Any) -> HTMLResponse:
    games = request.app.state.games
    return templates.TemplateResponse(
        request, template, {"games": games, "active": request.scope["path"], **context}
    )


#: What a page holds in place of its state when its template is rendered once.
_STATE_MARK: Final = "@@croupier-page-state@@"
#: Pages kept as the HTML before and after their state, by template, path and context.
_PAGES_AROUND_STATE: Final = 256
_around_state: dict[tuple[Any, ...], tuple[bytes, bytes]] = {}
_around_lock: Final = threading.Lock()


def state_json(state: Any) -> bytes:
    r"""``state`` as JSON inside a page's ``<script>``, as Jinja's ``tojson`` writes it
    (``<``, ``>``, ``&`` and ``'`` escaped), written by Pydantic's compiled writer (NaN
    and infinities as ``null``, as the API writes them).

    >>> state_json({"name": "</script><b>", "odds": float("nan")})
    b'{"name":"\\u003c/script\\u003e\\u003cb\\u003e","odds":null}'
    """
    text = to_json(state, inf_nan_mode="null")
    for char, escaped in ((b"<", b"\\u003c"), (b">", b"\\u003e"), (b"&", b"\\u0026")):
        text = text.replace(char, escaped)
    return text.replace(b"'", b"\\u0027")


def render(request: Request, template: str, **context: Any) -> HTMLResponse:
    """The page ``template`` rendered with ``context`` (plus the request and the games).

    A page with a ``state`` (the data its script starts from) is rendered once per
    template, path and other context, with a mark where the state goes; each request
    then writes only its state between the two halves (rendering the template took
    longer than the rest of the request).
    """
    if "state" not in context:
        return _render(request, template, **context)
    state = context.pop("state")
    games = tuple((game.key, game.title, game.path) for game in request.app.state.games)
    key = (template, request.scope["path"], games, tuple(sorted(context.items())))
    around = _around_state.get(key)
    if around is None:
        body = bytes(_render(request, template, state=_STATE_MARK, **context).body)
        before, mark, after = body.partition(json.dumps(_STATE_MARK).encode())
        if not mark or _STATE_MARK.encode() in after:
            raise AssertionError(f"{template} must show its state once, as base.html does")
        around = (before, after)
        with _around_lock:
            if len(_around_state) >= _PAGES_AROUND_STATE:
                _around_state.clear()
            _around_state[key] = around
    return HTMLResponse(around[0] + state_json(state) + around[1])


_static_pages: dict[tuple[str, str], bytes] = {}


def render_static(request: Request, template: str, **context: Any) -> HTMLResponse:
    """:func:`render` for a page that is the same for every browser (the lobby, the
    poker calculator): rendered once per path, then served from memory."""
    key = (template, request.scope["path"])
    body = _static_pages.get(key)
    if body is None:
        body = _static_pages[key] = bytes(_render(request, template, **context).body)
    return HTMLResponse(body)
