"""The Casino table's contract: the table, its events, the hint, and the requests.

Every answer of the table's routes (``GET /api/casino``, a new game, a move, take-back,
load, leave) is the whole table: :data:`TableAnswer`, a :class:`NoGame` or a
:class:`Game`, whose ``events`` tell what happened since the human's last move (the
toss, each move with the computer's reason, a round's end with its scoring and review,
the tournament's end; a take-back; a game loaded), each an event of its ``kind``. The
judge's part of an answer comes later, from jobs the answer names (``reason_job``,
``review_job``), polled at ``/api/casino/judging/<job>``: :class:`JudgingJobAnswer`,
whose result is the whole reasons (:class:`JudgedReasons`) or a round's review. The
positions, moves and table items are shared by the review
(:mod:`~croupier.web.schemas.casino_review`) and the puzzles
(:mod:`~croupier.web.schemas.casino_puzzles`).
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import Field
from typing_extensions import TypedDict

from croupier.web.schemas.common import CardView, JobAnswer, Players, RequestModel, Seed, closed

__all__ = [
    "MAX_SAVE",
    "Event",
    "Game",
    "HintAlternative",
    "HintAnswer",
    "JudgedReason",
    "JudgedReasons",
    "JudgingJobAnswer",
    "Load",
    "MoveView",
    "NewGame",
    "NoGame",
    "Play",
    "PositionView",
    "TableAnswer",
    "TableItem",
]

#: Largest game file accepted (bytes): a save is under 1 KiB, a whole tournament with its
#: moves about 10 KiB.
MAX_SAVE: Final = 256 * 1024

#: A side of the game.
Side = Literal["human", "computer"]
#: Whose a build is: a side of a game against the computer, or a seat of a table of two
#: people (``first``: who opened it, ``second``: who joined).
Owner = Literal["human", "computer", "first", "second"]
#: What a move does with the card played.
ActionName = Literal["trail", "capture", "build", "increase"]
#: A level of play.
LevelName = Literal["beginner", "casual", "strong", "expert"]
#: How bad a move was.
MarkName = Literal["inaccuracy", "blunder"]
#: A call of the coin toss.
CoinSide = Literal["heads", "tails"]


class NewGame(RequestModel):
    """A new tournament: the level, the call of the coin toss, and a seed if wanted."""

    level: LevelName = "expert"
    call: CoinSide = "heads"
    seed: Seed = None


class Play(RequestModel):
    """A move: the card of the hand (its Casino notation, or its number from 1), the
    action, and the table items (each named by one of its cards, or its number)."""

    card: str = Field(min_length=1, max_length=10)
    action: str = Field(min_length=1, max_length=10)
    items: list[str] = Field(default_factory=list, max_length=30)


class Load(RequestModel):
    """A game file's text (or a save file's, or a game log's), uploaded."""

    text: str = Field(max_length=MAX_SAVE)
    name: str = Field("save file", max_length=200)


@closed
class LooseCard(TypedDict):
    """A loose card on the table."""

    kind: Literal["card"]
    key: Annotated[
        str, Field(description="the card in the Casino notation (suit first): names the item")
    ]
    card: CardView


@closed
class Build(TypedDict):
    """A build on the table: its value, its owner and its parts (each a list of cards)."""

    kind: Literal["build"]
    key: Annotated[
        str, Field(description="one of its cards in the Casino notation: names the item")
    ]
    value: Annotated[int, Field(ge=1)]
    owner: Owner
    parts: list[list[CardView]]
    text: str


#: A table item: a loose card or a build.
TableItem = Annotated[LooseCard | Build, Field(discriminator="kind")]


@closed
class MoveView(TypedDict):
    """A move: its notation, its words, the card played and the table items it uses."""

    notation: Annotated[str, Field(examples=["C H5 S5"])]
    text: str
    action: ActionName
    card: Annotated[str, Field(description="the card played, in the Casino notation")]
    card_view: CardView
    items: Annotated[
        list[int], Field(description="the indexes in the table's list of the items used")
    ]


