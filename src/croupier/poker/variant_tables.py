"""Each game's lookup tables, in the layout of hold'em's (:mod:`croupier.poker.tables`).

A hand's key total is the same in every game (the card keys do not change); what
changes is the class each rank sum and each suited set of ranks stands for. Hold'em,
Omaha and five-card Omaha share hold'em's tables (Omaha reads the five-card ones).
Short-deck gets its own, for each order of the categories, built here from its classes
(:mod:`croupier.poker.variant_classes`) in a fraction of a second:

- the flush table: the best flush or straight flush among a set of ranks of one suit
  (a 13-bit set, bit ``rank - 2``);
- for 5, 6 and 7 cards, the best hand without suits of each rank multiset, by its rank
  key sum, compressed by row displacement (:func:`croupier.poker.tables.displace`).

Both are kept in the user's cache (checked when read, built again when the code that
makes them changes), so a process reads them instead of building them.

With at most 7 cards a flush rules out quads and a full house, so in every game the
class of a hand holding a flush is the flush table's entry, and otherwise the rank
table's (even where a flush beats a full house).

:class:`TableSet` holds one game's tables; :func:`seven_card_classes` reads them over
NumPy arrays (the reference the compiled kernels are tested against, and what runs
where they are not compiled).

>>> import numpy as np
>>> from croupier.cards import cards_to_indices, parse_cards
>>> hands = np.array([cards_to_indices(parse_cards("Ah 6c 7d 8s 9s Kd Kc"))])
>>> int(seven_card_classes(table_set("shortdeck"), hands)[0])  # a straight, under trips
528
>>> classes_of("shortdeck").describe(528)
'straight, 9 high'
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from croupier.poker.keys import MAX_COPIES, RANK_KEYS
from croupier.poker.tables import (
    CARD_KEYS,
    FLUSH_BITS,
    FLUSH_OFFSET,
    RANK_SHIFT,
    ROW_SHIFT,
    displace,
    kernel_tables,
)
from croupier.poker.variant_classes import classes_of
from croupier.poker.variants import Game, Variant, variant_of
from croupier.tablecache import cached_tables

__all__ = [
    "PAIR_RANKS",
    "TABLE_SET_OF",
    "TableSet",
    "board_pair_kernels",
    "board_pair_table",
    "kernel_arguments",
    "pair_places",
    "seven_card_classes",
    "table_set",
    "variant_kernels",
]

#: Which tables each game reads: 0 hold'em's, 1 and 2 short-deck's two orders.
TABLE_SET_OF: Final = {
    Game.HOLDEM: 0,
    Game.OMAHA: 0,
    Game.OMAHA5: 0,
    Game.SHORTDECK: 1,
    Game.SHORTDECK_STRAIGHTS: 2,
}
_RANK_KEY_ARRAY: Final = np.array(RANK_KEYS, dtype=np.int64)
_LOW: Final = (1 << ROW_SHIFT) - 1


@dataclass(frozen=True, slots=True, eq=False)
class TableSet:
    """One game's tables: ``flush`` (8,192 classes by suited rank set), and for 5, 6 and
    7 cards (indices 0, 1, 2) the row ``offsets`` and ``values`` of the compressed rank
    table (``values[offsets[s >> ROW_SHIFT] + (s & low)]`` is the class of rank sum
    ``s``)."""

    game: Game
    flush: NDArray[np.uint16]
    offsets: tuple[NDArray[np.int32], NDArray[np.int32], NDArray[np.int32]]
    values: tuple[NDArray[np.uint16], NDArray[np.uint16], NDArray[np.uint16]]

    def rank_classes(self, sums: NDArray[np.int64], size: int) -> NDArray[np.uint16]:
        """The classes of rank sums of ``size`` cards (5 to 7) without a flush."""
        offsets, values = self.offsets[size - 5], self.values[size - 5]
        found: NDArray[np.uint16] = values[offsets[sums >> ROW_SHIFT] + (sums & _LOW)]
        return found


def _multisets(variant: Variant, size: int) -> NDArray[np.int64]:
    """Every multiset of ``size`` ranks of the game (0 for a deuce), one a row."""
    ranks = [r - 2 for r in variant.ranks]
    rows = np.array(list(itertools.combinations_with_replacement(ranks, size)), dtype=np.int64)
    # each row is in order: a rank held more than MAX_COPIES times spans MAX_COPIES + 1 places
    over = (rows[:, MAX_COPIES:] == rows[:, :-MAX_COPIES]).any(axis=1)
    kept: NDArray[np.int64] = rows[~over]
    return kept


@functools.cache
def _multiset_classes(game: Game, size: int) -> tuple[NDArray[np.int64], NDArray[np.uint16]]:
    """Rank key sums of the game's multisets of ``size`` ranks, and the class of the
    best hand without suits each holds (the best of its five-rank parts)."""
    variant = variant_of(game)
    classes = classes_of(game)
    multisets = _multisets(variant, size)
    sums = _RANK_KEY_ARRAY[multisets].sum(axis=1)
    if size == 5:
        found = [classes.class_of([int(r) + 2 for r in row], False) for row in multisets]
        return sums, np.array(found, dtype=np.uint16)
    five_sums, five_classes = _multiset_classes(game, 5)
    order = np.argsort(five_sums)
    best = np.full(len(multisets), np.iinfo(np.uint16).max, dtype=np.uint16)
    for kept in itertools.combinations(range(size), 5):
        part = _RANK_KEY_ARRAY[multisets[:, list(kept)]].sum(axis=1)
        place = order[np.searchsorted(five_sums, part, sorter=order)]
        np.minimum(best, five_classes[place], out=best)
    return sums, best


@functools.cache
def _flush_table(game: Game) -> NDArray[np.uint16]:
    variant = variant_of(game)
    classes = classes_of(game)
    table = np.zeros(1 << 13, dtype=np.uint16)
    bits = [r - 2 for r in variant.ranks]
    for count in range(5, len(bits) + 1):
        for held in itertools.combinations(bits, count):
            best = min(
                classes.class_of([b + 2 for b in five], True)
                for five in itertools.combinations(held, 5)
            )
            table[sum(1 << b for b in held)] = best
    table.flags.writeable = False
    return table


#: The code a short-deck table set is built from (a change makes a new cache file).
_SOURCES: Final = tuple(
    Path(__file__).parent / name
    for name in ("variant_tables.py", "variant_classes.py", "variants.py", "tables.py", "keys.py")
)
_SIZES: Final = (5, 6, 7)


def _built(game: Game) -> dict[str, NDArray[np.generic]]:
    """A short-deck game's tables as the cache stores them."""
    arrays: dict[str, NDArray[np.generic]] = {"flush": _flush_table(game)}
    for size in _SIZES:
        arrays[f"offsets{size}"], arrays[f"values{size}"] = displace(*_multiset_classes(game, size))
    return arrays


