"""Omaha equity with generic ranges: how long reading a range of thousands of holdings
and starting Monte Carlo take, beside the same question with partly known hands (the
explicit form, dealt card by card), CPU time.

    .venv/bin/python benchmarks/poker_omaha_calc_ranges.py           # both games
    .venv/bin/python benchmarks/poker_omaha_calc_ranges.py --tiny    # every path, at once

For each pair of ranges: the CPU seconds of ``HoleRange.parse`` of both texts (the first
time, which loads the order behind ``15%`` when it is used, and again; the table of
holdings is loaded once first, and timed apart), of the set-up Monte Carlo does
before its first deal (the question checked, each player's rows, the sampler's arrays),
and of a short and a long Monte Carlo run (``calculate(trials=...)``, one thread). The
peer row, partly known hands (``AsAh??`` against ``KsKh??``), is the form that existed
before: a generic range should start about as fast, and deal at a similar rate. The
machine's load is printed beside the figures: on a shared machine, CPU time is the
figure to read.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from croupier.poker import calculate
from croupier.poker.calc.live import LiveRows
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.calc.sampling import RowKernelDeals
from croupier.poker.ranges.generic_table import holdings
from croupier.poker.ranges.holdings import HoleRange

T = TypeVar("T")

#: (game, board, the two ranges); the first of each game is the peer (explicit hands).
SPOTS = (
    ("omaha", "Ks 7d 2c", ("AsAh??", "KdKc??")),
    ("omaha", "Ks 7d 2c", ("AA", "QQ")),
    ("omaha", "Ks 7d 2c", ("AxAyxy", "15%")),
    ("omaha", "Ks 7d 2c", ("RRON", "AA@50, KK")),
    ("omaha", "Ks 7d 2c", ("random", "random")),
    ("omaha5", "Ks 7d 2c", ("AsAh???", "KdKc???")),
    ("omaha5", "Ks 7d 2c", ("AA", "QQ")),
    ("omaha5", "Ks 7d 2c", ("AA!AAA:$ds", "15%")),
)


def timed(work: Callable[[], T]) -> tuple[T, float]:
    """What ``work`` returns, and the CPU seconds it took."""
    start = time.process_time()
    result = work()
    return result, time.process_time() - start


def set_up(ranges: tuple[str, str], board: str, game: str) -> RowKernelDeals:
    """What Monte Carlo builds before its first deal."""
    question = EquityQuestion.parse(list(ranges), board=board, game=game)
    return RowKernelDeals(LiveRows(question), seed=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tiny", action="store_true", help="every path at the smallest size")
    parser.add_argument("--trials", type=int, default=1_000_000)
    args = parser.parse_args()
    short, long = (200, 2_000) if args.tiny else (10_000, args.trials)
    spots = SPOTS[:2] + SPOTS[5:6] if args.tiny else SPOTS
    print(f"load average {os.getloadavg()[0]:.1f} (start); CPU seconds, one thread")
    calculate(["AsKsQsJs", "random"], board="2c 3d 4h", game="omaha", trials=10, rng=1)  # imports
    for size in (4, 5):
        print(f"the table of {size}-card holdings: {timed(partial(holdings, size))[1]:.3f} s")
    print(
        f"{'game':7} {'ranges':24} {'rows':>17} {'parse':>6} {'again':>6} {'set-up':>7} "
        f"{f'{short:,} deals':>13} {f'{long:,} deals':>15} {'deals/s':>10}"
    )
    for game, board, ranges in spots:
        size = 4 if game == "omaha" else 5
        _, cold = timed(lambda: [HoleRange.parse(text, size) for text in ranges])  # noqa: B023
        _, parse = timed(lambda: [HoleRange.parse(text, size) for text in ranges])  # noqa: B023
        deals, setup = timed(partial(set_up, ranges, board, game))
        hands = " / ".join(f"{len(r):,}" for r in deals.live.rows)
        runs = []
        for trials in (short, long):
            runs.append(
                timed(
                    partial(calculate, list(ranges), board=board, game=game, trials=trials, rng=1)
                )[1]
            )
        rate = (long - short) / max(runs[1] - runs[0], 1e-9)
        print(
            f"{game:7} {' vs '.join(ranges):24} {hands:>17} {cold:>6.3f} {parse:>6.3f} "
            f"{setup:>7.3f} "
            f"{runs[0]:>13.3f} {runs[1]:>15.3f} {rate:>10,.0f}"
        )
    print(f"load average {os.getloadavg()[0]:.1f} (end)")


if __name__ == "__main__":
    main()
