"""``croupier baccarat odds | eor | simulate``: exact odds, effects of removal, simulation.

The commands parse their options and hand over to :mod:`croupier.cli.baccarat.reports`,
imported only when a command runs.
"""

from __future__ import annotations

from typing import Annotated

import typer

from croupier.cli.options import (
    DecksOption,
    OptionalDecksOption,
    PenetrationOption,
    SchedulerOption,
    SeedOption,
    WorkersOption,
    count_option,
)

__all__ = ["eor", "odds", "simulate"]

JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object instead.")]
PayoutsOption = Annotated[
    str, typer.Option("--payouts", metavar="casino|ez|lab", help="Payout table: casino, ez or lab.")
]
#: Shoes a simulation may deal: ten million shoes are about 800 million rounds, some minutes
#: on a small machine; more adds digits no one reads.
MAX_SHOES = 10_000_000


def odds(
    decks: OptionalDecksOption = None,
    infinite: Annotated[
        bool, typer.Option("--infinite", help="An infinite deck (drawing with replacement).")
    ] = False,
    counts: Annotated[
        str | None,
        typer.Option(
            "--counts",
            help="Cards left: 10 counts by value c0,...,c9 (0 = 10/J/Q/K, 1 = aces) "
            "or 13 by rank 2,...,10,J,Q,K,A.",
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
    from croupier.cli.baccarat.reports import show_odds

    show_odds(decks, infinite, counts, remove, payouts, exact, as_json)


def eor(
    decks: OptionalDecksOption = None,
    payouts: PayoutsOption = "casino",
    as_json: JsonOption = False,
) -> None:
    """Effect of removal: how each bet's expected value moves when one card of a rank is
    taken out of a full shoe."""
    from croupier.cli.baccarat.reports import show_eor

    show_eor(decks, payouts, as_json)


def simulate(
    shoes: Annotated[
        int,
        count_option("--shoes", "How many shoes to deal", high=MAX_SHOES, default_text="10,000"),
    ] = 10_000,
    decks: DecksOption = 8,
    penetration: PenetrationOption = None,
    burn: Annotated[
        bool, typer.Option("--burn", help="Burn cards first: turn one, burn its value (10s: 10).")
    ] = False,
    seed: SeedOption = None,
    payouts: PayoutsOption = "casino",
    workers: WorkersOption = None,
    scheduler: SchedulerOption = None,
    as_json: JsonOption = False,
) -> None:
    """Deal real shoes round by round to the cut card; compare with the exact odds."""
    from croupier.cli.baccarat.reports import show_simulation

    show_simulation(shoes, decks, penetration, burn, seed, payouts, workers, scheduler, as_json)
