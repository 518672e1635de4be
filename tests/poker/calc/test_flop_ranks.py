"""Heads-up flops with few pairs of combos compared on the turn and river by ranks
(``_kernels.exact_flop``: each pair of the players' rank pairs counted once over the 91
pairs of ranks a completion holds, the completions that may make a flush ranked card by
card) give the sums of the enumeration of every pair of combos on every completion
(``_kernels.exact_pairs``) to the last bit, and through ``small_exact`` the answers of
the reference (croupier.poker.calc.exact).

The kernels run compiled where the engine is, and as Python under CROUPIER_PURE=1 (CI
runs this file both ways)."""

from __future__ import annotations

import contextlib
import dataclasses
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import Card
from croupier.poker.calc.live import LiveQuestion
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.calc.small import SmallInputs, is_small, small_exact
from croupier.poker.evaluation.tables import poker_kernels
from croupier.poker.ranges.starting_hands import COMBO_INDEX

from .kernel_sums import FAST, draw_heads_up, inputs_of, sums_of
from .test_small import assert_same, reference
from .test_turn import assert_same_sums

FLOPS = [
    # the benchmark's hands on a rainbow flop, one of a suit and a paired one
    (("AhKh", "QsQd"), "2c 7d 9h", ""),
    (("AhKh", "QsQd"), "2c 7c 9c", ""),
    (("AhKh", "QsQd"), "7h 7d 2c", ""),
    # a hand against a range (few pairs: every range against one hand)
    (("AhKh", "TT+, AQs+, AQo+, KQs"), "2c 7d 9h", ""),
    # suits a combo holds three of (two cards of it flush), four of (one card of it),
    # five of (every completion: a flush made on the flop)
    (("AhKh", "QhJh"), "2c 7d 9h", ""),
    (("AhKh", "8h8d"), "2h 7h 9c", ""),
    (("AcKc", "QdQs"), "2c 7c 9c", ""),
    (("AcKd", "QcJc"), "2c 7c 9c", ""),
    # two suits of three (one a combo), four of one against three of another, dead
    # cards of the flush's suit; a straight board, trips on board (a rank four times)
    (("AhKh", "QsJs"), "2h 7s 9c", ""),
    (("AhKh", "QsJs"), "2h 7h 9s", ""),
    (("AhKh", "QhJh"), "2h 7h 9c", "3h 4h"),
    (("AhKs", "QhQs"), "2h 7s 9c", ""),
    (("JT", "Q8s"), "9h 8d 7c", ""),
    (("7s6s", "AA"), "7h 7d 7c", ""),
    # combos sharing cards, weights, dead cards
    (("AK", "AQs"), "2c 7d 9h", ""),
    (("AhKh:0.5, QQ", "KK:0.3"), "2c 7d 9h", "Qs"),
]


@pytest.mark.parametrize(("ranges", "board", "dead"), FLOPS)
def test_the_flop_by_ranks_has_the_sums_of_every_pair(
    ranges: tuple[str, str], board: str, dead: str
) -> None:
    kernels = poker_kernels()
    inputs = inputs_of(list(ranges), board, dead)
    assert_same_sums(sums_of(kernels.exact_flop, inputs), sums_of(kernels.exact_pairs, inputs))


@pytest.mark.parametrize(("ranges", "board", "dead"), FLOPS if FAST else FLOPS[:3])
def test_the_flop_by_ranks_gets_the_reference_answer(
    ranges: tuple[str, str], board: str, dead: str
) -> None:
    question = LiveQuestion(EquityQuestion.parse(list(ranges), board, dead or None))
    assert is_small(question)
    assert_same(small_exact(question), reference(question))


