"""Baccarat odds and simulation speed, side by side with plain baselines, in one run.

Run from the repository root after ``./run-tests`` (or any install of croupier):

    .venv/bin/python benchmarks/baccarat_odds.py          # about a minute
    .venv/bin/python benchmarks/baccarat_odds.py --quick  # fewer repetitions
    .venv/bin/python benchmarks/baccarat_odds.py --tiny   # every path, in seconds (tests)

The baseline for exact odds is the obvious program, written here: six nested loops over
the card values, integer weights (cards of that value left), and the rules as if-chains.
The baseline for simulation is croupier's own round engine (``Round``) dealing real shoes
one round at a time. Targets (issue 3): one composition in 1 ms or less and at least 100x
the baseline; 10,000 compositions per second in batch; 10 million simulated rounds per
second from real 8-deck shoes; peak memory under 500 MB.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import sys
import time
from collections.abc import Callable, Sequence
from fractions import Fraction

import numpy as np

from croupier.baccarat import (
    Round,
    outcome_probabilities,
    outcome_probabilities_batch,
    simulate,
)
from croupier.baccarat.table import table_shoe

EIGHT_DECKS = (128, 32, 32, 32, 32, 32, 32, 32, 32, 32)


def baseline_outcomes(counts: Sequence[int]) -> tuple[Fraction, Fraction, Fraction]:
    """Exact outcome chances by brute force over every ordered six-value sequence."""
    left = list(counts)
    wins = [0, 0, 0]  # player, banker, tie
    for p1 in range(10):
        w1 = left[p1]
        if not w1:
            continue
        left[p1] -= 1
        for p2 in range(10):
            w2 = w1 * left[p2]
            if not w2:
                continue
            left[p2] -= 1
            for b1 in range(10):
                w3 = w2 * left[b1]
                if not w3:
                    continue
                left[b1] -= 1
                for b2 in range(10):
                    w4 = w3 * left[b2]
                    if not w4:
                        continue
                    left[b2] -= 1
                    for c5 in range(10):
                        w5 = w4 * left[c5]
                        if not w5:
                            continue
                        left[c5] -= 1
                        for c6 in range(10):
                            w6 = w5 * left[c6]
                            if not w6:
                                continue
                            player = (p1 + p2) % 10
                            banker = (b1 + b2) % 10
                            if player < 8 and banker < 8:
                                player_third = None
                                if player <= 5:
                                    player_third = c5
                                    player = (player + c5) % 10
                                    banker_card = c6
                                else:
                                    banker_card = c5
                                if player_third is None:
                                    draws = banker <= 5
                                elif banker <= 2:
                                    draws = True
                                elif banker == 3:
                                    draws = player_third != 8
                                elif banker == 4:
                                    draws = 2 <= player_third <= 7
                                elif banker == 5:
                                    draws = 4 <= player_third <= 7
                                elif banker == 6:
                                    draws = player_third in (6, 7)
                                else:
                                    draws = False
                                if draws:
                                    banker = (banker + banker_card) % 10
                            wins[0 if player > banker else 1 if banker > player else 2] += w6
                        left[c5] += 1
                    left[b2] += 1
                left[b1] += 1
            left[p2] += 1
        left[p1] += 1
    total = math.perm(sum(counts), 6)
    return Fraction(wins[0], total), Fraction(wins[1], total), Fraction(wins[2], total)


def per_call(function: Callable[[], object], seconds: float) -> float:
    """Seconds per call: best of three runs of at least ``seconds / 3`` each."""
    best = math.inf
    for _ in range(3):
        calls, start = 0, time.perf_counter()
        while True:
            function()
            calls += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds / 3:
                break
        best = min(best, elapsed / calls)
    return best


def engine_rounds_per_second(seconds: float) -> float:
    """The round engine dealing real 8-deck shoes, one round at a time."""
    shoe = table_shoe(8, rng=1)
    rounds, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        if shoe.cut_card_reached:
            shoe.shuffle()
        Round(shoe).play()
        rounds += 1
    return rounds / (time.perf_counter() - start)


def peak_memory_mb() -> float:
    """Peak resident memory of this process and of any worker processes, in MB."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    scale = 1 if sys.platform == "darwin" else 1024  # bytes on macOS, KiB on Linux
    return max(own, children) * scale / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer and shorter repetitions")
    parser.add_argument(
        "--tiny",
        action="store_true",
        help="every path at the smallest size (tests)",
    )
    args = parser.parse_args()
    budget = 0.01 if args.tiny else 0.5 if args.quick else 2.0

    rows: list[tuple[str, str, str, str, str]] = []
    # Correctness first: both sides must agree exactly.
    outcome_probabilities(EIGHT_DECKS)  # build the tables once, outside the timings
    start = time.perf_counter()
    baseline = baseline_outcomes(EIGHT_DECKS)
    baseline_seconds = time.perf_counter() - start
    assert baseline == tuple(outcome_probabilities(EIGHT_DECKS, exact=True)), "disagreement"

    one = per_call(lambda: outcome_probabilities(EIGHT_DECKS), budget)
    exact = per_call(lambda: outcome_probabilities(EIGHT_DECKS, exact=True), budget)
    rows.append(
        (
            "one 8-deck composition, floats",
            f"{one * 1e3:.3f} ms",
            f"{baseline_seconds * 1e3:.0f} ms",
            f"{baseline_seconds / one:,.0f}x",
            "<= 1 ms and >= 100x: "
            + ("met" if one <= 1e-3 and baseline_seconds / one >= 100 else "MISSED"),
        )
    )
    rows.append(
        (
            "one 8-deck composition, exact Fractions",
            f"{exact * 1e3:.3f} ms",
            f"{baseline_seconds * 1e3:.0f} ms",
            f"{baseline_seconds / exact:,.0f}x",
            "",
        )
    )

    rng = np.random.default_rng(2026)
    batch_size = 200 if args.tiny else 20_000
    shoes = np.array(EIGHT_DECKS) - rng.integers(0, 33, size=(batch_size, 10))
    batch = per_call(lambda: outcome_probabilities_batch(shoes), budget * 2)
    rate = batch_size / batch
    rows.append(
        (
            f"batch of {batch_size:,} depleted shoes",
            f"{rate:,.0f} shoes/s",
            f"{1 / baseline_seconds:.2f} shoes/s",
            f"{rate * baseline_seconds:,.0f}x",
            ">= 10,000/s: " + ("met" if rate >= 10_000 else "MISSED"),
        )
    )

    engine = engine_rounds_per_second(budget)
    cores = os.cpu_count() or 1
    start = time.perf_counter()
    simulate(2048, decks=8, rng=1, workers=cores)  # starts the worker server, once per process
    startup = time.perf_counter() - start
    shoes_to_deal = 200 if args.tiny else 20_000 if args.quick else 125_000
    for workers in sorted({1, cores}):
        start = time.perf_counter()
        result = simulate(shoes_to_deal, decks=8, rng=7, workers=workers)
        rate = result.rounds / (time.perf_counter() - start)
        label = f"{workers} process" + ("es" if workers > 1 else "")
        rows.append(
            (
                f"simulate {shoes_to_deal:,} 8-deck shoes ({result.rounds:,} rounds), {label}",
                f"{rate / 1e6:.1f} M rounds/s",
                f"{engine / 1e6:.3f} M rounds/s",
                f"{rate / engine:,.0f}x",
                ">= 10 M/s: " + ("met" if rate >= 10e6 else "MISSED"),
            )
        )
    rows.append(("worker start-up, once per process", f"{startup:.2f} s", "", "", ""))
    memory = peak_memory_mb()
    rows.append(
        (
            "peak memory (this process or a worker)",
            f"{memory:.0f} MB",
            "",
            "",
            "< 500 MB: " + ("met" if memory < 500 else "MISSED"),
        )
    )

    headers = ("task", "croupier", "baseline", "ratio", "target")
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    print(f"croupier baccarat odds benchmark ({os.cpu_count()} cores, NumPy {np.__version__})")
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)))


if __name__ == "__main__":
    main()
