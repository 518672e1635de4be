"""``croupier poker ...``: two hands face to face, and equity with unknown cards."""

from __future__ import annotations

import functools
import json
import secrets
import sys
from pathlib import Path
from typing import Annotated, Any

import numpy as np
import typer
from numpy.typing import NDArray
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from croupier.cli.console import LazyProgress, Prompter, command_group, fail, make_console
from croupier.cli.render import cards_text
from croupier.errors import CroupierError
from croupier.poker import (
    EquityResult,
    HandRanking,
    exact_completions,
    exact_equity,
    monte_carlo_equity,
    parse_equity_hands,
)
from croupier.poker.calc import CalcResult
from croupier.poker.matchup import BadLine, Matchup, parse_matchup, read_matchups
from croupier.poker.ranges import Range

app = command_group(
    "poker", "Poker hands: compare two hands, equity with unknown cards, equity of ranges."
)


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
                typer.echo(
                    json.dumps({"line": result.line, "error": result.message}, ensure_ascii=False)
                )
        elif as_json:
            typer.echo(json.dumps(matchup_json(result), ensure_ascii=False))
        else:
            show_matchup(console, result)
    raise typer.Exit(1 if bad else 0)


def hand_json(ranking: HandRanking) -> dict[str, Any]:
    """A ranking as JSON: cards as strings such as ``Td``."""
    return {
        "hand": [str(c) for c in ranking.hand],
        "category": ranking.category.label,
        "cards": [str(c) for c in ranking.cards],
        "class": ranking.class_number,
        "description": ranking.description,
    }


def matchup_json(matchup: Matchup) -> dict[str, Any]:
    """One compared line as JSON."""
    return {
        "line": matchup.line,
        "hand1": hand_json(matchup.first),
        "hand2": hand_json(matchup.second),
        "winner": matchup.winner,
    }


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
                seed=secrets.randbelow(2**32) if seed is None else seed,
                progress=lambda done, _: progress(done),
            )
    if as_json:
        typer.echo(json.dumps(equity_json(result, [str(h) for h in hands])))
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


def equity_json(result: EquityResult, hands: list[str]) -> dict[str, Any]:
    """The result as JSON: per hand its wins, ties, share of split pots and equity."""
    return {
        "trials": result.trials,
        "exact": result.exact,
        "seed": result.seed,
        "ties": result.ties,
        "hands": [
            {
                "hand": text,
                "wins": result.wins[i],
                "ties": result.tied[i],
                "tie_share": float(result.tie_shares[i]),
                "equity": result.equity[i],
            }
            for i, text in enumerate(hands)
        ],
    }


# --- calc -------------------------------------------------------------------------------


