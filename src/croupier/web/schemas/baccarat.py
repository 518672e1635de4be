"""The Baccarat table page's contract: the table as the page draws it.

Every answer of the table's routes (``GET /api/baccarat``, sitting down, dealing,
leaving) is the whole table: :data:`TableAnswer`, a :class:`NoTable` before sitting down
(the form's choices and the odds of a full shoe) or a :class:`Table` (the money, the
last round, the five roads, the ask road, the exact odds of the cards left). Money is in
cents, each amount with its ``_text`` as the page shows it (``$1,234.50``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from croupier.web.schemas.common import Answer, CardView

__all__ = [
    "CheckAnswer",
    "NoTable",
    "OddsView",
    "RoundView",
    "Since",
    "Table",
    "TableAnswer",
]

#: Who won a round.
Winner = Literal["player", "banker", "tie"]
#: A derived road's mark.
Colour = Literal["red", "blue"]
#: The derived roads, by key.
RoadKey = Literal["big-eye-boy", "small-road", "cockroach-pig"]
#: What the house takes on a banker win.
CommissionValue = Literal["5", "4", "none"]


class Outcomes(Answer):
    """The chances of each result of the next round."""

    player: float = Field(ge=0)
    banker: float = Field(ge=0)
    tie: float = Field(ge=0)


class BetPrice(Answer):
    """One variant of a bet priced for the cards left."""

    key: str = Field(examples=["banker-ez"])
    name: str = Field(examples=["Banker (EZ)"])
    expected_value: float | None = Field(
        description="expected net result per unit staked (None: the shoe cannot price it)"
    )
    house_edge: float | None = Field(description="minus the expected value")
    at_table: bool = Field(description="the bet is on offer at this table")


class OddsView(Answer):
    """The exact odds of every variant of every bet for the cards left in the shoe."""

    cards_left: int = Field(ge=0)
    fresh_shoe: bool = Field(description="the cut card is out: the next round is a new shoe's")
    outcomes: Outcomes
    pair: float | None = Field(ge=0, le=1, description="the chance of a player (or banker) pair")
    bets: list[BetPrice]


class PayoutsName(Answer):
    """A payout table: its name and what it pays."""

    name: str = Field(examples=["casino"])
    description: str


class CommissionChoice(Answer):
    value: CommissionValue
    label: str = Field(examples=["none (EZ)"])


class SideBetChoice(Answer):
    key: str = Field(examples=["dragon-7"])
    name: str
    code: str = Field(description="the letter the terminal game reads for the bet")


class Choices(Answer):
    """What the sit-down form offers."""

    commissions: list[CommissionChoice]
    tie_pays: list[int]
    side_bets: dict[CommissionValue, list[SideBetChoice]] = Field(
        description="the side bets a table may offer, by its commission"
    )
    min_stake: int = Field(description="the usual smallest stake a spot takes (cents)")
    max_stake: int = Field(description="the usual largest stake a spot takes (cents)")


class NoTable(Answer):
    """Before sitting down: the form's choices and the odds of a full 8-deck shoe."""

    seated: Literal[False]
    payouts: list[PayoutsName]
    choices: Choices
    chips: list[int] = Field(description="the chips on the rail (cents)")
    odds: OddsView


class RulesView(Answer):
    """The table's own rules."""

    name: str
    describe: str = Field(description="the rules in one line, as the table's sign says them")
    lab: bool = Field(description="the course's lab table: no limits, the course's order")
    commission: CommissionValue
    tie_pays: int
    side_bets: list[str] = Field(description="the side bets on offer, by key")
    min_stake: int = Field(ge=0)
    max_stake: int = Field(ge=0)
    limits_text: str = Field(examples=["$10 to $5,000"])
    casino_order: bool = Field(description="side bets may be staked without a main bet")
    variant_keys: list[str] = Field(description="the table's bets among the odds' variants")


class BetName(Answer):
    key: str
    name: str


class ShoeView(Answer):
    decks: int | None = Field(description="None: a stacked shoe")
    size: int = Field(ge=0)
    dealt: int = Field(ge=0)
    remaining: int = Field(ge=0)
    cut_card: int | None = Field(description="cards dealt before the cut card comes out")
    cut_card_out: bool


