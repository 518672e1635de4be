"""Monte Carlo equity in another game: random deals until the error is small enough.

Each deal gives every player one of its rows (by weight), drops the deal when two rows
share a card, deals the unknown hole cards and the rest of the board from the cards
left, and counts each player's outcome by the row it held. Where the variants' kernels
are compiled, deals come in blocks of :data:`BLOCK_TRIALS` from counter-based random
streams keyed by the seed and the block (as hold'em's,
:mod:`croupier.poker.calc.sampling`): a seed gives the same counts whatever the threads.
When every Omaha player holds one whole hand, each is ranked from a table of that hand
with every triple of board cards, built once (ten reads a deal instead of sixty hands);
otherwise every player from Omaha's board pair table (the board's row, one read a pair
of hole cards: six for four cards). Elsewhere NumPy deals batches from the NumPy
generator (:class:`NumpyDeals`).

>>> from croupier.poker.calc.question import EquityQuestion
>>> from croupier.poker.calc.variant_live import VariantLive
>>> live = VariantLive(EquityQuestion.parse(["AsAhKsKh", "random"], game="omaha"))
>>> result = list(run_variant_monte_carlo(live, 7, 20_000, 0.001, None))[-1]
>>> result.games, abs(result.players[0].equity - 0.707) < 0.02
(20000, True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Final, Protocol

import numpy as np
from numpy.typing import NDArray

from croupier.engine import compiled
from croupier.poker.calc.results import CalcResult, Progress
from croupier.poker.calc.variant_live import VariantLive, bits_of
from croupier.poker.calc.variant_results import RowSums, variant_result
from croupier.poker.errors import PokerError
from croupier.poker.tables import poker_kernels
from croupier.poker.variant_rows import rank_rows_numpy
from croupier.poker.variant_tables import TABLE_SET_OF, board_pair_kernels, variant_kernels

__all__ = ["BLOCK_TRIALS", "KernelDeals", "NumpyDeals", "run_variant_monte_carlo"]

#: Deals a block (part of what a seed means), and the fewest trials before stopping.
BLOCK_TRIALS: Final = 1 << 14
MIN_TRIALS: Final = 10_000
#: NumPy deals a batch.
NUMPY_BATCH: Final = 1 << 14
_OUTCOMES: Final = 11
_SHARE: Final = np.array([0.0] + [1 / k for k in range(1, _OUTCOMES)])
_TRIPLES: Final = 22100


class Deals(Protocol):
    """Deals dealt so far, as counts per row and outcome."""

    games: int
    wanted: int

    def deal(self, count: int, threads: int) -> None: ...
    def sums(self) -> RowSums: ...


def _sums_of_counts(live: VariantLive, counts: NDArray[np.int64], starts: list[int]) -> RowSums:
    """Row sums from counts per row (rows x outcomes: 0 lost, k on top with k - 1)."""
    rows, squares = [], np.zeros(live.players)
    games = 0
    for p in range(live.players):
        mine = counts[starts[p] : starts[p + 1]]
        rows.append(
            np.stack(
                [mine.sum(axis=1), mine @ _SHARE, mine[:, 1], mine[:, 2:].sum(axis=1)], axis=1
            ).astype(np.float64)
        )
        squares[p] = float(mine.sum(axis=0) @ _SHARE**2)
        games = int(mine.sum())
    cards: list[NDArray[np.int64] | None] = [
        None if missing else rows_of
        for rows_of, missing in zip(live.rows, live.missing, strict=True)
    ]
    return RowSums(rows, cards, squares, float(games), games)


class KernelDeals:
    """Deals by :func:`croupier.poker._kernels_variants.deal_variant_block`."""

    def __init__(self, live: VariantLive, seed: int) -> None:
        self.live = live
        self.seed = seed
        size = live.size
        self.rows = np.ascontiguousarray(np.concatenate(live.rows).ravel())
        self.row_bits = np.concatenate(
            [bits_of(r, size - m) for r, m in zip(live.rows, live.missing, strict=True)]
        )
        self.starts = [0, *np.cumsum([len(r) for r in live.rows]).tolist()]
        self.row_start = np.array(self.starts, dtype=np.int64)
        self.missing = np.array(live.missing, dtype=np.int64)
        self.cumulative = np.concatenate([np.cumsum(w) for w in live.weights]).astype(np.float64)
        self.weighted = np.array(
            [len(w) > 1 and not bool((w == w[0]).all()) for w in live.weights], dtype=np.uint8
        )
        self.board = np.zeros(5, dtype=np.int64)
        self.board[: len(live.board)] = live.board
        self.tables = TABLE_SET_OF[live.variant.game]
        # Omaha: a triple table for each hand when every player holds one whole hand,
        # else the board pair table for all (its row read once a deal)
        tabled = not live.two_card and all(
            len(rows) == 1 and not missing
            for rows, missing in zip(live.rows, live.missing, strict=True)
        )
        self.triple_tables = np.zeros(live.players * _TRIPLES if tabled else 1, dtype=np.uint16)
        self.triple_of = np.arange(live.players) if tabled else np.full(live.players, -1)
        self.triple_of = self.triple_of.astype(np.int64)
        for p in range(live.players if tabled else 0):
            out = self.triple_tables[p * _TRIPLES : (p + 1) * _TRIPLES]
            variant_kernels().triple_table(live.rows[p][0], size, out, self.tables)
        if not live.two_card and not tabled:
            board_pair_kernels()
        self.counts = np.zeros(self.starts[-1] * _OUTCOMES, dtype=np.int64)
        self.blocks = 0
        self.games = 0
        self.wanted = 0

    def _block(self, block: int, want: int, counts: NDArray[np.int64]) -> int:
        live = self.live
        done: int = variant_kernels().deal_variant_block(
            poker_kernels().block_key(self.seed, block),
            want,
            live.out,
            self.board,
            len(live.board),
            self.rows,
            live.size,
            self.row_bits,
            self.row_start,
            self.missing,
            self.cumulative,
            self.weighted,
            live.deck,
            not live.two_card,
            self.tables,
            self.triple_tables,
            self.triple_of,
            counts,
        )
        return done

    def deal(self, count: int, threads: int) -> None:
        """Deal ``count`` more deals (whole blocks but the last), shared among threads."""
        blocks = math.ceil(count / BLOCK_TRIALS)
        wants = [BLOCK_TRIALS] * (blocks - 1) + [count - BLOCK_TRIALS * (blocks - 1)]
        numbers = list(range(self.blocks, self.blocks + blocks))
        threads = max(1, min(threads, blocks))
        parts = [np.zeros_like(self.counts) for _ in range(threads)]

        def work(t: int) -> None:
            for number, want in zip(numbers[t::threads], wants[t::threads], strict=True):
                self._block(number, want, parts[t])

        if threads == 1:
            work(0)
        else:
            with ThreadPoolExecutor(threads) as pool:
                list(pool.map(work, range(threads)))
        for part in parts:
            self.counts += part
        self.blocks += blocks
        self.wanted += count
        self.games = int(self.counts.reshape(-1, _OUTCOMES)[: self.starts[1]].sum())

    def sums(self) -> RowSums:
        """The counts so far as row sums."""
        return _sums_of_counts(self.live, self.counts.reshape(-1, _OUTCOMES), self.starts)


class NumpyDeals:
    """Deals by NumPy from a NumPy generator (where the kernels are not compiled)."""

    def __init__(self, live: VariantLive, rng: np.random.Generator) -> None:
        self.live = live
        self.rng = rng
        self.row_bits = [
            bits_of(r, live.size - m) for r, m in zip(live.rows, live.missing, strict=True)
        ]
        self.starts = [0, *np.cumsum([len(r) for r in live.rows]).tolist()]
        self.counts = np.zeros((self.starts[-1], _OUTCOMES), dtype=np.int64)
        self.games = 0
        self.wanted = 0
        self.attempts = 0

    def _batch(self, size: int, room: int) -> None:
        live, rng = self.live, self.rng
        picks = []
        used = np.zeros(size, dtype=np.uint64)
        ok = np.ones(size, dtype=bool)
        for p in range(live.players):
            weights = live.weights[p]
            cumulative = np.cumsum(weights)
            pick = np.searchsorted(cumulative, rng.random(size) * cumulative[-1], side="right")
            pick = np.minimum(pick, len(weights) - 1)
            bits = self.row_bits[p][pick]
            ok &= (used & bits) == 0
            used |= bits
            picks.append(pick)
        deck = live.deck
        taken = ((used[:, None] >> deck.astype(np.uint64)[None, :]) & np.uint64(1)).astype(bool)
        keys = rng.random((size, len(deck)))
        keys[taken] = 2.0
        order = np.argsort(keys, axis=1)
        draws = deck[order[:, : sum(live.missing) + live.to_deal]]
        keep = np.flatnonzero(ok)[:room]
        self.attempts += size
        if not len(keep):
            return
        board = np.concatenate(
            [
                np.broadcast_to(live.board, (len(keep), len(live.board))),
                draws[keep, sum(live.missing) :],
            ],
            axis=1,
        )
        values = np.zeros((live.players, len(keep)), dtype=np.uint16)
        taken_so_far = 0
        for p in range(live.players):
            hole = live.rows[p][picks[p][keep]].copy()
            missing = live.missing[p]
            if missing:
                hole[:, live.size - missing :] = draws[keep, taken_so_far : taken_so_far + missing]
                taken_so_far += missing
            values[p] = rank_rows_numpy(live.variant, hole, board)
        best = values.min(axis=0)
        on_top = values == best
        top = on_top.sum(axis=0)
        for p in range(live.players):
            outcome = np.where(on_top[p], top, 0)
            np.add.at(self.counts, (self.starts[p] + picks[p][keep], outcome), 1)
        self.games += len(keep)

    def deal(self, count: int, threads: int) -> None:
        """Deal ``count`` more deals (those where two rows meet are dealt again)."""
        goal = self.games + count
        while self.games < goal:
            if self.attempts > 100 * goal + 10_000:
                break
            self._batch(min(NUMPY_BATCH, 2 * (goal - self.games) + 64), goal - self.games)
        self.wanted += count

    def sums(self) -> RowSums:
        """The counts so far as row sums."""
        return _sums_of_counts(self.live, self.counts, self.starts)


def run_variant_monte_carlo(
    live: VariantLive,
    seed: int,
    trials: int | None,
    precision: float,
    progress: Progress | None,
    threads: int = 1,
) -> Iterator[CalcResult]:
    """Deal ``trials`` deals, or until every standard error is at most ``precision``:
    results so far (partial) as work proceeds, the whole last."""
    deals: KernelDeals | NumpyDeals
    if compiled("poker-variants"):
        deals = KernelDeals(live, seed)
    else:
        deals = NumpyDeals(live, np.random.default_rng(seed))
    goal = trials if trials is not None else MIN_TRIALS
    shown = time.perf_counter()
    while True:
        step = min(goal - deals.games, 64 * BLOCK_TRIALS)
        if step > 0:
            deals.deal(step, threads)
            if deals.games < deals.wanted:
                raise PokerError("the ranges almost never fit together: no deal found")
        sums = deals.sums()
        if deals.games >= goal:
            if trials is not None:
                break
            worst = float(np.max(sums.stderr()))
            if worst <= precision and deals.games >= MIN_TRIALS:
                break
            goal = max(goal + BLOCK_TRIALS, int(deals.games * (worst / precision) ** 2 * 1.02))
        if time.perf_counter() - shown > 0.25:
            shown = time.perf_counter()
            if progress is not None:
                progress(deals.games, goal)
            yield variant_result(live, sums, exact=False, partial=True, stderr=True)
    if progress is not None:
        progress(deals.games, deals.games)
    yield variant_result(live, deals.sums(), exact=False, partial=False, stderr=True)
