"""Does every Casino strategy answer within its deadline, whatever the table holds?

Run: .venv/bin/python benchmarks/casino_deadline.py [DEADLINE] [POSITIONS] [SEED] [--tiny]

Builds POSITIONS positions (default 3) at the start of a deal for each number of loose
cards from 2 to 20, of three kinds: ``any`` (the table, the hands and the deck dealt at
random), ``low`` (the issue's worst case: a table of aces to 5s, hands of 6s to 9s,
where the number of legal moves explodes: 2,202 with 12 loose cards, 488,714 with 20)
and ``build`` (a table of aces to 5s, the player to move holding two court cards and
two 6s or 7s: builds of 12 and 13 from many loose cards, and captures of sets of 12
and 13). For each it counts and times ``legal_moves`` (given up after LISTING_CAP
seconds: ``>`` marks the rows where it was), then times each strategy's decision with a
deadline of DEADLINE seconds (default 1), and prints the median and slowest time
beside the deadline, the slowest decision as a ratio of the deadline, by how much it
went past the deadline, and how many of the expert's searches the deadline cut short.
Times are wall-clock on whatever else the machine is doing: compare the columns of one
run, not runs with each other.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from croupier.cards import DECK, Rank
from croupier.casino import Player, State
from croupier.casino.rules import list_moves
from croupier.casino.strategies import Deadline, strategy_named

LOW = [card for card in DECK if card.rank <= Rank.FIVE or card.rank is Rank.ACE]
MIDDLE = [card for card in DECK if Rank.SIX <= card.rank <= Rank.NINE]
COURT = [card for card in DECK if Rank.JACK <= card.rank <= Rank.KING]
SIXES_SEVENS = [card for card in DECK if Rank.SIX <= card.rank <= Rank.SEVEN]
KINDS = ("any", "low", "build")
#: The strategies timed: the three strategies and the ``strong`` level (the expert on a
#: small budget).
NAMES = ("random", "greedy", "strong", "expert")
#: Seconds after which the benchmark stops listing a position's moves itself.
LISTING_CAP = 3.0


def start_of_a_deal(loose: int, kind: str, rng: random.Random) -> State:
    """The human to move at the start of the second deal, ``loose`` cards on the table,
    16 cards left to deal, the other cards in the piles."""
    if kind == "low":
        table = rng.sample(LOW, loose)
        hands = rng.sample(MIDDLE, 8)
    elif kind == "build":
        table = rng.sample(LOW, loose)
        mine = rng.sample(COURT, 2) + rng.sample(SIXES_SEVENS, 2)
        others = [card for card in DECK if card not in table and card not in mine]
        hands = mine + rng.sample(others, 4)
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


def count_moves(state: State) -> tuple[float, int, bool]:
    """Seconds to list the legal moves, how many, and whether that is all of them (the
    listing is given up after :data:`LISTING_CAP` seconds)."""
    player = state.next_player
    table = (state.hands[player], state.loose, state.builds, player)
    stop = Deadline(LISTING_CAP).expired
    seconds, (moves, complete) = timed(partial(list_moves, *table, stop))
    return seconds, len(moves), complete


def main(deadline: float = 1.0, positions: int = 3, seed: int = 2026, most_loose: int = 20) -> None:
    rng = random.Random(seed)
    strategies = {name: strategy_named(name, deadline=deadline) for name in NAMES}
    print(
        f"Move time by loose cards on the table, {positions} positions each, deadline "
        f"{deadline:g} s (median / slowest ms; the slowest decision as a share of the "
        "deadline, and its time past the deadline)"
    )
    header = f"{'table':<6}{'loose':>6}{'moves':>10}{'legal_moves ms':>18}"
    header += "".join(f"{name + ' ms':>20}" for name in NAMES)
    header += f"{'max/deadline':>14}{'past ms':>9}{'expert cut':>12}"
    print(header)
    worst = 0.0
    for kind in KINDS:
        for loose in range(2, most_loose + 1, 2):
            states = [start_of_a_deal(loose, kind, rng) for _ in range(positions)]
            moves, generation, every = [], [], True
            times: dict[str, list[float]] = {name: [] for name in NAMES}
            cut = 0
            for state in states:
                seconds, count, complete = count_moves(state)
                generation.append(seconds)
                moves.append(count)
                every = every and complete
                seen = state.observe(Player.HUMAN)
                for name in NAMES:
                    seconds, decision = timed(partial(strategies[name].decide, seen))
                    assert state.is_legal(decision.move), (name, str(decision.move))
                    times[name].append(seconds)
                    cut += name == "expert" and decision.cut_short
            slowest = max(max(values) for values in times.values())
            worst = max(worst, slowest)
            share = slowest / deadline if deadline else float("nan")
            past = max(0.0, slowest - deadline)
            mark = "" if every else ">"
            row = f"{kind:<6}{loose:>6}{mark + f'{max(moves):,}':>10}"
            row += f"{_ms(statistics.median(generation)):>10} / {mark + _ms(max(generation)):<6}"
            for name in NAMES:
                values = times[name]
                row += f"{_ms(statistics.median(values)):>10} / {_ms(max(values)):<7}"
            row += f"{share:>14.2f}{_ms(past):>9}{cut:>7} of {positions}"
            print(row, flush=True)
    print(
        f"Slowest decision of all: {worst:.3f} s against a deadline of {deadline:g} s "
        f"({max(0.0, worst - deadline) * 1000:,.1f} ms past it)."
    )


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f}"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deadline", nargs="?", type=float, default=1.0)
    parser.add_argument("positions", nargs="?", type=int, default=3)
    parser.add_argument("seed", nargs="?", type=int, default=2026)
    parser.add_argument(
        "--tiny", action="store_true", help="every path at the smallest size (tests)"
    )
    args = parser.parse_args()
    if args.tiny:  # one position of each kind with 2 and 4 loose cards
        main(0.01, 1, args.seed, most_loose=4)
    else:
        main(args.deadline, args.positions, args.seed)
