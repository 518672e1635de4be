"""Build the Casino puzzle set that ships with croupier, reproducibly from a seed.

Run: .venv/bin/python scripts/casino_puzzles.py [--seed N] [--count N] [--out FILE]

Plays self-play tournaments (the expert against the expert, the strong level and the
casual level, in turn, each deciding with a fixed amount of search: a clock that never
moves, so the same seed plays the same games on any machine) and looks at every position
of every last deal, where the player to move knows every card: the review's exact search
(``croupier.casino.puzzles.find_puzzle``) keeps those where one kind of move is worth at
least 1.5 round points more than any other. At most two puzzles are taken from a round,
and no position twice. It stops at COUNT puzzles (default 60) and writes them, easiest
first, to FILE (default ``src/croupier/casino/puzzles.json``), each with an id made from
its position (so an id survives a rebuild).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import numpy as np

from croupier.casino import Player, is_tournament_over, new_tournament, next_round
from croupier.casino.puzzles import Puzzle, find_puzzle
from croupier.casino.savefile import format_save
from croupier.casino.state import State
from croupier.casino.strategies import Strategy, strategy_named

#: The pairs of players, in turn.
PAIRS = (("expert", "casual"), ("expert", "strong"), ("expert", "expert"), ("strong", "casual"))
#: Puzzles taken from one round at most.
PER_ROUND = 2
OUT = Path(__file__).resolve().parents[1] / "src" / "croupier" / "casino" / "puzzles.json"


def _still() -> float:
    """A clock that never moves: each decision does its fixed work, on any machine."""
    return 0.0


def player(name: str) -> Strategy:
    strategy = strategy_named(name)
    strategy.clock = _still
    return strategy


def puzzle_id(state: State) -> str:
    return hashlib.sha256(format_save(state).encode()).hexdigest()[:10]


def rounds_of(seed: np.random.SeedSequence, names: tuple[str, str]) -> list[list[State]]:
    """The positions of each round's last deal in one tournament between ``names``."""
    seats = (player(names[0]), player(names[1]))
    deck_rng = np.random.default_rng(seed)
    state = new_tournament(Player.HUMAN, rng=deck_rng)
    rounds = []
    while True:
        last_deal = []
        while (to_move := state.to_move) is not None:
            if not state.deck:
                last_deal.append(state)
            decision = seats[to_move].decide(state.observe(to_move))
            state = state.apply(decision.move, check=False)
        rounds.append(last_deal)
        if is_tournament_over(state):
            return rounds
        state = next_round(state, rng=deck_rng)


def build(seed: int, count: int) -> list[Puzzle]:
    found: dict[str, Puzzle] = {}
    root = np.random.SeedSequence(seed)
    game = 0
    while len(found) < count:
        names = PAIRS[game % len(PAIRS)]
        (tournament_seed,) = root.spawn(1)
        for positions in rounds_of(tournament_seed, names):
            taken = 0
            for state in positions:
                ident = puzzle_id(state)
                if ident in found or taken >= PER_ROUND:
                    continue
                puzzle = find_puzzle(state, ident)
                if puzzle is not None:
                    found[ident] = puzzle
                    taken += 1
                    print(
                        f"  {len(found):3}: {ident} ({names[0]} v {names[1]}, rating "
                        f"{puzzle.rating:.0f}, margin {puzzle.margin:g})",
                        file=sys.stderr,
                    )
                    if len(found) >= count:
                        break
            if len(found) >= count:
                break
        game += 1
    return sorted(found.values(), key=lambda puzzle: (puzzle.rating, puzzle.id))


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    puzzles = build(args.seed, args.count)
    text = json.dumps([puzzle.to_dict() for puzzle in puzzles], indent=1, ensure_ascii=False)
    args.out.write_text(text + "\n", encoding="utf-8")
    print(f"{len(puzzles)} puzzles written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
