"""A tournament between two people: seats, turns, take-backs by agreement, resignation,
what each may see, and the match as data."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.casino import Player
from croupier.casino.errors import CasinoError, IllegalMoveError, TurnError
from croupier.casino.match import Match, MatchStatus, check_name
from croupier.casino.tournament import WINNING_SCORE


def seated(seed: int) -> Match:
    match = Match.open("Ada", "heads", rng=seed)
    assert match.join("Ben") is Player.COMPUTER
    return match


def play_out(match: Match, seed: int) -> None:
    """Both people play legal moves at random until the tournament is over."""
    rng = np.random.default_rng(seed)
    while match.status is MatchStatus.PLAYING:
        assert match.state is not None and match.to_move is not None
        moves = match.state.legal_moves()
        match.play(match.to_move, moves[int(rng.integers(len(moves)))])


@pytest.mark.parametrize("seed", range(6))
def test_a_whole_tournament_to_21_and_its_winner(seed: int) -> None:
    match = seated(seed)
    first = match.to_move
    assert first is not None and match.toss is not None
    play_out(match, seed)
    human, computer = match.totals
    assert max(human, computer) >= WINNING_SCORE and match.resigned is None
    winner = None if human == computer else (Player.HUMAN if human > computer else Player.COMPUTER)
    assert match.winner is winner and match.to_move is None
    with pytest.raises(TurnError, match="over"):
        match.play(Player.HUMAN, "trail H5")


def test_the_second_player_may_not_take_the_first_s_name() -> None:
    match = Match.open("Ada", rng=1)
    with pytest.raises(CasinoError, match="Ada sits at this table already"):
        match.join("  ADA ")
    assert match.status is MatchStatus.WAITING and match.names == ["Ada", None]
    match.join("Ada B")


def test_seats_turns_and_who_sees_what() -> None:
    match = Match.open("Ada", "tails", rng=1)
    assert match.status is MatchStatus.WAITING and match.to_move is None
    with pytest.raises(TurnError, match="second player"):
        match.observe(Player.HUMAN)
    match.join("Ben")
    with pytest.raises(TurnError, match="both seats"):
        match.join("Cy")
    state = match.state
    assert state is not None
    for player in Player:
        seen = match.observe(player)
        assert seen.hand == state.hand(player)
        assert not set(seen.hand) & set(state.hand(player.other))
        assert seen.opponent_hand_size == len(state.hand(player.other))
    mover = state.next_player
    with pytest.raises(TurnError, match=f"{match.name(mover)}'s turn"):
        match.play(mover.other, state.legal_moves()[0])
    with pytest.raises(IllegalMoveError):
        match.play(mover, "capture " + state.hand(mover)[0].casino)


def test_a_take_back_needs_the_other_s_agreement() -> None:
    match = seated(3)
    assert match.state is not None and match.to_move is not None
    mover = match.to_move
    before, log = match.state, match.log
    with pytest.raises(TurnError, match="nothing to take back"):
        match.ask_takeback(mover)
    match.play(mover, before.legal_moves()[0])
    match.ask_takeback(mover)
    with pytest.raises(TurnError, match="has asked for no take-back"):
        match.answer_takeback(mover, accept=True)  # not one's own request
    assert match.answer_takeback(mover.other, accept=False) == ()
    assert match.takeback is None and match.state != before
    match.ask_takeback(mover)
    taken = match.answer_takeback(mover.other, accept=True)
    assert len(taken) == 1 and match.state == before and match.log == log
    assert match.takebacks == 1


def test_a_move_withdraws_a_take_back_asked() -> None:
    match = seated(5)
    assert match.state is not None and match.to_move is not None
    first = match.to_move
    match.play(first, match.state.legal_moves()[0])
    match.ask_takeback(first)
    assert match.state is not None
    match.play(first.other, match.state.legal_moves()[0])  # the other plays on instead
    assert match.takeback is None
    with pytest.raises(TurnError):
        match.answer_takeback(first.other, accept=True)


def test_resigning_gives_the_other_the_tournament() -> None:
    match = seated(2)
    match.resign(Player.COMPUTER)
    assert match.status is MatchStatus.OVER and match.winner is Player.HUMAN
    with pytest.raises(TurnError):
        match.resign(Player.HUMAN)


@pytest.mark.parametrize("moves", [0, 1, 7, 30, 1000])
def test_a_match_as_data_at_any_point(moves: int) -> None:
    match = seated(9)
    rng = np.random.default_rng(moves)
    for _ in range(moves):
        if match.status is not MatchStatus.PLAYING:
            break
        assert match.state is not None and match.to_move is not None
        legal = match.state.legal_moves()
        match.play(match.to_move, legal[int(rng.integers(len(legal)))])
    again = Match.from_dict(match.to_dict())
    assert again.to_dict() == match.to_dict()
    assert (again.state, again.log, again.winner) == (match.state, match.log, match.winner)


def test_names_are_checked() -> None:
    assert check_name("  Ada   Lovelace ") == "Ada Lovelace"
    for bad in ("", " ", "x" * 25, "tab\there"[:3] + "\x00"):
        with pytest.raises(CasinoError, match="bad name"):
            check_name(bad)
