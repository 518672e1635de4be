"""``croupier baccarat odds | eor | simulate``: exact odds, effects of removal, simulation."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from croupier.baccarat import (
    BetResult,
    Composition,
    OddsReport,
    Outcome,
    SimulationResult,
    effect_of_removal,
    odds_report,
    payout_table,
)
from croupier.baccarat import (
    simulate as run_simulation,
)
from croupier.baccarat.composition import RANKS, parse_counts
from croupier.baccarat.odds import fraction_text
from croupier.cards import parse_ranks
from croupier.cli.console import LazyProgress, fail, make_console

__all__ = ["eor", "odds", "simulate"]

OUTCOMES = (Outcome.PLAYER, Outcome.BANKER, Outcome.TIE)

DecksOption = Annotated[
    int | None, typer.Option("--decks", help="A full shoe of this many decks (default 8).")
]
PayoutsOption = Annotated[str, typer.Option("--payouts", help="Payout table: casino, ez or lab.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object instead.")]


def _shoe(decks: int | None, infinite: bool, counts: str | None, remove: str | None) -> Composition:
    given = [
        name
        for name, present in (
            ("--decks", decks is not None),
            ("--infinite", infinite),
            ("--counts", counts is not None),
        )
        if present
    ]
    if len(given) > 1:
        fail(f"choose one shoe, not {' and '.join(given)}: --decks N, --infinite or --counts")
    if infinite:
        shoe = Composition.infinite_deck()
    elif counts is not None:
        shoe = parse_counts(counts)
    else:
        shoe = Composition.decks(8 if decks is None else decks)
    if remove:
        shoe = shoe.removing(parse_ranks(remove))
    return shoe


def _shoe_title(shoe: Composition) -> str:
    if shoe.infinite:
        return "an infinite deck (cards drawn with replacement)"
    described = shoe.describe()
    return described if described.endswith("cards") else f"{described} ({shoe.total} cards)"


def _percent(value: float | None, digits: int = 4, sign: bool = False) -> str:
    if value is None:
        return "n/a"
    return f"{value * 100:+.{digits}f}%" if sign else f"{value * 100:.{digits}f}%"


def _echo_json(data: dict[str, Any]) -> None:
    typer.echo(json.dumps(data, indent=2))


# --- odds ---------------------------------------------------------------------------------


def odds(
    decks: DecksOption = None,
    infinite: Annotated[
        bool, typer.Option("--infinite", help="An infinite deck (drawing with replacement).")
    ] = False,
    counts: Annotated[
        str | None,
        typer.Option(
            "--counts",
            help="Cards left: 10 counts by value c0,...,c9 (0 = 10/J/Q/K, 1 = aces) "
            "or 13 by rank A,2,...,10,J,Q,K.",
        ),
    ] = None,
    remove: Annotated[
        str | None, typer.Option("--remove", help='Take these ranks out first, e.g. "5 5 9 K".')
    ] = None,
    payouts: PayoutsOption = "casino",
    exact: Annotated[bool, typer.Option("--exact", help="Also give exact fractions.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Exact chances of player, banker and tie, and every bet's house edge, for a shoe."""
    shoe = _shoe(decks, infinite, counts, remove)
    report = odds_report(shoe, payout_table(payouts), exact=exact)
    if as_json:
        _echo_json(report.to_dict())
        return
    out = make_console()
    out.print(f"[bold]Baccarat odds[/bold] for {_shoe_title(shoe)}, {report.payouts.name} payouts")
    outcomes = Table(title="Outcomes", title_justify="left")
    outcomes.add_column("Outcome")
    outcomes.add_column("Probability", justify="right")
    outcomes.add_column("Percent", justify="right")
    for index, outcome in enumerate(OUTCOMES):
        outcomes.add_row(
            outcome.value.capitalize(),
            f"{report.outcomes[index]:.12f}",
            _percent(report.outcomes[index]),
        )
    out.print(outcomes)
    if report.exact_outcomes is not None:
        out.print(_exact_lines(report.exact_outcomes, shoe))
    bets = Table(
        title="Bets (per unit staked; ties that push count as rounds played)", title_justify="left"
    )
    bets.add_column("Bet")
    bets.add_column("Expected value", justify="right")
    bets.add_column("House edge", justify="right")
    unpriced = False
    for priced in report.bets:
        value = priced.expected_value
        unpriced |= value is None
        bets.add_row(
            priced.bet.name,
            "n/a" if value is None else f"{value:+.8f}",
            _percent(priced.house_edge),
        )
    out.print(bets)
    if unpriced:
        out.print("n/a: pair bets need counts by rank (--decks, --infinite, or 13 --counts).")
    if report.pair is not None:
        out.print(f"Chance of a pair (player or banker, by rank): {report.pair:.8f}")


