"""Start-up time: every ``croupier`` command beside a bare Python program, in one run.

Run from the repository root:

    .venv/bin/python benchmarks/startup.py            # about a minute
    .venv/bin/python benchmarks/startup.py --runs 3   # quicker, noisier
    .venv/bin/python benchmarks/startup.py --tiny     # one run of three programs (tests)

Each program runs as a new process (``python -m croupier ...`` or ``python -c ...``), the
programs taking turns round after round so that a busy machine slows them all alike; the
table gives each one's median wall time and its ratio to its baseline: the bare import
of Typer and Rich for every ``--help``, and the same plus NumPy for commands that compute
(a one-line ``poker compare``, ``baccarat odds``).

Targets (issue 14): every ``--help`` within 1.5x of its baseline, a one-line ``compare``
and ``baccarat odds`` within 1.5x of theirs. The poker tables come from the user's cache
(``~/.cache/croupier``), built by a first run before the timing starts.

croupier's modules are compiled to bytecode first, as a regular install does (an editable
install compiles them on first import, or never where ``PYTHONDONTWRITEBYTECODE`` is set),
so that every program is timed from compiled code, as Typer, Rich and NumPy are.
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARE = "import typer, rich.console"
BARE_NUMPY = "import typer, rich.console, numpy"

HELP = [
    [],
    ["baccarat"],
    ["poker"],
    ["casino"],
    ["baccarat", "play"],
    ["baccarat", "odds"],
    ["baccarat", "eor"],
    ["baccarat", "simulate"],
    ["poker", "compare"],
    ["poker", "equity"],
    ["casino", "play"],
    ["casino", "hint"],
    ["casino", "arena"],
    ["casino", "show"],
    ["casino", "moves"],
]


def timed(command: list[str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one run of ``command``."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed with exit code {child.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="rounds of runs (default 7)")
    parser.add_argument(
        "--tiny", action="store_true", help="one run of --help and baccarat odds (tests)"
    )
    args = parser.parse_args()
    runs = 1 if args.tiny else args.runs
    python = sys.executable
    import croupier

    compileall.compile_dir(Path(croupier.__file__).parent, quiet=1)
    with tempfile.TemporaryDirectory() as folder:
        hands = Path(folder) / "hands.txt"
        hands.write_text("As Ks Qs Js 9d 2c 3h ; Ah Kh 8c 8d 2s 3c 4d\n", encoding="utf-8")
        programs: dict[str, tuple[list[str], str]] = {
            "bare: " + BARE: ([python, "-c", BARE], ""),
            "bare: " + BARE_NUMPY: ([python, "-c", BARE_NUMPY], ""),
        }
        for words in HELP[:1] if args.tiny else HELP:
            name = " ".join(["croupier", *words, "--help"])
            programs[name] = ([python, "-m", "croupier", *words, "--help"], BARE)
        programs["croupier poker compare (one line)"] = (
            [python, "-m", "croupier", "poker", "compare", str(hands)],
            BARE_NUMPY,
        )
        programs["croupier baccarat odds"] = (
            [python, "-m", "croupier", "baccarat", "odds"],
            BARE_NUMPY,
        )
        if args.tiny:
            del programs["croupier poker compare (one line)"]
        for command, _ in programs.values():  # warm the disk cache and the poker tables
            if not args.tiny:
                timed(command)
        walls: dict[str, list[float]] = {name: [] for name in programs}
        cpus: dict[str, list[float]] = {name: [] for name in programs}
        for _ in range(runs):
            for name, (command, _) in programs.items():
                wall, cpu = timed(command)
                walls[name].append(wall)
                cpus[name].append(cpu)
    wall_median = {name: statistics.median(values) for name, values in walls.items()}
    cpu_median = {name: statistics.median(values) for name, values in cpus.items()}
    print(f"Start-up, median of {runs} runs each, programs taking turns. The target is on")
    print("wall time; CPU time (user + system) is steadier when the machine is shared.\n")
    header = f"{'program':<44} {'wall s':>7} {'x base':>7} {'CPU s':>7} {'x base':>7}  target"
    print(header)
    failed = 0
    for name, (_, baseline) in programs.items():
        wall, cpu = wall_median[name], cpu_median[name]
        if not baseline:
            print(f"{name:<44} {wall:>7.3f} {'':>7} {cpu:>7.3f}")
            continue
        ratio = wall / wall_median["bare: " + baseline]
        cpu_ratio = cpu / cpu_median["bare: " + baseline]
        ok = ratio <= 1.5
        failed += not ok
        verdict = "ok" if ok else "OVER 1.5x"
        print(f"{name:<44} {wall:>7.3f} {ratio:>6.2f}x {cpu:>7.3f} {cpu_ratio:>6.2f}x  {verdict}")
    print(f"\n{len(programs) - 2 - failed} of {len(programs) - 2} programs within 1.5x (wall time)")


if __name__ == "__main__":
    main()
