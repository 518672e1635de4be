"""Named choices read from text, one helper for every enum that reads its members: by
word or first letter, any case, and one form of error."""

from __future__ import annotations

import enum
from collections.abc import Callable

import pytest

from croupier.cards import CardError, CardStyle
from croupier.casino import Action, CasinoError, InvalidMoveError, Player
from croupier.casino.levels import Level
from croupier.casino.tournament import Coin
from croupier.choices import parse_choice

#: Each parser, its error, its message for "Nonsense", and one word it reads.
PARSERS: list[tuple[Callable[[str], enum.Enum], type[Exception], str, str]] = [
    (
        CardStyle.parse,
        CardError,
        "bad card style 'Nonsense': expected str, pretty or casino",
        "pretty",
    ),
    (
        Action.parse,
        InvalidMoveError,
        "bad action 'Nonsense': expected trail, capture, build or increase (t, c, b, i)",
        "build",
    ),
    (
        Level.parse,
        CasinoError,
        "bad level 'Nonsense': expected beginner, casual, strong or expert",
        "strong",
    ),
    (Coin.parse, CasinoError, "bad call 'Nonsense': expected heads or tails (h or t)", "heads"),
    (Player.parse, CasinoError, "bad player 'Nonsense': expected Human or Computer", "human"),
]


@pytest.mark.parametrize(("parse", "error", "message", "word"), PARSERS)
def test_every_choice_reads_its_words_in_any_case_and_refuses_the_rest_alike(
    parse: Callable[[str], enum.Enum], error: type[Exception], message: str, word: str
) -> None:
    with pytest.raises(error) as refused:
        parse("  Nonsense ")
    assert str(refused.value) == message
    assert parse(f" {word.upper()} ") is parse(word)


def test_first_letters_and_aliases() -> None:
    assert Action.parse("C") is Action.CAPTURE and Coin.parse("t") is Coin.TAILS
    assert Level.parse("GREEDY") is Level.CASUAL
    with pytest.raises(CardError):
        CardStyle.parse("p")  # no letters for card styles


def test_the_helper_names_what_it_read() -> None:
    class Door(enum.StrEnum):
        OPEN = "open"

    assert parse_choice(Door, "OPEN", "door", ValueError) is Door.OPEN
    with pytest.raises(ValueError, match=r"^bad door 'shut': expected open$"):
        parse_choice(Door, "shut", "door", ValueError)
