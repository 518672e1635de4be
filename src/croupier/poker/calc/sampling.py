"""Monte Carlo in every game, in blocks of deals, each block from its own random stream.

:func:`~croupier.poker.calc.run.calculate` deals its Monte Carlo trials in blocks of
:data:`BLOCK_TRIALS` deals, block ``b`` drawn from a stream keyed by the seed and ``b``,
and tallied as integer counts per combo and outcome. Counts add up the same in any
order, so a seed gives the same answer whether the blocks run in one thread or several,
in other processes, or on another machine. Where the engine is compiled the blocks are
dealt by :func:`croupier.poker._kernels.deal_block`; elsewhere by its NumPy twin
:func:`croupier.poker.calc.montecarlo.deal_block`, which deals exactly the same deals:
the same seed gives the same answer with or without a C compiler. Each deal draws a combo
per player (by weight), drops the deal when two hands meet, then completes the board
from the cards left: every compatible deal is as likely as its weight says.

The other games (:class:`~croupier.poker.calc.live.LiveRows`, :func:`run_rows_monte_carlo`)
deal in the same way: each deal gives every player one of its rows (by weight), drops
the deal when two rows share a card, deals the unknown hole cards and the rest of the
board from the cards left, and counts each player's outcome by the row it held. Where
the kernels are compiled, deals come in blocks of :data:`BLOCK_TRIALS` from the same
counter-based streams, keyed by the seed and the block: a seed gives the same counts
whatever the threads. When every Omaha player holds one whole hand, each is ranked from
a table of that hand with every triple of board cards, built once (ten reads a deal
instead of sixty hands); otherwise every player from Omaha's board pair table (the
board's row, one read a pair of hole cards: six for four cards). Elsewhere NumPy deals
batches from the NumPy generator (:class:`RowNumpyDeals`).

>>> from croupier.poker.calc.question import EquityQuestion
>>> from croupier.poker.calc.live import LiveQuestion, LiveRows
>>> question = LiveQuestion(EquityQuestion.parse(["AhKh", "QQ"]))
>>> deals = BlockDeals(question, seed=7)
>>> deals.run(0, 1, 1000)
>>> int(deals.counts[0].sum()), int(deals.counts[1].sum())
(1000, 1000)
>>> live = LiveRows(EquityQuestion.parse(["AsAhKsKh", "random"], game="omaha"))
>>> result = list(run_rows_monte_carlo(live, 7, 20_000, 0.001, None))[-1]
>>> result.games, abs(result.players[0].equity - 0.707) < 0.02
(20000, True)
"""

from __future__ import annotations

import copy
import math
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Final, Protocol

import numpy as np
from numpy.typing import NDArray

from croupier.engine import compiled, kernels
from croupier.poker.calc.exact import PRELOAD
from croupier.poker.calc.live import LiveQuestion, LiveRows, bits_of
from croupier.poker.calc.montecarlo import MIN_TRIALS, run_chunks
from croupier.poker.calc.montecarlo import deal_block as numpy_deal_block
from croupier.poker.calc.results import (
    EQUITY,
    TIE,
    WEIGHT,
    WIN,
    CalcResult,
    Progress,
    RowSums,
    rows_result,
)
from croupier.poker.calc.tally import Tally
from croupier.poker.errors import PokerError
from croupier.poker.evaluation.batch import rank_rows_numpy
from croupier.poker.evaluation.tables import (
    TABLE_SET_OF,
    board_pair_kernels,
    kernel_tables,
    poker_kernels,
)
from croupier.poker.ranges.starting_hands import COMBO_BITS, COMBO_CARDS, COMBO_COUNT

__all__ = [
    "BLOCK_TRIALS",
    "BlockDeals",
    "RowKernelDeals",
    "RowNumpyDeals",
    "deal_chunk",
    "run_blocks",
    "run_rows_monte_carlo",
]

#: Deals a block: part of what a seed means (it fixes which deals a seed gives).
BLOCK_TRIALS: Final = 1 << 14
#: Trials of a chunk at most: 16 blocks (262,144 deals).
CHUNK_BLOCKS_TRIALS: Final = 16 * BLOCK_TRIALS
_OUTCOMES: Final = 11
_SHARE: Final = np.array([0.0] + [1 / k for k in range(1, _OUTCOMES)])


