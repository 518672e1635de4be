"""``croupier poker ...``: two hands face to face, and equity with unknown cards."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from croupier.cli.console import LazyProgress, Prompter, command_group, fail, make_console
from croupier.cli.options import SeedOption, count_argument, file_name
from croupier.numerals import fresh_seed, percent

if TYPE_CHECKING:
    from rich.console import Console

    from croupier.poker import EquityResult
    from croupier.poker.matchup import Matchup

app = command_group("poker", "Poker hands: compare two hands, compute equity with unknown cards.")


#: Monte Carlo trials asked for at most (the time estimate refuses long runs before that).
MAX_TRIALS = 10**18


# --- compare ----------------------------------------------------------------------------


@app.command()
def compare(
    file: Annotated[
        Path | None,
        typer.Argument(
            help="Lines 'hand1 ; hand2' (default: standard input).",
            parser=file_name("FILE"),
            metavar="FILE",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object per input line.")
    ] = False,
) -> None:
    """Evaluate two hands per line and say which wins (the course's compare format).

    Cards are separated by spaces, tens written 0, T or 10; blank lines and # comments
    are skipped. A bad line is reported on stderr and the others are still compared;
    the exit code is then 1. Without FILE on a terminal, asks for one line at a time.
    """
    from croupier.poker.errors import PokerError
    from croupier.poker.matchup import BadLine, iter_matchups
    from croupier.textfile import iter_lines

    if file is None and not as_json and sys.stdin.isatty():
        compare_at_the_table()
        return
    console = make_console()
    plain = not console.is_terminal  # a pipe or a file: plain text, written as it comes
    bad = False
    for result in iter_matchups(iter_lines(file, PokerError)):
        if isinstance(result, BadLine):
            bad = True
            sys.stdout.flush()
            typer.echo(f"croupier: error: {result.message}", err=True)
            if as_json:
                typer.echo(json.dumps(result.to_dict(), ensure_ascii=False))
        elif as_json:
            typer.echo(json.dumps(result.to_dict(), ensure_ascii=False))
        elif plain:
            sys.stdout.write(matchup_text(result))
        else:
            show_matchup(console, result)
    raise typer.Exit(1 if bad else 0)


def matchup_text(matchup: Matchup) -> str:
    """What :func:`show_matchup` prints, as plain text (for pipes and files: fast)."""
    hands = (matchup.first, matchup.second)
    shown = [" ".join(card.pretty for card in ranking.hand) for ranking in hands]
    width = max(len(text) for text in shown)
    lines = [f"Line {matchup.line}"]
    for number, (ranking, text) in enumerate(zip(hands, shown, strict=True), 1):
        five = " ".join(card.pretty for card in ranking.cards)
        lines.append(
            f"  Hand {number}: {text}{' ' * (width - len(text) + 3)}"
            f"{ranking.category.label}: {five} ({ranking.description})"
        )
    lines += [f"  {matchup.verdict}", ""]
    return "\n".join(lines) + "\n"


def show_matchup(console: Console, matchup: Matchup, *, header: bool = True) -> None:
    """Both hands, their category and five cards, and the verdict."""
    from rich.text import Text

    from croupier.cli.render import cards_text

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
    from croupier.poker.matchup import parse_matchup

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
            parser=file_name("FILE"),
            metavar="FILE",
        ),
    ],
    trials: Annotated[
        int | None,
        count_argument("trials", "Monte Carlo trials", high=MAX_TRIALS, default_text="10,000"),
    ] = None,
    exact: Annotated[
        bool, typer.Option("--exact", help="Visit every completion instead of sampling.")
    ] = False,
    seed: SeedOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """How often each hand wins once the unknown cards are dealt (the course's format).

    The same ?N in several hands is the same card (a shared board); unknown cards come
    from the cards named nowhere in the file.
    """
    from croupier.poker import (
        exact_completions,
        exact_equity,
        monte_carlo_equity,
        parse_equity_hands,
    )
    from croupier.poker.equity import EXACT_TIME_LIMIT
    from croupier.poker.errors import PokerError
    from croupier.textfile import read_text

    if exact and trials is not None:
        fail(f"--exact visits every completion: drop the number of trials ({trials})")
    if exact and seed is not None:
        fail("--exact deals nothing at random: drop --seed")
    hands = parse_equity_hands(
        read_text(file, PokerError), "input" if str(file) == "-" else str(file)
    )
    total = exact_completions(hands) if exact else 10_000 if trials is None else trials
    stderr = make_console(stderr=True)
    label = "Visiting completions" if exact else "Dealing trials"
    with LazyProgress(stderr, total, label, enabled=not as_json) as progress:
        if exact:
            result = exact_equity(hands, progress=lambda done, _: progress(done))
        else:
            result = monte_carlo_equity(
                hands,
                total,
                rng=fresh_seed() if seed is None else seed,
                progress=lambda done, _: progress(done),
                time_limit=EXACT_TIME_LIMIT,
            )
    if as_json:
        typer.echo(json.dumps(result.to_dict()))
    else:
        for line in equity_lines(result):
            typer.echo(line)


def equity_lines(result: EquityResult) -> list[str]:
    """The course's report, ``Hand 0 won 8123 / 10000 times (81.23%)`` and the ties, then
    each hand's equity: its wins plus its shares of split pots. Hands are numbered from 0,
    as the course's equity program numbers them."""
    lines = [
        f"Hand {i} won {wins} / {result.trials} times ({percent(wins / result.trials, 2)})"
        for i, wins in enumerate(result.wins)
    ]
    lines.append(f"And there were {result.ties} {'tie' if result.ties == 1 else 'ties'}")
    shares = ", ".join(f"hand {i} {percent(e, 2)}" for i, e in enumerate(result.equity))
    lines.append(f"Equity (wins plus shares of split pots): {shares}")
    return lines
