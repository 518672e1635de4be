"""The Baccarat table page (``/baccarat``) and its JSON API (``/api/baccarat/...``).

The game is :class:`croupier.baccarat.sitting.Sitting`, as at the terminal: a table with
its own rules (commission, tie payout, side bets on offer, limits of a spot), a bankroll
and an 8-deck shoe with its cut card. The page puts chips on the table's bets (each chip
checked by the library before it goes down) and deals; this module only reads requests
with the library's parsers, calls the sitting, and turns the answers into JSON: the
round's cards and the drawing rules that applied, the money and its course, the five
roads of the current shoe with the ask road and the shoe's tally, and the exact odds of
every variant of every bet for the cards left (before sitting down: a full shoe).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import Field

from croupier.baccarat.composition import Composition
from croupier.baccarat.explain import drawing_reasons
from croupier.baccarat.odds import cached_odds_report
from croupier.baccarat.round import DEAL_ORDERS
from croupier.baccarat.scoreboard import (
    DERIVED_ROADS,
    RoadCell,
    ask_road,
    bead_plate,
    big_road,
    derived_road,
)
from croupier.baccarat.sitting import Sitting
from croupier.baccarat.table import TableRound, format_money, parse_money, table_shoe
from croupier.baccarat.tablerules import (
    PRESETS,
    SIDE_BETS,
    VARIANTS,
    Commission,
    TableRules,
    side_bets_offered,
    table_rules,
)
from croupier.cards import Rank
from croupier.web.baccarat_trainer import router as trainer_router
from croupier.web.errors import ApiError
from croupier.web.pages import GamePage, cards_view, render
from croupier.web.schemas import CHANGES, READS, SENDS, RequestModel, answers
from croupier.web.sessions import Slot, open_session

__all__ = ["PAGE", "SEAT"]

router = APIRouter()
router.include_router(trainer_router)

#: Chip values on the rail, in cents.
CHIPS: Final = (100, 500, 2_500, 10_000, 50_000)
#: Largest bankroll a player may sit down with, in cents ($1,000,000).
MAX_BANKROLL: Final = 100_000_000
#: Decks a shoe may hold.
MAX_DECKS: Final = 8
#: Largest seed accepted (the shuffle's seeds are 64-bit).
MAX_SEED: Final = 2**63 - 1
#: The shoe the maths panel prices before sitting down.
FULL_SHOE: Final = MAX_DECKS

SEAT: Final = Slot("baccarat", Sitting.from_dict)


class SitDown(RequestModel):
    """A new table: its rules, and the terminal game's options."""

    bankroll: str = Field("1000", max_length=20)
    #: What a bet typed without an amount stakes (the web's chips choose their own).
    stake: str | None = Field(None, max_length=20)
    payouts: str = Field("casino", max_length=20)
    #: ``5``, ``4`` or ``none`` (the EZ table); ``None``: the payouts' own.
    commission: str | None = Field(None, max_length=10)
    tie_pays: int | None = None
    #: The side bets on offer, by key; ``None``: all the table may offer.
    side_bets: list[str] | None = Field(None, max_length=10)
    min_stake: str | None = Field(None, max_length=20)
    max_stake: str | None = Field(None, max_length=20)
    decks: int = 8
    seed: int | None = None
    #: ``casino``: player, banker, player, banker, as at a real table; ``course``: the
    #: terminal game's player, player, banker, banker.
    deal_order: str = Field("casino", max_length=20)


class Deal(RequestModel):
    """Chips on the bets: bet key -> dollars (``"25"``, ``"12.50"``)."""

    stakes: dict[str, str | int] = Field(max_length=20)


def _cents(text: str | None) -> int | None:
    return None if text is None else parse_money(text)


