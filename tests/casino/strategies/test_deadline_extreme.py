"""The deadline holds whatever the table holds: on extreme tables (16 to 20 low loose cards,
tens or hundreds of thousands of legal moves) every step whose work grows with the table
stops at the deadline, and the decision is still a legal move whose reason says what the
deadline cut.

Nothing here is timed. The clock is a fake that moves one second forward each time it is
read, so "time" is the number of looks at the clock, and the work done between two looks
is bounded by counting the moves made (each listed move is one call of the rules'
``_move``). A decision that overran its deadline would read the clock more times than
the deadline has seconds, or make far more moves than the bound.
"""

from __future__ import annotations

import gc
import itertools
import re
from typing import Any

import numpy as np
import pytest

from croupier.cards import DECK
from croupier.casino import Move, State, rules
from croupier.casino.observation import Observation
from croupier.casino.rules import CHECK_EVERY, first_moves, list_moves, moves_until
from croupier.casino.strategies import (
    Deadline,
    Decision,
    ExpertStrategy,
    Strategy,
    observation_rng,
    strategy_named,
)
from croupier.casino.strategies.base import LISTING_SHARE, SEARCH_SHARE
from croupier.casino.strategies.expert import QUICK_LOOK_MIN

from ..helpers import COMPUTER, HUMAN, cards, position
from .test_deadline import low_table_position

#: Every ace to 5 on the table: 488,714 legal moves for the hand below (21 s to list).
TWENTY_LOW = " ".join(f"{suit}{rank}" for rank in "A2345" for suit in "SHDC")
#: Every ace to 4 on the table: about 30,000 legal moves, about a second to list.
SIXTEEN_LOW = " ".join(f"{suit}{rank}" for rank in "A234" for suit in "SHDC")
HANDS = ("C8 D6 C9 S7", "S6 H7 H8 C7")


def extreme_position(table: str) -> State:
    """The start of the second deal, ``table`` loose, the hands above, 16 cards to deal."""
    placed = set(cards(f"{table} {HANDS[0]} {HANDS[1]}"))
    deck = " ".join([card.casino for card in DECK if card not in placed][:16])
    return position(*HANDS, table, deck=deck)


