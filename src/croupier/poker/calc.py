"""Equity of ranges: 2 to 10 players, a board of 0, 3, 4 or 5 cards, dead cards, weights.

:func:`calculate` answers "who is ahead, by how much, how sure is that?" for players who
each hold a hand or a :class:`~croupier.poker.ranges.Range`:

>>> result = calculate(["AhKh", "QQ"], exact=True)
>>> result.exact, result.games
(True, 10273824)
>>> [f"{p.equity:.4f}" for p in result.players]
['0.4605', '0.5395']
>>> result.to_dict()["players"][1]["combos"]
6

Exact mode visits every compatible deal once: each assignment of combos to players
(two players never share a card, each assignment counted with the product of its
combos' weights) and every board completion. Assignments that differ only by a
permutation of suits (one that leaves the board and dead cards in place) have the same
outcome, so one of each is computed and weighted by the whole family. Preflop, an
assignment's 1.4-1.7 million boards are counted by rank multiset (6,175 of them, each
board's non-flush hands depend on its ranks alone) and only the boards that can give
somebody a flush are listed, by suit, and ranked from that suit's ranks. Monte Carlo
deals combos by weight and boards at random until the standard error of every player's
equity is below ``precision``. ``docs/explanation/poker-ranges.md`` tells the whole story.
"""

from __future__ import annotations

import collections
import functools
import itertools
import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, TypedDict, Unpack

import numpy as np
from numpy.typing import NDArray

from croupier.arguments import checked
from croupier.cards import Card, as_cards, cards_to_indices
from croupier.poker.batch import classes_from_totals
from croupier.poker.equity import _combination_chunks, _combinations
from croupier.poker.errors import PokerError
from croupier.poker.keys import RANK_KEYS
from croupier.poker.ranges import Range, RangeError
from croupier.poker.starting_hands import (
    CLASS_OF_COMBO,
    COMBO_BITS,
    COMBO_CARDS,
    COMBO_COUNT,
    COMBO_INDEX,
)
from croupier.poker.tables import (
    CARD_KEYS,
    FLUSH_BITS,
    FLUSH_OFFSET,
    RANK_SHIFT,
    flush_table,
    rank_multisets,
    rank_table,
)

__all__ = [
    "MAX_PLAYERS",
    "CalcOptions",
    "CalcResult",
    "PlayerResult",
    "calculate",
    "exact_seconds",
    "iter_calculate",
]

MAX_PLAYERS: Final = 10
#: Default Monte Carlo target: standard error of each equity (0.1 percentage point).
DEFAULT_PRECISION: Final = 0.001
#: Exact enumerations expected to take longer than this are left to Monte Carlo
#: (by default) or refused (``exact=True``), in seconds.
EXACT_AUTO_SECONDS: Final = 3.0
EXACT_LIMIT_SECONDS: Final = 600.0
#: Monte Carlo deals per batch, and the fewest trials before the stopping rule applies.
BATCH: Final = 1 << 18
MIN_TRIALS: Final = 10_000
#: Rough cost of one preflop assignment and of one postflop evaluation, in seconds
#: (used only to choose between exact and Monte Carlo before starting).
_PREFLOP_COST: Final = 0.01
_EVAL_COST: Final = 1e-7

Progress = Callable[[int, int], None]

_BITS: Final = np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))
_COMBO_KEYS: Final = CARD_KEYS[COMBO_CARDS].sum(axis=1)
_RANK_KEY_ARRAY: Final = np.array(RANK_KEYS, dtype=np.int64)
#: The key total of 2c 3d 4h 5s 7c 8d 9h: seven cards of no flush.
_HARMLESS_CARDS: Final = np.array([0, 5, 10, 15, 20, 25, 30])
_HARMLESS_TOTAL: Final = int(CARD_KEYS[_HARMLESS_CARDS].sum())


# --- results ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's share: ``equity`` (wins plus each tie's share), ``win`` and ``tie``
    (games won alone, games shared), as fractions of 1, weighted by combo weights."""

    range: str
    combos: int
    equity: float
    win: float
    tie: float
    stderr: float | None
    #: Equity of each class of the range (13x13 grid, NaN where the range has none).
    grid: NDArray[np.float64] = field(compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The player as in ``poker calc --json``."""
        return {
            "range": self.range,
            "combos": self.combos,
            "equity": self.equity,
            "win": self.win,
            "tie": self.tie,
            "stderr": self.stderr,
        }


