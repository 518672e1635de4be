"""Monte Carlo mode: combos dealt by weight and boards at random, until the standard
error of every player's equity is below the precision asked for (or for a number of
trials), in chunks each drawn from its own seed, so that the answer to a seed does not
depend on how many workers share the chunks.
"""

from __future__ import annotations

import contextlib
import functools
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, TypeVar

import numpy as np
from numpy.typing import NDArray

from croupier.parallel import InOrder, iter_tasks
from croupier.poker.calc.arrays import CARD_BITS, COMBO_KEYS
from croupier.poker.calc.exact import PRELOAD
from croupier.poker.calc.question import LiveQuestion
from croupier.poker.calc.results import CalcResult, Progress
from croupier.poker.calc.tally import Tally
from croupier.poker.combinatorics import combination_chunks
from croupier.poker.errors import PokerError
from croupier.poker.starting_hands import COMBO_BITS
from croupier.poker.tables import (
    CARD_KEYS,
    FLUSH_BITS,
    FLUSH_OFFSET,
    RANK_SHIFT,
    flush_table,
    rank_table,
)

__all__ = [
    "BATCH",
    "BOARD_TABLE_SECONDS",
    "CHUNK_TRIALS",
    "DEFAULT_PRECISION",
    "FULL_DECK",
    "MIN_TRIALS",
    "Sampler",
    "chunk_sizes",
    "run_chunk",
    "run_chunks",
    "run_monte_carlo",
]

R = TypeVar("R")

#: Seconds between two results so far (the first comes after the first chunk).
SHOW_SECONDS: Final = 0.1

#: Default Monte Carlo target: standard error of each equity (0.1 percentage point).
DEFAULT_PRECISION: Final = 0.001
#: Monte Carlo deals per batch of the sampler.
BATCH: Final = 1 << 18
#: Trials of the first chunk of work, the fewest before the stopping rule applies.
MIN_TRIALS: Final = 10_000
#: Seconds to build the table of every 5-card board (:func:`_board_table`) before the
#: workers of a preflop run start.
BOARD_TABLE_SECONDS: Final = 1.0
#: The cards of a deck with none out: a board table of these is shared by the workers.
FULL_DECK: Final = tuple(range(52))
#: Trials of a chunk at most (chunks double from :data:`MIN_TRIALS` up to it): a run to
#: a precision stops at a chunk's end, so at most this many trials past the target.
CHUNK_TRIALS: Final = 1 << 17


@functools.lru_cache(maxsize=1)
def _board_table(deck: tuple[int, ...], count: int) -> NDArray[np.complex128]:
    """Every set of ``count`` cards from ``deck``: their key total and 52-bit mask side
    by side, packed in 16 bytes so that one read fetches both (C(52, 5) = 2,598,960 sets
    at most, about 42 MB, kept for the next question)."""
    cards = np.array(deck, dtype=np.int64)
    pieces = [cards[rows] for rows in combination_chunks(len(cards), count)]
    picks = np.concatenate(pieces) if pieces else np.zeros((1, 0), dtype=np.int64)
    pairs = np.zeros((len(picks), 2), dtype=np.int64)
    if count:
        pairs[:, 0] = CARD_KEYS[picks].sum(axis=1)
        pairs[:, 1] = CARD_BITS[picks].sum(axis=1).view(np.int64)
    table: NDArray[np.complex128] = pairs.view(np.complex128).ravel()
    return table


@functools.lru_cache(maxsize=1)
def _boards_without(deck: tuple[int, ...], count: int, held: int) -> NDArray[np.complex128]:
    """:func:`_board_table` less the sets that hold a card of the mask ``held`` (the
    cards of players with a single combo), kept for the next question with that hand."""
    pairs = _board_table(deck, count)
    if not held:
        return pairs
    bits = pairs.view(np.int64)[1::2]
    kept: NDArray[np.complex128] = pairs[(bits & np.int64(held)) == 0]
    return kept


#: The 4 bits at positions 0, 4, 8, 12 of a 16-bit number, side by side.
_GATHER_4: Final = np.array(
    [(n & 1) | (n >> 3 & 2) | (n >> 6 & 4) | (n >> 9 & 8) for n in range(1 << 16)], dtype=np.int64
)


def flush_classes(totals: NDArray[np.int64], cards: NDArray[np.int64]) -> NDArray[np.uint16]:
    """Classes of 7-card hands that hold a flush, from their key totals and 52-bit card
    masks: the suit with 5 cards or more is read from the totals, its ranks from the
    mask (card ``4 * rank + suit`` is bit ``4 * rank + suit``)."""
    fields = ((totals + FLUSH_OFFSET) & FLUSH_BITS) >> 3
    suit = (fields >= 0x10).astype(np.int64) + (fields >= 0x100) + (fields >= 0x1000)
    spread = cards >> suit
    ranks = _GATHER_4[spread & 0xFFFF]
    for chunk in (1, 2, 3):
        ranks |= _GATHER_4[(spread >> (16 * chunk)) & 0xFFFF] << (4 * chunk)
    found: NDArray[np.uint16] = flush_table()[ranks & 0x1FFF]
    return found


