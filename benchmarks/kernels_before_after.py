"""Two builds of the compiled engine side by side: poker's hot paths, CPU time, same run.

Made for a change to the kernels that should change no speed (issue 35's shared kernel
declarations, issue 31's one poker kernel): the *before* build is another checkout's
``src`` folder with its kernels compiled in place (a copy of ``src`` taken before the
change, or another worktree's), the *after* build this checkout's. Run from the
repository root:

    cp -a src /tmp/before-src                 # before the change (kernels compiled)
    .venv/bin/python benchmarks/kernels_before_after.py --before /tmp/before-src
    .venv/bin/python benchmarks/kernels_before_after.py --before /tmp/before-src --tiny
    .venv/bin/python benchmarks/kernels_before_after.py --tiny   # this build against itself

Every figure is measured in a fresh process that imports croupier from one build (its
tables loaded and its first call made before the clock starts): the CPU time of that
process (``time.process_time``) for the task's work, the best of its repeats. The two
builds take turns, task after task, for ``--rounds`` rounds (the order swapped each
round), and each side's best round is kept: what the machine's load adds is the same
for both, and the best of several is the least disturbed. One thread throughout. The
answers of the two builds are compared too (the same seeds give the same numbers).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

#: name: (what it measures, the unit of its figure, work of the full run, of --tiny)
TASKS: dict[str, tuple[str, str, int, int]] = {
    "call7": ("hold'em, one 7-card hand a call (rank_hand)", "us a hand", 200_000, 2_000),
    "batch7": ("hold'em, rows of 7 cards (rank_batch)", "ns a hand", 4_000_000, 50_000),
    "mc_hvh": ("hold'em Monte Carlo, AhKh vs QsQd", "ns a trial", 2_000_000, 20_000),
    "mc_range": ("hold'em Monte Carlo, AhKh vs QQ+,AKs", "ns a trial", 2_000_000, 20_000),
    "mc_3way": ("hold'em Monte Carlo, AhKh vs 2 random", "ns a trial", 1_000_000, 20_000),
    "mc_6way": ("hold'em Monte Carlo, AhKh vs 5 random", "ns a trial", 1_000_000, 20_000),
    "exact_pre": ("hold'em exact preflop, AhKh vs QsQd", "ms a run", 20, 1),
    "exact_flop": ("hold'em exact flop, 22+,A2s+,KTs+,ATo+ vs TT+,AQ+", "ms a run", 3, 1),
    "exact_flop3": ("hold'em exact flop, AhKh vs QsQd vs random", "ms a run", 20, 1),
    "exact_turn": ("hold'em exact turn, AhKh vs QQ+,AK (small)", "ms a run", 200, 1),
    "omaha_exact": ("Omaha exact preflop, AsKsQhJh vs 9d9c8d7c", "ms a run", 3, 1),
    "omaha_flop": ("Omaha exact flop, AsKsQhJh vs 9d9c8d7c", "ms a run", 200, 1),
    "omaha_mc": ("Omaha Monte Carlo, AsKsQhJh vs 9d9c8d7c", "ns a trial", 1_000_000, 20_000),
    "short_exact": ("short-deck exact preflop, AhKh vs QsQd vs JcTc", "ms a run", 20, 1),
    "short_mc": ("short-deck Monte Carlo, AhKh vs QsQd", "ns a trial", 1_000_000, 20_000),
}


def _task(name: str, work: int) -> tuple[Callable[[], Any], float]:
    """The task's work as a function, and what to divide its CPU time by for the unit."""
    import numpy as np

    from croupier.cards import DECK
    from croupier.poker import calculate, rank_batch, rank_hand

    def equity(hands: list[str], **options: Any) -> Callable[[], Any]:
        def run() -> Any:
            result = calculate(hands, threads=1, **options)
            return [round(p.equity, 9) for p in result.players]

        return run

    rng = np.random.default_rng(1)
    if name in ("call7", "batch7"):
        rows = np.argsort(rng.random((work, 52)), axis=1)[:, :7].astype(np.uint8)
        if name == "batch7":
            return (lambda: int(rank_batch(rows).sum())), work / 1e9
        hands = [tuple(DECK[c] for c in row) for row in rows.tolist()]
        return (lambda: sum(rank_hand(h) for h in hands)), work / 1e6
    if name.startswith("mc_") or name.endswith("_mc"):
        spots = {
            "mc_hvh": (["AhKh", "QsQd"], {}),
            "mc_range": (["AhKh", "QQ+,AKs"], {}),
            "mc_3way": (["AhKh", "random", "random"], {}),
            "mc_6way": (["AhKh", "random", "random", "random", "random", "random"], {}),
            "omaha_mc": (["AsKsQhJh", "9d9c8d7c"], {"game": "omaha"}),
            "short_mc": (["AhKh", "QsQd"], {"game": "shortdeck"}),
        }
        seats, options = spots[name]
        return equity(seats, trials=work, rng=7, exact=False, **options), work / 1e9
    spots = {
        "exact_pre": (["AhKh", "QsQd"], {}),
        "exact_flop": (["22+,A2s+,KTs+,ATo+", "TT+,AQ+"], {"board": "2c 7d 9h"}),
        "exact_flop3": (["AhKh", "QsQd", "random"], {"board": "2c 7d 9h"}),
        "exact_turn": (["AhKh", "QQ+,AK"], {"board": "2c 7d 9h Ts"}),
        "omaha_exact": (["AsKsQhJh", "9d9c8d7c"], {"game": "omaha"}),
        "omaha_flop": (["AsKsQhJh", "9d9c8d7c"], {"board": "2c 7d 9h", "game": "omaha"}),
        "short_exact": (["AhKh", "QsQd", "JcTc"], {"game": "shortdeck"}),
    }
    seats, options = spots[name]
    once = equity(seats, exact=True, **options)

    def runs() -> Any:
        return [once() for _ in range(work)][-1]

    return runs, work * 1e-3


