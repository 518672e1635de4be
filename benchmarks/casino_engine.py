"""How fast the Casino engine lists and plays moves: the budget a search player works with.

Run: .venv/bin/python benchmarks/casino_engine.py [ROUNDS]

Prints microseconds per call of ``legal_moves`` and ``apply_move`` (checked and unchecked)
over the positions of random rounds, and whole random rounds per second.
"""

from __future__ import annotations

import random
import sys
import time

from croupier.casino import Player, State, apply_move, legal_moves, new_tournament


def random_positions(rounds: int, rng: random.Random) -> list[State]:
    positions = []
    for _ in range(rounds):
        state = new_tournament(Player.HUMAN, seed=rng.randrange(2**32))
        while not state.is_round_over:
            positions.append(state)
            state = apply_move(state, rng.choice(legal_moves(state)), check=False)
    return positions


def per_call(label: str, calls: int, seconds: float) -> None:
    print(f"{label:<28} {seconds / calls * 1e6:8.1f} us per call  ({calls} calls)")


def main(rounds: int = 200) -> None:
    rng = random.Random(2024)
    positions = random_positions(rounds, rng)
    start = time.perf_counter()
    listed = [legal_moves(state) for state in positions]
    per_call("legal_moves", len(positions), time.perf_counter() - start)
    pairs = [
        (state, move) for state, moves in zip(positions, listed, strict=True) for move in moves
    ]
    start = time.perf_counter()
    for state, move in pairs:
        apply_move(state, move, check=False)
    per_call("apply_move(check=False)", len(pairs), time.perf_counter() - start)
    start = time.perf_counter()
    for state, move in pairs:
        apply_move(state, move)
    per_call("apply_move (checked)", len(pairs), time.perf_counter() - start)
    print(f"{'moves per position':<28} {len(pairs) / len(positions):8.1f}")
    for check in (False, True):
        start = time.perf_counter()
        for _ in range(rounds):
            state = new_tournament(Player.HUMAN, seed=rng.randrange(2**32))
            while not state.is_round_over:
                state = apply_move(state, rng.choice(legal_moves(state)), check=check)
        rate = rounds / (time.perf_counter() - start)
        print(f"{'random rounds, check=' + str(check):<28} {rate:8.0f} rounds per second")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
