"""What an Omaha range hits over every flop (issue 31: a 1,000-holding range under 10 s on
one core), beside the obvious way in the same run.

    .venv/bin/python benchmarks/poker_hits.py          # a minute or two on a busy box
    .venv/bin/python benchmarks/poker_hits.py --tiny   # every path, at once

Rows, each timed in CPU seconds (``time.process_time``: one core, whatever else runs):

- ``flop_hits`` (one holding of each suit family classified, the rank-only categories
  worked out once per pair of rank patterns) on three ranges of about 1,000 holdings: a
  suit-symmetric one (``AKQJ, AKQT, AKJT, AQJT``, 1,024 holdings), one of 1,000 holdings
  drawn at random (seeded: few share a family, the hard case), and ``AA:xxyy`` (864);
- the obvious way beside each: every (holding, flop) row through ``classify_omaha`` at
  once (the same classifier, without the families or the shared rank patterns), timed on
  ``--rows`` rows and scaled to the whole question (said so in the row); the two are
  checked to agree on two holdings of each range over every flop;
- five-card Omaha and short-deck, for scale.

The load average (``os.getloadavg``) is printed beside the figures.
"""

from __future__ import annotations

import argparse
import math
import os
import time

import numpy as np
from numpy.typing import NDArray

from croupier.poker.games import variant_of
from croupier.poker.hits.classifier import flop_hits
from croupier.poker.hits.flops import all_flops
from croupier.poker.hits.omaha import OMAHA_DRAWS, OMAHA_MADE, classify_omaha, flop_totals
from croupier.poker.ranges.generic import GenericRange
from report import print_rows  # benchmarks/ is on the path when run as a script

SYMMETRIC = "AKQJ, AKQT, AKJT, AQJT"
DOUBLE_SUITED = "AA:xxyy"


def random_holdings(count: int, seed: int) -> NDArray[np.int64]:
    """``count`` Omaha holdings drawn without replacement (seeded)."""
    every = GenericRange.parse("random", "omaha").hands()
    rng = np.random.default_rng(seed)
    return every[np.sort(rng.choice(len(every), size=count, replace=False))]


def obvious(holdings: NDArray[np.int64], flops: int) -> tuple[NDArray[np.float64], float, float]:
    """Every holding on each of the first ``flops`` flops, one row each, classified at once
    (the rows holding a card twice left out): the totals, the CPU seconds, and the share
    of the whole question those rows are."""
    cards = all_flops().cards[:flops]
    start = time.process_time()
    hole = np.repeat(holdings, len(cards), axis=0)
    board = np.tile(cards, (len(holdings), 1))
    ok = ~(hole[:, :, None] == board[:, None, :]).any(axis=(1, 2))
    made, draws = classify_omaha(hole[ok], board[ok])
    totals = np.zeros(len(OMAHA_MADE) + len(OMAHA_DRAWS))
    totals[: len(OMAHA_MADE)] = np.bincount(made, minlength=len(OMAHA_MADE))
    for bit in range(len(OMAHA_DRAWS)):
        totals[len(OMAHA_MADE) + bit] = ((draws >> bit) & 1).sum()
    elapsed = time.process_time() - start
    return totals, elapsed, len(cards) / len(all_flops().cards)


def timed_flop_hits(holdings: NDArray[np.int64]) -> tuple[NDArray[np.float64], float]:
    """flop_totals on the holdings: the totals and the CPU seconds."""
    start = time.process_time()
    totals = flop_totals(holdings, np.zeros(0, dtype=np.int64))
    return totals, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiny", action="store_true", help="every path at the smallest size")
    parser.add_argument("--rows", type=int, default=400_000, help="rows the obvious way runs")
    parser.add_argument("--seed", type=int, default=31, help="the random range's seed")
    args = parser.parse_args()
    size = 24 if args.tiny else 1000
    ranges = {
        f"{SYMMETRIC} ({{n}} holdings)": GenericRange.parse(SYMMETRIC, "omaha").hands(),
        f"{{n}} random holdings (seed {args.seed})": random_holdings(size, args.seed),
        f"{DOUBLE_SUITED} ({{n}} holdings)": GenericRange.parse(DOUBLE_SUITED, "omaha").hands(),
    }
    if args.tiny:
        ranges = {label: rows[:size] for label, rows in ranges.items()}
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rows = []
    for label, holdings in ranges.items():
        name = label.format(n=f"{len(holdings):,}")
        totals, seconds = timed_flop_hits(holdings)
        assert totals[: len(OMAHA_MADE)].sum() == len(holdings) * 17296
        budget = 200 if args.tiny else args.rows
        flops = max(1, min(len(all_flops().cards), budget // len(holdings)))
        _, plain_seconds, share = obvious(holdings, flops)
        scaled = plain_seconds / share
        rows.append(
            [
                name,
                f"{seconds:.2f}",
                f"{scaled:.1f} (timed on {flops:,} of 22,100 flops, scaled)",
                f"{scaled / seconds:.1f}x",
            ]
        )
        # the two agree: a few holdings of the range, every flop both ways
        few = holdings[:2]
        assert np.array_equal(flop_totals(few, np.zeros(0, dtype=np.int64)), obvious(few, 22100)[0])
    for game, text in (("omaha5", DOUBLE_SUITED), ("shortdeck", "22+, A2s+, KTo+")):
        start = time.process_time()
        if args.tiny:
            text = "AsAhKsKh?" if game == "omaha5" else "AKs"
        result = flop_hits(text, game=game)
        seconds = time.process_time() - start
        live = result.weight * result.boards / math.comb(len(variant_of(game).deck) - 2, 3)
        if game == "omaha5":
            live = len(GenericRange.parse(text, game))
        rows.append([f"{game}: {result.range} ({live:,.0f} hands)", f"{seconds:.2f}", "", ""])
    print_rows(["range (Omaha unless said)", "flop_hits CPU s", "obvious CPU s", "ratio"], rows)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
