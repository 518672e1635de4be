# cython: annotation_typing=False, boundscheck=False, wraparound=False
# cython: cdivision=True, initializedcheck=False
"""Poker's compiled kernels, for every game: hands ranked by table reads (one hand, rows of
hands, Omaha's pairs and triples) and the loops of the equity engines (Monte Carlo deals,
exact enumerations).

Cython's pure-Python mode (see :mod:`croupier.engine`): this file runs as Python, and
compiles to C when croupier is installed. It reads tables it is given by
:mod:`croupier.poker.evaluation.tables` (:func:`configure`), never builds them, and the
helpers every kernel shares (the random stream, popcount, the fold of a suit's ranks)
from :mod:`croupier._kernel_helpers`.

The scheme (OMPEval's): every card has a 64-bit key, its rank's key (see
:mod:`croupier.poker.evaluation.keys`) in the high 32 bits and a 1 in its suit's 4-bit
counter in the low 16. A hand's key total holds the perfect hash of its ranks (the high
half) and the number of cards in each suit (the low half). Adding 3 to each counter sets
bit 3 of a counter exactly when its suit has 5 cards or more: then the hand's class is
the flush table's entry for the ranks held in that suit; otherwise it is the rank table's
entry for the rank sum. The rank tables are compressed by row displacement: the sum's
high bits pick a row and its offset, the low bits a place after it
(:func:`displace_rows`).

The game is data: its *table set* (0: hold'em's, which Omaha and five-card Omaha read;
1 and 2: short-deck's two orders), the sets side by side in one array of each table,
declared once here. Hold'em's fast paths (:func:`class_of`, :func:`rank_rows`,
:func:`deal_block`, :func:`exact_small`) read set 0; the other games' kernels
(:func:`omaha_rows`, :func:`holdem_rows`, :func:`exact_boards`, :func:`deal_rows_block`)
take the set. An Omaha hand is the best of its two-hole-card pairs with the board's
three-card triples: the key totals and rank sets of the triples are added up once per
board, those of the pairs once per hand; Monte Carlo deals rank Omaha hands from a table
of each known hand with every triple (:func:`triple_table`), or from Omaha's board pair
table: six reads a hand of four.

>>> import numpy as np
>>> from croupier.poker.evaluation.tables import kernel_arguments
>>> configure(*kernel_arguments())
>>> out = np.zeros(2, dtype=np.uint16)
>>> hands = np.array([[51, 47, 43, 39, 35, 0, 1], [0, 5, 10, 15, 20, 24, 29]])
>>> rank_rows(hands, out, 0, 2, True)  # checked: the first bad row (none)
-1
>>> out.tolist()
[1, 7414]
>>> hole = np.array([51, 47, 0, 5], dtype=np.int64)      # As Ks 2c 3d
>>> board = np.array([43, 39, 35, 1, 2], dtype=np.int64)  # Qs Js Ts 2d 2h
>>> omaha_rows(hole, 4, board, 5, 1, out, 0)
>>> int(out[0])  # the royal flush: As Ks with Qs Js Ts
1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cython
import numpy as np
from numpy.typing import NDArray

if not cython.compiled:  # run as Python: the cimport below finds the helpers' source
    from croupier import _kernel_helpers  # noqa: F401
from cython.cimports.croupier._kernel_helpers import (
    cells,
    mix64,
    plain,
    popcount64,
    store,
    stream,
    suit_ranks,
)

__all__ = [
    "CHANCE_SCALE",
    "OUTCOMES",
    "SHARE_UNITS",
    "TRIPLES",
    "alias_table",
    "block_key",
    "card_slots",
    "check_rows",
    "class_of",
    "configure",
    "configure_board_pairs",
    "configure_cards",
    "configure_combos",
    "deal_block",
    "deal_rows_block",
    "displace_rows",
    "exact_boards",
    "exact_flop",
    "exact_pairs",
    "exact_preflop",
    "exact_river",
    "exact_small",
    "exact_sweep",
    "exact_turn",
    "holdem_rows",
    "omaha_rows",
    "rank_rows",
    "triple_table",
]

# C constants (cython.declare): the rank sum is a key total's bits from SUIT_BITS up;
# FLUSH_OFFSET, added to a total, sets bit 3 (FLUSH_BITS) of every suit counter holding
# 5 or more. 64 and 32 bits: the uncompiled source masks with them where C integers wrap.
SUIT_BITS: int = cython.declare(cython.int, 32)
FLUSH_OFFSET: int = cython.declare(cython.ulonglong, 0x3333)
FLUSH_BITS: int = cython.declare(cython.ulonglong, 0x8888)
_MASK32: int = cython.declare(cython.ulonglong, 0xFFFFFFFF)
_MASK64: int = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)
_GOLDEN: int = cython.declare(cython.ulonglong, 0x9E3779B97F4A7C15)
#: Places in a set's flush table (one per 13-bit rank set).
_FLUSHES: int = cython.declare(cython.int, 8192)
#: Triples of three of the 52 cards, C(52, 3): the size of a triple table.
TRIPLES = 22100
#: Pairs of ranks two hole cards can hold, 13 pairs and 78 of two ranks: a board's row in
#: the board pair table (:data:`croupier.poker.evaluation.tables.PAIR_RANKS`).
_PAIRS: int = cython.declare(cython.longlong, 91)
#: Outcome columns of a Monte Carlo tally: 0 lost, k the pot shared by k players (1: won).
OUTCOMES = 11
_OUTCOMES: int = cython.declare(cython.int, 11)
#: A pot in units that every share of it (1 to 10 players) divides: lcm(1..10).
SHARE_UNITS = 2520
_UNITS: int = cython.declare(cython.longlong, 2520)
#: The most players a deal has.
_PLAYERS: int = cython.declare(cython.int, 10)
#: Deals dealt before they are ranked together.
_BATCH: int = cython.declare(cython.int, 64)
#: The most pairs of combos drawn on 16 bits (beyond, on 32).
_SMALL_TABLE: int = cython.declare(cython.ulonglong, 4096)

# --- the tables, declared once ------------------------------------------------------------
# Set by configure(): the key of each card number 0-63 (a card number is masked to 6 bits
# where it is not checked, and 52-63 key nothing, so unchecked input never reads outside
# a table); every set's flush table, one after the other; for 5, 6 and 7 cards every
# set's row offsets (_rows a set, each pointing into the values of all sets) and the
# values; _shift bits of a rank sum pick its place in its row (_low masks them).
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

# The two cards of each combo number (see croupier.poker.ranges.starting_hands), set by
# configure_combos().
_combo_low: Sequence[int] = cython.declare(cython.const[cython.longlong][::1])
_combo_high: Sequence[int] = cython.declare(cython.const[cython.longlong][::1])

# Omaha's board pair table and the place of each pair of ranks in a row, set by
# configure_board_pairs().
_board_pairs: Sequence[int] = cython.declare(cython.const[cython.ushort][::1])
_pair_of: Sequence[int] = cython.declare(cython.const[cython.uchar][::1])
_pair_places: int = cython.declare(cython.longlong, 0)
#: The sum of the first reads of boards' rows (kept so that the compiler keeps them).
_warm_reads: Any = np.zeros(1, dtype=np.uint64)

# Card objects to card numbers without reading an attribute: the addresses of the 52
# cards of the deck in an open-addressing table of _SLOTS places (0: empty), the card
# number in each place; other Card objects have their index read.
_SLOTS: int = cython.declare(cython.int, 256)
_addresses: Sequence[int] = cython.declare(cython.const[cython.longlong][::1])
_numbers: Sequence[int] = cython.declare(cython.const[cython.int][::1])
_card_type: object = cython.declare(object, None)
_deck: object = cython.declare(object, None)

# The input types rank_rows reads directly (any other is converted first).
Cards = cython.fused_type(
    cython.char,
    cython.uchar,
    cython.short,
    cython.ushort,
    cython.int,
    cython.uint,
    cython.long,
    cython.ulong,
    cython.longlong,
    cython.ulonglong,
)


def configure(
    keys: NDArray[np.uint64],
    flush: NDArray[np.uint16],
    offsets: tuple[NDArray[np.int32], NDArray[np.int32], NDArray[np.int32]],
    values: tuple[NDArray[np.uint16], NDArray[np.uint16], NDArray[np.uint16]],
    rows: int,
    shift: int,
) -> None:
    """Give the kernels their tables
    (:func:`croupier.poker.evaluation.tables.kernel_arguments`): the key of each card
    number 0-63, every set's flush table (8,192 entries each, one after the other) and,
    for 5, 6 and 7 cards, every set's row offsets (``rows`` a set, each pointing into the
    values of all sets) and the values; ``shift`` low bits of a rank sum pick its place in
    its row."""
    global _keys, _flush, _offsets5, _offsets6, _offsets7, _values5, _values6, _values7
    global _rows, _shift, _low
    _keys = plain(keys)
    _flush = plain(flush)
    _offsets5, _offsets6, _offsets7 = (plain(o) for o in offsets)
    _values5, _values6, _values7 = (plain(v) for v in values)
    _rows = rows
    _shift = shift
    _low = (1 << shift) - 1


def configure_combos(low: NDArray[np.int64], high: NDArray[np.int64]) -> None:
    """Give :func:`exact_small` the two cards of each combo number (low card first)."""
    global _combo_low, _combo_high
    _combo_low = plain(low)
    _combo_high = plain(high)


def configure_board_pairs(board_pairs: NDArray[np.uint16], pair_of: NDArray[np.uint8]) -> None:
    """Give the Monte Carlo kernel Omaha's board pair table
    (:func:`croupier.poker.evaluation.tables.board_pair_table`), which it reads to rank
    Omaha hands without a triple table, and the place in a row of each pair of ranks
    (``pair_of[13 * rank + other]``, ranks 0 to 12)."""
    global _board_pairs, _pair_of, _pair_places
    _board_pairs = plain(board_pairs)
    _pair_of = plain(pair_of)
    _pair_places = len(board_pairs) // _PAIRS


# --- reading the tables -------------------------------------------------------------------


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(tables=cython.int, size=cython.int, total=cython.ulonglong, s=cython.ulonglong)
@cython.returns(cython.int)
def _rank_class(tables: int, size: int, total: int) -> int:
    """The class of ``size`` cards (5 to 7) without a flush, from their key total, in
    table set ``tables``."""
    s = total >> SUIT_BITS
    if size == 7:
        return _values7[_offsets7[tables * _rows + (s >> _shift)] + (s & _low)]
    if size == 6:
        return _values6[_offsets6[tables * _rows + (s >> _shift)] + (s & _low)]
    return _values5[_offsets5[tables * _rows + (s >> _shift)] + (s & _low)]


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(total=cython.ulonglong, flush=cython.ulonglong, suit=cython.uint)
@cython.returns(cython.uint)
def _flush_suit(total: int) -> int:
    """The suit with 5 cards or more in a key total that has one."""
    flush = (total + FLUSH_OFFSET) & FLUSH_BITS
    suit = 0
    while not (flush >> (4 * suit + 3)) & 1:
        suit += 1
    return suit


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(tables=cython.int, size=cython.int, total=cython.ulonglong, cards=cython.ulonglong)
@cython.returns(cython.int)
def _class_cards(tables: int, size: int, total: int, cards: int) -> int:
    """The class of the best five of ``size`` cards (5 to 7), from their key total and
    their card set, in table set ``tables``."""
    if (total + FLUSH_OFFSET) & FLUSH_BITS:
        return _flush[tables * _FLUSHES + suit_ranks(cards, _flush_suit(total))]
    return _rank_class(tables, size, total)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(tables=cython.int, total=cython.ulonglong, ranks=cython.uint)
@cython.returns(cython.int)
def _class5(tables: int, total: int, ranks: int) -> int:
    """The class of five cards from their key total and their set of ranks."""
    if (total + FLUSH_OFFSET) & FLUSH_BITS:
        return _flush[tables * _FLUSHES + ranks]
    return _rank_class(tables, 5, total)


# --- one hold'em hand, and rows of hold'em hands ------------------------------------------


def configure_cards(
    deck: tuple[object, ...],
    card_type: type,
    addresses: NDArray[np.int64],
    numbers: NDArray[np.int32],
) -> None:
    """Let :func:`class_of` know the cards: the deck (kept alive here, so that its cards'
    addresses stay theirs), their class, and the table :func:`card_slots` made."""
    global _deck, _card_type, _addresses, _numbers
    _deck = deck
    _card_type = card_type
    _addresses = plain(addresses)
    _numbers = plain(numbers)


def card_slots(addresses: list[int]) -> tuple[NDArray[np.int64], NDArray[np.int32]]:
    """The open-addressing table of the deck's addresses (card ``i`` at ``addresses[i]``)
    that :func:`configure_cards` takes: a place per address, the card number beside it."""
    places = np.zeros(_SLOTS, dtype=np.int64)
    numbers = np.full(_SLOTS, -1, dtype=np.int32)
    for number, address in enumerate(addresses):
        slot = (address >> 4) & (_SLOTS - 1)
        while places[slot]:
            slot = (slot + 1) & (_SLOTS - 1)
        places[slot] = address
        numbers[slot] = number
    return places, numbers


@cython.cfunc
@cython.locals(address=cython.longlong, slot=cython.int)
@cython.returns(cython.int)
def _number_of(card: Any) -> int:
    """The number of a Card object, or -1 for anything else."""
    address: int
    if cython.compiled:
        address = cython.cast(cython.longlong, cython.cast(cython.p_void, card))
    else:
        address = id(card)
    slot = (address >> 4) & (_SLOTS - 1)
    while _addresses[slot]:
        if _addresses[slot] == address:
            return _numbers[slot]
        slot = (slot + 1) & (_SLOTS - 1)
    if type(card) is not _card_type:
        return -1
    return int(card.index)


@cython.locals(
    size=cython.Py_ssize_t,
    i=cython.Py_ssize_t,
    number=cython.int,
    seen=cython.ulonglong,
    bit=cython.ulonglong,
    total=cython.ulonglong,
)
def class_of(hand: tuple[object, ...]) -> int:
    """The class of a tuple of 5 to 7 distinct Card objects, or 0 for anything else."""
    size = len(hand)
    if size < 5 or size > 7:
        return 0
    seen = 0
    total = 0
    for i in range(size):
        number = _number_of(hand[i])
        if number < 0:
            return 0
        bit = cython.cast(cython.ulonglong, 1) << number
        if seen & bit:
            return 0
        seen |= bit
        total += _keys[number]
    return _class_cards(0, cython.cast(cython.int, size), total, seen)


@cython.locals(
    size=cython.Py_ssize_t,
    board_size=cython.Py_ssize_t,
    tables=cython.int,
    i=cython.Py_ssize_t,
    j=cython.Py_ssize_t,
    k=cython.Py_ssize_t,
    t=cython.Py_ssize_t,
    count=cython.Py_ssize_t,
    number=cython.int,
    seen=cython.ulonglong,
    bit=cython.ulonglong,
    pair=cython.ulonglong,
    pair_bits=cython.ulonglong,
    found=cython.int,
    best=cython.int,
)
def omaha_class_of(hole: tuple[object, ...], board: tuple[object, ...], size: int) -> int:
    """The Omaha class (exactly two hole cards with exactly three of the board) of a
    tuple of ``size`` hole Card objects (4 or 5) and a tuple of 3 to 5 board Card
    objects, no card twice; 0 for anything else (left to the caller's checks). Every
    pair of hole cards meets every triple of the board: 60 five-card reads at most for
    four hole cards, 100 for five."""
    holes = cython.declare(cython.longlong[5])
    triple_keys = cython.declare(cython.ulonglong[10])
    triple_bits = cython.declare(cython.ulonglong[10])
    board_numbers = cython.declare(cython.longlong[5])
    board_size = len(board)
    if len(hole) != size or size < 4 or size > 5 or board_size < 3 or board_size > 5:
        return 0
    seen = 0
    for i in range(size + board_size):
        number = _number_of(hole[i] if i < size else board[i - size])
        if number < 0:
            return 0
        bit = cython.cast(cython.ulonglong, 1) << number
        if seen & bit:
            return 0
        seen |= bit
        if i < size:
            holes[i] = number
        else:
            board_numbers[i - size] = number
    count = 0
    for i in range(board_size):
        for j in range(i + 1, board_size):
            for k in range(j + 1, board_size):
                triple_keys[count] = (
                    _keys[board_numbers[i]] + _keys[board_numbers[j]] + _keys[board_numbers[k]]
                )
                triple_bits[count] = (
                    (cython.cast(cython.ulonglong, 1) << board_numbers[i])
                    | (cython.cast(cython.ulonglong, 1) << board_numbers[j])
                    | (cython.cast(cython.ulonglong, 1) << board_numbers[k])
                )
                count += 1
    tables = 0  # Omaha's classes are hold'em's
    best = 65535
    for i in range(size):
        for j in range(i + 1, size):
            pair = _keys[holes[i]] + _keys[holes[j]]
            pair_bits = (cython.cast(cython.ulonglong, 1) << holes[i]) | (
                cython.cast(cython.ulonglong, 1) << holes[j]
            )
            for t in range(count):
                found = _class_cards(tables, 5, pair + triple_keys[t], pair_bits | triple_bits[t])
                if found < best:
                    best = found
    return best


# Fused-type kernels take their other C variables from cython.declare: Cython drops the
# cython.locals of a fused function that has other arguments.
@cython.locals(hands=Cards[:, ::1])
def rank_rows(
    hands: NDArray[np.integer],
    out: NDArray[np.uint16],
    start: int,
    stop: int,
    check: bool = False,
) -> int:
    """Classes of rows ``start`` to ``stop`` of ``hands`` (5 to 7 card numbers a row)
    into ``out``, without the GIL. With ``check``, each row is checked as it is read (as
    :func:`check_rows` does) and the first bad row stops the work: its number is
    returned (-1: none). Unchecked, a bad card number gives a meaningless class, read
    from inside the tables."""
    if not cython.compiled:
        hands = plain(hands)
    checking = cython.declare(cython.bint, check)
    bad: int = cython.declare(cython.Py_ssize_t, -1)
    seen = cython.declare(cython.ulonglong)
    spread = cython.declare(cython.ulonglong)
    wrong = cython.declare(cython.ulonglong)
    raw = cython.declare(cython.ulonglong)
    c0 = cython.declare(cython.ulonglong)
    c1 = cython.declare(cython.ulonglong)
    c2 = cython.declare(cython.ulonglong)
    c3 = cython.declare(cython.ulonglong)
    c4 = cython.declare(cython.ulonglong)
    c5 = cython.declare(cython.ulonglong)
    c6 = cython.declare(cython.ulonglong)
    b0 = cython.declare(cython.ulonglong)
    b1 = cython.declare(cython.ulonglong)
    b2 = cython.declare(cython.ulonglong)
    b3 = cython.declare(cython.ulonglong)
    b4 = cython.declare(cython.ulonglong)
    b5 = cython.declare(cython.ulonglong)
    b6 = cython.declare(cython.ulonglong)
    classes = cython.declare(cython.ushort[::1], out)
    first = cython.declare(cython.Py_ssize_t, start)
    last = cython.declare(cython.Py_ssize_t, stop)
    size = cython.declare(cython.int, hands.shape[1])
    i = cython.declare(cython.Py_ssize_t)
    j = cython.declare(cython.Py_ssize_t)
    total = cython.declare(cython.ulonglong)
    with cython.nogil:
        if size == 7:  # the common case, written out: a few times faster
            for i in range(first, last):
                c0 = cython.cast(cython.ulonglong, hands[i, 0]) & _MASK64
                c1 = cython.cast(cython.ulonglong, hands[i, 1]) & _MASK64
                c2 = cython.cast(cython.ulonglong, hands[i, 2]) & _MASK64
                c3 = cython.cast(cython.ulonglong, hands[i, 3]) & _MASK64
                c4 = cython.cast(cython.ulonglong, hands[i, 4]) & _MASK64
                c5 = cython.cast(cython.ulonglong, hands[i, 5]) & _MASK64
                c6 = cython.cast(cython.ulonglong, hands[i, 6]) & _MASK64
                if checking:  # numbers 0 to 51, each card once, tested without branches
                    wrong = (c0 > 51) | (c1 > 51) | (c2 > 51) | (c3 > 51)
                    wrong |= (c4 > 51) | (c5 > 51) | (c6 > 51)
                    b0 = cython.cast(cython.ulonglong, 1) << (c0 & 63)
                    b1 = cython.cast(cython.ulonglong, 1) << (c1 & 63)
                    b2 = cython.cast(cython.ulonglong, 1) << (c2 & 63)
                    b3 = cython.cast(cython.ulonglong, 1) << (c3 & 63)
                    b4 = cython.cast(cython.ulonglong, 1) << (c4 & 63)
                    b5 = cython.cast(cython.ulonglong, 1) << (c5 & 63)
                    b6 = cython.cast(cython.ulonglong, 1) << (c6 & 63)
                    # the cards' bits add up to their union only when no card repeats
                    # (no sum of 7 bits below bit 52 wraps)
                    seen = b0 | b1 | b2 | b3 | b4 | b5 | b6
                    spread = (b0 + b1 + b2 + b3 + b4 + b5 + b6) & _MASK64
                    if wrong | (seen ^ spread):
                        bad = i
                        break
                total = (
                    _keys[c0 & 63]
                    + _keys[c1 & 63]
                    + _keys[c2 & 63]
                    + _keys[c3 & 63]
                    + _keys[c4 & 63]
                    + _keys[c5 & 63]
                    + _keys[c6 & 63]
                ) & _MASK64
                if (total + FLUSH_OFFSET) & FLUSH_BITS:
                    classes[i] = _flush_of(hands, i, size, total)
                else:
                    classes[i] = _rank_class(0, 7, total)
        else:
            for i in range(first, last):
                if checking:  # numbers 0 to 51, each card once, tested without branches
                    seen = 0
                    spread = 0
                    wrong = 0
                    for j in range(size):
                        raw = cython.cast(cython.ulonglong, hands[i, j]) & _MASK64
                        wrong |= raw > 51
                        seen |= cython.cast(cython.ulonglong, 1) << (raw & 63)
                        spread += cython.cast(cython.ulonglong, 1) << (raw & 63)
                    if wrong or seen != (spread & _MASK64):
                        bad = i
                        break
                total = 0
                for j in range(size):
                    total += _keys[hands[i, j] & 63]
                if (total + FLUSH_OFFSET) & FLUSH_BITS:
                    classes[i] = _flush_of(hands, i, size, total)
                else:
                    classes[i] = _rank_class(0, size, total)
    return bad


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(
    hands=Cards[:, ::1],
    i=cython.Py_ssize_t,
    size=cython.int,
    total=cython.ulonglong,
    j=cython.Py_ssize_t,
    card=cython.uint,
    suit=cython.uint,
    mask=cython.uint,
)
@cython.returns(cython.ushort)
def _flush_of(hands: Any, i: int, size: int, total: int) -> int:
    """The class of row ``i`` of ``hands``, a hand holding a flush (its key total)."""
    suit = _flush_suit(total)
    mask = 0
    for j in range(size):
        card = hands[i, j] & 63
        if (card & 3) == suit:
            mask |= 1 << (card >> 2)
    return _flush[mask & 0x1FFF]


@cython.locals(hands=Cards[:, ::1])
def check_rows(hands: NDArray[np.integer], start: int, stop: int) -> int:
    """The first row from ``start`` to ``stop`` holding a card number outside 0-51 or a
    card twice, or -1 when there is none."""
    if not cython.compiled:
        hands = plain(hands)
    first = cython.declare(cython.Py_ssize_t, start)
    last = cython.declare(cython.Py_ssize_t, stop)
    size = cython.declare(cython.int, hands.shape[1])
    i = cython.declare(cython.Py_ssize_t)
    j = cython.declare(cython.Py_ssize_t)
    seen = cython.declare(cython.ulonglong)
    card = cython.declare(cython.longlong)
    bad: int = cython.declare(cython.Py_ssize_t, -1)
    with cython.nogil:
        for i in range(first, last):
            seen = 0
            for j in range(size):
                card = hands[i, j]
                if card < 0 or card > 51 or (seen >> card) & 1:
                    bad = i
                    break
                seen |= cython.cast(cython.ulonglong, 1) << card
            if bad >= 0:
                break
    return bad


@cython.locals(
    columns=cython.longlong[::1],
    starts=cython.longlong[::1],
    order=cython.longlong[::1],
    offsets=cython.int[::1],
    taken=cython.uchar[::1],
    r=cython.Py_ssize_t,
    k=cython.Py_ssize_t,
    j=cython.Py_ssize_t,
    first=cython.Py_ssize_t,
    offset=cython.Py_ssize_t,
    fits=cython.bint,
    low=cython.Py_ssize_t,
)
def displace_rows(
    starts: NDArray[np.int64],
    columns: NDArray[np.int64],
    order: NDArray[np.int64],
    offsets: NDArray[np.int32],
    taken: NDArray[np.uint8],
) -> None:
    """Row displacement (Tarjan and Yao): give each row of a sparse table an offset
    such that no two entries land on the same place.

    Row ``r`` holds the entries at ``columns[starts[r]:starts[r + 1]]`` (sorted); rows are
    placed in ``order`` (the fullest first), each at the smallest offset where all its
    entries land on places not ``taken`` yet, starting from the first free place.
    """
    if not cython.compiled:
        starts, columns, order = plain(starts), plain(columns), plain(order)
    first = 0
    with cython.nogil:
        for k in range(order.shape[0]):
            r = order[k]
            if starts[r] == starts[r + 1]:
                continue
            while taken[first]:
                first += 1
            low = columns[starts[r]]
            offset = first - low if first > low else 0
            while True:
                fits = True
                for j in range(starts[r], starts[r + 1]):
                    if taken[offset + columns[j]]:
                        fits = False
                        break
                if fits:
                    break
                offset += 1
            for j in range(starts[r], starts[r + 1]):
                taken[offset + columns[j]] = 1
            offsets[r] = offset


# --- every game's hands -------------------------------------------------------------------


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


# --- rows of hands of every game ----------------------------------------------------------


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
    hole, board = plain(hole), plain(board)
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
    cards = plain(cards)
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
    hole = plain(hole)
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


# --- Monte Carlo equity: hold'em ----------------------------------------------------------
# Random numbers: splitmix64 run as a counter (the n-th number of a stream is a hash of its
# key plus n times the golden ratio), so any deal is reproduced from its block's key and
# its own number alone, whoever deals it: deal a of a block reads the 32-bit halves of
# numbers a * 2**32, a * 2**32 + 1, ... of the block's stream, high half first. Every
# operation is masked to 64 bits: the source, run as Python, gives the same numbers as the
# compiled kernel, and croupier.poker.calc.montecarlo deals the same deals with NumPy.


def block_key(seed: int, block: int) -> int:
    """The key of block ``block`` of the deals of ``seed`` (both below 2**64).

    >>> block_key(7, 0) != block_key(7, 1) != block_key(8, 0)
    True
    """
    return int(mix64((mix64(seed & _MASK64) + mix64((block * _GOLDEN) & _MASK64)) & _MASK64))


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(base=cython.ulonglong, index=cython.ulonglong, first=cython.ulonglong)
@cython.returns(cython.ulonglong)
def _number(base: int, index: int, first: int) -> int:
    """Number ``index`` of the stream starting at ``base``, whose first is ``first``."""
    if index == 0:
        return first
    return stream(base, index)


#: The scale of an alias table's chances: a combo is kept when a 32-bit draw is below
#: its chance (2**32: always).
CHANCE_SCALE = 1 << 32


@cython.locals(
    weights=cython.double[::1],
    chance=cython.ulonglong[::1],
    alias=cython.longlong[::1],
    scaled=cython.double[::1],
    small=cython.longlong[::1],
    large=cython.longlong[::1],
    n=cython.Py_ssize_t,
    i=cython.Py_ssize_t,
    few=cython.Py_ssize_t,
    many=cython.Py_ssize_t,
    s=cython.longlong,
    g=cython.longlong,
    total=cython.double,
    kept=cython.double,
)
def alias_table(
    weights: NDArray[np.float64], chance: NDArray[np.uint64], alias: NDArray[np.int64]
) -> None:
    """Walker's alias table of ``weights`` (Vose's construction): draw ``i`` uniformly
    among the ``n`` entries and a 32-bit number ``u``; ``i`` is drawn if ``u`` is below
    ``chance[i]``, else ``alias[i]``. Each entry is then drawn with probability its weight
    over the total, to a 2**-32 part of ``1 / n`` (the chances are rounded to 32 bits).
    Built in a fixed order of double operations: compiled or not, the same table.

    >>> import numpy as np
    >>> chance, alias = np.zeros(3, dtype=np.uint64), np.zeros(3, dtype=np.int64)
    >>> alias_table(np.array([1.0, 2.0, 3.0]), chance, alias)
    >>> [c / 2**32 for c in chance.tolist()], alias.tolist()
    ([0.5, 1.0, 1.0], [2, 1, 2])
    """
    n = weights.shape[0]
    scaled = np.zeros(max(n, 1))
    small = np.zeros(max(n, 1), dtype=np.int64)
    large = np.zeros(max(n, 1), dtype=np.int64)
    if not cython.compiled:
        weights = plain(weights)
        chance, alias = cells(chance), cells(alias)
        scaled, small, large = cells(scaled), cells(small), cells(large)
    total = 0.0
    few = 0
    many = 0
    with cython.nogil:
        for i in range(n):
            total += weights[i]
        for i in range(n):
            scaled[i] = weights[i] * n / total
            alias[i] = i
            if scaled[i] < 1.0:
                small[few] = i
                few += 1
            else:
                large[many] = i
                many += 1
        while few and many:
            few -= 1
            s = small[few]
            g = large[many - 1]
            kept = scaled[s]
            chance[s] = cython.cast(cython.ulonglong, kept * 4294967296.0 + 0.5)
            alias[s] = g
            scaled[g] = (scaled[g] + kept) - 1.0
            if scaled[g] < 1.0:
                many -= 1
                small[few] = g
                few += 1
        for i in range(few):  # what rounding left: always kept
            chance[small[i]] = 4294967296
        for i in range(many):
            chance[large[i]] = 4294967296
    if not cython.compiled:
        store(chance)
        store(alias)


@cython.locals(
    combo_cards=cython.longlong[::1],
    combo_start=cython.longlong[::1],
    chance=cython.ulonglong[::1],
    alias=cython.longlong[::1],
    weighted=cython.uchar[::1],
    two_first=cython.longlong[::1],
    two_second=cython.longlong[::1],
    two_chance=cython.ulonglong[::1],
    two_alias=cython.longlong[::1],
    pairs_of_two=cython.ulonglong,
    two_bound=cython.ulonglong,
    scale=cython.ulonglong,
    two_weighted=cython.bint,
    deck=cython.longlong[::1],
    counts=cython.longlong[::1],
    combo_keys=cython.ulonglong[::1],
    combo_bits=cython.ulonglong[::1],
    cards=cython.longlong[::1],
    pair_cards=cython.ushort[::1],
    pair_at=cython.int[::1],
    pair_bits=cython.ulonglong[::1],
    pair_combo=cython.longlong[::1],
    live_bits=cython.ulonglong,
    inside=cython.bint,
    every=cython.bint,
    tally=cython.int[::1],
    stride=cython.int,
    two_pack=cython.uint[::1],
    pairs=cython.ulonglong,
    pair_bound=cython.ulonglong,
    key=cython.ulonglong,
    base=cython.ulonglong,
    x=cython.ulonglong,
    y=cython.ulonglong,
    m=cython.ulonglong,
    n=cython.ulonglong,
    coin=cython.ulonglong,
    live=cython.ulonglong,
    bound=cython.ulonglong,
    fixed=cython.ulonglong,
    held=cython.ulonglong,
    board_cards=cython.ulonglong,
    used=cython.ulonglong,
    hands=cython.ulonglong,
    bits=cython.ulonglong,
    board_total=cython.ulonglong,
    total=cython.ulonglong,
    index=cython.ulonglong,
    left=cython.int,
    number=cython.ulonglong,
    first_number=cython.ulonglong,
    batch_start=cython.longlong,
    dealt=cython.int,
    d=cython.int,
    players=cython.int,
    free=cython.int,
    to_deal=cython.int,
    p=cython.int,
    f=cython.int,
    c=cython.int,
    _c=cython.int,
    i=cython.longlong,
    other=cython.longlong,
    lo=cython.longlong,
    first=cython.longlong,
    card=cython.longlong,
    best=cython.int,
    mine=cython.int,
    theirs=cython.int,
    top=cython.int,
    clash=cython.bint,
    done=cython.longlong,
    want=cython.longlong,
    attempts=cython.longlong,
    limit=cython.longlong,
)
def deal_block(
    key: int,
    want: int,
    fixed: int,
    board_cards: int,
    board_total: int,
    combo_cards: NDArray[np.int64],
    combo_start: NDArray[np.int64],
    chance: NDArray[np.uint64],
    alias: NDArray[np.int64],
    weighted: NDArray[np.uint8],
    two_first: NDArray[np.int64],
    two_second: NDArray[np.int64],
    two_chance: NDArray[np.uint64],
    two_alias: NDArray[np.int64],
    deck: NDArray[np.int64],
    to_deal: int,
    counts: NDArray[np.int64],
) -> int:
    """Deal ``want`` deals whose cards all differ from the stream ``key`` and add up each
    player's outcome by the combo it holds; returns the deals tried (dropped ones
    included). Gives up after 100 tries a deal wanted (the caller sees too few deals
    counted).

    Player ``p`` holds one of combos ``combo_start[p]`` to ``combo_start[p + 1]`` (two
    card numbers each in ``combo_cards``); a player with a single combo always holds it
    (its cards must be out of the other ranges). Where ``two_first`` is not empty, the
    first two players holding more than one combo draw theirs together: entry ``i`` of
    the table of the pairs of their combos that fit (``two_first[i]`` and
    ``two_second[i]``), drawn uniformly (Lemire's method on 16 bits for a table of 4,096
    pairs at most, else 32) and, where
    ``two_chance`` is not empty, that entry or its alias by the table's alias table
    (``two_chance`` and ``two_alias``, see :func:`alias_table`; a 32-bit draw). The other
    players holding more than one combo draw theirs in turn: an entry uniformly (on 16
    bits), then, where ``weighted[p]`` is set, that entry or its alias by the player's
    alias table (``chance`` and ``alias``); a combo meeting a card already held drops the
    deal. A player among these other ones whose range is every pair of the deck less the
    single combos' cards, at one weight (each listed once; only where every range of
    more than one combo is within that deck), is dealt instead a pair of it as the board
    is (16 bits, drawn again while it meets a card held): the pairs that fit then number
    the same whichever cards the players before hold, so every compatible deal keeps its
    probability and none is dropped for that player. The board (``board_cards``, a
    52-bit set, whose key total is ``board_total``) is completed by pairs of cards, then
    a card if ``to_deal`` is odd, drawn uniformly (16 bits each) among the pairs and
    cards of ``deck`` (every card not on the board or dead, ``fixed`` as a set) less the
    single combos' cards, drawn again while they meet a card dealt.
    ``counts[OUTCOMES * combo + k]`` counts the deals in which the combo's player lost
    (k = 0) or was on top with k - 1 others.

    Deal ``a`` (from 0, dropped deals included) reads numbers ``a * 2**32``,
    ``a * 2**32 + 1``, ... of the stream ``key``, each as four 16-bit draws, high bits
    first: each deal is the same whoever deals it, and
    :func:`croupier.poker.calc.montecarlo.deal_block` deals the same with NumPy.
    """
    if not cython.compiled:
        combo_cards, combo_start, deck = plain(combo_cards), plain(combo_start), plain(deck)
        chance, alias, weighted = plain(chance), plain(alias), plain(weighted)
        two_first, two_second = plain(two_first), plain(two_second)
        two_chance, two_alias = plain(two_chance), plain(two_alias)
    # the tables as local views: their data pointers stay in registers
    keys = cython.declare(cython.const[cython.ulonglong][::1], _keys)
    offsets = cython.declare(cython.const[cython.int][::1], _offsets7)
    values = cython.declare(cython.const[cython.ushort][::1], _values7)
    shift = cython.declare(cython.int, _shift)
    low = cython.declare(cython.ulonglong, _low)
    dealt_picks = cython.declare(cython.longlong[640])  # _BATCH x _PLAYERS
    dealt_totals = cython.declare(cython.ulonglong[64])
    dealt_boards = cython.declare(cython.ulonglong[64])
    # _BATCH x _PLAYERS: where each hand's class is (its place in the rank table, or its
    # class negated less one for a flush); heads-up, two a deal
    spots = cython.declare(cython.longlong[640])
    firsts = cython.declare(cython.ulonglong[64])
    start = cython.declare(cython.longlong[10])
    size = cython.declare(cython.ulonglong[10])
    bound_of = cython.declare(cython.ulonglong[10])
    order = cython.declare(cython.int[10])
    direct = cython.declare(cython.int[10])
    classes = cython.declare(cython.int[10])
    players = combo_start.shape[0] - 1
    combos = combo_start[players]
    # each combo's key total and card set, the deck less the single combos' cards, and
    # every pair of it
    combo_keys = np.zeros(max(combos, 1), dtype=np.uint64)
    combo_bits = np.zeros(max(combos, 1), dtype=np.uint64)
    cards = np.zeros(max(deck.shape[0], 1), dtype=np.int64)
    pair_cards = np.zeros(1326, dtype=np.uint16)  # each pair: a card, the other << 8
    pair_at = np.full(52 * 52, -1, dtype=np.int32)  # the pair of two cards' numbers
    pair_bits = np.zeros(1326, dtype=np.uint64)  # each pair's two cards as a set
    # a player dealt two cards directly: the combo of each pair (players x 1,326)
    pair_combo = np.full(max(players, 1) * 1326, -1, dtype=np.int64)
    # the block's counts, small (the columns that can be reached), added at the end
    stride = players + 1
    tally = np.zeros(max(combos, 1) * stride, dtype=np.int32)
    two_pack = np.zeros(max(two_first.shape[0], 1), dtype=np.uint32)  # first | second << 16
    if not cython.compiled:
        combo_keys, combo_bits, cards = cells(combo_keys), cells(combo_bits), cells(cards)
        pair_cards, two_pack, tally = cells(pair_cards), cells(two_pack), cells(tally)
        pair_at, pair_combo, pair_bits = cells(pair_at), cells(pair_combo), cells(pair_bits)
    live = 0
    number = 0
    first_number = 0
    pairs_of_two = two_first.shape[0]
    two_bound = 0
    if pairs_of_two:
        scale = 0x10000 if pairs_of_two <= _SMALL_TABLE else _MASK32 + 1
        two_bound = scale % pairs_of_two
    two_weighted = two_chance.shape[0] > 0
    held = 0
    free = 0
    done = 0
    attempts = 0
    limit = 100 * want + 1000
    if want >= 1 << 31:
        raise ValueError(f"want {want}: at most 2**31 - 1 deals a call")
    with cython.nogil:
        for i in range(combos):
            combo_keys[i] = keys[combo_cards[2 * i]] + keys[combo_cards[2 * i + 1]]
            combo_bits[i] = (cython.cast(cython.ulonglong, 1) << combo_cards[2 * i]) | (
                cython.cast(cython.ulonglong, 1) << combo_cards[2 * i + 1]
            )
        for p in range(players):
            start[p] = combo_start[p]
            size[p] = combo_start[p + 1] - combo_start[p]
            for d in range(_BATCH):
                dealt_picks[d * _PLAYERS + p] = start[p]
            if size[p] == 1:
                held |= combo_bits[start[p]]
            else:
                order[free] = p
                free += 1
                bound_of[p] = 0x10000 % size[p]  # Lemire's rejection bound
        for i in range(deck.shape[0]):
            if not (held >> deck[i]) & 1:
                cards[live] = deck[i]
                live += 1
        bound = 0x10000 % live if live else 0
        pairs = 0
        live_bits = 0
        for i in range(live):
            live_bits |= cython.cast(cython.ulonglong, 1) << cards[i]
            for c in range(i + 1, live):
                pair_cards[pairs] = cards[i] | (cards[c] << 8)
                pair_at[cards[i] * 52 + cards[c]] = pairs
                pair_at[cards[c] * 52 + cards[i]] = pairs
                pair_bits[pairs] = (cython.cast(cython.ulonglong, 1) << cards[i]) | (
                    cython.cast(cython.ulonglong, 1) << cards[c]
                )
                pairs += 1
        # a player after the first holding more than one combo whose range is every pair
        # of the deck at one weight is dealt two cards directly (drawn again while they
        # meet a card dealt), not a combo that may drop the deal: the hands that fit are
        # then C(live - 2k, 2) after k players, whichever they hold, so each is as likely
        # as by dropping deals. Only where every such player's combos are in the deck.
        inside = True
        for f in range(free):
            p = order[f]
            direct[p] = False
            for i in range(start[p], start[p] + cython.cast(cython.longlong, size[p])):
                if combo_bits[i] & ~live_bits:
                    inside = False
        for f in range(1, free):
            p = order[f]
            if not inside or weighted[p] or size[p] != pairs:
                continue
            every = True
            for i in range(start[p], start[p] + cython.cast(cython.longlong, size[p])):
                c = pair_at[combo_cards[2 * i] * 52 + combo_cards[2 * i + 1]]
                if pair_combo[p * 1326 + c] >= 0:  # a combo listed twice
                    every = False
                pair_combo[p * 1326 + c] = i
            direct[p] = every
        for i in range(pairs_of_two):
            two_pack[i] = two_first[i] | (two_second[i] << 16)
        pair_bound = 0x10000 % pairs if pairs else 0
        while done < want and attempts < limit:
            # the first number of each of the next _BATCH deals' streams, made together
            # (independent hashes: the processor overlaps them)
            for d in range(_BATCH):
                x = cython.cast(cython.ulonglong, attempts + d) << 32
                firsts[d] = stream(key, x)
            batch_start = attempts
            # deal up to _BATCH deals, then rank them all: the table reads of many deals
            # are then in flight at once
            dealt = 0
            while dealt < _BATCH and done + dealt < want and attempts < limit:
                base = (key + ((cython.cast(cython.ulonglong, attempts) << 32) * _GOLDEN)) & _MASK64
                if attempts - batch_start < _BATCH:
                    first_number = firsts[attempts - batch_start]
                else:
                    first_number = mix64(base)
                attempts += 1
                index = 0  # the next number of the deal's stream
                left = 0  # the 16-bit draws left in number
                used = fixed | held
                clash = False
                f = 0
                if pairs_of_two:  # the first two players' combos, as a pair that fits
                    while True:  # Lemire's method, on 16 bits for a small table, else 32
                        if not left:
                            number = _number(base, index, first_number)
                            index += 1
                            left = 4
                        x = number >> 48
                        number = (number << 16) & _MASK64
                        left -= 1
                        if pairs_of_two > _SMALL_TABLE:
                            if not left:
                                number = _number(base, index, first_number)
                                index += 1
                                left = 4
                            x = (x << 16) | (number >> 48)
                            number = (number << 16) & _MASK64
                            left -= 1
                            m = x * pairs_of_two
                            if (m & _MASK32) >= two_bound:
                                i = m >> 32
                                break
                        else:
                            m = x * pairs_of_two
                            if (m & 0xFFFF) >= two_bound:
                                i = m >> 16
                                break
                    if two_weighted:  # the entry or its alias: a 32-bit draw
                        if not left:
                            number = _number(base, index, first_number)
                            index += 1
                            left = 4
                        coin = (number >> 48) << 16
                        number = (number << 16) & _MASK64
                        left -= 1
                        if not left:
                            number = _number(base, index, first_number)
                            index += 1
                            left = 4
                        coin |= number >> 48
                        number = (number << 16) & _MASK64
                        left -= 1
                        if coin >= two_chance[i]:
                            i = two_alias[i]
                    lo = two_pack[i] & 0xFFFF
                    other = two_pack[i] >> 16
                    used |= combo_bits[lo] | combo_bits[other]
                    dealt_picks[dealt * _PLAYERS + order[0]] = lo
                    dealt_picks[dealt * _PLAYERS + order[1]] = other
                    f = 2
                while f < free:
                    p = order[f]
                    f += 1
                    if direct[p]:  # two cards of the deck not dealt yet
                        while True:
                            if not left:
                                number = _number(base, index, first_number)
                                index += 1
                                left = 4
                            m = (number >> 48) * pairs
                            number = (number << 16) & _MASK64
                            left -= 1
                            if (m & 0xFFFF) < pair_bound:
                                continue
                            bits = pair_bits[m >> 16]
                            if not used & bits:
                                break
                        used |= bits
                        dealt_picks[dealt * _PLAYERS + p] = pair_combo[p * 1326 + (m >> 16)]
                        continue
                    n = size[p]
                    first = start[p]
                    while True:  # an entry: Lemire's method on 16 bits
                        if not left:
                            number = _number(base, index, first_number)
                            index += 1
                            left = 4
                        m = (number >> 48) * n
                        number = (number << 16) & _MASK64
                        left -= 1
                        if (m & 0xFFFF) >= bound_of[p]:
                            break
                    lo = first + (m >> 16)
                    if weighted[p]:  # the entry or its alias: a 32-bit draw
                        if not left:
                            number = _number(base, index, first_number)
                            index += 1
                            left = 4
                        coin = (number >> 48) << 16
                        number = (number << 16) & _MASK64
                        left -= 1
                        if not left:
                            number = _number(base, index, first_number)
                            index += 1
                            left = 4
                        coin |= number >> 48
                        number = (number << 16) & _MASK64
                        left -= 1
                        if coin >= chance[lo]:
                            lo = first + alias[lo]
                    bits = combo_bits[lo]
                    if used & bits:
                        clash = True
                        break
                    used |= bits
                    dealt_picks[dealt * _PLAYERS + p] = lo
                if clash:
                    continue
                total = board_total
                hands = used
                for _c in range(to_deal >> 1):
                    while True:  # two cards of the deck not dealt yet
                        if not left:
                            number = _number(base, index, first_number)
                            index += 1
                            left = 4
                        m = (number >> 48) * pairs
                        number = (number << 16) & _MASK64
                        left -= 1
                        if (m & 0xFFFF) < pair_bound:
                            continue
                        card = pair_cards[m >> 16] & 0xFF
                        other = pair_cards[m >> 16] >> 8
                        bits = (cython.cast(cython.ulonglong, 1) << card) | (
                            cython.cast(cython.ulonglong, 1) << other
                        )
                        if not used & bits:
                            break
                    used |= bits
                    total += keys[card] + keys[other]
                for _c in range(to_deal & 1):
                    while True:  # a card of the deck not dealt yet
                        if not left:
                            number = _number(base, index, first_number)
                            index += 1
                            left = 4
                        m = (number >> 48) * live
                        number = (number << 16) & _MASK64
                        left -= 1
                        if (m & 0xFFFF) < bound:
                            continue
                        card = cards[m >> 16]
                        if not (used >> card) & 1:
                            break
                    used |= cython.cast(cython.ulonglong, 1) << card
                    total += keys[card]
                dealt_totals[dealt] = total
                dealt_boards[dealt] = board_cards | (used & ~hands)
                dealt += 1
            if players == 2:  # heads-up, written out
                # first where each hand's class is (its place in the rank table, or its
                # class, negated less one, where it holds a flush), then the classes: the
                # table reads of the batch are independent, so the processor has many in
                # flight
                for d in range(dealt):
                    total = dealt_totals[d]
                    i = dealt_picks[d * _PLAYERS]
                    other = dealt_picks[d * _PLAYERS + 1]
                    x = total + combo_keys[i]
                    y = total + combo_keys[other]
                    if ((x + FLUSH_OFFSET) | (y + FLUSH_OFFSET)) & FLUSH_BITS:
                        spots[2 * d] = -1 - _class_cards(0, 7, x, dealt_boards[d] | combo_bits[i])
                        spots[2 * d + 1] = -1 - _class_cards(
                            0, 7, y, dealt_boards[d] | combo_bits[other]
                        )
                    else:
                        x = x >> SUIT_BITS
                        y = y >> SUIT_BITS
                        spots[2 * d] = offsets[x >> shift] + (x & low)
                        spots[2 * d + 1] = offsets[y >> shift] + (y & low)
                for d in range(dealt):
                    i = dealt_picks[d * _PLAYERS]
                    other = dealt_picks[d * _PLAYERS + 1]
                    lo = spots[2 * d]
                    mine = values[lo] if lo >= 0 else -1 - lo
                    lo = spots[2 * d + 1]
                    theirs = values[lo] if lo >= 0 else -1 - lo
                    tally[3 * i + (mine < theirs) + 2 * (mine == theirs)] += 1
                    tally[3 * other + (theirs < mine) + 2 * (mine == theirs)] += 1
                done += dealt
                continue
            # more players: as heads-up, first each hand's place in the rank table (or
            # its class, negated less one, where it holds a flush), then the classes
            for d in range(dealt):
                total = dealt_totals[d]
                for p in range(players):
                    i = dealt_picks[d * _PLAYERS + p]
                    x = total + combo_keys[i]
                    if (x + FLUSH_OFFSET) & FLUSH_BITS:
                        spots[d * _PLAYERS + p] = -1 - _class_cards(
                            0, 7, x, dealt_boards[d] | combo_bits[i]
                        )
                    else:
                        x = x >> SUIT_BITS
                        spots[d * _PLAYERS + p] = offsets[x >> shift] + (x & low)
            for d in range(dealt):
                best = 0xFFFF
                for p in range(players):
                    lo = spots[d * _PLAYERS + p]
                    classes[p] = values[lo] if lo >= 0 else -1 - lo
                    best = min(best, classes[p])
                top = 0
                for p in range(players):
                    top += classes[p] == best
                for p in range(players):
                    i = dealt_picks[d * _PLAYERS + p]
                    tally[stride * i + top * (classes[p] == best)] += 1
            done += dealt
        for i in range(combos):  # the block's tally into the counts
            for c in range(stride):
                counts[_OUTCOMES * i + c] += tally[stride * i + c]
    return attempts


# --- exact equity of hold'em's small questions --------------------------------------------


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(
    numbers=cython.longlong[::1],
    number_start=cython.longlong[::1],
    players=cython.int,
    fixed=cython.ulonglong,
    found=cython.ulonglong[::1],
    stride=cython.Py_ssize_t,
    combo_start=cython.longlong[::1],
    m=cython.Py_ssize_t,
    i=cython.Py_ssize_t,
    p=cython.int,
    c=cython.longlong,
    bits=cython.ulonglong,
)
@cython.returns(cython.Py_ssize_t)
def _live_combos(
    numbers: Any,
    number_start: Any,
    players: int,
    fixed: int,
    found: Any,
    stride: int,
    combo_start: Any,
) -> int:
    """The small questions' set-up (:func:`exact_pairs`, :func:`exact_sweep`): each
    player's combos that meet no card of ``fixed`` (the board and the dead cards), in
    ``found``: the ``m``-th one's card set at ``m``, its combo number at ``stride + m``
    and its place in ``numbers`` (and the weights) at ``2 * stride + m``; player ``p``'s
    from ``combo_start[p]`` to ``combo_start[p + 1]``. Returns how many."""
    m = 0
    for p in range(players):
        combo_start[p] = m
        for i in range(number_start[p], number_start[p + 1]):
            c = numbers[i]
            bits = cython.cast(cython.ulonglong, 1) << _combo_low[c]
            bits |= cython.cast(cython.ulonglong, 1) << _combo_high[c]
            if bits & fixed:
                continue
            found[m] = bits
            found[stride + m] = c
            found[2 * stride + m] = i
            m += 1
    combo_start[players] = m
    return m


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(cards=cython.ulonglong, total=cython.ulonglong, c=cython.int)
@cython.returns(cython.ulonglong)
def _key_total(cards: int) -> int:
    """The key total of a 52-bit set of cards."""
    total = 0
    for c in range(52):
        if (cards >> c) & 1:
            total += _keys[c]
    return total


@cython.locals(
    numbers=cython.longlong[::1],
    number_start=cython.longlong[::1],
    number_weights=cython.double[::1],
    out=cython.double[::1],
    base=cython.Py_ssize_t,
    classes=cython.ushort[::1],
    combo_bits=cython.ulonglong[::1],
    combo_start=cython.longlong[::1],
    board_cards=cython.ulonglong,
    dead_cards=cython.ulonglong,
    fixed=cython.ulonglong,
    board_total=cython.ulonglong,
    to_deal=cython.int,
    players=cython.int,
    combos=cython.Py_ssize_t,
    every=cython.Py_ssize_t,
    kinds=cython.Py_ssize_t,
    cards=cython.Py_ssize_t,
    i=cython.Py_ssize_t,
    j=cython.Py_ssize_t,
    k=cython.Py_ssize_t,
    p=cython.int,
    c=cython.longlong,
    a=cython.longlong,
    b=cython.longlong,
    at=cython.longlong,
    bits=cython.ulonglong,
    mask=cython.ulonglong,
    key=cython.ulonglong,
    weight=cython.double,
    total_weight=cython.double,
    live=cython.longlong,
    games=cython.longlong,
    best=cython.int,
    top=cython.int,
    on_top=cython.int,
    mine=cython.int,
    theirs=cython.int,
    count=cython.double,
    equity=cython.double,
    win=cython.double,
    tie=cython.double,
    total=cython.ulonglong,
    r=cython.int,
    rank_count=cython.int,
    row0=cython.Py_ssize_t,
    row1=cython.Py_ssize_t,
)
def exact_pairs(
    numbers: NDArray[np.int64],
    number_start: NDArray[np.int64],
    number_weights: NDArray[np.float64],
    board_cards: int,
    dead_cards: int,
    to_deal: int,
    out: NDArray[np.float64],
) -> tuple[float, int]:
    """:func:`exact_small` by every assignment on every completion, for any number of
    players (the same arguments and sums). Pots are shared in 2520ths, so an
    assignment's equity is a ratio of whole numbers.

    Each combo's class on each completion is found first (the combos times the
    completions), then the assignments compare them: the work is the assignments times
    the completions times the players.
    """
    if not cython.compiled:
        numbers, number_start = plain(numbers), plain(number_start)
        number_weights = plain(number_weights)
    keys = cython.declare(cython.const[cython.ulonglong][::1], _keys)
    pick = cython.declare(cython.longlong[10])
    used = cython.declare(cython.ulonglong[11])
    product = cython.declare(cython.double[11])
    units = cython.declare(cython.longlong[10])
    wins = cython.declare(cython.longlong[10])
    ties = cython.declare(cython.longlong[10])
    mark = cython.declare(cython.int[10])
    players = number_start.shape[0] - 1
    fixed = board_cards | dead_cards
    cards = 52 - popcount64(fixed)
    kinds = 1 if to_deal == 0 else (cards if to_deal == 1 else cards * (cards - 1) // 2)
    every = number_start[players]
    combo_start = np.zeros(players + 1, dtype=np.int64)
    deck = cython.declare(cython.longlong[52])
    completion_keys = cython.declare(cython.ulonglong[1326])
    completion_bits = cython.declare(cython.ulonglong[1326])
    # each completion's ranks (one rank, or a pair of ranks as 13 * low + high), and a
    # combo's class without a flush by them: on a turn a combo meets 48 river cards but
    # 13 ranks, and its class without a flush is the same for the four cards of a rank
    completion_ranks = cython.declare(cython.int[1326])
    rank_classes = cython.declare(cython.int[169])
    # per live combo, one array: its card set, its number and the place of its weight in
    # number_weights; then its class on each completion (both written before they are
    # read: no zeros needed)
    combo_bits = np.empty(3 * max(every, 1), dtype=np.uint64)
    classes = np.empty(max(every * kinds, 1), dtype=np.uint16)
    if not cython.compiled:
        classes, combo_bits = cells(classes), cells(combo_bits)
        combo_start, out = cells(combo_start), cells(out)
    base = 4 * players * 1326  # where the totals start
    total_weight = 0.0
    games = 0
    with cython.nogil:
        # each player's live combos: their cards, numbers and weights
        board_total = _key_total(board_cards)
        combos = _live_combos(numbers, number_start, players, fixed, combo_bits, every, combo_start)
        for p in range(players):
            out[base + 3 * players + p] = combo_start[p + 1] - combo_start[p]
        # the completions: none (the river), each card, or each pair of cards
        j = 0
        for c in range(52):
            if not (fixed >> c) & 1:
                deck[j] = c
                j += 1
        completion_keys[0] = 0  # the river: one completion, of no card
        completion_bits[0] = 0
        k = 0
        for i in range(cards if to_deal else 0):
            for j in range(i + 1 if to_deal == 2 else i, i + 1 if to_deal == 1 else cards):
                completion_keys[k] = keys[deck[i]] + (keys[deck[j]] if to_deal == 2 else 0)
                completion_ranks[k] = (
                    13 * (deck[i] >> 2) + (deck[j] >> 2) if to_deal == 2 else deck[i] >> 2
                )
                completion_bits[k] = cython.cast(cython.ulonglong, 1) << deck[i]
                completion_bits[k] |= cython.cast(cython.ulonglong, 1) << deck[j]
                k += 1
        # each combo's class on each completion it does not meet
        rank_count = 169 if to_deal == 2 else (13 if to_deal == 1 else 0)
        for i in range(combos):
            bits = combo_bits[i]
            c = cython.cast(cython.longlong, combo_bits[every + i])
            key = board_total + keys[_combo_low[c]] + keys[_combo_high[c]]
            for r in range(rank_count):
                rank_classes[r] = -1
            if to_deal and not (key + FLUSH_OFFSET + 0x1111 * to_deal) & FLUSH_BITS:
                # no suit can reach five cards, whatever the completion: ranks alone
                for k in range(kinds):
                    if completion_bits[k] & bits:
                        continue
                    r = completion_ranks[k]
                    if rank_classes[r] < 0:
                        rank_classes[r] = _rank_class(0, 7, key + completion_keys[k])
                    classes[i * kinds + k] = rank_classes[r]
                continue
            for k in range(kinds):
                if completion_bits[k] & bits:
                    continue
                total = key + completion_keys[k]
                if to_deal == 0 or (total + FLUSH_OFFSET) & FLUSH_BITS:
                    classes[i * kinds + k] = _class_cards(
                        0, 7, total, board_cards | bits | completion_bits[k]
                    )
                    continue
                r = completion_ranks[k]
                if rank_classes[r] < 0:
                    rank_classes[r] = _rank_class(0, 7, total)
                classes[i * kinds + k] = rank_classes[r]
        # every assignment, player by player (used[p]: the cards of players before p)
        p = 0
        used[0] = 0
        product[0] = 1.0
        pick[0] = combo_start[0]
        while combos:
            if pick[p] == combo_start[p + 1]:  # player p has no combo left: back up
                if p == 0:
                    break
                p -= 1
                pick[p] += 1
                continue
            c = pick[p]
            if used[p] & combo_bits[c]:
                pick[p] += 1
                continue
            used[p + 1] = used[p] | combo_bits[c]
            product[p + 1] = product[p] * number_weights[combo_bits[2 * every + c]]
            if p + 1 < players:
                p += 1
                pick[p] = combo_start[p]
                continue
            # a whole assignment: its completions
            mask = used[players]
            weight = product[players]
            live = 0
            for j in range(players):
                units[j] = 0
                wins[j] = 0
                ties[j] = 0
            if players == 2:  # heads-up: wins counted, ties and shares follow
                row0 = pick[0] * kinds
                row1 = pick[1] * kinds
                for k in range(kinds):
                    if completion_bits[k] & mask:
                        continue
                    live += 1
                    mine = classes[row0 + k]
                    theirs = classes[row1 + k]
                    wins[0] += mine < theirs
                    wins[1] += theirs < mine
                ties[0] = live - wins[0] - wins[1]
                ties[1] = ties[0]
                units[0] = wins[0] * 2520 + ties[0] * 1260
                units[1] = wins[1] * 2520 + ties[1] * 1260
            for k in range(kinds if players > 2 else 0):
                if completion_bits[k] & mask:
                    continue
                live += 1
                best = 0xFFFF
                for j in range(players):
                    mark[j] = classes[pick[j] * kinds + k]
                    best = min(best, mark[j])
                top = 0
                for j in range(players):
                    top += mark[j] == best
                for j in range(players):
                    on_top = mark[j] == best
                    units[j] += on_top * (_UNITS // top)
                    wins[j] += on_top & (top == 1)
                    ties[j] += on_top & (top > 1)
            if live:
                count = cython.cast(cython.double, live)
                total_weight += weight
                games += live
                for j in range(players):
                    equity = cython.cast(cython.double, units[j]) / (2520.0 * count)
                    win = cython.cast(cython.double, wins[j]) / count
                    tie = cython.cast(cython.double, ties[j]) / count
                    at = j * 1326 + cython.cast(cython.longlong, combo_bits[every + pick[j]])
                    out[at] += weight
                    out[players * 1326 + at] += weight * equity
                    out[2 * players * 1326 + at] += weight * win
                    out[3 * players * 1326 + at] += weight * tie
                    out[base + j] += weight * equity
                    out[base + players + j] += weight * win
                    out[base + 2 * players + j] += weight * tie
            pick[p] += 1
    if not cython.compiled:
        store(out)
    return total_weight, games


# --- exact equity of heads-up small questions: a sweep in order of strength ---------------

#: Heads-up, :func:`exact_small` sweeps (:func:`exact_sweep`) when the pairs of combos
#: outnumber the combos of both players this many times: the sweep takes about 25 ns a
#: combo for each part of a group of ranks it sweeps (one to four a group), the
#: enumeration about 1 ns a pair of combos on each completion (and a class a combo);
#: measured, the two are level near 3 pairs a combo (AA vs KK: 36 pairs, 12 combos: the
#: sweep 0.4x the time on a flop of three suits, 0.9x on a flop of one, 1.4x on a turn).
_SWEEP_RATIO: int = cython.declare(cython.longlong, 3)


@cython.locals(
    number_start=cython.longlong[::1],
    board_cards=cython.ulonglong,
    first=cython.longlong,
    second=cython.longlong,
)
def exact_small(
    numbers: NDArray[np.int64],
    number_start: NDArray[np.int64],
    number_weights: NDArray[np.float64],
    board_cards: int,
    dead_cards: int,
    to_deal: int,
    out: NDArray[np.float64],
) -> tuple[float, int]:
    """Exact equity by enumeration. Player ``p``'s range is combos ``numbers[i]`` (combo
    numbers, see :mod:`croupier.poker.ranges.starting_hands`) for ``i`` from
    ``number_start[p]`` to ``number_start[p + 1]``, weighted by ``number_weights[i]``;
    its combos meeting the board (``board_cards``, a 52-bit set) or the dead cards
    (``dead_cards``) are left out. Every assignment of a combo to each player where no
    two share a card counts with the product of its combos' weights, and with every
    completion of the board by ``to_deal`` cards (0, 1 or 2) among those the board, the
    dead cards and the assignment leave. Within an assignment each completion counts
    once: a player's equity there is its share of the pots over the completions.

    Adds, for player ``p`` of the ``P`` and combo number ``n``, to
    ``out[(r * P + p) * 1326 + n]`` (r = 0 to 3) the weight of the assignments giving
    it that combo and, weighted by them, its equity, wins and ties; then, after these
    ``4 * P * 1326`` sums, to ``out[4 * P * 1326 + r * P + p]`` its weighted equity,
    wins and ties (r = 0 to 2) and the number of its combos kept (r = 3). Returns the
    assignments' total weight and the deals counted (assignments times their
    completions).

    Heads-up on a turn, unless the pairs of combos are very many (:data:`_TURN_RATIO`;
    or many, :data:`_SWEEP_RATIO`, on a turn of three cards of a suit or more, where
    most rivers of the suit are ranked card by card), the sums are those of
    :func:`exact_turn` (each pair of combos compared on the river by rank). On a river,
    heads-up, when the pairs are few (:data:`_SWEEP_RATIO`), they are those of
    :func:`exact_river` (nothing allocated). On a flop, heads-up, they are those of
    :func:`exact_flop` (each pair of combos compared on the turn and river by ranks) or
    of :func:`exact_sweep` (work linear in the combos on each completion), the one
    :func:`_flop_by_ranks` expects to be sooner. Otherwise heads-up, when the
    pairs of combos are many (:data:`_SWEEP_RATIO`), they are those of
    :func:`exact_sweep`; else those of :func:`exact_pairs` (every assignment on every
    completion). They agree up to the order in which sums are added.
    """
    if number_start.shape[0] == 3:
        first = number_start[1] - number_start[0]
        second = number_start[2] - number_start[1]
        if to_deal == 0 and first * second < _SWEEP_RATIO * (first + second):
            return exact_river(
                numbers, number_start, number_weights, board_cards, dead_cards, to_deal, out
            )
        if to_deal == 1 and first * second < (
            _SWEEP_RATIO if _suited(board_cards) >= 3 else _TURN_RATIO
        ) * (first + second):
            return exact_turn(
                numbers, number_start, number_weights, board_cards, dead_cards, to_deal, out
            )
        if to_deal == 2 and _flop_by_ranks(numbers, number_start, board_cards, dead_cards):
            return exact_flop(
                numbers, number_start, number_weights, board_cards, dead_cards, to_deal, out
            )
        if to_deal == 2 or first * second >= _SWEEP_RATIO * (first + second):
            return exact_sweep(
                numbers, number_start, number_weights, board_cards, dead_cards, to_deal, out
            )
    return exact_pairs(numbers, number_start, number_weights, board_cards, dead_cards, to_deal, out)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(
    ints=cython.longlong[::1],
    key_at=cython.Py_ssize_t,
    order_at=cython.Py_ssize_t,
    count=cython.Py_ssize_t,
    gap=cython.Py_ssize_t,
    i=cython.Py_ssize_t,
    j=cython.Py_ssize_t,
    item=cython.longlong,
    value=cython.longlong,
)
@cython.returns(cython.int)
def _sort_down(ints: Any, key_at: int, order_at: int, count: int) -> int:
    """Sort ``ints[order_at:order_at + count]`` (places of items) by their keys
    ``ints[key_at + item]``, the largest first: a shell sort (Knuth's gaps 1, 4, 13, ...),
    about one pass on a list sorted already but for a few items."""
    gap = 1
    while gap < count // 3:
        gap = 3 * gap + 1
    while gap >= 1:
        for i in range(gap, count):
            item = ints[order_at + i]
            value = ints[key_at + item]
            j = i
            while j >= gap and ints[key_at + ints[order_at + j - gap]] < value:
                ints[order_at + j] = ints[order_at + j - gap]
                j -= gap
            ints[order_at + j] = item
        gap //= 3
    return 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(
    found=cython.ulonglong[::1],
    kept=cython.longlong[::1],
    at=cython.Py_ssize_t,
    n=cython.Py_ssize_t,
    m=cython.Py_ssize_t,
    need=cython.int,
    suit=cython.int,
    cards=cython.ulonglong,
    board_cards=cython.ulonglong,
    suited=cython.ulonglong,
    i=cython.Py_ssize_t,
    odd=cython.Py_ssize_t,
)
@cython.returns(cython.Py_ssize_t)
def _flush_makers(
    found: Any,
    kept: Any,
    at: int,
    n: int,
    m: int,
    need: int,
    suit: int,
    cards: int,
    board_cards: int,
) -> int:
    """:func:`exact_sweep`'s combos (the ``m`` card sets of ``found``) that hold ``need``
    cards of ``suit`` or more and none of ``cards`` (a completion's cards of that suit):
    listed from ``kept[at]``, weakest first, combo ``i``'s flush class with the board and
    ``cards`` at ``kept[at + n + i]``. Returns how many."""
    suited = cython.cast(cython.ulonglong, 0x1111111111111) << suit
    odd = 0
    for i in range(m if need <= 2 else 0):
        if found[i] & cards:
            continue  # it meets every completion of the part
        if popcount64(found[i] & suited) >= need:
            kept[at + odd] = i
            kept[at + n + i] = _flush[suit_ranks(board_cards | found[i] | cards, suit)]
            odd += 1
    _sort_down(kept, at + n, at, odd)
    return odd


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(
    found=cython.ulonglong[::1],
    ints=cython.longlong[::1],
    sums=cython.double[::1],
    kept=cython.longlong[::1],
    at=cython.Py_ssize_t,
    count=cython.Py_ssize_t,
    n=cython.Py_ssize_t,
    m=cython.Py_ssize_t,
    suited=cython.ulonglong,
    other=cython.ulonglong,
    t=cython.Py_ssize_t,
    j=cython.Py_ssize_t,
    i=cython.longlong,
    a=cython.longlong,
    s=cython.longlong,
    tf=cython.longlong,
    weakest=cython.longlong,
    times=cython.int,
    left=cython.int,
)
@cython.returns(cython.int)
def _one_suit_strong(
    found: Any,
    ints: Any,
    sums: Any,
    kept: Any,
    at: int,
    count: int,
    n: int,
    m: int,
    suited: int,
    other: int,
) -> int:
    """:func:`exact_sweep` on a flop of one suit (``suited``: its cards), in a group of
    ranks, its part of one card of the suit and one of ``other`` (the other rank's
    cards off the suit): the combos holding none of the suit were counted as losing
    there to each of the part's flush makers (``kept[at:at + count]``, weakest first,
    combo ``a``'s flush class at ``kept[at + n + a]``; :func:`_one_suit_kinds`). Those
    whose class in the group (its order in ``ints``) is a flush's or better (a full
    house, four of a kind) are compared with the makers, strongest first, and what
    changes is counted."""
    if count == 0:
        return 0
    weakest = kept[at + n + kept[at]]
    for t in range(m - 1, -1, -1):
        i = ints[4 * n + t]
        s = ints[3 * n + i]
        if s < 0:
            continue  # no completion of the group misses it
        if s > weakest:
            break  # weaker than every flush, and so are those below
        if found[i] & suited:
            continue
        left = popcount64(other) - popcount64(found[i] & other)
        for j in range(count):
            a = kept[at + j]
            tf = kept[at + n + a]
            if tf < s:
                break  # this flush and those after it beat combo i, as counted
            if ints[a] == ints[i] or found[a] & found[i]:
                continue
            times = left - popcount64(found[a] & other)
            if times <= 0:
                continue
            sums[n + a] -= sums[i] * times
            if tf == s:
                sums[2 * n + a] += sums[i] * times
                sums[2 * n + i] += sums[a] * times
            else:
                sums[n + i] += sums[a] * times
    return 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(
    found=cython.ulonglong[::1],
    ints=cython.longlong[::1],
    sums=cython.double[::1],
    sets=cython.ulonglong[::1],
    table=cython.double[::1],
    n=cython.Py_ssize_t,
    m=cython.Py_ssize_t,
    k=cython.Py_ssize_t,
    board_cards=cython.ulonglong,
    fixed=cython.ulonglong,
    rich=cython.int,
    suited=cython.ulonglong,
    clubs=cython.ulonglong,
    x=cython.ulonglong,
    xs=cython.ulonglong,
    others=cython.longlong,
    i=cython.Py_ssize_t,
    p=cython.int,
    q=cython.int,
    f=cython.Py_ssize_t,
    g=cython.Py_ssize_t,
    at=cython.Py_ssize_t,
    outcomes=cython.Py_ssize_t,
    r=cython.int,
    r2=cython.int,
    w=cython.double,
    win=cython.double,
    tie=cython.double,
)
@cython.returns(cython.int)
def _one_suit_kinds(
    found: Any,
    ints: Any,
    sums: Any,
    n: int,
    m: int,
    sets: Any,
    k: int,
    table: Any,
    board_cards: int,
    fixed: int,
    rich: int,
) -> int:
    """:func:`exact_sweep` on a flop of one suit (``rich``), the completions holding one
    or two cards of the suit, but for the pairs of combos holding none of it on those
    of one (swept with the groups of ranks). A combo's **kind** is the cards of the
    suit it holds (``sets[K]``, for combo ``i`` ``K = ints[22 n + i]``): on such a
    completion each combo of a kind holding some makes the same flush, the kind of none
    a flush of the board's on a completion of two and nothing better than three of a
    kind on one of one, where it is counted as losing to every flush
    (:func:`_one_suit_strong` takes back its full houses). So the outcomes are counted
    kind against kind: in ``table`` each player's weight by kind, by card and in total
    (53 places a kind), then the completions on which player 0's kind wins against
    player 1's, ties and loses (k x k places each), each pair of kinds times the
    completions that miss both. Each combo adds them up against its opponents' weight
    of each kind, that of the combos sharing a card taken off."""
    suited = cython.cast(cython.ulonglong, 0x1111111111111) << rich
    clubs = suited & ~fixed
    others = 52 - popcount64(fixed) - popcount64(clubs)  # cards left off the suit
    outcomes = 2 * k * 53
    for i in range(m):
        at = (ints[i] * k + ints[22 * n + i]) * 53
        table[at + 52] += sums[i]
        table[at + ints[n + i]] += sums[i]
        table[at + ints[2 * n + i]] += sums[i]
    # the completions of one card of the suit (x) and one off it: a flush beside a
    # kind of none; two kinds holding some, flush against flush
    for r in range(13):
        x = (cython.cast(cython.ulonglong, 1) << (4 * r + rich)) & clubs
        if x:
            _count_kinds(sets, k, table, outcomes, board_cards, rich, x, others)
    # the completions of two cards of the suit: every kind a flush
    for r in range(13):
        x = (cython.cast(cython.ulonglong, 1) << (4 * r + rich)) & clubs
        for r2 in range(r + 1 if x else 13, 13):
            xs = (cython.cast(cython.ulonglong, 1) << (4 * r2 + rich)) & clubs
            if xs:
                _count_kinds(sets, k, table, outcomes, board_cards, rich, x | xs, 0)
    # each combo: its kind's outcomes times its opponents' weight of each kind
    for i in range(m):
        p = ints[i]
        q = 1 - p
        f = ints[22 * n + i]
        win = 0.0
        tie = 0.0
        for g in range(k):
            at = (q * k + g) * 53
            if table[at + 52] == 0.0:
                continue
            w = table[at + 52] - table[at + ints[n + i]] - table[at + ints[2 * n + i]]
            if g == f:
                w += sums[3 * n + i]  # the opponent's combo of the same cards, taken twice
            if p == 0:
                win += table[outcomes + f * k + g] * w
                tie += table[outcomes + k * k + f * k + g] * w
            else:
                win += table[outcomes + 2 * k * k + g * k + f] * w
                tie += table[outcomes + k * k + g * k + f] * w
        sums[n + i] += win
        sums[2 * n + i] += tie
    return 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(
    sets=cython.ulonglong[::1],
    table=cython.double[::1],
    k=cython.Py_ssize_t,
    outcomes=cython.Py_ssize_t,
    board_cards=cython.ulonglong,
    rich=cython.int,
    cards=cython.ulonglong,
    others=cython.longlong,
    f=cython.Py_ssize_t,
    g=cython.Py_ssize_t,
    at=cython.Py_ssize_t,
    times=cython.longlong,
    mine=cython.int,
    theirs=cython.int,
)
@cython.returns(cython.int)
def _count_kinds(
    sets: Any,
    k: int,
    table: Any,
    outcomes: int,
    board_cards: int,
    rich: int,
    cards: int,
    others: int,
) -> int:
    """:func:`_one_suit_kinds`' outcomes of each pair of kinds (player 0's, player
    1's) on the completions holding ``cards`` of the suit: two cards (``others`` 0),
    one completion, every kind a flush; or one card beside any of the ``others`` cards
    left off the suit but the combos' (the kind of none: no flush, counted as losing to
    every flush; none against none: not counted here)."""
    flushes = cython.declare(cython.int[92])
    for f in range(k):
        flushes[f] = -1
        if not sets[f] & cards and (sets[f] or not others):
            flushes[f] = _flush[suit_ranks(board_cards | sets[f] | cards, rich)]
    for f in range(k):
        if table[f * 53 + 52] == 0.0 or sets[f] & cards:
            continue
        mine = flushes[f]
        for g in range(k):
            at = (k + g) * 53
            if table[at + 52] == 0.0 or sets[g] & (cards | sets[f]):
                continue
            theirs = flushes[g]
            if mine < 0 and theirs < 0:
                continue  # none against none on a completion of one: swept by ranks
            times = 1
            if others:
                times = others - 2 + popcount64(sets[f]) - 2 + popcount64(sets[g])
                if times <= 0:
                    continue
            at = outcomes + f * k + g
            if theirs < 0 or (0 <= mine < theirs):
                table[at] += times
            elif mine < 0 or mine > theirs:
                table[at + 2 * k * k] += times
            else:
                table[at + k * k] += times
    return 0


#: Heads-up, a completion on which a few combos make a flush is counted by comparing
#: those combos with each of their opponents when that takes at most this many
#: comparisons a live combo; beyond, by two sweeps of that completion alone (one with
#: the flushes, one taken off without them).
_DIRECT: int = cython.declare(cython.longlong, 8)


@cython.locals(
    numbers=cython.longlong[::1],
    number_start=cython.longlong[::1],
    number_weights=cython.double[::1],
    out=cython.double[::1],
    ints=cython.longlong[::1],
    kept=cython.longlong[::1],
    by_kind=cython.longlong[::1],
    kinds=cython.Py_ssize_t,
    present=cython.Py_ssize_t,
    found=cython.ulonglong[::1],
    sums=cython.double[::1],
    starts=cython.longlong[::1],
    board_cards=cython.ulonglong,
    dead_cards=cython.ulonglong,
    to_deal=cython.int,
    fixed=cython.ulonglong,
    board_total=cython.ulonglong,
    held=cython.ulonglong,
    bits=cython.ulonglong,
    kb=cython.ulonglong,
    gkey=cython.ulonglong,
    amask=cython.ulonglong,
    bmask=cython.ulonglong,
    fcards=cython.ulonglong,
    excl=cython.ulonglong,
    x1=cython.ulonglong,
    x2=cython.ulonglong,
    n1=cython.ulonglong,
    n2=cython.ulonglong,
    cards=cython.longlong,
    rest=cython.longlong,
    live=cython.longlong,
    games=cython.longlong,
    cost=cython.longlong,
    base=cython.Py_ssize_t,
    n=cython.Py_ssize_t,
    m=cython.Py_ssize_t,
    i=cython.Py_ssize_t,
    j=cython.Py_ssize_t,
    t=cython.Py_ssize_t,
    e=cython.Py_ssize_t,
    k=cython.Py_ssize_t,
    y=cython.Py_ssize_t,
    odd=cython.Py_ssize_t,
    nf=cython.Py_ssize_t,
    f=cython.Py_ssize_t,
    ent=cython.int,
    entries=cython.int,
    directs=cython.int,
    single=cython.bint,
    swept=cython.longlong,
    cheap=cython.longlong,
    uf=cython.int,
    vf=cython.int,
    z=cython.int,
    g=cython.int,
    groups=cython.int,
    r1=cython.int,
    r2=cython.int,
    rich=cython.int,
    most=cython.int,
    fs=cython.int,
    need=cython.int,
    na=cython.int,
    nb=cython.int,
    pairs=cython.bint,
    u=cython.int,
    v=cython.int,
    s=cython.longlong,
    sf=cython.longlong,
    tf=cython.longlong,
    sb=cython.longlong,
    tb=cython.longlong,
    p=cython.int,
    q=cython.int,
    a=cython.longlong,
    b=cython.longlong,
    at=cython.longlong,
    ok=cython.bint,
    c=cython.longlong,
    clubs=cython.ulonglong,
    run=cython.bint,
    hu=cython.bint,
    hv=cython.bint,
    hz=cython.bint,
    w=cython.double,
    wf=cython.double,
    wb=cython.double,
    times=cython.double,
    c0=cython.double,
    cu=cython.double,
    cv=cython.double,
    cw=cython.double,
    mu=cython.double,
    mv=cython.double,
    mz=cython.double,
    value=cython.double,
    pair_weight=cython.double,
    win=cython.double,
    tie=cython.double,
    total_weight=cython.double,
    mono=cython.bint,
    extra=cython.bint,
    zero=cython.bint,
    suited=cython.ulonglong,
    gx1=cython.int,
    gx2=cython.int,
    d0=cython.double,
    du=cython.double,
    dv=cython.double,
    club_kinds=cython.Py_ssize_t,
    table=cython.double[::1],
    sets=cython.ulonglong[::1],
)
def exact_sweep(
    numbers: NDArray[np.int64],
    number_start: NDArray[np.int64],
    number_weights: NDArray[np.float64],
    board_cards: int,
    dead_cards: int,
    to_deal: int,
    out: NDArray[np.float64],
) -> tuple[float, int]:
    """:func:`exact_small` for two players, by sweeps in order of strength: the same sums
    as :func:`exact_pairs`, with work linear in the combos rather than in the pairs of
    combos.

    A pair of combos (no shared card, none on the board or dead) has the same number of
    completions as any other: the cards left but its four, taken ``to_deal`` at a time.
    So the sums are linear: combo ``a``'s wins are the weights of the opponent's combos
    ``b`` it beats, each times the completions that meet neither.

    The completions are taken in groups of ranks (a rank on the turn, a pair of ranks on
    the flop), and a group in parts where every combo has one class: the part is a
    product of card sets ``A x B`` (or the pairs within ``A``), and on each of its
    completions a combo's class is its class without a flush, or its flush with the
    cards of the part's suit (a suit of the board holding 2 or more: the part holds none,
    one or two of its cards). One sweep, weakest first, takes a part: with ``u`` and
    ``v`` the cards of ``A`` and ``B`` a combo holds, a pair's completions in the part
    are ``(|A| - u_a - u_b)(|B| - v_a - v_b)`` (or ``C(|A| - u_a - u_b, 2)``), a
    polynomial of ``b``'s ``u``, ``v`` and their product (or square); so the running
    sums of the opponent's weaker weight are kept by moments (weight, times ``u``, ``v``
    and the product), in total and per card (the combos sharing a card with ``a`` taken
    off by the sums of its two cards: only a combo of the very same cards holds both,
    and it ties with ``a``, so it is added back to the ties). Ties likewise: a run of
    equal classes holding both players' combos is read again once added.

    On a flop of one suit a group is swept once, over its part of none of the suit's
    cards: the completions of one or two of them are counted kind against kind
    (:func:`_one_suit_kinds`: a kind is the cards of the suit a combo holds, which fix
    its flush there), but for the pairs of combos of none of the suit on those of one,
    which keep their classes without a flush and are taken with the group's sweep by
    moments of their own (``worse0``), and for those combos' full houses against the
    flushes (:func:`_one_suit_strong`).

    Completions on which a suit of the board holding one card (on the turn two) makes a
    flush are single: the combos of two cards of that suit compared with their
    opponents there, what they change counted (or, when they are many, the completion
    swept alone with the flushes and taken off without them). The work is the combos
    times the parts (a few a group), plus the flush makers times their opponents on such
    completions, plus the pairs of combos once (their weights).
    """
    if not cython.compiled:
        numbers, number_start = plain(numbers), plain(number_start)
        number_weights = plain(number_weights)
    keys = cython.declare(cython.const[cython.ulonglong][::1], _keys)
    # per player (53 places: each card, then the total) and moment (weight, times u, v,
    # u v or u u): the weight ranked below
    worse = cython.declare(cython.double[424])
    # the same of the combos holding none of the rich suit's cards, on a flop of one
    # suit (weight, times u, v): their pairs on the parts of one card of the suit
    worse0 = cython.declare(cython.double[424])
    rank_live = cython.declare(cython.ulonglong[13])  # the cards left of each rank
    in_suit = cython.declare(cython.int[4])  # the board's cards of each suit
    suit_count = cython.declare(cython.longlong[8])  # the lengths of the suit lists
    # a group's parts: A, |A|, B, |B|, pairs within A, the flush suit and its cards, times
    e_a = cython.declare(cython.ulonglong[24])
    e_b = cython.declare(cython.ulonglong[24])
    e_nb = cython.declare(cython.int[24])
    e_pairs = cython.declare(cython.int[24])
    e_suit = cython.declare(cython.int[24])
    e_cards = cython.declare(cython.ulonglong[24])
    e_slot = cython.declare(cython.int[24])
    # the flush makers of a kind of part, kept sorted (slot r: the rich suit's card of
    # rank r, 13: none of its cards; 14 and 15: a part of its own), and how many (-1:
    # not yet)
    kept_count = cython.declare(cython.longlong[16])
    # a group's parts counted by their flush makers against their opponents: A, B, pairs
    # within A, the suit and its cards, the makers' slot (-1: a single completion, its
    # makers from the suit lists) and the cards of the suit they hold at least
    d_a = cython.declare(cython.ulonglong[8])
    d_b = cython.declare(cython.ulonglong[8])
    d_pairs = cython.declare(cython.int[8])
    d_suit = cython.declare(cython.int[8])
    d_cards = cython.declare(cython.ulonglong[8])
    d_slot = cython.declare(cython.int[8])
    d_need = cython.declare(cython.int[8])
    e_times = cython.declare(cython.double[24])
    spots = cython.declare(cython.longlong[3])  # a combo's places in worse
    clubs = 0x1111111111111  # the cards of suit 0, one bit every four
    fixed = board_cards | dead_cards
    cards = 52 - popcount64(fixed)
    n = max(number_start[2], 1)
    # per live combo i (n places each): found holds its card set, combo number, place
    # in the weights (_live_combos) and key total with the board; ints its player, low
    # card, high card, class without a flush in the group (-1: no completion of the group
    # misses it), place in the order, the sweep's combos and classes, the flush makers
    # (a list), a mark (a flush maker), its flush class, its opponents' count, then the
    # combos of two cards of each suit and of one card or more (8 lists), the combos
    # by kind, the sweep's marks (a combo holding none of the rich suit, its pairs with
    # the others of none counted on the group's every part of one card of the suit) and
    # on a flop of one suit its kind by the cards of the suit (see _one_suit_kinds);
    # sums its weight, wins, ties, the weight of the opponent's combo of the same
    # cards, its opponents' weight, then the sweep's u, v, their product and what each
    # combo of a run of ties read before the run was added (its wins there)
    found = np.empty(4 * n, dtype=np.uint64)
    ints = np.zeros(23 * n, dtype=np.int64)
    sets = np.zeros(92, dtype=np.uint64)  # the kinds' cards of the suit (56 at most)
    # the combos' kinds (13 x low rank + high rank; on the river each combo its own):
    # each kind's class in the group, the kinds present in order, where each kind's
    # combos start in the list of the combos by kind (ints, from 20 n)
    kinds = max(169, n)
    by_kind = np.zeros(3 * kinds + 1, dtype=np.int64)
    kept = np.empty(32 * n, dtype=np.int64)
    sums = np.zeros(9 * n)
    starts = np.zeros(3, dtype=np.int64)
    if not cython.compiled:
        found, ints, sums, kept = cells(found), cells(ints), cells(sums), cells(kept)
        by_kind, sets = cells(by_kind), cells(sets)
        starts, out = cells(starts), cells(out)
    base = 4 * 2 * 1326  # where the totals start
    total_weight = 0.0
    games = 0
    with cython.nogil:
        for i in range(424):
            worse[i] = 0.0
            worse0[i] = 0.0
        for i in range(16):
            kept_count[i] = -1
        board_total = _key_total(board_cards)
        m = _live_combos(numbers, number_start, 2, fixed, found, n, starts)
        for p in range(2):
            out[base + 6 + p] = starts[p + 1] - starts[p]
        for s in range(8):
            suit_count[s] = 0
        for i in range(m):
            bits = found[i]
            c = cython.cast(cython.longlong, found[n + i])
            found[3 * n + i] = board_total + keys[_combo_low[c]] + keys[_combo_high[c]]
            ints[i] = 1 if i >= starts[1] else 0
            ints[n + i] = _combo_low[c]
            ints[2 * n + i] = _combo_high[c]
            ints[19 * n + i] = 13 * (_combo_low[c] >> 2) + (_combo_high[c] >> 2)
            if to_deal == 0:  # on the river each combo is a kind of its own
                ints[19 * n + i] = i
            by_kind[2 * kinds + ints[19 * n + i]] += 1
            sums[i] = number_weights[found[2 * n + i]]
            for s in range(4):
                u = popcount64(bits & (clubs << s))
                if u == 2:
                    ints[(11 + s) * n + suit_count[s]] = i
                    suit_count[s] += 1
                if u >= 1:
                    ints[(15 + s) * n + suit_count[4 + s]] = i
                    suit_count[4 + s] += 1
        # the combos by kind (a counting sort), the kinds present
        present = 0
        t = 0
        for f in range(kinds):
            j = by_kind[2 * kinds + f]
            by_kind[2 * kinds + f] = t
            if j:
                by_kind[kinds + present] = f
                present += 1
            t += j
        by_kind[3 * kinds] = t
        for i in range(m):
            f = ints[19 * n + i]
            ints[20 * n + by_kind[2 * kinds + f]] = i
            by_kind[2 * kinds + f] += 1
        for f in range(kinds - 1, 0, -1):  # back to the starts
            by_kind[2 * kinds + f] = by_kind[2 * kinds + f - 1]
        by_kind[2 * kinds] = 0
        # the pairs of combos once: each combo's opponents (their weight and number) and
        # the opponent's combo of the very same cards
        for i in range(starts[1]):
            for j in range(starts[1], m):
                if found[i] & found[j]:
                    if found[i] == found[j]:
                        sums[3 * n + i] += sums[j]
                        sums[3 * n + j] += sums[i]
                    continue
                sums[4 * n + i] += sums[j]
                sums[4 * n + j] += sums[i]
                ints[10 * n + i] += 1
                ints[10 * n + j] += 1
        # the completions of a pair of combos (all pairs have as many)
        rest = cards - 4
        live = 0
        if to_deal == 0:
            live = 1
        elif to_deal == 1 and rest >= 1:
            live = rest
        elif to_deal == 2 and rest >= 2:
            live = rest * (rest - 1) // 2
        # the cards left by rank; the board's suits, and the suit of its parts: one holding
        # 2 cards or more (the most)
        for r1 in range(13):
            rank_live[r1] = ((fixed >> (4 * r1)) & 15) ^ 15
            rank_live[r1] <<= 4 * r1
        rich = -1
        most = 1
        for s in range(4):
            in_suit[s] = popcount64(board_cards & (clubs << s))
            if in_suit[s] > most and to_deal > 0:
                most = in_suit[s]
                rich = s
        # a flop of one suit: the parts of one or two of its cards counted kind against
        # kind (_one_suit_kinds), a combo's kind the cards of the suit it holds
        mono = to_deal == 2 and rich >= 0 and most == 3
        suited = clubs << rich if rich >= 0 else 0
        club_kinds = 0
        for i in range(m if mono else 0):
            bits = found[i] & suited
            ints[22 * n + i] = -1
            for f in range(club_kinds):
                if sets[f] == bits:
                    ints[22 * n + i] = f
                    break
            if ints[22 * n + i] < 0:
                sets[club_kinds] = bits
                ints[22 * n + i] = club_kinds
                club_kinds += 1
        groups = 1 if to_deal == 0 else (13 if to_deal == 1 else 169)
        for g in range(groups if live > 0 and m > 0 else 0):
            # the group of ranks (none on the river; one rank; two ranks, low first)
            r1 = g // 13 if to_deal == 2 else g
            r2 = g % 13 if to_deal == 2 else g
            if to_deal == 0:
                r1 = 0
                r2 = 0
            if to_deal == 2 and r2 < r1:
                continue
            na = popcount64(rank_live[r1])
            nb = popcount64(rank_live[r2])
            if (to_deal and na == 0) or (to_deal == 2 and nb < 1 + (r1 == r2)):
                continue
            # every combo's class without a flush on these ranks, and their order
            gkey = (keys[4 * r1] >> SUIT_BITS) << SUIT_BITS
            if to_deal == 2:
                gkey += (keys[4 * r2] >> SUIT_BITS) << SUIT_BITS
            # the class without a flush is that of the combo's ranks: one a kind
            for z in range(present):
                f = by_kind[kinds + z]
                i = ints[20 * n + by_kind[2 * kinds + f]]  # its first combo
                if to_deal == 0:
                    by_kind[f] = _class_cards(0, 7, found[3 * n + i], board_cards | found[i])
                    continue
                # a rank held four times (five with the completion's) has no completion
                # here that misses the combo: its class is never read (nor looked up)
                held = board_cards | found[i]
                ok = popcount64((held >> (4 * r1)) & 15) + 1 + (to_deal == 2 and r1 == r2) <= 4
                if to_deal == 2 and r1 != r2:
                    ok = ok and popcount64((held >> (4 * r2)) & 15) + 1 <= 4
                by_kind[f] = _rank_class(0, 7, found[3 * n + i] + gkey) if ok else -1
            # the kinds in order (from the group before's: about one pass), then the combos
            _sort_down(by_kind, 0, kinds, present)
            t = 0
            for z in range(present):
                f = by_kind[kinds + z]
                for j in range(by_kind[2 * kinds + f], by_kind[2 * kinds + f + 1]):
                    i = ints[20 * n + j]
                    ints[3 * n + i] = by_kind[f]
                    ints[4 * n + t] = i
                    t += 1
            # the parts of the group
            entries = 0
            if to_deal == 0:  # the river: one completion, of no card
                e_a[0] = 0
                e_slot[0] = 14
                e_b[0] = 0
                e_nb[0] = 1
                e_pairs[0] = 0
                e_suit[0] = -1
                e_cards[0] = 0
                e_times[0] = 1.0
                entries = 1
            elif mono:  # the part of none of the suit's cards, and more (see the sweep)
                x1 = rank_live[r1] & suited
                x2 = rank_live[r2] & suited if r1 != r2 else 0
                n1 = rank_live[r1] ^ x1
                n2 = rank_live[r2] ^ x2 if r1 != r2 else n1
                gx1 = popcount64(x1)
                gx2 = popcount64(x2)
                e_a[0] = n1
                e_b[0] = n2 if r1 != r2 else 0
                e_pairs[0] = r1 == r2
                e_suit[0] = rich
                e_cards[0] = 0
                e_times[0] = 1.0
                e_slot[0] = 13
                entries = 1
            elif rich < 0:  # every card of the ranks, classes without a flush
                e_a[0] = rank_live[r1]
                e_b[0] = rank_live[r2] if to_deal == 2 and r1 != r2 else 0
                e_pairs[0] = to_deal == 2 and r1 == r2
                e_suit[0] = -1
                e_cards[0] = 0
                e_times[0] = 1.0
                e_slot[0] = 14
                entries = 1
            else:  # by the rich suit's cards: none, one of each rank, both
                x1 = rank_live[r1] & (clubs << rich)
                x2 = rank_live[r2] & (clubs << rich) if r1 != r2 else 0
                n1 = rank_live[r1] ^ x1
                n2 = rank_live[r2] ^ x2 if r1 != r2 else n1
                for z in range(4):
                    e_pairs[z] = 0
                    e_suit[z] = rich
                    e_times[z] = 1.0
                e_a[0] = n1
                e_b[0] = n2 if to_deal == 2 and r1 != r2 else 0
                e_pairs[0] = to_deal == 2 and r1 == r2
                e_cards[0] = 0
                e_slot[0] = 13
                entries = 1
                if x1:
                    e_a[entries] = x1
                    e_b[entries] = n2 if to_deal == 2 else 0
                    e_cards[entries] = x1
                    e_slot[entries] = r1
                    entries += 1
                if x2 and to_deal == 2:
                    e_a[entries] = n1
                    e_b[entries] = x2
                    e_cards[entries] = x2
                    e_slot[entries] = r2
                    entries += 1
                    if x1:
                        e_a[entries] = x1
                        e_b[entries] = x2
                        e_cards[entries] = x1 | x2
                        e_slot[entries] = 15
                        kept_count[15] = -1
                        entries += 1
            # with a rich suit: its parts swept one by one, or the group swept by classes
            # without a flush and each part's flush makers compared with their opponents
            # (or the part swept alone twice, with the flushes and without): the cheaper
            directs = 0
            if rich >= 0 and entries > 1:
                swept = 0
                cheap = m
                for ent in range(entries):
                    f = e_slot[ent]
                    if kept_count[f] < 0:
                        need = 5 - in_suit[rich] - popcount64(e_cards[ent])
                        kept_count[f] = _flush_makers(
                            found, kept, 2 * n * f, n, m, need, rich, e_cards[ent], board_cards
                        )
                    cost = 0
                    for j in range(kept_count[f]):
                        cost += starts[2 - ints[kept[2 * n * f + j]]]
                        cost -= starts[1 - ints[kept[2 * n * f + j]]]
                    swept += m
                    cheap += min(cost // _DIRECT, 2 * m)
                if cheap < swept:
                    for ent in range(entries):
                        d_a[ent] = e_a[ent]
                        d_b[ent] = e_b[ent]
                        d_pairs[ent] = e_pairs[ent]
                        d_suit[ent] = rich
                        d_cards[ent] = e_cards[ent]
                        d_slot[ent] = e_slot[ent]
                        d_need[ent] = 0
                    directs = entries
                    e_a[0] = rank_live[r1]
                    e_b[0] = rank_live[r2] if to_deal == 2 and r1 != r2 else 0
                    e_pairs[0] = to_deal == 2 and r1 == r2
                    e_suit[0] = -1
                    e_cards[0] = 0
                    e_slot[0] = 14
                    entries = 1
            # the single completions where a suit of the board makes a flush for a few
            # combos: two of one suit on the flop (the board holding one), one on the turn
            # (the board holding two), never the rich suit
            for s in range(4 if to_deal else 0):
                if s == rich:
                    continue
                kb = (cython.cast(cython.ulonglong, 1) << (4 * r1 + s)) & rank_live[r1]
                if to_deal == 2:
                    if r1 == r2 or not kb:
                        continue
                    bits = (cython.cast(cython.ulonglong, 1) << (4 * r2 + s)) & rank_live[r2]
                    if not bits:
                        continue
                    kb |= bits
                if not kb:
                    continue
                need = 5 - in_suit[s] - to_deal
                if need > 2:
                    continue
                d_a[directs] = kb & rank_live[r1]
                d_b[directs] = kb & rank_live[r2] if to_deal == 2 else 0
                d_pairs[directs] = 0
                d_suit[directs] = s
                d_cards[directs] = kb
                d_slot[directs] = -1
                d_need[directs] = need
                directs += 1
            for z in range(directs):
                amask = d_a[z]
                bmask = d_b[z]
                na = popcount64(amask) if amask else 1
                nb = popcount64(bmask) if bmask else 1
                pairs = d_pairs[z] != 0
                if (pairs and na < 2) or amask == 0 or (to_deal == 2 and not pairs and bmask == 0):
                    continue
                kb = d_cards[z]
                s = d_suit[z]
                # its flush makers (at 7 n), each one's flush class (at 9 n + i)
                nf = 0
                cost = 0
                if d_slot[z] < 0:
                    f = (11 + s) * n if d_need[z] >= 2 else (15 + s) * n
                    for j in range(suit_count[s if d_need[z] >= 2 else 4 + s]):
                        i = ints[f + j]
                        if found[i] & kb or ints[3 * n + i] < 0:
                            continue
                        ints[7 * n + nf] = i
                        ints[9 * n + i] = _flush[suit_ranks(board_cards | found[i] | kb, s)]
                        nf += 1
                        cost += starts[2 - ints[i]] - starts[1 - ints[i]]
                else:
                    f = 2 * n * d_slot[z]
                    for j in range(kept_count[d_slot[z]]):
                        i = kept[f + j]
                        ints[7 * n + nf] = i
                        ints[9 * n + i] = kept[f + n + i]
                        nf += 1
                        cost += starts[2 - ints[i]] - starts[1 - ints[i]]
                if nf == 0:
                    continue
                if cost > _DIRECT * m:  # swept alone, with the flushes and without them
                    for y in range(2):
                        e_a[entries] = amask
                        e_b[entries] = bmask
                        e_pairs[entries] = pairs
                        e_suit[entries] = s if y == 0 else -1
                        e_cards[entries] = kb
                        e_times[entries] = 1.0 if y == 0 else -1.0
                        e_slot[entries] = d_slot[z] if y == 0 and d_slot[z] >= 0 else 14
                        entries += 1
                    continue
                # the flush makers against each of their opponents: what changes, times
                # the completions of the part that miss both (one completion: none of
                # its cards held)
                single = na == 1 and nb == 1 and not pairs
                for j in range(nf):
                    ints[8 * n + ints[7 * n + j]] = 1
                for j in range(nf):
                    f = ints[7 * n + j]
                    q = 1 - ints[f]
                    sf = ints[3 * n + f]
                    tf = ints[9 * n + f]
                    wf = sums[f]
                    uf = popcount64(found[f] & amask)
                    vf = popcount64(found[f] & bmask)
                    excl = found[f] | (amask | bmask if single else 0)
                    for b in range(starts[q], starts[q + 1]):
                        if found[b] & excl:
                            continue
                        times = 1.0
                        if not single:
                            u = na - uf - popcount64(found[b] & amask)
                            v = nb - vf - popcount64(found[b] & bmask)
                            if u <= pairs or v <= 0:
                                continue  # no completion of the part misses both
                            times = u * (u - 1) // 2 if pairs else u * v
                        sb = ints[3 * n + b]
                        tb = ints[9 * n + b] if ints[8 * n + b] else sb
                        wb = sums[b] * times
                        sums[n + f] += wb * ((tf < tb) - (sf < sb))
                        sums[2 * n + f] += wb * ((tf == tb) - (sf == sb))
                        if not ints[8 * n + b]:
                            wb = wf * times
                            sums[n + b] += wb * ((tb < tf) - (sb < sf))
                            sums[2 * n + b] += wb * ((tb == tf) - (sb == sf))
                for j in range(nf):
                    ints[8 * n + ints[7 * n + j]] = 0
            # each part: one sweep
            for ent in range(entries):
                amask = e_a[ent]
                bmask = e_b[ent]
                na = popcount64(amask) if amask else 1
                nb = popcount64(bmask) if bmask else 1
                pairs = e_pairs[ent] != 0
                fs = e_suit[ent]
                fcards = e_cards[ent]
                times = e_times[ent]
                # on a flop of one suit, the combos of none of its cards also take their
                # pairs on the group's parts of one card of it (x1 x B, A x x2): counted
                # by moments of their own (worse0) even when this part is empty
                extra = mono and ent == 0 and gx1 + gx2 > 0
                if mono and ent == 0:
                    na = popcount64(amask)
                    nb = popcount64(bmask)
                elif (
                    (pairs and na < 2)
                    or (amask == 0 and to_deal > 0)
                    or (to_deal == 2 and not pairs and bmask == 0)
                ):
                    continue  # an empty part
                # the combos that make a flush in the part's suit, ranked apart (the
                # same in every group for a part of the same suit's cards: kept)
                f = 2 * n * e_slot[ent]  # the list; the class of combo i at f + n + i
                if kept_count[e_slot[ent]] < 0 or e_slot[ent] == 14:
                    kept_count[e_slot[ent]] = 0
                    if fs >= 0:
                        need = 5 - in_suit[fs] - popcount64(fcards)
                        kept_count[e_slot[ent]] = _flush_makers(
                            found, kept, f, n, m, need, fs, fcards, board_cards
                        )
                odd = kept_count[e_slot[ent]]
                for j in range(odd):
                    ints[8 * n + kept[f + j]] = 1
                # the sweep's order: the combos that meet some completion of the part,
                # weakest first, the flush makers merged in; each with its u, v and
                # their product (or u squared)
                k = 0
                y = 0
                t = 0
                hu = False  # whether some combo of the sweep has u, v, their product not 0
                hv = False
                hz = False
                while t < m or y < odd:
                    i = -1
                    if t < m:
                        i = ints[4 * n + t]
                        s = ints[3 * n + i]
                        if s < 0 or (odd and ints[8 * n + i]):
                            t += 1
                            continue
                    if y < odd and (i < 0 or kept[f + n + kept[f + y]] > s):
                        i = kept[f + y]
                        s = kept[f + n + i]
                        y += 1
                    else:
                        t += 1
                    u = popcount64(found[i] & amask)
                    v = popcount64(found[i] & bmask)
                    zero = extra and not found[i] & suited
                    if zero:
                        if (u >= na + gx1 - 1) if pairs else (u == na + gx1 or v == nb + gx2):
                            continue  # no completion of the group's parts misses it
                    elif (u >= na - 1) if pairs else (u == na or v == nb):
                        continue  # no completion of the part misses it
                    ints[21 * n + k] = zero
                    ints[5 * n + k] = i
                    ints[6 * n + k] = s
                    sums[5 * n + k] = u
                    sums[6 * n + k] = v
                    sums[7 * n + k] = u * u if pairs else u * v
                    hu = hu or u != 0
                    hv = hv or v != 0
                    hz = hz or sums[7 * n + k] != 0
                    k += 1
                for j in range(odd):
                    ints[8 * n + kept[f + j]] = 0
                # the sweep, run by run of equal classes: each combo reads the
                # opponent's weight below its class (its wins), the run is added, and
                # in a run of both players' combos each reads it again (what it gained:
                # its ties)
                t = 0
                while t < k:
                    s = ints[6 * n + t]
                    p = ints[ints[5 * n + t]]
                    run = False
                    e = t + 1
                    while e < k and ints[6 * n + e] == s:
                        run = run or ints[ints[5 * n + e]] != p
                        e += 1
                    for y in range(2 if run else 1):
                        for j in range(t, e):
                            i = ints[5 * n + j]
                            q = 212 * (1 - ints[i])
                            a = q + 4 * ints[n + i]
                            b = q + 4 * ints[2 * n + i]
                            q += 208
                            # the completions of a pair: a polynomial of the opponent's u, v
                            mu = sums[5 * n + j]
                            mv = sums[6 * n + j]
                            if pairs:
                                c0 = (na - mu) * (na - mu - 1) * 0.5
                                cu = 0.5 - (na - mu)
                                cv = 0.0
                                cw = 0.5
                            else:
                                c0 = (na - mu) * (nb - mv)
                                cu = mv - nb
                                cv = mu - na
                                cw = 1.0
                            value = c0 * (worse[q] - worse[a] - worse[b])
                            if hu:
                                value += cu * (worse[q + 1] - worse[a + 1] - worse[b + 1])
                            if hv:
                                value += cv * (worse[q + 2] - worse[a + 2] - worse[b + 2])
                            if hz:
                                value += cw * (worse[q + 3] - worse[a + 3] - worse[b + 3])
                            zero = ints[21 * n + j] != 0
                            if zero:  # its pairs of none of the suit on the parts of one
                                if pairs:  # x1 x A
                                    d0 = gx1 * (na - mu)
                                    du = -gx1
                                    dv = 0.0
                                else:  # x1 x B and A x x2
                                    d0 = gx1 * (nb - mv) + gx2 * (na - mu)
                                    du = -gx2
                                    dv = -gx1
                                value += d0 * (worse0[q] - worse0[a] - worse0[b])
                                value += du * (worse0[q + 1] - worse0[a + 1] - worse0[b + 1])
                                value += dv * (worse0[q + 2] - worse0[a + 2] - worse0[b + 2])
                            if y == 0:
                                sums[n + i] += times * value
                                sums[8 * n + j] = value
                                continue
                            # the ties: what the run added, and the opponent's combo of
                            # the same cards (in the run, taken off once by each card)
                            value -= sums[8 * n + j]
                            value += sums[3 * n + i] * (
                                c0 + cu * mu + cv * mv + cw * sums[7 * n + j]
                            )
                            if zero:
                                value += sums[3 * n + i] * (d0 + du * mu + dv * mv)
                            sums[2 * n + i] += times * value
                        for j in range(t, e if y == 0 else t):  # the run, now below
                            i = ints[5 * n + j]
                            w = sums[i]
                            mu = w * sums[5 * n + j]
                            mv = w * sums[6 * n + j]
                            mz = w * sums[7 * n + j]
                            spots[0] = 212 * ints[i] + 208
                            spots[1] = 212 * ints[i] + 4 * ints[n + i]
                            spots[2] = 212 * ints[i] + 4 * ints[2 * n + i]
                            for z in range(3):
                                at = spots[z]
                                worse[at] += w
                                if hu:
                                    worse[at + 1] += mu
                                if hv:
                                    worse[at + 2] += mv
                                if hz:
                                    worse[at + 3] += mz
                            for z in range(3 if ints[21 * n + j] else 0):
                                at = spots[z]
                                worse0[at] += w
                                worse0[at + 1] += mu
                                worse0[at + 2] += mv
                    t = e
                for j in range(424 if k else 0):  # the running sums back to zero
                    worse[j] = 0.0
                for j in range(424 if extra and k else 0):
                    worse0[j] = 0.0
            # on a flop of one suit, the parts of one of its cards: the combos of none of
            # it counted as losing to the flushes there (_one_suit_kinds) but those with a
            # full house or better
            for z in range(2 if mono else 0):
                bits = x1 if z == 0 else x2
                if not bits:
                    continue
                f = r1 if z == 0 else r2  # the part's slot of flush makers
                if kept_count[f] < 0:
                    kept_count[f] = _flush_makers(
                        found, kept, 2 * n * f, n, m, 4 - most, rich, bits, board_cards
                    )
                _one_suit_strong(
                    found,
                    ints,
                    sums,
                    kept,
                    2 * n * f,
                    kept_count[f],
                    n,
                    m,
                    suited,
                    n2 if z == 0 else n1,
                )
    # on a flop of one suit, the completions of one or two of its cards kind by kind
    if mono and live > 0 and m > 0:
        table = np.zeros(2 * club_kinds * 53 + 3 * club_kinds * club_kinds)
        if not cython.compiled:
            table = cells(table)
        with cython.nogil:
            _one_suit_kinds(
                found, ints, sums, n, m, sets, club_kinds, table, board_cards, fixed, rich
            )
    with cython.nogil:
        # the sums of each combo: its pairs' weight, and its wins and ties over the
        # completions of a pair
        for i in range(m if live > 0 else 0):
            if ints[10 * n + i] == 0:
                continue
            p = ints[i]
            w = sums[i]
            at = p * 1326 + cython.cast(cython.longlong, found[n + i])
            pair_weight = w * sums[4 * n + i]
            win = w * sums[n + i] / live
            tie = w * sums[2 * n + i] / live
            out[at] += pair_weight
            out[2 * 1326 + at] += win + 0.5 * tie
            out[4 * 1326 + at] += win
            out[6 * 1326 + at] += tie
            out[base + p] += win + 0.5 * tie
            out[base + 2 + p] += win
            out[base + 4 + p] += tie
            if p == 0:
                total_weight += pair_weight
                games += ints[10 * n + i] * live
    if not cython.compiled:
        store(out)
    return total_weight, games


# --- exact equity: every game -------------------------------------------------------------

#: The cards of suit 0 (clubs), one bit every four: a card set's suit-0 part.
_SUIT_ZERO: int = cython.declare(cython.ulonglong, 0x1111111111111)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(
    bits=cython.ulonglong,
    group=cython.longlong[::1],
    order=cython.int,
    g=cython.int,
    s=cython.int,
    image=cython.ulonglong,
    fixing=cython.int,
)
@cython.returns(cython.longlong)
def _board_weight(bits: int, group: Any, order: int) -> int:
    """How many boards the board ``bits`` stands for under the ``order`` suit
    permutations of ``group`` (the image of suit ``s`` under permutation ``g`` at
    ``4 * g + s``): 0 unless it is the least of its orbit (as a number), else the size
    of its orbit (the order over the permutations fixing it)."""
    fixing = 0
    for g in range(order):
        image = 0
        for s in range(4):
            image |= ((bits >> s) & _SUIT_ZERO) << group[4 * g + s]
        if image < bits:
            return 0
        if image == bits:
            fixing += 1
    return order // fixing


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
    group=cython.longlong[::1],
    order=cython.int,
    weight=cython.longlong,
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
    group: NDArray[np.int64],
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

    ``group`` (4 numbers a permutation: the image of each suit) holds the suit
    permutations that fix the question: only the least board of each orbit under them
    is dealt, counted as many times as its orbit has boards (the counts of each
    assignment then add those of its images: the caller averages them over the group;
    the identity alone deals every board once).
    """
    deck, board, hands, assign = plain(deck), plain(board), plain(hands), plain(assign)
    hand_bits, assign_bits, pair_cards = plain(hand_bits), plain(assign_bits), plain(pair_cards)
    group = plain(group)
    order = len(group) // 4
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
                weight = 1 if order == 1 else _board_weight(bits, group, order)
                boards += weight
                if weight:
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
                        valid[a] += weight
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
                                shares[players * a + p] += weight * (_UNITS // top)
                                if top == 1:
                                    wins[players * a + p] += weight
                                else:
                                    ties[players * a + p] += weight
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


# --- Monte Carlo equity: every game -------------------------------------------------------


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
    m = (stream(key, counter) >> 32) * n
    if (m & _MASK32) < n:
        floor = (_MASK32 + 1 - n) % n
        while (m & _MASK32) < floor:
            m = (stream(key, counter + used) >> 32) * n
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
def deal_rows_block(
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
        plain(rows),
        plain(row_bits),
        plain(row_start),
        plain(missing),
    )
    cumulative, weighted, deck, board = (
        plain(cumulative),
        plain(weighted),
        plain(deck),
        plain(board),
    )
    triple_tables, triple_of = plain(triple_tables), plain(triple_of)
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
                        u = cython.cast(cython.double, stream(key, counter) >> 11) * (2.0**-53)
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


# --- exact equity of heads-up turns: the river cards compared by rank ---------------------

#: On a turn, heads-up, :func:`exact_small` compares the river by rank
#: (:func:`exact_turn`) while the pairs of combos are fewer than this many times the
#: combos of both players (a pair costs a few ns there, whatever the river; the sweep
#: a few ns a combo on each of the 44 rivers, and a sort a rank): beyond, it sweeps.
#: Measured on 2c 7d 9h Js: 22+, A2s+, KTs+, ATo+ against itself (93 pairs a combo)
#: 255 us by rank, 306 us swept; against random (163) 1.70 ms and 1.59 ms. On a turn of
#: three clubs, AK, QQ+ against JJ-88, AQs (15 pairs a combo) takes 53 us by rank and
#: 44 us swept (130 and 55 us with four clubs): there the sweep's ratio holds.
_TURN_RATIO: int = cython.declare(cython.longlong, 128)
#: The 52 cards, as a 52-bit set.
_ALL_CARDS: int = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFF)


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(fixed=cython.ulonglong, in_rank=cython.p_longlong, c=cython.int, r=cython.int)
@cython.returns(cython.int)
def _ranks_left(fixed: int, in_rank: Any) -> int:
    """How many cards of each rank ``fixed`` (a 52-bit set) leaves, into ``in_rank``."""
    for r in range(13):
        in_rank[r] = 0
    for c in range(52):
        if not (fixed >> c) & 1:
            in_rank[c >> 2] += 1
    return 0


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(
    numbers=cython.longlong[::1],
    number_start=cython.longlong[::1],
    fixed=cython.ulonglong,
    combo_bits=cython.p_ulonglong,
    combo_at=cython.p_int,
    combo_pair=cython.p_short,
    present=cython.p_short,
    held=cython.p_int,
    kept=cython.p_int,
    combos=cython.Py_ssize_t,
    i=cython.Py_ssize_t,
    p=cython.int,
    c=cython.longlong,
    lo=cython.longlong,
    hi=cython.longlong,
    pair=cython.int,
    bits=cython.ulonglong,
)
@cython.returns(cython.Py_ssize_t)
def _rank_pairs(
    numbers: Any,
    number_start: Any,
    fixed: int,
    combo_bits: Any,
    combo_at: Any,
    combo_pair: Any,
    present: Any,
    held: Any,
    kept: Any,
) -> int:
    """The set-up of the heads-up kernels by rank (:func:`exact_turn`,
    :func:`exact_flop`): each player's combos that meet no card of ``fixed``, in turn
    (the first player's, then the second's: ``kept[p]`` of them), their card sets
    (``combo_bits``), places in ``numbers`` (``combo_at``) and pair of ranks, as the
    place of that pair among the player's (``combo_pair``); player ``p``'s pairs of
    ranks (``13 * low + high``) from ``present[91 * p]``, ``held[p]`` of them, in the
    order they come. Returns how many combos."""
    place_of = cython.declare(cython.short[338])  # per player and rank pair, its place
    for i in range(338):
        place_of[i] = -1
    combos = 0
    for p in range(2):
        held[p] = 0
        kept[p] = 0
        for i in range(number_start[p], number_start[p + 1]):
            c = numbers[i]
            lo = _combo_low[c]
            hi = _combo_high[c]
            bits = (cython.cast(cython.ulonglong, 1) << lo) | (
                cython.cast(cython.ulonglong, 1) << hi
            )
            if bits & fixed:
                continue
            kept[p] += 1
            combo_bits[combos] = bits
            combo_at[combos] = i
            pair = 13 * (lo >> 2) + (hi >> 2)
            if place_of[169 * p + pair] < 0:
                place_of[169 * p + pair] = held[p]
                present[91 * p + held[p]] = pair
                held[p] += 1
            combo_pair[combos] = place_of[169 * p + pair]
            combos += 1
    return combos


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(
    out=cython.double[::1],
    n0=cython.longlong,
    n1=cython.longlong,
    weight=cython.double,
    wins=cython.longlong,
    losses=cython.longlong,
    live=cython.longlong,
    ties=cython.longlong,
    count=cython.double,
    equity=cython.double,
    base=cython.Py_ssize_t,
)
@cython.returns(cython.int)
def _add_pair(out: Any, n0: int, n1: int, weight: float, wins: int, losses: int, live: int) -> int:
    """Heads-up, a pair of combos (numbers ``n0`` and ``n1``) of weight ``weight`` whose
    first combo wins ``wins`` and loses ``losses`` of ``live`` deals: its sums added to
    :func:`exact_small`'s ``out`` as :func:`exact_pairs` adds them (the same figures to
    the last bit), for :func:`exact_turn`, :func:`exact_flop` and :func:`exact_river`."""
    base = 4 * 2 * 1326  # where the totals start
    count = cython.cast(cython.double, live)
    ties = live - wins - losses
    equity = cython.cast(cython.double, wins * 2520 + ties * 1260) / (2520.0 * count)
    out[n0] += weight
    out[2 * 1326 + n0] += weight * equity
    out[4 * 1326 + n0] += weight * (cython.cast(cython.double, wins) / count)
    out[6 * 1326 + n0] += weight * (cython.cast(cython.double, ties) / count)
    out[base] += weight * equity
    out[base + 2] += weight * (cython.cast(cython.double, wins) / count)
    out[base + 4] += weight * (cython.cast(cython.double, ties) / count)
    equity = cython.cast(cython.double, losses * 2520 + ties * 1260) / (2520.0 * count)
    out[1326 + n1] += weight
    out[3 * 1326 + n1] += weight * equity
    out[5 * 1326 + n1] += weight * (cython.cast(cython.double, losses) / count)
    out[7 * 1326 + n1] += weight * (cython.cast(cython.double, ties) / count)
    out[base + 1] += weight * equity
    out[base + 3] += weight * (cython.cast(cython.double, losses) / count)
    out[base + 5] += weight * (cython.cast(cython.double, ties) / count)
    return 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(board=cython.ulonglong, s=cython.int, most=cython.int)
