"""Monte Carlo by the compiled engine: deals in blocks, each from its own random stream.

Where the engine is compiled, :func:`~croupier.poker.calc.run.calculate` deals its
Monte Carlo trials with :func:`croupier.poker._kernels.deal_block`: a block of
:data:`BLOCK_TRIALS` deals drawn from a stream keyed by the seed and the block's number,
tallied as integer counts per combo and outcome. Counts add up the same in any order,
so a seed gives the same answer whether the blocks run in one thread or several (or on
another machine). Each deal draws a combo per player (by weight), drops the deal when
two hands meet, then completes the board from the cards left: every compatible deal is
as likely as its weight says, as in the NumPy sampler
(:mod:`croupier.poker.calc.montecarlo`), whose random numbers differ.

>>> from croupier.poker.calc.question import EquityQuestion, LiveQuestion
>>> question = LiveQuestion(EquityQuestion.parse(["AhKh", "QQ"]))
>>> deals = BlockDeals(question, seed=7)
>>> deals.run(0, 1, 1000)
>>> int(deals.counts[0].sum()), int(deals.counts[1].sum())
(1000, 1000)
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.poker.calc.exact import PRELOAD
from croupier.poker.calc.montecarlo import run_chunks
from croupier.poker.calc.question import LiveQuestion
from croupier.poker.calc.results import CalcResult, Progress
from croupier.poker.calc.tally import EQUITY, TIE, WEIGHT, WIN, Tally
from croupier.poker.errors import PokerError
from croupier.poker.starting_hands import COMBO_BITS, COMBO_CARDS, COMBO_COUNT
from croupier.poker.tables import kernel_tables, poker_kernels

__all__ = ["BLOCK_TRIALS", "BlockDeals", "deal_chunk", "run_blocks", "seed_of"]

#: Deals a block: part of what a seed means (it fixes which deals a seed gives).
BLOCK_TRIALS: Final = 1 << 14
#: Trials of a chunk at most: 16 blocks (a chunk of the compiled sampler takes about
#: as long as one of NumPy's, :data:`~croupier.poker.calc.montecarlo.CHUNK_TRIALS`).
CHUNK_BLOCKS_TRIALS: Final = 16 * BLOCK_TRIALS
#: The fewest trials before the stopping rule applies (as the NumPy sampler).
MIN_TRIALS: Final = 10_000
_OUTCOMES: Final = 11
_SHARE: Final = np.array([0.0] + [1 / k for k in range(1, _OUTCOMES)])


def seed_of(rng: np.random.Generator) -> int:
    """The 64-bit seed of the streams, drawn from ``rng`` (itself seeded by the caller)."""
    return int(rng.integers(0, 2**63, dtype=np.int64))


class BlockDeals:
    """A question's arrays as the kernel reads them, and its counts so far: per player,
    one row per combo and a column per outcome (0 lost, k: on top with k - 1 others)."""

    def __init__(self, question: LiveQuestion, seed: int) -> None:
        self.question = question
        self.seed = seed
        held = 0
        for combos in question.combos:
            if len(combos) == 1:
                held |= int(COMBO_BITS[combos[0]])
        self.combos: list[NDArray[np.int64]] = []
        cumulative: list[NDArray[np.float64]] = []
        weighted = []
        for combos, weights in zip(question.combos, question.weights, strict=True):
            # a single combo's cards are out of the other ranges (fewer deals dropped)
            keep = (len(combos) == 1) | ((COMBO_BITS[combos] & np.uint64(held)) == 0)
            combos, weights = combos[keep], weights[keep]
            self.combos.append(combos)
            cumulative.append(np.cumsum(weights))
            weighted.append(len(combos) > 1 and not bool((weights == weights[0]).all()))
        self.starts = np.cumsum([0] + [len(c) for c in self.combos]).astype(np.int64)
        self.cards = np.ascontiguousarray(COMBO_CARDS[np.concatenate(self.combos)].ravel())
        self.cumulative = np.concatenate(cumulative).astype(np.float64)
        self.weighted = np.array(weighted, dtype=np.uint8)
        self.deck = np.ascontiguousarray(question.deck, dtype=np.int64)
        board = [int(c) for c in question.board_idx]
        self.fixed = sum(1 << int(c) for c in question.fixed)
        self.board_cards = sum(1 << c for c in board)
        keys = kernel_tables()[0]
        self.board_total = sum(int(keys[c]) for c in board)
        self.total = np.zeros(int(self.starts[-1]) * _OUTCOMES, dtype=np.int64)
        self.attempts = 0
        self.wanted = 0

    @property
    def counts(self) -> list[NDArray[np.int64]]:
        """Each player's counts: combos x outcomes."""
        table = self.total.reshape(-1, _OUTCOMES)
        return [table[a:b] for a, b in zip(self.starts[:-1], self.starts[1:], strict=True)]

    def _block(self, block: int, want: int, counts: NDArray[np.int64]) -> int:
        kernel = poker_kernels()
        tried: int = kernel.deal_block(
            kernel.block_key(self.seed, block),
            want,
            self.fixed,
            self.board_cards,
            self.board_total,
            self.cards,
            self.starts,
            self.cumulative,
            self.weighted,
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
        parts = [np.zeros_like(self.total) for _ in range(threads)]

        def work(t: int) -> int:
            mine = zip(blocks[t::threads], wants[t::threads], strict=True)
            return sum(self._block(block, want, parts[t]) for block, want in mine)

        if threads == 1:
            tried = [work(0)]
        else:
            with ThreadPoolExecutor(threads) as pool:
                tried = list(pool.map(work, range(threads)))
        for part in parts:
            self.total += part
        self.attempts += sum(tried)
        self.wanted += sum(wants)

    def fill(self, tally: Tally) -> None:
        """Set ``tally`` to the counts so far (one unit of weight a deal)."""
        games = int(self.counts[0].sum()) if self.counts else 0
        tally.games = games
        tally.weight = float(games)
        tally.combo[:] = 0.0
        for p, (counts, combos) in enumerate(zip(self.counts, self.combos, strict=True)):
            by_outcome = counts.sum(axis=0)
            tally.win[p] = float(by_outcome[1])
            tally.tie[p] = float(by_outcome[2:].sum())
            tally.equity[p] = float(by_outcome @ _SHARE)
            tally.squares[p] = float(by_outcome @ _SHARE**2)
            sums = (counts.sum(axis=1), counts @ _SHARE, counts[:, 1], counts[:, 2:].sum(axis=1))
            for row, values in zip((WEIGHT, EQUITY, WIN, TIE), sums, strict=True):
                tally.combo[row, p] = np.bincount(combos, values, minlength=COMBO_COUNT)


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
    deals = BlockDeals(question, seed)
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
