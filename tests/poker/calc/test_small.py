"""Small exact questions in one kernel call (croupier.poker.calc.small) give the answers of
the reference enumeration (croupier.poker.calc.exact: suit families, NumPy), deal for deal:
the same games, the same equities, wins and ties, and the same figures per combo, up to
the order in which sums are added.

The kernel runs compiled where the engine is, and as Python under CROUPIER_PURE=1 (CI runs
this file both ways), so the questions stay small."""

from __future__ import annotations

import collections
import copy
import dataclasses
import pickle
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import DECK
from croupier.engine import compiled
from croupier.poker.calc import calculate, small
from croupier.poker.calc.exact import plan_exact, run_exact
from croupier.poker.calc.live import LiveQuestion
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.calc.results import (
    CalcResult,
    PendingSums,
    PlayerResult,
    exact_player,
    exact_result,
)
from croupier.poker.calc.small import SMALL_WORK, is_small, small_answer, small_exact
from croupier.poker.errors import PokerError
from croupier.poker.ranges.holdem import Range
from croupier.poker.ranges.saved import RangeBook, using_book
from croupier.poker.ranges.starting_hands import COMBO_COUNT


def reference(question: LiveQuestion) -> CalcResult:
    plan = plan_exact(question, 600)
    assert plan is not None
    return collections.deque(run_exact(question, plan, None), maxlen=1)[0]


def assert_same(mine: CalcResult, truth: CalcResult) -> None:
    assert mine.exact and truth.exact and mine.games == truth.games
    for a, b in zip(mine.players, truth.players, strict=True):
        assert (a.range, a.combos) == (b.range, b.combos)
        for field in ("equity", "win", "tie"):
            assert getattr(a, field) == pytest.approx(getattr(b, field), abs=1e-12)
        assert np.allclose(a.combo_weight, b.combo_weight, atol=1e-12)
        assert np.allclose(a.combo_equity, b.combo_equity, atol=1e-12, equal_nan=True)
        assert np.allclose(a.grid, b.grid, atol=1e-12, equal_nan=True)


QUESTIONS = [
    (("AhKh", "QQ"), "2c 7d 9h Js", ""),
    (("AhKh", "TT+, AQs+, AQo+, KQs"), "2c 7d 9h Js 3s", ""),
    (("AhKh", "TT+, AQs:0.5, KQs@25"), "2c 7d 9h Js", "Qs"),
    (("AA", "KK", "QQ:0.5"), "2c 7d 9h Jh", ""),
    (("JJ+", "AK", "7c2d", "T9s"), "Th 9h 2c 3d 4s", "Kd"),
    (("88", "AhQh"), "Jh 8h 3h", "") if compiled("poker") else (("88", "AhQh"), "Jh 8h 3h 2c", ""),
]


@pytest.mark.parametrize(("ranges", "board", "dead"), QUESTIONS)
def test_small_questions_get_the_reference_answer(
    ranges: tuple[str, ...], board: str, dead: str
) -> None:
    question = LiveQuestion(EquityQuestion.parse(list(ranges), board, dead or None))
    assert is_small(question)
    assert_same(small_exact(question), reference(question))


@settings(max_examples=25 if compiled("poker") else 4, deadline=None)
@given(st.data())
def test_random_small_questions_get_the_reference_answer(data: st.DataObject) -> None:
    players = data.draw(st.integers(2, 4 if compiled("poker") else 3), label="players")
    board_size = data.draw(st.sampled_from((4, 5) if not compiled("poker") else (3, 4, 5)))
    cards = data.draw(st.permutations(range(52)), label="cards")
    board = [DECK[c] for c in cards[:board_size]]
    dead = [DECK[cards[board_size]]] if data.draw(st.booleans(), label="dead") else []
    ranges = []
    for p in range(players):
        size = data.draw(st.integers(1, 12 if compiled("poker") else 4), label=f"size {p}")
        combos = data.draw(
            st.lists(st.integers(0, COMBO_COUNT - 1), min_size=size, max_size=size, unique=True)
        )
        weights = np.zeros(COMBO_COUNT)
        weights[combos] = data.draw(
            st.lists(st.sampled_from((1.0, 0.5, 0.25, 0.3)), min_size=size, max_size=size)
        )
        ranges.append(Range(weights))
    try:
        question = LiveQuestion(EquityQuestion(tuple(ranges), tuple(board), tuple(dead)))
    except PokerError:
        return  # a question that cannot be asked (a range left empty, a card twice)
    if not is_small(question) or reference_is_empty(question):
        return
    assert_same(small_exact(question), reference(question))


def reference_is_empty(question: LiveQuestion) -> bool:
    """True when no assignment fits (the reference has nothing to enumerate)."""
    return plan_exact(question, 600) is None


def test_calculate_answers_small_exact_questions_the_same_way() -> None:
    ranges, board = ["AhKh", "TT+, AQs+, AQo+, KQs"], "2c 7d 9h Js"
    answer = calculate(ranges, board=board, exact=True)
    truth = reference(LiveQuestion(EquityQuestion.parse(ranges, board)))
    assert_same(answer, truth)
    assert calculate(ranges, board=board) == answer  # exact by default on a turn


