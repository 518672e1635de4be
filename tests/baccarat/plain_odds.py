"""A deliberately plain exact enumeration of one Baccarat round, for checking the engine.

Nested loops over the cards actually dealt, integer weights (the number of ways to draw
each card from what is left), and the if-chain rules of ``reference.py``. A round that
uses k cards stands for ``perm(n - k, 6 - k)`` ordered six-card sequences, so every
result is counted out of ``perm(n, 6)``, the same denominator the engine uses.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from .reference import reference_banker_draws_after_player_drew

#: (player total, banker total, player cards, banker cards)
Result = tuple[int, int, int, int]


def plain_round_counts(values: Sequence[int]) -> tuple[Counter[Result], int]:
    """Ordered six-card sequences leading to each result, and how many there are in all."""
    left = list(values)
    n = sum(left)
    results: Counter[Result] = Counter()

    def take(value: int) -> int:
        ways = left[value]
        left[value] -= 1
        return ways

    def put(value: int) -> None:
        left[value] += 1

    for p1 in range(10):
        if not left[p1]:
            continue
        w1 = take(p1)
        for p2 in range(10):
            if not left[p2]:
                continue
            w2 = take(p2)
            for b1 in range(10):
                if not left[b1]:
                    continue
                w3 = take(b1)
                for b2 in range(10):
                    if not left[b2]:
                        continue
                    w4 = take(b2)
                    ways = w1 * w2 * w3 * w4
                    player = (p1 + p2) % 10
                    banker = (b1 + b2) % 10
                    if player >= 8 or banker >= 8 or (player >= 6 and banker >= 6):
                        results[(player, banker, 2, 2)] += ways * math.perm(n - 4, 2)
                    elif player >= 6:  # the player stands, the banker (0-5) draws
                        for third in range(10):
                            if left[third]:
                                key = (player, (banker + third) % 10, 2, 3)
                                results[key] += ways * left[third] * math.perm(n - 5, 1)
                    else:  # the player draws
                        for third in range(10):
                            if not left[third]:
                                continue
                            w5 = take(third)
                            final = (player + third) % 10
                            if reference_banker_draws_after_player_drew(banker, third):
                                for last in range(10):
                                    if left[last]:
                                        key = (final, (banker + last) % 10, 3, 3)
                                        results[key] += ways * w5 * left[last]
                            else:
                                results[(final, banker, 3, 2)] += ways * w5 * math.perm(n - 5, 1)
                            put(third)
                    put(b2)
                put(b1)
            put(p2)
        put(p1)
    return results, math.perm(n, 6)


def plain_outcome_counts(values: Sequence[int]) -> tuple[int, int, int, int]:
    """Sequences won by the player, by the banker, tied, and the total."""
    results, total = plain_round_counts(values)
    player = sum(w for (p, b, _, _), w in results.items() if p > b)
    banker = sum(w for (p, b, _, _), w in results.items() if b > p)
    tie = sum(w for (p, b, _, _), w in results.items() if p == b)
    return player, banker, tie, total
