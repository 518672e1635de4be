"""The yardstick: Perfect Information Monte Carlo that plays legal moves, is deterministic
given its seed and clock, uses its time, and whose search is exact where every card is
known (checked against a naive minimax); and the benchmark that holds the expert to it,
resumable."""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from croupier.casino import Player, State, new_tournament
from croupier.casino.strategies import YardstickStrategy, strategy_named
from croupier.casino.strategies.yardstick import (
    BASE_DEPTH,
    SAMPLES,
    WIN_VALUE,
    YardstickSearch,
    distinct_shapes,
    final_margin,
    judge,
)

from ..helpers import COMPUTER, HUMAN, position

#: Small positions whose every card is known (the last deal), for the exact search.
KNOWN = (
    position("H9 C2 DX", "D9 S3 HQ", "D5 C4 HK H5", deck="", last=COMPUTER),
    position("SA D7", "C7 HA", "S6 D8 C2", deck="", last=HUMAN),
    position("H3 C8 S2", "DA S8 C5", "[H5 C3] D2 HJ", [COMPUTER], deck="", last=COMPUTER),
    position("DX H9", "S4 C9", "C5 [D6 H3]", [HUMAN], deck="", to_move=COMPUTER, last=None),
    position("CK S7 DQ", "H7 SK", "CA SX", deck="", last=HUMAN, scores=(18, 17)),
)


def naive(state: State, player: Player, depth: int) -> float:
    """Plain minimax over every legal move (no pruning, no table, no shapes), ``depth``
    plies ahead, stopping at a new deal, judging the positions it stops at."""
    if state.is_round_over:
        return reference_final(state, player)
    values = []
    for move in state.legal_moves():
        child = state.apply(move)
        if child.is_round_over or depth <= 1 or len(child.deck) != len(state.deck):
            values.append(
                reference_final(child, player) if child.is_round_over else judge(child, player)
            )
        else:
            values.append(naive(child, player, depth - 1))
    return max(values) if state.next_player is player else min(values)


def reference_final(state: State, player: Player) -> float:
    """The round's margin from the engine's own scoring, and the tournament's result."""
    points = state.score().points
    totals = state.totals()
    value = float(points[player] - points[player.other])
    if max(totals) >= 21 and totals[0] != totals[1]:
        value += WIN_VALUE if totals[player] > totals[player.other] else -WIN_VALUE
    return value


@pytest.mark.parametrize("index", range(len(KNOWN)))
def test_the_search_to_the_end_of_the_round_is_exact(index: int) -> None:
    state = KNOWN[index]
    player = state.next_player
    moves = state.legal_moves()
    plies = len(state.hands[0]) + len(state.hands[1])
    search = YardstickSearch(player)
    values = search.moves(state, moves, plies)
    expected = [naive(state.apply(move), player, plies - 1) for move in moves]
    assert values == expected
    # Shallower searches agree with the naive one at the same depth, the table kept.
    for depth in (1, 2, 3):
        shallow = [
            reference_final(after, player)
            if after.is_round_over
            else (judge(after, player) if depth == 1 else naive(after, player, depth - 1))
            for after in (state.apply(move) for move in moves)
        ]
        assert search.moves(state, moves, depth) == pytest.approx(shallow)


@pytest.mark.parametrize("index", range(len(KNOWN)))
def test_the_strategy_plays_an_exactly_best_move_in_the_last_deal(index: int) -> None:
    state = KNOWN[index]
    player = state.next_player
    decision = YardstickStrategy(clock=lambda: 0.0).decide(state.observe(player), rng=1)
    plies = len(state.hands[0]) + len(state.hands[1])
    values = {move: naive(state.apply(move), player, plies - 1) for move in state.legal_moves()}
    assert values[decision.move] == max(values.values())
    if len(values) > 1:
        assert decision.reason.endswith("searching the rest of the round exactly")


def test_moves_of_one_shape_are_worth_the_same() -> None:
    state = position("H5 C5 SX", "D9 S3 HQ", "D4 C4 HK", deck="", last=COMPUTER)
    moves = state.legal_moves()
    search = YardstickSearch(HUMAN)
    values = dict(zip(map(str, moves), search.moves(state, moves, 6), strict=True))
    assert values["trail H5"] == values["trail C5"]
    assert len(distinct_shapes(moves)) < len(moves)


