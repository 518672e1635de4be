"""What the small exact kernels' differential tests share: a kernel's sums on a
question's inputs, the same inputs from text, and random heads-up questions drawn from a
few cards (test_sweep.py, test_turn.py)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from hypothesis import strategies as st
from numpy.typing import NDArray

from croupier.cards import DECK
from croupier.engine import compiled
from croupier.poker.calc.live import LiveQuestion
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.calc.small import SmallInputs
from croupier.poker.errors import PokerError
from croupier.poker.ranges.holdem import Range
from croupier.poker.ranges.starting_hands import COMBO_COUNT, COMBO_INDEX

#: Compiled kernels: more and larger random questions.
FAST = compiled("poker")

Kernel = Callable[..., tuple[float, int]]
Sums = tuple[float, int, NDArray[np.float64]]


def sums_of(kernel: Kernel, inputs: SmallInputs) -> Sums:
    """The kernel's total weight, games and sums on ``inputs``."""
    out = np.zeros(4 * inputs.players * COMBO_COUNT + 4 * inputs.players)
    weight, games = kernel(
        inputs.numbers,
        inputs.starts,
        inputs.weights,
        inputs.board_bits,
        inputs.dead_bits,
        inputs.to_deal,
        out,
    )
    return weight, games, out


def inputs_of(ranges: list[str], board: str, dead: str = "") -> SmallInputs:
    """The kernels' inputs of the question in text."""
    return SmallInputs.of(LiveQuestion(EquityQuestion.parse(ranges, board, dead or None)))


def draw_heads_up(data: st.DataObject, cards: list[int], board_size: int) -> LiveQuestion | None:
    """Two random ranges drawn from a few of ``cards`` (so that they share cards, and the
    same combo often sits in both; at times one of them on the board), random weights,
    the first ``board_size`` cards on the board and up to two dead after them; None
    where the board or the dead cards leave a range empty."""
    board = cards[:board_size]
    dead = cards[board_size : board_size + data.draw(st.integers(0, 2), label="dead")]
    pool = cards[board_size - data.draw(st.integers(0, 1), label="on board") :][
        : data.draw(st.integers(4, 14 if FAST else 8), label="pool")
    ]
    ranges = []
    for p in range(2):
        pairs = [(x, y) for i, x in enumerate(pool) for y in pool[i + 1 :]]
        chosen = data.draw(
            st.lists(st.sampled_from(pairs), min_size=1, max_size=40 if FAST else 8, unique=True),
            label=f"pairs {p}",
        )
        weights = np.zeros(COMBO_COUNT)
        for x, y in chosen:
            weights[COMBO_INDEX[x, y]] = data.draw(st.sampled_from((1.0, 0.5, 0.25, 0.3, 0.7)))
        ranges.append(Range(weights))
    try:
        question = EquityQuestion(
            tuple(ranges), tuple(DECK[c] for c in board), tuple(DECK[c] for c in dead)
        )
        return LiveQuestion(question)
    except PokerError:
        return None