@cython.returns(cython.int)
def _suited(board: int) -> int:
    """The most cards of one suit in the card set ``board``."""
    most = 0
    for s in range(4):
        most = max(most, popcount64((board >> s) & _SUIT_ZERO))
    return most


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(key=cython.ulonglong, s=cython.int, held=cython.ulonglong, cards=cython.ulonglong)
@cython.returns(cython.ulonglong)
def _flush_rivers(key: int) -> int:
    """The river cards (a 52-bit set) with which a hand of six cards of key total
    ``key`` (the board's four and a combo) has five cards or more of a suit: every card
    when it has five already, a suit's cards when it has four of it."""
    cards = 0
    for s in range(4):
        held = (key >> (4 * s)) & 0xF
        if held >= 5:
            return _ALL_CARDS
        if held == 4:
            cards |= _SUIT_ZERO << s
    return cards


@cython.locals(
    numbers=cython.longlong[::1],
    number_start=cython.longlong[::1],
    number_weights=cython.double[::1],
    out=cython.double[::1],
    board_cards=cython.ulonglong,
    dead_cards=cython.ulonglong,
    fixed=cython.ulonglong,
    left=cython.ulonglong,
    board_total=cython.ulonglong,
    to_deal=cython.int,
    combos=cython.Py_ssize_t,
    rows=cython.Py_ssize_t,
    cards=cython.longlong,
    live=cython.longlong,
    games=cython.longlong,
    i=cython.Py_ssize_t,
    k0=cython.Py_ssize_t,
    k1=cython.Py_ssize_t,
    g0=cython.Py_ssize_t,
    g1=cython.Py_ssize_t,
    at=cython.Py_ssize_t,
    p=cython.int,
    r=cython.int,
    c=cython.longlong,
    n0=cython.longlong,
    n1=cython.longlong,
    lo=cython.longlong,
    hi=cython.longlong,
    pair=cython.int,
    other=cython.int,
    row0=cython.int,
    row1=cython.int,
    bits=cython.ulonglong,
    bits0=cython.ulonglong,
    key=cython.ulonglong,
    key0=cython.ulonglong,
    key1=cython.ulonglong,
    flush0=cython.ulonglong,
    flushes=cython.ulonglong,
    mine=cython.int,
    theirs=cython.int,
    wins=cython.longlong,
    losses=cython.longlong,
    ties=cython.longlong,
    weight=cython.double,
    total_weight=cython.double,
    count=cython.double,
    equity=cython.double,
    win=cython.double,
    tie=cython.double,
    base=cython.Py_ssize_t,
)
def exact_turn(
    numbers: NDArray[np.int64],
    number_start: NDArray[np.int64],
    number_weights: NDArray[np.float64],
    board_cards: int,
    dead_cards: int,
    to_deal: int,
    out: NDArray[np.float64],
) -> tuple[float, int]:
    """:func:`exact_small` heads-up on a turn (``to_deal`` 1: the river to deal; the
    same arguments and sums, added in the same order as :func:`exact_pairs` adds them:
    the same figures to the last bit), every pair of combos compared on the river by
    rank.

    Without a flush, a hand's class on the river depends on its ranks alone, so each
    pair of ranks two hole cards hold is ranked once for each of the 13 river ranks
    (not each combo for each of the 44 river cards). Two combos' ranks decide their
    outcome on every river: over each rank, the rivers of that rank left once the
    board, the dead cards and both combos are out (the cards left of the rank, less
    those the two combos hold); so it is counted once for each pair of rank pairs, and
    every pair of combos of those ranks that share no card has it. A river with which
    a combo holds five cards of a suit (:func:`_flush_rivers`) is ranked card by card
    for the pairs where one combo may make a flush, its count by rank taken back.
    """
    if not cython.compiled:
        numbers, number_start = plain(numbers), plain(number_start)
        number_weights = plain(number_weights)
    if number_start.shape[0] != 3 or to_deal != 1:
        raise ValueError("exact_turn: two players, one card to deal")
    if max(number_start[1] - number_start[0], number_start[2] - number_start[1]) > 1326:
        raise ValueError("exact_turn: at most 1,326 combos a player")  # the arrays below
    keys = cython.declare(cython.const[cython.ulonglong][::1], _keys)
    combo_bits = cython.declare(cython.ulonglong[2652])  # live combos, both players
    combo_at = cython.declare(cython.int[2652])  # their places in numbers
    combo_pair = cython.declare(cython.short[2652])  # their pair of ranks, of the player's
    present = cython.declare(cython.short[182])  # per player, its rank pairs in turn
    held = cython.declare(cython.int[2])  # how many rank pairs each player holds
    kept = cython.declare(cython.int[2])  # how many live combos
    row_of = cython.declare(cython.short[169])  # a rank pair's row of classes
    classes = cython.declare(cython.ushort[1183])  # 91 rows, a class a river rank
    in_rank = cython.declare(cython.longlong[13])  # the cards of each rank left
    below = cython.declare(cython.int[13])  # the first player's class below the other's
    above = cython.declare(cython.int[13])
    # per pair of rank pairs (the first player's, the second's), the wins and losses of
    # the first player's combos on the rivers by rank
    outcome = cython.declare(cython.short[16562])
    if not cython.compiled:
        out = cells(out)
    base = 4 * 2 * 1326  # where the totals start
    total_weight = 0.0
    games = 0
    with cython.nogil:
        fixed = board_cards | dead_cards
        left = _ALL_CARDS & ~fixed
        cards = 52 - popcount64(fixed)
        board_total = _key_total(board_cards)
        _ranks_left(fixed, in_rank)
        live = cards - 4  # the rivers of a pair of combos
        # each player's live combos and their rank pairs; a row of classes for each
        # rank pair held
        combos = _rank_pairs(
            numbers, number_start, fixed, combo_bits, combo_at, combo_pair, present, held, kept
        )
        for i in range(169):
            row_of[i] = -1
        rows = 0
        for i in range(held[0] + held[1]):
            pair = present[i if i < held[0] else 91 + i - held[0]]
            if row_of[pair] >= 0:
                continue
            row_of[pair] = rows
            lo = pair // 13
            hi = pair % 13
            key = board_total + keys[4 * lo] + keys[4 * hi]
            for r in range(13):
                # a river of rank r left besides the pair's cards (else no class: a
                # rank five times; its count below is 0)
                if in_rank[r] - (r == lo) - (r == hi) > 0:
                    classes[13 * rows + r] = _rank_class(0, 7, key + keys[4 * r])
                else:
                    classes[13 * rows + r] = 0
            rows += 1
        out[base + 6] = kept[0]
        out[base + 7] = kept[1]
        # the outcome of two rank pairs on every river: each rank's cards left, less
        # those of the four hole cards' ranks
        for g0 in range(held[0]):
            pair = present[g0]
            row0 = 13 * row_of[pair]
            for g1 in range(held[1]):
                other = present[91 + g1]
                row1 = 13 * row_of[other]
                wins = 0
                losses = 0
                for r in range(13):
                    mine = classes[row0 + r]
                    theirs = classes[row1 + r]
                    below[r] = mine < theirs
                    above[r] = theirs < mine
                    wins += in_rank[r] * below[r]
                    losses += in_rank[r] * above[r]
                wins -= below[pair // 13] + below[pair % 13] + below[other // 13]
                wins -= below[other % 13]
                losses -= above[pair // 13] + above[pair % 13] + above[other // 13]
                losses -= above[other % 13]
                at = 2 * (g0 * held[1] + g1)
                outcome[at] = wins
                outcome[at + 1] = losses
        # every pair of combos, in the order of exact_pairs
        for k0 in range(kept[0] if live > 0 else 0):  # no river left: no game
            bits0 = combo_bits[k0]
            n0 = numbers[combo_at[k0]]
            key0 = board_total + keys[_combo_low[n0]] + keys[_combo_high[n0]]
            flush0 = _flush_rivers(key0)
            for k1 in range(kept[0], combos):
                if combo_bits[k1] & bits0:
                    continue
                n1 = numbers[combo_at[k1]]
                at = 2 * (combo_pair[k0] * held[1] + combo_pair[k1])
                wins = outcome[at]
                losses = outcome[at + 1]
                key1 = board_total + keys[_combo_low[n1]] + keys[_combo_high[n1]]
                flushes = (flush0 | _flush_rivers(key1)) & left & ~(bits0 | combo_bits[k1])
                if flushes:  # these rivers card by card, their count by rank taken back
                    row0 = 13 * row_of[present[combo_pair[k0]]]
                    row1 = 13 * row_of[present[91 + combo_pair[k1]]]
                    for c in range(52):
                        if not (flushes >> c) & 1:
                            continue
                        r = c >> 2
                        mine = classes[row0 + r]
                        theirs = classes[row1 + r]
                        wins -= mine < theirs
                        losses -= theirs < mine
                        bits = cython.cast(cython.ulonglong, 1) << c
                        mine = _class_cards(0, 7, key0 + keys[c], board_cards | bits0 | bits)
                        theirs = _class_cards(
                            0, 7, key1 + keys[c], board_cards | combo_bits[k1] | bits
                        )
                        wins += mine < theirs
                        losses += theirs < mine
                weight = 1.0 * number_weights[combo_at[k0]] * number_weights[combo_at[k1]]
                total_weight += weight
                games += live
                _add_pair(out, n0, n1, weight, wins, losses, live)
    if not cython.compiled:
        store(out)
    return total_weight, games


# --- exact equity of heads-up flops with few pairs: the turn and river by ranks -----------

#: Pairs of ranks a completion of two cards holds (13 pairs, 78 of two ranks).
_GROUPS: int = cython.declare(cython.int, 91)
#: What :func:`exact_small` weighs on a flop, heads-up, in about nanoseconds (measured on
#: 7 December 2026, AMD EPYC, one thread, a quiet machine): :func:`exact_flop` takes
#: about 50 a pair of combos and 10 a completion it ranks card by card;
#: :func:`exact_sweep` about 700 for each of the 91 groups of ranks and 25 a combo in
#: each, on a flop of three suits (and a paired one), twice that on a flop of two suits
#: (its parts), 1.1 times on a flop of one (every pair of kinds of combos once a club).
_FLOP_PAIR: int = cython.declare(cython.longlong, 50)
_FLOP_CARD_BY_CARD: int = cython.declare(cython.longlong, 10)
_SWEEP_GROUP: int = cython.declare(cython.longlong, 700)
_SWEEP_COMBO: int = cython.declare(cython.longlong, 25)


@cython.cfunc
@cython.locals(
    numbers=cython.longlong[::1],
    number_start=cython.longlong[::1],
    board_cards=cython.ulonglong,
    dead_cards=cython.ulonglong,
    fixed=cython.ulonglong,
    bits=cython.ulonglong,
    suit=cython.ulonglong,
    cards=cython.longlong,
    completions=cython.longlong,
    ranked=cython.longlong,
    own=cython.longlong,
    others=cython.longlong,
    first=cython.longlong,
    second=cython.longlong,
    held=cython.int,
    left=cython.longlong,
    p=cython.int,
    s=cython.int,
    i=cython.Py_ssize_t,
    c=cython.longlong,
    flop=cython.longlong,
    sweep=cython.longlong,
)
@cython.returns(cython.bint)
def _flop_by_ranks(numbers: Any, number_start: Any, board_cards: int, dead_cards: int) -> bool:
    """True when :func:`exact_flop` is expected to answer a heads-up flop sooner than
    :func:`exact_sweep`, by the weights above (every pair's enumeration,
    :func:`exact_pairs`, is slower than one or the other on every flop measured). The
    completions :func:`exact_flop` ranks card by card are counted for each combo (those
    that may give it five of a suit: both cards of a suit it holds three of with the
    board, one card of a suit it holds four of, every completion with five), times the
    other player's combos."""
    fixed = board_cards | dead_cards
    cards = 52 - popcount64(fixed)
    completions = (cards - 2) * (cards - 3) // 2
    first = number_start[1] - number_start[0]
    second = number_start[2] - number_start[1]
    ranked = 0
    for p in range(2):
        others = second if p == 0 else first
        for i in range(number_start[p], number_start[p + 1]):
            c = numbers[i]
            bits = (cython.cast(cython.ulonglong, 1) << _combo_low[c]) | (
                cython.cast(cython.ulonglong, 1) << _combo_high[c]
            )
            if bits & fixed:
                continue
            for s in range(4):
                suit = _SUIT_ZERO << s
                held = popcount64((board_cards | bits) & suit)
                left = 13 - popcount64((fixed | bits) & suit)
                own = 0
                if held >= 5:
                    own = completions
                elif held == 4:
                    own = left * (cards - 4)
                elif held == 3:
                    own = left * (left - 1) // 2
                ranked += own * others
    flop = _FLOP_PAIR * first * second + _FLOP_CARD_BY_CARD * ranked
    sweep = _GROUPS * (_SWEEP_GROUP + _SWEEP_COMBO * (first + second))
    held = _suited(board_cards)
    sweep = sweep * (11 if held >= 3 else (20 if held == 2 else 10)) // 10
    return bool(flop <= sweep)


@cython.locals(
    numbers=cython.longlong[::1],
    number_start=cython.longlong[::1],
    number_weights=cython.double[::1],
    out=cython.double[::1],
    board_cards=cython.ulonglong,
    dead_cards=cython.ulonglong,
    fixed=cython.ulonglong,
    left=cython.ulonglong,
    avail=cython.ulonglong,
    board_total=cython.ulonglong,
    to_deal=cython.int,
    combos=cython.Py_ssize_t,
    rows=cython.Py_ssize_t,
    cards=cython.longlong,
    live=cython.longlong,
    games=cython.longlong,
    i=cython.Py_ssize_t,
    m=cython.Py_ssize_t,
    g=cython.Py_ssize_t,
    k0=cython.Py_ssize_t,
    k1=cython.Py_ssize_t,
    at=cython.Py_ssize_t,
    p=cython.int,
    r=cython.int,
    s=cython.int,
    x=cython.int,
    y=cython.int,
    a=cython.int,
    b=cython.int,
    c=cython.longlong,
    c1=cython.int,
    c2=cython.int,
    n=cython.longlong,
    n0=cython.longlong,
    n1=cython.longlong,
    lo=cython.longlong,
    hi=cython.longlong,
    pair=cython.int,
    other=cython.int,
    row0=cython.Py_ssize_t,
    row1=cython.Py_ssize_t,
    bits=cython.ulonglong,
    bits0=cython.ulonglong,
    key=cython.ulonglong,
    key0=cython.ulonglong,
    key1=cython.ulonglong,
    held0=cython.int,
    most=cython.int,
    one=cython.int,
    two=cython.int,
    every=cython.int,
    both=cython.int,
    mine=cython.int,
    theirs=cython.int,
    wins=cython.longlong,
    losses=cython.longlong,
    ties=cython.longlong,
    weight=cython.double,
    total_weight=cython.double,
    count=cython.double,
    equity=cython.double,
    win=cython.double,
    tie=cython.double,
    base=cython.Py_ssize_t,
)
def exact_flop(
    numbers: NDArray[np.int64],
    number_start: NDArray[np.int64],
    number_weights: NDArray[np.float64],
    board_cards: int,
    dead_cards: int,
    to_deal: int,
    out: NDArray[np.float64],
) -> tuple[float, int]:
    """:func:`exact_small` heads-up on a flop (``to_deal`` 2: the turn and the river to
    deal; the same arguments and sums, added in the same order as :func:`exact_pairs`
    adds them: the same figures to the last bit), every pair of combos compared on the
    turn and river by ranks.

    Without a flush, a hand's class depends on its ranks alone, so each pair of ranks
    two hole cards hold is ranked once for each of the 91 pairs of ranks the turn and
    river may hold (not each combo for each of the 990 completions). Two combos' ranks
    decide their outcome on every completion: a pair of ranks is dealt as many ways as
    the cards left of its ranks allow once the board, the dead cards and the four hole
    cards are out, so the outcome is counted once for each pair of the two players'
    rank pairs, and every pair of combos of those ranks that share no card has it. The
    completions with which a combo may hold five cards of a suit (both cards of a suit
    it holds three of with the board, one card of a suit it holds four of) are ranked
    card by card for that pair of combos, their count by ranks taken back.
    """
    if not cython.compiled:
        numbers, number_start = plain(numbers), plain(number_start)
        number_weights = plain(number_weights)
    if number_start.shape[0] != 3 or to_deal != 2:
        raise ValueError("exact_flop: two players, two cards to deal")
    if max(number_start[1] - number_start[0], number_start[2] - number_start[1]) > 1326:
        raise ValueError("exact_flop: at most 1,326 combos a player")  # the arrays below
    keys = cython.declare(cython.const[cython.ulonglong][::1], _keys)
    combo_bits = cython.declare(cython.ulonglong[2652])  # live combos, both players
    combo_at = cython.declare(cython.int[2652])  # their places in numbers
    combo_pair = cython.declare(cython.short[2652])  # their pair of ranks, of the player's
    present = cython.declare(cython.short[182])  # per player, its rank pairs in turn
    held = cython.declare(cython.int[2])  # how many rank pairs each player holds
    kept = cython.declare(cython.int[2])  # how many live combos
    row_of = cython.declare(cython.short[169])  # a rank pair's row of classes
    classes = cython.declare(cython.ushort[8281])  # 91 rows, a class a completion's ranks
    in_rank = cython.declare(cython.longlong[13])  # the cards of each rank left
    in_pair = cython.declare(cython.longlong[13])  # those a pair of combos leaves
    group_lo = cython.declare(cython.int[91])  # each completion's pair of ranks
    group_hi = cython.declare(cython.int[91])
    group_of = cython.declare(cython.short[169])
    flushy = cython.declare(cython.short[1326])  # a pair's completions ranked card by card
    # per pair of rank pairs (the first player's, the second's), the wins and losses of
    # the first player's combos on the completions by ranks; -1: not counted yet
    outcome = cython.declare(cython.short[16562])
    if not cython.compiled:
        out = cells(out)
    base = 4 * 2 * 1326  # where the totals start
    total_weight = 0.0
    games = 0
    with cython.nogil:
        fixed = board_cards | dead_cards
        left = _ALL_CARDS & ~fixed
        cards = 52 - popcount64(fixed)
        board_total = _key_total(board_cards)
        _ranks_left(fixed, in_rank)
        live = (cards - 4) * (cards - 5) // 2  # the completions of a pair of combos
        g = 0
        for a in range(13):
            for b in range(a, 13):
                group_lo[g] = a
                group_hi[g] = b
                group_of[13 * a + b] = g
                g += 1
        # each player's live combos and their rank pairs; a row of classes for each
        # rank pair held
        combos = _rank_pairs(
            numbers, number_start, fixed, combo_bits, combo_at, combo_pair, present, held, kept
        )
        for i in range(169):
            row_of[i] = -1
        rows = 0
        for i in range(held[0] + held[1]):
            pair = present[i if i < held[0] else 91 + i - held[0]]
            if row_of[pair] >= 0:
                continue
            row_of[pair] = rows
            x = pair // 13
            y = pair % 13
            key = board_total + keys[4 * x] + keys[4 * y]
            for g in range(_GROUPS):
                # a completion of these ranks left besides the pair's cards (else no
                # class: a rank five times; its count below is 0)
                a = group_lo[g]
                b = group_hi[g]
                n0 = in_rank[a] - (a == x) - (a == y)
                n1 = in_rank[b] - (b == x) - (b == y)
                if (n0 >= 2) if a == b else (n0 >= 1 and n1 >= 1):
                    classes[_GROUPS * rows + g] = _rank_class(0, 7, key + keys[4 * a] + keys[4 * b])
                else:
                    classes[_GROUPS * rows + g] = 0
            rows += 1
        out[base + 6] = kept[0]
        out[base + 7] = kept[1]
        for i in range(2 * held[0] * held[1]):
            outcome[i] = -1
        # every pair of combos, in the order of exact_pairs
        for k0 in range(kept[0] if live > 0 else 0):  # no completion left: no game
            bits0 = combo_bits[k0]
            n0 = numbers[combo_at[k0]]
            key0 = board_total + keys[_combo_low[n0]] + keys[_combo_high[n0]]
            pair = present[combo_pair[k0]]
            row0 = _GROUPS * row_of[pair]
            for k1 in range(kept[0], combos):
                if combo_bits[k1] & bits0:
                    continue
                n1 = numbers[combo_at[k1]]
                other = present[91 + combo_pair[k1]]
                row1 = _GROUPS * row_of[other]
                at = 2 * (combo_pair[k0] * held[1] + combo_pair[k1])
                if outcome[at] < 0:  # the two rank pairs on every completion by ranks
                    for r in range(13):
                        in_pair[r] = in_rank[r]
                    in_pair[pair // 13] -= 1
                    in_pair[pair % 13] -= 1
                    in_pair[other // 13] -= 1
                    in_pair[other % 13] -= 1
                    wins = 0
                    losses = 0
                    for g in range(_GROUPS):
                        a = group_lo[g]
                        b = group_hi[g]
                        if a == b:
                            n = in_pair[a] * (in_pair[a] - 1) // 2
                        else:
                            n = in_pair[a] * in_pair[b]
                        mine = classes[row0 + g]
                        theirs = classes[row1 + g]
                        wins += n * (mine < theirs)
                        losses += n * (theirs < mine)
                    outcome[at] = wins
                    outcome[at + 1] = losses
                wins = outcome[at]
                losses = outcome[at + 1]
                # the completions with which either combo may make a flush: card by card
                key1 = board_total + keys[_combo_low[n1]] + keys[_combo_high[n1]]
                avail = left & ~(bits0 | combo_bits[k1])
                one = 0  # suits of which one card may make a flush
                two = 0  # suits of which two cards may
                every = 0
                for s in range(4):
                    held0 = (key0 >> (4 * s)) & 0xF
                    most = (key1 >> (4 * s)) & 0xF
                    most = held0 if held0 > most else most
                    every |= most >= 5
                    one |= (most == 4) << s
                    two |= (most == 3) << s
                m = 0
                for s in range(4 if every or one or two else 0):
                    for r in range(13):
                        c1 = 4 * r + s
                        if not (avail >> c1) & 1:
                            continue
                        if every:  # every completion: each pair of cards once
                            for c2 in range(c1 + 1, 52):
                                if (avail >> c2) & 1:
                                    flushy[m] = 64 * c1 + c2
                                    m += 1
                        elif (one >> s) & 1:  # a card of the suit and any other
                            for c2 in range(52):
                                # two cards of such suits: the pair once, from its lower card
                                both = (one >> (c2 & 3)) & 1
                                if (avail >> c2) & 1 and c2 != c1 and (not both or c2 > c1):
                                    flushy[m] = 64 * c1 + c2
                                    m += 1
                        elif (two >> s) & 1:  # two cards of the suit
                            for c2 in range(c1 + 4, 52, 4):
                                if (avail >> c2) & 1:
                                    flushy[m] = 64 * c1 + c2
                                    m += 1
                for i in range(m):
                    c1 = flushy[i] >> 6
                    c2 = flushy[i] & 63
                    a = c1 >> 2
                    b = c2 >> 2
                    g = group_of[13 * a + b] if a <= b else group_of[13 * b + a]
                    mine = classes[row0 + g]
                    theirs = classes[row1 + g]
                    wins -= mine < theirs
                    losses -= theirs < mine
                    bits = (cython.cast(cython.ulonglong, 1) << c1) | (
                        cython.cast(cython.ulonglong, 1) << c2
                    )
                    key = keys[c1] + keys[c2]
                    mine = _class_cards(0, 7, key0 + key, board_cards | bits0 | bits)
                    theirs = _class_cards(0, 7, key1 + key, board_cards | combo_bits[k1] | bits)
                    wins += mine < theirs
                    losses += theirs < mine
                weight = 1.0 * number_weights[combo_at[k0]] * number_weights[combo_at[k1]]
                total_weight += weight
                games += live
                _add_pair(out, n0, n1, weight, wins, losses, live)
    if not cython.compiled:
        store(out)
    return total_weight, games


@cython.locals(
    numbers=cython.longlong[::1],
    number_start=cython.longlong[::1],
    number_weights=cython.double[::1],
    out=cython.double[::1],
    board_cards=cython.ulonglong,
    dead_cards=cython.ulonglong,
    fixed=cython.ulonglong,
    board_total=cython.ulonglong,
    to_deal=cython.int,
    combos=cython.Py_ssize_t,
    games=cython.longlong,
    i=cython.Py_ssize_t,
    k0=cython.Py_ssize_t,
    k1=cython.Py_ssize_t,
    p=cython.int,
    c=cython.longlong,
    n0=cython.longlong,
    n1=cython.longlong,
    bits=cython.ulonglong,
    bits0=cython.ulonglong,
    mine=cython.int,
    theirs=cython.int,
    wins=cython.longlong,
    losses=cython.longlong,
    ties=cython.longlong,
    weight=cython.double,
    total_weight=cython.double,
    equity=cython.double,
    base=cython.Py_ssize_t,
)
def exact_river(
    numbers: NDArray[np.int64],
    number_start: NDArray[np.int64],
    number_weights: NDArray[np.float64],
    board_cards: int,
    dead_cards: int,
    to_deal: int,
    out: NDArray[np.float64],
) -> tuple[float, int]:
    """:func:`exact_small` heads-up on a river (``to_deal`` 0; the same arguments and
    sums, added in the same order as :func:`exact_pairs` adds them): each live combo
    ranked once, every pair of combos that share no card compared; nothing allocated
    (the combos on the stack)."""
    if not cython.compiled:
        numbers, number_start = plain(numbers), plain(number_start)
        number_weights = plain(number_weights)
    if number_start.shape[0] != 3 or to_deal != 0:
        raise ValueError("exact_river: two players, no card to deal")
    if max(number_start[1] - number_start[0], number_start[2] - number_start[1]) > 1326:
        raise ValueError("exact_river: at most 1,326 combos a player")  # the arrays below
    keys = cython.declare(cython.const[cython.ulonglong][::1], _keys)
    combo_bits = cython.declare(cython.ulonglong[2652])  # live combos, both players
    combo_at = cython.declare(cython.int[2652])  # their places in numbers
    combo_class = cython.declare(cython.ushort[2652])  # their classes on the river
    kept = cython.declare(cython.int[2])
    if not cython.compiled:
        out = cells(out)
    base = 4 * 2 * 1326  # where the totals start
    total_weight = 0.0
    games = 0
    with cython.nogil:
        fixed = board_cards | dead_cards
        board_total = 0
        for c in range(52):
            if (board_cards >> c) & 1:
                board_total += keys[c]
        combos = 0
        for p in range(2):
            kept[p] = 0
            for i in range(number_start[p], number_start[p + 1]):
                c = numbers[i]
                bits = (cython.cast(cython.ulonglong, 1) << _combo_low[c]) | (
                    cython.cast(cython.ulonglong, 1) << _combo_high[c]
                )
                if bits & fixed:
                    continue
                kept[p] += 1
                combo_bits[combos] = bits
                combo_at[combos] = i
                combo_class[combos] = _class_cards(
                    0,
                    7,
                    board_total + keys[_combo_low[c]] + keys[_combo_high[c]],
                    board_cards | bits,
                )
                combos += 1
        out[base + 6] = kept[0]
        out[base + 7] = kept[1]
        for k0 in range(kept[0]):
            bits0 = combo_bits[k0]
            n0 = numbers[combo_at[k0]]
            mine = combo_class[k0]
            for k1 in range(kept[0], combos):
                if combo_bits[k1] & bits0:
                    continue
                n1 = numbers[combo_at[k1]]
                theirs = combo_class[k1]
                wins = mine < theirs
                losses = theirs < mine
                weight = 1.0 * number_weights[combo_at[k0]] * number_weights[combo_at[k1]]
                total_weight += weight
                games += 1
                _add_pair(out, n0, n1, weight, wins, losses, 1)
    if not cython.compiled:
        store(out)
    return total_weight, games


# --- exact hold'em before the flop: the boards by rank multiset ---------------------------


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(
    classes=cython.ushort[:, ::1],
    column=cython.Py_ssize_t,
    players=cython.int,
    weight=cython.longlong,
    out=cython.longlong[::1],
    p=cython.int,
    best=cython.int,
    top=cython.int,
)
@cython.returns(cython.int)
def _share_pot(classes: Any, column: int, players: int, weight: int, out: Any) -> int:
    """Add ``weight`` pots of the hand classes in ``column`` of ``classes`` (a row a
    player; the lowest class wins) to each player's pot shares in 2520ths, wins and
    ties (``out``: three rows of ``players``)."""
    best = 0xFFFF
    for p in range(players):
        best = min(best, classes[p, column])
    top = 0
    for p in range(players):
        top += classes[p, column] == best
    for p in range(players):
        if classes[p, column] == best:
            out[p] += weight * (_UNITS // top)
            if top == 1:
                out[players + p] += weight
            else:
                out[2 * players + p] += weight
    return top


@cython.locals(
    hole_sums=cython.longlong[::1],
    sums=cython.longlong[::1],
    boards=cython.longlong[::1],
    index=cython.short[::1],
    suits=cython.longlong[::1],
    available=cython.longlong[::1],
    classes=cython.ushort[:, ::1],
    out=cython.longlong[::1],
    players=cython.int,
    multisets=cython.Py_ssize_t,
    stride=cython.Py_ssize_t,
    m=cython.Py_ssize_t,
    o=cython.Py_ssize_t,
    h=cython.Py_ssize_t,
    highs=cython.Py_ssize_t,
    p=cython.int,
    r=cython.int,
    r2=cython.int,
    k=cython.int,
    most=cython.int,
    in_suit=cython.int,
    alike=cython.longlong,
    free=cython.uint,
    low=cython.uint,
    t=cython.uint,
    low_sum=cython.longlong,
    weight=cython.longlong,
    other=cython.longlong,
)
def exact_preflop(
    hole_sums: NDArray[np.int64],
    sums: NDArray[np.int64],
    boards: NDArray[np.int64],
    index: NDArray[np.int16],
    suits: NDArray[np.int64],
    available: NDArray[np.int64],
    classes: NDArray[np.uint16],
    out: NDArray[np.int64],
) -> None:
    """Hold'em's exact preflop enumeration (:func:`croupier.poker.calc.preflop.preflop_outcome`,
    which says how the boards are counted), every board counted by rank multiset.

    ``hole_sums``: each player's hole cards' rank key sum; ``sums``: each 5-rank
    multiset's rank key sum; ``boards``: the boards of each multiset the free cards make
    (written: less those that may make a flush, which are counted apart); ``index``:
    the number of the multiset of each rank key sum; ``available``: the free cards of
    each rank. ``suits``: for each class of suits the question's symmetry makes alike,
    ``2 + players`` numbers: how many suits the class holds, the ranks of its first
    suit that are free (13 bits), and each player's ranks of that suit (13 bits).
    ``classes``: players x (multisets + 1), scratch. Adds to ``out`` (three rows of
    ``players``) each player's pot shares in 2520ths, wins and ties over the boards,
    each counted as often as it is dealt: whole numbers, in any order the same.

    The boards that may give somebody a flush hold ``k`` >= 3 cards of a suit, ranked by
    the player's and the board's ranks of the suit when ``k`` and the player's cards of
    the suit make five, else by the ranks alone; the ``5 - k`` cards of other suits
    matter by their ranks only (none of them can make a flush), so they are taken by
    rank multiset, each with the number of card sets that have it.
    """
    if not cython.compiled:
        hole_sums, sums, index = plain(hole_sums), plain(sums), plain(index)
        suits, available = plain(suits), plain(available)
        boards, classes, out = cells(boards), cells(classes), cells(out)
    high_sums = cython.declare(cython.longlong[91])  # the other suits' cards, by ranks
    high_ways = cython.declare(cython.longlong[91])  # and how many card sets have them
    off = cython.declare(cython.longlong[13])  # free cards of other suits, by rank
    held = cython.declare(cython.int[10])
    players = hole_sums.shape[0]
    if players > 10:
        raise ValueError("exact_preflop: at most 10 players")  # held[10]
    multisets = sums.shape[0]
    stride = 2 + players
    with cython.nogil:
        # each player's class by rank alone on every multiset dealt
        for m in range(multisets):
            if boards[m] > 0:
                for p in range(players):
                    classes[p, m] = _rank_class(0, 7, (hole_sums[p] + sums[m]) << SUIT_BITS)
        for o in range(suits.shape[0] // stride):
            alike = suits[stride * o]
            free = cython.cast(cython.uint, suits[stride * o + 1])
            most = 0
            for p in range(players):
                held[p] = popcount64(cython.cast(cython.ulonglong, suits[stride * o + 2 + p]))
                most = max(most, held[p])
            in_suit = popcount64(free)
            for r in range(13):
                off[r] = available[r] - ((free >> r) & 1)
            for k in range(5 - most, min(5, in_suit) + 1):
                # the 5 - k cards of other suits, by rank multiset
                highs = 0
                if k == 5:
                    high_sums[0] = 0
                    high_ways[0] = 1
                    highs = 1
                elif k == 4:
                    for r in range(13):
                        if off[r] > 0:
                            high_sums[highs] = _rank_key(r)
                            high_ways[highs] = off[r]
                            highs += 1
                else:
                    for r in range(13):
                        for r2 in range(r, 13):
                            other = off[r] * (off[r] - 1) // 2 if r2 == r else off[r] * off[r2]
                            if other > 0:
                                high_sums[highs] = _rank_key(r) + _rank_key(r2)
                                high_ways[highs] = other
                                highs += 1
                # the k cards of the suit: every set of k of its free ranks
                low = (1 << k) - 1
                while low < 8192:
                    if not (low & ~free):
                        low_sum = 0
                        for r in range(13):
                            if (low >> r) & 1:
                                low_sum += _rank_key(r)
                        for h in range(highs):
                            m = index[low_sum + high_sums[h]]
                            weight = high_ways[h] * alike
                            boards[m] -= weight
                            for p in range(players):
                                if k + held[p] >= 5:
                                    classes[p, multisets] = _flush[
                                        (low | suits[stride * o + 2 + p]) & 0x1FFF
                                    ]
                                else:
                                    classes[p, multisets] = classes[p, m]
                            _share_pot(classes, multisets, players, weight, out)
                    t = low | (low - 1)  # the next set of k ranks (Gosper's)
                    low = (t + 1) | (((~t & (t + 1)) - 1) >> (_ctz13(low) + 1))
        # the boards without a flush, by multiset
        for m in range(multisets):
            if boards[m] > 0:
                _share_pot(classes, m, players, boards[m], out)
    if not cython.compiled:
        store(boards)
        store(classes)
        store(out)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(r=cython.int)
@cython.returns(cython.longlong)
def _rank_key(r: int) -> int:
    """Rank ``r``'s key (the high half of its cards' keys)."""
    return _keys[4 * r] >> SUIT_BITS


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(bits=cython.uint, n=cython.int)
@cython.returns(cython.int)
def _ctz13(bits: int) -> int:
    """The place of the lowest set bit of ``bits`` (not 0)."""
    n = 0
    while not (bits >> n) & 1:
        n += 1
    return n
