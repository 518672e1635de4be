"""Each combo's figures in a calculation: its equity equals the calculation of that combo
alone against the others (the obvious loop), its weight is how often it is held, and the
classes' and the player's figures are their weighted means."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.poker.calc import calculate
from croupier.poker.ranges.starting_hands import CLASS_OF_COMBO, combo_text

SPOTS = [
    (["AKs, QQ, 76s", "JJ+, AQ"], "Qh 7h 2c", None),  # flop, suit families
    (["TT+, AQs", "KQs, 22"], "Ts 9h 4c 2d", "Ah"),  # turn, a dead card
    (["AhKh, QQ", "JJ", "76s"], None, None),  # preflop, three players
]


@pytest.mark.parametrize(("ranges", "board", "dead"), SPOTS)
def test_each_combo_equals_its_own_calculation(
    ranges: list[str], board: str | None, dead: str | None
) -> None:
    result = calculate(ranges, board=board, dead=dead, exact=True)
    mine = result.players[0]
    held = np.flatnonzero(mine.combo_weight > 0)
    assert mine.combo_weight.sum() == pytest.approx(1)
    assert float(mine.combo_weight @ np.nan_to_num(mine.combo_equity)) == pytest.approx(mine.equity)
    for combo in held:
        alone = calculate([combo_text(combo), *ranges[1:]], board=board, dead=dead, exact=True)
        assert mine.combo_equity[combo] == pytest.approx(alone.players[0].equity, abs=1e-12)
    outside = np.ones(1326, dtype=bool)
    outside[held] = False
    assert np.isnan(mine.combo_equity[outside]).all()


def test_a_combo_is_held_as_often_as_the_deals_that_leave_it() -> None:
    # QQ against a single KhQh: one queen is gone, so QQ is the 3 combos of the other
    # three queens, each as likely; the result says so
    result = calculate(["QQ", "KhQh"], exact=True)
    weights = result.players[0].combo_weight
    assert sorted(weights[weights > 0].tolist()) == pytest.approx([1 / 3] * 3)


def test_class_figures_are_the_mean_of_their_combos() -> None:
    result = calculate(["AKs, AKo@50, 99", "QQ+"], board="Kd 9h 2c", exact=True)
    player = result.players[0]
    grid, win, tie = player.grid.ravel(), player.grid_win.ravel(), player.grid_tie.ravel()
    for number in np.flatnonzero(~np.isnan(grid)):
        combos = np.flatnonzero((number == CLASS_OF_COMBO) & (player.combo_weight > 0))
        weights = player.combo_weight[combos]
        assert grid[number] == pytest.approx(weights @ player.combo_equity[combos] / weights.sum())
        # heads-up, a shared pot is half a pot
        assert grid[number] == pytest.approx(win[number] + tie[number] / 2)
    assert set(np.flatnonzero(~np.isnan(grid))) == {1, 13, 5 * 13 + 5}  # AKs, AKo, 99


def test_monte_carlo_combos_add_up_and_agree_roughly() -> None:
    exact = calculate(["AKs, 99", "QQ+"], exact=True)
    sampled = calculate(["AKs, 99", "QQ+"], trials=200_000, rng=5)
    player = sampled.players[0]
    assert player.combo_weight.sum() == pytest.approx(1)
    assert float(player.combo_weight @ np.nan_to_num(player.combo_equity)) == pytest.approx(
        player.equity
    )
    for number in (1, 5 * 13 + 5):  # AKs, 99
        assert sampled.players[0].grid.ravel()[number] == pytest.approx(
            exact.players[0].grid.ravel()[number], abs=0.01
        )
