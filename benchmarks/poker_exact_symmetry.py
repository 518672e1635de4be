"""Exact equity by suit symmetry, beside OMPEval (optional peer), CPU time, one thread.

    .venv/bin/python benchmarks/poker_exact_symmetry.py --ompeval /tmp/OMPEval  # with the peer
    .venv/bin/python benchmarks/poker_exact_symmetry.py                          # croupier alone
    .venv/bin/python benchmarks/poker_exact_symmetry.py --tiny                   # every path

For each question: croupier's CPU time of one exact ``calculate`` (best and median of
``--repeats`` calls in this process, after one call to warm the tables), the same
"before" (the suit symmetry turned off: every suit's flush boards, every board of another
game dealt; and the heads-up sweep of small questions turned off: every pair of combos
compared on every completion), and OMPEval's (its ``EquityCalculator`` enumerating, one
thread, a new calculator for each call, CPU time of its process, measured in a small
driver written here). OMPEval is not part of croupier: ``--ompeval DIR`` names a checkout
of its source (github.com/zekyll/OMPEval), which is copied to a scratch folder and built
there with the two fixes today's compilers need (``<functional>`` included,
``XoroShiro128Plus``'s ``min``/``max`` made ``constexpr``). The machine's load is printed
beside the figures: on a shared machine, CPU time is the figure to read.

The suit-symmetry counts of the docs' explanation (boards of AhKh against QsQd, their
classes under the permutations fixing the hands, by Burnside's lemma) are printed first.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

from croupier.cards import Card
from croupier.poker import calculate
from croupier.poker.calc import exact, preflop
from croupier.poker.calc.symmetry import PERMUTATIONS, card_map, stabiliser
from croupier.poker.evaluation.tables import poker_kernels

#: A wide range of the benchmarks (the kernels' before/after table has it too).
WIDE = "22+,A2s+,KTs+,ATo+"
#: (label, ranges, board, game): heads-up hold'em first (the targets), then others.
QUESTIONS = (
    ("preflop, AhKh vs QsQd", ("AhKh", "QsQd"), "", "holdem"),
    ("preflop, AsKs vs 7h7d", ("AsKs", "7h7d"), "", "holdem"),
    ("preflop, Th9h vs 8h7h", ("Th9h", "8h7h"), "", "holdem"),
    ("preflop, AA vs KK", ("AA", "KK"), "", "holdem"),
    ("flop, AhKh vs QsQd on 2c 7d 9h", ("AhKh", "QsQd"), "2c7d9h", "holdem"),
    ("flop, AhKh vs QsQd on 2c 7c 9c", ("AhKh", "QsQd"), "2c7c9c", "holdem"),
    ("flop, AK,QQ+ vs JJ-88,AQs on 2c 7d 9h", ("AK,QQ+", "JJ-88,AQs"), "2c7d9h", "holdem"),
    ("flop, AK,QQ+ vs JJ-88,AQs on 2c 7c 9c", ("AK,QQ+", "JJ-88,AQs"), "2c7c9c", "holdem"),
    ("flop, AK,QQ+ vs JJ-88,AQs on 7h 7d 2c", ("AK,QQ+", "JJ-88,AQs"), "7h7d2c", "holdem"),
    ("flop, 22+,A2s+,KTs+,ATo+ vs TT+,AQ+ on 2c 7d 9h", (WIDE, "TT+,AQ+"), "2c7d9h", "holdem"),
    ("turn, AK,QQ+ vs JJ-88,AQs on 2c 7d 9h Js", ("AK,QQ+", "JJ-88,AQs"), "2c7d9hJs", "holdem"),
    ("Omaha preflop, AsAhKsKh vs QdQcJdTc", ("AsAhKsKh", "QdQcJdTc"), "", "omaha"),
    ("Omaha turn, AsAh?? vs KdKc?? on 2c 7c 9c 3c", ("AsAh??", "KdKc??"), "2c7c9c3c", "omaha"),
    ("short-deck preflop, AK,99+ vs QQ", ("AK,99+", "QQ"), "", "shortdeck"),
    ("short-deck preflop, AsKs vs 7h7d", ("AsKs", "7h7d"), "", "shortdeck"),
)
TINY = (QUESTIONS[0], QUESTIONS[4], QUESTIONS[6], QUESTIONS[14])
#: Calls at most of a question that takes seconds (Omaha before the flop).
LONG_REPEATS = 3

DRIVER = r"""
// Times OMPEval's exact enumeration: one thread, CPU time of the process, a new
// calculator for each call. driver REPEATS BOARD RANGE...; prints the CPU seconds of
// every call, then the first player's equity and the hands counted.
#include "omp/EquityCalculator.h"
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>
static double cpu() {
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}
int main(int argc, char** argv) {
    int repeats = std::atoi(argv[1]);
    std::string board = std::string(argv[2]) == "-" ? "" : argv[2];
    std::vector<omp::CardRange> ranges;
    for (int i = 3; i < argc; ++i) ranges.emplace_back(argv[i]);
    double equity = 0;
    unsigned long long hands = 0;
    for (int r = 0; r < repeats; ++r) {
        omp::EquityCalculator calc;
        double start = cpu();
        calc.start(ranges, omp::CardRange::getCardMask(board), 0, true, 0, nullptr, 1.0, 1);
        calc.wait();
        std::printf("%.9f\n", cpu() - start);
        auto results = calc.getResults();
        equity = results.equity[0];
        hands = results.hands;
    }
    std::printf("%.12f %llu\n", equity, hands);
}
"""


def build_ompeval(source: Path, scratch: Path, driver_source: str = DRIVER) -> Path:
    """OMPEval built from ``source`` in ``scratch``, and the driver (``driver_source``,
    C++): its path."""
    tree = scratch / "OMPEval"
    shutil.copytree(source, tree, ignore=shutil.ignore_patterns(".git"))
    random_h = tree / "omp" / "Random.h"
    text = random_h.read_text()
    for name in ("min", "max"):
        text = text.replace(f"static uint64_t {name}()", f"static constexpr uint64_t {name}()")
    random_h.write_text(text)
    flags = "-O3 -std=c++11 -include functional -pthread"
    subprocess.run(
        ["make", "-C", str(tree), "lib/ompeval.a", f"CXXFLAGS={flags}"],
        check=True,
        capture_output=True,
    )
    (scratch / "driver.cpp").write_text(driver_source)
    driver = scratch / "driver"
    sources = [str(scratch / "driver.cpp"), str(tree / "lib" / "ompeval.a")]
    command = ["g++", *flags.split(), "-I", str(tree), "-o", str(driver), *sources]
    subprocess.run(command, check=True)
    return driver


def ompeval_times(driver: Path, ranges: tuple[str, ...], board: str, repeats: int) -> list[float]:
    """OMPEval's CPU seconds of each of ``repeats`` exact calls."""
    out = subprocess.run(
        [str(driver), str(repeats), board or "-", *ranges], check=True, capture_output=True
    ).stdout.decode()
    return [float(line) for line in out.split("\n")[:repeats]]


