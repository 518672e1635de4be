"""The yardstick: plain determinized search that uses its time, exact once every card is
known; and the benchmark that holds the expert to it, resumable."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from croupier.casino import Player, new_tournament
from croupier.casino.strategies import YardstickStrategy, strategy_named
from croupier.casino.strategies.search import ExactSearch

from ..helpers import COMPUTER, HUMAN, position


def test_it_plays_deal_after_deal_while_its_time_lasts() -> None:
    seen = new_tournament(Player.HUMAN, rng=4).observe(Player.HUMAN)
    # A clock that moves 10 ms a look: a deadline of 1 s leaves room for many deals, one
    # of 0.05 s for a few; a clock that stands still gives one (the fixed work).
    long = YardstickStrategy(deadline=1, clock=_ticking(0.01)).decide(seen)
    short = YardstickStrategy(deadline=0.05, clock=_ticking(0.01)).decide(seen)
    still = YardstickStrategy(deadline=1).decide(seen)
    deals = [
        int(d.reason.split(" random deals")[0].rsplit(" ", 1)[1]) for d in (long, short, still)
    ]
    assert deals[0] > 5 * deals[1] and deals[1] >= 1 and deals[2] == 1
    assert all(seen.to_move is HUMAN and d.move in seen.legal_moves() for d in (long, short))


def test_the_last_deal_is_searched_exactly() -> None:
    state = position("H9 C2 DX S5", "D9 S3 HQ C6", "D5 C4 HK H5", deck="", last=COMPUTER)
    decision = strategy_named("yardstick").decide(state.observe(HUMAN))
    assert decision.reason.endswith("searching the rest of the round exactly")
    moves = state.legal_moves()
    values = dict(zip(moves, ExactSearch(HUMAN).values(state, moves), strict=True))
    assert values[decision.move] == max(values.values())  # the expert's search agrees


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


def _ticking(step: float) -> Callable[[], float]:
    ticks = itertools.count()
    return lambda: next(ticks) * step
