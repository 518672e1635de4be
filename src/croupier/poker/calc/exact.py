"""Exact mode, in every game: every assignment of hands to players against every board.

An assignment gives each player one hand of its range (two players never share a card)
and counts with the product of its hands' weights (:func:`assignments`).

Hold'em's fast path (:func:`plan_exact`, :func:`run_exact`): assignments that differ
only by a permutation of suits (one that leaves the board and dead cards in place) have
the same outcome, so one of each family is computed and weighted by the whole family,
and enumerated over every board (:mod:`~croupier.poker.calc.preflop` before the flop,
:mod:`~croupier.poker.calc.postflop` after it).

Any game (:func:`plan_rows_exact`, :func:`run_rows_exact`, on the rows of
:class:`~croupier.poker.calc.live.LiveRows`): each player's rows are listed whole (a
partly unknown hand as every completion of it), and every completion of the board dealt
from the deck left. On each board every hand is ranked once (an Omaha hand as the best
of its pairs, read from a table of every pair of cards on that board when there are many
hands), then every assignment is scored. The boards are cut by their first card into
pieces of similar work, which threads share (counts are integers, so the answer does not
depend on how).

>>> from croupier.poker.calc.question import EquityQuestion
>>> from croupier.poker.calc.live import LiveRows
>>> live = LiveRows(EquityQuestion.parse(["AsAhKsKh", "QdQcJdTc"], "2c 7d 9h", game="omaha"))
>>> plan = plan_rows_exact(live, 10.0)
>>> plan.boards, len(plan.assign)
(820, 1)
>>> result = list(run_rows_exact(live, plan, None))[-1]
>>> result.games, [round(p.equity, 4) for p in result.players]
(820, [0.6415, 0.3585])
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import math
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.engine import compiled
from croupier.parallel import InOrder, iter_tasks
from croupier.poker.calc.live import LiveQuestion, LiveRows, bits_of
from croupier.poker.calc.postflop import Completions
from croupier.poker.calc.preflop import SHARE_UNITS, preflop_outcome
from croupier.poker.calc.results import CalcResult, Progress, RowSums, rows_result
from croupier.poker.calc.symmetry import (
    board_weight,
    group_array,
    row_permutation,
    stabiliser,
)
from croupier.poker.calc.tally import Tally
from croupier.poker.evaluation.batch import rank_rows_numpy
from croupier.poker.evaluation.tables import TABLE_SET_OF, poker_kernels, rank_table
from croupier.poker.ranges.starting_hands import (
    COMBO_BITS,
    COMBO_CARDS,
    COMBO_COUNT,
    COMBO_INDEX,
)

__all__ = [
    "SHARE_UNITS",
    "ExactPlan",
    "RowsPlan",
    "assignments",
    "assignments_of",
    "board_counts",
    "plan_exact",
    "plan_rows_exact",
    "rows_symmetry",
    "run_exact",
    "run_rows_exact",
    "symmetrised",
]

#: Rough cost of one preflop assignment and of one postflop evaluation, in seconds
#: (used only to choose between exact and Monte Carlo before starting).
PREFLOP_COST: Final = 0.01
EVAL_COST: Final = 1e-7


@dataclass(frozen=True, slots=True)
class ExactPlan:
    """The suit families to enumerate (one assignment each, its weight and size), every
    assignment (``members``, family by family: family ``f``'s are rows ``starts[f]`` to
    ``starts[f + 1]``, with their own weights) and the time the enumeration is expected
    to take here, in seconds."""

    families: NDArray[np.int64]
    weights: NDArray[np.float64]
    sizes: NDArray[np.int64]
    seconds: float
    members: NDArray[np.int64]
    member_weights: NDArray[np.float64]
    starts: NDArray[np.int64]


def assignments(
    bits: Sequence[NDArray[np.uint64]], weights: Sequence[NDArray[np.float64]], limit: int
) -> tuple[NDArray[np.int64], NDArray[np.uint64], NDArray[np.float64]] | None:
    """Every compatible assignment of one hand to each player (hand ``i`` of player
    ``p`` holds the cards of the 52-bit set ``bits[p][i]`` and weighs ``weights[p][i]``),
    no card held twice: the hands' places in their lists (a row an assignment), each
    assignment's cards and weight (the product of its hands'); None when there would be
    more than ``limit``.

    >>> two = np.array([0b11, 0b110, 0b1000], dtype=np.uint64)
    >>> assign, cards, weight = assignments([two, two], [np.ones(3), np.ones(3)], 10)
    >>> assign.tolist()
    [[0, 2], [1, 2], [2, 0], [2, 1]]
    """
    assign = np.arange(len(bits[0]), dtype=np.int64)[:, None]
    masks, weight = bits[0], weights[0]
    for p in range(1, len(bits)):
        if len(assign) * len(bits[p]) > 4 * limit:
            return None
        rows, cols = np.nonzero((masks[:, None] & bits[p][None, :]) == 0)
        if len(rows) > limit:
            return None
        assign = np.concatenate([assign[rows], cols[:, None]], axis=1)
        masks = masks[rows] | bits[p][cols]
        weight = weight[rows] * weights[p][cols]
    return assign, masks, weight


def assignments_of(
    question: LiveQuestion, limit: int
) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
    """Every compatible assignment of hold'em combos (one combo per player, no shared
    card, by combo number) and its weight; an empty array when there would be more than
    ``limit``."""
    combos = question.combos
    found = assignments([COMBO_BITS[c] for c in combos], question.weights, limit)
    if found is None:
        return np.zeros((0, question.players), np.int64), np.zeros(0)
    assign, _, weights = found
    numbers = np.stack([combos[p][assign[:, p]] for p in range(question.players)], axis=1)
    return numbers, weights


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
    question: LiveQuestion, assignments: NDArray[np.int64], weights: NDArray[np.float64]
) -> tuple[NDArray[np.int64], NDArray[np.float64], NDArray[np.int64], NDArray[np.int64]]:
    """One assignment of each suit-isomorphic family, the family's weight and size, and
    the family of every assignment."""
    players = question.players
    if players > 6 or not len(assignments):  # keys of 7 combo numbers overflow 64 bits
        every = np.arange(len(assignments), dtype=np.int64)
        return assignments, weights, np.ones(len(assignments), dtype=np.int64), every
    scale = COMBO_COUNT ** np.arange(players - 1, -1, -1, dtype=np.int64)
    keys = np.full(len(assignments), np.iinfo(np.int64).max, dtype=np.int64)
    for combo_map in _suit_maps(tuple(int(c) for c in question.fixed)):
        np.minimum(keys, combo_map[assignments] @ scale, out=keys)
    _, first, inverse, sizes = np.unique(
        keys, return_index=True, return_inverse=True, return_counts=True
    )
    family_of = inverse.ravel().astype(np.int64)
    family_weights = np.bincount(family_of, weights=weights, minlength=len(first))
    return (
        assignments[first],
        family_weights.astype(np.float64),
        sizes.astype(np.int64),
        family_of,
    )


def plan_exact(question: LiveQuestion, limit_seconds: float) -> ExactPlan | None:
    """The families to enumerate and the estimated time, or None when over the limit."""
    cap = int(limit_seconds / PREFLOP_COST) * 48 if question.to_deal == 5 else 2_000_000
    assignments, weights = assignments_of(question, max(cap, 1))
    if not len(assignments):
        return None
    families, family_weights, sizes, family_of = _families(question, assignments, weights)
    if question.to_deal == 5:
        estimate = len(families) * PREFLOP_COST * question.players / 2
    else:
        estimate = len(families) * question.players * math.comb(len(question.deck), 2) * EVAL_COST
    if estimate > limit_seconds:
        return None
    order = np.argsort(family_of, kind="stable")
    starts = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    return ExactPlan(
        families, family_weights, sizes, estimate, assignments[order], weights[order], starts
    )


def _add_families(
    tally: Tally,
    plan: ExactPlan,
    first: int,
    outcomes: tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]],
    games: int,
) -> None:
    """Families ``first``, ``first + 1``... with their outcomes (equity, win and tie of
    each player, one row a family) into ``tally``, assignment by assignment (every
    assignment of a family has the family's outcome), ``games`` deals in all."""
    count = len(outcomes[0])
    low, high = plan.starts[first], plan.starts[first + count]
    family = np.repeat(np.arange(count), plan.sizes[first : first + count])
    equity, win, tie = (values[family] for values in outcomes)
    tally.add_deals(plan.members[low:high], plan.member_weights[low:high], equity, win, tie, games)


#: Preflop families per task (each takes about 10 ms).
PREFLOP_TASK: Final = 16
#: Modules the worker processes of an exact run start with (their tables built).
PRELOAD: Final = ("croupier.poker.calc._worker_preload",)


def _task_size(question: LiveQuestion) -> int:
    """Families per task: a question's own figure, never the number of workers, so the
    sums come out the same however the tasks are run."""
    if question.to_deal == 5:
        return PREFLOP_TASK
    completions = math.comb(len(question.deck), question.to_deal)
    return max(1, 4_000_000 // (question.players * completions))


Outcomes = tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], NDArray[np.int64]]


