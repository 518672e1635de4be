"""Evaluating many hands at once with NumPy: :func:`rank_batch`.

Hands are rows of card numbers (``4 * (rank - 2) + suit``, see :mod:`croupier.cards`).
Each row costs a handful of table reads (see :mod:`croupier.poker.tables`), done a block
of rows at a time so that the intermediate arrays stay in the processor's cache.

>>> import numpy as np
>>> from croupier.cards import cards_to_indices, parse_cards
>>> hands = np.stack([cards_to_indices(parse_cards(h)) for h in ("As Ks Qs Js Ts 2c 3d",
...                                                               "7c 5d 4h 3s 2c 9h 9d")])
>>> rank_batch(hands).tolist()
[1, 4630]
"""

from __future__ import annotations

import functools
import itertools
import math
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from croupier.cards import DECK, Card
from croupier.engine import compiled
from croupier.poker.classes import CLASS_COUNT, category_of, pattern_of
from croupier.poker.errors import PokerCardError, PokerError
from croupier.poker.hand import HandRanking, make_ranking
from croupier.poker.keys import MAX_CARDS
from croupier.poker.tables import (
    CARD_KEYS,
    FLUSH_BITS,
    FLUSH_OFFSET,
    MIN_CARDS,
    RANK_SHIFT,
    flush_table,
    poker_kernels,
    rank_table,
)

__all__ = [
    "best_five_batch",
    "classes_from_totals",
    "evaluate_batch",
    "key_totals",
    "rank_batch",
    "rank_batch_numpy",
]

#: Rows evaluated together: small enough for the temporaries to stay in cache.
BLOCK: Final = 1 << 15

_CARD_BITS: Final = np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))
_SUIT_FIELDS: Final = np.array([0, 4, 8, 12], dtype=np.int64)


def rank_batch(
    hands: ArrayLike, *, check: bool = True, threads: int | None = 1
) -> NDArray[np.uint16]:
    """Class numbers (1 to 7,462, as :func:`~croupier.poker.evaluate` gives) of many hands.

    ``hands`` is an integer array of shape (N, 5), (N, 6) or (N, 7), one hand per row,
    cards numbered ``4 * (rank - 2) + suit`` (clubs 0, diamonds 1, hearts 2, spades 3).
    With ``check=False`` the card numbers are trusted: a number outside 0-51 or a card
    repeated in a row then gives a meaningless class instead of an error, a little faster.
    ``threads``: how many threads share the work where the engine is compiled (``None``:
    one per core); each releases the GIL, so they use as many cores.

    >>> rank_batch([[51, 47, 43, 39, 35], [12, 1, 4, 8, 16]]).tolist()   # royal, 6-high
    [1, 1608]
    >>> rank_batch([[0, 1, 2, 3, 3]])
    Traceback (most recent call last):
    ...
    croupier.poker.errors.PokerCardError: hand 0 repeats card 3 (2s): each card may appear once
    """
    array = np.asarray(hands)
    if array.ndim != 2 or not MIN_CARDS <= array.shape[1] <= MAX_CARDS:
        raise PokerError(
            f"bad hands array of shape {array.shape}: expected (N, {MIN_CARDS}) "
            f"to (N, {MAX_CARDS}), one hand of card numbers per row"
        )
    if not np.issubdtype(array.dtype, np.integer):
        if array.size:
            raise PokerError(f"bad hands array of {array.dtype}: expected integer card numbers")
        array = array.astype(np.intp)
    workers = thread_count(threads)
    if compiled("poker"):
        return _rank_compiled(array, check, workers)
    return rank_batch_numpy(array, check=check)


def rank_batch_numpy(array: NDArray[np.integer], *, check: bool = True) -> NDArray[np.uint16]:
    """:func:`rank_batch` by NumPy passes over blocks of rows (the path that runs where
    the engine is not compiled, and the reference the compiled kernel is tested against).

    >>> rank_batch_numpy(np.array([[51, 47, 43, 39, 35], [12, 1, 4, 8, 16]])).tolist()
    [1, 1608]
    """
    out = np.empty(len(array), dtype=np.uint16)
    for start in range(0, len(array), BLOCK):
        block = array[start : start + BLOCK]
        if check:
            _check_block(block, start)
        out[start : start + BLOCK] = classes_from_totals(
            key_totals(block), block.shape[1], block.__getitem__
        )
    return out


#: Rows per thread below which more threads are not worth starting.
_ROWS_PER_THREAD: Final = 1 << 16
#: Card number arrays the kernel reads as they are (others are converted first).
_KERNEL_DTYPES: Final = frozenset(
    np.dtype(t) for t in ("i1", "u1", "i2", "u2", "i4", "u4", "i8", "u8")
)


