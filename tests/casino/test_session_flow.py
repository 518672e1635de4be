"""The game flow every front end asks the session for: whose turn, the computer's replies
by a deadline, a move from its parts, the session as data and in a pickle."""

from __future__ import annotations

import pickle

import pytest

from croupier.casino import Player
from croupier.casino.errors import IllegalMoveError, TurnError
from croupier.casino.levels import Level
from croupier.casino.session import MIN_THINK, Session, move_from_parts, table_items
from croupier.errors import NotNowError


def test_the_computer_replies_until_it_is_the_human_s_turn() -> None:
    session = Session.new(Player.COMPUTER, rng=4, level=Level.CASUAL)
    assert session.awaits_computer
    replies = session.reply()
    assert [turn.player for turn in replies] == [Player.COMPUTER]
    assert all(turn.reason for turn in replies) and not session.awaits_computer
    assert session.reply() == ()  # the human's turn: nothing to play
    assert replies[0].before.next_player is Player.COMPUTER


def test_a_move_off_its_player_s_turn_is_a_turn_error_and_changes_nothing() -> None:
    session = Session.new(Player.HUMAN, rng=7, level=Level.BEGINNER)
    before = session.state
    move = session.state.legal_moves()[0]
    with pytest.raises(TurnError, match="not the computer's turn") as refused:
        session.play(move, by=Player.COMPUTER)
    assert isinstance(refused.value, NotNowError) and session.state == before
    with pytest.raises(TurnError):
        session.computer_decision()
    session.play(move, by=Player.HUMAN)
    assert session.awaits_computer


def test_a_move_from_its_parts_is_the_move_the_terminal_reads() -> None:
    session = Session.new(Player.HUMAN, rng=7, level=Level.BEGINNER)
    state = session.state
    for move in state.legal_moves():
        items = table_items(state)
        names = [
            item.casino if hasattr(item, "casino") else item.cards[0].casino
            for item in items
            if (item in move.loose)
            or any(set(cards) == set(getattr(item, "cards", ())) for cards in move.builds)
        ]
        assert move_from_parts(state, move.card.casino, move.action.value, names) == move
    with pytest.raises(IllegalMoveError):
        session.play_parts(state.hand(Player.HUMAN)[0].casino, "capture", by=Player.HUMAN)
    assert session.state == state


def test_the_replies_keep_to_their_deadline_at_least_a_short_search_each() -> None:
    clock = iter(float(t) for t in range(100, 200))
    session = Session.new(Player.COMPUTER, rng=2, level=Level.EXPERT)
    replies = session.reply(until=50.0, clock=lambda: next(clock))  # long past
    assert replies and session.strategy.deadline == pytest.approx(MIN_THINK)


def test_a_session_as_data_at_every_move_and_when_it_is_over() -> None:
    session = Session.new(Player.HUMAN, rng=11, level=Level.BEGINNER)
    while not session.finished:
        again = Session.from_dict(session.to_dict())
        assert (again.state, again.log, again.level) == (session.state, session.log, session.level)
        assert again.rng.bit_generator.state == session.rng.bit_generator.state
        session.play(session.state.legal_moves()[0])
    over = Session.from_dict(session.to_dict())
    assert over.finished and over.state == session.state and over.log == session.log
    with pytest.raises(TurnError):
        over.play("trail H5")


def test_a_pickled_session_plays_on_at_its_level() -> None:
    session = Session.new(Player.HUMAN, rng=3, level=Level.STRONG)
    advice = session.hint()
    copy = pickle.loads(pickle.dumps(session))
    assert copy.state == session.state and copy.level is Level.STRONG
    assert copy.hint() == advice  # a strategy seeded by the position: the same advice
