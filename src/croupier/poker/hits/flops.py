"""Every flop of the deck, numbered, and the relabellings of the suits: what the exact
counts over every flop (:func:`croupier.poker.hits.classifier.flop_hits`) are built on;
rows of cards as counts of each rank and sets of ranks of each suit.

The rules know no suit, so a hand flops the same on a flop as on its image under a
relabelling of the suits that keeps the hand's cards (and the dead cards): one flop of
each family of images is enough, counted as many times as its family has flops.

>>> flops = all_flops()
>>> flops.cards.shape, len(flops.without(np.array([0, 1])))
((22100, 3), 19600)
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.poker.combinatorics import combinations

__all__ = [
    "SUIT_MAPS",
    "Flops",
    "all_flops",
    "flop_ranks",
    "flop_suits",
    "rank_counts",
    "suit_masks",
    "symmetries",
]

#: The 24 relabellings of the four suits, each as a map of card numbers (a card's number
#: is 4 x its rank + its suit).
SUIT_MAPS: Final = np.array(
    [
        [4 * (card >> 2) + order[card & 3] for card in range(52)]
        for order in itertools.permutations(range(4))
    ],
    dtype=np.int64,
)


@dataclass(frozen=True, slots=True)
class Flops:
    """Every flop of the deck, numbered: its cards (ascending), the flops holding each
    card, and each flop's image under each suit relabelling (a flop's number)."""

    cards: NDArray[np.int64]  # (22100, 3)
    holding: NDArray[np.bool_]  # (52, 22100)
    images: NDArray[np.int64]  # (24, 22100)

    def without(self, cards: NDArray[np.int64]) -> NDArray[np.int64]:
        """The numbers of the flops holding none of ``cards``."""
        return np.flatnonzero(~self.holding[cards].any(axis=0))


@functools.cache
def all_flops() -> Flops:
    """The 22,100 flops (built once)."""
    cards = combinations(52, 3).astype(np.int64)
    holding = np.zeros((52, len(cards)), dtype=bool)
    for column in range(3):
        holding[cards[:, column], np.arange(len(cards))] = True
    number = np.zeros(52**3, dtype=np.int64)
    number[(cards[:, 0] * 52 + cards[:, 1]) * 52 + cards[:, 2]] = np.arange(len(cards))
    image = np.sort(SUIT_MAPS[:, cards], axis=2)
    images = number[(image[..., 0] * 52 + image[..., 1]) * 52 + image[..., 2]]
    return Flops(cards, holding, images)


def symmetries(*fixed: NDArray[np.int64]) -> NDArray[np.intp]:
    """The suit relabellings (their places in ``SUIT_MAPS``) that keep each set of cards
    ``fixed`` (the hole cards, the dead cards: each set onto itself, a hole card never onto
    a dead one): a flop of the cards left makes the hole cards what its image under each
    makes them (the rules know no suit), so one flop of each family is enough.

    >>> len(symmetries(np.array([48, 44])))  # AcKc: the three other suits, any order
    6
    >>> len(symmetries(np.array([48, 49])))  # AcAd: c and d swap, h and s swap
    4
    >>> len(symmetries(np.array([20, 23]), np.array([21])))  # 7c7s, 7d dead: c and s swap
    2
    """
    keep = np.ones(len(SUIT_MAPS), dtype=bool)
    for cards in fixed:
        kept = np.sort(cards)
        keep &= (np.sort(SUIT_MAPS[:, cards], axis=1) == kept).all(axis=1)
    return np.flatnonzero(keep)


def rank_counts(cards: NDArray[np.integer]) -> NDArray[np.int8]:
    """Each row's cards of each rank (N, 13)."""
    rows = np.asarray(cards, dtype=np.int64)
    counts = np.zeros((len(rows), 13), dtype=np.int8)
    for column in range(rows.shape[1]):
        np.add.at(counts, (np.arange(len(rows)), rows[:, column] >> 2), 1)
    return counts


def suit_masks(cards: NDArray[np.integer]) -> NDArray[np.int64]:
    """Each row's ranks of each suit, as 13-bit sets (N, 4)."""
    rows = np.asarray(cards, dtype=np.int64)
    masks = np.zeros((len(rows), 4), dtype=np.int64)
    for column in range(rows.shape[1]):
        np.bitwise_or.at(
            masks,
            (np.arange(len(rows)), rows[:, column] & 3),
            np.int64(1) << (rows[:, column] >> 2),
        )
    return masks


@functools.cache
def flop_ranks() -> tuple[NDArray[np.intp], NDArray[np.int64]]:
    """Each flop's pattern of ranks (its place among the 455 patterns) and each
    pattern's cards of each rank (455, 13).

    >>> places, patterns = flop_ranks()
    >>> len(patterns), patterns[places[0]].tolist()[:2]  # 2c 2d 2h: three deuces
    (455, [3, 0])
    """
    patterns, places = np.unique(rank_counts(all_flops().cards), axis=0, return_inverse=True)
    return places.ravel(), patterns.astype(np.int64)


@functools.cache
def flop_suits() -> NDArray[np.int64]:
    """Each flop's ranks of each suit, as 13-bit sets (22100, 4)."""
    return suit_masks(all_flops().cards)
