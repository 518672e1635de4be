"""The ``expert`` strategy, the default computer: determinized alpha-beta look-ahead.

Casino hides the opponent's hand and the deck, so the expert searches *determinizations*
(Perfect Information Monte Carlo): it deals the cards it cannot see at random, consistently
with what it sees (:meth:`~croupier.casino.observation.Observation.sample`), searches each
such deal as an open game with alpha-beta, and plays the move with the best average over
the deals. Each search looks ahead to the end of the current deal of 4 + 4 cards (the
next cards are chance, and the sampled ones are invented) or ``depth`` plies, whichever
comes first, and judges the position it reaches with :func:`~.evaluation.evaluate`: the
round points each side can expect, counting the aces, the 10 of diamonds, the 2 of
spades and the majorities (cards, spades) still in play, and who is likely to take each
card on the table. In the last deal the deck is empty and the unseen cards are exactly
the opponent's hand, so one search to the end of the round is exact; it then also knows
whether the round decides the tournament and plays for the win.

Why this search: the game tree within a deal is small (at most 8 plies) and the tactics
that decide Casino (a capture now against a build for next turn, a build the opponent can
steal, a point card left to the opponent) are all visible a few plies ahead, where
alpha-beta is exact and fast; the hidden cards are handled by averaging over samples.
Information-set MCTS would avoid PIMC's assumption that the opponent sees everything,
but needs many more playouts for the same strength at this speed.

The work is bounded: the samples stop early once ``node_budget`` positions have been
searched (never below ``min_samples``), and a last deal too big to search to the end
within that budget is searched ``depth`` plies ahead instead; this keeps the slowest
move well under a second.
Everything is deterministic given the random generator, and the generator is seeded
from the observation unless one is given.

>>> from croupier.casino import Player, new_tournament
>>> seen = new_tournament(Player.HUMAN, rng=1).observe(Player.HUMAN)
>>> seen.hand, seen.loose
((Card('8s'), Card('3h'), Card('9s'), Card('5s')), (Card('9h'), Card('Js'), Card('2s'), Card('5h')))
>>> decision = ExpertStrategy().decide(seen)
>>> str(decision.move)
'build H3 S2'
>>> print(decision.reason)  # doctest: +NORMALIZE_WHITESPACE
builds 5 to capture next turn with the 5 of spades you hold (the build holds 1 point): looking
ahead, you can expect 0.7 more points than if you capture 9♥ with 9♠
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from croupier.cards import CardStyle
from croupier.casino.moves import Action, Move
from croupier.casino.observation import Observation
from croupier.casino.pieces import Player
from croupier.casino.state import State
from croupier.casino.strategies.base import (
    Decision,
    Strategy,
    moves_to_decide,
    observation_rng,
)
from croupier.casino.strategies.evaluation import WEIGHTS, Weights, evaluate
from croupier.casino.strategies.explain import explain
from croupier.casino.strategies.values import Gain, gain, move_kind, points_of
from croupier.casino.tournament import WINNING_SCORE
from croupier.randomness import RNGLike, as_generator

__all__ = ["Analysis", "ExpertSettings", "ExpertStrategy"]


@dataclass(frozen=True, slots=True)
class ExpertSettings:
    """How hard the expert thinks."""

    #: Deals of the unseen cards searched per decision (at most).
    samples: int = 16
    #: Plies searched ahead in each deal (the end of the current deal comes first).
    depth: int = 4
    #: Deals searched whatever the budget.
    min_samples: int = 4
    #: Positions searched before the expert stops taking more samples (and the most the
    #: last deal's search to the end of the round may visit before it looks only
    #: ``depth`` plies ahead).
    node_budget: int = 6000
    weights: Weights = field(default=WEIGHTS)


@dataclass(frozen=True, slots=True)
class Analysis:
    """What the expert found: every legal move with its value (the round points it
    expects to finish ahead by), the deals searched and the positions visited."""

    moves: tuple[Move, ...]
    values: tuple[float, ...]
    samples: int
    nodes: int
    exact: bool

    @property
    def best(self) -> Move:
        """The best move: the highest value; between equals, the biggest capture now, then
        the move that leaves the fewest points on the table."""
        index = max(
            range(len(self.moves)), key=lambda i: (self.values[i], *_tiebreak(self.moves[i]))
        )
        return self.moves[index]

    def value_of(self, move: Move) -> float:
        """The value of one of the moves."""
        return self.values[self.moves.index(move)]


class ExpertStrategy(Strategy):
    """The default computer: samples the hidden cards and searches each deal with
    alpha-beta (see the module's documentation)."""

    name = "expert"
    summary = "determinized alpha-beta look-ahead over the current deal (the default computer)"

    def __init__(self, settings: ExpertSettings | None = None) -> None:
        self.settings = settings or ExpertSettings()

    def __repr__(self) -> str:
        return f"ExpertStrategy({self.settings!r})"

    def choose(
        self, observation: Observation, moves: list[Move], rng: np.random.Generator
    ) -> Decision:
        if len(moves) == 1:
            return Decision(moves[0], explain(observation, moves[0], moves))
        analysis = self.analyse(observation, moves, rng)
        move = analysis.best
        return Decision(move, explain(observation, move, moves, _note(observation, analysis)))

    def analyse(
        self,
        observation: Observation,
        moves: list[Move] | None = None,
        rng: RNGLike = None,
    ) -> Analysis:
        """Value every legal move (or ``moves``) of the player who sees ``observation``."""
        moves = moves if moves is not None else moves_to_decide(observation)
        generator = as_generator(rng) if rng is not None else observation_rng(observation)
        kinds = [move_kind(move) for move in moves]
        distinct = list(dict.fromkeys(kinds))  # one move of each kind is searched
        searched = [moves[kinds.index(kind)] for kind in distinct]
        settings = self.settings
        search = _Search(observation.player, settings)
        if observation.deck_size == 0:
            # The unseen cards are the opponent's hand: one deal, to the end of the round
            # if the budget allows, else to the usual depth.
            state = State.sample(observation, generator)
            search.limit = settings.node_budget
            try:
                totals = [search.root(state, move, _TO_THE_END) for move in searched]
                exact = True
            except _OutOfBudgetError:
                search.limit = None
                totals = [search.root(state, move, settings.depth) for move in searched]
                exact = False
            samples = 1
        else:
            exact = False
            totals = [0.0] * len(searched)
            samples = 0
            while samples < settings.samples:
                state = State.sample(observation, generator)
                for index, move in enumerate(searched):
                    totals[index] += search.root(state, move, settings.depth)
                samples += 1
                if samples >= settings.min_samples and search.nodes >= settings.node_budget:
                    break
        value = {kind: total / samples for kind, total in zip(distinct, totals, strict=True)}
        return Analysis(
            tuple(moves), tuple(value[kind] for kind in kinds), samples, search.nodes, exact
        )


#: A depth beyond any round's end.
_TO_THE_END = 10**6


class _OutOfBudgetError(Exception):
    """The search to the end of the round visited more positions than its budget."""


def _tiebreak(move: Move) -> tuple[Gain, int]:
    """Between moves of equal value: take more now, and expose fewer point cards."""
    exposed = 0 if move.action is Action.CAPTURE else points_of((move.card, *move.taken))
    return gain(move), -exposed


_ACTION_ORDER = {Action.CAPTURE: 100, Action.INCREASE: 2, Action.BUILD: 1, Action.TRAIL: 0}


def _order(move: Move) -> int:
    """Search the likely best moves first: captures, the biggest first."""
    return _ACTION_ORDER[move.action] + len(move.loose) + 4 * len(move.builds)


def _distinct(moves: list[Move]) -> list[Move]:
    """One move of each kind (see :func:`~.values.move_kind`)."""
    return list({move_kind(move): move for move in reversed(moves)}.values())


class _Search:
    """Alpha-beta over one sampled deal, valued for ``player`` (who maximizes)."""

    def __init__(self, player: Player, settings: ExpertSettings) -> None:
        self.player = player
        self.weights = settings.weights
        self.nodes = 0
        #: Positions allowed before the search gives up (``None``: no limit).
        self.limit: int | None = None

    def root(self, state: State, move: Move, depth: int) -> float:
        """The value of playing ``move`` in ``state``, looking ``depth`` plies ahead."""
        return self._after(state, move, depth, -math.inf, math.inf)

    def _after(self, state: State, move: Move, depth: int, alpha: float, beta: float) -> float:
        child = state.apply(move, check=False)
        if child.is_round_over:
            return self._final(child)
        if len(child.deck) != len(state.deck):  # a new deal: the sampled cards are invented
            return evaluate(child, self.player, hands_known=False, weights=self.weights)
        if depth <= 1:
            return evaluate(child, self.player, weights=self.weights)
        return self._search(child, depth - 1, alpha, beta)

    def _search(self, state: State, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise _OutOfBudgetError
        moves = _distinct(state.legal_moves()) if depth > 1 else state.legal_moves()
        if not moves:  # no sound position gets here: judge it rather than fail
            return evaluate(state, self.player, weights=self.weights)
        moves.sort(key=_order, reverse=True)
        if state.next_player is self.player:
            best = -math.inf
            for move in moves:
                value = self._after(state, move, depth, alpha, beta)
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
            return best
        best = math.inf
        for move in moves:
            value = self._after(state, move, depth, alpha, beta)
            if value < best:
                best = value
                if value < beta:
                    beta = value
                    if alpha >= beta:
                        break
        return best

    def _final(self, state: State) -> float:
        """A finished round: the exact point margin, and a win or loss if it ends the
        tournament (worth more than any margin)."""
        points = state.score().points
        mine, theirs = points[self.player], points[self.player.other]
        value = float(mine - theirs)
        totals = state.totals()
        if max(totals) >= WINNING_SCORE:
            ahead = totals[self.player] - totals[self.player.other]
            value += TOURNAMENT_BONUS if ahead > 0 else -TOURNAMENT_BONUS if ahead < 0 else 0.0
        return value


#: What deciding the tournament is worth in the last deal's search, beyond any margin.
TOURNAMENT_BONUS = 100.0


def _note(observation: Observation, analysis: Analysis) -> str | None:
    """What the look-ahead adds to the reason: why a bigger capture now was passed up."""
    move = analysis.best
    greedy = max(analysis.moves, key=gain)
    if gain(greedy)[:2] <= gain(move)[:2]:
        return None
    better = analysis.value_of(move) - analysis.value_of(greedy)
    if better >= TOURNAMENT_BONUS / 2:
        return "playing to the end of the round, this decides the tournament"
    # The human may see the alternative; the computer's would show a card of its hand.
    if observation.player is Player.COMPUTER:
        instead, expects = "from its biggest capture", "it expects"
    else:
        instead, expects = f"if you {greedy.describe(CardStyle.PRETTY)}", "you can expect"
    if better < 0.05:
        return f"looking ahead, {expects} as much as {instead}"
    return f"looking ahead, {expects} {better:.1f} more points than {instead}"
