"""How fast the Casino engine lists and plays moves: the budget a search player works with.

Run: .venv/bin/python benchmarks/casino_engine.py [ROUNDS] [--tiny]

Prints microseconds per call of ``State.legal_moves`` and ``State.apply`` (checked and unchecked)
over the positions of random rounds, and whole random rounds per second.
"""

from __future__ import annotations

import argparse
import random
import time

from croupier.casino import Player, State, new_tournament


def random_positions(rounds: int, rng: random.Random) -> list[State]:
    positions = []
    for _ in range(rounds):
        state = new_tournament(Player.HUMAN, rng=rng.randrange(2**32))
        while not state.is_round_over:
            positions.append(state)
            state = state.apply(rng.choice(state.legal_moves()), check=False)
    return positions


def per_call(label: str, calls: int, seconds: float) -> None:
    print(f"{label:<28} {seconds / calls * 1e6:8.1f} us per call  ({calls} calls)")


def main(rounds: int = 200) -> None:
    rng = random.Random(2024)
    positions = random_positions(rounds, rng)
    start = time.perf_counter()
    listed = [state.legal_moves() for state in positions]
    per_call("legal_moves", len(positions), time.perf_counter() - start)
    pairs = [
        (state, move) for state, moves in zip(positions, listed, strict=True) for move in moves
    ]
    start = time.perf_counter()
    for state, move in pairs:
        state.apply(move, check=False)
    per_call("apply(check=False)", len(pairs), time.perf_counter() - start)
    start = time.perf_counter()
    for state, move in pairs:
        state.apply(move)
    per_call("apply (checked)", len(pairs), time.perf_counter() - start)
    print(f"{'moves per position':<28} {len(pairs) / len(positions):8.1f}")
    for check in (False, True):
        start = time.perf_counter()
        for _ in range(rounds):
            state = new_tournament(Player.HUMAN, rng=rng.randrange(2**32))
            while not state.is_round_over:
                state = state.apply(rng.choice(state.legal_moves()), check=check)
        rate = rounds / (time.perf_counter() - start)
        print(f"{'random rounds, check=' + str(check):<28} {rate:8.0f} rounds per second")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rounds", nargs="?", type=int, default=200)
    parser.add_argument(
        "--tiny", action="store_true", help="every path at the smallest size (tests)"
    )
    args = parser.parse_args()
    main(2 if args.tiny else args.rounds)
