"""The 1,326 two-card starting hands (combos) and their 169 classes on the 13x13 grid.

A *combo* is two distinct cards, numbered 0 to 1,325 in the order of
``itertools.combinations(range(52), 2)`` over card numbers (see :mod:`croupier.cards`).
A *class* is a combo without its suits: a pair (``QQ``, 6 combos), suited (``AKs``, 4)
or offsuit (``AKo``, 12). Classes live on the grid the range pickers draw, aces first:
pairs on the diagonal, suited hands above it (row = high card), offsuit below
(column = high card); a class's number is ``13 * row + column``.

>>> COMBO_COUNT, len(CLASS_LABELS), CLASS_LABELS[0], CLASS_LABELS[1], CLASS_LABELS[13]
(1326, 169, 'AA', 'AKs', 'AKo')
>>> int(COMBO_CARDS[COMBO_INDEX[51, 47]][0]), combo_text(COMBO_INDEX[51, 47])
(47, 'AsKs')
>>> [int(n) for n in CLASS_SIZES[[0, 1, 13]]]
[6, 4, 12]
"""

from __future__ import annotations

import functools
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.cards import DECK

__all__ = [
    "CLASS_COMBOS",
    "CLASS_LABELS",
    "CLASS_OF_COMBO",
    "CLASS_SIZES",
    "COMBO_BITS",
    "COMBO_CARDS",
    "COMBO_COUNT",
    "COMBO_INDEX",
    "GRID_RANKS",
    "class_number",
    "combo_text",
    "combos_meeting",
]

COMBO_COUNT: Final = 1326
#: Rank characters in grid order (row and column 0 is the ace).
GRID_RANKS: Final = "AKQJT98765432"


def _frozen(array: NDArray[np.generic]) -> NDArray[np.generic]:
    array.flags.writeable = False
    return array


#: The two card numbers of each combo, low card first.
COMBO_CARDS: Final[NDArray[np.int64]] = _frozen(  # type: ignore[assignment]
    np.stack(np.triu_indices(52, 1), axis=1).astype(np.int64)  # combinations' order
)
#: Combo number of two card numbers, in either order (-1 for a card with itself).
COMBO_INDEX: Final[NDArray[np.int64]] = np.full((52, 52), -1, dtype=np.int64)
COMBO_INDEX[COMBO_CARDS[:, 0], COMBO_CARDS[:, 1]] = np.arange(COMBO_COUNT)
COMBO_INDEX[COMBO_CARDS[:, 1], COMBO_CARDS[:, 0]] = np.arange(COMBO_COUNT)
_frozen(COMBO_INDEX)
#: The 52-bit mask of each combo's two cards.
COMBO_BITS: Final[NDArray[np.uint64]] = _frozen(  # type: ignore[assignment]
    np.left_shift(np.uint64(1), COMBO_CARDS[:, 0].astype(np.uint64))
    | np.left_shift(np.uint64(1), COMBO_CARDS[:, 1].astype(np.uint64))
)


def class_number(high: int, low: int, suited: bool) -> int:
    """The grid number of a class from its ranks (2 to 14) and suitedness.

    >>> class_number(14, 14, False), class_number(14, 13, True), class_number(14, 13, False)
    (0, 1, 13)
    """
    row, column = 14 - high, 14 - low
    if row == column or suited:
        return 13 * row + column
    return 13 * column + row


def _classes_of_combos() -> NDArray[np.int64]:
    """:func:`class_number` of every combo at once (grid row and column of its two ranks,
    suited above the diagonal)."""
    low, high = COMBO_CARDS[:, 0], COMBO_CARDS[:, 1]  # low card first: high rank too
    row, column = 12 - high // 4, 12 - low // 4  # 14 - rank, rank = card // 4 + 2
    suited = (low % 4 == high % 4) & (row != column)
    classes: NDArray[np.int64] = np.where(suited, 13 * row + column, 13 * column + row)
    return classes


#: Class number of each combo.
CLASS_OF_COMBO: Final[NDArray[np.int64]] = _frozen(_classes_of_combos())  # type: ignore[assignment]
_BY_CLASS: Final = np.argsort(CLASS_OF_COMBO, kind="stable")
#: Combos of each class, as a tuple of combo-number arrays.
CLASS_COMBOS: Final[tuple[NDArray[np.int64], ...]] = tuple(
    _frozen(part)  # type: ignore[misc]
    for part in np.split(_BY_CLASS, np.cumsum(np.bincount(CLASS_OF_COMBO, minlength=169))[:-1])
)
#: How many combos each class has (6, 4 or 12).
CLASS_SIZES: Final[NDArray[np.int64]] = _frozen(  # type: ignore[assignment]
    np.array([len(c) for c in CLASS_COMBOS], dtype=np.int64)
)


def _label(number: int) -> str:
    row, column = divmod(number, 13)
    if row == column:
        return GRID_RANKS[row] * 2
    if row < column:
        return GRID_RANKS[row] + GRID_RANKS[column] + "s"
    return GRID_RANKS[column] + GRID_RANKS[row] + "o"


#: Text of each class: ``AA``, ``AKs``, ``AKo``...
CLASS_LABELS: Final[tuple[str, ...]] = tuple(_label(n) for n in range(169))


def combo_text(combo: int | np.integer) -> str:
    """A combo as text, high card first: ``AsKs``, ``Th9h``."""
    low, high = (DECK[int(c)] for c in COMBO_CARDS[int(combo)])
    return f"{high}{low}"


@functools.cache
def _card_combo_sets() -> tuple[int, ...]:
    """For each card number, the combos holding it as a set of bits (bit ``n``: combo
    ``n``)."""
    sets = [0] * 52
    for number, (low, high) in enumerate(COMBO_CARDS.tolist()):
        sets[low] |= 1 << number
        sets[high] |= 1 << number
    return tuple(sets)


def combos_meeting(cards: int) -> int:
    """The combos holding one of ``cards`` (a 52-bit set: bit ``c`` for card ``c``), as a
    set of bits (bit ``n``: combo ``n``).

    >>> meeting = combos_meeting(1 << 51)  # As: 51 combos hold it
    >>> meeting.bit_count(), bool(meeting >> int(COMBO_INDEX[51, 47]) & 1)
    (51, True)
    """
    sets = _card_combo_sets()
    meeting = 0
    while cards:
        low = cards & -cards
        meeting |= sets[low.bit_length() - 1]
        cards ^= low
    return meeting
