"""The JSON contract between the Python and the pages' JavaScript: Pydantic models.

One module per router (``baccarat.py``, ``casino.py``, ``poker.py``) holds the request
models (their bounds in ``Field`` and ``Literal``) and the answer models of that
router's routes; ``common.py`` holds what they share: :class:`~.common.RequestModel` and
:class:`~.common.Answer` (the bases: unknown fields are refused, types are strict),
:class:`~.common.ErrorAnswer`, cards, jobs, and :func:`~.common.answers`, the refusals
a route declares. The OpenAPI description built
from them is served at ``/api/openapi.json``.

The convention every route follows:

- ``@router.post(path, response_model=ThingAnswer, responses=answers(*CHANGES))`` for
  a route that changes a game, ``answers(*SENDS)`` for one that takes a body but changes
  nothing, ``answers(*READS)`` for a ``GET`` (plus the route's own refusals, e.g. 404
  or 409); a route answering text says so with ``response_class`` and ``text=True``;
- the view functions may go on building plain dicts: FastAPI checks each answer against
  its model, and a key the model lacks is a 500 in the tests, not a silent loss;
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
