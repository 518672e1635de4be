"""The library's one rule for text: a function that takes cards, ranks, hands or moves
takes their text too, read by the matching parse function; a value's constructor takes
values only (its ``parse`` reads text). ``Composition.removing("5 5 9 K")`` and
``exact_equity(text)`` refused text while ``evaluate`` took it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from croupier import baccarat, cards, casino, poker
from croupier.cards import parse_cards, parse_ranks

from .untyped import untyped

DECK_TEXT = " ".join(str(card) for card in cards.DECK)
HANDS = "As Ks Qs Js ?0\nQh Qd Qc ?0 ?1"

#: (what, the call with text, the same call with objects)
SAME: list[tuple[str, Callable[[], Any], Callable[[], Any]]] = [
    ("as_cards", lambda: cards.as_cards("As Kd"), lambda: parse_cards("As Kd")),
    (
        "format_cards",
        lambda: cards.format_cards("As Kd"),
        lambda: cards.format_cards(parse_cards("As Kd")),
    ),
    ("cards_to_indices", lambda: cards.cards_to_indices("As").tolist(), lambda: [51]),
    (
        "Shoe.stacked",
        lambda: cards.Shoe.stacked("Ah 2c").remaining_cards(),
        lambda: cards.Shoe.stacked(parse_cards("Ah 2c")).remaining_cards(),
    ),
    (
        "hand_total",
        lambda: baccarat.hand_total("9s 9h"),
        lambda: baccarat.hand_total(parse_cards("9s 9h")),
    ),
    ("points", lambda: baccarat.points("Q"), lambda: baccarat.points(cards.Rank.QUEEN)),
    (
        "deal_coup",
        lambda: baccarat.deal_coup("Ah 3d Qs 4c 5h 9d Kd"),
        lambda: baccarat.deal_coup(parse_cards("Ah 3d Qs 4c 5h 9d Kd")),
    ),
    (
        "Composition.removing",
        lambda: baccarat.Composition.decks(6).removing("5 5 9 K"),
        lambda: baccarat.Composition.decks(6).removing(parse_ranks("5 5 9 K")),
    ),
    (
        "evaluate",
        lambda: poker.evaluate("As Ks Qs Js Ts"),
        lambda: poker.evaluate(parse_cards("As Ks Qs Js Ts")),
    ),
    (
        "exact_equity",
        lambda: poker.exact_equity(HANDS),
        lambda: poker.exact_equity(poker.parse_equity_hands(HANDS)),
    ),
    (
        "exact_completions dead",
        lambda: poker.exact_completions(HANDS, dead="2c 3c"),
        lambda: poker.exact_completions(HANDS, dead=parse_cards("2c 3c")),
    ),
    (
        "deal_round",
        lambda: casino.deal_round(DECK_TEXT, casino.Player.HUMAN),
        lambda: casino.deal_round(cards.DECK, casino.Player.HUMAN),
    ),
    (
        "State.apply",
        lambda: casino.new_tournament(casino.Player.HUMAN, rng=7).apply("trail CJ"),
        lambda: casino.new_tournament(casino.Player.HUMAN, rng=7).apply(
            casino.Move.parse("trail CJ")
        ),
    ),
]


@pytest.mark.parametrize(("what", "text", "objects"), SAME, ids=[what for what, _, _ in SAME])
def test_text_is_read_as_its_parse_function_reads_it(
    what: str, text: Callable[[], Any], objects: Callable[[], Any]
) -> None:
    assert text() == objects(), what


def test_a_bad_token_in_text_is_the_card_error_naming_it() -> None:
    with pytest.raises(cards.CardError, match="bad rank 'Z'"):
        baccarat.Composition.decks(1).removing("5 Z")
    with pytest.raises(cards.CardError, match="bad card 'Zz'"):
        baccarat.hand_total("9s Zz")


@pytest.mark.parametrize(
    "build",
    [
        lambda: casino.Move(casino.Action.CAPTURE, cards.parse_card("S5"), untyped("H5")),
        lambda: casino.Build(untyped(("D5 H2",)), casino.Player.HUMAN),
        lambda: poker.EquityQuestion((poker.Range.parse("AA"),) * 2, untyped("2c 7d 9h")),
    ],
)
def test_a_value_s_constructor_takes_values_only(build: Callable[[], object]) -> None:
    with pytest.raises(TypeError, match="not a str: parse_cards"):
        build()
