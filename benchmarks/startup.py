"""Start-up time and memory: every ``croupier`` command beside a bare Python program, in one run.

Run from the repository root:

    .venv/bin/python benchmarks/startup.py            # about two minutes
    .venv/bin/python benchmarks/startup.py --runs 3   # quicker, noisier
    .venv/bin/python benchmarks/startup.py --tiny     # one run of three programs (tests)
    .venv/bin/python benchmarks/startup.py --against ../old/src   # before and after a change

Each program runs as a new process (``python -m croupier ...`` or ``python -c ...``), the
programs taking turns round after round so that a busy machine slows them all alike; the
table gives each one's median wall time, CPU time (user + system, steadier on a shared
machine) and peak memory (the largest resident set, from ``wait4``), and each one's ratio
to its baseline: the bare import of Typer and Rich for every ``--help`` (of every command
and group), and the same plus NumPy for commands that compute (a one-line ``poker
compare``, ``baccarat odds``, an exact ``poker calc`` on the turn).

Targets (issues 14 and 35): every program within 1.5x of its baseline, in time and in
memory. The poker and Baccarat tables come from the user's cache (``~/.cache/croupier``),
built by a first run before the timing starts.

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

#: The app, every group and every command (tests/cli/test_startup.py checks that help
#: imports no game code; this list is every command ``croupier --help`` leads to).
HELP = [
    [],
    ["baccarat"],
    ["poker"],
    ["casino"],
    ["baccarat", "play"],
    ["baccarat", "odds"],
    ["baccarat", "eor"],
    ["baccarat", "simulate"],
    ["baccarat", "count"],
    ["baccarat", "trainer"],
    ["baccarat", "perfect"],
    ["poker", "compare"],
    ["poker", "equity"],
    ["poker", "calc"],
    ["poker", "hits"],
    ["poker", "range"],
    ["poker", "ranges"],
    ["poker", "ranges", "list"],
    ["poker", "ranges", "save"],
    ["poker", "ranges", "show"],
    ["poker", "ranges", "delete"],
    ["poker", "ranges", "export"],
    ["poker", "ranges", "import"],
    ["casino", "play"],
    ["casino", "hint"],
    ["casino", "arena"],
    ["casino", "show"],
    ["casino", "moves"],
    ["casino", "puzzle"],
    ["casino", "review"],
    ["serve"],
]


def timed(command: list[str], source: str | None = None) -> tuple[float, float, float]:
    """Wall time, CPU time (user + system) and peak resident memory (MB) of one run of
    ``command`` (with ``source`` first on ``PYTHONPATH`` when given)."""
    env = None if source is None else {**os.environ, "PYTHONPATH": source}
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed with exit code {child.returncode}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024  # KiB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="rounds of runs (default 7)")
    parser.add_argument(
        "--tiny", action="store_true", help="one run of --help and baccarat odds (tests)"
    )
    parser.add_argument(
        "--against",
        metavar="SRC",
        help="also time every croupier program from SRC, another checkout's src folder "
        "(its kernels built in place), in the same rounds: before and after a change",
    )
    args = parser.parse_args()
    runs = 1 if args.tiny else args.runs
    python = sys.executable
    load_before = _load()
    import croupier

    compileall.compile_dir(Path(croupier.__file__).parent, quiet=1)
    if args.against:
        compileall.compile_dir(Path(args.against) / "croupier", quiet=1)
    with tempfile.TemporaryDirectory() as folder:
        hands = Path(folder) / "hands.txt"
        hands.write_text("As Ks Qs Js 9d 2c 3h ; Ah Kh 8c 8d 2s 3c 4d\n", encoding="utf-8")
        programs: dict[str, tuple[list[str], str] | tuple[list[str], str, str]] = {
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
        programs["croupier poker calc (exact, turn)"] = (
            [python, "-m", "croupier", "poker", "calc", "AhKh", "QsQd", "--board", "2c 7d 9h Ts"],
            BARE_NUMPY,
        )
        if args.tiny:
            del programs["croupier poker compare (one line)"]
            del programs["croupier poker calc (exact, turn)"]
        if args.against:
            for name, (command, baseline, *_) in list(programs.items()):
                if baseline:
                    programs["against: " + name] = (command, baseline, args.against)
        for command, _, *source in programs.values():  # warm the disk cache and the tables
            if not args.tiny:
                timed(command, *source)
        walls: dict[str, list[float]] = {name: [] for name in programs}
        cpus: dict[str, list[float]] = {name: [] for name in programs}
        memories: dict[str, list[float]] = {name: [] for name in programs}
        for _ in range(runs):
            for name, (command, _, *source) in programs.items():
                wall, cpu, memory = timed(command, *source)
                walls[name].append(wall)
                cpus[name].append(cpu)
                memories[name].append(memory)
    wall_median = {name: statistics.median(values) for name, values in walls.items()}
    cpu_median = {name: statistics.median(values) for name, values in cpus.items()}
    memory_median = {name: statistics.median(values) for name, values in memories.items()}
    print(f"Start-up, median of {runs} runs each, programs taking turns; load average before")
    print(f"and after: {load_before} and {_load()}. Wall time is only meaningful on a quiet")
    print("machine; CPU time (user + system) is steadier when it is shared. Memory: peak RSS.\n")
    header = (
        f"{'program':<53} {'wall s':>7} {'x base':>7} {'CPU s':>7} {'x base':>7}"
        f" {'MB':>6} {'x base':>7}  target (CPU, memory)"
    )
    print(header)
    failed = 0
    ours = [n for n, (_, baseline, *_) in programs.items() if baseline and "against: " not in n]
    for name, (_, baseline, *_) in programs.items():
        wall, cpu, memory = wall_median[name], cpu_median[name], memory_median[name]
        if not baseline:
            print(f"{name:<53} {wall:>7.3f} {'':>7} {cpu:>7.3f} {'':>7} {memory:>6.1f}")
            continue
        ratio = wall / wall_median["bare: " + baseline]
        cpu_ratio = cpu / cpu_median["bare: " + baseline]
        memory_ratio = memory / memory_median["bare: " + baseline]
        ok = cpu_ratio <= 1.5 and memory_ratio <= 1.5
        failed += not ok and not name.startswith("against: ")
        verdict = "ok" if ok else "OVER 1.5x"
        print(
            f"{name:<53} {wall:>7.3f} {ratio:>6.2f}x {cpu:>7.3f} {cpu_ratio:>6.2f}x"
            f" {memory:>6.1f} {memory_ratio:>6.2f}x  {verdict}"
        )
    print(f"\n{len(ours) - failed} of {len(ours)} programs within 1.5x (CPU time and memory)")


def _load() -> str:
    """The load averages over 1, 5 and 15 minutes."""
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


if __name__ == "__main__":
    main()
