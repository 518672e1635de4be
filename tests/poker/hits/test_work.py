"""The estimate of a hits question's work: against the time the question takes (within a
generous factor, scaled by how slow the machine is now), its Omaha families against the
exact count, its early stop on a range too large for a limit, and its checks."""

from __future__ import annotations

import math
import time

import numpy as np
import pytest

from croupier.poker.errors import PokerError
from croupier.poker.hits.classifier import HitsQuestion, live_holdings
from croupier.poker.hits.omaha import families
from croupier.poker.hits.textures import FlopTexture
from croupier.poker.hits.work import FAMILY_SAMPLE, hits_work
from tests.slowness import patience, slowness

from ...untyped import untyped

#: How far the estimate may stray from the time measured, either way, on a quiet machine.
FACTOR = 10


def measured(question: HitsQuestion) -> float:
    started = time.perf_counter()
    question.answer()
    return time.perf_counter() - started


@pytest.mark.parametrize(
    ("text", "game", "board", "texture"),
    [
        ("random", "holdem", None, None),  # one combo a class, every flop
        ("random", "omaha", "Ks 7d 2c", None),  # 211,876 holdings on one board
        ("AA:xxyy", "omaha", None, None),  # families counted exactly
        ("AA!AAA", "omaha", None, "monotone"),  # families from a sample, a texture's flops
        ("AAKK?", "omaha5", None, None),
    ],
)
def test_the_estimate_is_within_a_factor_of_the_time_taken(
    text: str, game: str, board: str | None, texture: str | None
) -> None:
    chosen = FlopTexture.parse(texture) if texture else None
    question = HitsQuestion.parse(text, board, None, game, chosen)
    HitsQuestion.parse("AKQJ" if game != "holdem" else "AKs", None, None, game).answer()  # tables
    estimate = hits_work(question).seconds
    taken = measured(question)
    # a busy machine takes longer: the estimate may then be further below, never above
    assert taken / (FACTOR * slowness()) < estimate < FACTOR * taken, (estimate, taken)


def test_omaha_families_are_counted_or_estimated_within_a_few_percent() -> None:
    small = HitsQuestion.parse("AA:xxyy", game="omaha")
    rows = live_holdings(small.range, ())[0]
    assert len(rows) <= FAMILY_SAMPLE
    assert hits_work(small).families == len(families(rows, np.zeros(0, dtype=np.int64))[0])
    for text, dead in [("A??", None), ("random", "2c"), ("AsAh??", "Kd 2c")]:
        question = HitsQuestion.parse(text, None, dead, "omaha")
        rows = live_holdings(question.range, question.dead)[0]
        dead_numbers = np.array([card.index for card in question.dead], dtype=np.int64)
        exact = len(families(rows, dead_numbers)[0])
        assert hits_work(question).families == pytest.approx(exact, rel=0.05), text


def test_a_range_too_large_for_the_limit_is_priced_from_its_size_at_once() -> None:
    question = HitsQuestion.parse("random", game="omaha5")
    started = time.perf_counter()
    bound = hits_work(question, limit=30)
    assert time.perf_counter() - started < patience(1.0)
    assert bound.at_least and bound.over(30) and bound.hands == math.comb(52, 5)
    assert bound.families == math.ceil(math.comb(52, 5) / 24)
    whole = hits_work(question)  # the families estimated: the run found 134,459
    assert not whole.at_least and whole.seconds >= bound.seconds
    assert whole.families == pytest.approx(134_459, rel=0.05)
    assert not hits_work(HitsQuestion.parse("QQ+, AK"), limit=30).over(30)


def test_textures_and_boards_make_less_work() -> None:
    every = hits_work(HitsQuestion.parse("AA!AAA", game="omaha"))
    monotone = hits_work(
        HitsQuestion.parse("AA!AAA", game="omaha", texture=FlopTexture.parse("monotone"))
    )
    board = hits_work(HitsQuestion.parse("AA!AAA", board="Ks 7d 2c", game="omaha"))
    assert every.rows == every.families * 22_100 and monotone.rows == monotone.families * 1_144
    assert board.rows == board.hands < monotone.rows < every.rows
    assert board.seconds < monotone.seconds < every.seconds


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(PokerError, match=r"^bad limit nan: expected a finite number"):
        hits_work(HitsQuestion.parse("AK"), limit=math.nan)
    with pytest.raises(TypeError, match="must be a HitsQuestion, not str"):
        hits_work(untyped("AK"))
