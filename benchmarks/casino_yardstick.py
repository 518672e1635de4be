"""The expert against the yardstick: tournaments at equal time per move, resumable.

Run: .venv/bin/python benchmarks/casino_yardstick.py [--tournaments N] [--deadline S]
     [--expert-deadline S] [--clock cpu|wall] [--seed N] [--workers N] [--checkpoint FILE]
     [--setting NAME=VALUE ...] [--summary] [--json] [--tiny]

Plays N tournaments (default 400, to 21 points, in pairs on the same shuffles with the
seats swapped) between the ``expert`` and the ``yardstick`` (plain determinized search,
see ``croupier.casino.strategies.yardstick``), each with a deadline of S seconds a move
(default 0.1; ``--expert-deadline`` gives the expert another, to see what more time
buys). It prints the expert's wins, losses and ties, its share of the tournaments with
the 95% Wilson interval, the round margin, the time each side took per move and the moves
the deadline cut short. ``--clock cpu`` reads every deadline (and the times reported) on
the CPU clock of the thread that decides, for both sides alike: on a shared machine a
wall-clock deadline measures the load as much as the players (a process waiting for a
core gets less done in the same deadline, and the two sides do not lose alike), while
CPU time is what each side actually computed. ``--clock wall`` (the default, as a
person plays) reads the wall clock. Either way the load average is sampled as each
tournament finishes and reported (least, mean, most).

``--setting NAME=VALUE`` (repeated) changes one of the expert's settings
(:class:`~croupier.casino.strategies.expert.ExpertSettings`, an integer or ``on``/``off``;
``deal_start=on`` values the loose cards at a deal's start by their values,
``DEAL_START_LOOSE``) or one of the evaluation's chances
(:class:`~croupier.casino.strategies.evaluation.Weights`: ``own_build``, ``to_move``,
``in_hand``, ``spread``, a number): to measure what one part of the search is worth, on the same
tournaments. The information-set search measured in ``benchmarks/results/`` is
``--setting infoset=on --setting deal_start=on --setting max_samples=4096``.

``--summary --paired OTHER`` also compares the checkpoint with another run's (``OTHER``,
a checkpoint of the same seed), tournament by tournament where both played it.

``--checkpoint FILE`` keeps every tournament as it finishes (one JSON line each, after a
first line naming the options): run the same command again to resume where it stopped,
or with ``--summary`` to print the figures of the tournaments it holds without playing.
A checkpoint made with other options is refused. ``--workers`` processes share the
tournaments (their results do not depend on it, up to the timing of each move).
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

from croupier.casino.strategies.arena import ArenaResult, TournamentRecord, run_arena
from croupier.casino.strategies.base import ClockKind
from croupier.casino.strategies.evaluation import DEAL_START_LOOSE, Weights
from croupier.casino.strategies.expert import ExpertSettings, ExpertStrategy

sys.path.insert(0, str(Path(__file__).parent))
from casino_common import (
    add_arena_options,
    casino_parser,
    keeper,
    load_checkpoint,
    margin_text,
    paired_figures,
    paired_text,
    read_records,
    share_figures,
    share_text,
)


def expert_settings(pairs: list[str]) -> ExpertSettings:
    """The expert's settings with each ``NAME=VALUE`` of ``pairs`` changed.

    >>> expert_settings(["infoset=on", "samples=8"]).infoset
    True
    >>> expert_settings(["deal_start=on"]).weights.deal_start == DEAL_START_LOOSE
    True
    >>> expert_settings(["spread=1.5"]).weights.spread
    1.5
    """
    settings = ExpertSettings()
    chances = {field.name for field in dataclasses.fields(Weights)} - {"deal_start"}
    for pair in pairs:
        name, _, text = pair.partition("=")
        flag = {"on": True, "off": False}.get(text)
        if name == "deal_start" and flag is not None:
            by_value = DEAL_START_LOOSE if flag else None
            weights = dataclasses.replace(settings.weights, deal_start=by_value)
            settings = dataclasses.replace(settings, weights=weights)
        elif name in chances:
            try:
                chance: dict[str, Any] = {name: float(text)}
            except ValueError:
                raise SystemExit(f"bad --setting {pair!r}: expected a number") from None
            weights = dataclasses.replace(settings.weights, **chance)
            settings = dataclasses.replace(settings, weights=weights)
        elif name in {field.name for field in dataclasses.fields(ExpertSettings)}:
            kind = type(getattr(settings, name))
            try:
                value: Any = flag if flag is not None else kind(text)
            except ValueError:
                raise SystemExit(f"bad --setting {pair!r}: expected {kind.__name__}") from None
            settings = dataclasses.replace(settings, **{name: value})
        else:
            raise SystemExit(f"bad --setting {pair!r}: expected NAME=VALUE, an expert's setting")
    return settings


def _options(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "a": "expert",
        "b": "yardstick",
        "tournaments": args.tournaments,
        "deadline": args.deadline,
        "expert_deadline": args.expert_deadline or args.deadline,
        "seed": args.seed,
        **({"clock": args.clock} if args.clock != "wall" else {}),
        **({"settings": sorted(args.setting)} if args.setting else {}),
    }


def load_summary(loads: list[float]) -> dict[str, float]:
    """The load averages sampled during a run: least, mean and most (the one-minute
    average, sampled as each tournament finished)."""
    if not loads:
        loads = [os.getloadavg()[0]]
    return {
        "least": round(min(loads), 2),
        "mean": round(sum(loads) / len(loads), 2),
        "most": round(max(loads), 2),
    }


def report(
    result: ArenaResult, options: dict[str, Any], seconds: float, loads: list[float] | None = None
) -> dict[str, Any]:
    return {
        **options,
        "played": result.tournaments,
        "expert_wins": result.a_wins,
        "yardstick_wins": result.b_wins,
        "ties": result.ties,
        **share_figures(result, "expert"),
        "expert_seconds_per_move": round(result.seconds_per_move("a"), 4),
        "yardstick_seconds_per_move": round(result.seconds_per_move("b"), 4),
        "expert_slowest_move": round(result.slowest_move("a"), 3),
        "yardstick_slowest_move": round(result.slowest_move("b"), 3),
        "expert_moves_cut_short": result.moves_cut_short("a"),
        "yardstick_moves_cut_short": result.moves_cut_short("b"),
        "minutes_this_run": round(seconds / 60, 1),
        "clock": str(result.clock or ClockKind.WALL),
        "load_average": [round(load, 2) for load in os.getloadavg()],
        "load_during_run": load_summary(loads or []),
    }


def main(argv: list[str]) -> None:
    parser = casino_parser(__doc__, tiny="2 tournaments, 0.01 s a move")
    add_arena_options(parser, 400)
    parser.add_argument("--expert-deadline", type=float, default=None)
    parser.add_argument("--clock", choices=[kind.value for kind in ClockKind], default="wall")
    parser.add_argument("--setting", action="append", default=[])
    parser.add_argument("--summary", action="store_true")
    parser.add_argument("--paired", default=None)
    args = parser.parse_args(argv)
    if args.tiny:
        args.tournaments, args.deadline = 2, 0.01
    options = _options(args)
    done = load_checkpoint(args.checkpoint, options) if args.checkpoint else {}
    keep = open(args.checkpoint, "a", encoding="utf-8") if args.checkpoint else None  # noqa: SIM115

    loads: list[float] = []
    keep_line = keeper(keep)

    def kept(index: int, record: TournamentRecord) -> None:
        loads.append(os.getloadavg()[0])
        keep_line(index, record)

    start = time.perf_counter()
    if args.summary:  # the checkpoint's tournaments, none played
        if keep is not None:
            keep.close()
        if not done:
            raise SystemExit("--summary needs a --checkpoint with tournaments in it")
        played = tuple(done[index] for index in sorted(done))
        summary = ArenaResult("expert", "yardstick", args.seed, played, ClockKind(args.clock))
        show(summary, options, args, report(summary, options, 0.0, loads))
        if args.paired:
            pairs = paired_figures(done, read_records(args.paired))
            print(json.dumps(pairs) if args.json else f"  {paired_text(pairs, args.paired)}")
        return
    try:
        expert: str | ExpertStrategy = "expert"
        if args.setting:
            settings = expert_settings(args.setting)
            expert = ExpertStrategy(settings, deadline=options["expert_deadline"])
        result = run_arena(
            expert,
            "yardstick",
            args.tournaments,
            rng=args.seed,
            workers=args.workers,
            deadline=options["expert_deadline"],
            b_deadline=args.deadline,
            clock=ClockKind(args.clock),
            done=done,
            on_record=kept,
        )
    finally:
        if keep is not None:
            keep.close()
    show(result, options, args, report(result, options, time.perf_counter() - start, loads))


def show(
    result: ArenaResult, options: dict[str, Any], args: argparse.Namespace, figures: dict[str, Any]
) -> None:
    """Print the ``figures`` of ``result`` (one JSON line with ``--json``)."""
    if args.json:
        print(json.dumps(figures))
        return
    print(
        f"expert ({options['expert_deadline']:g} s a move) against yardstick "
        f"({args.deadline:g} s a move, {args.clock} clock), seed {args.seed}: "
        f"{result.tournaments} tournaments"
        + (f" of {args.tournaments}" if result.tournaments < args.tournaments else "")
        + (f", expert settings {' '.join(args.setting)}" if args.setting else "")
    )
    print(
        f"  expert {result.a_wins} wins, yardstick {result.b_wins}, ties {result.ties}: "
        f"the expert's share {share_text(figures, 'expert')}"
    )
    print(f"  {margin_text(figures)}")
    print(
        f"  time per move: expert {figures['expert_seconds_per_move'] * 1000:.1f} ms "
        f"(slowest {figures['expert_slowest_move']:.3f} s), yardstick "
        f"{figures['yardstick_seconds_per_move'] * 1000:.1f} ms "
        f"(slowest {figures['yardstick_slowest_move']:.3f} s); moves cut short: expert "
        f"{figures['expert_moves_cut_short']}, yardstick {figures['yardstick_moves_cut_short']}"
    )
    if args.summary:
        print(f"  the checkpoint's tournaments; load average now {figures['load_average']}")
        return
    load = figures["load_during_run"]
    print(
        f"  {figures['minutes_this_run']} minutes, load average {load['least']} to "
        f"{load['most']} (mean {load['mean']}) during the run"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
