"""Baccarat advantage studies: speed side by side, in one run.

Run from the repository root after ``./run-tests`` (or any install with the cluster extra):

    .venv/bin/python benchmarks/baccarat_advantage.py          # a few minutes
    .venv/bin/python benchmarks/baccarat_advantage.py --quick  # fewer shoes
    .venv/bin/python benchmarks/baccarat_advantage.py --tiny   # every path, in seconds (tests)

Rows, all measured in this run:
- exact expectations in batch (``expected_values_batch``, split halves) against the same
  sums built the older way (all 5,005 six-card weights, one product each), on the same
  depleted shoes;
- one process: plain dealing (``simulate``), the counting study, perfect play; per core
  means per second of CPU time of this process (a shared machine slows the wall clock,
  far less the CPU time);
- two local worker processes against a two-worker Dask LocalCluster on loopback (started
  before timing), the same study and seed, best of ``--repeat`` runs each.

Targets (issue 10): perfect play >= 2,000 eight-deck shoes per second per core; counting
>= 20,000; Dask within 20% of the local processes. Issue 35's perfect-play target (20,000
shoes/s, against the arithmetic floor) is measured by ``benchmarks/baccarat_perfect.py``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import NDArray

from croupier.baccarat import EZ, pricing, simulate
from croupier.baccarat.advantage import count_spec, perfect_spec, run_study
from croupier.baccarat.enumeration import sequence_tables
from croupier.baccarat.odds import expected_values_batch
from croupier.engine import compiled
from croupier.parallel import dask_client

simulate_module = importlib.import_module("croupier.baccarat.simulate")
batchsums_module = importlib.import_module("croupier.baccarat.batchsums")
procedure_module = importlib.import_module("croupier.baccarat.advantage.procedure")


def timed(work: Callable[[], Any]) -> tuple[float, float, Any]:
    """Wall seconds, CPU seconds of this process, and the result."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def weights_one_by_one(bet_row: np.ndarray, counts: np.ndarray) -> NDArray[np.float64]:
    """The older batch path: every six-card weight built from its parent, 32 shoes a block."""
    out = np.empty(len(counts))
    draws = np.arange(6, dtype=np.float64)
    totals = counts.sum(axis=1).astype(np.float64)
    denominators: NDArray[np.float64] = np.prod(totals[:, None] - draws, axis=1)
    for start in range(0, len(counts), 32):
        block = counts[start : start + 32].T.astype(np.float64)
        factors = (block[:, None, :] - draws[None, :, None]).reshape(60, block.shape[1])
        out[start : start + 32] = (bet_row @ pricing.weights_float(factors))[0]
    return out / denominators


