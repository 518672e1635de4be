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
import functools
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, TypeVar

import numpy as np
from numpy.typing import NDArray

from croupier.parallel import InOrder, iter_tasks
from croupier.poker.calc.live import LiveQuestion
from croupier.poker.calc.results import CalcResult, Progress
from croupier.poker.calc.tally import Tally
from croupier.poker.evaluation.tables import (
    FLUSH_BITS,
    FLUSH_OFFSET,
    KernelTables,
    flush_table,
    kernel_tables,
)

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
_U = TypeVar("_U", np.uint32, np.uint64)

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
_LOW16: Final = np.uint64(0xFFFF)
#: Added to a board's suit counters, sets a flush bit where a suit has three cards.
_BOARD_FLUSH: Final = np.uint64(FLUSH_OFFSET + 0x2222)
#: The most pairs of combos drawn on 16 bits (beyond, on 32).
_SMALL_TABLE: Final = 4096
#: Draws looked at at once for each deal whose first draw of a card or pair is not kept.
_TRIES: Final = 4
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


def _lemire(drawn: NDArray[_U], n: int, bits: int) -> tuple[NDArray[np.intp], NDArray[np.bool_]]:
    """Lemire's method on ``bits``-bit draws (16 in 32-bit numbers, or 32 in 64-bit
    ones, and ``n`` at most ``2**bits``, so that ``drawn * n`` is exact): the number
    below ``n`` each draw gives (the high bits of the product), and whether the method
    keeps it (the low bits at least ``2**bits mod n``; else the draw is made again)."""
    product = drawn * drawn.dtype.type(n)
    found = (product >> drawn.dtype.type(bits)).astype(np.intp)
    fine = (product & drawn.dtype.type((1 << bits) - 1)) >= (1 << bits) % n
    return found, fine


class _Draws:
    """The 16-bit draws of many deals, each deal reading its own stream: the first
    ``words`` numbers of every stream are made at once, cut into draws laid out draw by
    draw (so that the same draw of every deal is one row), any further one when needed.
    While every deal has taken as many draws, the next of all is that row."""

    def __init__(self, key: int, first: int, count: int, words: int) -> None:
        deals = np.arange(first, first + count, dtype=np.uint64)
        self.base = np.uint64(key) + (deals << np.uint64(32)) * _GOLDEN
        steps = np.arange(words, dtype=np.uint64) * _GOLDEN
        numbers = _mix(steps[:, None] + self.base[None, :])
        self.count = count
        # each number four draws, the high bits first (its quarters little-endian reversed)
        quarters = numbers.astype("<u8", copy=False).view("<u2").reshape(words, count, 4)
        # 32 bits wide, so that a draw times n < 2**16 is exact whatever NumPy's casting
        self.rows = np.empty((4 * words, count), dtype=np.uint32)
        self.rows.reshape(words, 4, count)[...] = quarters[:, :, ::-1].transpose(0, 2, 1)
        self.flat = self.rows.reshape(-1)
        self.at = 0  # every deal's next draw, while ``where`` is None
        self.where: NDArray[np.intp] | None = None  # each deal's next draw in ``flat``
        self.columns: NDArray[np.intp] | None = None  # the deals kept (None: all)

    def keep(self, kept: NDArray[np.bool_]) -> None:
        """Forget the deals not ``kept`` (the others keep their order)."""
        self.columns = np.flatnonzero(kept) if self.columns is None else self.columns[kept]
        if self.where is not None:
            self.where = self.where[kept]

    def take(self, rows: NDArray[np.intp] | None = None) -> NDArray[np.uint32]:
        """The next 16-bit draw of each deal of ``rows`` (None: every deal)."""
        if self.where is None and rows is None and self.at < len(self.rows):
            self.at += 1
            row: NDArray[np.uint32] = self.rows[self.at - 1]
            return row if self.columns is None else row[self.columns]
        every = self._where()
        if rows is None:
            self.where = every + self.count
            return self._read(every)
        where = every[rows]
        every[rows] = where + self.count
        return self._read(where)

    def window(self, rows: NDArray[np.intp], tries: int) -> NDArray[np.uint32]:
        """The next ``tries`` draws of each deal of ``rows`` (tries x rows), not taken
        yet: :meth:`skip` takes them."""
        steps = np.arange(0, tries * self.count, self.count)
        return self._read(self._where()[rows][None, :] + steps[:, None])

    def skip(self, rows: NDArray[np.intp], taken: NDArray[np.intp]) -> None:
        """Take the next ``taken`` draws of each deal of ``rows``."""
        self._where()[rows] += taken * self.count

    def below(self, n: int) -> NDArray[np.intp]:
        """A number below ``n`` (at most 2**16) for each deal, by Lemire's method on a
        16-bit draw."""
        return self._lemire(self.take, n, 16)

    def below32(self, n: int) -> NDArray[np.intp]:
        """A number below ``n`` for each deal, by Lemire's method on :meth:`coin`."""
        return self._lemire(self.coin, n, 32)

    def _lemire(
        self,
        draw: Callable[[NDArray[np.intp] | None], NDArray[_U]],
        n: int,
        bits: int,
    ) -> NDArray[np.intp]:
        """A number below ``n`` for each deal from ``bits``-bit draws of ``draw`` (given
        the deals, None for every deal), drawn again where :func:`_lemire` refuses one."""
        found, fine = _lemire(draw(None), n, bits)
        pending = np.flatnonzero(~fine)
        while len(pending):
            again, fine = _lemire(draw(pending), n, bits)
            found[pending[fine]] = again[fine]
            pending = pending[~fine]
        return found

    def coin(self, rows: NDArray[np.intp] | None = None) -> NDArray[np.uint64]:
        """A 32-bit draw of each deal of ``rows`` (None: every deal): two draws, the
        first the high half."""
        drawn = self.take(rows).astype(np.uint64) << np.uint64(16)
        drawn |= self.take(rows)
        return drawn

    def _where(self) -> NDArray[np.intp]:
        """Each deal's next draw in :attr:`flat` (from here on, the deals' draws apart)."""
        if self.where is None:
            columns = np.arange(self.count) if self.columns is None else self.columns
            self.where = self.at * self.count + columns
        return self.where

    def _read(self, where: NDArray[np.intp]) -> NDArray[np.uint32]:
        """The draws at positions ``where`` of :attr:`flat`, made where beyond it."""
        if not where.size or where.max() < len(self.flat):
            found: NDArray[np.uint32] = self.flat[where]
            return found
        inside = where < len(self.flat)
        found = self.flat[np.where(inside, where, 0)]
        at, columns = np.divmod(where[~inside], self.count)
        number = _mix(self.base[columns] + (at >> 2).astype(np.uint64) * _GOLDEN)
        shift = np.uint64(48) - np.uint64(16) * (at & 3).astype(np.uint64)
        found[~inside] = (number >> shift) & _LOW16
        return found


