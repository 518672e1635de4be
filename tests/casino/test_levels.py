"""The levels of play: names, the strategy behind each, and where they are accepted."""

from __future__ import annotations

import pytest

from croupier.casino.errors import CasinoError
from croupier.casino.levels import DEFAULT_LEVEL, Level
from croupier.casino.strategies import (
    STRONG_SETTINGS,
    ExpertStrategy,
    GreedyStrategy,
    RandomStrategy,
    level_strategy,
    player_name,
    strategy_named,
)
from croupier.casino.strategies.arena import run_arena
from croupier.casino.strategies.expert import ExpertSettings


def test_the_levels_weakest_first_and_the_default() -> None:
    assert [level.value for level in Level] == ["beginner", "casual", "strong", "expert"]
    assert DEFAULT_LEVEL is Level.EXPERT


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("beginner", Level.BEGINNER),
        (" CASUAL ", Level.CASUAL),
        ("Strong", Level.STRONG),
        ("expert", Level.EXPERT),
        ("random", Level.BEGINNER),
        ("greedy", Level.CASUAL),
        ("default", DEFAULT_LEVEL),
    ],
)
def test_names_and_strategy_names(text: str, level: Level) -> None:
    assert Level.parse(text) is level


@pytest.mark.parametrize("text", ["", "master", "expert2", "strongest"])
def test_bad_names(text: str) -> None:
    with pytest.raises(CasinoError, match=r"bad level .*: expected beginner, casual, strong or"):
        Level.parse(text)


def test_each_level_is_an_existing_strategy_by_its_constructor() -> None:
    assert isinstance(level_strategy(Level.BEGINNER), RandomStrategy)
    assert isinstance(level_strategy(Level.CASUAL), GreedyStrategy)
    strong, expert = level_strategy(Level.STRONG), level_strategy(Level.EXPERT)
    assert isinstance(strong, ExpertStrategy) and isinstance(expert, ExpertStrategy)
    assert strong.settings == STRONG_SETTINGS != expert.settings == ExpertSettings()
    assert STRONG_SETTINGS.depth < ExpertSettings().depth
    assert STRONG_SETTINGS.samples < ExpertSettings().samples


def test_strategy_named_knows_the_levels() -> None:
    assert isinstance(strategy_named("casual"), GreedyStrategy)
    strong = strategy_named("strong")
    assert isinstance(strong, ExpertStrategy) and strong.settings == STRONG_SETTINGS
    assert player_name("Beginner") == "beginner" and player_name("default") == "expert"
    with pytest.raises(
        CasinoError, match="expected random, greedy, expert, yardstick, beginner, casual"
    ):
        strategy_named("oracle")


def test_the_arena_names_levels_as_given() -> None:
    result = run_arena("casual", "beginner", 2, rng=3)
    assert (result.a, result.b, result.tournaments) == ("casual", "beginner", 2)
