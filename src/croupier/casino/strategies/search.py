"""The expert's search, the hot loop of the computer player, on its own.

Two searches over a position whose every card is given (a sampled deal of the hidden
cards, or the last deal, where the unseen cards are exactly the opponent's hand):

- :class:`DepthSearch`: alpha-beta to a depth, or to the end of the current deal of
  4 + 4 cards (after it the next cards are chance), judging the positions it reaches
  with :func:`~.evaluation.evaluate`. It counts the positions it visits, and stops at a
  :class:`~.base.Deadline` or a budget of positions by raising :class:`DeadlineError` or
  :class:`OutOfBudgetError`.
- :class:`ExactSearch`: alpha-beta to the end of the round with a transposition table,
  so that positions reached by moves in another order are searched once. Its values are
  exact: the round points the player finishes ahead by, and :data:`TOURNAMENT_BONUS`
  more (or less) when the round decides the tournament. The table is kept between
  searches (a strategy keeps one for the moves of a last deal, whose positions recur).

Both value a move for ``player`` (who maximizes, the opponent minimizes), search one
move of each *kind* (moves that differ only by cards of the same sort, see
:func:`~.values.move_kind`, are worth the same), and try the likely best moves first
(:func:`search_order`: captures, the biggest first). Nothing here reads the clock but
through the deadline given, so the same search on the same position visits the same
positions and gives the same values on any machine. This module is kept apart so that
it can be compiled.

>>> from croupier.casino import Player, new_tournament
>>> state = new_tournament(Player.HUMAN, rng=3)
>>> while state.deck or len(state.hand(Player.COMPUTER)) < 4:  # to the last deal
...     state = state.apply(state.legal_moves()[0])
>>> moves = distinct_kinds(state.legal_moves())
>>> exact = ExactSearch(Player.HUMAN).values(state, moves)
>>> plain = DepthSearch(Player.HUMAN).roots(state, moves, TO_THE_END)
>>> exact == plain, max(exact)
(True, 9.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from types import ModuleType
from typing import Any, Final

from croupier import engine
from croupier.cards import Card
from croupier.casino.moves import Action, Move
from croupier.casino.pieces import Player
from croupier.casino.rules import moves_until
from croupier.casino.state import State
from croupier.casino.strategies.base import Deadline
from croupier.casino.strategies.compiled import kernel_exact, kernel_replies, kernel_roots
from croupier.casino.strategies.evaluation import WEIGHTS, Weights, evaluate
from croupier.casino.strategies.values import CARD_POINTS, CARD_SORT, IS_SPADE, move_kind
from croupier.casino.tournament import WINNING_SCORE

__all__ = [
    "TOURNAMENT_BONUS",
    "TO_THE_END",
    "DeadlineError",
    "DepthSearch",
    "ExactSearch",
    "MoveKey",
    "OutOfBudgetError",
    "Replies",
    "distinct_kinds",
    "final_value",
    "move_key",
    "search_order",
]

#: What deciding the tournament is worth in a search to the end of the round, beyond
#: any margin of round points.
TOURNAMENT_BONUS: Final = 100.0
#: A depth beyond any round's end.
TO_THE_END: Final = 10**6
#: Positions an :class:`ExactSearch` keeps in its table before it starts a new one.
TABLE_SIZE: Final = 100_000
#: Places in the kernel's table at first (it doubles whenever three quarters full).
_KERNEL_TABLE: Final = 1 << 12


class OutOfBudgetError(Exception):
    """The search visited more positions than its budget."""


class DeadlineError(Exception):
    """The time for the decision is up."""


_ACTION_ORDER = {Action.CAPTURE: 100, Action.INCREASE: 2, Action.BUILD: 1, Action.TRAIL: 0}


def search_order(move: Move) -> int:
    """How early to search ``move`` (higher first): captures, the biggest first.

    >>> search_order(Move.parse("capture S5 H5 C2 D3")) > search_order(Move.parse("trail H5"))
    True
    """
    return _ACTION_ORDER[move.action] + len(move.loose) + 4 * len(move.builds)


#: A move as a search over several deals of the hidden cards names it, the same in every
#: deal where it (or a move that differs only by cards of the same sort, see
#: :data:`~.values.CARD_SORT`) is legal: its action (the kernel's number), and the card
#: played, the loose cards and the build's cards it takes or uses, each as the first
#: cards of their sorts (a card number, then two masks of card numbers).
MoveKey = tuple[int, int, int, int]

_ACTION_NUMBER: Final = {Action.TRAIL: 0, Action.CAPTURE: 1, Action.BUILD: 2, Action.INCREASE: 3}
#: For each card number, the card numbers of its sort, in order.
_SAME_SORT: Final = tuple(
    tuple(other for other in range(52) if CARD_SORT[other] == CARD_SORT[card]) for card in range(52)
)


def _first_of_sorts(cards: Iterable[Card]) -> int:
    """``cards`` as the first cards of their sorts: for each sort, as many of its first
    cards as ``cards`` holds of it (a mask of card numbers)."""
    mask = 0
    for card in cards:
        for other in _SAME_SORT[card.index]:
            if not mask >> other & 1:
                mask |= 1 << other
                break
    return mask


def move_key(move: Move) -> MoveKey:
    """``move`` as a :data:`MoveKey`: moves that differ only by cards of the same sort
    have the same key.

    >>> move_key(Move.parse("capture S5 H5 C2 D3")) == move_key(Move.parse("capture S5 D5 H2 C3"))
    True
    >>> move_key(Move.parse("trail S5")) == move_key(Move.parse("trail H5"))
    False
    """
    builds = (card for cards in move.builds for card in cards)
    return (
        _ACTION_NUMBER[move.action],
        _SAME_SORT[move.card.index][0],
        _first_of_sorts(move.loose),
        _first_of_sorts(builds),
    )


#: What :meth:`DepthSearch.replies` finds for one move of the player: its value, if the
#: opponent does not reply in the deal (the round or the deal ends, or the player moves
#: again); else the opponent's replies (every legal one, with the place of its kind) and,
#: for each kind of reply, its value if the player does not move next in the deal, else
#: the value of each of the player's kinds of answer.
Replies = (
    float
    | tuple[
        tuple[tuple[MoveKey, int], ...],
        tuple[float | tuple[tuple[MoveKey, float], ...], ...],
    ]
)


def distinct_kinds(moves: list[Move]) -> list[Move]:
    """One move of each kind (see :func:`~.values.move_kind`): the first of each.

    >>> [str(m) for m in distinct_kinds([Move.parse("trail H5"), Move.parse("trail C5")])]
    ['trail H5']
    """
    return list({move_kind(move): move for move in reversed(moves)}.values())


def final_value(state: State, player: Player) -> float:
    """A finished round for ``player``: the exact point margin, and
    :data:`TOURNAMENT_BONUS` more (or less) if it ends the tournament with a winner."""
    points = state.score().points
    value = float(points[player] - points[player.other])
    totals = state.totals()
    if max(totals) >= WINNING_SCORE:
        ahead = totals[player] - totals[player.other]
        value += TOURNAMENT_BONUS if ahead > 0 else -TOURNAMENT_BONUS if ahead < 0 else 0.0
    return value


def _compiled() -> bool:
    return engine.compiled("casino")


class _KernelCaller:
    """What the compiled kernel's caller reads of a search: the worth of deciding the
    tournament, and the errors a stop raises."""

    #: What deciding the tournament is worth (the kernel is told).
    bonus: Final = TOURNAMENT_BONUS

    @staticmethod
    def deadline_error() -> DeadlineError:
        """The error the deadline raises (the kernel's caller raises it)."""
        return DeadlineError()

    @staticmethod
    def budget_error() -> OutOfBudgetError:
        """The error the budget of positions raises."""
        return OutOfBudgetError()


class DepthSearch(_KernelCaller):
    """Alpha-beta over one full deal, to ``depth`` plies or the end of the current deal,
    valued for ``player`` (who maximizes)."""

    def __init__(self, player: Player, weights: Weights = WEIGHTS) -> None:
        self.player = player
        self.weights = weights
        #: Positions searched so far.
        self.nodes = 0
        #: Positions allowed before the search gives up (``None``: no limit).
        self.limit: int | None = None
        #: When the search must stop (``None``: never).
        self.deadline: Deadline | None = None
        #: The compiled kernel that searches (:mod:`.compiled`), if compiled: ``None``,
        #: this module's Python, the reference.
        self.kernels: ModuleType | None = engine.kernels("casino") if _compiled() else None

    def root(self, state: State, move: Move, depth: int) -> float:
        """The value of playing ``move`` in ``state``, looking ``depth`` plies ahead."""
        if self.kernels is not None:
            values = kernel_roots(self.kernels, self, state, [move], depth, looks=False)
            if values is not None:
                return values[0]
        return self._after(state, move, depth, -math.inf, math.inf)

    def roots(
        self, state: State, moves: list[Move], depth: int, looked: list[float] | None = None
    ) -> list[float]:
        """The values of ``moves`` in ``state`` (:meth:`root`), stopping at the deadline;
        ``looked``: their values one ply ahead in this state, which a search of depth 1
        takes as they are."""
        if depth == 1 and looked is not None:
            return looked
        if self.kernels is not None:
            found = kernel_roots(self.kernels, self, state, moves, depth, looks=True)
            if found is not None:
                return found
        values = []
        deadline = self.deadline
        for move in moves:
            if deadline is not None and deadline.expired():  # a deal may have 1,000s of moves
                raise DeadlineError
            values.append(self._after(state, move, depth, -math.inf, math.inf))
        return values

    def replies(self, state: State, moves: list[Move], depth: int) -> list[Replies]:
        """For each of ``moves`` (the player's, in ``state``), what a search over several
        deals of the hidden cards needs to choose the player's answers alike in every deal
        where the opponent's reply was possible (see :data:`Replies`): the opponent's
        replies and, for each kind, the value of each of the player's answers searched
        ``depth`` plies ahead in all (the move, the reply and the answer included), each
        with a full window. With ``depth`` below 3 each move's value, as :meth:`roots`.
        Stops at the deadline (a look before each move, and as :meth:`roots` inside)."""
        if self.kernels is not None:
            found = kernel_replies(self.kernels, self, state, moves, depth)
            if found is not None:
                return found
        out: list[Replies] = []
        deadline = self.deadline
        for move in moves:
            if deadline is not None and deadline.expired():
                raise DeadlineError
            out.append(self._replies(state, move, depth))
        return out

    def _replies(self, state: State, move: Move, depth: int) -> Replies:
        if depth < 3:
            return self._after(state, move, depth, -math.inf, math.inf)
        child = state.apply(move, check=False)
        leaf = self._leaf(state, child)
        if leaf is not None:
            return leaf
        if child.next_player is self.player:
            return self._search(child, depth - 1, -math.inf, math.inf)
        listed = self._node(child)
        if not listed:
            return evaluate(child, self.player, weights=self.weights)
        kinds = distinct_kinds(listed)
        kinds.sort(key=search_order, reverse=True)
        place = {move_kind(kind): i for i, kind in enumerate(kinds)}
        exact = tuple((move_key(reply), place[move_kind(reply)]) for reply in listed)
        answers: list[float | tuple[tuple[MoveKey, float], ...]] = []
        deadline = self.deadline
        for reply in kinds:
            if deadline is not None and deadline.expired():
                raise DeadlineError
            answers.append(self._answers(child, reply, depth - 1))
        return exact, tuple(answers)

    def _answers(
        self, state: State, reply: Move, depth: int
    ) -> float | tuple[tuple[MoveKey, float], ...]:
        """After the opponent's ``reply`` (``depth`` plies ahead, the reply included): its
        value, or the value of each kind of the player's answer."""
        child = state.apply(reply, check=False)
        leaf = self._leaf(state, child)
        if leaf is not None:
            return leaf
        if child.next_player is not self.player:
            return self._search(child, depth - 1, -math.inf, math.inf)
        listed = self._node(child)
        if not listed:
            return evaluate(child, self.player, weights=self.weights)
        kinds = distinct_kinds(listed)
        kinds.sort(key=search_order, reverse=True)
        values = []
        deadline = self.deadline
        for answer in kinds:
            if deadline is not None and deadline.expired():
                raise DeadlineError
            value = self._after(child, answer, depth - 1, -math.inf, math.inf)
            values.append((move_key(answer), value))
        return tuple(values)

    def _node(self, state: State) -> list[Move]:
        """A position searched in full (counted, and stopped by the budget of positions
        and the deadline, as :meth:`_search` is): its legal moves."""
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise OutOfBudgetError
        deadline = self.deadline
        if deadline is not None and deadline.expired():
            raise DeadlineError
        return self._moves(state)

    def _leaf(self, state: State, child: State) -> float | None:
        """The value of ``child``, just played from ``state``, if the search ends there
        (the round is over, or a new deal was dealt, whose sampled cards are invented: it
        is judged with the hands unknown); else ``None``."""
        if child.is_round_over:
            return final_value(child, self.player)
        if len(child.deck) != len(state.deck):
            return evaluate(child, self.player, hands_known=False, weights=self.weights)
        return None

    def _after(self, state: State, move: Move, depth: int, alpha: float, beta: float) -> float:
        child = state.apply(move, check=False)
        leaf = self._leaf(state, child)
        if leaf is not None:
            return leaf
        if depth <= 1:
            return evaluate(child, self.player, weights=self.weights)
        return self._search(child, depth - 1, alpha, beta)

    def _moves(self, state: State) -> list[Move]:
        """The moves of the player to move, listed against the deadline (a node of an
        extreme table may have 100,000s of moves)."""
        deadline = self.deadline
        if deadline is None:
            return state.legal_moves()
        player = state.next_player
        listed = moves_until(
            state.hands[player], state.loose, state.builds, player, deadline.listing_stop()
        )
        if listed is None:
            raise DeadlineError
        return listed

    def _search(self, state: State, depth: int, alpha: float, beta: float) -> float:
        moves = self._node(state)
        deadline = self.deadline
        if depth > 1:
            moves = distinct_kinds(moves)
        if not moves:  # no sound position gets here: judge it rather than fail
            return evaluate(state, self.player, weights=self.weights)
        moves.sort(key=search_order, reverse=True)
        maximizing = state.next_player is self.player
        best = -math.inf if maximizing else math.inf
        for move in moves:
            if deadline is not None and deadline.expired():  # a node may have 1,000s
                raise DeadlineError
            value = self._after(state, move, depth, alpha, beta)
            if maximizing:
                if value > best:
                    best = value
                    alpha = max(alpha, value)
            elif value < best:
                best = value
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best


#: A position as the exact search's table knows it (see :func:`_key`).
_Key = tuple[object, ...]


class ExactSearch(_KernelCaller):
    """Alpha-beta to the end of the round with a transposition table, for ``player``
    (see the module's documentation). The table holds, for each position searched, the
    bounds its value is known to lie within; it is kept from one search to the next, up to
    :data:`TABLE_SIZE` positions."""

    def __init__(self, player: Player) -> None:
        self.player = player
        #: Positions searched so far (those answered by the table included).
        self.nodes = 0
        #: Positions allowed before the search gives up (``None``: no limit).
        self.limit: int | None = None
        #: When the search must stop (``None``: never).
        self.deadline: Deadline | None = None
        self.table: dict[_Key, tuple[float, float, int]] = {}
        #: The compiled kernel that searches, if compiled (see :class:`DepthSearch`); it
        #: keeps its table of positions in :attr:`kernel_table`.
        self.kernels: ModuleType | None = engine.kernels("casino") if _compiled() else None
        self._kernel_table: Any = None

    @property
    def kernel_table(self) -> Any:
        """The kernel's table of positions (:class:`croupier.casino._kernels.Table`)."""
        if self._kernel_table is None:
            assert self.kernels is not None
            self._kernel_table = self.kernels.Table(_KERNEL_TABLE)
        return self._kernel_table

    @kernel_table.setter
    def kernel_table(self, table: Any) -> None:
        self._kernel_table = table

    def _kernel(
        self, state: State, moves: list[Move] | None, all_exact: bool = True
    ) -> list[float] | None:
        """The search in the kernel, or ``None`` if it cannot (the reference then
        searches, with its own table: a full kernel table is left behind)."""
        if self.kernels is None:
            return None
        table = self.kernel_table
        if len(table) > TABLE_SIZE:
            table.clear()
        found = kernel_exact(self.kernels, self, state, moves, all_exact=all_exact)
        if found is None:
            self.kernels = None
        return found

    def values(self, state: State, moves: list[Move], *, all_exact: bool = True) -> list[float]:
        """The exact value of each of ``moves`` in ``state`` (all legal there).

        With ``all_exact`` every move is searched with a full window, so every value is
        exact; without, only the best moves' values are (and any within half a point of
        the best: values are whole points, so ties stay ties), and a worse move's value
        is only a bound above it (the true value is no higher): much faster, enough to
        choose a move. Search ``moves`` the likely best first.
        """
        found = self._kernel(state, moves, all_exact)
        if found is not None:
            return found
        if len(self.table) > TABLE_SIZE:
            self.table = {}
        values = []
        floor = -math.inf
        for move in moves:
            value = self._value(state.apply(move, check=False), floor, math.inf)
            values.append(value)
            if not all_exact:
                floor = max(floor, value - _TIE)
        return values

    def value(self, state: State) -> float:
        """The exact value of ``state`` for the player."""
        found = self._kernel(state, None)
        if found is not None:
            return found[0]
        if len(self.table) > TABLE_SIZE:
            self.table = {}
        return self._value(state, -math.inf, math.inf)

    def _value(self, state: State, alpha: float, beta: float) -> float:
        if state.is_round_over:
            return final_value(state, self.player)
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise OutOfBudgetError
        deadline = self.deadline
        if deadline is not None and deadline.expired():
            raise DeadlineError
        key = _key(state)
        low, high, first = self.table.get(key, _UNKNOWN)
        if low >= beta:
            return low
        if high <= alpha:
            return high
        if low == high:
            return low
        start_alpha, start_beta = max(alpha, low), min(beta, high)
        alpha, beta = start_alpha, start_beta
        moves = distinct_kinds(state.legal_moves())
        moves.sort(key=search_order, reverse=True)
        if first:  # the best move found last time this position was searched comes first
            moves.insert(0, moves.pop(first))
        maximizing = state.next_player is self.player
        best = -math.inf if maximizing else math.inf
        best_at = 0
        for index, move in enumerate(moves):
            value = self._value(state.apply(move, check=False), alpha, beta)
            if maximizing:
                if value > best:
                    best, best_at = value, index
                    alpha = max(alpha, value)
            elif value < best:
                best, best_at = value, index
                beta = min(beta, value)
            if alpha >= beta:
                break
        if first and best_at:  # the index in the list as sorted, before the move first
            best_at = best_at if best_at > first else best_at - 1
        elif first:
            best_at = first
        if best <= start_alpha:  # failed low: an upper bound
            self.table[key] = (low, best, best_at)
        elif best >= start_beta:  # failed high: a lower bound
            self.table[key] = (best, high, best_at)
        else:
            self.table[key] = (best, best, best_at)
        return best


#: Values differ by whole points (or :data:`TOURNAMENT_BONUS`): a window this far below
#: the best keeps the moves tied with it exact.
_TIE: Final = 0.5
#: A position the table does not hold: no bound, and no best move known.
_UNKNOWN: Final = (-math.inf, math.inf, 0)


def _key(state: State) -> _Key:
    """What decides the rest of the round from ``state``: the cards in each hand, on the
    table (the builds with their value, owner and whether they are multiple), the deck,
    who moves and who captured last, and of the piles only what scores (cards, spades,
    card points); with the tournament scores."""
    piles = []
    for pile in state.piles:
        spades = points = 0
        for card in pile:
            spades += IS_SPADE[card.index]
            points += CARD_POINTS[card.index]
        piles.append((len(pile), spades, points))
    return (
        _mask(state.hands[0]),
        _mask(state.hands[1]),
        _mask(state.loose),
        tuple(sorted((b.value, b.owner, len(b.parts) > 1, _mask(b.cards)) for b in state.builds)),
        tuple(card.index for card in state.deck),
        state.next_player,
        state.last_capturer,
        piles[0],
        piles[1],
        state.scores,
    )


def _mask(cards: tuple[Card, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask
