"""The Casino pages' contract: the table, its events, the hint, the review, the puzzles.

Every answer of the table's routes (``GET /api/casino``, a new game, a move, take-back,
load, leave) is the whole table: :data:`TableAnswer`, a :class:`NoGame` or a
:class:`Game`, whose ``events`` tell what happened since the human's last move (the
toss, each move with the computer's reason, a round's end with its scoring and review,
the tournament's end; a take-back; a game loaded), each an event of its ``kind``.
The review of a whole game is a job (:class:`ReviewJobAnswer`), its result a
:class:`GameReviewView`: every position of the game with the move played and, for the
human's moves, the verdict and the best move.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from croupier.web.schemas.common import Answer, CardView, JobAnswer, Players

__all__ = [
    "GameReviewView",
    "HintAnswer",
    "MoveView",
    "PositionView",
    "PuzzleAnswerAnswer",
    "PuzzlesAnswer",
    "ReviewJobAnswer",
    "TableAnswer",
]

#: A side of the game.
Side = Literal["human", "computer"]
#: What a move does with the card played.
ActionName = Literal["trail", "capture", "build", "increase"]
#: A level of play.
LevelName = Literal["beginner", "casual", "strong", "expert"]


class LooseCard(Answer):
    """A loose card on the table."""

    kind: Literal["card"]
    key: str = Field(description="the card in the Casino notation (suit first): names the item")
    card: CardView


class Build(Answer):
    """A build on the table: its value, its owner and its parts (each a list of cards)."""

    kind: Literal["build"]
    key: str = Field(description="one of its cards in the Casino notation: names the item")
    value: int = Field(ge=1)
    owner: Side
    parts: list[list[CardView]]
    text: str


#: A table item: a loose card or a build.
TableItem = Annotated[LooseCard | Build, Field(discriminator="kind")]


class MoveView(Answer):
    """A move: its notation, its words, the card played and the table items it uses."""

    notation: str = Field(examples=["C H5 S5"])
    text: str
    action: ActionName
    card: str = Field(description="the card played, in the Casino notation")
    card_view: CardView
    items: list[int] = Field(description="the indexes in the table's list of the items used")


class Piles(Answer):
    human: list[CardView]
    computer: list[CardView]


class PositionView(Answer):
    """A position: the table (builds first), the hand, the piles, the scores, and the
    human's legal moves (only on the human's turn in a game going on)."""

    round: int = Field(ge=1)
    table: list[TableItem]
    hand: list[CardView]
    hand_keys: list[str] = Field(description="the hand in the Casino notation")
    computer_hand: int = Field(ge=0, description="how many cards the computer holds")
    piles: Piles
    deck: int = Field(ge=0, description="cards left to deal this round")
    scores: Players
    next: Side
    last_capturer: Side | None
    legal: list[MoveView]


class LevelChoice(Answer):
    name: LevelName
    note: str


class HistoryEntry(Answer):
    """A move of this round so far."""

    player: Side
    notation: str
    text: str
    card_view: CardView


class MoveReviewView(Answer):
    """The verdict on one of the human's moves."""

    round: int = Field(ge=1)
    number: int = Field(ge=1, description="the move's number in the round")
    player: Side
    played: str
    played_text: str
    best: str
    best_text: str
    loss: float = Field(ge=0, description="round points lost against the best move")
    error: float | None = Field(
        ge=0, description="the standard error of the loss (null: unknown, the budget cut)"
    )
    mark: Literal["inaccuracy", "blunder"] | None
    is_best: bool = Field(description="as good as the best: the loss not clearly past 0.1")
    reason: str
    forced: bool = Field(description="the only legal move")
    costs_tournament: bool
    exact: bool = Field(description="searched to the round's end, every card known")
    deals: int = Field(ge=0, description="the sampled deals the verdict averaged")


class RoundReviewView(Answer):
    """The review of the human's moves of one round."""

    round: int = Field(ge=1)
    points_lost: float = Field(ge=0)
    accuracy: float | None = Field(
        description="the share of the unforced moves as good as the best"
    )
    inaccuracies: int = Field(ge=0)
    blunders: int = Field(ge=0)
    moves: list[MoveReviewView]


class TossEvent(Answer):
    kind: Literal["toss"]
    call: Literal["heads", "tails"]
    toss: Literal["heads", "tails"]
    first: Side
    text: str


class MoveEvent(Answer):
    """A move played, and the position after it."""

    kind: Literal["move"]
    player: Side
    move: MoveView
    reason: str | None = Field(description="why the computer chose it (None: the human's)")
    position: PositionView


class ScoreCount(Answer):
    cards: int = Field(ge=0)
    points: int = Field(ge=0)


class ScoreItem(Answer):
    """One item of a round's scoring (the most cards, the most spades, each ace...)."""

    name: str
    human: ScoreCount
    computer: ScoreCount


