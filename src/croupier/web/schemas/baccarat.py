"""The Baccarat table page's contract: the table as the page draws it, and the requests.

Every answer of the table's routes (``GET /api/baccarat``, sitting down, dealing,
leaving) is the whole table: :data:`TableAnswer`, a :class:`NoTable` before sitting down
(the form's choices and the odds of a full shoe) or a :class:`Table` (the money, the
last round, the five roads, the ask road, the exact odds of the cards left). Money is in
cents, each amount with its ``_text`` as the page shows it (``$1,234.50``); a request
gives dollars as text (``"25"``, ``"12.50"``), read by the library's parser.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Final, Literal

from pydantic import BeforeValidator, Field, WithJsonSchema
from typing_extensions import TypedDict

from croupier.baccarat.table import format_money, parse_money
from croupier.web.schemas.common import CardView, RequestModel, Seed, closed

__all__ = [
    "MAX_BANKROLL",
    "MAX_DECKS",
    "Bankroll",
    "BetKey",
    "CheckAnswer",
    "Deal",
    "DealRound",
    "DealView",
    "Dollars",
    "NoTable",
    "OddsView",
    "Roads",
    "RoundView",
    "Since",
    "SitDown",
    "Table",
    "TableAnswer",
    "TableRequest",
]

#: Largest bankroll a player may sit down with, in cents ($1,000,000).
MAX_BANKROLL: Final = 100_000_000
#: Decks a shoe may hold.
MAX_DECKS: Final = 8


def _dollars_reader(most: int | None, what: str) -> Callable[[object], int]:
    """The reader of a field of dollars: text (``"25"``, ``"$1,000"``, ``"12.50"``) or a
    whole number of dollars, read by the library's
    :func:`~croupier.baccarat.table.parse_money` into cents, at most ``most`` cents."""

    def read(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise ValueError(f"bad {what} {value!r}: expected dollars, e.g. 100 or 12.50")
        cents = parse_money(value)
        if most is not None and cents > most:
            raise ValueError(f"bad {what} {value!r}: at most {format_money(most)}")
        return cents

    return read


def _dollars_schema(most: int | None) -> WithJsonSchema:
    limit = "" if most is None else f", at most {format_money(most)}"
    return WithJsonSchema(
        {
            "anyOf": [{"type": "string", "maxLength": 20}, {"type": "integer", "minimum": 0}],
            "description": f'dollars, as text ("25", "12.50") or a whole number{limit}',
        }
    )


#: An amount of dollars in a request (read into cents).
Dollars = Annotated[int, BeforeValidator(_dollars_reader(None, "amount")), _dollars_schema(None)]
#: A bankroll to sit down with (read into cents), at most :data:`MAX_BANKROLL`.
Bankroll = Annotated[
    int, BeforeValidator(_dollars_reader(MAX_BANKROLL, "bankroll")), _dollars_schema(MAX_BANKROLL)
]
#: A bet key in a request.
BetKey = Annotated[str, Field(max_length=40)]


class TableRequest(RequestModel):
    """A table's rules: its payouts, commission, tie payout, side bets and limits."""

    payouts: Literal["lab", "casino", "ez"] = "casino"
    #: ``5``, ``4``, ``none`` (the EZ table) or ``super6`` (a banker 6 pays 1:2); ``None``:
    #: the payouts' own.
    commission: Literal["5", "4", "none", "super6"] | None = None
    tie_pays: Literal[8, 9] | None = None
    #: The side bets on offer, by key; ``None``: all the table may offer.
    side_bets: list[BetKey] | None = Field(None, max_length=10)
    min_stake: Dollars | None = None
    max_stake: Dollars | None = None
    decks: int = Field(MAX_DECKS, ge=1, le=MAX_DECKS)
    seed: Seed = None
    #: ``casino``: player, banker, player, banker, as at a real table; ``course``: the
    #: terminal game's player, player, banker, banker.
    deal_order: Literal["casino", "course"] = "casino"


class SitDown(TableRequest):
    """A new table of one's own: its rules, the bankroll, and the terminal game's stake."""

    bankroll: Bankroll = 100_000
    #: What a bet typed without an amount stakes (the web's chips choose their own).
    stake: Dollars | None = None


class Deal(RequestModel):
    """Chips on the bets: bet key -> dollars (``"25"``, ``"12.50"``)."""

    stakes: dict[BetKey, Dollars] = Field(max_length=20)


class DealRound(Deal):
    """A deal: the chips, and the table the page shows (its ``rounds_played``). When that
    is still the table's, the answer carries only the road cells and bankrolls that
    changed (its ``since`` says from where); else, or without it, the whole table."""

    drawn: int | None = Field(None, ge=0, le=2**63 - 1)


