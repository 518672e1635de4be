"""Omaha ranges in the generic syntax: counts by hand, the tree the text is read into,
the errors, and the array engine against the naive reading of
tests/poker/ranges/generic_reference.py."""

from __future__ import annotations

import random
import re
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import DECK, parse_cards
from croupier.poker import PokerError, RangeError
from croupier.poker.ranges.generic import GenericRange
from croupier.poker.ranges.generic_syntax import parse
from croupier.poker.ranges.generic_table import holding_numbers, holdings
from tests.poker.ranges.generic_reference import Hand, naive_set
from tests.untyped import untyped


def _ranks(*ranks: int) -> set[int]:
    return {4 * (r - 2) + s for r in ranks for s in range(4)}


def _union_count(patterns: list[list[set[int]]]) -> int:
    """Holdings with a card of each group for at least one of ``patterns``, by brute force
    over the holding numbers of each (small enough here)."""
    table = holdings(4)
    flags = np.zeros(len(table), dtype=bool)
    for groups in patterns:
        hit = np.ones(len(table), dtype=bool)
        for group in groups:
            hit &= np.isin(table.rows, list(group)).any(axis=1)
        flags |= hit
    return int(flags.sum())


# Hand counts, each worked out by hand (the arithmetic beside it).
OMAHA_COUNTS = {
    "AA": comb(4, 2) * comb(48, 2) + comb(4, 3) * 48 + 1,  # 6,961
    "AA!AAA": comb(4, 2) * comb(48, 2),  # 6,768: exactly two aces
    "AAA": comb(4, 3) * 48 + 1,
    "AAAA": 1,
    "As": comb(51, 3),
    "AsKs": comb(50, 2),
    "AsKhJd2c": 1,
    "KK:xxyy": 6 * 12 * 12,  # the two kings' suits, then a card of each below the king
    "AxAyxy": 6 * 12 * 12,
    "RRON": 13 * comb(12, 2) * 6 * 4 * 4,  # pair rank, two odd ranks, their suits
    "RROO": comb(13, 2) * 6 * 6,  # two pair
    "RxRyOxOy": comb(13, 2) * 6,  # double-suited two pair: the two ranks, the two suits
    "RRR": 13 * (4 * 48 + 1),  # trips or quads of some rank (only one rank can)
    "RONP": comb(13, 4) * 4**4,  # four ranks
    "sshh": comb(13, 2) ** 2,
    "ssss": comb(13, 4),
    "xxxx": 4 * comb(13, 4),  # monotone
    "wxyz": 13**4,  # rainbow
    "xxyy": 6 * comb(13, 2) ** 2,  # double-suited: 36,504
    "wxy": comb(52, 4) - 4 * comb(13, 4) - 6 * (comb(26, 4) - 2 * comb(13, 4)),
    "$ds": 6 * comb(13, 2) ** 2,
    "$ss": 4 * comb(13, 2) * 3 * 13 * 13,
    "$r": 13**4,
    "$np": comb(13, 4) * 4**4,
    "*": comb(52, 4),
    "****": comb(52, 4),
    "random": comb(52, 4),
    "AsAh??": comb(50, 2),
    "A-T": comb(52, 4) - comb(32, 4),  # at least one card from ten to ace
    "[A-T][A-T]": comb(52, 4) - comb(32, 4) - 20 * comb(32, 3),
    "[A,K,Q]": comb(52, 4) - comb(40, 4),
    "[T+]": comb(52, 4) - comb(32, 4),
    "[5-]": comb(52, 4) - comb(36, 4),  # a card from 2 to 5
    "[As,Kh]": comb(52, 4) - comb(50, 4),
    "[s,h]": comb(52, 4) - comb(26, 4),  # a spade or a heart
    "A[s,h]": comb(52, 4) - comb(50, 4),  # the ace of spades or of hearts
    "JT98-8765": 4 * 4**4,
    "KK+": 2 * 6961 - 36,  # AA or KK: 36 hold both pairs
    "QQ-": 11 * 6961 - comb(11, 2) * 36,  # no holding has three pairs
    "AA, KK!KKK": 6961 + 6768 - 36,
    "(AA, KK):xxyy": 2 * 864 - 6,  # AsAhKsKh and its suit choices are in both
    "AA:KK": 36,
    # spans of two ranks: holdings with a card of each rank, for one of the hands
    "A2+": _union_count([[_ranks(14), _ranks(r)] for r in range(2, 14)]),
    "AK-AT": _union_count([[_ranks(14), _ranks(r)] for r in range(10, 14)]),
    "!AA": comb(52, 4) - 6961,
    "AA!KK:$ds": 864 - 6,
    "0%": 0,
    "100%": comb(52, 4),
}


