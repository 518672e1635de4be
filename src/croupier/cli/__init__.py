"""The ``croupier`` command: a lobby, and one command group per game.

``croupier`` alone opens the lobby; ``croupier baccarat play`` and the other commands
run directly. The commands only parse options, call the library and render.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import typer

from croupier import __version__
from croupier.cli.console import (
    CONTEXT_SETTINGS,
    INTERRUPTED,
    CroupierGroup,
    Prompter,
    make_console,
)
from croupier.cli.lazy import lazy_callable, lazy_group_class

#: The game groups and ``serve``, imported only when used: name -> (their Typer app or
#: command, summary).
GAMES = {
    "baccarat": (
        "croupier.cli.baccarat:app",
        "Punto banco Baccarat: play at the table, exact odds, simulation, card counting.",
    ),
    "poker": (
        "croupier.cli.poker:app",
        "Poker hands: compare two hands, equity with unknown cards, equity of ranges.",
    ),
    "casino": (
        "croupier.cli.casino:app",
        "Casino, the capture game: play the computer, review your game, run strategy arenas, "
        "inspect saves.",
    ),
    "serve": (
        "croupier.cli.serve:serve",
        "Play in the browser: the Baccarat table, the poker calculator and Casino. Ctrl-C stops.",
    ),
}

__all__ = ["app", "main"]

app = typer.Typer(
    name="croupier",
    cls=lazy_group_class(GAMES, CroupierGroup),
    help="Casino card games and their exact maths: Baccarat, poker hands, Casino.",
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings=CONTEXT_SETTINGS,
)


#: The lobby's games: key, label, and the command to run with its default options.
LOBBY_GAMES: list[tuple[str, str, Callable[[], None]]] = [
    (
        "1",
        "Baccarat: bet on banker, player or tie at the table",
        lazy_callable("croupier.cli.baccarat.play:play"),
    ),
    (
        "2",
        "Poker: which of two hands wins",
        lazy_callable("croupier.cli.poker:compare_at_the_table"),
    ),
    (
        "3",
        "Casino: a tournament to 21 points against the computer",
        lazy_callable("croupier.cli.casino.commands:play"),
    ),
]


@app.callback(invoke_without_command=True)
def root(
    ctx: typer.Context,
    version: Annotated[
        bool, typer.Option("--version", help="Show croupier's version and exit.")
    ] = False,
) -> None:
    """Casino card games and their exact maths. Run without a command for the lobby;
    ``croupier --version`` shows the version (answered before any parsing, see
    :class:`~croupier.cli.console.CroupierGroup`; listed here so that help shows it)."""
    if version:
        typer.echo(f"croupier {__version__}")
        raise typer.Exit
    if ctx.invoked_subcommand is None:
        lobby()


def lobby() -> None:
    """Pick a game or quit; after a game, come back here."""
    console = make_console()
    prompter = Prompter(console)
    while True:
        console.print(f"[bold]croupier {__version__}[/bold]: pick a game")
        for key, label, _ in LOBBY_GAMES:
            console.print(f"  [bold cyan]{key}[/bold cyan]  {label}")
        console.print("  [bold cyan]q[/bold cyan]  Quit")
        try:
            answer = prompter.ask("Your choice: ").strip().lower()
        except EOFError:
            console.print()
            return
        except KeyboardInterrupt:  # Ctrl-C, or a signal (the exit code tells which)
            console.print()
            raise typer.Exit(INTERRUPTED) from None
        if answer in ("q", "quit", "exit"):
            return
        game = next((run for key, _, run in LOBBY_GAMES if key == answer), None)
        if game is None:
            console.print(f"No game {answer!r}: type a number from the list, or q to quit.")
            continue
        try:
            game()
        except typer.Exit as left:  # a game stopped by a signal stops croupier
            if left.exit_code == INTERRUPTED:
                raise
        console.print()


def main() -> None:
    """Entry point of the ``croupier`` console script."""
    app()
