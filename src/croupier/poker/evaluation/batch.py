"""Evaluating many hands of any game at once: NumPy arrays of card numbers in, classes out.

Hands are rows of card numbers (``4 * (rank - 2) + suit``, see :mod:`croupier.cards`).
:func:`rank_game_rows` ranks rows of hole cards against rows of board cards in any game:
an Omaha hand is the best of its ``C(hole, 2) * C(board, 3)`` five-card hands (60 with
four hole cards and five on the board), a hold'em-style hand (short-deck) the best five
of all its cards. Hold'em's rows take the fast path, :func:`rank_batch`: a row costs a
handful of table reads (see :mod:`croupier.poker.evaluation.tables`), tens of millions a
second where the engine is compiled. Where it is not, NumPy reads the same tables a
block of rows at a time (so that the intermediate arrays stay in the processor's cache):
the reference the compiled kernels are tested against.

>>> import numpy as np
>>> from croupier.cards import cards_to_indices, parse_cards
>>> hands = np.stack([cards_to_indices(parse_cards(h)) for h in ("As Ks Qs Js Ts 2c 3d",
...                                                               "7c 5d 4h 3s 2c 9h 9d")])
>>> rank_batch(hands).tolist()
[1, 4630]
>>> hole = [cards_to_indices(parse_cards("As Ad Kh Qh"))]
>>> board = [cards_to_indices(parse_cards("Ac 7h 2h 9h 3s"))]
>>> rank_game_rows("omaha", hole, board).tolist()  # a flush, king high: not three aces
[889]
>>> rank_game_rows("holdem", [cards_to_indices(parse_cards("As Ad"))], board).tolist()  # trips
[1649]
"""

from __future__ import annotations

import functools
import itertools
import math
import os
from collections.abc import Callable
from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from croupier.arrays import as_array
from croupier.cards import DECK, repeated_card
from croupier.engine import compiled
from croupier.poker.errors import PokerCardError, PokerError
from croupier.poker.evaluation.classes import CLASS_COUNT, category_of, pattern_of
from croupier.poker.evaluation.keys import MAX_CARDS
from croupier.poker.evaluation.tables import (
    CARD_KEYS,
    FLUSH_BITS,
    FLUSH_OFFSET,
    MIN_CARDS,
    RANK_SHIFT,
    TABLE_SET_OF,
    flush_table,
    poker_kernels,
    rank_table,
    table_set,
)
from croupier.poker.games import Game, Variant, variant_of

