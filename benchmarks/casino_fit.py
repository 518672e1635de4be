"""The expert's evaluation fitted on its own games: where a card lies, and whose pile it ends in.

Run: .venv/bin/python benchmarks/casino_fit.py [--rounds N] [--seed N] [--json] [--tiny]

The evaluation (``croupier.casino.strategies.evaluation``) gives every card not yet in a
pile a chance of ending in one pile or the other by where it lies: a card in a build its
owner's (``own_build``), a loose card the next player's (``to_move``), a card in hand its
holder's (``in_hand``), a loose card just after a deal is dealt the first mover's by its
value (``DEAL_START_LOOSE``); and the final counts of cards and spades spread ``spread``
times as much as if the cards fell one by one. This plays N rounds (default 300) of the
expert against itself at its fixed work (the work budget: the same on any machine), and
measures each of these on every position of every round: how often a card lying there
ended in that pile (with a 95% interval), and how much the final margins of cards and
spades actually spread about the evaluation's expectation, against the model's spread
with ``spread`` 1. The weights the expert plays with are printed beside them.
"""

from __future__ import annotations

import json
import math
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from croupier.casino import Player, new_tournament
from croupier.casino.state import State
from croupier.casino.strategies.evaluation import DEAL_START_LOOSE, WEIGHTS
from croupier.casino.strategies.expert import ExpertSettings, ExpertStrategy
from croupier.casino.strategies.values import IS_SPADE
from croupier.casino.values import CARD_VALUE

sys.path.insert(0, str(Path(__file__).parent))
from casino_common import casino_parser


@dataclass
class Tally:
    """How often a card lying somewhere ended in the pile the evaluation favours."""

    hits: int = 0
    count: int = 0

    def add(self, hit: bool) -> None:
        self.hits += hit
        self.count += 1

    def share(self) -> tuple[float, float]:
        """The share and its 95% normal interval's half width."""
        if not self.count:
            return math.nan, math.nan
        p = self.hits / self.count
        return p, 1.96 * math.sqrt(p * (1 - p) / self.count)


@dataclass
class Fit:
    """What the rounds measured (see the module's documentation)."""

    own_build: Tally = field(default_factory=Tally)
    to_move: Tally = field(default_factory=Tally)
    in_hand: Tally = field(default_factory=Tally)
    deal_start: dict[int, Tally] = field(default_factory=dict)
    #: (squared error, the model's variance with spread 1) summed, for cards and spades,
    #: over every position and over the positions just after a deal is dealt.
    cards: list[float] = field(default_factory=lambda: [0.0, 0.0])
    spades: list[float] = field(default_factory=lambda: [0.0, 0.0])
    cards_dealt: list[float] = field(default_factory=lambda: [0.0, 0.0])
    spades_dealt: list[float] = field(default_factory=lambda: [0.0, 0.0])


def play_round(strategy: ExpertStrategy, seed: int) -> list[State]:
    """Every position of one round (from a new tournament dealt from ``seed``), the
    finished one last."""
    first = Player.HUMAN if seed % 2 == 0 else Player.COMPUTER
    state = new_tournament(first, rng=seed)
    states = [state]
    while not state.is_round_over:
        player = state.next_player
        move = strategy.decide(state.observe(player), rng=seed * 1000 + len(states)).move
        state = state.apply(move)
        states.append(state)
    return states


