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
from dataclasses import dataclass, field
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.cards import Card
from croupier.engine import compiled
from croupier.poker.calc.live import LiveQuestion
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.calc.results import CalcResult, PendingSums, exact_player, exact_result
from croupier.poker.evaluation.tables import poker_kernels
from croupier.poker.games import Game
from croupier.poker.ranges.starting_hands import COMBO_COUNT

__all__ = [
    "SECONDS_PER_WORK",
    "SMALL_WORK",
    "SmallInputs",
    "is_small",
    "small_answer",
    "small_exact",
    "small_seconds",
    "small_work",
]

#: The most comparisons (assignments x completions x players) a small question takes.
SMALL_WORK: Final = 4_000_000


#: Rough seconds a unit of :func:`small_work` takes (measured 6 to 11 ns heads-up by the
#: sweep, about 1 ns a comparison of pairs; taken high): :func:`small_seconds`.
SECONDS_PER_WORK: Final = 2e-8


def small_work(question: LiveQuestion) -> int | None:
    """The work of ``question``'s enumeration in one kernel call when it is small (a
    board of 3 cards or more, :data:`SMALL_WORK` comparisons at most, counting every
    product of the ranges' combos, even those the board leaves out or where two players
    share a card), else None. Heads-up, counted as the sweep's work (each completion in
    order of strength): the combos of both ranges times the completions (at most twice
    :data:`SMALL_WORK`); the kernel goes pair by pair instead where that is less (a
    turn compared by rank, a river with few pairs), so this is an upper bound there."""
    if question.to_deal > 2:
        return None
    work = math.comb(52 - question.fixed_bits.bit_count(), question.to_deal) * question.players
    if question.players == 2:  # _kernels.exact_sweep: linear in the combos
        work *= sum(len(player) for player in question.ranges)
        return work if work <= 2 * SMALL_WORK else None
    for player in question.ranges:
        work *= len(player)
        if work > SMALL_WORK:
            return None
    return work


def is_small(question: LiveQuestion) -> bool:
    """True when ``question``'s enumeration is small (see :func:`small_work`)."""
    return small_work(question) is not None


def small_seconds(question: EquityQuestion) -> float | None:
    """The rough time :func:`small_answer` takes to answer ``question``, in seconds, or
    None when it does not answer it (not small, not hold'em, or the engine not
    compiled): what :func:`~croupier.poker.calc.run.exact_seconds` says of such a
    question, which the larger engines' plans would overestimate by far."""
    if question.game is not Game.HOLDEM or not compiled("poker"):
        return None
    work = small_work(LiveQuestion(question))
    return None if work is None else work * SECONDS_PER_WORK


