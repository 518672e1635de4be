"""Range notation: what each token holds, errors, and text that parses back the same."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import Card, CardError
from croupier.poker.games import Game
from croupier.poker.ranges.holdem import Range, RangeError
from croupier.poker.ranges.orders import class_order
from croupier.poker.ranges.starting_hands import (
    CLASS_COMBOS,
    CLASS_LABELS,
    CLASS_SIZES,
    COMBO_CARDS,
    COMBO_COUNT,
    combo_text,
)

from ...untyped import untyped


def classes_of(text: str) -> set[str]:
    grid = Range.parse(text).matrix().ravel()
    return {CLASS_LABELS[n] for n in np.flatnonzero(grid)}


NOTATIONS = [
    ("QQ", {"QQ"}, 6),
    ("TT+", {"TT", "JJ", "QQ", "KK", "AA"}, 30),
    ("22-44", {"22", "33", "44"}, 18),
    ("44-22", {"22", "33", "44"}, 18),
    ("AKs", {"AKs"}, 4),
    ("AKo", {"AKo"}, 12),
    ("AK", {"AKs", "AKo"}, 16),
    ("KA", {"AKs", "AKo"}, 16),
    ("A2s+", {f"A{k}s" for k in "23456789TJQK"}, 48),
    ("KTo+", {"KTo", "KJo", "KQo"}, 36),
    ("QT+", {"QTs", "QJs", "QTo", "QJo"}, 32),
    ("A5s-A2s", {"A5s", "A4s", "A3s", "A2s"}, 16),
    ("A2s-A5s", {"A5s", "A4s", "A3s", "A2s"}, 16),
    ("K9o-KJo", {"K9o", "KTo", "KJo"}, 36),
    ("AhKh", {"AKs"}, 1),
    ("Ah Kh", {"AKs"}, 1),
    ("10h 9h", {"T9s"}, 1),
    ("AsKs,AhKh", {"AKs"}, 2),
    ("ah kd", {"AKo"}, 1),
    ("random", set(CLASS_LABELS), COMBO_COUNT),
    ("*", set(CLASS_LABELS), COMBO_COUNT),
    ("100%", set(CLASS_LABELS), COMBO_COUNT),
    ("qq+  ,  aks", {"QQ", "KK", "AA", "AKs"}, 22),
    ("AKs@50", {"AKs"}, 4),
    ("AKs:0.5 QQ", {"AKs", "QQ"}, 10),
    ("0.5(AKs, QQ)", {"AKs", "QQ"}, 10),
    ("TT+, TT@0", {"JJ", "QQ", "KK", "AA"}, 24),
]


@pytest.mark.parametrize(("text", "classes", "combos"), NOTATIONS)
def test_each_notation_holds_the_combos_it_names(text: str, classes: set[str], combos: int) -> None:
    assert classes_of(text) == classes
    assert len(Range.parse(text)) == combos


def test_weights_in_both_notations_and_in_groups() -> None:
    assert Range.parse("AKs@50") == Range.parse("AKs:0.5") == Range.parse("50%(AKs)")
    r = Range.parse("AKs:0.5, QQ")
    assert r.weight("AsKs") == 0.5 and r.weight("QsQh") == 1.0 and r.weight("AsKd") == 0.0
    assert Range.parse("QQ+, QQ@25").weight("QcQd") == 0.25  # later tokens win


def test_specific_combos_and_membership() -> None:
    r = Range.parse("AhKh, 7c2d")
    assert "AhKh" in r and "KhAh" in r and "2d7c" in r and "AsKs" not in r
    assert sorted(f"{a}{b}" for a, b in r.combos) == ["7c2d", "AhKh"]
    assert 42 not in r  # not a combo at all


@pytest.mark.parametrize("order", ["vs3", "vs1"])
def test_top_percentages_take_whole_classes_in_their_order(order: str) -> None:
    ranked = class_order(order)
    for percent in (1, 5, 15, 33.3, 50):
        r = Range.parse(f"{percent}%{order}")
        held = [n for n in range(169) if r.matrix().ravel()[n] > 0]
        assert sorted(held) == sorted(ranked[: len(held)])
        count = len(r)
        assert count >= percent / 100 * COMBO_COUNT
        assert count - CLASS_SIZES[ranked[len(held) - 1]] < percent / 100 * COMBO_COUNT
    assert classes_of(f"1%{order}") == {"AA", "KK", "QQ"}


@pytest.mark.parametrize("game", [Game.SHORTDECK, Game.SHORTDECK_STRAIGHTS])
def test_a_short_deck_reads_its_own_top_percentages_and_per_cent_weights(game: Game) -> None:
    """The game changes only what a top percentage takes (weighted or grouped too);
    ``50%(AKs, AQs)`` is a weight, read as in hold'em."""
    for text in ("50%(AKs, AQs)", "0.5(AKs, AQs), JJ@25", "AhKh, QQ+", "random"):
        assert Range.parse(text, game=game) == Range.parse(text)
    for text in ("15%", "QQ+, 15%vs1", "15%@50", "50%(JJ, 15%)"):
        short = Range.parse(text, game=game)
        assert short != Range.parse(text)
        assert all(card >= 16 for card in COMBO_CARDS[short.combo_numbers].ravel())
    assert Range.parse("15%@50", game=game).weights.max() == 0.5


