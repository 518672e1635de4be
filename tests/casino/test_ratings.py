"""Glicko-2 checked against Glickman's own worked example, and its behaviour at the edges."""

from __future__ import annotations

import pytest

from croupier.casino.ratings import Rating, expected_score


def test_glickman_s_worked_example() -> None:
    # Mark Glickman, "Example of the Glicko-2 system" (2013), section 3: a player rated
    # 1500 (RD 200, volatility 0.06) beats a 1400 (RD 30), loses to a 1550 (RD 100) and
    # to a 1700 (RD 300); the paper gives r' = 1464.06, RD' = 151.52, sigma' = 0.05999.
    player = Rating(1500, 200, 0.06)
    after = player.update(
        [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    )
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_win_raises_a_loss_lowers_and_both_make_it_surer() -> None:
    player, puzzle = Rating(1500, 200), Rating(1600, 100)
    won, lost = player.update([(puzzle, 1.0)]), player.update([(puzzle, 0.0)])
    assert won.rating > player.rating > lost.rating
    assert won.deviation < player.deviation and lost.deviation < player.deviation
    # An upset moves the rating more than an expected result.
    assert won.rating - player.rating > player.rating - lost.rating


def test_no_game_only_widens_the_deviation() -> None:
    rested = Rating(1600, 80).update([])
    assert rested.rating == 1600 and 80 < rested.deviation <= 350


def test_expected_score() -> None:
    assert expected_score(Rating(1700, 50), Rating(1500, 50)) > 0.7
    assert expected_score(Rating(1500, 50), Rating(1500, 50)) == pytest.approx(0.5)
