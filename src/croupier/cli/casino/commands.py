"""The options of ``croupier casino play``, ``hint``, ``show``, ``moves`` and ``review``.

Only the signatures live here, so that ``--help`` and option errors need no game code: each
command imports its implementation (the engine, NumPy) when it runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from croupier.cli.options import (
    DEFAULT_DEADLINE,
    DeadlineOption,
    SchedulerOption,
    SeedOption,
    WorkersOption,
    file_argument,
    file_name,
    file_option,
)

__all__ = ["hint", "moves", "play", "puzzle", "review", "show"]

SaveFile = Annotated[
    Path,
    file_argument("SAVEFILE", "A saved game, as casino play saves it."),
]
JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
StrategyOption = Annotated[
    str | None,
    typer.Option(
        "--strategy",
        "--level",
        help="Ask a strategy instead of the judge: random, greedy, yardstick or expert, or "
        "a level: beginner, casual, strong or expert (on its --deadline).",
        show_default=False,
    ),
]


def play(
    load: Annotated[
        Path | None,
        file_option("--load", "Resume the game saved in this file."),
    ] = None,
    deck_file: Annotated[
        Path | None,
        file_option(
            "--deck-file",
            "Deal the first round from this deck (52 cards, top first, any notation).",
        ),
    ] = None,
    seed: SeedOption = None,
    open_hands: Annotated[bool, typer.Option("--open", help="Show the computer's hand.")] = False,
    level_name: Annotated[
        str | None,
        typer.Option(
            "--level",
            "--strategy",
            help="The computer's level: beginner, casual, strong or expert (the default; "
            "a saved game resumes at its own level). --strategy random, greedy or expert "
            "names the same levels.",
            show_default=False,
        ),
    ] = None,
    log_file: Annotated[
        Path | None,
        file_option(
            "--log",
            "Keep the game log (every move, for croupier casino review) in this file.",
            writes=True,
        ),
    ] = None,
    reviews: Annotated[
        bool,
        typer.Option("--review/--no-review", help="Review your moves after each round."),
    ] = True,
    deadline: DeadlineOption = DEFAULT_DEADLINE,
    pause: Annotated[
        bool,
        typer.Option(
            "--pause", help="Stop before each of the computer's moves until you let it play."
        ),
    ] = False,
    join: Annotated[
        str | None,
        typer.Option(
            "--join",
            help="Play a person at a table of a croupier server instead: the table's link "
            "(http://host:8000/casino/tables/ID, or a shared server's invitation with its "
            "join code).",
            metavar="URL",
            show_default=False,
        ),
    ] = None,
    name: Annotated[
        str | None,
        typer.Option(
            "--name",
            help="Your name at the --join table \\[default: asked]",
            metavar="NAME",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Play a tournament of Casino to 21 points against the computer, or against a person
    at a croupier server's table (--join)."""
    if join is not None:
        from croupier.cli.casino.remote import run_remote
        from croupier.cli.console import fail

        if load is not None or deck_file is not None or level_name is not None:
            fail("--join plays a server's table: --load, --deck-file and --level are not for it")
        raise typer.Exit(run_remote(join, name))
    if name is not None:
        from croupier.cli.console import fail

        fail("--name is your name at a --join table: add --join URL")
    from croupier.cli.casino.play import run_play

    code = run_play(
        load, deck_file, seed, open_hands, level_name, log_file, reviews, deadline, pause
    )
    raise typer.Exit(code)


def show(savefile: SaveFile, as_json: JsonFlag = False) -> None:
    """Draw a saved position: hands, piles, scores, the table with its builds, the deck."""
    from croupier.cli.casino.positions import show_position

    show_position(savefile, as_json)


def moves(savefile: SaveFile, as_json: JsonFlag = False) -> None:
    """List every legal move of the player to move, grouped by card and action."""
    from croupier.cli.casino.positions import list_moves

    list_moves(savefile, as_json)


def hint(
    savefile: SaveFile,
    strategy: StrategyOption = None,
    deadline: DeadlineOption = DEFAULT_DEADLINE,
    as_json: JsonFlag = False,
) -> None:
    """Recommend a move for the player to move in a saved position, with the reason.

    The hint is the judge's best move, as in casino play and the review: a fixed amount
    of search, the same on any machine; the other moves are listed with what they lose."""
    from croupier.cli.casino.positions import hint_position

    hint_position(savefile, strategy, deadline, as_json)


def review(
    games: Annotated[
        list[Path],
        typer.Argument(
            help="Game files (croupier casino play saves them), game logs, or older save "
            "files with their log next to them (game.txt: game.log).",
            show_default=False,
            parser=file_name("GAME"),
            metavar="GAME...",
        ),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
    step: Annotated[
        bool,
        typer.Option(
            "--step",
            help="Step through the game move by move: the position, the move played, the "
            "best move, the mark and the reason (Enter: next, b: back, n and p: the next "
            "and previous mistake, q: stop); then learn from your mistakes if you like.",
        ),
    ] = False,
    learn: Annotated[
        bool,
        typer.Option(
            "--learn",
            help="Learn from your mistakes: play each marked position again until you find "
            "a move as good as the best.",
        ),
    ] = False,
    workers: WorkersOption = None,
    scheduler: SchedulerOption = None,
) -> None:
    """Review every move you made in a game with the judge's eyes: the best move, the
    points lost (with their error), inaccuracies and blunders, and a summary.

    The verdicts come from a fixed amount of search: the same game gets the same marks
    on any machine, and the hints of casino play are never marked."""
    from croupier.cli.casino.review import run_review

    run_review(games, as_json, step=step, learn=learn, workers=workers, scheduler=scheduler)


def puzzle(
    history: Annotated[
        Path | None,
        file_option(
            "--history",
            "Keep your rating and every answer in this file \\[default: casino-puzzles.json "
            "in your state folder, ~/.local/state/croupier on Linux]",
            writes=True,
        ),
    ] = None,
    seed: SeedOption = None,
    ident: Annotated[
        str | None,
        typer.Option("--id", help="Solve this puzzle (by its id) and stop.", show_default=False),
    ] = None,
) -> None:
    """Solve positions where one move is clearly best; your rating and the puzzles' move
    with every answer (Glicko-2).

    The puzzles are found by the expert's exact search over self-play games."""
    from croupier.cli.casino.puzzle import run_puzzles

    run_puzzles(history, seed, ident)
