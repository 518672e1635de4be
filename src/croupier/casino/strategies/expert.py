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
within that budget is searched ``depth`` plies ahead instead. And every move has a
deadline (:class:`~.base.Deadline`, 1 s by default), kept whatever the table holds: the
legal moves are listed for at most half of it (on a table of 16 or more low loose cards
there are tens of thousands, and listing them all takes seconds; cut short, the list
still holds a few moves of every card, the biggest capture among them), then the search
is anytime. It first values the moves one ply ahead in the first sampled deal, the
likely best first (captures, the biggest first: a quick look that stops only at the
deadline, and then not before its first :data:`QUICK_LOOK_MIN` moves), then searches
deal after deal (the opponent's replies inside it are listed against the same
deadline), and at 90% of the deadline plays the best move of the deals searched in full
(``min_samples`` gives way), or of the quick look if no deal was; the rest of the time
is for choosing and explaining. The reason then says how far the search got.
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
from numpy.random import Generator

from croupier.arguments import checked
from croupier.cards import CardStyle
from croupier.casino.moves import Action, Move
from croupier.casino.observation import Observation
from croupier.casino.pieces import Player
from croupier.casino.rules import moves_until
from croupier.casino.state import State
from croupier.casino.strategies.base import (
    DEFAULT_DEADLINE,
    SEARCH_SHARE,
    Clock,
    Deadline,
    Decision,
    Strategy,
    cut_listing_note,
    list_moves_to_decide,
    no_cyclic_gc,
    observation_rng,
)
from croupier.casino.strategies.evaluation import WEIGHTS, Weights, evaluate
from croupier.casino.strategies.explain import explain, plural
from croupier.casino.strategies.values import Gain, gain, move_kind, points_of
from croupier.casino.tournament import WINNING_SCORE
from croupier.randomness import RNGLike, as_generator

__all__ = ["QUICK_LOOK_MIN", "Analysis", "ExpertSettings", "ExpertStrategy"]

