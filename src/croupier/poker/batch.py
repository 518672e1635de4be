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

from collections.abc import Callable, Sequence
from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from croupier.cards import DECK, Card
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
    rank_table,
)

__all__ = ["classes_from_totals", "evaluate_batch", "key_totals", "rank_batch"]

#: Rows evaluated together: small enough for the temporaries to stay in cache.
BLOCK: Final = 1 << 15

_CARD_BITS: Final = np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))
_SUIT_FIELDS: Final = np.array([0, 4, 8, 12], dtype=np.int64)


def rank_batch(hands: ArrayLike, *, check: bool = True) -> NDArray[np.uint16]:
    """Class numbers (1 to 7,462, as :func:`~croupier.poker.evaluate` gives) of many hands.

    ``hands`` is an integer array of shape (N, 5), (N, 6) or (N, 7), one hand per row,
    cards numbered ``4 * (rank - 2) + suit`` (clubs 0, diamonds 1, hearts 2, spades 3).
    With ``check=False`` the card numbers are trusted: a number outside 0-51 or a card
    repeated in a row then gives a meaningless class instead of an error, a little faster.

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
    out = np.empty(len(array), dtype=np.uint16)
    for start in range(0, len(array), BLOCK):
        block = array[start : start + BLOCK]
        if check:
            _check_block(block, start)
        out[start : start + BLOCK] = classes_from_totals(
            key_totals(block), block.shape[1], block.__getitem__
        )
    return out


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
    """Card numbers 0-51 and no card twice in a row, or an error naming the first bad row."""
    low, high = block.min(initial=0), block.max(initial=0)
    if low < 0 or high > 51:
        row, column = np.argwhere((block < 0) | (block > 51))[0]
        raise PokerCardError(
            f"hand {start + row} has card number {block[row, column]}: expected 0 to 51"
        )
    bits = _CARD_BITS[block[:, 0]]
    both = bits.copy()
    for column in range(1, block.shape[1]):
        card = _CARD_BITS[block[:, column]]
        bits += card
        both |= card
    repeats = np.flatnonzero(bits != both)
    if len(repeats):
        row = int(repeats[0])
        values = block[row].tolist()
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