def worker(name: str, work: int, repeat: int) -> None:
    """Run one task in this process (croupier imported from ``PYTHONPATH``): one line of
    JSON, the best CPU time in the task's unit, the answer, and the engine's status."""
    from croupier.engine import compiled, status

    run, scale = _task(name, work)
    answer = run()  # tables loaded, the first call made
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        answer = run()
        best = min(best, time.process_time() - started)
    print(
        json.dumps(
            {"figure": best / scale, "answer": answer, "compiled": compiled(), "engine": status()}
        )
    )


def measure(source: Path, name: str, work: int, repeat: int) -> dict[str, Any]:
    environment = dict(os.environ, PYTHONPATH=str(source), OMP_NUM_THREADS="1")
    environment.pop("CROUPIER_PURE", None)
    done = subprocess.run(
        [sys.executable, __file__, "--worker", name, "--work", str(work), "--repeat", str(repeat)],
        env=environment,
        capture_output=True,
        text=True,
        check=True,
        cwd=HERE.parent,
    )
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    if not figures["compiled"]:
        raise SystemExit(f"{source}: the engine is not compiled ({figures['engine']})")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="the src folder of the build before")
    parser.add_argument("--after", type=Path, default=HERE.parent / "src")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3, help="repeats in a process")
    parser.add_argument("--tiny", action="store_true", help="tiny sizes, one round (tests)")
    parser.add_argument("--only", nargs="*", choices=sorted(TASKS), default=None)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--work", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.work, args.repeat)
        return
    if args.before is None and not args.tiny:
        parser.error("--before: the src folder of the build to compare with")
    if args.before is None:  # --tiny alone: the build against itself, to check the script
        args.before = args.after
    rounds, repeat = (1, 1) if args.tiny else (args.rounds, args.repeat)
    names = args.only or list(TASKS)
    sides = {"before": args.before.resolve(), "after": args.after.resolve()}
    best: dict[tuple[str, str], float] = {}
    answers: dict[tuple[str, str], Any] = {}
    loads = [os.getloadavg()[0]]
    print(f"before: {sides['before']}\nafter:  {sides['after']}")
    for round_number in range(rounds):
        order = list(sides) if round_number % 2 == 0 else list(reversed(sides))
        for name in names:
            work = TASKS[name][3] if args.tiny else TASKS[name][2]
            for side in order:
                got = measure(sides[side], name, work, repeat)
                key = (name, side)
                best[key] = min(best.get(key, float("inf")), got["figure"])
                answers[key] = got["answer"]
        loads.append(os.getloadavg()[0])
    print(
        f"CPU time of one process, one thread; best of {rounds} rounds x {repeat} repeats; "
        f"load average {min(loads):.1f}-{max(loads):.1f} on {os.cpu_count()} cores"
    )
    print(f"{'task':58} {'unit':11} {'before':>9} {'after':>9} {'after/before':>12}")
    for name in names:
        label, unit = TASKS[name][:2]
        before, after = best[(name, "before")], best[(name, "after")]
        same = "" if answers[(name, "before")] == answers[(name, "after")] else "  ANSWERS DIFFER"
        print(f"{label:58} {unit:11} {before:9.2f} {after:9.2f} {after / before:12.3f}{same}")


if __name__ == "__main__":
    main()
