"""``croupier poker ...``: two hands face to face, and equity with unknown cards."""

from __future__ import annotations

import functools
import json
import secrets
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from croupier.cli.console import LazyProgress, Prompter, command_group, fail, make_console
from croupier.cli.render import cards_text
from croupier.poker import (
    EquityResult,
    exact_completions,
    exact_equity,
    monte_carlo_equity,
    parse_equity_hands,
)
from croupier.poker.matchup import BadLine, Matchup, parse_matchup, read_matchups

app = command_group("poker", "Poker hands: compare two hands, compute equity with unknown cards.")


def _read_input(file: Path | None) -> str:
    """The text of FILE, or of standard input for no FILE or ``-``."""
    if file is None or str(file) == "-":
        source, read = "standard input", sys.stdin.read
    else:
        source, read = str(file), functools.partial(file.read_text, encoding="utf-8")
    try:
        return read()
    except UnicodeDecodeError:
        fail(f"{source}: not UTF-8 text")


# --- compare ----------------------------------------------------------------------------


@app.command()
def compare(
    file: Annotated[
        Path | None,
        typer.Argument(help="Lines 'hand1 ; hand2' (default: standard input).", dir_okay=False),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object per input line.")
    ] = False,
) -> None:
    """Evaluate two hands per line and say which wins (seed 001's test-eval).

    Cards are separated by spaces, tens written 0, T or 10; blank lines and # comments
    are skipped. A bad line is reported on stderr and the others are still compared;
    the exit code is then 1. Without FILE on a terminal, asks for one line at a time.
    """
    if file is None and not as_json and sys.stdin.isatty():
        compare_at_the_table()
        return
    console = make_console()
    errors = make_console(stderr=True)
    bad = False
    for result in read_matchups(_read_input(file)):
        if isinstance(result, BadLine):
            bad = True
            errors.print(f"croupier: error: {result.message}", markup=False)
            if as_json:
                typer.echo(json.dumps(result.to_dict(), ensure_ascii=False))
        elif as_json:
            typer.echo(json.dumps(result.to_dict(), ensure_ascii=False))
        else:
            show_matchup(console, result)
    raise typer.Exit(1 if bad else 0)


def show_matchup(console: Console, matchup: Matchup, *, header: bool = True) -> None:
    """Both hands, their category and five cards, and the verdict."""
    hands = (matchup.first, matchup.second)
    width = max(len(cards_text(h.hand).plain) for h in hands)
    if header:
        console.print(f"Line {matchup.line}")
    for number, ranking in enumerate(hands, 1):
        shown = cards_text(ranking.hand)
        console.print(
            Text.assemble(
                f"  Hand {number}: ",
                shown,
                " " * (width - len(shown.plain) + 3),
                (ranking.category.label, "bold"),
                ": ",
                cards_text(ranking.cards),
                f" ({ranking.description})",
            )
        )
    console.print(f"  {matchup.verdict}", style="bold green" if matchup.winner else "bold")
    console.print()


COMPARE_PROMPT = "Two hands, 'hand1 ; hand2' (blank line to leave): "


def compare_at_the_table() -> None:
    """The lobby's poker entry: type two hands, see who wins, until a blank line."""
    console = make_console()
    prompter = Prompter(console)
    console.print("Poker: which hand wins? Cards like As Kd 10h 0c, five or more a hand.")
    while True:
        try:
            line = prompter.ask(COMPARE_PROMPT)
        except (EOFError, KeyboardInterrupt):
            return
        if not line.strip():
            return
        try:
            matchup = parse_matchup(line)
        except ValueError as exc:
            console.print(str(exc).removeprefix("line 1: ").removeprefix("line 1, "), markup=False)
            continue
        show_matchup(console, matchup, header=False)


# --- equity -----------------------------------------------------------------------------


@app.command()
def equity(
    file: Annotated[
        Path,
        typer.Argument(
            help="One hand per line: known cards and unknown ones ?0, ?1... ('-': stdin).",
            dir_okay=False,
        ),
    ],
    trials: Annotated[
        int | None, typer.Argument(help="Monte Carlo trials (default 10000).", show_default=False)
    ] = None,
    exact: Annotated[
        bool, typer.Option("--exact", help="Visit every completion instead of sampling.")
    ] = False,
    seed: Annotated[
        int | None, typer.Option(help="Random seed: the same seed deals the same trials.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """How often each hand wins once the unknown cards are dealt (the course's format).

    The same ?N in several hands is the same card (a shared board); unknown cards come
    from the cards named nowhere in the file.
    """
    if exact and trials is not None:
        fail(f"--exact visits every completion: drop the number of trials ({trials})")
    if exact and seed is not None:
        fail("--exact deals nothing at random: drop --seed")
    hands = parse_equity_hands(_read_input(file), "input" if str(file) == "-" else str(file))
    total = exact_completions(hands) if exact else 10_000 if trials is None else trials
    stderr = make_console(stderr=True)
    with LazyProgress(stderr, total, "dealing", enabled=not as_json) as progress:
        if exact:
            result = exact_equity(hands, progress=lambda done, _: progress(done))
        else:
            result = monte_carlo_equity(
                hands,
                total,
                rng=secrets.randbelow(2**32) if seed is None else seed,
                progress=lambda done, _: progress(done),
            )
    if as_json:
        typer.echo(json.dumps(result.to_dict()))
    else:
        for line in equity_lines(result):
            typer.echo(line)


def equity_lines(result: EquityResult) -> list[str]:
    """The course's report: ``Hand 0 won 8123 / 10000 times (81.23%)``, then the ties."""
    lines = [
        f"Hand {i} won {wins} / {result.trials} times ({100 * wins / result.trials:.2f}%)"
        for i, wins in enumerate(result.wins)
    ]
    lines.append(f"And there were {result.ties} ties")
    return lines
