"""Narrowing a range by what it hits, in every game, against a naive narrowing: each
combo of the range classified one at a time by the naive references (which share no code
with the classifiers), kept by the rule written out again; the narrowed text read back
must hold exactly the combos kept, at their weights."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from croupier.cards import DECK, Card, parse_cards
from croupier.errors import CroupierError
from croupier.poker.games import variant_of
from croupier.poker.hits.categories import Draw, MadeHand, OmahaDraw, OmahaHand, categories_of
from croupier.poker.hits.classifier import hits
from croupier.poker.hits.narrow import (
    category_names,
    narrow,
    narrow_hits,
    parse_category,
    range_text,
)
from croupier.poker.ranges.holdem import Range
from croupier.poker.ranges.holdings import HoleRange
from tests.poker.hits import omaha_reference, reference

from ...untyped import untyped

Held = dict[tuple[Card, ...], float]


def range_combos(text: str, game: str, out: Sequence[Card]) -> Held:
    """Every live combo (Omaha: holding) of a range text and its weight, read the way
    every command reads it, less those holding an ``out`` card."""
    variant = variant_of(game)
    gone = {c.index for c in out} | set(range(variant.lowest_card))
    if variant.two_card:
        parsed = Range.parse(text)
        return {
            tuple(sorted(combo, reverse=True)): parsed.weight(combo)
            for combo in parsed.combos
            if not {c.index for c in combo} & gone
        }
    rows, weights = HoleRange.parse(text, variant.hole_cards).hands_and_weights(0)
    return {
        tuple(DECK[c] for c in sorted(row, reverse=True)): float(w)
        for row, w in zip(rows.tolist(), weights.tolist(), strict=True)
        if not set(row) & gone
    }


def naive_categories(
    hole: tuple[Card, ...], board: tuple[Card, ...], dead: tuple[Card, ...], game: str
) -> set[object]:
    if variant_of(game).two_card:
        made = reference.made_hand(hole, board, game)
        return {made, *reference.draws(hole, board, made, game)}
    made_o, found = omaha_reference.classify(hole, board, dead)
    return {made_o, *found}


def naive_narrow(
    text: str, board: str, dead: str, game: str, keep: list[str], drop: list[str]
) -> Held:
    """The combos kept, by the rule: a made hand or any draw kept, none dropped (no keep:
    every combo), each at its weight."""
    board_cards, dead_cards = parse_cards(board), parse_cards(dead) if dead else ()
    kinds = categories_of(game)
    by_name = {c.value: c for c in (*kinds.made, *kinds.draws)}
    kept = {by_name[name] for name in keep} or set(by_name.values())
    dropped = {by_name[name] for name in drop}
    out: Held = {}
    for hole, weight in range_combos(text, game, board_cards + dead_cards).items():
        found = naive_categories(hole, board_cards, dead_cards, game)
        if found & kept and not found & dropped:
            out[hole] = weight
    return out


CASES = [
    # game, range, board, dead, keep, drop
    ("holdem", "QQ+, AK, 98s, 76s@50", "Ks 7d 2c", "", ["set", "top pair, good kicker"], []),
    ("holdem", "22+, A2s+, KTs+, QJo@25, T9s:0.3", "Th 9h 4c", "", ["flush draw", "two pair"], []),
    (
        "holdem",
        "random",
        "Jc 8d 5d",
        "Ad",
        ["open-ended straight draw", "gutshot", "flush draw", "middle pair"],
        ["combo draw"],
    ),
    ("holdem", "20%", "Ah Kd 7s 2h", "", ["top pair, weak kicker", "overcards"], []),
    ("holdem", "TT+, AQ+, 65s", "Qs 8s 4d 3c 2s", "", ["straight", "flush", "set"], []),
    ("holdem", "JJ+@50, AK", "Ks 7d 2c", "", [], ["no made hand", "ace high"]),
    ("shortdeck", "TT+, AQ+, 98s@50", "Kh 8h 6c", "", ["flush draw", "set", "overpair"], []),
    ("shortdeck-straights", "random", "Qd Jc 7h", "", ["open-ended straight draw"], ["gutshot"]),
    ("omaha", "AAKK, QQJJ@50, JT98:ds", "Kh Td 2h", "", ["top set", "wrap", "flush draw"], []),
    (
        "omaha",
        "AsKsQdJd, AsKsTh9h, AsKs8c8d@50, AhKh7s6s, AsKsJhTh",
        "Qs 9s 2d 8h",
        "Kd",
        ["nut flush draw", "straight draw, 8 to 12 outs"],
        ["top pair"],
    ),
    (
        "omaha5",
        "AsAcKsKhQd@25, JsTs9s8d7d, Js9s7s6d5d@50",
        "Ah Td 8c",
        "",
        ["top set", "wrap", "gutshot, 7 outs or fewer"],
        [],
    ),
    ("omaha5", "KsKhAsAcQd, KsKhAsQcQd@50, QsQhAsJcJd", "Kd 9c 5h", "", [], ["top set"]),
]


@pytest.mark.parametrize(("game", "text", "board", "dead", "keep", "drop"), CASES)
def test_narrowing_agrees_with_a_naive_narrowing(
    game: str, text: str, board: str, dead: str, keep: list[str], drop: list[str]
) -> None:
    expected = naive_narrow(text, board, dead, game, keep, drop)
    assert expected, "a case keeps something"
    narrowed = narrow(text, board=board, dead=dead or None, game=game, keep=keep, drop=drop)
    got = {hit.cards: hit.weight for hit in narrowed.combos}
    assert got == expected
    assert narrowed.count == len(expected)
    assert narrowed.weight == pytest.approx(sum(expected.values()))
    # the text read back, less the board and dead cards, is exactly the combos kept
    out = parse_cards(board) + (parse_cards(dead) if dead else ())
    assert range_combos(narrowed.text, game, out) == expected
    # the parsed range is what the calculators read
    parsed = narrowed.parsed()
    assert isinstance(parsed, Range if variant_of(game).two_card else HoleRange)


def test_weights_carry_through_and_a_class_is_named_whole() -> None:
    narrowed = narrow("KK@50, AK, QQ", board="Ks 7d 2c", keep=["set", "top pair, good kicker"])
    assert narrowed.text == "KK@50, AK"
    assert narrowed.weight == 1.5 + 12
    assert narrowed.of == 3 + 12 + 6 and narrowed.of_weight == 1.5 + 12 + 6
    # a class cut by the categories is written combo by combo
    draws = narrow("AKs, QJs@75", board="Th 9h 4c", keep=["flush draw"])
    assert draws.text == "AhKh, QhJh@75"


def test_every_category_name_is_read_in_its_game() -> None:
    for game in ("holdem", "shortdeck", "omaha", "omaha5"):
        kinds = categories_of(game)
        assert category_names(game) == tuple(c.value for c in (*kinds.made, *kinds.draws))
        for category in (*kinds.made, *kinds.draws):
            assert parse_category(category.value, game) is category
            assert parse_category(category.name.lower(), game) is category
            assert parse_category(category.value.upper().replace(" ", "-"), game) is category
    assert parse_category("top pair good kicker") is MadeHand.TOP_PAIR_GOOD
    assert parse_category("top set", "omaha") is OmahaHand.TOP_SET


def test_bad_categories_are_named_with_the_valid_ones() -> None:
    with pytest.raises(CroupierError) as caught:
        parse_category("top set", "holdem")
    message = str(caught.value)
    assert "bad category 'top set' for Texas hold'em" in message and "\n" not in message
    assert "'top pair, good kicker'" in message and "'backdoor flush draw'" in message
    with pytest.raises(CroupierError, match="bad category 'gutshots' for Omaha"):
        narrow("AAKK", board="Kh Td 2h", game="omaha", keep=["gutshots"])
    with pytest.raises(CroupierError, match="'wrap' is not a category of Texas hold'em"):
        narrow("AK", board="Kh Td 2h", keep=[OmahaDraw.WRAP])
    with pytest.raises(CroupierError, match="nothing to narrow by"):
        narrow("AK", board="Kh Td 2h")
    with pytest.raises(CroupierError, match="a board of 0 cards"):
        narrow("AK", board="", keep=["set"])
    with pytest.raises(TypeError, match="keep must be a sequence"):
        narrow("AK", board="Kh Td 2h", keep="set")


def test_enum_members_and_names_mix_and_repeat_once() -> None:
    narrowed = narrow("AK, KK", board="Kh Td 2h", keep=[MadeHand.SET, "set", Draw.GUTSHOT])
    assert narrowed.keep == (MadeHand.SET, Draw.GUTSHOT)
    assert {hit.cards for hit in narrowed.combos} == {
        hit.cards
        for hit in hits("AK, KK", board="Kh Td 2h").combos
        if hit.made is MadeHand.SET or Draw.GUTSHOT in hit.draws
    }


def test_nothing_kept_is_an_empty_text() -> None:
    narrowed = narrow("AA", board="Ks 7d 2c", keep=["flush draw"])
    assert narrowed.text == "" and narrowed.count == 0 and narrowed.weight == 0
    with pytest.raises(CroupierError, match="empty"):
        narrowed.parsed()
    assert narrowed.to_dict()["narrowed"] == ""


def test_narrowing_a_result_already_found_and_over_every_flop() -> None:
    result = hits("QQ+, AK", board="Ks 7d 2c")
    assert narrow_hits(result, ["set"]).text == "KK"
    from croupier.poker.hits.classifier import flop_hits

    with pytest.raises(CroupierError, match="on one board"):
        narrow_hits(flop_hits("AA"), ["set"])


def test_omaha_weights_read_back_exactly() -> None:
    narrowed = narrow(
        "AAKK@33.3, QQJJ@12.5, JT98:ds", board="Kh Td 2h", game="omaha", keep=["top set", "wrap"]
    )
    assert {hit.weight for hit in narrowed.combos} == {float("33.3") / 100}
    assert "@33.3" in narrowed.text
    back = range_combos(narrowed.text, "omaha", parse_cards("Kh Td 2h"))
    assert back == {hit.cards: hit.weight for hit in narrowed.combos}
    assert range_text((), "omaha") == ""


def test_the_json_object() -> None:
    narrowed = narrow("QQ+, AK", board="Ks 7d 2c", dead="Ad", keep=["set"], drop=["quads"])
    data = narrowed.to_dict(hands=True)
    assert data["narrowed"] == "KK" and data["combos"] == 3 and data["weighted"] == 3
    assert data["keep"] == ["set"] and data["drop"] == ["quads"]
    assert data["dead"] == ["Ad"] and data["of"] == len(
        hits("QQ+, AK", board="Ks 7d 2c", dead="Ad").combos
    )
    assert [h["made"] for h in data["hands"]] == ["set"] * 3
    assert np.isclose(data["of_weighted"], data["of"])


def test_range_text_takes_the_out_cards_as_text_and_refuses_other_types() -> None:
    """A text board was an IndexError (its characters read as cards), ``out=[0]`` an
    AttributeError, ``narrow_hits(None)`` an AttributeError."""
    r = hits("AA, KQs", board="2c 7d 9h")
    assert range_text(r.combos, "holdem", "2c 7d 9h") == range_text(r.combos, "holdem", r.board)
    assert range_text(r.combos, "holdem", "2c 7d 9h") == "AA, KQs"
    with pytest.raises(TypeError, match=r"^out\[0\] must be a Card, not int$"):
        range_text(r.combos, "holdem", untyped([0]))
    with pytest.raises(CroupierError, match="bad card 'Zz'"):
        range_text(r.combos, "holdem", "2c Zz")
    with pytest.raises(TypeError, match=r"^result must be a HitsResult, not NoneType$"):
        narrow_hits(untyped(None))
