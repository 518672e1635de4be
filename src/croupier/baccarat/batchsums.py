"""The exact sums behind every batch of compositions: rows of numbers per six-card multiset
(how many ordered sequences of each multiset end in a player win; a bet's net result
summed over them), each contracted with a composition's multiset weights and divided by
its number of ordered six-card sequences. :mod:`croupier.baccarat.odds` prices shoes
with them, and the advantage studies price every round of thousands of shoes.

A six-card multiset splits into its low values (0 to 4) and its high values (5 to 9), and
its weight (the ordered ways to draw it) is the product of theirs, so with ``k`` low
values a row's sum is ``sum over k of low_k(C) @ G_k @ high_(6-k)(C)``: the 462 weights
of each half cost a product each, and the 5,005 terms are seven blocks ``G_k`` (multisets
of ``k`` low values by those of ``6 - k`` high ones). :class:`MultisetRows` keeps a
matrix's rows in the two layouts that contract them:

- the compiled kernel (:func:`croupier.baccarat._kernels.batch_sums`) prices eight
  compositions at a time, one per vector lane, and reads each block :data:`PANEL` rows at
  a time (:attr:`MultisetRows.layout`), so that every number of the matrix it loads
  serves five rows and eight compositions: matrix-matrix work, in an order of additions
  fixed in its source;
- NumPy (:func:`batch_sums_numpy`, where nothing is compiled, and the kernel's
  reference) multiplies the blocks (:attr:`MultisetRows.blocks`) by the high weights of
  :data:`BATCH_BLOCK` compositions at a time through BLAS.

>>> shoes = np.array([[128] + [32] * 9, [16] + [4] * 9])   # 8 decks, 1 deck
>>> batch_sums(shoes, outcome_rows()).round(6)
array([[0.446247, 0.458597, 0.095156],
       [0.44676 , 0.459624, 0.093615]])
>>> np.allclose(batch_sums(shoes, outcome_rows()), batch_sums_numpy(shoes, outcome_rows()))
True
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import ModuleType
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.baccarat.enumeration import CLASS_COUNT, sequence_tables
from croupier.engine import compiled, configured_once, kernels

__all__ = [
    "BATCH_BLOCK",
    "LANES",
    "LEVEL_SIZES",
    "PANEL",
    "MultisetRows",
    "baccarat_kernels",
    "batch_sums",
    "batch_sums_numpy",
    "class_sums",
    "half_trees",
    "outcome_rows",
]

#: Compositions per block in the NumPy path: a block's half weights and products stay in
#: cache (blocks of 512 or more run several times slower).
BATCH_BLOCK: Final = 128
#: Compositions the kernel prices together, and the block rows it reads together (the
#: kernel's own numbers: :data:`croupier.baccarat._kernels.LANES` and ``PANEL``).
LANES: Final = 8
PANEL: Final = 5
#: The two halves of the values: a six-card multiset is a multiset of low values and one
#: of high values, and its weight the product of theirs.
HALVES: Final = ((0, 1, 2, 3, 4), (5, 6, 7, 8, 9))
#: How many multisets of 0 to 6 values one half has (C(size + 4, 4)).
LEVEL_SIZES: Final = (1, 5, 15, 35, 70, 126, 210)
#: Multisets of six values.
MULTISETS: Final = 5005


@functools.cache
def half_multisets(half: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The multisets of 0 to 6 values of one half, by size, each level in lexicographic
    order.

    >>> [len(level) for level in half_multisets(0)], half_multisets(1)[2][:3]
    ([1, 5, 15, 35, 70, 126, 210], ((5, 5), (5, 6), (5, 7)))
    """
    values = HALVES[half]
    return tuple(tuple(itertools.combinations_with_replacement(values, k)) for k in range(7))


@functools.cache
def _half_tree(half: int) -> tuple[tuple[NDArray[np.intp], NDArray[np.intp]], ...]:
    """For sizes 1 to 6: each multiset's parent (its largest value dropped) and the index
    of the factor that value adds (``value * 6 + occurrence``)."""
    levels = half_multisets(half)
    tree = []
    for size in range(1, 7):
        where = {multiset: i for i, multiset in enumerate(levels[size - 1])}
        parents = np.array([where[m[:-1]] for m in levels[size]], dtype=np.intp)
        last = np.array([m[-1] * 6 + m.count(m[-1]) - 1 for m in levels[size]], dtype=np.intp)
        tree.append((parents, last))
    return tuple(tree)


def half_weights(factors: NDArray[np.float64], half: int) -> list[NDArray[np.float64]]:
    """Ordered ways to draw each multiset of one half, by size: (count, k) arrays, for
    the ``k`` columns of ``factors`` (``factors[v * 6 + j]`` = ``count[v] - j``)."""
    weights = [np.ones((1, factors.shape[1]))]
    for parents, last in _half_tree(half):
        weights.append(np.take(weights[-1], parents, axis=0) * np.take(factors, last, axis=0))
    return weights


