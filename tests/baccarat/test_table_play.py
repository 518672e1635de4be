"""Chips on several bets (Table.play) and tables saved and loaded."""

from __future__ import annotations

import pytest

from croupier.baccarat import CASINO, EZ, LAB
from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.table import Table, TableRound, table_shoe
from croupier.cards import CardError, Rank, Shoe, parse_cards

from ..untyped import untyped


def test_each_bet_settles_on_its_own_stake() -> None:
    # player 2c 2d (+2h) = 6, banker Kd 4s (+3s) = 7: a banker three-card 7
    table = Table(shoe=Shoe.stacked(parse_cards("2c 2d Kd 4s 2h 3s")), payouts=CASINO)
    played = table.play({"banker": 10_000, "player-pair": 1_000, "tie": 500})
    kinds = {s.bet.key: (s.kind.value, s.amount) for s in played.settlements}
    assert kinds == {"banker": ("won", 9_500), "player-pair": ("won", 11_000), "tie": ("lost", 500)}
    assert played.net == 20_000 and table.bankroll == 120_000 and played.number == 1


def test_a_single_bet_settles_as_settle_does() -> None:
    for payouts in (LAB, CASINO, EZ):
        one, many = Table(shoe=table_shoe(8, 9), payouts=payouts), None
        many = Table(shoe=table_shoe(8, 9), payouts=payouts)
        for _ in range(40):
            game, _ = one.next_round()
            settled = one.settle("banker", game.play())
            played = many.play({"banker": one.stake})
            assert played.settlements == (settled,)
        assert one.bankroll == many.bankroll and one.rounds_played == many.rounds_played


@pytest.mark.parametrize(
    ("stakes", "message"),
    [
        ({}, "no bets: place at least one chip before dealing"),
        ({"banker": 0}, "bad stake 0 on Banker: expected whole cents > 0"),
        ({"banker": 1.5}, "bad stake 1.5 on Banker"),
        ({"panda-8": 100}, "no bet 'panda-8' in the casino payouts"),
        ({"banker": 60_000, "player": 50_000}, "the bets total $1,100 but the bankroll is $1,000"),
    ],
)
def test_refused_bets_leave_the_table_as_it_was(stakes: dict[str, int], message: str) -> None:
    table = Table(shoe=table_shoe(8, 1), payouts=CASINO)
    before = table.to_dict()
    with pytest.raises(BaccaratError, match="^" + message.replace("$", r"\$")):
        table.play(stakes)
    assert table.to_dict() == before


def test_the_round_after_the_cut_card_reshuffles() -> None:
    table = Table(shoe=table_shoe(1, 2), payouts=LAB)
    reshuffles = [table.play({"player": 100}).reshuffled for _ in range(12)]
    assert True in reshuffles and reshuffles[0] is False


def test_next_round_counts_see_the_coming_reshuffle() -> None:
    table = Table(shoe=table_shoe(1, 2), payouts=LAB)
    while not table.shoe.cut_card_reached:
        table.play({"player": 100})
    assert table.next_round_counts() == dict.fromkeys(Rank, 4)
    assert sum(table.shoe.counts().values()) == table.shoe.remaining < 52


def test_a_saved_table_plays_on_identically() -> None:
    table = Table(
        shoe=table_shoe(2, 13), payouts=EZ, bankroll=50_000, stake=2_500, deal_order="casino"
    )
    for _ in range(5):
        table.play({"banker": 1_000, "dragon-7": 100})
    copy = Table.from_dict(table.to_dict())
    for _ in range(30):  # past the cut card: the reshuffles match too
        assert copy.play({"player": 100}) == table.play({"player": 100})
    assert copy.to_dict() == table.to_dict()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"bankroll": "lots"}, "bad saved table: bankroll 'lots' is not a whole number"),
        ({"payouts": "vegas"}, "unknown payout table 'vegas'"),
        ({"shoe": {"cards": "2c"}}, "bad saved shoe"),
        ({"stake": 0}, "bad stake $0"),
        ({"deal_order": "backwards"}, "bad saved table: deal order 'backwards'"),
    ],
)
def test_bad_saved_tables_are_refused(change: dict[str, object], message: str) -> None:
    data = Table(shoe=table_shoe(1, 3)).to_dict() | change
    with pytest.raises((BaccaratError, CardError), match="^" + message.replace("$", r"\$")):
        Table.from_dict(data)


def test_bad_saved_rounds_are_refused() -> None:
    played = Table(shoe=table_shoe(1, 3)).play({"tie": 100})
    data = played.to_dict() | {"player": "2c 3c"}
    with pytest.raises(BaccaratError):
        TableRound.from_dict(data, LAB)


def test_stakes_of_the_wrong_type_name_the_argument() -> None:
    table = Table(shoe=table_shoe(1, 3))
    with pytest.raises(TypeError, match="stakes must be a mapping of bet keys to cents, not list"):
        table.play(untyped([("banker", 100)]))
