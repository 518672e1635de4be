"""Cards on the terminal: red hearts and diamonds, plain text when not a terminal."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from croupier.cards import parse_cards
from croupier.cli.console import make_console
from croupier.cli.render import card_text, cards_text


def rendered() -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, color_system="standard", width=80)
    console.print(cards_text(parse_cards("Ah Ks 10d")))
    return buffer.getvalue()


def test_suits_are_coloured_on_a_terminal() -> None:
    out = rendered()
    assert "\x1b[1;31mA♥" in out  # bold red
    assert "\x1b[1mK♠" in out  # bold, terminal colour
    assert "\x1b[1;31m10♦" in out


def test_plain_when_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    make_console().print(cards_text(parse_cards("Ah Ks 10d")))
    assert capsys.readouterr().out == "A♥ K♠ 10♦\n"


def test_casino_notation() -> None:
    assert card_text(parse_cards("Td")[0], "casino").plain == "DX"
