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
whether the round decides the tournament and plays for the win. (With
``tournament_stakes`` it would also play for the tournament in the earlier deals of such
a round, see :mod:`.stakes`; measured, that did not make it stronger, so it is off.)

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
deadline): on a clock, first ``shallow_samples`` deals 2 plies ahead, then the deals
``depth`` plies ahead, and with time to spare after the work budget the same deals
deeper, pass after pass to the end of the deal, then more deals (see
:meth:`ExpertStrategy._sampled_deals`). At 90% of the deadline it plays the best move of
the deals searched in full (``min_samples`` gives way to the 2-ply deals, or to the
quick look if no deal was searched); the rest of the time is for choosing and
explaining. The reason then says how far the search got.
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

import contextlib
from dataclasses import dataclass, field

from numpy.random import Generator

from croupier.arguments import checked
from croupier.cards import CardStyle
from croupier.casino.inference import read_clues
from croupier.casino.moves import Action, Move
from croupier.casino.observation import HandClues, Observation
from croupier.casino.pieces import Player
from croupier.casino.state import State
from croupier.casino.strategies.base import (
    DEFAULT_DEADLINE,
    SEARCH_SHARE,
    Clock,
    Deadline,
    Decision,
    SearchStrategy,
    WorkBudget,
    check_moves,
    cut_listing_note,
    list_moves_to_decide,
    no_cyclic_gc,
    observation_rng,
)
from croupier.casino.strategies.evaluation import WEIGHTS, Weights
from croupier.casino.strategies.explain import explain, plural
from croupier.casino.strategies.infoset import information_set_values
from croupier.casino.strategies.search import (
    TO_THE_END,
    TOURNAMENT_BONUS,
    DeadlineError,
    DepthSearch,
    ExactSearch,
    OutOfBudgetError,
    Replies,
    search_order,
)
from croupier.casino.strategies.stakes import Stakes, stakes
from croupier.casino.strategies.values import Gain, gain, move_kind, points_of
from croupier.randomness import RNGLike, as_generator

__all__ = [
    "QUICK_LOOK_MIN",
    "TOURNAMENT_BONUS",
    "Analysis",
    "ExpertSettings",
    "ExpertStrategy",
]

#: Moves (one of each kind) the quick look always values, whatever the deadline: a few
#: milliseconds' work, and more than most positions have.
QUICK_LOOK_MIN = 64


@dataclass(frozen=True, slots=True)
class ExpertSettings:
    """How hard the expert thinks."""

    #: Deals of the unseen cards searched per decision within the work budget (at most).
    samples: int = 16
    #: Plies searched ahead in each deal (the end of the current deal comes first).
    depth: int = 4
    #: Deals searched whatever the budget.
    min_samples: int = 4
    #: Positions searched before the expert stops taking more samples.
    node_budget: int = 6000
    #: Deals searched at most when the deadline leaves time to spare: past the work
    #: budget, the expert searches its deals deeper and then more deals while another
    #: one fits in its time (equal to ``samples``: the work budget only, the same work
    #: on any machine).
    max_samples: int = 256
    #: Positions the search of the last deal to the end of the round may visit before
    #: it looks only ``depth`` plies ahead instead (0: never searched to the end).
    exact_nodes: int = 200_000
    #: Deals searched 2 plies ahead before the ``depth``-ply search, when a clock (not a
    #: work budget) bounds the decision: if the deadline cuts the deeper search before
    #: ``min_samples`` deals, the answer comes from these many deals rather than from
    #: one (0: no such pass, as in a review's fixed work).
    shallow_samples: int = 8
    #: In a round that may end the tournament, average the deals as chances of winning
    #: it (:mod:`.stakes`) rather than as round points. Off: measured, it did not make
    #: the expert stronger (see the module :mod:`.stakes`). Only without ``infoset``.
    tournament_stakes: bool = False
    #: Search the deals together (:mod:`.infoset`): each deal to the end of the current
    #: deal of cards, the player's answer to each reply of the opponent chosen alike in
    #: every deal where that reply was possible. Off (the default): each deal searched
    #: on its own and the values averaged (Perfect Information Monte Carlo, ``depth``
    #: plies ahead, then deeper with time to spare). Measured, it did not make the expert
    #: stronger (see :mod:`.infoset`), so it is off.
    infoset: bool = False
    #: How many times longer the expert expects a pass 2 plies deeper to take than the
    #: last (a branching of about 3): a deeper pass starts only if that fits before 90%
    #: of the deadline.
    deeper_cost: float = 10.0
    weights: Weights = field(default=WEIGHTS)
    #: Read the opponent's hand from their moves of the deal (:mod:`croupier.casino.inference`)
    #: with this strength: the deals sampled give them a card of each value their builds
    #: made them keep, and cards they would have captured more with less often. 0 (the
    #: default): the opponent's hand drawn uniformly (measured: see
    #: ``benchmarks/results/casino_yardstick_0.1_cpu_infer.txt``). Only observations that
    #: carry their ``deal_moves`` (the arena's) have anything to read.
    infer: float = 0.0


