"""What every router's schemas share: the bases, the error answer, cards, jobs, and the
refusals.

An answer is a :class:`~typing_extensions.TypedDict` marked :func:`closed`: the view
function that builds it returns that type, so mypy checks every key and value where the
answer is made, the OpenAPI description is generated from the same declaration, and the
answer stays a plain dict (written to JSON as it is: no model object per part). A
closed answer forbids keys it does not list: where the app checks its answers (the
tests), a view that adds one is a 500 instead of a key silently lost on the way.

A request is a :class:`RequestModel` (Pydantic, strict): exactly the fields it lists,
each of its type and within the bounds its ``Field`` gives.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, with_config
from typing_extensions import TypedDict

__all__ = [
    "CHANGES",
    "MAX_SEED",
    "READS",
    "SENDS",
    "BestCardView",
    "CardView",
    "ErrorAnswer",
    "JobAnswer",
    "JobState",
    "Players",
    "RequestModel",
    "Seed",
    "answers",
    "closed",
]

T = TypeVar("T")

#: The largest seed a request may give (the shuffles' seeds are 64-bit).
MAX_SEED: Final = 2**63 - 1
#: A seed in a request: a whole number from 0 to :data:`MAX_SEED` (``None``: drawn).
Seed = Annotated[int | None, Field(ge=0, le=MAX_SEED)]


def closed(answer: type[T]) -> type[T]:
    """Mark an answer's TypedDict as listing every key it may hold (Pydantic then refuses
    any other, and the OpenAPI description says ``additionalProperties: false``)."""
    return with_config(ConfigDict(extra="forbid"))(answer)


class RequestModel(BaseModel):
    """The base of every request model: exactly the fields it lists, each of its type
    (``false`` is not the seed 0, ``"8"`` is not 8 decks)."""

    model_config = ConfigDict(extra="forbid", strict=True)


@closed
class ErrorAnswer(TypedDict):
    """Every refusal: one line saying what was wrong and what was expected."""

    error: Annotated[str, Field(examples=["bad amount 'ten': expected dollars, e.g. 100 or 12.50"])]


@closed
class CardView(TypedDict):
    """A card as the pages draw it, with the words a screen reader says."""

    code: Annotated[str, Field(examples=["Th"])]
    rank: Annotated[str, Field(examples=["10"])]
    suit: Annotated[str, Field(examples=["♥"])]
    red: bool
    name: Annotated[str, Field(examples=["10 of hearts"])]


@closed
class BestCardView(CardView):
    """A card of a hand, and whether it is one of the five that play."""

    best: bool


@closed
class Players(TypedDict):
    """A number for each side of a Casino game."""

    human: int
    computer: int


#: Where a job stands.
JobState = Literal["waiting", "running", "done", "failed", "cancelled"]


@closed
class JobAnswer(TypedDict):
    """A job as its page polls it: its progress, then its error. The answer of each
    kind of job adds its ``result`` (``None`` until it is done), typed."""

    job: str
    state: JobState
    done: Annotated[int, Field(ge=0)]
    total: Annotated[int, Field(ge=0)]
    seconds: Annotated[float, Field(ge=0)]
    error: Annotated[str | None, Field(description="the one-line reason, when it failed")]


#: What each refusal means (the same words for every route).
REFUSALS: Final = {
    400: "the Host header names a host this server does not answer to",
    401: "a shared (--public) server: the join code has not been given",
    403: "a change sent from another site (Origin or Sec-Fetch-Site), or the organiser's "
    "page without the organiser's token",
    404: "no such job or table (or another browser's job)",
    408: "the request body took too long to arrive",
    409: "the game is not in a state for this (no table or game yet, not your turn, over, "
    "no seat free), or another request changed it meanwhile",
    413: "the request body is too large, or the work asked for too long",
    422: "a bad field or value: the reason names it and what was expected",
    429: "this client address holds as many sessions as the server keeps for one",
    500: "a bug: the server logged it (never a traceback)",
    503: "the server is busy (its database or its worker pool) or stopping: try again",
}
#: Refusals any API route may give (a bad Content-Length is a 413 whatever the method).
READS: Final = (400, 401, 413, 422, 500, 503)
#: Refusals a route that takes a body or changes something may give too.
SENDS: Final = (*READS, 403, 408)
#: Refusals a route that changes a game may give too.
CHANGES: Final = (*SENDS, 409, 429)


def answers(
    *statuses: int, text: bool = False, page: bool = False, stream: str | None = None
) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of a route refusing with ``statuses``, each an
    :class:`ErrorAnswer` with the meaning of :data:`REFUSALS`. A route answering text
    (``text``) still refuses in JSON: its 200 is declared as ``text/plain`` here. A page
    (``page``: HTML) refuses with a small page to a browser, in JSON to anything else. A
    stream of server-sent events (``stream``: what each event holds) refuses in JSON.

    >>> sorted(answers(409, 422))
    [409, 422]
    >>> answers(404)[404]["description"]
    "no such job or table (or another browser's job)"
    >>> sorted(answers(409, text=True)[200]["content"])
    ['text/plain']
    >>> sorted(answers(404, page=True)[404]["content"])
    ['application/json', 'text/html']
    """
    if not text and not page and stream is None:
        return {
            status: {"model": ErrorAnswer, "description": REFUSALS[status]}
            for status in sorted(set(statuses))
        }
    error: dict[str, Any] = {
        "application/json": {"schema": {"$ref": "#/components/schemas/ErrorAnswer"}}
    }
    if page:
        error["text/html"] = {"schema": {"type": "string"}}
    refusals: dict[int | str, dict[str, Any]] = {
        status: {"description": REFUSALS[status], "content": error}
        for status in sorted(set(statuses))
    }
    if page:
        return {200: {"description": "the page", "content": {"text/html": {}}}, **refusals}
    if stream is not None:
        described = f"server-sent events, each (event: table, id: its version) {stream}"
        return {200: {"description": described, "content": {"text/event-stream": {}}}, **refusals}
    return {200: {"description": "the text", "content": {"text/plain": {}}}, **refusals}
