# cython: annotation_typing=False, boundscheck=False, wraparound=False
# cython: cdivision=True, initializedcheck=False
"""Poker's compiled kernels: hand evaluation by table reads, one hand or millions.

Cython's pure-Python mode (see :mod:`croupier.engine`): this file runs as Python, and
compiles to C when croupier is installed. It reads tables it is given by
:mod:`croupier.poker.tables` (:func:`configure`), never builds them.

The scheme (OMPEval's): every card has a 64-bit key, its rank's key (see
:mod:`croupier.poker.keys`) in the high 32 bits and a 1 in its suit's 4-bit counter in
the low 16. A hand's key total holds the perfect hash of its ranks (the high half) and
the number of cards in each suit (the low half). Adding 3 to each counter sets bit 3 of
a counter exactly when its suit has 5 cards or more: then the hand's class is the flush
table's entry for the ranks held in that suit; otherwise it is the rank table's entry
for the rank sum. The rank tables are compressed by row displacement: the sum's high
bits pick a row and its offset, the low bits a place after it (:func:`displace_rows`).

>>> import numpy as np
>>> from croupier.poker.tables import kernel_tables
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
    "OUTCOMES",
    "block_key",
    "card_slots",
    "check_rows",
    "class_of",
    "configure",
    "configure_cards",
    "deal_block",
    "displace_rows",
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
    """Give the kernels their tables (see :func:`croupier.poker.tables.kernel_tables`):
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
    raw = cython.declare(cython.ulonglong)
    classes = cython.declare(cython.ushort[::1], out)
    first = cython.declare(cython.Py_ssize_t, start)
    last = cython.declare(cython.Py_ssize_t, stop)
    size = cython.declare(cython.int, hands.shape[1])
    i = cython.declare(cython.Py_ssize_t)
    j = cython.declare(cython.Py_ssize_t)
    total = cython.declare(cython.ulonglong)
    card = cython.declare(cython.uint)
    suit = cython.declare(cython.uint)
    mask = cython.declare(cython.uint)
    with cython.nogil:
        for i in range(first, last):
            if checking:  # numbers 0 to 51, each card once
                seen = 0
                for j in range(size):
                    raw = cython.cast(cython.ulonglong, hands[i, j]) & _MASK64
                    if raw > 51 or (seen >> raw) & 1:
                        bad = i
                        break
                    seen |= cython.cast(cython.ulonglong, 1) << raw
                if bad >= 0:
                    break
            if size == 7:  # written out: the common case, a third faster
                total = (
                    _keys[hands[i, 0] & 63]
                    + _keys[hands[i, 1] & 63]
                    + _keys[hands[i, 2] & 63]
                    + _keys[hands[i, 3] & 63]
                    + _keys[hands[i, 4] & 63]
                    + _keys[hands[i, 5] & 63]
                    + _keys[hands[i, 6] & 63]
                )
            else:
                total = 0
                for j in range(size):
                    total += _keys[hands[i, j] & 63]
            if (total + FLUSH_OFFSET) & FLUSH_BITS:
                suit = _flush_suit(total)
                mask = 0
                for j in range(size):
                    card = hands[i, j] & 63
                    if (card & 3) == suit:
                        mask |= 1 << (card >> 2)
                classes[i] = _flush[mask & 0x1FFF]
            elif size == 7:
                classes[i] = _unsuited7(total)
            else:
                classes[i] = _unsuited(total, size)
    return bad


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
# key plus n times the golden ratio), so a block of deals is reproduced from its key alone,
# whoever deals it. Every operation is masked to 64 bits: the source, run as Python, gives
# the same numbers as the compiled kernel.
_MASK32: int = cython.declare(cython.ulonglong, 0xFFFFFFFF)
_GOLDEN: int = cython.declare(cython.ulonglong, 0x9E3779B97F4A7C15)
_MIX1: int = cython.declare(cython.ulonglong, 0xBF58476D1CE4E5B9)
_MIX2: int = cython.declare(cython.ulonglong, 0x94D049BB133111EB)
#: Outcome columns of a combo's tally: 0 lost, k the pot shared by k players (1: won).
OUTCOMES = 11
_OUTCOMES: int = cython.declare(cython.int, 11)


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


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(key=cython.ulonglong, counter=cython.ulonglong)
@cython.returns(cython.ulonglong)
def _random(key: int, counter: int) -> int:
    """Number ``counter`` of the stream ``key``: 64 random bits."""
    return _mix((key + counter * _GOLDEN) & _MASK64)


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
@cython.locals(cards=cython.ulonglong, suit=cython.uint, rank=cython.uint, mask=cython.uint)
@cython.returns(cython.uint)
def _suit_ranks(cards: int, suit: int) -> int:
    """The 13-bit set of ranks of one suit in a 52-bit set of cards."""
    mask = 0
    for rank in range(13):
        mask |= ((cards >> (4 * rank + suit)) & 1) << rank
    return mask