def thread_count(threads: int | None) -> int:
    """How many threads ``threads`` asks for (``None``: one per core), checked."""
    if threads is None:
        return os.cpu_count() or 1
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"threads must be an int or None, not {type(threads).__name__}")
    if threads < 1:
        raise PokerError(f"bad number of threads {threads}: expected 1 or more")
    return threads


def _rank_compiled(array: NDArray[np.integer], check: bool, threads: int) -> NDArray[np.uint16]:
    """:func:`rank_batch` by the compiled kernel, its rows shared among ``threads``."""
    if array.dtype not in _KERNEL_DTYPES or not array.flags.c_contiguous:
        array = np.ascontiguousarray(array, dtype=np.int64)
    kernel = poker_kernels()
    rows = len(array)
    out = np.empty(rows, dtype=np.uint16)
    threads = max(1, min(threads, rows // _ROWS_PER_THREAD))
    bounds = [rows * t // threads for t in range(threads + 1)]
    work = list(itertools.pairwise(bounds))
    if threads == 1:
        bads = [int(kernel.rank_rows(array, out, 0, rows, check))]
    else:
        with ThreadPoolExecutor(threads) as pool:
            bads = list(
                pool.map(lambda span: int(kernel.rank_rows(array, out, *span, check)), work)
            )
    bad = min(bads, key=_first_bad)
    if bad >= 0:
        _check_block(array[bad : bad + 1], bad)
    return out


def _first_bad(row: int) -> float:
    return row if row >= 0 else math.inf


def evaluate_batch(hands: Sequence[tuple[Card, ...]]) -> list[HandRanking]:
    """:class:`HandRanking` objects for many hands of Cards, each as
    :func:`~croupier.poker.evaluate` gives it, with one :func:`rank_batch` call per hand size.

    Every hand must hold 5 to 7 distinct Cards (checked: a :class:`PokerError` otherwise);
    parsing and its error messages stay with :func:`~croupier.poker.evaluate`.

    >>> from croupier.cards import parse_cards
    >>> [r.description for r in evaluate_batch([parse_cards("As Ks Qs Js Ts"),
    ...                                          parse_cards("7c 7d 2h 3s 4c 9d")])]
    ['royal flush', 'pair of 7s']
    """
    rankings: list[HandRanking | None] = [None] * len(hands)
    for size in range(MIN_CARDS, MAX_CARDS + 1):
        rows = [i for i, hand in enumerate(hands) if len(hand) == size]
        if not rows:
            continue
        numbers = np.array([[card.index for card in hands[i]] for i in rows], dtype=np.intp)
        for i, number in zip(rows, rank_batch(numbers).tolist(), strict=True):
            rankings[i] = make_ranking(hands[i], number)
    if None in rankings:
        size = len(hands[rankings.index(None)])
        raise PokerError(f"evaluate_batch takes hands of 5 to 7 cards: got {size}")
    return rankings  # type: ignore[return-value]  # every slot is filled (checked above)


def _check_block(block: NDArray[np.integer], start: int) -> None:
    """Card numbers 0-51 and no card twice in a row, or an error naming the first bad row
    (``start`` is the number of the block's first row)."""
    outside = (block < 0) | (block > 51)
    bits = _CARD_BITS[np.clip(block[:, 0], 0, 51)]
    both = bits.copy()
    for column in range(1, block.shape[1]):
        card = _CARD_BITS[np.clip(block[:, column], 0, 51)]
        bits += card
        both |= card
    bad = np.flatnonzero(outside.any(axis=1) | (bits != both))
    if not len(bad):
        return
    row = int(bad[0])
    values = block[row].tolist()
    if outside[row].any():
        number = values[int(np.argmax(outside[row]))]
        raise PokerCardError(f"hand {start + row} has card number {number}: expected 0 to 51")
    card = next(v for v in values if values.count(v) > 1)
    raise PokerCardError(
        f"hand {start + row} repeats card {card} ({DECK[card]}): each card may appear once"
    )


def key_totals(hands: NDArray[np.integer]) -> NDArray[np.int64]:
    """The sum of :data:`~croupier.poker.tables.CARD_KEYS` over each row of ``hands``."""
    total: NDArray[np.int64] = CARD_KEYS[hands[:, 0]]
    for column in range(1, hands.shape[1]):
        total += CARD_KEYS[hands[:, column]]
    return total


def classes_from_totals(
    totals: NDArray[np.int64],
    size: int,
    cards_of: Callable[[NDArray[np.intp]], NDArray[np.integer]],
) -> NDArray[np.uint16]:
    """Classes of hands of ``size`` cards from their key totals.

    ``cards_of(rows)`` gives the card numbers of the hands at ``rows`` (an array of row
    numbers, one hand per row); it is only called for the few hands that hold a flush.
    """
    classes: NDArray[np.uint16] = rank_table(size)[totals >> RANK_SHIFT]
    flushes = np.flatnonzero((totals + FLUSH_OFFSET) & FLUSH_BITS)
    if len(flushes):
        classes[flushes] = flush_classes(cards_of(flushes), totals[flushes])
    return classes


def flush_classes(hands: NDArray[np.integer], totals: NDArray[np.int64]) -> NDArray[np.uint16]:
    """Classes of hands of up to 7 cards that all hold a flush (the best flush or straight
    flush in the suit that has 5 cards or more)."""
    counts = (totals[:, None] >> _SUIT_FIELDS) & 0xF
    suit = counts.argmax(axis=1)
    cards = hands.astype(np.int64)
    in_suit = (cards & 3) == suit[:, None]
    ranks = np.where(in_suit, np.left_shift(1, cards >> 2), 0).sum(axis=1)
    classes: NDArray[np.uint16] = flush_table()[ranks]
    return classes


@functools.cache
def _five_tables() -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.bool_]]:
    """For each class: the rank numbers (0 = deuce) of its five cards in order, how many
    times each one's rank came before it in the five, and whether the five share a suit."""
    patterns = np.zeros((CLASS_COUNT + 1, 5), dtype=np.int64)
    repeats = np.zeros((CLASS_COUNT + 1, 5), dtype=np.int64)
    suited = np.zeros(CLASS_COUNT + 1, dtype=bool)
    for number in range(1, CLASS_COUNT + 1):
        pattern = pattern_of(number)
        patterns[number] = [rank - 2 for rank in pattern]
        repeats[number] = [pattern[:j].count(rank) for j, rank in enumerate(pattern)]
        suited[number] = category_of(number).is_suited
    return patterns, repeats, suited


# _NTH_SUIT[mask, t]: the t-th highest suit in a 4-bit set of suits (0 past the last).
_NTH_SUIT: Final = np.array(
    [[s for s in (3, 2, 1, 0) if m >> s & 1] + [0] * (4 - m.bit_count()) for m in range(16)],
    dtype=np.int64,
)


def best_five_batch(bits: ArrayLike, classes: ArrayLike) -> NDArray[np.int64]:
    """The five cards that make each hand, as :attr:`HandRanking.cards
    <croupier.poker.HandRanking.cards>` gives them (in order of significance, the higher
    suit first where a rank has more cards than the hand uses), as card numbers.

    ``bits`` holds each hand of up to 7 cards as a set of card bits (bit ``4 * (rank - 2)
    + suit``), ``classes`` its class (from :func:`rank_batch`); neither is checked.

    >>> from croupier.cards import DECK, parse_cards
    >>> hand = [card.index for card in parse_cards("7h Kh Kd 7c Ks 2s")]
    >>> five = best_five_batch([sum(1 << c for c in hand)], rank_batch([hand]))
    >>> [str(DECK[c]) for c in five[0]]
    ['Ks', 'Kh', 'Kd', '7h', '7c']
    """
    sets = np.asarray(bits, dtype=np.uint64)
    numbers = np.asarray(classes, dtype=np.intp)
    patterns, repeats, suited = _five_tables()
    ranks, times = patterns[numbers], repeats[numbers]
    by_rank = (sets[:, None] >> (4 * ranks).astype(np.uint64)) & np.uint64(0xF)
    suits = _NTH_SUIT[by_rank.astype(np.intp), times]
    flush = np.flatnonzero(suited[numbers])
    if len(flush):  # the suit of five cards or more (only one with 7 cards at most)
        counts = [
            _count_bits(sets[flush] & np.uint64(0x1111111111111 << suit)) for suit in range(4)
        ]
        suits[flush] = np.argmax(np.stack(counts, axis=1), axis=1)[:, None]
    result: NDArray[np.int64] = 4 * ranks + suits
    return result


def _count_bits(values: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """How many bits are set in each value (SWAR popcount: NumPy 1.26 has no bitwise_count)."""
    v = values - ((values >> np.uint64(1)) & np.uint64(0x5555555555555555))
    v = (v & np.uint64(0x3333333333333333)) + ((v >> np.uint64(2)) & np.uint64(0x3333333333333333))
    v = (v + (v >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    counts: NDArray[np.uint64] = (v * np.uint64(0x0101010101010101)) >> np.uint64(56)
    return counts
