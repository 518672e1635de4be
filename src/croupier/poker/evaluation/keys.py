"""Rank keys: one integer per rank whose sums tell every multiset of up to 7 ranks apart.

A hand of up to seven cards, suits aside, is a multiset of ranks (each rank at most
four times). Give each rank an integer key; if the sums of keys over all such multisets
are distinct, the sum is a perfect hash of the ranks and one table read turns it into
the hand's class. :data:`RANK_KEYS` are the smallest such keys found by a greedy search
(:func:`derive_rank_keys`), with the deuce keyed 0: a hand's size is always known, so
sums need only differ between hands of the same size.

>>> RANK_KEYS[:6]
(0, 1, 5, 24, 112, 521)
>>> derive_rank_keys(6) == RANK_KEYS[:6]
True

The whole search takes about a minute; ``benchmarks/poker_validate.py`` reruns it, and
the test suite checks that the keys keep every multiset apart.
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numpy.typing import NDArray

__all__ = ["MAX_CARDS", "MAX_COPIES", "RANK_KEYS", "derive_rank_keys", "multiset_sums"]

#: The largest hand the keys tell apart, and how often a rank can appear in it.
MAX_CARDS: Final = 7
MAX_COPIES: Final = 4

#: Key of each rank, deuce first (index ``rank - 2``). Derived by :func:`derive_rank_keys`.
RANK_KEYS: Final[tuple[int, ...]] = (
    0,
    1,
    5,
    24,
    112,
    521,
    2247,
    9244,
    30823,
    103066,
    250154,
    667453,
    1526359,
)


def multiset_sums(keys: tuple[int, ...]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Key sums and sizes of every multiset of up to 7 ranks (each at most 4 times).

    >>> sums, sizes = multiset_sums((1, 5))
    >>> len(sums), int(sums.max()), int(sizes.max())
    (24, 23, 7)
    """
    sums = np.zeros(1, dtype=np.int64)
    sizes = np.zeros(1, dtype=np.int64)
    for key in keys:
        grown_sums, grown_sizes = [sums], [sizes]
        for copies in range(1, MAX_COPIES + 1):
            fits = sizes + copies <= MAX_CARDS
            grown_sums.append(sums[fits] + copies * key)
            grown_sizes.append(sizes[fits] + copies)
        sums, sizes = np.concatenate(grown_sums), np.concatenate(grown_sizes)
    return sums, sizes


def _first_free_key(sums: NDArray[np.int64], sizes: NDArray[np.int64], start: int) -> int:
    """The smallest key >= ``start`` that keeps all multiset sums distinct.

    Giving a new rank ``k`` copies shifts a multiset's sum by ``k * key``. Two multisets
    collide exactly when ``a = b + d * key`` for a multiset ``a`` of at most 7 cards, a
    multiset ``b`` of at most ``7 - d`` cards and ``d`` from 1 to 4; so ``key`` is free
    when no ``b + d * key`` lands on a known sum. Candidates are tried in blocks, first
    against a sample of ``b`` (which rules out almost all of them), then against all.
    """
    taken = np.zeros(int(sums.max()) + 1, dtype=bool)
    taken[sums] = True
    shifts = [(d, sums[sizes <= MAX_CARDS - d]) for d in range(1, MAX_COPIES + 1)]
    block = 4096
    while True:
        candidates = np.arange(start, start + block, dtype=np.int64)
        for d, others in shifts:
            for probe in (others[:: max(1, len(others) // 48)], others):
                landing = candidates[:, None] * d + probe[None, :]
                inside = landing < len(taken)
                hits = np.zeros(landing.shape, dtype=bool)
                hits[inside] = taken[landing[inside]]
                candidates = candidates[~hits.any(axis=1)]
                if not len(candidates):
                    break
            if not len(candidates):
                break
        if len(candidates):
            return int(candidates[0])
        start += block


def derive_rank_keys(count: int = 13) -> tuple[int, ...]:
    """Greedily derive the first ``count`` rank keys (deuce 0, then the smallest that fit).

    Each key is the smallest integer above the previous one for which the sums over
    all multisets of at most 7 of the non-deuce ranks so far (each at most 4 times)
    stay distinct.
    """
    keys = [0]
    sums, sizes = multiset_sums(())
    while len(keys) < count:
        key = _first_free_key(sums, sizes, keys[-1] + 1)
        keys.append(key)
        sums, sizes = multiset_sums(tuple(keys[1:]))
    return tuple(keys[:count])
