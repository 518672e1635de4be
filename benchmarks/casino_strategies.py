"""How long the Casino strategies think: time per decision over the positions of real games.

Run: .venv/bin/python benchmarks/casino_strategies.py [ROUNDS] [SEED] [--tiny]

Plays ROUNDS rounds (default 100) of the expert against greedy, each side starting in
turn, and times every expert decision: the mean, the median, the 99th percentile and
the slowest, overall and by the number of cards left in the two hands (the look-ahead is
longest at the start of a deal, with 4 + 4 cards). The slowest position is printed as a
save file, to study it with ``croupier casino hint``. The last column is the slowest
decision in CPU time of this process, which a shared machine inflates far less than
the wall clock.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

import numpy as np

from croupier.casino import Player, State, format_save, new_tournament
from croupier.casino.strategies import ExpertStrategy, GreedyStrategy


def main(rounds: int = 100, seed: int = 2026, deadline: float = 1.0) -> None:
    expert, greedy = ExpertStrategy(deadline=deadline), GreedyStrategy()
    rng = np.random.default_rng(seed)  # the library's rng: a seed or a NumPy generator
    times: dict[tuple[bool, int], list[float]] = defaultdict(list)
    cpu: dict[tuple[bool, int], list[float]] = defaultdict(list)
    slowest: tuple[float, State | None] = (0.0, None)
    for number in range(rounds):
        state = new_tournament(Player(number % 2), rng=seed + number)
        while not state.is_round_over:
            player = state.next_player
            seen = state.observe(player)
            if player is Player.COMPUTER:
                start, start_cpu = time.perf_counter(), time.process_time()
                decision = expert.decide(seen)
                spent = time.perf_counter() - start
                key = seen.deck_size == 0, len(seen.hand) + seen.opponent_hand_size
                times[key].append(spent)
                cpu[key].append(time.process_time() - start_cpu)
                if spent > slowest[0]:
                    slowest = (spent, state)
            else:
                decision = greedy.decide(seen, rng)
            state = state.apply(decision.move, check=False)
    every = [t for values in times.values() for t in values]
    every_cpu = [t for values in cpu.values() for t in values]
    print(f"expert: {len(every)} decisions in {rounds} rounds")
    print(
        f"{'position':<32}{'moves':>7}{'mean ms':>10}{'median':>9}{'p99':>9}{'max ms':>9}"
        f"{'max CPU ms':>12}"
    )
    rows = sorted(times.items(), key=lambda item: (item[0][0], -item[0][1]))
    for (last_deal, cards), values in [*rows, ((False, 0), every)]:
        cpu_values = every_cpu if values is every else cpu[last_deal, cards]
        label = (
            "all positions"
            if values is every
            else f"{'last deal' if last_deal else 'earlier deal'}, {cards} card"
            + ("s" if cards > 1 else "")
            + " in hands"
        )
        ordered = sorted(values)
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        print(
            f"{label:<32}{len(values):>7}{1000 * statistics.fmean(values):>10.1f}"
            f"{1000 * statistics.median(values):>9.1f}{1000 * p99:>9.1f}{1000 * max(values):>9.1f}"
            f"{1000 * max(cpu_values):>12.1f}"
        )
    if slowest[1] is not None:
        print(f"\nslowest decision, {1000 * slowest[0]:.0f} ms:\n{format_save(slowest[1])}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rounds", nargs="?", type=int, default=100)
    parser.add_argument("seed", nargs="?", type=int, default=2026)
    parser.add_argument(
        "--tiny", action="store_true", help="every path at the smallest size (tests)"
    )
    args = parser.parse_args()
    if args.tiny:
        main(1, args.seed, deadline=0.01)
    else:
        main(args.rounds, args.seed)
