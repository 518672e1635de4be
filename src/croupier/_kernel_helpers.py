"""What every compiled kernel needs, declared once: the random stream, popcount, the fold
of one suit's ranks, and the views under which a kernel reads arrays.

The kernels (``croupier.<game>._kernels``, see :mod:`croupier.engine`) ``cimport`` these
helpers::

    if not cython.compiled:  # run as Python: the cimport below finds this module
        from croupier import _kernel_helpers  # noqa: F401
    from cython.cimports.croupier._kernel_helpers import mix64, plain, ...

Compiled, the cimport reads ``_kernel_helpers.pxd`` beside this file, where each helper is
a ``cdef inline`` function with its body in C types: the C compiler puts it into the
kernel's loops, as it did when each kernel had its own copy. This file is never compiled
(``setup.py`` compiles the files named ``_kernels*.py`` only): it is what the same
cimport gives a kernel that runs as Python (``CROUPIER_PURE=1``, or an install without a
C compiler), each helper computing what its C twin in the ``.pxd`` computes, on Python
ints masked to 64 bits where C's unsigned arithmetic wraps; the tests run both
(``tests/test_kernel_helpers.py``, and every kernel's differential tests).

Run as Python, ``from cython.cimports.croupier._kernel_helpers import NAME`` finds this
module because importing it registers it under that name in :data:`sys.modules`: Cython's
own module resolves only ``cython.cimports.libc.math`` and top-level names, and
:mod:`croupier.cythonshim` (where Cython is not installed) aliases ``cython.cimports.X``
to ``X`` itself. Either way no Cython is needed at run time.

>>> mix64(0), mix64(1) == stream(1, 0), stream(7, 3) == mix64(7 + 3 * GOLDEN & MASK64)
(0, True, True)
>>> popcount64(0b1011), suit_ranks(1 << (4 * 12 + 3) | 1 << 3, 3)  # As and 2s: bits 12, 0
(3, 4097)
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "GOLDEN",
    "MASK64",
    "Cells",
    "Ints",
    "cells",
    "mix64",
    "plain",
    "popcount64",
    "store",
    "stream",
    "suit_ranks",
]

#: 64 bits: what C's unsigned arithmetic keeps.
MASK64: Final = 0xFFFFFFFFFFFFFFFF
#: The golden ratio as a 64-bit fraction: splitmix64's step between numbers of a stream.
GOLDEN: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB

# The kernels' cimport of this module, run as Python, imports it from here.
sys.modules.setdefault("cython.cimports.croupier", importlib.import_module("croupier"))
sys.modules.setdefault("cython.cimports.croupier._kernel_helpers", sys.modules[__name__])


def mix64(z: int) -> int:
    """splitmix64's output function (Steele, Lea and Flood, 2014): a 64-bit hash of ``z``."""
    z = ((z ^ (z >> 30)) * _MIX1) & MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & MASK64
    return z ^ (z >> 31)


def stream(key: int, counter: int) -> int:
    """Number ``counter`` of the random stream ``key``: splitmix64 run as a counter, so any
    number of any stream is had directly (``mix64(key + counter * GOLDEN)``)."""
    return mix64((key + counter * GOLDEN) & MASK64)


def popcount64(bits: int) -> int:
    """How many bits of a 64-bit number are set."""
    return (bits & MASK64).bit_count()


def suit_ranks(cards: int, suit: int) -> int:
    """The 13-bit set of ranks of one suit in a 52-bit set of cards (card ``4 * rank +
    suit`` is bit ``4 * rank + suit``): the suit's bits, one every 4, folded together."""
    x = (cards >> suit) & 0x1111111111111
    x = (x | (x >> 3)) & 0x0303030303030303
    x = (x | (x >> 6)) & 0x000F000F000F000F
    x = (x | (x >> 12)) & 0x000000FF000000FF
    return (x | (x >> 24)) & 0x1FFF


class Ints:
    """An array's numbers as Python ints (or floats), read as the array is (``a[i]``,
    ``a[i, j]``, ``len``, ``shape``): what a kernel reads run as Python, so that its
    arithmetic is that of C numbers (NumPy's scalars would overflow where C widens, or
    widen where C wraps)."""

    def __init__(self, array: NDArray[Any]) -> None:
        self.rows = array.tolist()
        self.shape = array.shape

    def __getitem__(self, key: int | tuple[int, int]) -> Any:
        if isinstance(key, tuple):
            row, column = key
            return self.rows[row][column]
        return self.rows[key]

    def __len__(self) -> int:
        return len(self.rows)


def plain(array: NDArray[Any]) -> Any:
    """An array as a kernel reads it: :class:`Ints` here (compiled: the array itself,
    which a typed memoryview reads)."""
    return Ints(np.asarray(array))


class Cells(Ints):
    """A NumPy array (one or two dimensions) read and written as Python ints or floats,
    for a kernel run as Python; :func:`store` writes them back. A number written into an
    array of unsigned integers wraps at its width, as C's unsigned arithmetic does."""

    def __init__(self, array: NDArray[Any]) -> None:
        super().__init__(array)
        self.array = array
        kind = array.dtype
        self.mask = (1 << (8 * kind.itemsize)) - 1 if kind.kind == "u" else 0

    def __setitem__(self, key: int | tuple[int, int], value: Any) -> None:
        if self.mask and isinstance(value, int):
            value &= self.mask
        if isinstance(key, tuple):
            row, column = key
            self.rows[row][column] = value
        else:
            self.rows[key] = value


def cells(array: NDArray[Any]) -> Any:
    """An array a kernel writes: :class:`Cells` here (compiled: the array itself)."""
    return Cells(array)


def store(written: Any) -> None:
    """Write what a kernel wrote in :func:`cells` back into its array (compiled: nothing
    to do)."""
    written.array[...] = written.rows