def sit_down(request: SitDown) -> Sitting:
    """A sitting for ``request``, every field checked by the library's parsers."""
    rules = table_rules(
        request.payouts,
        commission=request.commission,
        tie_pays=request.tie_pays,
        side_bets=None if request.side_bets is None else tuple(request.side_bets),
        min_stake=_cents(request.min_stake),
        max_stake=_cents(request.max_stake),
    )
    bankroll = parse_money(request.bankroll)
    if bankroll > MAX_BANKROLL:
        raise ApiError(
            422, f"bad bankroll {request.bankroll!r}: at most {format_money(MAX_BANKROLL)}"
        )
    if not 1 <= request.decks <= MAX_DECKS:
        raise ApiError(422, f"bad number of decks {request.decks}: expected 1 to {MAX_DECKS}")
    if request.deal_order not in DEAL_ORDERS:
        raise ApiError(
            422, f"bad deal order {request.deal_order!r}: expected one of {', '.join(DEAL_ORDERS)}"
        )
    if request.seed is not None and not 0 <= request.seed <= MAX_SEED:
        raise ApiError(422, f"bad seed {request.seed}: expected 0 to {MAX_SEED}")
    stake = _cents(request.stake)
    if stake is None:
        stake = min(max(rules.min_stake, 10_000), rules.max_stake, max(bankroll, 1))
    return Sitting.sit_down(
        rules,
        shoe=table_shoe(request.decks, request.seed),
        bankroll=bankroll,
        stake=stake,
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


def rules_view(rules: TableRules) -> dict[str, Any]:
    """A table's rules as the page shows them."""
    return {
        "name": rules.name,
        "describe": rules.describe(),
        "lab": rules.lab,
        "commission": rules.commission.value,
        "tie_pays": rules.tie_pays,
        "side_bets": list(rules.side_bets),
        "min_stake": rules.min_stake,
        "max_stake": rules.max_stake,
        "limits_text": f"{format_money(rules.min_stake)} to {format_money(rules.max_stake)}",
        "casino_order": rules.casino_order,
        "variant_keys": list(rules.variant_keys),
    }


def choices_view() -> dict[str, Any]:
    """What the sit-down form offers: commissions, tie payouts, side bets by commission,
    and the usual limits."""
    casino = PRESETS["casino"]
    names = {bet.key: bet.name for bet in VARIANTS.bets}
    return {
        "commissions": [{"value": c.value, "label": c.label} for c in Commission],
        "tie_pays": [8, 9],
        "side_bets": {
            c.value: [
                {"key": key, "name": names[key], "code": code}
                for code, (key, _) in SIDE_BETS.items()
                if key in side_bets_offered(c)
            ]
            for c in Commission
        },
        "min_stake": casino.min_stake,
        "max_stake": casino.max_stake,
    }


def odds_view(composition: Composition, fresh: bool, rules: TableRules | None) -> dict[str, Any]:
    """Every variant of every bet priced exactly for ``composition``; the table's own
    bets marked."""
    report = cached_odds_report(composition, VARIANTS)
    at_table = set(rules.variant_keys) if rules is not None else set()
    return {
        "cards_left": report.composition.total,
        "fresh_shoe": fresh,
        "outcomes": report.outcomes._asdict(),
        "pair": report.pair,
        "bets": [
            {
                "key": odds.bet.key,
                "name": odds.bet.name,
                "expected_value": odds.expected_value,
                "house_edge": odds.house_edge,
                "at_table": odds.bet.key in at_table,
            }
            for odds in report.bets
        ],
    }


def _road_cell(cell: RoadCell) -> dict[str, Any]:
    return {
        "column": cell.column,
        "row": cell.row,
        "outcome": cell.outcome.value,
        "ties": cell.ties,
        "player_pair": cell.player_pair,
        "banker_pair": cell.banker_pair,
    }


def roads_view(sitting: Sitting) -> dict[str, Any]:
    """The five roads of the current shoe, the ask road and the shoe's tally."""
    beads = sitting.beads
    asked = ask_road(beads)
    return {
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
        "big_road": [_road_cell(cell) for cell in big_road(beads)],
        "derived_roads": {
            key: {
                "name": road.name,
                "marks": [
                    {"column": m.column, "row": m.row, "colour": m.colour.value}
                    for m in derived_road(beads, road)
                ],
            }
            for key, road in DERIVED_ROADS.items()
        },
        "ask_road": {
            side: {key: None if colour is None else colour.value for key, colour in marks.items()}
            for side, marks in (("banker", asked.banker), ("player", asked.player))
        },
        "tally": dataclasses.asdict(sitting.tally),
    }


def seat_view(sitting: Sitting | None) -> dict[str, Any]:
    """Everything the table page shows, as JSON."""
    if sitting is None:
        return {
            "seated": False,
            "payouts": [
                {"name": name, "description": rules.payouts.description}
                for name, rules in PRESETS.items()
            ],
            "choices": choices_view(),
            "chips": list(CHIPS),
            "odds": odds_view(Composition.decks(FULL_SHOE), True, None),
        }
    table, shoe, rules = sitting.table, sitting.table.shoe, sitting.rules
    counts: dict[Rank, int] = table.next_round_counts()
    return {
        "seated": True,
        "chips": list(CHIPS),
        "bankroll": table.bankroll,
        "bankroll_text": format_money(table.bankroll),
        "stake": table.stake,
        "stake_text": format_money(table.stake),
        "payouts": {"name": table.payouts.name, "description": table.payouts.description},
        "rules": rules_view(rules),
        "bets": [{"key": bet.key, "name": bet.name} for bet in table.payouts.bets],
        "rounds_played": table.rounds_played,
        "deal_order": table.deal_order,
        "session_net": sitting.session_net,
        "session_net_text": ("+" if sitting.session_net >= 0 else "")
        + format_money(sitting.session_net),
        "bankrolls": list(sitting.bankrolls),
        "shoe": {
            "decks": shoe.decks,
            "size": shoe.dealt + shoe.remaining,
            "dealt": shoe.dealt,
            "remaining": shoe.remaining,
            "cut_card": shoe.cut_card,
            "cut_card_out": shoe.cut_card_reached,
        },
        "last": None if sitting.last is None else round_view(sitting.last),
        **roads_view(sitting),
        "odds": odds_view(Composition.from_ranks(counts), shoe.cut_card_reached, rules),
        "broke": table.bankroll < max(CHIPS[0], rules.min_stake),
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


@router.get("/api/baccarat", responses=answers(*READS))
def state(request: Request) -> dict[str, Any]:
    """The table as the page shows it."""
    with open_session(request) as session:
        return seat_view(session.get(SEAT))


@router.post("/api/baccarat/table", responses=answers(*CHANGES))
def new_table(request: Request, body: SitDown) -> dict[str, Any]:
    """Sit down at a new table (leaving the old one)."""
    sitting = sit_down(body)
    with open_session(request) as session:
        session.put(SEAT, sitting)
        return seat_view(sitting)


def _seated(sitting: Sitting | None) -> Sitting:
    if sitting is None:
        raise ApiError(409, "no table yet: sit down first")
    return sitting


@router.post("/api/baccarat/check", responses=answers(*SENDS, 409))
def check(request: Request, body: Deal) -> dict[str, Any]:
    """Whether the table takes these chips (limits, bankroll): the page asks before a chip
    goes down, and shows the library's reason when it does not."""
    stakes = read_stakes(body.stakes)
    with open_session(request) as session:
        _seated(session.get(SEAT)).check(stakes)
    return {"ok": True, "total": sum(stakes.values())}


@router.post("/api/baccarat/deal", responses=answers(*CHANGES))
def deal(request: Request, body: Deal) -> dict[str, Any]:
    """Deal a round with the chips on the table."""
    stakes = read_stakes(body.stakes)
    with open_session(request) as session:
        sitting = _seated(session.get(SEAT))
        sitting.play(stakes)
        session.put(SEAT, sitting)
        return seat_view(sitting)


@router.delete("/api/baccarat/table", responses=answers(*CHANGES))
def leave(request: Request) -> dict[str, Any]:
    """Leave the table."""
    with open_session(request) as session:
        session.clear(SEAT)
        return seat_view(None)


PAGE: Final = GamePage(
    key="baccarat",
    title="Baccarat",
    path="/baccarat",
    summary="Punto banco at a table with its own rules: chips, the five roads and the ask "
    "road, and the exact odds of every bet for the cards left in the shoe.",
    router=router,
)
