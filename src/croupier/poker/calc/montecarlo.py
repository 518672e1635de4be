"""Monte Carlo: the loop of chunks every run goes through, and the deals of a block with
NumPy, the same deals as the compiled kernel for a seed.

:func:`run_chunks` deals a run in chunks (:func:`chunk_sizes`), each the next blocks of
deals (:mod:`croupier.poker.calc.sampling`), until the standard error of every
player's equity is below the precision asked for (or for a number of trials); a chunk
depends on the question and the seed alone, so the answer to a seed does not depend on
how many threads, workers or machines share the chunks.

:func:`croupier.poker._kernels.deal_block` deals a block of Monte Carlo trials from a
stream of random numbers keyed by the seed and the block; :func:`deal_block` here deals
exactly the same deals and adds exactly the same counts, vectorised over many deals at
once with NumPy. It is what runs where the engine is not compiled (an interpreted kernel
loop would be far slower), so a seed gives the same answer with or without a C compiler,
and it is the reference the kernel is tested against, deal for deal.

How a deal is drawn (the kernel's rules, word for word): deal ``a`` of a block reads
splitmix64 numbers ``a * 2**32``, ``a * 2**32 + 1``, ... of the block's stream, each as
four 16-bit draws, high bits first. Each player holding more than one combo draws one
in turn: an entry uniformly by Lemire's method on one draw (drawn again when the low 16
bits of the product fall below ``2**16 mod n``), then, for a weighted range, the entry
or its alias by the range's alias table and a 32-bit draw; the first two draw a pair of
their combos from the table of the pairs that fit, where it is given. For any later
one, a combo meeting a card already held drops the deal, except that one whose range is
every pair of the deck (less the single combos' cards) at one weight is dealt a pair of
the deck as the board is, drawn again while it meets a card held: the pairs that fit
number the same whatever the players before hold, so each deal keeps its probability.
The board is completed by pairs of cards (uniform among every pair of the deck, less the
single combos' cards), then one card if the number to deal is odd, each drawn again
while it meets a card dealt.

>>> import numpy as np
>>> from croupier.poker.calc.question import EquityQuestion
>>> from croupier.poker.calc.live import LiveQuestion
>>> from croupier.poker.calc.sampling import BlockDeals
>>> deals = BlockDeals(LiveQuestion(EquityQuestion.parse(["AhKh", "QQ"])), seed=7)
>>> counts = np.zeros_like(deals.total)
>>> deal_block(123, 1000, deals.fixed, deals.board_cards, deals.board_total, deals.cards,
...            deals.starts, deals.chance, deals.alias, deals.weighted, *deals.two,
...            deals.deck, 5, counts)
1000
>>> int(counts.sum())  # a count per player and deal
2000
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, TypeVar

import numpy as np
from numpy.typing import NDArray

from croupier.parallel import InOrder, iter_tasks
from croupier.poker.calc.live import LiveQuestion
from croupier.poker.calc.results import CalcResult, Progress
from croupier.poker.calc.tally import Tally
from croupier.poker.evaluation.tables import FLUSH_BITS, FLUSH_OFFSET, flush_table, kernel_tables

__all__ = [
    "CHUNK_TRIALS",
    "DEFAULT_PRECISION",
    "MIN_TRIALS",
    "OUTCOMES",
    "chunk_sizes",
    "deal_block",
    "flush_classes",
    "run_chunks",
]

R = TypeVar("R")

#: Seconds between two results so far (the first comes after the first chunk).
SHOW_SECONDS: Final = 0.1
#: Default Monte Carlo target: standard error of each equity (0.1 percentage point).
DEFAULT_PRECISION: Final = 0.001
#: Trials of the first chunk of work, the fewest before the stopping rule applies.
MIN_TRIALS: Final = 10_000
#: Trials of a chunk at most (chunks double from :data:`MIN_TRIALS` up to it): a run to
#: a precision stops at a chunk's end, so at most this many trials past the target.
CHUNK_TRIALS: Final = 1 << 17
#: Outcome columns of a combo's counts: 0 lost, k the pot shared by k players (1: won).
OUTCOMES: Final = 11

_GOLDEN: Final = np.uint64(0x9E3779B97F4A7C15)
_MIX1: Final = np.uint64(0xBF58476D1CE4E5B9)
_MIX2: Final = np.uint64(0x94D049BB133111EB)
_ONE: Final = np.uint64(1)
#: The most pairs of combos drawn on 16 bits (beyond, on 32).
_SMALL_TABLE: Final = 4096
#: Deals drawn at once (NumPy's arrays stay in the caches).
_CHUNK: Final = 1 << 14

#: The 4 bits at positions 0, 4, 8, 12 of a 16-bit number, side by side.
_N: Final = np.arange(1 << 16, dtype=np.int64)
_GATHER_4: Final = (_N & 1) | (_N >> 3 & 2) | (_N >> 6 & 4) | (_N >> 9 & 8)


def flush_classes(totals: NDArray[np.int64], cards: NDArray[np.int64]) -> NDArray[np.uint16]:
    """Classes of 7-card hands that hold a flush, from their key totals (the suit
    counters in the low 16 bits) and 52-bit card masks: the suit with 5 cards or more is
    read from the totals, its ranks from the mask (card ``4 * rank + suit`` is bit
    ``4 * rank + suit``)."""
    fields = ((totals + FLUSH_OFFSET) & FLUSH_BITS) >> 3
    suit = (fields >= 0x10).astype(np.int64) + (fields >= 0x100) + (fields >= 0x1000)
    spread = cards >> suit
    ranks = _GATHER_4[spread & 0xFFFF]
    for chunk in (1, 2, 3):
        ranks |= _GATHER_4[(spread >> (16 * chunk)) & 0xFFFF] << (4 * chunk)
    found: NDArray[np.uint16] = flush_table()[ranks & 0x1FFF]
    return found


def _mix(z: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """splitmix64's output function (NumPy's unsigned products wrap as C's do)."""
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    mixed: NDArray[np.uint64] = z ^ (z >> np.uint64(31))
    return mixed


