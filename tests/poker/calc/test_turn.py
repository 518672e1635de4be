"""Heads-up turns compared on the river by rank (``_kernels.exact_turn``: each pair of
rank pairs ranked once for each river rank, the rivers that may make a flush ranked card
by card) give the sums of the enumeration of every pair of combos on every river card
(``_kernels.exact_pairs``), and through ``small_exact`` the answers of the reference
(croupier.poker.calc.exact), up to the order in which sums are added.

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

from .kernel_sums import FAST, Sums, draw_heads_up, inputs_of, sums_of
from .test_small import assert_same, reference


def assert_same_sums(mine: Sums, truth: Sums) -> None:
    """The same sums to the last bit: the pairs are taken in the same order."""
    assert mine[:2] == truth[:2]
    assert np.array_equal(mine[2], truth[2])


TURNS = [
    # the benchmark's hand against a range on a rainbow turn; a hand against a hand
    (("AhKh", "TT+, AQs+, AQo+, KQs"), "2c 7d 9h Js", ""),
    (("AhKh", "QsQd"), "2c 7d 9h Js", ""),
    # two of a suit (two suited combos flush with a third), three of a suit (one card
    # and a river of the suit), four of a suit (the board's flush on a river of it)
    (("AhKh, 65s", "TT+, AQs+, KQs, 87s"), "2h 7h 9c Js", ""),
    (("Ah5c, KQs, 22", "AK, T8s, 99"), "2h 7h 9h Jc", ""),
    (("AK, 22-55", "QQ+, T9s"), "2c 7c 9c Jc", ""),
    (("KcQd, 65s", "AcTd, 88"), "2c 7c 9c Jc", ""),
    # two suits twice, a paired board (a rank held four times), a straight board
    (("AK, QJs, 77", "T9s, 88, 72o"), "7c 7d Ac Ad", ""),
    (("77, A7s, 22", "72s, KK, 7c7d"), "7h 7s 2c Kd", ""),
    (("AK, QJs", "T9, 88"), "8h 9d Ts 2c", "3h"),
    # ranges sharing cards, the very same combos on both sides, weights, dead cards
    (("AK, AQ", "AK, KQs"), "2c 7d 9h 3s", ""),
    (("AA, KK", "AA, KK"), "Ah 7d 2c 3c", ""),
    (("TT+:0.5, AQs@25, KQo", "99-66, AJs:0.3, T9s"), "9h 6d 2c 3c", "Qs"),
]


@pytest.mark.parametrize(("ranges", "board", "dead"), TURNS)
def test_the_turn_by_rank_has_the_sums_of_every_pair(
    ranges: tuple[str, str], board: str, dead: str
) -> None:
    kernels = poker_kernels()
    inputs = inputs_of(list(ranges), board, dead)
    assert_same_sums(sums_of(kernels.exact_turn, inputs), sums_of(kernels.exact_pairs, inputs))


@pytest.mark.parametrize(("ranges", "board", "dead"), TURNS if FAST else TURNS[:3])
def test_the_turn_by_rank_gets_the_reference_answer(
    ranges: tuple[str, str], board: str, dead: str
) -> None:
    question = LiveQuestion(EquityQuestion.parse(list(ranges), board, dead or None))
    assert is_small(question)
    assert_same(small_exact(question), reference(question))


def test_exact_small_takes_the_turn_by_rank_heads_up_on_a_turn() -> None:
    kernels = poker_kernels()
    turn = "2c 7d 9h Js"
    hand_range = inputs_of(["AhKh", "TT+, AQs+, AQo+, KQs"], turn)
    narrow = inputs_of(["AhKh", "QsQd"], turn)
    ranges = inputs_of(["AK, QQ+", "JJ-88, AQs"], turn)
    wide = inputs_of(["22+, A2s+, KTs+, ATo+", "random"], turn)
    three = inputs_of(["AK, QQ+", "JJ-88, AQs", "T9s"], turn)
    river = inputs_of(["AhKh", "QsQd"], turn + " 3s")
    # three clubs: most rivers of the suit ranked card by card, swept beyond 3 pairs a combo
    clubs_narrow = inputs_of(["AhKh", "TT+, AQs+, AQo+, KQs"], "2c 7c 9c Js")
    clubs_ranges = inputs_of(["AK, QQ+", "JJ-88, AQs"], "2c 7c 9c Js")
    for inputs, kernel in (
        (clubs_narrow, kernels.exact_turn),
        (clubs_ranges, kernels.exact_sweep),
        (hand_range, kernels.exact_turn),
        (narrow, kernels.exact_turn),
        (ranges, kernels.exact_turn),
        (wide, kernels.exact_sweep),
        (three, kernels.exact_pairs),
        (river, kernels.exact_river),
        (inputs_of(["AK, QQ+", "JJ-88, AQs"], turn + " 3s"), kernels.exact_sweep),
    ):
        truth = sums_of(kernel, inputs)
        # The kernels give the same sums by design: which one ran is watched, not guessed.
        with contextlib.ExitStack() as watching:
            calls = {
                name: watching.enter_context(
                    mock.patch.object(kernels, name, wraps=getattr(kernels, name))
                )
                for name in ("exact_turn", "exact_river", "exact_sweep", "exact_pairs")
            }
            chosen = sums_of(kernels.exact_small, inputs)
        assert [name for name, watch in calls.items() if watch.called] == [kernel.__name__]
        assert chosen[:2] == truth[:2] and np.array_equal(chosen[2], truth[2])


RIVERS = [
    (("AhKh", "TT+, AQs+, AQo+, KQs"), "2c 7d 9h Js 3s", ""),
    (("AhKh, 65s", "TT+, AQs+, KQs, 87s"), "2h 7h 9h Js 3h", ""),
    (("AA, KK", "AA, KK"), "Ah 7d 2c 3c Kd", "Qs"),
    (("TT+:0.5, AQs@25, KQo", "99-66, AJs:0.3, T9s"), "9h 6d 2c 3c 2d", "Qs"),
]


@pytest.mark.parametrize(("ranges", "board", "dead"), RIVERS)
def test_the_river_heads_up_has_the_sums_of_every_pair(
    ranges: tuple[str, str], board: str, dead: str
) -> None:
    kernels = poker_kernels()
    inputs = inputs_of(list(ranges), board, dead)
    assert_same_sums(sums_of(kernels.exact_river, inputs), sums_of(kernels.exact_pairs, inputs))


def test_the_river_takes_two_players_and_a_river() -> None:
    kernels = poker_kernels()
    for inputs in (
        inputs_of(["AhKh", "QsQd"], "2c 7d 9h Js"),
        inputs_of(["AhKh", "QsQd", "T9s"], "2c 7d 9h Js 3s"),
    ):
        with pytest.raises(ValueError, match="two players"):
            sums_of(kernels.exact_river, inputs)


def test_the_turn_by_rank_takes_two_players_and_a_turn() -> None:
    kernels = poker_kernels()
    for inputs in (
        inputs_of(["AhKh", "QsQd"], "2c 7d 9h"),
        inputs_of(["AhKh", "QsQd"], "2c 7d 9h Js 3s"),
        inputs_of(["AhKh", "QsQd", "T9s"], "2c 7d 9h Js"),
    ):
        with pytest.raises(ValueError, match="two players"):
            sums_of(kernels.exact_turn, inputs)


def test_the_turn_by_rank_counts_nothing_where_no_pair_fits() -> None:
    """Every combo of one player meets every combo of the other: no pair, no game; the
    combos kept are still counted."""
    kernels = poker_kernels()
    card = {text: Card.parse(text).index for text in ("As", "Ah", "Ks", "Kh")}
    pairs = [("As", "Ah"), ("As", "Ks"), ("Ah", "Kh"), ("As", "Ah")]
    inputs = dataclasses.replace(  # a question's checks refuse it: the kernel's inputs
        inputs_of(["AA", "KK"], "2c 7d 9h Js"),
        numbers=np.array([COMBO_INDEX[card[x], card[y]] for x, y in pairs], dtype=np.int64),
        starts=np.array([0, 1, 4], dtype=np.int64),
        weights=np.ones(4),
    )
    weight, games, out = sums_of(kernels.exact_turn, inputs)
    assert (weight, games) == (0.0, 0)
    assert out[-2:].tolist() == [1.0, 3.0] and not out[:-2].any()
    assert_same_sums((weight, games, out), sums_of(kernels.exact_pairs, inputs))


@settings(max_examples=60 if FAST else 8, deadline=None)
@given(st.data())
def test_random_turns_by_rank_have_the_sums_of_every_pair(data: st.DataObject) -> None:
    """Random ranges drawn from a few cards (so that they share cards, and the same combo
    often sits in both), random weights, random turns (flushes, pairs, straights come as
    they come: the cards are drawn from a few suits or ranks at times), dead cards."""
    few = data.draw(st.sampled_from(("all", "suits", "ranks")), label="deck")
    deck = list(range(52))
    if few == "suits":  # two suits: flushes everywhere
        deck = [c for c in deck if c % 4 < 2]
    elif few == "ranks":  # six ranks: pairs, trips, quads
        deck = [c for c in deck if c // 4 < 6]
    cards = data.draw(st.permutations(deck), label="cards")
    live = draw_heads_up(data, cards, 4)
    if live is None:
        return  # a range left empty by the board or the dead cards
    kernels = poker_kernels()
    inputs = SmallInputs.of(live)
    assert_same_sums(sums_of(kernels.exact_turn, inputs), sums_of(kernels.exact_pairs, inputs))
    river = dataclasses.replace(
        inputs, board_bits=inputs.board_bits | 1 << cards[-1], to_deal=0
    )  # the last card drawn, on the board: a river (a combo holding it is left out)
    assert_same_sums(sums_of(kernels.exact_river, river), sums_of(kernels.exact_pairs, river))
