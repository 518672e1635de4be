"""The Casino kernel's speed beside the Python reference, in the same run.

Run: .venv/bin/python benchmarks/casino_compiled.py [--rounds N] [--seed N] [--json] [--tiny]

Over the positions of N random rounds (default 40) it times, side by side:

- the legal moves listed: ``State.legal_moves`` (the reference, which builds ``Move``
  objects) against the kernel's listing from its row of ints (what its search does at
  each node); moves listed per second;
- the expert's depth search: ``DepthSearch.roots`` 4 plies ahead (or to the end of the
  deal) in a sampled deal of each position before the last deal, in Python and in the
  kernel: positions searched per second (the two count the same positions, checked);
- the exact search of the last deal: ``ExactSearch.values`` of every kind of move, with
  a fresh table, in Python and in the kernel (same positions, checked).

Each figure is per second of the process's CPU time (not wall time: on a loaded machine
both sides would be slowed by how often the process waits for a core), the kernel and
the reference one after the other on the same positions.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from croupier import engine
from croupier.casino import Player, State, new_tournament
from croupier.casino.strategies.compiled import encode, engine_for
from croupier.casino.strategies.search import (
    DepthSearch,
    ExactSearch,
    distinct_kinds,
    search_order,
)

sys.path.insert(0, str(Path(__file__).parent))
from casino_common import casino_parser


def positions(rounds: int, rng: random.Random) -> list[State]:
    found = []
    for _ in range(rounds):
        state = new_tournament(Player.HUMAN, rng=rng.randrange(2**32))
        while not state.is_round_over:
            found.append(state)
            state = state.apply(rng.choice(state.legal_moves()), check=False)
    return found


def listing(states: list[State], kernels: Any) -> dict[str, float]:
    start = time.process_time()
    listed = sum(len(state.legal_moves()) for state in states)
    python = time.process_time() - start
    machine = engine_for(kernels)
    out = np.zeros(6 * (1 << 14), dtype=np.int64)
    rows = [encode(state) for state in states]
    kernel = 0.0
    counted = 0
    for row in rows:
        assert row is not None
        machine.set_position(*row)
        start = time.process_time()
        counted += machine.list_moves(out)
        kernel += time.process_time() - start
    assert counted == listed, (counted, listed)
    return {"moves": listed, "python_per_s": listed / python, "kernel_per_s": listed / kernel}


def depth_search(states: list[State], kernels: Any, rng: random.Random) -> dict[str, float]:
    cases = []
    for state in states:
        if state.deck and not state.is_round_over:
            seen = state.observe(state.next_player)
            sampled = State.sample(seen, rng.randrange(2**32))
            cases.append((sampled, distinct_kinds(sampled.legal_moves())))
    times = {}
    nodes = {}
    values = {}
    for name, chosen in (("python", None), ("kernel", kernels)):
        total = 0
        found = []
        start = time.process_time()
        for state, moves in cases:
            search = DepthSearch(state.next_player)
            search.kernels = chosen
            found.append(search.roots(state, moves, 4))
            total += search.nodes
        times[name] = time.process_time() - start
        nodes[name] = total
        values[name] = found
    assert nodes["python"] == nodes["kernel"] and values["python"] == values["kernel"]
    return {
        "searches": len(cases),
        "nodes": nodes["python"],
        "python_per_s": nodes["python"] / times["python"],
        "kernel_per_s": nodes["kernel"] / times["kernel"],
    }


def exact_search(states: list[State], kernels: Any) -> dict[str, float]:
    cases = []
    for state in states:
        if not state.deck and not state.is_round_over and len(state.legal_moves()) > 1:
            moves = distinct_kinds(state.legal_moves())
            moves.sort(key=search_order, reverse=True)
            cases.append((state, moves))
    times = {}
    nodes = {}
    for name, chosen in (("python", None), ("kernel", kernels)):
        total = 0
        start = time.process_time()
        for state, moves in cases:
            search = ExactSearch(state.next_player)
            search.kernels = chosen
            search.limit = 200_000
            search.values(state, moves)
            total += search.nodes
        times[name] = time.process_time() - start
        nodes[name] = total
    assert nodes["python"] == nodes["kernel"]
    return {
        "searches": len(cases),
        "nodes": nodes["python"],
        "python_per_s": nodes["python"] / times["python"],
        "kernel_per_s": nodes["kernel"] / times["kernel"],
    }


def main(argv: list[str]) -> None:
    parser = casino_parser(__doc__, tiny="2 rounds")
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args(argv)
    if args.tiny:
        args.rounds = 2
    kernels = engine.kernels("casino")
    compiled = engine.compiled("casino")
    rng = random.Random(args.seed)
    states = positions(args.rounds, rng)
    figures = {
        "kernel": "compiled" if compiled else "not compiled (the kernel's source, run by Python)",
        "rounds": args.rounds,
        "positions": len(states),
        "listing": listing(states, kernels),
        "depth_search": depth_search(states, kernels, rng),
        "exact_search": exact_search(states, kernels),
    }
    if args.json:
        print(json.dumps(figures))
        return
    print(f"Casino kernel ({figures['kernel']}), {len(states)} positions of {args.rounds} rounds")
    print(f"{'':<34}{'Python':>14}{'kernel':>14}{'ratio':>8}")
    for key, label, unit in (
        ("listing", "legal moves listed", "moves/s"),
        ("depth_search", "depth search (4 plies)", "nodes/s"),
        ("exact_search", "exact search (last deal)", "nodes/s"),
    ):
        row = figures[key]
        python, kernel = row["python_per_s"], row["kernel_per_s"]
        print(f"{label + ', ' + unit:<34}{python:>14,.0f}{kernel:>14,.0f}{kernel / python:>7.1f}x")


if __name__ == "__main__":
    main(sys.argv[1:])