def test_exact_small_takes_the_flop_by_ranks_for_few_pairs_on_a_flop() -> None:
    kernels = poker_kernels()
    for inputs, kernel in (
        (inputs_of(["AhKh", "QsQd"], "2c 7d 9h"), kernels.exact_flop),
        (inputs_of(["AhKh", "TT+, AQs+, AQo+, KQs"], "2c 7c 9c"), kernels.exact_flop),
        (inputs_of(["AK, QQ+", "JJ-88, AQs"], "2c 7d 9h"), kernels.exact_flop),
        # a flop of one suit: most combos may flush on most completions (swept)
        (inputs_of(["AK, QQ+", "JJ-88, AQs"], "2c 7c 9c"), kernels.exact_sweep),
        # a combo of two clubs flushes on every completion, against every combo: swept
        (inputs_of(["AcKc", "random"], "2c 7c 9c"), kernels.exact_sweep),
        (inputs_of(["22+, A2s+, KTs+, ATo+", "TT+, AQ+"], "2c 7d 9h"), kernels.exact_sweep),
        (inputs_of(["AhKh", "QsQd", "T9s"], "2c 7d 9h"), kernels.exact_pairs),
        (inputs_of(["AhKh", "QsQd"], "2c 7d 9h Js"), kernels.exact_turn),
    ):
        truth = sums_of(kernel, inputs)
        # The kernels give the same sums by design: which one ran is watched, not guessed.
        with contextlib.ExitStack() as watching:
            calls = {
                name: watching.enter_context(
                    mock.patch.object(kernels, name, wraps=getattr(kernels, name))
                )
                for name in ("exact_flop", "exact_turn", "exact_sweep", "exact_pairs")
            }
            chosen = sums_of(kernels.exact_small, inputs)
        assert [name for name, watch in calls.items() if watch.called] == [kernel.__name__]
        assert_same_sums(chosen, truth)


def test_the_flop_by_ranks_takes_two_players_and_a_flop() -> None:
    kernels = poker_kernels()
    for inputs in (
        inputs_of(["AhKh", "QsQd"], "2c 7d 9h Js"),
        inputs_of(["AhKh", "QsQd", "T9s"], "2c 7d 9h"),
    ):
        with pytest.raises(ValueError, match="two players"):
            sums_of(kernels.exact_flop, inputs)


def test_the_flop_by_ranks_counts_nothing_where_no_pair_fits() -> None:
    """Every combo of one player meets every combo of the other: no pair, no game; the
    combos kept are still counted."""
    kernels = poker_kernels()
    card = {text: Card.parse(text).index for text in ("As", "Ah", "Ks", "Kh")}
    pairs = [("As", "Ah"), ("As", "Ks"), ("Ah", "Kh"), ("As", "Ah")]
    inputs = dataclasses.replace(  # a question's checks refuse it: the kernel's inputs
        inputs_of(["AA", "KK"], "2c 7d 9h"),
        numbers=np.array([COMBO_INDEX[card[x], card[y]] for x, y in pairs], dtype=np.int64),
        starts=np.array([0, 1, 4], dtype=np.int64),
        weights=np.ones(4),
    )
    weight, games, out = sums_of(kernels.exact_flop, inputs)
    assert (weight, games) == (0.0, 0)
    assert out[-2:].tolist() == [1.0, 3.0] and not out[:-2].any()
    assert_same_sums((weight, games, out), sums_of(kernels.exact_pairs, inputs))


@settings(max_examples=60 if FAST else 6, deadline=None)
@given(st.data())
def test_random_flops_by_ranks_have_the_sums_of_every_pair(data: st.DataObject) -> None:
    """Random ranges drawn from a few cards (so that they share cards, and the same combo
    often sits in both), random weights, random flops (the cards drawn from two suits at
    times, so that combos hold three, four or five of a suit; from six ranks at times:
    pairs, trips, quads), dead cards."""
    few = data.draw(st.sampled_from(("all", "suits", "ranks")), label="deck")
    deck = list(range(52))
    if few == "suits":
        deck = [c for c in deck if c % 4 < 2]
    elif few == "ranks":
        deck = [c for c in deck if c // 4 < 6]
    cards = data.draw(st.permutations(deck), label="cards")
    live = draw_heads_up(data, cards, 3)
    if live is None:
        return  # a range left empty by the board or the dead cards
    kernels = poker_kernels()
    inputs = SmallInputs.of(live)
    assert_same_sums(sums_of(kernels.exact_flop, inputs), sums_of(kernels.exact_pairs, inputs))
