"""Equity of ranges: 2 to 10 players, a board of 0, 3, 4 or 5 cards, dead cards, weights.

:func:`calculate` answers "who is ahead, by how much, how sure is that?" for players who
each hold a hand or a :class:`~croupier.poker.ranges.holdem.Range`:

>>> result = calculate(["AhKh", "QQ"], exact=True)
>>> result.exact, result.games
(True, 10273824)
>>> [f"{p.equity:.4f}" for p in result.players]
['0.4605', '0.5395']
>>> result.to_dict()["players"][1]["combos"]
6

The question (ranges, board, dead cards) is an :class:`EquityQuestion`, checked once
when it is built; :func:`calculate` takes one, or the ranges, board and dead cards.

Exact mode visits every compatible deal once: each assignment of combos to players
(two players never share a card, each assignment counted with the product of its
combos' weights) and every board completion. Assignments that differ only by a
permutation of suits (one that leaves the board and dead cards in place) have the same
outcome, so one of each is computed and weighted by the whole family. Preflop, an
assignment's 1.4-1.7 million boards are counted by rank multiset (6,175 of them, each
board's non-flush hands depend on its ranks alone) and only the boards that can give
somebody a flush are listed, by suit, and ranked from that suit's ranks. Monte Carlo
deals combos by weight and boards at random until the standard error of every player's
equity is below ``precision``. ``docs/explanation/poker-ranges.md`` tells the whole story.

The modules, each above the ones it uses:

- :mod:`~croupier.poker.calc.run`: the entry points, choosing exact or Monte Carlo;
- :mod:`~croupier.poker.calc.exact`: assignments of combos and their suit families,
  enumerated by :mod:`~croupier.poker.calc.preflop` (boards counted by rank multiset)
  or :mod:`~croupier.poker.calc.postflop` (every completion of the board at once);
- :mod:`~croupier.poker.calc.montecarlo`: random deals until the error is small;
- :mod:`~croupier.poker.calc.tally`: sums of equity, wins and ties, made into
  :mod:`~croupier.poker.calc.results`;
- :mod:`~croupier.poker.calc.question`: the question and its live combos;
- :mod:`~croupier.poker.calc.arrays`: card bits and combo keys.
"""

from __future__ import annotations

from croupier.poker.calc.question import MAX_PLAYERS, MIN_PLAYERS, EquityQuestion
from croupier.poker.calc.results import CalcResult, PlayerResult, Progress
from croupier.poker.calc.run import CalcOptions, calculate, exact_seconds, iter_calculate

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "CalcOptions",
    "CalcResult",
    "EquityQuestion",
    "PlayerResult",
    "Progress",
    "calculate",
    "exact_seconds",
    "iter_calculate",
]