#: Who won a round.
Winner = Literal["player", "banker", "tie"]
#: The side of a streak (ties make none).
StreakSide = Literal["banker", "player"]
#: A derived road's mark.
Colour = Literal["red", "blue"]
#: The derived roads, by key.
RoadKey = Literal["big-eye-boy", "small-road", "cockroach-pig"]
#: What the house takes on a banker win.
CommissionValue = Literal["5", "4", "none", "super6"]
#: How a bet ended.
SettlementName = Literal["won", "lost", "pushed"]


@closed
class Outcomes(TypedDict):
    """The chances of each result of the next round."""

    player: Annotated[float, Field(ge=0)]
    banker: Annotated[float, Field(ge=0)]
    tie: Annotated[float, Field(ge=0)]


@closed
class BetPrice(TypedDict):
    """One variant of a bet priced for the cards left."""

    key: Annotated[str, Field(examples=["banker-ez"])]
    name: Annotated[str, Field(examples=["Banker (EZ)"])]
    expected_value: Annotated[
        float | None,
        Field(description="expected net result per unit staked (None: the shoe cannot price it)"),
    ]
    house_edge: Annotated[float | None, Field(description="minus the expected value")]
    at_table: Annotated[bool, Field(description="the bet is on offer at this table")]


@closed
class OddsView(TypedDict):
    """The exact odds of every variant of every bet for the cards left in the shoe."""

    cards_left: Annotated[int, Field(ge=0)]
    fresh_shoe: Annotated[
        bool, Field(description="the cut card is out: the next round is a new shoe's")
    ]
    outcomes: Outcomes
    pair: Annotated[
        float | None, Field(ge=0, le=1, description="the chance of a player (or banker) pair")
    ]
    bets: list[BetPrice]


@closed
class PayoutsName(TypedDict):
    """A payout table: its name and what it pays."""

    name: Annotated[str, Field(examples=["casino"])]
    description: str


@closed
class CommissionChoice(TypedDict):
    value: CommissionValue
    label: Annotated[str, Field(examples=["none (EZ)"])]


@closed
class SideBetChoice(TypedDict):
    key: Annotated[str, Field(examples=["dragon-7"])]
    name: str
    code: Annotated[str, Field(description="the letter the terminal game reads for the bet")]


@closed
class Choices(TypedDict):
    """What the sit-down form offers."""

    commissions: list[CommissionChoice]
    tie_pays: list[int]
    side_bets: Annotated[
        dict[CommissionValue, list[SideBetChoice]],
        Field(description="the side bets a table may offer, by its commission"),
    ]
    min_stake: Annotated[int, Field(description="the usual smallest stake a spot takes (cents)")]
    max_stake: Annotated[int, Field(description="the usual largest stake a spot takes (cents)")]


@closed
class NoTable(TypedDict):
    """Before sitting down: the form's choices and the odds of a full 8-deck shoe."""

    seated: Literal[False]
    payouts: list[PayoutsName]
    choices: Choices
    chips: Annotated[list[int], Field(description="the chips on the rail (cents)")]
    odds: OddsView


@closed
class RulesView(TypedDict):
    """The table's own rules."""

    name: str
    describe: Annotated[
        str, Field(description="the rules in one line, as the table's sign says them")
    ]
    lab: Annotated[bool, Field(description="the course's lab table: no limits, the course's order")]
    commission: CommissionValue
    tie_pays: int
    side_bets: Annotated[list[str], Field(description="the side bets on offer, by key")]
    min_stake: Annotated[int, Field(ge=0)]
    max_stake: Annotated[int, Field(ge=0)]
    limits_text: Annotated[str, Field(examples=["$10 to $5,000"])]
    casino_order: Annotated[bool, Field(description="side bets may be staked without a main bet")]
    variant_keys: Annotated[
        list[str], Field(description="the table's bets among the odds' variants")
    ]


@closed
class BetName(TypedDict):
    key: str
    name: str


@closed
class ShoeView(TypedDict):
    decks: Annotated[int | None, Field(description="None: a stacked shoe")]
    size: Annotated[int, Field(ge=0)]
    dealt: Annotated[int, Field(ge=0)]
    remaining: Annotated[int, Field(ge=0)]
    cut_card: Annotated[int | None, Field(description="cards dealt before the cut card comes out")]
    cut_card_out: bool


@closed
class Settlement(TypedDict):
    """How one bet of a round ended (amounts in cents)."""

    key: str
    name: str
    stake: Annotated[int, Field(ge=0)]
    kind: SettlementName
    amount: Annotated[int, Field(description="the net result: negative when lost")]
    amount_text: str


@closed
class DealView(TypedDict):
    """A round dealt: the cards, the totals, the drawing rules that applied."""

    number: Annotated[int, Field(ge=1)]
    reshuffled: Annotated[bool, Field(description="the shoe was shuffled before this round")]
    player: list[CardView]
    banker: list[CardView]
    player_total: Annotated[int, Field(ge=0, le=9)]
    banker_total: Annotated[int, Field(ge=0, le=9)]
    outcome: Winner
    natural: bool
    reasons: Annotated[list[str], Field(description="why each side drew or stood, in order")]


