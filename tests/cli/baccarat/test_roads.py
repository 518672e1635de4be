"""The scoreboard at the terminal tells red from blue however it is drawn: in colour as
dots, and as ``r`` and ``b`` without colour, whether the output is a pipe or a terminal
with ``NO_COLOR`` set (there the derived roads and the ask road drew both as ``●``);
and it says where the next win of each side falls in the big road."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from croupier.baccarat.rules import Outcome
from croupier.baccarat.scoreboard import Bead, ask_road, big_road
from croupier.cli.baccarat.roads import next_cell_line, scoreboard

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


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        ("", "banker first (column 1, row 1) · player first (column 1, row 1)"),
        ("BBBBBB", "banker right of the last mark (a dragon tail) (column 2, row 6) · player "
         "in a new column (column 2, row 1)"),
        ("BBP", "banker in a new column (column 3, row 1) · player below the last mark "
         "(column 2, row 2)"),
    ],
)  # fmt: skip
def test_the_next_cell_of_each_side_in_the_big_road(results: str, expected: str) -> None:
    sides = {"B": Outcome.BANKER, "P": Outcome.PLAYER}
    beads = [Bead(sides[letter]) for letter in results]
    road = big_road(beads)
    line = next_cell_line(ask_road(beads), road[-1] if road else None)
    assert line.plain == "Next in the big road: " + expected
