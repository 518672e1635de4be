"""The two studies, counting and perfect play, run batch by batch, and their results.

>>> result = count_study("dragon-7", "dragon-7", threshold=4, true_count=True, shoes=200, rng=1)
>>> result.shoes, result.partial, round(result.rounds_per_shoe, 1)
(200, False, 80.2)
>>> sorted(result.to_dict())[:4]
['bet', 'bets_per_shoe', 'burn', 'by_count']
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final, TypedDict, Unpack

import numpy as np

from croupier.baccarat.advantage.batches import (
    COUNT_LIMIT,
    BatchOutput,
    BatchTotals,
    StudySpec,
    TraceRows,
    run_batch,
    standard_error,
)
from croupier.baccarat.advantage.counts import CountSystem, parse_count
from croupier.baccarat.advantage.procedure import ShoeProcedure
from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.payouts import find_bet, payout_table
from croupier.baccarat.simulate import Z95
from croupier.parallel import InOrder, run_tasks
from croupier.randomness import RNGLike, as_seed_sequence

__all__ = [
    "EXACT_EVERY",
    "AdvantageResult",
    "CountOptions",
    "CountRow",
    "FinishedBatches",
    "checkpoint_header",
    "checkpoint_line",
    "count_spec",
    "count_study",
    "default_workers",
    "perfect_spec",
    "perfect_study",
    "read_checkpoint",
    "run_study",
]

#: In a counting study, every shoe whose number is a multiple of this is priced exactly
#: (the edge-by-count table's exact column); 1 prices every round.
EXACT_EVERY: Final = 64
#: The checkpoint format's version.
CHECKPOINT_VERSION: Final = 1

Rng = RNGLike


#: With ``workers=None``, studies with fewer shoes than this stay in one process (starting
#: workers costs about a second, more than they save on a smaller run).
AUTO_PARALLEL_SHOES: Final = {"count": 50_000, "perfect": 5_000}


def default_workers(spec: StudySpec) -> int:
    """One process per core for a long study, one process for a short one."""
    if spec.shoes >= AUTO_PARALLEL_SHOES[spec.kind]:
        return os.cpu_count() or 1
    return 1


def _seed(rng: Rng) -> int:
    """A study's seed from ``rng`` (SPEC 7): an int as given, a Generator's next draw, or
    fresh entropy."""
    entropy = as_seed_sequence(rng).entropy
    assert isinstance(entropy, int)
    return entropy


def _check_shoes(shoes: object) -> int:
    if isinstance(shoes, bool) or not isinstance(shoes, int) or shoes < 1:
        raise BaccaratError(f"bad number of shoes {shoes!r}: expected 1 or more")
    return shoes


def _bet_and_table(bet: str, payouts: str | None) -> tuple[str, str]:
    table, chosen = find_bet(bet, None if payouts is None else payout_table(payouts))
    return chosen.key, table.name


class CountOptions(TypedDict, total=False):
    """The options of a counting study beyond the bet, the count, the shoes and the seed."""

    #: Bet when the count is at least this; ``None`` (the default): try every whole
    #: threshold on the same shoes and report the best.
    threshold: float | None
    #: Divide the running count by the decks not yet seen.
    true_count: bool
    #: The casino's procedure (default: 8 decks, cut card 14 from the back, standard burn).
    procedure: ShoeProcedure | None
    #: The payout table to find the bet in (default: the first offering it).
    payouts: str | None
    #: Price every ``exact_every``-th shoe exactly (default :data:`EXACT_EVERY`).
    exact_every: int


def count_spec(
    bet: str,
    count: CountSystem | str,
    *,
    shoes: int,
    rng: Rng = None,
    **options: Unpack[CountOptions],
) -> StudySpec:
    """The definition of a counting study (see :func:`count_study`)."""
    procedure = options.get("procedure") or ShoeProcedure()
    key, table = _bet_and_table(bet, options.get("payouts"))
    if isinstance(count, str):
        count = parse_count(count, key, procedure.decks, payout_table(table))
    threshold = options.get("threshold")
    if threshold is not None and not math.isfinite(threshold):
        raise BaccaratError(f"bad threshold {threshold!r}: expected a finite number")
    exact_every = options.get("exact_every", EXACT_EVERY)
    if isinstance(exact_every, bool) or not isinstance(exact_every, int) or exact_every < 1:
        raise BaccaratError(f"bad exact_every {exact_every!r}: expected 1 or more")
    return StudySpec(
        "count",
        key,
        table,
        procedure,
        _check_shoes(shoes),
        _seed(rng),
        tags=count.tags,
        true_count=options.get("true_count", False),
        threshold=None if threshold is None else float(threshold),
        exact_every=exact_every,
    )


def perfect_spec(
    bet: str,
    *,
    shoes: int,
    procedure: ShoeProcedure | None = None,
    payouts: str | None = None,
    rng: Rng = None,
) -> StudySpec:
    """The definition of a perfect-play study (see :func:`perfect_study`)."""
    key, table = _bet_and_table(bet, payouts)
    return StudySpec(
        "perfect", key, table, procedure or ShoeProcedure(), _check_shoes(shoes), _seed(rng)
    )


@dataclass(frozen=True, slots=True)
class CountRow:
    """One row of the edge-by-count table."""

    count: int
    rounds: int
    #: Share of all rounds dealt at this count.
    frequency: float
    #: Mean net result of a bet on every round at this count (outcome accounting).
    units_per_round: float
    #: The exact expectation averaged over the rounds priced at this count (``None`` when
    #: none was priced), and how many were.
    edge: float | None
    priced: int

    def to_dict(self) -> dict[str, Any]:
        """The row as ``--json`` gives it."""
        return {
            "count": self.count,
            "rounds": self.rounds,
            "frequency": self.frequency,
            "units_per_round": self.units_per_round,
            "edge": self.edge,
            "priced_rounds": self.priced,
        }


def _interval(mean: float, sd: float, n: int) -> tuple[float, float]:
    half = Z95 * sd / math.sqrt(n) if n > 1 else math.inf
    return mean - half, mean + half


def without(data: dict[str, Any], key: str) -> dict[str, Any]:
    """``data`` less ``key``."""
    return {k: v for k, v in data.items() if k != key}


def _number(value: float) -> float | None:
    return value if math.isfinite(value) else None


@dataclass(frozen=True)
class AdvantageResult:
    """What a counting or perfect-play study found, over the shoes it finished."""

    spec: StudySpec
    totals: BatchTotals
    #: True when the run was stopped (Ctrl-C) before every batch finished.
    partial: bool
    #: The threshold the figures are for (the best one when scanned); ``None`` for
    #: perfect play.
    threshold: float | None
    units_per_shoe: float
    sd_per_shoe: float
    bets_per_shoe: float
    #: Expectation accounting: the exact expectations of the bets placed, per shoe, over
    #: the shoes priced exactly (every shoe in perfect play).
    expectation_units_per_shoe: float | None
    expectation_sd_per_shoe: float | None

    @property
    def shoes(self) -> int:
        """Shoes finished."""
        return self.totals.shoes

    @property
    def bet(self) -> str:
        """The bet's key."""
        return self.spec.bet

    @property
    def ci95(self) -> tuple[float, float]:
        """95% confidence interval of the units won per shoe."""
        return _interval(self.units_per_shoe, self.sd_per_shoe, self.shoes)

    @property
    def expectation_ci95(self) -> tuple[float, float] | None:
        """95% confidence interval of the expectation accounting."""
        if self.expectation_units_per_shoe is None or self.expectation_sd_per_shoe is None:
            return None
        return _interval(
            self.expectation_units_per_shoe,
            self.expectation_sd_per_shoe,
            self.totals.priced_shoes,
        )

    @property
    def rounds_per_shoe(self) -> float:
        """Rounds dealt per shoe."""
        return self.totals.rounds / self.shoes if self.shoes else math.nan

    @property
    def edge_when_betting(self) -> float | None:
        """Net result per unit bet, over the bets placed (``None`` when none was)."""
        if self.bets_per_shoe == 0 or not self.shoes:
            return None
        return self.units_per_shoe / self.bets_per_shoe

    @property
    def win_per_100_rounds(self) -> float:
        """Units won per 100 rounds dealt (bet on or not)."""
        return 100 * self.units_per_shoe / self.rounds_per_shoe

    @property
    def by_count(self) -> tuple[CountRow, ...]:
        """The edge-by-count table, counts with at least one round (in perfect play the
        "count" is the exact edge in whole percent, rounded down)."""
        totals = self.totals
        rounds = int(totals.count_rounds.sum())
        return tuple(
            CountRow(
                count=int(i) - COUNT_LIMIT,
                rounds=int(totals.count_rounds[i]),
                frequency=int(totals.count_rounds[i]) / rounds,
                units_per_round=float(totals.count_units[i] / totals.count_rounds[i]),
                edge=float(totals.count_expected[i] / totals.count_priced[i])
                if totals.count_priced[i]
                else None,
                priced=int(totals.count_priced[i]),
            )
            for i in np.flatnonzero(totals.count_rounds)
        )

    def to_dict(self) -> dict[str, Any]:
        """Exactly the ``--json`` object of ``croupier baccarat count`` or ``perfect``."""
        low, high = self.ci95
        data: dict[str, Any] = {
            "bet": self.bet,
            "shoes": self.shoes,
            "units_per_shoe": _number(self.units_per_shoe),
            "ci95": [_number(low), _number(high)],
            "bets_per_shoe": _number(self.bets_per_shoe),
            "rounds_per_shoe": _number(self.rounds_per_shoe),
            "edge_when_betting": self.edge_when_betting,
            "sd_per_shoe": _number(self.sd_per_shoe),
            "threshold": self.threshold,
            "partial": self.partial,
        }
        if self.spec.kind == "perfect":
            data["expectation_units_per_shoe"] = self.expectation_units_per_shoe
            interval = self.expectation_ci95
            data["expectation_ci95"] = None if interval is None else list(interval)
        data.update(
            {
                "payouts": self.spec.payouts,
                "decks": self.spec.procedure.decks,
                "cut_card": self.spec.procedure.cut_card,
                "burn": self.spec.procedure.burn,
                "seed": self.spec.seed,
                "win_per_100_rounds": _number(self.win_per_100_rounds),
            }
        )
        if self.spec.kind == "count":
            assert self.spec.tags is not None
            data["tags"] = CountSystem("", self.spec.tags).in_written_order()
            data["true_count"] = self.spec.true_count
            data["by_count"] = [row.to_dict() for row in self.by_count]
        else:
            data["by_edge"] = [
                {"edge_percent": row.count, **without(row.to_dict(), "count")}
                for row in self.by_count
            ]
        return data