def test_final_margin_and_judge_agree_with_the_engine() -> None:
    rng = np.random.default_rng(5)
    for seed in range(6):
        state = new_tournament(Player(seed % 2), rng=seed)
        while not state.is_round_over:
            for player in Player:
                assert judge(state, player) == pytest.approx(-judge(state, player.other))
            moves = state.legal_moves()
            state = state.apply(moves[int(rng.integers(len(moves)))])
        for player in Player:
            assert final_margin(state, player) == reference_final(state, player)
            assert judge(state, player) == final_margin(state, player)


def test_it_is_deterministic_given_its_seed_and_clock() -> None:
    seen = new_tournament(Player.HUMAN, rng=4).observe(Player.HUMAN)
    first = YardstickStrategy(deadline=1, clock=_ticking(0.001)).decide(seen, rng=11)
    again = YardstickStrategy(deadline=1, clock=_ticking(0.001)).decide(seen, rng=11)
    assert first == again
    assert YardstickStrategy().decide(seen) == YardstickStrategy().decide(seen)  # seeded by view


def test_it_searches_deeper_and_more_deals_while_its_time_lasts() -> None:
    seen = new_tournament(Player.HUMAN, rng=4).observe(Player.HUMAN)
    # A clock that stands still gives the fixed work: the first pass over the deals.
    still = YardstickStrategy(clock=lambda: 0.0).decide(seen, rng=1)
    assert still.reason.endswith(
        f"searching {SAMPLES} random deals of the hidden cards {BASE_DEPTH} moves ahead"
    )
    assert not still.cut_short
    # Later in a deal (2 + 2 cards left), on a clock that moves a little every look: a
    # long deadline reaches the end of the deal and then searches more deals; a short
    # one stops before.
    state = new_tournament(Player.HUMAN, rng=4)
    for _ in range(4):
        state = state.apply(state.legal_moves()[0])
    seen = state.observe(state.next_player)
    long = YardstickStrategy(deadline=1, clock=_ticking(1e-4)).decide(seen, rng=1)
    short = YardstickStrategy(deadline=0.01, clock=_ticking(1e-4)).decide(seen, rng=1)
    assert "to the end of the deal" in long.reason and _deals(long.reason) > SAMPLES
    assert "to the end of the deal" not in short.reason
    assert all(d.move in seen.legal_moves() for d in (still, long, short))


def test_a_deadline_too_short_for_one_deal_still_gives_a_legal_move() -> None:
    seen = new_tournament(Player.COMPUTER, rng=8).observe(Player.COMPUTER)
    decision = YardstickStrategy(deadline=0).decide(seen, rng=2)
    assert decision.move in seen.legal_moves() and decision.cut_short
    assert "1 random deal of the hidden cards 1 move ahead" in decision.reason


def test_the_benchmark_runs_tiny_and_resumes(tmp_path: Path) -> None:
    from benchmarks.casino_yardstick import main

    checkpoint = tmp_path / "arena.jsonl"
    args = ["--tournaments", "2", "--deadline", "0.01", "--checkpoint", str(checkpoint), "--json"]
    main(args)
    lines = checkpoint.read_text().splitlines()
    assert json.loads(lines[0])["options"]["b"] == "yardstick" and len(lines) == 3
    main(args)  # everything is there: nothing is played again
    assert len(checkpoint.read_text().splitlines()) == 3
    with pytest.raises(SystemExit, match="other options"):
        main([*args[:-1], "--seed", "9"])


def test_the_benchmark_pairs_a_run_with_another(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from benchmarks.casino_yardstick import main

    checkpoint = tmp_path / "arena.jsonl"
    args = ["--tournaments", "2", "--deadline", "0.01", "--checkpoint", str(checkpoint)]
    main(args)
    capsys.readouterr()
    main([*args, "--summary", "--paired", str(checkpoint), "--json"])  # a run beside itself
    pairs = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert pairs["tournaments"] == 2 and pairs["score"] == pairs["other_score"]
    assert pairs["won_other_did_not"] == pairs["other_won_this_did_not"] == 0
    assert pairs["margin_better"] == 0.0


def test_it_is_named_and_plays_a_whole_round_legally() -> None:
    yardstick = strategy_named("yardstick", deadline=0.02)
    state = new_tournament(Player.HUMAN, rng=9)
    rng = np.random.default_rng(3)
    while not state.is_round_over:
        decision = yardstick.decide(state.observe(state.next_player), rng)
        assert state.is_legal(decision.move) and decision.reason
        state = state.apply(decision.move)
    assert not math.isnan(final_margin(state, HUMAN))


def _deals(reason: str) -> int:
    return int(reason.split(" random deal")[0].rsplit(" ", 1)[1])


def _ticking(step: float) -> Callable[[], float]:
    ticks = itertools.count()
    return lambda: next(ticks) * step
