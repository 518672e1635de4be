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
``yardstick`` Perfect Information Monte Carlo, the expert's measure (see :mod:`.yardstick`)
============  ================================================================

The levels of play (:class:`~croupier.casino.levels.Level`: ``beginner``, ``casual``,
``strong``, ``expert``) are these strategies made with chosen settings
(:func:`level_strategy`); :func:`strategy_named` knows both kinds of name.

>>> sorted(STRATEGIES), DEFAULT_STRATEGY
(['expert', 'greedy', 'random', 'yardstick'], 'expert')
>>> strategy_named("default").name
'expert'
>>> strategy_named("strong")
ExpertStrategy(ExpertSettings(samples=1, depth=1, min_samples=1, node_budget=0, ...))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from croupier.arguments import checked
from croupier.casino.errors import CasinoError
from croupier.casino.levels import Level
from croupier.casino.strategies.base import (
    DEFAULT_DEADLINE,
    MAX_DEADLINE,
    Clock,
    ClockKind,
    Deadline,
    Decision,
    Strategy,
    check_deadline,
    observation_rng,
)
from croupier.casino.strategies.expert import ExpertStrategy
from croupier.casino.strategies.greedy import GreedyStrategy
from croupier.casino.strategies.levels import STRONG_SETTINGS, level_strategy
from croupier.casino.strategies.random import RandomStrategy
from croupier.casino.strategies.yardstick import YardstickStrategy

__all__ = [
    "DEFAULT_DEADLINE",
    "DEFAULT_STRATEGY",
    "MAX_DEADLINE",
    "STRATEGIES",
    "STRONG_SETTINGS",
    "Clock",
    "ClockKind",
    "Deadline",
    "Decision",
    "ExpertStrategy",
    "GreedyStrategy",
    "RandomStrategy",
    "Strategy",
    "YardstickStrategy",
    "check_deadline",
    "level_strategy",
    "observation_rng",
    "player_name",
    "strategy_named",
]

#: Every strategy by name.
STRATEGIES: Final[Mapping[str, Callable[..., Strategy]]] = {
    strategy.name: strategy
    for strategy in (RandomStrategy, GreedyStrategy, ExpertStrategy, YardstickStrategy)
}

#: The computer's strategy unless told otherwise (``default`` names it too).
DEFAULT_STRATEGY: Final = ExpertStrategy.name


@checked
def player_name(name: str) -> str:
    """The canonical name of a strategy or level (lower case; ``default`` is ``expert``).

    >>> player_name(" Strong"), player_name("default")
    ('strong', 'expert')
    >>> player_name("clever")
    Traceback (most recent call last):
    ...
    croupier.casino.errors.CasinoError: bad strategy 'clever': expected random, greedy, expert, ...
    """
    key = name.strip().lower()
    if key == "default":
        key = DEFAULT_STRATEGY
    if key not in STRATEGIES and key not in Level.__members__.values():
        names = [*STRATEGIES, *(level.value for level in Level if level.value not in STRATEGIES)]
        raise CasinoError(f"bad strategy {name.strip()!r}: expected {', '.join(names)} or default")
    return key


@checked
def strategy_named(
    name: str, *, deadline: float = DEFAULT_DEADLINE, clock: Clock | None = None
) -> Strategy:
    """A new strategy by name (``random``, ``greedy``, ``expert``; ``default`` is ``expert``)
    or by level (``beginner``, ``casual``, ``strong``, ``expert``) that takes at most
    ``deadline`` seconds a move, read on ``clock`` (by default the wall clock; see
    :class:`ClockKind`).

    >>> strategy_named("Greedy"), strategy_named("beginner")
    (GreedyStrategy(), RandomStrategy())
    """
    key = player_name(name)
    if key in STRATEGIES:
        return STRATEGIES[key](deadline=deadline, clock=clock)
    return level_strategy(Level(key), deadline=deadline, clock=clock)
