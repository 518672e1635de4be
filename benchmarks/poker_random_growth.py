"""Monte Carlo time per trial as random opponents are added: AhKh against 1, 2, 3 and 5
random hands, on the CPU clock of this process, one thread (issue 35: the growth from 2
to 6 players no worse than OMPEval's).

    .venv/bin/python benchmarks/poker_random_growth.py              # about half a minute
    .venv/bin/python benchmarks/poker_random_growth.py --tiny       # a few trials (tests)

Each count of players is timed ``--repeat`` times in turns (so every count sees the same
load), ``--trials`` trials each, and the least CPU time is kept. The last column is the
deals tried per deal kept: a random player after another ranged one is dealt two cards
of the deck directly, so none is dropped (before, each drew a whole hand from its list
and a hand meeting one already dealt dropped the deal). To compare with an older
checkout, run this script with that checkout's ``src`` first on ``PYTHONPATH``.
"""

from __future__ import annotations

import argparse
import os
import time

from croupier.poker.calc import calculate
from croupier.poker.calc.live import LiveQuestion
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.calc.sampling import BLOCK_TRIALS, BlockDeals

HERO = "AhKh"
PLAYERS = (2, 3, 4, 6)


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
    parser.add_argument("--tiny", action="store_true", help="a few trials, one run (tests)")
    args = parser.parse_args()
    trials, repeat = (20_000, 1) if args.tiny else (args.trials, args.repeat)
    best = dict.fromkeys(PLAYERS, float("inf"))
    calculate(ranges(3), trials=trials, rng=3)  # tables loaded before any timing
    for _ in range(repeat):
        for players in PLAYERS:
            started = time.process_time()
            calculate(ranges(players), trials=trials, rng=3, threads=1)
            best[players] = min(best[players], time.process_time() - started)
    load = os.getloadavg()[0]
    print(f"{trials:,} trials, least CPU time of {repeat} runs, one thread, load {load:.1f}")
    for players in PLAYERS:
        ns = best[players] / trials * 1e9
        kept = tried_per_kept(players, 1 if args.tiny else 8)
        growth = best[players] / best[2]
        print(f"{players} players: {ns:6.1f} ns a trial  {growth:.2f}x  {kept:.3f} tried a deal")


if __name__ == "__main__":
    main()
