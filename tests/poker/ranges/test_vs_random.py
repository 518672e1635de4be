"""The table behind top percentages: equity of each class against a random hand."""

from __future__ import annotations

import pytest

from croupier.poker.calc import calculate
from croupier.poker.ranges.starting_hands import CLASS_COMBOS, CLASS_LABELS, combo_text
from croupier.poker.ranges.vs_random import CLASS_ORDER, EQUITY_VS_RANDOM

# PokerStove's published figures (per cent, to 0.1), the top 20 in their order, and 72o
PUBLISHED = {
    "AA": 85.2, "KK": 82.4, "QQ": 79.9, "JJ": 77.5, "TT": 75.0, "99": 72.1, "88": 69.2,
    "AKs": 67.0, "77": 66.2, "AQs": 66.2, "AJs": 65.4, "AKo": 65.3, "ATs": 64.6,
    "AQo": 64.4, "AJo": 63.6, "KQs": 63.4, "66": 63.3, "A9s": 62.8, "ATo": 62.7,
    "KJs": 62.6, "72o": 34.6,
}  # fmt: skip


def test_the_table_matches_the_published_figures_and_order() -> None:
    equity = {CLASS_LABELS[n]: 100 * EQUITY_VS_RANDOM[n] for n in range(169)}
    for label, published in PUBLISHED.items():
        assert equity[label] == pytest.approx(published, abs=0.051), label
    top = [CLASS_LABELS[n] for n in CLASS_ORDER[:20]]
    assert set(top) == set(PUBLISHED) - {"72o"}
    assert len(EQUITY_VS_RANDOM) == 169 and len(set(CLASS_ORDER)) == 169


@pytest.mark.slow
@pytest.mark.parametrize("label", ["AKs", "72o"])
def test_the_table_is_the_exact_enumeration(label: str) -> None:
    number = CLASS_LABELS.index(label)
    hand = combo_text(CLASS_COMBOS[number][0])
    exact = calculate([hand, "random"], exact=True).players[0].equity
    assert exact == pytest.approx(EQUITY_VS_RANDOM[number], abs=1e-12)
