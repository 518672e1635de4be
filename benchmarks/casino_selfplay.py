"""A cheap screen of a change to the expert: the expert with other settings against itself.

Run: .venv/bin/python benchmarks/casino_selfplay.py --setting NAME=VALUE [--setting ...]
     [--tournaments N] [--seed N] [--workers N] [--json] [--tiny]

Plays N tournaments (default 400, in pairs on the same shuffles with the seats swapped)
between the expert with each ``--setting`` changed (as ``casino_yardstick.py`` reads
them: one of :class:`~croupier.casino.strategies.expert.ExpertSettings`, or of the
evaluation's chances, :class:`~croupier.casino.strategies.evaluation.Weights`) and the
expert as it plays. Both search the same fixed work a move (at most 16 deals, the work
budget; the deadline of 30 s is never reached), so the result depends neither on the
machine nor on its load, and the only difference between the sides is the change: a
screen that costs a few milliseconds a move, before a run against the yardstick at equal
time. It prints the share of the tournaments the changed expert wins, with its 95%
Wilson interval, and the round margin with its 95% interval (the more sensitive figure).
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from croupier.casino.strategies.arena import run_arena
from croupier.casino.strategies.expert import ExpertSettings, ExpertStrategy

sys.path.insert(0, str(Path(__file__).parent))
from casino_common import add_arena_options, casino_parser, margin_text, share_figures, share_text
from casino_yardstick import expert_settings

#: The fixed work of both sides: the work budget's deals and no more.
SETTINGS = ExpertSettings(max_samples=ExpertSettings().samples)
#: A deadline the fixed work never reaches.
DEADLINE = 30.0


def screen(settings: list[str], tournaments: int, seed: int, workers: int) -> dict[str, Any]:
    """The figures of ``tournaments`` tournaments of the expert with ``settings`` against
    the expert as it plays, both at the fixed work :data:`SETTINGS`."""
    changed = dataclasses.replace(expert_settings(settings), max_samples=SETTINGS.samples)
    start = time.perf_counter()
    result = run_arena(
        ExpertStrategy(changed, deadline=DEADLINE),
        ExpertStrategy(SETTINGS, deadline=DEADLINE),
        tournaments,
        rng=seed,
        workers=workers,
    )
    return {
        "settings": sorted(settings),
        "tournaments": result.tournaments,
        "seed": seed,
        "changed_wins": result.a_wins,
        "plain_wins": result.b_wins,
        "ties": result.ties,
        **share_figures(result, "changed"),
        "minutes_this_run": round((time.perf_counter() - start) / 60, 1),
        "load_average": [round(load, 2) for load in os.getloadavg()],
    }


def main(argv: list[str]) -> None:
    parser = casino_parser(__doc__, tiny="2 tournaments")
    add_arena_options(parser, 400, timed=False)
    parser.add_argument("--setting", action="append", default=[])
    args = parser.parse_args(argv)
    if args.tiny:
        args.tournaments = 2
        args.setting = args.setting or ["spread=1.5"]
    if not args.setting:
        raise SystemExit("give the change to measure: --setting NAME=VALUE")
    figures = screen(args.setting, args.tournaments, args.seed, args.workers)
    if args.json:
        print(json.dumps(figures))
        return
    print(
        f"expert with {' '.join(args.setting)} against the expert as it plays, seed "
        f"{args.seed}: {figures['tournaments']} tournaments"
    )
    print(
        f"  {figures['changed_wins']} wins, {figures['plain_wins']} losses, {figures['ties']} "
        f"ties: the share {share_text(figures, 'changed')}; {margin_text(figures)}"
    )
    print(f"  {figures['minutes_this_run']} minutes, load average {figures['load_average']}")


if __name__ == "__main__":
    main(sys.argv[1:])
