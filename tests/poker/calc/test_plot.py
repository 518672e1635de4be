"""The pictures of how equity moves: what each figure draws."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.errors import CroupierError
from croupier.plotting import check_picture_name
from croupier.poker.calc import calculate
from croupier.poker.calc.distribution import equity_distribution
from croupier.poker.calc.nextcard import next_card
from croupier.poker.calc.plot import distribution_figure, next_card_figure

pytest.importorskip("matplotlib")

from matplotlib.patches import Rectangle


def test_the_next_card_chart_stacks_each_card_to_100() -> None:
    result = next_card(["AKs, QQ", "JJ+", "76s"], board="Qh 7h 2c")
    figure = next_card_figure(result)
    (axes,) = figure.axes
    bars = [bar for bar in axes.patches if isinstance(bar, Rectangle)]
    assert len(bars) == len(axes.patches) == 3 * len(result.cards)
    first_card = [bar for bar in bars if abs(bar.get_x() + bar.get_width() / 2) < 1e-9]
    assert sum(bar.get_height() for bar in first_card) == pytest.approx(100)
    assert len(axes.get_lines()) == 2  # the dashed lines between the players' shares now
    labels = [t.get_text() for t in axes.get_xticklabels()]
    assert labels == [row.card.pretty for row in result.cards] and labels[0] == "A♠"


def test_the_distribution_draws_a_curve_a_player() -> None:
    spreads = equity_distribution(calculate(["TT+, AKs", "JJ, AQo"], board="Kh 9d 2c"))
    (axes,) = distribution_figure(spreads).axes
    curves = axes.get_lines()[: len(spreads)]
    assert [float(np.max(np.asarray(line.get_xdata()))) for line in curves] == pytest.approx(
        [100.0, 100.0]
    )
    legend = axes.get_legend()
    assert legend is not None and "above 50%" in legend.get_texts()[0].get_text()


def test_picture_names_need_a_format() -> None:
    check_picture_name("a.png")
    with pytest.raises(CroupierError, match="a picture's name ends in"):
        check_picture_name("no-suffix")
