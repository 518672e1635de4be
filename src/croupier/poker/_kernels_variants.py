# cython: annotation_typing=False, boundscheck=False, wraparound=False
# cython: cdivision=True, initializedcheck=False
"""The compiled kernels of the other poker games: Omaha, five-card Omaha, short-deck.

Cython's pure-Python mode, as :mod:`croupier.poker._kernels` (see
:mod:`croupier.engine`): this file runs as Python and compiles to C when croupier is
installed; it reads the tables :mod:`croupier.poker.evaluation.tables` builds, given once
to :func:`configure`. Every table is kept per *table set* (0: hold'em's, which Omaha
reads; 1 and 2: short-deck's two orders), side by side in one array.

A five-card hand's class comes from its key total (rank keys in the high 32 bits, suit
counters in the low 16) and the set of its ranks: the flush table's entry when the
total says five cards share a suit, the five-card rank table's otherwise. An Omaha
hand is the best of its two-hole-card pairs with the board's three-card triples: the
key totals and rank sets of the triples are added up once per board, those of the
pairs once per hand. Hold'em-style games (short-deck) rank all seven cards at once.
Monte Carlo deals rank Omaha hands from a table of each known hand with every triple
(:func:`triple_table`), or from Omaha's board pair table: six reads a hand of four.

>>> import numpy as np
>>> from croupier.poker.evaluation.tables import kernel_arguments
>>> configure(*kernel_arguments())
>>> hole = np.array([51, 47, 0, 5], dtype=np.int64)      # As Ks 2c 3d
>>> board = np.array([43, 39, 35, 1, 2], dtype=np.int64)  # Qs Js Ts 2d 2h
>>> out = np.zeros(1, dtype=np.uint16)
>>> omaha_rows(hole, 4, board, 5, 1, out, 0)
>>> out.tolist()  # the royal flush: As Ks with Qs Js Ts
[1]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cython
import numpy as np
from numpy.typing import NDArray

__all__ = [
    "OUTCOMES",
    "SHARE_UNITS",
    "configure",
    "configure_board_pairs",
    "deal_variant_block",
    "exact_boards",
    "holdem_rows",
    "omaha_rows",
    "triple_table",
]

SUIT_BITS: int = cython.declare(cython.int, 32)
FLUSH_OFFSET: int = cython.declare(cython.ulonglong, 0x3333)
FLUSH_BITS: int = cython.declare(cython.ulonglong, 0x8888)
_MASK32: int = cython.declare(cython.ulonglong, 0xFFFFFFFF)
_MASK64: int = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)
_GOLDEN: int = cython.declare(cython.ulonglong, 0x9E3779B97F4A7C15)
_MIX1: int = cython.declare(cython.ulonglong, 0xBF58476D1CE4E5B9)
_MIX2: int = cython.declare(cython.ulonglong, 0x94D049BB133111EB)
#: Places in a set's flush table (one per 13-bit rank set).
_FLUSHES: int = cython.declare(cython.int, 8192)
#: Triples of three of the 52 cards, C(52, 3): the size of a triple table.
TRIPLES = 22100
#: Pairs of ranks two hole cards can hold, 13 pairs and 78 of two ranks: a board's row in
#: the board pair table (:data:`croupier.poker.evaluation.tables.PAIR_RANKS`).
_PAIRS: int = cython.declare(cython.longlong, 91)
#: Outcome columns of a Monte Carlo tally: 0 lost, k the pot shared by k players.
OUTCOMES = 11
_OUTCOMES: int = cython.declare(cython.int, 11)
#: A pot in units that every share of it (1 to 10 players) divides: lcm(1..10).
SHARE_UNITS = 2520
_UNITS: int = cython.declare(cython.longlong, 2520)
#: Deals of a Monte Carlo block dealt before they are ranked together.
_BATCH: int = cython.declare(cython.int, 64)

_keys: Sequence[int] = cython.declare(cython.const[cython.ulonglong][::1])
_flush: Sequence[int] = cython.declare(cython.const[cython.ushort][::1])
_offsets5: Sequence[int] = cython.declare(cython.const[cython.int][::1])
_offsets6: Sequence[int] = cython.declare(cython.const[cython.int][::1])
_offsets7: Sequence[int] = cython.declare(cython.const[cython.int][::1])
_values5: Sequence[int] = cython.declare(cython.const[cython.ushort][::1])
_values6: Sequence[int] = cython.declare(cython.const[cython.ushort][::1])
_values7: Sequence[int] = cython.declare(cython.const[cython.ushort][::1])
_rows: int = cython.declare(cython.longlong, 0)
_shift: int = cython.declare(cython.int, 0)
_low: int = cython.declare(cython.ulonglong, 0)
_board_pairs: Sequence[int] = cython.declare(cython.const[cython.ushort][::1])
_pair_of: Sequence[int] = cython.declare(cython.const[cython.uchar][::1])
#: The sum of the first reads of boards' rows (kept so that the compiler keeps them).
_warm_reads: Any = np.zeros(1, dtype=np.uint64)
_pair_places: int = cython.declare(cython.longlong, 0)


def _plain(array: Any) -> Any:
    """``array`` itself compiled (a typed memoryview reads it); uncompiled, its numbers
    as a list of Python ints, whose arithmetic is that of C integers here."""
    return array if cython.compiled else array.tolist()


def configure(
    keys: NDArray[np.uint64],
    flush: NDArray[np.uint16],
    offsets: tuple[NDArray[np.int32], NDArray[np.int32], NDArray[np.int32]],
    values: tuple[NDArray[np.uint16], NDArray[np.uint16], NDArray[np.uint16]],
    rows: int,
    shift: int,
) -> None:
    """Give the kernels their tables (:func:`croupier.poker.evaluation.tables.kernel_arguments`):
    the key of each card number 0-63, every set's flush table (8,192 entries each, one
    after the other) and, for 5, 6 and 7 cards, every set's row offsets (``rows`` a set,
    each pointing into the values of all sets) and the values; ``shift`` low bits of a
    rank sum pick its place in its row."""
    global _keys, _flush, _offsets5, _offsets6, _offsets7, _values5, _values6, _values7
    global _rows, _shift, _low
    _keys = _plain(keys)
    _flush = _plain(flush)
    _offsets5, _offsets6, _offsets7 = (_plain(o) for o in offsets)
    _values5, _values6, _values7 = (_plain(v) for v in values)
    _rows = rows
    _shift = shift
    _low = (1 << shift) - 1


def configure_board_pairs(board_pairs: NDArray[np.uint16], pair_of: NDArray[np.uint8]) -> None:
    """Give the Monte Carlo kernel Omaha's board pair table
    (:func:`croupier.poker.evaluation.tables.board_pair_table`), which it reads to rank
    Omaha hands without a triple table, and the place in a row of each pair of ranks
    (``pair_of[13 * rank + other]``, ranks 0 to 12)."""
    global _board_pairs, _pair_of, _pair_places
    _board_pairs = _plain(board_pairs)
    _pair_of = _plain(pair_of)
    _pair_places = len(board_pairs) // _PAIRS


# --- one hand ---------------------------------------------------------------------------


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(tables=cython.int, total=cython.ulonglong, ranks=cython.uint, s=cython.ulonglong)
@cython.returns(cython.int)
def _class5(tables: int, total: int, ranks: int) -> int:
    """The class of five cards from their key total and their set of ranks."""
    if (total + FLUSH_OFFSET) & FLUSH_BITS:
        return _flush[tables * _FLUSHES + ranks]
    s = total >> SUIT_BITS
    return _values5[_offsets5[tables * _rows + (s >> _shift)] + (s & _low)]


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(cards=cython.ulonglong, suit=cython.uint, rank=cython.uint, mask=cython.uint)
@cython.returns(cython.uint)
def _suit_ranks(cards: int, suit: int) -> int:
    """The 13-bit set of ranks of one suit in a 52-bit set of cards."""
    mask = 0
    for rank in range(13):
        mask |= ((cards >> (4 * rank + suit)) & 1) << rank
    return mask


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(
    tables=cython.int,
    size=cython.int,
    total=cython.ulonglong,
    cards=cython.ulonglong,
    flush=cython.ulonglong,
    suit=cython.uint,
    s=cython.ulonglong,
    row=cython.longlong,
)
@cython.returns(cython.int)
def _class_cards(tables: int, size: int, total: int, cards: int) -> int:
    """The class of the best five of ``size`` cards (5 to 7), from their key total and
    their card set."""
    flush = (total + FLUSH_OFFSET) & FLUSH_BITS
    if flush:
        suit = 0
        while not (flush >> (4 * suit + 3)) & 1:
            suit += 1
        return _flush[tables * _FLUSHES + _suit_ranks(cards, suit)]
    s = total >> SUIT_BITS
    row = tables * _rows + (s >> _shift)
    if size == 7:
        return _values7[_offsets7[row] + (s & _low)]
    if size == 6:
        return _values6[_offsets6[row] + (s & _low)]
    return _values5[_offsets5[row] + (s & _low)]


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(
    tables=cython.int,
    count=cython.int,
    pair_total=cython.ulonglong,
    pair_ranks=cython.uint,
    triple_totals=cython.ulonglong[::1],
    triple_ranks=cython.uint[::1],
    t=cython.int,
    found=cython.int,
    best=cython.int,
)
@cython.returns(cython.int)
def _best_with_pair(
    tables: int,
    pair_total: int,
    pair_ranks: int,
    triple_totals: Any,
    triple_ranks: Any,
    count: int,
) -> int:
    """The best class of two hole cards (key total, rank set) with one of the board's
    ``count`` triples."""
    best = 65535
    for t in range(count):
        found = _class5(tables, pair_total + triple_totals[t], pair_ranks | triple_ranks[t])
        if found < best:
            best = found
    return best


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(
    board=cython.longlong[::1],
    totals=cython.ulonglong[::1],
    ranks=cython.uint[::1],
    start=cython.Py_ssize_t,
    size=cython.int,
    i=cython.int,
    j=cython.int,
    m=cython.int,
    count=cython.int,
    a=cython.longlong,
    b=cython.longlong,
    c=cython.longlong,
)
@cython.returns(cython.int)
def _triples(board: Any, start: int, size: int, totals: Any, ranks: Any) -> int:
    """The key totals and rank sets of every three of the ``size`` board cards from
    ``board[start]``; returns how many there are."""
    count = 0
    for i in range(size):
        a = board[start + i]
        for j in range(i + 1, size):
            b = board[start + j]
            for m in range(j + 1, size):
                c = board[start + m]
                totals[count] = _keys[a] + _keys[b] + _keys[c]
                ranks[count] = (1 << (a >> 2)) | (1 << (b >> 2)) | (1 << (c >> 2))
                count += 1
    return count


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(total=cython.ulonglong, suit=cython.int, s=cython.int)
@cython.returns(cython.int)
def _flush_suit_of(total: int) -> int:
    """The suit of which a board's key total holds three cards or more (-1: none; a
    board of five cards has at most one)."""
    for s in range(4):
        if ((total >> (4 * s)) & 0xF) >= 3:
            return s
    return -1


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(
    hole=cython.longlong[::1],
    totals=cython.ulonglong[::1],
    ranks=cython.uint[::1],
    start=cython.Py_ssize_t,
    size=cython.int,
    tables=cython.int,
    count=cython.int,
    flush_suit=cython.int,
    i=cython.int,
    j=cython.int,
    t=cython.int,
    a=cython.longlong,
    b=cython.longlong,
    found=cython.int,
    best=cython.int,
    pair=cython.ulonglong,
    s=cython.ulonglong,
    base=cython.longlong,
)
@cython.returns(cython.int)
def _omaha(
    tables: int,
    hole: Any,
    start: int,
    size: int,
    totals: Any,
    ranks: Any,
    count: int,
    flush_suit: int,
) -> int:
    """The best class of two of the ``size`` hole cards from ``hole[start]`` with three
    of the board (its ``count`` triples given; ``flush_suit``: the suit of three board
    cards or more, -1 for none). Only a pair of that suit can make a flush: the other
    pairs read the rank table alone."""
    best = 65535
    base = tables * _rows
    for i in range(size):
        a = hole[start + i]
        for j in range(i + 1, size):
            b = hole[start + j]
            pair = _keys[a] + _keys[b]
            if flush_suit >= 0 and (a & 3) == flush_suit and (b & 3) == flush_suit:
                found = _best_with_pair(
                    tables, pair, (1 << (a >> 2)) | (1 << (b >> 2)), totals, ranks, count
                )
                if found < best:
                    best = found
                continue
            for t in range(count):
                s = (pair + totals[t]) >> SUIT_BITS
                found = _values5[_offsets5[base + (s >> _shift)] + (s & _low)]
                if found < best:
                    best = found
    return best


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(
    hole=cython.longlong[::1],
    totals=cython.ulonglong[::1],
    ranks=cython.uint[::1],
    start=cython.Py_ssize_t,
    size=cython.int,
    tables=cython.int,
    place=cython.longlong,
    flush_suit=cython.int,
    i=cython.int,
    j=cython.int,
    a=cython.longlong,
    b=cython.longlong,
    row=cython.longlong,
    suited=cython.int,
    found=cython.int,
    best=cython.int,
)
@cython.returns(cython.int)
def _omaha_by_pairs(
    tables: int,
    hole: Any,
    start: int,
    size: int,
    place: int,
    totals: Any,
    ranks: Any,
    flush_suit: int,
) -> int:
    """As :func:`_omaha`, from the board's row of the board pair table (from
    ``place``: the best class without a flush of each pair of ranks with three of the
    board), one read a pair; with two hole cards or more of ``flush_suit``, their pairs
    also try their flushes with the board's ten triples (``totals``, ``ranks``). A
    flush read as ranks alone is a straight or less, never more than the flush: the
    row's entry may count it so and the best stays right."""
    best = 65535
    for i in range(size):
        row = 13 * (hole[start + i] >> 2)
        for j in range(i + 1, size):
            found = _board_pairs[place + _pair_of[row + (hole[start + j] >> 2)]]
            best = found if found < best else best  # without a branch
    if flush_suit >= 0:
        suited = 0
        for i in range(size):
            suited += 1 if (hole[start + i] & 3) == flush_suit else 0
        if suited >= 2:
            for i in range(size):
                a = hole[start + i]
                for j in range(i + 1, size):
                    b = hole[start + j]
                    if (a & 3) == flush_suit and (b & 3) == flush_suit:
                        found = _best_with_pair(
                            tables,
                            _keys[a] + _keys[b],
                            (1 << (a >> 2)) | (1 << (b >> 2)),
                            totals,
                            ranks,
                            10,
                        )
                        best = found if found < best else best
    return best


