"""Players, builds and the checks of a position."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from croupier.casino import Build, CasinoError, Player, State, check_state, read_save
from croupier.casino.state import state_problems

from ..untyped import untyped
from .helpers import COMPUTER, HUMAN, cards, position


def test_players() -> None:
    assert HUMAN.other is COMPUTER and COMPUTER.other is HUMAN
    assert (HUMAN.label, COMPUTER.key) == ("Human", "computer")
    assert Player.parse(" HUMAN ") is HUMAN and Player.parse("computer") is COMPUTER
    assert bool(HUMAN)  # the human is player 0 but never falsy
    with pytest.raises(CasinoError, match="bad player 'Dealer': expected Human or Computer"):
        Player.parse("Dealer")


def test_builds_know_their_value_cards_and_kind() -> None:
    single = Build((cards("D5 H2"),), COMPUTER)
    assert (single.value, single.is_multiple, str(single)) == (7, False, "[D5 H2]")
    multiple = Build((cards("C6 S3"), cards("S9"), cards("HA D8")), HUMAN)
    assert multiple.value == 9 and multiple.is_multiple
    assert multiple.cards == cards("C6 S3 S9 HA D8")
    assert cards("S9")[0] in multiple
    assert str(multiple) == "[ [C6 S3] [S9] [HA D8] ]"
    assert Build((cards("CK HA"), cards("SA")), HUMAN).value == 14  # a lone ace is 14 here
    assert Build(untyped([list(cards("D5 H2"))]), COMPUTER) == single  # lists become tuples


@pytest.mark.parametrize(
    ("parts", "fragment"),
    [
        ((), "needs cards in every group"),
        (((),), "needs cards in every group"),
        (("S9",), "a single build holds two cards or more"),
        (("S9", "C9"), "one of its groups must hold two cards or more"),
        (("D9 C6",), "more than 14"),
        (("C6 S3", "S8"), "do not make one value (C6 S3 makes 9, S8 makes 8)"),
        (("HA SA",), None),
    ],
)
def test_bad_builds_are_refused(parts: tuple[str, ...], fragment: str | None) -> None:
    groups = tuple(cards(p) if isinstance(p, str) else p for p in parts)
    if fragment is None:
        assert Build(groups, HUMAN).value == 2
        return
    with pytest.raises(CasinoError, match="bad build") as caught:
        Build(groups, HUMAN)
    assert fragment in str(caught.value)


def test_state_queries() -> None:
    state = position("S9 C2", "D7 S7", "[C6 S3] [D2 H5] HK", [HUMAN, COMPUTER])
    assert state.hand(HUMAN) == cards("S9 C2") and state.scores[COMPUTER] == 0
    assert state.builds_of(HUMAN) == state.builds[:1]
    assert state.build_of_value(7) == state.builds[1] and state.build_of_value(8) is None
    assert state.find_build(cards("S3 C6")) == state.builds[0]
    assert state.find_build(cards("S3")) is None
    assert state.table_cards() == cards("C6 S3 D2 H5 HK")
    assert len(list(state.all_cards())) == 52


def problems_of(state: State, **changes: Any) -> list[str]:
    changed = dataclasses.replace(state, **changes)
    return [f"{p.where}: {p.message}" for p in state_problems(changed)]


def test_state_problems_name_where_and_what() -> None:
    state = position("S9 C2", "D7 S7", "[C6 S3] HK", [HUMAN], deck="")
    assert state_problems(state) == []
    (problem,) = problems_of(state, loose=cards("HK D7"))
    assert problem == "table: D7 appears twice (also in hand:computer)"
    (problem,) = problems_of(state, loose=())
    assert problem == "cards: 51 cards in all, 52 expected: missing HK"
    assert problems_of(state, round_number=0) == ["round: bad round 0: expected 1 to 1,000,000"]
    assert problems_of(state, scores=(-1, 0)) == [
        "score:human: bad score -1: expected 0 to 1,000,000"
    ]
    # Beyond what a save file holds (it refused to read them back: a game lost).
    assert problems_of(state, round_number=10**6 + 1) == [
        "round: bad round 1000001: expected 1 to 1,000,000"
    ]
    assert problems_of(state, scores=(0, 10**7)) == [
        "score:computer: bad score 10000000: expected 0 to 1,000,000"
    ]
    moved = dataclasses.replace(state, hands=(cards("S7 C2"), cards("D7 S9")))
    assert problems_of(moved) == [
        "owner:0: the human owns the build [C6 S3] worth 9 but holds no card of value 9"
    ]


def test_hands_hold_four_cards_at_most() -> None:
    state = position("S9 C2 C3 C4 C5", "D7", "HK", check=False)
    assert problems_of(state) == ["hand:human: the human holds 5 cards: a hand holds at most 4"]


def test_one_build_per_value() -> None:
    state = position("S9 C2", "D9 S7", "[C6 S3] [D5 D4] HK", [HUMAN, COMPUTER], check=False)
    assert problems_of(state)[0].startswith("table: two builds are worth 9")


def test_the_player_to_move_has_a_card_and_the_deal_is_not_skipped() -> None:
    state = position("S9", "", "HK", to_move=COMPUTER, check=False)
    assert problems_of(state) == ["next: the computer is to play but holds no cards"]
    state = position("", "", "HK", deck="C2 C3 C4 C5 C6 C7 C8 C9", check=False)
    assert problems_of(state)[0].startswith("deck: both hands are empty but the deck holds 8")
    state = position("", "", "HK", last=HUMAN, check=False)
    assert problems_of(state)[0].startswith("table: the round is over")
    assert problems_of(position("", "", "HK", last=None)) == []


def test_check_state_raises_on_the_first_problem() -> None:
    state = position("S9 C2", "D7 S7", "HK")
    assert check_state(state) is state
    with pytest.raises(CasinoError, match="bad position: 51 cards in all"):
        check_state(dataclasses.replace(state, loose=()))


def test_str_of_a_state_is_the_drawing_of_casino_show() -> None:
    state = read_save(Path(__file__).parents[2] / "docs" / "examples" / "game.txt")
    assert str(state).splitlines() == [
        "Casino, round 3",
        "Player    Score  Hand         Pile",
        "Computer     17  5♥ 6♥ 4♦ 7♦  10♠ Q♠ K♠ 6♦ 8♥  (5)",
        "Human        14  A♠ 4♠ A♣ 9♣  J♦ A♦ 3♣ 5♣  (4)",
        "Table: 8♣ J♣ A♥",
        "Build             Value  Owner  Kind",
        "[ [6♣ 3♠] [9♠] ]      9  Human  multiple (2 groups)",
        "Deck: 29 cards left",
        "Last capturer: Human",
        "Next player: Human",
    ]
    assert "hands=" not in str(state) and "hands=" in repr(state)