@dataclass(frozen=True, slots=True)
class Analysis:
    """What the expert found: every legal move with its value (the round points it
    expects to finish ahead by), the deals searched, the positions visited, how far
    ahead it looked and whether the deadline cut the search short.

    Cut short, ``moves`` are only those it valued: ``listed`` counts the moves it
    listed, and ``all_listed`` says whether those were all the legal moves. In the
    last deal's search to the end of the round (``exact``) played for a move rather
    than a review, only the best moves' values are exact (and the biggest capture's,
    for the reason): another move's value is a bound its true value does not pass."""

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


class ExpertStrategy(SearchStrategy):
    """The default computer: samples the hidden cards and searches each deal with
    alpha-beta (see the module's documentation).

    ``exact_values`` asks the search of the last deal for the exact value of every
    move, not only of the best (what a review needs, at some cost in time).
    ``reference`` searches with the Python reference even where the compiled kernel is
    there (:mod:`croupier.casino._kernels`): the same choices at a work budget, at a
    tenth of the speed or less; for benchmarks and tests."""

    name = "expert"
    summary = "determinized alpha-beta look-ahead over the current deal (the default computer)"

    @checked
    def __init__(
        self,
        settings: ExpertSettings | None = None,
        *,
        deadline: float = DEFAULT_DEADLINE,
        clock: Clock | None = None,
        exact_values: bool = False,
        reference: bool = False,
    ) -> None:
        super().__init__(deadline=deadline, clock=clock)
        self.settings = settings or ExpertSettings()
        self.exact_values = exact_values
        self.reference = reference
        # The last deal's searches to the end of the round, one per player valued: their
        # tables of positions serve the next moves of the deal.
        self._exact: dict[Player, ExactSearch] = {}

    def __repr__(self) -> str:
        return f"ExpertStrategy({self.settings!r})"

    @checked
    def choose_by(
        self,
        observation: Observation,
        moves: list[Move],
        rng: Generator,
        deadline: Deadline,
        *,
        complete: bool = True,
    ) -> Decision:
        if len(check_moves(moves)) == 1:
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
        :data:`QUICK_LOOK_MIN` moves), then searches deal after deal (or, in the last
        deal, to the end of the round) until 90% of the time; when the deadline comes it
        answers with the deals searched in full (or, if none was, the quick look), and
        says so.
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
        """The steps of :meth:`analyse`, once the moves are listed.

        1. The moves are grouped by kind (:class:`_Roots`): one of each is searched.
        2. The first deal of the unseen cards is sampled, and the quick look values each
           kind one ply ahead in it (:meth:`_quick_look`). If the deadline cuts even
           that, the analysis holds only the moves valued.
        3. In the last deal (an empty deck: the unseen cards are the opponent's hand, so
           the deal sampled is the real one) the search goes to the end of the round
           (:meth:`_last_deal`); earlier, it searches deal after deal
           (:meth:`_sampled_deals`).
        """
        deadline = whole.part(SEARCH_SHARE)
        roots = _Roots.of(moves)
        clues = read_clues(observation, self.settings.infer) if self.settings.infer else None
        first = State.sample(observation, generator, stop=deadline.expired, clues=clues)
        search = DepthSearch(observation.player, self.settings.weights)
        if self.reference:
            search.kernels = None
        quick = self._quick_look(search, first, roots, deadline)
        if len(quick) < len(roots.searched):  # the deadline cut the quick look short
            return roots.partial(quick, complete)
        looked = [quick[i] for i in range(len(roots.searched))]
        search.deadline = deadline
        if observation.deck_size == 0:
            found = self._last_deal(search, first, roots, looked, deadline)
        else:
            found = self._sampled_deals(search, observation, first, roots, looked, generator, clues)
        return roots.analysis(found, complete)

    def _quick_look(
        self, search: DepthSearch, first: State, roots: _Roots, deadline: Deadline
    ) -> dict[int, float]:
        """The kinds of move (by their index in ``roots.searched``) valued one ply ahead
        in ``first``, the likely best first, until the deadline, but never fewer than
        :data:`QUICK_LOOK_MIN` of them."""
        searched = roots.searched
        order = sorted(range(len(searched)), key=lambda i: search_order(searched[i]), reverse=True)
        quick: dict[int, float] = {}
        for i in order:
            if len(quick) >= QUICK_LOOK_MIN and deadline.expired():
                break
            quick[i] = search.root(first, searched[i], 1)
        return quick

    def _last_deal(
        self,
        search: DepthSearch,
        state: State,
        roots: _Roots,
        looked: list[float],
        deadline: Deadline,
    ) -> _Found:
        """The last deal, whose every card the player knows: the moves' exact values to
        the end of the round, searched with a table of positions kept for the next moves
        of the deal, within :attr:`ExpertSettings.exact_nodes` positions and the
        deadline. If either stops it, the moves are valued ``depth`` plies ahead (or, if
        the deadline stopped it, as the quick look found them)."""
        settings = self.settings
        found = _Found(looked, 1, 1, search_cut=False)
        if settings.exact_nodes > 0:
            exact = self._exact.get(state.next_player)
            if exact is None:
                exact = self._exact[state.next_player] = ExactSearch(state.next_player)
                if self.reference:
                    exact.kernels = None
            exact.nodes, exact.limit, exact.deadline = 0, settings.exact_nodes, deadline
            order = sorted(
                range(len(looked)), key=lambda i: (looked[i], search_order(roots.searched[i]))
            )[::-1]
            try:
                values = exact.values(
                    state, [roots.searched[i] for i in order], all_exact=self.exact_values
                )
            except DeadlineError:
                found.search_cut = True
                found.nodes = exact.nodes
                return found
            except OutOfBudgetError:
                search.nodes += exact.nodes
            else:
                totals = [0.0] * len(looked)
                for i, value in zip(order, values, strict=True):
                    totals[i] = value
                if not self.exact_values:  # the biggest capture's value is in the reason
                    greedy = max(range(len(totals)), key=lambda i: gain(roots.searched[i]))
                    if totals[greedy] < max(totals):
                        with contextlib.suppress(DeadlineError, OutOfBudgetError):
                            totals[greedy] = exact.value(state.apply(roots.searched[greedy]))
                return _Found(totals, 1, TO_THE_END, exact=True, nodes=exact.nodes)
        try:
            values = search.roots(state, roots.searched, settings.depth, looked)
        except DeadlineError:
            found.search_cut = True
            found.nodes = search.nodes
            return found
        return _Found(values, 1, settings.depth, nodes=search.nodes)

    def _sampled_deals(
        self,
        search: DepthSearch,
        observation: Observation,
        first: State,
        roots: _Roots,
        looked: list[float],
        generator: Generator,
        clues: HandClues | None = None,
    ) -> _Found:
        """Deal after deal of the unseen cards (drawn with ``clues``, if any), searched in
        passes (:class:`_Passes`):

        1. On a clock, ``shallow_samples`` deals 2 plies ahead: the answer if the deadline
           cuts the next pass before ``min_samples`` deals.
        2. Each deal ``depth`` plies ahead (or to the end of the current deal):
           ``min_samples`` of them whatever the budget, up to ``samples`` until
           ``node_budget`` positions are searched (the work budget, the same on any
           machine), then more while the deadline leaves time for another (judging by
           the time taken so far, up to ``max_samples``).
        3. With time to spare once the work budget is done, the same deals 2 plies
           deeper, pass after pass up to the end of the deal, each pass started only if
           it is likely to finish (judging by the last pass's time per deal); one that
           searched at least half of the deals before the deadline answers.

        The values are the averages over the deals searched in full; the deadline
        cutting the work budget short cuts the search short (time spare only adds)."""
        settings = self.settings
        deadline = search.deadline
        assert deadline is not None
        passes = _Passes(search, observation, first, roots, generator, deadline)
        passes.clues = clues
        passes.stakes = _stakes(observation) if settings.tournament_stakes else None
        found = _Found(looked, 1, 1, search_cut=False)
        timed = not isinstance(deadline, WorkBudget)
        if timed and settings.shallow_samples and settings.depth > 2:
            shallow = passes.run(2, settings.shallow_samples)
            if shallow.samples:
                found = shallow
            if shallow.samples < settings.shallow_samples:
                found.search_cut = True
                found.nodes = search.nodes
                return found
        if settings.infoset and settings.depth >= 3 and passes.to_deal_end >= 3:
            return self._information_sets(search, passes, found)
        # The work budget (then, if no deeper search may follow, more deals while
        # another fits).
        spare = settings.max_samples > settings.samples  # else the work budget only
        deeper_later = timed and spare and settings.depth < passes.to_deal_end
        totals = [0.0] * len(looked)
        done = 0
        since = deadline.clock()
        while done < settings.max_samples:
            budgeted = done < settings.samples and (
                done < settings.min_samples or search.nodes < settings.node_budget
            )
            if not budgeted and (deeper_later or not deadline.room_for(since, done)):
                break
            try:
                values = passes.values(done, settings.depth, looked if done == 0 else None)
            except DeadlineError:
                found.search_cut = budgeted
                break
            totals = [total + value for total, value in zip(totals, values, strict=True)]
            done += 1
            if done >= settings.min_samples or found.depth < 2:
                found = _Found(passes.mean(totals, done), done, settings.depth)
        if not deeper_later or found.search_cut or found.depth != settings.depth:
            found.nodes = search.nodes
            return found
        # Deeper passes over the same deals while each is likely to finish, then more
        # deals at the last depth while another fits.
        spent = deadline.clock() - since
        while found.depth < passes.to_deal_end and deadline.room_for(since, done):
            if deadline.clock() + settings.deeper_cost * spent > deadline.end:
                break
            depth = min(found.depth + 2, passes.to_deal_end)
            since = deadline.clock()
            deeper = passes.run(depth, done)
            spent = deadline.clock() - since
            if deeper.samples * 2 < done:
                break
            complete = deeper.samples == done
            deeper.search_cut = False  # the work budget was done: spare time only adds
            found, done = deeper, deeper.samples
            if not complete:
                break
        found = passes.extend(found, since, settings.max_samples)
        found.nodes = search.nodes
        return found

    def _information_sets(self, search: DepthSearch, passes: _Passes, found: _Found) -> _Found:
        """Deal after deal searched to the end of the current deal of cards, the deals'
        values put together by :func:`~.infoset.information_set_values`:
        ``min_samples`` deals whatever the budget, up to ``samples`` until
        ``node_budget`` positions are searched (the work budget), then more while the
        deadline leaves time for another (judging by the time taken so far, up to
        ``max_samples``). ``found`` (the quick look, or the 2-ply pass) answers if the
        deadline cuts the work budget before ``min_samples`` deals."""
        settings = self.settings
        deadline = passes.deadline
        depth = passes.to_deal_end
        deals: list[list[Replies]] = []
        cut = False
        since = deadline.clock()
        while len(deals) < settings.max_samples:
            done = len(deals)
            budgeted = done < settings.samples and (
                done < settings.min_samples or search.nodes < settings.node_budget
            )
            if not budgeted and not deadline.room_for(since, done):
                break
            try:
                deals.append(passes.replies(done, depth))
            except DeadlineError:
                cut = budgeted
                break
        if deals and (len(deals) >= settings.min_samples or found.depth < 2):
            values = information_set_values(deals, [1.0] * len(deals))
            found = _Found(values, len(deals), depth)
        found.search_cut = cut
        found.nodes = search.nodes
        return found