class BlockDeals:
    """A question's arrays as the kernel reads them, and its counts so far: per player,
    one row per combo and a column per outcome (0 lost, k: on top with k - 1 others)."""

    def __init__(self, question: LiveQuestion, seed: int) -> None:
        self.question = question
        self.seed = seed
        held = np.uint64(0)
        for combos in question.combos:
            if len(combos) == 1:
                held |= COMBO_BITS[combos[0]]
        self.combos: list[NDArray[np.int64]] = []
        weights: list[NDArray[np.float64]] = []
        for combos, mine in zip(question.combos, question.weights, strict=True):
            if len(combos) > 1 and held:
                # a single combo's cards are out of the other ranges (fewer deals dropped)
                keep = (COMBO_BITS[combos] & held) == 0
                combos, mine = combos[keep], mine[keep]
            self.combos.append(combos)
            weights.append(mine)
        free = [p for p, combos in enumerate(self.combos) if len(combos) > 1]
        sizes = [len(c) for c in self.combos]
        self.starts = np.zeros(len(self.combos) + 1, dtype=np.int64)
        np.cumsum(sizes, out=self.starts[1:])
        every = np.concatenate(self.combos)
        self.cards = COMBO_CARDS[every].ravel()
        # where each combo's figures go in a tally's (row, player x combo number) sums
        self.places = every + np.repeat(np.arange(len(sizes)) * COMBO_COUNT, sizes)
        self.chance = np.zeros(len(every), dtype=np.uint64)
        self.alias = np.zeros(len(every), dtype=np.int64)
        self.weighted = np.zeros(len(sizes), dtype=np.uint8)
        for p in free:
            if weights[p].min() != weights[p].max():
                self.weighted[p] = 1
                where = slice(self.starts[p], self.starts[p + 1])
                _alias_table(weights[p], self.chance[where], self.alias[where])
        self.two = _pairs_of_two(self.combos, weights, free, self.starts)
        self.deck = question.deck
        self.fixed = question.fixed_bits
        self.board_cards = sum(1 << int(c) for c in question.board_idx)
        self.board_total = int(kernel_tables()[0][question.board_idx].sum())
        self.total = np.zeros(int(self.starts[-1]) * _OUTCOMES, dtype=np.int64)
        self.attempts = 0
        self.wanted = 0

    @property
    def counts(self) -> list[NDArray[np.int64]]:
        """Each player's counts: combos x outcomes."""
        table = self.total.reshape(-1, _OUTCOMES)
        return [table[a:b] for a, b in zip(self.starts[:-1], self.starts[1:], strict=True)]

    def block(self, block: int, want: int, counts: NDArray[np.int64]) -> int:
        """Deal ``want`` deals of block ``block`` and add their outcomes to ``counts``
        (an array like :attr:`total`); returns the deals tried."""
        deal = poker_kernels().deal_block if compiled("poker") else numpy_deal_block
        tried: int = deal(
            kernels("poker").block_key(self.seed, block),
            want,
            self.fixed,
            self.board_cards,
            self.board_total,
            self.cards,
            self.starts,
            self.chance,
            self.alias,
            self.weighted,
            *self.two,
            self.deck,
            self.question.to_deal,
            counts,
        )
        return tried

    def run(self, first: int, stop: int, last_trials: int, threads: int = 1) -> None:
        """Deal blocks ``first`` to ``stop`` (the last one ``last_trials`` deals, the
        others :data:`BLOCK_TRIALS`) and add their counts, the blocks shared among
        ``threads`` (the counts do not depend on how)."""
        blocks = list(range(first, stop))
        wants = [BLOCK_TRIALS] * (len(blocks) - 1) + [last_trials]
        threads = max(1, min(threads, len(blocks)))
        if threads == 1:
            tried = [sum(self.block(b, w, self.total) for b, w in zip(blocks, wants, strict=True))]
        else:
            parts = [np.zeros_like(self.total) for _ in range(threads)]

            def work(t: int) -> int:
                mine = zip(blocks[t::threads], wants[t::threads], strict=True)
                return sum(self.block(block, want, parts[t]) for block, want in mine)

            with ThreadPoolExecutor(threads) as pool:
                tried = list(pool.map(work, range(threads)))
            for part in parts:
                self.total += part
        self.attempts += sum(tried)
        self.wanted += sum(wants)

    def fill(self, tally: Tally) -> None:
        """Set ``tally`` to the counts so far (one unit of weight a deal)."""
        table = self.total.reshape(-1, _OUTCOMES)
        by_player = np.add.reduceat(table, self.starts[:-1], axis=0)  # players x outcomes
        games = int(by_player[0].sum())
        tally.games = games
        tally.weight = float(games)
        tally.win[:] = by_player[:, 1]
        tally.tie[:] = by_player[:, 2:].sum(axis=1)
        tally.equity[:] = by_player @ _SHARE
        tally.squares[:] = by_player @ _SHARE**2
        held = table.sum(axis=1)
        sums = tally.combo.reshape(4, -1)
        sums[:] = 0.0
        sums[WEIGHT, self.places] = held
        sums[EQUITY, self.places] = table @ _SHARE
        sums[WIN, self.places] = table[:, 1]
        sums[TIE, self.places] = held - table[:, 0] - table[:, 1]


