"""The ``yardstick`` strategy: Perfect Information Monte Carlo, the measure the expert is held to.

This is the textbook way to play a game of hidden cards, written apart from the expert
(it shares only the rules engine with it: its search, its judgement of a position and
its use of the clock are its own) so that the expert is measured against an
independent player rather than against a copy of itself:

1. Deal the cards it cannot see at random, consistently with what it sees
   (:meth:`~croupier.casino.state.State.sample`): one *determinization*, a game whose
   every card is known.
2. In each of :data:`SAMPLES` such deals, value every legal move by alpha-beta over the
   open game: to the end of the current deal of 4 + 4 cards (the cards dealt after it
   are invented, so the search stops there) and judge the position reached by the
   points still at stake (:func:`judge`).
3. Average each move's value over the deals and play the best.

The search deepens while its time lasts: every deal is first searched
:data:`BASE_DEPTH` plies ahead, then the same deals one ply deeper, pass after pass, up
to the end of the deal; once there, it searches more deals while another one fits in
its time. A pass the deadline cuts short counts if it searched at least half of the
deals. Once every card is known (the deck is empty: the unseen cards are the
opponent's hand) there is one deal, the real one, and the deepening goes on to the end
of the round unless the deadline (or :data:`NODE_LIMIT` positions) stops it first: an
exact search.
The search keeps a table of the positions it has valued (positions reached by moves in
another order are searched once) and searches one move of each *shape* (moves that
differ only by cards alike in rank, points and suit class are worth the same).

A clock that stands still (a test's) gives the fixed work: the first pass over the
deals, or the exact search in the last deal. Everything else follows from the random
generator, so a seeded yardstick plays the same moves on the same clock.

>>> from croupier.casino import Player, new_tournament
>>> seen = new_tournament(Player.HUMAN, rng=1).observe(Player.HUMAN)
>>> YardstickStrategy().decide(seen).move in seen.legal_moves()
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

import numpy as np

from croupier.arguments import checked
from croupier.cards import DECK, Card
from croupier.casino.moves import Action, Move
from croupier.casino.observation import Observation
from croupier.casino.pieces import Player
from croupier.casino.rules import moves_until
from croupier.casino.scoring import SCORING, ScoreKind
from croupier.casino.state import State
from croupier.casino.strategies.base import (
    SEARCH_SHARE,
    Deadline,
    Decision,
    SearchStrategy,
    check_moves,
)
from croupier.casino.strategies.explain import explain, plural
from croupier.casino.tournament import WINNING_SCORE

__all__ = [
    "BASE_DEPTH",
    "NODE_LIMIT",
    "SAMPLES",
    "WIN_VALUE",
    "OutOfTimeError",
    "YardstickSearch",
    "YardstickStrategy",
    "distinct_shapes",
    "final_margin",
    "judge",
]

#: Deals of the hidden cards searched in each pass.
SAMPLES: Final = 12
#: Deals searched at most, once the passes reach the end of the deal.
MAX_SAMPLES: Final = 1_000
#: Plies every deal is searched ahead whatever the clock (the first pass).
BASE_DEPTH: Final = 2
#: Positions one decision may visit before it stops deepening (whatever the clock).
NODE_LIMIT: Final = 400_000
#: What winning (or losing) the tournament in the round searched is worth, in points.
WIN_VALUE: Final = 50.0
#: The chance that a card in a build ends in its owner's pile (who holds its value).
BUILD_SHARE: Final = 0.8
#: How much more the final counts spread than if each card fell to a side on its own
#: (captures take cards in groups).
CLUMPING: Final = 2.0

# --- the scoring table, read once ---------------------------------------------------------

#: Each card's own points (aces, the 10 of diamonds, the 2 of spades), by card number.
_POINTS: Final[tuple[int, ...]] = tuple(
    sum(item.points for item in SCORING if item.kind is ScoreKind.PER_CARD and card in item.cards)
    for card in DECK
)
#: The majority items: their points, how many cards they have, and by card number
#: whether a card counts for them.
_MAJORITIES: Final[tuple[tuple[int, int, tuple[bool, ...]], ...]] = tuple(
    (item.points, len(item.cards), tuple(card in item.cards for card in DECK))
    for item in SCORING
    if item.kind is ScoreKind.MAJORITY
)
#: What a card is to the game but for its suit: rank, own points, and for each majority
#: whether it counts (cards alike in all of these play and score alike).
_LIKE: Final[tuple[tuple[object, ...], ...]] = tuple(
    (card.rank, _POINTS[card.index], *(counts[card.index] for _, _, counts in _MAJORITIES))
    for card in DECK
)
_SQRT2: Final = math.sqrt(2.0)


def final_margin(state: State, player: Player) -> float:
    """The finished round's point margin for ``player``, :data:`WIN_VALUE` more (or less)
    if it ends the tournament with a winner.

    >>> from croupier.casino import new_tournament
    >>> state = new_tournament(Player.HUMAN, rng=2)
    >>> while not state.is_round_over:
    ...     state = state.apply(state.legal_moves()[0])
    >>> points = state.score().points
    >>> final_margin(state, Player.HUMAN) == points[0] - points[1]
    True
    """
    mine = _tally(state.piles[player])
    theirs = _tally(state.piles[player.other])
    points = [mine[0], theirs[0]]
    for index, (worth, _, _) in enumerate(_MAJORITIES, 1):
        if mine[index] > theirs[index]:
            points[0] += worth
        elif theirs[index] > mine[index]:
            points[1] += worth
    value = float(points[0] - points[1])
    total, other = state.scores[player] + points[0], state.scores[player.other] + points[1]
    if max(total, other) >= WINNING_SCORE and total != other:
        value += WIN_VALUE if total > other else -WIN_VALUE
    return value


def _tally(pile: tuple[Card, ...]) -> list[int]:
    """A pile's own points and, for each majority, its count."""
    tally = [0] * (1 + len(_MAJORITIES))
    for card in pile:
        index = card.index
        tally[0] += _POINTS[index]
        for item, (_, _, counts) in enumerate(_MAJORITIES, 1):
            tally[item] += counts[index]
    return tally