def _stakes(observation: Observation) -> Stakes | None:
    """What a round margin is worth in the tournament after the current deal (``None``
    if the round cannot end it): the cards yet to reach a pile are the deck's and the
    table's."""
    table = len(observation.loose) + sum(len(build.cards) for build in observation.builds)
    open_cards = observation.deck_size + table
    return stakes(observation.scores, observation.player, open_cards=open_cards)


class _Passes:
    """The deals of one decision (the first given, the others drawn as needed, in
    order) and passes of search over them."""

    def __init__(
        self,
        search: DepthSearch,
        observation: Observation,
        first: State,
        roots: _Roots,
        generator: Generator,
        deadline: Deadline,
    ) -> None:
        self.search = search
        self.observation = observation
        self.deals = [first]
        self.roots = roots
        self.generator = generator
        self.deadline = deadline
        #: Plies to the end of the current deal.
        self.to_deal_end = len(observation.hand) + observation.opponent_hand_size
        #: What a margin is worth when the round may end the tournament (``None``: its
        #: points): the deals' values are then averaged as chances of winning it.
        self.stakes: Stakes | None = None
        #: What the opponent's play tells, for drawing the deals (``None``: uniform).
        self.clues: HandClues | None = None

    def values(self, index: int, depth: int, looked: list[float] | None = None) -> list[float]:
        """The moves' values in deal number ``index``, ``depth`` plies ahead."""
        values = self.search.roots(self.deal(index), self.roots.searched, depth, looked)
        return values if self.stakes is None else self.stakes.worths(values)

    def replies(self, index: int, depth: int) -> list[Replies]:
        """What :meth:`~.search.DepthSearch.replies` finds in deal number ``index``,
        ``depth`` plies ahead."""
        return self.search.replies(self.deal(index), self.roots.searched, depth)

    def deal(self, index: int) -> State:
        """Deal number ``index`` (drawn as needed, in order)."""
        while len(self.deals) <= index:
            stop = self.deadline.expired
            deal = State.sample(self.observation, self.generator, stop=stop, clues=self.clues)
            self.deals.append(deal)
        return self.deals[index]

    def mean(self, totals: list[float], done: int) -> list[float]:
        """The moves' values from their ``totals`` over ``done`` deals (:meth:`values`
        summed): the mean margins, or the sure margins worth as much to the tournament."""
        means = [total / done for total in totals] if done else totals
        return means if self.stakes is None or not done else self.stakes.margins(means)

    def run(self, depth: int, deals: int) -> _Found:
        """The first ``deals`` deals searched ``depth`` plies ahead, or as many as the
        deadline allows (``search_cut`` then set)."""
        totals = [0.0] * len(self.roots.searched)
        done = 0
        while done < deals:
            try:
                values = self.values(done, depth)
            except DeadlineError:
                break
            totals = [total + value for total, value in zip(totals, values, strict=True)]
            done += 1
        return _Found(self.mean(totals, done), done, depth, search_cut=done < deals)

    def extend(self, found: _Found, since: float, most: int) -> _Found:
        """``found`` with more deals searched at its depth, while another fits in the
        time (judging by the deals searched since the clock read ``since``), up to
        ``most`` deals."""
        done = found.samples
        worths = found.values if self.stakes is None else self.stakes.worths(found.values)
        totals = [value * done for value in worths]
        while done < most and self.deadline.room_for(since, done):
            try:
                values = self.values(done, found.depth)
            except DeadlineError:
                break
            totals = [total + value for total, value in zip(totals, values, strict=True)]
            done += 1
        return _Found(self.mean(totals, done), done, found.depth)


