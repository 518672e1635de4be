# cython: annotation_typing=False, boundscheck=False, wraparound=False
# cython: cdivision=True, initializedcheck=False
"""Casino's compiled kernel: the legal moves and the expert's depth search on positions
held as small integers.

Cython's pure-Python mode (see :mod:`croupier.engine`): this file runs as Python, and
compiles to C when croupier is installed. A position is a row of ints (:data:`WIDTH` of
them: the player to move, the last capturer, how far the deck is dealt, the hands, the
piles as card, spade and point counts, the loose cards and the builds, each card by its
number, in the order the :class:`~croupier.casino.state.State` holds them); the deck of
the deal searched is an array beside it. :mod:`croupier.casino.strategies.compiled`
turns states and moves into these rows and back.

The kernel does what :mod:`croupier.casino.rules` (:func:`~croupier.casino.rules.
moves_for`), :meth:`State.apply <croupier.casino.state.State.apply>`,
:func:`~croupier.casino.strategies.evaluation.evaluate` and
:class:`~croupier.casino.strategies.search.DepthSearch` do, step for step: the moves
listed in the same order, the same kinds searched in the same order, the same positions
counted, the same deadline looks, and the floating-point sums of the evaluation made in
the same order, so that its values are the reference's to the last bit (differential
tests check it, compiled and not). The search itself runs without the GIL; it takes the
GIL only to look at a clock every :data:`CLOCK_EVERY` steps.

Where the kernel's fixed sizes would overflow (a table of more than :data:`MAX_LOOSE`
loose cards, tens of thousands of moves) or a listing would be long enough to look at
the deadline, it gives up (:data:`FALLBACK`) before changing anything, and the caller
runs the reference instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import cython
import numpy as np
from cython.cimports.libc.math import erf as _erf
from cython.cimports.libc.math import sqrt as _sqrt
from numpy.typing import NDArray

if not cython.compiled:  # run as Python: the cimport below finds the helpers' source
    from croupier import _kernel_helpers  # noqa: F401
from cython.cimports.croupier._kernel_helpers import cells, mix64, popcount64

__all__ = [
    "BUDGET",
    "CLOCK_EVERY",
    "DEADLINE",
    "FALLBACK",
    "MAX_LOOSE",
    "MOVE_FIELDS",
    "OK",
    "WIDTH",
    "Engine",
    "Table",
    "configure",
]

# --- the layout of a position ----------------------------------------------------------
_NEXT: int = cython.declare(cython.int, 0)
_LAST: int = cython.declare(cython.int, 1)  # -1: nobody has captured yet
_DEAL: int = cython.declare(cython.int, 2)  # cards of the deck dealt so far
_MAXH: int = cython.declare(cython.int, 8)
_HN0: int = cython.declare(cython.int, 3)  # hand size; player p's at 3 + 9p, cards after
_PILE0: int = cython.declare(cython.int, 21)  # cards, spades, points; player p's at 21 + 3p
_LN: int = cython.declare(cython.int, 27)
_L0: int = cython.declare(cython.int, 28)
_MAXL: int = cython.declare(cython.int, 24)
_BN: int = cython.declare(cython.int, 52)
_B0: int = cython.declare(cython.int, 53)  # value, owner, parts, cards, then the cards
_BW: int = cython.declare(cython.int, 28)
_MAXBC: int = cython.declare(cython.int, 24)
_MAXB: int = cython.declare(cython.int, 13)
_W: int = cython.declare(cython.int, 53 + 13 * 28)

#: Ints in a position's row.
WIDTH = 53 + 13 * 28
#: The most loose cards a position of the kernel holds.
MAX_LOOSE = 24
#: Ints per move: action, card, loose cards (a mask over the position's loose cards),
#: build (its place, -1 for none), kind, search order.
MOVE_FIELDS = 6

_TRAIL: int = cython.declare(cython.int, 0)
_CAPTURE: int = cython.declare(cython.int, 1)
_BUILD: int = cython.declare(cython.int, 2)
_INCREASE: int = cython.declare(cython.int, 3)

#: What a search ends with: done, the deadline, the budget of positions, or given up
#: (the caller runs the reference).
OK = 0
DEADLINE = 1
BUDGET = 2
FALLBACK = 3
_OK: int = cython.declare(cython.int, 0)
_DEADLINE: int = cython.declare(cython.int, 1)
_BUDGET: int = cython.declare(cython.int, 2)
_FALLBACK: int = cython.declare(cython.int, 3)

#: Steps between two looks at a clock (a work budget counts every step itself).
CLOCK_EVERY = 16
_CLOCK_EVERY: int = cython.declare(cython.int, 16)

_MAX_VALUE: int = cython.declare(cython.int, 14)
_CHECK_EVERY: int = cython.declare(cython.int, 2048)  # rules.CHECK_EVERY
_SUBSETS: int = cython.declare(cython.int, 1 << 15)  # scratch room for the listing
_UNIONS: int = cython.declare(cython.int, 1 << 12)
_ARENA: int = cython.declare(cython.int, 1 << 16)  # moves of every node on the path
_PLIES: int = cython.declare(cython.int, 64)
_OUT: int = cython.declare(cython.int, 1 << 18)  # what replies writes

_INF: float = cython.declare(cython.double, float("inf"))

# Per card number (set by configure): value (ace 14), low value (ace 1), points, spade,
# sort (rules.values.CARD_SORT).
_value: Any = cython.declare(cython.int[::1])
_low: Any = cython.declare(cython.int[::1])
_points: Any = cython.declare(cython.int[::1])
_spade: Any = cython.declare(cython.int[::1])
_sort: Any = cython.declare(cython.int[::1])
_configured: bool = cython.declare(cython.bint, False)


def configure(
    value: NDArray[np.int32],
    low: NDArray[np.int32],
    points: NDArray[np.int32],
    spade: NDArray[np.int32],
    sort: NDArray[np.int32],
) -> None:
    """Give the kernel the cards' values, low values, points, spades and sorts, by card
    number (:mod:`croupier.casino.strategies.compiled` does, from the rules' tables)."""
    global _value, _low, _points, _spade, _sort, _configured
    if cython.compiled:
        _value, _low, _points, _spade, _sort = value, low, points, spade, sort
    else:
        _value, _low, _points = value.tolist(), low.tolist(), points.tolist()
        _spade, _sort = spade.tolist(), sort.tolist()
    _configured = True


def _ints(size: int) -> Any:
    array = np.zeros(size, dtype=np.int32)
    return array if cython.compiled else array.tolist()


def _longs(size: int) -> Any:
    array = np.zeros(size, dtype=np.int64)
    return array if cython.compiled else array.tolist()


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(mean=cython.double, variance=cython.double, points=cython.int)
@cython.returns(cython.double)
def _majority(mean: float, variance: float, points: int) -> float:
    """evaluation._majority."""
    if variance <= 0.0:
        if mean > 0:
            return points
        if mean < 0:
            return -points
        return 0.0
    return points * _erf(mean / (_SQRT2 * _sqrt(variance)))


_SQRT2: float = cython.declare(cython.double, 1.4142135623730951)


_MASK64: int = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)
_EMPTY: int = cython.declare(cython.int, -1)
# the fingerprint's seeds, and the multipliers of MurmurHash3's finalizer (splitmix64's is
# the helpers' mix64)
_SEED1: int = cython.declare(cython.ulonglong, 0x9E3779B97F4A7C15)
_SEED2: int = cython.declare(cython.ulonglong, 0xC2B2AE3D27D4EB4F)
_M3: int = cython.declare(cython.ulonglong, 0xFF51AFD7ED558CCD)
_M4: int = cython.declare(cython.ulonglong, 0xC4CEB9FE1A85EC53)


