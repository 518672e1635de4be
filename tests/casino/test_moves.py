"""Moves: the notation both ways, canonical order, values, descriptions, JSON."""

from __future__ import annotations

import re

import pytest

from croupier.cards import Card, CardError
from croupier.casino import Action, Build, CasinoError, InvalidMoveError, Move, Player

from .helpers import cards


def card(text: str) -> Card:
    return cards(text)[0]


@pytest.mark.parametrize(
    ("text", "action", "value"),
    [
        ("trail H5", Action.TRAIL, None),
        ("capture S5 C2 D3 H5", Action.CAPTURE, 5),
        ("capture C9 [S3 C6 S9]", Action.CAPTURE, 9),
        ("capture SA CK HA", Action.CAPTURE, 14),
        ("build C5 D4", Action.BUILD, 9),
        ("build SA C8", Action.BUILD, 9),
        ("build S9", Action.BUILD, 9),
        ("build SA", Action.BUILD, 14),
        ("increase SA [H2 D5]", Action.INCREASE, 8),
        ("increase H2 [S3 C6]", Action.INCREASE, 11),
    ],
)
def test_the_notation_parses_back(text: str, action: Action, value: int | None) -> None:
    move = Move.parse(text)
    assert move.action is action and move.value == value
    assert str(move) == text
    assert Move.parse(str(move)) == move
    assert eval(repr(move), {"Move": Move}) == move


def test_parsing_forgives_case_order_spacing_and_card_notation() -> None:
    canonical = Move.parse("capture C9 C2 H7 [S3 C6 S9]")
    for text in (
        "CAPTURE c9 h7 c2 [c6 s3 s9]",
        "c 9c 7h 2c [ [6c 3s] [9s] ]",
        "  capture   C9  [[C6 S3][S9]]  H7 C2 ",
        "capture 9♣ 7♥ 2♣ [6♣ 3♠ 9♠]",
    ):
        assert Move.parse(text) == canonical, text


def test_cards_are_kept_in_a_canonical_order() -> None:
    a = Move(Action.CAPTURE, card("SX"), cards("D4 C6 S3 H7"), ())
    b = Move.capture(card("SX"), cards("H7 S3 C6 D4"))
    assert a == b and hash(a) == hash(b)
    assert a.loose == cards("S3 D4 C6 H7")  # by rank, then suit
    build = Build((cards("C6 S3"), cards("S9")), Player.HUMAN)
    assert Move.capture(card("H9"), (), [build]).builds == (cards("S3 C6 S9"),)
    by_cards = Move.increase(card("H2"), *cards("S9 S3 C6"))
    assert Move.increase(card("H2"), build).builds == by_cards.builds


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "expected an action"),
        ("trail", "expected an action"),
        ("steal H5", "bad action 'steal'"),
        ("capture [H5 S5]", "expected an action"),
        ("capture Z5 S5", "bad card 'Z5'"),
        ("capture H5 [S5", "unclosed '['"),
        ("capture H5 S5]", "closes no build"),
        ("capture H5 [C6 [S3]]", "either cards"),
    ],
)
def test_bad_notation_is_refused_with_the_reason(text: str, fragment: str) -> None:
    with pytest.raises(CasinoError) as caught:
        Move.parse(text)
    assert str(caught.value).startswith(f"bad move {text.strip()!r}: ")
    assert fragment in str(caught.value)


def test_descriptions() -> None:
    assert Move.parse("trail H5").describe() == "trail H5"
    assert Move.parse("capture S5 H5").describe() == "capture H5 with S5"
    assert Move.parse("capture S5 C2 D3 H5").describe() == "capture H5 and C2+D3 with S5"
    assert (
        Move.parse("capture S9 H9 [C6 S3]").describe() == "capture H9 and the build [S3 C6] with S9"
    )
    assert Move.parse("capture SA CK HA").describe("pretty") == "capture K♣+A♥ with A♠ as 14"
    assert Move.parse("build C5 D4").describe() == "build 9 from C5 and D4"
    assert Move.parse("build S9").describe() == "add S9 to the build of 9"
    increase = Move.parse("increase H2 [C6 S3]")
    assert increase.describe() == "increase the build [S3 C6] to 11 with H2"
    with pytest.raises(CardError, match="bad card style"):
        Move.parse("trail H5").describe("long")


def test_json_data() -> None:
    assert Move.parse("capture S9 H9 [C6 S3]").to_dict() == {
        "action": "capture",
        "card": "S9",
        "loose": ["H9"],
        "builds": [["S3", "C6"]],
        "value": 9,
        "move": "capture S9 H9 [S3 C6]",
        "description": "capture H9 and the build [S3 C6] with S9",
    }
    assert Move.parse("trail DX").to_dict()["value"] is None


def test_taken_lists_every_table_card_involved() -> None:
    assert Move.parse("capture S9 H9 [C6 S3]").taken == cards("H9 S3 C6")


def test_actions_parse_by_name_or_letter() -> None:
    assert [Action.parse(t) for t in ("T", "capture", " B ", "i")] == list(Action)
    with pytest.raises(CasinoError, match="expected trail, capture, build or increase"):
        Action.parse("x")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("trail SA SK", "a trail names only the card played"),
        ("trail SA [D5 H2]", "a trail names only the card played"),
        ("build SA SA", "SA is named twice"),
        ("capture S5 H5 h5", "H5 is named twice"),
        ("capture S9 C9 [C9 D5 H4]", "C9 is named twice"),
        ("steal H5", "bad action 'steal'"),
    ],
)
def test_the_notation_alone_refuses_a_wrong_move(text: str, fragment: str) -> None:
    with pytest.raises(InvalidMoveError, match=re.escape(fragment)) as caught:
        Move.parse(text)
    assert not isinstance(caught.value, CardError)


def test_a_bad_card_in_a_move_is_an_invalid_move_and_a_card_error() -> None:
    with pytest.raises(InvalidMoveError) as caught:
        Move.parse("trail 1x")
    assert isinstance(caught.value, CardError) and "bad card '1x'" in str(caught.value)
