"""The expert searching in the compiled kernel against the same expert searching in Python.

Run: .venv/bin/python benchmarks/casino_compiled_arena.py [--tournaments N] [--deadline S]
     [--seed N] [--workers N] [--checkpoint FILE] [--json] [--tiny]

Both sides are ``ExpertStrategy`` with the same settings and the same deadline of S seconds
a move (default 0.1): one searches with the compiled kernel (``croupier.casino._kernels``),
the other with the Python reference (``reference=True``, the expert as it was before the
kernel). At a work budget the two choose the same moves; at a deadline the compiled one
searches more in the same time (more deals, deeper), and this arena measures what that is
worth: its share of N tournaments (default 200, in pairs on the same shuffles with the
seats swapped) with the 95% Wilson interval. Wall-clock deadlines: state the machine's
load with the figures. ``--checkpoint`` keeps each tournament as it finishes and resumes
(as ``casino_yardstick.py`` does).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from croupier import engine
from croupier.casino.strategies.arena import TournamentRecord, run_arena
from croupier.casino.strategies.expert import ExpertStrategy

sys.path.insert(0, str(Path(__file__).parent))
from casino_yardstick import load_checkpoint


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tournaments", type=int, default=200)
    parser.add_argument("--deadline", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--checkpoint", default=None)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--tiny", action="store_true", help="2 tournaments, 0.01 s a move (tests)")
    args = parser.parse_args(argv)
    if args.tiny:
        args.tournaments, args.deadline = 2, 0.01
    if not engine.compiled("casino"):
        raise SystemExit("the Casino kernel is not compiled here: both sides would be Python")
    options = {
        "a": "expert (compiled)",
        "b": "expert (Python reference)",
        "tournaments": args.tournaments,
        "deadline": args.deadline,
        "seed": args.seed,
    }
    done = load_checkpoint(args.checkpoint, options) if args.checkpoint else {}
    keep = open(args.checkpoint, "a", encoding="utf-8") if args.checkpoint else None  # noqa: SIM115

    def kept(index: int, record: TournamentRecord) -> None:
        if keep is not None:
            entry = {"index": index, "record": dataclasses.asdict(record)}
            keep.write(json.dumps(entry) + "\n")
            keep.flush()

    compiled = ExpertStrategy(deadline=args.deadline)
    reference = ExpertStrategy(deadline=args.deadline, reference=True)
    start = time.perf_counter()
    try:
        result = run_arena(
            compiled,
            reference,
            args.tournaments,
            rng=args.seed,
            workers=args.workers,
            done=done,
            on_record=kept,
        )
    finally:
        if keep is not None:
            keep.close()
    share = result.win_share("a")
    margin = result.margin()
    figures: dict[str, Any] = {
        **options,
        "played": result.tournaments,
        "compiled_wins": result.a_wins,
        "reference_wins": result.b_wins,
        "ties": result.ties,
        "compiled_share": round(share.value, 4),
        "compiled_share_95": [round(share.low, 4), round(share.high, 4)],
        "round_margin": round(margin.value, 3),
        "round_margin_95": [round(margin.low, 3), round(margin.high, 3)],
        "compiled_seconds_per_move": round(result.seconds_per_move("a"), 4),
        "reference_seconds_per_move": round(result.seconds_per_move("b"), 4),
        "compiled_moves_cut_short": result.moves_cut_short("a"),
        "reference_moves_cut_short": result.moves_cut_short("b"),
        "minutes_this_run": round((time.perf_counter() - start) / 60, 1),
        "load_average": [round(load, 2) for load in os.getloadavg()],
    }
    if args.json:
        print(json.dumps(figures))
        return
    low, high = figures["compiled_share_95"]
    print(
        f"expert compiled against expert in Python, {args.deadline:g} s a move each, "
        f"seed {args.seed}: {result.tournaments} tournaments"
    )
    print(
        f"  compiled {result.a_wins} wins, Python {result.b_wins}, ties {result.ties}: "
        f"the compiled expert's share {share.value:.1%} (95% interval {low:.1%} - {high:.1%})"
    )
    margin_low, margin_high = figures["round_margin_95"]
    print(
        f"  round margin {margin.value:+.2f} points a round "
        f"(95% interval {margin_low:+.2f} to {margin_high:+.2f})"
    )
    print(
        f"  time per move: compiled {figures['compiled_seconds_per_move'] * 1000:.1f} ms, "
        f"Python {figures['reference_seconds_per_move'] * 1000:.1f} ms; moves cut short: "
        f"compiled {figures['compiled_moves_cut_short']}, Python "
        f"{figures['reference_moves_cut_short']}"
    )
    print(f"  {figures['minutes_this_run']} minutes, load average {figures['load_average']}")


if __name__ == "__main__":
    main(sys.argv[1:])