def family_outcomes(question: LiveQuestion, families: NDArray[np.int64]) -> Outcomes:
    """One task: the equity, win and tie of each player (columns) in each of these
    families (rows), and the boards each family is enumerated over."""
    if question.to_deal == 5:
        rows = [preflop_outcome(question, family) for family in families]
        equity, win, tie = (np.array([row[k] for row in rows]) for k in range(3))
        return equity, win, tie, np.array([row[3] for row in rows], dtype=np.int64)
    equity, win, tie = _completions(question).outcome(families)
    boards = np.full(len(families), question.completions_per_deal(), dtype=np.int64)
    return equity, win, tie, boards


_COMPLETIONS: dict[tuple[bytes, ...], Completions] = {}


def _completions(question: LiveQuestion) -> Completions:
    """The completions of a question's board, kept for its next tasks in this process."""
    arrays = (question.deck, question.board_idx, *question.combos)
    key = tuple(array.tobytes() for array in arrays)
    if key not in _COMPLETIONS:
        _COMPLETIONS.clear()
        _COMPLETIONS[key] = Completions(question)
    return _COMPLETIONS[key]


def run_exact(
    question: LiveQuestion,
    plan: ExactPlan,
    progress: Progress | None,
    *,
    workers: int = 1,
    scheduler: str | None = None,
) -> Iterator[CalcResult]:
    """Enumerate ``plan``: results so far (partial) as work proceeds, the whole last.

    The families are split into tasks of a size the question alone decides (see
    :func:`croupier.parallel.iter_tasks` for ``workers`` and ``scheduler``); their
    outcomes are added up task by task in family order, so the result is bit-for-bit
    the same however the tasks are run."""
    families, sizes = plan.families, plan.sizes
    tally = Tally(question.players)
    total = len(families)
    step = _task_size(question)
    starts = range(0, total, step)
    done = 0

    def add(start: int, outcomes: Outcomes) -> None:
        nonlocal done
        equity, win, tie, boards = outcomes
        stop = start + len(equity)
        games = int((sizes[start:stop] * boards).sum())
        _add_families(tally, plan, start, (equity, win, tie), games)
        done = stop

    merged: InOrder[tuple[int, Outcomes]] = InOrder(lambda item: add(*item))
    rank_table(7)
    tasks = iter_tasks(
        family_outcomes,
        [(question, families[start : start + step]) for start in starts],
        workers=workers,
        scheduler=scheduler,
        preload=PRELOAD,
    )
    with contextlib.closing(tasks):
        for index, outcomes in tasks:
            before = done
            merged.put(index, (starts[index], outcomes))
            if before < done < total:  # the result so far, after every task added
                if progress is not None:
                    progress(done, total)
                yield tally.result(question, exact=False, partial=True, stderr=False)
    if progress is not None:
        progress(total, total)
    yield tally.result(question, exact=True, partial=False, stderr=False)


