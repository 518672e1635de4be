"""Games played through the library for the log and review tests."""

from __future__ import annotations

from croupier.casino import Player
from croupier.casino.gamelog import GameLog
from croupier.casino.levels import Level
from croupier.casino.session import Session
from croupier.casino.strategies import Strategy, strategy_named


def played_game(
    human: str = "random", level: Level = Level.BEGINNER, seed: int = 5, rounds: int = 1
) -> GameLog:
    """The log of ``rounds`` rounds (or the whole tournament, if shorter) of ``human``
        against the computer at ``level``; each side's randomness is seeded by what it sees, so
    the expert as the human plays what the review calls best."""
    session = Session.new(Player.HUMAN, rng=seed, level=level)
    player: Strategy = strategy_named(human)
    while not session.finished:
        if session.to_move is Player.HUMAN:
            move = player.decide(session.state.observe(Player.HUMAN)).move
        else:
            move = session.computer_decision().move
        turn = session.play(move)
        if turn.round_end is not None and turn.round_end.state.round_number >= rounds:
            break
    return session.log