@functools.cache
def half_trees() -> tuple[NDArray[np.int64], ...]:
    """For each half (values 0-4, then 5-9), the weights' tree as the kernel takes it: for
    each of its 462 multisets laid out level after level (sizes 0 to 6), the place of its
    parent (the multiset without its largest value) and the factor that value adds
    (``value * 6 + occurrence``); the empty multiset's entries are 0.

    >>> low_parent, low_factor, high_parent, high_factor = half_trees()
    >>> len(low_parent), low_parent[:7].tolist(), high_factor[1:3].tolist()
    (462, [0, 0, 0, 0, 0, 0, 1], [30, 36])
    """
    trees = []
    for half in (0, 1):
        parent, factor, start = [0], [0], 0
        for size, (parents, last) in enumerate(_half_tree(half), 1):
            parent += (parents + start).tolist()
            factor += last.tolist()
            start += LEVEL_SIZES[size - 1]
        trees += [np.array(parent, dtype=np.int64), np.array(factor, dtype=np.int64)]
    for tree in trees:
        tree.setflags(write=False)
    return tuple(trees)


def _rank_keys(digits: NDArray[np.int64]) -> NDArray[np.int64]:
    """Each row of digits as a number (a multiset of one level: its rank's key)."""
    powers = 10 ** np.arange(digits.shape[1] - 1, -1, -1, dtype=np.int64)
    return np.asarray(digits @ powers, dtype=np.int64)


@functools.cache
def _placement() -> tuple[NDArray[np.intp], NDArray[np.intp], NDArray[np.intp]]:
    """For each of the 5,005 multisets (in :func:`~croupier.baccarat.enumeration.
    sequence_tables`' order): how many low values it has, and the places of its low half
    in level ``k`` and of its high half in level ``6 - k``."""
    multisets = sequence_tables().multisets.astype(np.int64)  # each sorted ascending
    lows = (multisets < 5).sum(axis=1)
    low_place = np.zeros(MULTISETS, dtype=np.intp)
    high_place = np.zeros(MULTISETS, dtype=np.intp)
    for k in range(7):
        mine = np.flatnonzero(lows == k)
        low_level, high_level = half_multisets(0)[k], half_multisets(1)[6 - k]
        low_keys = _rank_keys(np.array(low_level, dtype=np.int64).reshape(len(low_level), k))
        high_keys = _rank_keys(np.array(high_level, dtype=np.int64).reshape(len(high_level), 6 - k))
        low_place[mine] = np.searchsorted(low_keys, _rank_keys(multisets[mine, :k]))
        high_place[mine] = np.searchsorted(high_keys, _rank_keys(multisets[mine, k:]))
    return lows.astype(np.intp), low_place, high_place


@dataclass(frozen=True, eq=False)
class MultisetRows:
    """Rows of numbers per six-card multiset (a row a quantity: the player's wins, a
    bet's net result, ...), shape (rows, 5005), in the two layouts the batch paths read.
    Made once per matrix and kept (the layouts are built on first use).

    >>> rows = MultisetRows(np.arange(2 * 5005, dtype=np.float64).reshape(2, 5005))
    >>> [block.shape for block in rows.blocks][:3], rows.layout.shape
    ([(2, 210), (10, 126), (30, 70)], (10010,))
    """

    rows: NDArray[np.float64]

    def __post_init__(self) -> None:
        rows = np.array(self.rows, dtype=np.float64, order="C")
        if rows.ndim != 2 or rows.shape[1] != MULTISETS or rows.shape[0] == 0:
            raise TypeError(f"rows of 5005 numbers expected, not an array of {rows.shape}")
        rows.setflags(write=False)
        object.__setattr__(self, "rows", rows)

    @functools.cached_property
    def blocks(self) -> tuple[NDArray[np.float64], ...]:
        """For k = 0 to 6 low values, the block (rows * low multisets of size k, high
        multisets of size 6 - k): what :func:`batch_sums_numpy` multiplies."""
        lows, low_place, high_place = _placement()
        count = self.rows.shape[0]
        result = []
        for k in range(7):
            block = np.zeros((count, LEVEL_SIZES[k], LEVEL_SIZES[6 - k]))
            mine = lows == k
            block[:, low_place[mine], high_place[mine]] = self.rows[:, mine]
            result.append(block.reshape(-1, LEVEL_SIZES[6 - k]))
            result[-1].setflags(write=False)
        return tuple(result)

    @functools.cached_property
    def layout(self) -> NDArray[np.float64]:
        """The blocks as :func:`croupier.baccarat._kernels.batch_sums` reads them: for k
        = 0 to 6 low values, the block of multisets with k low values and 6 - k high ones,
        its shorter side as block rows (the high side from k = 4), row after row, each
        matrix row's block in turn. The kernel reads a block of one row (k = 0 and 6) as
        a vector, the others in panels of :data:`PANEL` rows (the block heights, 5, 15
        and 35, are multiples of five)."""
        count = self.rows.shape[0]
        parts = []
        for k, block in enumerate(self.blocks):
            mine = block.reshape(count, LEVEL_SIZES[k], LEVEL_SIZES[6 - k])
            if k > 3:
                mine = mine.transpose(0, 2, 1)  # the high side is the shorter one
            parts.append(mine.ravel())
        # left writeable: the kernel reads it through a plain pointer
        return np.ascontiguousarray(np.concatenate(parts), dtype=np.float64)


