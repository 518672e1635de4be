"""The Casino table's contract: moves sent, and the position and events the page plays."""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import Field

from croupier.web.schemas.common import Answer, CardView, Players, RequestModel

__all__ = [
    "HintAnswer",
    "Load",
    "NewGame",
    "Play",
    "ReviewAnswer",
    "TableAnswer",
]

#: Largest seed accepted for the shuffles.
MAX_SEED: Final = 2**63 - 1
#: Largest save file accepted (bytes): a save is under 1 KiB.
MAX_SAVE: Final = 16 * 1024

Side = Literal["human", "computer"]


class NewGame(RequestModel):
    """A new tournament: the level, the call of the coin toss, and a seed if wanted."""

    level: str = Field("expert", max_length=20, description="beginner, casual, strong, expert")
    call: str = Field("heads", max_length=10)
    seed: int | None = Field(None, ge=0, le=MAX_SEED)


class Play(RequestModel):
    """The human's move: the card of the hand, the action, and the table items (each
    named by one of its cards, as at the terminal)."""

    card: str = Field(max_length=10)
    action: str = Field(max_length=10)
    items: list[Annotated[str, Field(max_length=10)]] = Field(default_factory=list, max_length=30)


class Load(RequestModel):
    """A save file's text, uploaded."""

    text: str = Field(max_length=MAX_SAVE)
    name: str = Field("save file", max_length=200)


class LooseCard(Answer):
    kind: Literal["card"]
    key: str
    card: CardView


class Build(Answer):
    kind: Literal["build"]
    key: str
    value: int
    owner: Side
    parts: list[list[CardView]]
    text: str


TableItem = Annotated[LooseCard | Build, Field(discriminator="kind")]


class MoveAnswer(Answer):
    notation: str
    text: str
    action: str
    card: str
    card_view: CardView
    items: list[int] = Field(description="indexes of the table items the move names")


class Piles(Answer):
    human: list[CardView]
    computer: list[CardView]


class Position(Answer):
    round: int
    table: list[TableItem]
    hand: list[CardView]
    hand_keys: list[str]
    computer_hand: int
    piles: Piles
    deck: int
    scores: Players
    next: Side
    last_capturer: Side | None
    legal: list[MoveAnswer]


class MoveReviewAnswer(Answer):
    round: int
    number: int
    player: Side
    played: str
    played_text: str
    best: str
    best_text: str
    loss: float
    mark: str | None
    reason: str
    forced: bool
    costs_tournament: bool


class ReviewAnswer(Answer):
    """The review of the human's moves in one round."""

    round: int
    points_lost: float
    accuracy: float | None
    inaccuracies: int
    blunders: int
    moves: list[MoveReviewAnswer]


class Toss(Answer):
    kind: Literal["toss"]
    call: str
    toss: str
    first: Side
    text: str


class Loaded(Answer):
    kind: Literal["loaded"]
    text: str


class MoveEvent(Answer):
    kind: Literal["move"]
    player: Side
    move: MoveAnswer
    reason: str | None
    position: Position


class ItemScore(Answer):
    cards: int
    points: int


class ScoredItem(Answer):
    name: str
    human: ItemScore
    computer: ItemScore


class RoundEnd(Answer):
    kind: Literal["round_end"]
    round: int
    leftover: list[CardView]
    last_capturer: Side | None
    piles: Piles
    items: list[ScoredItem]
    points: Players
    before: Players
    totals: Players
    review: ReviewAnswer | None
    review_job: str | None = Field(description="the job reviewing this round: /api/jobs/<id>")
    review_error: str | None


class TournamentOver(Answer):
    kind: Literal["tournament_over"]
    winner: Side | None
    totals: Players


Event = Annotated[
    Toss | Loaded | MoveEvent | RoundEnd | TournamentOver, Field(discriminator="kind")
]


class LevelNote(Answer):
    name: str
    note: str


class NoGame(Answer):
    seated: Literal[False]
    levels: list[LevelNote]
    default_level: str


class AtGame(Answer):
    """The game as the page shows it, with what happened since the human's last move."""

    seated: Literal[True]
    levels: list[LevelNote]
    default_level: str
    level: str
    finished: bool
    position: Position
    events: list[Event]
    moves_logged: int


TableAnswer = Annotated[NoGame | AtGame, Field(discriminator="seated")]


class HintAnswer(Answer):
    move: MoveAnswer
    reason: str
