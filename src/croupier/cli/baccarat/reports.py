"""The work behind ``croupier baccarat odds | eor | simulate``: exact odds, effects of
removal, simulation, computed and drawn (the commands themselves, in
:mod:`croupier.cli.baccarat.analysis`, only parse options)."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from croupier.baccarat import (
    Composition,
    OddsReport,
    Outcome,
    effect_of_removal,
    odds_report,
    payout_table,
)
from croupier.baccarat.composition import RANKS, parse_counts
from croupier.baccarat.odds import fraction_text
from croupier.cards import parse_ranks
from croupier.cli.console import fail, make_console, print_trimmed, run_with_progress
from croupier.cli.options import resolve_workers
from croupier.numerals import fixed, fresh_seed, percent, plural, signed

if TYPE_CHECKING:
    from croupier.baccarat.simulate import BetResult, SimulationResult

__all__ = ["show_eor", "show_odds", "show_simulation"]

OUTCOMES = (Outcome.PLAYER, Outcome.BANKER, Outcome.TIE)


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
    return described if described.endswith("cards") else f"{described} ({shoe.total:,} cards)"


def _percent(value: float | None, digits: int = 4, sign: bool = False) -> str:
    return "n/a" if value is None else percent(value, digits, sign=sign)


def _interval(low: float, high: float, digits: int, sign: bool = False) -> str:
    """A confidence interval as ``[low, high]``."""
    shown = signed if sign else fixed
    return f"[{shown(low, digits)}, {shown(high, digits)}]"


def _echo_json(data: dict[str, Any]) -> None:
    typer.echo(json.dumps(data, indent=2))


# --- odds ---------------------------------------------------------------------------------


def show_odds(
    decks: int | None,
    infinite: bool,
    counts: str | None,
    remove: str | None,
    payouts: str,
    exact: bool,
    as_json: bool,
) -> None:
    """The body of ``croupier baccarat odds``."""
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
            fixed(report.outcomes[index], 12),
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
            "n/a" if value is None else signed(value, 8),
            _percent(priced.house_edge),
        )
    out.print(bets)
    if unpriced:
        out.print("n/a: pair bets need counts by rank (--decks, --infinite, or 13 --counts).")
    if report.pair is not None:
        out.print(
            f"Chance of a pair on one side (the player's first two cards, or the banker's, "
            f"of one rank): {fixed(report.pair, 8)}"
        )


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


def show_eor(decks: int | None, payouts: str, as_json: bool) -> None:
    """The body of ``croupier baccarat eor``."""
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
    for rank in RANKS:  # 2, ..., K, A: the one rank order
        grid.add_row(rank.label, *(signed(effects.effects[key][rank] * 10_000, 2) for key in keys))
    grid.add_section()
    grid.add_row("EV %", *(signed(effects.base[key] * 100, 3) for key in keys))
    print_trimmed(out, grid)


# --- simulate -----------------------------------------------------------------------------


def show_simulation(
    shoes: int,
    decks: int,
    penetration: float | None,
    burn: bool,
    seed: int | None,
    payouts: str,
    workers: int | None,
    scheduler: str | None,
    as_json: bool,
) -> None:
    """The body of ``croupier baccarat simulate``."""
    from croupier.baccarat.simulate import auto_workers, bet_payoffs
    from croupier.baccarat.simulate import simulate as run_simulation

    table = payout_table(payouts)
    out = make_console()
    count = resolve_workers(workers, scheduler=scheduler) or auto_workers(shoes, decks)
    where = "on Dask" if scheduler is not None else plural(count, "worker")
    label = f"Dealing shoes ({where})"
    partial: SimulationResult | None = None
    # Everything the report needs besides the deal is ready first: Ctrl-C answers at once.
    exact = odds_report(Composition.decks(decks), table)
    for bet in table.bets:
        bet_payoffs(bet)
    result, interrupted = run_with_progress(
        out,
        shoes,
        label,
        lambda progress: run_simulation(
            shoes,
            decks=decks,
            penetration=penetration,
            burn=burn,
            rng=fresh_seed() if seed is None else seed,
            workers=count,
            scheduler=scheduler,
            progress=progress,
        ),
        enabled=not as_json,
        nothing_done="any shoe was dealt",
    )
    partial = result if interrupted else None
    simulated_bets = result.bet_results(table)
    if as_json:
        data = result.to_dict(table)
        _echo_json({"partial": True, "shoes_asked": shoes, **data} if partial else data)
    else:
        if partial is not None:
            out.print(
                f"[bold]Interrupted:[/bold] a partial result, "
                f"{result.shoes:,} of {plural(shoes, 'shoe')} dealt"
            )
        _show_simulation(out, result, exact, simulated_bets)
    if partial is not None:
        raise typer.Exit(130)


def _show_simulation(
    out: Console,
    result: SimulationResult,
    exact: OddsReport,
    simulated_bets: tuple[BetResult, ...],
) -> None:
    out.print(
        f"[bold]Simulated[/bold] {plural(result.shoes, 'shoe')} of "
        f"{plural(result.decks, 'deck')}: {plural(result.rounds, 'round')}, cut card after "
        f"{plural(result.cut_card, 'card')}"
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
            fixed(result.frequency(outcome), 6),
            _interval(low, high, 6),
            fixed(exact.outcomes[index], 6),
        )
    out.print(outcomes)
    bets = Table(title="Bets: mean result per unit staked on every round", title_justify="left")
    for name in ("Bet", "Mean", "95% interval", "Exact (full shoe)"):
        bets.add_column(name, justify="left" if name == "Bet" else "right")
    exact_by_key = {b.bet.key: b.expected_value for b in exact.bets}
    for simulated in simulated_bets:
        low, high = simulated.interval
        expected = exact_by_key[simulated.bet.key]
        bets.add_row(
            simulated.bet.name,
            signed(simulated.mean, 5),
            _interval(low, high, 5, sign=True),
            "n/a" if expected is None else signed(expected, 5),
        )
    out.print(bets)