def summarise(spec: StudySpec, totals: BatchTotals, partial: bool) -> AdvantageResult:
    """The result of ``spec`` from the totals of the batches it finished."""
    n = totals.shoes
    threshold = spec.threshold
    if spec.kind == "count" and threshold is None and n:
        tried = np.flatnonzero(totals.scan_bets)
        if tried.size == 0:
            raise BaccaratError("no round was dealt: nothing to choose a threshold from")
        highest_first = tried[::-1]  # on a tie the highest threshold: the same bets
        best = int(highest_first[np.argmax(totals.scan_units[highest_first])])
        threshold = float(best - COUNT_LIMIT)
        mean, sd = standard_error(totals.scan_units[best], totals.scan_units_sq[best], n)
        bets = int(totals.scan_bets[best])
    else:
        mean, sd = standard_error(totals.units, totals.units_sq, n)
        bets = totals.bets
    expected: float | None = None
    expected_sd: float | None = None
    if totals.priced_shoes:
        expected, expected_sd = standard_error(
            totals.expected, totals.expected_sq, totals.priced_shoes
        )
    return AdvantageResult(
        spec=spec,
        totals=totals,
        partial=partial,
        threshold=threshold,
        units_per_shoe=mean,
        sd_per_shoe=sd,
        bets_per_shoe=bets / n if n else math.nan,
        expectation_units_per_shoe=expected,
        expectation_sd_per_shoe=expected_sd,
    )


