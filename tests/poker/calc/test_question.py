"""EquityQuestion: built from text or values, checked once, refused in one line that
names the player or the card."""

from __future__ import annotations

import dataclasses
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.cards import DECK, Card, parse_cards
from croupier.poker import EquityQuestion, PokerCardError, PokerError, calculate, exact_seconds
from croupier.poker.calc import MAX_PLAYERS, MIN_PLAYERS
from croupier.poker.calc import question as question_module
from croupier.poker.ranges.holdem import Range, RangeError

from ...untyped import assign, untyped


def test_text_and_values_give_the_same_question() -> None:
    parsed = EquityQuestion.parse(["AhKh", "QQ+, AKs"], board="2c 7d 9h", dead="3s")
    built = EquityQuestion(
        (Range.parse("AhKh"), Range.parse("QQ+, AKs")), parse_cards("2c 7d 9h"), parse_cards("3s")
    )
    assert parsed == built and parsed.players == 2
    assert EquityQuestion.parse([Range.parse("AhKh"), "QQ"], board=parse_cards("2c 7d 9h")).board
    assert EquityQuestion.parse(["AA", "KK"]).board == () == EquityQuestion.parse(["AA", "KK"]).dead


def test_the_question_is_a_frozen_value_of_tuples() -> None:
    question = EquityQuestion(untyped([Range.parse("AA"), Range.parse("KK")]), untyped([]))
    assert isinstance(question.ranges, tuple) and question.board == ()
    with pytest.raises(dataclasses.FrozenInstanceError):
        assign(question, "board", ())


def test_single_hands_are_listed_by_player() -> None:
    question = EquityQuestion.parse(["AhKh", "QQ", "7c 2d"])
    assert question.hands == {1: (Card.parse("Ah"), Card.parse("Kh")), 3: parse_cards("7c 2d")}


BAD = [
    (["AhKh"], None, None, PokerError, "1 range given for 1 player: expected 2 to 10"),
    (["QQ"] * 11, None, None, PokerError, "11 ranges given for 11 players"),
    (["AhKh", "QQ, 2x"], None, None, RangeError, "player 2: bad range token '2x' at position 2"),
    (["AhKh", "QQ"], "2c 3c", None, PokerError, "board: 2 cards: expected 0, 3, 4 or 5"),
    (["AhKh", "QQ"], "2c 3c 4c 5c 6c 7c", None, PokerError, "board: 6 cards"),
    (["AhKh", "QQ"], "2c 3c Zz", None, PokerCardError, "board: bad card 'Zz' at position 3"),
    (["AhKh", "QQ"], None, "2c Zz", PokerCardError, "dead cards: bad card 'Zz' at position 2"),
    (
        ["AhKh", "QQ"],
        "2c 3c 2c",
        None,
        PokerCardError,
        "board: card '2c' at position 3 repeats position 1",
    ),
    (
        ["AhKh", "QQ"],
        None,
        "2c 3c 2c",
        PokerCardError,
        "dead cards: card '2c' at position 3 repeats position 1",
    ),
    (["AhKh", "QQ"], "2c 3c 4c", "4c", PokerCardError, "card 4c is both on the board and dead"),
    (
        ["As Ks", "As Qs"],
        None,
        None,
        PokerCardError,
        "card As is in player 1 and in player 2: two players cannot hold the same card",
    ),
    (["AA", "As Ks"], "Ks 2c 3c", None, PokerCardError, "card Ks is in player 2 and in the board"),
    (["AsKs", "QQ"], None, "Ks", PokerCardError, "card Ks is in player 1 and in the dead cards"),
    (
        ["AhKh", "AA"],
        "As Ad Ac",
        None,
        PokerError,
        "player 2's range 'AA' has no combo left once the board and dead cards are removed",
    ),
    (
        ["AhAd", "AA", "AsAc"],
        None,
        None,
        PokerError,
        "player 2's range 'AA' has no combo left once the board, the dead cards and the other "
        "players' hands (player 1's AhAd, player 3's AsAc) are removed",
    ),
    (
        ["AA", "KK"],
        None,
        " ".join(f"{r}{s}" for r in "23456789TJQ" for s in "cdhs"),
        PokerError,
        "2 players need 53 cards with the board and the dead cards: the Texas hold'em deck "
        "has 52 (at most 1 player)",
    ),
]