@cython.cclass
class Table:
    """The exact search's table of positions (``capacity`` places, a power of 2): for
    each position searched, the bounds of its value and the place of its best move, by
    a 128-bit fingerprint of what :func:`~croupier.casino.strategies.search._key` keys
    the reference's table with. Kept from one search to the next, as the reference's."""

    cython.declare(
        first=cython.int[::1],
        fingerprint=cython.ulonglong[::1],
        check=cython.ulonglong[::1],
        low=cython.double[::1],
        high=cython.double[::1],
        capacity=cython.longlong,
        count=cython.longlong,
    )

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.count = 0
        first = np.full(capacity, -1, dtype=np.int32)
        zeros = np.zeros(capacity, dtype=np.uint64)
        bounds = np.zeros(capacity, dtype=np.float64)
        self.first, self.low, self.high = cells(first), cells(bounds), cells(bounds.copy())
        self.fingerprint, self.check = cells(zeros), cells(zeros.copy())

    def __len__(self) -> int:
        return int(self.count)

    @property
    def places(self) -> int:
        """How many positions the table has room for (a power of 2)."""
        return int(self.capacity)

    def grown(self, capacity: int) -> Table:
        """A table of ``capacity`` places holding the same positions."""
        bigger = Table(capacity)
        i = cython.declare(cython.longlong)
        place = cython.declare(cython.longlong)
        mask = cython.declare(cython.longlong, capacity - 1)
        for i in range(self.capacity):
            if self.first[i] == _EMPTY:
                continue
            place = cython.cast(cython.longlong, self.fingerprint[i] & mask)
            while bigger.first[place] != _EMPTY:
                place = (place + 1) & mask
            bigger.first[place] = self.first[i]
            bigger.fingerprint[place] = self.fingerprint[i]
            bigger.check[place] = self.check[i]
            bigger.low[place] = self.low[i]
            bigger.high[place] = self.high[i]
        bigger.count = self.count
        return bigger

    def clear(self) -> None:
        """Forget every position."""
        i = cython.declare(cython.longlong)
        for i in range(self.capacity):
            self.first[i] = _EMPTY
        self.count = 0