@functools.cache
def _settle_heap() -> None:
    """Free one large array, once a process. The arrays of a chunk of deals are about
    128 KiB, glibc's first threshold for giving memory back to the system at once: at
    it, each of them may be a fresh mapping faulted in page by page (up to a third of
    the time of a run, measured). Freeing an array of 4 MiB raises glibc's threshold to
    that size, and its heap trimming threshold to twice that (its rule for a block freed
    above the threshold, up to 32 MiB), as any such array freed earlier in the process
    would have: a setting of the whole process's allocator, which keeps up to 8 MiB more
    on its heap. Other allocators (musl, macOS, Windows) and a threshold set by
    ``MALLOC_MMAP_THRESHOLD_`` are left as they are."""
    large = np.empty(1 << 22, dtype=np.uint8)
    del large


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
    _settle_heap()
    tables = kernel_tables()
    keys = tables[0]
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
    deck_bytes = np.ascontiguousarray(deck, dtype=np.int64).tobytes()
    cards, pair_keys, pair_bits, card_keys, card_bits = _deck_tables(held, deck_bytes)
    free = [p for p in range(players) if sizes[p] > 1]
    direct = _dealt_directly(cards, combo_cards, combo_start, weighted, free)
    limit = 100 * want + 1000
    done = tried = 0
    # the draws a deal usually takes: three per weighted range, one per other range and
    # per pair or card of the board, and five more for draws rejected (a few deals take
    # more: theirs are made when needed)
    usual = sum(3 if weighted[p] else 1 for p in free) + (to_deal + 1) // 2 + 5
    while done < want and tried < limit:
        count = min(max(2 * (want - done), 1024), _CHUNK, limit - tried)
        draws = _Draws(key, tried, count, (usual + 3) // 4)
        used = np.full(count, np.uint64(fixed | held))
        picks = np.repeat(starts[:, None], count, axis=1)
        number = np.arange(count)  # each deal's number in the chunk
        rest = free
        if len(two_first):  # the first two players' pair of combos, from their table
            if len(two_first) <= _SMALL_TABLE:
                index = draws.below(len(two_first))
            else:
                index = draws.below32(len(two_first))
            if len(two_chance):
                index = np.where(draws.coin() >= two_chance[index], two_alias[index], index)
            picks[free[0]], picks[free[1]] = two_first[index], two_second[index]
            used |= combo_bits[two_first[index]] | combo_bits[two_second[index]]
            rest = free[2:]
        for p in rest:
            if p in direct:  # two cards of the deck not dealt yet, as the board's
                picks[p] = direct[p][_fitting(draws, used, pair_bits)]
                continue
            entry = starts[p] + draws.below(int(sizes[p]))
            if weighted[p]:  # the entry or its alias, by a 32-bit draw
                entry = np.where(draws.coin() >= chance[entry], starts[p] + alias[entry], entry)
            bits = combo_bits[entry]
            fits = (used & bits) == 0
            picks[p] = entry
            used |= bits
            if not fits.all():
                draws.keep(fits)
                used, picks, number = used[fits], picks[:, fits], number[fits]
        hands = used.copy()
        totals = np.full(len(number), np.uint64(board_total))
        for _ in range(to_deal >> 1):
            totals += pair_keys[_fitting(draws, used, pair_bits)]
        if to_deal & 1:
            totals += card_keys[_fitting(draws, used, card_bits)]
        boards = np.uint64(board_cards) | (used & ~hands)
        need = want - done
        if len(number) >= need:  # the last deal wanted ends the block
            number, totals = number[:need], totals[:need]
            boards, picks = boards[:need], picks[:, :need]
            tried += int(number[-1]) + 1
        else:
            tried += count
        done += len(number)
        _add_outcomes(picks, totals, boards, (combo_keys, combo_bits, sizes == 1), tables, counts)
    return tried


@functools.lru_cache(maxsize=64)
def _deck_tables(
    held: int, deck: bytes
) -> tuple[
    NDArray[np.int64],
    NDArray[np.uint64],
    NDArray[np.uint64],
    NDArray[np.uint64],
    NDArray[np.uint64],
]:
    """The cards of ``deck`` (int64 card numbers, as bytes) not in ``held`` (a mask),
    and the keys and masks of each pair of them (in the order of
    :func:`numpy.triu_indices`) and of each of them, read-only (they are cached)."""
    keys = kernel_tables()[0]
    numbers = np.frombuffer(deck, dtype=np.int64)
    cards = numbers[((held >> numbers) & 1) == 0]
    low, high = np.triu_indices(len(cards), 1)
    pair_keys = keys[cards[low]] + keys[cards[high]]
    pair_bits = (_ONE << cards[low].astype(np.uint64)) | (_ONE << cards[high].astype(np.uint64))
    tables = (cards, pair_keys, pair_bits, keys[cards], _ONE << cards.astype(np.uint64))
    for table in tables:
        table.flags.writeable = False
    return tables


def _fitting(
    draws: _Draws, used: NDArray[np.uint64], table_bits: NDArray[np.uint64]
) -> NDArray[np.intp]:
    """An entry of ``table_bits`` for each deal, drawn again while it meets a card of
    ``used``, which takes its cards. A draw is kept when Lemire's method (on 16 bits)
    takes it and its entry fits: the deals whose first draw is not are given the next
    :data:`_TRIES` draws at once, the first kept of them chosen."""
    size = len(table_bits)
    index, fine = _lemire(draws.take(), size, 16)
    bits = table_bits[index]
    pending = np.flatnonzero(((used & bits) != 0) | ~fine)
    bits[pending] = 0
    used |= bits
    while len(pending):
        again, fine = _lemire(draws.window(pending, _TRIES), size, 16)
        bits = table_bits[again]
        kept = ((used[pending] & bits) == 0) & fine
        first = kept.argmax(axis=0)
        every = np.arange(len(pending))
        found = kept[first, every]
        draws.skip(pending, np.where(found, first + 1, _TRIES))
        taken, chosen = pending[found], (first[found], every[found])
        used[taken] |= bits[chosen]
        index[taken] = again[chosen]
        pending = pending[~found]
    return index


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
    combos: tuple[NDArray[np.uint64], NDArray[np.uint64], NDArray[np.bool_]],
    tables: KernelTables,
    counts: NDArray[np.int64],
) -> None:
    """Rank each player's hand in each deal (players x deals ``picks``; ``combos``: the
    keys and card masks of the combos, and whether each player holds a single one) by
    :func:`kernel_tables` and count the outcomes: ``counts[OUTCOMES * combo + k]``, 0
    lost, k on top with k - 1 others."""
    if not picks.shape[1]:
        return
    combo_keys, combo_bits, single = combos
    _, _, offsets, values, shift = tables
    classes = np.empty(picks.shape, dtype=np.int32)
    # a flush needs three cards of a suit on the board (the two held make five)
    suited = np.flatnonzero(((totals + _BOARD_FLUSH) & np.uint64(FLUSH_BITS)) != 0)
    flushes, suits, cards = [], [], []  # each player's deals with a flush, ranked at once
    for p, held in enumerate(picks):
        hand = totals + (combo_keys[held[0]] if single[p] else combo_keys[held])
        ranks = (hand >> np.uint64(32)).astype(np.intp)
        classes[p] = values[2][offsets[2][ranks >> shift] + (ranks & ((1 << shift) - 1))]
        found = suited[((hand[suited] + np.uint64(FLUSH_OFFSET)) & np.uint64(FLUSH_BITS)) != 0]
        bits = combo_bits[held[0]] if single[p] else combo_bits[held[found]]
        flushes.append(found)
        suits.append((hand[found] & np.uint64(0xFFFF)).astype(np.int64))
        cards.append((boards[found] | bits).view(np.int64))
    ranked = flush_classes(np.concatenate(suits), np.concatenate(cards))
    start = 0
    for p, found in enumerate(flushes):
        classes[p, found] = ranked[start : start + len(found)]
        start += len(found)
    on_top = classes == classes.min(axis=0)
    outcome = on_top * on_top.sum(axis=0, dtype=np.int32)
    for p, held in enumerate(picks):
        if single[p]:
            at = OUTCOMES * held[0]
            counts[at : at + OUTCOMES] += np.bincount(outcome[p], minlength=OUTCOMES)
        else:
            counts += np.bincount(OUTCOMES * held + outcome[p], minlength=len(counts))


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