class Sampler:
    """Random deals: a combo per player by weight, and a completion of the board drawn
    from the table of all of them; deals where two hands or the board share a card are
    dropped (which leaves every compatible deal exactly as likely as its weight says).

    A player with a single combo always holds it: its cards are taken out of the other
    ranges and of the board table first, so fewer deals are dropped (the question has
    checked that no two such hands meet and that every range keeps a combo beside them).
    """

    def __init__(self, question: LiveQuestion, rng: np.random.Generator) -> None:
        self.q = question
        self.rng = rng
        held = np.zeros(1, dtype=np.uint64)
        for combos in question.combos:
            if len(combos) == 1:
                held |= COMBO_BITS[combos[0]]
        self.combos: list[NDArray[np.int64]] = []
        self.cumulative: list[NDArray[np.float64] | None] = []
        for combos, weights in zip(question.combos, question.weights, strict=True):
            keep = (len(combos) == 1) | ((COMBO_BITS[combos] & held) == 0)
            combos, weights = combos[keep], weights[keep]
            self.combos.append(combos)
            uniform = len(combos) == 1 or bool((weights == weights[0]).all())
            self.cumulative.append(None if uniform else np.cumsum(weights))
        self.pairs = _boards_without(
            tuple(int(c) for c in question.deck), question.to_deal, int(held[0])
        )
        self.combo_keys = [COMBO_KEYS[c] + question.board_key for c in self.combos]
        self.combo_bits = [COMBO_BITS[c].view(np.int64) for c in self.combos]
        self.free = [p for p, c in enumerate(self.combos) if len(c) > 1]
        self.table = rank_table(7)
        self.board_bits = (
            np.int64(CARD_BITS[question.board_idx].sum()) if len(question.board) else 0
        )

    def deal(
        self, rows: int
    ) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.uint16], NDArray[np.bool_]]:
        """``rows`` deals: each player's position in its combos (players x deals), the
        board's position in the table, each player's hand class, and which deals hold
        no card twice (only those count)."""
        rng = self.rng
        picks = np.zeros((self.q.players, rows), dtype=np.int64)
        for p in self.free:
            cumulative = self.cumulative[p]
            if cumulative is None:
                picks[p] = rng.integers(0, len(self.combos[p]), size=rows)
            else:
                pick = np.searchsorted(cumulative, rng.random(rows) * cumulative[-1], side="right")
                picks[p] = np.minimum(pick, len(cumulative) - 1)
        board = rng.integers(0, len(self.pairs), size=rows)
        pair = np.take(self.pairs, board).view(np.int64)
        board_keys, board_bits = pair[0::2], pair[1::2]
        clash = np.zeros(rows, dtype=np.int64)
        # the free players' cards, and whether they meet each other or the board
        hand_bits = {p: np.take(self.combo_bits[p], picks[p]) for p in self.free}
        mask = board_bits
        for p in self.free:
            clash |= mask & hand_bits[p]
            mask = mask | hand_bits[p]
        ok = clash == 0
        if self.board_bits:
            board_bits = board_bits | self.board_bits
        classes = np.empty((self.q.players, rows), dtype=np.uint16)
        flag = np.empty(rows, dtype=np.int64)
        for p in range(self.q.players):
            # a player with one combo adds the same key to every board
            free = p in hand_bits
            keys = np.take(self.combo_keys[p], picks[p]) if free else self.combo_keys[p][0]
            totals = board_keys + keys
            # a deal that does not count may hold a card twice: its (meaningless) key
            # is kept inside the table
            np.take(self.table, totals >> RANK_SHIFT, mode="clip", out=classes[p])
            np.add(totals, FLUSH_OFFSET, out=flag)
            flag &= FLUSH_BITS
            flushes = np.flatnonzero(flag)
            if len(flushes):
                held = hand_bits[p][flushes] if free else self.combo_bits[p][0]
                cards = board_bits[flushes] | held
                classes[p, flushes] = flush_classes(totals[flushes], cards)
        return picks, board, classes, ok


def chunk_sizes(trials: int | None, largest: int = CHUNK_TRIALS) -> Iterator[int]:
    """The trials of Monte Carlo chunks 0, 1, 2...: :data:`MIN_TRIALS`, then twice as
    many each time up to ``largest``, summing to ``trials`` (``None``: without end).
    They depend on nothing else, never on the number of workers.

    >>> list(chunk_sizes(200_000)), list(chunk_sizes(300_000, largest=65_536))
    ([10000, 20000, 40000, 80000, 50000], [10000, 20000, 40000, 65536, 65536, 65536, 33392])
    """
    size, left = MIN_TRIALS, trials
    while left is None or left > 0:
        chunk = size if left is None else min(size, left)
        yield chunk
        if left is not None:
            left -= chunk
        size = min(2 * size, largest)


