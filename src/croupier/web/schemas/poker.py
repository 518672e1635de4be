"""The poker page's contract: the calculator's jobs, the next-card table, what a range
hits, the range grid and the comparison; and the requests (the seed read from digits).

A calculation, a next-card table and what a range hits are
jobs (:class:`EquityJobAnswer`, :class:`NextCardJobAnswer`, :class:`HitsJobAnswer`;
polled at ``/api/poker/jobs/<job>``, which answers :class:`PokerJobAnswer`, any one's
result).
"""

from __future__ import annotations

import re
from typing import Annotated, Final, Literal

from pydantic import BeforeValidator, Field, WithJsonSchema
from typing_extensions import TypedDict

from croupier.poker.calc import MAX_PLAYERS, MIN_PLAYERS
from croupier.poker.games import Game
from croupier.web.schemas.common import (
    MAX_SEED,
    BestCardView,
    CardView,
    JobAnswer,
    RequestModel,
    closed,
)

__all__ = [
    "MAX_CATEGORIES",
    "MAX_CATEGORY_NAME",
    "MAX_DISTRIBUTION_POINTS",
    "MAX_HITS_HANDS",
    "MAX_NEXT_TRIALS",
    "MAX_PRECISION",
    "MAX_RANGE_TEXT",
    "MAX_TRIALS",
    "MIN_PRECISION",
    "CompareAnswer",
    "CompareRequest",
    "EquityJobAnswer",
    "EquityRequest",
    "EquityView",
    "HitsJobAnswer",
    "HitsRequest",
    "HitsView",
    "MethodName",
    "NarrowCell",
    "NarrowJobAnswer",
    "NarrowRequest",
    "NarrowView",
    "NextCardJobAnswer",
    "NextCardView",
    "PokerJobAnswer",
    "RangeAnswer",
    "RangeRequest",
    "RankedHand",
]

#: Largest number of Monte Carlo trials.
MAX_TRIALS: Final = 2_000_000
#: Finest and coarsest Monte Carlo precision (standard error, percentage points): 0.05
#: point needs at most about a million trials.
MIN_PRECISION: Final = 0.05
MAX_PRECISION: Final = 5.0
#: Most points of a player's equity distribution in an answer: every two-card range
#: (at most 1,326 combos) is sent whole; a range of more hands (a random Omaha player
#: holds up to 270,725) is drawn from this many points, each the mean of consecutive
#: hands (its weight their sum).
MAX_DISTRIBUTION_POINTS: Final = 1_326
#: Most combos (Omaha: hands) listed one by one in what a range hits on a board; the
#: totals by category always count every one.
MAX_HITS_HANDS: Final = 2_000
#: Most Monte Carlo deals a card in a next-card table.
MAX_NEXT_TRIALS: Final = 200_000
#: Longest range text per player: room for a narrowed range written combo by combo (a
#: hold'em range of every combo at its own weight, or some 1,800 Omaha holdings).
MAX_RANGE_TEXT: Final = 20_000
#: Longest category name, and most categories kept or dropped, in a narrowing.
MAX_CATEGORY_NAME: Final = 60
MAX_CATEGORIES: Final = 40
_SEED = re.compile(r"[0-9]{1,19}")
#: How a calculation is made.
MethodName = Literal["auto", "exact", "monte-carlo"]


@closed
class RangeAnswer(TypedDict):
    """Range text read by the library, for the 13x13 grid."""

    range: Annotated[str, Field(description="the range in its short form ('' for random)")]
    random: Annotated[bool, Field(description="the text was empty: a random hand")]
    combos: int
    grid: Annotated[
        list[list[float]],
        Field(
            description="13x13, aces first: pairs on the diagonal, suited above, offsuit below; "
            "each cell the weighted share of its class in the range"
        ),
    ]
    weights: Annotated[
        dict[str, float],
        Field(description="each combo in the range (AhKh, as the library writes it): its weight"),
    ]
    out: Annotated[
        list[str],
        Field(
            description="the combos holding a card out: on the board, dead, or not in the "
            "game's deck (short-deck's 2 to 5)"
        ),
    ]


