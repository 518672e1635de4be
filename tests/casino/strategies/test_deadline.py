"""Every move has a deadline: a search stopped early still answers with a legal move and
says in its reason that it was cut short. Nothing here is timed: the deadline is 0, or
the clock is a fake that ticks once each time it is read (elsewhere in the suite the
strategies' clock stands still: see the root conftest.py)."""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable

import pytest

from croupier.cards import DECK
from croupier.casino import Observation, State
from croupier.casino.errors import CasinoError
from croupier.casino.rules import first_moves
from croupier.casino.strategies import (
    DEFAULT_DEADLINE,
    MAX_DEADLINE,
    Deadline,
    ExpertStrategy,
    check_deadline,
    strategy_named,
)
from croupier.casino.strategies.base import SEARCH_SHARE
from croupier.casino.strategies.expert import ExpertSettings

from ...untyped import untyped
from ..helpers import COMPUTER, HUMAN, cards, position

#: The issue's position: the second deal, after both players trailed their first four
#: cards onto a table of low cards; the human (to move) has 2,202 legal moves.
LOW_TABLE = "SA D2 D5 DA D3 S3 CA D4 C4 C3 H2 C2"


def low_table_position() -> State:
    placed = set(cards(f"{LOW_TABLE} C8 D6 C9 S7 S6 H7 H8 C7"))
    deck = " ".join(card.casino for card in DECK if card not in placed)
    return position("C8 D6 C9 S7", "S6 H7 H8 C7", LOW_TABLE, deck=deck)


def ticking_clock() -> Callable[[], float]:
    """A clock that moves one second forward each time it is read."""
    return itertools.count().__next__


def middle_of_a_round() -> State:
    hands, table = ("H9 C2 DX S5", "D9 S3 HQ C6"), "D5 C4 HK H5"
    return position(*hands, table, deck=_deck(" ".join((*hands, table))))


def test_the_low_table_position_has_2202_moves() -> None:
    assert len(low_table_position().legal_moves()) == 2202


@pytest.mark.parametrize("name", ["random", "greedy", "expert"])
def test_a_deadline_of_zero_still_gives_a_legal_move(name: str) -> None:
    state = low_table_position()
    decision = strategy_named(name, deadline=0).decide(state.observe(HUMAN))
    assert state.is_legal(decision.move)
    # Listing the 2,202 moves is long enough to look at the clock: the deadline has passed.
    assert decision.cut_short
    assert "the 0 s deadline cut the search short before every legal move was listed" in (
        decision.reason
    )


def test_a_deadline_of_zero_on_a_small_table_lists_every_move() -> None:
    state = middle_of_a_round()
    for name in ("random", "greedy"):
        decision = strategy_named(name, deadline=0).decide(state.observe(HUMAN))
        assert not decision.cut_short and "deadline" not in decision.reason


def test_a_search_cut_at_once_says_how_far_it_looked() -> None:
    state = low_table_position()
    seen = state.observe(HUMAN)
    expert = ExpertStrategy(deadline=0)
    decision = expert.decide(seen)
    assert decision.cut_short and decision.to_dict()["cut_short"] is True
    analysis = expert.analyse(seen, deadline=Deadline(0))
    first = first_moves(seen.hand, seen.loose, seen.builds, HUMAN)
    # The moves found at once (a few of each card), and those listed before the first look
    # at the clock.
    assert not analysis.all_listed and len(first) <= analysis.listed < 2202
    assert decision.reason.endswith(
        "the 0 s deadline cut the search short before every legal move was listed (it chose "
        f"among {analysis.listed:,}), looking only 1 move ahead in one sampled deal"
    )
    assert analysis.cut_short and analysis.depth == 1 and analysis.samples == 1
    assert set(first) <= set(analysis.moves)
    assert len(analysis.values) == analysis.listed
    assert all(math.isfinite(v) for v in analysis.values)
    # The move is the best of that quick look.
    assert analysis.best == decision.move