@pytest.mark.skipif(not compiled("poker"), reason="the small exact path is compiled-only")
def test_exact_seconds_of_a_small_question_is_its_kernel_call_s() -> None:
    """A heads-up flop of two random hands is one kernel call (a few hundredths of a
    second): ``exact_seconds`` says so, where the larger engines' plan said over 30 s."""
    from croupier.poker.calc.run import exact_seconds

    question = EquityQuestion.parse(["random", "random"], board="2c 7d 9h")
    work = small.small_work(LiveQuestion(question))
    assert work is not None
    seconds = exact_seconds(question, limit=30)
    assert seconds == small.small_seconds(question) == work * small.SECONDS_PER_WORK
    assert seconds is not None and seconds < 1
    assert exact_seconds(question, limit=seconds / 2) is None  # over the caller's limit
    assert small.small_seconds(EquityQuestion.parse(["AA", "KK"])) is None  # preflop


def test_large_questions_are_not_small() -> None:
    big = LiveQuestion(EquityQuestion.parse(["random", "random", "random"], board="2c 7d 9h"))
    assert not is_small(big)
    assert not is_small(LiveQuestion(EquityQuestion.parse(["AhKh", "QQ"])))  # preflop
    assert SMALL_WORK >= 1_000_000


# --- questions built once and asked again (issue 35) -----------------------------------


def test_a_question_asked_again_keeps_its_inputs_and_its_answer() -> None:
    question = EquityQuestion.parse(
        ["AhKh", "TT+, AQs:0.5, KQs@25"], board="2c 7d 9h Js", dead="Qs"
    )
    first = calculate(question)
    assert (question.prepared["small"] is not False) is compiled("poker")
    again = calculate(question, exact=True)
    assert_same(again, first)
    assert_same(first, reference(LiveQuestion(question)))
    assert again.players[0].sums is not first.players[0].sums  # each answer its own arrays
    assert question == EquityQuestion.parse(["AhKh", "TT+, AQs:0.5, KQs@25"], "2c 7d 9h Js", "Qs")


def test_a_question_that_is_not_small_is_remembered_as_such() -> None:
    question = EquityQuestion.parse(["AhKh", "QQ"], board="2c 7d 9h")
    assert small_answer(question) is None or is_small(LiveQuestion(question))
    flop = EquityQuestion.parse(["random", "random", "random"], board="2c 7d 9h")
    assert small_answer(flop) is None and small_answer(flop) is None
    assert flop.prepared.get("small") is False
    omaha = EquityQuestion.parse(["AsAhKsKh", "QdQcJdTc"], board="2c 7d 9h 3s", game="omaha")
    assert small_answer(omaha) is None


@settings(max_examples=20, deadline=None)
@given(st.data())
def test_questions_asked_twice_get_the_reference_answer(data: st.DataObject) -> None:
    """The fast path (inputs kept with the question, results built slot by slot) against
    the reference enumeration, asked twice; uncompiled, small_exact runs the same inputs
    and result through the kernel run as Python."""
    board_size = data.draw(st.sampled_from((4, 5)), label="board")
    cards = data.draw(st.permutations(range(52)), label="cards")
    board = tuple(DECK[c] for c in cards[:board_size])
    ranges = []
    for p in range(2):
        combos = data.draw(
            st.lists(st.integers(0, COMBO_COUNT - 1), min_size=1, max_size=6), label=f"combos {p}"
        )
        ranges.append(Range.of_combos(combos, data.draw(st.sampled_from((1.0, 0.5)))))
    try:
        question = EquityQuestion(tuple(ranges), board)
    except PokerError:
        return
    live = LiveQuestion(question)
    if reference_is_empty(live):
        return
    truth = reference(live)
    if compiled("poker"):
        for _ in range(2):
            assert_same(calculate(question, exact=True), truth)
    assert_same(small_exact(live), truth)


def test_results_built_slot_by_slot_are_the_dataclasses_own() -> None:
    sums = np.arange(4 * COMBO_COUNT, dtype=np.float64).reshape(4, COMBO_COUNT)
    fast = exact_player("AA", 6, 0.8, 0.75, 0.1, sums, 2.0)
    slow = PlayerResult("AA", 6, 0.8, 0.75, 0.1, None, sums, 2.0)
    board = tuple(DECK[c] for c in (0, 5, 9))
    whole, usual = exact_result(7, (fast,), board, ()), CalcResult(True, 7, (slow,), board, ())
    for mine, theirs in ((fast, slow), (whole, usual)):
        for field in dataclasses.fields(theirs):
            assert getattr(mine, field.name) is getattr(theirs, field.name) or (
                getattr(mine, field.name) == getattr(theirs, field.name)
            )
    assert whole == usual and whole.to_dict() == usual.to_dict()