def run_chunk(question: LiveQuestion, seed: np.random.SeedSequence, trials: int) -> Tally:
    """One chunk of Monte Carlo, the unit of work of a worker: ``trials`` deals that
    count, drawn from a generator of ``seed`` alone."""
    sampler = Sampler(question, np.random.default_rng(seed))
    tally = Tally(question.players)
    attempts = fitting = 0
    while tally.games < trials:
        want = trials - tally.games
        # enough deals for the trials still wanted, at the share that fit so far
        share = fitting / attempts if fitting else 1.0
        size = min(BATCH, max(1024, int(want / share * 1.1) + 64))
        picks, _, classes, ok = sampler.deal(size)
        attempts += size
        fit = int(np.count_nonzero(ok))
        fitting += fit
        if fit > want:  # keep exactly the deals asked for
            ok &= np.cumsum(ok) <= want
        counted = tally.add_trials(sampler.combos, picks, classes, ok)
        if not counted and attempts > 100 * BATCH:
            raise PokerError("the ranges almost never fit together: no deal found")
    return tally


def run_monte_carlo(
    question: LiveQuestion,
    seed: np.random.SeedSequence,
    trials: int | None,
    precision: float,
    progress: Progress | None,
    *,
    workers: int = 1,
    scheduler: str | None = None,
) -> Iterator[CalcResult]:
    """Deal ``trials`` deals, or until every standard error is at most ``precision``:
    results so far (partial) as work proceeds, the whole last.

    The deals come in chunks (:func:`run_chunks`), chunk ``k`` drawn by :func:`run_chunk`
    from the ``k``-th :meth:`~numpy.random.SeedSequence.spawn` child of ``seed``.
    """
    tally = Tally(question.players)
    full = question.to_deal == 5 and tuple(int(c) for c in question.deck) == FULL_DECK
    yield from run_chunks(
        question,
        trials,
        precision,
        progress,
        jobs=lambda size: (question, seed.spawn(1)[0], size),
        work=run_chunk,
        absorb=tally.add,
        tally=tally,
        workers=workers,
        scheduler=scheduler,
        preload=(*PRELOAD, "croupier.poker.calc._board_preload") if full else PRELOAD,
    )


def run_chunks(
    question: LiveQuestion,
    trials: int | None,
    precision: float,
    progress: Progress | None,
    *,
    jobs: Callable[[int], tuple[Any, ...]],
    work: Callable[..., R],
    absorb: Callable[[R], None],
    tally: Tally,
    workers: int,
    scheduler: str | None,
    preload: Sequence[str],
    largest: int = CHUNK_TRIALS,
) -> Iterator[CalcResult]:
    """The loop of both samplers (NumPy's and the compiled engine's): chunk after chunk of
    :func:`chunk_sizes` (up to ``largest`` trials), ``work(*jobs(size))`` deals a chunk
    (``jobs`` is called in chunk order) and ``absorb`` adds its result into ``tally``,
    in chunk order. With
    ``precision``, the run ends with the first chunk after which every standard error
    is small enough; chunks run ahead by other workers are dropped. The chunks depend on
    the question and the seed alone, so a seed gives bit-for-bit the same result on one
    process, several (``workers``), or a Dask cluster (``scheduler``; see
    :func:`croupier.parallel.iter_tasks`). Yields the result so far (partial) after the
    first chunk, then at most every :data:`SHOW_SECONDS`, and the whole last.
    """
    goal = trials if trials is not None else MIN_TRIALS
    enough = False

    def add(result: R) -> None:
        nonlocal enough, goal
        if enough:
            return
        absorb(result)
        if trials is not None:
            enough = tally.games >= trials
            return
        worst = float(np.max(tally.stderr()))
        enough = worst <= precision
        # the trials needed, from the variance so far (SE falls as 1/sqrt(n))
        goal = tally.games if enough else max(goal, int(tally.games * (worst / precision) ** 2))

    def chunks() -> Iterator[tuple[Any, ...]]:
        for size in chunk_sizes(trials, largest):
            if enough:
                return
            yield jobs(size)

    merged: InOrder[R] = InOrder(add)
    tasks = iter_tasks(work, chunks(), workers=workers, scheduler=scheduler, preload=preload)
    shown: float | None = None
    with contextlib.closing(tasks):
        for index, result in tasks:
            before = tally.games
            merged.put(index, result)
            if enough:
                break  # (closing the tasks stops the chunks still running)
            due = shown is None or time.perf_counter() - shown >= SHOW_SECONDS
            if tally.games > before and due:  # the result so far
                shown = time.perf_counter()
                if progress is not None:
                    progress(tally.games, goal)
                yield tally.result(question, exact=False, partial=True, stderr=True)
    if progress is not None:
        progress(tally.games, tally.games)
    yield tally.result(question, exact=False, partial=False, stderr=True)
