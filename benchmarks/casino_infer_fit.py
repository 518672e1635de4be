"""How much the opponent's moves tell about their hand: the clues' strength fitted on real play.

Run: .venv/bin/python benchmarks/casino_infer_fit.py [--rounds N] [--deadline S]
     [--strength X ...] [--seed N] [--json] [--tiny]

Plays N rounds (default 24) of the yardstick against the expert, each at S seconds a move
on the CPU clock (default 0.1), the deal's moves seen by both. At every move of the expert
before the last deal where the yardstick has already moved in the deal, it scores the clues
(``croupier.casino.inference.read_clues``) at each strength by the log-likelihood of the
yardstick's real hand: the product of the real cards' weights over the sum of that
product over every hand of that size the unseen cards allow, against the uniform draw
(1 over the number of hands). The mean gain in nats a position says how much the clues
know (0: nothing; negative: they mislead). The strength the expert's ``infer`` setting
is measured with comes from here.
"""

from __future__ import annotations

import json
import math
import sys
import time
from pathlib import Path

import numpy as np

from croupier.cards import Card
from croupier.casino import Player, new_tournament
from croupier.casino.inference import follow, read_clues
from croupier.casino.observation import Observation, SeenMove
from croupier.casino.strategies.base import ClockKind
from croupier.casino.strategies.expert import ExpertStrategy
from croupier.casino.strategies.yardstick import YardstickStrategy

sys.path.insert(0, str(Path(__file__).parent))
from casino_common import casino_parser


def hands_weight(weights: list[float], size: int) -> float:
    """The sum, over every choice of ``size`` of ``weights``, of their product (the
    elementary symmetric polynomial)."""
    sums = [1.0] + [0.0] * size
    for weight in weights:
        for k in range(size, 0, -1):
            sums[k] += sums[k - 1] * weight
    return sums[size]


def positions(
    rounds: int, deadline: float, seed: int
) -> list[tuple[Observation, tuple[Card, ...]]]:
    """The expert's views (with the deal's moves) and the yardstick's real hand."""
    clock = ClockKind.CPU.clock
    seats = (
        YardstickStrategy(deadline=deadline, clock=clock),
        ExpertStrategy(deadline=deadline, clock=clock),
    )
    rng = np.random.default_rng(seed)
    found = []
    for number in range(rounds):
        first = Player.HUMAN if number % 2 else Player.COMPUTER
        state = new_tournament(first, rng=seed + number)
        deal_moves: tuple[SeenMove, ...] = ()
        while (player := state.to_move) is not None:
            seen = state.observe(player, deal_moves=deal_moves)
            theirs = any(move.player is not player for move in deal_moves)
            if player is Player.COMPUTER and theirs and state.deck:
                found.append((seen, state.hands[player.other]))
            move = seats[player].decide(seen, rng).move
            after = state.apply(move, check=False)
            deal_moves = follow(deal_moves, state, move, after)
            state = after
    return found


def gain(views: list[tuple[Observation, tuple[Card, ...]]], strength: float) -> float:
    """The clues' mean log-likelihood of the real hand over the uniform draw's, in nats."""
    total = 0.0
    for seen, hand in views:
        unseen = seen.unseen
        clues = read_clues(seen, strength)
        weights = [clues.weights[card.index] for card in unseen]
        real = sum(math.log(clues.weights[card.index]) for card in hand)
        total += real - math.log(hands_weight(weights, len(hand)))
        total += math.log(math.comb(len(unseen), len(hand)))
    return total / len(views) if views else 0.0


def main(argv: list[str]) -> None:
    parser = casino_parser(__doc__, tiny="1 round at 0.01 s a move")
    parser.add_argument("--rounds", type=int, default=24)
    parser.add_argument("--deadline", type=float, default=0.1)
    parser.add_argument("--strength", type=float, action="append", default=[])
    args = parser.parse_args(argv)
    if args.tiny:
        args.rounds, args.deadline = 1, 0.01
    strengths = args.strength or [0.5, 1.0, 1.5, 2.0, 3.0]
    start = time.process_time()
    views = positions(args.rounds, args.deadline, args.seed)
    figures = {
        "rounds": args.rounds,
        "deadline": args.deadline,
        "seed": args.seed,
        "positions": len(views),
        "gain_nats": {str(s): round(gain(views, s), 4) for s in strengths},
        "cpu_seconds": round(time.process_time() - start, 1),
    }
    if args.json:
        print(json.dumps(figures))
        return
    print(
        f"{len(views)} positions of the expert in {args.rounds} rounds against the yardstick "
        f"({args.deadline:g} s a move, CPU clock), seed {args.seed}"
    )
    for strength, nats in figures["gain_nats"].items():
        print(f"  strength {strength}: the real hand {nats:+.3f} nats more likely than uniform")
    print(f"  {figures['cpu_seconds']} CPU seconds")


if __name__ == "__main__":
    main(sys.argv[1:])
