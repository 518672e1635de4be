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
from typing import TYPE_CHECKING, Any, Final, TypedDict, Unpack

import numpy as np

from croupier.arguments import checked
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
from croupier.errors import check_type, prefixed, shown
from croupier.numerals import plural
from croupier.parallel import InOrder, run_tasks
from croupier.randomness import RNGLike, as_seed_sequence

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "EXACT_EVERY",
    "MAX_CHECKPOINT_LINE_CHARS",
    "MAX_STUDY_SHOES",
    "AdvantageResult",
    "CountOptions",
    "CountRow",
    "FinishedBatches",
    "checkpoint_header",
    "checkpoint_line",
    "checkpoint_seed",
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
#: The most shoes one study deals (a billion: hours on a cluster).
MAX_STUDY_SHOES: Final = 1_000_000_000
#: The checkpoint format's version.
CHECKPOINT_VERSION: Final = 1
#: The longest checkpoint line read: a batch's totals hold seven tables of 199 counts,
#: each figure at most 26 characters written (about 37,000 in all at their widest;
#: a 64-deck study's lines pass 10,000, the cap of a line of text).
MAX_CHECKPOINT_LINE_CHARS: Final = 100_000

Rng = RNGLike


#: With ``workers=None``, studies with fewer shoes than this stay in one process (starting
#: workers costs about a second, more than they save on a smaller run).
AUTO_PARALLEL_SHOES: Final = {"count": 50_000, "perfect": 5_000}


@checked
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
    if isinstance(shoes, bool) or not isinstance(shoes, int) or not 1 <= shoes <= MAX_STUDY_SHOES:
        raise BaccaratError(f"bad number of shoes {shoes!r}: expected 1 to {MAX_STUDY_SHOES:,}")
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


@checked
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


@checked
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


def _number(value: float | None) -> float | None:
    """``value`` as ``--json`` gives it: ``None`` (null) when missing or not finite."""
    return value if value is not None and math.isfinite(value) else None


def _numbers(values: tuple[float, float] | None) -> list[float | None] | None:
    """An interval as ``--json`` gives it: each end through :func:`_number`."""
    return None if values is None else [_number(value) for value in values]


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

    def __repr__(self) -> str:
        """Short: the study and its main figure (``to_dict()`` has them all).

        >>> perfect_study("tie", shoes=20, rng=3)
        <AdvantageResult perfect tie, 20 shoes (seed 3): ... units per shoe (95% ... to ...)>
        """
        low, high = self.ci95
        partial = ", partial" if self.partial else ""
        return (
            f"<AdvantageResult {self.spec.kind} {self.bet}, {plural(self.shoes, 'shoe')} "
            f"(seed {self.spec.seed}{partial}): {self.units_per_shoe:+.4f} units per shoe "
            f"(95% {low:+.4f} to {high:+.4f})>"
        )

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

    def _repr_html_(self) -> str:
        """The figures and the chart by count, drawn in a notebook."""
        from croupier.baccarat.display import advantage_html

        return advantage_html(self)

    def to_frame(self) -> pd.DataFrame:
        """The table by count as a pandas DataFrame (the ``notebook`` extra; its columns:
        :func:`croupier.baccarat.frames.advantage_frame`)."""
        from croupier.baccarat.frames import advantage_frame

        return advantage_frame(self)

    def to_dict(self) -> dict[str, Any]:
        """Exactly the ``--json`` object of ``croupier baccarat count`` or ``perfect``."""
        data: dict[str, Any] = {
            "bet": self.bet,
            "shoes": self.shoes,
            "units_per_shoe": _number(self.units_per_shoe),
            "ci95": _numbers(self.ci95),
            "bets_per_shoe": _number(self.bets_per_shoe),
            "rounds_per_shoe": _number(self.rounds_per_shoe),
            "edge_when_betting": self.edge_when_betting,
            "sd_per_shoe": _number(self.sd_per_shoe),
            "threshold": self.threshold,
            "partial": self.partial,
        }
        if self.spec.kind == "perfect":
            data["expectation_units_per_shoe"] = _number(self.expectation_units_per_shoe)
            data["expectation_ci95"] = _numbers(self.expectation_ci95)
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
            data["tags"] = CountSystem("", self.spec.tags).labelled()
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


@checked
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
        _check_batches(finished or {}, "finished")
        finished = FinishedBatches.of(finished or {})
    outside = [i for i in finished.later if not 0 <= i < spec.batches]
    if outside or finished.first_missing > spec.batches:
        first = outside[0] if outside else finished.first_missing - 1
        raise BaccaratError(f"finished batch {first} is not a batch of this study")
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


