"""The scoreboard at the terminal, compactly: the big road and the three derived roads
side by side (the latest columns that fit), the ask road, the shoe's tally, and a
sparkline of the bankroll.

On a colour terminal banker is red and player blue, and derived marks are red or blue
dots; without colour (a pipe, ``NO_COLOR``) the derived marks are written ``r`` and
``b`` so the board still reads. A tie is a ``/`` after the big road cell it follows
(a digit for two or more).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from croupier.baccarat.scoreboard import (
    BOARD_ROWS,
    DERIVED_ROADS,
    AskRoad,
    Bead,
    Colour,
    RoadCell,
    RoadMark,
    ShoeTally,
    ask_road,
    big_road,
    derived_road,
    shoe_tally,
)
from croupier.numerals import plural

__all__ = ["SPARKS", "scoreboard", "sparkline", "tally_line"]

SIDE_STYLE = {"banker": "bold red", "player": "bold blue"}
COLOUR_STYLE = {Colour.RED: "bold red", Colour.BLUE: "bold blue"}
#: The eight heights of a sparkline.
SPARKS = "▁▂▃▄▅▆▇█"
GAP = " │ "
NAMES = [road.name for road in DERIVED_ROADS.values()]


def _window(columns: int, room: int) -> int:
    """The first column shown when ``room`` columns fit and ``columns`` are used."""
    return max(0, columns - room)


def _big_road_rows(cells: Sequence[RoadCell], room: int) -> list[Text]:
    columns = 1 + max((c.column for c in cells), default=-1)
    first = _window(columns, room)
    grid: dict[tuple[int, int], RoadCell] = {(c.column, c.row): c for c in cells}
    rows = []
    for row in range(BOARD_ROWS):
        line = Text()
        for column in range(first, first + room):
            cell = grid.get((column, row))
            if cell is None:
                line.append("·  ", style="dim")
                continue
            line.append(cell.outcome.value[0].upper(), style=SIDE_STYLE[cell.outcome.value])
            tie = "" if not cell.ties else "/" if cell.ties == 1 else str(min(cell.ties, 9))
            line.append(tie.ljust(2), style="bold green")
        rows.append(line)
    return rows


def _mark_text(colour: Colour | None, plain: bool) -> Text:
    if colour is None:
        return Text("-", style="dim")
    return Text(colour.value[0] if plain else "●", style=COLOUR_STYLE[colour])


def _derived_rows(marks: Sequence[RoadMark], room: int, plain: bool) -> list[Text]:
    columns = 1 + max((m.column for m in marks), default=-1)
    first = _window(columns, room)
    grid = {(m.column, m.row): m.colour for m in marks}
    rows = []
    for row in range(BOARD_ROWS):
        line = Text()
        for column in range(first, first + room):
            colour = grid.get((column, row))
            line.append_text(_mark_text(colour, plain) if colour else Text("·", style="dim"))
        rows.append(line)
    return rows


def tally_line(tally: ShoeTally) -> Text:
    """``Shoe: 23 rounds · banker 11 · player 10 · tie 2 · pairs 1 P, 3 B · naturals 7``."""
    line = Text(f"Shoe: {plural(tally.rounds, 'round')} · ")
    line.append(f"banker {tally.banker}", style=SIDE_STYLE["banker"])
    line.append(" · ")
    line.append(f"player {tally.player}", style=SIDE_STYLE["player"])
    line.append(" · ")
    line.append(f"tie {tally.tie}", style="bold green")
    line.append(
        f" · pairs: player {tally.player_pairs}, banker {tally.banker_pairs}"
        f" · naturals {tally.naturals}"
    )
    return line


def _ask_line(asked: AskRoad, plain: bool) -> Text:
    line = Text("Ask road (big eye boy, small road, cockroach pig): if ")
    for side, marks in (("banker", asked.banker), ("player", asked.player)):
        line.append(side, style=SIDE_STYLE[side])
        line.append(" ")
        for key in DERIVED_ROADS:
            line.append_text(_mark_text(marks[key], plain))
        line.append(", if " if side == "banker" else "")
    return line


def scoreboard(beads: Sequence[Bead], console: Console) -> list[Text]:
    """The lines of the scoreboard for the current shoe's rounds, fitted to the console."""
    plain = console.color_system is None or console.no_color  # NO_COLOR on a terminal too
    width = max(console.width, 60)
    # The big road takes three characters a column, each derived road one.
    derived_room = max((width - 3 * len(GAP)) // 6, max(map(len, NAMES)))
    big_room = (width - 3 * len(GAP) - 3 * derived_room) // 3
    titles = Text("Big road".ljust(3 * big_room))
    for road in DERIVED_ROADS.values():
        titles.append(GAP + road.name.ljust(derived_room))
    blocks = [_big_road_rows(big_road(beads), big_room)]
    blocks += [
        _derived_rows(derived_road(beads, key), derived_room, plain) for key in DERIVED_ROADS
    ]
    lines = [titles]
    for row in range(BOARD_ROWS):
        line = Text()
        for index, block in enumerate(blocks):
            if index:
                line.append(GAP, style="dim")
            line.append_text(block[row])
        lines.append(line)
    lines.append(_ask_line(ask_road(beads), plain))
    lines.append(tally_line(shoe_tally(beads)))
    return [Text(line.plain.rstrip()) if plain else line for line in lines]


def sparkline(values: Sequence[int], width: int = 60) -> str:
    """``values`` as a line of block characters, lowest to highest, at most ``width`` wide
    (longer series are sampled evenly, keeping the last value).

    >>> sparkline([0, 5, 10, 5])
    '▁▅█▅'
    >>> sparkline([3, 3])
    '▄▄'
    """
    if not values:
        return ""
    if len(values) > width:
        step = (len(values) - 1) / (width - 1)
        values = [values[round(i * step)] for i in range(width)]
    low, high = min(values), max(values)
    if low == high:
        return SPARKS[3] * len(values)
    scale = (len(SPARKS) - 1) / (high - low)
    return "".join(SPARKS[round((v - low) * scale)] for v in values)
