"""The counting trainer page's contract: the drill as the page shows it, the history, and
the requests.

Every answer of the trainer's routes is a :class:`TrainerAnswer`: the counts on offer,
the drill under way (or ``None``), and, when a drill ends or is stopped, the user's
history of drills (the key is absent while a drill goes on: the page keeps the history
it shows).
"""

from __future__ import annotations

from typing import Annotated, Final, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from croupier.baccarat.trainer import MAX_DRILL_CARDS, MAX_FLASH
from croupier.web.schemas.common import CardView, RequestModel, Seed, closed

__all__ = ["HistoryAnswer", "Reply", "Start", "TrainerAnswer"]

#: Longest answer time accepted from the page, in seconds.
MAX_SECONDS: Final = 3_600.0


class Start(RequestModel):
    """A new drill: whose, which count, how many cards, how often a question (the
    library checks that ``every`` is at most ``cards``, and ``cards`` at most the shoe)."""

    user: str = Field("student", min_length=1, max_length=40)
    count: Literal["dragon-7", "panda-8", "eor-dragon-7", "eor-panda-8"] = "dragon-7"
    every: int = Field(10, ge=1, le=MAX_DRILL_CARDS)
    cards: int = Field(104, ge=1, le=MAX_DRILL_CARDS)
    decks: int = Field(8, ge=1, le=8)
    seed: Seed = None
    flash: float | None = Field(
        None,
        gt=0,
        le=MAX_FLASH,
        description="flash mode: seconds each group of cards is on show before the page "
        "hides it and asks the counts (None: the cards stay on show)",
    )


class Reply(RequestModel):
    """The counts as typed, and how long the answer took."""

    running: str = Field(max_length=12)
    true: str = Field(max_length=12)
    seconds: float = Field(ge=0, le=MAX_SECONDS)


@closed
class CountChoice(TypedDict):
    key: Annotated[str, Field(examples=["dragon-7"])]
    name: str
    tags: Annotated[str, Field(description="each rank's tag, as written: A,2,3=0 4,5,6,7=-1 ...")]


@closed
class Checkpoint(TypedDict):
    """One answer scored: what was said, how long it took, and what was right."""

    cards_seen: Annotated[int, Field(ge=0)]
    running: int
    true: Annotated[float | None, Field(description="the true count given (None: left out)")]
    seconds: Annotated[float, Field(ge=0)]
    expected_running: int
    expected_true: float
    running_right: bool
    true_right: bool


@closed
class Score(TypedDict):
    asked: Annotated[int, Field(ge=0)]
    running_right: Annotated[int, Field(ge=0)]
    true_right: Annotated[int, Field(ge=0)]
    accuracy: Annotated[float, Field(ge=0, le=1)]
    mean_seconds: Annotated[float, Field(ge=0)]
    mistakes: list[Checkpoint]


@closed
class Drill(TypedDict):
    """The drill under way: its settings, the group of cards on show, the score."""

    user: str
    seed: int | None
    count: Annotated[str, Field(description="the count's key")]
    count_name: str
    tags: str
    cards: Annotated[int, Field(ge=1, description="cards the drill deals")]
    every: Annotated[int, Field(ge=1, description="cards between two questions")]
    flash: Annotated[
        float | None,
        Field(
            gt=0,
            description="flash mode: seconds the page shows each group before hiding it "
            "(None: not hidden)",
        ),
    ]
    shown: Annotated[int, Field(ge=0)]
    shoe_size: Annotated[int, Field(ge=1)]
    waiting: Annotated[bool, Field(description="the counts for the cards shown are awaited")]
    finished: bool
    group: Annotated[
        list[CardView],
        Field(
            description="the cards of the current (or last) question; in flash mode, "
            "while its counts are awaited, only in the answer that dealt them"
        ),
    ]
    group_hidden: Annotated[
        bool,
        Field(
            description="flash mode: the group's cards were flashed already and are not "
            "sent again (group is empty; shown - group_start + 1 says how many)"
        ),
    ]
    group_start: Annotated[
        int, Field(ge=1, description="the place in the drill of the group's first card")
    ]
    cards_unseen: Annotated[int, Field(ge=0)]
    last: Checkpoint | None
    score: Score
    saved: Annotated[bool, Field(description="the drill is kept in the user's history")]


@closed
class SessionRecord(TypedDict):
    """One finished drill of the history."""

    when: Annotated[str, Field(description="ISO date and time")]
    count: str
    decks: Annotated[int, Field(ge=1)]
    cards: Annotated[int, Field(ge=0)]
    every: Annotated[int, Field(ge=0)]
    seed: int | None
    asked: Annotated[int, Field(ge=0)]
    running_right: Annotated[int, Field(ge=0)]
    true_right: Annotated[int, Field(ge=0)]
    accuracy: float
    mean_seconds: float


@closed
class HistoryAnswer(TypedDict):
    """A user's drills, oldest first, and how many lines of the history were unreadable."""

    user: str
    sessions: list[SessionRecord]
    skipped: Annotated[int, Field(ge=0)]


@closed
class TrainerAnswer(TypedDict):
    """The trainer page's state."""

    counts: list[CountChoice]
    max_cards: int
    tolerance: Annotated[
        float, Field(description="how far off a true count may be and count as right")
    ]
    drill: Drill | None
    history: NotRequired[
        Annotated[
            HistoryAnswer | None,
            Field(
                description="the user's history: given when a drill ends or is stopped "
                "(None: nothing was kept), absent otherwise"
            ),
        ]
    ]
