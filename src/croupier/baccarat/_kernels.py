# cython: annotation_typing=False, boundscheck=False, wraparound=False
# cython: cdivision=True, initializedcheck=False
"""Baccarat's compiled kernels: shuffling and dealing shoes, and exact expectations.

Cython's pure-Python mode (see :mod:`croupier.engine`): this file runs as Python, and
compiles to C when croupier is installed. The kernels take NumPy arrays the game builds
(:mod:`croupier.baccarat.batchsums`, :mod:`croupier.baccarat.simulate`) and release the GIL.

- :func:`shuffle`: the Fisher-Yates shuffle of :func:`~croupier.baccarat.simulate.
  shuffled_shoes`, shoe by shoe, from the same uniform draws (so the same shoes);
- :func:`deal`: every round of every shoe to the cut card, as
  :func:`~croupier.baccarat.simulate.deal_rounds` deals them;
- :func:`seen_before` and :func:`unseen`: what the player has seen of each shoe before
  each round, in one walk through it;
- :func:`batch_sums`: the exact sums behind :func:`~croupier.baccarat.odds.
  expected_values_batch`, eight compositions at a time: the weights of the two halves
  of the six-card multisets (values 0-4 and 5-9) lane by lane, then each block of the
  matrix contracted with them (see :mod:`croupier.baccarat.batchsums`). The order of
  the additions is fixed here (no BLAS), so a composition gets the same answer compiled
  or not, on any machine, and whatever vector instructions the compiler used.

>>> import numpy as np
>>> from croupier.baccarat.batchsums import half_trees, outcome_rows
>>> configure(*half_trees())
>>> out = np.zeros((1, 3))
>>> batch_sums(np.array([[128] + [32] * 9]), outcome_rows().layout, out, 0, 1)
>>> out.round(6).tolist()
[[0.446247, 0.458597, 0.095156]]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cython
import numpy as np
from numpy.typing import NDArray

if not cython.compiled:  # run as Python: the cimport below finds the helpers' source
    from croupier import _kernel_helpers  # noqa: F401
from cython.cimports.croupier._kernel_helpers import cells, plain, store

__all__ = [
    "HALF_SIZES",
    "LANES",
    "PANEL",
    "batch_sums",
    "configure",
    "deal",
    "seen_before",
    "shuffle",
    "unseen",
]

#: Multisets of 0 to 6 values of one half (5 values), by size; weights are laid out
#: level after level, 462 of them.
HALF_SIZES = (1, 5, 15, 35, 70, 126, 210)
_HALF: int = cython.declare(cython.int, 462)
#: Compositions priced together, one per lane: every loop of :func:`batch_sums` but the
#: outermost runs across the lanes, which the compiler turns into vector instructions
#: (each lane does its own additions in the same order, so the lanes change no bits).
#: (The loops say 8, not LANES: the compiler must see the number to unroll them.)
LANES = 8
#: Rows of a block contracted together (a panel), each against the same weights.
PANEL = 5

# Scratch layout, lane by lane: 60 factors, the low half's 462 weights, the high half's,
# the denominators (then the numerators, a row of the matrix after another).
_LOW: int = cython.declare(cython.int, 60 * 8)
_HIGH: int = cython.declare(cython.int, (60 + 462) * 8)
_DENOMINATOR: int = cython.declare(cython.int, (60 + 2 * 462) * 8)
SCRATCH = (60 + 2 * 462 + 1) * 8

# Set by configure(): for every weight of each half past the first, the weight it extends
# (its place in the half) and the factor it multiplies by (value * 6 + occurrence), each
# times 8: where they start in the scratch, one number per lane.
_low_parent: Sequence[int] = cython.declare(cython.const[cython.longlong][::1])
_low_factor: Sequence[int] = cython.declare(cython.const[cython.longlong][::1])
_high_parent: Sequence[int] = cython.declare(cython.const[cython.longlong][::1])
_high_factor: Sequence[int] = cython.declare(cython.const[cython.longlong][::1])


def configure(
    low_parent: NDArray[np.int64],
    low_factor: NDArray[np.int64],
    high_parent: NDArray[np.int64],
    high_factor: NDArray[np.int64],
) -> None:
    """Give :func:`batch_sums` the trees of the two halves (see
    :func:`croupier.baccarat.batchsums.half_trees`)."""
    global _low_parent, _low_factor, _high_parent, _high_factor
    _low_parent, _low_factor = plain(low_parent * 8), plain(low_factor * 8)
    _high_parent, _high_factor = plain(high_parent * 8), plain(high_factor * 8)


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
    denominator=cython.p_double,
    numerator=cython.p_double,
    matrix=cython.p_double,
    outer_weights=cython.p_double,
    inner_weights=cython.p_double,
    first=cython.Py_ssize_t,
    last=cython.Py_ssize_t,
    group=cython.Py_ssize_t,
    c=cython.Py_ssize_t,
    v=cython.int,
    j=cython.int,
    e=cython.Py_ssize_t,
    b=cython.int,
    i=cython.int,
    k=cython.int,
    p=cython.int,
    r=cython.int,
    o=cython.int,
    rows=cython.int,
    outer=cython.int,
    inner=cython.int,
    at=cython.Py_ssize_t,
    count=cython.longlong,
    total=cython.longlong,
    aligned=cython.Py_ssize_t,
    counts_of=cython.double[80],
    totals=cython.double[8],
)
def batch_sums(
    counts: NDArray[np.int64],
    matrices: NDArray[np.float64],
    out: NDArray[np.float64],
    start: int,
    stop: int,
) -> None:
    """For compositions ``start`` to ``stop`` (rows of ``counts``, 10 counts by value),
    each row of a matrix of numbers per six-card multiset summed with the composition's
    weights and divided by the number of ordered six-card sequences, into ``out`` (one
    column per matrix row).

    :data:`LANES` compositions are priced together (the last group padded with copies of
    the last composition): their weights are built lane by lane, then every block of the
    matrix is contracted with them, :data:`PANEL` block rows at a time, so that each
    number read from the matrix serves every lane (matrix-matrix work). ``matrices``
    holds the blocks as :attr:`croupier.baccarat.batchsums.MultisetRows.layout` lays them
    out: for k = 0 to 6 low values, the block of the multisets with k low and 6 - k high
    values, its shorter side (the outer one) as block rows, row after row, each matrix
    row's block in turn; a block of one row is a vector, the others are read in panels
    of five rows.
    """
    rows = out.shape[1]
    if not cython.compiled:
        counts_of, totals = [0.0] * 80, [0.0] * 8
    # scratch: the lanes' weights, then their numerators; 64 bytes more to align it
    work = np.zeros(SCRATCH + LANES * rows + 8, dtype=np.float64)
    # read-only counts are welcome: a const view (declared here, as cython.locals cannot)
    table = cython.declare(cython.const[cython.longlong][:, ::1], counts)
    aligned = 0
    if cython.compiled:
        aligned = (64 - cython.cast(cython.size_t, cython.address(work[0])) % 64) % 64 // 8
        factor = cython.address(work[aligned])
        matrix = cython.address(matrices[0])
    else:
        table, matrix = plain(counts), plain(matrices)
        factor = work
    low, high = _shifted(factor, _LOW), _shifted(factor, _HIGH)
    denominator = _shifted(factor, _DENOMINATOR)
    numerator = _shifted(factor, SCRATCH)
    first, last = start, stop
    # the trees as local views: their data pointers stay in registers
    parent = cython.declare(cython.const[cython.longlong][::1], _low_parent)
    factors = cython.declare(cython.const[cython.longlong][::1], _low_factor)
    high_parent = cython.declare(cython.const[cython.longlong][::1], _high_parent)
    high_factors = cython.declare(cython.const[cython.longlong][::1], _high_factor)
    with cython.nogil:
        for group in range(first, last, 8):
            for b in range(8):
                c = group + b if group + b < last else last - 1
                total = 0
                for v in range(10):
                    count = table[c, v]
                    total += count
                    counts_of[v * 8 + b] = cython.cast(cython.double, count)
                totals[b] = cython.cast(cython.double, total)
            # lane by lane from here (whole numbers: the same values as in integers)
            for v in range(10):
                for j in range(6):
                    for b in range(8):
                        factor[(v * 6 + j) * 8 + b] = counts_of[v * 8 + b] - j
            for b in range(8):
                denominator[b] = totals[b]
                low[b] = 1.0
                high[b] = 1.0
            for j in range(1, 6):
                for b in range(8):
                    denominator[b] = denominator[b] * (totals[b] - j)
            for e in range(1, _HALF):
                _multiply(
                    _shifted(low, e * 8), _shifted(low, parent[e]), _shifted(factor, factors[e])
                )
            for e in range(1, _HALF):
                _multiply(
                    _shifted(high, e * 8),
                    _shifted(high, high_parent[e]),
                    _shifted(factor, high_factors[e]),
                )
            for i in range(rows * 8):
                numerator[i] = 0.0
            at = 0
            for k in range(7):
                # multisets of k low values and 6 - k high: levels k and 6 - k
                if k <= 3:
                    outer, inner = _level_size(k), _level_size(6 - k)
                    outer_weights = _shifted(low, _level_start(k) * 8)
                    inner_weights = _shifted(high, _level_start(6 - k) * 8)
                else:
                    outer, inner = _level_size(6 - k), _level_size(k)
                    outer_weights = _shifted(high, _level_start(6 - k) * 8)
                    inner_weights = _shifted(low, _level_start(k) * 8)
                if outer == 1:  # the empty multiset (weight 1) times a vector
                    for r in range(rows):
                        _dot5(
                            _shifted(matrix, at), inner_weights, inner, _shifted(numerator, r * 8)
                        )
                        at += inner
                    continue
                for p in range(0, rows * outer, 5):  # a panel: 5 rows of one matrix row
                    r = p // outer
                    _rows5(
                        _shifted(matrix, at),
                        inner_weights,
                        inner,
                        _shifted(outer_weights, (p - r * outer) * 8),
                        _shifted(numerator, r * 8),
                    )
                    at += 5 * inner
            for b in range(8):
                if group + b < last:
                    for r in range(rows):
                        out[group + b, r] = numerator[r * 8 + b] / denominator[b]


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
@cython.returns(cython.void)
@cython.locals(
    target=cython.p_double,
    parent=cython.p_double,
    by=cython.p_double,
    b=cython.int,
    product=cython.double[8],
)
def _multiply(target: Any, parent: Any, by: Any) -> None:
    """``target = parent * by``, lane by lane (through a local array: every load comes
    before every store, so the compiler makes it one vector product)."""
    if not cython.compiled:
        product = [0.0] * 8
    for b in range(8):
        product[b] = parent[b] * by[b]
    for b in range(8):
        target[b] = product[b]


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
@cython.returns(cython.void)
@cython.locals(
    panel=cython.p_double,
    weights=cython.p_double,
    inner=cython.int,
    outer_weights=cython.p_double,
    numerator=cython.p_double,
    j=cython.Py_ssize_t,
    b=cython.Py_ssize_t,
    r0=cython.p_double,
    r1=cython.p_double,
    r2=cython.p_double,
    r3=cython.p_double,
    r4=cython.p_double,
    x=cython.p_double,
    g0=cython.double,
    g1=cython.double,
    g2=cython.double,
    g3=cython.double,
    g4=cython.double,
    w=cython.double,
    t0=cython.double[8],
    t1=cython.double[8],
    t2=cython.double[8],
    t3=cython.double[8],
    t4=cython.double[8],
    total=cython.double[8],
)
def _rows5(panel: Any, weights: Any, inner: int, outer_weights: Any, numerator: Any) -> None:
    """Row ``i`` of a panel (five rows of ``inner`` numbers, one after the other) times
    the weights of lane ``b`` (``weights[j * LANES + b]``), added in the order of ``j``;
    then, lane by lane, ``numerator[b] += outer_weights[i * LANES + b] * row_i`` for the
    rows in order. The five rows' sums stay in registers: each weight read serves five
    rows, and each number of the panel every lane."""
    if not cython.compiled:
        t0, t1, t2, t3, t4 = [0.0] * 8, [0.0] * 8, [0.0] * 8, [0.0] * 8, [0.0] * 8
        total = [0.0] * 8
    r0, r1, r2 = panel, _shifted(panel, inner), _shifted(panel, 2 * inner)
    r3, r4 = _shifted(panel, 3 * inner), _shifted(panel, 4 * inner)
    for b in range(8):
        t0[b] = 0.0
        t1[b] = 0.0
        t2[b] = 0.0
        t3[b] = 0.0
        t4[b] = 0.0
    for j in range(inner):
        g0 = r0[j]
        g1 = r1[j]
        g2 = r2[j]
        g3 = r3[j]
        g4 = r4[j]
        x = _shifted(weights, j * 8)
        for b in range(8):
            w = x[b]
            t0[b] = t0[b] + g0 * w
            t1[b] = t1[b] + g1 * w
            t2[b] = t2[b] + g2 * w
            t3[b] = t3[b] + g3 * w
            t4[b] = t4[b] + g4 * w
    # every load before the stores, through a local array: one vector each
    for b in range(8):
        total[b] = numerator[b] + outer_weights[b] * t0[b]
        total[b] = total[b] + outer_weights[8 + b] * t1[b]
        total[b] = total[b] + outer_weights[16 + b] * t2[b]
        total[b] = total[b] + outer_weights[24 + b] * t3[b]
        total[b] = total[b] + outer_weights[32 + b] * t4[b]
    for b in range(8):
        numerator[b] = total[b]


@cython.cfunc
@cython.nogil
@cython.exceptval(check=False)
@cython.returns(cython.void)
@cython.locals(
    vector=cython.p_double,
    weights=cython.p_double,
    inner=cython.int,
    numerator=cython.p_double,
    j=cython.Py_ssize_t,
    b=cython.Py_ssize_t,
    x=cython.p_double,
    g0=cython.double,
    g1=cython.double,
    g2=cython.double,
    g3=cython.double,
    g4=cython.double,
    t0=cython.double[8],
    t1=cython.double[8],
    t2=cython.double[8],
    t3=cython.double[8],
    t4=cython.double[8],
    total=cython.double[8],
)
def _dot5(vector: Any, weights: Any, inner: int, numerator: Any) -> None:
    """``numerator[b] +=`` a vector of ``inner`` numbers (a multiple of five) times the
    weights of lane ``b``: five partial sums (numbers ``j`` with the same ``j % 5``),
    added as ``((s0 + s1) + (s2 + s3)) + s4``, so that five additions are under way at
    once."""
    if not cython.compiled:
        t0, t1, t2, t3, t4 = [0.0] * 8, [0.0] * 8, [0.0] * 8, [0.0] * 8, [0.0] * 8
        total = [0.0] * 8
    for b in range(8):
        t0[b] = 0.0
        t1[b] = 0.0
        t2[b] = 0.0
        t3[b] = 0.0
        t4[b] = 0.0
    for j in range(0, inner, 5):
        g0, g1, g2, g3, g4 = vector[j], vector[j + 1], vector[j + 2], vector[j + 3], vector[j + 4]
        x = _shifted(weights, j * 8)
        for b in range(8):
            t0[b] = t0[b] + g0 * x[b]
            t1[b] = t1[b] + g1 * x[8 + b]
            t2[b] = t2[b] + g2 * x[16 + b]
            t3[b] = t3[b] + g3 * x[24 + b]
            t4[b] = t4[b] + g4 * x[32 + b]
    for b in range(8):
        total[b] = numerator[b] + (((t0[b] + t1[b]) + (t2[b] + t3[b])) + t4[b])
    for b in range(8):
        numerator[b] = total[b]


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
        draws = plain(draws)
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
    player=cython.int,
    banker=cython.int,
    cell=cython.int,
)
def deal(
    ranks: NDArray[np.uint8],
    starts: NDArray[np.int64],
    cut: int,
    cell_of_totals: NDArray[np.int16],
    used: NDArray[np.int64],
    value_of: NDArray[np.uint8],
    shoe_out: NDArray[np.int64],
    position_out: NDArray[np.int64],
    cell_out: NDArray[np.int16],
) -> int:
    """Deal every shoe (a row of ``ranks``) from ``starts[shoe]`` round after round
    while fewer than ``cut`` cards are gone: each round's shoe, position and histogram
    cell, shoe by shoe, into the outputs (long enough for every round); returns how many.

    A round's cell is ``4 * class + 2 * player pair + banker pair``, its class read from
    ``cell_of_totals`` at ``player * 1000 + banker * 100 + fifth * 10 + sixth``: the two
    hands' first totals and the values of the fifth and sixth cards (all a round's
    outcome depends on; a table of 10,000 that stays in the first-level cache).
    """
    if not cython.compiled:
        ranks, starts = plain(ranks), plain(starts)
        cell_of_totals, used, value_of = plain(cell_of_totals), plain(used), plain(value_of)
    shoe = cython.declare(cython.const[cython.uchar][:, ::1], ranks)
    begin = cython.declare(cython.const[cython.longlong][::1], starts)
    cell_of = cython.declare(cython.const[cython.short][::1], cell_of_totals)
    length = cython.declare(cython.const[cython.longlong][::1], used)
    value = cython.declare(cython.const[cython.uchar][::1], value_of)
    shoes = ranks.shape[0]
    limit = cut
    n = 0
    with cython.nogil:
        for s in range(shoes):
            p = begin[s]
            while p < limit:
                player = value[shoe[s, p]] + value[shoe[s, p + 1]]
                banker = value[shoe[s, p + 2]] + value[shoe[s, p + 3]]
                if player >= 10:
                    player -= 10
                if banker >= 10:
                    banker -= 10
                cell = cell_of[
                    player * 1000
                    + banker * 100
                    + value[shoe[s, p + 4]] * 10
                    + value[shoe[s, p + 5]]
                ]
                if shoe[s, p] == shoe[s, p + 1]:
                    cell += 2
                if shoe[s, p + 2] == shoe[s, p + 3]:
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
            plain(ranks),
            plain(starts),
            plain(shoe),
            plain(position),
        )
        by_code, out = plain(by_code), cells(out)
    rounds = shoe.shape[0]
    width = by_code.shape[1]
    running = np.zeros(max(width, 1), dtype=np.int64)
    if not cython.compiled:
        running = cells(running[None, :])[0]
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
        store(out)


@cython.locals(
    shoe=cython.longlong[::1],
    position=cython.longlong[::1],
    out=cython.longlong[:, ::1],
    running=cython.longlong[::1],
    rounds=cython.Py_ssize_t,
    groups=cython.Py_ssize_t,
    i=cython.Py_ssize_t,
    c=cython.Py_ssize_t,
    at=cython.Py_ssize_t,
    current=cython.longlong,
    shown=cython.bint,
)
def unseen(
    ranks: NDArray[np.uint8],
    starts: NDArray[np.int64],
    shown: bool,
    shoe: NDArray[np.int64],
    position: NDArray[np.int64],
    group_of: NDArray[np.int64],
    full: NDArray[np.int64],
    out: NDArray[np.int64],
) -> None:
    """For each round (its shoe, a row of ``ranks``, and its first card's ``position``),
    the cards of each group (``group_of[rank]``: a value, or the rank itself) the player
    has not seen before it, into the rows of ``out``: ``full[group]`` less the shoe's
    cards from ``starts[shoe]`` to the round, and less its first card when ``shown``
    (the standard burn shows it). Rounds sorted by shoe, then position, take one walk
    through each shoe; a round before the last one's position starts its shoe again.
    :func:`seen_before` with a one-hot table does the same, a column per card."""
    if not cython.compiled:
        ranks, starts, shoe, position = (
            plain(ranks),
            plain(starts),
            plain(shoe),
            plain(position),
        )
        group_of, full, out = plain(group_of), plain(full), cells(out)
    cards = cython.declare(cython.const[cython.uchar][:, ::1], ranks)
    begin = cython.declare(cython.const[cython.longlong][::1], starts)
    group = cython.declare(cython.const[cython.longlong][::1], group_of)
    whole = cython.declare(cython.const[cython.longlong][::1], full)
    rounds = shoe.shape[0]
    groups = full.shape[0]
    running = np.zeros(max(groups, 1), dtype=np.int64)
    if not cython.compiled:
        running = cells(running[None, :])[0]
    current = -1
    at = 0
    with cython.nogil:
        for i in range(rounds):
            if shoe[i] != current or position[i] < at:  # a new shoe (or back in one)
                current = shoe[i]
                for c in range(groups):
                    running[c] = whole[c]
                if shown:
                    running[group[cards[current, 0]]] -= 1
                at = begin[current]
            while at < position[i]:
                running[group[cards[current, at]]] -= 1
                at += 1
            for c in range(groups):
                out[i, c] = running[c]
    if not cython.compiled:
        store(out)