@functools.cache
def table_set(game: Game | str | Variant) -> TableSet:
    """The tables of a game (short-deck's read from the user's cache, or built on first
    use in about a second and stored)."""
    variant = variant_of(game)
    if TABLE_SET_OF[variant.game] == 0:
        _, flush, offsets, values, _ = kernel_tables()
        return TableSet(variant.game, flush, offsets, values)
    names = ("flush", *(f"{kind}{size}" for size in _SIZES for kind in ("offsets", "values")))
    stored = cached_tables(
        f"poker-{variant.game}", _SOURCES, functools.partial(_built, variant.game), names
    )
    rows = [np.asarray(stored[f"offsets{size}"], dtype=np.int32) for size in _SIZES]
    classes = [np.asarray(stored[f"values{size}"], dtype=np.uint16) for size in _SIZES]
    classes.append(np.asarray(stored["flush"], dtype=np.uint16))
    for row in rows:
        row.flags.writeable = False
    for column in classes:
        column.flags.writeable = False
    return TableSet(
        variant.game,
        classes[3],
        (rows[0], rows[1], rows[2]),
        (classes[0], classes[1], classes[2]),
    )


def seven_card_classes(tables: TableSet, hands: NDArray[np.integer]) -> NDArray[np.uint16]:
    """The class of each row of ``hands`` (5 to 7 card numbers a row, unchecked): the
    best five of its cards."""
    cards = np.asarray(hands, dtype=np.int64)
    totals = CARD_KEYS[cards].sum(axis=1)
    classes = tables.rank_classes(totals >> RANK_SHIFT, cards.shape[1])
    flushes = np.flatnonzero((totals + FLUSH_OFFSET) & FLUSH_BITS)
    if len(flushes):
        held = cards[flushes]
        counts = np.stack([((held & 3) == s).sum(axis=1) for s in range(4)], axis=1)
        suit = counts.argmax(axis=1)
        ranks = np.where((held & 3) == suit[:, None], np.left_shift(1, held >> 2), 0)
        classes[flushes] = tables.flush[ranks.sum(axis=1)]
    return classes


# --- the compiled kernels' tables (croupier.poker._kernels_variants) ----------------------


#: Pairs of ranks two hole cards can hold: a row of :func:`board_pair_table`.
PAIR_RANKS: Final = 91