class Settlement(Answer):
    """How one bet of a round ended (amounts in cents)."""

    key: str
    name: str
    stake: int = Field(ge=0)
    kind: Literal["won", "lost", "pushed"]
    amount: int = Field(description="the net result: negative when lost")
    amount_text: str


class RoundView(Answer):
    """One dealt round: the cards, the drawing rules that applied, the bets settled."""

    number: int = Field(ge=1)
    reshuffled: bool = Field(description="the shoe was shuffled before this round")
    player: list[CardView]
    banker: list[CardView]
    player_total: int = Field(ge=0, le=9)
    banker_total: int = Field(ge=0, le=9)
    outcome: Winner
    natural: bool
    reasons: list[str] = Field(description="why each side drew or stood, in order")
    settlements: list[Settlement]
    net: int
    net_text: str


class Bead(Answer):
    """A round on the bead plate."""

    column: int = Field(ge=0)
    row: int = Field(ge=0)
    outcome: Winner
    player_total: int = Field(ge=0, le=9)
    banker_total: int = Field(ge=0, le=9)
    player_pair: bool
    banker_pair: bool


class BigRoadCell(Answer):
    """A win on the big road, with the ties that followed it."""

    column: int = Field(ge=0)
    row: int = Field(ge=0)
    outcome: Literal["player", "banker"]
    ties: int = Field(ge=0)
    player_pair: bool
    banker_pair: bool


class RoadMark(Answer):
    column: int = Field(ge=0)
    row: int = Field(ge=0)
    colour: Colour


class DerivedRoad(Answer):
    name: str = Field(examples=["Big Eye Boy"])
    marks: list[RoadMark]


class AskRoad(Answer):
    """The mark each derived road would get from a banker win and from a player win
    next (None where the road has not started)."""

    banker: dict[RoadKey, Colour | None]
    player: dict[RoadKey, Colour | None]


class Tally(Answer):
    """The count of the current shoe's results."""

    rounds: int = Field(ge=0)
    banker: int = Field(ge=0)
    player: int = Field(ge=0)
    tie: int = Field(ge=0)
    player_pairs: int = Field(ge=0)
    banker_pairs: int = Field(ge=0)
    naturals: int = Field(ge=0)


class Since(Answer):
    """Where a deal's roads and bankrolls start when the page gave the table it shows
    (``drawn``): each list holds the items from this index on, and the page keeps its
    own before it."""

    bead_plate: int = Field(ge=0)
    big_road: int = Field(ge=0)
    derived_roads: dict[RoadKey, int]
    bankrolls: int = Field(ge=0)


class Table(Answer):
    """A seated player's table: money in cents, the last round, the roads, the odds."""

    seated: Literal[True]
    chips: list[int] = Field(description="the chips on the rail (cents)")
    bankroll: int
    bankroll_text: str
    stake: int = Field(description="what a bet typed without an amount stakes (cents)")
    stake_text: str
    payouts: PayoutsName
    rules: RulesView
    bets: list[BetName] = Field(description="the bets of the table's payouts")
    rounds_played: int = Field(ge=0)
    deal_order: Literal["course", "casino"]
    session_net: int
    session_net_text: str = Field(examples=["+$25", "-$10"])
    bankrolls: list[int] = Field(description="the bankroll on sitting down and after each round")
    shoe: ShoeView
    last: RoundView | None
    bead_plate: list[Bead]
    big_road: list[BigRoadCell]
    derived_roads: dict[RoadKey, DerivedRoad]
    ask_road: AskRoad
    tally: Tally
    odds: OddsView = Field(
        description="for the cards left (a fresh shoe's when the cut card is out)"
    )
    broke: bool = Field(description="the bankroll cannot cover the smallest chip the table takes")
    since: Since | None = Field(
        description="None: the whole table; else the roads and bankrolls hold only what "
        "changed since the table the deal's request said the page shows"
    )


#: Every answer of the table's routes: the table, seated or not.
TableAnswer = Annotated[NoTable | Table, Field(discriminator="seated")]


class CheckAnswer(Answer):
    """The table takes these chips."""

    ok: Literal[True]
    total: int = Field(ge=0, description="the chips' total (cents)")
