"""Omaha ranges as calc, hits and the web read them (HoleRange.parse): explicit hands,
``?`` and ``random`` kept as they were, the generic syntax beside them, weights, the
meaning of a text both readers take, counts against hand-counted combos, and the equity
of generic-range spots against a naive enumeration on phevaluator's Omaha evaluator."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import DECK, Card, parse_cards
from croupier.poker import calculate
from croupier.poker.ranges.generic import GenericRange
from croupier.poker.ranges.generic_table import holding_numbers
from croupier.poker.ranges.holdem import RangeError
from croupier.poker.ranges.holdings import HoleRange

from ...untyped import untyped


def bits(cards: str) -> int:
    return sum(1 << c.index for c in parse_cards(cards)) if cards else 0


def numbers(cards: str) -> tuple[int, ...]:
    return tuple(sorted(c.index for c in parse_cards(cards)))


def row_set(rows: np.ndarray) -> set[tuple[int, ...]]:
    return {tuple(row) for row in rows.tolist()}


@pytest.mark.parametrize(
    ("text", "size", "count"),
    [
        # at least two aces: C(4,2) * C(48,2) + C(4,3) * 48 + 1
        ("AA", 4, math.comb(4, 2) * math.comb(48, 2) + 4 * 48 + 1),
        ("AA!AAA", 4, math.comb(4, 2) * math.comb(48, 2)),
        # kings double-suited: counted one holding at a time below
        ("KK:xxyy", 4, 864),
        # one pair and two odd cards: 13 * C(4,2) * C(12,2) * 4 * 4
        ("RRON", 4, 13 * 6 * math.comb(12, 2) * 16),
        ("AA!AAA", 5, math.comb(4, 2) * math.comb(48, 3)),
    ],
)
def test_counts_against_hand_counted_combos(text: str, size: int, count: int) -> None:
    assert HoleRange.parse(text, size).count(excluded=0) == count


def test_double_suited_kings_by_brute_force() -> None:
    """KK:xxyy against every holding, read without the generic reader."""
    found = {
        hand
        for hand in itertools.combinations(range(52), 4)
        if sum(c // 4 == 11 for c in hand) >= 2
        and sorted(Counter(c % 4 for c in hand).values()) == [2, 2]
    }
    assert row_set(HoleRange.parse("KK:xxyy", 4).hands(excluded=0)) == found


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("AsAh??", 4),
        ("As ? ? ?", 4),
        ("AsAhKsKh, AdAcKdKc", 4),
        ("AsAh??, KdKc??", 4),
        ("random", 4),
        ("AsAhKs??", 5),
    ],
)
def test_explicit_texts_keep_their_form_and_name_the_generic_holdings(text: str, size: int) -> None:
    """A text both readers take means the same holdings in both; it stays explicit."""
    explicit = HoleRange.parse(text, size)
    assert not explicit.is_generic and explicit.parts
    generic = GenericRange.parse(text, "omaha" if size == 4 else "omaha5")
    excluded = bits("2c 7d")
    assert row_set(explicit.hands(excluded)) == row_set(
        GenericRange.parse(text, generic.game, dead="2c 7d").hands()
    )
    assert explicit.count(0) == len(generic)


@st.composite
def explicit_texts(draw: st.DrawFn) -> tuple[str, int]:
    """A list of 1 to 3 hands, each with some of its cards unknown (a ``?``), in a game
    of 4 hole cards (any hand, random included) or 5 (two cards known at least: the
    lists stay small); no card twice within a hand."""
    size = draw(st.sampled_from([4, 5]))
    parts = []
    for _ in range(draw(st.integers(1, 3))):
        least = 0 if size == 4 else 2
        known = draw(st.lists(st.sampled_from(DECK), min_size=least, max_size=size, unique=True))
        unknown = size - len(known)
        cards = [str(c) for c in known] + ["?"] * unknown
        parts.append("random" if not known else "".join(cards))
    return ", ".join(parts), size


@settings(deadline=None, max_examples=20)
@given(explicit_texts(), st.sampled_from(["", "2c 7d", "As Ks Qs"]))
def test_explicit_lists_are_the_generic_holdings(spot: tuple[str, int], dead: str) -> None:
    """Any list of explicit or partly known hands names, as it is kept, the holdings the
    generic syntax reads in the same text, the dead cards out."""
    text, size = spot
    explicit = HoleRange.parse(text, size)
    assert not explicit.is_generic
    generic = GenericRange.parse(text, "omaha" if size == 4 else "omaha5", dead=dead or None)
    numbers = np.sort(holding_numbers(explicit.hands(bits(dead))))
    assert np.array_equal(numbers, generic.numbers())
    assert explicit.count(bits(dead)) == len(generic)


def test_fewer_cards_and_repeats() -> None:
    """AsAh names every holding with both aces (as AsAh??); a hand listed twice is held
    once; a hand naming a card twice is an error in either form."""
    assert str(HoleRange.parse("AsAh", 4)) == "AsAh??"
    assert HoleRange.parse("AsAh", 4) == HoleRange.parse("AsAh??", 4)
    assert HoleRange.parse("AsKsQsJs, AsKsQsJs", 4).count(0) == 1
    for text, token in (("KsQsKs?", "'Ks' at position 3"), ("AsAs:xxyy", "'As' at position 2")):
        with pytest.raises(RangeError, match=f"card {token} repeats position 1"):
            HoleRange.parse(text, 4)


def test_generic_ranges_and_dead_cards() -> None:
    aces = HoleRange.parse("AA", 4)
    assert aces.is_generic and str(aces) == "AA" and aces.known == () and not aces.is_hand
    out = bits("As Kd")
    assert row_set(aces.hands(out)) == row_set(GenericRange.parse("AA", dead="As Kd").hands())
    # three aces left, 47 other cards: two aces and two others, or three and one
    assert len(aces.hands(out)) == math.comb(3, 2) * math.comb(47, 2) + 47
    five = HoleRange.parse("AxAyxy", 5)
    assert five.count(0) == len(GenericRange.parse("AxAyxy", "omaha5"))


def test_weights() -> None:
    weighted = HoleRange.parse("AA@50, KK:xxyy", 4)
    hands, weights = weighted.hands(0), weighted.weights(0)
    assert len(hands) == len(weights) == len(GenericRange.parse("AA, KK:xxyy"))
    by_hand = {tuple(h): w for h, w in zip(hands.tolist(), weights.tolist(), strict=True)}
    assert by_hand[numbers("AsAh7c2d")] == 0.5
    # a double-suited AAKK is in both parts: the later part's weight wins
    assert by_hand[numbers("AsAhKsKh")] == 1.0
    assert HoleRange.parse("RRON, AA@0", 4).count(0) == len(GenericRange.parse("RRON!AA"))
    # AA or KK less AAKK (36, in both), less AAQQ and KKQQ (36 each) taken out by @0
    held = HoleRange.parse("(AA, KK)@50, QQ@0", 4).weights(0).tolist()
    assert held == [0.5] * (2 * 6961 - 36 - 72)
    assert HoleRange.parse("AA@100", 4).weights(0).min() == 1.0


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("AA@150, KK", "'@150' (character 3)"),
        ("AA@, KK", "'@' (character 3)"),
        ("KK, AA@50:xxyy", "'@50' (character 7)"),
        ("AA, KK@50, Q#", "at '#' (character 13)"),
        ("AsAh, KK!", "at the end"),
        ("AsKsQsJsTs", "'AsKsQsJsTs' (character 1): 5 cards, but a hand holds 4"),
    ],
)
def test_bad_text_names_the_token(text: str, where: str) -> None:
    with pytest.raises(RangeError, match="bad range text") as caught:
        HoleRange.parse(text, 4)
    assert where in str(caught.value)


def test_two_card_holdings_read_no_generic_syntax() -> None:
    with pytest.raises(RangeError, match="'AA': bad card 'AA'"):
        HoleRange.parse("AA", 2)


# --- equity against a naive enumeration ----------------------------------------------

phevaluator = pytest.importorskip("phevaluator")


def naive_holdings(board: list[Card], test: object) -> list[tuple[int, ...]]:
    """Every 4-card holding off the board for which ``test`` (ranks, suits) holds."""
    assert callable(test)
    out = {c.index for c in board}
    return [
        hand
        for hand in itertools.combinations([c for c in range(52) if c not in out], 4)
        if test([c // 4 + 2 for c in hand], [c % 4 for c in hand])
    ]


def test_generic_spot_on_the_river_against_phevaluator() -> None:
    """Kings double-suited against QQJJ at half weight and JJTT, on the river: every
    pair of holdings that do not meet, weighted, scored by phevaluator."""
    board = list(parse_cards("8s 7d 2c 9h 3s"))
    kings = naive_holdings(
        board,
        lambda r, s: r.count(13) >= 2 and sorted(Counter(s).values()) == [2, 2],
    )
    queens = naive_holdings(board, lambda r, s: sorted(r) == [11, 11, 12, 12])
    jacks = naive_holdings(board, lambda r, s: sorted(r) == [10, 10, 11, 11])
    second = [(h, 0.5) for h in queens] + [(h, 1.0) for h in jacks]
    numbers = [c.index for c in board]
    total = share = 0.0
    for hand in kings:
        mine = phevaluator.evaluate_omaha_cards(*numbers, *hand)
        for other, weight in second:
            if set(hand) & set(other):
                continue
            theirs = phevaluator.evaluate_omaha_cards(*numbers, *other)
            total += weight
            share += weight * (1.0 if mine < theirs else 0.5 if mine == theirs else 0.0)
    result = calculate(
        ["KK:xxyy", "QQJJ@50, JJTT"], board="8s 7d 2c 9h 3s", game="omaha", exact=True
    )
    assert result.exact
    assert result.players[0].equity == pytest.approx(share / total, abs=1e-12)
    assert [p.combos for p in result.players] == [len(kings), len(second)]


def test_monte_carlo_of_generic_ranges_agrees_with_exact() -> None:
    ranges, board = ["AA!AAA:$ds", "KK:xxyy, QQJJ@50"], "8s 7d 2c 9h 3s"
    exact = calculate(ranges, board=board, game="omaha", exact=True)
    sampled = calculate(ranges, board=board, game="omaha", trials=40_000, rng=7)
    assert exact.exact and not sampled.exact
    for ours, truth in zip(sampled.players, exact.players, strict=True):
        assert ours.stderr is not None
        assert abs(ours.equity - truth.equity) < 5 * ours.stderr


def test_the_excluded_cards_are_a_52_bit_set_in_every_reader() -> None:
    """count(2**52) counted a 53rd card (1176 hands where hands() listed 1225), and
    count(np.True_) was an AttributeError (no bit_count)."""
    r = HoleRange.parse("AsAh??", 4)
    readers = (r.count, r.hands, r.weights, r.hands_and_weights)
    for read in readers:
        for excluded in (1 << 52, -1, 1 << 200):
            with pytest.raises(RangeError, match=r"^bad excluded cards .*: expected a 52-bit set"):
                read(excluded)
        for flag in (True, np.True_):  # NumPy 1 names its bool "bool_"
            with pytest.raises(TypeError, match=r"^excluded must be an int, not bool_?$"):
                read(untyped(flag))
    assert r.count(untyped(np.int64(1))) == len(r.hands(1)) == 1176  # 2c out