@closed
class RankedHand(TypedDict):
    hand: list[BestCardView]
    best: list[CardView]
    category: str
    description: str


@closed
class CompareAnswer(TypedDict):
    """Which of two hands wins."""

    hands: list[RankedHand]
    winner: Annotated[int, Field(ge=0, le=2, description="the first or second hand; 0: a tie")]
    verdict: str


@closed
class Distribution(TypedDict):
    """A player's equity distribution: each combo (Omaha: hand) of the range, weakest
    first; beyond :data:`MAX_DISTRIBUTION_POINTS` of them, that many points, each the
    mean of consecutive ones."""

    hands: Annotated[
        int, Field(ge=0, description="the combos (Omaha: hands) the distribution counts")
    ]
    summarised: Annotated[
        bool,
        Field(description="each point the mean of consecutive hands (too many to list)"),
    ]
    above_50: Annotated[float, Field(ge=0, description="the share of the range above 50% equity")]
    above_75: Annotated[float, Field(ge=0, description="the share of the range above 75% equity")]
    combos: Annotated[
        list[tuple[str, float, float]],
        Field(
            description="each combo: its text, its share of the range, its equity (summarised: "
            "'N hands, FIRST to LAST', their summed share, their mean equity)"
        ),
    ]


#: A class's ``[equity, win, tie]`` (None where a figure is undefined), or None for a
#: class the range does not hold.
GridCell = list[float | None] | None


@closed
class PlayerEquity(TypedDict):
    """One player's figures (shares from 0 to 1)."""

    player: Annotated[int, Field(ge=1)]
    range: str
    combos: Annotated[int, Field(ge=0, description="the combos of the range live on this board")]
    cards: Annotated[list[CardView], Field(description="the hand, when the range is one hand")]
    made: Annotated[str | None, Field(description="what that hand makes on the board")]
    equity: float
    win: float
    tie: float
    stderr: Annotated[float | None, Field(description="the equity's standard error (None: exact)")]
    grid: Annotated[
        list[list[GridCell]],
        Field(description="13x13 by class (aces first; pairs on the diagonal, suited above)"),
    ]
    distribution: Distribution


@closed
class EquityView(TypedDict):
    """A calculation's answer, one row per player."""

    game: Annotated[Game, Field(description="the game (hold'em, Omaha, short-deck...)")]
    players: list[PlayerEquity]
    board: list[CardView]
    dead: list[CardView]
    games: Annotated[int, Field(ge=0, description="deals counted (boards times hands)")]
    exact: bool
    method: MethodName
    seed: Annotated[
        str | None,
        Field(description="the Monte Carlo seed, as digits (a JavaScript number would lose some)"),
    ]


@closed
class NextPlayer(TypedDict):
    player: Annotated[int, Field(ge=1)]
    range: str
    equity: Annotated[float, Field(description="the equity now")]


@closed
class NextCardRow(TypedDict):
    card: CardView
    chance: Annotated[float, Field(ge=0)]
    equity: Annotated[list[float], Field(description="each player's equity once this card comes")]


@closed
class NextCardView(TypedDict):
    """The next-card table: each player's equity now, and a row a card."""

    street: Literal["turn", "river"]
    board: list[CardView]
    players: list[NextPlayer]
    cards: list[NextCardRow]
    games: Annotated[int, Field(ge=0)]
    exact: bool
    seed: Annotated[str | None, Field(description="the Monte Carlo seed, as digits")]
    stderr: Annotated[
        float | None,
        Field(description="Monte Carlo: the largest standard error of a card's equity"),
    ]


@closed
class EquityJobAnswer(JobAnswer):
    """A calculation's progress, then its answer (or its one-line error)."""

    result: Annotated[EquityView | None, Field(description="the answer, once done")]


@closed
class NextCardJobAnswer(JobAnswer):
    """A next-card table's progress, then the table (or its one-line error)."""

    result: Annotated[NextCardView | None, Field(description="the table, once done")]