class FakeClock:
    """One second later at each reading; counts the readings."""

    def __init__(self) -> None:
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        return float(self.readings - 1)


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of moves the rules make (listed or not), in a one-item list."""
    count = [0]
    make = rules._move

    def counting(*args: Any) -> Move:
        count[0] += 1
        return make(*args)

    monkeypatch.setattr(rules, "_move", counting)
    return count


def stop_after(looks: int) -> rules.Stop:
    """A ``stop`` that says the time is up at its ``looks``-th call."""
    calls = itertools.count(1)
    return lambda: next(calls) >= looks


def test_listing_stops_when_told_and_keeps_a_legal_move_of_every_card(made: list[int]) -> None:
    state = extreme_position(TWENTY_LOW)
    hand, loose = state.hands[HUMAN], state.loose
    moves, complete = list_moves(hand, loose, (), HUMAN, stop_after(3))
    assert not complete
    assert made[0] <= 3 * CHECK_EVERY + 100  # not the 488,714 of the full list
    assert {move.card for move in moves} == set(hand)
    assert moves[: len(first_moves(hand, loose, (), HUMAN))] == first_moves(hand, loose, (), HUMAN)
    assert all(state.is_legal(move) for move in moves)
    assert moves_until(hand, loose, (), HUMAN, stop_after(3)) is None


@pytest.mark.parametrize("name", ["random", "greedy", "expert", "strong"])
@pytest.mark.parametrize("table", [SIXTEEN_LOW, TWENTY_LOW])
def test_every_strategy_lists_the_moves_only_until_its_share_of_the_deadline(
    name: str, table: str, made: list[int]
) -> None:
    state = extreme_position(table)
    clock = FakeClock()
    deadline = 12
    strategy = strategy_named(name, deadline=deadline)
    strategy.clock = clock
    decision = strategy.decide(state.observe(HUMAN))
    assert clock.readings <= deadline + 1  # it stopped at the deadline
    assert made[0] <= (deadline + 1) * CHECK_EVERY + 100
    assert state.is_legal(decision.move) and decision.cut_short
    assert "the 12 s deadline cut the search short before every legal move was listed" in (
        decision.reason
    )


def test_the_listing_keeps_half_the_deadline_for_judging_the_moves() -> None:
    state = extreme_position(SIXTEEN_LOW)
    clock = FakeClock()
    deadline = Deadline(100, clock)
    moves, complete = list_moves(
        state.hands[HUMAN], state.loose, (), HUMAN, deadline.part(LISTING_SHARE).expired
    )
    assert not complete and clock.readings == 100 * LISTING_SHARE + 1
    # The expert then judges the moves listed until 90% of the deadline.
    expert = ExpertStrategy(deadline=100, clock=clock)
    analysis = expert.analyse(state.observe(HUMAN), moves, deadline=deadline, complete=False)
    assert analysis.cut_short and not analysis.all_listed and analysis.listed == len(moves)
    assert clock.readings == 100 * SEARCH_SHARE + 1


def test_the_quick_look_stops_at_the_deadline_with_the_likely_best_moves_valued() -> None:
    state = low_table_position()  # 2,202 moves, 460 kinds: listed at once, valued in time
    seen = state.observe(HUMAN)
    looks = FakeClock()
    list_moves(seen.hand, seen.loose, seen.builds, HUMAN, lambda: looks() < 0)
    deadline = 2 * (looks.readings + 10)  # listing fits in half the deadline
    clock = FakeClock()
    expert = ExpertStrategy(deadline=deadline, clock=clock)
    decision = expert.decide(seen)
    assert clock.readings <= deadline + 1
    analysis = ExpertStrategy(deadline=deadline, clock=FakeClock()).analyse(seen)
    assert analysis.all_listed and analysis.listed == 2202 and analysis.cut_short
    valued = len(analysis.moves)
    assert QUICK_LOOK_MIN <= len(analysis.searched) < 460 and valued < 2202
    assert analysis.depth == 1 and analysis.samples == 1
    # The likely best first: the biggest captures were all valued.
    legal = state.legal_moves()
    most = max(len(move.loose) for move in legal)
    biggest = [move for move in legal if len(move.loose) >= most - 1]
    assert len(biggest) > 1 and all(move in analysis.moves for move in biggest)
    assert decision.move == analysis.best and state.is_legal(decision.move)
    assert decision.reason.endswith(
        f"the {deadline} s deadline cut the search short, after looking only 1 move ahead at "
        f"{valued:,} of the 2,202 legal moves in one sampled deal"
    )


def test_the_opponent_s_replies_in_the_search_are_listed_against_the_deadline(
    made: list[int],
) -> None:
    state = extreme_position(SIXTEEN_LOW)
    seen = state.observe(HUMAN)
    trails = [Move.parse("trail C8"), Move.parse("trail D6")]
    # In the first sampled deal the computer has tens of thousands of replies to a trail.
    first = State.sample(seen, observation_rng(seen))
    replies = len(first.apply(trails[0]).legal_moves())
    assert replies > 30_000
    made[0] = 0
    clock = FakeClock()
    expert = ExpertStrategy(deadline=10, clock=clock)
    analysis = expert.analyse(seen, trails, deadline=Deadline(10, clock))
    assert analysis.cut_short and analysis.samples == 1 and analysis.depth == 1
    assert analysis.all_listed and analysis.best in trails
    assert clock.readings <= 10 + 1
    assert made[0] <= 9 * CHECK_EVERY < replies  # the replies were not all listed


class _Watcher(Strategy):
    """Plays the first move, noting whether the cyclic garbage collector ran meanwhile."""

    name = "watcher"
    summary = "the first move"

    def __init__(self, fail: bool = False) -> None:
        super().__init__()
        self.fail = fail
        self.collecting: bool | None = None

    def choose(
        self, observation: Observation, moves: list[Move], rng: np.random.Generator
    ) -> Decision:
        self.collecting = gc.isenabled()
        if self.fail:
            raise RuntimeError("boom")
        return Decision(moves[0], "the first move")


def test_the_garbage_collector_pauses_during_a_decision_and_comes_back() -> None:
    seen = low_table_position().observe(HUMAN)
    assert gc.isenabled()
    watcher = _Watcher()
    watcher.decide(seen)
    assert watcher.collecting is False and gc.isenabled()
    failing = _Watcher(fail=True)
    with pytest.raises(RuntimeError, match="boom"):
        failing.decide(seen)
    assert failing.collecting is False and gc.isenabled()
    gc.disable()  # a caller that paused it keeps it paused
    try:
        _Watcher().decide(seen)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_search_done_in_full_on_a_cut_listing_speaks_only_of_the_listing() -> None:
    state = extreme_position(TWENTY_LOW)
    strong = strategy_named("strong", deadline=12)  # one deal, one ply: done at once
    strong.clock = FakeClock()
    decision = strong.decide(state.observe(HUMAN))
    assert decision.cut_short and state.is_legal(decision.move)
    assert re.search(
        r"[:;] the 12 s deadline cut the search short before every legal move was listed "
        r"\(it chose among [\d,]+\)$",
        decision.reason,
    ), decision.reason


def four_builds_to_hold() -> State:
    """The computer owns builds of 9, 10, jack and queen, and holds the only 9, 10, jack
    and queen the human cannot see: a random hand of 4 of the 28 unseen cards holds them
    once in 20,475 draws."""
    hands = ("SA S2 H2 D2", "D9 DX DJ DQ")
    builds = "[C2 C7] [H3 H7] [S4 S7] [D5 D7]"
    used = set(cards(f"{hands[0]} {hands[1]} {builds.replace('[', '').replace(']', '')}"))
    deck = [c.casino for c in DECK if c not in used and (c.rank <= 8 or c.rank >= 13)]
    return position(*hands, builds, [COMPUTER] * 4, deck=" ".join(deck))


def test_sampling_a_deal_stops_drawing_hands_at_the_deadline() -> None:
    seen = four_builds_to_hold().observe(HUMAN)
    assert len(seen.unseen) == 28
    looks = FakeClock()
    sampled = State.sample(seen, rng=1, stop=lambda: looks() >= 1)  # the 2nd look: time up
    assert looks.readings == 2  # drawing on could have looked up to 39 times
    assert sampled.observe(HUMAN) == seen
    assert {card.rank for card in sampled.hands[COMPUTER]} == {9, 10, 11, 12}
    clock = FakeClock()
    decision = ExpertStrategy(deadline=10, clock=clock).decide(seen)
    assert clock.readings <= 10 + 1 and decision.cut_short
