"""The judge's work, time and error over the positions of real games.

Run: .venv/bin/python benchmarks/casino_judge.py [GAMES] [SEED] [--tiny]

Plays GAMES tournaments (default 4) between the ``casual`` level (greedy: it leaves
mistakes to judge) and the ``expert`` at 0.1 s a move, and judges every position of
them, both players' (a fresh judge each time, as a review in another process would):
the CPU time of each verdict (``time.process_time``: on a shared machine the wall clock
counts other programs' time), the deals it sampled, the steps of work it took, and the
standard errors of the losses it reports. It prints the distribution of each, with the
load average beside the figures, and the share of moves whose mark was in doubt (a loss
within 2 standard errors of a threshold).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import Counter

from croupier.casino import Player, State
from croupier.casino.judge import BLUNDER, INACCURACY, JUDGE_SETTINGS, SURE, Judge
from croupier.casino.session import Session
from croupier.casino.strategies import strategy_named


def positions(games: int, seed: int, deadline: float) -> list[State]:
    """Every position of ``games`` tournaments of the casual level against the expert."""
    found: list[State] = []
    for number in range(games):
        session = Session.new(Player(number % 2), rng=seed + number, deadline=deadline)
        human = strategy_named("casual", deadline=deadline)
        while not session.finished:
            found.append(session.state)
            seen = session.state.observe(session.state.next_player)
            mover = human if session.to_move is Player.HUMAN else session.strategy
            session.play(mover.decide(seen).move)
    return found


def quantiles(values: list[float]) -> str:
    """Median, 90th percentile and maximum."""
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"median {statistics.median(ordered):.3g}, 90% {p90:.3g}, max {ordered[-1]:.3g}"


def main(games: int = 4, seed: int = 2026, deadline: float = 0.1, limit: int | None = None) -> None:
    found = positions(games, seed, deadline)[:limit]
    print(f"{len(found)} positions of {games} tournaments; load {os.getloadavg()[0]:.1f}")
    seconds: list[float] = []
    work: list[float] = []
    errors: list[float] = []
    deals: Counter[int] = Counter()
    kinds = doubtful = 0
    for state in found:
        start = time.process_time()
        verdict = Judge().position(state)
        seconds.append(time.process_time() - start)
        work.append(verdict.work)
        deals[verdict.deals] += 1
        for _, loss in verdict.ranked()[1:]:
            kinds += 1
            errors.append(loss.error)
            if any(abs(loss.points - t) < SURE * loss.error for t in (INACCURACY, BLUNDER)):
                doubtful += 1
    sampled = [e for e in errors if e > 0]
    print(f"CPU s per verdict: {quantiles(seconds)}; all {sum(seconds):.1f} s")
    print(f"steps of work: {quantiles(work)} (budget {JUDGE_SETTINGS.steps:,})")
    print(
        "deals:", ", ".join(f"{d}: {n}" for d, n in sorted(deals.items())), "(0: exact or forced)"
    )
    if sampled:
        print(f"standard error of a sampled loss: {quantiles(sampled)}")
    share = doubtful / kinds if kinds else 0.0
    print(f"moves whose mark is in doubt: {doubtful} of {kinds} kinds ({share:.1%})")
    print(f"load after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=4)
    parser.add_argument("seed", nargs="?", type=int, default=2026)
    parser.add_argument("--tiny", action="store_true", help="a few positions, in seconds")
    args = parser.parse_args()
    if args.tiny:
        main(1, args.seed, 0.01, limit=6)
    else:
        main(args.games, args.seed)