#: Moves (one of each kind) the quick look always values, whatever the deadline: a few
#: milliseconds' work, and more than most positions have.
QUICK_LOOK_MIN = 64


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
    expects to finish ahead by), the deals searched, the positions visited, how far
    ahead it looked and whether the deadline cut the search short.

    Cut short, ``moves`` are only those it valued: ``listed`` counts the moves it
    listed, and ``all_listed`` says whether those were all the legal moves."""

    moves: tuple[Move, ...]
    values: tuple[float, ...]
    samples: int
    nodes: int
    exact: bool
    #: Plies looked ahead in the values (the end of the round if ``exact``).
    depth: int = 1
    #: Whether the deadline stopped the search before it was done.
    cut_short: bool = False
    #: The moves searched: the first of each kind (moves of one kind are worth the same).
    searched: tuple[Move, ...] = ()
    #: The moves listed (valued or not).
    listed: int = 0
    #: Whether the moves listed were all the legal moves.
    all_listed: bool = True
    #: Whether the deadline stopped the search itself (not only the listing).
    search_cut: bool = False

    @property
    def best(self) -> Move:
        """The best move: the highest value; between equals, the biggest capture now, then
        the move that leaves the fewest points on the table."""
        top = max(self.values)
        tied = [move for move, value in zip(self.moves, self.values, strict=True) if value == top]
        return max(tied, key=_tiebreak)

    def value_of(self, move: Move) -> float:
        """The value of one of the moves."""
        return self.values[self.moves.index(move)]


class ExpertStrategy(Strategy):
    """The default computer: samples the hidden cards and searches each deal with
    alpha-beta (see the module's documentation)."""

    name = "expert"
    summary = "determinized alpha-beta look-ahead over the current deal (the default computer)"

    @checked
    def __init__(
        self,
        settings: ExpertSettings | None = None,
        *,
        deadline: float = DEFAULT_DEADLINE,
        clock: Clock | None = None,
    ) -> None:
        super().__init__(deadline=deadline, clock=clock)
        self.settings = settings or ExpertSettings()

    def __repr__(self) -> str:
        return f"ExpertStrategy({self.settings!r})"

    def choose(
        self, observation: Observation, moves: list[Move], rng: np.random.Generator
    ) -> Decision:
        return self.choose_by(observation, moves, rng, Deadline(self.deadline, self.clock))

    def choose_by(
        self,
        observation: Observation,
        moves: list[Move],
        rng: Generator,
        deadline: Deadline,
        *,
        complete: bool = True,
    ) -> Decision:
        if len(moves) == 1:
            note = None if complete else cut_listing_note(deadline, 1)
            return Decision(moves[0], explain(observation, moves[0], moves, note), not complete)
        analysis = self.analyse(observation, moves, rng, deadline, complete=complete)
        move = analysis.best
        notes = (
            _note(observation, analysis, move),
            _deadline_note(observation, analysis, self.settings, deadline),
        )
        note = "; ".join(text for text in notes if text)
        return Decision(move, explain(observation, move, moves, note), analysis.cut_short)

    def analyse(
        self,
        observation: Observation,
        moves: list[Move] | None = None,
        rng: RNGLike = None,
        deadline: Deadline | None = None,
        *,
        complete: bool = True,
    ) -> Analysis:
        """Value every legal move (or ``moves``: ``complete=False`` if they are only some
        of them) of the player who sees ``observation``, stopping at ``deadline`` (by
        default the strategy's own, from now).

        The search is anytime: it lists the moves (unless given) for at most half the
        time, values them one ply ahead in the first sampled deal, the likely best first
        (this quick look stops at the deadline, and then not before its first
        :data:`QUICK_LOOK_MIN` moves), then searches deal after deal until 90% of the
        time; when the deadline comes it answers with the deals searched in full (or,
        if none was, the quick look), and says so.
        """
        with no_cyclic_gc():
            if deadline is None:
                deadline = Deadline(self.deadline, self.clock)
            if moves is None:
                moves, complete = list_moves_to_decide(observation, deadline)
            generator = as_generator(rng) if rng is not None else observation_rng(observation)
            return self._analyse(observation, moves, complete, generator, deadline)

    def _analyse(
        self,
        observation: Observation,
        moves: list[Move],
        complete: bool,
        generator: Generator,
        whole: Deadline,
    ) -> Analysis:
        deadline = whole.part(SEARCH_SHARE)
        kinds = [move_kind(move) for move in moves]
        of_kind: dict[tuple[object, ...], Move] = {}  # one move of each kind is searched
        for kind, move in zip(kinds, moves, strict=True):
            of_kind.setdefault(kind, move)
        distinct, searched = list(of_kind), list(of_kind.values())
        settings = self.settings
        search = _Search(observation.player, settings)
        first = State.sample(observation, generator, stop=deadline.expired)
        # The quick look: the moves valued one ply ahead in the first deal, the likely best
        # first, until the deadline (but never fewer than QUICK_LOOK_MIN of them).
        order = sorted(range(len(searched)), key=lambda i: _order(searched[i]), reverse=True)
        quick: dict[int, float] = {}
        for i in order:
            if len(quick) >= QUICK_LOOK_MIN and deadline.expired():
                break
            quick[i] = search.root(first, searched[i], 1)
        if len(quick) < len(searched):  # the deadline cut the quick look: no deeper search
            valued = sorted(quick)
            distinct = [distinct[i] for i in valued]
            searched = [searched[i] for i in valued]
            return self._analysis(
                moves, kinds, distinct, searched, [quick[i] for i in valued], complete
            )
        totals = looked = [quick[i] for i in range(len(searched))]
        depth, samples, exact, search_cut = 1, 1, False, False
        search.deadline = deadline
        try:
            if observation.deck_size == 0:
                # The unseen cards are the opponent's hand: one deal, to the end of the
                # round if the budget allows, else to the usual depth.
                search.limit = settings.node_budget
                try:
                    totals = search.roots(first, searched, _TO_THE_END)
                    depth, exact = _TO_THE_END, True
                except _OutOfBudgetError:
                    search.limit = None
                    totals = search.roots(first, searched, settings.depth, looked)
                    depth = settings.depth
            else:
                deep = [0.0] * len(searched)
                for done in range(1, settings.samples + 1):
                    state = (
                        first
                        if done == 1
                        else State.sample(observation, generator, stop=deadline.expired)
                    )
                    values = search.roots(
                        state, searched, settings.depth, looked if done == 1 else None
                    )
                    deep = [total + value for total, value in zip(deep, values, strict=True)]
                    totals, samples, depth = deep, done, settings.depth
                    if done >= settings.min_samples and search.nodes >= settings.node_budget:
                        break
        except _DeadlineError:
            search_cut = True
        value = {kind: total / samples for kind, total in zip(distinct, totals, strict=True)}
        return Analysis(
            tuple(moves),
            tuple(value[kind] for kind in kinds),
            samples,
            search.nodes,
            exact,
            depth,
            search_cut or not complete,
            tuple(searched),
            len(moves),
            complete,
            search_cut,
        )

    @staticmethod
    def _analysis(
        moves: list[Move],
        kinds: list[tuple[object, ...]],
        distinct: list[tuple[object, ...]],
        searched: list[Move],
        values: list[float],
        complete: bool,
    ) -> Analysis:
        """The analysis of a quick look the deadline cut: the moves of the kinds valued."""
        value = dict(zip(distinct, values, strict=True))
        valued = [
            (move, value[kind]) for move, kind in zip(moves, kinds, strict=True) if kind in value
        ]
        return Analysis(
            tuple(move for move, _ in valued),
            tuple(worth for _, worth in valued),
            1,
            0,
            False,
            1,
            True,
            tuple(searched),
            len(moves),
            complete,
            True,
        )


#: A depth beyond any round's end.
_TO_THE_END = 10**6


class _OutOfBudgetError(Exception):
    """The search to the end of the round visited more positions than its budget."""


class _DeadlineError(Exception):
    """The time for the decision is up."""


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
        #: When the search must stop (``None``: never).
        self.deadline: Deadline | None = None

    def root(self, state: State, move: Move, depth: int) -> float:
        """The value of playing ``move`` in ``state``, looking ``depth`` plies ahead."""
        return self._after(state, move, depth, -math.inf, math.inf)

    def roots(
        self, state: State, moves: list[Move], depth: int, looked: list[float] | None = None
    ) -> list[float]:
        """The values of ``moves`` in ``state`` (:meth:`root`), stopping at the deadline;
        ``looked``: their values one ply ahead in this state, which a search of depth 1
        takes as they are."""
        if depth == 1 and looked is not None:
            return looked
        values = []
        deadline = self.deadline
        for move in moves:
            if deadline is not None and deadline.expired():  # a deal may have 1,000s of moves
                raise _DeadlineError
            values.append(self._after(state, move, depth, -math.inf, math.inf))
        return values

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
        deadline = self.deadline
        if deadline is not None and deadline.expired():
            raise _DeadlineError
        if deadline is None:
            moves = state.legal_moves()
        else:  # a node of an extreme table may have 100,000s of moves: list them in time
            player = state.next_player
            listed = moves_until(
                state.hands[player], state.loose, state.builds, player, deadline.expired
            )
            if listed is None:
                raise _DeadlineError
            moves = listed
        if depth > 1:
            moves = _distinct(moves)
        if not moves:  # no sound position gets here: judge it rather than fail
            return evaluate(state, self.player, weights=self.weights)
        moves.sort(key=_order, reverse=True)
        if state.next_player is self.player:
            best = -math.inf
            for move in moves:
                if deadline is not None and deadline.expired():  # a node may have 1,000s
                    raise _DeadlineError
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
            if deadline is not None and deadline.expired():
                raise _DeadlineError
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


def _note(observation: Observation, analysis: Analysis, move: Move) -> str | None:
    """What the look-ahead adds to the reason for ``move``, the best: why a bigger capture
    now was passed up."""
    greedy = max(analysis.searched or analysis.moves, key=gain)  # same kind, same gain
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


def _deadline_note(
    observation: Observation, analysis: Analysis, settings: ExpertSettings, deadline: Deadline
) -> str | None:
    """What the reason must admit when the deadline cut the search short: how far the
    search got (and how many moves it listed, if not all)."""
    if not analysis.cut_short:
        return None
    where = " in one sampled deal" if observation.deck_size else ""
    ahead = f"looking only {plural(analysis.depth, 'move')} ahead"
    valued = len(analysis.moves)
    if not analysis.all_listed:
        cut = cut_listing_note(deadline, analysis.listed)
        if not analysis.search_cut:
            return cut
        if analysis.depth >= settings.depth:
            return f"{cut}, after {analysis.samples} of {settings.samples} sampled deals"
        if valued < analysis.listed:
            return f"{cut}, {ahead} at {valued:,} of them{where}"
        return f"{cut}, {ahead}{where}"
    cut = f"the {deadline} deadline cut the search short"
    if analysis.depth >= settings.depth:
        return f"{cut} after {analysis.samples} of {settings.samples} sampled deals"
    if valued < analysis.listed:
        return f"{cut}, after {ahead} at {valued:,} of the {analysis.listed:,} legal moves{where}"
    return f"{cut}, after {ahead}{where}"
