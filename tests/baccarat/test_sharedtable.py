"""One shoe for a room: seats, bets within the limits and each bankroll, the betting
window, one deal settled for every player as their own table would settle it."""

from __future__ import annotations

import pytest

from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.sharedtable import MAX_BETTORS, SharedTable, TableStateError
from croupier.baccarat.table import Table, table_shoe
from croupier.baccarat.tablerules import table_rules
from croupier.errors import NotNowError

STAKES: tuple[dict[str, int], ...] = (
    {"banker": 10_000},
    {"player": 2_500, "tie": 500},
    {"tie": 1_000},
    {},  # sits this one out
)


def room(seed: int = 1, window: float = 20.0) -> SharedTable:
    table = SharedTable(table_rules("casino"), table_shoe(8, seed), window=window)
    for number in range(len(STAKES)):
        table.sit(f"s{number}", f"Player {number}", 10_000_000)
    return table


def test_every_player_is_settled_as_their_own_table_would_settle_the_round() -> None:
    table = room()
    reshuffles = 0
    for round_number in range(1, 200):
        for number, stakes in enumerate(STAKES):
            table.bet(f"s{number}", stakes, now=float(round_number))
        before = {key: seat.bankroll for key, seat in table.seats.items()}
        dealt = table.deal(now=float(round_number))
        assert dealt.number == round_number == table.rounds_played
        for number, stakes in enumerate(STAKES):
            key = f"s{number}"
            if not stakes:
                assert key not in dealt.results and table.seats[key].bankroll == before[key]
                continue
            alone = Table(shoe=table.shoe, bankroll=before[key], payouts=table.rules.payouts)
            expected = alone.settle_coup(dealt.coup, dealt.reshuffled, stakes)
            assert dealt.results[key].settlements == expected.settlements
            assert table.seats[key].bankroll == before[key] + expected.net
        if dealt.reshuffled:
            reshuffles += 1
            assert table.shoe_rounds == [dealt.coup]
        assert table.scoreboard.tally.rounds == len(table.shoe_rounds)
    assert reshuffles >= 1  # the scoreboard started again with the new shoe


def test_the_round_is_due_when_everyone_is_ready_or_the_window_closes() -> None:
    table = room(window=30.0)
    assert not table.due(now=1_000.0) and table.closes is None
    table.bet("s0", {"banker": 10_000}, now=10.0)
    assert table.closes == 40.0 and not table.due(now=39.9) and table.due(now=40.0)
    for key in ("s0", "s1", "s2"):
        table.ready(key, now=11.0)
    assert not table.due(now=12.0)  # s3 is not ready
    table.ready("s3", now=12.0)
    assert table.due(now=12.0)
    table.deal(now=12.0)
    assert table.closes is None and not any(seat.ready for seat in table.seats.values())
    table.ready("s1", now=50.0)  # ready without chips: the window opens, nothing is due
    assert table.closes == 80.0 and not table.due(now=100.0)


def test_bets_are_checked_as_they_go_down_and_refused_ones_change_nothing() -> None:
    table = SharedTable(table_rules("casino", max_stake=50_000), table_shoe(8, 2))
    table.sit("a", "Ada", 20_000)
    with pytest.raises(BaccaratError, match="over the table maximum"):
        table.bet("a", {"banker": 60_000}, now=0.0)
    with pytest.raises(BaccaratError, match="bankroll"):
        table.bet("a", {"banker": 15_000, "player": 10_000}, now=0.0)
    assert table.seats["a"].bets == {} and table.closes is None
    with pytest.raises(TableStateError, match="no chips"):
        table.deal(now=0.0)
    with pytest.raises(TableStateError, match="not seated"):
        table.bet("b", {"banker": 1_000}, now=0.0)


def test_seats_are_bounded_and_taken_once() -> None:
    table = SharedTable(table_rules("ez"), table_shoe(8, 3))
    for number in range(MAX_BETTORS):
        table.sit(str(number), f"P{number}", 10_000)
    with pytest.raises(TableStateError, match="full") as full:
        table.sit("x", "X", 10_000)
    assert isinstance(full.value, NotNowError)
    with pytest.raises(TableStateError, match="seated already"):
        table.sit("0", "Again", 10_000)
    table.leave("0")
    table.sit("x", "X", 10_000)


def test_a_name_is_taken_once() -> None:
    table = SharedTable(table_rules("casino"), table_shoe(8, 3))
    table.sit("a", "Ada Lovelace", 10_000)
    with pytest.raises(BaccaratError, match="Ada Lovelace sits at this table already"):
        table.sit("b", " ada  LOVELACE", 10_000)
    assert list(table.seats) == ["a"]
    table.leave("a")
    table.sit("b", "Ada Lovelace", 10_000)


def test_the_table_as_data_between_any_two_calls() -> None:
    table = room(seed=4)
    for round_number in range(1, 40):
        table.bet("s1", STAKES[1], now=float(round_number))
        copy = SharedTable.from_dict(table.to_dict())
        assert copy.to_dict() == table.to_dict()
        table.deal(now=float(round_number))
        copy = SharedTable.from_dict(table.to_dict())
        assert copy.to_dict() == table.to_dict()
        assert copy.scoreboard.tally == table.scoreboard.tally
        assert copy.last is not None and table.last is not None
        assert copy.last.results.keys() == table.last.results.keys()