OMAHA5_COUNTS = {
    "AA": comb(4, 2) * comb(48, 3) + comb(4, 3) * comb(48, 2) + 48,  # 108,336
    "AA!AAA": comb(4, 2) * comb(48, 3),
    "AKQJT": 4**5,
    "*": comb(52, 5),
    "$r": 0,  # five cards, four suits
    "$np": comb(13, 5) * 4**5,
    "$ds": comb(4, 2) * comb(13, 2) ** 2 * 2 * 13,  # 2-2-1: the pairs' suits, the odd suit
    "$ss": 4 * comb(13, 2) * 13**3,  # 2-1-1-1
    "RRONP": 13 * comb(12, 3) * 6 * 4**3,
}


@pytest.mark.parametrize(("text", "count"), OMAHA_COUNTS.items())
def test_omaha_counts_by_hand(text: str, count: int) -> None:
    assert len(GenericRange.parse(text, "omaha")) == count


@pytest.mark.parametrize(("text", "count"), OMAHA5_COUNTS.items())
def test_omaha5_counts_by_hand(text: str, count: int) -> None:
    assert len(GenericRange.parse(text, "omaha5")) == count


def test_the_issue_s_figures() -> None:
    assert len(GenericRange.parse("AA", "omaha")) == 6961
    assert len(GenericRange.parse("AA!AAA", "omaha")) == 6768


def test_dead_cards_take_out_every_holding_with_one() -> None:
    aces = GenericRange.parse("AA", "omaha", dead="As 2c")
    assert len(aces) == comb(3, 2) * comb(47, 2) + 47  # three aces left, 47 other cards
    assert all(
        not {"As", "2c"} & {text[i : i + 2] for i in (0, 2, 4, 6)} for text in aces.hand_texts()
    )
    assert aces.dead == parse_cards("As 2c")
    assert len(GenericRange.parse("AsAh", "omaha", dead=parse_cards("Ah"))) == 0


def test_hands_rows_and_texts_agree() -> None:
    r = GenericRange.parse("AxAyxy", "omaha")
    rows = r.hands()
    assert rows.shape == (864, 4) and (np.diff(rows, axis=1) > 0).all()
    assert (holding_numbers(rows) == r.numbers()).all()
    texts = r.hand_texts()
    assert len(set(texts)) == 864 and texts[0] == "AsAhKsKh"
    assert all(text in r for text in texts[:50])
    assert "AsAdKsKh" not in r and "As Ah" not in r and 3 not in r
    assert "AsAhKsKs" not in r  # a card twice is no holding