@closed
class Piles(TypedDict):
    human: list[CardView]
    computer: list[CardView]


@closed
class PositionView(TypedDict):
    """A position: the table (builds first), the hand, the piles, the scores, and the
    human's legal moves (only on the human's turn in a game going on)."""

    round: Annotated[int, Field(ge=1)]
    table: list[TableItem]
    hand: list[CardView]
    hand_keys: Annotated[list[str], Field(description="the hand in the Casino notation")]
    computer_hand: Annotated[int, Field(ge=0, description="how many cards the computer holds")]
    piles: Piles
    deck: Annotated[int, Field(ge=0, description="cards left to deal this round")]
    scores: Players
    next: Side
    last_capturer: Side | None
    legal: list[MoveView]


@closed
class LevelChoice(TypedDict):
    name: LevelName
    note: str


@closed
class HistoryEntry(TypedDict):
    """A move of this round so far."""

    player: Side
    notation: str
    text: str
    card_view: CardView


@closed
class MoveReviewView(TypedDict):
    """The verdict on one of the human's moves."""

    round: Annotated[int, Field(ge=1)]
    number: Annotated[int, Field(ge=1, description="the move's number in the round")]
    player: Side
    played: str
    played_text: str
    best: str
    best_text: str
    loss: Annotated[float, Field(ge=0, description="round points lost against the best move")]
    error: Annotated[
        float | None,
        Field(ge=0, description="the standard error of the loss (null: unknown, the budget cut)"),
    ]
    loss_text: Annotated[
        str, Field(description='the loss with its error as the terminal writes it: "1.15 ± 0.08"')
    ]
    mark: MarkName | None
    is_best: Annotated[
        bool, Field(description="as good as the best: the loss less 2 errors under 0.1")
    ]
    reason: str
    forced: Annotated[bool, Field(description="the only legal move")]
    costs_tournament: bool
    exact: Annotated[bool, Field(description="searched to the round's end, every card known")]
    deals: Annotated[int, Field(ge=0, description="the sampled deals the verdict averaged")]


@closed
class RoundReviewView(TypedDict):
    """The review of the human's moves of one round."""

    round: Annotated[int, Field(ge=1)]
    points_lost: Annotated[float, Field(ge=0)]
    accuracy: Annotated[
        float | None, Field(description="the share of the unforced moves as good as the best")
    ]
    inaccuracies: Annotated[int, Field(ge=0)]
    blunders: Annotated[int, Field(ge=0)]
    moves: list[MoveReviewView]


@closed
class TossEvent(TypedDict):
    kind: Literal["toss"]
    call: CoinSide
    toss: CoinSide
    first: Side
    text: str


@closed
class MoveEvent(TypedDict):
    """A move played, and the position after it."""

    kind: Literal["move"]
    player: Side
    round: Annotated[int, Field(ge=1, description="the round the move was played in")]
    move: MoveView
    reason: Annotated[
        str | None,
        Field(
            description="why the computer chose it (None: the human's); the judge's plain "
            "words when reason_job brings more"
        ),
    ]
    reason_job: Annotated[
        str | None,
        Field(
            description="the job bringing the whole reason, with the judge's look-ahead "
            "(GET /api/casino/judging/<job>; null: the reason is whole)"
        ),
    ]
    position: PositionView


@closed
class ScoreCount(TypedDict):
    cards: Annotated[int, Field(ge=0)]
    points: Annotated[int, Field(ge=0)]


@closed
class ScoreItem(TypedDict):
    """One item of a round's scoring (the most cards, the most spades, each ace...)."""

    name: str
    human: ScoreCount
    computer: ScoreCount


@closed
class LastCards(TypedDict):
    human: list[CardView]
    computer: list[CardView]


