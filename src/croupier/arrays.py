"""Arrays given to the library, read once and checked by one set of rules: rows of
different lengths, fractions, and numbers out of range are refused with the caller's
error, naming what was given and what was expected.

NumPy refuses ragged rows with a ``ValueError`` of its own; :func:`as_array` turns it
into the game's error. :func:`whole_numbers` reads numbers that index something (cards
0 to 51, hold'em combos 0 to 1,325): a fraction or a number out of range is the game's
error, an item that is no number at all a :class:`TypeError`.

>>> as_array([[1, 2], [3]], "counts", "expected two counts a row", ValueError)
Traceback (most recent call last):
...
ValueError: bad counts: its rows are not all the same length: expected two counts a row
>>> whole_numbers([0, 51], 52, name="indices", what="card number", error=ValueError).tolist()
[0, 51]
>>> whole_numbers([2.5], 52, name="indices", what="card number", error=ValueError)
Traceback (most recent call last):
...
ValueError: bad card number 2.5: expected integers 0 to 51
"""

from __future__ import annotations

import numbers
from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from croupier.arguments import is_integral
from croupier.errors import shown

__all__ = ["as_array", "is_whole", "whole_numbers"]


def as_array(
    values: ArrayLike, name: str, expected: str, error: Callable[[str], Exception]
) -> NDArray[Any]:
    """``values`` as a NumPy array; rows of different lengths raise ``error`` with the
    message ``bad NAME: its rows are not all the same length: EXPECTED``."""
    try:
        return np.asarray(values)
    except ValueError:  # NumPy's refusal of ragged rows
        raise error(f"bad {name}: its rows are not all the same length: {expected}") from None


def is_whole(array: NDArray[Any]) -> bool:
    """Whether every item of ``array`` is a whole number as
    :func:`croupier.arguments.is_integral` reads one: an array of NumPy integers (not
    bools), or of Python objects that all are (ints past 64 bits).

    >>> is_whole(np.array([1, 2])), is_whole(np.array([2**70, 1])), is_whole(np.array([True]))
    (True, True, False)
    """
    if np.issubdtype(array.dtype, np.integer):
        return True
    return array.dtype == object and all(is_integral(item) for item in array.flat)


def whole_numbers(
    values: ArrayLike, limit: int, *, name: str, what: str, error: Callable[[str], Exception]
) -> NDArray[np.int64]:
    """The numbers of ``values`` (any shape, read in order) as a flat int64 array, each
    from 0 to ``limit - 1``. A fraction or a number out of range raises ``error`` (``bad
    WHAT N: expected integers 0 to LIMIT-1``); an item that is not a number, or a bool,
    raises :class:`TypeError` naming ``name``."""
    if isinstance(values, str | bytes | bool | np.bool_):
        raise TypeError(f"{name} must be {what}s (ints), not {type(values).__name__}")
    array = as_array(
        values, f"{what}s", f"expected one list of integers 0 to {limit - 1:,}", error
    ).ravel()
    if array.dtype.kind == "f" and not isinstance(values, np.ndarray):
        # Python ints past int64 beside negative ones: NumPy made them floats
        array = np.asarray(values, dtype=object).ravel()
    expected = f"expected integers 0 to {limit - 1:,}"
    if not np.issubdtype(array.dtype, np.integer):
        items = [item.item() if isinstance(item, np.generic) else item for item in array.tolist()]
        for item in items:
            if is_integral(item):
                continue
            if isinstance(item, numbers.Real) and not isinstance(item, bool | np.bool_):
                raise error(f"bad {what} {shown(item)}: {expected}")
            kind = type(item).__name__
            raise TypeError(f"{name} must be {what}s (ints), not {kind} ({shown(item)})")
        bad = next((int(item) for item in items if not 0 <= item < limit), None)
        if bad is not None:
            raise error(f"bad {what} {shown(bad)}: {expected}")
        return np.array([int(item) for item in items], dtype=np.int64)
    outside = (array < 0) | (array >= limit)
    if outside.any():
        raise error(f"bad {what} {int(array[int(np.argmax(outside))])}: {expected}")
    return array.astype(np.int64)
