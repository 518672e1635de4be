"""One table's rules: the bets it builds, checked against the published payouts, and its
limits."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.payouts import CASINO, EZ, LAB
from croupier.baccarat.round import deal_coup
from croupier.baccarat.tablerules import (
    LAB_RULES,
    VARIANTS,
    Commission,
    TableRules,
    table_rules,
)
from croupier.cards import parse_cards

from ..untyped import untyped

BANKER_NATURAL = deal_coup(parse_cards("2h 3d 9s Kc"))
TIE = deal_coup(parse_cards("3h 3d Ac 2d 3s"))
BANKER_THREE_CARD_7 = deal_coup(parse_cards("Kh Qd 6s Kd 6c Ah"))
BANKER_TWO_CARD_6 = deal_coup(parse_cards("Kh 2d Qs 6c 3h"))  # player 5 draws a 3: 5 to 6
BANKER_THREE_CARD_6 = deal_coup(parse_cards("Kh Qd 2s Kd 4c 4h"))  # 4 to 6 on a third card


@pytest.mark.parametrize(
    ("commission", "banker_win", "three_card_7"),
    [
        # 5% commission: 0.95 to 1; 4%: 0.96 to 1; EZ: 1 to 1 but a banker three-card 7 pushes.
        ("5", Fraction(19, 20), Fraction(19, 20)),
        ("4", Fraction(24, 25), Fraction(24, 25)),
        ("none", Fraction(1), Fraction(0)),
        # Super 6: 1 to 1, but a banker win on 6 pays 1 to 2 (two or three cards)
        ("super6", Fraction(1), Fraction(1)),
    ],
)
def test_the_banker_bet_of_each_commission(
    commission: str, banker_win: Fraction, three_card_7: Fraction
) -> None:
    banker = table_rules("casino", commission=commission).payouts.bet("banker")
    assert banker.settle(BANKER_NATURAL) == banker_win
    assert banker.settle(BANKER_THREE_CARD_7) == three_card_7
    assert banker.settle(TIE) == 0  # ties push the banker bet
    six = Fraction(1, 2) if commission == "super6" else banker_win
    for coup in (BANKER_TWO_CARD_6, BANKER_THREE_CARD_6):
        assert coup.banker_total == 6 and coup.outcome.value == "banker"
        assert banker.settle(coup) == six


@pytest.mark.parametrize(
    ("typed", "commission"),
    [("super6", "super6"), ("Super 6", "super6"), ("SUPER-6", "super6"), ("six", "super6"),
     ("EZ", "none"), ("0", "none"), ("5%", "5")],
)  # fmt: skip
def test_commissions_as_typed(typed: str, commission: str) -> None:
    assert Commission.parse(typed) is Commission(commission)


def test_a_bad_commission_names_every_choice() -> None:
    with pytest.raises(BaccaratError, match=r"bad commission '6': expected 5 .* or super6"):
        Commission.parse("6")


@pytest.mark.parametrize("pays", [8, 9])
def test_the_tie_pays_what_the_table_posts(pays: int) -> None:
    tie = table_rules("ez", tie_pays=pays).payouts.bet("tie")
    assert tie.settle(TIE) == pays and tie.settle(BANKER_NATURAL) == -1


def test_a_table_offers_one_banker_and_one_tie_bet() -> None:
    for commission in Commission:
        for pays in (8, 9):
            keys = [b.key for b in table_rules("casino", commission=commission,
                                               tie_pays=pays).payouts.bets]  # fmt: skip
            assert keys.count("banker") == keys.count("tie") == 1
            assert not {"banker-4", "banker-super6", "tie-9"} & set(keys)


def test_the_presets_are_the_named_payout_tables() -> None:
    assert table_rules("lab").payouts is LAB and table_rules("lab") is LAB_RULES
    casino = table_rules("casino").payouts
    others = ("banker-4", "banker-super6", "tie-9")
    assert [b for b in casino.bets if b.key not in others] == [
        b for b in CASINO.bets if b.key not in others
    ]
    assert sorted(b.key for b in table_rules("ez").payouts.bets) == sorted(b.key for b in EZ.bets)


def test_every_variant_once() -> None:
    keys = [b.key for b in VARIANTS.bets]
    assert len(keys) == len(set(keys)) == 13  # 4 banker rules, player, 2 ties, 6 side bets
    for commission in Commission:
        for pays in (8, 9):
            rules = table_rules("casino", commission=commission, tie_pays=pays)
            for key, bet in zip(rules.variant_keys, rules.payouts.bets, strict=True):
                assert VARIANTS.bet(key).rules == bet.rules


def test_limits_per_spot() -> None:
    rules = table_rules("casino", min_stake=500, max_stake=20_000)
    rules.check_stakes({"banker": 20_000, "player-pair": 500})
    with pytest.raises(BaccaratError, match=r"the Player Pair 11:1 bet of \$4 is under"):
        rules.check_stakes({"player-pair": 400})
    with pytest.raises(BaccaratError, match="no bet 'dragon-7' in the casino payouts"):
        rules.check_stakes({"dragon-7": 500})
    LAB_RULES.check_stakes({"banker": 10**10})  # the lab has no limit but the bankroll


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"tie_pays": 10}, "bad tie payout 10:1: expected 8 or 9"),
        ({"side_bets": ("dragon-7",)}, "no dragon-7 side bet at a table with 5% commission"),
        ({"min_stake": 0}, "bad table limits"),
        ({"min_stake": 500, "max_stake": 100}, "bad table limits"),
        ({"lab": True, "side_bets": ("player-pair",)}, "the lab's table has no side bets"),
    ],
)
def test_bad_rules(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(BaccaratError, match=message):
        untyped(TableRules)(**kwargs)


@pytest.mark.parametrize("text", ["", " ", "\t"])
def test_side_bets_typed_as_nothing_are_refused(text: str) -> None:
    with pytest.raises(BaccaratError, match=r"bad side bets .*: expected codes separated by "):
        table_rules("casino", side_bets=text)
    assert table_rules("casino", side_bets="none").side_bets == ()
    assert table_rules("casino", side_bets=()).side_bets == ()  # no keys: none


def test_rules_round_trip_and_bad_saved_rules() -> None:
    rules = table_rules("casino", commission="4", tie_pays=9, side_bets="dbb,pp")
    assert rules.side_bets == ("player-pair", "dragon-bonus-banker")  # the table's order
    assert TableRules.from_dict(rules.to_dict()) == rules
    with pytest.raises(BaccaratError, match="bad saved table rules"):
        TableRules.from_dict({**rules.to_dict(), "commission": "3"})
