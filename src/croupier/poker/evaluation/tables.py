"""Lookup tables for evaluating hands by table reads, for every game, built once on first
use.

Every card has a key (:data:`CARD_KEYS`): its rank's key (see
:mod:`croupier.poker.evaluation.keys`) shifted left by :data:`RANK_SHIFT` bits, plus a 1
in the 4-bit field of its suit. The sum of a hand's keys therefore holds the perfect hash
of its ranks in the high bits and the number of cards of each suit in the low 16 bits.
Adding :data:`FLUSH_OFFSET` (3 to each suit field) sets bit 3 of a field exactly when
that suit has 5 cards or more, so ``(total + FLUSH_OFFSET) & FLUSH_BITS`` says whether a
hand of up to 7 cards holds a flush. The card keys are the same in every game; what a
game changes is the class each rank sum and each suited set of ranks stands for
(:mod:`croupier.poker.evaluation.classes`):

- :func:`rank_table` (one per hand size, 5 to 7 cards) maps the rank hash to the class of
  the best hand that ignores suits;
- :func:`flush_table` maps the 13-bit set of ranks held in one suit to the class of the
  best flush or straight flush among them.

With at most 7 cards a flush always beats whatever the same cards make without suits
(quads or a full house beside a flush would need 8 cards), so in every game the class of
a hand is the flush table's entry when there is a flush and the rank table's entry
otherwise (even where a flush beats a full house). Hold'em, Omaha and five-card Omaha
read hold'em's tables (Omaha the five-card ones); short-deck has its own, for each order
of its categories.

The tables take a fraction of a second to build (the 7-card rank table has about 8
million 16-bit entries). What they are made of (the rank sums of every multiset and their
classes, a few hundred kilobytes) is built once per user and cached in
``$XDG_CACHE_HOME/croupier`` (by default ``~/.cache/croupier``), in a file named by a hash
of the code that builds it and checked against a hash of its content when read; a
missing, stale or damaged cache is rebuilt, and an unwritable one skipped. The compiled
kernels read the rank tables compressed by row displacement (:func:`displace`), cached
the same way, and :class:`TableSet` holds one game's tables in that form.

>>> hand = [4 * (rank - 2) + 3 for rank in (14, 13, 12, 11, 10)]   # A K Q J T of spades
>>> total = int(CARD_KEYS[hand].sum())
>>> bool((total + FLUSH_OFFSET) & FLUSH_BITS), int(rank_table(5)[total >> RANK_SHIFT])
(True, 1600)
>>> int(flush_table()[0b1111100000000])
1
>>> from croupier.cards import cards_to_indices
>>> short = cards_to_indices("Ah 6c 7d 8s 9s")   # a straight, 9 high (a wheel in short-deck)
>>> s = int(CARD_KEYS[short].sum()) >> RANK_SHIFT
>>> int(table_set("shortdeck").rank_classes(np.array([s]), 5)[0]), int(rank_table(5)[s])
(528, 6610)
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

from croupier.engine import configured_once
from croupier.poker.errors import PokerError
from croupier.poker.evaluation.keys import MAX_CARDS, MAX_COPIES, RANK_KEYS
from croupier.poker.games import Game, Variant, variant_of
from croupier.tablecache import cache_directory, code_hash, load_tables, store_tables

__all__ = [
    "CARD_KEYS",
    "FLUSH_BITS",
    "FLUSH_OFFSET",
    "MIN_CARDS",
    "PAIR_RANKS",
    "RANK_SHIFT",
    "SUIT_MASK",
    "TABLE_SET_OF",
    "TableSet",
    "board_pair_kernels",
    "board_pair_table",
    "cache_directory",
    "compressed_table",
    "displace",
    "flush_table",
    "kernel_arguments",
    "kernel_tables",
    "pair_places",
    "poker_kernels",
    "rank_multisets",
    "rank_table",
    "rank_table_dict",
    "table_set",
]

#: The fewest cards a poker hand has.
MIN_CARDS: Final = 5
#: Bits below the rank hash in a card key: four 4-bit suit counters.
RANK_SHIFT: Final = 16
SUIT_MASK: Final = (1 << RANK_SHIFT) - 1
#: Added to a key total, turns each suit counter of 5 or more into one with bit 3 set.
FLUSH_OFFSET: Final = 0x3333
FLUSH_BITS: Final = 0x8888

#: Key of each card (numbered ``4 * (rank - 2) + suit``).
CARD_KEYS: Final[NDArray[np.int64]] = np.array(
    [(RANK_KEYS[i // 4] << RANK_SHIFT) | (1 << (4 * (i % 4))) for i in range(52)],
    dtype=np.int64,
)
CARD_KEYS.flags.writeable = False

#: Which tables each game reads (its table set, as the kernels number them): 0 hold'em's,
#: 1 and 2 short-deck's two orders.
TABLE_SET_OF: Final = {
    Game.HOLDEM: 0,
    Game.OMAHA: 0,
    Game.OMAHA5: 0,
    Game.SHORTDECK: 1,
    Game.SHORTDECK_STRAIGHTS: 2,
}

_RANK_KEY_ARRAY: Final = np.array(RANK_KEYS, dtype=np.int64)


def _check_size(size: int) -> None:
    if not MIN_CARDS <= size <= MAX_CARDS:
        raise PokerError(f"bad hand size {size}: the tables cover {MIN_CARDS} to {MAX_CARDS} cards")


def _table_game(game: Game | str | Variant) -> Game:
    """The game whose tables ``game`` reads (hold'em's for Omaha)."""
    played = variant_of(game).game
    return next(g for g, n in TABLE_SET_OF.items() if n == TABLE_SET_OF[played])


@functools.cache
def _multisets(game: Game, size: int) -> NDArray[np.int8]:
    ranks = [r - 2 for r in variant_of(game).ranks]  # high to low: each row is too
    rows = np.array(list(itertools.combinations_with_replacement(ranks, size)), dtype=np.int8)
    # a rank held more than MAX_COPIES times spans MAX_COPIES + 1 places of its row
    over = (rows[:, MAX_COPIES:] == rows[:, :-MAX_COPIES]).any(axis=1)
    multisets: NDArray[np.int8] = rows[~over]
    multisets.flags.writeable = False
    return multisets


def rank_multisets(size: int, game: Game | str | Variant = Game.HOLDEM) -> NDArray[np.int8]:
    """Every multiset of ``size`` ranks of a game's deck (0 = deuce .. 12 = ace, each at
    most 4 times), one per row, sorted high to low.

    >>> [len(rank_multisets(n)) for n in (5, 6, 7)], len(rank_multisets(5, "shortdeck"))
    ([6175, 18395, 49205], 1278)
    """
    _check_size(size)
    return _multisets(variant_of(game).game, size)


def _multiset_classes(game: Game, size: int) -> tuple[NDArray[np.int64], NDArray[np.uint16]]:
    """Rank key sums of a game's multisets of ``size`` ranks, and the class of the best
    hand without suits each holds (the best of its five-rank parts): the build."""
    from croupier.poker.evaluation.classes import classes_of  # the build only (cached after)

    classes = classes_of(game)
    multisets = rank_multisets(size, game).astype(np.int64)
    sums = _RANK_KEY_ARRAY[multisets].sum(axis=1)
    if size == MIN_CARDS:
        found = [classes.class_of([int(r) + 2 for r in row], False) for row in multisets]
        return sums, np.array(found, dtype=np.uint16)
    five_sums, five_classes = _classes_of_multisets(MIN_CARDS, game)
    order = np.argsort(five_sums)
    best = np.full(len(multisets), np.iinfo(np.uint16).max, dtype=np.uint16)
    for kept in itertools.combinations(range(size), MIN_CARDS):
        part = _RANK_KEY_ARRAY[multisets[:, list(kept)]].sum(axis=1)
        place = order[np.searchsorted(five_sums, part, sorter=order)]
        np.minimum(best, five_classes[place], out=best)
    return sums, best


@functools.cache
def _code_hash() -> str:
    """A hash of the code the tables come from: a change to it makes a new cache file."""
    here = Path(__file__).parent
    sources = [here / m for m in ("tables.py", "classes.py", "keys.py")]
    return code_hash([*sources, here.parent / "games.py"])


def _path(size: int, game: Game) -> Path:
    return cache_directory() / f"poker-{game}-ranks-{size}-{_code_hash()}.npz"


def _cached(
    size: int, game: Game = Game.HOLDEM
) -> tuple[NDArray[np.int64], NDArray[np.uint16]] | None:
    stored = load_tables(_path(size, game), ("sums", "classes"))
    if stored is None:
        return None
    sums, classes = stored["sums"], stored["classes"]
    if sums.dtype != np.int64 or classes.dtype != np.uint16 or sums.shape != classes.shape:
        return None
    return sums, classes  # type: ignore[return-value]  # dtypes checked above


@functools.cache
def _classes_of_multisets(
    size: int, game: Game = Game.HOLDEM
) -> tuple[NDArray[np.int64], NDArray[np.uint16]]:
    """Key sums of a game's rank multisets and the class of the best hand each makes
    (from the user's cache when it holds them)."""
    _check_size(size)
    game = _table_game(game)
    cached = _cached(size, game)
    if cached is not None:
        sums, classes = cached
    else:
        sums, classes = _multiset_classes(game, size)
        store_tables(_path(size, game), {"sums": sums, "classes": classes})
    sums.flags.writeable = False
    classes.flags.writeable = False
    return sums, classes


@functools.cache
def rank_table(size: int) -> NDArray[np.uint16]:
    """Class of the best suitless hold'em hand, indexed by the key sum of ``size`` ranks
    (:data:`CARD_KEYS` totals shifted right by :data:`RANK_SHIFT`); 0 where no hand sums:
    the NumPy fast path's table, uncompressed."""
    sums, classes = _classes_of_multisets(size)
    table = np.zeros(int(sums.max()) + 1, dtype=np.uint16)
    table[sums] = classes
    table.flags.writeable = False
    return table


def rank_table_dict(size: int) -> dict[int, int]:
    """:func:`rank_table` as a new dict (rank key sum to class), for one hand at a time."""
    sums, classes = _classes_of_multisets(size)
    return dict(zip(sums.tolist(), classes.tolist(), strict=True))


def _flush_build(game: Game) -> NDArray[np.uint16]:
    """A game's flush table, built (8,192 sets of ranks in Python: tens of milliseconds)."""
    from croupier.poker.evaluation.classes import best_suited, classes_of  # the build only

    variant = variant_of(game)
    suited = classes_of(game).suited
    straights = variant.straights
    table = np.zeros(1 << 13, dtype=np.uint16)
    deck = sum(1 << (r - 2) for r in variant.ranks)
    for mask in range(1 << 13):
        if mask.bit_count() >= MIN_CARDS and not mask & ~deck:
            held = [r for r in range(2, 15) if mask >> (r - 2) & 1]
            table[mask] = suited[best_suited(held, straights)]
    return table


@functools.cache
def _flush_table(game: Game) -> NDArray[np.uint16]:
    """A game's flush table, from the user's cache when it holds a valid one (checked by
    its hash, like the rank tables), else built and stored: every process that configures
    the kernels reads three of them."""
    path = cache_directory() / f"poker-{game}-flush-{_code_hash()}.npz"
    stored = load_tables(path, ("flush",))
    table = None if stored is None else stored["flush"]
    if table is None or table.dtype != np.uint16 or table.shape != (1 << 13,):
        table = _flush_build(game)
        store_tables(path, {"flush": table})
    table.flags.writeable = False
    return table  # type: ignore[return-value]  # dtype checked or made here


def flush_table(game: Game | str | Variant = Game.HOLDEM) -> NDArray[np.uint16]:
    """Class of the best flush or straight flush in a set of ranks of one suit, in a game
    (hold'em by default), indexed by the 13-bit set (bit ``rank - 2``); 0 for sets of
    fewer than 5 ranks, or holding a rank the game's deck has not."""
    return _flush_table(_table_game(game))


# --- the compressed tables (what the compiled kernels read) -------------------------------

#: The kernels' rank tables are compressed by rows of ``2 ** ROW_SHIFT`` rank sums.
ROW_SHIFT: Final = 10
#: Rows cover every rank sum of up to 7 cards of any card number 0-63 (the kernels mask
#: card numbers to 6 bits, numbers 52-63 keyed 0), so unchecked input stays inside.
_ROWS: Final = (MAX_CARDS * RANK_KEYS[-1] >> ROW_SHIFT) + 1
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


@functools.cache
def _table_set(game: Game) -> TableSet:
    compressed = [_compressed(size, game) for size in range(MIN_CARDS, MAX_CARDS + 1)]
    return TableSet(
        game,
        _flush_table(game),
        (compressed[0][0], compressed[1][0], compressed[2][0]),
        (compressed[0][1], compressed[1][1], compressed[2][1]),
    )


def table_set(game: Game | str | Variant) -> TableSet:
    """The tables of a game in the kernels' form (read from the user's cache, or built
    on first use in about a second and stored)."""
    return _table_set(_table_game(game))


def _compressed(size: int, game: Game) -> tuple[NDArray[np.int32], NDArray[np.uint16]]:
    """A game's rank table of ``size`` cards compressed by row displacement (from the
    user's cache when it holds a valid one)."""
    sums, classes = _classes_of_multisets(size, game)
    return compressed_table(f"poker-{game}-kernel-{size}", sums, classes)


def compressed_table(
    name: str, sums: NDArray[np.int64], classes: NDArray[np.uint16]
) -> tuple[NDArray[np.int32], NDArray[np.uint16]]:
    """:func:`displace` of a table, from the user's cache (file ``name`` and a hash of
    the code) when it holds one that gives every sum its class, else made and stored."""
    path = cache_directory() / f"{name}-{ROW_SHIFT}-{_code_hash()}.npz"
    stored = load_tables(path, ("offsets", "values"))
    if stored is not None and _displaced_right(stored["offsets"], stored["values"], sums, classes):
        offsets, values = stored["offsets"], stored["values"]
    else:
        offsets, values = displace(sums, classes)
        store_tables(path, {"offsets": offsets, "values": values})
    offsets.flags.writeable = False
    values.flags.writeable = False
    return offsets, values  # type: ignore[return-value]  # dtypes checked or made here


def _displaced_right(
    offsets: NDArray[np.generic],
    values: NDArray[np.generic],
    sums: NDArray[np.int64],
    classes: NDArray[np.uint16],
) -> bool:
    """Whether a compressed table read from the cache gives every rank sum its class."""
    if offsets.dtype != np.int32 or values.dtype != np.uint16 or offsets.shape != (_ROWS,):
        return False
    if int(offsets.min()) < 0 or int(offsets.max()) + (1 << ROW_SHIFT) > len(values):
        return False
    places = offsets[sums >> ROW_SHIFT] + (sums & _LOW)
    return bool(np.array_equal(values[places], classes))


def displace(
    sums: NDArray[np.int64], classes: NDArray[np.uint16]
) -> tuple[NDArray[np.int32], NDArray[np.uint16]]:
    """A sparse table (``classes[i]`` at rank sum ``sums[i]``) compressed by row
    displacement: the class of sum ``s`` is ``values[offsets[s >> ROW_SHIFT] + (s &
    (2 ** ROW_SHIFT - 1))]``. Rows cover every sum of up to 7 cards."""
    from croupier.engine import kernels

    order_in = np.argsort(sums)
    sums, classes = sums[order_in], classes[order_in]
    rows = sums >> ROW_SHIFT
    counts = np.bincount(rows, minlength=_ROWS)
    starts = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    order = np.argsort(-counts, kind="stable").astype(np.int64)
    offsets = np.zeros(_ROWS, dtype=np.int32)
    # each row lands at most one row's width past the last place taken before it
    taken = np.zeros((np.count_nonzero(counts) + 1) << ROW_SHIFT, dtype=np.uint8)
    columns = (sums & _LOW).astype(np.int64)
    kernels("poker").displace_rows(starts, columns, order, offsets, taken)
    values = np.zeros(int(offsets.max()) + (1 << ROW_SHIFT), dtype=np.uint16)
    values[offsets[rows] + columns] = classes
    return offsets, values


# --- Omaha's board pair table -----------------------------------------------------------

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
    >>> from croupier.poker.evaluation.batch import rank_rows_numpy
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
    boards = rank_multisets(5).astype(np.int64)
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


# --- the compiled kernels, given their tables ---------------------------------------------

KernelTables = tuple[
    NDArray[np.uint64],
    NDArray[np.uint16],
    tuple[NDArray[np.int32], NDArray[np.int32], NDArray[np.int32]],
    tuple[NDArray[np.uint16], NDArray[np.uint16], NDArray[np.uint16]],
    int,
]


@functools.cache
def _kernel_keys() -> NDArray[np.uint64]:
    """The 64-bit key of each card number 0-63 as the kernels read it: rank key in the
    high 32 bits, suit counter in the low 16; 52-63 key nothing."""
    keys = np.zeros(64, dtype=np.uint64)
    for card in range(52):
        keys[card] = (RANK_KEYS[card >> 2] << 32) | (1 << (4 * (card & 3)))
    keys.flags.writeable = False
    return keys


def kernel_tables() -> KernelTables:
    """Hold'em's tables as the kernels read them: the 64-bit key of each card number 0-63
    (rank key in the high 32 bits, suit counter in the low 16; 52-63 key nothing),
    hold'em's flush table, and per hand size (5, 6, 7) the row offsets and classes of its
    rank table compressed by row displacement, and the row shift (what the NumPy twin of
    the Monte Carlo kernel reads: :func:`croupier.poker.calc.montecarlo.deal_block`).

    >>> keys, flush, offsets, values, shift = kernel_tables()
    >>> [len(v) < 120_000 for v in values], len(rank_table(7)) > 8_000_000
    ([True, True, True], True)
    """
    holdem = table_set(Game.HOLDEM)
    return _kernel_keys(), holdem.flush, holdem.offsets, holdem.values, ROW_SHIFT


@functools.cache
def kernel_arguments() -> tuple[Any, ...]:
    """What :func:`croupier.poker._kernels.configure` takes: the card keys, then every
    table set side by side (:data:`TABLE_SET_OF`; hold'em's first, so that its offsets
    and values are where a table set of one would put them): the flush tables one after
    the other, and for 5, 6 and 7 cards the row offsets of each set (moved to where its
    values start) and all the values, the rows a set and the row shift."""
    numbers = sorted(set(TABLE_SET_OF.values()))
    sets = [table_set(next(g for g, n in TABLE_SET_OF.items() if n == k)) for k in numbers]
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
    rows = len(sets[0].offsets[0])
    return (
        _kernel_keys(),
        flush,
        tuple(o.astype(np.int32) for o in offsets),
        tuple(values),
        rows,
        ROW_SHIFT,
    )


@configured_once
def poker_kernels() -> ModuleType:
    """:mod:`croupier.poker._kernels` (compiled or not, see :func:`croupier.engine.kernels`),
    given every game's tables (once a module)."""
    from croupier.engine import kernels

    return _configured(kernels("poker"))


@configured_once
def _configured(module: ModuleType) -> ModuleType:
    from croupier.poker.ranges.starting_hands import COMBO_CARDS

    module.configure(*kernel_arguments())
    module.configure_combos(
        np.ascontiguousarray(COMBO_CARDS[:, 0]), np.ascontiguousarray(COMBO_CARDS[:, 1])
    )
    return module


@configured_once
def board_pair_kernels() -> ModuleType:
    """:func:`poker_kernels`, given Omaha's board pair table too
    (:func:`board_pair_table`, built on first use): what Monte Carlo deals of Omaha
    hands without a triple table read."""
    module = poker_kernels()
    module.configure_board_pairs(board_pair_table(), pair_places())
    return module
