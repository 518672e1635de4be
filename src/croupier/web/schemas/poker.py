"""The poker page's contract: the calculator's jobs, the next-card table, what a range
hits, the range grid and the comparison.

The calculator's request models (with the seed read from digits) are in
:mod:`croupier.web.poker`. A calculation, a next-card table and what a range hits are
jobs (:class:`EquityJobAnswer`, :class:`NextCardJobAnswer`, :class:`HitsJobAnswer`;
polled at ``/api/poker/jobs/<job>``, which answers :class:`PokerJobAnswer`, any one's
result).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from croupier.poker.games import Game
from croupier.web.schemas.common import Answer, BestCardView, CardView, JobAnswer

__all__ = [
    "CompareAnswer",
    "EquityJobAnswer",
    "EquityView",
    "HitsJobAnswer",
    "HitsView",
    "NextCardJobAnswer",
    "NextCardView",
    "PokerJobAnswer",
    "RangeAnswer",
]


class RangeAnswer(Answer):
    """Range text read by the library, for the 13x13 grid."""

    range: str = Field(description="the range in its short form ('' for random)")
    random: bool = Field(description="the text was empty: a random hand")
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
    """Which of two hands wins."""

    hands: list[RankedHand]
    winner: Literal[0, 1, 2] = Field(description="0: a tie")
    verdict: str


class Distribution(Answer):
    """A player's equity distribution: each combo of the range, weakest first."""

    above_50: float = Field(ge=0, description="the share of the range above 50% equity")
    above_75: float = Field(ge=0, description="the share of the range above 75% equity")
    combos: list[tuple[str, float, float]] = Field(
        description="each combo: its text, its share of the range, its equity"
    )


#: A class's ``[equity, win, tie]`` (None where a figure is undefined), or None for a
#: class the range does not hold.
GridCell = list[float | None] | None


class PlayerEquity(Answer):
    """One player's figures (shares from 0 to 1)."""

    player: int = Field(ge=1)
    range: str
    combos: int = Field(ge=0, description="the combos of the range live on this board")
    cards: list[CardView] = Field(description="the hand, when the range is one hand")
    made: str | None = Field(description="what that hand makes on the board")
    equity: float
    win: float
    tie: float
    stderr: float | None = Field(description="the equity's standard error (None: exact)")
    grid: list[list[GridCell]] = Field(
        description="13x13 by class (aces first; pairs on the diagonal, suited above)"
    )
    distribution: Distribution


class EquityView(Answer):
    """A calculation's answer, one row per player."""

    game: Game = Field(description="the game (hold'em, Omaha, short-deck...)")
    players: list[PlayerEquity]
    board: list[CardView]
    dead: list[CardView]
    games: int = Field(ge=0, description="deals counted (boards times hands)")
    exact: bool
    method: Literal["auto", "exact", "monte-carlo"]
    seed: str | None = Field(
        description="the Monte Carlo seed, as digits (a JavaScript number would lose some)"
    )


class NextPlayer(Answer):
    player: int = Field(ge=1)
    range: str
    equity: float = Field(description="the equity now")


class NextCardRow(Answer):
    card: CardView
    chance: float = Field(ge=0)
    equity: list[float] = Field(description="each player's equity once this card comes")


class NextCardView(Answer):
    """The next-card table: each player's equity now, and a row a card."""

    street: Literal["turn", "river"]
    board: list[CardView]
    players: list[NextPlayer]
    cards: list[NextCardRow]
    games: int = Field(ge=0)


class EquityJobAnswer(JobAnswer):
    """A calculation's progress, then its answer (or its one-line error)."""

    result: EquityView | None = Field(None, description="the answer, once done")


class NextCardJobAnswer(JobAnswer):
    """A next-card table's progress, then the table (or its one-line error)."""

    result: NextCardView | None = Field(None, description="the table, once done")


class HitsCategory(Answer):
    category: str
    definition: str
    combos: float = Field(ge=0, description="the weighted combos in the category")
    share: float = Field(ge=0)


class HitsHand(Answer):
    cards: list[CardView]
    weight: float
    made: str
    draws: list[str]


class HitsView(Answer):
    """What a range makes: on one board, combo by combo, or over every flop."""

    range: str
    board: list[CardView] = Field(description="the board (none: every flop)")
    dead: list[CardView]
    boards: int = Field(ge=1, description="boards counted: 1, or every flop")
    combos: float = Field(ge=0, description="the range's live combos (weighted)")
    pair_or_better: float = Field(ge=0)
    made: list[HitsCategory]
    draws: list[HitsCategory]
    hands: list[HitsHand] = Field(description="each combo, on one board (none over every flop)")


class HitsJobAnswer(JobAnswer):
    """What a range hits, in progress (every flop takes seconds), then the answer (or its
    one-line error)."""

    result: HitsView | None = Field(None, description="the answer, once done")


class PokerJobAnswer(JobAnswer):
    """A poker job's progress, then its result: a calculation's, a next-card table's or
    what a range hits."""

    result: EquityView | NextCardView | HitsView | None = Field(
        None, description="the result, once done"
    )