@pytest.mark.parametrize(("ranges", "board", "dead", "kind", "message"), BAD)
def test_bad_questions_are_refused_in_one_line_naming_what_is_wrong(
    ranges: list[str], board: str | None, dead: str | None, kind: type[Exception], message: str
) -> None:
    with pytest.raises(kind) as info:
        EquityQuestion.parse(ranges, board, dead)
    assert str(info.value).startswith(message) and "\n" not in str(info.value)
    # the same check whichever way the question comes
    with pytest.raises(kind, match=re.escape(str(info.value))):
        calculate(ranges, board=board, dead=dead, trials=10)


def test_an_empty_range_is_refused() -> None:
    with pytest.raises(PokerError, match="player 1's range is empty"):
        EquityQuestion((Range(), Range.parse("QQ")))


def test_the_player_counts_are_the_library_s() -> None:
    assert (MIN_PLAYERS, MAX_PLAYERS) == (2, 10)
    assert EquityQuestion.parse(["random"] * MAX_PLAYERS).players == MAX_PLAYERS


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: EquityQuestion(untyped(("AA", "KK"))), r"ranges\[0\] must be a Range, not a str"),
        (lambda: EquityQuestion(untyped(None)), "ranges must be a sequence of Range"),
        (lambda: EquityQuestion((Range.parse("AA"),) * 2, untyped("2c 7d 9h")), "board must"),
        (lambda: EquityQuestion((Range.parse("AA"),) * 2, dead=untyped([1])), r"dead\[0\]"),
        (lambda: EquityQuestion.parse(untyped("AA KK")), "ranges must be a sequence"),
        (lambda: EquityQuestion.parse(untyped(["AA", 3])), r"ranges\[1\] must be a Range"),
    ],
)
def test_wrong_types_are_type_errors_naming_the_argument(call: object, message: str) -> None:
    assert callable(call)
    with pytest.raises(TypeError, match=message):
        call()


def test_calculate_and_exact_seconds_take_the_question() -> None:
    question = EquityQuestion.parse(["AhQh", "JJ+, AQs+"], board="Ks 7h 2h", dead="Ac")
    given_apart = calculate(["AhQh", "JJ+, AQs+"], board="Ks 7h 2h", dead="Ac")
    assert calculate(question) == given_apart and given_apart.exact
    assert exact_seconds(question) == exact_seconds(
        ["AhQh", "JJ+, AQs+"], board="Ks 7h 2h", dead="Ac"
    )
    with pytest.raises(TypeError, match="board and dead must be None with an EquityQuestion"):
        calculate(question, board="2c 3c 4c")


@given(st.permutations(DECK), st.integers(0, 4), st.sampled_from([0, 3, 4, 5]), st.integers(0, 3))
def test_a_card_named_twice_anywhere_is_refused_naming_it(
    deck: list[Card], hands: int, board: int, dead: int
) -> None:
    """Single hands, board and dead cards drawn from a shuffled deck make a question; the
    same with a card of a hand or of the board also dead is refused, naming that card."""
    players = [deck[2 * i : 2 * i + 2] for i in range(hands)]
    rest = deck[2 * hands :]
    ranges = tuple([Range.parse(f"{a}{b}") for a, b in players] + [Range.parse("random")] * 2)
    board_cards, dead_cards = tuple(rest[:board]), tuple(rest[board : board + dead])
    assert EquityQuestion(ranges, board_cards, dead_cards).players == hands + 2
    named = [c for pair in players for c in pair] + list(board_cards)
    if named:
        with pytest.raises(PokerCardError, match=f"card {named[0]} is "):
            EquityQuestion(ranges, board_cards, (*dead_cards, named[0]))


def test_ranges_the_first_fitting_combos_do_not_deal_are_searched() -> None:
    """The quick check (each range's first combo that fits, smallest range first) fails
    here though a deal exists (AsKs with KsKh, no: AsAh with KsKh): the full search
    decides, and takes the question; a question no deal fits is still refused."""
    ranges = (Range.parse("AsAh, AsKs"), Range.parse("AsAh, KsKh"))
    assert not question_module._deals_greedily(ranges, 0)
    assert EquityQuestion(ranges).players == 2
    with pytest.raises(PokerError, match="cannot be dealt together"):
        EquityQuestion((Range.parse("AsAh, AsKs"), Range.parse("AsAh, AsKs, AhKs")))
