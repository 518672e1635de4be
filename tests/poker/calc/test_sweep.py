"""The heads-up sweep of small exact questions (``_kernels.exact_sweep``: each completion
swept in order of strength, card removal taken off by running sums per card) gives the
sums of the enumeration of every pair of combos (``_kernels.exact_pairs``), and through
``small_exact`` the answers of the reference (croupier.poker.calc.exact), up to the order
in which sums are added: the same games, the same weights, equities, wins and ties, for
each player and each combo.

The kernels run compiled where the engine is, and as Python under CROUPIER_PURE=1 (CI
runs this file both ways), so the questions stay small there."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import DECK, Card
from croupier.poker.calc.live import LiveQuestion
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.calc.small import SmallInputs, is_small, small_exact
from croupier.poker.evaluation.tables import poker_kernels
from croupier.poker.ranges.holdem import Range
from croupier.poker.ranges.starting_hands import COMBO_COUNT, COMBO_INDEX

from .kernel_sums import FAST, Sums, draw_heads_up, inputs_of, sums_of
from .test_small import assert_same, reference


def assert_same_sums(mine: Sums, truth: Sums) -> None:
    assert mine[1] == truth[1]
    assert mine[0] == pytest.approx(truth[0], rel=1e-12, abs=1e-12)
    assert np.allclose(mine[2], truth[2], rtol=1e-11, atol=1e-11)


QUESTIONS = [
    # the benchmark's questions: a rainbow flop, a flop of one suit (flushes made)
    (("AK, QQ+", "JJ-88, AQs"), "2c 7d 9h", ""),
    (("AK, QQ+", "JJ-88, AQs"), "2c 7c 9c", ""),
    # ranges sharing cards, the very same combos on both sides (ties added back)
    (("AK, AQ", "AK, KQs"), "2c 7d 9h", ""),
    (("AA, KK", "AA, KK"), "Ah 7d 2c", ""),
    # weights, dead cards, combos on the board
    (("TT+:0.5, AQs@25, KQo", "99-66, AJs:0.3, T9s"), "9h 6d 2c", "Qs"),
    # a paired board (a rank held four times leaves no completion), a two-suit flop
    (("77, 22, A7s", "72s, KK, 77"), "7c 7d 2h", ""),
    (("AhKh, QhJh, 55", "Th9h, 8c8d, AcQc"), "2h 5h Kc", "Jd"),
    # turns: one suit four times (the board's flush), a straight board; a river
    (("AK, 22-55", "QQ+, T9s"), "2c 7c 9c Jc", ""),
    (("AK, QJs", "T9, 88"), "8h 9d Ts 2c", "3h"),
    (("AK, QQ+, 76s", "JJ-88, AQs, KQ"), "2c 7d 9h Js 3s", ""),
    # small enough to run as Python: a flop of one suit (every part of a group: none, one
    # or two of its cards), trips on the board, turns of three and of two and two suits
    (("AcKc, AK, 76s", "QQ, JcTc, 9c8c, T8s"), "2c 7c 9c", "Kd"),
    (("AK, 22, 33", "QQ, 72s, A2s"), "2c 2d 2h", "Ks"),
    # a rank whose cards of the other suits are all dead: parts left empty (narrow
    # ranges: the parts counted pair by pair; wider: swept)
    (("AK, QQ+, KcJc", "JJ-88, AQs, KQ"), "2c 7c 9c", "Kd Kh Ks"),
    (("AcKc, AK, QQ", "KcQc, JJ, T9s"), "2c 7c 9c", "Kd Kh Ks"),
    (("AcKc, QQ, 65s", "JJ, Tc9c, 8c8d"), "2c 7c 9c Js", ""),
    (("AcKc, AdKd, QQ, 65s", "JJ, Tc9c, JdTd, 8c8d"), "2c 7c 9d Jd", ""),
]


#: Flops of one suit: the parts of one or two of its cards counted kind against kind (a
#: kind: the cards of the suit a combo holds), the combos of none of it swept by ranks and
#: counted as losing to every flush there, but their full houses and four of a kind
#: (pocket pairs of the board's ranks, and of a rank the completion pairs) compared with
#: the flush makers one by one. Ranges of many combos of the suit, straight flushes, dead
#: cards of the suit and off it (parts left empty), weights, the same combos on both sides.
ONE_SUIT = [
    (("AcKc, AcQc, KcQc, JcTc, 8c6c, AKo", "Tc8c, 6c5c, 99, 77, Qc3c, QJo"), "2c 7c 9c", ""),
    (("99, 77:0.5, Ac4c, JJ", "KcQc, Jc8c:0.3, 8c6c, 5c3c, A9s, T9o"), "2c 7c 9c", "Kd 9s 3c"),
    (("AcKc, KK, Kc8c, 65s", "AcKc, KK, 6c5c, 88"), "Jc 4c 2c", ""),
    (("AcKc, AK, JJ, Qc2c", "KcQc, QQ, T9s, Jc9c"), "2c 7c 9c", "Kc Qd Qh"),
    (("TT, 88, 44, Ac5c", "AcTc, Kc8c, T8o, A4o"), "4c 8c Tc", "Ad"),
    (("AhKh, QhJh, Th9h, 8h7h, AA", "KhQh, 6h5h, 4h3h, KK, 22"), "2h 9h Jh", "Ah"),
]


@pytest.mark.parametrize(("ranges", "board", "dead"), QUESTIONS + ONE_SUIT)
def test_the_sweep_has_the_sums_of_every_pair(
    ranges: tuple[str, str], board: str, dead: str
) -> None:
    if not FAST and len(board.split()) == 3 and "AK, QQ+" in ranges:
        pytest.skip("run as Python, the widest flops take too long")
    kernels = poker_kernels()
    inputs = inputs_of(list(ranges), board, dead)
    assert_same_sums(sums_of(kernels.exact_sweep, inputs), sums_of(kernels.exact_pairs, inputs))


@pytest.mark.parametrize(("ranges", "board", "dead"), QUESTIONS[:5] if FAST else QUESTIONS[7:])
def test_the_sweep_gets_the_reference_answer(
    ranges: tuple[str, str], board: str, dead: str
) -> None:
    question = LiveQuestion(EquityQuestion.parse(list(ranges), board, dead or None))
    assert is_small(question)
    assert_same(small_exact(question), reference(question))


def test_exact_small_sweeps_heads_up_when_the_pairs_are_many() -> None:
    kernels = poker_kernels()
    # on a flop of one suit (a turn heads-up is compared by rank: test_turn.py; a flop
    # of few flushes by ranks: test_flop_ranks.py)
    wide = inputs_of(["AK, QQ+", "JJ-88, AQs"], "2c 7c 9c")
    narrow = inputs_of(["AhKh", "QsQd"], "2c 7d 9h")
    three = inputs_of(["AK, QQ+", "JJ-88, AQs", "T9s"], "2c 7d 9h")
    for inputs, kernel in (
        (wide, kernels.exact_sweep),
        (narrow, kernels.exact_flop),
        (three, kernels.exact_pairs),
    ):
        chosen, truth = sums_of(kernels.exact_small, inputs), sums_of(kernel, inputs)
        assert chosen[:2] == truth[:2] and np.array_equal(chosen[2], truth[2])


def test_the_sweep_counts_nothing_where_no_pair_fits() -> None:
    """Every combo of one player meets every combo of the other: no pair, no game; the
    combos kept are still counted."""
    kernels = poker_kernels()
    card = {text: Card.parse(text).index for text in ("As", "Ah", "Ks", "Kh")}
    pairs = [("As", "Ah"), ("As", "Ks"), ("Ah", "Kh"), ("As", "Ah")]
    inputs = dataclasses.replace(  # a question's checks refuse it: the kernel's inputs
        inputs_of(["AA", "KK"], "2c 7d 9h Js 3d"),
        numbers=np.array([COMBO_INDEX[card[x], card[y]] for x, y in pairs], dtype=np.int64),
        starts=np.array([0, 1, 4], dtype=np.int64),
        weights=np.ones(4),
    )
    weight, games, out = sums_of(kernels.exact_sweep, inputs)
    assert (weight, games) == (0.0, 0)
    assert out[-2:].tolist() == [1.0, 3.0] and not out[:-2].any()
    assert_same_sums((weight, games, out), sums_of(kernels.exact_pairs, inputs))


def _suited(suit: str, ranks: str) -> Range:
    """Every combo of two cards of ``suit`` among ``ranks``."""
    cards = [Card.parse(rank + suit).index for rank in ranks]
    weights = np.zeros(COMBO_COUNT)
    for i, x in enumerate(cards):
        for y in cards[i + 1 :]:
            weights[COMBO_INDEX[x, y]] = 1.0
    return Range(weights)


@pytest.mark.parametrize(
    ("board", "dead"),
    [("2h 7d 4c", ""), ("2h 7d 4c", "Qh"), ("2h 7h 4c 3d", ""), ("2h 7c 4c 3h", "")],
)
def test_flushes_made_by_every_combo_are_swept_alone(board: str, dead: str) -> None:
    """Both ranges all of hearts: on a completion of two hearts (the board holding one) or
    of one (the board holding two) every combo makes a flush, too many to compare pair by
    pair: that completion is swept alone with the flushes and taken off without them."""
    ranges = (_suited("h", "AKQJT98"), _suited("h", "AKQJT65"))
    question = EquityQuestion(
        ranges,
        tuple(Card.parse(c) for c in board.split()),
        tuple(Card.parse(c) for c in dead.split()),
    )
    kernels = poker_kernels()
    inputs = SmallInputs.of(LiveQuestion(question))
    assert_same_sums(sums_of(kernels.exact_sweep, inputs), sums_of(kernels.exact_pairs, inputs))


def _cards() -> st.SearchStrategy[list[int]]:
    return st.permutations(range(52))


@settings(max_examples=40 if FAST else 6, deadline=None)
@given(st.data())
def test_random_heads_up_questions_sweep_to_the_sums_of_every_pair(data: st.DataObject) -> None:
    """Random ranges drawn from a few cards (so that they share cards, and the same combo
    often sits in both), random weights, boards of 3 to 5 cards, dead cards."""
    board_size = data.draw(st.sampled_from((3, 4, 5) if FAST else (4, 5)), label="board")
    live = draw_heads_up(data, data.draw(_cards(), label="cards"), board_size)
    if live is None:
        return  # a range left empty by the board or the dead cards
    kernels = poker_kernels()
    inputs = SmallInputs.of(live)
    assert_same_sums(sums_of(kernels.exact_sweep, inputs), sums_of(kernels.exact_pairs, inputs))


@settings(max_examples=40 if FAST else 5, deadline=None)
@given(st.data())
def test_random_flops_of_one_suit_sweep_to_the_sums_of_every_pair(data: st.DataObject) -> None:
    """A flop of three clubs, ranges drawn from a few cards, about half of them clubs
    (combos of two clubs, of one, of none), random weights, dead cards."""
    clubs = data.draw(st.permutations([c for c in range(52) if c % 4 == 0]), label="clubs")
    others = data.draw(st.permutations([c for c in range(52) if c % 4]), label="others")
    few = data.draw(st.integers(2, 7), label="clubs in the pool")
    mixed = data.draw(st.permutations(clubs[3 : 3 + few] + others[:8]), label="pool")
    cards = clubs[:3] + mixed + clubs[3 + few :] + others[8:]
    live = draw_heads_up(data, cards, 3)
    if live is None:
        return
    kernels = poker_kernels()
    inputs = SmallInputs.of(live)
    assert_same_sums(sums_of(kernels.exact_sweep, inputs), sums_of(kernels.exact_pairs, inputs))


@pytest.mark.slow
@pytest.mark.skipif(not FAST, reason="every flop: compiled only")
@pytest.mark.parametrize("ranges", [("AK, QQ+", "JJ-88, AQs"), ("22+, A2s+, KTo+", "random")])
@pytest.mark.parametrize("one_suit", [False, True])
def test_the_sweep_has_the_sums_of_every_pair_on_many_flops(
    ranges: tuple[str, str], one_suit: bool
) -> None:
    kernels = poker_kernels()
    rng = np.random.default_rng(35)
    for _ in range(20 if one_suit else 60):
        if one_suit:  # three ranks of one suit
            chosen = rng.choice(13, 3, replace=False) * 4 + rng.integers(4)
        else:
            chosen = rng.choice(52, 3, replace=False)
        board = " ".join(str(DECK[c]) for c in chosen)
        inputs = inputs_of(list(ranges), board)
        assert_same_sums(sums_of(kernels.exact_sweep, inputs), sums_of(kernels.exact_pairs, inputs))
