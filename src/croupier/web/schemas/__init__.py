"""The JSON contract between the Python and the pages' JavaScript: Pydantic models.

One module per router (``baccarat.py``, ``baccarat_trainer.py``, ``casino.py``,
``poker.py``; ``jobs.py`` for the generic job routes) holds the answer models of that
router's routes (the request models live beside their routes); ``common.py`` holds what
they share: :class:`~.common.RequestModel` and :class:`~.common.Answer` (the bases:
unknown fields are refused, request types are strict), :class:`~.common.ErrorAnswer`,
cards, jobs, and :func:`~.common.answers`, the refusals a route declares. The OpenAPI
description built from them is served at ``/api/openapi.json``: every answer of the JSON
API is one of these models (a test holds every route to it).

The convention every route follows:

- ``@router.post(path, response_model=ThingAnswer, responses=answers(*CHANGES))`` for
  a route that changes a game, ``answers(*SENDS)`` for one that takes a body but changes
  nothing, ``answers(*READS)`` for a ``GET`` (plus the route's own refusals, e.g. 404
  or 409); a route answering text says so with ``response_class`` and ``text=True``;
- the view functions build plain dicts, and the route returns
  ``answer(request, view)`` (:func:`croupier.web.answers.answer`): the view is checked
  against the route's model and written as JSON in the route's own thread; a key the
  model lacks is a 500 in the tests, not a silent loss. (A route that needs no request
  may return its view for FastAPI to check.) Bounds in ``Field`` and ``Literal`` say
  what the page may expect;
- a new field of an answer is a new field of its model (with a description when its
  meaning is not plain from its name): the JavaScript reads only what the models list.
"""

from __future__ import annotations

from croupier.web.schemas.common import (
    CHANGES,
    READS,
    SENDS,
    Answer,
    BestCardView,
    CardView,
    ErrorAnswer,
    JobAnswer,
    Players,
    RequestModel,
    answers,
)

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
