"""Payout tables: every main bet against every outcome, under lab and casino payouts."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.baccarat import CASINO, LAB, PAYOUT_TABLES, BaccaratError, deal_coup, payout_table
from croupier.baccarat.payouts import NaturalTie, NaturalWin, Pair, WinsBy, WinsWith
from croupier.baccarat.rules import Outcome
from croupier.cards import parse_cards

BANKER_WINS = deal_coup(parse_cards("2h 3d 9s Kc"))
PLAYER_WINS = deal_coup(parse_cards("9h Kc 2d 5s"))
TIE = deal_coup(parse_cards("3h 3d Ac 2d 3s"))

LAB_RESULTS = {  # bet -> (banker wins, player wins, tie)
    "banker": (1, -1, -1),
    "player": (-1, 1, -1),
    "tie": (-1, -1, 5),
}
CASINO_RESULTS = {
    "banker": (Fraction(19, 20), -1, 0),
    "player": (-1, 1, 0),
    "tie": (-1, -1, 8),
}


@pytest.mark.parametrize(
    ("table", "results"), [(LAB, LAB_RESULTS), (CASINO, CASINO_RESULTS)], ids=["lab", "casino"]
)
def test_main_bets(table: object, results: dict[str, tuple[object, ...]]) -> None:
    assert isinstance(table, type(LAB))
    for key, expected in results.items():
        bet = table.bet(key)
        got = tuple(bet.settle(coup) for coup in (BANKER_WINS, PLAYER_WINS, TIE))
        assert got == expected, key


def test_tables_by_name() -> None:
    assert payout_table("LAB ") is LAB and payout_table("casino") is CASINO
    assert set(PAYOUT_TABLES) >= {"lab", "casino"}
    with pytest.raises(BaccaratError, match="unknown payout table 'vegas': expected one of lab"):
        payout_table("vegas")
    with pytest.raises(BaccaratError, match="no bet 'dragon' in the lab payouts"):
        LAB.bet("dragon")


def test_conditions() -> None:
    banker_three_card_7 = deal_coup(parse_cards("Kh Qd 6s Kd 6c Ah"))
    assert WinsWith(Outcome.BANKER, 3, 7)(banker_three_card_7)
    assert not WinsWith(Outcome.BANKER, 3, 7)(BANKER_WINS)
    assert NaturalWin(Outcome.BANKER)(BANKER_WINS) and not NaturalWin(Outcome.PLAYER)(BANKER_WINS)
    assert NaturalTie()(deal_coup(parse_cards("4h 4d 5c 3s")))
    assert not NaturalTie()(TIE)
    assert WinsBy(Outcome.BANKER, 1)(banker_three_card_7)
    assert not WinsBy(Outcome.BANKER, 7)(banker_three_card_7)
    assert not WinsBy(Outcome.BANKER, 9)(BANKER_WINS)  # a natural is not a margin win
    pairs = deal_coup(parse_cards("7h 7d Kc Ks 9s 3c"))
    assert Pair(Outcome.PLAYER)(pairs) and Pair(Outcome.BANKER)(pairs)
    assert not Pair(Outcome.PLAYER)(BANKER_WINS)
