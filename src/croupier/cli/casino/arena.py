"""``croupier casino arena``: whole tournaments between two strategies."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from croupier.cli.console import make_console, print_trimmed, run_with_progress
from croupier.cli.options import (
    DEFAULT_DEADLINE,
    DEFAULT_STRATEGY,
    DeadlineOption,
    SchedulerOption,
    SeedOption,
    WorkersOption,
    count_option,
    resolve_workers,
)
from croupier.numerals import fixed, fresh_seed, plural, signed

if TYPE_CHECKING:
    from croupier.casino.strategies.arena import ArenaResult

__all__ = ["arena"]

#: Tournaments an arena may play: 100,000 take hours with the expert on a small machine;
#: the intervals are then a few tenths of a percent wide.
MAX_TOURNAMENTS = 100_000


def arena(
    a: Annotated[
        str,
        typer.Option(
            "--a",
            help="The first strategy (random, greedy, expert, yardstick) or level (beginner, "
            "casual, strong, expert).",
        ),
    ] = (DEFAULT_STRATEGY),
    b: Annotated[str, typer.Option("--b", help="The second strategy or level.")] = "greedy",
    tournaments: Annotated[
        int,
        count_option(
            "--tournaments",
            "Tournaments to play (each to 21 points)",
            high=MAX_TOURNAMENTS,
            default_text="100",
        ),
    ] = 100,
    seed: SeedOption = None,
    workers: WorkersOption = None,
    scheduler: SchedulerOption = None,
    deadline: DeadlineOption = DEFAULT_DEADLINE,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Play whole tournaments between two strategies, alternating who starts; report wins,
    ties and round points with 95% confidence intervals."""
    from croupier.casino.strategies.arena import default_workers, run_arena

    out = make_console()
    chosen = resolve_workers(workers, default_workers(), scheduler=scheduler)
    count = min(chosen or 1, tournaments)
    where = "on the Dask cluster" if scheduler is not None else plural(count, "worker")
    label = f"Playing tournaments ({where})"
    result, partial = run_with_progress(
        out,
        tournaments,
        label,
        lambda progress: run_arena(
            a,
            b,
            tournaments,
            rng=fresh_seed() if seed is None else seed,
            workers=count,
            scheduler=scheduler,
            progress=progress,
            deadline=deadline,
        ),
        enabled=not as_json,
        nothing_done="any tournament was played",
    )
    if as_json:
        data = result.to_dict()
        typer.echo(json.dumps({"partial": True, **data} if partial else data, indent=2))
    else:
        if partial:
            out.print(
                f"[bold]Interrupted:[/bold] a partial result, {result.tournaments:,} of "
                f"{plural(tournaments, 'tournament')} played"
            )
        render_arena(result, out)
    if partial:
        raise typer.Exit(130)


def _seconds(value: float) -> str:
    if value < 0.001:
        return f"{value * 1e6:.0f} µs"
    return f"{value * 1000:.1f} ms" if value < 1 else f"{value:.2f} s"


def render_arena(result: ArenaResult, out: Console) -> None:
    """The arena's figures as a table."""
    out.print(
        f"[bold]Arena[/bold]: {result.a} (a) against {result.b} (b), "
        f"{plural(result.tournaments, 'tournament')}, {plural(result.rounds, 'round')} "
        f"(seed {result.seed})"
    )
    table = Table(header_style="bold", box=box.SIMPLE_HEAD)
    for name in ("Strategy", "Wins", "Win share", "95% interval", "Round points", "95% interval"):
        table.add_column(name, justify="left" if name == "Strategy" else "right")
    for side, name, wins in (("a", result.a, result.a_wins), ("b", result.b, result.b_wins)):
        share = result.win_share(side)
        points = result.round_points(side)
        table.add_row(
            f"{side}: {name}",
            f"{wins:,}",
            f"{share.value:.1%}",
            f"[{share.low:.1%}, {share.high:.1%}]",
            fixed(points.value, 2),
            f"[{fixed(points.low, 2)}, {fixed(points.high, 2)}]",
        )
    table.add_row("ties", f"{result.ties:,}")
    print_trimmed(out, table)
    margin = result.margin()
    out.print(
        f"Round margin of {result.a} over {result.b}: {signed(margin.value, 2)} points a round "
        f"(95% interval [{signed(margin.low, 2)}, {signed(margin.high, 2)}])."
    )
    out.print(
        "Time per move: "
        + ", ".join(
            f"{name} {_seconds(result.seconds_per_move(side))} "
            f"(slowest {_seconds(result.slowest_move(side))})"
            for side, name in (("a", result.a), ("b", result.b))
        )
        + "."
    )
    cut = [
        (name, result.moves_cut_short(side)) for side, name in (("a", result.a), ("b", result.b))
    ]
    if any(count for _, count in cut):
        out.print(
            "Moves the deadline cut short: "
            + ", ".join(f"{name} {count:,}" for name, count in cut)
            + "."
        )
