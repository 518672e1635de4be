"""Equity distributions: sorted, shares summing to 1, the mean equity the player's, each
point the combo's own calculation, the share above a line counted from the combos."""

from __future__ import annotations

import pytest

from croupier.poker.calc import calculate
from croupier.poker.calc.distribution import equity_distribution


def test_a_distribution_is_the_range_combo_by_combo() -> None:
    result = calculate(["TT+, AKs, 98s@50", "JJ, AQo, KQs"], board="Kh 9d 2c", exact=True)
    for player, spread in zip(result.players, equity_distribution(result), strict=True):
        assert spread.range == player.range
        assert list(spread.equities) == sorted(spread.equities)
        assert sum(spread.weights) == pytest.approx(1)
        mean = sum(w * e for w, e in zip(spread.weights, spread.equities, strict=True))
        assert mean == pytest.approx(player.equity)
        assert len(spread.combos) == player.combos
    mine = equity_distribution(result)[0]
    for combo, equity in list(zip(mine.combos, mine.equities, strict=True))[::5]:
        alone = calculate([combo, "JJ, AQo, KQs"], board="Kh 9d 2c", exact=True)
        assert equity == pytest.approx(alone.players[0].equity, abs=1e-12)
    above = sum(w for w, e in zip(mine.weights, mine.equities, strict=True) if e > 0.75)
    assert mine.share_above(0.75) == pytest.approx(above)
    assert mine.share_above(0) == pytest.approx(1) and mine.share_above(1) == 0


def test_the_curve_steps_over_each_combo_share() -> None:
    result = calculate(["AhAd, KsKd", "QQ"], board="2c 7d 9h", exact=True)
    spread = equity_distribution(result)[0]
    xs, ys = spread.curve()
    assert xs[0] == 0 and xs[-1] == pytest.approx(1)
    assert len(xs) == len(ys) == 2 * len(spread.combos)
    assert ys == [e for e in spread.equities for _ in (0, 1)]
    data = spread.to_dict()
    assert data["combos"][0]["combo"] == "KsKd" and data["above_50"] == 1.0
