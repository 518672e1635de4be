"""The library bounds Monte Carlo trials as the command line does (1 to 10^18, the bound
of ``croupier.poker.matchups.equity``): ``calculate(trials=10**30)`` ran for ever."""

from __future__ import annotations

import pytest

from croupier.cli import poker as cli_poker
from croupier.poker.calc import calculate, iter_calculate
from croupier.poker.errors import PokerError
from croupier.poker.matchups.equity import MAX_TRIALS


@pytest.mark.parametrize("game", ["holdem", "omaha", "shortdeck"])
@pytest.mark.parametrize("trials", [10**30, MAX_TRIALS + 1, 0, -5])
def test_trials_beyond_the_bound_are_refused_at_once(game: str, trials: int) -> None:
    hands = ["AhKhQhJh", "2c3d4s5s"] if game == "omaha" else ["AhKh", "QQ"]
    with pytest.raises(PokerError, match="expected 1 to 1,000,000,000,000,000,000"):
        next(iter_calculate(hands, game=game, trials=trials))  # no first batch: at once
    with pytest.raises(PokerError, match=f"bad number of trials {trials}: expected 1 to "):
        calculate(hands, game=game, trials=trials)


def test_the_bound_is_the_command_line_s() -> None:
    assert cli_poker.MAX_TRIALS == MAX_TRIALS == 10**18