#: The most pairs of combos the first two players' table holds (beyond it, they draw
#: apart and a deal where they meet is dropped).
PAIRS_OF_TWO: Final = 1 << 16
_NONE: Final = np.zeros(0, dtype=np.int64)


def _alias_table(
    weights: NDArray[np.float64], chance: NDArray[np.uint64], alias: NDArray[np.int64]
) -> None:
    kernels("poker").alias_table(np.ascontiguousarray(weights, dtype=np.float64), chance, alias)


def _pairs_of_two(
    combos: list[NDArray[np.int64]],
    weights: list[NDArray[np.float64]],
    free: list[int],
    starts: NDArray[np.int64],
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.uint64], NDArray[np.int64]]:
    """The table from which the first two players holding more than one combo draw
    theirs together, as the kernel takes it: each pair of their combos that share no
    card (positions in all the combos), and its alias table when the pairs' weights
    differ (empty arrays: no table, the players draw apart)."""
    if len(free) < 2 or len(combos[free[0]]) * len(combos[free[1]]) > PAIRS_OF_TWO:
        return _NONE, _NONE, _NONE.astype(np.uint64), _NONE
    one, two = free[:2]
    fits = (COMBO_BITS[combos[one]][:, None] & COMBO_BITS[combos[two]][None, :]) == 0
    first, second = np.nonzero(fits)
    if not len(first):
        raise PokerError("the ranges never fit together: no deal found")
    pair_weights = weights[one][first] * weights[two][second]
    chance, alias = _NONE.astype(np.uint64), _NONE
    if pair_weights.min() != pair_weights.max():
        chance, alias = np.zeros(len(first), dtype=np.uint64), np.zeros(len(first), np.int64)
        _alias_table(pair_weights, chance, alias)
    return first + starts[one], second + starts[two], chance, alias


