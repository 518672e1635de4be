"""croupier.poker._kernels_variants against the NumPy paths (the reference): rows of
Omaha and short-deck hands, the triple tables, exact enumeration count for count, and
Monte Carlo deals (the same counts whatever the threads, compiled or not).

The kernels run compiled where the engine is, and as Python under CROUPIER_PURE=1 (CI
runs this file both ways), so the work stays small."""

from __future__ import annotations

import dataclasses
import itertools
import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.engine import compiled
from croupier.poker.calc.exact import (
    _Counts,
    _kernel_piece,
    _numpy_piece,
    _pieces,
    plan_rows_exact,
)
from croupier.poker.calc.live import LiveRows, bits_of
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.calc.sampling import BLOCK_TRIALS, RowKernelDeals
from croupier.poker.evaluation.batch import rank_rows_numpy
from croupier.poker.evaluation.tables import (
    CARD_KEYS,
    PAIR_RANKS,
    RANK_SHIFT,
    ROW_SHIFT,
    TABLE_SET_OF,
    board_pair_table,
    pair_places,
    poker_kernels,
    table_set,
    variant_kernels,
)
from croupier.poker.games import Game

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
    kernel = variant_kernels()
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
    kernel = variant_kernels()
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
    want = 2 * BLOCK_TRIALS + 31 if compiled("poker-variants") else 900
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
    want = 1_500 if compiled("poker-variants") else 150
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


@pytest.mark.skipif(
    not compiled("poker-variants"), reason="compares the compiled kernel with its source"
)
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