# --- any game: the rows engine ---------------------------------------------------------

#: Rough costs in seconds, compiled and not (used only to choose exact or Monte Carlo):
#: a five-card class, a table read, an assignment's player scored, a board set up.
_COSTS: Final = {True: (4e-9, 1.5e-9, 2e-9, 1e-7), False: (6e-8, 2e-8, 3e-8, 2e-3)}
#: Hands listed at most for one player, and assignments at most.
MAX_ROWS: Final = 2_000_000
MAX_ASSIGNMENTS: Final = 20_000_000


@dataclass(frozen=True, slots=True)
class RowsPlan:
    """What to enumerate: every player's hands one after the other (``hands``, rows of
    card numbers in increasing order, player ``p``'s from ``starts[p]``), the compatible
    assignments (``assign``: a hand number a player) and their weights, the cards of
    all the hands (for the pair table, used when ``use_pairs``), the boards to deal and
    the time expected here, in seconds."""

    hands: NDArray[np.int64]
    hand_bits: NDArray[np.uint64]
    starts: NDArray[np.int64]
    assign: NDArray[np.int64]
    assign_bits: NDArray[np.uint64]
    weights: NDArray[np.float64]
    pair_cards: NDArray[np.int64]
    use_pairs: bool
    boards: int
    seconds: float


