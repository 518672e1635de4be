"""Exact equity in another game: every assignment of hands against every board.

Each player's rows are listed whole (a partly unknown hand as every completion of it),
the compatible assignments (one hand a player, no card shared) counted with the product
of their weights, and every completion of the board dealt from the deck left. On each
board every hand is ranked once (an Omaha hand as the best of its pairs, read from a
table of every pair of cards on that board when there are many hands), then every
assignment is scored. The boards are cut by their first card into pieces of similar
work, which threads share (counts are integers, so the answer does not depend on how).

>>> from croupier.poker.calc.question import EquityQuestion
>>> from croupier.poker.calc.variant_live import VariantLive
>>> live = VariantLive(EquityQuestion.parse(["AsAhKsKh", "QdQcJdTc"], "2c 7d 9h", game="omaha"))
>>> plan = plan_variant_exact(live, 10.0)
>>> plan.boards, len(plan.assign)
(820, 1)
>>> result = list(run_variant_exact(live, plan, None))[-1]
>>> result.games, [round(p.equity, 4) for p in result.players]
(820, [0.6415, 0.3585])
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.engine import compiled
from croupier.poker.calc.results import CalcResult, Progress
from croupier.poker.calc.variant_live import VariantLive, bits_of
from croupier.poker.calc.variant_results import RowSums, variant_result
from croupier.poker.variant_rows import rank_rows_numpy
from croupier.poker.variant_tables import TABLE_SET_OF, variant_kernels

__all__ = ["VariantPlan", "plan_variant_exact", "run_variant_exact"]

#: A pot in units every share of it divides (the kernels' SHARE_UNITS: lcm(1..10)).
SHARE_UNITS: Final = 2520
#: Rough costs in seconds, compiled and not (used only to choose exact or Monte Carlo):
#: a five-card class, a table read, an assignment's player scored, a board set up.
_COSTS: Final = {True: (4e-9, 1.5e-9, 2e-9, 1e-7), False: (6e-8, 2e-8, 3e-8, 2e-3)}
#: Hands listed at most for one player, and assignments at most.
MAX_ROWS: Final = 2_000_000
MAX_ASSIGNMENTS: Final = 20_000_000


@dataclass(frozen=True, slots=True)
class VariantPlan:
    """What to enumerate: every player's hands one after the other (``hands``, rows of
    card numbers in increasing order, player ``p``'s from ``starts[p]``), the compatible
    assignments (``assign``: a hand number a player) and their weights, the cards of
    all the hands (for the pair table, used when ``use_pairs``), the boards to deal and
    the time expected here, in seconds."""

    hands: NDArray[np.int64]
    hand_bits: NDArray[np.uint64]
    starts: NDArray[np.int64]
    assign: NDArray[np.int64]
    assign_bits: NDArray[np.uint64]
    weights: NDArray[np.float64]
    pair_cards: NDArray[np.int64]
    use_pairs: bool
    boards: int
    seconds: float


def _assignments(
    live: VariantLive, hands: list[NDArray[np.int64]], limit: int
) -> tuple[NDArray[np.int64], NDArray[np.uint64], NDArray[np.float64]] | None:
    """Every compatible assignment (hand numbers within each player's list), its card
    set and weight; None when there would be more than ``limit``."""
    bits = [bits_of(h) for h in hands]
    weights = [
        live.weights[p] if not live.missing[p] else np.ones(len(hands[p]))
        for p in range(live.players)
    ]
    assign = np.arange(len(hands[0]), dtype=np.int64)[:, None]
    masks, weight = bits[0], weights[0]
    for p in range(1, live.players):
        if len(assign) * len(hands[p]) > 4 * limit:
            return None
        rows, cols = np.nonzero((masks[:, None] & bits[p][None, :]) == 0)
        if len(rows) > limit:
            return None
        assign = np.concatenate([assign[rows], cols[:, None]], axis=1)
        masks = masks[rows] | bits[p][cols]
        weight = weight[rows] * weights[p][cols]
    return assign, masks, weight


def plan_variant_exact(live: VariantLive, limit_seconds: float) -> VariantPlan | None:
    """The enumeration to run and its estimated time, or None when over the limit."""
    fast = compiled("poker-variants")
    eval_cost, read_cost, assign_cost, board_cost = _COSTS[fast]
    boards = math.comb(len(live.deck), live.to_deal)
    hands: list[NDArray[np.int64]] = []
    for p in range(live.players):
        count = live.hand_counts[p]
        if count > MAX_ROWS or boards * count * read_cost > limit_seconds:
            return None
        hands.append(live.exact_rows(p))
    cap = int(min(MAX_ASSIGNMENTS, limit_seconds / (boards * live.players * assign_cost) + 1))
    found = _assignments(live, hands, cap)
    if found is None or not len(found[0]):
        return None
    assign, assign_bits, weights = found
    starts = np.cumsum([0] + [len(h) for h in hands]).astype(np.int64)
    everything = np.concatenate(hands)
    pair_cards = np.unique(everything)
    size = live.size
    if live.two_card:
        per_board = len(everything) * eval_cost * 2
        use_pairs = False
    else:
        pairs_a_hand = math.comb(size, 2)
        direct = len(everything) * pairs_a_hand * 10 * eval_cost
        by_table = math.comb(len(pair_cards), 2) * 10 * eval_cost
        by_table += len(everything) * pairs_a_hand * read_cost
        use_pairs = fast and by_table < direct
        per_board = min(direct, by_table) if fast else direct
    per_board += len(assign) * live.players * assign_cost + board_cost
    seconds = boards * per_board
    if seconds > limit_seconds:
        return None
    global_assign = np.ascontiguousarray(assign + starts[:-1][None, :])
    return VariantPlan(
        np.ascontiguousarray(everything),
        bits_of(everything),
        starts,
        global_assign,
        assign_bits,
        weights,
        pair_cards,
        use_pairs,
        boards,
        seconds,
    )


def _pieces(live: VariantLive, parts: int) -> list[tuple[int, int]]:
    """Ranges of first-card positions whose boards add up to similar work."""
    deck, deal = len(live.deck), live.to_deal
    if deal == 0:
        return [(0, 1)]
    per_first = [math.comb(deck - 1 - i, deal - 1) for i in range(deck - deal + 1)]
    total = sum(per_first)
    pieces: list[tuple[int, int]] = []
    start = done = 0
    for i, count in enumerate(per_first):
        done += count
        if done >= total * (len(pieces) + 1) / parts or i == len(per_first) - 1:
            pieces.append((start, i + 1))
            start = i + 1
    return pieces


class _Counts:
    """Per assignment: boards counted, and per player wins, ties and pot shares."""

    def __init__(self, assignments: int, players: int) -> None:
        self.valid = np.zeros(assignments, dtype=np.int64)
        self.wins = np.zeros(assignments * players, dtype=np.int64)
        self.ties = np.zeros(assignments * players, dtype=np.int64)
        self.shares = np.zeros(assignments * players, dtype=np.int64)

    def add(self, other: _Counts) -> None:
        for name in ("valid", "wins", "ties", "shares"):
            getattr(self, name)[:] += getattr(other, name)


def _kernel_piece(
    live: VariantLive, plan: VariantPlan, piece: tuple[int, int], out: _Counts
) -> int:
    board = np.zeros(5, dtype=np.int64)
    board[: len(live.board)] = live.board
    boards: int = variant_kernels().exact_boards(
        piece[0],
        piece[1],
        live.deck,
        live.to_deal,
        board,
        len(live.board),
        plan.hands.ravel(),
        live.size,
        plan.hand_bits,
        plan.assign.ravel(),
        live.players,
        plan.assign_bits,
        not live.two_card,
        TABLE_SET_OF[live.variant.game],
        plan.pair_cards,
        plan.use_pairs,
        out.wins,
        out.ties,
        out.shares,
        out.valid,
    )
    return boards


def _numpy_piece(live: VariantLive, plan: VariantPlan, piece: tuple[int, int], out: _Counts) -> int:
    """The NumPy path of :func:`_kernel_piece` (where nothing is compiled; the reference
    the kernel is tested against)."""
    deck, deal, players = live.deck, live.to_deal, live.players
    assign = plan.assign
    boards = 0
    firsts = range(piece[0], piece[1]) if deal else [None]
    for first in firsts:
        rest = (
            [()]
            if first is None
            else (
                (first, *more)
                for more in itertools.combinations(range(first + 1, len(deck)), deal - 1)
            )
        )
        for picks in rest:
            board = np.concatenate([live.board, deck[list(picks)]]).astype(np.int64)
            bits = int(bits_of(board[None, :])[0])
            boards += 1
            clear = (plan.hand_bits & np.uint64(bits)) == 0
            values = np.full(len(plan.hands), np.iinfo(np.uint16).max, dtype=np.uint16)
            rows = np.flatnonzero(clear)
            boards_rows = np.broadcast_to(board, (len(rows), 5))
            values[rows] = rank_rows_numpy(live.variant, plan.hands[rows], boards_rows)
            live_assign = np.flatnonzero((plan.assign_bits & np.uint64(bits)) == 0)
            scores = values[assign[live_assign]]  # assignments x players
            best = scores.min(axis=1, keepdims=True)
            on_top = scores == best
            top = on_top.sum(axis=1, keepdims=True)
            out.valid[live_assign] += 1
            places = (players * live_assign[:, None] + np.arange(players)).ravel()
            out.shares[places] += (on_top * (SHARE_UNITS // top)).ravel()
            out.wins[places] += (on_top & (top == 1)).ravel()
            out.ties[places] += (on_top & (top > 1)).ravel()
    return boards


def _sums(live: VariantLive, plan: VariantPlan, counts: _Counts) -> RowSums:
    players = live.players
    weight = plan.weights * counts.valid
    rows = []
    for p in range(players):
        local = plan.assign[:, p] - plan.starts[p]
        size = int(plan.starts[p + 1] - plan.starts[p])
        columns = [
            weight,
            plan.weights * counts.shares[p::players] / SHARE_UNITS,
            plan.weights * counts.wins[p::players],
            plan.weights * counts.ties[p::players],
        ]
        sums = [np.bincount(local, c, minlength=size) for c in columns]
        rows.append(np.stack(sums, axis=1).astype(np.float64))
    cards: list[NDArray[np.int64] | None] = [
        plan.hands[plan.starts[p] : plan.starts[p + 1]] for p in range(players)
    ]
    return RowSums(rows, cards, np.zeros(players), float(weight.sum()), int(counts.valid.sum()))


def run_variant_exact(
    live: VariantLive, plan: VariantPlan, progress: Progress | None, threads: int = 1
) -> Iterator[CalcResult]:
    """Enumerate ``plan``: results so far (partial) as work proceeds, the whole last."""
    piece_of = _kernel_piece if compiled("poker-variants") else _numpy_piece
    pieces = _pieces(live, max(1, min(200, int(plan.seconds / 0.05))))
    counts = _Counts(len(plan.assign), live.players)
    shown = time.perf_counter()
    step = max(1, threads)
    pool = ThreadPoolExecutor(threads) if threads > 1 else None
    try:
        for start in range(0, len(pieces), step):
            batch = pieces[start : start + step]
            parts = [_Counts(len(plan.assign), live.players) for _ in batch]
            if pool is None:
                for piece, part in zip(batch, parts, strict=True):
                    piece_of(live, plan, piece, part)
            else:
                list(
                    pool.map(lambda job: piece_of(live, plan, *job), zip(batch, parts, strict=True))
                )
            for part in parts:
                counts.add(part)
            done = start + len(batch)
            if progress is not None:
                progress(done, len(pieces))
            if done < len(pieces) and time.perf_counter() - shown > 0.25:
                shown = time.perf_counter()
                yield variant_result(
                    live, _sums(live, plan, counts), exact=False, partial=True, stderr=False
                )
    finally:
        if pool is not None:
            pool.shutdown()
    yield variant_result(live, _sums(live, plan, counts), exact=True, partial=False, stderr=False)