@dataclass(frozen=True, slots=True)
class CalcResult:
    """What :func:`calculate` found. ``games``: deals enumerated (exact) or trials
    (Monte Carlo); ``partial``: stopped before the end (the figures cover what was done).
    """

    exact: bool
    games: int
    players: tuple[PlayerResult, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    partial: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The object ``poker calc --json`` prints."""
        return {
            "exact": self.exact,
            "partial": self.partial,
            "games": self.games,
            "players": [p.to_dict() for p in self.players],
            "board": [str(c) for c in self.board],
            "dead": [str(c) for c in self.dead],
        }


# --- the question -----------------------------------------------------------------------


def _cards(value: str | Sequence[Card] | None, what: str) -> tuple[Card, ...]:
    if value is None:
        return ()
    cards = as_cards(value, what)
    if len(set(cards)) != len(cards):
        repeated = next(c for c in cards if cards.count(c) > 1)
        raise RangeError(f"{what} names {repeated} twice: each card may appear once")
    return cards


class _Question:
    """Players' live combos and weights after card removal, and the cards to deal."""

    def __init__(
        self,
        ranges: Sequence[Range | str],
        board: str | Sequence[Card] | None,
        dead: str | Sequence[Card] | None,
    ) -> None:
        if not MIN_PLAYERS <= len(ranges) <= MAX_PLAYERS:
            raise PokerError(
                f"{len(ranges)} players: expected {MIN_PLAYERS} to {MAX_PLAYERS} ranges"
            )
        self.ranges = tuple(r if isinstance(r, Range) else Range.parse(r) for r in ranges)
        self.texts = tuple(str(r) for r in self.ranges)
        self.board = _cards(board, "the board")
        self.dead = _cards(dead, "the dead cards")
        if len(self.board) not in (0, 3, 4, 5):
            raise RangeError(f"a board of {len(self.board)} cards: expected 0, 3, 4 or 5 cards")
        both = set(self.board) & set(self.dead)
        if both:
            raise RangeError(f"{min(both)} is both on the board and dead: a card is in one place")
        self.fixed = cards_to_indices(self.board + self.dead)
        self.board_idx = cards_to_indices(self.board)
        self.to_deal = 5 - len(self.board)
        self.live_ranges = tuple(r.without(self.fixed) for r in self.ranges)
        self.combos: list[NDArray[np.int64]] = []
        self.weights: list[NDArray[np.float64]] = []
        for player, live in enumerate(self.live_ranges, 1):
            numbers = live.combo_numbers
            if not len(numbers):
                raise RangeError(
                    f"player {player}'s range {str(self.ranges[player - 1])!r} has no combo "
                    "left once the board and dead cards are removed"
                )
            self.combos.append(numbers)
            self.weights.append(live.weights[numbers])
        fixed_mask = np.zeros(52, dtype=bool)
        fixed_mask[self.fixed] = True
        self.deck = np.flatnonzero(~fixed_mask)
        self.board_key = int(CARD_KEYS[self.board_idx].sum())

    @property
    def players(self) -> int:
        return len(self.ranges)

    def completions_per_deal(self) -> int:
        return math.comb(len(self.deck) - 2 * self.players, self.to_deal)


MIN_PLAYERS: Final = 2


# --- tallies ----------------------------------------------------------------------------


def _shares(classes: NDArray[np.uint16]) -> tuple[NDArray[np.float64], NDArray[np.bool_]]:
    """Each player's share of each pot (columns) and whether it was a tie."""
    best = classes.min(axis=0)
    on_top = classes == best
    sharing = on_top.sum(axis=0)
    share = on_top / sharing
    return share, on_top & (sharing > 1)


class _Tally:
    """Weighted sums of equity, wins and ties per player (and per class of each range)."""

    def __init__(self, players: int) -> None:
        self.weight = 0.0
        self.games = 0
        self.equity = np.zeros(players)
        self.win = np.zeros(players)
        self.tie = np.zeros(players)
        self.squares = np.zeros(players)
        self.class_weight = np.zeros((players, 169))
        self.class_equity = np.zeros((players, 169))

    def add_deal(
        self,
        classes_of: NDArray[np.int64],
        weight: float,
        equity: NDArray[np.float64],
        win: NDArray[np.float64],
        tie: NDArray[np.float64],
        games: int,
    ) -> None:
        """One family of deals: the players' hand classes, its weight and outcome."""
        self.weight += weight
        self.games += games
        self.equity += weight * equity
        self.win += weight * win
        self.tie += weight * tie
        rows = np.arange(len(classes_of))
        self.class_weight[rows, classes_of] += weight
        self.class_equity[rows, classes_of] += weight * equity

    def add_deals(
        self,
        classes_of: NDArray[np.int64],
        weights: NDArray[np.float64],
        equity: NDArray[np.float64],
        win: NDArray[np.float64],
        tie: NDArray[np.float64],
        games: NDArray[np.int64],
    ) -> None:
        """Many families at once: one row each (see :meth:`add_deal`)."""
        self.weight += float(weights.sum())
        self.games += int(games.sum())
        self.equity += weights @ equity
        self.win += weights @ win
        self.tie += weights @ tie
        for p in range(classes_of.shape[1]):
            np.add.at(self.class_weight[p], classes_of[:, p], weights)
            np.add.at(self.class_equity[p], classes_of[:, p], weights * equity[:, p])

    def add_trials(
        self,
        sampler: _Sampler,
        picks: NDArray[np.int64],
        classes: NDArray[np.uint16],
        ok: NDArray[np.bool_],
    ) -> int:
        """Monte Carlo deals, one unit of weight each: ``classes`` holds each player's
        hand class (rows) in each deal (columns), ``picks`` its position in its combos;
        only the deals where ``ok`` is set count. Returns how many did."""
        n = int(np.count_nonzero(ok))
        self.games += n
        self.weight += n
        if len(classes) == 2:  # heads-up: comparisons instead of shares
            first, second = classes
            ahead, level = (first < second) & ok, (first == second) & ok
            wins = np.array([np.count_nonzero(ahead), n - np.count_nonzero(ahead | level)])
            ties = np.count_nonzero(level)
            self.win += wins
            self.tie += ties
            self.equity += wins + ties / 2
            self.squares += wins + ties / 4
            share = None
        else:
            picks, classes = picks[:, ok], classes[:, ok]
            share, tied = _shares(classes)
            self.equity += share.sum(axis=1)
            self.squares += (share**2).sum(axis=1)
            self.win += (share == 1).sum(axis=1)
            self.tie += tied.sum(axis=1)
        for p, numbers in enumerate(sampler.combo_classes):
            if len(numbers) == 1:
                self.class_weight[p, numbers[0]] = self.weight
                self.class_equity[p, numbers[0]] = self.equity[p]
                continue
            if share is None:
                # one count per combo and outcome: 0 lost, 1 tied, 2 won, 3 not counted
                mine = ahead if p == 0 else (second < first) & ok
                outcome = 2 * mine + level + 3 * ~ok
                counts = np.bincount(4 * picks[p] + outcome, minlength=4 * len(numbers))
                counts = counts.reshape(len(numbers), 4)
                np.add.at(self.class_weight[p], numbers, counts[:, :3].sum(axis=1))
                np.add.at(self.class_equity[p], numbers, counts[:, 2] + counts[:, 1] / 2)
            else:
                held = np.take(numbers, picks[p])
                self.class_weight[p] += np.bincount(held, minlength=169)
                self.class_equity[p] += np.bincount(held, weights=share[p], minlength=169)
        return n

    def stderr(self) -> NDArray[np.float64]:
        """Standard error of each player's equity (Monte Carlo: one unit weight a deal)."""
        equity = self.equity / max(self.weight, 1.0)
        variance = np.maximum(self.squares / max(self.weight, 1.0) - equity**2, 0)
        error: NDArray[np.float64] = np.sqrt(variance / max(self.games - 1, 1))
        return error

    def result(
        self, question: _Question, *, exact: bool, partial: bool, stderr: bool
    ) -> CalcResult:
        total = self.weight or 1.0
        equity = self.equity / total
        errors: list[float | None] = [None] * question.players
        if stderr:
            errors = [float(e) for e in self.stderr()]
        with np.errstate(invalid="ignore", divide="ignore"):
            grids = np.where(self.class_weight > 0, self.class_equity / self.class_weight, np.nan)
        players = tuple(
            PlayerResult(
                range=question.texts[p],
                combos=len(question.combos[p]),
                equity=float(equity[p]),
                win=float(self.win[p] / total),
                tie=float(self.tie[p] / total),
                stderr=errors[p],
                grid=grids[p].reshape(13, 13),
            )
            for p in range(question.players)
        )
        return CalcResult(
            exact=exact,
            games=self.games,
            players=players,
            board=question.board,
            dead=question.dead,
            partial=partial,
        )


# --- exact: assignments of combos to players --------------------------------------------


def _assignments(question: _Question, limit: int) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
    """Every compatible assignment (one combo per player, no shared card) and its weight;
    an empty array when there would be more than ``limit``."""
    combos = question.combos[0][:, None]
    weights = question.weights[0]
    masks = COMBO_BITS[question.combos[0]]
    for p in range(1, question.players):
        mine, my_weights = question.combos[p], question.weights[p]
        if len(combos) * len(mine) > 4 * limit:
            return np.zeros((0, question.players), np.int64), np.zeros(0)
        rows, cols = np.nonzero((masks[:, None] & COMBO_BITS[mine][None, :]) == 0)
        combos = np.concatenate([combos[rows], mine[cols, None]], axis=1)
        weights = weights[rows] * my_weights[cols]
        masks = masks[rows] | COMBO_BITS[mine[cols]]
        if len(combos) > limit:
            return np.zeros((0, question.players), np.int64), np.zeros(0)
    return combos, weights


@functools.cache
def _suit_maps(fixed: tuple[int, ...]) -> NDArray[np.int64]:
    """Combo maps (one row per suit permutation that leaves the ``fixed`` cards in place
    as a set): row ``k`` maps each combo number to its image."""
    maps = []
    fixed_set = set(fixed)
    for perm in itertools.permutations(range(4)):
        card_map = np.array([4 * (c // 4) + perm[c % 4] for c in range(52)], dtype=np.int64)
        if {int(card_map[c]) for c in fixed} != fixed_set:
            continue
        maps.append(COMBO_INDEX[card_map[COMBO_CARDS[:, 0]], card_map[COMBO_CARDS[:, 1]]])
    return np.array(maps, dtype=np.int64)


def _families(
    question: _Question, assignments: NDArray[np.int64], weights: NDArray[np.float64]
) -> tuple[NDArray[np.int64], NDArray[np.float64], NDArray[np.int64]]:
    """One assignment of each suit-isomorphic family, the family's weight and size."""
    players = question.players
    if players > 6 or not len(assignments):  # keys of 7 combo numbers overflow 64 bits
        return assignments, weights, np.ones(len(assignments), dtype=np.int64)
    scale = COMBO_COUNT ** np.arange(players - 1, -1, -1, dtype=np.int64)
    keys = np.full(len(assignments), np.iinfo(np.int64).max, dtype=np.int64)
    for combo_map in _suit_maps(tuple(int(c) for c in question.fixed)):
        np.minimum(keys, combo_map[assignments] @ scale, out=keys)
    _, first, inverse, sizes = np.unique(
        keys, return_index=True, return_inverse=True, return_counts=True
    )
    family_weights = np.bincount(inverse.ravel(), weights=weights, minlength=len(first))
    return assignments[first], family_weights.astype(np.float64), sizes.astype(np.int64)


# --- exact: preflop, by rank multiset and flush boards ----------------------------------


@functools.cache
def _multisets() -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Every 5-rank multiset: its rank counts (6175 x 13) and rank key sums."""
    multisets = rank_multisets(5).astype(np.int64)
    counts = np.zeros((len(multisets), 13), dtype=np.int64)
    for column in range(5):
        np.add.at(counts, (np.arange(len(multisets)), multisets[:, column]), 1)
    sums = _RANK_KEY_ARRAY[multisets].sum(axis=1)
    return counts, sums


@functools.cache
def _multiset_index() -> NDArray[np.int16]:
    """The number of each 5-rank multiset (a row of :func:`_multisets`), indexed by its
    rank key sum (-1 where no multiset sums)."""
    _, sums = _multisets()
    index = np.full(int(sums.max()) + 1, -1, dtype=np.int16)
    index[sums] = np.arange(len(sums))
    return index


_CHOOSE: Final = np.array([[math.comb(n, k) for k in range(6)] for n in range(5)], dtype=np.int64)


def _preflop_outcome(
    question: _Question, hole: NDArray[np.int64]
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], int]:
    """Equity, win and tie of each player over every 5-card board (``hole``: one combo
    per player), and the number of boards."""
    cards = COMBO_CARDS[hole]  # players x 2
    used = np.zeros(52, dtype=bool)
    used[question.fixed] = True
    used[cards.ravel()] = True
    free = np.flatnonzero(~used)
    available = 4 - used.reshape(13, 4).sum(axis=1)
    counts, sums = _multisets()
    boards = np.prod(_CHOOSE[available[None, :], counts], axis=1)
    live = np.flatnonzero(boards)
    hole_rank_keys = _RANK_KEY_ARRAY[cards // 4].sum(axis=1)
    table = rank_table(7)
    boards = boards.astype(np.float64)
    equity, win, tie = np.zeros(len(hole)), np.zeros(len(hole)), np.zeros(len(hole))
    # Boards that may give somebody a flush, dealt one by one: k cards of one suit (the
    # ``low`` rows) beside 5 - k of the others (the ``high`` rows), every pair of rows.
    # On such a board a player holding h cards of the suit has a flush exactly when
    # k + h >= 5 (the other suits have at most 2 + 2 cards), ranked by the suit's ranks
    # alone; otherwise its hand is ranked by its ranks.
    flushes = flush_table()
    for suit in range(4):
        mine = cards % 4 == suit  # players x 2
        held = mine.sum(axis=1)
        hole_masks = np.where(mine, 1 << (cards // 4), 0).sum(axis=1)
        in_suit, others = free[free % 4 == suit], free[free % 4 != suit]
        for k in range(5 - int(held.max()), 6):
            if k > len(in_suit) or 5 - k > len(others):
                continue
            low = in_suit[_combinations(len(in_suit), k)]
            high = others[_combinations(len(others), 5 - k)]
            rank_sums = np.add.outer(
                _RANK_KEY_ARRAY[low // 4].sum(axis=1), _RANK_KEY_ARRAY[high // 4].sum(axis=1)
            ).ravel()
            boards -= np.bincount(_multiset_index()[rank_sums], minlength=len(boards))
            low_masks = (1 << (low // 4)).sum(axis=1)
            classes = np.empty((len(hole), len(rank_sums)), dtype=np.uint16)
            for p in range(len(hole)):
                if k + held[p] >= 5:
                    classes[p] = np.repeat(flushes[low_masks | hole_masks[p]], len(high))
                else:
                    classes[p] = table[hole_rank_keys[p] + rank_sums]
            share, tied = _shares(classes)
            equity += share.sum(axis=1)
            win += (share == 1).sum(axis=1)
            tie += tied.sum(axis=1)
    classes = table[hole_rank_keys[:, None] + sums[None, live]]
    share, tied = _shares(classes)
    weight = boards[live]
    equity += share @ weight
    win += (share == 1) @ weight
    tie += tied @ weight
    total = math.comb(len(free), 5)
    return equity / total, win / total, tie / total, total


# --- exact: postflop, every completion of the board for every combo at once -------------


class _Completions:
    """Every completion of the board, and the class of each combo of any range on each."""

    def __init__(self, question: _Question) -> None:
        deck = question.deck
        picks = deck[_combinations(len(deck), question.to_deal)]
        self.bits = _BITS[picks].sum(axis=1) if question.to_deal else np.zeros(1, np.uint64)
        keys = question.board_key + CARD_KEYS[picks].sum(axis=1)
        self.used = np.unique(np.concatenate(question.combos))
        self.slot = np.full(COMBO_COUNT, -1, dtype=np.int64)
        self.slot[self.used] = np.arange(len(self.used))
        totals = _COMBO_KEYS[self.used][:, None] + keys[None, :]
        # a combo that shares a card with a completion is never counted: give the pair
        # the key of a real hand (no flush, inside the tables) instead
        clash = (COMBO_BITS[self.used][:, None] & self.bits[None, :]) != 0
        totals[clash] = _HARMLESS_TOTAL
        totals = totals.ravel()
        board = question.board_idx

        def cards_of(rows: NDArray[np.intp]) -> NDArray[np.int64]:
            combo, completion = np.divmod(rows, len(picks))
            cards = np.concatenate(
                [
                    COMBO_CARDS[self.used[combo]],
                    np.broadcast_to(board, (len(rows), len(board))),
                    picks[completion],
                ],
                axis=1,
            )
            cards[clash.ravel()[rows]] = _HARMLESS_CARDS
            return cards

        self.classes = classes_from_totals(totals, 7, cards_of).reshape(len(self.used), -1)

    def outcome(
        self, families: NDArray[np.int64]
    ) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
        """Equity, win and tie of each player (columns) in each family (rows)."""
        masks = np.bitwise_or.reduce(COMBO_BITS[families], axis=1)
        valid = (masks[:, None] & self.bits[None, :]) == 0  # families x completions
        classes = self.classes[self.slot[families]]  # families x players x completions
        best = classes.min(axis=1, keepdims=True)
        on_top = classes == best
        sharing = on_top.sum(axis=1, keepdims=True)
        share = (on_top / sharing) * valid[:, None, :]
        count = valid.sum(axis=1)[:, None]
        equity = share.sum(axis=2) / count
        win = (share == 1).sum(axis=2) / count
        tie = ((on_top & (sharing > 1)) * valid[:, None, :]).sum(axis=2) / count
        return equity, win, tie


# --- Monte Carlo ------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def _board_table(deck: tuple[int, ...], count: int) -> NDArray[np.complex128]:
    """Every set of ``count`` cards from ``deck``: their key total and 52-bit mask side
    by side, packed in 16 bytes so that one read fetches both (C(52, 5) = 2,598,960 sets
    at most, about 42 MB, kept for the next question)."""
    cards = np.array(deck, dtype=np.int64)
    pieces = [cards[rows] for rows in _combination_chunks(len(cards), count)]
    picks = np.concatenate(pieces) if pieces else np.zeros((1, 0), dtype=np.int64)
    pairs = np.zeros((len(picks), 2), dtype=np.int64)
    if count:
        pairs[:, 0] = CARD_KEYS[picks].sum(axis=1)
        pairs[:, 1] = _BITS[picks].sum(axis=1).view(np.int64)
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


def _flush_classes(totals: NDArray[np.int64], cards: NDArray[np.int64]) -> NDArray[np.uint16]:
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


class _Sampler:
    """Random deals: a combo per player by weight, and a completion of the board drawn
    from the table of all of them; deals where two hands or the board share a card are
    dropped (which leaves every compatible deal exactly as likely as its weight says).

    A player with a single combo always holds it: its cards are taken out of the other
    ranges and of the board table first, so fewer deals are dropped.
    """

    def __init__(self, question: _Question, rng: np.random.Generator) -> None:
        self.q = question
        self.rng = rng
        held = np.zeros(1, dtype=np.uint64)
        for combos in question.combos:
            if len(combos) == 1:
                if COMBO_BITS[combos[0]] & held[0]:
                    raise PokerError("two players hold the same card: no deal is possible")
                held |= COMBO_BITS[combos[0]]
        self.combos: list[NDArray[np.int64]] = []
        self.cumulative: list[NDArray[np.float64] | None] = []
        for combos, weights in zip(question.combos, question.weights, strict=True):
            keep = (len(combos) == 1) | ((COMBO_BITS[combos] & held) == 0)
            if not keep.any():
                raise PokerError("a range has no combo left beside the hands held by others")
            combos, weights = combos[keep], weights[keep]
            self.combos.append(combos)
            uniform = len(combos) == 1 or bool((weights == weights[0]).all())
            self.cumulative.append(None if uniform else np.cumsum(weights))
        self.pairs = _boards_without(
            tuple(int(c) for c in question.deck), question.to_deal, int(held[0])
        )
        self.combo_keys = [_COMBO_KEYS[c] + question.board_key for c in self.combos]
        self.combo_bits = [COMBO_BITS[c].view(np.int64) for c in self.combos]
        self.combo_classes = [CLASS_OF_COMBO[c] for c in self.combos]
        self.free = [p for p, c in enumerate(self.combos) if len(c) > 1]
        self.table = rank_table(7)
        self.board_bits = np.int64(_BITS[question.board_idx].sum()) if len(question.board) else 0

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
                classes[p, flushes] = _flush_classes(totals[flushes], cards)
        return picks, board, classes, ok


# --- the calculation --------------------------------------------------------------------


def _rng(rng: int | np.random.Generator | None) -> np.random.Generator:
    if isinstance(rng, np.random.Generator):
        return rng
    if rng is not None and (isinstance(rng, bool) or not isinstance(rng, int)):
        raise TypeError(f"rng must be an int, a numpy Generator or None, not {type(rng).__name__}")
    return np.random.default_rng(rng)


def _exact_plan(
    question: _Question, limit_seconds: float
) -> tuple[NDArray[np.int64], NDArray[np.float64], NDArray[np.int64], float] | None:
    """The families to enumerate and the estimated time, or None when over the limit."""
    cap = int(limit_seconds / _PREFLOP_COST) * 48 if question.to_deal == 5 else 2_000_000
    assignments, weights = _assignments(question, max(cap, 1))
    if not len(assignments):
        return None
    families, family_weights, sizes = _families(question, assignments, weights)
    if question.to_deal == 5:
        estimate = len(families) * _PREFLOP_COST * question.players / 2
    else:
        estimate = len(families) * question.players * math.comb(len(question.deck), 2) * _EVAL_COST
    if estimate > limit_seconds:
        return None
    return families, family_weights, sizes, estimate


@checked
def exact_seconds(
    ranges: Sequence[Range | str],
    *,
    board: str | Sequence[Card] | None = None,
    dead: str | Sequence[Card] | None = None,
    limit: float = EXACT_LIMIT_SECONDS,
) -> float | None:
    """The rough time an exact :func:`calculate` of this question takes here, in seconds,
    or None when it is over ``limit``: for callers (a server) that bound the work.

    >>> exact_seconds(["AA", "KK"], board="2c 7d 9h") is not None
    True
    >>> exact_seconds(["random"] * 10, limit=60) is None
    True
    """
    plan = _exact_plan(_Question(ranges, board, dead), limit)
    return None if plan is None else plan[3]


class CalcOptions(TypedDict, total=False):
    """The keyword arguments of :func:`calculate`, for :func:`iter_calculate`."""

    board: str | Sequence[Card] | None
    dead: str | Sequence[Card] | None
    exact: bool | None
    trials: int | None
    precision: float | None
    rng: int | np.random.Generator | None
    progress: Progress | None


@checked
def iter_calculate(
    ranges: Sequence[Range | str], **options: Unpack[CalcOptions]
) -> Iterator[CalcResult]:
    """Like :func:`calculate`, yielding the result so far after each batch of work (all
    marked partial) and the whole result last: stop early and keep the last one."""
    question = _Question(ranges, options.get("board"), options.get("dead"))
    exact, trials = options.get("exact"), options.get("trials")
    precision, progress = options.get("precision"), options.get("progress")
    if trials is not None and (isinstance(trials, bool) or not isinstance(trials, int)):
        raise TypeError(f"trials must be an int, not {type(trials).__name__}")
    if trials is not None and trials < 1:
        raise PokerError(f"bad number of trials {trials}: expected 1 or more")
    if precision is not None and not 0 < precision < 1:
        raise PokerError(f"bad precision {precision}: expected a fraction above 0 and below 1")
    if exact and (trials is not None or precision is not None):
        raise PokerError("exact mode enumerates every deal: give no trials or precision")
    plan = None
    if exact or (exact is None and trials is None and precision is None):
        limit = EXACT_LIMIT_SECONDS if exact else EXACT_AUTO_SECONDS
        plan = _exact_plan(question, limit)
        if plan is None and exact:
            raise PokerError(
                f"exact enumeration would take over {limit:.0f} seconds here (too many "
                "combinations of ranges): use Monte Carlo (trials or precision) instead"
            )
    if plan is not None:
        yield from _run_exact(question, *plan[:3], progress)
    else:
        generator = _rng(options.get("rng"))
        target = precision if precision is not None else DEFAULT_PRECISION
        yield from _run_monte_carlo(question, generator, trials, target, progress)


@checked
def calculate(
    ranges: Sequence[Range | str],
    *,
    board: str | Sequence[Card] | None = None,
    dead: str | Sequence[Card] | None = None,
    exact: bool | None = None,
    trials: int | None = None,
    precision: float | None = None,
    rng: int | np.random.Generator | None = None,
    progress: Progress | None = None,
) -> CalcResult:
    """Each player's equity, win and tie, exactly or by Monte Carlo.

    ``ranges``: one per player (2 to 10), a :class:`~croupier.poker.ranges.Range` or its
    text (``"AhKh"``, ``"TT+, AQs+"``, ``"15%"``); ``board``: 0, 3, 4 or 5 cards;
    ``dead``: cards out of play. ``exact=True`` enumerates every deal (an error when that
    would take over ten minutes); ``trials`` runs that many Monte Carlo deals;
    ``precision`` runs Monte Carlo until every equity's standard error is below it.
    By default: exact when it takes a few seconds at most, else Monte Carlo to a
    standard error of 0.001 (0.1 percentage point). ``rng``: a seed or a NumPy
    Generator for Monte Carlo; ``progress(done, total)`` is called as work proceeds.

    >>> r = calculate(["AA", "KK", "QQ"], board="2c 7d 9h Js", exact=True)
    >>> r.games, round(sum(p.equity for p in r.players), 9)
    (9072, 1.0)
    >>> r = calculate(["AhKh", "22"], trials=20_000, rng=7)
    >>> r.exact, r.games, abs(r.players[0].equity - 0.5) < 0.02, r.players[0].stderr < 0.004
    (False, 20000, True, True)
    """
    options: CalcOptions = {
        "board": board,
        "dead": dead,
        "exact": exact,
        "trials": trials,
        "precision": precision,
        "rng": rng,
        "progress": progress,
    }
    results = iter_calculate(ranges, **options)
    return collections.deque(results, maxlen=1)[0]


def _run_exact(
    question: _Question,
    families: NDArray[np.int64],
    weights: NDArray[np.float64],
    sizes: NDArray[np.int64],
    progress: Progress | None,
) -> Iterator[CalcResult]:
    tally = _Tally(question.players)
    per_deal = question.completions_per_deal()
    total = len(families)
    classes = CLASS_OF_COMBO[families]
    done = 0
    if question.to_deal == 5:
        rank_table(7)
        started = time.perf_counter()
        for i in range(total):
            equity, win, tie, boards = _preflop_outcome(question, families[i])
            tally.add_deal(classes[i], float(weights[i]), equity, win, tie, int(sizes[i]) * boards)
            done = i + 1
            if time.perf_counter() - started > 0.2 and done < total:
                started = time.perf_counter()
                if progress is not None:
                    progress(done, total)
                yield tally.result(question, exact=False, partial=True, stderr=False)
    else:
        completions = _Completions(question)
        step = max(1, 4_000_000 // (question.players * completions.classes.shape[1]))
        for start in range(0, total, step):
            stop = min(total, start + step)
            equity, win, tie = completions.outcome(families[start:stop])
            tally.add_deals(
                classes[start:stop],
                weights[start:stop],
                equity,
                win,
                tie,
                sizes[start:stop] * per_deal,
            )
            if progress is not None:
                progress(stop, total)
            if stop < total:
                yield tally.result(question, exact=False, partial=True, stderr=False)
    if progress is not None:
        progress(total, total)
    yield tally.result(question, exact=True, partial=False, stderr=False)


def _run_monte_carlo(
    question: _Question,
    rng: np.random.Generator,
    trials: int | None,
    precision: float,
    progress: Progress | None,
) -> Iterator[CalcResult]:
    sampler = _Sampler(question, rng)
    tally = _Tally(question.players)
    attempts = 0
    goal = trials if trials is not None else MIN_TRIALS
    shown = time.perf_counter()
    while True:
        want = goal - tally.games
        size = max(min(BATCH, 2 * want), 1024)
        picks, _, classes, ok = sampler.deal(size)
        if want < size:  # keep exactly the deals asked for
            ok &= np.cumsum(ok) <= want
        attempts += size
        if not tally.add_trials(sampler, picks, classes, ok) and attempts > 100 * BATCH:
            raise PokerError("the ranges almost never fit together: no deal found")
        if tally.games >= goal:
            if trials is not None:
                break
            worst = float(np.max(tally.stderr()))
            if worst <= precision:
                break
            # the trials still needed, from the variance so far (SE falls as 1/sqrt(n))
            goal = max(goal + 1024, int(tally.games * (worst / precision) ** 2 * 1.02))
        if time.perf_counter() - shown > 0.25:
            shown = time.perf_counter()
            if progress is not None:
                progress(tally.games, goal)
            yield tally.result(question, exact=False, partial=True, stderr=True)
    if progress is not None:
        progress(tally.games, tally.games)
    yield tally.result(question, exact=False, partial=False, stderr=True)