def measure(fit: Fit, states: list[State]) -> None:
    """Add one round's positions to ``fit``."""
    final = states[-1].piles
    owner = {card.index: p for p in (0, 1) for card in final[p]}
    final_cards = len(final[0]) - len(final[1])
    final_spades = sum(IS_SPADE[c.index] for c in final[0]) - sum(
        IS_SPADE[c.index] for c in final[1]
    )
    for before, state in zip([None, *states], states, strict=False):
        if state.is_round_over:
            continue
        dealt = before is None or len(before.deck) != len(state.deck)
        mover = int(state.next_player)
        edges: list[tuple[int, float]] = []  # (card, expected share of player 0 minus 1's)
        for build in state.builds:
            for card in build.cards:
                fit.own_build.add(owner[card.index] == int(build.owner))
                sign = 1 if int(build.owner) == 0 else -1
                edges.append((card.index, sign * (2 * WEIGHTS.own_build - 1)))
        for card in state.loose:
            if dealt:
                fit.deal_start.setdefault(CARD_VALUE[card.index], Tally()).add(
                    owner[card.index] == mover
                )
                chance = DEAL_START_LOOSE[CARD_VALUE[card.index]]
            else:
                fit.to_move.add(owner[card.index] == mover)
                chance = WEIGHTS.to_move
            sign = 1 if mover == 0 else -1
            edges.append((card.index, sign * (2 * chance - 1)))
        unknown = len(state.deck)
        for p in (0, 1):
            for card in state.hands[p]:
                if dealt:
                    unknown += 1
                    continue
                fit.in_hand.add(owner[card.index] == p)
                sign = 1 if p == 0 else -1
                edges.append((card.index, sign * (2 * WEIGHTS.in_hand - 1)))
        piles = state.piles
        cards_mean = float(len(piles[0]) - len(piles[1]))
        spades_mean = float(
            sum(IS_SPADE[c.index] for c in piles[0]) - sum(IS_SPADE[c.index] for c in piles[1])
        )
        cards_var, spades_var = float(unknown), 0.0
        placed_spades = sum(IS_SPADE[c.index] for pile in piles for c in pile)
        for index, edge in edges:
            cards_mean += edge
            cards_var += 1 - edge * edge
            if IS_SPADE[index]:
                placed_spades += 1
                spades_mean += edge
                spades_var += 1 - edge * edge
        spades_var += 13 - placed_spades
        card_error, spade_error = final_cards - cards_mean, final_spades - spades_mean
        sums = [(fit.cards, card_error, cards_var), (fit.spades, spade_error, spades_var)]
        if dealt:
            sums += [(fit.cards_dealt, card_error, cards_var)]
            sums += [(fit.spades_dealt, spade_error, spades_var)]
        for pair, error, variance in sums:
            pair[0] += error * error
            pair[1] += variance


def figures(fit: Fit, rounds: int, seconds: float) -> dict[str, Any]:
    def pair(tally: Tally) -> dict[str, float]:
        share, half = tally.share()
        return {"share": round(share, 4), "half_95": round(half, 4), "cards": tally.count}

    return {
        "rounds": rounds,
        "own_build": {**pair(fit.own_build), "weight": WEIGHTS.own_build},
        "to_move": {**pair(fit.to_move), "weight": WEIGHTS.to_move},
        "in_hand": {**pair(fit.in_hand), "weight": WEIGHTS.in_hand},
        "deal_start": {
            str(value): {**pair(fit.deal_start[value]), "weight": DEAL_START_LOOSE[value]}
            for value in sorted(fit.deal_start)
        },
        "spread_cards": _ratio(fit.cards),
        "spread_spades": _ratio(fit.spades),
        "spread_cards_dealt": _ratio(fit.cards_dealt),
        "spread_spades_dealt": _ratio(fit.spades_dealt),
        "spread_weight": WEIGHTS.spread,
        "minutes": round(seconds / 60, 1),
    }


def _ratio(sums: list[float]) -> float:
    return round(sums[0] / sums[1], 3) if sums[1] else math.nan


def main(argv: list[str]) -> None:
    parser = casino_parser(__doc__, tiny="1 round")
    parser.add_argument("--rounds", type=int, default=300)
    args = parser.parse_args(argv)
    if args.tiny:
        args.rounds = 1
    settings = ExpertSettings(max_samples=ExpertSettings().samples)
    strategy = ExpertStrategy(settings, deadline=30.0)
    fit = Fit()
    start = time.process_time()
    for i in range(args.rounds):
        measure(fit, play_round(strategy, args.seed + i))
    result = figures(fit, args.rounds, time.process_time() - start)
    if args.json:
        print(json.dumps(result))
        return
    print(f"{args.rounds} rounds of the expert against itself (fixed work), seed {args.seed}")
    for name in ("own_build", "to_move", "in_hand"):
        row = result[name]
        print(
            f"  {name:10} measured {row['share']:.3f} ± {row['half_95']:.3f} "
            f"({row['cards']:,} cards), the weight {row['weight']}"
        )
    print("  loose cards just after a deal, by value: measured (the weight)")
    for value, row in result["deal_start"].items():
        print(f"    {value:>2}: {row['share']:.3f} ± {row['half_95']:.3f} ({row['weight']})")
    print(
        f"  spread: cards {result['spread_cards']}, spades {result['spread_spades']}; just "
        f"after a deal, cards {result['spread_cards_dealt']}, spades "
        f"{result['spread_spades_dealt']} (the weight {result['spread_weight']}); "
        f"{result['minutes']} CPU minutes"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