# --- rows of hands ----------------------------------------------------------------------


@cython.locals(
    hole=cython.longlong[::1],
    board=cython.longlong[::1],
    out=cython.ushort[::1],
    totals=cython.ulonglong[::1],
    ranks=cython.uint[::1],
    size=cython.int,
    board_size=cython.int,
    tables=cython.int,
    r=cython.Py_ssize_t,
    count=cython.int,
    rows=cython.Py_ssize_t,
    flush_suit=cython.int,
)
def omaha_rows(
    hole: NDArray[np.int64],
    size: int,
    board: NDArray[np.int64],
    board_size: int,
    rows: int,
    out: NDArray[np.uint16],
    tables: int,
) -> None:
    """The Omaha class of ``rows`` hands into ``out``: row ``r`` holds the ``size``
    hole cards at ``hole[size * r:]`` and the ``board_size`` (3 to 5) board cards at
    ``board[board_size * r:]`` (card numbers, not checked), and its best hand of
    exactly two hole cards and three board cards."""
    hole, board = _plain(hole), _plain(board)
    totals: Any = np.zeros(10, dtype=np.uint64)
    ranks: Any = np.zeros(10, dtype=np.uint32)
    if not cython.compiled:
        totals, ranks = totals.tolist(), ranks.tolist()
    with cython.nogil:
        for r in range(rows):
            count = _triples(board, board_size * r, board_size, totals, ranks)
            flush_suit = _flush_suit_of(
                _keys[board[board_size * r]]
                + _keys[board[board_size * r + 1]]
                + _keys[board[board_size * r + 2]]
                + (_keys[board[board_size * r + 3]] if board_size > 3 else 0)
                + (_keys[board[board_size * r + 4]] if board_size > 4 else 0)
            )
            out[r] = _omaha(tables, hole, size * r, size, totals, ranks, count, flush_suit)