def _row_weights(live: LiveRows, p: int, count: int) -> NDArray[np.float64]:
    """Player ``p``'s weight of each of its ``count`` rows listed whole (a partly
    unknown hand's completions weigh alike)."""
    return live.weights[p] if not live.missing[p] else np.ones(count)


def plan_rows_exact(live: LiveRows, limit_seconds: float) -> RowsPlan | None:
    """The enumeration to run and its estimated time, or None when over the limit."""
    fast = compiled("poker")
    eval_cost, read_cost, assign_cost, board_cost = _COSTS[fast]
    boards = math.comb(len(live.deck), live.to_deal)
    hands: list[NDArray[np.int64]] = []
    for p in range(live.players):
        count = live.hand_counts[p]
        if count > MAX_ROWS or boards * count * read_cost > limit_seconds:
            return None
        hands.append(live.exact_rows(p))
    cap = int(min(MAX_ASSIGNMENTS, limit_seconds / (boards * live.players * assign_cost) + 1))
    weights_of = [_row_weights(live, p, len(h)) for p, h in enumerate(hands)]
    found = assignments([bits_of(h) for h in hands], weights_of, cap)
    if found is None or not len(found[0]):
        return None
    assign, assign_bits, weights = found
    starts = np.cumsum([0] + [len(h) for h in hands]).astype(np.int64)
    everything = np.concatenate(hands)
    pair_cards = np.unique(everything)
    size = live.size
    if live.two_card:
        per_board = len(everything) * eval_cost * 2
        use_pairs = False
    else:
        pairs_a_hand = math.comb(size, 2)
        direct = len(everything) * pairs_a_hand * 10 * eval_cost
        by_table = math.comb(len(pair_cards), 2) * 10 * eval_cost
        by_table += len(everything) * pairs_a_hand * read_cost
        use_pairs = fast and by_table < direct
        per_board = min(direct, by_table) if fast else direct
    per_board += len(assign) * live.players * assign_cost + board_cost
    seconds = boards * per_board
    if seconds > limit_seconds:
        return None
    global_assign = np.ascontiguousarray(assign + starts[:-1][None, :])
    return RowsPlan(
        np.ascontiguousarray(everything),
        bits_of(everything),
        starts,
        global_assign,
        assign_bits,
        weights,
        pair_cards,
        use_pairs,
        boards,
        seconds,
    )


