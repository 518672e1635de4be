"""Does every Casino strategy answer within its deadline, whatever the table holds?

Run: .venv/bin/python benchmarks/casino_deadline.py [DEADLINE] [POSITIONS] [SEED]

Builds POSITIONS positions (default 3) at the start of a deal for each number of loose
cards from 2 to 16, of two kinds: ``any`` (the table, the hands and the deck dealt at
random) and ``low`` (the issue's worst case: a table of aces to 5s, hands of 6s to 9s,
where the number of legal moves explodes: 2,202 with 12 loose cards). For each it times
``legal_moves`` and each strategy's decision with a deadline of DEADLINE seconds
(default 1), and prints the median and slowest time beside the deadline, the slowest as
a ratio of the deadline, and how many of the expert's searches the deadline cut short.
Times are wall-clock on whatever else the machine is doing: compare the columns of one
run, not runs with each other.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from croupier.cards import DECK, Rank
from croupier.casino import Player, State
from croupier.casino.strategies import STRATEGIES, strategy_named

LOW = [card for card in DECK if card.rank <= Rank.FIVE or card.rank is Rank.ACE]
MIDDLE = [card for card in DECK if Rank.SIX <= card.rank <= Rank.NINE]


def start_of_a_deal(loose: int, kind: str, rng: random.Random) -> State:
    """The human to move at the start of the second deal, ``loose`` cards on the table,
    16 cards left to deal, the other cards in the piles."""
    if kind == "low":
        table = rng.sample(LOW, loose)
        hands = rng.sample(MIDDLE, 8)
    else:
        table = rng.sample(DECK, loose)
        hands = rng.sample([card for card in DECK if card not in table], 8)
    rest = [card for card in DECK if card not in table and card not in hands]
    rng.shuffle(rest)
    deck, piles = rest[:16], rest[16:]
    return State(
        hands=(tuple(hands[:4]), tuple(hands[4:])),
        loose=tuple(table),
        builds=(),
        piles=(tuple(piles[::2]), tuple(piles[1::2])),
        deck=tuple(deck),
        next_player=Player.HUMAN,
        last_capturer=Player.COMPUTER,
        scores=(0, 0),
        round_number=1,
    )


T = TypeVar("T")


def timed(work: Callable[[], T]) -> tuple[float, T]:
    start = time.perf_counter()
    result = work()
    return time.perf_counter() - start, result


def main(deadline: float = 1.0, positions: int = 3, seed: int = 2026) -> None:
    rng = random.Random(seed)
    names = list(STRATEGIES)
    strategies = {name: strategy_named(name, deadline=deadline) for name in names}
    print(
        f"Move time by loose cards on the table, {positions} positions each, deadline "
        f"{deadline:g} s (median / slowest ms; slowest as a share of the deadline)"
    )
    header = f"{'table':<6}{'loose':>6}{'moves':>7}{'legal_moves ms':>16}"
    header += "".join(f"{name + ' ms':>22}" for name in names)
    header += f"{'expert max/deadline':>21}{'cut short':>11}"
    print(header)
    worst = 0.0
    for kind in ("any", "low"):
        for loose in range(2, 17, 2):
            states = [start_of_a_deal(loose, kind, rng) for _ in range(positions)]
            moves, generation = [], []
            times: dict[str, list[float]] = {name: [] for name in names}
            cut = 0
            for state in states:
                seconds, legal = timed(state.legal_moves)
                generation.append(seconds)
                moves.append(len(legal))
                seen = state.observe(Player.HUMAN)
                for name in names:
                    seconds, decision = timed(partial(strategies[name].decide, seen))
                    times[name].append(seconds)
                    cut += name == "expert" and decision.cut_short
            share = max(times["expert"]) / deadline if deadline else float("nan")
            worst = max(worst, max(max(values) for values in times.values()))
            row = f"{kind:<6}{loose:>6}{max(moves):>7,}"
            row += f"{_ms(statistics.median(generation)):>8} / {_ms(max(generation)):<5}"
            for name in names:
                values = times[name]
                row += f"{_ms(statistics.median(values)):>12} / {_ms(max(values)):<7}"
            row += f"{share:>21.2f}{cut:>8} of {positions}"
            print(row, flush=True)
    print(f"Slowest decision of all: {worst:.2f} s against a deadline of {deadline:g} s.")


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f}"


if __name__ == "__main__":
    arguments = sys.argv[1:]
    main(
        float(arguments[0]) if arguments else 1.0,
        int(arguments[1]) if len(arguments) > 1 else 3,
        int(arguments[2]) if len(arguments) > 2 else 2026,
    )
