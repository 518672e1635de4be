"""Exact preflop: one assignment of hole cards against every 5-card board, counted by
rank multiset.

An assignment's 1.4-1.7 million boards fall into 6,175 rank multisets: on a board that
gives nobody a flush each hand is ranked from its ranks alone, so the boards of a
multiset are counted (not dealt) and ranked once. Only the boards that may give somebody
a flush are listed, suit by suit, and ranked from that suit's ranks.
"""

from __future__ import annotations

import functools
import itertools
import math
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.engine import compiled
from croupier.poker.calc.arrays import RANK_KEY_ARRAY
from croupier.poker.calc.live import LiveQuestion
from croupier.poker.calc.symmetry import stabiliser, suit_orbits
from croupier.poker.combinatorics import combinations
from croupier.poker.evaluation.tables import (
    flush_table,
    poker_kernels,
    rank_multisets,
    rank_table,
)
from croupier.poker.ranges.starting_hands import COMBO_CARDS

__all__ = ["SHARE_UNITS", "preflop_outcome"]


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


#: A pot in units every share of it divides (the kernels' SHARE_UNITS: lcm(1..10)).
SHARE_UNITS: Final = 2520
#: A pot's share in SHARE_UNITS when k players share it (at k).
_UNITS_OF: Final = np.array([0] + [SHARE_UNITS // k for k in range(1, 11)], dtype=np.float64)
_CHOOSE: Final = np.array([[math.comb(n, k) for k in range(6)] for n in range(5)], dtype=np.int64)


@functools.cache
def _small_multisets(size: int) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Every multiset of ``size`` ranks (0 to 2): its rank counts (rows x 13) and rank
    key sums."""
    rows = list(itertools.combinations_with_replacement(range(13), size))
    counts = np.zeros((len(rows), 13), dtype=np.int64)
    for i, row in enumerate(rows):
        for rank in row:
            counts[i, rank] += 1
    return counts, counts @ RANK_KEY_ARRAY


@functools.lru_cache(maxsize=1024)
def _boards(available: tuple[int, ...]) -> NDArray[np.int64]:
    """The boards of each 5-rank multiset (:func:`_multisets`) dealt from a deck of
    ``available`` cards of each rank (kept: few decks recur)."""
    counts, _ = _multisets()
    boards: NDArray[np.int64] = np.prod(_CHOOSE[np.array(available)[None, :], counts], axis=1)
    return boards


def _off_suit(free: NDArray[np.int64], suit: int, size: int) -> tuple[NDArray[np.int64], ...]:
    """The ``size`` free cards of suits other than ``suit`` a board may hold, by rank
    multiset: each multiset's rank key sum and the number of card sets that have it."""
    available = np.bincount(free[free % 4 != suit] // 4, minlength=13)
    return _by_multiset(tuple(available.tolist()), size)


@functools.lru_cache(maxsize=1024)
def _by_multiset(available: tuple[int, ...], size: int) -> tuple[NDArray[np.int64], ...]:
    """:func:`_off_suit` from the cards left of each rank (kept: few decks recur)."""
    counts, sums = _small_multisets(size)
    ways = np.prod(_CHOOSE[np.array(available)[None, :], counts], axis=1)
    kept = np.flatnonzero(ways)
    return sums[kept], ways[kept]


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
    _, sums = _multisets()
    boards = _boards(tuple(available.tolist())).copy()
    hole_rank_keys = RANK_KEY_ARRAY[cards // 4].sum(axis=1)
    group = _group(tuple(question.fixed.tolist()), tuple(map(tuple, cards.tolist())))
    total = math.comb(len(free), 5)
    if compiled("poker"):  # the same counts, every board in one kernel call
        units, win, tie = _kernel_pots(cards, free, available, boards, hole_rank_keys, group)
        return units / (SHARE_UNITS * total), win / total, tie / total, total
    # each player's class on a board of each multiset without a flush (one read each
    # of the big table; the boards of a flush read these by their multiset's number);
    # a multiset that holds a rank five times with the hand is never dealt (clipped)
    table = rank_table(7)
    keys = np.minimum(hole_rank_keys[:, None] + sums[None, :], len(table) - 1)
    by_multiset = np.ascontiguousarray(table[keys])
    index = _multiset_index()
    # Boards that may give somebody a flush: k cards of one suit (the ``low`` rows)
    # beside 5 - k of the others, by rank multiset (how many card sets have each). On
    # such a board a player holding h cards of the suit has a flush exactly when
    # k + h >= 5 (the other suits have at most 2 + 2 cards), ranked by the suit's ranks
    # alone; otherwise its hand is ranked by its ranks. Suits that the permutations
    # fixing the known cards map to each other (:mod:`.symmetry`) give the same counts:
    # one of each class is dealt, counted for the class.
    flushes = flush_table()
    blocks: list[tuple[NDArray[np.uint16], NDArray[np.int64], NDArray[np.int64]]] = []
    for suit, alike in suit_orbits(group):
        mine = cards % 4 == suit  # players x 2
        held = mine.sum(axis=1)
        hole_masks = np.where(mine, 1 << (cards // 4), 0).sum(axis=1)
        in_suit = free[free % 4 == suit]
        for k in range(5 - int(held.max()), min(5, len(in_suit)) + 1):
            high_sums, high_ways = _off_suit(free, suit, 5 - k)
            if not len(high_ways):
                continue
            low = in_suit[combinations(len(in_suit), k)] // 4
            low_masks = (1 << low).sum(axis=1)
            rank_sums = np.add.outer(RANK_KEY_ARRAY[low].sum(axis=1), high_sums).ravel()
            multisets = index[rank_sums]
            classes = by_multiset[:, multisets]
            for p in np.flatnonzero(k + held >= 5):
                classes[p] = np.repeat(flushes[low_masks | hole_masks[p]], len(high_ways))
            blocks.append((classes, multisets, np.tile(high_ways * alike, len(low))))
    # every board without a flush by rank multiset: the boards of each multiset less
    # those that may make one
    if blocks:
        multisets, ways = (np.concatenate([block[i] for block in blocks]) for i in (1, 2))
        boards -= np.bincount(multisets, ways, len(boards)).astype(np.int64)
    live = np.flatnonzero(boards)
    blocks.append((by_multiset[:, live], live, boards[live]))
    classes = np.ascontiguousarray(np.concatenate([block[0] for block in blocks], axis=1))
    units, win, tie = _pots(classes, np.concatenate([block[2] for block in blocks]))
    return units / (SHARE_UNITS * total), win / total, tie / total, total


def _kernel_pots(
    cards: NDArray[np.int64],
    free: NDArray[np.int64],
    available: NDArray[np.int64],
    boards: NDArray[np.int64],
    hole_rank_keys: NDArray[np.int64],
    group: list[tuple[int, ...]],
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """:func:`preflop_outcome`'s pot shares, wins and ties by the compiled kernel
    (:func:`croupier.poker._kernels.exact_preflop`): the same boards, the same whole
    numbers. ``boards`` (each multiset's boards) is written."""
    players = len(cards)
    _, sums = _multisets()
    free_bits = np.bincount(free, minlength=52).reshape(13, 4).astype(bool)
    hole_bits = np.zeros((players, 13, 4), dtype=bool)
    hole_bits[np.arange(players)[:, None], cards // 4, cards % 4] = True
    weights = 1 << np.arange(13, dtype=np.int64)
    suits = []
    for suit, alike in suit_orbits(group):
        suits += [alike, int(weights @ free_bits[:, suit])]
        suits += (hole_bits[:, :, suit] @ weights).tolist()
    out = np.zeros(3 * players, dtype=np.int64)
    poker_kernels().exact_preflop(
        hole_rank_keys,
        sums,
        boards,
        _multiset_index(),
        np.array(suits, dtype=np.int64),
        available.astype(np.int64),
        np.empty((players, len(sums) + 1), dtype=np.uint16),
        out,
    )
    units, win, tie = out.reshape(3, players)
    return units, win, tie


@functools.lru_cache(maxsize=4096)
def _group(fixed: tuple[int, ...], hands: tuple[tuple[int, ...], ...]) -> list[tuple[int, ...]]:
    """The suit permutations fixing the ``fixed`` cards and each hand (kept)."""
    return stabiliser([fixed, *hands])


def _pots(
    classes: NDArray[np.uint16], ways: NDArray[np.int64]
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """Each player's (rows) pot shares in :data:`SHARE_UNITS`, wins and ties over the
    pots (columns, from the players' hand classes: the lowest wins), each pot counted
    ``ways`` times: integers, so they do not depend on the order of the sums."""
    best = classes.min(axis=0)
    on_top = classes == best
    sharing = np.count_nonzero(on_top, axis=0)
    # integers below 2**53 in floats (exact in any order), for the fast matrix product
    weight = ways.astype(np.float64)
    alone = np.where(sharing == 1, weight, 0.0)
    columns = np.stack([weight * _UNITS_OF[sharing], alone, weight - alone])
    units, win, tie = (columns @ on_top.T.astype(np.float64)).astype(np.int64)
    return units, win, tie
