"""Every round punto banco can produce, enumerated once from the drawing tables.

A round uses at most six cards, so the first six card *values* of a shoe decide it. All
10**6 ordered six-value sequences are played through the rules (vectorised with NumPy,
reading the same tables as the round engine) and each is labelled with its
:class:`RoundClass`: both final totals and how many cards each side took. Only values
matter, so the sequences are grouped by their multiset of values (5,005 multisets): the
chance of a sequence depends only on its multiset, which is what makes exact odds for
any shoe cheap (see :mod:`croupier.baccarat.odds`).

>>> tables = sequence_tables()
>>> int(tables.class_of[0]), ROUND_CLASSES[tables.class_of[0]]   # six tens: 0-0, both draw
(3, RoundClass(player_total=0, banker_total=0, player_cards=3, banker_cards=3))
>>> len(tables.multisets), int(tables.counts.sum())
(5005, 1000000)
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from croupier.baccarat.rules import BANKER_DRAWS, PLAYER_DRAWS, Outcome, outcome_of
from croupier.tablecache import cached_tables

__all__ = [
    "CLASS_COUNT",
    "ROUND_CLASSES",
    "MultisetLevels",
    "RoundClass",
    "SequenceTables",
    "class_id",
    "multiset_levels",
    "sequence_tables",
]

#: Round classes: 10 player totals x 10 banker totals x 2 player card counts x 2 banker.
CLASS_COUNT: Final = 400


def class_id(player_total: int, banker_total: int, player_cards: int, banker_cards: int) -> int:
    """The number (0..399) of the round class with these totals and card counts."""
    return ((player_total * 10 + banker_total) * 2 + player_cards - 2) * 2 + banker_cards - 2


@dataclass(frozen=True, slots=True)
class RoundClass:
    """What a finished round looks like to every bet but the pair bets.

    It has the attributes of :class:`~croupier.baccarat.payouts.RoundFacts`; the pair
    flags are given when known (the simulator knows them, the enumeration does not).
    """

    player_total: int
    banker_total: int
    player_cards: int
    banker_cards: int
    player_pair: bool = False
    banker_pair: bool = False

    def __repr__(self) -> str:
        pairs = ""
        if self.player_pair or self.banker_pair:
            pairs = f", player_pair={self.player_pair}, banker_pair={self.banker_pair}"
        return (
            f"RoundClass(player_total={self.player_total}, banker_total={self.banker_total}, "
            f"player_cards={self.player_cards}, banker_cards={self.banker_cards}{pairs})"
        )

    @property
    def outcome(self) -> Outcome:
        """Who won."""
        return outcome_of(self.player_total, self.banker_total)

    @property
    def player_card_count(self) -> int:
        """Cards the player holds (2 or 3)."""
        return self.player_cards

    @property
    def banker_card_count(self) -> int:
        """Cards the banker holds (2 or 3)."""
        return self.banker_cards

    @property
    def natural(self) -> bool:
        """A natural ended the round (with two cards each, a total of 8 or 9 is one)."""
        return (
            self.player_cards == self.banker_cards == 2
            and max(self.player_total, self.banker_total) >= 8
        )

    @property
    def cards_used(self) -> int:
        """Cards the round took from the shoe."""
        return self.player_cards + self.banker_cards


#: Every class by number (some are impossible, e.g. a two-card 0 against a natural 9 with a
#: third card; the enumeration gives those probability 0).
ROUND_CLASSES: Final[tuple[RoundClass, ...]] = tuple(
    RoundClass(pt, bt, pn, bn)
    for pt in range(10)
    for bt in range(10)
    for pn in (2, 3)
    for bn in (2, 3)
)


class SequenceTables:
    """The enumeration, indexed by a six-value key ``v1*10**5 + v2*10**4 + ... + v6``.

    Each array is read-only and made (or read from the user's cache) when first used.
    """

    #: The arrays, by attribute name.
    FIELDS: Final = (
        "class_of",
        "multiset_of",
        "multisets",
        "factor_index",
        "triplets",
        "counts",
        "outcome_counts",
    )

    def __init__(self, source: Mapping[str, NDArray[np.generic]]) -> None:
        self._source = source

    def _array(self, name: str, dtype: type[np.generic]) -> Any:
        array = np.asarray(self._source[name]).astype(dtype, copy=False)
        array.setflags(write=False)
        return array

    @functools.cached_property
    def class_of(self) -> NDArray[np.uint16]:
        """Round class of every key (10**6 entries)."""
        return self._array("class_of", np.uint16)  # type: ignore[no-any-return]

    @functools.cached_property
    def multiset_of(self) -> NDArray[np.int32]:
        """Multiset number (0..5004) of every key."""
        return self._array("multiset_of", np.int32)  # type: ignore[no-any-return]

    @functools.cached_property
    def multisets(self) -> NDArray[np.int8]:
        """The multisets' values in ascending order, shape (5005, 6)."""
        return self._array("multisets", np.int8)  # type: ignore[no-any-return]

    @functools.cached_property
    def factor_index(self) -> NDArray[np.intp]:
        """``value * 6 + occurrence`` for each multiset position, shape (5005, 6): the j-th
        repeat of a value takes factor ``count[value] - j`` in the falling factorials."""
        return self._array("factor_index", np.intp)  # type: ignore[no-any-return]

    @functools.cached_property
    def triplets(self) -> NDArray[np.intp]:
        """The (class, multiset, ordered sequences) of every pair with sequences, shape
        (3, 139988): :attr:`counts` without its zeros."""
        return self._array("triplets", np.intp)  # type: ignore[no-any-return]

    @functools.cached_property
    def counts(self) -> NDArray[np.int64]:
        """How many ordered sequences each (class, multiset) pair has, as a dense
        (400, 5005) array."""
        classes, multisets, counts = self.triplets
        dense = np.zeros((CLASS_COUNT, len(self.multisets)), dtype=np.int64)
        dense[classes, multisets] = counts
        dense.setflags(write=False)
        return dense

    @functools.cached_property
    def outcome_counts(self) -> NDArray[np.int64]:
        """:attr:`counts` summed by outcome: rows player, banker, tie."""
        return self._array("outcome_counts", np.int64)  # type: ignore[no-any-return]


def _play_all_sequences() -> NDArray[np.uint16]:
    p1, p2, b1, b2, c5, c6 = np.indices((10,) * 6, dtype=np.int8).reshape(6, -1)
    player = (p1 + p2) % 10
    banker = (b1 + b2) % 10
    natural = (player >= 8) | (banker >= 8)
    player_draws = ~natural & np.asarray(PLAYER_DRAWS)[player]
    banker_chart = np.asarray(BANKER_DRAWS)
    banker_draws = np.where(
        player_draws, banker_chart[banker, c5], ~natural & (banker <= 5)
    )  # a standing player: the banker draws on 0-5
    banker_third = np.where(player_draws, c6, c5)
    player_final = (player + np.where(player_draws, c5, 0)) % 10
    banker_final = (banker + np.where(banker_draws, banker_third, 0)) % 10
    ids = ((player_final.astype(np.int32) * 10 + banker_final) * 2 + player_draws) * 2
    labels: NDArray[np.uint16] = (ids + banker_draws).astype(np.uint16)
    return labels


def _outcome_rows() -> NDArray[np.intp]:
    order = {Outcome.PLAYER: 0, Outcome.BANKER: 1, Outcome.TIE: 2}
    return np.array([order[c.outcome] for c in ROUND_CLASSES], dtype=np.intp)


#: What the cache file stores: each array in its smallest type.
_STORED: Final = {
    "class_of": np.uint16,
    "multiset_of": np.uint16,
    "multisets": np.int8,
    "factor_index": np.uint8,
    "triplets": np.uint16,
    "outcome_counts": np.int32,
}


@functools.cache
def sequence_tables() -> SequenceTables:
    """The enumeration, built once per user and cached (see :mod:`croupier.tablecache`):
    building it takes about a third of a second; reading it, a few milliseconds for the
    arrays a calculation uses."""
    sources: list[str | Path] = [__file__, Path(__file__).parent / "rules.py"]
    return SequenceTables(
        cached_tables("baccarat-sequences", sources, _build_arrays, names=tuple(_STORED))
    )


def _build_arrays() -> dict[str, NDArray[np.generic]]:
    """The enumeration's arrays as the cache stores them (the values fit every type)."""
    tables = _build_sequence_tables()
    return {
        name: np.asarray(getattr(tables, name)).astype(dtype) for name, dtype in _STORED.items()
    }


def _build_sequence_tables() -> SequenceTables:
    """Build the enumeration (about a third of a second)."""
    class_of = _play_all_sequences()
    digits = np.indices((10,) * 6, dtype=np.int8).reshape(6, -1).T
    ordered = np.sort(digits, axis=1)
    keys = ordered.astype(np.int64) @ (10 ** np.arange(5, -1, -1, dtype=np.int64))
    unique_keys, multiset_of = np.unique(keys, return_inverse=True)
    multisets = ((unique_keys[:, None] // 10 ** np.arange(5, -1, -1)) % 10).astype(np.int8)
    occurrence = np.zeros(multisets.shape, dtype=np.intp)
    for i in range(1, 6):
        same = multisets[:, i] == multisets[:, i - 1]
        occurrence[:, i] = np.where(same, occurrence[:, i - 1] + 1, 0)
    factor_index = multisets.astype(np.intp) * 6 + occurrence
    flat = class_of.astype(np.int64) * len(unique_keys) + multiset_of
    counts = np.bincount(flat, minlength=CLASS_COUNT * len(unique_keys))
    counts = counts.reshape(CLASS_COUNT, len(unique_keys))
    classes, columns = np.nonzero(counts)
    triplets = np.stack([classes, columns, counts[classes, columns]])
    outcome_counts = np.zeros((3, len(unique_keys)), dtype=np.int64)
    np.add.at(outcome_counts, _outcome_rows(), counts)
    return SequenceTables(
        {
            "class_of": class_of,
            "multiset_of": multiset_of.astype(np.int32),
            "multisets": multisets,
            "factor_index": factor_index,
            "triplets": triplets,
            "outcome_counts": outcome_counts,
        }
    )


@dataclass(frozen=True)
class MultisetLevels:
    """The multisets of 1 to 6 values as a tree: each multiset of size k is its parent of
    size k-1 (drop its largest value) times one more factor.

    With ``factor[v * 6 + j] = count[v] - j``, the weight of a multiset (the number of
    ordered ways to draw it) is its parent's weight times ``factor[last[k][i]]``, so the
    5,005 six-card weights cost one product each, level by level.
    """

    #: ``parents[k][i]``: the parent (at level k-1) of multiset i of size k (k >= 2).
    parents: tuple[NDArray[np.intp], ...]
    #: ``last[k][i]``: the factor index of the value multiset i of size k adds.
    last: tuple[NDArray[np.intp], ...]


@functools.cache
def multiset_levels() -> MultisetLevels:
    """Build the multiset tree once; level 6 is in the order of ``sequence_tables()``.

    Level k lists the sorted k-tuples of values in lexicographic order, which is each
    parent of level k-1 in turn followed by every value from its largest one to 9.
    """
    parents: list[NDArray[np.intp]] = [np.zeros(0, np.intp), np.zeros(10, np.intp)]
    last: list[NDArray[np.intp]] = [np.zeros(0, np.intp), np.arange(10, dtype=np.intp) * 6]
    largest = np.arange(10, dtype=np.intp)  # each multiset's largest value
    repeats = np.zeros(10, dtype=np.intp)  # copies of it before the last one
    for _ in range(2, 7):
        children = 10 - largest
        parent = np.repeat(np.arange(len(largest), dtype=np.intp), children)
        first_child = np.repeat(np.cumsum(children) - children, children)
        offset = np.arange(len(parent), dtype=np.intp) - first_child
        added = largest[parent] + offset
        repeats = np.where(offset == 0, repeats[parent] + 1, 0)
        parents.append(parent)
        last.append(added * 6 + repeats)
        largest = added
    for array in parents + last:
        array.setflags(write=False)
    return MultisetLevels(tuple(parents), tuple(last))
