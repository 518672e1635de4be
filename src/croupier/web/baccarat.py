"""The Baccarat table page (``/baccarat``) and its JSON API (``/api/baccarat/...``).

The game is :class:`croupier.baccarat.table.Table`, as at the terminal: a bankroll, a
stake, a payout table (lab, casino or EZ) and an 8-deck shoe with its cut card. The page
puts chips on any bet of the payout table and deals; this module only reads requests
with the library's parsers, calls the table, and turns the answers into JSON: the
round's cards and the drawing rules that applied, the money, the bead plate and big
road of the current shoe, and the exact odds of every bet for the cards left.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from croupier.baccarat.composition import Composition
from croupier.baccarat.explain import drawing_reasons
from croupier.baccarat.odds import cached_odds_report
from croupier.baccarat.payouts import PAYOUT_TABLES, payout_table
from croupier.baccarat.round import Coup
from croupier.baccarat.scoreboard import Bead, bead_plate, big_road
from croupier.baccarat.table import (
    Table,
    TableRound,
    format_money,
    parse_money,
    table_shoe,
)
from croupier.cards import parse_cards
from croupier.web.errors import ApiError
from croupier.web.pages import GamePage, cards_view, render
from croupier.web.schemas import CHANGES, READS, answers
from croupier.web.schemas.baccarat import Deal, SitDown, TableAnswer
from croupier.web.sessions import Slot, open_session

__all__ = ["PAGE", "Seat"]

router = APIRouter()

#: Chip values on the rail, in cents.
CHIPS: Final = (100, 500, 2_500, 10_000, 50_000)
#: Largest bankroll a player may sit down with, in cents ($1,000,000).
MAX_BANKROLL: Final = 100_000_000


@dataclass(slots=True)
class Seat:
    """One browser at the Baccarat table: the table, this shoe's rounds, the last round."""

    table: Table
    #: Rounds dealt from the current shoe (the scoreboards restart with a new shoe).
    shoe_rounds: list[Coup] = field(default_factory=list)
    last: TableRound | None = None
    #: The bankroll the player sat down with (cents).
    start: int = -1

    def __post_init__(self) -> None:
        if self.start < 0:
            self.start = self.table.bankroll

    def play(self, stakes: Mapping[str, int]) -> TableRound:
        """Deal a round with ``stakes`` on the table and record it on the scoreboards."""
        played = self.table.play(stakes)
        if played.reshuffled:
            self.shoe_rounds.clear()
        self.shoe_rounds.append(played.coup)
        self.last = played
        return played

    def to_dict(self) -> dict[str, Any]:
        """The seat as JSON-ready data (for the session file)."""
        return {
            "table": self.table.to_dict(),
            "shoe_rounds": [
                [" ".join(map(str, c.player_cards)), " ".join(map(str, c.banker_cards))]
                for c in self.shoe_rounds
            ],
            "last": None if self.last is None else self.last.to_dict(),
            "start": self.start,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Seat:
        """The seat saved by :meth:`to_dict`."""
        table = Table.from_dict(data["table"])
        rounds = [Coup(parse_cards(p), parse_cards(b)) for p, b in data["shoe_rounds"]]
        last = data["last"]
        start = data.get("start", -1)
        if isinstance(start, bool) or not isinstance(start, int):
            raise ValueError(f"bad starting bankroll {start!r}")
        played = None if last is None else TableRound.from_dict(last, table.payouts)
        return cls(table, rounds, played, start)


SEAT: Final = Slot("baccarat", Seat.from_dict)


def sit_down(request: SitDown) -> Table:
    """A table for ``request``, every field checked by the library's parsers."""
    payouts = payout_table(request.payouts)
    for key in ("banker", "player", "tie"):
        payouts.bet(key)
    bankroll, stake = parse_money(request.bankroll), parse_money(request.stake)
    if bankroll > MAX_BANKROLL:
        raise ApiError(
            422, f"bad bankroll {request.bankroll!r}: at most {format_money(MAX_BANKROLL)}"
        )
    return Table(
        shoe=table_shoe(request.decks, request.seed),
        bankroll=bankroll,
        stake=stake,
        payouts=payouts,
        deal_order=request.deal_order,
    )


def read_stakes(stakes: Mapping[str, str | int]) -> dict[str, int]:
    """Chips of a deal request in cents (the table checks the bets themselves).

    >>> read_stakes({"banker": "12.50", "tie": 5, "player": "0"})
    {'banker': 1250, 'tie': 500}
    """
    cents = {}
    for key, amount in stakes.items():
        value = parse_money(amount)
        if value:
            cents[key] = value
    return cents


@functools.lru_cache(maxsize=100_000)
def _bead(coup: Coup) -> Bead:
    """A round's bead, remembered: the scoreboards are drawn again after every deal, from
    every round of the shoe."""
    return Bead.of(coup)


def seat_view(seat: Seat | None) -> dict[str, Any]:
    """Everything the table page shows, as JSON."""
    if seat is None:
        return {
            "seated": False,
            "payouts": [
                {"name": t.name, "description": t.description} for t in PAYOUT_TABLES.values()
            ],
            "chips": list(CHIPS),
        }
    table, shoe = seat.table, seat.table.shoe
    beads = [_bead(coup) for coup in seat.shoe_rounds]
    report = cached_odds_report(Composition.from_ranks(table.next_round_counts()), table.payouts)
    return {
        "seated": True,
        "chips": list(CHIPS),
        "bankroll": table.bankroll,
        "bankroll_text": format_money(table.bankroll),
        "stake": table.stake,
        "stake_text": format_money(table.stake),
        "payouts": {"name": table.payouts.name, "description": table.payouts.description},
        "bets": [{"key": bet.key, "name": bet.name} for bet in table.payouts.bets],
        "rounds_played": table.rounds_played,
        "deal_order": table.deal_order,
        "session_net": table.bankroll - seat.start,
        "session_net_text": ("+" if table.bankroll >= seat.start else "")
        + format_money(table.bankroll - seat.start),
        "shoe": {
            "decks": shoe.decks,
            "size": shoe.dealt + shoe.remaining,
            "dealt": shoe.dealt,
            "remaining": shoe.remaining,
            "cut_card": shoe.cut_card,
            "cut_card_out": shoe.cut_card_reached,
        },
        "last": None if seat.last is None else round_view(seat.last),
        "bead_plate": [
            {
                "column": cell.column,
                "row": cell.row,
                "outcome": cell.bead.outcome.value,
                "player_total": cell.bead.player_total,
                "banker_total": cell.bead.banker_total,
                "player_pair": cell.bead.player_pair,
                "banker_pair": cell.bead.banker_pair,
            }
            for cell in bead_plate(beads)
        ],
        "big_road": [
            {
                "column": cell.column,
                "row": cell.row,
                "outcome": cell.outcome.value,
                "ties": cell.ties,
                "player_pair": cell.player_pair,
                "banker_pair": cell.banker_pair,
            }
            for cell in big_road(beads)
        ],
        "odds": {
            "cards_left": report.composition.total,
            "fresh_shoe": shoe.cut_card_reached,
            "outcomes": report.outcomes._asdict(),
            "pair": report.pair,
            "bets": [
                {
                    "key": odds.bet.key,
                    "name": odds.bet.name,
                    "expected_value": odds.expected_value,
                    "house_edge": odds.house_edge,
                }
                for odds in report.bets
            ],
        },
        "broke": table.bankroll < CHIPS[0],
    }


def round_view(played: TableRound) -> dict[str, Any]:
    """One dealt round, as JSON."""
    coup = played.coup
    stakes = dict(played.stakes)
    return {
        "number": played.number,
        "reshuffled": played.reshuffled,
        "player": cards_view(coup.player_cards),
        "banker": cards_view(coup.banker_cards),
        "player_total": coup.player_total,
        "banker_total": coup.banker_total,
        "outcome": coup.outcome.value,
        "natural": coup.natural,
        "reasons": list(drawing_reasons(coup)),
        "settlements": [
            {
                "key": s.bet.key,
                "name": s.bet.name,
                "stake": stakes[s.bet.key],
                "kind": s.kind.value,
                "amount": s.amount,
                "amount_text": format_money(s.amount),
            }
            for s in played.settlements
        ],
        "net": played.net,
        "net_text": format_money(played.net),
    }


@router.get("/baccarat", response_class=HTMLResponse)
def page(request: Request) -> Response:
    """The table."""
    with open_session(request) as session:
        state = seat_view(session.get(SEAT))
    return render(request, "baccarat.html", title="Baccarat", state=state)


@router.get("/api/baccarat", response_model=TableAnswer, responses=answers(*READS))
def state(request: Request) -> dict[str, Any]:
    """The table as the page shows it."""
    with open_session(request) as session:
        return seat_view(session.get(SEAT))


@router.post("/api/baccarat/table", response_model=TableAnswer, responses=answers(*CHANGES))
def new_table(request: Request, body: SitDown) -> dict[str, Any]:
    """Sit down at a new table (leaving the old one)."""
    seat = Seat(sit_down(body))
    with open_session(request) as session:
        session.put(SEAT, seat)
        return seat_view(seat)


@router.post("/api/baccarat/deal", response_model=TableAnswer, responses=answers(*CHANGES))
def deal(request: Request, body: Deal) -> dict[str, Any]:
    """Deal a round with the chips on the table."""
    stakes = read_stakes(body.stakes)
    with open_session(request) as session:
        seat = session.get(SEAT)
        if seat is None:
            raise ApiError(409, "no table yet: sit down first")
        seat.play(stakes)
        session.put(SEAT, seat)
        return seat_view(seat)


@router.delete("/api/baccarat/table", response_model=TableAnswer, responses=answers(*CHANGES))
def leave(request: Request) -> dict[str, Any]:
    """Leave the table."""
    with open_session(request) as session:
        session.clear(SEAT)
        return seat_view(None)


PAGE: Final = GamePage(
    key="baccarat",
    title="Baccarat",
    path="/baccarat",
    summary="Punto banco at a real table: chips, the bead plate and big road, and the exact "
    "odds of every bet for the cards left in the shoe.",
    router=router,
)
