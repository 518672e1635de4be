"""``croupier poker ranges ...``: the ranges kept by name (``@name`` in any range text)
and the presets: list, save, show, delete, export and import.

The saved ranges are this machine's file (:func:`croupier.poker.ranges.saved.book_path`),
the one ``croupier serve`` reads too; every rule (a name, a text that reads in its game,
a preset that cannot be replaced) is the library's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from croupier.cli.console import command_group, make_console, print_trimmed
from croupier.cli.options import GameOption, file_argument, file_name
from croupier.numerals import plural

if TYPE_CHECKING:
    from croupier.poker.ranges.saved import RangeBook, RangeFile

__all__ = ["app"]

app = command_group(
    "ranges",
    "Ranges kept by name, used as @NAME in any range (poker calc, hits, range, the web "
    "page), and the presets.",
)

NameArgument = Annotated[
    str,
    typer.Argument(
        metavar="NAME",
        help="The range's name: a letter, then letters, digits, - or _ (a leading @ is allowed).",
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]


def _file() -> RangeFile:
    from croupier.poker.ranges.saved import RangeFile, book_path

    return RangeFile(book_path())


@app.command(name="list")
def list_ranges(
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            help="Only this game's ranges (holdem, omaha, omaha5, shortdeck, "
            "shortdeck-straights); default: every game's.",
            metavar="GAME",
            show_default=False,
        ),
    ] = None,
    saved_only: Annotated[
        bool, typer.Option("--saved", help="Only the saved ranges, not the presets.")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Every name a range may use: the saved ranges, then the presets (with what each
    is), with their game and text."""
    from croupier.poker.games import variant_of
    from croupier.poker.ranges.saved import presets

    chosen = None if game is None else variant_of(game).game
    book = _file().read()
    rows = [
        {"name": r.name, "game": r.game.value, "text": r.text, "preset": False, "about": ""}
        for r in book.saved
        if chosen is None or r.game is chosen
    ]
    if not saved_only:
        rows += [
            {
                "name": p.name,
                "game": p.game.value,
                "text": p.text,
                "preset": True,
                "about": p.description,
            }
            for p in presets()
            if chosen is None or p.game is chosen
        ]
    if as_json:
        typer.echo(json.dumps({"ranges": rows}))
        return
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, pad_edge=False, header_style="bold")
    for title in ("name", "game", "range", "kind"):
        table.add_column(title, overflow="fold")
    for row in rows:
        kind = "preset" if row["preset"] else "saved"
        table.add_row(Text(f"@{row['name']}"), str(row["game"]), Text(str(row["text"])), kind)
    console = make_console()
    if not rows:
        console.print("No saved ranges yet: croupier poker ranges save NAME RANGE")
        return
    print_trimmed(console, table)


@app.command(name="save")
def save_range(
    name: NameArgument,
    range_text: Annotated[
        str,
        typer.Argument(
            metavar="RANGE",
            help="The range, in the game's syntax; names in it (@btn) are replaced by their text.",
            show_default=False,
        ),
    ],
    game: GameOption = "holdem",
) -> None:
    """Keep a range under a name (replacing one of that name and game); it reads as
    @NAME in any range of that game."""
    from croupier.poker.games import variant_of
    from croupier.poker.ranges.saved import check_name

    book = _file().update(lambda book: book.with_range(name, range_text, game))
    key = check_name(name)
    text = book.find(key, game)
    make_console().print(f"Saved @{key} ({variant_of(game).label}): {text}", markup=False)


@app.command(name="show")
def show_range(
    name: NameArgument, game: GameOption = "holdem", as_json: JsonOption = False
) -> None:
    """The text a name stands for in a game (a saved range, else a preset)."""
    from croupier.poker.games import variant_of
    from croupier.poker.ranges.saved import check_name

    key = check_name(name)
    text = _file().read().find(key, game)
    chosen = variant_of(game)
    if as_json:
        typer.echo(json.dumps({"name": key, "game": chosen.game.value, "text": text}))
    else:
        make_console().print(f"@{key} ({chosen.label}): {text}", markup=False)


@app.command(name="delete")
def delete_range(name: NameArgument, game: GameOption = "holdem") -> None:
    """Forget a saved range (presets stay)."""
    from croupier.poker.games import variant_of
    from croupier.poker.ranges.saved import check_name

    _file().update(lambda book: book.without(name, game))
    make_console().print(f"Deleted @{check_name(name)} ({variant_of(game).label})")


@app.command(name="export")
def export_ranges(
    file: Annotated[
        Path | None,
        typer.Argument(
            help="Where to write them (default: standard output).",
            show_default=False,
            parser=file_name("FILE", writes=True),
            metavar="FILE",
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """The saved ranges as text, one a line (NAME GAME RANGE), as import reads them."""
    book = _file().read()
    text = json.dumps(book.to_dict()) + "\n" if as_json else book.to_text()
    if file is None or str(file) == "-":
        typer.echo(text, nl=False)
        return
    _write(text, file)
    make_console().print(f"Exported {_count(book)} to {file}", markup=False)


@app.command(name="import")
def import_ranges(
    file: Annotated[
        Path,
        file_argument("FILE", "Ranges as export writes them ('-': standard input)."),
    ],
) -> None:
    """Add the ranges of a file (NAME GAME RANGE, one a line) to the saved ones,
    replacing those of the same name and game; a bad line stops it, nothing saved."""
    from croupier.poker.ranges.saved import RangeBook, RangeNameError
    from croupier.textfile import read_text

    source = None if str(file) == "-" else file
    text = read_text(source, RangeNameError)
    where = "standard input" if source is None else str(file)
    _file().update(lambda book: RangeBook.from_text(text, where, into=book))
    lines = [line for line in text.splitlines() if line.strip()]
    make_console().print(
        f"Imported {plural(sum(not line.lstrip().startswith('#') for line in lines), 'range')}"
    )


def _count(book: RangeBook) -> str:
    return plural(len(book.saved), "range")


def _write(text: str, file: Path) -> None:
    from croupier.cli.console import fail
    from croupier.textfile import write_atomic

    try:
        write_atomic(text, file)
    except OSError as error:
        fail(f"cannot write {file}: {error.strerror or error}")
