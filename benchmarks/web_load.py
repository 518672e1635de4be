"""Load test of the web app: concurrent browsers playing Baccarat against a local server.

Run from the repository root after ``./run-tests`` (it needs the web and test extras):

    .venv/bin/python benchmarks/web_load.py                     # 50 sessions x 20 rounds
    .venv/bin/python benchmarks/web_load.py --sessions 5 --rounds 3

It starts ``croupier serve`` on 127.0.0.1 and a free port (sessions saved to a temporary
folder, as a user's would be), then opens ``--sessions`` browser sessions at once, each
with its own cookie jar: each sits down at a table and deals ``--rounds`` rounds with a
bet on the banker, one request after the other, as a player clicking Deal would (every
deal answer carries the new odds panel, computed by the exact engine). It prints the
rounds per second over the whole run, the latency of a deal (median, 99th percentile,
worst) and the number of errors, which must be 0. Beside it, in the same run, the floor:
the same sessions making as many requests to ``/healthz``, which does no work, so the
ratio shows what the game itself costs on this machine whatever else it is doing. Only
loopback is ever targeted.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import httpx2


@dataclass(frozen=True)
class LoadResult:
    """What a load run measured."""

    sessions: int
    rounds: int
    seconds: float
    latencies: tuple[float, ...]
    errors: tuple[str, ...]

    @property
    def rounds_per_second(self) -> float:
        return len(self.latencies) / self.seconds

    def percentile(self, q: float) -> float:
        """The ``q``-th percentile of the deal latencies (nearest rank), in seconds."""
        ordered = sorted(self.latencies)
        return ordered[max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))]


async def _player(
    url: str, number: int, rounds: int, latencies: list[float], errors: list[str]
) -> None:
    async with httpx2.AsyncClient(base_url=url, timeout=60) as client:
        answer = await client.post(
            "/api/baccarat/table", json={"bankroll": "100000", "seed": number}
        )
        if answer.status_code != 200:
            errors.append(f"session {number}: sit down: {answer.status_code} {answer.text}")
            return
        for _ in range(rounds):
            started = time.perf_counter()
            answer = await client.post("/api/baccarat/deal", json={"stakes": {"banker": "100"}})
            latencies.append(time.perf_counter() - started)
            if answer.status_code != 200:
                errors.append(f"session {number}: deal: {answer.status_code} {answer.text}")
                return


async def _pinger(
    url: str, number: int, rounds: int, latencies: list[float], errors: list[str]
) -> None:
    """The baseline: the same traffic on ``/healthz``, which does no work at all."""
    async with httpx2.AsyncClient(base_url=url, timeout=60) as client:
        for _ in range(rounds):
            started = time.perf_counter()
            answer = await client.get("/healthz")
            latencies.append(time.perf_counter() - started)
            if answer.status_code != 200:
                errors.append(f"session {number}: healthz: {answer.status_code}")
                return


async def _load(url: str, sessions: int, rounds: int, baseline: bool) -> LoadResult:
    latencies: list[float] = []
    errors: list[str] = []
    client = _pinger if baseline else _player
    started = time.perf_counter()
    await asyncio.gather(*(client(url, n, rounds, latencies, errors) for n in range(sessions)))
    seconds = time.perf_counter() - started
    return LoadResult(sessions, rounds, seconds, tuple(latencies), tuple(errors))


def run_load(
    url: str, sessions: int = 50, rounds: int = 20, *, baseline: bool = False
) -> LoadResult:
    """Play ``sessions`` concurrent sessions of ``rounds`` rounds against ``url`` (with
    ``baseline``: as many requests to ``/healthz`` instead)."""
    if not url.startswith(("http://127.0.0.1:", "http://localhost:", "http://[::1]:")):
        raise ValueError(f"load tests target loopback only, not {url}")
    # In a thread of its own: the caller may already be running an event loop.
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(lambda: asyncio.run(_load(url, sessions, rounds, baseline))).result()


def start_server(state_dir: str) -> tuple[subprocess.Popen[str], str]:
    """``croupier serve`` on a free loopback port; returns the process and its address."""
    server = subprocess.Popen(
        [sys.executable, "-m", "croupier", "serve", "--port", "0", "--state-dir", state_dir],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    line = server.stdout.readline()
    if not line.startswith("croupier is serving at "):
        server.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    return server, line.split()[4].rstrip("/")


def report(result: LoadResult, baseline: LoadResult | None = None) -> str:
    """The figures as a small table (beside the ``/healthz`` baseline, when given)."""
    runs = [result] if baseline is None else [result, baseline]

    def figures(run: LoadResult) -> list[str]:
        return [
            f"{run.sessions} x {run.rounds}",
            f"{len(run.latencies)}",
            f"{run.seconds:.2f} s",
            f"{run.rounds_per_second:.0f}",
            f"{1000 * statistics.median(run.latencies):.0f} ms",
            f"{1000 * run.percentile(99):.0f} ms",
            f"{1000 * max(run.latencies):.0f} ms",
            f"{len(run.errors)}",
        ]

    names = [
        "sessions x requests",
        "requests",
        "wall time",
        "requests per second",
        "latency, median",
        "latency, p99",
        "latency, worst",
        "errors",
    ]
    columns = [figures(run) for run in runs]
    header = ["", "deal (croupier)"] + (["/healthz (floor)"] if baseline else [])
    rows = [header, *([name, *(c[i] for c in columns)] for i, name in enumerate(names))]
    if baseline is not None:
        ratio = baseline.rounds_per_second / result.rounds_per_second
        rows.append(["floor / deal", f"{ratio:.1f}x", ""])
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    return "\n".join(
        "  ".join(
            cell.ljust(w) if i == 0 else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--tiny", action="store_true", help="2 sessions of 2 rounds (tests)")
    args = parser.parse_args()
    if args.tiny:
        args.sessions, args.rounds = 2, 2
    with tempfile.TemporaryDirectory() as state_dir:
        server, url = start_server(state_dir)
        try:
            baseline = run_load(url, args.sessions, args.rounds, baseline=True)
            result = run_load(url, args.sessions, args.rounds)
        finally:
            server.terminate()
            server.wait(timeout=30)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"croupier serve on {url}; {os.cpu_count()} CPUs, load average {load} (shared machine)")
    print(report(result, baseline))
    for error in (*result.errors, *baseline.errors)[:5]:
        print("error:", error)
    return 1 if result.errors or baseline.errors else 0


if __name__ == "__main__":
    sys.exit(main())