class LastCards(Answer):
    human: list[CardView]
    computer: list[CardView]


class RoundEndEvent(Answer):
    """A round's end: the cards left to the last capturer, the scoring, the totals, and
    the review of the human's moves of the round."""

    kind: Literal["round_end"]
    round: int = Field(ge=1)
    leftover: list[CardView]
    last_capturer: Side | None
    piles: LastCards
    items: list[ScoreItem]
    points: Players
    before: Players = Field(description="the tournament's scores before this round")
    totals: Players
    review: RoundReviewView | None


class TournamentOverEvent(Answer):
    kind: Literal["tournament_over"]
    winner: Side | None = Field(description="None: a tie")
    totals: Players


class UndoEvent(Answer):
    kind: Literal["undo"]
    text: str


class LoadedEvent(Answer):
    kind: Literal["loaded"]
    text: str


#: What happened since the human's last move.
Event = Annotated[
    TossEvent | MoveEvent | RoundEndEvent | TournamentOverEvent | UndoEvent | LoadedEvent,
    Field(discriminator="kind"),
]


class NoGame(Answer):
    """No game at this table yet: the levels on offer."""

    seated: Literal[False]
    levels: list[LevelChoice]
    default_level: LevelName


class Game(Answer):
    """A game at the table: the position, the events since the human's last move, this
    round's moves so far."""

    seated: Literal[True]
    levels: list[LevelChoice]
    default_level: LevelName
    level: LevelName
    finished: bool
    position: PositionView
    events: list[Event]
    moves_logged: int = Field(ge=0)
    practice: bool = Field(description="a practice game: moves may be taken back")
    history: list[HistoryEntry] = Field(description="this round's moves so far")
    can_undo: bool


#: Every answer of the table's routes: the table, with a game or without.
TableAnswer = Annotated[NoGame | Game, Field(discriminator="seated")]


class HintAnswer(Answer):
    """The expert's advice for the human's move, and why."""

    move: MoveView
    reason: str


# --- the review of a whole game -----------------------------------------------------------


class Thresholds(Answer):
    """Round points lost from which a move is an inaccuracy or a blunder, and within
    which it is as good as the best; the standard errors a loss must pass them by."""

    inaccuracy: float
    blunder: float
    best: float
    errors: float = Field(description="a loss less this many standard errors is compared")


class ReviewSummary(Answer):
    """The whole game's review in figures."""

    player: Side
    moves: int = Field(ge=0)
    forced: int = Field(ge=0)
    accuracy: float | None
    points_lost: float = Field(ge=0)
    points_lost_per_round: float | None
    inaccuracies: int = Field(ge=0)
    blunders: int = Field(ge=0)
    thresholds: Thresholds


class ReviewStep(Answer):
    """One move of the game: the position before it, the move, and for the human's
    moves the best one and the verdict."""

    round: int = Field(ge=1)
    number: int = Field(ge=1)
    player: Side
    position: PositionView
    move: MoveView
    best: MoveView | None
    review: MoveReviewView | None


class GameReviewView(Answer):
    summary: ReviewSummary
    steps: list[ReviewStep]


class ReviewJobAnswer(JobAnswer):
    """A review's progress, then the review (or its one-line error)."""

    result: GameReviewView | None = Field(None, description="the review, once done")


# --- puzzles -------------------------------------------------------------------------------


class Counts(Answer):
    mine: int = Field(ge=0)
    theirs: int = Field(ge=0)


class PuzzleView(Answer):
    """A puzzle from the solver's side: every card is known in a last deal."""

    id: str
    rating: int
    player: Side = Field(description="the side the solver plays")
    round: int = Field(ge=1)
    table: list[TableItem]
    hand: list[CardView]
    opponent_hand: list[CardView]
    piles: Counts = Field(description="cards in each pile")
    scores: Counts
    legal: list[MoveView]


class PuzzlePlayer(Answer):
    """The solver's record (Glicko-2)."""

    rating: int
    deviation: int = Field(ge=0)
    solved: int = Field(ge=0)
    tried: int = Field(ge=0)


class PuzzlesAnswer(Answer):
    """The puzzle on show and the solver's record."""

    puzzle: PuzzleView
    player: PuzzlePlayer


class PuzzleVerdict(Answer):
    puzzle: str
    move: str
    solved: bool
    loss: float = Field(ge=0, description="round points given away against the best")
    solution: str
    solution_text: str
    reason: str


class PuzzleAnswerAnswer(Answer):
    """The verdict on an answer, the ratings' change, then the next puzzle."""

    verdict: PuzzleVerdict
    change: int = Field(description="the solver's rating change")
    puzzle_rating: int = Field(description="the answered puzzle's rating after the answer")
    puzzle: PuzzleView = Field(description="the next puzzle")
    player: PuzzlePlayer
