"""Subsets of positions as NumPy rows: what the exact enumerations of
:mod:`croupier.poker.matchups.equity` and :mod:`croupier.poker.calc` walk through.

Positions are ``0 .. size - 1`` (places in a list of cards still to deal); every subset
is a sorted row, and a large family comes in batches of about ``chunk`` rows so that
memory stays bounded and progress can be reported between batches.

>>> combinations(5, 2).tolist()[:4]
[[0, 1], [0, 2], [0, 3], [0, 4]]
>>> [len(batch) for batch in combination_chunks(52, 2, chunk=500)], math.comb(52, 2)
([528, 507, 291], 1326)
>>> group_products(4, [1, 2]).__next__().tolist()[:3]   # one position, then two others
[[0, 1, 2], [0, 1, 3], [0, 2, 3]]
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Final

import numpy as np
from numpy.typing import NDArray

__all__ = ["CHUNK", "combination_chunks", "combinations", "group_products"]

#: Rows per batch unless the caller says otherwise.
CHUNK: Final = 1 << 16


@cache
def combinations(size: int, count: int) -> NDArray[np.intp]:
    """All ``count``-subsets of ``range(size)`` as sorted rows, in lexicographic order
    (built column by column; read-only, kept for the next call)."""
    rows = np.zeros((1, 0), dtype=np.intp)
    for column in range(count):
        low = rows[:, -1] + 1 if column else np.zeros(1, dtype=np.intp)
        high = size - (count - column) + 1  # leave room for the columns still to come
        width = np.maximum(high - low, 0)
        parent = np.repeat(np.arange(len(rows)), width)
        offsets = np.arange(len(parent)) - np.repeat(np.cumsum(width) - width, width)
        rows = np.concatenate([rows[parent], (low[parent] + offsets)[:, None]], axis=1)
    rows.flags.writeable = False
    return rows


def combination_chunks(size: int, count: int, chunk: int = CHUNK) -> Iterator[NDArray[np.intp]]:
    """Every ``count``-subset of ``range(size)`` once, as sorted rows, in batches of
    about ``chunk`` rows."""
    pending: list[NDArray[np.intp]] = []
    rows = 0
    for piece in _pieces(size, count, chunk):
        pending.append(piece)
        rows += len(piece)
        if rows >= chunk:
            yield np.concatenate(pending) if len(pending) > 1 else pending[0]
            pending, rows = [], 0
    if pending:
        yield np.concatenate(pending) if len(pending) > 1 else pending[0]


def _pieces(size: int, count: int, chunk: int) -> Iterator[NDArray[np.intp]]:
    if math.comb(size, count) <= chunk or count == 0:
        yield combinations(size, count)
        return
    # Split on the largest element: the rest is a (count - 1)-subset of what lies below.
    for top in range(count - 1, size):
        for below in _pieces(top, count - 1, chunk):
            yield np.concatenate([below, np.full((len(below), 1), top, dtype=np.intp)], axis=1)


def group_products(
    size: int, group_sizes: Sequence[int], chunk: int = CHUNK
) -> Iterator[NDArray[np.intp]]:
    """Every way to pick disjoint sets of ``group_sizes`` positions out of ``size``, one
    row each (the first group's positions first, each group's sorted), in batches of
    about ``chunk`` rows."""
    first, rest = group_sizes[0], group_sizes[1:]
    for picked in combination_chunks(size, first, chunk):
        if not rest:
            yield picked
            continue
        inner_total = math.prod(
            math.comb(size - first - sum(rest[:i]), k) for i, k in enumerate(rest)
        )
        step = max(1, chunk // max(1, inner_total))
        for lo in range(0, len(picked), step):
            outer = picked[lo : lo + step]
            for inner in group_products(size - first, rest, chunk):
                # inner positions count the free positions left by ``outer``
                mapped = np.repeat(inner[None, :, :], len(outer), axis=0)
                taken = np.sort(outer, axis=1)
                for column in range(first):
                    mapped += mapped >= taken[:, column, None, None]
                yield np.concatenate(
                    [np.repeat(outer, len(inner), axis=0), mapped.reshape(-1, mapped.shape[2])],
                    axis=1,
                )
