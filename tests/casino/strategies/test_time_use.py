"""The expert uses the time it is given (more deals with more time, the same fixed work
with a clock that stands still), and its search to the end of the last deal is bounded
by the deadline and its own count of positions, not by the work budget of the deals."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from croupier import engine
from croupier.casino import Player, new_tournament
from croupier.casino.strategies import ExpertStrategy
from croupier.casino.strategies.expert import ExpertSettings

from ..helpers import COMPUTER, HUMAN, position


def ticking(step: float) -> Callable[[], float]:
    """A clock that moves ``step`` seconds each time it is read."""
    ticks = itertools.count()
    return lambda: next(ticks) * step


#: How far the ticking clock moves at each read for the search to take the same time per
#: step: the compiled kernel reads it only every ``CLOCK_EVERY`` steps.
PER_LOOK = engine.kernels("casino").CLOCK_EVERY if engine.compiled("casino") else 1


def test_more_time_more_deals() -> None:
    state = new_tournament(Player.HUMAN, rng=6)
    for _ in range(4):  # 2 + 2 cards left: 4 plies reach the end of the deal
        state = state.apply(state.legal_moves()[0])
    seen = state.observe(state.next_player)
    fixed = ExpertStrategy().analyse(seen)  # the clock stands still: the work budget only
    assert 4 <= fixed.samples <= 16 and not fixed.cut_short
    step = 0.00001 * PER_LOOK  # ten microseconds a step
    short = ExpertStrategy(deadline=0.1, clock=ticking(step)).analyse(seen)
    long = ExpertStrategy(deadline=0.5, clock=ticking(step)).analyse(seen)
    assert fixed.samples <= short.samples < long.samples <= ExpertSettings().max_samples
    assert not short.cut_short and not long.cut_short  # deals of spare time are never cut
    assert ExpertStrategy().analyse(seen) == fixed  # the fixed work is the same every time


def test_the_last_deal_is_searched_to_its_end_whatever_the_work_budget() -> None:
    state = position("C3 H9 S4", "H5 D9 S2", "H4 C5 SA D8", deck="", last=HUMAN, to_move=COMPUTER)
    seen = state.observe(COMPUTER)
    tiny = ExpertStrategy(ExpertSettings(node_budget=1)).analyse(seen)
    assert tiny.exact and tiny.best == ExpertStrategy().analyse(seen).best


def test_the_table_of_positions_serves_the_next_moves_of_the_deal() -> None:
    state = position("C3 H9 S4", "H5 D9 S2", "H4 C5 SA D8", deck="", last=HUMAN, to_move=COMPUTER)
    expert = ExpertStrategy()
    first = expert.analyse(state.observe(COMPUTER))
    again = expert.analyse(state.observe(COMPUTER))
    assert again.best == first.best and again.nodes < first.nodes


def test_time_to_spare_searches_the_deals_deeper_to_the_end_of_the_deal() -> None:
    state = new_tournament(Player.HUMAN, rng=6)
    for _ in range(2):
        state = state.apply(state.legal_moves()[0])
    seen = state.observe(state.next_player)  # 3 + 3 cards left: 6 plies to the deal's end
    # each deal searched on its own (Perfect Information Monte Carlo)
    fixed = ExpertStrategy(ExpertSettings(infoset=False)).analyse(seen)  # the work budget only
    assert fixed.depth == ExpertSettings().depth == 4
    step = 0.00001
    settings = ExpertSettings(max_samples=20, infoset=False)  # a few more deals at most
    long = ExpertStrategy(settings, deadline=1, clock=ticking(step)).analyse(seen)
    assert long.depth == 6 and long.samples >= fixed.samples and not long.cut_short
    assert long.best in seen.legal_moves()
