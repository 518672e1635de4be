"""Strategies for Casino: who plays the computer's seat, or advises the human.

Every strategy is a :class:`Strategy`: given what its player sees (an
:class:`~croupier.casino.observation.Observation`) it returns a :class:`Decision`, a legal
move and the reason for it in plain words.

============  ================================================================
name          how it plays
============  ================================================================
``random``    a uniformly random legal move
``greedy``    the move that takes the most points now, then the most cards
``expert``    the default computer: determinized look-ahead (see :mod:`.expert`)
============  ================================================================

>>> sorted(STRATEGIES), DEFAULT_STRATEGY
(['expert', 'greedy', 'random'], 'expert')
>>> strategy_named("default").name
'expert'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from croupier.casino.errors import CasinoError
from croupier.casino.strategies.base import (
    DEFAULT_DEADLINE,
    MAX_DEADLINE,
    Deadline,
    Decision,
    Strategy,
    check_deadline,
    observation_rng,
)
from croupier.casino.strategies.expert import ExpertStrategy
from croupier.casino.strategies.greedy import GreedyStrategy
from croupier.casino.strategies.random import RandomStrategy

__all__ = [
    "DEFAULT_DEADLINE",
    "DEFAULT_STRATEGY",
    "MAX_DEADLINE",
    "STRATEGIES",
    "Deadline",
    "Decision",
    "ExpertStrategy",
    "GreedyStrategy",
    "RandomStrategy",
    "Strategy",
    "check_deadline",
    "observation_rng",
    "strategy_named",
]

#: Every strategy by name.
STRATEGIES: Final[Mapping[str, Callable[..., Strategy]]] = {
    strategy.name: strategy for strategy in (RandomStrategy, GreedyStrategy, ExpertStrategy)
}

#: The computer's strategy unless told otherwise (``default`` names it too).
DEFAULT_STRATEGY: Final = ExpertStrategy.name


def strategy_named(name: str, *, deadline: float = DEFAULT_DEADLINE) -> Strategy:
    """A new strategy by name (``random``, ``greedy``, ``expert``; ``default`` is ``expert``)
    that takes at most ``deadline`` seconds a move.

    >>> strategy_named("Greedy")
    GreedyStrategy()
    >>> strategy_named("clever")
    Traceback (most recent call last):
    ...
    croupier.casino.errors.CasinoError: bad strategy 'clever': expected random, greedy, expert ...
    """
    key = name.strip().lower()
    if key == "default":
        key = DEFAULT_STRATEGY
    if key not in STRATEGIES:
        raise CasinoError(
            f"bad strategy {name.strip()!r}: expected {', '.join(STRATEGIES)} or default"
        )
    return STRATEGIES[key](deadline=deadline)
