"""How fast a command stops on Ctrl-C or SIGTERM, with local workers or on Dask.

Run from the repository root after ``./run-tests`` (it needs the cluster extra):

    .venv/bin/python benchmarks/interrupt.py             # five stops of each kind
    .venv/bin/python benchmarks/interrupt.py --repeat 3

Each row starts a command in its own process, waits until it works, sends the signal and
times the command's exit (the shell prompt comes back then); it checks the exit code,
that stderr is empty, and counts the worker processes still running a moment later.
Rows: ``baccarat simulate`` on two local workers (SIGINT, then SIGTERM); a Monte Carlo
``poker calc`` on two local workers and on a LocalCluster; ``baccarat
perfect`` on a two-worker Dask LocalCluster (``--scheduler local``) once a batch is
done, and while the cluster starts; the same study on a "remote" scheduler (a
LocalCluster this script starts on loopback), which must stay up.

The helpers serve the tests too (tests/cli/test_interrupt.py); the times are only
measured here.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple


class Stop(NamedTuple):
    """How a command stopped on a signal."""

    code: int
    took: float  # seconds from the signal to the command's exit
    out: str
    err: str
    left: list[int]  # its worker processes still running a moment after it exited


def _descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (the fork server and its workers)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        children = [child for child, of in parents.items() if of == parent]
        found += children
        frontier += children
    return found


def _running(pids: set[int]) -> list[int]:
    """The processes of ``pids`` that still run (not gone, not a zombie)."""
    running = []
    for pid in sorted(pids):
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if state != "Z":
            running.append(pid)
    return running


def _batches_done(checkpoint: Path) -> int:
    try:
        return len(checkpoint.read_text().splitlines()) - 1  # after the header line
    except OSError:
        return 0


def interrupt(
    args: list[str],
    tmp_path: Path,
    *,
    sig: signal.Signals = signal.SIGINT,
    when: str = "working",
    slowness: float = 1.0,
) -> Stop:
    """Start ``croupier ARGS``, wait until it works, send ``sig``; return how it stopped.

    ``when`` is ``working`` (two workers have worked a moment: three processes below
    it, then two seconds), ``batch`` (a study, given ``--checkpoint``, has finished a
    batch), or ``starting`` (its first helper process has just appeared). ``slowness``
    (how many times slower than a quiet machine this one runs now) scales every wait."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    out_path, err_path = tmp_path / "out.txt", tmp_path / "err.txt"
    checkpoint = tmp_path / "study.ckpt"
    if when == "batch":
        checkpoint.unlink(missing_ok=True)  # a new study, not one to resume
        args = [*args, "--checkpoint", str(checkpoint)]
    seen: set[int] = set()
    with out_path.open("w") as out, err_path.open("w") as err:
        process = subprocess.Popen(
            [sys.executable, "-m", "croupier", *args], stdout=out, stderr=err
        )
        try:
            deadline = time.monotonic() + 60 * slowness
            while time.monotonic() < deadline and process.poll() is None:
                below = _descendants(process.pid)
                if when == "batch" and _batches_done(checkpoint) >= 1:
                    break
                if when == "starting" and below:
                    break
                if when == "working" and len(below) >= 3:  # the fork server, two workers
                    time.sleep(2.0 * slowness)  # let them finish some jobs
                    break
                time.sleep(0.02)
            seen.update(_descendants(process.pid))
            sent = time.monotonic()
            process.send_signal(sig)
            while process.poll() is None and time.monotonic() - sent < 30 * slowness:
                seen.update(_descendants(process.pid))  # workers started meanwhile too
                time.sleep(0.01)
            took = time.monotonic() - sent
            if process.poll() is None:  # the signal was lost: it is not stopping
                process.kill()
            code = process.wait()
            settle = time.monotonic() + 2.0 * slowness  # workers die as their parent goes
            while _running(seen) and time.monotonic() < settle:
                time.sleep(0.05)
            left = _running(seen)
        finally:
            if process.poll() is None:
                process.kill()
            for pid in _running(seen | set(_descendants(process.pid))):
                os.kill(pid, signal.SIGKILL)
    return Stop(code, took, out_path.read_text(), err_path.read_text(), left)


