"""Every error as one line: library errors and bad requests get a 4xx with the reason.

The JSON API (paths under ``/api/``) answers ``{"error": "one line"}``; pages answer a
small HTML page with the same line. A croupier error (bad card, bet, stake...) is a 422,
one that says the game is not in a state for the request (a
:class:`~croupier.errors.NotNowError`: not your turn, the tournament over) a 409;
a request the framework cannot read (missing field, wrong type, bad JSON) is a 422 that
names the field; an unknown path a 404; a client address holding too many sessions a
429; a database that cannot be used a 503 that says why (busy for a moment, or failing
until someone acts: a full disk, a deleted file, a server not answering); anything
unexpected a 500 that says only that the error was logged: never a traceback.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from http import HTTPStatus
from typing import Any, Final

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException
from starlette.routing import BaseRoute, Match

from croupier.errors import CroupierError, NotNowError
from croupier.web.store import SessionLimit, StoreError, StoreFailed

__all__ = ["ApiError", "install_error_handlers", "log_store_error", "one_line"]

log = logging.getLogger(__name__)

#: Longest reason sent back (longer ones are cut).
MAX_REASON: Final = 300


class ApiError(HTTPException):
    """An error a route raises itself: its status code and a one-line reason."""

    def __init__(self, status_code: int, reason: str) -> None:
        super().__init__(status_code, one_line(reason))


def one_line(text: object) -> str:
    """``text`` on one line, cut at :data:`MAX_REASON` characters.

    >>> one_line("bad card 'Zz'\\n  expected Kc")
    "bad card 'Zz' expected Kc"
    """
    line = " ".join(str(text).split())
    return line if len(line) <= MAX_REASON else line[: MAX_REASON - 1] + "…"


def log_store_error(where: str, exc: StoreError) -> None:
    """Log a database that could not be used: a warning when busy for a moment, an error
    when it fails until someone acts."""
    level = logging.ERROR if isinstance(exc, StoreFailed) else logging.WARNING
    log.log(level, "database %s: %s", where, exc)


def validation_reason(errors: Sequence[Mapping[str, Any]]) -> str:
    """The first problem of a request the framework could not read, in one line.

    >>> validation_reason([{"loc": ("body", "trials"), "msg": "Input should be a valid integer"}])
    'bad request: trials: input should be a valid integer'
    >>> validation_reason([{"loc": ("body", "decks"), "msg": "At most 8", "input": 9}])
    'bad request: decks 9: at most 8'
    >>> validation_reason([{"loc": ("body",), "msg": "Field required", "type": "missing"}])
    'bad request: body: field required'
    >>> validation_reason([{"loc": ("body", "bankroll"), "type": "value_error",
    ...                     "msg": "Value error, bad amount 'lots': expected dollars"}])
    "bad amount 'lots': expected dollars"

    A field read by the library (a money amount) says what the library says.
    """
    if not errors:
        return "bad request"
    first = errors[0]
    message = str(first.get("msg", "invalid"))
    if first.get("type") == "value_error" and message.startswith("Value error, "):
        return one_line(message.removeprefix("Value error, "))
    location = [str(part) for part in first.get("loc", ()) if part not in ("body", "query", "path")]
    where = ".".join(location) or str(first.get("loc", ("request",))[0])
    given = first.get("input")
    if first.get("type") != "missing" and isinstance(given, int | float | str):
        shown = repr(given) if not isinstance(given, str) or len(given) <= 40 else "(too long)"
        where = f"{where} {shown}"
    return one_line(f"bad request: {where}: {message[:1].lower()}{message[1:]}")


#: The HTTP statuses by number, for an error page's title.
_STATUSES: Final = frozenset(int(status) for status in HTTPStatus)


def _answer(request: Request, status: int, reason: str) -> Response:
    if request.url.path.startswith("/api/") or "text/html" not in request.headers.get("accept", ""):
        return JSONResponse({"error": reason}, status_code=status)
    from croupier.web.templating import render  # the templates load on first use

    title = f"{status} {HTTPStatus(status).phrase}" if status in _STATUSES else str(status)
    response = render(request, "error.html", status=status, reason=reason, title=title)
    response.status_code = status
    return response


def _allowed_methods(request: Request) -> list[str]:
    """Every method some route answers on this path (Starlette names only the first
    route's, when a path has several: a GET and a DELETE)."""
    methods: set[str] = set()
    for route in request.app.routes:
        if isinstance(route, BaseRoute) and route.matches(request.scope)[0] != Match.NONE:
            methods |= getattr(route, "methods", None) or set()
    return sorted(methods)


def install_error_handlers(app: FastAPI) -> None:
    """Make every error of ``app`` a one-line answer."""

    async def croupier_error(request: Request, exc: Exception) -> Response:
        # A sound request at the wrong moment (not your turn, no seat free): 409.
        return _answer(request, 409 if isinstance(exc, NotNowError) else 422, one_line(exc))

    async def bad_request(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        return _answer(request, 422, validation_reason(exc.errors()))

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        reason = exc.detail if exc.status_code != 404 or exc.detail != "Not Found" else None
        reason = reason or f"no page {request.url.path}"
        response = _answer(request, exc.status_code, one_line(reason))
        for key, value in (exc.headers or {}).items():
            response.headers[key] = value
        if exc.status_code == 405:
            response.headers["allow"] = ", ".join(_allowed_methods(request))
        return response

    async def store_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StoreError)
        log_store_error(f"on {request.method} {request.url.path}", exc)
        return _answer(request, 503, exc.reason)

    async def session_limit(request: Request, exc: Exception) -> Response:
        return _answer(request, 429, one_line(exc))

    async def unexpected(request: Request, exc: Exception) -> Response:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return _answer(request, 500, "internal error: the server logged it")

    app.add_exception_handler(StoreError, store_error)
    app.add_exception_handler(SessionLimit, session_limit)
    app.add_exception_handler(CroupierError, croupier_error)
    app.add_exception_handler(RequestValidationError, bad_request)
    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(Exception, unexpected)
