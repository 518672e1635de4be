"""``croupier poker ...``: two hands face to face, equity with unknown cards, equity of ranges."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from croupier.cli.console import (
    INTERRUPTED,
    LazyProgress,
    Prompter,
    command_group,
    done_of_total,
    fail,
    make_console,
    run_with_progress,
)
from croupier.cli.options import (
    GameOption,
    SchedulerOption,
    SeedOption,
    WorkersOption,
    count_argument,
    count_option,
    file_argument,
    picture_option,
    resolve_workers,
)
from croupier.numerals import fresh_seed, percent

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
    from rich.console import Console
    from rich.table import Table

    from croupier.cli.poker_moves import NextOptions
    from croupier.poker import EquityResult
    from croupier.poker.calc import CalcResult
    from croupier.poker.matchups.lines import Matchup
    from croupier.poker.ranges.holdem import Range
    from croupier.poker.ranges.holdings import HoleRange

app = command_group(
    "poker",
    "Poker hands: compare two hands, equity with unknown cards, equity of ranges.",
    {  # each command's click form is made when it runs, not for the group's help
        "compare": (
            "croupier.cli.poker:compare",
            "Evaluate two hands per line and say which wins (lines 'hand1 ; hand2').",
        ),
        "equity": (
            "croupier.cli.poker:equity",
            "How often each hand wins once the unknown cards (?0, ?1...) are dealt.",
        ),
        "calc": (
            "croupier.cli.poker:calc",
            "Equity of hands and ranges, 2 to 10 players: exact, or Monte Carlo with its error.",
        ),
        "hits": (
            "croupier.cli.poker_hits:hits",
            "What a range hits: each combo's made hand and draws on a board, and the totals.",
        ),
        "range": (
            "croupier.cli.poker_range:range_command",
            "What a range means: how many hands it holds once the board and dead cards are out, "
            "of how many the deck deals, and (hold'em, short-deck) its grid of classes.",
        ),
        "ranges": (
            "croupier.cli.poker_ranges:app",
            "Ranges kept by name, used as @NAME in any range (poker calc, hits, range, the web "
            "page), and the presets.",
        ),
    },
)


#: Monte Carlo trials asked for at most (the time estimate refuses long runs before that).
MAX_TRIALS = 10**18


# --- compare ----------------------------------------------------------------------------


def compare(
    file: Annotated[
        Path | None,
        file_argument("FILE", "Lines 'hand1 ; hand2' (default: standard input)."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object per input line.")
    ] = False,
    game: GameOption = "holdem",
) -> None:
    """Evaluate two hands per line and say which wins (lines 'hand1 ; hand2').

    Cards are separated by spaces, tens written 0, T or 10; blank lines and # comments
    are skipped. A bad line is reported on stderr and the others are still compared;
    the exit code is then 1. Without FILE on a terminal, asks for one line at a time.
    With --game omaha or omaha5 each hand is its hole cards then the board (3 to 5
    cards); in short-deck, 5 or more cards of the 36-card deck.
    """
    from croupier.poker.errors import PokerError
    from croupier.poker.matchups.lines import BadLine, compare_lines, iter_matchups
    from croupier.textfile import iter_lines

    if file is None and not as_json and sys.stdin.isatty():
        compare_at_the_table(game)
        return
    console = make_console()
    lines = iter_lines(file, PokerError)
    bad = False
    answers = iter_matchups(lines, game=game)
    pieces = compare_lines(lines, as_json=as_json, game=game)
    if console.is_terminal and not as_json:  # Rich, in colour, one line at a time
        for result in answers:
            if isinstance(result, BadLine):
                bad = True
                sys.stdout.flush()
                typer.echo(f"croupier: error: {result.message}", err=True)
            else:
                show_matchup(console, result)
        raise typer.Exit(1 if bad else 0)
    # a pipe or a file (or --json): the text of many lines at once, written as it comes
    out = sys.stdout
    utf8 = (out.encoding or "").lower().replace("_", "-") in ("utf-8", "utf8")
    binary = out.buffer if utf8 and hasattr(out, "buffer") else None
    for piece in pieces:
        if isinstance(piece, BadLine):
            bad = True
            out.flush()
            typer.echo(f"croupier: error: {piece.message}", err=True)
            if not as_json:
                continue
            piece = (json.dumps(piece.to_dict(), ensure_ascii=False) + "\n").encode()
        if binary is not None:
            binary.write(piece)
        else:
            out.write(piece.decode())
        out.flush()
    raise typer.Exit(1 if bad else 0)


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
                f" ({ranking.detail})",
            )
        )
    console.print(f"  {matchup.verdict}", style="bold green" if matchup.winner else "bold")
    console.print()


COMPARE_PROMPT = "Two hands, 'hand1 ; hand2' (blank line to leave): "


def compare_at_the_table(game: str = "holdem") -> None:
    """The lobby's poker entry: type two hands, see who wins, until a blank line."""
    from croupier.poker.matchups.lines import parse_matchup

    console = make_console()
    prompter = Prompter(console)
    if game == "holdem":
        console.print("Poker: which hand wins? Cards like As Kd 10h 0c, five or more a hand.")
    else:
        from croupier.poker.games import variant_of

        variant = variant_of(game)
        shape = (
            f"the {variant.hole_cards} hole cards, then 3 to 5 board cards"
            if variant.hole_used is not None
            else "five or more cards from 6 to ace"
        )
        console.print(f"{variant.label}: which hand wins? Each hand: {shape}.")
    while True:
        try:
            line = prompter.ask(COMPARE_PROMPT)
        except EOFError:
            return
        except KeyboardInterrupt:  # Ctrl-C, or a signal (the exit code tells which)
            raise typer.Exit(INTERRUPTED) from None
        if not line.strip():
            return
        try:
            matchup = parse_matchup(line, game=game)
        except ValueError as exc:
            console.print(str(exc).removeprefix("line 1: ").removeprefix("line 1, "), markup=False)
            continue
        show_matchup(console, matchup, header=False)


