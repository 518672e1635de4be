"""The orders of top-percentage ranges: the shipped vs-3-random table against a fresh
computation, the tie rule, PokerStove's published 20%, and the other order by name."""

from __future__ import annotations

import itertools
import math

import pytest

from croupier.errors import CroupierError
from croupier.poker.calc import calculate
from croupier.poker.ranges.holdem import Range
from croupier.poker.ranges.orders import (
    DEFAULT_ORDER,
    TIE_ERRORS,
    RangeOrder,
    class_order,
    tie_broken_order,
)
from croupier.poker.ranges.starting_hands import CLASS_LABELS
from croupier.poker.ranges.vs_random import CLASS_ORDER, EQUITY_VS_RANDOM
from croupier.poker.ranges.vs_three_random import EQUITY_VS_THREE


def classes_of(text: str) -> set[str]:
    grid = Range.parse(text).matrix().ravel()
    return {CLASS_LABELS[n] for n in range(169) if grid[n] > 0}


@pytest.mark.parametrize(("label", "seed"), [("AA", 1), ("KQs", 2), ("T9s", 3), ("A5o", 4)])
def test_the_shipped_table_agrees_with_a_fresh_computation(label: str, seed: int) -> None:
    """croupier's own Monte Carlo engine (calculate: another sampler, other code) deals
    the class against three random hands; the table's figure must be within 4.5
    standard errors of the two combined."""
    fresh = calculate([label, "random", "random", "random"], trials=200_000, rng=seed)
    mine = fresh.players[0]
    table, error = EQUITY_VS_THREE[CLASS_LABELS.index(label)]
    assert mine.stderr is not None
    assert abs(mine.equity - table) < 4.5 * math.hypot(mine.stderr, error)


def test_the_table_is_whole_and_precise() -> None:
    assert len(EQUITY_VS_THREE) == 169
    equities = [e for e, _ in EQUITY_VS_THREE]
    errors = [s for _, s in EQUITY_VS_THREE]
    assert 0.63 < max(equities) == equities[CLASS_LABELS.index("AA")] < 0.65
    assert min(equities) == equities[CLASS_LABELS.index("32o")]  # not 72o: four-handed
    assert all(0 < s < 2e-4 for s in errors)
    # four players share the pot: a class's equity averaged over all combos is 1/4
    from croupier.poker.ranges.starting_hands import CLASS_SIZES

    mean = sum(e * int(n) for e, n in zip(equities, CLASS_SIZES, strict=True)) / 1326
    assert mean == pytest.approx(0.25, abs=4 * max(errors))


def test_pokerstove_twenty_percent() -> None:
    """PokerStove's 20% as its users quote it (issue 22): pairs down to 66, suited aces
    down to A4, offsuit aces down to A9, suited kings down to K8."""
    held = classes_of("20%")
    assert {"66", "A4s", "A9o", "K8s"} <= held
    assert not {"55", "A3s", "A8o", "K7s"} & held


def test_the_order_follows_the_tie_rule() -> None:
    order = class_order()
    assert sorted(order) == list(range(169)) and order == class_order(DEFAULT_ORDER)
    for a, b in itertools.pairwise(order):
        (ea, sa), (eb, sb) = EQUITY_VS_THREE[a], EQUITY_VS_THREE[b]
        tied = abs(ea - eb) <= TIE_ERRORS * math.hypot(sa, sb)
        if not tied:
            assert ea > eb, (CLASS_LABELS[a], CLASS_LABELS[b])
        elif ea < eb:  # out of equity order only inside a tie, by the tie-break
            assert EQUITY_VS_RANDOM[a] > EQUITY_VS_RANDOM[b]


def test_tie_rule_breaks_ties_by_the_other_measure_and_ends() -> None:
    # three classes within error of each other: the tie-break decides all of them
    assert tie_broken_order([0.5, 0.5001, 0.5002], [0.001] * 3, [0.3, 0.2, 0.1]) == (0, 1, 2)
    # far apart: equity decides, whatever the tie-break says
    assert tie_broken_order([0.1, 0.5, 0.9], [0.001] * 3, [0.9, 0.5, 0.1]) == (2, 1, 0)


def test_other_orders_by_name() -> None:
    assert Range.parse("15%vs1") == Range.parse("15%VS1")
    assert class_order("vs1") == CLASS_ORDER
    assert Range.parse("15%vs3") == Range.parse("15%") != Range.parse("15%vs1")
    assert str(Range.parse("15%vs1")) == "55+, A5s+, A9o+, K9s+, KJo+, QJs"
    assert RangeOrder.VS_ONE.description.startswith("all-in equity against one random hand")


@pytest.mark.parametrize("token", ["15%vs2", "15%vs", "15%v3", "0%vs1"])
def test_unknown_orders_are_bad_tokens(token: str) -> None:
    with pytest.raises(CroupierError, match=f"bad range token '{token}'"):
        Range.parse(token)
    with pytest.raises(CroupierError, match="unknown range order 'vs2'"):
        class_order("vs2")
