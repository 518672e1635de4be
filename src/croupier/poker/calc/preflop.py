"""Exact preflop: one assignment of hole cards against every 5-card board, counted by
rank multiset.

An assignment's 1.4-1.7 million boards fall into 6,175 rank multisets: on a board that
gives nobody a flush each hand is ranked from its ranks alone, so the boards of a
multiset are counted (not dealt) and ranked once. Only the boards that may give somebody
a flush are listed, suit by suit, and ranked from that suit's ranks.
"""

from __future__ import annotations

import functools
import math
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.poker.calc.arrays import RANK_KEY_ARRAY
from croupier.poker.calc.live import LiveQuestion
from croupier.poker.calc.tally import shares
from croupier.poker.combinatorics import combinations
from croupier.poker.evaluation.tables import flush_table, rank_multisets, rank_table
from croupier.poker.ranges.starting_hands import COMBO_CARDS

__all__ = ["preflop_outcome"]


@functools.cache
def _multisets() -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Every 5-rank multiset: its rank counts (6175 x 13) and rank key sums."""
    multisets = rank_multisets(5).astype(np.int64)
    counts = np.zeros((len(multisets), 13), dtype=np.int64)
    for column in range(5):
        np.add.at(counts, (np.arange(len(multisets)), multisets[:, column]), 1)
    sums = RANK_KEY_ARRAY[multisets].sum(axis=1)
    return counts, sums


@functools.cache
def _multiset_index() -> NDArray[np.int16]:
    """The number of each 5-rank multiset (a row of :func:`_multisets`), indexed by its
    rank key sum (-1 where no multiset sums)."""
    _, sums = _multisets()
    index = np.full(int(sums.max()) + 1, -1, dtype=np.int16)
    index[sums] = np.arange(len(sums))
    return index


_CHOOSE: Final = np.array([[math.comb(n, k) for k in range(6)] for n in range(5)], dtype=np.int64)


def preflop_outcome(
    question: LiveQuestion, hole: NDArray[np.int64]
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], int]:
    """Equity, win and tie of each player over every 5-card board (``hole``: one combo
    per player), and the number of boards."""
    cards = COMBO_CARDS[hole]  # players x 2
    used = np.zeros(52, dtype=bool)
    used[question.fixed] = True
    used[cards.ravel()] = True
    free = np.flatnonzero(~used)
    available = 4 - used.reshape(13, 4).sum(axis=1)
    counts, sums = _multisets()
    boards = np.prod(_CHOOSE[available[None, :], counts], axis=1)
    live = np.flatnonzero(boards)
    hole_rank_keys = RANK_KEY_ARRAY[cards // 4].sum(axis=1)
    table = rank_table(7)
    boards = boards.astype(np.float64)
    equity, win, tie = np.zeros(len(hole)), np.zeros(len(hole)), np.zeros(len(hole))
    # Boards that may give somebody a flush, dealt one by one: k cards of one suit (the
    # ``low`` rows) beside 5 - k of the others (the ``high`` rows), every pair of rows.
    # On such a board a player holding h cards of the suit has a flush exactly when
    # k + h >= 5 (the other suits have at most 2 + 2 cards), ranked by the suit's ranks
    # alone; otherwise its hand is ranked by its ranks.
    flushes = flush_table()
    for suit in range(4):
        mine = cards % 4 == suit  # players x 2
        held = mine.sum(axis=1)
        hole_masks = np.where(mine, 1 << (cards // 4), 0).sum(axis=1)
        in_suit, others = free[free % 4 == suit], free[free % 4 != suit]
        for k in range(5 - int(held.max()), 6):
            if k > len(in_suit) or 5 - k > len(others):
                continue
            low = in_suit[combinations(len(in_suit), k)]
            high = others[combinations(len(others), 5 - k)]
            rank_sums = np.add.outer(
                RANK_KEY_ARRAY[low // 4].sum(axis=1), RANK_KEY_ARRAY[high // 4].sum(axis=1)
            ).ravel()
            boards -= np.bincount(_multiset_index()[rank_sums], minlength=len(boards))
            low_masks = (1 << (low // 4)).sum(axis=1)
            classes = np.empty((len(hole), len(rank_sums)), dtype=np.uint16)
            for p in range(len(hole)):
                if k + held[p] >= 5:
                    classes[p] = np.repeat(flushes[low_masks | hole_masks[p]], len(high))
                else:
                    classes[p] = table[hole_rank_keys[p] + rank_sums]
            share, tied = shares(classes)
            equity += share.sum(axis=1)
            win += (share == 1).sum(axis=1)
            tie += tied.sum(axis=1)
    classes = table[hole_rank_keys[:, None] + sums[None, live]]
    share, tied = shares(classes)
    weight = boards[live]
    equity += share @ weight
    win += (share == 1) @ weight
    tie += tied @ weight
    total = math.comb(len(free), 5)
    return equity / total, win / total, tie / total, total
