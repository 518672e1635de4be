"""``croupier baccarat trainer``: deal a shoe card by card and ask for the running and true
count every few cards; score accuracy and speed; keep each user's history."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from croupier.cli.console import fail, make_console
from croupier.cli.options import (
    DecksOption,
    SeedOption,
    count_option,
    decimal_parser,
    directory_option,
)

__all__ = ["trainer"]

#: The most sessions ``--history --last N`` lists (the summary adds up all of them).
MAX_LISTED = 100_000

COUNTS_HELP = (
    "The count to keep: dragon-7 or panda-8 (Eliot Jacobson's tags), eor-dragon-7 or "
    "eor-panda-8 (tags from the bet's effect of removal, as croupier derives them)."
)
#: Slowest pace accepted, in seconds a card.
MAX_SPEED = 10.0
#: The longest flash, in seconds: the library's :data:`croupier.baccarat.trainer.MAX_FLASH`
#: (not imported: parsing and help load no game code; a test keeps the two equal).
MAX_FLASH = 10.0


def trainer(
    count: Annotated[str, typer.Option(metavar="NAME", help=COUNTS_HELP)] = "dragon-7",
    every: Annotated[
        int, count_option("--every", "Ask for the counts every N cards.", high=416)
    ] = 10,
    cards: Annotated[
        int, count_option("--cards", "Cards dealt in the session (a deck is 52).", high=416)
    ] = 104,
    decks: DecksOption = 8,
    speed: Annotated[
        float | None,
        typer.Option(
            help=f"Seconds between cards (0: each group at once). [0 to {MAX_SPEED:g}, "
            "default: 1, with --flash 0]",
            parser=decimal_parser(
                "--speed", lambda v: 0 <= v <= MAX_SPEED, f"0 to {MAX_SPEED:g} seconds"
            ),
            metavar="SECONDS",
            show_default=False,
        ),
    ] = None,
    flash: Annotated[
        float | None,
        typer.Option(
            help="Flash mode: show each group of cards for SECONDS, then hide it before "
            f"the counts are asked (on a terminal). \\[above 0, up to {MAX_FLASH:g}]",
            parser=decimal_parser(
                "--flash",
                lambda v: 0 < v <= MAX_FLASH,
                f"above 0 and up to {MAX_FLASH:g} seconds",
            ),
            metavar="SECONDS",
            show_default=False,
        ),
    ] = None,
    seed: SeedOption = None,
    user: Annotated[
        str | None,
        typer.Option(
            metavar="NAME",
            help="Whose history to keep (letters, digits, . _ -). [default: your login name]",
            show_default=False,
        ),
    ] = None,
    history_dir: Annotated[
        Path | None,
        directory_option(
            "--history-dir",
            "Where histories are kept. \\[default: $CROUPIER_TRAINER_DIR, else trainer in "
            "your state folder, ~/.local/state/croupier/trainer on Linux]",
        ),
    ] = None,
    history: Annotated[
        bool,
        typer.Option(
            "--history",
            help="Show the user's last sessions and every session added up, and stop.",
        ),
    ] = False,
    last: Annotated[
        int | None,
        count_option(
            "--last",
            "With --history: how many of the latest sessions to list",
            high=MAX_LISTED,
            default_text="20",
        ),
    ] = None,
) -> None:
    """Count cards as a shoe is dealt; every few cards say the running and true count, scored
    for accuracy and speed."""
    from croupier.baccarat.trainer import Drill, trainer_count
    from croupier.baccarat.trainerlog import (
        check_history,
        check_user,
        default_user,
        read_history,
    )
    from croupier.cli.baccarat.drill import TrainerSession, save_and_summarise, show_history
    from croupier.numerals import fresh_seed, plural

    name = check_user(user) if user is not None else default_user()
    console = make_console()
    if history:
        show_history(read_history(name, history_dir), name, console, last or 20)
        return
    if last is not None:
        fail("--last lists the sessions of --history: add --history")
    if cards > 52 * decks:
        fail(f"bad --cards {cards}: a {decks}-deck shoe holds {52 * decks} cards")
    if every > cards:
        fail(f"bad --every {every}: more than the {plural(cards, 'card')} dealt")
    system = trainer_count(count, decks)
    check_history(name, history_dir)  # a drill that could not be saved is refused, not lost
    seed = fresh_seed() if seed is None else seed
    drill = Drill.new(count, decks=decks, cards=cards, every=every, rng=seed, flash=flash)
    console.print(f"Counting trainer: {system.name} ({system.written()}).", markup=False)
    console.print(
        f"{plural(cards, 'card')} from a shoe of {plural(decks, 'deck')}, a question every "
        f"{every}. "
        f"Seed {seed}: replay this drill with --seed {seed}.",
        markup=False,
    )
    session = TrainerSession(drill, console, (0.0 if flash else 1.0) if speed is None else speed)
    session.introduce()
    code = session.run()
    save_and_summarise(drill, name, seed, history_dir, console)
    raise typer.Exit(code)
