"""The counting trainer page's contract: the drill as the page shows it, and the history.

Every answer of the trainer's routes is a :class:`TrainerAnswer`: the counts on offer,
the drill under way (or ``None``), and, when a drill ends or is stopped, the user's
history of drills (the key is absent while a drill goes on: the page keeps the history
it shows).
"""

from __future__ import annotations

from pydantic import Field

from croupier.web.schemas.common import Answer, CardView

__all__ = ["HistoryAnswer", "TrainerAnswer"]


class CountChoice(Answer):
    key: str = Field(examples=["dragon-7"])
    name: str
    tags: str = Field(description="each rank's tag, as written: A,2,3=0 4,5,6,7=-1 ...")


class Checkpoint(Answer):
    """One answer scored: what was said, how long it took, and what was right."""

    cards_seen: int = Field(ge=0)
    running: int
    true: float | None = Field(description="the true count given (None: left out)")
    seconds: float = Field(ge=0)
    expected_running: int
    expected_true: float
    running_right: bool
    true_right: bool


class Score(Answer):
    asked: int = Field(ge=0)
    running_right: int = Field(ge=0)
    true_right: int = Field(ge=0)
    accuracy: float = Field(ge=0, le=1)
    mean_seconds: float = Field(ge=0)
    mistakes: list[Checkpoint]


class Drill(Answer):
    """The drill under way: its settings, the group of cards on show, the score."""

    user: str
    seed: int | None
    count: str = Field(description="the count's key")
    count_name: str
    tags: str
    cards: int = Field(ge=1, description="cards the drill deals")
    every: int = Field(ge=1, description="cards between two questions")
    shown: int = Field(ge=0)
    shoe_size: int = Field(ge=1)
    waiting: bool = Field(description="the counts for the cards shown are awaited")
    finished: bool
    group: list[CardView] = Field(description="the cards of the current (or last) question")
    group_start: int = Field(ge=1, description="the place in the drill of the group's first card")
    cards_unseen: int = Field(ge=0)
    last: Checkpoint | None
    score: Score
    saved: bool = Field(description="the drill is kept in the user's history")


class SessionRecord(Answer):
    """One finished drill of the history."""

    when: str = Field(description="ISO date and time")
    count: str
    decks: int = Field(ge=1)
    cards: int = Field(ge=0)
    every: int = Field(ge=0)
    seed: int | None
    asked: int = Field(ge=0)
    running_right: int = Field(ge=0)
    true_right: int = Field(ge=0)
    accuracy: float
    mean_seconds: float


class HistoryAnswer(Answer):
    """A user's drills, oldest first, and how many lines of the history were unreadable."""

    user: str
    sessions: list[SessionRecord]
    skipped: int = Field(ge=0)


class TrainerAnswer(Answer):
    """The trainer page's state."""

    counts: list[CountChoice]
    max_cards: int
    tolerance: float = Field(description="how far off a true count may be and count as right")
    drill: Drill | None
    history: HistoryAnswer | None = Field(
        None,
        description="the user's history: given when a drill ends or is stopped (None: "
        "nothing was kept), absent otherwise",
    )
