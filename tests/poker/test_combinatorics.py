"""croupier.poker.combinatorics: every subset and every disjoint choice once, whatever
the batch size."""

from __future__ import annotations

import itertools
import math

import pytest

from croupier.poker.combinatorics import combination_chunks, combinations, group_products


@pytest.mark.parametrize(("size", "count"), [(10, 0), (10, 1), (12, 4), (20, 5), (9, 9)])
def test_combination_chunks_cover_every_subset_once(size: int, count: int) -> None:
    rows = [tuple(r) for chunk in combination_chunks(size, count, 50) for r in chunk.tolist()]
    assert sorted(rows) == list(itertools.combinations(range(size), count))


@pytest.mark.parametrize("chunk", [1, 7, 50, 10_000])
def test_batches_stay_near_the_chunk_size(chunk: int) -> None:
    sizes = [len(batch) for batch in combination_chunks(14, 4, chunk)]
    assert sum(sizes) == math.comb(14, 4)
    assert all(size >= chunk for size in sizes[:-1])  # only the last batch is short
    assert max(sizes) < 2 * chunk  # pieces of at most ``chunk`` rows, joined until full


def test_combinations_are_sorted_rows_kept_read_only() -> None:
    rows = combinations(7, 3)
    assert rows.tolist() == [list(r) for r in itertools.combinations(range(7), 3)]
    assert not rows.flags.writeable and combinations(7, 3) is rows


@pytest.mark.parametrize(("size", "groups"), [(8, [2, 3]), (9, [1, 1, 2]), (7, [3, 0, 2])])
def test_group_products_cover_every_disjoint_choice_once(size: int, groups: list[int]) -> None:
    rows = [tuple(r) for chunk in group_products(size, groups, 16) for r in chunk.tolist()]
    expected = []
    for first in itertools.combinations(range(size), groups[0]):
        rest = [p for p in range(size) if p not in first]
        for picks in _choices(rest, groups[1:]):
            expected.append(first + picks)
    assert sorted(rows) == sorted(expected)


def _choices(pool: list[int], groups: list[int]) -> list[tuple[int, ...]]:
    if not groups:
        return [()]
    out = []
    for chosen in itertools.combinations(pool, groups[0]):
        rest = [p for p in pool if p not in chosen]
        out += [chosen + more for more in _choices(rest, groups[1:])]
    return out