@contextlib.contextmanager
def without_symmetry() -> Iterator[None]:
    """The enumeration before the suit symmetry: every suit's flush boards dealt (the
    identity alone in hold'em's preflop), every board of another game dealt; and before
    the sweep: a small question's pairs of combos compared on every completion."""

    def alone(_live: object, plan: exact.RowsPlan) -> tuple[object, object]:
        import numpy as np

        return exact.IDENTITY, np.arange(len(plan.assign), dtype=np.int64)[None, :]

    def identity(_sets: object) -> list[tuple[int, ...]]:
        return [(0, 1, 2, 3)]

    kernels = poker_kernels()
    with (
        mock.patch.object(exact, "rows_symmetry", alone),
        mock.patch.object(preflop, "stabiliser", identity),
        mock.patch.object(kernels, "exact_small", kernels.exact_pairs),
    ):
        yield


def croupier_times(ranges: tuple[str, ...], board: str, game: str, repeats: int) -> list[float]:
    """croupier's CPU seconds of each of ``repeats`` exact calls (after one more)."""
    calculate(list(ranges), board=board or None, game=game, exact=True)
    times = []
    for _ in range(repeats):
        start = time.process_time()
        calculate(list(ranges), board=board or None, game=game, exact=True)
        times.append(time.process_time() - start)
    return times


def burnside(hands: tuple[str, ...]) -> tuple[int, int, int]:
    """Boards of five of the cards the ``hands`` leave, the order of the group fixing
    each hand, and the classes of boards it makes (Burnside's lemma: the average over
    the group of the boards each permutation fixes)."""
    cards = [[Card.parse(h[i : i + 2]).index for i in (0, 2)] for h in hands]
    group = stabiliser(cards)
    used = {c for hand in cards for c in hand}
    free = [c for c in range(52) if c not in used]
    fixed_total = 0
    for perm in group:
        image = card_map(perm)
        # a board fixed by perm is a union of its cycles on the free cards
        seen: set[int] = set()
        cycles = []
        for card in free:
            if card in seen:
                continue
            cycle = [card]
            while int(image[cycle[-1]]) != card:
                cycle.append(int(image[cycle[-1]]))
            seen |= set(cycle)
            cycles.append(len(cycle))
        ways = [1] + [0] * 5
        for length in cycles:
            for total in range(5, length - 1, -1):
                ways[total] += ways[total - length]
        fixed_total += ways[5]
    assert len(PERMUTATIONS) % len(group) == 0
    return math.comb(len(free), 5), len(group), fixed_total // len(group)


def figure(times: list[float]) -> str:
    """The best and the median of ``times``, in milliseconds."""
    return f"{1e3 * min(times):.3f} / {1e3 * statistics.median(times):.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ompeval", type=Path, help="a checkout of OMPEval's source (the peer)")
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--tiny", action="store_true", help="every path once, at once")
    args = parser.parse_args()
    repeats = 2 if args.tiny else args.repeats
    questions = TINY if args.tiny else QUESTIONS
    boards, order, classes = burnside(("AhKh", "QsQd"))
    print(f"AhKh vs QsQd preflop: {boards:,} boards, a group of {order}, {classes:,} classes")
    driver = None
    with contextlib.ExitStack() as stack:
        if args.ompeval is not None:
            scratch = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            driver = build_ompeval(args.ompeval, scratch)
        print(f"load {os.getloadavg()[0]:.2f}; CPU ms, best / median of {repeats}, one thread")
        print(f"{'question':48} {'croupier':>15} {'before':>15} {'OMPEval':>15} ratio")
        for label, ranges, board, game in questions:
            calls = min(repeats, LONG_REPEATS) if game != "holdem" and not board else repeats
            now = croupier_times(ranges, board, game, calls)
            with without_symmetry():
                before = croupier_times(ranges, board, game, calls)
            cells = [
                f"{1e3 * min(t):.3f} / {1e3 * statistics.median(t):.3f}" for t in (now, before)
            ]
            peer, ratio = "", ""
            if driver is not None and game == "holdem":
                theirs = ompeval_times(driver, ranges, board, repeats)
                peer = figure(theirs)
                ratio = f"{statistics.median(now) / statistics.median(theirs):.2f}x"
            print(f"{label:48} {cells[0]:>15} {cells[1]:>15} {peer:>15} {ratio}", flush=True)
        print(f"load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
