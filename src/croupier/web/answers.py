"""A route's JSON answer, written in the route's own thread, and checked against the
route's answer model wherever the app checks its answers (everywhere but ``croupier serve``).

A route declares its answer model (``response_model=``, from :mod:`croupier.web.schemas`)
and returns ``answer(request, view)``: the view (plain dicts and lists) is written as
JSON bytes here, by Pydantic's compiled core (a few times faster than the standard
library's encoder), exactly as the view gives it. FastAPI would write a returned dict
after a second trip to the thread pool (a plain route's answer is checked off the event
loop), and a trip costs more than the writing: the answer is ready when the route
returns.

An app built by :func:`~croupier.web.app.create_app` checks every answer against its
route's model first (``check_answers``, on by default: the tests, the browser tests and
the property-based API tests all run so): a view that strays from its model (a key the
model lacks, a value of another type) is a :class:`fastapi.exceptions.ResponseValidationError`,
a 500 the server logs, exactly as when FastAPI checks it. ``croupier serve`` writes the
views without checking them again: the check builds a model object for every part of the
answer, which would double the cost of a Baccarat deal, and the suite has checked every
route's answers against the same models.
"""

from __future__ import annotations

import threading
from typing import Any, Final

from fastapi.exceptions import ResponseValidationError
from fastapi.routing import APIRoute
from pydantic import TypeAdapter, ValidationError
from pydantic_core import to_json
from starlette.requests import Request
from starlette.responses import Response

__all__ = ["answer"]

#: Each route's answer model as a validator, by the route's id (the route is kept beside
#: it, so that the id stays its own).
_ADAPTERS: Final[dict[int, tuple[APIRoute, TypeAdapter[Any]]]] = {}
_LOCK: Final = threading.Lock()


def _adapter(route: APIRoute) -> TypeAdapter[Any]:
    entry = _ADAPTERS.get(id(route))
    if entry is None or entry[0] is not route:
        if route.response_model is None:
            raise TypeError(f"the route {route.path} declares no response_model to answer with")
        entry = (route, TypeAdapter(route.response_model))
        with _LOCK:
            _ADAPTERS[id(route)] = entry
    return entry[1]


def answer(request: Request, content: Any, status_code: int = 200) -> Response:
    """``content`` (JSON-ready data) as the JSON answer of the route serving ``request``,
    first checked against the route's ``response_model`` when the app checks its answers
    (a key the model does not list is refused)."""
    route = request.scope["route"]
    adapter = _adapter(route)  # a route without a model cannot answer, checked or not
    if getattr(request.app.state, "check_answers", True):
        try:
            adapter.validate_python(content)
        except ValidationError as exc:
            raise ResponseValidationError(errors=exc.errors(), body=content) from None
    # NaN and infinities are not JSON: null, as FastAPI writes them.
    body = to_json(content, inf_nan_mode="null")
    return Response(body, status_code, media_type="application/json")