__all__ = [
    "as_rows",
    "best_five_batch",
    "check_rows",
    "classes_from_totals",
    "key_totals",
    "rank_batch",
    "rank_batch_numpy",
    "rank_game_rows",
    "rank_rows_numpy",
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
    croupier.poker.errors.PokerCardError: hand 0: card '2s' at position 5 repeats position 4: ...
    """
    array = as_array(hands, "hands array", _ROWS, PokerError)
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
        from concurrent.futures import ThreadPoolExecutor  # here: a one-hand command never needs it

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
    raise _repeated(values, f"hand {start + row}")


def _repeated(values: list[int], where: str) -> PokerCardError:
    """The error for the first card number of ``values`` that repeats an earlier one."""
    seen: dict[int, int] = {}
    for position, card in enumerate(values, 1):
        if card in seen:
            error = repeated_card(str(DECK[card]), position, seen[card])
            return PokerCardError(f"{where}: {error}")
        seen[card] = position
    raise AssertionError("no card twice")  # pragma: no cover


def key_totals(hands: NDArray[np.integer]) -> NDArray[np.int64]:
    """The sum of :data:`~croupier.poker.evaluation.tables.CARD_KEYS` over each row of ``hands``."""
    total: NDArray[np.int64] = CARD_KEYS[hands[:, 0]]
    for column in range(1, hands.shape[1]):
        total += CARD_KEYS[hands[:, column]]
    return total


def classes_from_totals(
    totals: NDArray[np.int64],
    size: int,
    cards_of: Callable[[NDArray[np.intp]], NDArray[np.integer]],
    game: Game = Game.HOLDEM,
) -> NDArray[np.uint16]:
    """Classes of hands of ``size`` cards (5 to 7) of a game from their key totals.

    ``cards_of(rows)`` gives the card numbers of the hands at ``rows`` (an array of row
    numbers, one hand per row); it is only called for the few hands that hold a flush.
    Hold'em reads its uncompressed rank table (one read a hand), the other games their
    compressed ones.
    """
    sums = totals >> RANK_SHIFT
    classes: NDArray[np.uint16]
    if TABLE_SET_OF[game] == TABLE_SET_OF[Game.HOLDEM]:
        classes = rank_table(size)[sums]
    else:
        classes = table_set(game).rank_classes(sums, size)
    flushes = np.flatnonzero((totals + FLUSH_OFFSET) & FLUSH_BITS)
    if len(flushes):
        classes[flushes] = flush_classes(cards_of(flushes), totals[flushes], game)
    return classes


def flush_classes(
    hands: NDArray[np.integer], totals: NDArray[np.int64], game: Game = Game.HOLDEM
) -> NDArray[np.uint16]:
    """Classes of hands of up to 7 cards of a game that all hold a flush (the best flush
    or straight flush in the suit that has 5 cards or more)."""
    counts = (totals[:, None] >> _SUIT_FIELDS) & 0xF
    suit = counts.argmax(axis=1)
    cards = hands.astype(np.int64)
    in_suit = (cards & 3) == suit[:, None]
    ranks = np.where(in_suit, np.left_shift(1, cards >> 2), 0).sum(axis=1)
    classes: NDArray[np.uint16] = flush_table(game)[ranks]
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


# --- rows of any game -------------------------------------------------------------------

#: Rows ranked together by the NumPy path of the other games (its temporaries stay small).
_CHUNK: Final = 8192


#: What an array of hands is expected to be.
_ROWS: Final = "expected one hand of card numbers a row, every row as long"


def as_rows(values: ArrayLike, name: str) -> NDArray[np.int64]:
    """``values`` as a 2-D array of card numbers (one hand a row, not checked), or a
    :class:`TypeError` naming ``name`` (a :class:`~croupier.poker.errors.PokerError`
    when its rows are not all the same length).

    >>> as_rows([[0, 1], [2, 3]], "hole").shape
    (2, 2)
    """
    array = as_array(values, name, _ROWS, PokerError)
    if array.ndim != 2 or not (array.size == 0 or np.issubdtype(array.dtype, np.integer)):
        raise TypeError(f"{name} must be a 2-D array of card numbers (one hand a row)")
    return np.ascontiguousarray(array, dtype=np.int64)


def _same_rows(hole: NDArray[np.int64], board: NDArray[np.int64]) -> None:
    """As many rows of hole cards as of board cards, or a
    :class:`~croupier.poker.errors.PokerError` (a shape, checked even unchecked cards)."""
    if len(hole) != len(board):
        raise PokerError(f"{len(hole)} rows of hole cards but {len(board)} rows of board cards")


def check_rows(variant: Variant, hole: NDArray[np.int64], board: NDArray[np.int64]) -> None:
    """Raise a :class:`~croupier.poker.errors.PokerError` naming the first row whose
    sizes do not fit the game, or that holds a card outside the game's deck or a card
    twice (its position among the row's hole cards, then its board cards)."""
    _same_rows(hole, board)
    size, board_size = hole.shape[1], board.shape[1]
    if variant.hole_used is None:
        if not 5 <= size + board_size <= 7:
            raise PokerError(
                f"{variant.label}: {size + board_size} cards a hand: expected 5 to 7 in all"
            )
    elif size != variant.hole_cards or not 3 <= board_size <= 5:
        raise PokerError(
            f"{variant.label}: {size} hole cards and {board_size} board cards: expected "
            f"{variant.hole_cards} hole cards and 3 to 5 board cards"
        )
    cards = np.concatenate([hole, board], axis=1)
    lowest = variant.lowest_card
    outside = (cards < lowest) | (cards > 51)
    ordered = np.sort(cards, axis=1)
    repeated = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
    bad = np.flatnonzero(outside.any(axis=1) | repeated)
    if len(bad):
        row = int(bad[0])
        values = cards[row].tolist()
        if outside[row].any():
            number = values[int(np.argmax(outside[row]))]
            raise PokerCardError(
                f"row {row} has card number {number}: expected {lowest} to 51 (the "
                f"{variant.label} deck)"
            )
        raise _repeated(values, f"row {row}")


def rank_rows_numpy(
    game: Game | str | Variant, hole: NDArray[np.int64], board: NDArray[np.int64]
) -> NDArray[np.uint16]:
    """The classes of a game's rows by NumPy, unchecked: Omaha's best pair and triple,
    or the best five of a hold'em-style hand's cards (the reference of the kernels)."""
    variant = variant_of(game)
    if variant.hole_used is None:
        return _classes_numpy(variant.game, np.concatenate([hole, board], axis=1))
    out = np.zeros(len(hole), dtype=np.uint16)
    pairs = list(itertools.combinations(range(hole.shape[1]), 2))
    triples = list(itertools.combinations(range(board.shape[1]), 3))
    for start in range(0, len(hole), _CHUNK):
        mine, shared = hole[start : start + _CHUNK], board[start : start + _CHUNK]
        best = np.full(len(mine), np.iinfo(np.uint16).max, dtype=np.uint16)
        for pair in pairs:
            for triple in triples:
                five = np.concatenate([mine[:, pair], shared[:, triple]], axis=1)
                np.minimum(best, _classes_numpy(variant.game, five), out=best)
        out[start : start + len(mine)] = best
    return out


def _classes_numpy(game: Game, hands: NDArray[np.int64]) -> NDArray[np.uint16]:
    """The class of each row of ``hands`` (5 to 7 card numbers a row) in a game."""
    return classes_from_totals(key_totals(hands), hands.shape[1], hands.__getitem__, game)


def rank_game_rows(
    game: Game | str | Variant, hole: ArrayLike, board: ArrayLike, *, check: bool = True
) -> NDArray[np.uint16]:
    """The class of each hand of a game (the lower, the stronger; hold'em and Omaha
    number the 7,462 classes of hold'em, short-deck its own, see
    :func:`croupier.poker.evaluation.classes.classes_of`). ``hole`` and ``board`` are 2-D
    arrays of card numbers (``4 * (rank - 2) + suit``), a row a hand: Omaha rows hold the
    game's hole cards and 3 to 5 board cards, hold'em-style rows 5 to 7 cards between
    them. With ``check`` (the default) a row that does not fit the game raises a
    :class:`~croupier.poker.errors.PokerError`; without it the card numbers are trusted,
    but as many rows of hole cards as of board cards are still required (a shape, not
    a card). Hold'em's rows go to :func:`rank_batch`.
    """
    variant = variant_of(game)
    holes, boards = as_rows(hole, "hole"), as_rows(board, "board")
    if check:
        check_rows(variant, holes, boards)
    else:
        _same_rows(holes, boards)
    if variant.game is Game.HOLDEM:
        return rank_batch(np.concatenate([holes, boards], axis=1), check=False)
    if not compiled("poker"):
        return rank_rows_numpy(variant, holes, boards)
    kernel = poker_kernels()
    out = np.zeros(len(holes), dtype=np.uint16)
    tables = TABLE_SET_OF[variant.game]
    if variant.hole_used is None:
        cards = np.ascontiguousarray(np.concatenate([holes, boards], axis=1))
        kernel.holdem_rows(cards.ravel(), cards.shape[1], len(cards), out, tables)
    else:
        kernel.omaha_rows(
            holes.ravel(), holes.shape[1], boards.ravel(), boards.shape[1], len(holes), out, tables
        )
    return out
