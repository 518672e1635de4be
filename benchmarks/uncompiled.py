"""What running without the compiled engine costs: commands compiled and uncompiled, side by
side in one run.

Run from the repository root, in an install with the engine compiled:

    .venv/bin/python benchmarks/uncompiled.py            # a few minutes
    .venv/bin/python benchmarks/uncompiled.py --runs 3   # steadier
    .venv/bin/python benchmarks/uncompiled.py --tiny     # every row at a small size (tests)

Each command runs as a new process, once compiled and once with ``CROUPIER_PURE=1`` (the
NumPy paths and the kernels' sources: what an install without a C compiler runs), the two
taking turns; the figure is the median CPU time (user + system) of the process and its
children, start-up included (one worker process), so that a busy machine slows both
alike. The ratios are what ``croupier --version`` and the install script quote for an
install without a compiler.
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs of each (median)")
    parser.add_argument("--tiny", action="store_true", help="every row at a small size (tests)")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    started = time.perf_counter()
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