@dataclass(slots=True)
class _Found:
    """What a search found: the value of each kind of move searched, the deals searched,
    how far ahead it looked, whether it was to the end of the round, the positions
    visited, and whether the deadline cut it short."""

    values: list[float]
    samples: int
    depth: int
    exact: bool = False
    nodes: int = 0
    search_cut: bool = False


@dataclass(frozen=True, slots=True)
class _Roots:
    """The moves to value, grouped by kind (moves of one kind are worth the same, see
    :func:`~.values.move_kind`): each move's kind, the kinds in order, and the first
    move of each kind, the one searched."""

    moves: list[Move]
    kinds: list[tuple[object, ...]]
    distinct: list[tuple[object, ...]]
    searched: list[Move]

    @classmethod
    def of(cls, moves: list[Move]) -> _Roots:
        kinds = [move_kind(move) for move in moves]
        of_kind: dict[tuple[object, ...], Move] = {}
        for kind, move in zip(kinds, moves, strict=True):
            of_kind.setdefault(kind, move)
        return cls(moves, kinds, list(of_kind), list(of_kind.values()))

    def analysis(self, found: _Found, complete: bool) -> Analysis:
        """The analysis of every move from the values of the kinds searched."""
        value = dict(zip(self.distinct, found.values, strict=True))
        return Analysis(
            tuple(self.moves),
            tuple(value[kind] for kind in self.kinds),
            found.samples,
            found.nodes,
            found.exact,
            found.depth,
            found.search_cut or not complete,
            tuple(self.searched),
            len(self.moves),
            complete,
            found.search_cut,
        )

    def partial(self, quick: dict[int, float], complete: bool) -> Analysis:
        """The analysis of a quick look the deadline cut: the moves of the kinds valued."""
        value = {self.distinct[i]: worth for i, worth in quick.items()}
        valued = [
            (move, value[kind])
            for move, kind in zip(self.moves, self.kinds, strict=True)
            if kind in value
        ]
        return Analysis(
            tuple(move for move, _ in valued),
            tuple(worth for _, worth in valued),
            1,
            0,
            False,
            1,
            True,
            tuple(self.searched[i] for i in sorted(quick)),
            len(self.moves),
            complete,
            True,
        )


def _tiebreak(move: Move) -> tuple[Gain, int]:
    """Between moves of equal value: take more now, and expose fewer point cards."""
    exposed = 0 if move.action is Action.CAPTURE else points_of((move.card, *move.taken))
    return gain(move), -exposed


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
    deals = analysis.samples
    where = (
        ""
        if not observation.deck_size
        else (" in one sampled deal" if deals == 1 else f" in {deals} sampled deals")
    )
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
    cut = f"{deadline.label} cut the search short"
    if analysis.depth >= settings.depth:
        return f"{cut} after {analysis.samples} of {settings.samples} sampled deals"
    if valued < analysis.listed:
        return f"{cut}, after {ahead} at {valued:,} of the {analysis.listed:,} legal moves{where}"
    return f"{cut}, after {ahead}{where}"
