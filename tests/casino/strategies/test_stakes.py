"""What a round margin is worth once the round may decide the tournament, and how the
expert averages its deals with it."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.casino import Move, Player, State, new_tournament
from croupier.casino.strategies import ExpertStrategy
from croupier.casino.strategies.expert import ExpertSettings
from croupier.casino.strategies.search import DepthSearch
from croupier.casino.strategies.stakes import ROUND_POINTS, Stakes, stakes
from croupier.casino.tournament import WINNING_SCORE

scores = st.integers(0, WINNING_SCORE - 1)


def test_a_round_that_cannot_end_the_tournament_counts_points() -> None:
    assert ROUND_POINTS == 11
    assert stakes((9, 9), Player.HUMAN, open_cards=44) is None  # 9 + 11 < 21
    assert stakes((10, 0), Player.COMPUTER, open_cards=44) is not None  # 10 + 11 = 21


@given(scores, scores, st.integers(0, 44), st.sampled_from(Player))
def test_the_worth_grows_with_the_margin_and_turns_back_into_it(
    mine: int, theirs: int, open_cards: int, player: Player
) -> None:
    pair = (mine, theirs) if player is Player.HUMAN else (theirs, mine)
    found = stakes(pair, player, open_cards=open_cards)
    if found is None:
        assert max(mine, theirs) + ROUND_POINTS < WINNING_SCORE
        return
    assert bool(np.all(np.diff(found.table) > 0))
    margins = [-12.0, -3.5, 0.0, 0.25, 7.0]
    back = found.margins(found.worths(margins))
    assert back == pytest.approx(margins, abs=1e-6)
    # The chance of winning: from 0 to 1 (a trace of the margin beside it).
    assert found.worth(-40.0) > -0.01 and found.worth(40.0) < 1.01


@given(scores, scores, st.integers(0, 44), st.floats(-15, 15))
def test_the_two_players_worths_add_up_to_one(
    mine: int, theirs: int, open_cards: int, margin: float
) -> None:
    human = stakes((mine, theirs), Player.HUMAN, open_cards=open_cards)
    computer = stakes((mine, theirs), Player.COMPUTER, open_cards=open_cards)
    if human is None or computer is None:
        assert human is computer is None
        return
    # One's win is the other's loss (and a tie half a win to each), up to the trace of
    # the margin.
    assert human.worth(margin) + computer.worth(-margin) == pytest.approx(1.0, abs=1e-9)


def test_a_decided_round_is_won_by_the_higher_total() -> None:
    level = stakes((15, 15), Player.HUMAN, open_cards=0)
    assert level is not None
    assert level.worth(2.0) == pytest.approx(1.0, abs=1e-3)
    assert level.worth(-2.0) == pytest.approx(0.0, abs=1e-3)
    assert level.worth(0.0) == pytest.approx(0.5, abs=1e-3)  # a tie is half a win
    # Ahead by 4 with the round open: a point of margin is worth less than level.
    ahead = stakes((19, 15), Player.HUMAN, open_cards=40)
    assert ahead is not None
    wide = stakes((15, 15), Player.HUMAN, open_cards=40)
    assert wide is not None
    assert ahead.worth(1.0) - ahead.worth(0.0) < wide.worth(1.0) - wide.worth(0.0)


def test_ahead_the_safe_margin_is_worth_more_behind_the_gamble() -> None:
    def sure(found: Stakes | None, margins: list[float]) -> float:
        assert found is not None
        worths = found.worths(margins)
        return found.margins([sum(worths) / len(worths)])[0]

    ahead = stakes((18, 12), Player.HUMAN, open_cards=24)
    behind = stakes((12, 18), Player.HUMAN, open_cards=24)
    safe, gamble = [1.0, 1.0], [8.0, -4.0]  # the gamble is 1 point better on average
    assert sure(ahead, safe) > sure(ahead, gamble)
    assert sure(behind, safe) < sure(behind, gamble)
    # Both are below their mean ahead (a loss hurts more than a win helps) and behind the
    # gamble's is above it.
    assert sure(ahead, gamble) < 2.0 < sure(behind, gamble)


def deciding_round() -> State:
    """The third deal of a round where the computer leads 18 to 14 (the round may end
    the tournament), the computer to move."""
    state = new_tournament(Player.HUMAN, rng=5)
    state = dataclasses.replace(state, scores=(14, 18), round_number=4)
    while len(state.deck) > 24 or state.next_player is not Player.COMPUTER:
        state = state.apply(state.legal_moves()[0])
    return state


def test_the_expert_averages_its_deals_as_chances_of_winning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = deciding_round()
    seen = state.observe(Player.COMPUTER)
    table = len(state.loose) + sum(len(build.cards) for build in state.builds)
    found = stakes(seen.scores, Player.COMPUTER, open_cards=len(state.deck) + table)
    assert found is not None
    searched: list[tuple[int, list[float]]] = []
    roots = DepthSearch.roots

    def spy(
        search: DepthSearch,
        deal: State,
        moves: list[Move],
        depth: int,
        looked: list[float] | None = None,
    ) -> list[float]:
        values = roots(search, deal, moves, depth, looked)
        searched.append((depth, values))
        return values

    monkeypatch.setattr(DepthSearch, "roots", spy)
    playing = ExpertStrategy(ExpertSettings(tournament_stakes=True, infoset=False))
    analysis = playing.analyse(seen)  # the clock stands still: the work budget
    deals = [values for depth, values in searched if depth == analysis.depth]
    assert len(deals) == analysis.samples >= 4
    worths = [found.worths(values) for values in deals]
    means = [sum(column) / len(column) for column in zip(*worths, strict=True)]
    expected = dict(zip(analysis.searched, found.margins(means), strict=True))
    for move, value in zip(analysis.moves, analysis.values, strict=True):
        if move in expected:
            assert value == pytest.approx(expected[move])
    # Not the plain means of the margins, which the expert gets without the stakes.
    plain = [sum(column) / len(column) for column in zip(*deals, strict=True)]
    assert [analysis.value_of(move) for move in analysis.searched] != pytest.approx(plain)
    searched.clear()
    # the same search without the stakes
    points = ExpertStrategy(ExpertSettings(infoset=False)).analyse(seen)
    assert points.searched == analysis.searched and points.samples == analysis.samples
    assert [points.value_of(move) for move in points.searched] == pytest.approx(plain)
