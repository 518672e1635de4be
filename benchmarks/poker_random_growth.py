"""Monte Carlo time per trial as random opponents are added: AhKh against 1, 2, 3 and 5
random hands, on the CPU clock of this process, one thread (issue 35: the growth from 2
to 6 players no worse than OMPEval's).

    .venv/bin/python benchmarks/poker_random_growth.py              # about half a minute
    .venv/bin/python benchmarks/poker_random_growth.py --tiny       # a few trials (tests)

Each count of players is timed ``--repeat`` times in turns (so every count sees the same
load), ``--trials`` trials each and five times as many, and the least CPU time a trial
of each is kept. Two figures a count: the time a trial of the ``--trials`` run, set-up
included (what a question of that size costs), and the time a trial *adds*: the two
runs' difference over their difference in trials, where a fixed set-up cancels
(OMPEval's grows with the players: about 1 ms at 2, 25-35 ms at 6, about half its time
for 400,000 trials there, so the first figure flatters its growth). The second figure
is a difference of two runs: noisier, most of all at 2 players, where it is smallest. The first
column is the deals tried per deal kept: a random player after another ranged one is
dealt two cards of the deck directly, so none is dropped (before, each drew a whole hand
from its list and a hand meeting one already dealt dropped the deal). To compare with an older
checkout, run this script with that checkout's ``src`` first on ``PYTHONPATH``.

``--ompeval DIR`` (a checkout of github.com/zekyll/OMPEval's source, built in a scratch
folder as by ``poker_exact_symmetry.py``) times OMPEval's Monte Carlo on the same
questions in the same turns: its ``EquityCalculator``, one thread, a hand limit of
``--trials`` and five times as many (it stops at a batch's end, a little past the limit:
its time is taken with the hands it counted), CPU time of its process, the least of the
runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from croupier.poker.calc import calculate
from croupier.poker.calc.live import LiveQuestion
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.calc.sampling import BLOCK_TRIALS, BlockDeals

DRIVER = r"""
// OMPEval's Monte Carlo: one thread, CPU time of the process, a new calculator a run.
// driver HANDS RANGE...; prints the CPU seconds spent, the hands counted, the first
// player's equity and OMPEval's own standard error of it.
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
    unsigned long long limit = std::atoll(argv[1]);
    std::vector<omp::CardRange> ranges;
    for (int i = 2; i < argc; ++i) ranges.emplace_back(argv[i]);
    omp::EquityCalculator calc;
    calc.setHandLimit(limit);
    double start = cpu();
    calc.start(ranges, 0, 0, false, 0, nullptr, 1.0, 1);
    calc.wait();
    double spent = cpu() - start;
    omp::EquityCalculator::Results results = calc.getResults();
    std::printf("%.12f %llu %.12f %.12f\n", spent, (unsigned long long)results.hands,
                results.equity[0], results.stdev);
}
"""

HERO = "AhKh"
PLAYERS = (2, 3, 4, 6)
#: The standard error of the hero's equity that ``--precision`` prices (0.1%).
TARGET_ERROR = 0.001

#: A run: CPU seconds, trials (OMPEval: the hands it counted), the hero's equity and the
#: side's own standard error of it.
Run = tuple[float, int, float, float]


def ours(players: int, trials: int, seed: int) -> Run:
    """croupier's Monte Carlo, one thread, timed on this process's CPU clock."""
    started = time.process_time()
    result = calculate(ranges(players), trials=trials, rng=seed, threads=1)
    spent = time.process_time() - started
    error = result.players[0].stderr  # None only for an exact answer
    return spent, trials, result.players[0].equity, float("nan") if error is None else error


def theirs(driver: Path, players: int, trials: int) -> Run:
    """OMPEval's Monte Carlo (its own random seed), timed on its process's CPU clock."""
    command = [str(driver), str(trials), *ranges(players)]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout.split()
    return float(out[0]), int(out[1]), float(out[2]), float(out[3])


def ranges(players: int) -> list[str]:
    """AhKh and ``players - 1`` random hands."""
    return [HERO] + ["random"] * (players - 1)


def tried_per_kept(players: int, blocks: int) -> float:
    """Deals tried per deal kept over ``blocks`` blocks of seed 3."""
    deals = BlockDeals(LiveQuestion(EquityQuestion.parse(ranges(players))), seed=3)
    deals.run(0, blocks, BLOCK_TRIALS)
    return deals.attempts / deals.wanted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=400_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--tiny", action="store_true", help="a few trials and runs (tests)")
    parser.add_argument("--ompeval", type=Path, help="a checkout of OMPEval's source (the peer)")
    parser.add_argument(
        "--precision",
        type=int,
        default=0,
        metavar="RUNS",
        help="RUNS runs of --trials more a count, their spread priced as time to an error",
    )
    args = parser.parse_args()
    trials, repeat = (20_000, 1) if args.tiny else (args.trials, args.repeat)
    precision = 3 if args.tiny else args.precision  # the tests run every path
    with tempfile.TemporaryDirectory() as scratch:
        driver = None
        if args.ompeval is not None:
            from poker_exact_symmetry import build_ompeval  # benchmarks/ is on the path

            driver = build_ompeval(args.ompeval, Path(scratch), DRIVER)
        sizes = (trials, 5 * trials)
        # each side's least CPU time a trial at each size, and the trials of that run
        best = {(p, n): (float("inf"), n) for p in PLAYERS for n in sizes}
        peer = dict(best)
        calculate(ranges(3), trials=trials, rng=3)  # tables loaded before any timing
        for _ in range(repeat):
            for players in PLAYERS:
                for n in sizes:
                    spent, _, _, _ = ours(players, n, 3)
                    best[players, n] = min(best[players, n], (spent / n, n))
                    if driver is not None:
                        seconds, hands, _, _ = theirs(driver, players, n)
                        peer[players, n] = min(peer[players, n], (seconds / hands, hands))
        spread: dict[tuple[str, int], list[Run]] = {}
        for r in range(precision):  # the counts in turns again, each run its own seed
            for players in PLAYERS:
                spread.setdefault(("croupier", players), []).append(ours(players, trials, 1000 + r))
                if driver is not None:
                    spread.setdefault(("OMPEval", players), []).append(
                        theirs(driver, players, trials)
                    )
    load = os.getloadavg()[0]
    print(
        f"{trials:,} trials (and {5 * trials:,} for the time a trial adds), least CPU time"
        f" of {repeat} runs, one thread, load {load:.1f}"
    )
    for players in PLAYERS:
        kept = tried_per_kept(players, 1 if args.tiny else 8)
        line = (
            f"{players} players: {kept:.3f} tried a deal  croupier {figures(best, players, sizes)}"
        )
        if driver is not None:
            line += f"  OMPEval {figures(peer, players, sizes)}"
        print(line)
    if precision:
        margin = 2 * (2 / (precision - 1)) ** 0.5 if precision > 1 else float("nan")
        print(
            f"The hero's equity over {precision} runs of {trials:,} trials a count: its spread"
            f" (standard deviation), the side's own standard error, and the trials and CPU time"
            f" (at the time a trial adds) for a standard error of {TARGET_ERROR:.1%}; a spread"
            f" of {precision} runs gives a variance, and so these, to +-{margin:.0%} (95%)"
        )
        sides = [("croupier", best)] + ([("OMPEval", peer)] if driver is not None else [])
        for side, timing in sides:
            price = {p: priced(spread[side, p], timing, p, sizes) for p in PLAYERS}
            for players in PLAYERS:
                runs = spread[side, players]
                sd = statistics.stdev(r[2] for r in runs) if len(runs) > 1 else float("nan")
                said = statistics.fmean(r[3] for r in runs)
                needed, seconds = price[players]
                print(
                    f"{side} {players} players: spread {sd:.6f}, says {said:.6f};"
                    f" {needed:,.0f} trials, {seconds * 1e3:.1f} ms"
                    f" {seconds / price[2][1]:.2f}x"
                )


def priced(
    runs: list[Run],
    timing: dict[tuple[int, int], tuple[float, int]],
    players: int,
    sizes: tuple[int, int],
) -> tuple[float, float]:
    """The trials a side needs for a standard error of :data:`TARGET_ERROR` (from the
    spread of its runs' equities: the variance a trial, as the runs' trials say), and
    their CPU time at the time a trial adds."""
    if len(runs) < 2:
        return float("nan"), float("nan")
    per_trial = statistics.variance(r[2] for r in runs) * statistics.fmean(r[1] for r in runs)
    needed = per_trial / TARGET_ERROR**2
    return needed, needed * added(timing, players, sizes)


def added(
    runs: dict[tuple[int, int], tuple[float, int]], players: int, sizes: tuple[int, int]
) -> float:
    """The CPU time a trial adds at ``players``: the difference of the two sizes' runs
    over their difference in trials (``runs``: the time a trial and the trials of a
    run)."""
    (few, fewer), (many, more) = runs[players, sizes[0]], runs[players, sizes[1]]
    return (many * more - few * fewer) / (more - fewer)


def figures(
    runs: dict[tuple[int, int], tuple[float, int]], players: int, sizes: tuple[int, int]
) -> str:
    """A side's time a trial (set-up included) and time a trial adds at ``players``, each
    with its growth from 2 players (``runs``: the time a trial and the trials of a run)."""
    a_trial, adds = runs[players, sizes[0]][0], added(runs, players, sizes)
    return (
        f"{a_trial * 1e9:6.1f} ns a trial {a_trial / runs[2, sizes[0]][0]:.2f}x,"
        f" adds {adds * 1e9:6.1f} ns {adds / added(runs, 2, sizes):.2f}x"
    )


if __name__ == "__main__":
    main()