def depleted_shoes(rows: int) -> NDArray[np.int64]:
    rng = np.random.default_rng(1)
    full = np.array([128] + [32] * 9)
    seen = [rng.multinomial(n, full / 416) for n in rng.integers(0, 380, rows)]
    shoes: NDArray[np.int64] = np.maximum(full - np.array(seen), 0)
    return shoes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer shoes")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each parallel row")
    parser.add_argument(
        "--tiny",
        action="store_true",
        help="every path at the smallest size (tests)",
    )
    args = parser.parse_args()
    scale = 0.01 if args.tiny else 1 if args.quick else 4
    repeat = 1 if args.tiny else args.repeat
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print()
    rows: list[tuple[str, str, str, str, str]] = []

    # Exact expectations in batch, both ways, the same shoes.
    bet = EZ.bet("dragon-7")
    shoes = depleted_shoes(int(10_000 * scale))
    expected_values_batch(bet, shoes[:200])
    payoffs = np.array([float(x) for x in pricing.payoffs(bet)])
    bet_row = (payoffs @ sequence_tables().counts)[None, :].astype(np.float64)
    _, cpu_new, new = timed(lambda: expected_values_batch(bet, shoes))
    _, cpu_old, old = timed(lambda: weights_one_by_one(bet_row, shoes))
    assert np.max(np.abs(new - old)) < 1e-12
    rows.append(
        (
            "exact expectations, depleted 8-deck shoes",
            f"{len(shoes) / cpu_new:,.0f} /CPU-s",
            f"{len(shoes) / cpu_old:,.0f} /CPU-s (all weights)",
            f"{cpu_old / cpu_new:.2f}x",
            "",
        )
    )

    # One process: dealing, counting, perfect play.
    n_deal, n_count, n_perfect = int(5_000 * scale), int(5_000 * scale), int(1_000 * scale)
    count = count_spec(
        "dragon-7", "dragon-7", threshold=4, true_count=True, shoes=n_count, rng=2026
    )
    perfect = perfect_spec("dragon-7", shoes=n_perfect, rng=2026)
    run_study(perfect_spec("dragon-7", shoes=50, rng=1))  # tables built before timing
    wall_deal, cpu_deal, _ = timed(lambda: simulate(n_deal, rng=2026, burn=True, workers=1))
    wall_count, cpu_count, _ = timed(lambda: run_study(count))
    wall_perfect, cpu_perfect, result = timed(lambda: run_study(perfect))
    deal_rate = n_deal / cpu_deal
    # the same study by the NumPy paths (the compiled kernels switched off in this process)
    if compiled("baccarat"):
        for module in (batchsums_module, simulate_module, procedure_module):
            module.compiled = lambda game=None: False  # type: ignore[attr-defined]
        _, cpu_numpy, reference = timed(lambda: run_study(perfect))
        for module in (batchsums_module, simulate_module, procedure_module):
            module.compiled = compiled  # type: ignore[attr-defined]
        same = result.totals.bets == reference.totals.bets
        rows.append(
            (
                "perfect play (dragon-7), kernels vs NumPy paths, 1 process",
                f"{n_perfect / cpu_perfect:,.0f} shoes/CPU-s",
                f"{n_perfect / cpu_numpy:,.0f} shoes/CPU-s (NumPy)",
                f"{cpu_numpy / cpu_perfect:.2f}x" + ("" if same else " DIFFERENT BETS"),
                ">= 20,000 shoes/s: " + ("met" if n_perfect / cpu_perfect >= 20_000 else "NOT met"),
            )
        )
    for name, n, wall, cpu, target in (
        ("plain dealing (simulate), 1 process", n_deal, wall_deal, cpu_deal, None),
        ("counting study (dragon-7 count), 1 process", n_count, wall_count, cpu_count, 20_000),
        ("perfect play (dragon-7), 1 process", n_perfect, wall_perfect, cpu_perfect, 2_000),
    ):
        rate = n / cpu
        verdict = "" if target is None else ("met" if rate >= target else "NOT met")
        rows.append(
            (
                name,
                f"{rate:,.0f} shoes/CPU-s",
                f"{n / wall:,.0f} shoes/s wall",
                f"{rate / deal_rate:.3f}x dealing",
                f">= {target:,}: {verdict}" if target else "",
            )
        )

    # Two local processes against a two-worker Dask LocalCluster, same study and seed.
    study = perfect_spec("dragon-7", shoes=int(2_000 * scale), rng=7)
    local_runs, dask_runs = [], []
    with dask_client("local", workers=2) as client:
        address = client.scheduler.address
        run_study(perfect_spec("dragon-7", shoes=20, rng=1), scheduler=address)  # warm up
        run_study(perfect_spec("dragon-7", shoes=20, rng=1), workers=2)
        for _ in range(repeat):
            local_runs.append(timed(lambda: run_study(study, workers=2)))
            dask_runs.append(timed(lambda: run_study(study, scheduler=address)))
    local_best = min(run[0] for run in local_runs)
    dask_best = min(run[0] for run in dask_runs)
    assert local_runs[0][2].to_dict() == dask_runs[0][2].to_dict()  # the same numbers
    ratio = dask_best / local_best
    rows.append(
        (
            f"perfect play, {study.shoes:,} shoes: Dask 2 workers vs 2 local processes",
            f"{study.shoes / dask_best:,.0f} shoes/s wall",
            f"{study.shoes / local_best:,.0f} shoes/s wall",
            f"{ratio:.3f}x the time",
            f"<= 1.2x: {'met' if ratio <= 1.2 else 'NOT met'}",
        )
    )
    print("| task | croupier | baseline | ratio | target |")
    print("|---|---:|---:|---:|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print()
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