@dataclass(frozen=True, slots=True)
class SmallInputs:
    """What the kernel reads of a small question, made once: every player's combo
    numbers and weights end to end (player ``p``'s from ``starts[p]`` to
    ``starts[p + 1]``), the board and the dead cards as 52-bit sets, the cards to deal,
    and what the result repeats (the ranges' texts, the board, the dead cards).

    ``places`` (the places in the kernel's output of what it may write: the players'
    totals, then player by player its sums at each of its combos, row by row; see
    :func:`_answer`), and for each player ``spans`` (where its sums are among those
    read) and ``targets`` (their places in its 4 x 1,326 sums laid flat) are made from
    the others."""

    numbers: NDArray[np.int64]
    starts: NDArray[np.int64]
    weights: NDArray[np.float64]
    board_bits: int
    dead_bits: int
    to_deal: int
    texts: tuple[str, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    places: NDArray[np.int64] = field(init=False, repr=False, compare=False)
    spans: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    targets: tuple[NDArray[np.int64], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        players = len(self.texts)
        bounds = self.starts.tolist()
        # the kernel's output (see exact_small): sums at (row, player, combo number),
        # 4 x players x 1,326 of them, then the 4 x players totals
        rows = np.arange(4)[:, None]
        places = [4 * players * COMBO_COUNT + np.arange(4 * players)]
        spans, targets = [], []
        at = 4 * players
        for p in range(players):
            mine = self.numbers[bounds[p] : bounds[p + 1]]
            places.append((rows * (players * COMBO_COUNT) + p * COMBO_COUNT + mine).ravel())
            targets.append((rows * COMBO_COUNT + mine).ravel())
            spans.append((at, at + 4 * len(mine)))
            at += 4 * len(mine)
        object.__setattr__(self, "places", np.concatenate(places))
        object.__setattr__(self, "spans", tuple(spans))
        object.__setattr__(self, "targets", tuple(targets))

    @classmethod
    def of(cls, question: LiveQuestion) -> SmallInputs:
        """The inputs of ``question`` (small or not: see :func:`is_small`)."""
        ranges = question.ranges
        starts = [0]
        for player in ranges:
            starts.append(starts[-1] + len(player.combo_numbers))
        return cls(
            np.concatenate([r.combo_numbers for r in ranges]),
            np.array(starts, dtype=np.int64),
            np.concatenate([r.combo_weights for r in ranges]),
            question.board_bits,
            question.fixed_bits & ~question.board_bits,
            question.to_deal,
            question.texts,
            question.board,
            question.dead,
        )

    @property
    def players(self) -> int:
        """How many players."""
        return len(self.texts)


def small_exact(question: LiveQuestion) -> CalcResult:
    """The exact answer to a small question (see :func:`is_small`)."""
    return _answer(SmallInputs.of(question))


#: The key of :attr:`EquityQuestion.prepared` under which a question's small inputs are
#: kept (or False: the question is not small, or not hold'em's).
_KEY: Final = "small"


def small_answer(question: EquityQuestion) -> CalcResult | None:
    """The exact answer to ``question`` when it is a small hold'em question and the
    engine is compiled (:func:`is_small`), else None. The kernel's inputs are made the
    first time and kept with the question, so that a question built once and asked
    again (:func:`~croupier.poker.calc.run.calculate` takes one) costs the enumeration
    and its result alone.

    >>> question = EquityQuestion.parse(["AhKh", "TT+, AQs+, AQo+, KQs"], board="2c 7d 9h Js 3s")
    >>> result = small_answer(question) or small_exact(LiveQuestion(question))  # uncompiled: None
    >>> result.games, round(result.players[0].equity, 4)
    (45, 0.4333)
    """
    inputs = question.prepared.get(_KEY)
    if inputs is None:
        inputs = _inputs(question)
        question.prepared[_KEY] = inputs
    if inputs is False:
        return None
    assert isinstance(inputs, SmallInputs)
    return _answer(inputs)


def _inputs(question: EquityQuestion) -> SmallInputs | bool:
    """The kernel's inputs of a small hold'em question, or False when it is not one (or
    the engine is not compiled)."""
    if question.game is not Game.HOLDEM or not compiled("poker"):
        return False
    live = LiveQuestion(question)
    return SmallInputs.of(live) if is_small(live) else False


#: The kernel's output arrays not in use, by number of players: all zeros, each taken by
#: a call and given back zeroed at the places the kernel may have written (a few hundred
#: of the 4 x players x 1,326 sums), so that a call allocates none; a call beside
#: another (threads) takes another. At most _SPARE_KEPT kept of each size.
_SPARE: Final[dict[int, list[NDArray[np.float64]]]] = {}
_SPARE_KEPT: Final = 4


def _answer(inputs: SmallInputs) -> CalcResult:
    """The kernel's enumeration of ``inputs``, made a result: the kernel adds into an
    output array of zeros (a spare one, or a new one), the places it may have written
    are read out and set back to zero, and each player's sums by combo are left pending,
    spread over the 1,326 combos when first read."""
    players = inputs.players
    spare = _SPARE.get(players)
    if spare is None:
        spare = _SPARE.setdefault(players, [])
    try:
        out = spare.pop()  # atomic: a thread running beside takes another one
    except IndexError:
        out = np.zeros(4 * players * COMBO_COUNT + 4 * players)
    weight, games = poker_kernels().exact_small(
        inputs.numbers,
        inputs.starts,
        inputs.weights,
        inputs.board_bits,
        inputs.dead_bits,
        inputs.to_deal,
        out,
    )
    places = inputs.places
    found = out[places]  # the totals, then each player's sums at its combos
    out[places] = 0.0
    if len(spare) < _SPARE_KEPT:
        spare.append(out)
    totals = found[: 4 * players].tolist()  # equity, wins, ties, then the live combos
    scale = weight or 1.0
    texts, spans, targets = inputs.texts, inputs.spans, inputs.targets
    made = []
    for p in range(players):
        start, stop = spans[p]
        made.append(
            exact_player(
                texts[p],
                int(totals[3 * players + p]),
                totals[p] / scale,
                totals[players + p] / scale,
                totals[2 * players + p] / scale,
                PendingSums(found, start, stop, targets[p]),
                weight,
            )
        )
    return exact_result(games, tuple(made), inputs.board, inputs.dead)