def test_equality_and_text() -> None:
    a = GenericRange.parse("AxAyxy", "omaha")
    b = GenericRange.parse(" AA : xxyy ", "omaha")
    assert a == b and hash(a) == hash(b) and str(b) == "AA : xxyy"
    assert a != GenericRange.parse("AA", "omaha") and a != "AA"
    assert a != GenericRange.parse("AxAyxy", "omaha5")


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        ("AA:xxyy, JJ!JJJ, KK", "((AA : xxyy), (JJ ! JJJ), KK)"),
        ("AA!AAA:xxyy", "((AA ! AAA) : xxyy)"),
        ("(AA, KK):xxyy", "((AA, KK) : xxyy)"),
        ("!AA:$ds", "(!AA : $ds)"),
        ("KK+", "(KK, AA)"),
        ("A2+", "(A2, A3, A4, A5, A6, A7, A8, A9, AT, AJ, AQ, AK)"),
        ("A5-", "(A5, A4, A3, A2)"),
        ("AA-", "(AA, KK, QQ, JJ, TT, 99, 88, 77, 66, 55, 44, 33, 22)"),
        ("AA+", "AA"),
        ("AK-AT", "(AK, AQ, AJ, AT)"),
        ("T9-KQ", "(T9, JT, QJ, KQ)"),
        ("AxKx-AxJx", "(AxKx, AxQx, AxJx)"),
        ("JT98+", "(JT98, QJT9, KQJT, AKQJ)"),
        ("[A-T]x[2,3]x", "[AKQJT]x[32]x"),
        ("10s9s", "Ts9s"),
        ("As Ah ? ?", "AsAh**"),
        ("5%-10%", "5%-10%"),
        ("15 %", "15%"),
    ],
)
def test_the_tree_a_text_is_read_into(text: str, tree: str) -> None:
    assert str(parse(text, 4)) == tree


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AA, KK!", "at the end: expected a card (As)"),
        ("AAKKQ", "at 'AAKKQ' (character 1): 5 cards, but a hand holds 4"),
        ("AA, KK)", "at ')' (character 7): expected , : ! or the end of the range"),
        ("(AA, KK", "at the end: expected ) to close the ("),
        ("AA, $xx", "at '$xx' (character 5): unknown macro: expected one of $ds, $ss, $r, $np"),
        ("AA; KK", "at ';' (character 3): expected , : ! or the end"),
        ("150%", "at '150%' (character 1): expected a percentage from 0% to 100%"),
        ("10%-5%", "expected the smaller percentage first"),
        ("JT98-765", "both ends of a span need as many cards"),
        ("JT98-8764", "the ranks that change in a span must move together"),
        ("AsKs-AhQh", "both ends of a span need the same suits"),
        ("RR+", "a span needs explicit ranks to move"),
        ("[A,K", "at '[A' (character 1): expected ] to close the list"),
        ("[]", "expected ranks, cards or suits in the list"),
        ("[R]", "expected a rank, a rank span (A-T, T+), a card or a suit in the list"),
        ("", "empty range"),
        ("   ", "empty range"),
        (",AA", "at ',AA' (character 1): expected a card"),
    ],
)
def test_bad_text_gets_one_line_naming_where(text: str, message: str) -> None:
    with pytest.raises(RangeError) as caught:
        GenericRange.parse(text, "omaha")
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_the_games_it_reads() -> None:
    with pytest.raises(PokerError, match="generic range syntax is for Omaha and five-card Omaha"):
        GenericRange.parse("AA", "holdem")
    with pytest.raises(PokerError, match="unknown game"):
        GenericRange.parse("AA", "stud")
    with pytest.raises(TypeError, match="text"):
        GenericRange.parse(untyped(5), "omaha")
    with pytest.raises(RangeError, match="6 cards, but a hand holds 5"):
        GenericRange.parse("AKQJT9", "omaha5")


# --- the array engine against the naive reading ----------------------------------------

TEXTS = [
    "AA",
    "AxAyxy",
    "RRON",
    "RxRyOxOy",
    "KK:xxyy, JJ!JJJ",
    "wxy",
    "ssxx",
    "AARR",
    "RsRh",
    "[A-T]x[A-T]x",
    "A[s,h]K",
    "[As,Kh]R",
    "Rx*x",
    "!($ds, $r):RR",
    "JT98-7654",
    "AxKy+",
    "QQ-!$np",
    "5%",
    "10%-20%:xxyy",
]


