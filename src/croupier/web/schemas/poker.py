"""The poker page's contract: the equity calculator, the range grid, the comparison."""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import Field

from croupier.poker.calc import MAX_PLAYERS, MIN_PLAYERS
from croupier.web.schemas.common import Answer, BestCardView, CardView, Request

__all__ = [
    "CompareAnswer",
    "CompareRequest",
    "EquityAnswer",
    "EquityJobAnswer",
    "EquityRequest",
    "RangeAnswer",
    "RangeRequest",
]

#: Largest number of Monte Carlo trials.
MAX_TRIALS: Final = 2_000_000
#: Finest and coarsest Monte Carlo precision (standard error, percentage points).
MIN_PRECISION: Final = 0.05
MAX_PRECISION: Final = 5.0
#: Longest range text per player.
MAX_RANGE_TEXT: Final = 500


class EquityRequest(Request):
    """A calculator request: a range per player (``""``: random), board, dead cards."""

    players: list[Annotated[str, Field(max_length=MAX_RANGE_TEXT)]] = Field(
        min_length=MIN_PLAYERS, max_length=MAX_PLAYERS
    )
    board: str = Field("", max_length=100)
    dead: str = Field("", max_length=300)
    method: Literal["auto", "exact", "monte-carlo"] = "auto"
    trials: int | None = Field(None, ge=1, le=MAX_TRIALS, description="monte-carlo only")
    precision: float | None = Field(
        None,
        ge=MIN_PRECISION,
        le=MAX_PRECISION,
        description="monte-carlo only: the standard error to reach, percentage points",
    )
    seed: int | None = Field(None, ge=0, le=2**63 - 1)


class RangeRequest(Request):
    """Range text to read (for the 13x13 grid)."""

    text: str = Field(max_length=MAX_RANGE_TEXT)


class CompareRequest(Request):
    """A ``hand1 ; hand2`` line."""

    line: str = Field(max_length=200)


class PlayerEquity(Answer):
    player: int
    range: str = Field(description="the range in its short normalised form")
    combos: int = Field(description="live combos once the board and dead cards are out")
    cards: list[CardView] = Field(description="the hand, for a player holding one")
    made: str | None = Field(description="what the hand holds on the board")
    equity: float
    win: float
    tie: float
    stderr: float | None = Field(description="Monte Carlo standard error of the equity")


class EquityAnswer(Answer):
    """A finished calculation, one row per player."""

    players: list[PlayerEquity]
    board: list[CardView]
    dead: list[CardView]
    games: int
    exact: bool
    method: Literal["auto", "exact", "monte-carlo"]
    seed: int | None


class EquityJobAnswer(Answer):
    """A calculation as its page polls it."""

    job: str
    state: Literal["waiting", "running", "done", "failed", "cancelled"]
    done: int
    total: int
    seconds: float
    result: EquityAnswer | None = None
    error: str | None = None


class RangeAnswer(Answer):
    range: str
    combos: int
    grid: list[list[float]] = Field(
        description="13x13, aces first: pairs on the diagonal, suited above, offsuit below; "
        "each cell the weighted share of its class in the range"
    )


class RankedHand(Answer):
    hand: list[BestCardView]
    best: list[CardView]
    category: str
    description: str


class CompareAnswer(Answer):
    hands: list[RankedHand]
    winner: Literal[0, 1, 2] = Field(description="0: a tie")
    verdict: str