@cython.locals(
    cards=cython.longlong[::1],
    out=cython.ushort[::1],
    size=cython.int,
    tables=cython.int,
    r=cython.Py_ssize_t,
    j=cython.int,
    total=cython.ulonglong,
    bits=cython.ulonglong,
    card=cython.longlong,
    rows=cython.Py_ssize_t,
)
def holdem_rows(
    cards: NDArray[np.int64], size: int, rows: int, out: NDArray[np.uint16], tables: int
) -> None:
    """The class of ``rows`` hands of ``size`` cards (5 to 7) into ``out``: the best five
    cards of each, with table set ``tables`` (short-deck's, or hold'em's)."""
    cards = _plain(cards)
    with cython.nogil:
        for r in range(rows):
            total = 0
            bits = 0
            for j in range(size):
                card = cards[size * r + j]
                total += _keys[card]
                bits |= cython.cast(cython.ulonglong, 1) << card
            out[r] = _class_cards(tables, size, total, bits)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(a=cython.longlong, b=cython.longlong, c=cython.longlong)
@cython.returns(cython.longlong)
def _triple_index(a: int, b: int, c: int) -> int:
    """The number of the triple of cards ``a > b > c`` among the C(52, 3)."""
    return a * (a - 1) * (a - 2) // 6 + b * (b - 1) // 2 + c


