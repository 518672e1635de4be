"""The sitting both front ends play through: the same money as the library's table, the
lab's order and the casino's, the shoe's rounds reset on reshuffle, saving."""

from __future__ import annotations

import json

import pytest

from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.sitting import MAX_HISTORY, Sitting
from croupier.baccarat.table import SettlementKind, Table, table_shoe
from croupier.baccarat.tablerules import LAB_RULES, table_rules
from croupier.cards import Shoe, parse_cards

BANKER_NATURAL = "2h 3d 9s Kc"
PLAYER_NATURAL = "9h Kc 2d 5s"


def stacked(*rounds: str) -> Shoe:
    return Shoe.stacked(parse_cards(" ".join(rounds)))


def test_casino_order_settles_like_the_table() -> None:
    rules = table_rules("ez")
    sitting = Sitting.sit_down(rules, shoe=table_shoe(8, 21), deal_order="casino")
    table = Table(shoe=table_shoe(8, 21), payouts=rules.payouts, deal_order="casino")
    for stakes in ({"banker": 2_500, "dragon-7": 500}, {"panda-8": 100}, {"tie": 1_000}) * 5:
        assert sitting.play(stakes) == table.play(stakes)
    assert sitting.bankroll == table.bankroll and sitting.rounds == 15
    assert len(sitting.bankrolls) == 16 and sitting.bankrolls[-1] == table.bankroll
    assert sum(sitting.swings) == sitting.session_net
    assert sum(sitting.results.values()) == 15


def test_the_lab_order_shows_the_first_cards_before_the_bet() -> None:
    sitting = Sitting.sit_down(LAB_RULES, shoe=stacked(BANKER_NATURAL, PLAYER_NATURAL))
    started = sitting.begin_round()
    assert [str(c) for c in started.game.player_cards] == ["2h", "3d"]
    played = sitting.finish_round(started, {"player": 10_000})
    assert played.net == -10_000 and sitting.results[SettlementKind.LOST] == 1
    assert [str(c) for c in sitting.shoe_rounds[0].banker_cards] == ["9s", "Kc"]
    assert sitting.parse_bets("b 200") and sitting.stakes["main"] == 10_000


def test_bets_are_checked_before_any_card() -> None:
    sitting = Sitting.sit_down(table_rules("casino", max_stake=20_000), shoe=table_shoe(8, 1))
    dealt = sitting.table.shoe.dealt
    every_spot = dict.fromkeys(
        ("banker", "tie", "player", "player-pair", "banker-pair", "dragon-bonus-player"), 20_000
    )
    for stakes, message in (
        ({"banker": 30_000}, "over the table maximum"),
        (every_spot, "the bets total"),
        ({}, "no bets"),
    ):
        with pytest.raises(BaccaratError, match=message):
            sitting.play(stakes)
    assert sitting.table.shoe.dealt == dealt and sitting.rounds == 0
    with pytest.raises(BaccaratError, match="over the table maximum"):
        sitting.parse_bets("b 300")
    assert [w.key for w in sitting.parse_bets("pp 5")] == ["player-pair"]  # alone


def test_the_shoe_s_rounds_restart_at_the_reshuffle() -> None:
    sitting = Sitting.sit_down(table_rules("casino"), shoe=table_shoe(1, 3), stake=100)
    counts = []
    for _ in range(20):
        played = sitting.play({"player": 100})
        counts.append(len(sitting.shoe_rounds))
        if played.reshuffled:
            assert len(sitting.shoe_rounds) == 1
    assert 1 in counts[1:]  # a reshuffle happened and the roads restarted
    assert sitting.tally.rounds == len(sitting.shoe_rounds)


def test_a_side_bet_alone_counts_by_its_net() -> None:
    sitting = Sitting.sit_down(table_rules("casino"), shoe=stacked("4h 4c 9s Kc", PLAYER_NATURAL))
    sitting.play({"player-pair": 1_000})
    sitting.play({"player-pair": 1_000})
    assert sitting.results[SettlementKind.WON] == sitting.results[SettlementKind.LOST] == 1
    assert sitting.stakes["player-pair"] == 1_000


def test_the_history_is_capped() -> None:
    sitting = Sitting.sit_down(LAB_RULES, shoe=table_shoe(8, 2), bankroll=10**9, stake=1)
    for _ in range(MAX_HISTORY + 10):
        sitting.play({"tie": 1})
    assert len(sitting.bankrolls) == MAX_HISTORY + 1


def test_a_sitting_survives_a_round_trip_and_refuses_bad_data() -> None:
    sitting = Sitting.sit_down(table_rules("casino", commission="4"), shoe=table_shoe(6, 9))
    for _ in range(4):
        sitting.play({"banker": 1_000, "player-pair": 100})
    copy = Sitting.from_dict(json.loads(json.dumps(sitting.to_dict())))
    assert copy.to_dict() == sitting.to_dict()
    assert copy.play({"banker": 500}) == sitting.play({"banker": 500})
    for broken in (
        {**sitting.to_dict(), "bankrolls": ["x"]},
        {**sitting.to_dict(), "rules": {"lab": False}},
        {**sitting.to_dict(), "shoe_rounds": [["2h", "3d"]]},
    ):
        with pytest.raises(BaccaratError, match=r"bad saved|not a legal round"):
            Sitting.from_dict(broken)


def test_sitting_down_checks_the_stake() -> None:
    with pytest.raises(BaccaratError, match="the stake \\$100 is more than the bankroll \\$50"):
        Sitting.sit_down(LAB_RULES, shoe=table_shoe(8, 1), bankroll=5_000)
    with pytest.raises(BaccaratError, match="outside the table's limits of \\$5 to \\$50"):
        Sitting.sit_down(table_rules("casino", min_stake=500, max_stake=5_000),
                         shoe=table_shoe(8, 1))  # fmt: skip


def test_the_scoreboard_follows_the_shoe_round_by_round() -> None:
    """The sitting's boards, kept up to date a round at a time, are those of its shoe's
    rounds after every round, through a reshuffle, and after the rounds are replaced."""
    from croupier.baccarat.scoreboard import Bead, Scoreboard

    sitting = Sitting.sit_down(table_rules("casino"), shoe=table_shoe(1, 5), bankroll=10**7)
    reshuffles = 0
    for _ in range(30):
        played = sitting.play({"banker": 2_500})
        reshuffles += played.reshuffled
        fresh = Scoreboard(Bead.of(coup) for coup in sitting.shoe_rounds)
        board = sitting.scoreboard
        assert board.bead_plate == fresh.bead_plate and board.big_road == fresh.big_road
        assert board.ask_road() == fresh.ask_road() and sitting.tally == fresh.tally
    assert reshuffles >= 1
    assert Sitting.from_dict(sitting.to_dict()).to_dict() == sitting.to_dict()
    sitting.shoe_rounds[:] = sitting.shoe_rounds[:2]
    assert sitting.beads == [Bead.of(coup) for coup in sitting.shoe_rounds]
    assert len(sitting.to_dict()["shoe_rounds"]) == 2