# --- equity -----------------------------------------------------------------------------


def equity(
    file: Annotated[
        Path,
        file_argument(
            "FILE", "One hand per line: known cards and unknown ones ?0, ?1... ('-': stdin)."
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
    """How often each hand wins once the unknown cards (?0, ?1...) are dealt.

    The same ?N in several hands is the same card (a shared board); unknown cards come
    from the cards named nowhere in the file.
    """
    from croupier.poker import (
        exact_completions,
        exact_equity,
        monte_carlo_equity,
        parse_equity_hands,
    )
    from croupier.poker.errors import PokerError
    from croupier.poker.matchups.equity import EXACT_TIME_LIMIT
    from croupier.textfile import iter_lines

    if exact and trials is not None:
        fail(f"--exact visits every completion: drop the number of trials ({trials})")
    if exact and seed is not None:
        fail("--exact deals nothing at random: drop --seed")
    # Read as it goes: a long file is refused at its first bad line or extra hand.
    hands = parse_equity_hands(
        iter_lines(file, PokerError), "input" if str(file) == "-" else str(file)
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
    if result.seed is not None:  # Monte Carlo: the deals can be repeated
        lines.append(f"Seed {result.seed} (--seed {result.seed} deals the same trials)")
    return lines


# --- calc -------------------------------------------------------------------------------

#: The precision asked of Monte Carlo, in percentage points of equity.
MIN_POINTS, MAX_POINTS = 0.001, 10


def percentage_points(what: str) -> Callable[[Any], float]:
    """A parser for a precision in percentage points, in ASCII digits (``0.05``); both
    bounds are accepted as written (a float ``0.001`` is a hair above ``Decimal("0.001")``,
    which made the lower bound refused)."""
    from decimal import Decimal

    from croupier.cli.options import decimal_parser

    low, high = Decimal(str(MIN_POINTS)), Decimal(str(MAX_POINTS))  # exact, as shown
    return decimal_parser(
        what,
        lambda number: low <= number <= high,
        f"percentage points from {MIN_POINTS} to {MAX_POINTS}, such as 0.1",
    )


def calc(
    ranges: Annotated[
        list[str],
        typer.Argument(
            help="One per player (2 to 10): a hand (AhKh, 'Ah Kh'), part of one (Ah?) or "
            "a range ('TT+, AQs+', 'random', '15%', 'AKs@50'); in Omaha a hand "
            "(AsAhKsKh), part of one (AsAh??), random, hands separated by commas, or a "
            "range in the generic syntax ('AA!AAA', 'AxAyxy', 'RRON, KK:xxyy', '15%', "
            "'AA@50, KK').",
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
        int | None, count_option("--trials", "Monte Carlo with this many deals", high=MAX_TRIALS)
    ] = None,
    precision: Annotated[
        float | None,
        typer.Option(
            help="Monte Carlo until each equity's standard error is below this many "
            f"percentage points [{MIN_POINTS} to {MAX_POINTS}] \\[default: 0.1 when the "
            "exact answer would take long]",
            parser=percentage_points("--precision"),
            metavar="POINTS",
            show_default=False,
        ),
    ] = None,
    seed: SeedOption = None,
    grid: Annotated[
        bool,
        typer.Option("--grid", help="Show each range on the 13x13 grid, with each class's equity."),
    ] = False,
    next_card: Annotated[
        bool,
        typer.Option(
            "--next",
            help="On a flop or turn: each player's equity after every card the next street "
            "may bring (exact when that takes a few seconds, else Monte Carlo).",
        ),
    ] = False,
    distribution: Annotated[
        bool,
        typer.Option(
            "--distribution",
            help="Each range's equity distribution: its combos from weakest to strongest, "
            "the share above 50% and 75%.",
        ),
    ] = False,
    plot: Annotated[
        Path | None,
        picture_option(
            "--plot", "Draw the --next chart or the --distribution curves (PNG, SVG...)."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    game: GameOption = "holdem",
    workers: WorkersOption = None,
    scheduler: SchedulerOption = None,
) -> None:
    """Equity of hands and ranges, 2 to 10 players: exact, or Monte Carlo with its error.

    By default the answer is exact when enumerating every deal takes a few seconds at
    most, otherwise Monte Carlo until every standard error is below 0.1 point. The same
    --seed gives the same answer with any --workers or --scheduler. Ctrl-C stops and
    shows what was computed so far, marked partial. --next gives the equity after each
    next card (exact when that takes a few seconds, else Monte Carlo), --distribution how
    equity spreads over each range (each combo, or each Omaha hand), in every --game.
    """
    from croupier.parallel import Interrupted
    from croupier.poker.calc import CalcOptions, EquityQuestion, iter_calculate

    if exact and (trials is not None or precision is not None):
        fail("--exact enumerates every deal: drop --trials and --precision")
    if trials is not None and precision is not None:
        fail("give --trials or --precision, not both")
    if next_card and (distribution or grid):
        fail("--next gives its own table: drop --distribution and --grid")
    if plot is not None and not (next_card or distribution):
        fail("--plot draws the --next chart or the --distribution curves: add one of them")
    if next_card and scheduler is not None:
        fail("--next runs on this machine: drop --scheduler (--workers shares the cards)")
    if game in ("omaha", "omaha5") and grid:
        fail("--grid shows two-card combos: Omaha hands have none (--distribution shows each)")
    question = EquityQuestion.parse(ranges, board, dead, game)
    if next_card:
        from croupier.cli.poker_moves import run_next

        sampling: NextOptions = {
            "exact": True if exact else False if trials or precision else None,
            "trials": trials,
            "precision": None if precision is None else precision / 100,
            "rng": fresh_seed() if seed is None else seed,
            "threads": resolve_workers(workers, 1),
        }
        run_next(question, as_json=as_json, plot=plot, options=sampling)
        return
    if seed is None:
        seed = fresh_seed()
    options: CalcOptions = {
        "exact": True if exact else None,
        "trials": trials,
        "precision": None if precision is None else precision / 100,
        "rng": seed,
        "workers": resolve_workers(workers, scheduler=scheduler),
        "scheduler": scheduler,
        "by_hand": distribution,
    }

    def job(progress: Callable[[int], None]) -> CalcResult:
        result: CalcResult | None = None
        options["progress"] = done_of_total(progress)
        try:
            for result in iter_calculate(question, **options):  # noqa: B007
                pass
        except KeyboardInterrupt:
            raise Interrupted(result) from None
        assert result is not None
        return result

    result, interrupted = run_with_progress(
        make_console(stderr=True),
        1,
        "Computing",
        job,
        enabled=not as_json,
        nothing_done="the first results",
    )
    spreads = None
    if distribution:
        from croupier.poker.calc.distribution import equity_distribution

        spreads = equity_distribution(result)
    console = make_console()
    if as_json and spreads is not None:
        from croupier.cli.poker_moves import distribution_json

        typer.echo(distribution_json(result, spreads))
    elif as_json:
        typer.echo(json.dumps(result.to_dict()))
    else:
        show_calc(console, result, seed, grid=grid, ranges=question.ranges if grid else ())
        if spreads is not None:
            from croupier.cli.poker_moves import show_distribution

            console.print()
            show_distribution(console, spreads, result)
    if plot is not None and spreads is not None:  # once the answer is out
        from croupier.cli.pictures import save_picture
        from croupier.poker.calc.plot import distribution_figure

        save_picture(lambda: distribution_figure(spreads), plot)
        if not as_json:
            console.print(f"Picture: {plot}", markup=False)
    if interrupted:
        raise typer.Exit(INTERRUPTED)


def show_calc(
    console: Console,
    result: CalcResult,
    seed: int,
    *,
    grid: bool,
    ranges: Sequence[Range | HoleRange],
) -> None:
    """The table of players, how it was computed, and the grids asked for."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from croupier.cli.render import cards_text

    if result.game != "holdem":
        from croupier.poker.games import variant_of

        console.print(f"Game: {variant_of(result.game).label}")
    if result.board:
        console.print(Text.assemble("Board: ", cards_text(result.board)))
    if result.dead:
        console.print(Text.assemble("Dead: ", cards_text(result.dead)))
    mc = not result.exact and result.players[0].stderr is not None
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    hands = "hands" if result.game in ("omaha", "omaha5") else "combos"
    for title in ("player", "range", hands, "equity", "win", "tie"):
        table.add_column(title, justify="left" if title == "range" else "right")
    if mc:
        table.add_column("± (SE)", justify="right")
    for number, player in enumerate(result.players, 1):
        row: list[str | Text] = [
            str(number),
            Text(player.range),  # text, not markup: Omaha's [s,h] stays
            f"{player.combos:,}",
            percent(player.equity, 3),
            percent(player.win, 3),
            percent(player.tie, 3),
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
            f"{100 * worst:.3f} percentage points."
        )
    else:
        how = f"Exact enumeration stopped early: {result.games:,} games counted."
    if result.partial:
        how = "PARTIAL (interrupted): " + how
    console.print(how, style="bold yellow" if result.partial else None)
    if grid:
        for number, (player, chosen) in enumerate(zip(result.players, ranges, strict=True), 1):
            if not hasattr(chosen, "matrix"):  # an Omaha holding: no grid
                continue
            console.print()
            console.print(
                f"Player {number}: {player.range} (below: equity % of each class held)",
                style="bold",
            )
            console.print(range_grid(chosen.matrix(), player.grid))


def range_grid(included: NDArray[np.float64], equity: NDArray[np.float64]) -> Table:
    """The 13x13 grid, coloured by the share of each class in the range (green: all of
    it, yellow: part); below it the equity of each class held against the others."""
    import numpy as np
    from rich.table import Table
    from rich.text import Text

    from croupier.poker.ranges.starting_hands import CLASS_LABELS

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
