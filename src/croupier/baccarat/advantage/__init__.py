"""Advantage play at Baccarat: card counting and the perfect-play bound, over many shoes.

A *counting study* tags every card seen, keeps a running (or true) count and bets one
unit when the count reaches a threshold; a *perfect-play study* bets exactly when the
exact odds of the unseen cards make the bet positive, the most any count could win. Both
deal real shoes by the casino's procedure (:class:`ShoeProcedure`), in batches whose
random streams come from the seed and the batch number alone, so the numbers are the
same in one process, in local workers or on a Dask cluster.

>>> from croupier.baccarat.advantage import count_study, perfect_study
>>> counted = count_study("dragon-7", "dragon-7", threshold=4, true_count=True,
...                       shoes=300, rng=2026)
>>> perfect = perfect_study("dragon-7", shoes=300, rng=2026)
>>> counted.rounds_per_shoe == perfect.rounds_per_shoe    # the same shoes
True
>>> perfect.bets_per_shoe > counted.bets_per_shoe > 0
True
"""

from __future__ import annotations

from croupier.baccarat.advantage.batches import BATCH_SHOES, BatchTotals, StudySpec, TraceRows
from croupier.baccarat.advantage.counts import NAMED_COUNTS, CountSystem, eor_count, parse_count
from croupier.baccarat.advantage.procedure import STANDARD_BURN, ShoeProcedure, parse_burn
from croupier.baccarat.advantage.study import (
    EXACT_EVERY,
    AdvantageResult,
    CountOptions,
    CountRow,
    FinishedBatches,
    checkpoint_header,
    checkpoint_line,
    checkpoint_seed,
    count_spec,
    count_study,
    default_workers,
    perfect_spec,
    perfect_study,
    read_checkpoint,
    run_study,
)

__all__ = [
    "BATCH_SHOES",
    "EXACT_EVERY",
    "NAMED_COUNTS",
    "STANDARD_BURN",
    "AdvantageResult",
    "BatchTotals",
    "CountOptions",
    "CountRow",
    "CountSystem",
    "FinishedBatches",
    "ShoeProcedure",
    "StudySpec",
    "TraceRows",
    "checkpoint_header",
    "checkpoint_line",
    "checkpoint_seed",
    "count_spec",
    "count_study",
    "default_workers",
    "eor_count",
    "parse_burn",
    "parse_count",
    "perfect_spec",
    "perfect_study",
    "read_checkpoint",
    "run_study",
]
