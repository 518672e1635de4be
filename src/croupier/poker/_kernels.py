# cython: annotation_typing=False, boundscheck=False, wraparound=False
# cython: cdivision=True, initializedcheck=False
"""Poker's compiled kernels: hand evaluation by table reads, one hand or millions.

Cython's pure-Python mode (see :mod:`croupier.engine`): this file runs as Python, and
compiles to C when croupier is installed. It reads tables it is given by
:mod:`croupier.poker.evaluation.tables` (:func:`configure`), never builds them.

The scheme (OMPEval's): every card has a 64-bit key, its rank's key (see
:mod:`croupier.poker.evaluation.keys`) in the high 32 bits and a 1 in its suit's 4-bit counter in
the low 16. A hand's key total holds the perfect hash of its ranks (the high half) and
the number of cards in each suit (the low half). Adding 3 to each counter sets bit 3 of
a counter exactly when its suit has 5 cards or more: then the hand's class is the flush
table's entry for the ranks held in that suit; otherwise it is the rank table's entry
for the rank sum. The rank tables are compressed by row displacement: the sum's high
bits pick a row and its offset, the low bits a place after it (:func:`displace_rows`).

>>> import numpy as np
>>> from croupier.poker.evaluation.tables import kernel_tables
>>> configure(*kernel_tables())
>>> out = np.zeros(2, dtype=np.uint16)
>>> hands = np.array([[51, 47, 43, 39, 35, 0, 1], [0, 5, 10, 15, 20, 24, 29]])
>>> rank_rows(hands, out, 0, 2, True)  # checked: the first bad row (none)
-1
>>> out.tolist()
[1, 7414]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cython
import numpy as np
from numpy.typing import NDArray

__all__ = [
    "CHANCE_SCALE",
    "OUTCOMES",
    "alias_table",
    "block_key",
    "card_slots",
    "check_rows",
    "class_of",
    "configure",
    "configure_cards",
    "configure_combos",
    "deal_block",
    "displace_rows",
    "exact_boards",
    "rank_rows",
]

# C constants (cython.declare): the rank sum is a key total's bits from SUIT_BITS up;
# FLUSH_OFFSET, added to a total, sets bit 3 (FLUSH_BITS) of every suit counter holding
# 5 or more; _shift bits of a rank sum pick its place in its row of a compressed table.
SUIT_BITS: int = cython.declare(cython.int, 32)
FLUSH_OFFSET: int = cython.declare(cython.ulonglong, 0x3333)
FLUSH_BITS: int = cython.declare(cython.ulonglong, 0x8888)
_shift: int = cython.declare(cython.int, 0)
# 64 bits: the uncompiled source masks with it where C integers wrap
_MASK64: int = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)
_low: int = cython.declare(cython.ulonglong, 0)

# The tables, set by configure(): key of each card (64 entries: a card number is masked
# to 6 bits, and 52-63 key nothing, so unchecked input never reads outside a table),
# the flush table, and per hand size (5, 6, 7) the row offsets and compressed classes.
_keys: Sequence[int] = cython.declare(cython.const[cython.ulonglong][::1])
_flush: Sequence[int] = cython.declare(cython.const[cython.ushort][::1])
_offsets5: Sequence[int] = cython.declare(cython.const[cython.int][::1])
_offsets6: Sequence[int] = cython.declare(cython.const[cython.int][::1])
_offsets7: Sequence[int] = cython.declare(cython.const[cython.int][::1])
_values5: Sequence[int] = cython.declare(cython.const[cython.ushort][::1])
_values6: Sequence[int] = cython.declare(cython.const[cython.ushort][::1])
_values7: Sequence[int] = cython.declare(cython.const[cython.ushort][::1])

# The two cards of each combo number (see croupier.poker.ranges.starting_hands), set by
# configure_combos().
_combo_low: Sequence[int] = cython.declare(cython.const[cython.longlong][::1])
_combo_high: Sequence[int] = cython.declare(cython.const[cython.longlong][::1])

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


class _Ints:
    """An array's numbers as Python ints, indexed as the array is: what a kernel reads when
    it runs uncompiled, so that its arithmetic is that of C integers (NumPy's scalars
    would overflow where C widens, or widen where C wraps)."""

    def __init__(self, array: NDArray[np.integer]) -> None:
        self.rows = array.tolist()
        self.shape = array.shape

    def __getitem__(self, key: int | tuple[int, int]) -> int:
        if isinstance(key, tuple):
            row, column = key
            value: int = self.rows[row][column]
            return value
        item: int = self.rows[key]
        return item


def _plain(array: Any) -> Any:
    """``array`` itself compiled (a typed memoryview reads it), :class:`_Ints` uncompiled."""
    return array if cython.compiled else _Ints(array)


def configure(
    keys: NDArray[np.uint64],
    flush: NDArray[np.uint16],
    offsets: tuple[NDArray[np.int32], NDArray[np.int32], NDArray[np.int32]],
    values: tuple[NDArray[np.uint16], NDArray[np.uint16], NDArray[np.uint16]],
    shift: int,
) -> None:
    """Give the kernels their tables (see :func:`croupier.poker.evaluation.tables.kernel_tables`):
    ``shift`` low bits of a rank sum pick its place within its row."""
    global _keys, _flush, _offsets5, _offsets6, _offsets7, _values5, _values6, _values7
    global _shift, _low
    _shift = shift
    _low = (1 << shift) - 1
    _keys = _plain(keys)
    _flush = _plain(flush)
    _offsets5, _offsets6, _offsets7 = (_plain(o) for o in offsets)
    _values5, _values6, _values7 = (_plain(v) for v in values)


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
    _addresses = _plain(addresses)
    _numbers = _plain(numbers)


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
    suit=cython.uint,
    rank=cython.uint,
    mask=cython.uint,
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
    if not (total + FLUSH_OFFSET) & FLUSH_BITS:
        return _unsuited(total, cython.cast(cython.int, size))
    suit = _flush_suit(total)
    mask = 0
    for rank in range(13):
        mask |= ((seen >> (4 * rank + suit)) & 1) << rank
    return _flush[mask]


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(total=cython.ulonglong, rank_sum=cython.ulonglong)
@cython.returns(cython.int)
def _unsuited7(total: int) -> int:
    rank_sum = total >> SUIT_BITS
    return _values7[_offsets7[rank_sum >> _shift] + (rank_sum & _low)]


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(total=cython.ulonglong, size=cython.int, rank_sum=cython.ulonglong)
@cython.returns(cython.int)
def _unsuited(total: int, size: int) -> int:
    rank_sum = total >> SUIT_BITS
    if size == 7:
        return _values7[_offsets7[rank_sum >> _shift] + (rank_sum & _low)]
    if size == 6:
        return _values6[_offsets6[rank_sum >> _shift] + (rank_sum & _low)]
    return _values5[_offsets5[rank_sum >> _shift] + (rank_sum & _low)]


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
        hands = _plain(hands)
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
                    classes[i] = _unsuited7(total)
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
                    classes[i] = _unsuited(total, size)
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
        hands = _plain(hands)
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
        starts, columns, order = _plain(starts), _plain(columns), _plain(order)
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


# --- Monte Carlo equity -------------------------------------------------------------------
# Random numbers: splitmix64 run as a counter (the n-th number of a stream is a hash of its
# key plus n times the golden ratio), so any deal is reproduced from its block's key and
# its own number alone, whoever deals it: deal a of a block reads the 32-bit halves of
# numbers a * 2**32, a * 2**32 + 1, ... of the block's stream, high half first. Every
# operation is masked to 64 bits: the source, run as Python, gives the same numbers as the
# compiled kernel, and croupier.poker.calc.streams deals the same deals with NumPy.
_MASK32: int = cython.declare(cython.ulonglong, 0xFFFFFFFF)
_GOLDEN: int = cython.declare(cython.ulonglong, 0x9E3779B97F4A7C15)
_MIX1: int = cython.declare(cython.ulonglong, 0xBF58476D1CE4E5B9)
_MIX2: int = cython.declare(cython.ulonglong, 0x94D049BB133111EB)
#: Outcome columns of a combo's tally: 0 lost, k the pot shared by k players (1: won).
OUTCOMES = 11
_OUTCOMES: int = cython.declare(cython.int, 11)
#: The most players a deal has.
_PLAYERS: int = cython.declare(cython.int, 10)
#: Deals dealt before they are ranked together.
_BATCH: int = cython.declare(cython.int, 64)
#: The most pairs of combos drawn on 16 bits (beyond, on 32).
_SMALL_TABLE: int = cython.declare(cython.ulonglong, 4096)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(z=cython.ulonglong)
@cython.returns(cython.ulonglong)
def _mix(z: int) -> int:
    """splitmix64's output function."""
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
    return z ^ (z >> 31)


