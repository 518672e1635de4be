"""Suit symmetry: the permutations of the four suits that leave a question unchanged, and
what exact enumeration folds by them.

A suit permutation maps card ``4 * rank + suit`` to ``4 * rank + perm[suit]``. One that
maps the dead cards, the board and each player's hand (or range, weights included) to
themselves maps every deal to a deal of the same question with the same outcome for each
player, so the exact enumeration deals one board of each class of boards the group makes
alike (an *orbit*) and counts it as many times as the orbit has boards.

The permutations fixing a set of cards form a group (the *stabiliser*):

>>> from croupier.cards import Card
>>> def numbers(*texts):
...     return [Card.parse(text).index for text in texts]
>>> group = stabiliser([numbers("Ah", "Kh"), numbers("Qs", "Qd")])
>>> len(group), suit_orbits(group)
(2, [(0, 1), (1, 2), (2, 1)])

(clubs alone, diamonds with spades, hearts alone: suits 0 to 3 are clubs, diamonds,
hearts, spades). The board ``2c 3c 4c`` of AhKh against QsQd is dealt and counts
for itself alone (no permutation of the group moves clubs), whereas ``2d 3d 4d``
counts for itself and ``2s 3s 4s``: :func:`board_weight` says which boards are dealt
and for how many.

>>> def bits(*texts):
...     return sum(1 << card for card in numbers(*texts))
>>> board_weight(bits("2d", "3d", "4d"), group_array(group))
2
>>> board_weight(bits("2s", "3s", "4s"), group_array(group))
0
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Final

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "PERMUTATIONS",
    "board_weight",
    "card_map",
    "group_array",
    "image_mask",
    "mask_images",
    "row_permutation",
    "stabiliser",
    "suit_orbits",
]

#: The 24 permutations of the four suits (the identity first).
PERMUTATIONS: Final = tuple(itertools.permutations(range(4)))
#: The cards of suit 0, as a 52-bit set (one bit every 4).
SUIT_ZERO: Final = sum(1 << (4 * rank) for rank in range(13))


@functools.cache
def card_map(perm: tuple[int, ...]) -> NDArray[np.int64]:
    """The image of each card number under the suit permutation ``perm``."""
    cards = np.arange(52, dtype=np.int64)
    return 4 * (cards // 4) + np.array(perm, dtype=np.int64)[cards % 4]


def image_mask(mask: int, perm: Sequence[int]) -> int:
    """The image of the 52-bit card set ``mask`` under ``perm``.

    >>> image_mask(0b0001, (1, 0, 2, 3))  # 2c -> 2d
    2
    """
    image = 0
    for suit in range(4):
        image |= ((mask >> suit) & SUIT_ZERO) << perm[suit]
    return image


def stabiliser(
    card_sets: Sequence[Sequence[int] | NDArray[np.int64]],
) -> list[tuple[int, ...]]:
    """The suit permutations mapping each of ``card_sets`` (card numbers) to itself as a
    set, the identity first."""
    masks = [sum(1 << int(c) for c in cards) for cards in card_sets]
    return [p for p in PERMUTATIONS if all(image_mask(m, p) == m for m in masks)]


def suit_orbits(group: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """The suits the ``group`` tells apart: one ``(suit, orbit size)`` per class of
    suits it maps to each other, the lowest suit of the class named."""
    seen: set[int] = set()
    orbits = []
    for suit in range(4):
        if suit in seen:
            continue
        orbit = {perm[suit] for perm in group}
        seen |= orbit
        orbits.append((suit, len(orbit)))
    return orbits


def group_array(group: Sequence[Sequence[int]]) -> NDArray[np.int64]:
    """The ``group`` as the kernels take it: one permutation a row (the image of each
    suit)."""
    return np.array(group, dtype=np.int64).reshape(-1, 4)


def board_weight(board: int, group: NDArray[np.int64]) -> int:
    """How many boards the board ``board`` (a 52-bit set) stands for: 0 unless it is the
    least (as a number) of its orbit under ``group`` (from :func:`group_array`), else
    the size of its orbit (the group's order over the number of its permutations that
    fix the board). The kernels' test, written in Python."""
    fixing = 0
    for perm in group.tolist():
        image = image_mask(board, perm)
        if image < board:
            return 0
        fixing += image == board
    return len(group) // fixing


def mask_images(masks: NDArray[np.uint64], perm: Sequence[int]) -> NDArray[np.uint64]:
    """The images of many 52-bit card sets under ``perm`` (:func:`image_mask` on arrays)."""
    images = np.zeros_like(masks)
    zero = np.uint64(SUIT_ZERO)
    for suit in range(4):
        images |= ((masks >> np.uint64(suit)) & zero) << np.uint64(perm[suit])
    return images


def row_permutation(
    masks: NDArray[np.uint64], weights: NDArray[np.float64], perm: Sequence[int]
) -> NDArray[np.int64] | None:
    """Where ``perm`` sends each of a player's hands (``masks``, their card sets, each
    listed once, with their ``weights``): the number of its image in the list, or None
    when an image is not listed or weighs otherwise (``perm`` does not fix the range).

    >>> masks = np.array([0b0011, 0b0101, 0b1001], dtype=np.uint64)  # 2c2d 2c2h 2c2s
    >>> row_permutation(masks, np.ones(3), (0, 2, 1, 3)).tolist()  # diamonds <-> hearts
    [1, 0, 2]
    >>> row_permutation(masks, np.ones(3), (1, 0, 2, 3)) is None  # 2d2c is not listed
    True
    """
    order = np.argsort(masks, kind="stable")
    if (np.diff(masks[order]) == 0).any():  # a hand listed twice
        return None
    images = mask_images(masks, perm)
    places = np.minimum(np.searchsorted(masks, images, sorter=order), len(masks) - 1)
    found = order[places]
    if not (masks[found] == images).all() or not (weights[found] == weights).all():
        return None
    return found.astype(np.int64)