def deal_chunk(
    question: LiveQuestion, seed: int, first: int, trials: int, threads: int = 1
) -> tuple[NDArray[np.int64], int, int]:
    """One chunk of Monte Carlo, the unit of work of a worker: ``trials`` deals in blocks
    ``first``, ``first + 1``... (the last one short), shared among ``threads``; returns
    the counts, the deals tried and the deals wanted."""
    deals = _deals(question, seed)
    blocks = -(-trials // BLOCK_TRIALS)
    deals.run(first, first + blocks, trials - (blocks - 1) * BLOCK_TRIALS, threads)
    return deals.total, deals.attempts, deals.wanted


_DEALS: dict[tuple[object, ...], BlockDeals] = {}


def _deals(question: LiveQuestion, seed: int) -> BlockDeals:
    """A question's arrays as the kernel reads them, built once a question in this
    process, in a copy of its own that has counted no deal yet."""
    arrays = (question.deck, question.fixed, question.board_idx, *question.combos)
    key = (seed, *(array.tobytes() for array in (*arrays, *question.weights)))
    if key not in _DEALS:
        _DEALS.clear()
        _DEALS[key] = BlockDeals(question, seed)
    deals = copy.copy(_DEALS[key])  # the arrays shared, read only; the counts its own
    deals.total = np.zeros_like(deals.total)
    deals.attempts = deals.wanted = 0
    return deals


def run_blocks(
    question: LiveQuestion,
    seed: int,
    trials: int | None,
    precision: float,
    progress: Progress | None,
    threads: int = 1,
    *,
    workers: int = 1,
    scheduler: str | None = None,
) -> Iterator[CalcResult]:
    """Deal ``trials`` deals, or until every standard error is at most ``precision``:
    results so far (partial) as work proceeds, the whole last.

    The deals come in the chunks of :func:`~croupier.poker.calc.montecarlo.run_chunks`
    (the NumPy sampler's), each chunk the next blocks of :data:`BLOCK_TRIALS` deals; the
    counts do not depend on how many threads, workers or machines share the chunks."""
    deals = _deals(question, seed)  # built once: the chunks dealt here copy it
    tally = Tally(question.players)
    first = 0

    def job(size: int) -> tuple[LiveQuestion, int, int, int, int]:
        nonlocal first
        start, first = first, first + -(-size // BLOCK_TRIALS)
        return question, seed, start, size, threads

    def absorb(chunk: tuple[NDArray[np.int64], int, int]) -> None:
        total, attempts, wanted = chunk
        deals.total += total
        deals.attempts += attempts
        deals.wanted += wanted
        deals.fill(tally)
        if tally.games < deals.wanted:  # a block gave up after 100 tries a deal
            raise PokerError("the ranges almost never fit together: no deal found")

    yield from run_chunks(
        question,
        trials,
        precision,
        progress,
        jobs=job,
        work=deal_chunk,
        absorb=absorb,
        tally=tally,
        workers=workers,
        scheduler=scheduler,
        preload=PRELOAD,
        largest=CHUNK_BLOCKS_TRIALS,
    )


# --- any game: the rows engine ---------------------------------------------------------

#: NumPy deals a batch (where nothing is compiled).
NUMPY_BATCH: Final = 1 << 14
#: Triples of three of the 52 cards, C(52, 3): the size of a triple table.
_TRIPLES: Final = 22100


class Deals(Protocol):
    """Deals dealt so far, as counts per row and outcome."""

    games: int
    wanted: int

    def deal(self, count: int, threads: int) -> None: ...
    def sums(self) -> RowSums: ...


def _sums_of_counts(live: LiveRows, counts: NDArray[np.int64], starts: list[int]) -> RowSums:
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


class RowKernelDeals:
    """Deals by :func:`croupier.poker._kernels.deal_rows_block`."""

    def __init__(self, live: LiveRows, seed: int) -> None:
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
            poker_kernels().triple_table(live.rows[p][0], size, out, self.tables)
        if not live.two_card and not tabled:
            board_pair_kernels()
        self.counts = np.zeros(self.starts[-1] * _OUTCOMES, dtype=np.int64)
        self.blocks = 0
        self.games = 0
        self.wanted = 0

    def _block(self, block: int, want: int, counts: NDArray[np.int64]) -> int:
        live = self.live
        done: int = poker_kernels().deal_rows_block(
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


class RowNumpyDeals:
    """Deals by NumPy from a NumPy generator (where the kernels are not compiled)."""

    def __init__(self, live: LiveRows, rng: np.random.Generator) -> None:
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


def run_rows_monte_carlo(
    live: LiveRows,
    seed: int,
    trials: int | None,
    precision: float,
    progress: Progress | None,
    threads: int = 1,
) -> Iterator[CalcResult]:
    """Deal ``trials`` deals, or until every standard error is at most ``precision``:
    results so far (partial) as work proceeds, the whole last."""
    deals: RowKernelDeals | RowNumpyDeals
    if compiled("poker"):
        deals = RowKernelDeals(live, seed)
    else:
        deals = RowNumpyDeals(live, np.random.default_rng(seed))
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
            yield rows_result(live, sums, exact=False, partial=True, stderr=True)
    if progress is not None:
        progress(deals.games, deals.games)
    yield rows_result(live, deals.sums(), exact=False, partial=False, stderr=True)