@cython.locals(
    hole=cython.longlong[::1],
    out=cython.ushort[::1],
    size=cython.int,
    tables=cython.int,
    a=cython.longlong,
    b=cython.longlong,
    c=cython.longlong,
    held=cython.ulonglong,
    t=cython.ulonglong,
    i=cython.int,
    j=cython.int,
    x=cython.longlong,
    y=cython.longlong,
    best=cython.int,
    found=cython.int,
    ranks=cython.uint,
)
def triple_table(hole: NDArray[np.int64], size: int, out: NDArray[np.uint16], tables: int) -> None:
    """The Omaha class of the ``size`` hole cards with every triple of board cards, by
    the triple's number (:data:`TRIPLES` places; 65535 for triples that meet the hand):
    an Omaha hand on a board is then the best of its ten triples' entries."""
    hole = _plain(hole)
    held = 0
    for i in range(size):
        held |= cython.cast(cython.ulonglong, 1) << hole[i]
    with cython.nogil:
        for a in range(2, 52):
            for b in range(1, a):
                for c in range(b):
                    best = 65535
                    t = (
                        (cython.cast(cython.ulonglong, 1) << a)
                        | (cython.cast(cython.ulonglong, 1) << b)
                        | (cython.cast(cython.ulonglong, 1) << c)
                    )
                    if not held & t:
                        ranks = (1 << (a >> 2)) | (1 << (b >> 2)) | (1 << (c >> 2))
                        for i in range(size):
                            x = hole[i]
                            for j in range(i + 1, size):
                                y = hole[j]
                                found = _class5(
                                    tables,
                                    _keys[a] + _keys[b] + _keys[c] + _keys[x] + _keys[y],
                                    ranks | (1 << (x >> 2)) | (1 << (y >> 2)),
                                )
                                if found < best:
                                    best = found
                    out[_triple_index(a, b, c)] = best


# --- exact enumeration ------------------------------------------------------------------