def block_key(seed: int, block: int) -> int:
    """The key of block ``block`` of the deals of ``seed`` (both below 2**64).

    >>> block_key(7, 0) != block_key(7, 1) != block_key(8, 0)
    True
    """
    return int(_mix((_mix(seed & _MASK64) + _mix((block * _GOLDEN) & _MASK64)) & _MASK64))


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(cards=cython.ulonglong, suit=cython.uint, x=cython.ulonglong)
@cython.returns(cython.uint)
def _suit_ranks(cards: int, suit: int) -> int:
    """The 13-bit set of ranks of one suit in a 52-bit set of cards (card ``4 * rank +
    suit`` is bit ``4 * rank + suit``): the suit's bits, one every 4, folded together
    (every 4 bits to 2 every 8, to 4 every 16, to 8 every 32, to 16)."""
    x = (cards >> suit) & _EVERY_4
    x = (x | (x >> 3)) & _FOLD_8
    x = (x | (x >> 6)) & _FOLD_16
    x = (x | (x >> 12)) & _FOLD_32
    return (x | (x >> 24)) & 0x1FFF


# _suit_ranks' masks: a bit every 4 (13 of them), then the folded groups
_EVERY_4: int = cython.declare(cython.ulonglong, 0x1111111111111)
_FOLD_8: int = cython.declare(cython.ulonglong, 0x0303030303030303)
_FOLD_16: int = cython.declare(cython.ulonglong, 0x000F000F000F000F)
_FOLD_32: int = cython.declare(cython.ulonglong, 0x000000FF000000FF)


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
    return _mix((base + index * _GOLDEN) & _MASK64)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(total=cython.ulonglong, cards=cython.ulonglong, rank_sum=cython.ulonglong)
