"""The equity of another game's question: exact when it takes a few seconds at most,
Monte Carlo otherwise, as :func:`~croupier.poker.calc.run.calculate` chooses for
hold'em (which hands these questions over here)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np

from croupier.poker.calc.montecarlo import DEFAULT_PRECISION
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.calc.results import CalcResult
from croupier.poker.calc.variant_exact import plan_variant_exact, run_variant_exact
from croupier.poker.calc.variant_live import VariantLive
from croupier.poker.calc.variant_sampling import run_variant_monte_carlo
from croupier.poker.errors import PokerError

__all__ = ["iter_variant", "variant_seconds"]

#: As hold'em's: exact by default up to this many seconds, and never beyond the limit.
EXACT_AUTO_SECONDS = 3.0
EXACT_LIMIT_SECONDS = 600.0


def variant_seconds(question: EquityQuestion, limit: float) -> float | None:
    """The rough time of an exact calculation here, or None when over ``limit``."""
    plan = plan_variant_exact(VariantLive(question), limit)
    return None if plan is None else plan.seconds


def iter_variant(
    question: EquityQuestion,
    options: Mapping[str, Any],
    rng: np.random.Generator,
    threads: int,
) -> Iterator[CalcResult]:
    """Results so far, then the whole one, for ``options`` as
    :func:`~croupier.poker.calc.run.iter_calculate` takes and has checked them."""
    live = VariantLive(question)
    exact, trials, precision = options.get("exact"), options.get("trials"), options.get("precision")
    progress = options.get("progress")
    if exact or (exact is None and trials is None and precision is None):
        limit = EXACT_LIMIT_SECONDS if exact else EXACT_AUTO_SECONDS
        plan = plan_variant_exact(live, limit)
        if plan is not None:
            yield from run_variant_exact(live, plan, progress, threads)
            return
        if exact:
            raise PokerError(
                f"exact enumeration would take over {limit:.0f} seconds here (too many "
                "hands or boards): use Monte Carlo (trials or precision) instead"
            )
    seed = int(rng.integers(0, 2**63, dtype=np.int64))
    target = precision if precision is not None else DEFAULT_PRECISION
    yield from run_variant_monte_carlo(live, seed, trials, target, progress, threads)