@cython.cclass
class Engine:
    """The scratch of one search (positions along the path, the moves listed at each
    node, the listing's working space) and its settings: the player valued, the
    evaluation's weights, the deck of the deal, the tournament scores, the budget of
    positions and the deadline. Not shared between threads: each search makes its own.

    ``deadline``: 0 none, 1 a work budget (expired once ``taken`` plus the steps counted
    reach ``end``, as :class:`~croupier.casino.strategies.base.WorkBudget` is), 2 a
    clock; ``look``, if any, is asked every :data:`CLOCK_EVERY` steps whether the time
    is up.
    """

    cython.declare(
        states=cython.int[::1],
        arena=cython.longlong[::1],
        order=cython.longlong[::1],
        subsets=cython.longlong[::1],
        totals=cython.int[::1],
        unions=cython.longlong[::1],
        masks=cython.longlong[::1],
        deck=cython.int[::1],
        deck_size=cython.int,
        player=cython.int,
        own_build=cython.double,
        to_move=cython.double,
        in_hand=cython.double,
        spread=cython.double,
        spade_spread=cython.double,
        deal_start=cython.double[::1],
        by_value=cython.bint,
        most_cards=cython.int,
        most_spades=cython.int,
        all_spades=cython.int,
        score0=cython.int,
        score1=cython.int,
        winning=cython.int,
        bonus=cython.double,
        nodes=cython.longlong,
        limit=cython.longlong,
        steps=cython.longlong,
        taken=cython.double,
        end=cython.double,
        deadline=cython.int,
        looking=cython.bint,
        status=cython.int,
        watch=cython.bint,
        since_look=cython.int,
        look=object,
        table=Table,
        full=cython.longlong,
        h1=cython.ulonglong,
        h2=cython.ulonglong,
        out=cython.double[::1],
        written=cython.int,
        leaf=cython.double,
    )

    def __init__(self) -> None:
        self.states = _ints(_PLIES * _W)
        self.arena = _longs(_ARENA * 6)
        self.order = _longs(_ARENA)
        self.subsets = _longs(_SUBSETS)
        self.totals = _ints(_SUBSETS)
        self.unions = _longs(_UNIONS)
        self.masks = _longs(_UNIONS)
        self.deck = _ints(52)
        self.deck_size = 0
        self.player = 0
        self.own_build, self.to_move, self.in_hand = 0.85, 0.6, 0.6
        self.spread = self.spade_spread = 2.0
        self.deal_start = cells(np.full(15, 0.5))
        self.by_value = False
        self.most_cards, self.most_spades, self.all_spades = 3, 1, 13
        self.score0 = self.score1 = 0
        self.winning, self.bonus = 21, 100.0
        self.nodes = self.steps = 0
        self.limit = -1
        self.taken = self.end = 0.0
        self.deadline = 0
        self.looking = False
        self.status = 0
        self.watch = False
        self.since_look = 0
        self.look = _never
        self.table = cython.cast(Table, None)
        self.full = 0
        self.h1 = self.h2 = 0
        self.out = cells(np.zeros(_OUT, dtype=np.float64))
        self.written = 0
        self.leaf = 0.0

    # --- set-up, from Python -----------------------------------------------------------

    def set_position(self, row: list[int], deck: list[int]) -> None:
        """The root position (a row of :data:`WIDTH` ints) and the deck of its deal."""
        i = cython.declare(cython.int)
        for i in range(_W):
            self.states[i] = row[i]
        self.deck_size = len(deck)
        for i in range(len(deck)):
            self.deck[i] = deck[i]

    def set_rules(
        self,
        weights: tuple[float, float, float, float, float],
        majorities: tuple[int, int, int],
        deal_start: tuple[float, ...] = (),
    ) -> None:
        """The evaluation's weights (own build, to move, in hand, the spreads of the
        cards' and of the spades' counts), the majority
        items (most cards' points, most spades' points, spades in the deck) and the
        chances of a loose card at a deal's start by its value (15 of them, by value;
        empty: ``to_move`` for every card)."""
        i = cython.declare(cython.int)
        self.own_build, self.to_move, self.in_hand, self.spread, self.spade_spread = weights
        self.most_cards, self.most_spades, self.all_spades = majorities
        self.by_value = len(deal_start) == 15
        if self.by_value:
            for i in range(15):
                self.deal_start[i] = deal_start[i]

    def set_search(
        self,
        player: int,
        scores: tuple[int, int],
        winning: int,
        bonus: float,
        limit: int,
        deadline: int,
        taken: float,
        end: float,
        look: Callable[[], bool] | None,
    ) -> None:
        """Who is valued, the tournament, the budget of positions (-1: none) and the
        deadline (see the class's documentation; a work budget's steps already taken and
        its end); the counters start at 0."""
        self.player = player
        self.score0, self.score1 = scores
        self.winning, self.bonus = winning, bonus
        self.limit, self.deadline, self.taken, self.end = limit, deadline, taken, end
        self.looking = look is not None
        self.look = look if look is not None else _never
        self.nodes = self.steps = 0
        self.since_look = 0
        self.status = _OK

    @property
    def counted(self) -> tuple[int, int]:
        """Positions searched and deadline looks (steps) since :meth:`set_search`."""
        return int(self.nodes), int(self.steps)

    # --- entry points ------------------------------------------------------------------

    def _load(self, moves: list[tuple[int, int, int, int]]) -> None:
        """The root ``moves`` (action, card, loose mask, build) written at the start of
        the arena, where the entry points search them."""
        i = cython.declare(cython.int)
        for i in range(len(moves)):
            self.arena[i * 6] = moves[i][0]
            self.arena[i * 6 + 1] = moves[i][1]
            self.arena[i * 6 + 2] = moves[i][2]
            self.arena[i * 6 + 3] = moves[i][3]

    def list_moves(self, out: Any) -> int:
        """The legal moves at the root, as :func:`~croupier.casino.rules.moves_for` lists
        them, written to ``out`` (:data:`MOVE_FIELDS` ints each); how many (-1: more
        than the kernel holds)."""
        count = cython.declare(cython.int)
        i = cython.declare(cython.int)
        into = cython.declare(cython.longlong[::1], out)
        self.watch = False
        with cython.nogil:
            count = self._list(0, 0)
        for i in range(max(count, 0) * 6):
            into[i] = self.arena[i]
        return count

    @cython.locals(depth=cython.int)
    def roots(
        self, moves: list[tuple[int, int, int, int]], depth: int, looks: bool
    ) -> tuple[int, list[float]]:
        """The values of the root ``moves`` (action, card, loose mask, build) ``depth``
        plies ahead, each with a full window, as :meth:`DepthSearch.roots
        <croupier.casino.strategies.search.DepthSearch.roots>` (``looks``: a look at the
        deadline before each, as there) or ``root`` give them; with the status."""
        values: list[float] = []
        i = cython.declare(cython.int)
        count = cython.declare(cython.int, len(moves))
        value = cython.declare(cython.double)
        checking = cython.declare(cython.bint, looks)
        self._load(moves)
        self.watch = self.deadline != 0
        for i in range(count):
            with cython.nogil:
                if checking and self._expired():
                    self.status = _DEADLINE
                    value = 0.0
                else:
                    value = self._after(0, i * 6, count * 6, depth, -_INF, _INF)
            if self.status != _OK:
                return self.status, values
            values.append(value)
        return _OK, values

    @cython.locals(depth=cython.int)
    def replies(self, moves: list[tuple[int, int, int, int]], depth: int) -> tuple[int, Any]:
        """:meth:`DepthSearch.replies <croupier.casino.strategies.search.DepthSearch.
        replies>` of the root ``moves`` ``depth`` plies ahead: the status, and what it
        found as a flat array of numbers (:func:`~croupier.casino.strategies.compiled.
        kernel_replies` reads it back): for each move, 0 and its value; or 2, the
        opponent's replies (their count, then for each its action, card, loose cards and
        build's cards as masks of card numbers, and the place of its kind), the count of
        kinds, and for each kind 0 and its value, or 1, the count of the player's kinds
        of answer and for each its action, card, masks and value."""
        i = cython.declare(cython.int)
        count = cython.declare(cython.int, len(moves))
        self._load(moves)
        self.watch = self.deadline != 0
        self.written = 0
        for i in range(count):
            with cython.nogil:
                if self.deadline != 0 and self._expired():
                    self.status = _DEADLINE
                else:
                    self._replies_of(i * 6, count * 6, depth)
            if self.status != _OK:
                return self.status, None
        return _OK, self.out[: self.written]

    @cython.locals(all_exact=cython.bint, exact=cython.bint, table=Table)
    def exact(
        self, table: Table, moves: list[tuple[int, int, int, int]], all_exact: bool, exact: bool
    ) -> tuple[int, list[float]]:
        """The exact search (:class:`~croupier.casino.strategies.search.ExactSearch`) of
        the root position with ``table``: the values of ``moves`` (``values``, each with
        a window from the best so far unless ``all_exact``), or with ``exact`` False and
        no moves, the position's own value (``value``). With the status."""
        values: list[float] = []
        i = cython.declare(cython.int)
        count = cython.declare(cython.int, len(moves))
        value = cython.declare(cython.double)
        floor = cython.declare(cython.double, -_INF)
        self.table = table
        self.full = table.capacity * 3 // 4
        self.watch = False
        if not exact:
            with cython.nogil:
                value = self._value(0, 0, -_INF, _INF)
            if self.status != _OK:
                return self.status, values
            return _OK, [value]
        self._load(moves)
        for i in range(count):
            with cython.nogil:
                if self._apply(0, i * 6) != _OK:
                    self.status = _FALLBACK
                    value = 0.0
                else:
                    value = self._value(1, count * 6, floor, _INF)
            if self.status != _OK:
                return self.status, values
            values.append(value)
            if not all_exact:
                floor = max(floor, value - 0.5)
        return _OK, values

    def exact_table(self) -> Table:
        """The table of the last :meth:`exact` search (a bigger one if it grew)."""
        table: Table = self.table
        return table

    # --- the deadline --------------------------------------------------------------------

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.returns(cython.bint)
    def _expired(self) -> bool:
        """A look at the deadline: one step."""
        self.steps += 1
        if self.deadline == 1 and self.taken + self.steps >= self.end:
            return True
        if not self.looking:
            return False
        self.since_look += 1
        if self.since_look >= _CLOCK_EVERY:
            self.since_look = 0
            with cython.gil:
                return bool(self.look())
        return False

    # --- positions -----------------------------------------------------------------------

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(ply=cython.int, at=cython.int, size=cython.int, i=cython.int)
    @cython.returns(cython.void)
    def _copy(self, ply: int) -> None:
        """The position at ``ply`` copied to ``ply + 1``."""
        at = ply * _W
        size = _B0 + self.states[at + _BN] * _BW
        for i in range(size):
            self.states[at + _W + i] = self.states[at + i]

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(at=cython.int, over=cython.bint)
    @cython.returns(cython.bint)
    def _over(self, at: int) -> bool:
        over: bool = (
            self.states[at + _HN0] == 0
            and self.states[at + _HN0 + 9] == 0
            and self.states[at + _DEAL] >= self.deck_size
        )
        return over

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(at=cython.int, player=cython.int, card=cython.int, pile=cython.int)
    @cython.returns(cython.void)
    def _to_pile(self, at: int, player: int, card: int) -> None:
        pile = at + _PILE0 + 3 * player
        self.states[pile] += 1
        self.states[pile + 1] += _spade[card]
        self.states[pile + 2] += _points[card]

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(
        ply=cython.int,
        at=cython.int,
        move=cython.int,
        player=cython.int,
        action=cython.int,
        card=cython.int,
        mask=cython.ulonglong,
        build=cython.int,
        hand=cython.int,
        n=cython.int,
        i=cython.int,
        j=cython.int,
        k=cython.int,
        loose=cython.int,
        kept=cython.int,
        used=cython.int,
        value=cython.int,
        part_size=cython.int,
        total=cython.int,
        mine=cython.int,
        b=cython.int,
        base=cython.int,
        count=cython.int,
        other=cython.int,
        last=cython.int,
        deal=cython.int,
        scratch=cython.int,
        pile=cython.int,
    )
    @cython.returns(cython.int)
    def _apply(self, ply: int, move: int) -> int:
        """Play the move at ``move`` in the arena on the position at ``ply``, into
        ``ply + 1`` (as State.apply): :data:`_OK`, or :data:`_FALLBACK` if it does not
        fit."""
        self._copy(ply)
        at = (ply + 1) * _W
        player = self.states[at + _NEXT]
        other = 1 - player
        action = self.arena[move]
        card = self.arena[move + 1]
        mask = self.arena[move + 2]
        build = self.arena[move + 3]
        # the card leaves the hand
        hand = at + _HN0 + 9 * player
        n = self.states[hand]
        j = 0
        for i in range(n):
            if self.states[hand + 1 + i] != card:
                self.states[hand + 1 + j] = self.states[hand + 1 + i]
                j += 1
        self.states[hand] = j
        loose = at + _L0
        last = self.states[at + _LAST]
        if action == _TRAIL:
            n = self.states[at + _LN]
            if n >= _MAXL:
                return _FALLBACK
            self.states[loose + n] = card
            self.states[at + _LN] = n + 1
        else:
            # the loose cards used, in table order, parked past the kept ones
            n = self.states[at + _LN]
            used = 0
            kept = 0
            total = _low[card]
            for i in range(n):
                if mask >> i & 1:
                    total += _low[self.states[loose + i]]
                    used += 1
            # gather: the used cards into a scratch row (the next ply's row is free)
            scratch = (ply + 2) * _W
            k = 0
            for i in range(n):
                if mask >> i & 1:
                    self.states[scratch + k] = self.states[loose + i]
                    k += 1
                else:
                    self.states[loose + kept] = self.states[loose + i]
                    kept += 1
            self.states[at + _LN] = kept
            if action == _CAPTURE:
                self._to_pile(at, player, card)
                for i in range(used):
                    self._to_pile(at, player, self.states[scratch + i])
                if build >= 0:
                    base = at + _B0 + build * _BW
                    for i in range(self.states[base + 3]):
                        self._to_pile(at, player, self.states[base + 4 + i])
                    self._remove_build(at, build)
                last = player
                self.states[at + _LAST] = player
            elif action == _BUILD:
                part_size = used + 1
                value = _value[card] if part_size == 1 else total
                self.states[scratch + used] = card
                if self._add_part(at, scratch, part_size, value, player, -1) != _OK:
                    return _FALLBACK
            else:
                base = at + _B0 + build * _BW
                value = self.states[base] + _low[card]
                count = self.states[base + 3]
                if count + 1 > _MAXBC:
                    return _FALLBACK
                for i in range(count):
                    self.states[scratch + i] = self.states[base + 4 + i]
                self.states[scratch + count] = card
                if self._add_part(at, scratch, count + 1, value, player, build) != _OK:
                    return _FALLBACK
        # a new deal, or the end of the round
        if self.states[at + _HN0] == 0 and self.states[at + _HN0 + 9] == 0:
            deal = self.states[at + _DEAL]
            if deal < self.deck_size:
                for k in range(2):
                    hand = at + _HN0 + 9 * k
                    count = 0
                    while count < 4 and deal < self.deck_size:
                        self.states[hand + 1 + count] = self.deck[deal]
                        deal += 1
                        count += 1
                    self.states[hand] = count
                self.states[at + _DEAL] = deal
            elif last >= 0 and (self.states[at + _LN] > 0 or self.states[at + _BN] > 0):
                for b in range(self.states[at + _BN]):
                    base = at + _B0 + b * _BW
                    for i in range(self.states[base + 3]):
                        self._to_pile(at, last, self.states[base + 4 + i])
                for i in range(self.states[at + _LN]):
                    self._to_pile(at, last, self.states[loose + i])
                self.states[at + _LN] = 0
                self.states[at + _BN] = 0
        if self.states[at + _HN0 + 9 * other] > 0:
            self.states[at + _NEXT] = other
        elif self.states[at + _HN0 + 9 * player] > 0:
            self.states[at + _NEXT] = player
        else:
            self.states[at + _NEXT] = last if last >= 0 else other
        return _OK

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(at=cython.int, build=cython.int, n=cython.int, i=cython.int, j=cython.int)
    @cython.returns(cython.void)
    def _remove_build(self, at: int, build: int) -> None:
        n = self.states[at + _BN]
        for i in range(build, n - 1):
            for j in range(_BW):
                self.states[at + _B0 + i * _BW + j] = self.states[at + _B0 + (i + 1) * _BW + j]
        self.states[at + _BN] = n - 1

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(
        at=cython.int,
        part=cython.int,
        size=cython.int,
        value=cython.int,
        player=cython.int,
        replaced=cython.int,
        mine=cython.int,
        n=cython.int,
        i=cython.int,
        base=cython.int,
        count=cython.int,
    )
    @cython.returns(cython.int)
    def _add_part(
        self, at: int, part: int, size: int, value: int, player: int, replaced: int
    ) -> int:
        """rules.add_part: the cards at ``part`` join the player's build of ``value``,
        or make a new build (in place of ``replaced``, the build increased, if any)."""
        n = self.states[at + _BN]
        mine = -1
        for i in range(n):
            base = at + _B0 + i * _BW
            if self.states[base + 1] == player and self.states[base] == value:
                mine = i
                break
        if mine >= 0:
            base = at + _B0 + mine * _BW
            count = self.states[base + 3]
            if count + size > _MAXBC:
                return _FALLBACK
            for i in range(size):
                self.states[base + 4 + count + i] = self.states[part + i]
            self.states[base + 3] = count + size
            self.states[base + 2] += 1
            if replaced >= 0:
                self._remove_build(at, replaced)
            return _OK
        if replaced >= 0:
            base = at + _B0 + replaced * _BW
        else:
            if n >= _MAXB:
                return _FALLBACK
            base = at + _B0 + n * _BW
            self.states[at + _BN] = n + 1
        self.states[base] = value
        self.states[base + 1] = player
        self.states[base + 2] = 1
        self.states[base + 3] = size
        for i in range(size):
            self.states[base + 4 + i] = self.states[part + i]
        return _OK

    # --- judging -------------------------------------------------------------------------

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(
        ply=cython.int,
        at=cython.int,
        me=cython.int,
        them=cython.int,
        mine=cython.int,
        theirs=cython.int,
        points0=cython.int,
        points1=cython.int,
        total0=cython.int,
        total1=cython.int,
        value=cython.double,
    )
    @cython.returns(cython.double)
    def _final(self, ply: int) -> float:
        """search.final_value: the round's point margin, and the tournament's bonus."""
        at = ply * _W
        mine = at + _PILE0
        theirs = at + _PILE0 + 3
        points0 = self.states[mine + 2]
        points1 = self.states[theirs + 2]
        if self.states[mine] > self.states[theirs]:
            points0 += self.most_cards
        elif self.states[theirs] > self.states[mine]:
            points1 += self.most_cards
        if self.states[mine + 1] > self.states[theirs + 1]:
            points0 += self.most_spades
        elif self.states[theirs + 1] > self.states[mine + 1]:
            points1 += self.most_spades
        value: float = points0 - points1 if self.player == 0 else points1 - points0
        total0 = self.score0 + points0
        total1 = self.score1 + points1
        if total0 >= self.winning or total1 >= self.winning:
            if (total0 > total1) == (self.player == 0) and total0 != total1:
                value += self.bonus
            elif total0 != total1:
                value -= self.bonus
        return value

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(
        ply=cython.int,
        hands_known=cython.bint,
        at=cython.int,
        player=cython.int,
        mine=cython.int,
        theirs=cython.int,
        margin=cython.double,
        my_spades=cython.int,
        their_spades=cython.int,
        loose_edge=cython.double,
        build_edge=cython.double,
        hand_edge=cython.double,
        edge=cython.double,
        variance=cython.double,
        unknown=cython.int,
        card_mean=cython.double,
        spade_mean=cython.double,
        card_var=cython.double,
        spade_var=cython.double,
        unknown_spades=cython.int,
        i=cython.int,
        b=cython.int,
        base=cython.int,
        card=cython.int,
        hand=cython.int,
        h=cython.int,
        sign=cython.int,
    )
    @cython.returns(cython.double)
    def _evaluate(self, ply: int, hands_known: bool) -> float:
        """evaluation.evaluate, the additions in the same order."""
        at = ply * _W
        player = self.player
        mine = at + _PILE0 + 3 * player
        theirs = at + _PILE0 + 3 * (1 - player)
        margin: float = 0.0
        margin += self.states[mine + 2]
        margin -= self.states[theirs + 2]
        my_spades = self.states[mine + 1]
        their_spades = self.states[theirs + 1]
        sign = 1 if self.states[at + _NEXT] == player else -1
        loose_edge = (2 * self.to_move - 1) * sign
        build_edge = 2 * self.own_build - 1
        unknown = self.deck_size - self.states[at + _DEAL]
        hand_edge = 2 * self.in_hand - 1
        if not hands_known:
            unknown += self.states[at + _HN0] + self.states[at + _HN0 + 9]
        card_mean = self.states[mine] - self.states[theirs]
        spade_mean = my_spades - their_spades
        card_var = unknown
        spade_var = 0.0
        unknown_spades = self.all_spades - my_spades - their_spades
        # the loose cards (at a deal's start, each by its value)
        edge = loose_edge
        variance = 1.0 - edge * edge
        for i in range(self.states[at + _LN]):
            card = self.states[at + _L0 + i]
            if self.by_value and not hands_known:
                edge = (2 * self.deal_start[_value[card]] - 1) * sign
                variance = 1.0 - edge * edge
            margin += _points[card] * edge
            card_mean += edge
            card_var += variance
            if _spade[card]:
                unknown_spades -= 1
                spade_mean += edge
                spade_var += variance
        # the builds
        for b in range(self.states[at + _BN]):
            base = at + _B0 + b * _BW
            edge = build_edge if self.states[base + 1] == player else -build_edge
            variance = 1.0 - edge * edge
            for i in range(self.states[base + 3]):
                card = self.states[base + 4 + i]
                margin += _points[card] * edge
                card_mean += edge
                card_var += variance
                if _spade[card]:
                    unknown_spades -= 1
                    spade_mean += edge
                    spade_var += variance
        if hands_known:
            for h in range(2):
                if h == 0:
                    hand = at + _HN0 + 9 * player
                    edge = hand_edge
                else:
                    hand = at + _HN0 + 9 * (1 - player)
                    edge = -hand_edge
                variance = 1.0 - edge * edge
                for i in range(self.states[hand]):
                    card = self.states[hand + 1 + i]
                    margin += _points[card] * edge
                    card_mean += edge
                    card_var += variance
                    if _spade[card]:
                        unknown_spades -= 1
                        spade_mean += edge
                        spade_var += variance
        spade_var += unknown_spades
        margin += _majority(card_mean, card_var * self.spread, self.most_cards)
        margin += _majority(spade_mean, spade_var * self.spade_spread, self.most_spades)
        return margin

    # --- listing the moves ---------------------------------------------------------------

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(
        ply=cython.int,
        at=cython.int,
        start=cython.int,
        player=cython.int,
        hand=cython.int,
        hand_size=cython.int,
        n=cython.int,
        i=cython.int,
        j=cython.int,
        k=cython.int,
        b=cython.int,
        base=cython.int,
        nb=cython.int,
        card=cython.int,
        value=cython.int,
        low=cython.int,
        count=cython.int,
        work=cython.longlong,
        size=cython.int,
        total=cython.int,
        m=cython.longlong,
        u=cython.longlong,
        matches=cython.longlong,
        nunions=cython.int,
        nmasks=cython.int,
        exposed=cython.int,
        target=cython.int,
        target_build=cython.int,
        has_own=cython.bint,
        own_of_value=cython.int,
        choice=cython.int,
        first_choice=cython.int,
        moves=cython.int,
        bits=cython.int,
        order=cython.int,
        found=cython.bint,
        held=cython.int,
        count_before=cython.int,
    )
    @cython.returns(cython.int)
    def _list(self, ply: int, start: int) -> int:
        """rules._list_moves on the position at ``ply``, the moves written to the arena
        from ``start`` (an index of ints); how many, or -1 if they do not fit (or, when
        a deadline is watched, if the reference would look at it while listing)."""
        at = ply * _W
        player = self.states[at + _NEXT]
        hand = at + _HN0 + 9 * player
        hand_size = self.states[hand]
        if hand_size == 0:
            return 0
        n = self.states[at + _LN]
        # the loose cards in card order: sorted[i] is the place of the i-th
        order = (ply + 2) * _W
        for i in range(n):
            self.states[order + i] = i
        for i in range(1, n):  # insertion sort by card number
            k = self.states[order + i]
            j = i - 1
            while (
                j >= 0
                and self.states[at + _L0 + self.states[order + j]] > self.states[at + _L0 + k]
            ):
                self.states[order + j + 1] = self.states[order + j]
                j -= 1
            self.states[order + j + 1] = k
        # subsets of loose cards worth at most 14, in increasing mask order (over card order)
        self.subsets[0] = 0
        self.totals[0] = 0
        size = 1
        for i in range(n):
            low = _low[self.states[at + _L0 + self.states[order + i]]]
            count = size
            for j in range(count):
                if self.totals[j] + low <= _MAX_VALUE:
                    if size >= _SUBSETS:
                        return -1
                    self.subsets[size] = self.subsets[j] | (1 << i)
                    self.totals[size] = self.totals[j] + low
                    size += 1
        work = size
        if size > _CHECK_EVERY:
            work = _CHECK_EVERY  # the reference would look while making them
        # the builds: own values, opponent values, the opponent's single builds
        nb = self.states[at + _BN]
        has_own = False
        for b in range(nb):
            if self.states[at + _B0 + b * _BW + 1] == player:
                has_own = True
        moves = 0
        for i in range(hand_size):
            card = self.states[hand + 1 + i]
            value = _value[card]
            low = _low[card]
            # what is left in hand of this value once the card is played
            count = 0
            for j in range(hand_size):
                if j != i and _value[self.states[hand + 1 + j]] == value:
                    count += 1
            own_of_value = -1
            target_build = -1
            for b in range(nb):
                base = at + _B0 + b * _BW
                if self.states[base] == value:
                    target_build = b
                    if self.states[base + 1] == player:
                        own_of_value = b
            exposed = own_of_value if count == 0 else -1
            matches = 0
            for j in range(n):
                if _value[self.states[at + _L0 + self.states[order + j]]] == value:
                    matches |= 1 << j
            if not has_own and matches == 0:
                if not self._emit(start, moves, _TRAIL, card, 0, -1, ply, order):
                    return -1
                moves += 1
            # captures: unions of disjoint sets of two cards or more summing to the value
            self.unions[0] = 0
            nunions = 1
            for j in range(1, size):
                if self.totals[j] != value:
                    continue
                m = self.subsets[j]
                if m & (m - 1) == 0:
                    continue
                count_before = nunions
                for k in range(count_before):
                    u = self.unions[k]
                    if u & m == 0:
                        found = False
                        for b in range(nunions):
                            if self.unions[b] == (u | m):
                                found = True
                                break
                        if not found:
                            if nunions >= _UNIONS:
                                return -1
                            self.unions[nunions] = u | m
                            nunions += 1
                work += nunions
            # the masks with the matches, fewest cards first, then by mask
            nmasks = 0
            for k in range(nunions):
                m = self.unions[k] | matches
                found = False
                for b in range(nmasks):
                    if self.masks[b] == m:
                        found = True
                        break
                if not found:
                    self.masks[nmasks] = m
                    nmasks += 1
            for k in range(1, nmasks):  # insertion sort by (cards, mask)
                m = self.masks[k]
                bits = popcount64(m)
                j = k - 1
                while j >= 0 and (
                    popcount64(self.masks[j]) > bits
                    or (popcount64(self.masks[j]) == bits and self.masks[j] > m)
                ):
                    self.masks[j + 1] = self.masks[j]
                    j -= 1
                self.masks[j + 1] = m
            # the choices of builds: none (unless a build is exposed), then the build
            first_choice = 0 if exposed < 0 else 1
            for k in range(nmasks):
                m = self.masks[k]
                for choice in range(first_choice, 2 if target_build >= 0 else 1):
                    if m != 0 or choice == 1:
                        if not self._emit(
                            start,
                            moves,
                            _CAPTURE,
                            card,
                            m,
                            target_build if choice else -1,
                            ply,
                            order,
                        ):
                            return -1
                        moves += 1
            work += nmasks * (2 - first_choice if target_build >= 0 else 1 - first_choice)
            if exposed >= 0:
                continue
            # builds: the card and loose cards worth a value held, not an opponent's
            for j in range(hand_size):
                target = _value[self.states[hand + 1 + j]]
                # each value once, where it first appears in hand, and still held
                found = False
                for k in range(j):
                    if _value[self.states[hand + 1 + k]] == target:
                        found = True
                if found:
                    continue
                held = 0
                for k in range(hand_size):
                    if k != i and _value[self.states[hand + 1 + k]] == target:
                        held += 1
                if held == 0 or target - low < 1:
                    continue
                if self._opponent_value(at, player, target):
                    continue
                for k in range(1, size):
                    if self.totals[k] == target - low:
                        if not self._emit(
                            start, moves, _BUILD, card, self.subsets[k], -1, ply, order
                        ):
                            return -1
                        moves += 1
                        work += 1
            if own_of_value >= 0 and count > 0:
                if not self._emit(start, moves, _BUILD, card, 0, -1, ply, order):
                    return -1
                moves += 1
            # increases of the opponent's single builds
            for b in range(nb):
                base = at + _B0 + b * _BW
                if self.states[base + 1] == player or self.states[base + 2] != 1:
                    continue
                target = self.states[base] + low
                if target > _MAX_VALUE or self._opponent_value(at, player, target):
                    continue
                held = 0
                for k in range(hand_size):
                    if k != i and _value[self.states[hand + 1 + k]] == target:
                        held += 1
                if held:
                    if not self._emit(start, moves, _INCREASE, card, 0, b, ply, order):
                        return -1
                    moves += 1
        if self.watch and work >= _CHECK_EVERY:
            return -1
        return moves

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(at=cython.int, player=cython.int, value=cython.int, b=cython.int)
    @cython.returns(cython.bint)
    def _opponent_value(self, at: int, player: int, value: int) -> bool:
        for b in range(self.states[at + _BN]):
            if (
                self.states[at + _B0 + b * _BW + 1] != player
                and self.states[at + _B0 + b * _BW] == value
            ):
                return True
        return False

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(
        start=cython.int,
        index=cython.int,
        action=cython.int,
        card=cython.int,
        sorted_mask=cython.longlong,
        build=cython.int,
        ply=cython.int,
        order=cython.int,
        at=cython.int,
        mask=cython.longlong,
        canonical=cython.longlong,
        n=cython.int,
        i=cython.int,
        j=cython.int,
        sort=cython.int,
        taken=cython.int,
        rank=cython.int,
        place=cython.int,
        loose_count=cython.int,
    )
    @cython.returns(cython.bint)
    def _emit(
        self,
        start: int,
        index: int,
        action: int,
        card: int,
        sorted_mask: int,
        build: int,
        ply: int,
        order: int,
    ) -> bool:
        """Write a move (its loose cards as a mask over card order) to the arena: with
        the mask over the table's order, its kind and its search order. False if the
        arena is full."""
        place = start + index * 6
        if place + 6 > _ARENA * 6:
            return False
        at = ply * _W
        n = self.states[at + _LN]
        mask = 0
        loose_count = 0
        for i in range(n):
            if sorted_mask >> i & 1:
                mask |= 1 << self.states[order + i]
                loose_count += 1
        # the kind (values.move_kind): the loose cards' sorts as a canonical mask, the
        # first cards of each sort in table order
        canonical = 0
        for i in range(n):
            if not mask >> i & 1:
                continue
            sort = _sort[self.states[at + _L0 + i]]
            taken = 0  # taken cards of this sort before i
            rank = 0
            for j in range(i):
                if _sort[self.states[at + _L0 + j]] == sort and mask >> j & 1:
                    taken += 1
            # the (taken + 1)-th card of this sort in table order
            for j in range(n):
                if _sort[self.states[at + _L0 + j]] == sort:
                    if rank == taken:
                        canonical |= 1 << j
                        break
                    rank += 1
        self.arena[place] = action
        self.arena[place + 1] = card
        self.arena[place + 2] = mask
        self.arena[place + 3] = build
        self.arena[place + 4] = ((canonical * 16 + (build + 1)) * 128 + _sort[card]) * 4 + action
        if action == _CAPTURE:
            self.arena[place + 5] = 100 + loose_count + (4 if build >= 0 else 0)
        elif action == _INCREASE:
            self.arena[place + 5] = 2 + 4
        elif action == _BUILD:
            self.arena[place + 5] = 1 + loose_count
        else:
            self.arena[place + 5] = 0
        return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(
        start=cython.int,
        count=cython.int,
        distinct=cython.bint,
        first=cython.int,
        kept=cython.int,
        i=cython.int,
        j=cython.int,
        k=cython.int,
        key=cython.longlong,
        found=cython.bint,
        best=cython.longlong,
        item=cython.longlong,
    )
    @cython.returns(cython.int)
    def _order(self, start: int, count: int, distinct: bool, first: int) -> int:
        """The moves listed at ``start`` as the search takes them, their places written
        to ``order`` from ``first``: one of each kind if ``distinct`` (the first listed,
        in search.distinct_kinds' order), sorted by search order, stable. How many."""
        kept = 0
        if distinct:
            # kinds by their last appearance, latest first; each kind's first move
            for i in range(count - 1, -1, -1):
                key = self.arena[start + i * 6 + 4]
                found = False
                for j in range(kept):
                    if self.arena[self.order[first + j] + 4] == key:
                        self.order[first + j] = start + i * 6  # an earlier move of the kind
                        found = True
                        break
                if not found:
                    self.order[first + kept] = start + i * 6
                    kept += 1
        else:
            for i in range(count):
                self.order[first + i] = start + i * 6
            kept = count
        for i in range(1, kept):  # stable insertion sort, highest search order first
            item = self.order[first + i]
            best = self.arena[item + 5]
            j = i - 1
            while j >= 0 and self.arena[self.order[first + j] + 5] < best:
                self.order[first + j + 1] = self.order[first + j]
                j -= 1
            self.order[first + j + 1] = item
        return kept

    # --- the depth search ----------------------------------------------------------------

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(ply=cython.int, at=cython.int)
    @cython.returns(cython.bint)
    def _ended(self, ply: int) -> bool:
        """Whether the position at ``ply``, just played from ``ply - 1``, ends the search
        there: the round is over (valued by :meth:`_final`) or a new deal was dealt (its
        sampled cards are invented: valued with the hands unknown). The value is then
        in ``leaf``."""
        at = ply * _W
        if self._over(at):
            self.leaf = self._final(ply)
            return True
        if self.states[at + _DEAL] != self.states[at - _W + _DEAL]:
            self.leaf = self._evaluate(ply, False)
            return True
        return False

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.returns(cython.bint)
    def _visit(self) -> bool:
        """A position searched: counted, then the budget of positions and the deadline
        asked; whether the search goes on (else the status says what stopped it)."""
        self.nodes += 1
        if self.limit >= 0 and self.nodes > self.limit:
            self.status = _BUDGET
            return False
        if self.deadline != 0 and self._expired():
            self.status = _DEADLINE
            return False
        return True

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(
        ply=cython.int,
        move=cython.int,
        free=cython.int,
        depth=cython.int,
        alpha=cython.double,
        beta=cython.double,
    )
    @cython.returns(cython.double)
    def _after(
        self, ply: int, move: int, free: int, depth: int, alpha: float, beta: float
    ) -> float:
        """DepthSearch._after: the value of the move at ``move`` in the arena played at
        ``ply``; ``free``: where the arena is free."""
        if ply + 3 >= _PLIES:
            self.status = _FALLBACK
            return 0.0
        if self._apply(ply, move) != _OK:
            self.status = _FALLBACK
            return 0.0
        if self._ended(ply + 1):
            return self.leaf
        if depth <= 1:
            return self._evaluate(ply + 1, True)
        return self._search(ply + 1, free, depth - 1, alpha, beta)

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(
        ply=cython.int,
        start=cython.int,
        depth=cython.int,
        alpha=cython.double,
        beta=cython.double,
        count=cython.int,
        kept=cython.int,
        first=cython.int,
        free=cython.int,
        i=cython.int,
        maximizing=cython.bint,
        best=cython.double,
        value=cython.double,
    )
    @cython.returns(cython.double)
    def _search(self, ply: int, start: int, depth: int, alpha: float, beta: float) -> float:
        """DepthSearch._search on the position at ``ply``, its moves listed in the arena
        from ``start``."""
        count = self._node(ply, start)
        if count < 0:
            return 0.0
        if count == 0:
            return self._evaluate(ply, True)
        # the order of the moves: in the order array at the same place as in the arena
        first = start // 6
        kept = self._order(start, count, depth > 1, first)
        free = start + count * 6
        maximizing = self.states[ply * _W + _NEXT] == self.player
        best = -_INF if maximizing else _INF
        for i in range(kept):
            if self.deadline != 0 and self._expired():
                self.status = _DEADLINE
                return 0.0
            value = self._after(ply, self.order[first + i], free, depth, alpha, beta)
            if self.status != _OK:
                return 0.0
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

    # --- the replies, for a search over several deals -------------------------------------

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(value=cython.double)
    @cython.returns(cython.void)
    def _put(self, value: float) -> None:
        """Write ``value`` to ``out`` (:data:`_FALLBACK` if it is full)."""
        if self.written >= _OUT:
            self.status = _FALLBACK
            return
        self.out[self.written] = value
        self.written += 1

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(value=cython.double)
    @cython.returns(cython.void)
    def _put_value(self, value: float) -> None:
        """Write a value where a choice could have been: 0, then ``value``."""
        self._put(0.0)
        self._put(value)

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(
        ply=cython.int,
        place=cython.int,
        at=cython.int,
        i=cython.int,
        card=cython.int,
        loose=cython.ulonglong,
        build=cython.ulonglong,
        base=cython.int,
    )
    @cython.returns(cython.void)
    def _put_key(self, ply: int, place: int) -> None:
        """Write the move at ``place`` in the arena, listed at ``ply``, as search.move_key
        names it: its action, then the card played, the loose cards and the build's
        cards as the first cards of their sorts (a card number, two masks)."""
        at = ply * _W
        loose = 0
        for i in range(self.states[at + _LN]):
            if self.arena[place + 2] >> i & 1:
                loose = _first_of_sort(loose, self.states[at + _L0 + i])
        build = 0
        if self.arena[place + 3] >= 0:
            base = at + _B0 + self.arena[place + 3] * _BW
            for i in range(self.states[base + 3]):
                build = _first_of_sort(build, self.states[base + 4 + i])
        card = self.arena[place + 1]
        for i in range(52):
            if _sort[i] == _sort[card]:
                card = i
                break
        self._put(self.arena[place])
        self._put(card)
        self._put(cython.cast(cython.double, loose))
        self._put(cython.cast(cython.double, build))

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(move=cython.int, free=cython.int, depth=cython.int, value=cython.double)
    @cython.returns(cython.void)
    def _replies_of(self, move: int, free: int, depth: int) -> None:
        """DepthSearch._replies of the root move at ``move`` in the arena."""
        if depth < 3:
            value = self._after(0, move, free, depth, -_INF, _INF)
        elif self._apply(0, move) != _OK:
            self.status = _FALLBACK
            return
        elif self._ended(1):
            value = self.leaf
        elif self.states[_W + _NEXT] == self.player:
            value = self._search(1, free, depth - 1, -_INF, _INF)
        else:
            self._opponent(free, depth)
            return
        if self.status == _OK:
            self._put_value(value)

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(ply=cython.int, start=cython.int)
    @cython.returns(cython.int)
    def _node(self, ply: int, start: int) -> int:
        """DepthSearch._node: the position at ``ply`` counted and its moves listed in the
        arena from ``start``; how many (-1 once the status is not :data:`_OK`)."""
        count = cython.declare(cython.int)
        if not self._visit():
            return -1
        count = self._list(ply, start)
        if count < 0:
            self.status = _FALLBACK
        return count

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(
        free=cython.int,
        depth=cython.int,
        count=cython.int,
        first=cython.int,
        kept=cython.int,
        rest=cython.int,
        j=cython.int,
        k=cython.int,
        place=cython.int,
        slot=cython.int,
    )
    @cython.returns(cython.void)
    def _opponent(self, free: int, depth: int) -> None:
        """DepthSearch._replies past the root move: the opponent's replies at ply 1."""
        count = self._node(1, free)
        if count < 0:
            return
        if count == 0:
            self._put_value(self._evaluate(1, True))
            return
        first = free // 6
        kept = self._order(free, count, True, first)
        rest = free + count * 6
        self._put(2.0)
        self._put(count)
        for j in range(count):
            place = free + j * 6
            slot = 0
            for k in range(kept):
                if self.arena[self.order[first + k] + 4] == self.arena[place + 4]:
                    slot = k
                    break
            self._put_key(1, place)
            self._put(slot)
        self._put(kept)
        for k in range(kept):
            if self.deadline != 0 and self._expired():
                self.status = _DEADLINE
                return
            self._answers(self.order[first + k], rest, depth - 1)
            if self.status != _OK:
                return

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(
        reply=cython.int,
        free=cython.int,
        depth=cython.int,
        value=cython.double,
        count=cython.int,
        first=cython.int,
        kept=cython.int,
        rest=cython.int,
        k=cython.int,
        place=cython.int,
    )
    @cython.returns(cython.void)
    def _answers(self, reply: int, free: int, depth: int) -> None:
        """DepthSearch._answers: after the opponent's reply at ``reply`` in the arena, its
        value, or the value of each kind of the player's answer at ply 2."""
        if self._apply(1, reply) != _OK:
            self.status = _FALLBACK
            return
        if self._ended(2):
            value = self.leaf
        elif self.states[2 * _W + _NEXT] != self.player:
            value = self._search(2, free, depth - 1, -_INF, _INF)
        else:
            count = self._node(2, free)
            if count < 0:
                return
            if count == 0:
                self._put_value(self._evaluate(2, True))
                return
            first = free // 6
            kept = self._order(free, count, True, first)
            rest = free + count * 6
            self._put(1.0)
            self._put(kept)
            for k in range(kept):
                if self.deadline != 0 and self._expired():
                    self.status = _DEADLINE
                    return
                place = self.order[first + k]
                self._put_key(2, place)
                value = self._after(2, place, rest, depth - 1, -_INF, _INF)
                if self.status != _OK:
                    return
                self._put(value)
            return
        if self.status == _OK:
            self._put_value(value)

    # --- the exact search ----------------------------------------------------------------

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(
        ply=cython.int,
        at=cython.int,
        word=cython.ulonglong,
        one=cython.ulonglong,
        h1=cython.ulonglong,
        h2=cython.ulonglong,
        builds=cython.ulonglong,
        p=cython.int,
        i=cython.int,
        b=cython.int,
        base=cython.int,
        hand=cython.int,
    )
    @cython.returns(cython.void)
    def _fingerprint(self, ply: int) -> None:
        """The fingerprint of the position at ``ply`` (in ``h1`` and ``h2``): its hands,
        loose cards and builds as card masks (their order does not matter), who moves,
        who captured last, what scores in the piles and the tournament's scores."""
        at = ply * _W
        one = 1
        h1 = _SEED1
        h2 = _SEED2
        for p in range(2):
            hand = at + _HN0 + 9 * p
            word = 0
            for i in range(self.states[hand]):
                word |= one << self.states[hand + 1 + i]
            h1 = mix64(h1 ^ word)
            h2 = _mix2(h2 ^ word)
        word = 0
        for i in range(self.states[at + _LN]):
            word |= one << self.states[at + _L0 + i]
        h1 = mix64(h1 ^ word)
        h2 = _mix2(h2 ^ word)
        word = cython.cast(cython.ulonglong, self.states[at + _NEXT])
        word |= cython.cast(cython.ulonglong, self.states[at + _LAST] + 1) << 2
        for i in range(6):
            word |= cython.cast(cython.ulonglong, self.states[at + _PILE0 + i]) << (4 + 6 * i)
        word |= cython.cast(cython.ulonglong, self.score0) << 40
        word |= cython.cast(cython.ulonglong, self.score1) << 52
        h1 = mix64(h1 ^ word)
        h2 = _mix2(h2 ^ word)
        # the builds, in any order: a sum of their own mixes
        builds = cython.cast(cython.ulonglong, self.states[at + _BN])
        for b in range(self.states[at + _BN]):
            base = at + _B0 + b * _BW
            word = 0
            for i in range(self.states[base + 3]):
                word |= one << self.states[base + 4 + i]
            word |= cython.cast(cython.ulonglong, self.states[base]) << 52
            word |= cython.cast(cython.ulonglong, self.states[base + 1]) << 56
            word |= cython.cast(cython.ulonglong, self.states[base + 2] > 1) << 57
            builds = (builds + mix64(word)) & _MASK64
        self.h1 = mix64(h1 ^ builds)
        self.h2 = _mix2(h2 ^ builds)

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(
        h1=cython.ulonglong,
        h2=cython.ulonglong,
        add=cython.bint,
        place=cython.longlong,
        mask=cython.longlong,
    )
    @cython.returns(cython.longlong)
    def _place(self, h1: int, h2: int, add: bool) -> int:
        """The place of the fingerprint ``h1``, ``h2`` in the table, or if it is not
        there, -1 (or with ``add``, a new place for it: the table grows to twice its size
        once three quarters full)."""
        mask = self.table.capacity - 1
        place: int = cython.cast(cython.longlong, h1 & mask)
        while self.table.first[place] != _EMPTY:
            if self.table.fingerprint[place] == h1 and self.table.check[place] == h2:
                return place
            place = (place + 1) & mask
        if not add:
            return -1
        if self.table.count >= self.full:  # a table twice as big, then the place in it
            with cython.gil:
                self.table = self.table.grown(2 * self.table.capacity)
            self.full = self.table.capacity * 3 // 4
            mask = self.table.capacity - 1
            place = cython.cast(cython.longlong, h1 & mask)
            while self.table.first[place] != _EMPTY:
                place = (place + 1) & mask
        self.table.fingerprint[place] = h1
        self.table.check[place] = h2
        self.table.count += 1
        return place

    @cython.cfunc
    @cython.nogil
    @cython.exceptval(check=False)
    @cython.locals(
        ply=cython.int,
        start=cython.int,
        alpha=cython.double,
        beta=cython.double,
        place=cython.longlong,
        low=cython.double,
        high=cython.double,
        first=cython.int,
        start_alpha=cython.double,
        start_beta=cython.double,
        count=cython.int,
        kept=cython.int,
        at_order=cython.int,
        free=cython.int,
        i=cython.int,
        item=cython.longlong,
        maximizing=cython.bint,
        best=cython.double,
        best_at=cython.int,
        value=cython.double,
        h1=cython.ulonglong,
        h2=cython.ulonglong,
    )
    @cython.returns(cython.double)
    def _value(self, ply: int, start: int, alpha: float, beta: float) -> float:
        """ExactSearch._value on the position at ``ply``, its moves listed in the arena
        from ``start``."""
        if self._over(ply * _W):
            return self._final(ply)
        if not self._visit():
            return 0.0
        if ply + 3 >= _PLIES:
            self.status = _FALLBACK
            return 0.0
        self._fingerprint(ply)
        h1, h2 = self.h1, self.h2
        place = self._place(h1, h2, False)
        if place < 0:
            low, high, first = -_INF, _INF, 0
        else:
            low = self.table.low[place]
            high = self.table.high[place]
            first = self.table.first[place]
        if low >= beta:
            return low
        if high <= alpha:
            return high
        if low == high:
            return low
        start_alpha = max(alpha, low)
        start_beta = min(beta, high)
        alpha, beta = start_alpha, start_beta
        count = self._list(ply, start)
        if count < 0:
            self.status = _FALLBACK
            return 0.0
        at_order = start // 6
        kept = self._order(start, count, True, at_order)
        if first and first < kept:  # the best move found last time first
            item = self.order[at_order + first]
            for i in range(first, 0, -1):
                self.order[at_order + i] = self.order[at_order + i - 1]
            self.order[at_order] = item
        free = start + count * 6
        maximizing = self.states[ply * _W + _NEXT] == self.player
        best = -_INF if maximizing else _INF
        best_at = 0
        for i in range(kept):
            if self._apply(ply, self.order[at_order + i]) != _OK:
                self.status = _FALLBACK
                return 0.0
            value = self._value(ply + 1, free, alpha, beta)
            if self.status != _OK:
                return 0.0
            if maximizing:
                if value > best:
                    best, best_at = value, i
                    alpha = max(alpha, value)
            elif value < best:
                best, best_at = value, i
                beta = min(beta, value)
            if alpha >= beta:
                break
        if first and best_at:
            if best_at <= first:
                best_at -= 1
        elif first:
            best_at = first
        place = self._place(h1, h2, True)
        if place < 0:
            self.status = _FALLBACK
            return 0.0
        if best <= start_alpha:
            self.table.low[place] = low
            self.table.high[place] = best
        elif best >= start_beta:
            self.table.low[place] = best
            self.table.high[place] = high
        else:
            self.table.low[place] = best
            self.table.high[place] = best
        self.table.first[place] = best_at
        return best


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(x=cython.ulonglong)
@cython.returns(cython.ulonglong)
def _mix2(x: int) -> int:
    """Another 64-bit finalizer (MurmurHash3's), for the second half of a fingerprint."""
    x = ((x ^ (x >> 33)) * _M3) & _MASK64
    x = ((x ^ (x >> 33)) * _M4) & _MASK64
    return x ^ (x >> 33)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(mask=cython.ulonglong, card=cython.int, i=cython.int, one=cython.ulonglong)
@cython.returns(cython.ulonglong)
def _first_of_sort(mask: int, card: int) -> int:
    """``mask`` (of card numbers) with the first card of ``card``'s sort it lacks (as
    search._first_of_sorts)."""
    one = 1
    for i in range(52):
        if _sort[i] == _sort[card] and not (mask >> i) & 1:
            return mask | (one << i)
    return mask


def _never() -> bool:
    return False
