"""The levels of play against each other: the arena table of the how-to page.

Run: .venv/bin/python benchmarks/casino_levels.py [TOURNAMENTS] [SEED] [WORKERS] [PAIRS] [--tiny]

PAIRS (default: all six) picks pairs, as ``expert-strong,casual-beginner``.

Plays TOURNAMENTS tournaments (default 200, to 21 points, in pairs on the same shuffles
with the seats swapped) between every pair of levels (beginner, casual, strong, expert)
with the fixed SEED (default 2026), and prints one row per pair: the stronger level's
wins, the weaker's, the ties, the stronger's share of the tournaments with its 95% Wilson
interval, the round points of each, the round margin with its 95% interval, and each
side's mean and slowest time per move. Then the check the levels are built for: each
level beats the one below it in a clear majority (the interval's lower end above 50%).
A JSON line per pair is written to the file named by CASINO_LEVELS_JSON, if set.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import time

from croupier.casino.levels import Level
from croupier.casino.strategies.arena import ArenaResult, run_arena


def row(result: ArenaResult, seconds: float) -> str:
    share = result.win_share("a")
    margin = result.margin()
    a_points, b_points = result.round_points("a"), result.round_points("b")
    return (
        f"| {result.a} | {result.b} | {result.a_wins} | {result.b_wins} | {result.ties} "
        f"| {share.value:.1%} ({share.low:.1%} - {share.high:.1%}) "
        f"| {a_points.value:.2f} : {b_points.value:.2f} "
        f"| {margin.value:+.2f} ({margin.low:+.2f} to {margin.high:+.2f}) "
        f"| {1000 * result.seconds_per_move('a'):.1f} / {1000 * result.slowest_move('a'):.0f} "
        f"| {1000 * result.seconds_per_move('b'):.1f} / {1000 * result.slowest_move('b'):.0f} "
        f"| {seconds / 60:.1f} |"
    )


def main(
    tournaments: int = 200,
    seed: int = 2026,
    workers: int = 1,
    only: str = "",
    deadline: float = 1.0,
) -> None:
    levels = list(Level)
    print(f"Levels arena: {tournaments} tournaments per pair, seed {seed}, {workers} worker(s)\n")
    print(
        "| a | b | a wins | b wins | ties | a's share (95% interval) | round points a : b "
        "| round margin (95% interval) | a ms/move / slowest | b ms/move / slowest | minutes |"
    )
    print("|---|---|---:|---:|---:|---|---|---|---|---|---:|")
    sink = os.environ.get("CASINO_LEVELS_JSON")
    clear: dict[tuple[Level, Level], bool] = {}
    # Each pair as (stronger, weaker), the expert's first: they take the longest.
    pairs = [(upper, lower) for lower, upper in itertools.combinations(levels, 2)]
    pairs.sort(key=lambda pair: (-levels.index(pair[0]), -levels.index(pair[1])))
    if only:
        chosen = {tuple(Level.parse(name) for name in pair.split("-")) for pair in only.split(",")}
        pairs = [pair for pair in pairs if pair in chosen]
    for a, b in pairs:
        start = time.perf_counter()
        result = run_arena(
            a.value, b.value, tournaments, rng=seed, workers=workers, deadline=deadline
        )
        seconds = time.perf_counter() - start
        print(row(result, seconds), flush=True)
        clear[a, b] = result.win_share("a").low > 0.5
        if sink:
            with open(sink, "a", encoding="utf-8") as out:
                out.write(
                    json.dumps(
                        {
                            "a": result.a,
                            "b": result.b,
                            "seconds": seconds,
                            "a_wins": result.a_wins,
                            "b_wins": result.b_wins,
                            "ties": result.ties,
                            "rounds": result.rounds,
                        }
                    )
                    + "\n"
                )
    print()
    for lower, upper in itertools.pairwise(levels):
        found = clear.get((upper, lower))
        verdict = (
            "not measured in this run"
            if found is None
            else "clear majority"
            if found
            else "NOT a clear majority"
        )
        print(f"{upper.value} over {lower.value}: {verdict}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tournaments", nargs="?", type=int, default=200)
    parser.add_argument("seed", nargs="?", type=int, default=2026)
    parser.add_argument("workers", nargs="?", type=int, default=1)
    parser.add_argument("pairs", nargs="?", default="")
    parser.add_argument(
        "--tiny", action="store_true", help="every path at the smallest size (tests)"
    )
    args = parser.parse_args()
    if args.tiny:  # one pair of tournaments, the strongest level against the weakest
        main(2, args.seed, 1, "expert-beginner", deadline=0.01)
    else:
        main(args.tournaments, args.seed, args.workers, args.pairs)
