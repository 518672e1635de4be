"""Exhaustive validation of croupier's poker evaluator against the published tables.

Run from the repository root after ``./run-tests`` (or any install of croupier):

    .venv/bin/python benchmarks/poker_validate.py          # about 20 seconds
    .venv/bin/python benchmarks/poker_validate.py --keys   # and re-derive the rank keys (+1 min)
    .venv/bin/python benchmarks/poker_validate.py --tiny   # five-card hands, a slice of seven

Evaluates all 2,598,960 five-card hands (with ``rank_batch`` and, one by one, with
``evaluate``) and all 133,784,560 seven-card hands (with ``rank_batch``), and prints the
number of hands in each category and the number of distinct classes reached, beside the
published figures. The exit code is 1 if anything differs.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time

import numpy as np
from numpy.typing import NDArray

from croupier.cards import DECK
from croupier.poker import HandCategory, evaluate, rank_batch
from croupier.poker.evaluation.classes import CATEGORY_FIRST_CLASS
from croupier.poker.evaluation.keys import RANK_KEYS, derive_rank_keys

ORDER = sorted(HandCategory, reverse=True)  # straight flush first

PUBLISHED_5 = dict(
    zip(ORDER, [40, 624, 3_744, 5_108, 10_200, 54_912, 123_552, 1_098_240, 1_302_540], strict=True)
)
PUBLISHED_7 = dict(
    zip(
        ORDER,
        [
            41_584,
            224_848,
            3_473_184,
            4_047_644,
            6_180_020,
            6_461_620,
            31_433_400,
            58_627_800,
            23_294_460,
        ],
        strict=True,
    )
)
DISTINCT = {5: 7_462, 7: 4_824}


def colex_combinations(size: int, count: int) -> NDArray[np.uint8]:
    """All ``count``-subsets of ``range(size)`` in colex order: the subsets of
    ``range(m)`` are then the first ``comb(m, count)`` rows, for every ``m``."""
    rows = np.array(list(itertools.combinations(range(size), count)), dtype=np.uint8)
    return rows[np.lexsort(rows.T)]


def by_category(histogram: NDArray[np.int64]) -> dict[HandCategory, int]:
    bounds = sorted((first, category) for category, first in CATEGORY_FIRST_CLASS.items())
    bounds.append((len(histogram), HandCategory.HIGH_CARD))
    return {
        category: int(histogram[first:end].sum())
        for (first, category), (end, _) in itertools.pairwise(bounds)
    }


def report(size: int, histogram: NDArray[np.int64], seconds: float) -> bool:
    counts = by_category(histogram)
    published = PUBLISHED_5 if size == 5 else PUBLISHED_7
    total = int(histogram.sum())
    print(f"\n{size}-card hands: {total:,} evaluated in {seconds:.1f} s")
    print(f"  {'category':<16}{'croupier':>14}{'published':>14}")
    good = total == math.comb(52, size)
    for category in ORDER:
        mark = "" if counts[category] == published[category] else "   <-- MISMATCH"
        good &= not mark
        print(f"  {category.label:<16}{counts[category]:>14,}{published[category]:>14,}{mark}")
    distinct = int(np.count_nonzero(histogram))
    mark = "" if distinct == DISTINCT[size] else "   <-- MISMATCH"
    good &= not mark
    print(f"  {'distinct classes':<16}{distinct:>14,}{DISTINCT[size]:>14,}{mark}")
    return good


def five_card_hands(every: int = 1) -> bool:
    """All five-card hands against the published figures; ``evaluate`` one hand at a
    time on every ``every``-th of them against ``rank_batch``."""
    started = time.perf_counter()
    hands = colex_combinations(52, 5)
    classes = rank_batch(hands)
    histogram = np.bincount(classes, minlength=7463)
    good = report(5, histogram, time.perf_counter() - started)
    started = time.perf_counter()
    sample = hands[::every]
    single = [evaluate(tuple(DECK[i] for i in row)).class_number for row in sample.tolist()]
    same = bool((np.array(single) == classes[::every]).all())
    which = "every hand" if every == 1 else f"every {every:,}th hand"
    print(
        f"  evaluate(), one hand at a time, agrees with rank_batch on {which}: {same} "
        f"({time.perf_counter() - started:.1f} s)"
    )
    return good and same


def seven_card_hands(blocks: int | None = None) -> bool:
    """All seven-card hands against the published figures (with ``blocks``: only the
    first blocks of hands sharing their two lowest cards, a slice not compared)."""
    started = time.perf_counter()
    tails = colex_combinations(50, 5)  # the five cards above the two lowest
    histogram = np.zeros(7463, dtype=np.int64)
    block = np.empty((len(tails), 7), dtype=np.uint8)
    done = 0
    for low in range(52 - 6):
        for second in range(low + 1, 52 - 5):
            if blocks is not None and done == blocks:
                break
            done += 1
            rows = math.comb(51 - second, 5)
            hands = block[:rows]
            hands[:, 0] = low
            hands[:, 1] = second
            np.add(tails[:rows], second + 1, out=hands[:, 2:])
            histogram += np.bincount(rank_batch(hands), minlength=7463)
    if blocks is not None:
        print(f"\n7-card hands: a slice of {int(histogram.sum()):,} (not compared)")
        return True
    return report(7, histogram, time.perf_counter() - started)


def rank_keys() -> bool:
    started = time.perf_counter()
    derived = derive_rank_keys()
    same = derived == RANK_KEYS
    print(
        f"\nrank keys re-derived by the greedy search in {time.perf_counter() - started:.0f} s: "
        f"{'identical to' if same else 'DIFFERENT FROM'} croupier.poker.evaluation.keys.RANK_KEYS"
    )
    return same


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keys", action="store_true", help="also re-derive the rank keys")
    parser.add_argument(
        "--tiny", action="store_true", help="evaluate() on a sample, seven cards on a slice (tests)"
    )
    args = parser.parse_args()
    good = five_card_hands(1000 if args.tiny else 1)
    good &= seven_card_hands(1 if args.tiny else None)
    if args.keys:
        good &= rank_keys()
    print("\nall figures match" if good else "\nMISMATCH: see above")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
