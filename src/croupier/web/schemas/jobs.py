"""The answer of the generic job routes (``/api/jobs/<job>``): any job's progress, then
its result, whichever page started it."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from croupier.web.schemas.casino import JudgedReasons, RoundReviewView
from croupier.web.schemas.casino_review import ExerciseAnswerView, GameReviewView
from croupier.web.schemas.common import JobAnswer, closed
from croupier.web.schemas.poker import EquityView, HitsView, NextCardView

__all__ = ["AnyJobAnswer"]


@closed
class AnyJobAnswer(JobAnswer):
    """A job's progress, then its result: a calculation's, a next-card table's, what a
    range hits, a game review's, the judge's word on an exercise's answer, or the
    judge's reasons or round review for the Casino table (each page polls its own route,
    which says which)."""

    result: Annotated[
        EquityView
        | NextCardView
        | HitsView
        | GameReviewView
        | ExerciseAnswerView
        | JudgedReasons
        | RoundReviewView
        | None,
        Field(description="the result, once done"),
    ]
