"""Games played through the library for the log and review tests."""

from __future__ import annotations

from croupier.casino import Move, Player
from croupier.casino.gamelog import GameLog
from croupier.casino.levels import Level
from croupier.casino.session import Session
from croupier.casino.strategies import Strategy, strategy_named


def played_game(
    human: str = "random",
    level: Level = Level.BEGINNER,
    seed: int = 5,
    rounds: int = 1,
    deadline: float = 0.2,
) -> GameLog:
    """The log of ``rounds`` rounds (or the whole tournament, if shorter) of ``human``
    against the computer at ``level``, both thinking ``deadline`` seconds a move at most;
    each side's randomness is seeded by what it sees."""
    session = Session.new(Player.HUMAN, rng=seed, level=level, deadline=deadline)
    player: Strategy = strategy_named(human, deadline=deadline)
    while not session.finished:
        if session.to_move is Player.HUMAN:
            move = player.decide(session.state.observe(Player.HUMAN)).move
        else:
            move = computer_move(session)
        turn = session.play(move)
        if turn.round_end is not None and turn.round_end.state.round_number >= rounds:
            break
    return session.log


def hinted_game(
    level: Level = Level.BEGINNER, seed: int = 5, rounds: int = 1, deadline: float = 0.1
) -> GameLog:
    """The log of ``rounds`` rounds (or the whole tournament, if shorter) where the human
    plays only the hints (the judge's best moves) against the computer at ``level``
    thinking ``deadline`` seconds a move."""
    session = Session.new(Player.HUMAN, rng=seed, level=level, deadline=deadline)
    while not session.finished:
        if session.to_move is Player.HUMAN:
            turn = session.play_hint()
        else:
            turn = session.play(computer_move(session))
        if turn.round_end is not None and turn.round_end.state.round_number >= rounds:
            break
    return session.log


def computer_move(session: Session) -> Move:
    """The computer's move at its level, without its reason (the judge's, which these
    games do not need)."""
    return session.strategy.decide(session.state.observe(Player.COMPUTER)).move