class _Draws:
    """The 16-bit draws of many deals, each deal reading its own stream; the first
    ``words`` numbers of every stream are made at once, any further one when needed."""

    def __init__(self, key: int, first: int, count: int, words: int) -> None:
        deals = np.arange(first, first + count, dtype=np.uint64)
        self.base = np.uint64(key) + (deals << np.uint64(32)) * _GOLDEN
        steps = np.arange(words, dtype=np.uint64) * _GOLDEN
        self.words = _mix(self.base[:, None] + steps[None, :])
        self.next = np.zeros(count, dtype=np.uint64)  # each deal's next draw

    def keep(self, kept: NDArray[np.bool_]) -> None:
        """Forget the deals not ``kept`` (the others keep their order)."""
        self.base, self.words, self.next = self.base[kept], self.words[kept], self.next[kept]

    def _numbers(self, rows: NDArray[np.intp], index: NDArray[np.uint64]) -> NDArray[np.uint64]:
        """Number ``index`` of the streams of deals ``rows``."""
        words = self.words.shape[1]
        at = index.astype(np.intp)
        inside = at < words
        if inside.all():
            found: NDArray[np.uint64] = self.words[rows, at]
            return found
        found = self.words[rows, np.minimum(at, words - 1)]
        outside = ~inside
        found[outside] = _mix(self.base[rows[outside]] + index[outside] * _GOLDEN)
        return found

    def take(self, rows: NDArray[np.intp]) -> NDArray[np.uint64]:
        """The next 16-bit draw of each deal of ``rows``."""
        at = self.next[rows]
        self.next[rows] = at + _ONE
        shift = np.uint64(48) - np.uint64(16) * (at & np.uint64(3))
        numbers = self._numbers(rows, at >> np.uint64(2))
        drawn: NDArray[np.uint64] = (numbers >> shift) & np.uint64(0xFFFF)
        return drawn

    def below32(self, rows: NDArray[np.intp], n: int) -> NDArray[np.int64]:
        """A number below ``n`` for each deal of ``rows`` (Lemire's method on two draws,
        32 bits, the first the high half)."""
        found = np.zeros(len(rows), dtype=np.int64)
        bound = np.uint64((1 << 32) % n)
        pending = np.arange(len(rows))
        while len(pending):
            drawn = self.take(rows[pending]) << np.uint64(16)
            drawn |= self.take(rows[pending])
            product = drawn * np.uint64(n)
            fine = (product & np.uint64(0xFFFFFFFF)) >= bound
            found[pending[fine]] = (product[fine] >> np.uint64(32)).astype(np.int64)
            pending = pending[~fine]
        return found

    def below(self, rows: NDArray[np.intp], n: int) -> NDArray[np.int64]:
        """A number below ``n`` for each deal of ``rows`` (Lemire's method on 16 bits)."""
        product = self.take(rows) * np.uint64(n)
        found = (product >> np.uint64(16)).astype(np.int64)
        bound = np.uint64((1 << 16) % n)
        if bound:
            pending = np.flatnonzero((product & np.uint64(0xFFFF)) < bound)
            while len(pending):
                product = self.take(rows[pending]) * np.uint64(n)
                fine = (product & np.uint64(0xFFFF)) >= bound
                found[pending[fine]] = (product[fine] >> np.uint64(16)).astype(np.int64)
                pending = pending[~fine]
        return found


