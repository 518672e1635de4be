"""The contract of a Baccarat table the room shares: the table as each browser sees it,
and the requests.

Every answer of a shared table's routes, and every event of its stream, is a
:class:`RoomView`: the shoe and its five roads, the last deal, the players seated (each
one's name, bankroll, chips down and whether they are ready; one's own last round
settled bet by bet), the betting window, and the exact odds of the next round for the
cards left. Money is in cents.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import Field
from typing_extensions import TypedDict

from croupier.baccarat.sharedtable import MAX_BETTORS
from croupier.web.schemas.baccarat import (
    Bankroll,
    BetKey,
    BetName,
    DealView,
    Dollars,
    OddsView,
    Roads,
    RulesView,
    Settlement,
    ShoeView,
    TableRequest,
)
from croupier.web.schemas.common import RequestModel, closed
from croupier.web.schemas.match import PlayerName

__all__ = [
    "MAX_WINDOW",
    "MIN_WINDOW",
    "BettorView",
    "OpenRoom",
    "Ready",
    "RoomBets",
    "RoomView",
    "SitAtRoom",
]

#: The shortest and the longest betting window a table may have (seconds).
MIN_WINDOW: Final = 5
MAX_WINDOW: Final = 120


class OpenRoom(TableRequest):
    """A new shared table: its rules (as a table of one's own), its name on the lobby's
    list, and the seconds its betting window stays open."""

    title: str = Field("Baccarat", min_length=1, max_length=40)
    window: int = Field(20, ge=MIN_WINDOW, le=MAX_WINDOW)


class SitAtRoom(RequestModel):
    """Sitting down at a shared table: the player's name and bankroll."""

    name: PlayerName
    bankroll: Bankroll = 100_000


class RoomBets(RequestModel):
    """The chips for the next round (bet key -> dollars): they replace those down."""

    stakes: dict[BetKey, Dollars] = Field(max_length=20)


class Ready(RequestModel):
    """Whether this player is ready for the deal."""

    ready: bool = True


@closed
class BettorView(TypedDict):
    """A player at the table, as everyone sees them (their chips are on the table)."""

    name: str
    you: bool
    bankroll: int
    bankroll_text: str
    net: Annotated[int, Field(description="won (negative: lost) since sitting down")]
    net_text: str
    bets: Annotated[dict[str, int], Field(description="the chips down for the next round")]
    ready: bool
    result: Annotated[int | None, Field(description="the last round's net (None: sat out)")]
    settlements: Annotated[
        list[Settlement], Field(description="the last round bet by bet (one's own only)")
    ]
    bankrolls: Annotated[
        list[int], Field(description="the bankroll after each round (one's own only)")
    ]


@closed
class RoomView(Roads):
    """A shared Baccarat table as this browser sees it."""

    kind: Literal["baccarat"]
    id: str
    version: Annotated[int, Field(ge=1)]
    title: str
    rules: RulesView
    bets: Annotated[list[BetName], Field(description="the bets of the table's payouts")]
    chips: Annotated[list[int], Field(description="the chips on the rail (cents)")]
    seats: list[BettorView]
    max_seats: Annotated[int, Field(ge=1, le=MAX_BETTORS)]
    you: Annotated[int | None, Field(description="this browser's place in seats (None: watching)")]
    can_sit: bool
    window: Annotated[float, Field(description="seconds the betting window stays open")]
    closes_in: Annotated[
        float | None, Field(description="seconds left in the betting window (None: not open)")
    ]
    rounds_played: Annotated[int, Field(ge=0)]
    deal_order: Literal["course", "casino"]
    shoe: ShoeView
    last: DealView | None
    odds: Annotated[OddsView, Field(description="the next round's, for the cards left")]
    watchers: Annotated[int, Field(ge=0)]
    path: str
