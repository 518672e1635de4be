"""The JSON contract between the Python and the pages' JavaScript: requests and answers.

One module per router (``baccarat.py``, ``baccarat_trainer.py``, ``casino.py``,
``casino_review.py``, ``casino_puzzles.py``, ``poker.py``, ``tables.py`` for the shared
tables, ``organiser.py``, ``jobs.py`` for the generic job routes) holds the request
models and the answers of that router's routes; ``common.py`` holds what they share:
:class:`~.common.RequestModel` (the base of requests: unknown fields are refused, types
are strict, bounds in ``Field`` and ``Literal``), :func:`~.common.closed` (an answer's
TypedDict lists every key it may hold), :class:`~.common.ErrorAnswer`, cards, jobs, and
:func:`~.common.answers`, the refusals a route declares. The OpenAPI description built
from them is served at ``/api/openapi.json``: every answer of the JSON API is one of
these (a test holds every route to it).

The convention every route follows:

- ``@router.post(path, response_model=ThingAnswer, responses=answers(*CHANGES))`` for
  a route that changes a game, ``answers(*SENDS)`` for one that takes a body but changes
  nothing, ``answers(*READS)`` for a ``GET`` (plus the route's own refusals, e.g. 404
  or 409); a route answering text says so with ``response_class`` and ``text=True``;
- a view function (:mod:`croupier.web.views`) returns the answer's TypedDict: mypy
  checks each key and value where the answer is built, and the answer stays a plain
  dict; the route returns ``answer(request, view)`` (:func:`croupier.web.answers.answer`),
  which writes it as JSON in the route's own thread (and checks it against the route's
  model in the tests: a key the model lacks is a 500 there, not a silent loss);
- a new field of an answer is a new key of its TypedDict (with a description when its
  meaning is not plain from its name): the JavaScript reads only what the schemas list.
"""

from __future__ import annotations

from croupier.web.schemas.common import (
    CHANGES,
    READS,
    SENDS,
    BestCardView,
    CardView,
    ErrorAnswer,
    JobAnswer,
    Players,
    RequestModel,
    answers,
    closed,
)

__all__ = [
    "CHANGES",
    "READS",
    "SENDS",
    "BestCardView",
    "CardView",
    "ErrorAnswer",
    "JobAnswer",
    "Players",
    "RequestModel",
    "answers",
    "closed",
]
