"""``croupier baccarat count | perfect``: card counting and the perfect-play bound.

Only the options live here, so that ``--help`` and option errors need no game code; the
work is in :mod:`croupier.cli.baccarat.studies`, imported when a command runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Final

import typer

from croupier.cli.options import (
    MAX_DECKS,
    DecksOption,
    SchedulerOption,
    SeedOption,
    WorkersOption,
    count_option,
    file_option,
    picture_option,
    signed_number,
)

__all__ = ["count", "perfect"]

#: Counts are tabled from -COUNT_LIMIT to +COUNT_LIMIT (larger ones in the end rows):
#: ``croupier.baccarat.advantage.batches.COUNT_LIMIT``, written here so that help needs no
#: game code (a test checks that they agree).
COUNT_LIMIT: Final = 99

BetOption = Annotated[
    str,
    typer.Option(
        "--bet",
        help="The bet, named as in `baccarat odds --json`: banker, tie, player-pair, "
        "dragon-7, panda-8, dragon-bonus-player...",
    ),
]
#: Shoes a study may deal: a billion is days of perfect play on one machine.
MAX_STUDY_SHOES = 1_000_000_000
ShoesOption = Annotated[
    int,
    count_option("--shoes", "How many shoes to deal", high=MAX_STUDY_SHOES, default_text="10,000"),
]
CutCardOption = Annotated[
    int,
    count_option(
        "--cut-card",
        "Cards behind the cut card (dealing stops there)",
        low=6,
        high=52 * MAX_DECKS - 1,  # a card at least before it
        default_text="14",
    ),
]
BurnOption = Annotated[
    str,
    typer.Option(
        "--burn",
        help="standard (turn one card, burn its value face down; tens burn 10), none, "
        "or N cards face down.",
    ),
]
PayoutsOption = Annotated[
    str | None,
    typer.Option(
        "--payouts",
        metavar="casino|ez|lab",
        help="Payout table \\[default: the first of casino, ez, lab offering the bet]",
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object instead.")]
CheckpointOption = Annotated[
    Path | None,
    file_option(
        "--checkpoint",
        "Keep finished batches in FILE; run again to resume where it stopped.",
        writes=True,
    ),
]


def count(
    bet: BetOption,
    tags: Annotated[
        str,
        typer.Option(
            "--tags",
            help="Tags per value, value 0 (10/J/Q/K) to 9, i.e. 10,A,2,...,9 "
            "(e.g. 0,0,0,0,-1,-1,-1,-1,2,2) or per rank 2,...,K,A; a named count (dragon-7, "
            "panda-8); or eor (from the effect of removal).",
        ),
    ],
    threshold: Annotated[
        float | None,
        typer.Option(
            "--threshold",
            help=f"Bet when the count is at least T [-{COUNT_LIMIT} to {COUNT_LIMIT}]",
            parser=signed_number("--threshold", -COUNT_LIMIT, COUNT_LIMIT),
            metavar="T",
        ),
    ] = None,
    best_threshold: Annotated[
        bool,
        typer.Option("--best-threshold", help="Try every whole threshold; report the best."),
    ] = False,
    true_count: Annotated[
        bool, typer.Option("--true-count", help="Divide the count by the decks not yet seen.")
    ] = False,
    shoes: ShoesOption = 10_000,
    decks: DecksOption = 8,
    cut_card: CutCardOption = 14,
    burn: BurnOption = "standard",
    seed: SeedOption = None,
    payouts: PayoutsOption = None,
    exact_every: Annotated[
        int,
        count_option(
            "--exact-every",
            "Price every Nth shoe exactly (the Exact edge column)",
            high=MAX_STUDY_SHOES,
            default_text="64",
        ),
    ] = 64,
    as_json: JsonOption = False,
    plot: Annotated[
        Path | None,
        picture_option("--plot", "Draw the edge and frequency by count (PNG, SVG...)."),
    ] = None,
    workers: WorkersOption = None,
    scheduler: SchedulerOption = None,
    checkpoint: CheckpointOption = None,
) -> None:
    """Count cards and bet one unit when the count reaches a threshold, over many shoes."""
    from croupier.cli.baccarat.studies import StudyOptions, run_count

    options = StudyOptions(
        bet, shoes, decks, cut_card, burn, seed, payouts, as_json, workers, scheduler, checkpoint
    )
    run_count(
        options,
        tags=tags,
        threshold=threshold,
        best_threshold=best_threshold,
        true_count=true_count,
        exact_every=exact_every,
        plot=plot,
    )


def perfect(
    bet: BetOption,
    shoes: ShoesOption = 10_000,
    decks: DecksOption = 8,
    cut_card: CutCardOption = 14,
    burn: BurnOption = "standard",
    seed: SeedOption = None,
    payouts: PayoutsOption = None,
    as_json: JsonOption = False,
    trace: Annotated[
        Path | None,
        file_option("--trace", "Write one JSON line per round to FILE, to check.", writes=True),
    ] = None,
    workers: WorkersOption = None,
    scheduler: SchedulerOption = None,
    checkpoint: CheckpointOption = None,
) -> None:
    """Bet exactly when the exact odds of the unseen cards favour the bet: the bound no
    count can beat."""
    from croupier.cli.baccarat.studies import StudyOptions, run_perfect

    options = StudyOptions(
        bet, shoes, decks, cut_card, burn, seed, payouts, as_json, workers, scheduler, checkpoint
    )
    run_perfect(options, trace=trace)
