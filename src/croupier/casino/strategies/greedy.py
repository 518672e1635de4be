"""The ``greedy`` strategy: the move that takes the most points now, then the most cards."""

from __future__ import annotations

import numpy as np

from croupier.arguments import checked
from croupier.casino.moves import Move
from croupier.casino.observation import Observation
from croupier.casino.strategies.base import Decision, Strategy, check_moves
from croupier.casino.strategies.explain import explain
from croupier.casino.strategies.values import gain

__all__ = ["GreedyStrategy"]


class GreedyStrategy(Strategy):
    """Takes the most card points now (aces, 10♦, 2♠), then the most cards; it looks no
    further. Moves that take nothing (trails and builds) tie, and ties are broken at random.

    >>> from croupier.casino import Player, new_tournament
    >>> seen = new_tournament(Player.HUMAN, rng=11).observe(Player.HUMAN)
    >>> " ".join(map(str, seen.hand)), " ".join(map(str, seen.loose))
    ('Td Kd 3c 3d', 'Kc 4s 4d 2s')
    >>> str(GreedyStrategy().decide(seen).move)            # 2 points for the 10♦, 1 for the 2♠
    'capture DX S2 D4 S4'
    """

    name = "greedy"
    summary = "the move that takes the most points now, then the most cards"

    @checked
    def choose(
        self, observation: Observation, moves: list[Move], rng: np.random.Generator
    ) -> Decision:
        check_moves(moves)
        scored = [(gain(move)[:2], move) for move in moves]
        best = max(score for score, _ in scored)
        tied = [move for score, move in scored if score == best]
        move = tied[int(rng.integers(len(tied)))]
        # It plans nothing: a build or trail is a tie broken at random, and its reason says
        # what the move does, not what it is for.
        return Decision(move, explain(observation, move, moves, planned=False))
