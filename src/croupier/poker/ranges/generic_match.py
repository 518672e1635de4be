"""The holdings a hand pattern or a macro of the generic syntax stands for, as a bit set
over every holding (:mod:`croupier.poker.ranges.generic_table`).

A holding matches a pattern when its cards can be given to the pattern's slots, one card
a slot and each card once (the holding's other cards are free), so that every slot takes
a card it allows, the slots of one rank (suit) variable take cards of one rank (suit),
and the slots of two different variables cards of different ranks (suits). A variable
never stands for a rank (suit) that the pattern names alone: ``AARR`` is aces and another
pair, ``ssxx`` two spades and two cards of another suit.

The work is done on the whole table at once: for each way of giving positions of a
holding to the slots (at most 120, fewer when slots repeat), a few ANDs of packed bit
sets, read from bit sets made once per slot and position (does the card there suit the
slot?) and per pair of positions (are their ranks, their suits, equal?).

>>> from croupier.poker.ranges.generic_table import holdings
>>> from croupier.poker.ranges.generic_syntax import parse
>>> table = holdings(4)
>>> [table.count(match_pattern(parse(t, 4), table)) for t in ("AA", "AAA", "AxAyxy", "RRON")]
[6961, 193, 864, 82368]
>>> table.count(match_macro("ds", table)), table.count(match_macro("r", table))
(36504, 28561)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from croupier.poker.ranges.generic_syntax import Pattern, Slot
from croupier.poker.ranges.generic_table import Bits, Holdings, holding_numbers

__all__ = ["match_macro", "match_pattern"]


def _allowed(slot: Slot, named_ranks: frozenset[int], named_suits: frozenset[int]) -> int:
    """The 52-bit set of the cards a slot may take, its variables kept apart from the
    ranks and suits the pattern names alone."""
    ranks = slot.ranks - named_ranks if slot.rank_variable else slot.ranks
    suits = slot.suits - named_suits if slot.suit_variable else slot.suits
    bits = 0
    for rank in ranks:
        for suit in suits:
            bits |= 1 << (4 * (rank - 2) + suit)
    if slot.cards is not None:
        bits &= sum(1 << c for c in slot.cards)
    return bits


_EVERY_CARD = (1 << 52) - 1


def match_pattern(pattern: Pattern, table: Holdings) -> Bits:
    """The holdings of ``table`` that match ``pattern`` (see the module's notes)."""
    named_ranks = frozenset(s.named_rank for s in pattern.slots if s.named_rank is not None)
    named_suits = frozenset(s.named_suit for s in pattern.slots if s.named_suit is not None)
    slots: list[tuple[int, str | None, str | None]] = []
    for slot in pattern.slots:
        allowed = _allowed(slot, named_ranks, named_suits)
        if allowed == 0:
            return table.empty
        if allowed == _EVERY_CARD and not slot.rank_variable and not slot.suit_variable:
            continue  # any card: one of the holding's free cards takes it
        slots.append((allowed, slot.rank_variable, slot.suit_variable))
    if len(pattern.slots) > table.size:
        return table.empty
    if not slots:
        return table.full
    if len(slots) == table.size and all(_one_card(allowed, *rest) for allowed, *rest in slots):
        return _the_hand(sorted(allowed.bit_length() - 1 for allowed, _, _ in slots), table)
    slots.sort(key=lambda s: (s[0], s[1] or "", s[2] or ""))
    reader = _Reader(table)
    result = table.empty.copy()
    for positions in _assignments(slots, table.size):
        bits = reader.assignment(slots, positions)
        if bits is not None:
            result |= bits
    return result


def _one_card(allowed: int, rank_variable: str | None, suit_variable: str | None) -> bool:
    """Whether a slot takes one card only (a card named in full, no variable)."""
    return rank_variable is None and suit_variable is None and allowed & (allowed - 1) == 0


def _the_hand(cards: list[int], table: Holdings) -> Bits:
    """The one holding of ``cards`` (increasing card numbers), found by its number rather
    than by matching every holding: a weighted list of hands is read hand by hand."""
    if len(set(cards)) < len(cards):
        return table.empty
    return table.from_numbers(holding_numbers(np.array([cards], dtype=np.int64)))


def _assignments(
    slots: list[tuple[int, str | None, str | None]], size: int
) -> list[tuple[int, ...]]:
    """The ways of giving distinct positions to the slots, one of each set of ways that
    differ only by swapping equal slots (equal slots take increasing positions)."""
    out = []
    for positions in itertools.permutations(range(size), len(slots)):
        if all(
            positions[i] < positions[i + 1]
            for i in range(len(slots) - 1)
            if slots[i] == slots[i + 1]
        ):
            out.append(positions)
    return out


def _card_flags(
    allowed: int, cards: NDArray[np.uint8], suits: NDArray[np.uint8]
) -> NDArray[np.bool_]:
    """Which of ``cards`` (one column of the table) are in the 52-bit set ``allowed``:
    by comparisons when the set is runs of ranks in some suits (a card number is
    ``4 * (rank - 2) + suit``, so a run of ranks is a run of card numbers), by a table
    look-up otherwise (a list of cards)."""
    members = [c for c in range(52) if allowed >> c & 1]
    ranks = sorted({c // 4 for c in members})
    suit_set = sorted({c % 4 for c in members})
    if len(members) != len(ranks) * len(suit_set):  # not ranks x suits
        flags = np.zeros(52, dtype=bool)
        flags[members] = True
        return np.take(flags, cards.astype(np.intp))
    runs: list[tuple[int, int]] = []
    for rank in ranks:
        if runs and runs[-1][1] == rank - 1:
            runs[-1] = (runs[-1][0], rank)
        else:
            runs.append((rank, rank))
    result: NDArray[np.bool_] | None = None
    for low, high in runs:
        run = (cards >= 4 * low) & (cards <= 4 * high + 3) if (low, high) != (0, 12) else None
        if run is not None:
            result = run if result is None else result | run
    if len(suit_set) < 4:
        in_suits = suits == suit_set[0]
        for suit in suit_set[1:]:
            in_suits |= suits == suit
        result = in_suits if result is None else result & in_suits
    return np.ones(len(cards), dtype=bool) if result is None else result


class _Reader:
    """Bit sets of one table, made on first use: does the card at a position suit a
    slot; are the ranks (suits) at two positions equal."""

    def __init__(self, table: Holdings) -> None:
        self.table = table
        self.slot_bits: dict[tuple[int, int], Bits] = {}
        self.pair_bits: dict[tuple[str, int, int, bool], Bits] = {}

    def at(self, allowed: int, position: int) -> Bits:
        key = (allowed, position)
        if key not in self.slot_bits:
            flags = _card_flags(allowed, self.table.columns[position], self.table.suits[position])
            self.slot_bits[key] = self.table.select(flags)
        return self.slot_bits[key]

    def pair(self, kind: str, p: int, q: int, equal: bool) -> Bits:
        p, q = min(p, q), max(p, q)
        key = (kind, p, q, equal)
        if key not in self.pair_bits:
            columns = self.table.ranks if kind == "rank" else self.table.suits
            same = columns[p] == columns[q]
            self.pair_bits[key] = self.table.select(same if equal else ~same)
        return self.pair_bits[key]

    def assignment(
        self, slots: list[tuple[int, str | None, str | None]], positions: tuple[int, ...]
    ) -> Bits | None:
        """The holdings matching the slots with the card at ``positions[i]`` in slot
        ``i``."""
        bits: Bits | None = None

        def add(more: Bits) -> None:
            nonlocal bits
            bits = more.copy() if bits is None else np.bitwise_and(bits, more, out=bits)

        for (allowed, _, _), position in zip(slots, positions, strict=True):
            add(self.at(allowed, position))
        for kind in ("rank", "suit"):
            first: dict[str, int] = {}
            for slot, position in zip(slots, positions, strict=True):
                variable = slot[1] if kind == "rank" else slot[2]
                if variable is None:
                    continue
                if variable in first:
                    add(self.pair(kind, first[variable], position, True))
                else:
                    for other in first.values():
                        add(self.pair(kind, other, position, False))
                    first[variable] = position
        return bits


def _suit_counts(table: Holdings) -> NDArray[np.int8]:
    counts = np.zeros((4, len(table)), dtype=np.int8)
    for column in table.suits:
        for suit in range(4):
            counts[suit] += column == suit
    return counts


def _ds(table: Holdings) -> NDArray[np.bool_]:
    counts = _suit_counts(table)
    flags: NDArray[np.bool_] = ((counts == 2).sum(axis=0) == 2) & (counts.max(axis=0) == 2)
    return flags


def _ss(table: Holdings) -> NDArray[np.bool_]:
    counts = _suit_counts(table)
    flags: NDArray[np.bool_] = ((counts == 2).sum(axis=0) == 1) & (counts.max(axis=0) == 2)
    return flags


def _rainbow(table: Holdings) -> NDArray[np.bool_]:
    flags: NDArray[np.bool_] = _suit_counts(table).max(axis=0) == 1
    return flags


def _no_pair(table: Holdings) -> NDArray[np.bool_]:
    flags = np.ones(len(table), dtype=bool)
    for p, q in itertools.combinations(range(table.size), 2):
        flags &= table.ranks[p] != table.ranks[q]
    return flags


_MACROS: dict[str, Callable[[Holdings], NDArray[np.bool_]]] = {
    "ds": _ds,
    "ss": _ss,
    "r": _rainbow,
    "np": _no_pair,
}


@functools.cache
def _macro_bits(name: str, size: int) -> Bits:
    from croupier.poker.ranges.generic_table import holdings

    table = holdings(size)
    bits = table.select(_MACROS[name](table))
    bits.setflags(write=False)
    return bits


def match_macro(name: str, table: Holdings) -> Bits:
    """The holdings of macro ``name`` (``ds``, ``ss``, ``r``, ``np``: see
    :data:`croupier.poker.ranges.generic_syntax.MACROS`), made once per table."""
    return _macro_bits(name, table.size)
