"""Exact answers to small questions in one kernel call: a river, a turn, or a flop when
the ranges are narrow.

Where the engine is compiled, :func:`~croupier.poker.calc.run.calculate` answers an
exact question whose work is small (:data:`SMALL_WORK` comparisons at most: the
assignments of combos to players, bounded by the product of the ranges' sizes, times the
completions of the board, times the players) with
:func:`croupier.poker._kernels.exact_small`: every assignment and every completion,
enumerated in C, with none of the set-up the larger enumerations need (suit families,
tables of boards). Its answers are those of :mod:`~croupier.poker.calc.exact` (the
reference, in the differential tests), up to the order in which sums are added.

>>> from croupier.poker.calc.question import EquityQuestion
>>> from croupier.poker.calc.live import LiveQuestion
>>> question = LiveQuestion(EquityQuestion.parse(["AhKh", "QQ"], board="2c 7d 9h Js"))
>>> is_small(question)
True
>>> result = small_exact(question)
>>> result.exact, result.games, round(result.players[0].equity, 4)
(True, 264, 0.1364)
"""

from __future__ import annotations

import math
from typing import Final

import numpy as np

from croupier.poker.calc.live import LiveQuestion
from croupier.poker.calc.results import CalcResult, PlayerResult
from croupier.poker.evaluation.tables import poker_kernels
from croupier.poker.ranges.starting_hands import COMBO_COUNT

__all__ = ["SMALL_WORK", "is_small", "small_exact"]

#: The most comparisons (assignments x completions x players) a small question takes.
SMALL_WORK: Final = 4_000_000


def is_small(question: LiveQuestion) -> bool:
    """True when ``question`` has a board (3 cards or more) and its enumeration takes
    :data:`SMALL_WORK` comparisons at most (counting every product of the ranges'
    combos, even those the board leaves out or where two players share a card)."""
    if question.to_deal > 2:
        return False
    work = math.comb(52 - question.fixed_bits.bit_count(), question.to_deal) * question.players
    for player in question.ranges:
        work *= len(player)
        if work > SMALL_WORK:
            return False
    return True


def small_exact(question: LiveQuestion) -> CalcResult:
    """The exact answer to a small question (see :func:`is_small`)."""
    ranges = question.ranges
    players = len(ranges)
    starts = [0]
    for player in ranges:
        starts.append(starts[-1] + len(player.combo_numbers))
    # the kernel's output: sums (row, player, combo number), then totals and live counts
    out = np.zeros(4 * players * COMBO_COUNT + 4 * players)
    sums = out[: 4 * players * COMBO_COUNT]
    weight, games = poker_kernels().exact_small(
        np.concatenate([r.combo_numbers for r in ranges]),
        np.array(starts, dtype=np.int64),
        np.concatenate([r.combo_weights for r in ranges]),
        question.board_bits,
        question.fixed_bits & ~question.board_bits,
        question.to_deal,
        out,
    )
    totals = out[4 * players * COMBO_COUNT :]
    figures = (totals[: 3 * players] / (weight or 1.0)).tolist()
    texts = question.texts
    sizes = [int(n) for n in totals[3 * players :].tolist()]
    by_player = sums.reshape(4, players, COMBO_COUNT)
    return CalcResult(
        exact=True,
        games=games,
        players=tuple(
            PlayerResult(
                range=texts[p],
                combos=sizes[p],
                equity=figures[p],
                win=figures[players + p],
                tie=figures[2 * players + p],
                stderr=None,
                sums=by_player[:, p],
                total=weight,
            )
            for p in range(players)
        ),
        board=question.board,
        dead=question.dead,
    )
