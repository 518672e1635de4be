"""Every holding of a game's hole-card count, as arrays: what the generic range syntax
works on (:mod:`croupier.poker.ranges.generic`).

The holdings of ``size`` cards (270,725 of four, 2,598,960 of five) are numbered in
*colex* order: a holding's number is the sum of ``comb(card, i + 1)`` over its cards in
increasing order (card numbers as :attr:`croupier.cards.Card.index`), so the holdings
built from the lowest cards come first and :func:`holding_numbers` finds any holding's
number without a search. A set of holdings is a bit set over these numbers, packed eight
to a byte (:class:`Holdings` makes and reads them), so that a union or an intersection of
ranges of a million holdings is one pass over 300 kB.

>>> table = holdings(4)
>>> len(table), table.rows[:2].tolist(), table.rows[-1].tolist()
(270725, [[0, 1, 2, 3], [0, 1, 2, 4]], [48, 49, 50, 51])
>>> int(holding_numbers(table.rows[[7, 270724]]).sum()) == 7 + 270724
True
>>> bits = table.select(table.rows[:, 0] == 0)    # every holding with the 2 of clubs
>>> table.count(bits), table.count(table.complement(bits)), table.count(table.full)
(20825, 249900, 270725)
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.poker.errors import PokerError

__all__ = ["MAX_SIZE", "MIN_SIZE", "Bits", "Holdings", "holding_numbers", "holdings"]

#: The fewest and most hole cards the table is built for.
MIN_SIZE: Final = 2
MAX_SIZE: Final = 5
#: A set of holdings: one bit per holding number (little-endian within each byte).
Bits = NDArray[np.uint8]

#: comb(n, k) for n < 53, k <= MAX_SIZE, as int64 (the colex numbering).
_BINOMIAL: Final = np.array(
    [[math.comb(n, k) for k in range(MAX_SIZE + 1)] for n in range(53)], dtype=np.int64
)
#: How many bits each byte value has set.
_POPCOUNT: Final = np.array([bin(b).count("1") for b in range(256)], dtype=np.int64)


def holding_numbers(rows: NDArray[np.integer]) -> NDArray[np.int64]:
    """The colex number of each row of card numbers (in increasing order along a row)."""
    cards = np.asarray(rows, dtype=np.int64)
    total = np.zeros(cards.shape[0], dtype=np.int64)
    for i in range(cards.shape[1]):
        total += _BINOMIAL[cards[:, i], i + 1]
    return total


def _colex_rows(size: int) -> NDArray[np.uint8]:
    """Every ``size``-subset of the 52 cards, in colex order: the subsets whose largest
    card is ``t`` are those of ``size - 1`` cards below ``t`` (a prefix of the smaller
    table, in the same order), each with ``t`` added."""
    rows = np.arange(52, dtype=np.uint8).reshape(52, 1)
    for k in range(2, size + 1):
        parts = []
        for top in range(k - 1, 52):
            head = rows[: math.comb(top, k - 1)]
            tail = np.full((len(head), 1), top, dtype=np.uint8)
            parts.append(np.concatenate([head, tail], axis=1))
        rows = np.concatenate(parts)
    return rows


@dataclass(frozen=True, eq=False)
class Holdings:
    """The holdings of ``size`` hole cards: ``rows`` (card numbers, increasing along a
    row, in colex order), and per position the rank (2-14) and the suit (0-3) of its
    card, column by column."""

    size: int
    rows: NDArray[np.uint8]
    columns: tuple[NDArray[np.uint8], ...] = field(repr=False)
    ranks: tuple[NDArray[np.uint8], ...] = field(repr=False)
    suits: tuple[NDArray[np.uint8], ...] = field(repr=False)

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def nbytes(self) -> int:
        """The length of a packed bit set of these holdings."""
        return (len(self.rows) + 7) // 8

    @functools.cached_property
    def full(self) -> Bits:
        """Every holding."""
        return self.select(np.ones(len(self.rows), dtype=bool))

    @property
    def empty(self) -> Bits:
        """No holding."""
        return np.zeros(self.nbytes, dtype=np.uint8)

    def select(self, flags: NDArray[np.bool_]) -> Bits:
        """The bit set of the holdings whose flag is set (one flag per holding)."""
        return np.packbits(flags, bitorder="little")

    def flags(self, bits: Bits) -> NDArray[np.bool_]:
        """One flag per holding: the inverse of :meth:`select`."""
        return np.unpackbits(bits, count=len(self.rows), bitorder="little").view(bool)

    def complement(self, bits: Bits) -> Bits:
        """Every holding not in ``bits``."""
        return ~bits & self.full

    def count(self, bits: Bits) -> int:
        """How many holdings ``bits`` holds."""
        return int(_POPCOUNT[bits].sum())

    def numbers(self, bits: Bits) -> NDArray[np.int64]:
        """The numbers of the holdings in ``bits``, increasing."""
        return np.flatnonzero(self.flags(bits)).astype(np.int64)

    def from_numbers(self, numbers: NDArray[np.integer]) -> Bits:
        """The bit set of the holdings numbered ``numbers``."""
        flags = np.zeros(len(self.rows), dtype=bool)
        flags[np.asarray(numbers, dtype=np.int64)] = True
        return self.select(flags)

    def holding(self, cards: NDArray[np.bool_]) -> Bits:
        """The holdings with at least one card among the flagged ones (52 flags)."""
        hit = np.zeros(len(self.rows), dtype=bool)
        for column in self.columns:
            hit |= cards[column]
        return self.select(hit)


@functools.cache
def holdings(size: int) -> Holdings:
    """The table of every holding of ``size`` cards (2 to 5), built once."""
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise PokerError(f"{size} hole cards: expected {MIN_SIZE} to {MAX_SIZE}")
    rows = _colex_rows(size)
    rows.setflags(write=False)
    columns = tuple(np.ascontiguousarray(rows[:, i]) for i in range(size))
    ranks = tuple(((c >> 2) + 2).astype(np.uint8) for c in columns)
    suits = tuple((c & 3).astype(np.uint8) for c in columns)
    for array in (*columns, *ranks, *suits):
        array.setflags(write=False)
    return Holdings(size, rows, columns, ranks, suits)
