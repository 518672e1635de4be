"""The Casino review page's contract: the review of a whole game, as a job.

``POST /api/casino/review`` starts the review of an uploaded game file (or of the game at
this browser's table) and answers a :class:`ReviewJobAnswer`, polled at
``/api/casino/jobs/<job>`` until its result, a :class:`GameReviewView`, comes: every
position of the game with the move played and, for the human's moves, the verdict and
the best move. Each marked move (an inaccuracy or a blunder) is also an exercise
(:class:`ExerciseView`): ``POST /api/casino/review/answer`` starts the judge on an answer
(:class:`AnswerRequest`) as a job, polled at ``/api/casino/answers/<job>`` until its
result, an :class:`ExerciseAnswerView`, comes.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field
from typing_extensions import TypedDict

from croupier.web.schemas.casino import MAX_SAVE, MoveReviewView, MoveView, PositionView, Side
from croupier.web.schemas.common import JobAnswer, RequestModel, closed

__all__ = [
    "AnswerJobAnswer",
    "AnswerRequest",
    "ExerciseAnswerView",
    "ExerciseView",
    "GameReviewView",
    "ReviewJobAnswer",
    "ReviewRequest",
    "ReviewStep",
    "ReviewSummary",
]


class ReviewRequest(RequestModel):
    """A game to review: an uploaded game file (or game log), a finished tournament at a
    shared table this browser played at (``table``: its id; the review is of this
    browser's moves), or, without either, the game at this browser's table."""

    text: str | None = Field(None, max_length=MAX_SAVE)
    name: str = Field("game file", max_length=200)
    table: str | None = Field(None, min_length=8, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")


@closed
class Thresholds(TypedDict):
    """Round points lost from which a move is an inaccuracy or a blunder, and within
    which it is as good as the best; the standard errors a loss must pass them by."""

    inaccuracy: float
    blunder: float
    best: float
    errors: Annotated[float, Field(description="a loss less this many standard errors is compared")]


@closed
class ReviewSummary(TypedDict):
    """The whole game's review in figures."""

    player: Side
    moves: Annotated[int, Field(ge=0)]
    forced: Annotated[int, Field(ge=0)]
    accuracy: float | None
    points_lost: Annotated[float, Field(ge=0)]
    points_lost_per_round: float | None
    inaccuracies: Annotated[int, Field(ge=0)]
    blunders: Annotated[int, Field(ge=0)]
    thresholds: Thresholds


@closed
class ExerciseView(TypedDict):
    """A marked move as an exercise: what it asks, and the legal moves of the position
    (the player's own: their hand and the table, nothing hidden)."""

    task: str
    legal: list[MoveView]


@closed
class ReviewStep(TypedDict):
    """One move of the game: the position before it, the move, and for the human's
    moves the best one and the verdict."""

    round: Annotated[int, Field(ge=1)]
    number: Annotated[int, Field(ge=1)]
    player: Side
    position: PositionView
    move: MoveView
    best: MoveView | None
    review: MoveReviewView | None
    exercise: Annotated[
        ExerciseView | None, Field(description="for a marked move: it, as an exercise")
    ]


@closed
class GameReviewView(TypedDict):
    summary: ReviewSummary
    steps: list[ReviewStep]


@closed
class ReviewJobAnswer(JobAnswer):
    """A review's progress, then the review (or its one-line error)."""

    result: Annotated[GameReviewView | None, Field(description="the review, once done")]


class AnswerRequest(ReviewRequest):
    """An answer to an exercise: the game reviewed (as :class:`ReviewRequest` names it),
    the review's step (its index, from 0) whose marked move is the exercise, and the move
    tried, put together as the table's :class:`~croupier.web.schemas.casino.Play`: the
    card of the hand, the action, the table items."""

    step: int = Field(ge=0, le=10_000)
    card: str = Field(min_length=1, max_length=10)
    action: str = Field(min_length=1, max_length=10)
    items: list[str] = Field(default_factory=list, max_length=30)


@closed
class ExerciseAnswerView(TypedDict):
    """The judge's word on an answer: which exercise and move it answers, whether it
    solves the exercise (not clearly worse than the best, as the review counts "as good
    as the best"), its loss with its standard error, the best move and why."""

    step: Annotated[int, Field(ge=0)]
    move: str
    move_text: str
    solved: bool
    found_best: bool
    loss: Annotated[float, Field(ge=0)]
    loss_text: str
    error: float | None
    costs_tournament: bool
    best: str
    best_text: str
    reason: str
    explanation: str


@closed
class AnswerJobAnswer(JobAnswer):
    """An answer's judging, then the judge's word (or its one-line error)."""

    result: Annotated[ExerciseAnswerView | None, Field(description="the word, once done")]