@cython.locals(
    deck=cython.longlong[::1],
    board=cython.longlong[::1],
    hands=cython.longlong[::1],
    hand_bits=cython.ulonglong[::1],
    assign=cython.longlong[::1],
    assign_bits=cython.ulonglong[::1],
    pair_cards=cython.longlong[::1],
    wins=cython.longlong[::1],
    ties=cython.longlong[::1],
    shares=cython.longlong[::1],
    valid=cython.longlong[::1],
    values=cython.ushort[::1],
    pairs=cython.ushort[::1],
    index=cython.longlong[::1],
    totals=cython.ulonglong[::1],
    ranks=cython.uint[::1],
    first=cython.Py_ssize_t,
    stop=cython.Py_ssize_t,
    to_deal=cython.int,
    known=cython.int,
    size=cython.int,
    players=cython.int,
    omaha=cython.bint,
    use_pairs=cython.bint,
    tables=cython.int,
    live=cython.Py_ssize_t,
    hand_count=cython.Py_ssize_t,
    assignments=cython.Py_ssize_t,
    card_count=cython.Py_ssize_t,
    i0=cython.Py_ssize_t,
    j=cython.int,
    m=cython.int,
    h=cython.Py_ssize_t,
    a=cython.Py_ssize_t,
    p=cython.int,
    x=cython.Py_ssize_t,
    y=cython.Py_ssize_t,
    cx=cython.longlong,
    cy=cython.longlong,
    card=cython.longlong,
    bits=cython.ulonglong,
    total=cython.ulonglong,
    count=cython.int,
    best=cython.int,
    value=cython.int,
    top=cython.int,
    boards=cython.longlong,
    more=cython.bint,
    flush_suit=cython.int,
)
def exact_boards(
    first: int,
    stop: int,
    deck: NDArray[np.int64],
    to_deal: int,
    board: NDArray[np.int64],
    known: int,
    hands: NDArray[np.int64],
    size: int,
    hand_bits: NDArray[np.uint64],
    assign: NDArray[np.int64],
    players: int,
    assign_bits: NDArray[np.uint64],
    omaha: bool,
    tables: int,
    pair_cards: NDArray[np.int64],
    use_pairs: bool,
    wins: NDArray[np.int64],
    ties: NDArray[np.int64],
    shares: NDArray[np.int64],
    valid: NDArray[np.int64],
) -> int:
    """Every board that completes the ``known`` board cards (``board[:known]``; the
    array has room for five) with ``to_deal`` cards of ``deck`` whose first card is
    ``deck[i]`` for ``first <= i < stop``, against every assignment of hands.

    ``hands`` holds ``size`` card numbers a hand (``hand_bits`` their sets), ``assign``
    ``players`` hand numbers an assignment (``assign_bits`` the set of all their cards).
    On each board, each hand not meeting it is ranked once (Omaha: the best of its
    pairs, read from a table of every pair of ``pair_cards`` when ``use_pairs``), then
    each assignment not meeting it is counted: ``valid[a]`` boards, and per player
    ``wins`` (alone on top), ``ties`` (on top with others) and ``shares`` (its share of
    the pot, in :data:`SHARE_UNITS`), at ``players * a + p``. Returns the boards seen.
    """
    deck, board, hands, assign = _plain(deck), _plain(board), _plain(hands), _plain(assign)
    hand_bits, assign_bits, pair_cards = _plain(hand_bits), _plain(assign_bits), _plain(pair_cards)
    live = len(deck)
    hand_count = len(hand_bits)
    assignments = len(assign_bits)
    card_count = len(pair_cards)
    values: Any = np.zeros(max(hand_count, 1), dtype=np.uint16)
    pairs: Any = np.full(64 * 64, 65535, dtype=np.uint16)
    index: Any = np.zeros(6, dtype=np.int64)
    totals: Any = np.zeros(10, dtype=np.uint64)
    ranks: Any = np.zeros(10, dtype=np.uint32)
    board_cards: Any = np.zeros(5, dtype=np.int64)
    board_cards[:known] = np.asarray(board)[:known]
    if not cython.compiled:
        index, totals, ranks = index.tolist(), totals.tolist(), ranks.tolist()
        board_cards = board_cards.tolist()
    cards = cython.declare(cython.longlong[::1], board_cards)
    boards = 0
    if to_deal == 0:
        stop = min(stop, 1)
    with cython.nogil:
        for i0 in range(first, stop):
            if to_deal > 0 and i0 + to_deal > live:
                break
            for j in range(to_deal):
                index[j] = i0 + j
            more = True
            while more:
                # the board: the known cards and the dealt ones
                bits = 0
                total = 0
                for j in range(to_deal):
                    cards[known + j] = deck[index[j]]
                for j in range(5):
                    bits |= cython.cast(cython.ulonglong, 1) << cards[j]
                    total += _keys[cards[j]]
                boards += 1
                if omaha:
                    count = _triples(cards, 0, 5, totals, ranks)
                    flush_suit = _flush_suit_of(total)
                    if use_pairs:
                        for x in range(card_count):
                            cx = pair_cards[x]
                            if (bits >> cx) & 1:
                                continue
                            for y in range(x + 1, card_count):
                                cy = pair_cards[y]
                                if (bits >> cy) & 1:
                                    continue
                                pairs[cx * 64 + cy] = _best_with_pair(
                                    tables,
                                    _keys[cx] + _keys[cy],
                                    (1 << (cx >> 2)) | (1 << (cy >> 2)),
                                    totals,
                                    ranks,
                                    count,
                                )
                for h in range(hand_count):
                    if hand_bits[h] & bits:
                        continue
                    if not omaha:
                        card = hands[size * h]
                        cx = hands[size * h + 1]
                        values[h] = _class_cards(
                            tables,
                            7,
                            total + _keys[card] + _keys[cx],
                            bits
                            | (cython.cast(cython.ulonglong, 1) << card)
                            | (cython.cast(cython.ulonglong, 1) << cx),
                        )
                    elif use_pairs:
                        best = 65535
                        for x in range(size):
                            cx = hands[size * h + x]
                            for y in range(x + 1, size):
                                cy = hands[size * h + y]
                                # hands list their cards in increasing order
                                value = pairs[cx * 64 + cy]
                                if value < best:
                                    best = value
                        values[h] = best
                    else:
                        values[h] = _omaha(
                            tables, hands, size * h, size, totals, ranks, count, flush_suit
                        )
                for a in range(assignments):
                    if assign_bits[a] & bits:
                        continue
                    valid[a] += 1
                    best = 65535
                    top = 0
                    for p in range(players):
                        value = values[assign[players * a + p]]
                        if value < best:
                            best = value
                            top = 1
                        elif value == best:
                            top += 1
                    for p in range(players):
                        if values[assign[players * a + p]] == best:
                            shares[players * a + p] += _UNITS // top
                            if top == 1:
                                wins[players * a + p] += 1
                            else:
                                ties[players * a + p] += 1
                # the next board with the same first card
                more = False
                j = to_deal - 1
                while j >= 1:
                    if index[j] < live - to_deal + j:
                        index[j] += 1
                        for m in range(j + 1, to_deal):
                            index[m] = index[m - 1] + 1
                        more = True
                        break
                    j -= 1
    return boards


