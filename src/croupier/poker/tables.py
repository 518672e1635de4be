"""Lookup tables for evaluating hands by table reads, built once on first use.

Every card has a key (:data:`CARD_KEYS`): its rank's key (see :mod:`croupier.poker.keys`)
shifted left by :data:`RANK_SHIFT` bits, plus a 1 in the 4-bit field of its suit. The
sum of a hand's keys therefore holds the perfect hash of its ranks in the high bits and
the number of cards of each suit in the low 16 bits. Adding :data:`FLUSH_OFFSET` (3 to
each suit field) sets bit 3 of a field exactly when that suit has 5 cards or more, so
``(total + FLUSH_OFFSET) & FLUSH_BITS`` says whether a hand of up to 7 cards holds a flush.

- :func:`rank_table` (one per hand size, 5 to 7 cards) maps the rank hash to the class of
  the best hand that ignores suits.
- :func:`flush_table` maps the 13-bit set of ranks held in one suit to the class of the
  best flush or straight flush among them.

With at most 7 cards a flush always beats whatever the same cards make without suits
(quads or a full house beside a flush would need 8 cards), so the class of a hand is the
flush table's entry when there is a flush and the rank table's entry otherwise.

The tables take a fraction of a second to build (the 7-card rank table has about 8
million 16-bit entries). What they are made of (the rank sums of every multiset and their
classes, a few hundred kilobytes) is built once per user and cached in
``$XDG_CACHE_HOME/croupier`` (by default ``~/.cache/croupier``), in a file named by a hash
of the code that builds it and checked against a hash of its content when read; a
missing, stale or damaged cache is rebuilt, and an unwritable one skipped.

>>> hand = [4 * (rank - 2) + 3 for rank in (14, 13, 12, 11, 10)]   # A K Q J T of spades
>>> total = int(CARD_KEYS[hand].sum())
>>> bool((total + FLUSH_OFFSET) & FLUSH_BITS), int(rank_table(5)[total >> RANK_SHIFT])
(True, 1600)
>>> int(flush_table()[0b1111100000000])
1
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.poker.classes import SUITED_CLASS, UNSUITED_CLASS, best_suited
from croupier.poker.errors import PokerError
from croupier.poker.keys import MAX_CARDS, MAX_COPIES, RANK_KEYS
from croupier.tablecache import cache_directory, code_hash, load_tables, store_tables

__all__ = [
    "CARD_KEYS",
    "FLUSH_BITS",
    "FLUSH_OFFSET",
    "MIN_CARDS",
    "RANK_SHIFT",
    "SUIT_MASK",
    "cache_directory",
    "compressed_table",
    "displace",
    "flush_table",
    "kernel_tables",
    "poker_kernels",
    "rank_multisets",
    "rank_table",
    "rank_table_dict",
]

#: The fewest cards a poker hand has.
MIN_CARDS: Final = 5
#: Bits below the rank hash in a card key: four 4-bit suit counters.
RANK_SHIFT: Final = 16
SUIT_MASK: Final = (1 << RANK_SHIFT) - 1
#: Added to a key total, turns each suit counter of 5 or more into one with bit 3 set.
FLUSH_OFFSET: Final = 0x3333
FLUSH_BITS: Final = 0x8888

#: Key of each card (numbered ``4 * (rank - 2) + suit``).
CARD_KEYS: Final[NDArray[np.int64]] = np.array(
    [(RANK_KEYS[i // 4] << RANK_SHIFT) | (1 << (4 * (i % 4))) for i in range(52)],
    dtype=np.int64,
)
CARD_KEYS.flags.writeable = False


@functools.cache
def _unsuited_by_ranks() -> dict[tuple[int, ...], int]:
    """Class of each five-rank multiset without suits, keyed by its ranks high to low
    (needed only to build the tables)."""
    return {tuple(sorted(p, reverse=True)): n for p, n in UNSUITED_CLASS.items()}


_RANK_KEY_ARRAY: Final = np.array(RANK_KEYS, dtype=np.int64)


def _check_size(size: int) -> None:
    if not MIN_CARDS <= size <= MAX_CARDS:
        raise PokerError(f"bad hand size {size}: the tables cover {MIN_CARDS} to {MAX_CARDS} cards")


@functools.cache
def rank_multisets(size: int) -> NDArray[np.int8]:
    """Every multiset of ``size`` ranks (0 = deuce .. 12 = ace, each at most 4 times),
    one per row, sorted high to low.

    >>> [len(rank_multisets(n)) for n in (5, 6, 7)]
    [6175, 18395, 49205]
    """
    _check_size(size)
    rows = [
        combo[::-1]
        for combo in itertools.combinations_with_replacement(range(13), size)
        if max(Counter(combo).values()) <= MAX_COPIES
    ]
    multisets = np.array(rows, dtype=np.int8)
    multisets.flags.writeable = False
    return multisets


@functools.cache
def _code_hash() -> str:
    """A hash of the code the tables come from: a change to it makes a new cache file."""
    return code_hash(Path(__file__).parent / m for m in ("tables.py", "classes.py", "keys.py"))


def _path(size: int) -> Path:
    return cache_directory() / f"poker-ranks-{size}-{_code_hash()}.npz"


def _cached(size: int) -> tuple[NDArray[np.int64], NDArray[np.uint16]] | None:
    stored = load_tables(_path(size), ("sums", "classes"))
    if stored is None:
        return None
    sums, classes = stored["sums"], stored["classes"]
    if sums.dtype != np.int64 or classes.dtype != np.uint16 or sums.shape != classes.shape:
        return None
    return sums, classes  # type: ignore[return-value]  # dtypes checked above


def _store(size: int, sums: NDArray[np.int64], classes: NDArray[np.uint16]) -> None:
    store_tables(_path(size), {"sums": sums, "classes": classes})


@functools.cache
def _classes_of_multisets(size: int) -> tuple[NDArray[np.int64], NDArray[np.uint16]]:
    """Key sums of :func:`rank_multisets` and the class of the best hand each makes
    (from the user's cache when it holds them)."""
    _check_size(size)
    cached = _cached(size)
    if cached is not None:
        sums, classes = cached
    else:
        sums, classes = _build_classes(size)
        _store(size, sums, classes)
    sums.flags.writeable = False
    classes.flags.writeable = False
    return sums, classes


def _build_classes(size: int) -> tuple[NDArray[np.int64], NDArray[np.uint16]]:
    multisets = rank_multisets(size)
    sums = _RANK_KEY_ARRAY[multisets].sum(axis=1)
    if size == MIN_CARDS:
        classes = np.array(
            [_unsuited_by_ranks()[tuple(int(r) + 2 for r in row)] for row in multisets],
            dtype=np.uint16,
        )
    else:
        five = rank_table(MIN_CARDS)
        classes = np.full(len(multisets), np.iinfo(np.uint16).max, dtype=np.uint16)
        for columns in itertools.combinations(range(size), MIN_CARDS):
            # the key sum of the five ranks kept: the whole sum minus the ranks left out
            rest = [c for c in range(size) if c not in columns]
            subset = sums - _RANK_KEY_ARRAY[multisets[:, rest]].sum(axis=1)
            np.minimum(classes, five[subset], out=classes)
    return sums.astype(np.int64), classes


@functools.cache
def rank_table(size: int) -> NDArray[np.uint16]:
    """Class of the best suitless hand, indexed by the key sum of ``size`` ranks
    (:data:`CARD_KEYS` totals shifted right by :data:`RANK_SHIFT`); 0 where no hand sums."""
    sums, classes = _classes_of_multisets(size)
    table = np.zeros(int(sums.max()) + 1, dtype=np.uint16)
    table[sums] = classes
    table.flags.writeable = False
    return table


def rank_table_dict(size: int) -> dict[int, int]:
    """:func:`rank_table` as a new dict (rank key sum to class), for one hand at a time."""
    sums, classes = _classes_of_multisets(size)
    return dict(zip(sums.tolist(), classes.tolist(), strict=True))


@functools.cache
def flush_table() -> NDArray[np.uint16]:
    """Class of the best flush or straight flush in a set of ranks of one suit, indexed by
    the 13-bit set (bit ``rank - 2``); 0 for sets of fewer than 5 ranks."""
    table = np.array(
        [
            SUITED_CLASS[best_suited([r for r in range(2, 15) if m >> (r - 2) & 1])]
            if m.bit_count() >= MIN_CARDS
            else 0
            for m in range(1 << 13)
        ],
        dtype=np.uint16,
    )
    table.flags.writeable = False
    return table


# --- the compiled kernels' tables (croupier.poker._kernels) -------------------------------

#: The kernels' rank tables are compressed by rows of ``2 ** ROW_SHIFT`` rank sums.
ROW_SHIFT: Final = 10
#: Rows cover every rank sum of up to 7 cards of any card number 0-63 (the kernels mask
#: card numbers to 6 bits, numbers 52-63 keyed 0), so unchecked input stays inside.
_ROWS: Final = (MAX_CARDS * RANK_KEYS[-1] >> ROW_SHIFT) + 1

KernelTables = tuple[
    NDArray[np.uint64],
    NDArray[np.uint16],
    tuple[NDArray[np.int32], NDArray[np.int32], NDArray[np.int32]],
    tuple[NDArray[np.uint16], NDArray[np.uint16], NDArray[np.uint16]],
    int,
]


@functools.cache
def kernel_tables() -> KernelTables:
    """The tables :func:`croupier.poker._kernels.configure` takes: the 64-bit key of each
    card number 0-63 (rank key in the high 32 bits, suit counter in the low 16; 52-63 key
    nothing), the flush table, and per hand size (5, 6, 7) the row offsets and classes of
    the rank table compressed by row displacement, and the row shift.

    >>> keys, flush, offsets, values, shift = kernel_tables()
    >>> [len(v) < 120_000 for v in values], len(rank_table(7)) > 8_000_000
    ([True, True, True], True)
    """
    keys = np.zeros(64, dtype=np.uint64)
    for card in range(52):
        keys[card] = (RANK_KEYS[card >> 2] << 32) | (1 << (4 * (card & 3)))
    keys.flags.writeable = False
    offsets, values = [], []
    for size in range(MIN_CARDS, MAX_CARDS + 1):
        row_offsets, row_values = _compressed(size)
        offsets.append(row_offsets)
        values.append(row_values)
    return (
        keys,
        flush_table(),
        (offsets[0], offsets[1], offsets[2]),
        (values[0], values[1], values[2]),
        ROW_SHIFT,
    )


@functools.cache
def poker_kernels() -> ModuleType:
    """:mod:`croupier.poker._kernels` (compiled or not, see :func:`croupier.engine.kernels`),
    given its tables (once a module)."""
    from croupier.engine import kernels

    return _configured(kernels("poker"))


@functools.cache
def _configured(module: ModuleType) -> ModuleType:
    from croupier.poker.starting_hands import COMBO_CARDS

    module.configure(*kernel_tables())
    module.configure_combos(
        np.ascontiguousarray(COMBO_CARDS[:, 0]), np.ascontiguousarray(COMBO_CARDS[:, 1])
    )
    return module


def _compressed(size: int) -> tuple[NDArray[np.int32], NDArray[np.uint16]]:
    """The rank table of ``size`` cards compressed by row displacement (from the user's
    cache when it holds a valid one)."""
    sums, classes = _classes_of_multisets(size)
    return compressed_table(f"poker-kernel-{size}", sums, classes)


def compressed_table(
    name: str, sums: NDArray[np.int64], classes: NDArray[np.uint16]
) -> tuple[NDArray[np.int32], NDArray[np.uint16]]:
    """:func:`displace` of a table, from the user's cache (file ``name`` and a hash of
    the code) when it holds one that gives every sum its class, else made and stored."""
    path = cache_directory() / f"{name}-{ROW_SHIFT}-{_code_hash()}.npz"
    stored = load_tables(path, ("offsets", "values"))
    if stored is not None and _displaced_right(stored["offsets"], stored["values"], sums, classes):
        offsets, values = stored["offsets"], stored["values"]
    else:
        offsets, values = displace(sums, classes)
        store_tables(path, {"offsets": offsets, "values": values})
    offsets.flags.writeable = False
    values.flags.writeable = False
    return offsets, values  # type: ignore[return-value]  # dtypes checked or made here


def _displaced_right(
    offsets: NDArray[np.generic],
    values: NDArray[np.generic],
    sums: NDArray[np.int64],
    classes: NDArray[np.uint16],
) -> bool:
    """Whether a compressed table read from the cache gives every rank sum its class."""
    if offsets.dtype != np.int32 or values.dtype != np.uint16 or offsets.shape != (_ROWS,):
        return False
    if int(offsets.min()) < 0 or int(offsets.max()) + (1 << ROW_SHIFT) > len(values):
        return False
    places = offsets[sums >> ROW_SHIFT] + (sums & ((1 << ROW_SHIFT) - 1))
    return bool(np.array_equal(values[places], classes))


def displace(
    sums: NDArray[np.int64], classes: NDArray[np.uint16]
) -> tuple[NDArray[np.int32], NDArray[np.uint16]]:
    """A sparse table (``classes[i]`` at rank sum ``sums[i]``) compressed by row
    displacement: the class of sum ``s`` is ``values[offsets[s >> ROW_SHIFT] + (s &
    (2 ** ROW_SHIFT - 1))]``. Rows cover every sum of up to 7 cards."""
    from croupier.engine import kernels

    order_in = np.argsort(sums)
    sums, classes = sums[order_in], classes[order_in]
    rows = sums >> ROW_SHIFT
    counts = np.bincount(rows, minlength=_ROWS)
    starts = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    order = np.argsort(-counts, kind="stable").astype(np.int64)
    offsets = np.zeros(_ROWS, dtype=np.int32)
    # each row lands at most one row's width past the last place taken before it
    taken = np.zeros((np.count_nonzero(counts) + 1) << ROW_SHIFT, dtype=np.uint8)
    columns = (sums & ((1 << ROW_SHIFT) - 1)).astype(np.int64)
    kernels("poker").displace_rows(starts, columns, order, offsets, taken)
    values = np.zeros(int(offsets.max()) + (1 << ROW_SHIFT), dtype=np.uint16)
    values[offsets[rows] + columns] = classes
    return offsets, values