@closed
class HitsCategory(TypedDict):
    category: str
    definition: str
    combos: Annotated[float, Field(ge=0, description="the weighted combos in the category")]
    share: Annotated[float, Field(ge=0)]


@closed
class HitsHand(TypedDict):
    cards: list[CardView]
    weight: float
    made: str
    draws: list[str]


@closed
class HitsView(TypedDict):
    """What a range makes: on one board, combo by combo, or over every flop."""

    range: str
    board: Annotated[list[CardView], Field(description="the board (none: every flop)")]
    dead: list[CardView]
    boards: Annotated[
        int, Field(ge=1, description="boards counted: 1, or every flop (of the texture)")
    ]
    texture: Annotated[
        str, Field(description="the flops counted: 'every flop', or 'monotone, ace high'...")
    ]
    combos: Annotated[float, Field(ge=0, description="the range's live combos (weighted)")]
    pair_or_better: Annotated[float, Field(ge=0)]
    made: list[HitsCategory]
    draws: list[HitsCategory]
    hands: Annotated[
        list[HitsHand],
        Field(
            description="each combo on one board (none over every flop), the first "
            f"{MAX_HITS_HANDS:,} of them at most"
        ),
    ]
    listed: Annotated[int, Field(ge=0, description="the combos on the board, listed or not")]


@closed
class HitsJobAnswer(JobAnswer):
    """What a range hits, in progress (every flop takes seconds), then the answer (or its
    one-line error)."""

    result: Annotated[HitsView | None, Field(description="the answer, once done")]


@closed
class NarrowCell(TypedDict):
    label: Annotated[str, Field(description="the class: 'AA', 'AKs', 'AKo'")]
    combos: Annotated[float, Field(ge=0, description="the class's combos kept (weighted)")]
    live: Annotated[int, Field(ge=0, description="the class's combos the cards out leave")]


@closed
class NarrowView(TypedDict):
    """A range narrowed on a board by what it hits: the combos kept, their range text
    (read back by every route: the calculator's players, what a range hits) and, in the
    two-card games, the grid of what is kept."""

    range: Annotated[str, Field(description="the range narrowed, as read")]
    board: list[CardView]
    dead: list[CardView]
    keep: Annotated[list[str], Field(description="the categories kept (none: every one)")]
    drop: Annotated[list[str], Field(description="the categories dropped after")]
    narrowed: Annotated[str, Field(description="the range kept, as range text ('': none)")]
    fits: Annotated[
        bool,
        Field(description=f"the text is short enough for a player's range ({MAX_RANGE_TEXT:,})"),
    ]
    combos: Annotated[int, Field(ge=0, description="the combos (Omaha: hands) kept")]
    weighted: Annotated[float, Field(ge=0, description="the combos kept, by their weights")]
    of: Annotated[int, Field(ge=0, description="the range's live combos on the board")]
    of_weighted: Annotated[float, Field(ge=0)]
    grid: Annotated[
        list[list[NarrowCell]] | None,
        Field(
            description="two-card games: the classes (13x13, short-deck 9x9; aces first, "
            "pairs on the diagonal, suited above) with the combos kept; Omaha: null"
        ),
    ]


@closed
class NarrowJobAnswer(JobAnswer):
    """A range being narrowed (a random Omaha range on a flop takes seconds), then the
    answer (or its one-line error)."""

    result: Annotated[NarrowView | None, Field(description="the answer, once done")]


@closed
class PokerJobAnswer(JobAnswer):
    """A poker job's progress, then its result: a calculation's, a next-card table's,
    what a range hits or a range narrowed."""

    result: Annotated[
        EquityView | NextCardView | HitsView | NarrowView | None,
        Field(description="the result, once done"),
    ]


# --- requests ---------------------------------------------------------------------------------


