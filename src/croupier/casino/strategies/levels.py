"""The strategy behind each level of play (:class:`~croupier.casino.levels.Level`).

Every level is an existing strategy, made by its constructor: ``beginner`` plays
``random``, ``casual`` plays ``greedy``, ``expert`` is the full expert, and ``strong`` is
the expert on a small budget (:data:`STRONG_SETTINGS`): one sampled deal of the hidden
cards, its own move judged by the expert's evaluation with no look-ahead at the
opponent's reply, and the last deal judged the same way instead of searched to the end.
It sees what a point card left on the table or a build is worth, which greedy does not,
but not what the opponent can do next.

>>> from croupier.casino.levels import Level
>>> [type(level_strategy(level)).__name__ for level in Level]
['RandomStrategy', 'GreedyStrategy', 'ExpertStrategy', 'ExpertStrategy']
>>> level_strategy(Level.STRONG).settings == STRONG_SETTINGS
True
"""

from __future__ import annotations

from typing import Final

from croupier.arguments import checked
from croupier.casino.levels import Level
from croupier.casino.strategies.base import DEFAULT_DEADLINE, Clock, Strategy
from croupier.casino.strategies.expert import ExpertSettings, ExpertStrategy
from croupier.casino.strategies.greedy import GreedyStrategy
from croupier.casino.strategies.random import RandomStrategy

__all__ = ["STRONG_SETTINGS", "level_strategy"]

#: The ``strong`` level: the expert with one sampled deal (whatever the time), one ply, and
#: no search budget (so the last deal is not searched to the end either).
STRONG_SETTINGS: Final = ExpertSettings(
    samples=1, min_samples=1, depth=1, node_budget=0, max_samples=1, exact_nodes=0
)


@checked
def level_strategy(
    level: Level, *, deadline: float = DEFAULT_DEADLINE, clock: Clock | None = None
) -> Strategy:
    """A new strategy that plays at ``level``, taking at most ``deadline`` seconds a move
    on ``clock`` (by default the wall clock)."""
    if level is Level.BEGINNER:
        return RandomStrategy(deadline=deadline, clock=clock)
    if level is Level.CASUAL:
        return GreedyStrategy(deadline=deadline, clock=clock)
    if level is Level.STRONG:
        return ExpertStrategy(STRONG_SETTINGS, deadline=deadline, clock=clock)
    return ExpertStrategy(deadline=deadline, clock=clock)
