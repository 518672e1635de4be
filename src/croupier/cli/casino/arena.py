"""``croupier casino arena``: whole tournaments between two strategies."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from croupier.casino.strategies import DEFAULT_STRATEGY
from croupier.casino.strategies.arena import ArenaResult, default_workers, run_arena
from croupier.cli.console import LazyProgress, fail, make_console

__all__ = ["arena"]


def arena(
    a: Annotated[
        str,
        typer.Option(
            "--a",
            help="The first strategy (random, greedy, expert) or level (beginner, casual, "
            "strong, expert).",
        ),
    ] = (DEFAULT_STRATEGY),
    b: Annotated[str, typer.Option("--b", help="The second strategy or level.")] = "greedy",
    tournaments: Annotated[
        int, typer.Option("--tournaments", help="Tournaments to play (each to 21 points).")
    ] = 100,
    seed: Annotated[int | None, typer.Option("--seed", help="Same seed, same games.")] = None,
    workers: Annotated[
        int | None, typer.Option("--workers", help="Processes to use (default: one per core).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Play whole tournaments between two strategies, alternating who starts; report wins,
    ties and round points with 95% confidence intervals."""
    if tournaments < 1:
        fail(f"bad number of tournaments {tournaments}: expected 1 or more")
    if seed is not None and seed < 0:
        fail(f"bad seed {seed}: expected a whole number of 0 or more")
    if workers is not None and workers < 1:
        fail(f"bad number of workers {workers}: expected 1 or more")
    out = make_console()
    with LazyProgress(out, tournaments, "Playing tournaments", enabled=not as_json) as progress:
        result = run_arena(
            a,
            b,
            tournaments,
            rng=seed,
            workers=workers if workers is not None else default_workers(),
            progress=progress,
        )
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2))
        return
    render_arena(result, out)


def _seconds(value: float) -> str:
    if value < 0.001:
        return f"{value * 1e6:.0f} µs"
    return f"{value * 1000:.1f} ms" if value < 1 else f"{value:.2f} s"


def render_arena(result: ArenaResult, out: Console) -> None:
    """The arena's figures as a table."""
    out.print(
        f"[bold]Arena[/bold]: {result.a} (a) against {result.b} (b), "
        f"{result.tournaments:,} tournaments, {result.rounds:,} rounds (seed {result.seed})"
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
            f"{share.low:.1%} - {share.high:.1%}",
            f"{points.value:.2f}",
            f"{points.low:.2f} - {points.high:.2f}",
        )
    table.add_row("ties", f"{result.ties:,}")
    out.print(table)
    margin = result.margin()
    out.print(
        f"Round margin of {result.a} over {result.b}: {margin.value:+.2f} points a round "
        f"(95% interval {margin.low:+.2f} to {margin.high:+.2f})."
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
