"""What running without the compiled engine costs: commands compiled and uncompiled, side by
side in one run.

Run from the repository root, in an install with the engine compiled:

    .venv/bin/python benchmarks/uncompiled.py            # a few minutes
    .venv/bin/python benchmarks/uncompiled.py --runs 3   # steadier
    .venv/bin/python benchmarks/uncompiled.py --tiny     # every row at a small size (tests)
    .venv/bin/python benchmarks/uncompiled.py --eval7    # the library's Monte Carlo beside eval7

Each command runs as a new process, once compiled and once with ``CROUPIER_PURE=1`` (the
NumPy paths and the kernels' sources: what an install without a C compiler runs), the two
taking turns; the figure is the median CPU time (user + system) of the process and its
children, start-up included (one worker process), so that a busy machine slows both
alike. The ratios are what ``croupier --version`` and the install script quote for an
install without a compiler.

``--eval7`` times instead the library's Monte Carlo uncompiled beside eval7 (the ``test``
extra), in one process run with ``CROUPIER_PURE=1``: ``calculate`` with 1e5 and 1e6 trials
and eval7's ``py_hand_vs_range_monte_carlo`` with as many, each the least CPU time of
three calls (issue 35's target: the uncompiled Monte Carlo within 2x eval7's time at 1e6).
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import time

#: (what, arguments, tiny arguments): each command runs on one worker process.
COMMANDS: list[tuple[str, str, str]] = [
    (
        "poker calc, Monte Carlo, AhKh vs QsQd, 1e7 trials",
        "poker calc AhKh QsQd --trials 10000000 --seed 1 --workers 1",
        "poker calc AhKh QsQd --trials 20000 --seed 1 --workers 1",
    ),
    (
        "poker calc, Monte Carlo, AhKh vs two random hands, 3e6 trials",
        "poker calc AhKh random random --trials 3000000 --seed 1 --workers 1",
        "poker calc AhKh random random --trials 20000 --seed 1 --workers 1",
    ),
    (
        "poker calc, exact, AK vs QQ+ on a flop",
        "poker calc AK QQ+ --board '2c 7d 9h' --workers 1",
        "poker calc AhKh QQ --board '2c 7d 9h 3s' --workers 1",
    ),
    ("baccarat odds (8 decks)", "baccarat odds", "baccarat odds"),
    (
        "baccarat perfect, dragon-7, 10,000 shoes",
        "baccarat perfect --bet dragon-7 --shoes 10000 --seed 1 --workers 1",
        "baccarat perfect --bet dragon-7 --shoes 20 --seed 1 --workers 1",
    ),
    (
        "baccarat simulate, 200,000 shoes",
        "baccarat simulate --shoes 200000 --seed 1 --workers 1",
        "baccarat simulate --shoes 50 --seed 1 --workers 1",
    ),
]


def cpu_time(arguments: list[str], pure: bool) -> float:
    """CPU seconds (user + system) of ``croupier ARGUMENTS`` and its children."""
    environment = {**os.environ, "CROUPIER_PURE": "1" if pure else "0"}
    before = os.times()
    subprocess.run(
        [sys.executable, "-m", "croupier", *arguments],
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=True,
    )
    after = os.times()
    return (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )


#: The child of ``--eval7``: argv[1] the trials, comma-separated; prints a table's rows.
EVAL7_CHILD = """
import sys, time
import eval7
from croupier.engine import compiled
from croupier.poker.calc.run import calculate

def least(call):
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        call()
        best = min(best, time.process_time() - start)
    return best

hero = [eval7.Card("Ah"), eval7.Card("Kh")]
print(f"engine compiled: {compiled('poker')}")
print("| question | croupier uncompiled, CPU s | eval7, CPU s | croupier / eval7 |")
print("|---|---:|---:|---:|")
for trials in map(int, sys.argv[1].split(",")):
    for villain in ("QsQd", "TT+, AQs+, AQo+, KQs"):
        calculate(["AhKh", villain], trials=1000, rng=1)  # tables and imports
        mine = least(lambda: calculate(["AhKh", villain], trials=trials, rng=7))
        theirs = least(
            lambda: eval7.py_hand_vs_range_monte_carlo(hero, eval7.HandRange(villain), [], trials)
        )
        print(f"| AhKh vs {villain}, {trials:,} trials | {mine:.3f} | {theirs:.3f} | "
              f"{mine / theirs:.2f}x |", flush=True)
"""


def beside_eval7(tiny: bool) -> None:
    """The library's Monte Carlo uncompiled beside eval7, one child process."""
    trials = "2000" if tiny else "100000,1000000"
    environment = {**os.environ, "CROUPIER_PURE": "1"}
    subprocess.run([sys.executable, "-c", EVAL7_CHILD, trials], env=environment, check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs of each (median)")
    parser.add_argument("--tiny", action="store_true", help="every row at a small size (tests)")
    parser.add_argument("--eval7", action="store_true", help="Monte Carlo uncompiled vs eval7")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    started = time.perf_counter()
    if args.eval7:
        beside_eval7(args.tiny)
        print(f"load average after: {os.getloadavg()[0]:.1f}")
        return
    print("| command | compiled, CPU s | uncompiled, CPU s | uncompiled / compiled |")
    print("|---|---:|---:|---:|")
    for what, full, tiny in COMMANDS:
        arguments = shlex.split(tiny if args.tiny else full)
        cpu_time(arguments, pure=False)  # tables cached, files in the disk cache
        compiled_runs, pure_runs = [], []
        for _ in range(args.runs):
            compiled_runs.append(cpu_time(arguments, pure=False))
            pure_runs.append(cpu_time(arguments, pure=True))
        fast, slow = statistics.median(compiled_runs), statistics.median(pure_runs)
        what += " (tiny)" if args.tiny else ""
        print(f"| {what} | {fast:.2f} | {slow:.2f} | {slow / fast:.1f}x |", flush=True)
    print()
    print(f"load average after: {os.getloadavg()[0]:.1f} ({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