def test_answers_keep_their_own_figures_when_the_output_array_is_used_again() -> None:
    """Each call's output array is given back zeroed and used by the next call: an
    answer whose figures by combo were not read yet keeps its own (PendingSums), after
    other answers of the same size and of other sizes."""
    asked = [
        EquityQuestion.parse(["AhKh", "TT+, AQs+, AQo+, KQs"], board="2c 7d 9h Js 3s"),
        EquityQuestion.parse(["AhKh", "QQ"], board="2c 7d 9h Js"),
        EquityQuestion.parse(["AA", "KK", "QQ:0.5"], board="2c 7d 9h Jh"),
        EquityQuestion.parse(["QdJd", "TT+, AQs:0.5, KQs@25"], board="2c 7d 9h Js", dead="Qs"),
    ]
    answers = [calculate(question, exact=True) for question in asked * 2]
    for question, answer in zip(asked * 2, answers, strict=True):
        assert_same(answer, reference(LiveQuestion(question)))
    for first, again in zip(answers[:4], answers[4:], strict=True):
        for a, b in zip(first.players, again.players, strict=True):
            assert a.sums is not b.sums and np.array_equal(a.sums, b.sums)
    for spare in small._SPARE.values():  # given back all zeros
        assert not any(out.any() for out in spare)


def test_figures_by_combo_left_pending_are_the_arrays_once_read() -> None:
    """Copies, pickles and dataclasses.replace of an answer whose sums were never read
    hold the same sums as the answer itself, made once."""
    question = EquityQuestion.parse(["AhKh", "TT+, AQs+, AQo+, KQs"], board="2c 7d 9h Js")
    truth = reference(LiveQuestion(question))
    copies: list[Callable[[CalcResult], CalcResult]] = [
        lambda r: pickle.loads(pickle.dumps(r)),
        copy.deepcopy,
        lambda r: dataclasses.replace(r, partial=False),
        lambda r: r,
    ]
    for made in copies:
        answer = made(small_exact(LiveQuestion(question)))
        assert_same(answer, truth)
        player = answer.players[1]
        assert player.sums is player.sums  # made once, then kept
        assert player.sums.shape == (4, COMBO_COUNT) and player.sums.dtype == np.float64
    replaced = dataclasses.replace(small_exact(LiveQuestion(question)).players[0], equity=0.5)
    assert np.array_equal(replaced.sums, truth.players[0].sums)


def test_pending_sums_spread_over_the_combos() -> None:
    numbers = np.array([700, 12])
    values = np.arange(8.0).reshape(4, 2)  # rows weight, equity, win, tie
    found = np.concatenate([np.full(5, np.nan), values.ravel(), np.full(3, np.nan)])
    targets = (np.arange(4)[:, None] * COMBO_COUNT + numbers).ravel()
    made = PendingSums(found, 5, 13, targets).made()
    expected = np.zeros((4, COMBO_COUNT))
    expected[:, numbers] = values
    assert np.array_equal(made, expected)


def test_threads_asking_one_question_at_once_get_the_same_answer() -> None:
    """Calls at the same time take different output arrays (the kernel releases the
    GIL): every answer is the reference's."""
    question = EquityQuestion.parse(["AhKh", "TT+, AQs+, AQo+, KQs"], board="2c 7d 9h Js")
    truth = reference(LiveQuestion(question))

    calls = 50 if compiled("poker") else 3

    def ask(_: int) -> list[CalcResult]:
        return [calculate(question, exact=True) for _ in range(calls)]

    with ThreadPoolExecutor(4) as pool:
        for answers in pool.map(ask, range(4)):
            for answer in answers:
                assert_same(answer, truth)


def test_text_read_again_is_the_same_question() -> None:
    first = EquityQuestion.parse(["AhKh", "QQ+, AKs@50"], board="2c 7d 9h")
    assert EquityQuestion.parse(("AhKh", "QQ+, AKs@50"), board="2c 7d 9h") is first
    assert EquityQuestion.parse(["AhKh", "QQ+, AKs@50"], board="2c 7d 9h", game="holdem") is first
    assert EquityQuestion.parse(["AhKh", "QQ+"], board="2c 7d 9h") is not first
    for _ in range(2):  # a bad text is refused every time, never kept
        with pytest.raises(PokerError, match="bad range token"):
            EquityQuestion.parse(["AhKh", "QQ, 2x"])


def test_omaha_text_is_read_again_not_kept() -> None:
    """An Omaha range holds a bit set over every holding: 256 questions of them would
    hold hundreds of megabytes in a server's process."""
    texts = ["AA:xxyy@50, KK", "random"]
    first = EquityQuestion.parse(texts, board="2c 7d 9h", game="omaha5")
    again = EquityQuestion.parse(texts, board="2c 7d 9h", game="omaha5")
    assert again == first and again is not first


def test_a_saved_range_is_read_from_the_book_every_time() -> None:
    wide = RangeBook().with_range("mine", "22+", "holdem")
    narrow = RangeBook().with_range("mine", "AA", "holdem")
    with using_book(wide):
        assert len(EquityQuestion.parse(["AhKh", "@mine"]).combo_ranges[1]) == 13 * 6
    with using_book(narrow):
        assert len(EquityQuestion.parse(["AhKh", "@mine"]).combo_ranges[1]) == 6