def _sample(size: int, count: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    return [tuple(sorted(rng.sample(DECK, size), key=lambda c: c.index)) for _ in range(count)]


def _top(game: str, texts: list[str], sample: list[Hand]) -> dict[float, set[Hand]]:
    """The sample's holdings in each top percentage the texts use, as croupier reads
    ``x%`` alone (the order itself is tested in test_generic_order.py)."""
    found: dict[float, set[Hand]] = {0.0: set()}
    for text in texts:
        for token in text.replace(":", ",").replace("-", ",").split(","):
            if token.strip().endswith("%"):
                percent = float(token.strip()[:-1])
                top = GenericRange.parse(f"{percent}%", game)
                found[percent] = {hand for hand in sample if hand in top}
    return found


@pytest.mark.parametrize("size", [4, 5])
def test_the_engine_agrees_with_the_naive_reading(size: int) -> None:
    game = {4: "omaha", 5: "omaha5"}[size]
    sample = _sample(size, 1500 if size == 4 else 400, seed=size)
    # holdings near the patterns too: pairs, suited cards, rundowns are rare at random
    near = GenericRange.parse("RR, xxyy, JT9", game).hands()
    sample += [tuple(DECK[c] for c in row) for row in near[:: len(near) // 300].tolist()]
    top = _top(game, TEXTS, sample)
    for text in TEXTS:
        engine = GenericRange.parse(text, game)
        expected = naive_set(parse(text, size), sample, top)
        assert {hand for hand in sample if hand in engine} == expected, text


SLOTS = st.sampled_from(
    [
        "A",
        "K",
        "T",
        "2",
        "As",
        "Kh",
        "R",
        "O",
        "x",
        "y",
        "Rx",
        "Ry",
        "Ox",
        "*",
        "s",
        "h",
        "[A-T]",
        "[s,d]",
        "[As,2c]",
        "Ax",
        "*y",
        "N",
        "[9-]x",
    ]
)
PATTERNS = st.lists(SLOTS, min_size=1, max_size=4).map("".join)


@settings(deadline=None, max_examples=40)
@given(PATTERNS, st.sampled_from([",", ":", "!"]), PATTERNS)
def test_random_patterns_agree_with_the_naive_reading(left: str, op: str, right: str) -> None:
    text = f"{left}{op}{right}"
    sample = _sample(4, 400, seed=len(text))
    named = [re.findall(r"[AKT2][sh](?![\],])", hand) for hand in (left, right)]
    if any(len(set(cards)) < len(cards) for cards in named):  # KhKh: a card named twice
        with pytest.raises(RangeError, match="repeats position"):
            GenericRange.parse(text, "omaha")
        return
    engine = GenericRange.parse(text, "omaha")
    expected = naive_set(parse(text, 4), sample, {})
    assert {hand for hand in sample if hand in engine} == expected, text


@pytest.mark.slow
@pytest.mark.parametrize(
    "text", ["AxAyxy", "RRON", "wxy", "AARR", "[A-T]x[A-T]x", "KK:xxyy, JJ!JJJ"]
)
def test_every_omaha_holding_against_the_naive_reading(text: str) -> None:
    from tests.poker.ranges.generic_reference import every_hand

    engine = GenericRange.parse(text, "omaha")
    expected = naive_set(parse(text, 4), every_hand(4), {})
    assert len(expected) == len(engine)
    assert {tuple(DECK[c] for c in row) for row in engine.hands().tolist()} == expected


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([4, 5]), st.randoms(use_true_random=False), st.booleans())
def test_a_hand_named_in_full_is_that_one_holding(
    size: int, rng: random.Random, as_lists: bool
) -> None:
    """A hand whose every card is named (found by its number, not matched against every
    holding) is the one row of the table with its cards, however it is written."""
    cards = sorted(rng.sample(range(52), size))
    names = [str(DECK[c]) for c in rng.sample(cards, size)]
    text = "".join(f"[{n}]" for n in names) if as_lists else "".join(names)
    game = "omaha" if size == 4 else "omaha5"
    table = holdings(size)
    expected = np.flatnonzero((table.rows == np.array(cards)).all(axis=1)).tolist()
    assert table.numbers(GenericRange.parse(text, game).bits).tolist() == expected
    # a card named twice is no holding, whichever path reads it
    with pytest.raises(RangeError):
        GenericRange.parse(names[0] + "".join(names[:-1]), game)