def test_a_search_cut_after_some_deals_counts_them() -> None:
    state = middle_of_a_round()
    seen = state.observe(HUMAN)
    # Without the 2-ply pass (see the next test), the cut falls among the deeper deals.
    settings = ExpertSettings(
        samples=16, min_samples=16, node_budget=10**9, shallow_samples=0, infoset=False
    )
    full = ExpertStrategy(settings, deadline=MAX_DEADLINE).analyse(seen)
    assert not full.cut_short and full.samples == 16
    # Each clock reading is one second: the deadline comes after some of the 16 deals.
    nodes_per_deal = full.nodes // 16
    cut = ExpertStrategy(settings, deadline=nodes_per_deal * 3.5, clock=ticking_clock())
    decision = cut.decide(seen)
    analysis = ExpertStrategy(
        settings, deadline=nodes_per_deal * 3.5, clock=ticking_clock()
    ).analyse(seen)
    assert analysis.cut_short and 1 <= analysis.samples < 16 and analysis.depth == settings.depth
    assert decision.cut_short and state.is_legal(decision.move)
    assert decision.reason.endswith(
        f"the {nodes_per_deal * 3.5:g} s deadline cut the search short after "
        f"{analysis.samples} of 16 sampled deals"
    )


def test_a_deadline_before_the_deeper_deals_answers_from_the_two_ply_pass() -> None:
    state = middle_of_a_round()
    seen = state.observe(HUMAN)
    settings = ExpertSettings(samples=16, min_samples=4, node_budget=10**9, infoset=False)
    still = ExpertStrategy(settings, clock=lambda: 0.0).analyse(seen)  # time stands still
    assert still.samples == 16 and still.depth == settings.depth and not still.cut_short
    # A deadline long enough for the 8 deals 2 plies
    # ahead, not for 4 more deals 4 plies ahead (counted in readings of the clock).
    two_ply = _readings(ExpertSettings(samples=8, min_samples=8, depth=2, shallow_samples=0), seen)
    four_ply = _readings(
        ExpertSettings(samples=1, min_samples=1, shallow_samples=0, infoset=False), seen
    )
    deadline = (two_ply + 20) / SEARCH_SHARE / 100  # a reading is 0.01 s
    assert four_ply - two_ply / 8 > 20
    reads = itertools.count()
    expert = ExpertStrategy(settings, deadline=deadline, clock=lambda: next(reads) / 100)
    analysis = expert.analyse(seen)
    assert analysis.cut_short and analysis.depth == 2 and analysis.samples == 8
    assert analysis.best in seen.legal_moves()


def _readings(settings: ExpertSettings, seen: Observation) -> int:
    """How many times the expert with ``settings`` reads its clock to analyse ``seen``."""
    reads = itertools.count()
    ExpertStrategy(settings, clock=lambda: float(next(reads) * 0)).analyse(seen)
    return next(reads)


def test_the_last_deal_cut_short_does_not_speak_of_sampled_deals() -> None:
    state = position("H9 C2 DX S5", "D9 S3 HQ C6", "D5 C4 HK H5", deck="", last=COMPUTER)
    decision = ExpertStrategy(deadline=0).decide(state.observe(HUMAN))
    assert decision.cut_short and state.is_legal(decision.move)
    assert decision.reason.endswith(
        "the 0 s deadline cut the search short, after looking only 1 move ahead"
    )


@pytest.mark.real_clock
def test_a_search_in_time_is_the_search_without_deadline() -> None:
    state = middle_of_a_round()
    seen = state.observe(HUMAN)
    # The work budget only (no time to spare used), on a clock that stands still (the
    # deadline never comes) and on the wall's.
    budget = ExpertSettings(max_samples=ExpertSettings().samples)
    never = ExpertStrategy(budget, clock=lambda: 0.0)
    decision = never.decide(seen)
    assert not decision.cut_short and "deadline" not in decision.reason
    on_the_wall = ExpertStrategy(budget, deadline=MAX_DEADLINE)
    assert on_the_wall.clock is time.perf_counter  # the real clock, outside the test suite
    assert on_the_wall.decide(seen) == decision


def _deck(used: str) -> str:
    """24 cards still to deal, none of them in ``used``."""
    taken = set(cards(used))
    return " ".join([card.casino for card in DECK if card not in taken][:24])


def test_deadlines_are_bounded() -> None:
    assert DEFAULT_DEADLINE == 1.0
    assert check_deadline(0) == 0.0 and check_deadline(MAX_DEADLINE) == MAX_DEADLINE
    for bad in (-0.5, MAX_DEADLINE + 1, math.nan, math.inf):
        with pytest.raises(CasinoError, match="bad deadline"):
            check_deadline(bad)
    with pytest.raises(CasinoError, match="bad deadline"):
        strategy_named("greedy", deadline=-1)
    with pytest.raises(TypeError, match="deadline"):
        check_deadline(untyped("1"))
