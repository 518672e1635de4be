"""The arena: whole tournaments between strategies, reproducible from the seed."""

from __future__ import annotations

import math
import time
from typing import ClassVar

import numpy as np
import pytest

from croupier.casino import CasinoError
from croupier.casino.moves import Move
from croupier.casino.observation import Observation
from croupier.casino.strategies import ClockKind, Decision, GreedyStrategy, strategy_named
from croupier.casino.strategies.arena import (
    TournamentRecord,
    mean_interval,
    play_tournament,
    run_arena,
    wilson,
)
from croupier.casino.strategies.base import Clock


def test_a_tournament_is_played_to_the_end() -> None:
    record = play_tournament(
        strategy_named("greedy"), strategy_named("random"), True, np.random.SeedSequence(1), 2
    )
    a_total, b_total = sum(record.a_points), sum(record.b_points)
    assert max(a_total, b_total) >= 21
    assert record.winner == ("a" if a_total > b_total else "b" if b_total > a_total else None)
    assert len(record.a_points) == len(record.b_points) >= 2
    assert record.a_moves == record.b_moves == 24 * len(record.a_points)
    assert record.a_first
    assert 0 <= record.a_slowest <= record.a_seconds


def test_an_arena_counts_every_tournament_and_repeats_from_its_seed() -> None:
    result = run_arena("greedy", "random", 6, rng=3)
    assert result.tournaments == 6 and result.a + result.b == "greedyrandom"
    assert result.a_wins + result.b_wins + result.ties == 6
    assert result.seed == 3
    again = run_arena("greedy", "random", 6, rng=3)
    assert [r.winner for r in again.records] == [r.winner for r in result.records]
    assert [r.a_points for r in again.records] == [r.a_points for r in result.records]
    other = run_arena("greedy", "random", 6, rng=4)
    assert [r.a_points for r in other.records] != [r.a_points for r in result.records]


def test_the_strategies_take_turns_to_start() -> None:
    result = run_arena("random", "greedy", 5, rng=5)
    assert [record.a_first for record in result.records] == [True, False, True, False, True]


def test_workers_give_the_same_results() -> None:
    one = run_arena("greedy", "random", 4, rng=8, workers=1)
    two = run_arena("greedy", "random", 4, rng=8, workers=2)
    assert [r.a_points for r in one.records] == [r.a_points for r in two.records]
    assert (one.a_wins, one.b_wins, one.ties) == (two.a_wins, two.b_wins, two.ties)


def test_progress_is_reported() -> None:
    seen: list[int] = []
    run_arena("random", "greedy", 3, rng=1, progress=seen.append)
    assert seen == [1, 2, 3]


def test_statistics() -> None:
    result = run_arena("greedy", "random", 4, rng=2)
    share = result.win_share("a")
    assert share.low <= share.value <= share.high
    points = result.round_points("b")
    assert points.low <= points.value <= points.high
    margin = result.margin()
    assert margin.value == pytest.approx(
        result.round_points("a").value - result.round_points("b").value
    )
    assert result.seconds_per_move("a") >= 0 and result.slowest_move("b") >= 0
    assert result.rounds == sum(len(r.a_points) for r in result.records)


def test_intervals() -> None:
    assert wilson(0, 10).low == 0 and wilson(10, 10).high == pytest.approx(1)
    half = wilson(50, 100)
    assert half.value == 0.5 and half.low == pytest.approx(0.4038, abs=1e-4)
    assert math.isnan(wilson(0, 0).value)
    flat = mean_interval([3, 3, 3])
    assert flat.low == flat.value == flat.high == 3
    assert math.isnan(mean_interval([]).value)
    assert mean_interval([7]).value == 7


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("greedy", "smart", 2), "bad strategy 'smart'"),
        (("greedy", "random", 0), "bad number of tournaments 0: expected 1 or more"),
    ],
)
def test_bad_arenas(args: tuple[str, str, int], message: str) -> None:
    with pytest.raises(CasinoError, match=message):
        run_arena(*args)
    with pytest.raises(CasinoError, match="bad number of workers 0"):
        run_arena("greedy", "random", 2, workers=0)


def test_an_arena_on_a_dask_cluster_plays_the_same_tournaments() -> None:
    here = run_arena("greedy", "random", 4, rng=5)
    cluster = run_arena("greedy", "random", 4, rng=5, scheduler="local", workers=2)
    assert [(r.winner, r.a_points, r.b_points) for r in cluster.records] == [
        (r.winner, r.a_points, r.b_points) for r in here.records
    ]


def test_an_arena_resumes_where_it_stopped() -> None:
    kept: dict[int, TournamentRecord] = {}
    first = run_arena("greedy", "random", 3, rng=8, on_record=kept.__setitem__)
    assert sorted(kept) == [0, 1, 2]
    partial = {index: record for index, record in kept.items() if index != 1}
    played: list[int] = []
    again = run_arena(
        "greedy", "random", 3, rng=8, done=partial, on_record=lambda i, r: played.append(i)
    )
    assert played == [1]  # only the one missing
    assert [(r.winner, r.a_points) for r in again.records] == [
        (r.winner, r.a_points) for r in first.records
    ]


class ClockSpy(GreedyStrategy):
    """Greedy, noting the clock it reads each time it decides."""

    seen: ClassVar[list[Clock]] = []

    def choose(
        self, observation: Observation, moves: list[Move], rng: np.random.Generator
    ) -> Decision:
        ClockSpy.seen.append(self.clock)
        return super().choose(observation, moves, rng)


def test_on_the_cpu_clock_both_sides_read_the_thread_s_cpu_time() -> None:
    wall = run_arena("greedy", "random", 2, rng=3)
    cpu = run_arena("greedy", "random", 2, rng=3, clock=ClockKind.CPU)
    assert [r.a_points for r in cpu.records] == [r.a_points for r in wall.records]
    assert cpu.clock is ClockKind.CPU and wall.clock is None
    assert cpu.to_dict()["clock"] == "cpu" and wall.to_dict()["clock"] == "wall"
    spy = ClockSpy()
    ClockSpy.seen.clear()
    run_arena(spy, "random", 2, rng=3, clock=ClockKind.CPU)
    assert ClockSpy.seen and all(clock is time.thread_time for clock in ClockSpy.seen)
    assert spy.clock is not time.thread_time  # the strategy given is copied, not changed
    ClockSpy.seen.clear()
    run_arena(spy, "random", 2, rng=3)  # without a clock, its own
    assert ClockSpy.seen and all(clock is spy.clock for clock in ClockSpy.seen)


def test_a_named_strategy_reads_the_clock_it_is_given() -> None:
    assert strategy_named("expert", clock=time.thread_time).clock is time.thread_time
    assert strategy_named("strong", clock=time.thread_time).clock is time.thread_time
    assert ClockKind.parse(" Wall ") is ClockKind.WALL
    with pytest.raises(CasinoError, match="bad clock 'sundial': expected wall or cpu"):
        ClockKind.parse("sundial")