def class_sums(values: Sequence[Fraction | int]) -> NDArray[np.float64]:
    """A number per round class (400, in :data:`~croupier.baccarat.enumeration.
    ROUND_CLASSES`' order: a bet's net result) summed over the ordered sequences of each
    six-card multiset that end in that class: exact sums (whole numbers once scaled by
    the values' common denominator), each correctly rounded.

    >>> sums = class_sums([Fraction(19, 20)] * 400)   # every sequence pays 0.95
    >>> float(sums.sum()) == 0.95 * 10**6, sums[:2].tolist()
    (True, [0.95, 5.7])
    """
    if len(values) != CLASS_COUNT:
        raise TypeError(f"one value per round class expected: {CLASS_COUNT}, not {len(values)}")
    fractions = [Fraction(value) for value in values]
    scale = math.lcm(1, *(x.denominator for x in fractions))
    scaled = np.array([int(x * scale) for x in fractions], dtype=np.float64)
    classes, multisets, counts = sequence_tables().triplets
    # whole numbers below 2**53 all along: the float sums are exact
    total = np.bincount(multisets, weights=scaled[classes] * counts, minlength=MULTISETS)
    return np.asarray(total / scale, dtype=np.float64)


@functools.cache
def outcome_rows() -> MultisetRows:
    """The ordered sequences of each multiset ending in a player win, a banker win and a
    tie: the rows of the outcome chances."""
    return MultisetRows(sequence_tables().outcome_counts.astype(np.float64))


@configured_once
def baccarat_kernels() -> ModuleType:
    """:mod:`croupier.baccarat._kernels` (compiled or not, see
    :func:`croupier.engine.kernels`), given the trees of the two halves."""
    module = kernels("baccarat")
    module.configure(*half_trees())
    return module


def batch_sums(counts: NDArray[np.int64], matrix: MultisetRows) -> NDArray[np.float64]:
    """``matrix.rows @ weights / sequences`` for every row of ``counts`` ((K, 10) counts by
    value, checked by the caller: none negative, at least 6 cards): (K, rows). By the
    compiled kernel where the engine is compiled, else by :func:`batch_sums_numpy`."""
    if not compiled("baccarat"):
        return batch_sums_numpy(counts, matrix)
    out = np.empty((counts.shape[0], matrix.rows.shape[0]), dtype=np.float64)
    array = np.ascontiguousarray(counts, dtype=np.int64)
    baccarat_kernels().batch_sums(array, matrix.layout, out, 0, len(out))
    return out


def batch_sums_numpy(counts: NDArray[np.int64], matrix: MultisetRows) -> NDArray[np.float64]:
    """:func:`batch_sums` with NumPy (the path that runs where the engine is not compiled,
    and the reference the kernel is tested against).

    Per composition the low and high halves' weights cost 2 x 462 products, and the
    5,005 six-card terms become matrix products (BLAS) of the blocks with the high
    weights, a few times faster than building all 5,005 weights one product at a time.
    """
    blocks = matrix.blocks
    rows = matrix.rows.shape[0]
    result = np.empty((counts.shape[0], rows), dtype=np.float64)
    draws = np.arange(6, dtype=np.float64)
    totals = counts.sum(axis=1).astype(np.float64)
    denominators = np.prod(totals[:, None] - draws, axis=1)
    for start in range(0, counts.shape[0], BATCH_BLOCK):
        stop = start + BATCH_BLOCK
        block = counts[start:stop].T.astype(np.float64)  # (10, k)
        factors = (block[:, None, :] - draws[None, :, None]).reshape(60, block.shape[1])
        low, high = half_weights(factors, 0), half_weights(factors, 1)
        numerators = np.zeros((rows, block.shape[1]))
        for k in range(7):
            partial = (blocks[k] @ high[6 - k]).reshape(rows, -1, block.shape[1])
            numerators += np.einsum("rik,ik->rk", partial, low[k])
        result[start:stop] = (numerators / denominators[start:stop]).T
    return result
