"""What playing for the tournament is worth: the expert with ``tournament_stakes`` against itself.

Run: .venv/bin/python benchmarks/casino_stakes.py [--tournaments N] [--seed N] [--workers N]
     [--json]

Plays N tournaments (default 400, in pairs on the same shuffles with the seats swapped)
between the expert with ``tournament_stakes=True``, which averages its sampled deals as
chances of winning the tournament in a round that may end it (see
``croupier.casino.strategies.stakes``), and the expert as it plays (round points
throughout). Both search the same fixed work
a move (at most 16 deals, the work budget; the deadline of 30 s is never reached), so
the result does not depend on the machine or its load, and the only difference between
the sides is how they average their deals. It prints the share of the tournaments the
expert with the stakes wins, with its 95% Wilson interval, and the round margin.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from croupier.casino.strategies.arena import run_arena
from croupier.casino.strategies.expert import ExpertSettings, ExpertStrategy

#: The fixed work of both sides: the work budget's deals and no more.
SETTINGS = ExpertSettings(max_samples=ExpertSettings().samples)
#: A deadline the fixed work never reaches.
DEADLINE = 30.0


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tournaments", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--tiny", action="store_true", help="2 tournaments (tests)")
    args = parser.parse_args(argv)
    if args.tiny:
        args.tournaments = 2
    with_stakes = ExpertStrategy(
        ExpertSettings(max_samples=SETTINGS.samples, tournament_stakes=True), deadline=DEADLINE
    )
    without = ExpertStrategy(SETTINGS, deadline=DEADLINE)
    start = time.perf_counter()
    result = run_arena(with_stakes, without, args.tournaments, rng=args.seed, workers=args.workers)
    share, margin = result.win_share("a"), result.margin()
    figures = {
        "tournaments": result.tournaments,
        "seed": args.seed,
        "stakes_wins": result.a_wins,
        "points_only_wins": result.b_wins,
        "ties": result.ties,
        "stakes_share": round(share.value, 4),
        "stakes_share_95": [round(share.low, 4), round(share.high, 4)],
        "round_margin": round(margin.value, 3),
        "round_margin_95": [round(margin.low, 3), round(margin.high, 3)],
        "minutes_this_run": round((time.perf_counter() - start) / 60, 1),
        "load_average": [round(load, 2) for load in os.getloadavg()],
    }
    if args.json:
        print(json.dumps(figures))
        return
    low, high = figures["stakes_share_95"]
    print(
        f"expert playing for the tournament against the expert counting points, seed "
        f"{args.seed}: {result.tournaments} tournaments"
    )
    print(
        f"  {result.a_wins} wins, {result.b_wins} losses, {result.ties} ties: the share "
        f"{share.value:.1%} (95% interval {low:.1%} - {high:.1%}); round margin "
        f"{margin.value:+.2f} ({margin.low:+.2f} to {margin.high:+.2f})"
    )
    print(f"  {figures['minutes_this_run']} minutes, load average {figures['load_average']}")


if __name__ == "__main__":
    main(sys.argv[1:])
