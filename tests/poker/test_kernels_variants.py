"""croupier.poker._kernels_variants against the NumPy paths (the reference): rows of
Omaha and short-deck hands, the triple tables, exact enumeration count for count, and
Monte Carlo deals (the same counts whatever the threads, compiled or not).

The kernels run compiled where the engine is, and as Python under CROUPIER_PURE=1 (CI
runs this file both ways), so the work stays small."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.engine import compiled
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.calc.variant_exact import (
    _Counts,
    _kernel_piece,
    _numpy_piece,
    _pieces,
    plan_variant_exact,
)
from croupier.poker.calc.variant_live import VariantLive
from croupier.poker.calc.variant_sampling import BLOCK_TRIALS, KernelDeals
from croupier.poker.variant_rows import rank_rows_numpy
from croupier.poker.variant_tables import TABLE_SET_OF, variant_kernels
from croupier.poker.variants import Game

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


QUESTIONS = [
    (["AsAhKsKh", "QdQcJdTc"], "2c 7d 9h 3s", "omaha"),
    (["AsAh??", "QdQcJdTc"], "2c 7d 9h 3s 4s", "omaha"),
    (["AsAhKsKhQh", "Jd Jc Js ? ?"], "2c 7d 9h Th", "omaha5"),
    (["AK, 99+", "Ah?"], "6c 7d 9h", "shortdeck"),
    (["KK", "random", "AQs"], "6c 7d 9h Js", "shortdeck-straights"),
]


@pytest.mark.parametrize(("ranges", "board", "game"), QUESTIONS)
def test_exact_enumeration_agrees_with_numpy(ranges: list[str], board: str, game: str) -> None:
    live = VariantLive(EquityQuestion.parse(ranges, board, game=game))
    plan = plan_variant_exact(live, 600.0)
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
    live = VariantLive(EquityQuestion.parse(ranges, board or None, game=game))
    deals = KernelDeals(live, seed=2024)
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


COUNTS = """
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.calc.variant_live import VariantLive
from croupier.poker.calc.variant_sampling import KernelDeals
for ranges, board, game in [
    (["AsAh??", "random"], "2c 7d 9h", "omaha"),
    (["AsAh???", "Kd Kc Qd ? ?"], None, "omaha5"),
    (["AK, 99+", "Ah?"], "6c 7d 9h", "shortdeck"),
]:
    deals = KernelDeals(VariantLive(EquityQuestion.parse(ranges, board, game=game)), 11)
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