@cython.returns(cython.int)
def _class7(total: int, cards: int) -> int:
    """The class of 7 cards, from their key total and their set."""
    if (total + FLUSH_OFFSET) & FLUSH_BITS:
        return _flush[_suit_ranks(cards, _flush_suit(total))]
    rank_sum = total >> SUIT_BITS
    return _values7[_offsets7[rank_sum >> _shift] + (rank_sum & _low)]


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
        weights = _plain(weights)
        chance, alias = _cells(chance), _cells(alias)
        scaled, small, large = _cells(scaled), _cells(small), _cells(large)
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
        _store(chance)
        _store(alias)


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
    deal. The board (``board_cards``, a 52-bit set, whose key total is ``board_total``)
    is completed by pairs of cards, then a card if ``to_deal`` is odd, drawn uniformly
    (16 bits each) among the pairs and cards of ``deck`` (every card not on the board or
    dead, ``fixed`` as a set) less the single combos' cards, drawn again while they meet
    a card dealt. ``counts[OUTCOMES * combo + k]`` counts the deals in which the combo's
    player lost (k = 0) or was on top with k - 1 others.

    Deal ``a`` (from 0, dropped deals included) reads numbers ``a * 2**32``,
    ``a * 2**32 + 1``, ... of the stream ``key``, each as four 16-bit draws, high bits
    first: each deal is the same whoever deals it, and
    :func:`croupier.poker.calc.montecarlo.deal_block` deals the same with NumPy.
    """
    if not cython.compiled:
        combo_cards, combo_start, deck = _plain(combo_cards), _plain(combo_start), _plain(deck)
        chance, alias, weighted = _plain(chance), _plain(alias), _plain(weighted)
        two_first, two_second = _plain(two_first), _plain(two_second)
        two_chance, two_alias = _plain(two_chance), _plain(two_alias)
    # the tables as local views: their data pointers stay in registers
    keys = cython.declare(cython.const[cython.ulonglong][::1], _keys)
    offsets = cython.declare(cython.const[cython.int][::1], _offsets7)
    values = cython.declare(cython.const[cython.ushort][::1], _values7)
    shift = cython.declare(cython.int, _shift)
    low = cython.declare(cython.ulonglong, _low)
    dealt_picks = cython.declare(cython.longlong[640])  # _BATCH x _PLAYERS
    dealt_totals = cython.declare(cython.ulonglong[64])
    dealt_boards = cython.declare(cython.ulonglong[64])
    places = cython.declare(cython.longlong[128])  # _BATCH x 2: heads-up classes' places
    flushed = cython.declare(cython.bint[64])
    firsts = cython.declare(cython.ulonglong[64])
    start = cython.declare(cython.longlong[10])
    size = cython.declare(cython.ulonglong[10])
    bound_of = cython.declare(cython.ulonglong[10])
    order = cython.declare(cython.int[10])
    classes = cython.declare(cython.int[10])
    players = combo_start.shape[0] - 1
    combos = combo_start[players]
    # each combo's key total and card set, the deck less the single combos' cards, and
    # every pair of it
    combo_keys = np.zeros(max(combos, 1), dtype=np.uint64)
    combo_bits = np.zeros(max(combos, 1), dtype=np.uint64)
    cards = np.zeros(max(deck.shape[0], 1), dtype=np.int64)
    pair_cards = np.zeros(1326, dtype=np.uint16)  # each pair: a card, the other << 8
    # the block's counts, small (the columns that can be reached), added at the end
    stride = players + 1
    tally = np.zeros(max(combos, 1) * stride, dtype=np.int32)
    two_pack = np.zeros(max(two_first.shape[0], 1), dtype=np.uint32)  # first | second << 16
    if not cython.compiled:
        combo_keys, combo_bits, cards = _cells(combo_keys), _cells(combo_bits), _cells(cards)
        pair_cards, two_pack, tally = _cells(pair_cards), _cells(two_pack), _cells(tally)
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
        for i in range(live):
            for c in range(i + 1, live):
                pair_cards[pairs] = cards[i] | (cards[c] << 8)
                pairs += 1
        for i in range(pairs_of_two):
            two_pack[i] = two_first[i] | (two_second[i] << 16)
        pair_bound = 0x10000 % pairs if pairs else 0
        while done < want and attempts < limit:
            # the first number of each of the next _BATCH deals' streams, made together
            # (independent hashes: the processor overlaps them)
            for d in range(_BATCH):
                x = cython.cast(cython.ulonglong, attempts + d) << 32
                firsts[d] = _mix((key + x * _GOLDEN) & _MASK64)
            batch_start = attempts
            # deal up to _BATCH deals, then rank them all: the table reads of many deals
            # are then in flight at once
            dealt = 0
            while dealt < _BATCH and done + dealt < want and attempts < limit:
                base = (key + ((cython.cast(cython.ulonglong, attempts) << 32) * _GOLDEN)) & _MASK64
                if attempts - batch_start < _BATCH:
                    first_number = firsts[attempts - batch_start]
                else:
                    first_number = _mix(base)
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
                # first where each hand's class is (the rank table's places, or the class
                # itself for a flush), then the classes: the table reads of the batch are
                # independent, so the processor has many in flight
                for d in range(dealt):
                    total = dealt_totals[d]
                    i = dealt_picks[d * _PLAYERS]
                    other = dealt_picks[d * _PLAYERS + 1]
                    x = total + combo_keys[i]
                    y = total + combo_keys[other]
                    if ((x + FLUSH_OFFSET) | (y + FLUSH_OFFSET)) & FLUSH_BITS:
                        flushed[d] = True
                        places[2 * d] = _class7(x, dealt_boards[d] | combo_bits[i])
                        places[2 * d + 1] = _class7(y, dealt_boards[d] | combo_bits[other])
                    else:
                        flushed[d] = False
                        x = x >> SUIT_BITS
                        y = y >> SUIT_BITS
                        places[2 * d] = offsets[x >> shift] + (x & low)
                        places[2 * d + 1] = offsets[y >> shift] + (y & low)
                for d in range(dealt):
                    i = dealt_picks[d * _PLAYERS]
                    other = dealt_picks[d * _PLAYERS + 1]
                    if flushed[d]:
                        mine = places[2 * d]
                        theirs = places[2 * d + 1]
                    else:
                        mine = values[places[2 * d]]
                        theirs = values[places[2 * d + 1]]
                    tally[3 * i + (mine < theirs) + 2 * (mine == theirs)] += 1
                    tally[3 * other + (theirs < mine) + 2 * (mine == theirs)] += 1
                done += dealt
                continue
            for d in range(dealt):
                total = dealt_totals[d]
                best = 0xFFFF
                for p in range(players):
                    i = dealt_picks[d * _PLAYERS + p]
                    classes[p] = _class7(total + combo_keys[i], dealt_boards[d] | combo_bits[i])
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


def _cells(array: Any) -> Any:
    """``array`` as :class:`_Cells` (typed ``Any``: it stands for the array's view)."""
    return _Cells(array)


def _store(cells: Any) -> None:
    """Write :func:`_cells`' numbers back into its array."""
    cells.array[:] = cells.items


class _Cells:
    """A NumPy array read and written as Python ints, for the uncompiled source."""

    def __init__(self, array: NDArray[np.integer]) -> None:
        self.array = array
        self.items = array.tolist()

    def __getitem__(self, index: int) -> int:
        item: int = self.items[index]
        return item

    def __setitem__(self, index: int, value: float) -> None:
        self.items[index] = value & _MASK64 if isinstance(value, int) else value


# --- exact equity of small questions ------------------------------------------------------
#: Shares of a pot split k ways, in 2520ths (2520 = lcm(1..10)): whole numbers.
_SHARE_UNITS: int = cython.declare(cython.int, 2520)


@cython.locals(
    numbers=cython.longlong[::1],
    number_start=cython.longlong[::1],
    number_weights=cython.double[::1],
    out=cython.double[::1],
    base=cython.Py_ssize_t,
    weights=cython.double[::1],
    classes=cython.ushort[::1],
    combo_bits=cython.ulonglong[::1],
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
)
def exact_boards(
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
    (``dead_cards``) are left out. Every assignment of
    a combo to each player where no two share a card counts with the product of its
    combos' weights, and with every completion of the board by ``to_deal`` cards (0, 1
    or 2) among those the board, the dead cards and the assignment leave. Within an
    assignment each completion counts once: a player's equity there is its share of the
    pots over the completions.

    Adds, for player ``p`` of the ``P`` and combo number ``n``, to
    ``out[(r * P + p) * 1326 + n]`` (r = 0 to 3) the weight of the assignments giving
    it that combo and, weighted by them, its equity, wins and ties; then, after these
    ``4 * P * 1326`` sums, to ``out[4 * P * 1326 + r * P + p]`` its weighted equity,
    wins and ties (r = 0 to 2) and the number of its combos kept (r = 3). Returns the
    assignments' total weight and the deals counted (assignments times their
    completions). Pots are shared in 2520ths, so an assignment's equity is a ratio of
    whole numbers.

    Each combo's class on each completion is found first (the combos times the
    completions), then the assignments compare them: the work is the assignments times
    the completions times the players.
    """
    if not cython.compiled:
        numbers, number_start = _plain(numbers), _plain(number_start)
        number_weights = _plain(number_weights)
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
    cards = 52 - _bit_count(fixed)
    kinds = 1 if to_deal == 0 else (cards if to_deal == 1 else cards * (cards - 1) // 2)
    every = number_start[players]
    combo_start = cython.declare(cython.longlong[11])
    deck = cython.declare(cython.longlong[52])
    completion_keys = cython.declare(cython.ulonglong[1326])
    completion_bits = cython.declare(cython.ulonglong[1326])
    # per live combo: its card set and its number (one array), its weight
    combo_bits = np.zeros(2 * max(every, 1), dtype=np.uint64)
    weights = np.zeros(max(every, 1))
    classes = np.zeros(max(every * kinds, 1), dtype=np.uint16)
    if not cython.compiled:
        weights, classes, combo_bits = _cells(weights), _cells(classes), _cells(combo_bits)
        out = _cells(out)
    base = 4 * players * 1326  # where the totals start
    total_weight = 0.0
    games = 0
    with cython.nogil:
        # each player's live combos: their cards, numbers and weights
        combos = 0
        board_total = 0
        for c in range(52):
            if (board_cards >> c) & 1:
                board_total += keys[c]
        for p in range(players):
            combo_start[p] = combos
            for i in range(number_start[p], number_start[p + 1]):
                c = numbers[i]
                a = _combo_low[c]
                b = _combo_high[c]
                bits = cython.cast(cython.ulonglong, 1) << a
                bits |= cython.cast(cython.ulonglong, 1) << b
                if bits & fixed:
                    continue
                combo_bits[combos] = bits
                combo_bits[every + combos] = c
                weights[combos] = number_weights[i]
                combos += 1
            out[base + 3 * players + p] = combos - combo_start[p]
        combo_start[players] = combos
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
                completion_bits[k] = cython.cast(cython.ulonglong, 1) << deck[i]
                completion_bits[k] |= cython.cast(cython.ulonglong, 1) << deck[j]
                k += 1
        # each combo's class on each completion it does not meet
        for i in range(combos):
            bits = combo_bits[i]
            c = cython.cast(cython.longlong, combo_bits[every + i])
            key = board_total + keys[_combo_low[c]] + keys[_combo_high[c]]
            for k in range(kinds):
                if not completion_bits[k] & bits:
                    classes[i * kinds + k] = _class7(
                        key + completion_keys[k], board_cards | bits | completion_bits[k]
                    )
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
            product[p + 1] = product[p] * weights[c]
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
            for k in range(kinds):
                if completion_bits[k] & mask:
                    continue
                live += 1
                if players == 2:
                    mine = classes[pick[0] * kinds + k]
                    theirs = classes[pick[1] * kinds + k]
                    units[0] += (mine < theirs) * 2520 + (mine == theirs) * 1260
                    units[1] += (theirs < mine) * 2520 + (mine == theirs) * 1260
                    wins[0] += mine < theirs
                    wins[1] += theirs < mine
                    ties[0] += mine == theirs
                    ties[1] += mine == theirs
                    continue
                best = 0xFFFF
                for j in range(players):
                    mark[j] = classes[pick[j] * kinds + k]
                    best = min(best, mark[j])
                top = 0
                for j in range(players):
                    top += mark[j] == best
                for j in range(players):
                    on_top = mark[j] == best
                    units[j] += on_top * (_SHARE_UNITS // top)
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
        _store(out)
    return total_weight, games


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(bits=cython.ulonglong, count=cython.int)
@cython.returns(cython.int)
def _bit_count(bits: int) -> int:
    """How many bits are set."""
    count = 0
    while bits:
        bits &= bits - 1
        count += 1
    return count


def configure_combos(low: NDArray[np.int64], high: NDArray[np.int64]) -> None:
    """Give :func:`exact_boards` the two cards of each combo number (low card first)."""
    global _combo_low, _combo_high
    _combo_low = _plain(low)
    _combo_high = _plain(high)
