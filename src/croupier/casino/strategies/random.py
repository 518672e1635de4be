"""The ``random`` strategy: a uniformly random legal move (the baseline every other beats).

Its reasons say what the move does and that it was picked at random: they never claim a
plan (a build "to capture next turn") that it did not make.
"""

from __future__ import annotations

import numpy as np

from croupier.arguments import checked
from croupier.casino.moves import Move
from croupier.casino.observation import Observation
from croupier.casino.strategies.base import Decision, Strategy, check_moves
from croupier.casino.strategies.explain import explain

__all__ = ["RandomStrategy"]


class RandomStrategy(Strategy):
    """Plays any legal move, each with the same chance.

    >>> from croupier.casino import Player, new_tournament
    >>> seen = new_tournament(Player.HUMAN, rng=7).observe(Player.HUMAN)
    >>> RandomStrategy().decide(seen).move in seen.legal_moves()
    True
    """

    name = "random"
    summary = "a uniformly random legal move"

    @checked
    def choose(
        self, observation: Observation, moves: list[Move], rng: np.random.Generator
    ) -> Decision:
        check_moves(moves)
        move = moves[int(rng.integers(len(moves)))]
        note = f"picked at random from {len(moves)} legal moves" if len(moves) > 1 else None
        return Decision(move, explain(observation, move, moves, note, planned=False))