def _exact_lines(exact: tuple[Fraction, ...], shoe: Composition) -> str:
    """Exact chances: for a finite shoe, as counts of the ordered six-card sequences."""
    if shoe.infinite:
        return "\n".join(
            f"Exact {o.value}: {fraction_text(p)}" for o, p in zip(OUTCOMES, exact, strict=True)
        )
    total = math.perm(shoe.total, 6)
    lines = [f"Exact, out of {total:,} ordered six-card sequences:"]
    lines += [f"  {o.value:<6} {int(p * total):>30,}" for o, p in zip(OUTCOMES, exact, strict=True)]
    return "\n".join(lines)


# --- eor ----------------------------------------------------------------------------------


def eor(
    decks: DecksOption = None,
    payouts: PayoutsOption = "casino",
    as_json: JsonOption = False,
) -> None:
    """Effect of removal: how each bet's expected value moves when one card of a rank is
    taken out of a full shoe."""
    shoe = Composition.decks(8 if decks is None else decks)
    table = payout_table(payouts)
    effects = effect_of_removal(shoe, table)
    if as_json:
        _echo_json(effects.to_dict())
        return
    out = make_console()
    grid = Table(
        title=(
            f"Effect of removing one card from {_shoe_title(shoe)}: change in each bet's "
            "expected value, in basis points (0.01% of the stake)"
        ),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        padding=(0, 0),
        pad_edge=False,
    )
    grid.add_column("Rank")
    keys = list(effects.effects)
    for key in keys:
        grid.add_column(key.replace("-", " "), justify="right", min_width=7)
    for rank in (RANKS[-1], *RANKS[:-1]):  # A, 2, ..., K
        grid.add_row(rank.label, *(f"{effects.effects[key][rank] * 10_000:+.2f}" for key in keys))
    grid.add_section()
    grid.add_row("EV %", *(f"{effects.base[key] * 100:+.3f}" for key in keys))
    out.print(grid)


# --- simulate -----------------------------------------------------------------------------


def simulate(
    shoes: Annotated[int, typer.Option("--shoes", help="How many shoes to deal.")] = 10_000,
    decks: Annotated[int, typer.Option("--decks", help="Decks per shoe.")] = 8,
    penetration: Annotated[
        float | None,
        typer.Option(
            "--penetration",
            help="Share of the shoe dealt before the cut card (default: 16 cards from the back).",
        ),
    ] = None,
    burn: Annotated[
        bool, typer.Option("--burn", help="Burn cards first: turn one, burn its value (10s: 10).")
    ] = False,
    seed: Annotated[int | None, typer.Option("--seed", help="Same seed, same shoes.")] = None,
    payouts: PayoutsOption = "casino",
    workers: Annotated[
        int | None, typer.Option("--workers", help="Processes to use (default: one per core).")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Deal real shoes round by round to the cut card; compare with the exact odds."""
    if seed is not None and seed < 0:
        fail(f"bad seed {seed}: expected a whole number of 0 or more")
    table = payout_table(payouts)
    out = make_console()
    with LazyProgress(out, shoes, "Dealing shoes", enabled=not as_json) as progress:
        result = run_simulation(
            shoes,
            decks=decks,
            penetration=penetration,
            burn=burn,
            rng=seed,
            workers=workers,
            progress=progress,
        )
    if as_json:
        _echo_json(result.to_dict(table))
        return
    exact = odds_report(Composition.decks(decks), table)
    simulated_bets = result.bet_results(table)
    _show_simulation(out, result, exact, simulated_bets)


def _show_simulation(
    out: Console,
    result: SimulationResult,
    exact: OddsReport,
    simulated_bets: tuple[BetResult, ...],
) -> None:
    out.print(
        f"[bold]Simulated[/bold] {result.shoes:,} shoes of {result.decks} decks: "
        f"{result.rounds:,} rounds, cut card after {result.cut_card} cards"
        + (", standard burn" if result.burn else "")
        + f" (seed {result.seed})"
    )
    outcomes = Table(title="Outcomes", title_justify="left")
    for name in ("Outcome", "Rounds", "Frequency", "95% interval", "Exact (full shoe)"):
        outcomes.add_column(name, justify="left" if name == "Outcome" else "right")
    for index, outcome in enumerate(OUTCOMES):
        low, high = result.interval(outcome)
        outcomes.add_row(
            outcome.value.capitalize(),
            f"{result.count(outcome):,}",
            f"{result.frequency(outcome):.6f}",
            f"{low:.6f} - {high:.6f}",
            f"{exact.outcomes[index]:.6f}",
        )
    out.print(outcomes)
    bets = Table(title="Bets: mean result per unit staked on every round", title_justify="left")
    for name in ("Bet", "Mean", "95% interval", "Exact (full shoe)"):
        bets.add_column(name, justify="left" if name == "Bet" else "right")
    exact_by_key = {b.bet.key: b.expected_value for b in exact.bets}
    for simulated in simulated_bets:
        low, high = simulated.interval
        bets.add_row(
            simulated.bet.name,
            f"{simulated.mean:+.5f}",
            f"{low:+.5f} - {high:+.5f}",
            f"{exact_by_key[simulated.bet.key]:+.5f}",
        )
    out.print(bets)