@checked
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
    ``0,0,0,0,-1,-1,-1,-1,2,2``, by value 0 to 9); ``options`` are :class:`CountOptions`:
    the threshold (``None`` tries every whole threshold on the same shoes and reports the best),
    ``true_count``, the procedure, the payouts, and how often a shoe is priced exactly.
    ``workers``, ``scheduler`` and ``progress`` are those of :func:`run_study`.
    """
    spec = count_spec(bet, count, shoes=shoes, rng=rng, **options)
    return run_study(spec, workers=workers, scheduler=scheduler, progress=progress)


@checked
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


@checked
def checkpoint_header(spec: StudySpec) -> str:
    """The first line of a checkpoint: the study it belongs to."""
    return json.dumps({"croupier_checkpoint": CHECKPOINT_VERSION, "study": spec.to_dict()})


@checked
@checked
def checkpoint_line(index: int, totals: BatchTotals) -> str:
    """One finished batch, a line of a checkpoint."""
    return json.dumps({"batch": int(index), "totals": totals.to_json()})


def _check_batches(batches: Mapping[int, BatchTotals], name: str) -> None:
    """Batch numbers mapped to totals, or a :class:`TypeError` naming ``name``."""
    for index, totals in batches.items():
        check_type(index, int, f"{name} (its keys)", "batch numbers (int)")
        check_type(totals, BatchTotals, f"{name}[{index}]", "BatchTotals")


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
    @checked
    def of(cls, batches: Mapping[int, BatchTotals]) -> FinishedBatches:
        """The batches of a plain mapping."""
        finished = cls()
        _check_batches(batches, "batches")
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


def _json_object(line: str, what: str) -> dict[str, Any]:
    """``line`` read as a JSON object; anything else (not JSON, nested past any sense, a
    number beyond a float or an int's digits) raises :class:`BaccaratError` naming
    ``what``. ``NaN`` and ``Infinity`` are not JSON and are refused too."""

    def constant(name: str) -> float:
        raise ValueError(f"{name} is not a number JSON allows")

    try:
        data = json.loads(line, parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise _TornLineError(f"{what}: not JSON ({exc.msg})") from None
    except (ValueError, RecursionError) as exc:
        # RecursionError: brackets nested thousands deep; ValueError: an int of more
        # digits than Python converts, or a non-finite constant.
        reason = "nested too deep" if isinstance(exc, RecursionError) else str(exc)
        raise BaccaratError(f"{what}: {reason}") from None
    if not isinstance(data, dict):
        raise BaccaratError(f"{what}: expected a JSON object")
    return data


class _TornLineError(BaccaratError):
    """A line that is not JSON: a line torn by a killed run, when it is the last one."""


def _header_study(line: str) -> dict[str, Any]:
    """The study a checkpoint's first line records, its seed checked."""
    try:
        header = _json_object(line, "bad checkpoint: line 1")
    except BaccaratError:
        raise BaccaratError("bad checkpoint: line 1 is not a croupier checkpoint header") from None
    study = header.get("study")
    if header.get("croupier_checkpoint") != CHECKPOINT_VERSION or not isinstance(study, dict):
        raise BaccaratError("bad checkpoint: line 1 is not a croupier checkpoint header")
    seed = study.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise BaccaratError(
            f"bad checkpoint: line 1 records the seed {shown(seed)}: expected a whole "
            "number of 0 or more"
        )
    return study


@checked
def checkpoint_seed(lines: Iterable[str]) -> int | None:
    """The seed of the study a checkpoint's lines belong to (``None`` for an empty
    checkpoint): a run without a seed resumes with it. A first line that is not a
    checkpoint header raises :class:`BaccaratError`.

    >>> spec = perfect_spec("tie", shoes=10, rng=42)
    >>> checkpoint_seed([checkpoint_header(spec)]), checkpoint_seed([])
    (42, None)
    >>> checkpoint_seed(['{"croupier_checkpoint": 1, "study": {"seed": 1e999}}'])
    Traceback (most recent call last):
    ...
    croupier.baccarat.errors.BaccaratError: bad checkpoint: line 1 records the seed inf: ...
    """
    first = next((line for line in _text_lines(lines) if line.strip()), None)
    if first is None:
        return None
    seed = _header_study(first)["seed"]
    assert isinstance(seed, int)
    return seed


def _text_lines(lines: Iterable[str]) -> Iterator[str]:
    """``lines``, each checked to be text."""
    for i, line in enumerate(lines):
        yield check_type(line, str, f"lines[{i}]", "a line (str)")


def _planned(spec: StudySpec, start: int, stop: int) -> tuple[int, int]:
    """Shoes in batches ``start .. stop - 1`` and how many of them are priced exactly."""
    first = start * spec.batch_shoes
    end = min(stop * spec.batch_shoes, spec.shoes)
    shoes = end - first
    if spec.kind == "perfect":
        return shoes, shoes
    if spec.threshold is None:  # scanning thresholds: expectations are tabled, not summed
        return shoes, 0
    every = spec.exact_every
    return shoes, -(-end // every) - -(-first // every)  # multiples of every in [first, end)


def _check_totals(totals: BatchTotals, spec: StudySpec, start: int, stop: int) -> None:
    """Totals as batches ``start .. stop - 1`` of ``spec`` can give them, else
    :class:`BaccaratError` saying what is wrong."""
    shoes, priced = _planned(spec, start, stop)
    if totals.shoes != shoes:
        raise BaccaratError(f"{plural(totals.shoes, 'shoe')} where the study deals {shoes:,}")
    if totals.priced_shoes != priced:
        raise BaccaratError(
            f"{totals.priced_shoes:,} shoes priced exactly where the study prices {priced:,}"
        )
    if totals.rounds != int(totals.count_rounds.sum()):
        raise BaccaratError("the rounds by count do not add up to the rounds")
    if totals.bets > totals.rounds:
        raise BaccaratError(f"{plural(totals.bets, 'bet')} in {plural(totals.rounds, 'round')}")
    if (totals.count_priced > totals.count_rounds).any():
        raise BaccaratError("more rounds priced than dealt at some count")
    at_least = np.cumsum(totals.count_rounds[::-1])[::-1]
    if not np.array_equal(totals.scan_bets, at_least):
        raise BaccaratError("the bets by threshold do not follow from the rounds by count")


@checked
def read_checkpoint(lines: Iterable[str], spec: StudySpec) -> FinishedBatches:
    """The finished batches of ``spec`` in a checkpoint's lines, read one at a time (a torn
    last line, from a run killed while writing, is ignored).

    Every line is checked as strictly as any input: the header must record ``spec``
    itself (the same options), each batch's totals must be whole, non-negative and
    consistent, with the shoes the study plans for that batch; anything else raises
    :class:`BaccaratError` naming the line.
    """
    check_type(spec, StudySpec, "spec")
    finished = FinishedBatches()
    rows = (line for line in _text_lines(lines) if line.strip())
    first = next(rows, None)
    if first is None:
        return finished
    if _header_study(first) != json.loads(json.dumps(spec.to_dict())):
        raise BaccaratError(
            "the checkpoint belongs to another study (bet, shoes, seed or options differ): "
            "use the same options and --seed, or another file"
        )
    torn: str | None = None
    for number, line in enumerate(rows, 2):
        if torn is not None:
            raise BaccaratError(torn)
        where = f"bad checkpoint line {number}"
        try:
            row = _json_object(line, where)
        except _TornLineError as exc:
            torn = str(exc)
            continue
        start, stop = _batches_of(row, spec, finished, where)
        try:
            totals = BatchTotals.from_json(row.get("totals"))
            _check_totals(totals, spec, start, stop)
        except BaccaratError as exc:
            raise prefixed(exc, where) from None
        if "batches" in row:  # batches start .. stop - 1, summed
            finished.first_missing, finished.prefix = stop, finished.prefix + totals
        else:
            finished.add(start, totals)
    return finished


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _batches_of(
    row: dict[str, Any], spec: StudySpec, finished: FinishedBatches, where: str
) -> tuple[int, int]:
    """The batches a checkpoint line holds: ``[start, stop)``."""
    if "batches" in row:
        pair = row["batches"]
        start, stop = (
            (_whole(pair[0]), _whole(pair[1]))
            if isinstance(pair, list) and len(pair) == 2
            else (None, None)
        )
        if start is None or stop is None:
            raise BaccaratError(f"{where}: batches must be two whole numbers [start, stop]")
        if start != finished.first_missing or not start < stop <= spec.batches:
            raise BaccaratError(f"{where}: bad batch range")
        return start, stop
    index = _whole(row.get("batch"))
    if index is None:
        raise BaccaratError(f"{where}: expected a batch number")
    if not 0 <= index < spec.batches:
        raise BaccaratError(f"{where}: no batch {index} in this study")
    if index in finished:
        raise BaccaratError(f"{where}: batch {index} is finished twice")
    return index, index + 1