@contextmanager
def remote_cluster(workers: int = 1) -> Iterator[tuple[Any, Any]]:
    """A "remote" Dask scheduler for the commands: a LocalCluster of ``workers`` worker
    processes (single-threaded, Dask's own) on loopback, in this process, and a client."""
    from distributed import Client, LocalCluster

    with (
        LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers,
            threads_per_worker=1,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",
            silence_logs=50,
        ) as cluster,
        Client(cluster) as client,  # type: ignore[no-untyped-call]
    ):
        yield cluster, client


SIMULATE = ["baccarat", "simulate", "--shoes", "10000000", "--workers", "2", "--seed", "1"]
PERFECT = ["baccarat", "perfect", "--bet", "dragon-7", "--shoes", "1000000", "--seed", "1"]
CALC = [
    *("poker", "calc", "random", "random", "random", "--trials", "10000000000"),
    *("--workers", "2", "--seed", "1"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="stops of each kind")
    parser.add_argument("--work", type=Path, default=Path("/tmp/croupier-interrupt"))
    parser.add_argument(
        "--tiny", action="store_true", help="one stop of the first row only (tests)"
    )
    args = parser.parse_args()
    repeat = 1 if args.tiny else args.repeat
    with (
        contextlib.nullcontext((None, None)) if args.tiny else remote_cluster() as (
            cluster,
            client,
        )
    ):
        rows = [("simulate, 2 local workers", SIMULATE, signal.SIGINT, "working")]
        if cluster is not None:
            rows += [
                ("simulate, 2 local workers", SIMULATE, signal.SIGTERM, "working"),
                ("poker calc, 2 local workers", CALC, signal.SIGINT, "working"),
                (
                    "poker calc, --scheduler local",
                    [*CALC, "--scheduler", "local"],
                    signal.SIGINT,
                    "working",
                ),
                (
                    "perfect, --scheduler local (2 workers)",
                    [*PERFECT, "--scheduler", "local"],
                    signal.SIGINT,
                    "batch",
                ),
                (
                    "perfect, --scheduler local, while it starts",
                    [*PERFECT, "--scheduler", "local"],
                    signal.SIGINT,
                    "starting",
                ),
                (
                    "perfect, remote scheduler (1 worker)",
                    [*PERFECT, "--scheduler", cluster.scheduler_address],
                    signal.SIGINT,
                    "batch",
                ),
            ]
        else:
            print("--tiny: the SIGTERM and Dask rows are left out (tests/cli/test_interrupt.py)")
        print(
            f"{'command':48} {'signal':8} {'exit':>5} {'stop: best':>10} {'median':>7} "
            f"{'worst':>6} {'left':>5} {'stderr':>7}"
        )
        for number, (name, command, sig, when) in enumerate(rows):
            stops = [
                interrupt(command, args.work / f"{number}-{attempt}", sig=sig, when=when)
                for attempt in range(repeat)
            ]
            took = [stop.took for stop in stops]
            codes = "/".join(sorted({str(stop.code) for stop in stops}))
            print(
                f"{name:48} {sig.name:8} {codes:>5} {min(took):9.3f}s "
                f"{statistics.median(took):6.3f}s {max(took):5.3f}s "
                f"{sum(len(stop.left) for stop in stops):5d} "
                f"{sum(bool(stop.err) for stop in stops):7d}"
            )
        if client is not None:
            alive = client.submit(pow, 2, 3).result(timeout=60) == 8
            print(f"remote scheduler still answers after the stops: {alive}")
    print(
        f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; "
        f"{repeat} stops per row; 'left': worker processes running 2 s after exit, "
        "'stderr': stops that wrote anything on stderr)"
    )


if __name__ == "__main__":
    main()