@closed
class RoundEndEvent(TypedDict):
    """A round's end: the cards left to the last capturer, the scoring, the totals, and
    the review of the human's moves of the round."""

    kind: Literal["round_end"]
    round: Annotated[int, Field(ge=1)]
    leftover: list[CardView]
    last_capturer: Side | None
    piles: LastCards
    items: list[ScoreItem]
    points: Players
    before: Annotated[Players, Field(description="the tournament's scores before this round")]
    totals: Players
    review: Annotated[
        RoundReviewView | None, Field(description="the review, when it came with the event")
    ]
    review_job: Annotated[
        str | None,
        Field(description="the job bringing the review (GET /api/casino/judging/<job>)"),
    ]
    review_error: Annotated[
        str | None, Field(description="why no review comes (the server was too busy)")
    ]


@closed
class TournamentOverEvent(TypedDict):
    kind: Literal["tournament_over"]
    winner: Annotated[Side | None, Field(description="None: a tie")]
    totals: Players


@closed
class UndoEvent(TypedDict):
    kind: Literal["undo"]
    text: str


@closed
class LoadedEvent(TypedDict):
    kind: Literal["loaded"]
    text: str


#: What happened since the human's last move.
Event = Annotated[
    TossEvent | MoveEvent | RoundEndEvent | TournamentOverEvent | UndoEvent | LoadedEvent,
    Field(discriminator="kind"),
]


@closed
class NoGame(TypedDict):
    """No game at this table yet: the levels on offer."""

    seated: Literal[False]
    levels: list[LevelChoice]
    default_level: LevelName


@closed
class Game(TypedDict):
    """A game at the table: the position, the events since the human's last move, this
    round's moves so far."""

    seated: Literal[True]
    levels: list[LevelChoice]
    default_level: LevelName
    level: LevelName
    finished: bool
    position: PositionView
    events: list[Event]
    moves_logged: Annotated[int, Field(ge=0)]
    practice: Annotated[bool, Field(description="a practice game: moves may be taken back")]
    history: Annotated[list[HistoryEntry], Field(description="this round's moves so far")]
    can_undo: bool


#: Every answer of the table's routes: the table, with a game or without.
TableAnswer = Annotated[NoGame | Game, Field(discriminator="seated")]


@closed
class HintAlternative(TypedDict):
    """A move other than the hint (one of each kind), and what it loses against it."""

    move: MoveView
    loss: Annotated[float, Field(ge=0, description="round points lost against the hint")]
    error: Annotated[
        float | None,
        Field(ge=0, description="the standard error of the loss (null: unknown, the budget cut)"),
    ]
    loss_text: Annotated[
        str, Field(description='the loss with its error as the terminal writes it: "1.15 ± 0.08"')
    ]
    costs_tournament: bool
    is_best: Annotated[
        bool, Field(description="as good as the hint: the loss less 2 errors under 0.1")
    ]


@closed
class HintAnswer(TypedDict):
    """The judge's advice for the human's move (its best move, the one its review calls
    best), why, and what every other kind of move loses against it."""

    move: MoveView
    reason: str
    exact: Annotated[bool, Field(description="the last deal: every card known, no sampling")]
    deals: Annotated[int, Field(ge=0, description="the sampled deals the verdict averaged")]
    others: list[HintAlternative]


@closed
class JudgedReason(TypedDict):
    """The whole reason for one of the computer's moves."""

    event: Annotated[int, Field(ge=0, description="the index of its move event in the answer")]
    reason: Annotated[
        str | None, Field(description="null: the judge's budget left the move unvalued")
    ]


@closed
class JudgedReasons(TypedDict):
    """The whole reasons of the computer's moves of one answer (a reason job's result)."""

    reasons: list[JudgedReason]


@closed
class JudgingJobAnswer(JobAnswer):
    """The judge's work an answer left for later: its progress, then the whole reasons
    (a ``reason_job``) or the round's review (a ``review_job``)."""

    result: Annotated[
        JudgedReasons | RoundReviewView | None, Field(description="the result, once done")
    ]
