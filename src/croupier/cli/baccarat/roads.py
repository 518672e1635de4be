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

from croupier.baccarat.rules import Outcome
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

__all__ = ["SPARKS", "next_cell_line", "scoreboard", "sparkline", "streak_line", "tally_line"]

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
    """``Shoe: 23 rounds · banker 11 (47.8%) · player 10 (43.5%) · tie 2 (8.7%) · pairs:
    player 1, banker 3 · naturals 7``."""
    line = Text(f"Shoe: {plural(tally.rounds, 'round')}")
    sides = (
        (Outcome.BANKER, tally.banker, SIDE_STYLE["banker"]),
        (Outcome.PLAYER, tally.player, SIDE_STYLE["player"]),
        (Outcome.TIE, tally.tie, "bold green"),
    )
    for outcome, wins, style in sides:
        share = f" ({tally.share(outcome):.1%})" if tally.rounds else ""
        line.append(" · ")
        line.append(f"{outcome.value} {wins}{share}", style=style)
    line.append(
        f" · pairs: player {tally.player_pairs}, banker {tally.banker_pairs}"
        f" · naturals {tally.naturals}"
    )
    return line


def streak_line(tally: ShoeTally) -> Text:
    """``Streaks: longest banker 5, player 3 · now banker 2`` (a tie breaks no streak)."""
    line = Text("Streaks: longest ")
    line.append(f"banker {tally.longest_banker}", style=SIDE_STYLE["banker"])
    line.append(", ")
    line.append(f"player {tally.longest_player}", style=SIDE_STYLE["player"])
    if tally.streak_side is not None:
        line.append(" · now ")
        side = tally.streak_side.value
        line.append(f"{side} {tally.streak}", style=SIDE_STYLE[side])
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


def next_cell_line(asked: AskRoad, last: RoadCell | None) -> Text:
    """Where a banker win and a player win would be drawn in the big road next:
    ``Next in the big road: banker below the last mark (column 3, row 2) · player in a new
    column (column 4, row 1)`` (columns and rows counted from 1)."""
    line = Text("Next in the big road: ")
    for side, (column, row) in (("banker", asked.banker_at), ("player", asked.player_at)):
        if last is None:
            where = "first"
        elif (column, row) == (last.column, last.row + 1):
            where = "below the last mark"
        elif row == last.row and column == last.column + 1 and side == last.outcome.value:
            where = "right of the last mark (a dragon tail)"
        else:
            where = "in a new column"
        if side == "player":
            line.append(" · ")
        line.append(side, style=SIDE_STYLE[side])
        line.append(f" {where} (column {column + 1}, row {row + 1})")
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
    asked = ask_road(beads)
    cells = big_road(beads)
    lines += [_ask_line(asked, plain), next_cell_line(asked, cells[-1] if cells else None)]
    tally = shoe_tally(beads)
    lines += [tally_line(tally), streak_line(tally)]
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