# --- Monte Carlo ------------------------------------------------------------------------


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(key=cython.ulonglong, counter=cython.ulonglong, z=cython.ulonglong)
@cython.returns(cython.ulonglong)
def _random(key: int, counter: int) -> int:
    """Number ``counter`` of the stream ``key``: splitmix64's output of the key plus
    ``counter`` times the golden ratio (64 random bits)."""
    if cython.compiled:  # C's 64-bit arithmetic wraps
        z = key + counter * _GOLDEN
        z = (z ^ (z >> 30)) * _MIX1
        z = (z ^ (z >> 27)) * _MIX2
    else:  # Python's integers do not
        z = (key + counter * _GOLDEN) & _MASK64
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
    return z ^ (z >> 31)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(
    key=cython.ulonglong,
    counter=cython.ulonglong,
    n=cython.ulonglong,
    m=cython.ulonglong,
    used=cython.ulonglong,
    floor=cython.ulonglong,
)
@cython.returns(cython.ulonglong)
def _below(key: int, counter: int, n: int) -> int:
    """A number below ``n`` (at most 2**32) from the stream ``key``, from number
    ``counter`` on, by Lemire's unbiased method: the number in the low 32 bits, how many
    numbers of the stream it took in the high 32."""
    used = 1
    m = (_random(key, counter) >> 32) * n
    if (m & _MASK32) < n:
        floor = (_MASK32 + 1 - n) % n
        while (m & _MASK32) < floor:
            m = (_random(key, counter + used) >> 32) * n
            used += 1
    return (used << 32) | (m >> 32)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(
    deck=cython.longlong[::1],
    key=cython.ulonglong,
    counter=cython.ulonglong,
    live=cython.ulonglong,
    used=cython.ulonglong,
    taken=cython.ulonglong,
    drawn=cython.ulonglong,
    card=cython.uint,
    found=cython.ulonglong,
)
@cython.returns(cython.ulonglong)
def _draw(key: int, counter: int, deck: Any, live: int, used: int) -> int:
    """A card of the ``live`` cards of ``deck`` that is not in the set ``used``, drawn
    from the stream ``key`` from number ``counter + 1`` on: the card in the low 32 bits,
    how many numbers it took in the high 32. (The card on 32 bits: the compiler then
    sees that the numbers taken do not depend on it, and the next card's numbers need
    not wait for this one.)"""
    taken = 0
    while True:
        drawn = _below(key, counter + taken + 1, live)
        taken += drawn >> 32
        card = cython.cast(cython.uint, deck[drawn & _MASK32])
        if not (used >> card) & 1:
            found: int = (taken << 32) | card
            return found