def judge(state: State, player: Player) -> float:
    """The round points ``player`` can expect to finish ahead by, from a position whose
    round may go on: the piles count as they are; every other card ends in a pile, its
    owner's with chance :data:`BUILD_SHARE` if it is in a build, else either with even
    chances; a majority is worth its points times the chance of winning it less that of
    losing it, from the normal law of the final count margin. A finished round is
    valued exactly (:func:`final_margin`).

    >>> from croupier.casino import new_tournament
    >>> state = new_tournament(Player.HUMAN, rng=7)
    >>> judge(state, Player.HUMAN) == judge(state, Player.COMPUTER) == 0.0
    True
    """
    if state.is_round_over:
        return final_margin(state, player)
    mine = _tally(state.piles[player])
    theirs = _tally(state.piles[player.other])
    value = float(mine[0] - theirs[0])
    size = len(_MAJORITIES)
    # The expected margin of each majority's count, and its variance.
    means = [float(mine[i + 1] - theirs[i + 1]) for i in range(size)]
    variances = [0.0] * size
    open_counts = [
        total - mine[i + 1] - theirs[i + 1] for i, (_, total, _) in enumerate(_MAJORITIES)
    ]
    edge = 2 * BUILD_SHARE - 1
    spread = 1 - edge * edge
    for build in state.builds:
        sign = edge if build.owner is player else -edge
        for card in build.cards:
            index = card.index
            value += sign * _POINTS[index]
            for item, (_, _, counts) in enumerate(_MAJORITIES):
                if counts[index]:
                    means[item] += sign
                    variances[item] += spread
                    open_counts[item] -= 1
    for item, (worth, total, _) in enumerate(_MAJORITIES):
        # Cards with even chances: no margin, a variance of 1 each.
        variance = (variances[item] + open_counts[item]) * CLUMPING
        value += worth * _majority_edge(means[item], variance, total % 2 == 0)
    return value


def _majority_edge(mean: float, variance: float, even: bool) -> float:
    """The chance of winning a majority less that of losing it, when the final count
    margin has ``mean`` and ``variance`` (a normal law, corrected for the margin's
    parity: with an even number of cards it moves by 2, and 0 is a tie)."""
    if variance <= 0.0:
        return 1.0 if mean > 0 else -1.0 if mean < 0 else 0.0
    gap = 1.0 if even else 0.0  # halfway from a tie (0) to the nearest win (2), or 0
    scale = _SQRT2 * math.sqrt(variance)
    win = 0.5 * (1 + math.erf((mean - gap) / scale))
    loss = 0.5 * (1 + math.erf((-gap - mean) / scale))
    return win - loss


# --- the search ------------------------------------------------------------------------------


class OutOfTimeError(Exception):
    """The search ran out of time or of positions."""


def _shape(move: Move) -> tuple[object, ...]:
    """What a move is up to swapping cards alike (see :data:`_LIKE`)."""
    like = _LIKE
    return (
        move.action,
        like[move.card.index],
        tuple(sorted((like[card.index] for card in move.loose), key=repr)),
        move.builds,
    )


def distinct_shapes(moves: list[Move]) -> list[Move]:
    """The first move of each shape (moves of one shape are worth the same).

    >>> [str(m) for m in distinct_shapes([Move.parse("trail H5"), Move.parse("trail C5")])]
    ['trail H5']
    """
    seen: dict[tuple[object, ...], Move] = {}
    for move in moves:
        seen.setdefault(_shape(move), move)
    return list(seen.values())


