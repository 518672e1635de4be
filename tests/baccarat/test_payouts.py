"""Payout tables: every main bet against every outcome, under lab and casino payouts."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.baccarat import CASINO, LAB, PAYOUT_TABLES, BaccaratError, deal_coup, payout_table
from croupier.baccarat.composition import Composition
from croupier.baccarat.odds import bet_odds
from croupier.baccarat.payouts import NaturalTie, NaturalWin, Pair, WinsBy, WinsOn, WinsWith
from croupier.baccarat.rules import Outcome
from croupier.cards import parse_cards

from .plain_odds import plain_outcome_counts, plain_round_counts

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
    three_card_6 = deal_coup(parse_cards("Kh Qd 2s Kd 4c 4h"))
    assert WinsOn(Outcome.BANKER, 6)(three_card_6) and not WinsOn(Outcome.PLAYER, 4)(three_card_6)
    assert not WinsOn(Outcome.BANKER, 6)(BANKER_WINS)


#: The no-commission banker bet that pays 1 to 2 on a winning 6 ("Super 6"), as published.
#: The 6s: "Concepts 13: Baccarat Vs. Non-Commission Baccarat - Why does a Banker Win on 6
#: Pay Half?", excelpunks.com (2018-05-12), counting the ordered six-card deals of an
#: eight-deck shoe: banker wins on 6 269,232,304,455,680 of 4,998,398,275,503,360, house
#: edge 0.014581045 (the issue's 1.4581%). The wins and ties of eight and six decks: the
#: deal counts in casinoexploit.com/baccarat.html ("Probabilities in 8deck Baccarat", "...
#: 6deck"). No six-deck count of 6s was found in print: there the plain enumeration alone
#: stands behind the edge (1.4548%).
SUPER_6_PUBLISHED = {
    # decks: (deals, ties, banker wins, player wins, banker wins on 6, edge)
    8: (4_998_398_275_503_360, 475_627_426_473_216, 2_292_252_566_437_888,
        2_230_518_282_592_256, 269_232_304_455_680, 0.014581045),
    6: (878_869_206_895_680, 83_552_962_932_288, 403_095_751_234_560, 392_220_492_728_832, None,
        None),
}  # fmt: skip


@pytest.mark.parametrize("decks", [8, 6])
def test_the_super_6_banker_bet_against_the_published_figures(decks: int) -> None:
    deals, ties, banker, player, six, edge = SUPER_6_PUBLISHED[decks]
    # the tests' own plain enumeration (nested loops over the cards dealt) counts the deals
    values = [16 * decks] + [4 * decks] * 9
    counts, _ = plain_round_counts(values)
    plain_six = sum(n for (p, b, _, _), n in counts.items() if b > p and b == 6)
    player_wins, banker_wins, tied, total = plain_outcome_counts(values)
    assert (total, tied) == (deals, ties)
    assert (banker, player) == (banker_wins, player_wins)
    assert six in (None, plain_six)
    # a banker win on 6 wins half the stake, any other banker win the stake, a player win
    # loses it, a tie pushes
    expected = (banker_wins - plain_six + Fraction(plain_six, 2) - player_wins) / deals
    priced = bet_odds(Composition.decks(decks), CASINO, exact=True)["banker-super6"]
    assert priced.exact == expected
    if edge is not None:
        assert priced.house_edge == pytest.approx(edge, abs=5e-10)
    floats = bet_odds(Composition.decks(decks), CASINO)["banker-super6"]
    assert floats.house_edge == pytest.approx(float(-expected))
