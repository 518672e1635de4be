"""The Baccarat table's contract: what a sit-down and a deal send, and what the page gets."""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import Field

from croupier.web.schemas.common import Answer, CardView, Request

__all__ = [
    "Deal",
    "SitDown",
    "TableAnswer",
]

#: Decks a shoe may hold.
MAX_DECKS: Final = 8
#: Largest seed accepted (the shuffle's seeds are 64-bit).
MAX_SEED: Final = 2**63 - 1
#: Bets on the table at most, and the longest bet key and amount.
MAX_BETS: Final = 20

Outcome = Literal["player", "banker", "tie"]
Money = Annotated[str, Field(max_length=20)] | Annotated[int, Field(ge=0, le=10**9)]


class SitDown(Request):
    """A new table: the terminal game's options (money as dollars: ``"1000"``, ``"12.50"``)."""

    bankroll: str = Field("1000", max_length=20)
    stake: str = Field("100", max_length=20)
    payouts: str = Field("casino", max_length=20, description="lab, casino or ez")
    decks: int = Field(8, ge=1, le=MAX_DECKS)
    seed: int | None = Field(None, ge=0, le=MAX_SEED)
    deal_order: Literal["casino", "course"] = Field(
        "casino",
        description="casino: player, banker, player, banker as at a real table; course: "
        "the terminal game's player, player, banker, banker",
    )


class Deal(Request):
    """Chips on the bets: bet key -> dollars (``"25"``, ``"12.50"``, or a whole number)."""

    stakes: dict[Annotated[str, Field(max_length=30)], Money] = Field(max_length=MAX_BETS)


class PayoutsName(Answer):
    name: str
    description: str


class BetName(Answer):
    key: str
    name: str


class Shoe(Answer):
    decks: int
    size: int
    dealt: int
    remaining: int
    cut_card: int = Field(description="cards dealt before the cut card comes out")
    cut_card_out: bool


class Settlement(Answer):
    key: str
    name: str
    stake: int = Field(description="cents")
    kind: Literal["won", "lost", "pushed"]
    amount: int = Field(description="cents won (negative: lost)")
    amount_text: str


class RoundAnswer(Answer):
    """One dealt round: the cards, the totals, the rules that applied, the money."""

    number: int
    reshuffled: bool
    player: list[CardView]
    banker: list[CardView]
    player_total: int
    banker_total: int
    outcome: Outcome
    natural: bool
    reasons: list[str] = Field(description="the drawing rules that applied, in words")
    settlements: list[Settlement]
    net: int = Field(description="cents")
    net_text: str


class Bead(Answer):
    column: int
    row: int
    outcome: Outcome
    player_total: int
    banker_total: int
    player_pair: bool
    banker_pair: bool


class RoadCell(Answer):
    column: int
    row: int
    outcome: Outcome
    ties: int
    player_pair: bool
    banker_pair: bool


class Outcomes(Answer):
    player: float
    banker: float
    tie: float


class BetOdds(Answer):
    key: str
    name: str
    expected_value: float | None = Field(description="per unit staked")
    house_edge: float | None


class Odds(Answer):
    """The exact odds of the next round for the cards left."""

    cards_left: int
    fresh_shoe: bool
    outcomes: Outcomes
    pair: float | None
    bets: list[BetOdds]


class NoTable(Answer):
    """Before sitting down: the payout tables and chips to choose from."""

    seated: Literal[False]
    payouts: list[PayoutsName]
    chips: list[int]


class AtTable(Answer):
    """The table as the page shows it (money in cents, and as text)."""

    seated: Literal[True]
    chips: list[int] = Field(description="chip values, in cents")
    bankroll: int
    bankroll_text: str
    stake: int
    stake_text: str
    payouts: PayoutsName
    bets: list[BetName]
    rounds_played: int
    deal_order: Literal["casino", "course"]
    session_net: int
    session_net_text: str
    shoe: Shoe
    last: RoundAnswer | None
    bead_plate: list[Bead]
    big_road: list[RoadCell]
    odds: Odds
    broke: bool = Field(description="the bankroll is below the smallest chip")


#: The table, seated or not (``seated`` tells them apart).
TableAnswer = Annotated[NoTable | AtTable, Field(discriminator="seated")]
