"""What every router's schemas share: the error answer, cards, jobs, and the refusals.

Every answer model derives from :class:`Answer`, which forbids fields it does not list:
a view function that adds a key the schema lacks fails its route's tests (a 500 there)
instead of silently losing the key on the way to the page.
"""

from __future__ import annotations

from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "CHANGES",
    "READS",
    "SENDS",
    "Answer",
    "BestCardView",
    "CardView",
    "ErrorAnswer",
    "JobAnswer",
    "Players",
    "RequestModel",
    "answers",
]


class Answer(BaseModel):
    """The base of every answer model: exactly the fields it lists."""

    model_config = ConfigDict(extra="forbid")


class RequestModel(BaseModel):
    """The base of every request model: exactly the fields it lists, each of its type
    (``false`` is not the seed 0, ``"8"`` is not 8 decks)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class ErrorAnswer(Answer):
    """Every refusal: one line saying what was wrong and what was expected."""

    error: str = Field(examples=["bad amount 'ten': expected dollars, e.g. 100 or 12.50"])


class CardView(Answer):
    """A card as the pages draw it, with the words a screen reader says."""

    code: str = Field(examples=["Th"])
    rank: str = Field(examples=["10"])
    suit: str = Field(examples=["♥"])
    red: bool
    name: str = Field(examples=["10 of hearts"])


class BestCardView(CardView):
    """A card of a hand, and whether it is one of the five that play."""

    best: bool


class Players(Answer):
    """A number for each side of a Casino game."""

    human: int
    computer: int


class JobAnswer(Answer):
    """A job as its page polls it: its progress, then its result or its error."""

    job: str
    state: Literal["waiting", "running", "done", "failed", "cancelled"]
    done: int
    total: int
    seconds: float
    result: dict[str, Any] | None = Field(
        None, description="the job's result once done: see the route that started it"
    )
    error: str | None = Field(None, description="the one-line reason, when it failed")


#: What each refusal means (the same words for every route).
REFUSALS: Final = {
    400: "the Host header names a host this server does not answer to",
    401: "a shared (--public) server: the join code has not been given",
    403: "a change sent from another site (Origin or Sec-Fetch-Site)",
    404: "no such job (or another browser's)",
    408: "the request body took too long to arrive",
    409: "the game is not in a state for this (no table or game yet, not your turn, over), "
    "or another request changed it meanwhile",
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


def answers(*statuses: int, text: bool = False) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of a route refusing with ``statuses``, each an
    :class:`ErrorAnswer` with the meaning of :data:`REFUSALS`. A route answering text
    (``text``) still refuses in JSON: its 200 is declared as ``text/plain`` here.

    >>> sorted(answers(409, 422))
    [409, 422]
    >>> answers(404)[404]["description"]
    "no such job (or another browser's)"
    >>> sorted(answers(409, text=True)[200]["content"])
    ['text/plain']
    """
    if not text:
        return {
            status: {"model": ErrorAnswer, "description": REFUSALS[status]}
            for status in sorted(set(statuses))
        }
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorAnswer"}}}
    refusals: dict[int | str, dict[str, Any]] = {
        status: {"description": REFUSALS[status], "content": error}
        for status in sorted(set(statuses))
    }
    return {200: {"description": "the text", "content": {"text/plain": {}}}, **refusals}
