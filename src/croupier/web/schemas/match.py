"""The contract of a Casino table of two people: what each viewer sees, and the requests.

Every answer of a table's routes, and every event of its stream, is the whole table as
this browser may see it: a :class:`MatchView`. The seats are ``first`` (who opened the
table) and ``second`` (who joined); ``you`` says which one is this browser's (``None``:
it watches). A player's own hand is there; the other hand and the deck never are (their
sizes only), for a player or a watcher.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field
from typing_extensions import TypedDict

from croupier.casino.match import MAX_NAME
from croupier.web.schemas.casino import CoinSide, MoveView, Play, TableItem
from croupier.web.schemas.common import CardView, RequestModel, closed

__all__ = [
    "Accept",
    "JoinTable",
    "MatchPlayer",
    "MatchResult",
    "MatchRoundEnd",
    "MatchStatusName",
    "MatchToss",
    "MatchTurn",
    "MatchView",
    "OpenTable",
    "Play",
    "SeatKey",
    "SeatScores",
]

#: A seat: ``first`` opened the table, ``second`` joined it.
SeatKey = Literal["first", "second"]
#: Where a table stands.
MatchStatusName = Literal["waiting", "playing", "over"]
#: A player's name at a table.
PlayerName = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]


class OpenTable(RequestModel):
    """A new table: the opener's name and call of the coin toss (tossed when a second
    player sits down)."""

    name: PlayerName
    call: CoinSide = "heads"


class JoinTable(RequestModel):
    """Sitting down at a table's free seat: the player's name."""

    name: PlayerName


class Accept(RequestModel):
    """An answer to the other player's request to take back a move."""

    accept: bool


@closed
class SeatScores(TypedDict):
    """A number for each seat."""

    first: int
    second: int


@closed
class MatchPlayer(TypedDict):
    """One seat as everyone sees it: who sits there, how many cards they hold, their
    pile, their tournament score (before the round under way; the final one once the
    tournament is over)."""

    name: Annotated[str | None, Field(description="None: the seat is free")]
    hand: Annotated[int, Field(ge=0, description="how many cards they hold (never which)")]
    pile: list[CardView]
    score: Annotated[int, Field(ge=0)]


@closed
class MatchPlayers(TypedDict):
    first: MatchPlayer
    second: MatchPlayer


@closed
class MatchToss(TypedDict):
    """The coin toss that began the tournament."""

    call: CoinSide
    toss: CoinSide
    first: SeatKey
    text: str


@closed
class MatchTurn(TypedDict):
    """A move of this round."""

    seat: SeatKey
    notation: str
    text: str
    card_view: CardView


@closed
class SeatCount(TypedDict):
    cards: Annotated[int, Field(ge=0)]
    points: Annotated[int, Field(ge=0)]


@closed
class MatchScoreItem(TypedDict):
    """One item of a round's scoring."""

    name: str
    first: SeatCount
    second: SeatCount


@closed
class SeatPiles(TypedDict):
    first: list[CardView]
    second: list[CardView]


@closed
class MatchRoundEnd(TypedDict):
    """The last round played out: its scoring and the tournament's scores after it."""

    round: Annotated[int, Field(ge=1)]
    items: list[MatchScoreItem]
    points: SeatScores
    totals: SeatScores
    piles: SeatPiles


@closed
class MatchResult(TypedDict):
    """The tournament's end."""

    winner: Annotated[SeatKey | None, Field(description="None: a tie")]
    totals: SeatScores
    resigned: Annotated[SeatKey | None, Field(description="who resigned, if anyone did")]
    text: str


@closed
class MatchView(TypedDict):
    """A Casino table of two people as this browser may see it."""

    kind: Literal["casino"]
    id: str
    version: Annotated[int, Field(ge=1, description="raised by every change of the table")]
    status: MatchStatusName
    you: Annotated[SeatKey | None, Field(description="this browser's seat (None: watching)")]
    can_join: Annotated[bool, Field(description="a seat is free for this browser")]
    players: MatchPlayers
    toss: MatchToss | None
    round: Annotated[int | None, Field(description="None: not started yet")]
    table: list[TableItem]
    hand: Annotated[list[CardView], Field(description="this browser's hand ([] watching)")]
    hand_keys: Annotated[list[str], Field(description="the hand in the Casino notation")]
    deck: Annotated[int, Field(ge=0, description="cards left to deal this round")]
    to_move: SeatKey | None
    last_capturer: SeatKey | None
    legal: Annotated[list[MoveView], Field(description="this browser's moves, on its turn")]
    history: Annotated[list[MatchTurn], Field(description="this round's moves so far")]
    last_round: MatchRoundEnd | None
    takeback: Annotated[
        SeatKey | None, Field(description="who asked to take back a move, awaiting an answer")
    ]
    result: MatchResult | None
    watchers: Annotated[int, Field(ge=0, description="browsers following the table live here")]
    path: Annotated[str, Field(description="the table's page: the link to invite with")]
