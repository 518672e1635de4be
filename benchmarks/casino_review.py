"""How long the review of a whole tournament takes.

Run: .venv/bin/python benchmarks/casino_review.py [TOURNAMENTS] [SEED] [--tiny]

Plays TOURNAMENTS whole tournaments (default 3) of a human played by the ``casual``
level (greedy: it makes mistakes to find) against the computer at the default level, then
times :func:`croupier.casino.review.review_game` (the judge's verdicts, a fresh judge) on
each log: the rounds, the human moves
reviewed, the seconds (wall clock, and the CPU time of this process: on a shared machine
the wall clock counts the time other programs had the processor) and the mean per move,
next to the time the computer took to play its own moves in the same tournament. The
target is under 10 s a tournament.
"""

from __future__ import annotations

import argparse
import dataclasses
import time

import numpy as np

from croupier.casino import Player
from croupier.casino.gamelog import GameLog
from croupier.casino.review import review_game
from croupier.casino.session import Session
from croupier.casino.strategies import strategy_named


def tournament(seed: int, deadline: float = 1.0) -> tuple[GameLog, float]:
    """A tournament's log, and the CPU seconds the computer spent on its moves."""
    session = Session.new(Player(seed % 2), rng=seed, deadline=deadline)
    human = strategy_named("casual", deadline=deadline)
    rng = np.random.default_rng(seed)  # the library's rng: a seed or a NumPy generator
    thinking = 0.0
    while not session.finished:
        if session.to_move is Player.HUMAN:
            session.play(human.decide(session.state.observe(Player.HUMAN), rng).move)
        else:
            start = time.process_time()  # the computer's own search (its reason aside)
            move = session.strategy.decide(session.state.observe(Player.COMPUTER)).move
            thinking += time.process_time() - start
            session.play(move)
    return session.log, thinking


def main(
    tournaments: int = 3, seed: int = 2026, deadline: float = 1.0, rounds: int | None = None
) -> None:
    """``rounds``: review only the first rounds of each tournament (all by default)."""
    print(
        f"{'tournament':>10}{'rounds':>8}{'moves':>7}{'wall s':>8}{'CPU s':>7}{'CPU ms/move':>13}"
        f"{'computer CPU s':>16}"
    )
    worst = 0.0
    for number in range(tournaments):
        log, thinking = tournament(seed + number, deadline)
        if rounds is not None:
            log = dataclasses.replace(log, rounds=log.rounds[:rounds])
        start, cpu = time.perf_counter(), time.process_time()
        review = review_game(log)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        moves = len(review.moves)
        worst = max(worst, cpu)
        print(
            f"{number + 1:>10}{len(log.rounds):>8}{moves:>7}{seconds:>8.2f}{cpu:>7.2f}"
            f"{1000 * cpu / moves:>13.1f}{thinking:>16.2f}"
        )
    print(f"slowest tournament review: {worst:.2f} CPU s (target: under 10 s)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tournaments", nargs="?", type=int, default=3)
    parser.add_argument("seed", nargs="?", type=int, default=2026)
    parser.add_argument(
        "--tiny", action="store_true", help="every path at the smallest size (tests)"
    )
    args = parser.parse_args()
    if args.tiny:
        main(1, args.seed, deadline=0.01, rounds=1)
    else:
        main(args.tournaments, args.seed)