def pair_places() -> NDArray[np.uint8]:
    """The place of each pair of ranks in a row of :func:`board_pair_table`, at
    ``13 * rank + other`` (ranks 0 to 12, in either order): ``high * (high + 1) // 2 +
    low``.

    >>> places = pair_places()
    >>> int(places[13 * 12 + 11]), int(places[13 * 11 + 12]), int(places[0])
    (89, 89, 0)
    """
    high = np.maximum.outer(np.arange(13), np.arange(13))
    low = np.minimum.outer(np.arange(13), np.arange(13))
    places: NDArray[np.uint8] = (high * (high + 1) // 2 + low).astype(np.uint8).ravel()
    return places


@functools.cache
def board_pair_table() -> NDArray[np.uint16]:
    """Omaha's board pair table: for each board of five ranks, by the place of its rank
    sum in the five-card rank table (``offsets[s >> ROW_SHIFT] + (s & low)``, the place
    of its class), a row of :data:`PAIR_RANKS` classes: the best hand without a flush of
    two hole cards of ranks ``low <= high`` (at ``high * (high + 1) // 2 + low``, 0 for a
    deuce) and three of the board's cards. 65535 where no such board or pair can be
    (places of no board; two hole cards of a rank the board holds three times).

    An Omaha hand's class on a board is the best of its pairs' entries when no pair of
    its hole cards makes a flush (the Monte Carlo kernel's random hands: six reads for
    four hole cards instead of sixty five-card hands). Built with NumPy from the rank
    table (about 0.1 s, once a process).

    >>> from croupier.cards import cards_to_indices, parse_cards
    >>> from croupier.poker.variant_rows import rank_rows_numpy
    >>> hole = cards_to_indices(parse_cards("As Kd 7c 7h"))
    >>> board = cards_to_indices(parse_cards("Ah Kc 7s 2d 3h"))
    >>> s = int(CARD_KEYS[board].sum()) >> RANK_SHIFT
    >>> offsets = table_set("omaha").offsets[0]
    >>> row = PAIR_RANKS * (int(offsets[s >> ROW_SHIFT]) + (s & _LOW))
    >>> best = min(int(board_pair_table()[row + h * (h + 1) // 2 + l])
    ...            for l, h in ((12, 11), (12, 5), (11, 5), (5, 5)))  # AK A7 K7 77 (rank - 2)
    >>> best == int(rank_rows_numpy("omaha", np.array([hole]), np.array([board]))[0])
    True
    """
    tables = table_set(Game.OMAHA)
    offsets, values = tables.offsets[0], tables.values[0]
    boards = _multisets(variant_of(Game.OMAHA), 5)
    board_sums = _RANK_KEY_ARRAY[boards].sum(axis=1)
    places = offsets[board_sums >> ROW_SHIFT] + (board_sums & _LOW)
    triples = boards[:, list(itertools.combinations(range(5), 3))]  # boards x 10 x 3 ranks
    triple_sums = _RANK_KEY_ARRAY[triples].sum(axis=2)
    table = np.full((len(values), PAIR_RANKS), np.iinfo(np.uint16).max, dtype=np.uint16)
    for high in range(13):
        for low in range(high + 1):
            # five of a rank: a hole pair of the rank a triple holds three times
            impossible = (triples == high).all(axis=2) if low == high else None
            sums = triple_sums + _RANK_KEY_ARRAY[low] + _RANK_KEY_ARRAY[high]
            if impossible is not None:
                sums[impossible] = board_sums[0]
            classes = values[offsets[sums >> ROW_SHIFT] + (sums & _LOW)]
            if impossible is not None:
                classes[impossible] = np.iinfo(np.uint16).max
            table[places, pair_places()[13 * high + low]] = classes.min(axis=1)
    flat = table.ravel()
    flat.flags.writeable = False
    return flat


@functools.cache
def kernel_arguments() -> tuple[Any, ...]:
    """What :func:`croupier.poker._kernels_variants.configure` takes: the card keys of
    the hold'em kernels, then every table set side by side (:data:`TABLE_SET_OF`): the
    flush tables one after the other, and for 5, 6 and 7 cards the row offsets of each
    set (moved to where its values start) and all the values, the rows a set and the
    row shift."""
    keys, _, holdem_offsets, _, shift = kernel_tables()
    games = sorted(set(TABLE_SET_OF.values()))
    sets = [table_set(next(g for g, n in TABLE_SET_OF.items() if n == number)) for number in games]
    flush = np.concatenate([t.flush for t in sets])
    offsets, values = [], []
    for size in range(3):
        bases = np.cumsum([0] + [len(t.values[size]) for t in sets[:-1]])
        offsets.append(
            np.concatenate([t.offsets[size] + int(b) for t, b in zip(sets, bases, strict=True)])
        )
        values.append(np.concatenate([t.values[size] for t in sets]))
    for array in (flush, *offsets, *values):
        array.flags.writeable = False
    rows = len(holdem_offsets[0])
    return keys, flush, tuple(o.astype(np.int32) for o in offsets), tuple(values), rows, shift


@functools.cache
def variant_kernels() -> ModuleType:
    """:mod:`croupier.poker._kernels_variants` (compiled or not, see
    :func:`croupier.engine.kernels`), given its tables."""
    from croupier.engine import kernels

    module = kernels("poker-variants")
    module.configure(*kernel_arguments())
    return module


@functools.cache
def board_pair_kernels() -> ModuleType:
    """:func:`variant_kernels`, given Omaha's board pair table too
    (:func:`board_pair_table`, built on first use): what Monte Carlo deals of Omaha
    hands without a triple table read."""
    module = variant_kernels()
    module.configure_board_pairs(board_pair_table(), pair_places())
    return module