@closed
class RoundView(DealView):
    """One dealt round and how a player's bets on it were settled."""

    settlements: list[Settlement]
    net: int
    net_text: str


@closed
class Bead(TypedDict):
    """A round on the bead plate."""

    column: Annotated[int, Field(ge=0)]
    row: Annotated[int, Field(ge=0)]
    outcome: Winner
    player_total: Annotated[int, Field(ge=0, le=9)]
    banker_total: Annotated[int, Field(ge=0, le=9)]
    player_pair: bool
    banker_pair: bool


@closed
class BigRoadCell(TypedDict):
    """A win on the big road, with the ties that followed it."""

    column: Annotated[int, Field(ge=0)]
    row: Annotated[int, Field(ge=0)]
    outcome: Literal["player", "banker"]
    ties: Annotated[int, Field(ge=0)]
    player_pair: bool
    banker_pair: bool


@closed
class RoadMark(TypedDict):
    column: Annotated[int, Field(ge=0)]
    row: Annotated[int, Field(ge=0)]
    colour: Colour


@closed
class DerivedRoad(TypedDict):
    name: Annotated[str, Field(examples=["Big Eye Boy"])]
    marks: list[RoadMark]


@closed
class Cell(TypedDict):
    """A cell of a board, counted from 0."""

    column: Annotated[int, Field(ge=0)]
    row: Annotated[int, Field(ge=0)]


@closed
class NextCells(TypedDict):
    """The big road's cell a banker win would take next, and a player win."""

    banker: Cell
    player: Cell


@closed
class AskRoad(TypedDict):
    """The mark each derived road would get from a banker win and from a player win
    next (None where the road has not started), and where each win would be drawn in
    the big road."""

    banker: dict[RoadKey, Colour | None]
    player: dict[RoadKey, Colour | None]
    big_road: NextCells


@closed
class Tally(TypedDict):
    """The count of the current shoe's results."""

    rounds: Annotated[int, Field(ge=0)]
    banker: Annotated[int, Field(ge=0)]
    player: Annotated[int, Field(ge=0)]
    tie: Annotated[int, Field(ge=0)]
    player_pairs: Annotated[int, Field(ge=0)]
    banker_pairs: Annotated[int, Field(ge=0)]
    naturals: Annotated[int, Field(ge=0)]
    #: Each side's longest streak (a tie breaks no streak), the streak in progress: its
    #: side (``None`` before the first win) and length.
    longest_banker: Annotated[int, Field(ge=0)]
    longest_player: Annotated[int, Field(ge=0)]
    streak_side: StreakSide | None
    streak: Annotated[int, Field(ge=0)]


@closed
class Since(TypedDict):
    """Where a deal's roads and bankrolls start when the page gave the table it shows
    (``drawn``): each list holds the items from this index on, and the page keeps its
    own before it."""

    bead_plate: Annotated[int, Field(ge=0)]
    big_road: Annotated[int, Field(ge=0)]
    derived_roads: dict[RoadKey, int]
    bankrolls: Annotated[int, Field(ge=0)]


@closed
class Roads(TypedDict):
    """The current shoe's five roads, its ask road and its tally."""

    bead_plate: list[Bead]
    big_road: list[BigRoadCell]
    derived_roads: dict[RoadKey, DerivedRoad]
    ask_road: AskRoad
    tally: Tally


@closed
class Table(Roads):
    """A seated player's table: money in cents, the last round, the roads, the odds."""

    seated: Literal[True]
    chips: Annotated[list[int], Field(description="the chips on the rail (cents)")]
    bankroll: int
    bankroll_text: str
    stake: Annotated[int, Field(description="what a bet typed without an amount stakes (cents)")]
    stake_text: str
    payouts: PayoutsName
    rules: RulesView
    bets: Annotated[list[BetName], Field(description="the bets of the table's payouts")]
    rounds_played: Annotated[int, Field(ge=0)]
    deal_order: Literal["course", "casino"]
    session_net: int
    session_net_text: Annotated[str, Field(examples=["+$25", "-$10"])]
    bankrolls: Annotated[
        list[int], Field(description="the bankroll on sitting down and after each round")
    ]
    shoe: ShoeView
    last: RoundView | None
    odds: Annotated[
        OddsView, Field(description="for the cards left (a fresh shoe's when the cut card is out)")
    ]
    broke: Annotated[
        bool, Field(description="the bankroll cannot cover the smallest chip the table takes")
    ]
    since: Annotated[
        Since | None,
        Field(
            description="None: the whole table; else the roads and bankrolls hold only what "
            "changed since the table the deal's request said the page shows"
        ),
    ]


#: Every answer of the table's routes: the table, seated or not.
TableAnswer = Annotated[NoTable | Table, Field(discriminator="seated")]


@closed
class CheckAnswer(TypedDict):
    """The table takes these chips."""

    ok: Literal[True]
    total: Annotated[int, Field(ge=0, description="the chips' total (cents)")]
