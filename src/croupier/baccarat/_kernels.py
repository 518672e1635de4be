# cython: annotation_typing=False, boundscheck=False, wraparound=False
# cython: cdivision=True, initializedcheck=False
"""Baccarat's compiled kernels: shuffling and dealing shoes, and exact expectations.

Cython's pure-Python mode (see :mod:`croupier.engine`): this file runs as Python, and
compiles to C when croupier is installed. The kernels take NumPy arrays the game builds
(:mod:`croupier.baccarat.odds`, :mod:`croupier.baccarat.simulate`) and release the GIL.

- :func:`shuffle`: the Fisher-Yates shuffle of :func:`~croupier.baccarat.simulate.
  shuffled_shoes`, shoe by shoe, from the same uniform draws (so the same shoes);
- :func:`deal`: every round of every shoe to the cut card, as
  :func:`~croupier.baccarat.simulate.deal_rounds` deals them;
- :func:`batch_sums`: the exact sums behind :func:`~croupier.baccarat.odds.
  expected_values_batch`, one composition after another: the weights of the two halves
  of the six-card multisets (values 0-4 and 5-9), then each block of the payoff matrix
  contracted with them. The order of the additions is fixed here (no BLAS), so a
  composition gets the same answer compiled or not, on any machine.

>>> import numpy as np
>>> from croupier.baccarat.odds import half_trees, kernel_matrices
>>> configure(*half_trees())
>>> out = np.zeros((1, 3))
>>> batch_sums(np.array([[128] + [32] * 9]), kernel_matrices(), out, 0, 1)
>>> out.round(6).tolist()
[[0.446247, 0.458597, 0.095156]]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cython
import numpy as np
from numpy.typing import NDArray

__all__ = ["HALF_SIZES", "batch_sums", "configure", "deal", "seen_before", "shuffle"]

#: Multisets of 0 to 6 values of one half (5 values), by size; weights are laid out
#: level after level, 462 of them.
HALF_SIZES = (1, 5, 15, 35, 70, 126, 210)
_HALF: int = cython.declare(cython.int, 462)
_TERMS: int = cython.declare(cython.int, 5005)

# Scratch layout for one composition: 60 factors, then the low half's 462 weights, the
# high half's, and an accumulator as long as the longest level.
_LOW: int = cython.declare(cython.int, 60)
_HIGH: int = cython.declare(cython.int, 60 + 462)
_ACC: int = cython.declare(cython.int, 60 + 2 * 462)
SCRATCH = 60 + 2 * 462 + 210

# Set by configure(): for every weight of each half past the first, the weight it extends
# (its place in the half) and the factor it multiplies by (value * 6 + occurrence).
_low_parent: Sequence[int] = cython.declare(cython.const[cython.longlong][::1])
_low_factor: Sequence[int] = cython.declare(cython.const[cython.longlong][::1])
_high_parent: Sequence[int] = cython.declare(cython.const[cython.longlong][::1])
_high_factor: Sequence[int] = cython.declare(cython.const[cython.longlong][::1])


class _Ints:
    """An array's numbers as Python ints (or floats): what a kernel reads when it runs
    uncompiled, so that its arithmetic is that of C numbers (NumPy's scalars overflow
    where C widens)."""

    def __init__(self, array: NDArray[Any]) -> None:
        self.rows = array.tolist()
        self.shape = array.shape

    def __getitem__(self, key: int | tuple[int, int]) -> Any:
        if isinstance(key, tuple):
            row, column = key
            return self.rows[row][column]
        return self.rows[key]


def _plain(array: Any) -> Any:
    """``array`` itself compiled (a typed memoryview reads it), :class:`_Ints` uncompiled."""
    return array if cython.compiled else _Ints(array)


def configure(
    low_parent: NDArray[np.int64],
    low_factor: NDArray[np.int64],
    high_parent: NDArray[np.int64],
    high_factor: NDArray[np.int64],
) -> None:
    """Give :func:`batch_sums` the trees of the two halves (see
    :func:`croupier.baccarat.odds.half_trees`)."""
    global _low_parent, _low_factor, _high_parent, _high_factor
    _low_parent, _low_factor = _plain(low_parent), _plain(low_factor)
    _high_parent, _high_factor = _plain(high_parent), _plain(high_factor)


class _At:
    """``array[offset:]`` as a pointer reads it: the uncompiled stand-in for one."""

    def __init__(self, array: Any, offset: int) -> None:
        self.array, self.offset = array, offset

    def __getitem__(self, j: int) -> Any:
        return self.array[self.offset + j]

    def __setitem__(self, j: int, value: Any) -> None:
        self.array[self.offset + j] = value


@cython.locals(
    out=cython.double[:, ::1],
    matrices=cython.double[::1],
    work=cython.double[::1],
    factor=cython.p_double,
    low=cython.p_double,
    high=cython.p_double,
    acc=cython.p_double,
    matrix=cython.p_double,
    r0=cython.p_double,
    r1=cython.p_double,
    r2=cython.p_double,
    r3=cython.p_double,
    w0=cython.double,
    w1=cython.double,
    w2=cython.double,
    w3=cython.double,
    outer_weights=cython.p_double,
    inner_weights=cython.p_double,
    first=cython.Py_ssize_t,
    last=cython.Py_ssize_t,
    c=cython.Py_ssize_t,
    v=cython.int,
    j=cython.int,
    e=cython.int,
    r=cython.int,
    k=cython.int,
    o=cython.int,
    rows=cython.int,
    outer=cython.int,
    inner=cython.int,
    at=cython.Py_ssize_t,
    total=cython.longlong,
    numerator=cython.double,
    denominator=cython.double,
    s0=cython.double,
    s1=cython.double,
    s2=cython.double,
    s3=cython.double,
)
def batch_sums(
    counts: NDArray[np.int64],
    matrices: NDArray[np.float64],
    out: NDArray[np.float64],
    start: int,
    stop: int,
) -> None:
    """For compositions ``start`` to ``stop`` (rows of ``counts``, 10 counts by value),
    each row of the payoff matrix summed over the ordered six-card sequences and divided
    by their number, into ``out`` (one column per matrix row).

    ``matrices`` holds each matrix row as :func:`croupier.baccarat.odds.kernel_matrices`
    lays it out: for k = 0 to 6 low values, the block of the multisets with k low values
    and 6 - k high ones, its shorter side first (the outer loop) and longer side second.
    """
    work = np.zeros(SCRATCH, dtype=np.float64)
    # read-only counts are welcome: a const view (declared here, as cython.locals cannot)
    table = cython.declare(cython.const[cython.longlong][:, ::1], counts)
    if cython.compiled:
        factor, low = cython.address(work[0]), cython.address(work[_LOW])
        high, acc = cython.address(work[_HIGH]), cython.address(work[_ACC])
        matrix = cython.address(matrices[0])
    else:
        table, matrix = _plain(counts), _plain(matrices)
        factor, low, high, acc = work, _At(work, _LOW), _At(work, _HIGH), _At(work, _ACC)
    first, last = start, stop
    rows = out.shape[1]
    with cython.nogil:
        for c in range(first, last):
            total = 0
            for v in range(10):
                total += table[c, v]
                for j in range(6):
                    factor[v * 6 + j] = table[c, v] - j
            low[0] = 1.0
            high[0] = 1.0
            for e in range(1, _HALF):
                low[e] = low[_low_parent[e]] * factor[_low_factor[e]]
                high[e] = high[_high_parent[e]] * factor[_high_factor[e]]
            denominator = cython.cast(cython.double, total)
            for j in range(1, 6):
                denominator = denominator * cython.cast(cython.double, total - j)
            at = 0
            for r in range(rows):
                numerator = 0.0
                for k in range(7):
                    # multisets of k low values and 6 - k high: levels k and 6 - k
                    if k <= 3:
                        outer, inner = _level_size(k), _level_size(6 - k)
                        outer_weights = _shifted(low, _level_start(k))
                        inner_weights = _shifted(high, _level_start(6 - k))
                    else:
                        outer, inner = _level_size(6 - k), _level_size(k)
                        outer_weights = _shifted(high, _level_start(6 - k))
                        inner_weights = _shifted(low, _level_start(k))
                    for j in range(inner):
                        acc[j] = 0.0
                    # acc += weight * row, row after row; four rows a pass keep acc[j]
                    # in a register (the same additions, in the same order)
                    o = 0
                    while o + 4 <= outer:
                        w0, w1 = outer_weights[o], outer_weights[o + 1]
                        w2, w3 = outer_weights[o + 2], outer_weights[o + 3]
                        r0 = _shifted(matrix, at)
                        r1 = _shifted(matrix, at + inner)
                        r2 = _shifted(matrix, at + 2 * inner)
                        r3 = _shifted(matrix, at + 3 * inner)
                        for j in range(inner):
                            acc[j] = (((acc[j] + w0 * r0[j]) + w1 * r1[j]) + w2 * r2[j]) + w3 * r3[
                                j
                            ]
                        at += 4 * inner
                        o += 4
                    while o < outer:
                        w0 = outer_weights[o]
                        r0 = _shifted(matrix, at)
                        for j in range(inner):
                            acc[j] = acc[j] + w0 * r0[j]
                        at += inner
                        o += 1
                    s0 = s1 = s2 = s3 = 0.0
                    j = 0
                    while j + 4 <= inner:
                        s0 += acc[j] * inner_weights[j]
                        s1 += acc[j + 1] * inner_weights[j + 1]
                        s2 += acc[j + 2] * inner_weights[j + 2]
                        s3 += acc[j + 3] * inner_weights[j + 3]
                        j += 4
                    while j < inner:
                        s0 += acc[j] * inner_weights[j]
                        j += 1
                    numerator += (s0 + s1) + (s2 + s3)
                out[c, r] = numerator / denominator


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(base=cython.p_double, offset=cython.Py_ssize_t)
@cython.returns(cython.p_double)
def _shifted(base: Any, offset: int) -> Any:
    """``base + offset``: a pointer compiled, an :class:`_At` uncompiled."""
    if cython.compiled:
        return base + offset
    return _At(base, offset)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(size=cython.int)
@cython.returns(cython.int)
def _level_size(size: int) -> int:
    """How many multisets of ``size`` values one half has: C(size + 4, 4)."""
    return (size + 1) * (size + 2) * (size + 3) * (size + 4) // 24


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.locals(size=cython.int)
@cython.returns(cython.int)
def _level_start(size: int) -> int:
    """Where the weights of the multisets of ``size`` values start: C(size + 4, 5)."""
    return size * (size + 1) * (size + 2) * (size + 3) * (size + 4) // 120


@cython.locals(
    cards=cython.uchar[:, ::1],
    shoes=cython.Py_ssize_t,
    size=cython.Py_ssize_t,
    s=cython.Py_ssize_t,
    i=cython.Py_ssize_t,
    target=cython.Py_ssize_t,
    held=cython.uchar,
)
def shuffle(draws: NDArray[np.float64], cards: NDArray[np.uint8]) -> None:
    """Shuffle every column of ``cards`` (one shoe a column) in place: at step ``i`` the
    card at ``i`` swaps with the one at ``i + floor(draws[i, shoe] * (size - i))``, as
    :func:`croupier.baccarat.simulate.shuffled_shoes` does with the same draws."""
    if not cython.compiled:
        draws = _plain(draws)
    uniform = cython.declare(cython.const[cython.double][:, ::1], draws)
    size, shoes = cards.shape[0], cards.shape[1]
    with cython.nogil:
        for i in range(size - 1):
            for s in range(shoes):
                target = i + cython.cast(cython.Py_ssize_t, uniform[i, s] * (size - i))
                held = cards[i, s]
                cards[i, s] = cards[target, s]
                cards[target, s] = held


@cython.locals(
    shoe_out=cython.longlong[::1],
    position_out=cython.longlong[::1],
    cell_out=cython.short[::1],
    shoes=cython.Py_ssize_t,
    s=cython.Py_ssize_t,
    p=cython.Py_ssize_t,
    limit=cython.Py_ssize_t,
    n=cython.Py_ssize_t,
    key=cython.int,
    cell=cython.int,
)
def deal(
    ranks: NDArray[np.uint8],
    starts: NDArray[np.int64],
    cut: int,
    cell_of_key: NDArray[np.int16],
    used: NDArray[np.int64],
    value_of: NDArray[np.uint8],
    shoe_out: NDArray[np.int64],
    position_out: NDArray[np.int64],
    cell_out: NDArray[np.int16],
) -> int:
    """Deal every shoe (a column of ``ranks``) from ``starts[shoe]`` round after round
    while fewer than ``cut`` cards are gone: each round's shoe, position and histogram
    cell, shoe by shoe, into the outputs (long enough for every round); returns how many.

    A round's cell is ``4 * class + 2 * player pair + banker pair``, its class read from
    ``cell_of_key`` at the six values from its position written as a decimal number.
    """
    if not cython.compiled:
        ranks, starts = _plain(ranks), _plain(starts)
        cell_of_key, used, value_of = _plain(cell_of_key), _plain(used), _plain(value_of)
    shoe = cython.declare(cython.const[cython.uchar][:, ::1], ranks)
    begin = cython.declare(cython.const[cython.longlong][::1], starts)
    cells = cython.declare(cython.const[cython.short][::1], cell_of_key)
    length = cython.declare(cython.const[cython.longlong][::1], used)
    value = cython.declare(cython.const[cython.uchar][::1], value_of)
    shoes = ranks.shape[1]
    limit = cut
    n = 0
    with cython.nogil:
        for s in range(shoes):
            p = begin[s]
            while p < limit:
                key = (
                    value[shoe[p, s]] * 100000
                    + value[shoe[p + 1, s]] * 10000
                    + value[shoe[p + 2, s]] * 1000
                    + value[shoe[p + 3, s]] * 100
                    + value[shoe[p + 4, s]] * 10
                    + value[shoe[p + 5, s]]
                )
                cell = cells[key]
                if shoe[p, s] == shoe[p + 1, s]:
                    cell += 2
                if shoe[p + 2, s] == shoe[p + 3, s]:
                    cell += 1
                shoe_out[n] = s
                position_out[n] = p
                cell_out[n] = cell
                n += 1
                p += length[cell]
    return n


@cython.locals(
    ranks=cython.uchar[:, ::1],
    starts=cython.longlong[::1],
    shoe=cython.longlong[::1],
    position=cython.longlong[::1],
    by_code=cython.longlong[:, ::1],
    out=cython.longlong[:, ::1],
    running=cython.longlong[::1],
    rounds=cython.Py_ssize_t,
    width=cython.Py_ssize_t,
    i=cython.Py_ssize_t,
    c=cython.Py_ssize_t,
    at=cython.Py_ssize_t,
    current=cython.longlong,
    code=cython.int,
    shown=cython.bint,
)
def seen_before(
    ranks: NDArray[np.uint8],
    starts: NDArray[np.int64],
    shown: bool,
    shoe: NDArray[np.int64],
    position: NDArray[np.int64],
    by_code: NDArray[np.int64],
    out: NDArray[np.int64],
) -> None:
    """For each round (its shoe, a column of ``ranks``, and its first card's
    ``position``), the sum of ``by_code[rank]`` (a
    row of numbers) over the cards the player saw before it: the shoe's cards from
    ``starts[shoe]`` to the round, and its first card when ``shown`` (the standard burn
    shows it), into the rows of ``out``. Rounds sorted by shoe, then position, take one
    walk through each shoe; a round before the last one's position starts its shoe again."""
    if not cython.compiled:
        ranks, starts, shoe, position = (
            _plain(ranks),
            _plain(starts),
            _plain(shoe),
            _plain(position),
        )
        by_code, out = _plain(by_code), _rows(out)
    rounds = shoe.shape[0]
    width = by_code.shape[1]
    running = np.zeros(max(width, 1), dtype=np.int64)
    if not cython.compiled:
        running = _rows(running[None, :])[0]
    current = -1
    at = 0
    with cython.nogil:
        for i in range(rounds):
            if shoe[i] != current or position[i] < at:  # a new shoe (or back in one)
                current = shoe[i]
                for c in range(width):
                    running[c] = 0
                if shown:
                    code = ranks[0, current]
                    for c in range(width):
                        running[c] += by_code[code, c]
                at = starts[current]
            while at < position[i]:
                code = ranks[at, current]
                for c in range(width):
                    running[c] += by_code[code, c]
                at += 1
            for c in range(width):
                out[i, c] = running[c]
    if not cython.compiled:
        _store(out)


def _rows(array: Any) -> Any:
    """``array`` as :class:`_Rows` (typed ``Any``: it stands for the array's view)."""
    return _Rows(array)


def _store(rows: Any) -> None:
    """Write :func:`_rows`' numbers back into its array."""
    rows.store()


class _Rows:
    """A 2-D array read and written as lists of Python ints, for the uncompiled source;
    :meth:`store` writes it back."""

    def __init__(self, array: NDArray[Any]) -> None:
        self.array = array
        self.rows = array.tolist()
        self.shape = array.shape

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, tuple):
            row, column = key
            return self.rows[row][column]
        return self.rows[key]

    def __setitem__(self, key: tuple[int, int], value: Any) -> None:
        row, column = key
        self.rows[row][column] = value

    def store(self) -> None:
        """Write the numbers back into the array."""
        self.array[...] = self.rows