def test_the_matrix_is_the_grid_of_the_range_pickers() -> None:
    grid = Range.parse("AKs, QJo@50, 22").matrix()
    assert grid.shape == (13, 13)
    assert grid[0, 1] == 1.0  # AKs above the diagonal, row A, column K
    assert grid[3, 2] == 0.5  # QJo below: row J, column Q
    assert grid[12, 12] == 1.0 and grid.sum() == 2.5


BAD = [
    ("", "empty range"),
    ("AK, 2x", "'2x' at position 2"),
    ("AKx", "'AKx' at position 1"),
    ("A5s-K2s", "'A5s-K2s'"),
    ("AA-KQs", "'AA-KQs'"),
    ("AKs-AQo", "'AKs-AQo'"),
    ("AKs@150", "bad weight in 'AKs@150'"),
    ("AKs:2", "bad weight"),
    ("AhAh", "'AhAh'"),
    ("0%", "'0%'"),
    ("AAs", "'AAs'"),
]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_a_bad_token_is_named(text: str, message: str) -> None:
    with pytest.raises(RangeError, match=message) as info:
        Range.parse(text)
    assert isinstance(info.value, CardError)
    assert "\n" not in str(info.value)


WEIGHTS = st.sampled_from([1.0, 0.5, 0.25, 0.75, 0.1, 1 / 3, 0.123456789])


@st.composite
def ranges(draw: st.DrawFn) -> Range:
    weights = np.zeros(COMBO_COUNT)
    for number in draw(st.lists(st.integers(0, 168), max_size=30)):
        weights[CLASS_COMBOS[number]] = draw(WEIGHTS)
    for combo in draw(st.lists(st.integers(0, COMBO_COUNT - 1), max_size=8)):
        weights[combo] = draw(st.sampled_from([0.0, *[1.0, 0.5, 0.2]]))
    if not weights.any():
        weights[draw(st.integers(0, COMBO_COUNT - 1))] = 1.0
    return Range(weights)


@settings(max_examples=150, deadline=None)
@given(ranges())
def test_text_parses_back_to_the_same_range(r: Range) -> None:
    text = str(r)
    assert Range.parse(text) == r
    assert str(Range.parse(text)) == text


@settings(max_examples=60, deadline=None)
@given(ranges())
def test_text_is_no_longer_than_listing_every_class_and_combo(r: Range) -> None:
    listed = []
    for number, combos in enumerate(CLASS_COMBOS):
        values = r.weights[combos]
        if (values == values[0]).all() and values[0] > 0:
            listed.append(CLASS_LABELS[number])
        else:
            listed += [combo_text(c) for c in combos[values > 0]]
    assert len(str(r).replace("@", "").split(", ")) <= len(listed)


def test_random_and_empty_texts() -> None:
    assert str(Range.parse("*")) == "random"
    assert str(Range.parse("random@50")) == "random@50"
    assert str(Range()) == "" and len(Range()) == 0
    with pytest.raises(RangeError):
        Range(np.full(COMBO_COUNT, 2.0))


@pytest.mark.parametrize(
    ("combos", "message"),
    [
        ([-1], "bad combo number -1:"),  # was AsAh, silently
        (np.array([0.5]), "bad combo number 0.5:"),  # was 2d2c, silently
        ([1326], "bad combo number 1326:"),  # an IndexError
        ([2**70], "bad combo number 1180591620717411303424:"),  # an OverflowError
        ([-1, 2**63], "bad combo number -1:"),  # NumPy reads the two as floats: -1.0
        (np.array([3, 2**40]), "bad combo number 1099511627776:"),
        (np.array([[1, 2]]), r"bad combo numbers of shape \(1, 2\):"),
    ],
)
def test_of_combos_refuses_a_number_that_is_no_combo(combos: object, message: str) -> None:
    with pytest.raises(RangeError, match=f"^{message}.* expected (one list of )?integers 0 to"):
        Range.of_combos(untyped(combos))


def test_of_combos_checks_its_weight_and_takes_every_combo_number() -> None:
    assert len(Range.of_combos(np.arange(COMBO_COUNT))) == COMBO_COUNT
    assert len(Range.of_combos([])) == 0
    assert Range.of_combos([0], weight=0.5).weight("2d2c") == 0.5
    for weight in (float("nan"), 2.0, -0.5):
        with pytest.raises(RangeError, match=r"^bad weight .*: expected 0 to 1$"):
            Range.of_combos([0], weight=weight)
    not_a_number = r"^combos must be combo numbers \(ints\), not bool \(True\)$"
    with pytest.raises(TypeError, match=not_a_number):
        Range.of_combos(np.array([True]))


def test_membership_refuses_a_tuple_as_weight_does() -> None:
    """A tuple of two strings was an IndexError from NumPy's indexing."""
    r = Range.parse("AA")
    for ask in (lambda: r.weight(untyped(("As", "Ah"))), lambda: ("As", "Ah") in r):
        with pytest.raises(TypeError, match=r"^combo\[0\] must be a Card, not str$"):
            ask()
    assert (Card.parse("As"), Card.parse("Ah")) in r and "AsAh" in r and 42 not in r