def run_study(
    spec: StudySpec,
    *,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
    finished: FinishedBatches | Mapping[int, BatchTotals] | None = None,
    on_batch: Callable[[int, BatchTotals], None] | None = None,
    trace: Callable[[TraceRows], None] | None = None,
) -> AdvantageResult:
    """Run the batches of ``spec`` not in ``finished`` and sum up every batch.

    ``workers`` local processes share the batches (or the Dask cluster at ``scheduler``:
    an address or ``"local"``); the numbers depend only on the spec. ``progress`` gets
    the shoes finished so far, ``on_batch`` each new batch's totals (for a checkpoint),
    ``trace`` each batch's rounds in batch order (perfect play only). Ctrl-C stops the
    run: the result covers the batches finished and is marked partial.
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise BaccaratError(f"bad number of workers {workers!r}: expected 1 or more")
    if trace is not None and spec.kind != "perfect":
        raise BaccaratError("only perfect play writes a trace")
    if not isinstance(finished, FinishedBatches):
        finished = FinishedBatches.of(finished or {})
    pending = [index for index in range(spec.batches) if index not in finished]
    # Totals are added up in batch order as they come (bit-for-bit the same sums however
    # the batches are run), traces written in batch order.
    totals = finished.prefix

    def add(item: BatchTotals) -> None:
        nonlocal totals
        totals = totals + item

    summed = InOrder(add, first=finished.first_missing)
    traced = InOrder(trace) if trace is not None else None
    shoes_done = finished.shoes
    for index in sorted(finished.later):
        summed.put(index, finished.later[index])

    def receive(position: int, output: BatchOutput) -> None:
        nonlocal shoes_done
        index = pending[position]
        summed.put(index, output.totals)
        shoes_done += output.totals.shoes
        if on_batch is not None:
            on_batch(index, output.totals)
        if progress is not None:
            progress(shoes_done)
        if traced is not None and output.trace is not None:
            traced.put(position, output.trace)

    if progress is not None:
        progress(shoes_done)
    complete = run_tasks(
        run_batch,
        [(spec, index, trace is not None) for index in pending],
        on_result=receive,
        workers=workers,
        scheduler=scheduler,
        preload=["croupier.baccarat._worker_preload"],
    )
    summed.flush()
    if traced is not None:
        traced.flush()
    return summarise(spec, totals, partial=not complete)


def count_study(
    bet: str,
    count: CountSystem | str,
    *,
    shoes: int,
    rng: Rng = None,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
    **options: Unpack[CountOptions],
) -> AdvantageResult:
    """Count the cards and bet one unit on ``bet`` when the count reaches a threshold.

    ``count`` is a :class:`CountSystem` or its written form (``dragon-7``, ``eor``,
    ``0,0,0,-1,-1,-1,-1,2,2,0``); ``options`` are :class:`CountOptions`: the threshold
    (``None`` tries every whole threshold on the same shoes and reports the best),
    ``true_count``, the procedure, the payouts, and how often a shoe is priced exactly.
    ``workers``, ``scheduler`` and ``progress`` are those of :func:`run_study`.
    """
    spec = count_spec(bet, count, shoes=shoes, rng=rng, **options)
    return run_study(spec, workers=workers, scheduler=scheduler, progress=progress)


def perfect_study(
    bet: str,
    *,
    shoes: int,
    procedure: ShoeProcedure | None = None,
    payouts: str | None = None,
    rng: Rng = None,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
    trace: Callable[[TraceRows], None] | None = None,
) -> AdvantageResult:
    """Bet one unit on ``bet`` exactly when the exact odds of the unseen cards say its
    expectation is positive: the most any count of ``bet`` can win on these shoes.

    >>> result = perfect_study("tie", shoes=20, rng=3)
    >>> result.expectation_units_per_shoe is not None and result.threshold is None
    True
    """
    spec = perfect_spec(bet, shoes=shoes, procedure=procedure, payouts=payouts, rng=rng)
    return run_study(spec, workers=workers, scheduler=scheduler, progress=progress, trace=trace)


def checkpoint_header(spec: StudySpec) -> str:
    """The first line of a checkpoint: the study it belongs to."""
    return json.dumps({"croupier_checkpoint": CHECKPOINT_VERSION, "study": spec.to_dict()})


def checkpoint_line(index: int, totals: BatchTotals) -> str:
    """One finished batch, a line of a checkpoint."""
    return json.dumps({"batch": index, "totals": totals.to_json()})


class FinishedBatches:
    """Batches already finished: those from 0 up to the first missing one summed in order
    (memory stays flat however many there are), the others kept one by one."""

    def __init__(self) -> None:
        #: Batches ``0 .. first_missing - 1`` are finished, and summed in ``prefix``.
        self.first_missing = 0
        self.prefix = BatchTotals()
        #: Finished batches after the first missing one.
        self.later: dict[int, BatchTotals] = {}

    @classmethod
    def of(cls, batches: Mapping[int, BatchTotals]) -> FinishedBatches:
        """The batches of a plain mapping."""
        finished = cls()
        for index in sorted(batches):
            finished.add(index, batches[index])
        return finished

    def add(self, index: int, totals: BatchTotals) -> None:
        """Batch ``index`` is finished."""
        if index in self:
            raise BaccaratError(f"batch {index} is finished twice")
        self.later[index] = totals
        while self.first_missing in self.later:
            self.prefix = self.prefix + self.later.pop(self.first_missing)
            self.first_missing += 1

    def __contains__(self, index: object) -> bool:
        return isinstance(index, int) and (0 <= index < self.first_missing or index in self.later)

    def __len__(self) -> int:
        return self.first_missing + len(self.later)

    @property
    def shoes(self) -> int:
        """Shoes in the finished batches."""
        return self.prefix.shoes + sum(totals.shoes for totals in self.later.values())

    def lines(self) -> Iterator[str]:
        """The checkpoint lines that hold these batches (the first ones summed in one)."""
        if self.first_missing:
            yield json.dumps({"batches": [0, self.first_missing], "totals": self.prefix.to_json()})
        for index in sorted(self.later):
            yield checkpoint_line(index, self.later[index])


def read_checkpoint(lines: Iterable[str], spec: StudySpec) -> FinishedBatches:
    """The finished batches of ``spec`` in a checkpoint's lines, read one at a time (a torn
    last line, from a run killed while writing, is ignored)."""
    finished = FinishedBatches()
    rows = (line for line in lines if line.strip())
    first = next(rows, None)
    if first is None:
        return finished
    try:
        header = json.loads(first)
    except json.JSONDecodeError:
        raise BaccaratError("bad checkpoint: line 1 is not a checkpoint header") from None
    if not isinstance(header, dict) or header.get("croupier_checkpoint") != CHECKPOINT_VERSION:
        raise BaccaratError("bad checkpoint: line 1 is not a croupier checkpoint header")
    if header.get("study") != json.loads(json.dumps(spec.to_dict())):
        raise BaccaratError(
            "the checkpoint belongs to another study (bet, shoes, seed or options differ): "
            "use the same options and --seed, or another file"
        )
    torn: str | None = None
    for number, line in enumerate(rows, 2):
        if torn is not None:
            raise BaccaratError(torn)
        try:
            row = json.loads(line)
            totals = BatchTotals.from_json(row["totals"])
            start, stop = (int(i) for i in row["batches"]) if "batches" in row else (0, 0)
            index = -1 if "batches" in row else int(row["batch"])
        except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
            torn = f"bad checkpoint line {number}: {exc}"
            continue
        if index == -1:  # batches start .. stop - 1, summed
            if start != finished.first_missing or not start < stop <= spec.batches:
                raise BaccaratError(f"bad checkpoint line {number}: bad batch range")
            finished.first_missing, finished.prefix = stop, finished.prefix + totals
            continue
        if not 0 <= index < spec.batches:
            raise BaccaratError(f"bad checkpoint line {number}: no batch {index} in this study")
        finished.add(index, totals)
    return finished
