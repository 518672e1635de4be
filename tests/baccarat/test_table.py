"""The betting session: money in cents, settling, commission, reshuffles."""

from __future__ import annotations

import pytest

from croupier.baccarat import CASINO, LAB, BaccaratError, deal_coup
from croupier.baccarat.table import (
    CUT_CARD_FROM_END,
    SettlementKind,
    Table,
    format_money,
    parse_bet,
    parse_money,
    table_shoe,
)
from croupier.cards import Shoe, parse_cards

from ..untyped import untyped

BANKER_WINS = deal_coup(parse_cards("2h 3d 9s Kc"))
TIE = deal_coup(parse_cards("3h 3d Ac 2d 3s"))


def table(**kwargs: object) -> Table:
    return Table(shoe=Shoe.stacked(()), **untyped(kwargs))


@pytest.mark.parametrize(
    ("text", "cents"),
    [("1000", 100000), ("12.5", 1250), ("12.50", 1250), ("$1,000", 100000), ("0", 0), (7, 700)],
)
def test_parse_money(text: str, cents: int) -> None:
    assert parse_money(text) == cents


@pytest.mark.parametrize("text", ["ten", "-5", "1.005", "", "nan", "inf", "1e400x"])
def test_bad_money(text: str) -> None:
    with pytest.raises(BaccaratError, match=f"bad amount {text!r}: expected dollars"):
        parse_money(text)


def test_format_money() -> None:
    assert [format_money(c) for c in (0, 100000, 9500, 997, 5, -250)] == [
        "$0",
        "$1,000",
        "$95",
        "$9.97",
        "$0.05",
        "-$2.50",
    ]


def test_parse_bet() -> None:
    assert [parse_bet(t) for t in ("b", "P", " t ", "banker", "Tie")] == [
        "banker",
        "player",
        "tie",
        "banker",
        "tie",
    ]
    with pytest.raises(BaccaratError, match="bad bet 'q': expected 'b' \\(banker\\)"):
        parse_bet("q")


def test_lab_settlements() -> None:
    session = table(payouts=LAB)
    won = session.settle("banker", BANKER_WINS)
    assert (won.kind, won.amount, won.bankroll) == (SettlementKind.WON, 10000, 110000)
    lost = session.settle("player", TIE)  # the lab: a tie loses a player bet
    assert (lost.kind, lost.amount, session.bankroll) == (SettlementKind.LOST, 10000, 100000)
    tie = session.settle("tie", TIE)
    assert (tie.kind, tie.amount, session.bankroll) == (SettlementKind.WON, 50000, 150000)
    assert session.rounds_played == 3


def test_casino_commission_is_exact_to_the_cent() -> None:
    session = table(payouts=CASINO, bankroll=100000, stake=10000)
    assert session.settle("banker", BANKER_WINS).amount == 9500
    assert session.bankroll == 109500
    odd = table(payouts=CASINO, stake=1050)  # $10.50 x 0.95 = $9.975: rounded down
    assert odd.settle("banker", BANKER_WINS).amount == 997
    pushed = session.settle("banker", TIE)
    assert (pushed.kind, pushed.amount, session.bankroll) == (SettlementKind.PUSHED, 0, 109500)
    tie = session.settle("tie", TIE)
    assert tie.amount == 80000


def test_stake_limits() -> None:
    session = table(bankroll=5000, stake=10000)
    assert not session.can_cover_stake
    with pytest.raises(BaccaratError, match=r"bankroll \$50 cannot cover the \$100 stake"):
        session.settle("banker", BANKER_WINS)
    with pytest.raises(BaccaratError, match="bad stake"):
        table(stake=0)
    with pytest.raises(BaccaratError, match="bad bankroll"):
        table(bankroll=-1)


def test_the_table_reshuffles_once_the_cut_card_is_out() -> None:
    shoe = table_shoe(decks=1, rng=5)
    assert shoe.cut_card == 52 - CUT_CARD_FROM_END
    session = Table(shoe=shoe)
    reshuffles = 0
    for _ in range(30):
        game, reshuffled = session.next_round()
        reshuffles += reshuffled
        if reshuffled:
            assert shoe.remaining == 52
        game.play()
        session.rounds_played += 1
    assert reshuffles >= 3
    with pytest.raises(BaccaratError, match="bad number of decks 0"):
        table_shoe(decks=0)


def test_a_stacked_shoe_is_never_reshuffled() -> None:
    session = Table(shoe=Shoe.stacked(parse_cards("2h 3d 9s Kc")))
    game, reshuffled = session.next_round()
    assert not reshuffled
    game.play()
    assert session.shoe.remaining == 0