@cython.locals(
    combo_cards=cython.longlong[::1],
    combo_start=cython.longlong[::1],
    cumulative=cython.double[::1],
    weighted=cython.uchar[::1],
    deck=cython.longlong[::1],
    counts=cython.longlong[::1],
    picks=cython.longlong[::1],
    classes=cython.int[::1],
    key=cython.ulonglong,
    counter=cython.ulonglong,
    spare=cython.ulonglong,
    fixed=cython.ulonglong,
    board_cards=cython.ulonglong,
    board=cython.ulonglong,
    used=cython.ulonglong,
    bits=cython.ulonglong,
    board_total=cython.ulonglong,
    total=cython.ulonglong,
    x=cython.ulonglong,
    m=cython.ulonglong,
    players=cython.int,
    live=cython.ulonglong,
    to_deal=cython.int,
    p=cython.int,
    _=cython.int,
    n=cython.ulonglong,
    lo=cython.longlong,
    hi=cython.longlong,
    mid=cython.longlong,
    card=cython.longlong,
    a=cython.longlong,
    b=cython.longlong,
    suit=cython.uint,
    best=cython.int,
    top=cython.int,
    clash=cython.bint,
    u=cython.double,
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
    cumulative: NDArray[np.float64],
    weighted: NDArray[np.uint8],
    deck: NDArray[np.int64],
    to_deal: int,
    counts: NDArray[np.int64],
) -> int:
    """Deal ``want`` deals whose cards all differ from the stream ``key`` and add up each
    player's outcome by the combo it holds; returns the deals tried (those where two
    hands met were dropped). Gives up after 100 tries a deal wanted (the caller sees
    too few deals counted).

    Player ``p`` holds one of combos ``combo_start[p]`` to ``combo_start[p + 1]`` (two
    card numbers each in ``combo_cards``), drawn by the cumulative weights where
    ``weighted[p]`` is set and uniformly otherwise. The board (``board_cards``, a 52-bit
    set, whose key total is ``board_total``) is completed with ``to_deal`` cards drawn
    from ``deck`` (every card not on the board or dead, ``fixed`` as a set).
    ``counts[OUTCOMES * combo + k]`` counts the deals in which the combo's player lost
    (k = 0) or was on top with k - 1 others.

    Random numbers are drawn 32 bits at a time, by Lemire's unbiased method for a number
    below ``n`` (the remainder is computed only in the rare case that needs it).
    """
    if not cython.compiled:
        combo_cards, combo_start, deck = _plain(combo_cards), _plain(combo_start), _plain(deck)
        cumulative, weighted = _plain(cumulative), _plain(weighted)
    # the tables as local views: their data pointers stay in registers
    keys = cython.declare(cython.const[cython.ulonglong][::1], _keys)
    offsets = cython.declare(cython.const[cython.int][::1], _offsets7)
    values = cython.declare(cython.const[cython.ushort][::1], _values7)
    shift = cython.declare(cython.int, _shift)
    low = cython.declare(cython.ulonglong, _low)
    players = combo_start.shape[0] - 1
    picks = np.zeros(players, dtype=np.int64)
    classes = np.zeros(players, dtype=np.int32)
    live = deck.shape[0]
    done = 0
    attempts = 0
    counter = 0
    spare = 0  # the unused half of the last 64 random bits, plus 2**32 when there is one
    limit = 100 * want + 1000
    with cython.nogil:
        while done < want and attempts < limit:
            attempts += 1
            used = fixed
            clash = False
            for p in range(players):
                n = combo_start[p + 1] - combo_start[p]
                lo = 0
                if n > 1 and weighted[p]:
                    counter += 1
                    # a uniform double in [0, 1) (53 bits), times the range's weight
                    u = cython.cast(cython.double, _random(key, counter) >> 11) * (2.0**-53)
                    u = u * cumulative[combo_start[p + 1] - 1]
                    hi = n - 1
                    while lo < hi:  # the first combo whose cumulative weight is above u
                        mid = (lo + hi) // 2
                        if cumulative[combo_start[p] + mid] > u:
                            hi = mid
                        else:
                            lo = mid + 1
                elif n > 1:
                    while True:
                        if spare:
                            m = (spare & _MASK32) * n
                            spare = 0
                        else:
                            counter += 1
                            x = _random(key, counter)
                            spare = (x & _MASK32) | (_MASK32 + 1)
                            m = (x >> 32) * n
                        if (m & _MASK32) >= n or (m & _MASK32) >= (_MASK32 + 1 - n) % n:
                            break
                    lo = m >> 32
                picks[p] = combo_start[p] + lo
                a = combo_cards[2 * picks[p]]
                b = combo_cards[2 * picks[p] + 1]
                bits = (cython.cast(cython.ulonglong, 1) << a) | (
                    cython.cast(cython.ulonglong, 1) << b
                )
                if used & bits:
                    clash = True
                    break
                used |= bits
            if clash:
                continue
            total = board_total
            board = board_cards
            for _ in range(to_deal):
                while True:  # a card of the deck not dealt yet
                    if spare:
                        m = (spare & _MASK32) * live
                        spare = 0
                    else:
                        counter += 1
                        x = _random(key, counter)
                        spare = (x & _MASK32) | (_MASK32 + 1)
                        m = (x >> 32) * live
                    if (m & _MASK32) < live and (m & _MASK32) < (_MASK32 + 1 - live) % live:
                        continue
                    card = deck[m >> 32]
                    if not (used >> card) & 1:
                        break
                used |= cython.cast(cython.ulonglong, 1) << card
                board |= cython.cast(cython.ulonglong, 1) << card
                total += keys[card]
            best = 9999
            for p in range(players):
                a = combo_cards[2 * picks[p]]
                b = combo_cards[2 * picks[p] + 1]
                x = total + keys[a] + keys[b]
                if (x + FLUSH_OFFSET) & FLUSH_BITS:
                    suit = _flush_suit(x)
                    bits = board | (cython.cast(cython.ulonglong, 1) << a)
                    bits |= cython.cast(cython.ulonglong, 1) << b
                    classes[p] = _flush[_suit_ranks(bits, suit)]
                else:
                    x = x >> SUIT_BITS
                    classes[p] = values[offsets[x >> shift] + (x & low)]
                if classes[p] < best:
                    best = classes[p]
            top = 0
            for p in range(players):
                if classes[p] == best:
                    top += 1
            for p in range(players):
                if classes[p] == best:
                    counts[_OUTCOMES * picks[p] + top] += 1
                else:
                    counts[_OUTCOMES * picks[p]] += 1
            done += 1
    return attempts
