"""``croupier poker calc --next`` and ``--distribution``: how equity moves with the next
card, and how it spreads over each range; ``--plot`` draws either."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

import typer

from croupier.cli.console import done_of_total, make_console, run_with_progress

if TYPE_CHECKING:
    from rich.console import Console

    from croupier.poker.calc import CalcResult, EquityQuestion
    from croupier.poker.calc.distribution import EquityDistribution
    from croupier.poker.calc.nextcard import NextCardResult

__all__ = ["NextOptions", "distribution_json", "run_next", "show_distribution", "show_next"]


class NextOptions(TypedDict):
    """How the next-card table is computed: as :func:`~croupier.poker.calc.nextcard.next_card`
    takes it (``rng``: the seed, drawn by the command when not given)."""

    exact: bool | None
    trials: int | None
    precision: float | None
    rng: int
    threads: int | None


#: The shares of a range shown on the distribution's text line (weakest first).
POINTS = (0.1, 0.25, 0.5, 0.75, 0.9)
#: Monte Carlo deals a combo on average below which its equity is called rough.
FEW_DEALS = 100


def run_next(
    question: EquityQuestion, *, as_json: bool, plot: Path | None, options: NextOptions
) -> None:
    """The next-card table, exact or by Monte Carlo as ``options`` say, with a progress
    bar over a second; Ctrl-C stops it."""
    from croupier.parallel import Interrupted
    from croupier.poker.calc.nextcard import next_card

    def job(progress: Callable[[int], None]) -> NextCardResult:
        try:
            return next_card(question, progress=done_of_total(progress), **options)
        except KeyboardInterrupt:
            raise Interrupted(None) from None

    result, _ = run_with_progress(
        make_console(stderr=True),
        1,
        "Dealing every next card" if options["exact"] is not False else "Sampling each next card",
        job,
        enabled=not as_json,
        nothing_done="the next-card table",
    )
    console = make_console()
    if as_json:
        typer.echo(json.dumps(result.to_dict()))
    else:
        show_next(console, result)
    if plot is not None:  # once the answer is out: a picture that cannot be written loses nothing
        from croupier.cli.pictures import save_picture
        from croupier.poker.calc.plot import next_card_figure

        save_picture(lambda: next_card_figure(result), plot)
        if not as_json:
            console.print(f"Picture: {plot}", markup=False)


def show_next(console: Console, result: NextCardResult) -> None:
    """Each player's equity now, then a row a card: its chance, and each player's equity
    once it comes (green above the equity now, red below)."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from croupier.cli.render import card_text, cards_text
    from croupier.numerals import percent

    if result.game != "holdem":
        from croupier.poker.games import variant_of

        console.print(f"Game: {variant_of(result.game).label}")
    console.print(Text.assemble("Board: ", cards_text(result.board)))
    if result.dead:
        console.print(Text.assemble("Dead: ", cards_text(result.dead)))
    now = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for title in ("player", "range", "equity now"):
        now.add_column(title, justify="left" if title == "range" else "right")
    for number, (text, equity) in enumerate(zip(result.ranges, result.equity, strict=True), 1):
        now.add_row(str(number), Text(text), percent(equity, 3))
    console.print(now)
    cards = Table(box=box.SIMPLE_HEAD, pad_edge=False, title_justify="left")
    cards.title = f"Each {result.street} card: its chance, each player's equity once it comes"
    cards.add_column("card")
    cards.add_column("chance", justify="right")
    for number in range(1, len(result.ranges) + 1):
        cards.add_column(f"player {number}", justify="right")
    for row in result.cards:
        figures = [
            Text(
                percent(e, 2),
                style="green" if e > now_e + 1e-12 else "red" if e < now_e - 1e-12 else "",
            )
            for e, now_e in zip(row.equity, result.equity, strict=True)
        ]
        cards.add_row(card_text(row.card), percent(row.chance, 2), *figures)
    console.print(cards)
    if result.exact:
        how = f"Exact: every deal with every {result.street} card, {result.games:,} games"
    else:
        how = (
            f"Monte Carlo: {result.games:,} trials in all (seed {result.seed}), each card's "
            f"standard error at most {100 * (result.stderr or 0):.2f} percentage points"
        )
    console.print(f"{how}; the chance-weighted mean of each column is the equity now.")


def show_distribution(
    console: Console, spreads: Sequence[EquityDistribution], result: CalcResult | None = None
) -> None:
    """Each player's distribution: the share of its range above 50% and 75% equity, and
    the equity at a few points of the range (weakest first); under a Monte Carlo
    ``result``, a word for each range whose combos got few deals each."""
    from rich import box
    from rich.table import Table

    from croupier.numerals import percent

    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title_justify="left")
    table.title = (
        "Equity distribution: each range's combos (Omaha: hands) from the weakest to the strongest"
    )
    for title in ("player", "above 50%", "above 75%"):
        table.add_column(title, justify="right")
    for point in POINTS:
        table.add_column(f"at {100 * point:.0f}%", justify="right")
    for spread in spreads:
        table.add_row(
            str(spread.player),
            percent(spread.share_above(0.5), 1),
            percent(spread.share_above(0.75), 1),
            *(percent(spread.equity_at(point), 1) for point in POINTS),
        )
    console.print(table)
    console.print(
        "'above 50%': the share of the range (each combo as often as it is held) whose "
        "equity is over 50%; 'at 25%': the equity of the combo a quarter of the way up."
    )
    if result is None or result.exact:
        return
    from croupier.poker.games import variant_of

    what = "combos" if variant_of(result.game).two_card else "hands"
    for spread in spreads:
        each = result.games / len(spread.combos)
        if each < FEW_DEALS:
            console.print(
                f"Player {spread.player}'s {len(spread.combos):,} {what} got {each:,.1f} "
                "deals each on average: their equities are rough and the curve spreads "
                "wider than it is (more --trials narrow it).",
                style="yellow",
            )


def distribution_json(result: CalcResult, spreads: Sequence[EquityDistribution]) -> str:
    """The calculation's JSON with each player's distribution beside it."""
    return json.dumps({**result.to_dict(), "distribution": [s.to_dict() for s in spreads]})
