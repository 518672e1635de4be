"""Perfect-play Baccarat against the arithmetic floor: shoes per second of CPU time, side by
side in one run.

Run from the repository root after ``./run-tests`` (the engine compiled):

    .venv/bin/python benchmarks/baccarat_perfect.py              # a few minutes
    .venv/bin/python benchmarks/baccarat_perfect.py --before DIR # and an older checkout
    .venv/bin/python benchmarks/baccarat_perfect.py --tiny       # every row, small (tests)

Rows, all measured in this run (CPU time of the process: a shared machine slows the wall
clock far more than the CPU time; the load average is printed before and after):

- the floor: one core's NumPy matrix product (1000 x 1000 float64, BLAS on one thread),
  GFLOP/s, measured at the start and at the end;
- the kernel alone (``batch_sums`` on the rounds of real shoes, a bet's one row): every
  build this processor runs (plain, AVX2, AVX-512), taking turns, their answers checked
  to be the same bits; GFLOP/s counts 10,010 operations a composition (the 5,005
  fused multiply-adds of the payoff sums, two operations each; the 922 products of the
  weights are not counted); and the widest build on a payout table's many rows (the
  weights built once for all of them), which shows the sums' own rate;
- the whole study (``perfect_spec("dragon-7")``, one process, in a child process):
  shoes per CPU second, the same operations counted, and its fraction of the floor,
  against the target of 20,000 shoes/s; and the NumPy paths (nothing compiled) on the
  same shoes;
- ``--before DIR``: the same study run by the checkout in DIR (its Baccarat kernel built
  in place; ``DIR/src`` goes first on the path), the two taking turns, the same bets
  placed.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
import time
from typing import Any

import numpy as np

from croupier import engine
from croupier.baccarat.advantage import ShoeProcedure
from croupier.baccarat.advantage.batches import _unseen
from croupier.baccarat.batchsums import half_trees
from croupier.baccarat.payouts import EZ
from croupier.baccarat.pricing import payoff_rows, table_pricing

#: Operations counted per composition priced: the payoff sums' multiply-adds.
FLOPS: int = 2 * 5005
TARGET: int = 20_000

FLOOR = """
import time, numpy as np
a, b = np.random.default_rng(1).random((2, 1000, 1000))
a @ b
best = 1e9
for _ in range({rounds}):
    start = time.process_time()
    for _ in range(4):
        a @ b
    best = min(best, time.process_time() - start)
print(4 * 2e9 / best / 1e9)
"""

STUDY = """
import json, os, time
os.environ.setdefault("CROUPIER_PURE", "0")
from croupier.baccarat.advantage import perfect_spec, run_study
run_study(perfect_spec("dragon-7", shoes=50, rng=1))  # tables built, code warm
spec = perfect_spec("dragon-7", shoes={shoes}, rng=2026)
start = time.process_time()
result = run_study(spec)
cpu = time.process_time() - start
totals = result.totals
print(json.dumps({{"cpu": cpu, "bets": totals.bets, "rounds": totals.rounds,
                   "expected": totals.expected}}))
"""


def floor(rounds: int) -> float:
    """One core's matrix product, GFLOP/s of CPU time (BLAS on one thread)."""
    environment = {**os.environ}
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        environment[name] = "1"
    done = subprocess.run(
        [sys.executable, "-c", FLOOR.format(rounds=rounds)],
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout)


