"""``croupier poker range``: what a range text means in a game (its hands, their count
and, in the two-card games, the grid of starting-hand classes)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from croupier.cli.console import make_console
from croupier.cli.options import GameOption

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from croupier.poker.ranges.report import RangeGrid, RangeReport

__all__ = ["narrow_command", "range_command", "range_grid_table", "show_range"]

#: A cell's mark and style by how much of its live combos the range holds.
_FULL = ("", "bold black on green")
_PART = ("~", "black on yellow")
_NONE = ("", "dim")


def range_command(
    range_text: Annotated[
        str,
        typer.Argument(
            metavar="RANGE",
            help="The range: hold'em and short-deck 'TT+, AQs+', '15%', 'JJ@50', 'AhKh'; "
            "Omaha and Omaha-5 the generic syntax: 'AA', 'AA!AAA', 'AxAyxy', 'KK:xxyy', "
            "'RRON', '10%', 'AA@50, KK', as well as hands ('AsAhKsKh', 'AsAh??').",
            show_default=False,
        ),
    ],
    game: GameOption = "holdem",
    board: Annotated[
        str | None, typer.Option(help="Board cards: 0, 3, 4 or 5 ('Ks 7d 2c').")
    ] = None,
    dead: Annotated[str | None, typer.Option(help="Cards known to be out of play.")] = None,
    list_hands: Annotated[
        bool, typer.Option("--list", help="Also list every hand (with its weight if not 1).")
    ] = False,
    keep: Annotated[
        list[str] | None,
        typer.Option(
            help="With --board, narrow the range to the combos whose made hand or any draw "
            "is this category, as 'poker hits' names it ('set', 'top pair, good kicker', "
            "'flush draw'); repeat it for several.",
            show_default=False,
            metavar="CATEGORY",
        ),
    ] = None,
    drop: Annotated[
        list[str] | None,
        typer.Option(
            help="With --board, then leave out the combos with this made hand or draw "
            "(alone: every combo but those); repeat it for several.",
            show_default=False,
            metavar="CATEGORY",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """What a range means: how many hands it holds once the board and dead cards are out,
    of how many the deck deals, and (hold'em, short-deck) its grid of classes.

    Hands holding a board or dead card are left out. Weighted counts count each hand by
    its weight (JJ@50: half). In the grid a cell is green when the range holds every live
    combo of the class at full weight, yellow and marked ~ when it holds part of them.

    With --keep and --drop the range is narrowed by what it hits on the board (the
    categories of 'poker hits'): a combo is kept when its made hand or any of its draws
    is kept, then dropped if one is dropped, at its weight; the narrowed range is printed
    as range text that every command reads, for the next street.
    """
    from croupier.poker.ranges.report import describe_range

    if keep or drop:
        narrow_command(range_text, game, board, dead, keep or [], drop or [], as_json, list_hands)
        return
    report = describe_range(range_text, game, board=board, dead=dead)
    if as_json:
        typer.echo(json.dumps(report.to_dict(hands=list_hands)))
    else:
        show_range(make_console(), report, list_hands=list_hands)


def narrow_command(
    range_text: str,
    game: str,
    board: str | None,
    dead: str | None,
    keep: list[str],
    drop: list[str],
    as_json: bool,
    list_hands: bool,
) -> None:
    """``poker range --keep/--drop``: the range narrowed on the board, as text and counts
    (and its grid, and if asked every combo kept with what it makes)."""
    from rich.text import Text

    from croupier.cli.console import fail
    from croupier.cli.poker_hits import hit_line
    from croupier.cli.render import cards_text
    from croupier.poker.games import variant_of
    from croupier.poker.hits.narrow import narrow
    from croupier.poker.ranges.report import describe_range

    if not board:
        fail("--keep and --drop narrow the range by what it hits on a board: give --board")
    narrowed = narrow(range_text, board=board, dead=dead, game=game, keep=keep, drop=drop)
    if as_json:
        typer.echo(json.dumps(narrowed.to_dict(hands=list_hands)))
        return
    console = make_console()
    console.print(f"Range: {narrowed.range} ({variant_of(narrowed.game).label})", markup=False)
    console.print(Text.assemble("Board: ", cards_text(narrowed.board)))
    if narrowed.dead:
        console.print(Text.assemble("Dead: ", cards_text(narrowed.dead)))
    if narrowed.keep:
        console.print("Kept: " + "; ".join(c.value for c in narrowed.keep))
    if narrowed.drop:
        console.print("Dropped: " + "; ".join(c.value for c in narrowed.drop))
    hands = "holdings" if not variant_of(narrowed.game).two_card else "combos"
    weighted = (
        ""
        if narrowed.weight == narrowed.count and narrowed.of_weight == narrowed.of
        else f" ({_amount(narrowed.weight)} of {_amount(narrowed.of_weight)} weighted)"
    )
    console.print(f"Narrowed: {narrowed.count:,} of {narrowed.of:,} {hands}{weighted}")
    if not narrowed.text:
        console.print("No combo is kept: the narrowed range is empty.")
        return
    console.print(Text.assemble("Range now: ", (narrowed.text, "bold")), soft_wrap=True)
    grid = describe_range(narrowed.text, narrowed.game, board=board, dead=dead).grid()
    if grid is not None:
        console.print()
        console.print(range_grid_table(grid))
    if list_hands:
        console.print()
        for hit in narrowed.combos:
            console.print(hit_line(hit))


def _amount(value: float) -> str:
    """A weighted count: 21, 10,420.5, 3.25."""
    return f"{value:,.2f}".rstrip("0").rstrip(".")


def show_range(console: Console, report: RangeReport, *, list_hands: bool) -> None:
    """The range as read, the cards out, the counts, the grid and, if asked, every hand."""
    from rich.text import Text

    from croupier.cli.render import cards_text
    from croupier.numerals import percent
    from croupier.poker.games import variant_of

    console.print(f"Range: {report.text} ({variant_of(report.game).label})", markup=False)
    if report.board:
        console.print(Text.assemble("Board: ", cards_text(report.board)))
    if report.dead:
        console.print(Text.assemble("Dead: ", cards_text(report.dead)))
    amount = f"{report.weighted:,.2f}".rstrip("0").rstrip(".")  # 21, 10,420.5, 3.25
    weighted = "" if report.weighted == report.count else f", {amount} weighted"
    share = "under 0.01%" if 0 < report.share < 0.0001 else percent(report.share, 2)
    console.print(
        f"Hands: {report.count:,}{weighted}, of {report.possible:,} the deck deals ({share})"
    )
    grid = report.grid()
    if grid is not None:
        console.print()
        console.print(range_grid_table(grid))
        console.print(
            "Every live combo of the class: its name; part of them (or a weight below 1): "
            "~; none: ·",
            style="dim",
        )
    if list_hands:
        console.print()
        for text, weight in zip(report.hand_texts(), report.weights.tolist(), strict=True):
            console.print(text if weight == 1 else f"{text} (weight {weight:g})")


def range_grid_table(grid: RangeGrid) -> Table:
    """The grid of classes (13x13, short-deck 9x9), ace first: each class the range holds
    by its name, green when whole, yellow and marked ~ when in part, a dot otherwise."""
    from rich.table import Table
    from rich.text import Text

    size = len(grid.ranks)
    share = grid.share()
    table = Table(box=None, show_header=False, pad_edge=False, padding=(0, 0))
    for _ in range(size):
        table.add_column(no_wrap=True)
    for row in range(size):
        cells = []
        for column in range(size):
            if grid.combos[row, column] <= 0:
                mark, style = _NONE
                text = " ·   "
            else:
                mark, style = _FULL if share[row, column] >= 1 else _PART
                text = f"{grid.label(row, column) + mark:<5}"
            cells.append(Text(text, style=style))
        table.add_row(*cells)
    return table
