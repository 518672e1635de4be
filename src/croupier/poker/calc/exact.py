"""Exact mode: every assignment of combos to players, one of each suit family, each
enumerated over every board (:mod:`~croupier.poker.calc.preflop` before the flop,
:mod:`~croupier.poker.calc.postflop` after it).

An assignment gives each player one combo of its range (two players never share a card)
and counts with the product of its combos' weights. Assignments that differ only by a
permutation of suits (one that leaves the board and dead cards in place) have the same
outcome, so one of each family is computed and weighted by the whole family.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.parallel import InOrder, iter_tasks
from croupier.poker.calc.postflop import Completions
from croupier.poker.calc.preflop import preflop_outcome
from croupier.poker.calc.question import LiveQuestion
from croupier.poker.calc.results import CalcResult, Progress
from croupier.poker.calc.tally import Tally
from croupier.poker.starting_hands import (
    COMBO_BITS,
    COMBO_CARDS,
    COMBO_COUNT,
    COMBO_INDEX,
)
from croupier.poker.tables import rank_table

__all__ = ["ExactPlan", "assignments_of", "plan_exact", "run_exact"]

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


def assignments_of(
    question: LiveQuestion, limit: int
) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
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
