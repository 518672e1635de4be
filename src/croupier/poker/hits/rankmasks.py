"""Tables over 13-bit sets of ranks, shared by every game's classifier and the textures.

A set of ranks is a 13-bit mask, bit ``r`` for rank number ``r`` (0 a deuce, 12 an ace).
Each table is indexed by such a mask (or by a rank number) and is 64-bit wherever its
entries are shifted or combined with 64-bit masks: NumPy 1 keeps a small array's type in
mixed arithmetic (``np.int64(1) << rank`` stays 8-bit for an 8-bit ``rank``) and would
wrap.

>>> int(POPCOUNT[0b1011]), int(HIGHEST[0b1011]), int(HIGHEST[0])
(3, 4, 0)
>>> bin(int(ABOVE[10])), bin(int(BELOW[2]))
('0b1100000000000', '0b11')
>>> HIGHEST.dtype, ABOVE.dtype, POPCOUNT.flags.writeable
(dtype('int64'), dtype('int64'), False)
"""

from __future__ import annotations

from typing import Final, TypeVar

import numpy as np
from numpy.typing import NDArray

_T = TypeVar("_T", bound=np.generic)

__all__ = ["ABOVE", "ALL_RANKS", "BELOW", "HIGHEST", "POPCOUNT", "RANK_BITS"]

#: Every rank, as a 13-bit set.
ALL_RANKS: Final = (1 << 13) - 1


def _frozen(table: NDArray[_T]) -> NDArray[_T]:
    table.flags.writeable = False
    return table


#: Each rank's bit.
RANK_BITS: Final = _frozen(np.array([1 << r for r in range(13)], dtype=np.int64))
#: The number of ranks in each 13-bit set.
POPCOUNT: Final = _frozen(np.array([m.bit_count() for m in range(1 << 13)], dtype=np.int8))
#: 1 + the highest rank in each 13-bit set (0 for the empty set).
HIGHEST: Final = _frozen(np.array([m.bit_length() for m in range(1 << 13)], dtype=np.int64))
#: The ranks above each rank, as a 13-bit set.
ABOVE: Final = _frozen(np.array([ALL_RANKS & ~((2 << r) - 1) for r in range(13)], dtype=np.int64))
#: The ranks below each rank, as a 13-bit set.
BELOW: Final = _frozen(np.array([(1 << r) - 1 for r in range(13)], dtype=np.int64))
