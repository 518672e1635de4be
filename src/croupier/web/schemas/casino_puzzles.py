"""The Casino puzzles page's contract: the puzzle on show, the solver's record, a verdict.

``GET /api/casino/puzzles`` answers a :class:`PuzzlesAnswer`; an answer to the puzzle
(``POST /api/casino/puzzles/answer``, a :class:`PuzzleAnswer`) gets a
:class:`PuzzleAnswerAnswer`: the verdict, the ratings' change, the next puzzle.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field
from typing_extensions import TypedDict

from croupier.web.schemas.casino import MoveView, Side, TableItem
from croupier.web.schemas.common import CardView, RequestModel, closed

__all__ = [
    "PuzzleAnswer",
    "PuzzleAnswerAnswer",
    "PuzzlePile",
    "PuzzlePiles",
    "PuzzleVerdict",
    "PuzzleView",
    "PuzzlesAnswer",
]


class PuzzleAnswer(RequestModel):
    """The answer to the puzzle on show: its id, and the move put together as the Casino
    table sends one (the card of the hand, the action, the table items, as
    :class:`~croupier.web.schemas.casino.Play` has them), or its notation as ``move``."""

    id: str = Field(max_length=40)
    card: str | None = Field(None, min_length=1, max_length=10)
    action: str | None = Field(None, min_length=1, max_length=10)
    items: list[str] = Field(default_factory=list, max_length=30)
    move: str | None = Field(None, max_length=200, description="the whole move's notation")


@closed
class Counts(TypedDict):
    mine: Annotated[int, Field(ge=0)]
    theirs: Annotated[int, Field(ge=0)]


@closed
class PuzzlePile(TypedDict):
    """A side's pile: its cards (what counts at the round's end), how many, the spades."""

    cards: list[CardView]
    count: Annotated[int, Field(ge=0)]
    spades: Annotated[int, Field(ge=0)]


@closed
class PuzzlePiles(TypedDict):
    mine: PuzzlePile
    theirs: PuzzlePile


@closed
class PuzzleView(TypedDict):
    """A puzzle from the solver's side: every card is known in a last deal."""

    id: str
    rating: int
    player: Annotated[Side, Field(description="the side the solver plays")]
    round: Annotated[int, Field(ge=1)]
    table: list[TableItem]
    hand: list[CardView]
    hand_keys: Annotated[list[str], Field(description="the hand in the Casino notation")]
    opponent_hand: list[CardView]
    piles: Annotated[PuzzlePiles, Field(description="each side's captured cards")]
    last_capturer: Annotated[
        Literal["mine", "theirs"] | None,
        Field(description="who takes the cards left on the table at the round's end"),
    ]
    scores: Counts
    legal: list[MoveView]


@closed
class PuzzlePlayer(TypedDict):
    """The solver's record (Glicko-2)."""

    rating: int
    deviation: Annotated[int, Field(ge=0)]
    solved: Annotated[int, Field(ge=0)]
    tried: Annotated[int, Field(ge=0)]


@closed
class PuzzlesAnswer(TypedDict):
    """The puzzle on show and the solver's record."""

    puzzle: PuzzleView
    player: PuzzlePlayer


@closed
class PuzzleVerdict(TypedDict):
    puzzle: str
    move: str
    solved: bool
    loss: Annotated[float, Field(ge=0, description="round points given away against the best")]
    solution: str
    solution_text: str
    reason: str


@closed
class PuzzleAnswerAnswer(TypedDict):
    """The verdict on an answer, the ratings' change, then the next puzzle."""

    verdict: PuzzleVerdict
    change: Annotated[int, Field(description="the solver's rating change")]
    puzzle_rating: Annotated[
        int, Field(description="the answered puzzle's rating after the answer")
    ]
    puzzle: Annotated[PuzzleView, Field(description="the next puzzle")]
    player: PuzzlePlayer
