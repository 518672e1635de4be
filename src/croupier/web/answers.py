"""A route's JSON answer, checked against the route's answer model and written in the
route's own thread.

A route declares its answer model (``response_model=``, from :mod:`croupier.web.schemas`)
and returns ``answer(request, view)``: the view (plain dicts and lists) is validated
against that model and written as JSON bytes here, by Pydantic's compiled core. FastAPI
would do the same for a returned dict, but in a second trip to the thread pool after the
route's own (a plain route's answer is validated off the event loop), and a trip costs
more than the validation: the answer is ready when the route returns.

A view that strays from its model (a key the model lacks, a value of another type) is a
:class:`fastapi.exceptions.ResponseValidationError`, a 500 logged by the server, exactly
as when FastAPI checks it: the tests see it at once.
"""

from __future__ import annotations

import threading
from typing import Any, Final

from fastapi.exceptions import ResponseValidationError
from fastapi.routing import APIRoute
from pydantic import TypeAdapter, ValidationError
from starlette.requests import Request
from starlette.responses import Response

__all__ = ["answer"]

#: Each route's answer model as a validator and writer, by the route's id (the route is
#: kept beside it, so that the id stays its own).
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
    """``content`` as the JSON answer of the route serving ``request``: checked against
    the route's ``response_model`` (a key it does not list is refused), keys the model
    leaves unset left out when the route says ``response_model_exclude_unset``."""
    route = request.scope["route"]
    adapter = _adapter(route)
    try:
        value = adapter.validate_python(content)
    except ValidationError as exc:
        raise ResponseValidationError(errors=exc.errors(), body=content) from None
    body = adapter.dump_json(value, exclude_unset=route.response_model_exclude_unset)
    return Response(body, status_code=status_code, media_type="application/json")
