"""The order of Omaha and five-card Omaha holdings behind ``15%`` in the generic syntax.

Holdings that differ only by a permutation of the suits are one *class* (16,432 classes
of four cards, 134,459 of five): a class is known by its four suits' rank sets, sorted
(:func:`class_keys`), and classes are numbered in the order of those keys. The table
shipped beside this module, ``generic_order.npz``, holds each class's all-in
equity before the flop against random hands, in class-number order, as a 16-bit fraction
of 1; it is built by ``scripts/omaha_order.py`` from a seed (how, and with which
opponents, is in its notes, in the file's ``about`` entry and in
:func:`order_description`). It is read on first use only.

A top-percentage range takes whole classes, best first, while it holds fewer than that
share of every holding: ``15%`` of Omaha's 270,725 holdings is the best classes up to the
first that reaches 40,609. ``5%-10%`` is ``10%`` less ``5%``.

>>> from croupier.poker.ranges.generic_table import holdings
>>> table = holdings(4)
>>> int(class_numbers(table).max()) + 1, len(table)
(16432, 270725)
>>> top = top_percent(0.0, 15.0, table)
>>> table.count(top), table.count(top) >= 0.15 * len(table)
(40614, True)
>>> round(float(class_equity(4)[best_first(4)[0]]), 2)    # double-suited aces and queens
0.46
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.poker.errors import PokerError
from croupier.poker.ranges.generic_table import Bits, Holdings, holdings

__all__ = [
    "CLASS_COUNTS",
    "TABLE_PATH",
    "best_first",
    "class_equity",
    "class_keys",
    "class_numbers",
    "order_description",
    "top_percent",
]

#: The table of equities shipped with croupier.
TABLE_PATH: Final = Path(__file__).with_name("generic_order.npz")
#: How many classes there are for each hole-card count the table covers.
CLASS_COUNTS: Final = {4: 16_432, 5: 134_459}
#: The 16-bit fraction the table stores equities in.
SCALE: Final = 65535


def class_keys(table: Holdings) -> NDArray[np.uint64]:
    """Each holding's class key: its four suits' 13-bit rank sets, sorted from the
    largest, side by side in 52 bits (a permutation of the suits leaves it unchanged,
    and two holdings with one key differ by one)."""
    count = len(table)
    sets = np.zeros((count, 4), dtype=np.uint16)
    rows = np.arange(count)
    for ranks, suits in zip(table.ranks, table.suits, strict=True):
        sets[rows, suits] |= np.left_shift(np.uint16(1), (ranks - 2).astype(np.uint16))
    sets.sort(axis=1)
    key = np.zeros(count, dtype=np.uint64)
    for column in range(4):  # the largest set in the highest bits
        key |= sets[:, column].astype(np.uint64) << np.uint64(13 * column)
    return key


@functools.cache
def _classes(size: int) -> tuple[NDArray[np.int32], NDArray[np.int64]]:
    """Each holding's class number, and each class's size."""
    keys = class_keys(holdings(size))
    _, inverse, sizes = np.unique(keys, return_inverse=True, return_counts=True)
    numbers = inverse.reshape(-1).astype(np.int32)
    numbers.setflags(write=False)
    return numbers, sizes.astype(np.int64)


def class_numbers(table: Holdings) -> NDArray[np.int32]:
    """Each holding's class number (classes numbered in the order of their keys)."""
    return _classes(table.size)[0]


def _check_size(size: int) -> None:
    if size not in CLASS_COUNTS:
        raise PokerError(
            f"top-percentage ranges in the generic syntax are for Omaha and five-card Omaha "
            f"(4 or 5 hole cards), not {size}: name the hands"
        )


@functools.cache
def _stored() -> dict[str, NDArray[np.generic]]:
    with np.load(TABLE_PATH) as data:
        return {name: data[name] for name in data.files}


def class_equity(size: int) -> NDArray[np.float64]:
    """Each class's equity (by class number) in the shipped table."""
    _check_size(size)
    stored = _stored()[f"equity{size}"]
    if len(stored) != CLASS_COUNTS[size]:
        raise PokerError(f"the order table holds {len(stored)} classes of {size} cards")
    return stored.astype(np.float64) / SCALE


def order_description(size: int) -> str:
    """How the order of ``size``-card holdings was made (from the table itself)."""
    _check_size(size)
    return str(_stored()[f"about{size}"])


@functools.cache
def best_first(size: int) -> NDArray[np.int64]:
    """The class numbers, best first (equal equities: the lower class number first)."""
    equity = class_equity(size)
    order = np.lexsort((np.arange(len(equity)), -equity)).astype(np.int64)
    order.setflags(write=False)
    return order


def _top_classes(percent: float, size: int) -> NDArray[np.bool_]:
    """Flags, by class number, of the classes ``percent``% takes."""
    order = best_first(size)
    sizes = _classes(size)[1]
    target = percent / 100 * int(sizes.sum())
    before = np.cumsum(sizes[order]) - sizes[order]  # holdings taken before each class
    flags = np.zeros(len(order), dtype=bool)
    flags[order[before < target - 1e-9]] = True
    return flags


def top_percent(low: float, high: float, table: Holdings) -> Bits:
    """The holdings of the top ``high`` per cent less those of the top ``low``."""
    _check_size(table.size)
    taken = _top_classes(high, table.size) & ~_top_classes(low, table.size)
    return table.select(taken[class_numbers(table)])
