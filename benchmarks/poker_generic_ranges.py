"""Reading Omaha ranges in the generic syntax: croupier's array engine beside the naive
reading of the test suite (every holding tried one by one in Python), CPU time.

    .venv/bin/python benchmarks/poker_generic_ranges.py            # both games
    .venv/bin/python benchmarks/poker_generic_ranges.py --tiny     # every path, at once

For each text: the CPU seconds of ``GenericRange.parse`` on the whole table of holdings
(270,725 in Omaha, 2,598,960 in five-card Omaha; the table itself is built once first,
and timed apart), and the naive reading's CPU seconds on SAMPLE holdings scaled up to the
whole table. The counts of the two on the sample are checked equal. The machine's load
is printed beside the figures: on a shared machine, CPU time is the figure to read.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the naive reading lives in the test suite

from tests.poker.ranges.generic_reference import naive_set  # noqa: E402

from croupier.cards import DECK  # noqa: E402
from croupier.poker.ranges.generic import GenericRange  # noqa: E402
from croupier.poker.ranges.generic_syntax import parse  # noqa: E402
from croupier.poker.ranges.generic_table import holdings  # noqa: E402

TEXTS = ("AA", "AA!AAA", "AxAyxy", "RRON", "KK:xxyy, JJ!JJJ", "wxy", "JT98-6543", "$ds")
GAMES = {4: "omaha", 5: "omaha5"}
T = TypeVar("T")


def timed(work: Callable[[], T]) -> tuple[T, float]:
    """What ``work`` returns, and the CPU seconds it took."""
    start = time.process_time()
    result = work()
    return result, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tiny", action="store_true", help="every path at the smallest size")
    parser.add_argument("--sample", type=int, default=20_000)
    args = parser.parse_args()
    sample_size = 200 if args.tiny else args.sample
    texts = TEXTS[:3] if args.tiny else TEXTS
    print(f"load average {os.getloadavg()[0]:.1f}; CPU seconds")
    print(f"{'game':8} {'range':18} {'holdings':>10} {'croupier':>9} {'naive':>9} {'ratio':>7}")
    for size, game in GAMES.items():
        build = timed(partial(holdings, size))[1]
        print(f"{game:8} {'(the table)':18} {len(holdings(size)):>10,} {build:>9.3f}")
        rng = random.Random(size)
        sample = [
            tuple(sorted(rng.sample(DECK, size), key=lambda c: c.index)) for _ in range(sample_size)
        ]
        scale = len(holdings(size)) / sample_size
        for text in texts:
            found, ours = timed(partial(GenericRange.parse, text, game))
            naive_found, naive = timed(partial(naive_set, parse(text, size), sample, {}))
            assert {h for h in sample if h in found} == naive_found, text
            naive *= scale
            print(
                f"{game:8} {text:18} {len(found):>10,} {ours:>9.3f} {naive:>9.1f} "
                f"{naive / max(ours, 1e-9):>6.0f}x"
            )


if __name__ == "__main__":
    main()