@cython.locals(
    rows=cython.longlong[::1],
    row_bits=cython.ulonglong[::1],
    row_start=cython.longlong[::1],
    missing=cython.longlong[::1],
    cumulative=cython.double[::1],
    weighted=cython.uchar[::1],
    deck=cython.longlong[::1],
    board=cython.longlong[::1],
    triple_tables=cython.ushort[::1],
    triple_of=cython.longlong[::1],
    counts=cython.longlong[::1],
    held=cython.longlong[::1],
    board_totals=cython.ulonglong[::1],
    board_bits=cython.ulonglong[::1],
    picks=cython.longlong[::1],
    classes=cython.int[::1],
    totals=cython.ulonglong[::1],
    ranks=cython.uint[::1],
    index=cython.longlong[::1],
    key=cython.ulonglong,
    counter=cython.ulonglong,
    want=cython.longlong,
    fixed=cython.ulonglong,
    known=cython.int,
    size=cython.int,
    omaha=cython.bint,
    tables=cython.int,
    players=cython.int,
    live=cython.ulonglong,
    done=cython.longlong,
    attempts=cython.longlong,
    limit=cython.longlong,
    used=cython.ulonglong,
    clash=cython.bint,
    p=cython.int,
    j=cython.int,
    m=cython.int,
    n=cython.ulonglong,
    lo=cython.longlong,
    hi=cython.longlong,
    mid=cython.longlong,
    u=cython.double,
    drawn=cython.ulonglong,
    card=cython.longlong,
    bits=cython.ulonglong,
    total=cython.ulonglong,
    count=cython.int,
    best=cython.int,
    top=cython.int,
    value=cython.int,
    found=cython.int,
    dealt=cython.int,
    warm=cython.ulonglong,
    d=cython.int,
    first=cython.longlong,
    h=cython.longlong,
    a=cython.longlong,
    b=cython.longlong,
    c=cython.longlong,
    t=cython.longlong,
    all_tables=cython.bint,
    flush_suit=cython.int,
    place=cython.longlong,
    s=cython.ulonglong,
)
def deal_variant_block(
    key: int,
    want: int,
    fixed: int,
    board: NDArray[np.int64],
    known: int,
    rows: NDArray[np.int64],
    size: int,
    row_bits: NDArray[np.uint64],
    row_start: NDArray[np.int64],
    missing: NDArray[np.int64],
    cumulative: NDArray[np.float64],
    weighted: NDArray[np.uint8],
    deck: NDArray[np.int64],
    omaha: bool,
    tables: int,
    triple_tables: NDArray[np.uint16],
    triple_of: NDArray[np.int64],
    counts: NDArray[np.int64],
) -> int:
    """Deal ``want`` deals from the stream ``key`` and count each player's outcome by
    the row it was dealt; returns the deals tried (those where two players' rows met are
    dropped). Gives up after 100 tries a deal wanted.

    Player ``p`` is dealt one of rows ``row_start[p]`` to ``row_start[p + 1]`` (by the
    cumulative weights where ``weighted[p]``, else uniformly): ``size`` card numbers a
    row in ``rows``, of which the last ``missing[p]`` are unknown (dealt at random from
    ``deck``, the cards not ``fixed``). The board's ``known`` cards (``board``) are
    completed from ``deck`` too. Omaha hands are ranked from ``triple_tables`` (at
    ``TRIPLES * triple_of[p]``) when every player has one (``triple_of[p] >= 0``),
    otherwise from the board's row of Omaha's board pair table (given to
    :func:`configure_board_pairs` first: a row of classes a board, by the place of its
    rank sum in the five-card rank table), one read a pair of hole cards.
    ``counts[OUTCOMES * row + k]`` counts the deals in which the row's player lost
    (k = 0) or was on top with k - 1 others.
    """
    rows, row_bits, row_start, missing = (
        _plain(rows),
        _plain(row_bits),
        _plain(row_start),
        _plain(missing),
    )
    cumulative, weighted, deck, board = (
        _plain(cumulative),
        _plain(weighted),
        _plain(deck),
        _plain(board),
    )
    triple_tables, triple_of = _plain(triple_tables), _plain(triple_of)
    players = len(row_start) - 1
    # a batch of deals: each one's rows, hole cards, board, its key total and card set
    picks: Any = np.zeros(_BATCH * players, dtype=np.int64)
    held: Any = np.zeros(_BATCH * players * size, dtype=np.int64)
    board_cards: Any = np.zeros((_BATCH, 5), dtype=np.int64)
    board_cards[:, :known] = np.asarray(board)[:known]
    board_totals: Any = np.zeros(_BATCH, dtype=np.uint64)
    board_bits: Any = np.zeros(_BATCH, dtype=np.uint64)
    classes: Any = np.zeros(players, dtype=np.int32)
    totals: Any = np.zeros(10, dtype=np.uint64)
    ranks: Any = np.zeros(10, dtype=np.uint32)
    index: Any = np.zeros(15, dtype=np.int64)  # the board sorted, then its triples' numbers
    board_cards = board_cards.ravel()
    if not cython.compiled:
        picks, held, board_cards = picks.tolist(), held.tolist(), board_cards.tolist()
        board_totals, board_bits, classes = (
            board_totals.tolist(),
            board_bits.tolist(),
            classes.tolist(),
        )
        totals, ranks, index = totals.tolist(), ranks.tolist(), index.tolist()
    cards = cython.declare(cython.longlong[::1], board_cards)
    places = cython.declare(cython.longlong[64])  # _BATCH: each board's row
    choose2 = cython.declare(cython.longlong[52])  # C(c, 2), C(c, 3): triples' numbers
    choose3 = cython.declare(cython.longlong[52])
    for j in range(52):
        choose2[j] = j * (j - 1) // 2
        choose3[j] = j * (j - 1) * (j - 2) // 6
    all_tables = True
    flush_suit = -1
    warm = 0
    for p in range(players):
        if triple_of[p] < 0:
            all_tables = False
    if omaha and not all_tables and _pair_places == 0:
        raise ValueError("Omaha hands without a triple table: configure_board_pairs first")
    live = len(deck)
    done = 0
    attempts = 0
    counter = 0
    limit = 100 * want + 1000
    with cython.nogil:
        while done < want and attempts < limit:
            # deal a batch of deals, then rank them: the table reads of many deals are
            # then in flight at once
            dealt = 0
            while dealt < _BATCH and done + dealt < want and attempts < limit:
                attempts += 1
                used = fixed
                clash = False
                first = dealt * players
                for p in range(players):  # a row for each player
                    n = row_start[p + 1] - row_start[p]
                    lo = 0
                    if n > 1 and weighted[p]:
                        counter += 1
                        u = cython.cast(cython.double, _random(key, counter) >> 11) * (2.0**-53)
                        u = u * cumulative[row_start[p + 1] - 1]
                        hi = n - 1
                        while lo < hi:  # the first row whose cumulative weight is above u
                            mid = (lo + hi) // 2
                            if cumulative[row_start[p] + mid] > u:
                                hi = mid
                            else:
                                lo = mid + 1
                    elif n > 1:
                        drawn = _below(key, counter + 1, n)
                        counter += drawn >> 32
                        lo = cython.cast(cython.longlong, drawn & _MASK32)
                    picks[first + p] = row_start[p] + lo
                    if used & row_bits[picks[first + p]]:
                        clash = True
                        break
                    used |= row_bits[picks[first + p]]
                if clash:
                    continue
                for p in range(players):  # the unknown hole cards, then the board
                    h = size * (first + p)
                    for j in range(size):
                        held[h + j] = rows[size * picks[first + p] + j]
                    for j in range(size - missing[p], size):
                        drawn = _draw(key, counter, deck, live, used)
                        counter += drawn >> 32
                        card = drawn & _MASK32
                        used |= cython.cast(cython.ulonglong, 1) << card
                        held[h + j] = card
                bits = 0
                total = 0
                for j in range(5):
                    if j >= known:
                        drawn = _draw(key, counter, deck, live, used)
                        counter += drawn >> 32
                        card = drawn & _MASK32
                        used |= cython.cast(cython.ulonglong, 1) << card
                        cards[5 * dealt + j] = card
                    bits |= cython.cast(cython.ulonglong, 1) << cards[5 * dealt + j]
                    total += _keys[cards[5 * dealt + j]]
                board_totals[dealt] = total
                board_bits[dealt] = bits
                dealt += 1
            if omaha and not all_tables:  # each board's row (182 bytes) read into the
                # cache, a read every 64 bytes: the rows of the batch come in together
                for d in range(dealt):
                    s = board_totals[d] >> SUIT_BITS
                    place = _PAIRS * (_offsets5[tables * _rows + (s >> _shift)] + (s & _low))
                    places[d] = place
                    warm += _board_pairs[place] + _board_pairs[place + 32]
                    warm += _board_pairs[place + 64] + _board_pairs[place + 90]
            for d in range(dealt):
                first = d * players
                total = board_totals[d]
                if omaha and not all_tables:  # the board's row; its triples for flushes
                    place = places[d]
                    flush_suit = _flush_suit_of(total)
                    if flush_suit >= 0:
                        _triples(cards, 5 * d, 5, totals, ranks)
                elif omaha:  # the numbers of the board's triples, its cards sorted
                    for j in range(5):
                        index[j] = cards[5 * d + j]
                    for j in range(1, 5):
                        t = index[j]
                        m = j - 1
                        while m >= 0 and index[m] < t:
                            index[m + 1] = index[m]
                            m -= 1
                        index[m + 1] = t
                    count = 0
                    for a in range(5):
                        for b in range(a + 1, 5):
                            for c in range(b + 1, 5):
                                index[5 + count] = choose3[index[a]] + choose2[index[b]] + index[c]
                                count += 1
                best = 65535
                for p in range(players):
                    h = size * (first + p)
                    if not omaha:
                        a = held[h]
                        b = held[h + 1]
                        value = _class_cards(
                            tables,
                            7,
                            total + _keys[a] + _keys[b],
                            board_bits[d]
                            | (cython.cast(cython.ulonglong, 1) << a)
                            | (cython.cast(cython.ulonglong, 1) << b),
                        )
                    elif all_tables:
                        value = 65535
                        t = 22100 * triple_of[p]
                        for j in range(10):
                            found = triple_tables[t + index[5 + j]]
                            value = found if found < value else value
                    else:
                        value = _omaha_by_pairs(
                            tables, held, h, size, place, totals, ranks, flush_suit
                        )
                    classes[p] = value
                    best = value if value < best else best
                # without branches, so that work goes on while a class is read from memory
                top = 0
                for p in range(players):
                    top += 1 if classes[p] == best else 0
                for p in range(players):
                    counts[_OUTCOMES * picks[first + p] + (top if classes[p] == best else 0)] += 1
            done += dealt
    _warm_reads[0] = warm
    return attempts