def deal_block(
    key: int,
    want: int,
    fixed: int,
    board_cards: int,
    board_total: int,
    combo_cards: NDArray[np.int64],
    combo_start: NDArray[np.int64],
    chance: NDArray[np.uint64],
    alias: NDArray[np.int64],
    weighted: NDArray[np.uint8],
    two_first: NDArray[np.int64],
    two_second: NDArray[np.int64],
    two_chance: NDArray[np.uint64],
    two_alias: NDArray[np.int64],
    deck: NDArray[np.int64],
    to_deal: int,
    counts: NDArray[np.int64],
) -> int:
    """:func:`croupier.poker._kernels.deal_block` with NumPy: the same arguments, the same
    deals, the same counts added to ``counts`` and the same number of deals tried."""
    keys = kernel_tables()[0]
    players = len(combo_start) - 1
    starts = combo_start[:-1]
    sizes = np.diff(combo_start)
    first_cards, second_cards = combo_cards[0::2], combo_cards[1::2]
    combo_keys = keys[first_cards] + keys[second_cards]
    combo_bits = (_ONE << first_cards.astype(np.uint64)) | (_ONE << second_cards.astype(np.uint64))
    held = 0
    for p in range(players):
        if sizes[p] == 1:
            held |= int(combo_bits[starts[p]])
    cards = deck[((held >> deck) & 1) == 0]
    low, high = np.triu_indices(len(cards), 1)
    pair_keys = keys[cards[low]] + keys[cards[high]]
    pair_bits = (_ONE << cards[low].astype(np.uint64)) | (_ONE << cards[high].astype(np.uint64))
    card_keys = keys[cards]
    card_bits = _ONE << cards.astype(np.uint64)
    free = [p for p in range(players) if sizes[p] > 1]
    direct = _dealt_directly(cards, combo_cards, combo_start, weighted, free)
    limit = 100 * want + 1000
    done = tried = 0
    # the draws a deal usually takes: three per weighted range, one per other range and
    # per pair or card of the board, and a few more for draws rejected
    usual = sum(3 if weighted[p] else 1 for p in free) + (to_deal + 1) // 2 + 4
    while done < want and tried < limit:
        count = min(max(2 * (want - done), 1024), _CHUNK, limit - tried)
        draws = _Draws(key, tried, count, (usual + 3) // 4)
        every = np.arange(count)
        used = np.full(count, np.uint64(fixed | held))
        picks = np.repeat(starts[:, None], count, axis=1)
        number = np.arange(count)  # each deal's number in the chunk
        rest = free
        if len(two_first):  # the first two players' pair of combos, from their table
            if len(two_first) <= _SMALL_TABLE:
                index = draws.below(every, len(two_first))
            else:
                index = draws.below32(every, len(two_first))
            if len(two_chance):
                coin = draws.take(every) << np.uint64(16)
                coin |= draws.take(every)
                index = np.where(coin >= two_chance[index], two_alias[index], index)
            picks[free[0]], picks[free[1]] = two_first[index], two_second[index]
            used |= combo_bits[two_first[index]] | combo_bits[two_second[index]]
            rest = free[2:]
        for p in rest:
            if p in direct:  # two cards of the deck not dealt yet, as the board's
                entry = np.zeros(len(number), dtype=np.int64)
                pending = every
                while len(pending):
                    index = draws.below(pending, len(pair_bits))
                    bits = pair_bits[index]
                    fits = (used[pending] & bits) == 0
                    taken = pending[fits]
                    used[taken] |= bits[fits]
                    entry[taken] = direct[p][index[fits]]
                    pending = pending[~fits]
                picks[p] = entry
                continue
            n = int(sizes[p])
            entry = starts[p] + draws.below(every, n)
            if weighted[p]:  # the entry or its alias, by a 32-bit draw
                coin = draws.take(every) << np.uint64(16)
                coin |= draws.take(every)
                entry = np.where(coin >= chance[entry], starts[p] + alias[entry], entry)
            bits = combo_bits[entry]
            fits = (used & bits) == 0
            picks[p] = entry
            used |= bits
            if not fits.all():
                draws.keep(fits)
                used, picks, number = used[fits], picks[:, fits], number[fits]
                every = np.arange(len(number))
        hands = used.copy()
        totals = np.full(len(number), np.uint64(board_total))
        for table_keys, table_bits, times in (
            (pair_keys, pair_bits, to_deal >> 1),
            (card_keys, card_bits, to_deal & 1),
        ):
            for _ in range(times):
                pending = every
                while len(pending):
                    index = draws.below(pending, len(table_bits))
                    bits = table_bits[index]
                    fits = (used[pending] & bits) == 0
                    taken = pending[fits]
                    used[taken] |= bits[fits]
                    totals[taken] += table_keys[index[fits]]
                    pending = pending[~fits]
        boards = np.uint64(board_cards) | (used & ~hands)
        need = want - done
        if len(number) >= need:  # the last deal wanted ends the block
            number, totals = number[:need], totals[:need]
            boards, picks = boards[:need], picks[:, :need]
            tried += int(number[-1]) + 1
        else:
            tried += count
        done += len(number)
        _add_outcomes(picks, totals, boards, combo_keys, combo_bits, counts)
    return tried


def _dealt_directly(
    cards: NDArray[np.int64],
    combo_cards: NDArray[np.int64],
    combo_start: NDArray[np.int64],
    weighted: NDArray[np.uint8],
    free: list[int],
) -> dict[int, NDArray[np.int64]]:
    """The players dealt a pair of the deck ``cards`` directly, each with the combo of
    every pair (in the order of :func:`numpy.triu_indices`): those after the first of
    ``free`` whose range is every pair of ``cards`` once, at one weight, where every
    range of ``free`` is within ``cards`` (the kernel's rule)."""
    live = len(cards)
    pairs = live * (live - 1) // 2
    where = np.full(52, -1, dtype=np.int64)
    where[cards] = np.arange(live)
    found: dict[int, NDArray[np.int64]] = {}
    at = {p: where[combo_cards[2 * combo_start[p] : 2 * combo_start[p + 1]]] for p in free}
    if any((spots < 0).any() for spots in at.values()):
        return found
    for p in free[1:]:
        if weighted[p] or combo_start[p + 1] - combo_start[p] != pairs:
            continue
        one, two = at[p][0::2], at[p][1::2]
        lo, hi = np.minimum(one, two), np.maximum(one, two)
        index = lo * (2 * live - lo - 1) // 2 + (hi - lo - 1)
        combo = np.full(pairs, -1, dtype=np.int64)
        combo[index] = np.arange(combo_start[p], combo_start[p + 1])
        if (combo >= 0).all():
            found[p] = combo
    return found


def _add_outcomes(
    picks: NDArray[np.int64],
    totals: NDArray[np.uint64],
    boards: NDArray[np.uint64],
    combo_keys: NDArray[np.uint64],
    combo_bits: NDArray[np.uint64],
    counts: NDArray[np.int64],
) -> None:
    """Rank each player's hand in each deal (players x deals ``picks``) and count the
    outcomes: ``counts[OUTCOMES * combo + k]``, 0 lost, k on top with k - 1 others."""
    _, _, offsets, values, shift = kernel_tables()
    classes = np.empty(picks.shape, dtype=np.int64)
    for p, held in enumerate(picks):
        hand = totals + combo_keys[held]
        ranks = (hand >> np.uint64(32)).astype(np.int64)
        classes[p] = values[2][offsets[2][ranks >> shift] + (ranks & ((1 << shift) - 1))]
        flushes = np.flatnonzero((hand + np.uint64(FLUSH_OFFSET)) & np.uint64(FLUSH_BITS))
        if len(flushes):
            cards = (boards[flushes] | combo_bits[held[flushes]]).view(np.int64)
            suits = (hand[flushes] & np.uint64(0xFFFF)).astype(np.int64)
            classes[p, flushes] = flush_classes(suits, cards)
    on_top = classes == classes.min(axis=0)
    outcome = on_top * on_top.sum(axis=0)
    counts += np.bincount((OUTCOMES * picks + outcome).ravel(), minlength=len(counts))


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
    """The loop of every Monte Carlo run: chunk after chunk of
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