@app.command()
def calc(
    ranges: Annotated[
        list[str],
        typer.Argument(
            help="One per player (2 to 10): a hand (AhKh, 'Ah Kh') or a range "
            "('TT+, AQs+', 'random', '15%', 'AKs@50').",
            show_default=False,
        ),
    ],
    board: Annotated[
        str | None, typer.Option(help="Board cards: 0, 3, 4 or 5 ('2c 7d 9h').")
    ] = None,
    dead: Annotated[str | None, typer.Option(help="Cards known to be out of play.")] = None,
    exact: Annotated[
        bool, typer.Option("--exact", help="Enumerate every deal (refused if over 10 minutes).")
    ] = False,
    trials: Annotated[
        int | None, typer.Option(help="Monte Carlo with this many deals.", min=1)
    ] = None,
    precision: Annotated[
        float | None,
        typer.Option(
            help="Monte Carlo until each equity's standard error is below this many "
            "percentage points (default 0.1 when the exact answer would take long).",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Random seed: the same seed deals the same trials.")
    ] = None,
    grid: Annotated[
        bool,
        typer.Option("--grid", help="Show each range on the 13x13 grid, with each class's equity."),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Equity of hands and ranges, 2 to 10 players: exact, or Monte Carlo with its error.

    By default the answer is exact when enumerating every deal takes a few seconds at
    most, otherwise Monte Carlo until every standard error is below 0.1 point. Ctrl-C
    stops and shows what was computed so far, marked partial.
    """
    from croupier.poker.calc import MAX_PLAYERS, iter_calculate

    if not 2 <= len(ranges) <= MAX_PLAYERS:
        fail(f"{len(ranges)} ranges given: expected 2 to {MAX_PLAYERS}, one per player")
    if exact and (trials is not None or precision is not None):
        fail("--exact enumerates every deal: drop --trials and --precision")
    if trials is not None and precision is not None:
        fail("give --trials or --precision, not both")
    if precision is not None and not 0 < precision < 100:
        fail(f"bad --precision {precision}: expected percentage points above 0 and below 100")
    parsed = []
    for player, text in enumerate(ranges, 1):
        try:
            parsed.append(Range.parse(text))
        except CroupierError as exc:
            fail(f"player {player}: {exc}")
    if seed is None:
        seed = secrets.randbelow(2**32)
    stderr = make_console(stderr=True)
    result: CalcResult | None = None
    with LazyProgress(stderr, 1, "computing", enabled=not as_json) as progress:

        def report(done: int, total: int) -> None:
            progress.set_total(total)
            progress(done)

        try:
            for snapshot in iter_calculate(
                parsed,
                board=board,
                dead=dead,
                exact=True if exact else None,
                trials=trials,
                precision=None if precision is None else precision / 100,
                rng=seed,
                progress=report,
            ):
                result = snapshot
        except KeyboardInterrupt:
            if result is None:
                fail("interrupted before the first results", 130)
    assert result is not None
    if as_json:
        typer.echo(json.dumps(result.to_dict()))
        return
    show_calc(make_console(), result, seed, grid=grid, ranges=parsed)


def show_calc(
    console: Console, result: CalcResult, seed: int, *, grid: bool, ranges: list[Range]
) -> None:
    """The table of players, how it was computed, and the grids asked for."""
    if result.board:
        console.print(Text.assemble("Board: ", cards_text(result.board)))
    if result.dead:
        console.print(Text.assemble("Dead: ", cards_text(result.dead)))
    mc = not result.exact and result.players[0].stderr is not None
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for title in ("player", "range", "combos", "equity", "win", "tie"):
        table.add_column(title, justify="left" if title == "range" else "right")
    if mc:
        table.add_column("± (SE)", justify="right")
    for number, player in enumerate(result.players, 1):
        row = [
            str(number),
            player.range,
            f"{player.combos:,}",
            f"{100 * player.equity:.3f}%",
            f"{100 * player.win:.3f}%",
            f"{100 * player.tie:.3f}%",
        ]
        if mc:
            row.append(f"{100 * (player.stderr or 0):.3f}")
        table.add_row(*row)
    console.print(table)
    if result.exact:
        how = f"Exact: every deal enumerated, {result.games:,} games."
    elif mc:
        worst = max(p.stderr or 0 for p in result.players)
        how = (
            f"Monte Carlo: {result.games:,} trials (seed {seed}), standard error at most "
            f"{100 * worst:.3f} percentage point."
        )
    else:
        how = f"Exact enumeration stopped early: {result.games:,} games counted."
    if result.partial:
        how = "PARTIAL (interrupted): " + how
    console.print(how, style="bold yellow" if result.partial else None)
    if grid:
        for number, (player, chosen) in enumerate(zip(result.players, ranges, strict=True), 1):
            console.print()
            console.print(
                f"Player {number}: {player.range} (below: equity % of each class held)",
                style="bold",
            )
            console.print(range_grid(chosen.matrix(), player.grid))


def range_grid(included: NDArray[np.float64], equity: NDArray[np.float64]) -> Table:
    """The 13x13 grid, coloured by the share of each class in the range (green: all of
    it, yellow: part); below it the equity of each class held against the others."""
    from croupier.poker.starting_hands import CLASS_LABELS

    table = Table(box=None, show_header=False, pad_edge=False, padding=(0, 0))
    for _ in range(13):
        table.add_column(no_wrap=True)
    styles = [
        "bold black on green" if share >= 1 else "black on yellow" if share else "dim"
        for share in included.ravel().tolist()
    ]
    for row in range(13):
        table.add_row(
            *(
                Text(f"{CLASS_LABELS[n]:<3} ", style=styles[n])
                for n in range(13 * row, 13 * row + 13)
            )
        )
    table.add_row(*(Text("") for _ in range(13)))
    values = equity.ravel().tolist()
    for row in range(13):
        table.add_row(
            *(
                Text(" ·  " if np.isnan(values[n]) else f"{100 * values[n]:3.0f} ", style=styles[n])
                for n in range(13 * row, 13 * row + 13)
            )
        )
    return table