def _pieces(live: LiveRows, parts: int) -> list[tuple[int, int]]:
    """Ranges of first-card positions whose boards add up to similar work."""
    deck, deal = len(live.deck), live.to_deal
    if deal == 0:
        return [(0, 1)]
    per_first = [math.comb(deck - 1 - i, deal - 1) for i in range(deck - deal + 1)]
    total = sum(per_first)
    pieces: list[tuple[int, int]] = []
    start = done = 0
    for i, count in enumerate(per_first):
        done += count
        if done >= total * (len(pieces) + 1) / parts or i == len(per_first) - 1:
            pieces.append((start, i + 1))
            start = i + 1
    return pieces


class _Counts:
    """Per assignment: boards counted, and per player wins, ties and pot shares."""

    def __init__(self, assignments: int, players: int) -> None:
        self.valid = np.zeros(assignments, dtype=np.int64)
        self.wins = np.zeros(assignments * players, dtype=np.int64)
        self.ties = np.zeros(assignments * players, dtype=np.int64)
        self.shares = np.zeros(assignments * players, dtype=np.int64)

    def add(self, other: _Counts) -> None:
        for name in ("valid", "wins", "ties", "shares"):
            getattr(self, name)[:] += getattr(other, name)


#: The identity alone: every board dealt, once.
IDENTITY: Final = group_array([(0, 1, 2, 3)])


def _kernel_piece(
    live: LiveRows,
    plan: RowsPlan,
    piece: tuple[int, int],
    out: _Counts,
    group: NDArray[np.int64] = IDENTITY,
) -> int:
    board = np.zeros(5, dtype=np.int64)
    board[: len(live.board)] = live.board
    boards: int = poker_kernels().exact_boards(
        piece[0],
        piece[1],
        live.deck,
        live.to_deal,
        board,
        len(live.board),
        plan.hands.ravel(),
        live.size,
        plan.hand_bits,
        plan.assign.ravel(),
        live.players,
        plan.assign_bits,
        not live.two_card,
        TABLE_SET_OF[live.variant.game],
        plan.pair_cards,
        plan.use_pairs,
        out.wins,
        out.ties,
        out.shares,
        out.valid,
        group.ravel(),
    )
    return boards


