"""The ``yardstick`` strategy: plain determinized search, the measure the expert is held to.

This is the textbook way to play a game of hidden cards, written apart from the expert
(it shares only the rules engine with it) so that the expert is measured against an
independent player rather than against a copy of itself:

1. Deal the cards it cannot see at random, consistently with what it sees
   (:meth:`~croupier.casino.state.State.sample`): one *determinization*.
2. In that deal, play each legal move, then play the round out to its end with a quick
   policy for both players (take the most points, then the most cards; otherwise
   trail a card worth no points; otherwise any move, at random), and note the round's
   point margin (and whether the tournament was won or lost).
3. Repeat with deal after deal until the time is up, and play the move with the best
   average.

Once every card is known (the deck is empty, so the unseen cards are the opponent's
hand) it searches the rest of the round exactly with alpha-beta instead, if that
search finishes in the first half of its time; if not, it plays the deals out as above.
It uses all of its time: the more it has, the more deals it plays out. The clock is the
strategy's (a test's clock that stands still gives it :data:`MIN_SAMPLES` deals).

>>> from croupier.casino import Player, new_tournament
>>> seen = new_tournament(Player.HUMAN, rng=1).observe(Player.HUMAN)
>>> YardstickStrategy().decide(seen).move in seen.legal_moves()
True
"""

from __future__ import annotations

import math
from typing import Final

import numpy as np

from croupier.casino.moves import Action, Move
from croupier.casino.observation import Observation
from croupier.casino.pieces import Player
from croupier.casino.state import State
from croupier.casino.strategies.base import SEARCH_SHARE, Deadline, Decision, SearchStrategy
from croupier.casino.strategies.explain import explain
from croupier.casino.strategies.values import CARD_POINTS
from croupier.casino.tournament import WINNING_SCORE

__all__ = ["MIN_SAMPLES", "YardstickStrategy"]

#: Deals played out whatever the clock says.
MIN_SAMPLES: Final = 1
#: Deals played out at most (far more than a second allows).
MAX_SAMPLES: Final = 10_000
#: What winning (or losing) the tournament in the round played out is worth, in points.
WIN_VALUE: Final = 50.0
#: The share of the time the exact search of the last deal may take.
EXACT_SHARE: Final = 0.5
#: Positions the exact search may visit before it gives up (whatever the clock says).
EXACT_NODES: Final = 200_000


class YardstickStrategy(SearchStrategy):
    """Plays every legal move out to the end of the round in random deals of the hidden
    cards and picks the best average; exact once every card is known (see the module's
    documentation)."""

    name = "yardstick"
    summary = "plain determinized search: random deals played out, exact once all cards are known"

    def choose_by(
        self,
        observation: Observation,
        moves: list[Move],
        rng: np.random.Generator,
        deadline: Deadline,
        *,
        complete: bool = True,
    ) -> Decision:
        if len(moves) == 1:
            return Decision(moves[0], explain(observation, moves[0], moves), not complete)
        stop = deadline.part(SEARCH_SHARE)
        if observation.deck_size == 0:
            values = _exact(State.sample(observation, rng), moves, deadline.part(EXACT_SHARE))
            if values is not None:
                best = moves[int(np.argmax(values))]
                note = "searching the rest of the round exactly"
                return Decision(best, explain(observation, best, moves, note), not complete)
        totals = [0.0] * len(moves)
        samples = 0
        started = deadline.clock()
        while samples < MAX_SAMPLES:
            if samples >= MIN_SAMPLES and not stop.room_for(started, samples):
                break
            state = State.sample(observation, rng, stop=stop.expired)
            # Every move is played out with the same random choices (common random
            # numbers): the differences between moves are then measured with less noise.
            seed = int(rng.integers(2**63))
            for index, move in enumerate(moves):
                after = state.apply(move, check=False)
                totals[index] += _play_out(after, observation.player, np.random.default_rng(seed))
            samples += 1
        best = moves[int(np.argmax(totals))]
        note = f"playing the round out in {samples} random deals of the hidden cards"
        return Decision(best, explain(observation, best, moves, note), not complete)


def _final_value(state: State, player: Player) -> float:
    """The round's margin for ``player``, and the tournament's result if it is decided."""
    points = state.score().points
    value = float(points[player] - points[player.other])
    totals = state.totals()
    if max(totals) >= WINNING_SCORE and totals[0] != totals[1]:
        value += WIN_VALUE if totals[player] > totals[player.other] else -WIN_VALUE
    return value


def _quick_move(state: State, rng: np.random.Generator) -> Move:
    """The play-out policy: the capture taking the most points, then the most cards;
    with no capture, a trail of a card worth no points (a random one of them), else a
    random move."""
    moves = state.legal_moves()
    best: Move | None = None
    best_score = (-1, -1)
    quiet: list[Move] = []
    for move in moves:
        if move.action is Action.CAPTURE:
            taken = move.taken
            score = (
                CARD_POINTS[move.card.index] + sum(CARD_POINTS[c.index] for c in taken),
                len(taken),
            )
            if score > best_score:
                best, best_score = move, score
        elif move.action is Action.TRAIL and not CARD_POINTS[move.card.index]:
            quiet.append(move)
    if best is not None:
        return best
    pool = quiet or moves
    return pool[int(rng.integers(len(pool)))]


def _play_out(state: State, player: Player, rng: np.random.Generator) -> float:
    """The value for ``player`` of ``state`` played out to the end of the round."""
    while not state.is_round_over:
        state = state.apply(_quick_move(state, rng), check=False)
    return _final_value(state, player)


class _OutOfTimeError(Exception):
    """The exact search ran out of time (or of positions)."""


def _exact(state: State, moves: list[Move], deadline: Deadline) -> list[float] | None:
    """The exact value of each move in ``state`` (every card known) for the player to
    move, by alpha-beta to the end of the round; ``None`` if the deadline comes first."""
    player = state.next_player
    visited = [0]

    def value(position: State, alpha: float, beta: float) -> float:
        if position.is_round_over:
            return _final_value(position, player)
        visited[0] += 1
        if visited[0] > EXACT_NODES or deadline.expired():
            raise _OutOfTimeError
        maximizing = position.next_player is player
        best = -math.inf if maximizing else math.inf
        for move in sorted(position.legal_moves(), key=_capture_first):
            child = value(position.apply(move, check=False), alpha, beta)
            if maximizing:
                best = max(best, child)
                alpha = max(alpha, child)
            else:
                best = min(best, child)
                beta = min(beta, child)
            if alpha >= beta:
                break
        return best

    try:
        return [value(state.apply(move, check=False), -math.inf, math.inf) for move in moves]
    except _OutOfTimeError:
        return None


def _capture_first(move: Move) -> int:
    return 0 if move.action is Action.CAPTURE else 1