def study(shoes: int, source: str | None = None, pure: bool = False) -> dict[str, Any]:
    """A perfect-play study in a child process: its CPU seconds and totals."""
    environment = {**os.environ, "CROUPIER_PURE": "1" if pure else "0"}
    environment["OPENBLAS_NUM_THREADS"] = "1"  # the NumPy path on one core too
    if source is not None:
        environment["PYTHONPATH"] = os.path.join(source, "src")
    done = subprocess.run(
        [sys.executable, "-c", STUDY.format(shoes=shoes)],
        env=environment,
        capture_output=True,
        text=True,
        check=True,
        cwd=source or None,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def builds() -> dict[str, Any]:
    """Every compiled build of the Baccarat kernels this processor runs, configured."""
    found = {"plain": importlib.import_module(engine.KERNELS["baccarat"])}
    for suffix, needs in engine.VARIANTS["baccarat"]:
        name = f"{engine.KERNELS['baccarat']}_{suffix}"
        if engine._built(name) is not None and set(needs) <= engine.cpu_features():
            found[suffix] = importlib.import_module(name)
    for module in found.values():
        module.configure(*half_trees())
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiny", action="store_true", help="every row, small (tests)")
    parser.add_argument("--before", help="an older checkout, its Baccarat kernel built")
    parser.add_argument("--runs", type=int, default=3, help="turns of each study")
    args = parser.parse_args()
    shoes, runs = (40, 1) if args.tiny else (4000, args.runs)
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"engine: {engine.status()}; Baccarat build in use: {engine.variant('baccarat')}")
    first_floor = floor(2 if args.tiny else 7)
    print(f"floor at the start: {first_floor:.1f} GFLOP/s (matrix product, one core)\n")
    rows: list[tuple[str, str, str, str]] = []

    # The kernel alone, every build, taking turns, on the rounds of real shoes.
    if engine.compiled("baccarat"):
        dealt = ShoeProcedure().deal(50 if args.tiny else 2000, np.random.default_rng(3))
        counts = _unseen(dealt, 8, False, None)
        layout = payoff_rows(EZ.bet("dragon-7")).layout
        best: dict[str, float] = {}
        answers: dict[str, bytes] = {}
        for _ in range(2 if args.tiny else 7):
            for name, module in builds().items():
                out = np.empty((len(counts), 1))
                start = time.process_time()
                module.batch_sums(counts, layout, out, 0, len(counts))
                best[name] = min(best.get(name, 1e9), time.process_time() - start)
                answers.setdefault(name, out.tobytes())
                assert out.tobytes() == answers["plain"], f"{name} differs from the plain build"
        for name, seconds in best.items():
            rate = len(counts) / seconds
            gflops = rate * FLOPS / 1e9
            rows.append(
                (
                    f"kernel alone, {name} build ({len(counts):,} rounds of real shoes)",
                    f"{rate:,.0f} compositions/CPU-s",
                    f"{gflops:.1f} GFLOP/s",
                    f"{gflops / first_floor:.0%} of the floor",
                )
            )
        # The widest build on a whole table's rows: the weights built once for them all.
        found = builds()
        name = next((n for n in found if n != "plain"), "plain")  # the widest first
        module = found[name]
        table = table_pricing(EZ).rows
        many = table.rows.shape[0]
        out = np.empty((len(counts), many))
        seconds = 1e9
        for _ in range(2 if args.tiny else 5):
            start = time.process_time()
            module.batch_sums(counts, table.layout, out, 0, len(counts))
            seconds = min(seconds, time.process_time() - start)
        gflops = len(counts) * many * FLOPS / seconds / 1e9
        rows.append(
            (
                f"the sums alone, {name} build (EZ's {many} rows at once)",
                f"{len(counts) * many / seconds:,.0f} composition-rows/CPU-s",
                f"{gflops:.1f} GFLOP/s",
                f"{gflops / first_floor:.0%} of the floor",
            )
        )

    # The whole study, one process, in child processes taking turns.
    runs_now, runs_before = [], []
    for _ in range(runs):
        runs_now.append(study(shoes))
        if args.before:
            runs_before.append(study(shoes, args.before))
    rounds = runs_now[0]["rounds"]
    per_shoe = rounds / shoes
    print(
        f"arithmetic per shoe: {per_shoe:.1f} rounds x {FLOPS:,} = {per_shoe * FLOPS / 1e6:.2f} "
        f"Mflop (and {per_shoe * 922 / 1e3:.0f} thousand products for the weights)\n"
    )
    for label, done in (("perfect play (dragon-7), this tree", runs_now),) + (
        (("perfect play (dragon-7), --before", runs_before),) if args.before else ()
    ):
        cpu = min(run["cpu"] for run in done)
        rate = shoes / cpu
        gflops = rate * per_shoe * FLOPS / 1e9
        verdict = "met" if rate >= TARGET else "NOT met"
        rows.append(
            (
                f"{label}, {shoes:,} shoes, best of {len(done)}",
                f"{rate:,.0f} shoes/CPU-s (>= {TARGET:,}: {verdict})",
                f"{gflops:.1f} GFLOP/s ({per_shoe:.1f} rounds a shoe)",
                f"{gflops / first_floor:.0%} of the floor",
            )
        )
    if args.before:
        same = {run["bets"] for run in runs_now} == {run["bets"] for run in runs_before}
        ratio = min(run["cpu"] for run in runs_before) / min(run["cpu"] for run in runs_now)
        rows.append(
            (
                "this tree against --before",
                f"{ratio:.2f}x the shoes per CPU second",
                "the same bets placed" if same else "DIFFERENT BETS",
                "",
            )
        )
    numpy_run = study(max(shoes // 10, 20), pure=True)
    numpy_rate = max(shoes // 10, 20) / numpy_run["cpu"]
    rows.append(
        (
            "perfect play, the NumPy paths (CROUPIER_PURE=1)",
            f"{numpy_rate:,.0f} shoes/CPU-s",
            f"{numpy_rate * per_shoe * FLOPS / 1e9:.1f} GFLOP/s",
            f"{numpy_rate * per_shoe * FLOPS / 1e9 / first_floor:.0%} of the floor",
        )
    )
    last_floor = floor(2 if args.tiny else 7)
    print("| path | rate | arithmetic | of the floor |")
    print("|---|---:|---:|---:|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print()
    print(f"floor at the end: {last_floor:.1f} GFLOP/s (fractions above: of the start's)")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