def _seed(value: object) -> int | None:
    """A seed given as digits (a string, so JavaScript keeps every digit) or a number."""
    if value is None:
        return None
    text = str(value)
    if not isinstance(value, int | str) or isinstance(value, bool):
        raise ValueError(f"bad seed {text!r}: expected a whole number from 0 to {MAX_SEED}")
    if not _SEED.fullmatch(text) or int(text) > MAX_SEED:
        raise ValueError(f"bad seed {text!r}: expected a whole number from 0 to {MAX_SEED}")
    return int(text)


#: A seed in a request: digits in a string (or a number), read as a number.
SeedField = Annotated[
    int | None,
    BeforeValidator(_seed),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string", "pattern": "^[0-9]{1,19}$"},
                {"type": "integer", "minimum": 0, "maximum": MAX_SEED},
                {"type": "null"},
            ],
            "description": "digits, sent as a string so that no digit is lost (a number "
            "is read too)",
        }
    ),
]


#: The games the page plays (the names of :class:`croupier.poker.games.Game`).
GameName = Literal["holdem", "omaha", "omaha5", "shortdeck", "shortdeck-straights"]


class EquityRequest(RequestModel):
    """A calculator request: the game, a range per player (``""``: random; in Omaha a
    hand, part of one such as ``AsAh??``, or hands separated by commas), board, dead
    cards; the seed as a string of digits (a number is read too)."""

    game: GameName = "holdem"
    players: list[Annotated[str, Field(max_length=MAX_RANGE_TEXT)]] = Field(
        min_length=MIN_PLAYERS, max_length=MAX_PLAYERS
    )
    board: str = Field("", max_length=100)
    dead: str = Field("", max_length=300)
    method: MethodName = "auto"
    trials: int | None = Field(None, ge=1, le=MAX_TRIALS)
    precision: float | None = Field(
        None,
        ge=MIN_PRECISION,
        le=MAX_PRECISION,
        description="the standard error wanted, in percentage points",
    )
    seed: SeedField = None


class HitsRequest(RequestModel):
    """What a range hits in a game: the range (``""``: random; the game's range syntax),
    the board (none: every flop, or the flops of a ``texture`` and a ``high`` card, all of
    which must hold)."""

    game: GameName = "holdem"
    range: str = Field("", max_length=MAX_RANGE_TEXT)
    board: str = Field("", max_length=100)
    dead: str = Field("", max_length=300)
    texture: list[Annotated[str, Field(max_length=20)]] = Field(
        default_factory=list,
        max_length=8,
        description="with no board, only the flops of these textures (monotone, two-tone, "
        "rainbow, paired, unpaired, trips, connected, disconnected)",
    )
    high: str = Field("", max_length=2, description="with no board, the flops' highest rank")


class NarrowRequest(RequestModel):
    """A range narrowed on a board by what it hits in a game: the range (``""``: random),
    the board (3 to 5 cards), the dead cards, the categories kept (a combo is kept when
    its made hand or any of its draws is) and dropped after, named as ``poker hits``
    names them."""

    game: GameName = "holdem"
    range: str = Field("", max_length=MAX_RANGE_TEXT)
    board: str = Field(max_length=100)
    dead: str = Field("", max_length=300)
    keep: list[Annotated[str, Field(max_length=MAX_CATEGORY_NAME)]] = Field(
        default_factory=list, max_length=MAX_CATEGORIES
    )
    drop: list[Annotated[str, Field(max_length=MAX_CATEGORY_NAME)]] = Field(
        default_factory=list, max_length=MAX_CATEGORIES
    )


class RangeRequest(RequestModel):
    """Range text to read (for the 13x13 grid), with the cards out of play, in a two-card
    game (its names, ``@btn``, are that game's)."""

    text: str = Field(max_length=MAX_RANGE_TEXT)
    out: str = Field(
        "", max_length=200, description="the board and the dead cards: their combos are out"
    )
    game: GameName = "holdem"


class CompareRequest(RequestModel):
    """A ``hand1 ; hand2`` line of a game (Omaha: each hand its hole cards, then the
    board)."""

    line: str = Field(max_length=200)
    game: GameName = "holdem"