def _numpy_piece(
    live: LiveRows,
    plan: RowsPlan,
    piece: tuple[int, int],
    out: _Counts,
    group: NDArray[np.int64] = IDENTITY,
) -> int:
    """The NumPy path of :func:`_kernel_piece` (where nothing is compiled; the reference
    the kernel is tested against)."""
    deck, deal, players = live.deck, live.to_deal, live.players
    assign = plan.assign
    boards = 0
    firsts = range(piece[0], piece[1]) if deal else [None]
    for first in firsts:
        rest = (
            [()]
            if first is None
            else (
                (first, *more)
                for more in itertools.combinations(range(first + 1, len(deck)), deal - 1)
            )
        )
        for picks in rest:
            board = np.concatenate([live.board, deck[list(picks)]]).astype(np.int64)
            bits = int(bits_of(board[None, :])[0])
            weight = board_weight(bits, group)
            boards += weight
            if not weight:
                continue
            clear = (plan.hand_bits & np.uint64(bits)) == 0
            values = np.full(len(plan.hands), np.iinfo(np.uint16).max, dtype=np.uint16)
            rows = np.flatnonzero(clear)
            boards_rows = np.broadcast_to(board, (len(rows), 5))
            values[rows] = rank_rows_numpy(live.variant, plan.hands[rows], boards_rows)
            live_assign = np.flatnonzero((plan.assign_bits & np.uint64(bits)) == 0)
            scores = values[assign[live_assign]]  # assignments x players
            best = scores.min(axis=1, keepdims=True)
            on_top = scores == best
            top = on_top.sum(axis=1, keepdims=True)
            out.valid[live_assign] += weight
            places = (players * live_assign[:, None] + np.arange(players)).ravel()
            out.shares[places] += weight * (on_top * (SHARE_UNITS // top)).ravel()
            out.wins[places] += weight * (on_top & (top == 1)).ravel()
            out.ties[places] += weight * (on_top & (top > 1)).ravel()
    return boards


def _sums(live: LiveRows, plan: RowsPlan, counts: _Counts) -> RowSums:
    players = live.players
    weight = plan.weights * counts.valid
    rows = []
    for p in range(players):
        local = plan.assign[:, p] - plan.starts[p]
        size = int(plan.starts[p + 1] - plan.starts[p])
        columns = [
            weight,
            plan.weights * counts.shares[p::players] / SHARE_UNITS,
            plan.weights * counts.wins[p::players],
            plan.weights * counts.ties[p::players],
        ]
        sums = [np.bincount(local, c, minlength=size) for c in columns]
        rows.append(np.stack(sums, axis=1).astype(np.float64))
    cards: list[NDArray[np.int64] | None] = [
        plan.hands[plan.starts[p] : plan.starts[p + 1]] for p in range(players)
    ]
    return RowSums(rows, cards, np.zeros(players), float(weight.sum()), int(counts.valid.sum()))


def board_counts(live: LiveRows, plan: RowsPlan) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Every board completing ``live``'s, against the assignments of ``plan`` (made for
    this question, or for one with fewer board cards: an assignment meeting the board is
    skipped), in this thread: per assignment ``a`` the boards counted, and at
    ``players * a + p`` player ``p``'s pot shares in :data:`SHARE_UNITS` (the next-card
    table's work, a card at a time)."""
    counts = _Counts(len(plan.assign), live.players)
    piece_of = _kernel_piece if compiled("poker") else _numpy_piece
    piece_of(live, plan, (0, max(1, len(live.deck))), counts)
    return counts.valid, counts.shares


#: The most assignments times suit permutations whose table of images is made (beyond,
#: every board is dealt).
MAX_SYMMETRY: Final = 8_000_000
#: The least estimated seconds of an enumeration, and the least boards it deals, for
#: which the symmetry is looked for (below, finding it and averaging each assignment's
#: counts cost more than the boards it saves: every board is dealt; a turn deals 40-odd).
MIN_SYMMETRY_SECONDS: Final = 0.1
MIN_SYMMETRY_BOARDS: Final = 500


def rows_symmetry(live: LiveRows, plan: RowsPlan) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The suit permutations that fix ``live``'s question (the cards out of every deal,
    and each player's hands with their weights), as :func:`group_array` gives them, and
    where each sends each assignment of ``plan`` (one row a permutation), the identity
    first: the identity alone when nothing is to deal, or the table would be too big.

    >>> from croupier.poker.calc.question import EquityQuestion
    >>> live = LiveRows(EquityQuestion.parse(["AsAhKsKh", "QdQcJdTc"], game="omaha"))
    >>> group, images = rows_symmetry(live, plan_rows_exact(live, 60.0))
    >>> group.tolist(), images.tolist()
    ([[0, 1, 2, 3], [0, 1, 3, 2]], [[0], [0]])
    """
    alone = IDENTITY, np.arange(len(plan.assign), dtype=np.int64)[None, :]
    sizes = np.diff(plan.starts)
    if live.to_deal == 0 or math.prod(sizes.tolist()) >= 2**62:
        return alone
    out = [c for c in range(52) if live.out >> c & 1]
    masks = [plan.hand_bits[plan.starts[p] : plan.starts[p + 1]] for p in range(live.players)]
    weights = [_row_weights(live, p, len(masks[p])) for p in range(live.players)]
    group: list[tuple[int, ...]] = []
    moves: list[list[NDArray[np.int64]]] = []
    for perm in stabiliser([out]):
        rows = [row_permutation(masks[p], weights[p], perm) for p in range(live.players)]
        found = [row for row in rows if row is not None]
        if len(found) == live.players:
            group.append(perm)
            moves.append(found)
    if len(group) == 1 or len(group) * len(plan.assign) > MAX_SYMMETRY:
        return alone
    scale = np.cumprod(np.concatenate([sizes[1:], [1]])[::-1])[::-1].astype(np.int64)
    local = plan.assign - plan.starts[:-1][None, :]
    keys = local @ scale
    order = np.argsort(keys)
    images = np.empty((len(group), len(keys)), dtype=np.int64)
    for g, move in enumerate(moves):
        moved = np.stack([move[p][local[:, p]] for p in range(live.players)], axis=1) @ scale
        images[g] = order[np.searchsorted(keys, moved, sorter=order)]
        if not np.array_equal(keys[images[g]], moved):  # not every assignment listed
            return alone
    return group_array(group), images


def symmetrised(counts: _Counts, images: NDArray[np.int64], players: int) -> _Counts:
    """The counts of each assignment from those of the least boards of each orbit
    (each counted for its orbit): the average, over the group, of the counts of the
    assignment's images (integers: each assignment's true count times the group's
    order)."""
    order = len(images)
    if order == 1:
        return counts
    out = _Counts(images.shape[1], players)
    out.valid[:] = _exact_average(counts.valid, images)
    for name in ("wins", "ties", "shares"):
        column = getattr(counts, name).reshape(-1, players)
        getattr(out, name)[:] = _exact_average(column, images).ravel()
    return out


def _exact_average(rows: NDArray[np.int64], images: NDArray[np.int64]) -> NDArray[np.int64]:
    """The sum over the group of ``rows`` taken at each element's images, over the
    group's order, which divides it; summed one element at a time (a table of every
    element's rows at once would be the group's order times larger than the answer)."""
    total: NDArray[np.int64] = rows[images[0]].astype(np.int64)
    for image in images[1:]:
        total += rows[image]
    order = len(images)
    if (total % order).any():
        raise AssertionError("the counts of an orbit do not divide by the group's order")
    return total // order


def run_rows_exact(
    live: LiveRows, plan: RowsPlan, progress: Progress | None, threads: int = 1
) -> Iterator[CalcResult]:
    """Enumerate ``plan``: results so far (partial) as work proceeds, the whole last.
    Only the least board of each class of boards the question's suit symmetry makes
    alike is dealt (:func:`rows_symmetry`), unless the enumeration is quick or deals
    few boards (:data:`MIN_SYMMETRY_SECONDS`, :data:`MIN_SYMMETRY_BOARDS`: finding the
    symmetry would cost more than it saves)."""
    kernel_piece = _kernel_piece if compiled("poker") else _numpy_piece
    if plan.seconds < MIN_SYMMETRY_SECONDS or plan.boards < MIN_SYMMETRY_BOARDS:
        group, images = IDENTITY, np.arange(len(plan.assign), dtype=np.int64)[None, :]
    else:
        group, images = rows_symmetry(live, plan)

    def piece_of(live: LiveRows, plan: RowsPlan, piece: tuple[int, int], out: _Counts) -> int:
        return kernel_piece(live, plan, piece, out, group)

    pieces = _pieces(live, max(1, min(200, int(plan.seconds / 0.05))))
    counts = _Counts(len(plan.assign), live.players)
    shown = time.perf_counter()
    step = max(1, threads)
    pool = ThreadPoolExecutor(threads) if threads > 1 else None
    try:
        for start in range(0, len(pieces), step):
            batch = pieces[start : start + step]
            parts = [_Counts(len(plan.assign), live.players) for _ in batch]
            if pool is None:
                for piece, part in zip(batch, parts, strict=True):
                    piece_of(live, plan, piece, part)
            else:
                list(
                    pool.map(lambda job: piece_of(live, plan, *job), zip(batch, parts, strict=True))
                )
            for part in parts:
                counts.add(part)
            done = start + len(batch)
            if progress is not None:
                progress(done, len(pieces))
            if done < len(pieces) and time.perf_counter() - shown > 0.25:
                shown = time.perf_counter()
                so_far = symmetrised(counts, images, live.players)
                yield rows_result(
                    live, _sums(live, plan, so_far), exact=False, partial=True, stderr=False
                )
    finally:
        if pool is not None:
            pool.shutdown()
    whole = symmetrised(counts, images, live.players)
    yield rows_result(live, _sums(live, plan, whole), exact=True, partial=False, stderr=False)
