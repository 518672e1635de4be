"""Hold'em's exact preflop enumeration in one kernel call (``_kernels.exact_preflop``,
taken by ``preflop_outcome`` where the engine is compiled) gives the counts of the NumPy
enumeration it replaces (the same boards by rank multiset, the same flush boards by suit
class), count for count, and those of a naive enumeration of every board.

The kernel runs compiled where the engine is, and as Python under CROUPIER_PURE=1 (CI
runs this file both ways; there, on small decks)."""

from __future__ import annotations

from unittest import mock

import numpy as np
import pytest

from croupier.cards import Card
from croupier.engine import compiled
from croupier.poker.calc import preflop
from croupier.poker.calc.live import LiveQuestion
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.ranges.starting_hands import COMBO_INDEX

from .test_symmetry import assert_counts_equal, dead_question

FAST = compiled("poker")

Outcome = tuple[np.ndarray, np.ndarray, np.ndarray, int]


def hole_of(hands: list[str]) -> np.ndarray:
    """Each hand's combo number."""
    numbers = []
    for hand in hands:
        a, b = Card.parse(hand[:2]).index, Card.parse(hand[2:]).index
        numbers.append(COMBO_INDEX[min(a, b), max(a, b)])
    return np.array(numbers, dtype=np.int64)


def outcome(question: LiveQuestion, hole: np.ndarray, kernel: bool) -> Outcome:
    """``preflop_outcome`` by the kernel (compiled or run as Python) or by NumPy."""
    with mock.patch.object(preflop, "compiled", return_value=kernel):
        return preflop.preflop_outcome(question, hole)


def assert_same(mine: Outcome, truth: Outcome) -> None:
    assert mine[3] == truth[3]
    for a, b in zip(mine[:3], truth[:3], strict=True):
        assert np.array_equal(a, b)


HANDS = [
    # suited hands sharing a suit (the group of 6), a suit apart (2), the same suits (4)
    ["Th9h", "8h7h"],
    ["AhKh", "QsQd"],
    ["AsKs", "7h7d"],
    ["AsAh", "KsKh"],
    ["AhKh", "AsKs"],
    # three and four players, dead cards
    ["AhKh", "QsQd", "7c2d"],
    ["Ac2c", "Ad2d", "Ah2h", "As2s"],
]


@pytest.mark.parametrize("hands", HANDS if FAST else HANDS[:3])
def test_the_kernel_counts_as_the_numpy_enumeration(hands: list[str]) -> None:
    if FAST:
        question = LiveQuestion(
            EquityQuestion.parse(hands, dead="4c 5d" if len(hands) < 3 else None)
        )
    else:  # run as Python: a small deck
        question = dead_question(hands, 20, 11)
    hole = hole_of(hands)
    assert_same(outcome(question, hole, True), outcome(question, hole, False))


@pytest.mark.parametrize("hands", [["Th9h", "8h7h"], ["AhKh", "QsQd"], ["7c2d", "7h2s", "AcAd"]])
def test_the_kernel_counts_as_a_naive_enumeration(hands: list[str]) -> None:
    # 24 dead cards leave a small deck: every board is dealt by the naive enumeration
    question = dead_question(hands, 24, 7)
    with mock.patch.object(preflop, "compiled", return_value=True):
        assert_counts_equal(question, hole_of(hands))