def _first(move: Move) -> tuple[int, int]:
    """How early to search a move (lower first): captures, the most points and cards
    first; then builds and increases; trails last, the card worth least first."""
    if move.action is Action.CAPTURE:
        taken = move.taken
        points = _POINTS[move.card.index] + sum(_POINTS[card.index] for card in taken)
        return (0, -(16 * points + len(taken)))
    if move.action is Action.TRAIL:
        return (2, _POINTS[move.card.index])
    return (1, -len(move.loose))


def _mask(cards: tuple[Card, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def _position(state: State) -> tuple[object, ...]:
    """What decides the rest of a deal: hands, table, who moves and captured last, and
    of the piles what scores."""
    return (
        _mask(state.hands[0]),
        _mask(state.hands[1]),
        _mask(state.loose),
        tuple(sorted((b.value, b.owner, len(b.parts), _mask(b.cards)) for b in state.builds)),
        state.next_player,
        state.last_capturer,
        tuple(_tally(state.piles[0])),
        tuple(_tally(state.piles[1])),
    )


class YardstickSearch:
    """Alpha-beta over one deal whose every card is known, for ``player`` (who
    maximizes), to a number of plies or the end of the deal (after which the cards are
    chance), with a table of the positions valued for each deal searched (see
    :meth:`use`). ``stop`` says when the time is up; ``limit`` caps the positions
    visited: either stops :meth:`moves` with :class:`OutOfTimeError`.

    >>> from croupier.casino import new_tournament
    >>> state = new_tournament(Player.HUMAN, rng=3)
    >>> search = YardstickSearch(Player.HUMAN)
    >>> moves = distinct_shapes(state.legal_moves())
    >>> values = search.moves(state, moves, 2)
    >>> len(values) == len(moves), search.nodes > 0
    (True, True)
    """

    def __init__(
        self, player: Player, stop: Callable[[], bool] | None = None, limit: int | None = None
    ) -> None:
        self.player = player
        self.stop = stop
        self.limit = limit
        #: Positions searched so far.
        self.nodes = 0
        self._tables: dict[int, tuple[_Bounds, _Best]] = {}
        self._bounds: _Bounds = {}
        self._best: _Best = {}

    def use(self, deal: int) -> None:
        """Search deal number ``deal`` next, with the tables of its earlier searches."""
        self._bounds, self._best = self._tables.setdefault(deal, ({}, {}))

    def moves(self, state: State, moves: list[Move], depth: int) -> list[float]:
        """The value of each of ``moves`` in ``state`` searched ``depth`` plies ahead
        (the move itself the first), each with a full window: exact for that depth."""
        return [self._after(state, move, depth, -math.inf, math.inf) for move in moves]

    def _after(self, state: State, move: Move, depth: int, alpha: float, beta: float) -> float:
        child = state.apply(move, check=False)
        if child.is_round_over:
            return final_margin(child, self.player)
        if depth <= 1 or len(child.deck) != len(state.deck):  # deep enough, or a new deal
            return judge(child, self.player)
        return self._value(child, depth - 1, alpha, beta)

    def _value(self, state: State, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if (self.limit is not None and self.nodes > self.limit) or (
            self.stop is not None and self.stop()
        ):
            raise OutOfTimeError
        position = _position(state)
        # Searching past the end of the deal changes nothing: one entry for all such depths.
        key = (position, min(depth, len(state.hands[0]) + len(state.hands[1])))
        low, high = self._bounds.get(key, _OPEN)
        if low >= beta:
            return low
        if high <= alpha:
            return high
        if low == high:
            return low
        alpha, beta = max(alpha, low), min(beta, high)
        start_alpha, start_beta = alpha, beta
        player = state.next_player
        listed = moves_until(
            state.hands[player], state.loose, state.builds, player, self.stop or _never
        )
        if listed is None:
            raise OutOfTimeError
        moves = distinct_shapes(listed)
        moves.sort(key=_first)
        order = list(range(len(moves)))
        first = self._best.get(position, 0)
        if 0 < first < len(moves):  # the best move of an earlier search comes first
            order.insert(0, order.pop(first))
        maximizing = player is self.player
        best, best_at = (-math.inf if maximizing else math.inf), 0
        for at in order:
            value = self._after(state, moves[at], depth, alpha, beta)
            if maximizing:
                if value > best:
                    best, best_at = value, at
                    alpha = max(alpha, value)
            elif value < best:
                best, best_at = value, at
                beta = min(beta, value)
            if alpha >= beta:
                break
        self._best[position] = best_at
        if best <= start_alpha:  # failed low: an upper bound
            self._bounds[key] = (low, best)
        elif best >= start_beta:  # failed high: a lower bound
            self._bounds[key] = (best, high)
        else:
            self._bounds[key] = (best, best)
        return best


_Bounds = dict[tuple[object, ...], tuple[float, float]]
_Best = dict[tuple[object, ...], int]
_OPEN: Final = (-math.inf, math.inf)


def _never() -> bool:
    return False


class YardstickStrategy(SearchStrategy):
    """Perfect Information Monte Carlo: alpha-beta in random deals of the hidden cards,
    deepening while its time lasts, exact once every card is known (see the module's
    documentation)."""

    name = "yardstick"
    summary = "Perfect Information Monte Carlo: alpha-beta in random deals, exact in the last deal"

    @checked
    def choose_by(
        self,
        observation: Observation,
        moves: list[Move],
        rng: np.random.Generator,
        deadline: Deadline,
        *,
        complete: bool = True,
    ) -> Decision:
        if len(check_moves(moves)) == 1:
            return Decision(moves[0], explain(observation, moves[0], moves), not complete)
        stop = deadline.part(SEARCH_SHARE)
        shapes = [_shape(move) for move in moves]
        searched = distinct_shapes(moves)
        found = _Passes(observation, searched, rng, stop).run()
        value = dict(zip((_shape(move) for move in searched), found.values, strict=True))
        best = max(range(len(moves)), key=lambda i: value[shapes[i]])  # the first of the best
        move = moves[best]
        note = found.note()
        return Decision(move, explain(observation, move, moves, note), found.cut or not complete)


class _Passes:
    """The deepening passes of one decision over the deals of the hidden cards."""

    def __init__(
        self, observation: Observation, moves: list[Move], rng: np.random.Generator, stop: Deadline
    ) -> None:
        self.observation = observation
        self.moves = moves
        self.rng = rng
        self.stop = stop
        self.known = observation.deck_size == 0
        #: Plies to the end of the deal (of the round, in the last deal).
        self.full = len(observation.hand) + observation.opponent_hand_size
        self.deals: list[State] = []
        self.search = YardstickSearch(observation.player, stop.expired, NODE_LIMIT)
        # The answer so far: values, deals searched, plies, and whether it fell short.
        self.values = [0.0] * len(moves)
        self.samples = 0
        self.depth = 0
        self.cut = False

    def run(self) -> _Passes:
        stop = self.stop
        started = stop.clock()
        wanted = 1 if self.known else SAMPLES
        depth = min(BASE_DEPTH, self.full)
        while True:
            extend = depth >= self.full and not self.known
            totals, done = self._pass(depth, wanted, extend)
            if not self.samples:  # the first pass
                if done < wanted:
                    self.cut = True
                if not done:  # not even one deal: one deal, one ply, whatever the clock
                    self.search.stop = self.search.limit = None
                    totals, done = self._pass(1, 1, False)
                    self.values, self.samples, self.depth = totals, 1, 1
                    return self
            if done * 2 >= wanted or not self.samples:
                self.values = [total / done for total in totals]
                self.samples, self.depth = done, depth
            if done < wanted or depth >= self.full:
                return self
            # Deeper while the clock allows: a clock that stands still gives the fixed
            # work (the first pass; all of the exact search in the last deal).
            if not self.known and (stop.clock() <= started or stop.expired()):
                return self
            depth += 1

    def _pass(self, depth: int, wanted: int, extend: bool) -> tuple[list[float], int]:
        """Every move searched ``depth`` plies ahead in ``wanted`` deals (more while
        another fits, if ``extend``); the totals and the deals searched in full."""
        totals = [0.0] * len(self.moves)
        done = 0
        search = self.search
        since = self.stop.clock()
        while done < MAX_SAMPLES:
            if done >= wanted and not (extend and self.stop.room_for(since, done)):
                break
            state = self._deal(done)
            search.use(done)
            try:
                values = search.moves(state, self.moves, depth)
            except OutOfTimeError:
                break
            totals = [total + value for total, value in zip(totals, values, strict=True)]
            done += 1
        return totals, done

    def _deal(self, index: int) -> State:
        while len(self.deals) <= index:
            self.deals.append(State.sample(self.observation, self.rng, stop=self.stop.expired))
        return self.deals[index]

    def note(self) -> str:
        """What the search did, for the reason."""
        if self.depth >= self.full:
            if self.known:
                return "searching the rest of the round exactly"
            deals = plural(self.samples, "random deal")
            return f"searching {deals} of the hidden cards to the end of the deal"
        deals = "the known deal" if self.known else plural(self.samples, "random deal")
        hidden = "" if self.known else " of the hidden cards"
        return f"searching {deals}{hidden} {plural(self.depth, 'move')} ahead"
