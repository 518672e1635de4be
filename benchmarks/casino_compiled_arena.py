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

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from croupier import engine
from croupier.casino.strategies.arena import run_arena
from croupier.casino.strategies.expert import ExpertStrategy

sys.path.insert(0, str(Path(__file__).parent))
from casino_common import (
    add_arena_options,
    casino_parser,
    keeper,
    load_checkpoint,
    margin_text,
    share_figures,
    share_text,
)


def main(argv: list[str]) -> None:
    parser = casino_parser(__doc__, tiny="2 tournaments, 0.01 s a move")
    add_arena_options(parser, 200)
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
    kept = keeper(keep)

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
    figures: dict[str, Any] = {
        **options,
        "played": result.tournaments,
        "compiled_wins": result.a_wins,
        "reference_wins": result.b_wins,
        "ties": result.ties,
        **share_figures(result, "compiled"),
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
    print(
        f"expert compiled against expert in Python, {args.deadline:g} s a move each, "
        f"seed {args.seed}: {result.tournaments} tournaments"
    )
    print(
        f"  compiled {result.a_wins} wins, Python {result.b_wins}, ties {result.ties}: "
        f"the compiled expert's share {share_text(figures, 'compiled')}"
    )
    print(f"  {margin_text(figures)}")
    print(
        f"  time per move: compiled {figures['compiled_seconds_per_move'] * 1000:.1f} ms, "
        f"Python {figures['reference_seconds_per_move'] * 1000:.1f} ms; moves cut short: "
        f"compiled {figures['compiled_moves_cut_short']}, Python "
        f"{figures['reference_moves_cut_short']}"
    )
    print(f"  {figures['minutes_this_run']} minutes, load average {figures['load_average']}")


if __name__ == "__main__":
    main(sys.argv[1:])
