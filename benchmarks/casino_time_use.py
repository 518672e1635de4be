"""How far the expert's search gets on the CPU clock: depth and deals by plies left in the deal.

Run: .venv/bin/python benchmarks/casino_time_use.py [--deadline S] [--max-samples N]
     [--rounds N] [--json]

Plays N rounds (default 12, seeds 0 to N-1) of the expert against itself, each move with
a deadline of S seconds (default 0.1) on the CPU clock of the thread that decides, up to
the last deal (whose search to the end of the round is exact), and reports, by the plies
left in the current deal when the move is chosen: the moves, the depth the search reached
(how many moves at each), the mean number of deals searched and the mean CPU time. It
answers whether the search stops early (time unused) or short of the end of the deal.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import time
from typing import TypedDict

from croupier.casino import Player, new_tournament
from croupier.casino.strategies import ExpertStrategy
from croupier.casino.strategies.base import ClockKind
from croupier.casino.strategies.expert import ExpertSettings


class Row(TypedDict):
    """The moves chosen with so many plies left in the deal."""

    moves: int
    depths: dict[int, int]  # moves by the depth reached
    mean_deals: float
    mean_ms: float


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deadline", type=float, default=0.1)
    parser.add_argument("--max-samples", type=int, default=ExpertSettings().max_samples)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--tiny", action="store_true", help="1 round at 0.01 s (tests)")
    args = parser.parse_args(argv)
    if args.tiny:
        args.rounds, args.deadline = 1, 0.01
    settings = ExpertSettings(max_samples=args.max_samples)
    rows: dict[int, list[tuple[int, int, float]]] = collections.defaultdict(list)
    for seed in range(args.rounds):
        state = new_tournament(Player.HUMAN, rng=seed)
        expert = ExpertStrategy(settings, deadline=args.deadline, clock=ClockKind.CPU.clock)
        while state.deck:
            seen = state.observe(state.next_player)
            left = len(seen.hand) + seen.opponent_hand_size
            start = time.thread_time()
            analysis = expert.analyse(seen)
            rows[left].append((analysis.depth, analysis.samples, time.thread_time() - start))
            state = state.apply(analysis.best)
    table: dict[int, Row] = {
        left: {
            "moves": len(found),
            "depths": dict(sorted(collections.Counter(d for d, _, _ in found).items())),
            "mean_deals": round(sum(s for _, s, _ in found) / len(found), 1),
            "mean_ms": round(1000 * sum(t for *_, t in found) / len(found), 1),
        }
        for left, found in sorted(rows.items(), reverse=True)
    }
    if args.json:
        print(json.dumps({"deadline": args.deadline, "max_samples": args.max_samples, **table}))
        return
    print(
        f"the expert at {args.deadline:g} s a move (CPU clock), up to {args.max_samples} deals, "
        f"{args.rounds} rounds to their last deal"
    )
    for left, row in table.items():
        depths = ", ".join(f"{count} at {depth}" for depth, count in row["depths"].items())
        print(
            f"  {left} plies left: {row['moves']} moves, depth reached {depths}; "
            f"{row['mean_deals']:g} deals, {row['mean_ms']:g} ms on average"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
