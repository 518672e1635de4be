"""The scoreboard at the terminal tells red from blue however it is drawn: in colour as
dots, and as ``r`` and ``b`` without colour, whether the output is a pipe or a terminal
with ``NO_COLOR`` set (there the derived roads and the ask road drew both as ``●``)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from croupier.baccarat.rules import Outcome
from croupier.baccarat.scoreboard import Bead
from croupier.cli.baccarat.roads import scoreboard

P, B = Outcome.PLAYER, Outcome.BANKER
#: A shoe whose derived roads hold both colours.
SHOE = [Bead(o) for o in (B, B, P, B, P, P, B, B, B, P, B, P, P, P, B, P, B, B)]


def _drawn(console: Console) -> str:
    return "\n".join(line.plain for line in scoreboard(SHOE, console))


@pytest.mark.parametrize(
    "console",
    [
        Console(file=io.StringIO(), width=100, force_terminal=True, no_color=True),
        Console(file=io.StringIO(), width=100, force_terminal=False),
    ],
    ids=["NO_COLOR on a terminal", "a pipe"],
)
def test_without_colour_red_and_blue_are_letters(console: Console) -> None:
    drawn = _drawn(console)
    assert "●" not in drawn
    ask = next(line for line in drawn.splitlines() if line.startswith("Ask road"))
    marks = ask.split("if banker ")[1].split(",")[0] + ask.split("if player ")[1]
    assert set(marks.strip()) <= {"r", "b", "-"} and {"r", "b"} <= set(marks)


def test_no_color_in_the_environment_is_heard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    drawn = _drawn(Console(file=io.StringIO(), width=100, force_terminal=True))
    assert "●" not in drawn and "r" in drawn.split("Ask road")[1]


def test_in_colour_the_marks_are_dots_in_red_and_blue() -> None:
    console = Console(file=io.StringIO(), width=100, force_terminal=True, color_system="standard")
    lines = scoreboard(SHOE, console)
    ask = next(line for line in lines if line.plain.startswith("Ask road"))
    dots = {str(span.style) for span in ask.spans if ask.plain[span.start : span.end] == "●"}
    assert dots == {"bold red", "bold blue"}
