"""croupier.poker._kernels against the NumPy and Python paths they replace: random hands
of every size and dtype, unchecked and checked input, Card objects in and out of the deck.

The kernels run compiled where the engine is, and as Python under CROUPIER_PURE=1 (CI
runs this file both ways)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import DECK, Card, Rank, Suit
from croupier.poker import PokerError, rank_batch
from croupier.poker.evaluation.batch import rank_batch_numpy
from croupier.poker.evaluation.hand import _class_of_any, card_kernels
from croupier.poker.evaluation.tables import kernel_tables, poker_kernels, rank_table

from ..untyped import untyped

DTYPES = ["i1", "u1", "i2", "u2", "i4", "u4", "i8", "u8"]

hands = st.integers(5, 7).flatmap(
    lambda size: st.lists(
        st.lists(st.integers(0, 51), min_size=size, max_size=size, unique=True),
        min_size=1,
        max_size=40,
    )
)


@settings(max_examples=60, deadline=None)
@given(hands, st.sampled_from(DTYPES))
def test_rank_rows_agrees_with_numpy(rows: list[list[int]], dtype: str) -> None:
    array = np.array(rows, dtype=dtype)
    kernel = poker_kernels()
    out = np.zeros(len(array), dtype=np.uint16)
    kernel.rank_rows(array, out, 0, len(array))
    assert out.tolist() == rank_batch_numpy(array).tolist()
    assert kernel.check_rows(array, 0, len(array)) == -1


@pytest.mark.parametrize("size", [5, 6, 7])
def test_rank_rows_on_many_random_hands(size: int) -> None:
    rng = np.random.default_rng(size)
    count = 3000
    array = np.ascontiguousarray(np.argsort(rng.random((count, 52)), axis=1)[:, :size])
    out = np.zeros(count, dtype=np.uint16)
    poker_kernels().rank_rows(array, out, 0, count)
    assert np.array_equal(out, rank_batch_numpy(array))


def test_rank_rows_fills_only_its_span() -> None:
    array = np.array([[51, 47, 43, 39, 35]] * 4)
    out = np.zeros(4, dtype=np.uint16)
    poker_kernels().rank_rows(array, out, 1, 3)
    assert out.tolist() == [0, 1, 1, 0]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(-3, 60), min_size=7, max_size=7), min_size=1, max_size=20))
def test_check_rows_finds_the_first_bad_row(rows: list[list[int]]) -> None:
    array = np.array(rows, dtype=np.int64)
    bad = [i for i, row in enumerate(rows) if len(set(row)) < 7 or min(row) < 0 or max(row) > 51]
    assert poker_kernels().check_rows(array, 0, len(array)) == (bad[0] if bad else -1)
    out = np.zeros(len(array), dtype=np.uint16)
    assert poker_kernels().rank_rows(array, out, 0, len(array), True) == (bad[0] if bad else -1)
    # unchecked, any card number still reads inside the tables
    assert poker_kernels().rank_rows(array, out, 0, len(array)) == -1
    if bad:
        with pytest.raises(PokerError, match=f"^hand {bad[0]}[: ]"):
            rank_batch(array)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True))
def test_class_of_agrees_with_the_independent_evaluator(numbers: list[int]) -> None:
    kernel = card_kernels()
    deck_cards = tuple(DECK[n] for n in numbers)
    # new Card objects, equal to the deck's but not the same: read by their index
    fresh = tuple(Card(Rank(n // 4 + 2), Suit(n % 4)) for n in numbers)
    expected = _class_of_any(deck_cards)
    assert kernel.class_of(deck_cards) == expected
    assert kernel.class_of(fresh) == expected
    assert expected == int(rank_batch_numpy(np.array([numbers]))[0])


def test_class_of_leaves_anything_else_to_python() -> None:
    kernel = card_kernels()
    five = DECK[:5]
    assert kernel.class_of(five[:4]) == 0
    assert kernel.class_of(DECK[:8]) == 0
    assert kernel.class_of((*five[:4], five[0])) == 0  # a card twice
    assert kernel.class_of((*five[:4], "As")) == 0
    assert kernel.class_of(untyped((*five[:4], 51))) == 0


def test_compressed_tables_give_every_rank_sum_its_class() -> None:
    _keys, _flush, offsets, values, shift = kernel_tables()
    for size, (row_offsets, row_values) in enumerate(zip(offsets, values, strict=True), 5):
        table = rank_table(size)
        sums = np.flatnonzero(table)
        places = row_offsets[sums >> shift] + (sums & ((1 << shift) - 1))
        assert np.array_equal(row_values[places], table[sums])
        assert len(row_values) < len(table) / 40  # what the compression is for


def test_row_displacement_places_rows_without_collisions() -> None:
    # three rows of width 4: entries at columns (0, 1), (1, 2), (0, 3)
    starts = np.array([0, 2, 4, 6], dtype=np.int64)
    columns = np.array([0, 1, 1, 2, 0, 3], dtype=np.int64)
    order = np.array([0, 1, 2], dtype=np.int64)
    offsets = np.zeros(3, dtype=np.int32)
    taken = np.zeros(16, dtype=np.uint8)
    poker_kernels().displace_rows(starts, columns, order, offsets, taken)
    places = [
        int(offsets[r]) + int(c) for r in range(3) for c in columns[starts[r] : starts[r + 1]]
    ]
    assert len(set(places)) == len(places) == int(taken.sum())
    assert offsets.tolist() == [0, 1, 4]  # each row at the first offset that fits


@pytest.mark.parametrize("threads", [1, 2, 3, None])
def test_rank_batch_threads_give_the_same_classes(threads: int | None) -> None:
    rng = np.random.default_rng(5)
    array = np.argsort(rng.random((140_000, 52)), axis=1)[:, :7].astype(np.int8)
    assert np.array_equal(rank_batch(array, threads=threads), rank_batch_numpy(array))


def test_rank_batch_threads_are_checked() -> None:
    with pytest.raises(PokerError, match="bad number of threads 0"):
        rank_batch([[0, 1, 2, 3, 4]], threads=0)
    with pytest.raises(TypeError, match="threads must be an int or None, not str"):
        rank_batch([[0, 1, 2, 3, 4]], threads=untyped("2"))
