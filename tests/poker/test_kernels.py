"""croupier.poker._kernels, the poker engine of every game, against the NumPy paths (the
reference) and the definitions: hold'em's hands one at a time and in rows, Monte Carlo
deals and small exact questions; Omaha and short-deck rows, the triple tables, exact
enumeration count for count, and Monte Carlo deals (the same counts whatever the threads,
compiled or not).

The kernels run compiled where the engine is, and as Python under CROUPIER_PURE=1 (CI
runs this file both ways), so the work stays small."""

from __future__ import annotations

import dataclasses
import itertools
import math
import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import DECK, Card, Rank, Suit
from croupier.engine import compiled
from croupier.poker import PokerError, rank_batch
from croupier.poker.calc.exact import (
    _Counts,
    _kernel_piece,
    _numpy_piece,
    _pieces,
    plan_rows_exact,
    rows_symmetry,
    symmetrised,
)
from croupier.poker.calc.live import LiveRows, bits_of
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.calc.sampling import BLOCK_TRIALS, RowKernelDeals
from croupier.poker.evaluation.batch import rank_batch_numpy, rank_rows_numpy
from croupier.poker.evaluation.hand import _class_of_any, card_kernels
from croupier.poker.evaluation.tables import (
    CARD_KEYS,
    PAIR_RANKS,
    RANK_SHIFT,
    ROW_SHIFT,
    TABLE_SET_OF,
    board_pair_table,
    kernel_tables,
    pair_places,
    poker_kernels,
    rank_table,
    table_set,
)
from croupier.poker.games import Game

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


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(((Game.OMAHA, 4), (Game.OMAHA5, 5))),
    st.integers(3, 5),
    st.permutations(range(52)),
)
def test_omaha_class_of_agrees_with_numpy(
    game_size: tuple[Game, int], board: int, numbers: list[int]
) -> None:
    game, size = game_size
    hole, shared = numbers[:size], numbers[size : size + board]
    kernel = card_kernels()
    expected = int(rank_rows_numpy(game, np.array([hole]), np.array([shared]))[0])
    assert (
        kernel.omaha_class_of(tuple(DECK[n] for n in hole), tuple(DECK[n] for n in shared), size)
        == expected
    )
    fresh = tuple(Card(Rank(n // 4 + 2), Suit(n % 4)) for n in hole)  # equal, not the deck's
    assert kernel.omaha_class_of(fresh, tuple(DECK[n] for n in shared), size) == expected


def test_omaha_class_of_leaves_anything_else_to_python() -> None:
    kernel = card_kernels()
    hole, board = DECK[:4], DECK[10:15]
    assert kernel.omaha_class_of(hole, board, 4) > 0
    assert kernel.omaha_class_of(hole, board, 5) == 0  # not the game's hole cards
    assert kernel.omaha_class_of(DECK[:3], board, 3) == 0
    assert kernel.omaha_class_of(hole, board[:2], 4) == 0
    assert kernel.omaha_class_of(hole, DECK[10:16], 4) == 0
    assert kernel.omaha_class_of(hole, (*board[:4], hole[0]), 4) == 0  # a card twice
    assert kernel.omaha_class_of((*hole[:3], "As"), board, 4) == 0
    assert kernel.omaha_class_of(untyped((*hole[:3], 51)), board, 4) == 0


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


# --- every game's kernels ---------------------------------------------------------------

GAMES = [(Game.OMAHA, 4), (Game.OMAHA5, 5), (Game.SHORTDECK, 2), (Game.SHORTDECK_STRAIGHTS, 2)]


def deal(game: Game, size: int, board: int, rows: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    low = 16 if size == 2 else 0
    return np.array([low + rng.permutation(52 - low)[: size + board] for _ in range(rows)])


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(GAMES), st.integers(3, 5), st.integers(0, 2**32))
def test_rows_agree_with_numpy(game_size: tuple[Game, int], board: int, seed: int) -> None:
    game, size = game_size
    cards = deal(game, size, board, 40, seed)
    hole, shared = cards[:, :size], cards[:, size:]
    kernel = poker_kernels()
    out = np.zeros(len(cards), dtype=np.uint16)
    if size == 2:
        whole = np.ascontiguousarray(cards)
        kernel.holdem_rows(whole.ravel(), whole.shape[1], len(whole), out, TABLE_SET_OF[game])
    else:
        kernel.omaha_rows(
            np.ascontiguousarray(hole).ravel(),
            size,
            np.ascontiguousarray(shared).ravel(),
            board,
            len(cards),
            out,
            0,
        )
    assert out.tolist() == rank_rows_numpy(game, hole, shared).tolist()


def test_triple_table_holds_every_board_triple() -> None:
    kernel = poker_kernels()
    hole = np.array([51, 46, 33, 4], dtype=np.int64)
    table = np.zeros(22100, dtype=np.uint16)
    kernel.triple_table(hole, 4, table, 0)
    rng = np.random.default_rng(3)
    free = np.array([c for c in range(52) if c not in hole])
    triples = np.sort(np.array([rng.choice(free, 3, replace=False) for _ in range(200)]), axis=1)
    numbers = [c * (c - 1) * (c - 2) // 6 + b * (b - 1) // 2 + a for a, b, c in triples.tolist()]
    expected = rank_rows_numpy("omaha", np.broadcast_to(hole, (len(triples), 4)), triples)
    assert table[numbers].tolist() == expected.tolist()
    assert int(table[4 * 3 * 2 // 6 + 1 * 0 // 2 + 0]) == 65535  # 2c 2d 3c meets the hand's 3c


@settings(max_examples=20, deadline=None)
@given(st.integers(4, 5), st.integers(0, 2**32))
def test_board_pair_table_ranks_hands_without_a_flush(size: int, seed: int) -> None:
    # hole cards of clubs, the board of the other suits: no flush can be made
    rng = np.random.default_rng(seed)
    others = np.array([c for c in range(52) if c % 4])
    board = np.array([rng.choice(others, 5, replace=False) for _ in range(300)])
    hole = np.array([4 * rng.permutation(13)[:size] for _ in range(300)])
    sums = CARD_KEYS[board].sum(axis=1) >> RANK_SHIFT
    offsets = table_set("omaha").offsets[0]
    rows = PAIR_RANKS * (offsets[sums >> ROW_SHIFT] + (sums & ((1 << ROW_SHIFT) - 1)))
    table, places = board_pair_table(), pair_places()
    ranks = hole >> 2
    best = np.full(len(hole), 65535)
    for i, j in itertools.combinations(range(size), 2):
        np.minimum(best, table[rows + places[13 * ranks[:, i] + ranks[:, j]]], out=best)
    assert best.tolist() == rank_rows_numpy("omaha", hole, board).tolist()


def test_board_pair_table_rows_are_full_where_a_board_is() -> None:
    table = board_pair_table().reshape(-1, PAIR_RANKS)
    filled = (table < 65535).any(axis=1)
    assert int(filled.sum()) == 6175  # the multisets of five ranks, at most four alike
    assert sorted(set(pair_places().tolist())) == list(range(PAIR_RANKS))


QUESTIONS = [
    (["AsAhKsKh", "QdQcJdTc"], "2c 7d 9h 3s", "omaha"),
    (["AsAh??", "QdQcJdTc"], "2c 7d 9h 3s 4s", "omaha"),
    (["AsAhKsKhQh", "Jd Jc Js ? ?"], "2c 7d 9h Th", "omaha5"),
    (["AK, 99+", "Ah?"], "6c 7d 9h", "shortdeck"),
    (["KK", "random", "AQs"], "6c 7d 9h Js", "shortdeck-straights"),
]


@pytest.mark.parametrize(("ranges", "board", "game"), QUESTIONS)
def test_exact_enumeration_agrees_with_numpy(ranges: list[str], board: str, game: str) -> None:
    live = LiveRows(EquityQuestion.parse(ranges, board, game=game))
    plan = plan_rows_exact(live, 600.0)
    assert plan is not None
    for use_pairs in {plan.use_pairs, not live.two_card}:
        plan_now = dataclasses.replace(plan, use_pairs=use_pairs)
        kernel, numpy = (
            _Counts(len(plan.assign), live.players),
            _Counts(len(plan.assign), live.players),
        )
        for piece in _pieces(live, 3):
            assert _kernel_piece(live, plan_now, piece, kernel) == _numpy_piece(
                live, plan_now, piece, numpy
            )
        for name in ("valid", "wins", "ties", "shares"):
            assert getattr(kernel, name).tolist() == getattr(numpy, name).tolist()
        assert int(kernel.valid.sum()) > 0


def kernel_counts(ranges: list[str], board: str, game: str, threads: int, want: int) -> np.ndarray:
    live = LiveRows(EquityQuestion.parse(ranges, board or None, game=game))
    deals = RowKernelDeals(live, seed=2024)
    deals.deal(want, threads)
    assert deals.games == want
    return deals.counts.copy()


@pytest.mark.parametrize(
    ("ranges", "board", "game"),
    [
        (["AsAhKsKh", "QdQcJdTc"], "", "omaha"),
        (["AsAh??", "random", "KdKcQdQc, JhJsTdTc"], "2c 7d 9h", "omaha"),
        (["AK, 99+", "Ah?", "random"], "6c 7d 8d", "shortdeck"),
    ],
)
def test_monte_carlo_counts_do_not_depend_on_threads(
    ranges: list[str], board: str, game: str
) -> None:
    want = 2 * BLOCK_TRIALS + 31 if compiled("poker") else 900
    one = kernel_counts(ranges, board, game, 1, want)
    assert np.array_equal(one, kernel_counts(ranges, board, game, 2, want))
    assert int(one.reshape(-1, 11).sum()) == want * len(ranges)


_MASK64 = (1 << 64) - 1


def _number(key: int, counter: int) -> int:
    """Number ``counter`` of the stream ``key``: splitmix64 of key + counter x golden."""
    z = (key + counter * 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _below(key: int, counter: int, n: int) -> tuple[int, int]:
    """How many numbers Lemire's method takes from ``counter`` on, and the one below n."""
    taken = 1
    m = (_number(key, counter) >> 32) * n
    if m & 0xFFFFFFFF < n:
        while m & 0xFFFFFFFF < ((1 << 32) - n) % n:
            m = (_number(key, counter + taken) >> 32) * n
            taken += 1
    return taken, m >> 32


def reference_counts(live: LiveRows, seed: int, want: int) -> np.ndarray:
    """What the kernel counts for the first ``want`` deals of block 0 of ``seed``, dealt
    here one number at a time and ranked by NumPy (rows picked uniformly)."""
    assert all(bool((w == w[0]).all()) for w in live.weights)
    key = poker_kernels().block_key(seed, 0)
    counter, used = 0, 0

    def draw() -> int:
        nonlocal counter, used
        taken = 0
        while True:
            step, place = _below(key, counter + taken + 1, len(live.deck))
            taken += step
            card = int(live.deck[place])
            if not used >> card & 1:
                counter += taken
                used |= 1 << card
                return card

    dealt: list[tuple[list[int], list[list[int]], list[int]]] = []
    while len(dealt) < want:
        used, picks = live.out, []
        for rows, missing in zip(live.rows, live.missing, strict=True):
            pick = 0
            if len(rows) > 1:
                step, pick = _below(key, counter + 1, len(rows))
                counter += step
            bits = int(bits_of(rows[pick : pick + 1], live.size - missing)[0])
            if used & bits:
                break
            used |= bits
            picks.append(pick)
        else:
            holes = []
            for rows, missing, pick in zip(live.rows, live.missing, picks, strict=True):
                known = rows[pick][: live.size - missing].tolist()
                holes.append(known + [draw() for _ in range(missing)])
            board = live.board.tolist() + [draw() for _ in range(live.to_deal)]
            dealt.append((picks, holes, board))
    boards = np.array([board for _, _, board in dealt])
    classes = np.array(
        [
            rank_rows_numpy(live.variant, np.array([holes[p] for _, holes, _ in dealt]), boards)
            for p in range(live.players)
        ]
    )
    best = classes.min(axis=0)
    top = (classes == best).sum(axis=0)
    starts = np.cumsum([0] + [len(rows) for rows in live.rows])
    counts = np.zeros((starts[-1], 11), dtype=np.int64)
    for d, (picks, _, _) in enumerate(dealt):
        for p, pick in enumerate(picks):
            counts[starts[p] + pick, top[d] if classes[p, d] == best[d] else 0] += 1
    return counts.ravel()


@pytest.mark.parametrize(
    ("ranges", "board", "game"),
    [
        (["AsAh??", "random", "KdKcQdQc, JhJsTdTc"], "2c 7d 9h", "omaha"),
        (["random", "random"], None, "omaha"),
        (["AsAhKsKh", "random"], None, "omaha"),
        (["AsAhKsKh", "QdQcJdTc"], None, "omaha"),
        (["AsAh???", "Kd Kc Qd ? ?"], None, "omaha5"),
        (["AK, 99+", "Ah?", "random"], "6c 7d 8d", "shortdeck"),
    ],
)
def test_monte_carlo_deals_and_counts_as_the_reference(
    ranges: list[str], board: str | None, game: str
) -> None:
    # the stream dealt card by card and NumPy's ranking: the kernel deals the same cards
    # (a seed's answer kept) and ranks them right (board pair table, triple tables)
    want = 1_500 if compiled("poker") else 150
    live = LiveRows(EquityQuestion.parse(ranges, board, game=game))
    deals = RowKernelDeals(live, seed=99)
    deals.deal(want, 1)
    assert deals.counts.tolist() == reference_counts(live, 99, want).tolist()


COUNTS = """
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.calc.live import LiveRows
from croupier.poker.calc.sampling import RowKernelDeals
for ranges, board, game in [
    (["AsAh??", "random"], "2c 7d 9h", "omaha"),
    (["AsAh???", "Kd Kc Qd ? ?"], None, "omaha5"),
    (["AK, 99+", "Ah?"], "6c 7d 9h", "shortdeck"),
]:
    deals = RowKernelDeals(LiveRows(EquityQuestion.parse(ranges, board, game=game)), 11)
    deals.deal(400, 1)
    print(deals.counts.tolist())
"""


@pytest.mark.skipif(not compiled("poker"), reason="compares the compiled kernel with its source")
def test_compiled_and_uncompiled_kernels_deal_the_same() -> None:
    outputs = [
        subprocess.run(
            [sys.executable, "-c", COUNTS],
            env={**os.environ, "CROUPIER_PURE": pure},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for pure in ("0", "1")
    ]
    assert outputs[0] == outputs[1] and outputs[0].count(",") > 50


SYMMETRIC = [
    # (ranges, board, dead, game, the order of the group fixing the question)
    (["AsAhKsKh", "QdQcJdTc"], "2c 7c 9c", "", "omaha", 2),
    (["AK, 99+", "QQ"], "6c 7c 8c", "", "shortdeck", 6),
    (["AA", "KK", "QJs"], "6c 7c 8c 9c", "", "shortdeck", 6),
    (["AsAhKsKhQh", "JdJcTdTc9s"], "2c 7d 9h 3s", "Th", "omaha5", 1),
    (["AsAh??", "KdKcQdQc, KhKsQhQs"], "2c 3c 4c Tc", "5h 5s", "omaha", 2),
    (["AsAhKsKh", "QdQcJdJc"], "2c 7c 9c", "3d 3h 3s 4d 4h 4s 5d 5h 5s", "omaha", 2),
]


@pytest.mark.parametrize(("ranges", "board", "dead", "game", "order"), SYMMETRIC)
def test_exact_enumeration_by_suit_symmetry_counts_every_board(
    ranges: list[str], board: str, dead: str, game: str, order: int
) -> None:
    # one board of each orbit, counted for its orbit, then each assignment's counts
    # averaged over its images: the counts of every board dealt, kernel and NumPy
    live = LiveRows(EquityQuestion.parse(ranges, board, dead or None, game=game))
    plan = plan_rows_exact(live, 600.0)
    assert plan is not None
    group, images = rows_symmetry(live, plan)
    assert len(group) == order
    for piece_of in (_kernel_piece, _numpy_piece):
        every, folded = (_Counts(len(plan.assign), live.players) for _ in range(2))
        dealt = [piece_of(live, plan, piece, every) for piece in _pieces(live, 3)]
        seen = [piece_of(live, plan, piece, folded, group) for piece in _pieces(live, 3)]
        assert sum(seen) == sum(dealt) == math.comb(len(live.deck), live.to_deal)
        folded = symmetrised(folded, images, live.players)
        for name in ("valid", "wins", "ties", "shares"):
            assert getattr(folded, name).tolist() == getattr(every, name).tolist()
