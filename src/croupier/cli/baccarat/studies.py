"""The work behind ``croupier baccarat count | perfect`` (their options are in
:mod:`croupier.cli.baccarat.advantage`): run the study, draw its tables."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import typer
from rich.console import Console
from rich.table import Table

from croupier.baccarat.advantage import (
    AdvantageResult,
    BatchTotals,
    FinishedBatches,
    ShoeProcedure,
    StudySpec,
    TraceRows,
    checkpoint_header,
    checkpoint_line,
    checkpoint_seed,
    count_spec,
    default_workers,
    parse_burn,
    parse_count,
    perfect_spec,
    read_checkpoint,
    run_study,
)
from croupier.baccarat.advantage.plot import count_figure
from croupier.baccarat.advantage.study import MAX_CHECKPOINT_LINE_CHARS
from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.payouts import find_bet, payout_table
from croupier.cli.console import INTERRUPTED, LazyProgress, fail, make_console
from croupier.cli.options import resolve_workers
from croupier.cli.pictures import save_picture
from croupier.numerals import fresh_seed
from croupier.textfile import iter_lines, write_atomic

__all__ = ["StudyOptions", "run_count", "run_perfect"]

#: Rows of the edge-by-count table rarer than this share of rounds are summed up, not shown.
TABLE_MIN_FREQUENCY = 0.001


@dataclass(frozen=True)
class StudyOptions:
    """The options ``count`` and ``perfect`` share: the shoes and how to run them."""

    bet: str
    shoes: int
    decks: int
    cut_card: int
    burn: str
    seed: int | None
    payouts: str | None
    as_json: bool
    workers: int | None
    scheduler: str | None
    checkpoint: Path | None

    def procedure(self) -> ShoeProcedure:
        """How each shoe is dealt."""
        return ShoeProcedure(decks=self.decks, cut_card=self.cut_card, burn=parse_burn(self.burn))

    def rng(self) -> int:
        """The seed: as given, else the one the checkpoint's study was run with, else a
        fresh one that ``--seed`` takes back (the library's own fresh seeds are 128-bit,
        beyond ``--seed``: a run could not be repeated)."""
        seed = _checkpoint_seed(self.checkpoint, self.seed)
        return fresh_seed() if seed is None else seed


def _lines(path: Path) -> Iterator[str]:
    """The lines of a checkpoint, read through the one bounded reader (a regular UTF-8
    file, lines and size capped; its lines hold tables, longer than a line of text)."""
    return iter_lines(path, BaccaratError, max_line=MAX_CHECKPOINT_LINE_CHARS)


def _checkpoint_seed(path: Path | None, seed: int | None) -> int | None:
    """The seed to use: as given, else the one the checkpoint's study was run with."""
    if seed is not None or path is None or not path.exists():
        return seed
    return checkpoint_seed(_lines(path))


class _Checkpoint:
    """The checkpoint file: a header line, then one line per finished batch, appended
    and flushed as each batch finishes (a torn last line is ignored when read back)."""

    def __init__(self, path: Path | None, spec: StudySpec) -> None:
        self.finished = FinishedBatches()
        self.handle: IO[str] | None = None
        if path is None:
            return
        if path.exists():
            self.finished = read_checkpoint(_lines(path), spec)
        # Start from a clean file holding what was read (the first batches summed in one
        # line, a line torn by a killed run dropped), swapped in whole, then append to it.
        lines = [checkpoint_header(spec), *self.finished.lines()]
        write_atomic("".join(line + "\n" for line in lines), path, BaccaratError)
        self.handle = open(path, "a", encoding="utf-8")  # noqa: SIM115 (closed in close())

    def _write(self, line: str) -> None:
        assert self.handle is not None
        self.handle.write(line + "\n")
        self.handle.flush()
        os.fsync(self.handle.fileno())

    def add(self, index: int, totals: BatchTotals) -> None:
        if self.handle is not None:
            self._write(checkpoint_line(index, totals))

    def close(self) -> None:
        if self.handle is not None:
            self.handle.close()


def _run(
    spec: StudySpec,
    options: StudyOptions,
    trace: Callable[[TraceRows], None] | None = None,
) -> tuple[AdvantageResult, Console]:
    out = make_console()
    keeper = _Checkpoint(options.checkpoint, spec)
    scheduler = options.scheduler
    chosen = resolve_workers(options.workers, default_workers(spec), scheduler=scheduler)
    assert chosen is not None
    try:
        enabled = not options.as_json
        with LazyProgress(out, spec.shoes, "Dealing shoes", enabled=enabled) as progress:
            result = run_study(
                spec,
                workers=chosen,
                scheduler=scheduler,
                progress=progress,
                finished=keeper.finished,
                on_batch=keeper.add,
                trace=trace,
            )
    finally:
        keeper.close()
    return result, out


def _finish(result: AdvantageResult, out: Console, as_json: bool, plot: Path | None = None) -> None:
    """The JSON answer, the picture (once the answer is out: a picture that cannot be
    written loses nothing), and the exit code of a study stopped by Ctrl-C."""
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2))
    if plot is not None and result.shoes:
        save_picture(lambda: count_figure(result), plot)
        if not as_json:
            out.print(f"Picture: {plot}", markup=False)
    if result.partial:
        if not as_json:
            out.print(
                f"[bold yellow]Partial:[/bold yellow] stopped by Ctrl-C after "
                f"{result.shoes:,} of {result.spec.shoes:,} shoes"
                + ("." if result.shoes else ": no shoe finished.")
            )
        raise typer.Exit(INTERRUPTED)


def _percent(value: float | None, digits: int = 3) -> str:
    return "n/a" if value is None else f"{100 * value:+.{digits}f}%"


def _summary(out: Console, result: AdvantageResult) -> None:
    low, high = result.ci95
    table = Table(title="Result per shoe (one unit per bet)", title_justify="left")
    table.add_column("")
    table.add_column("Value", justify="right")
    table.add_row("Units won per shoe", f"{result.units_per_shoe:+.4f}")
    table.add_row("  95% interval", f"{low:+.4f} to {high:+.4f}")
    if result.spec.kind == "perfect":
        interval = result.expectation_ci95
        expected = result.expectation_units_per_shoe
        if expected is not None and interval is not None:
            table.add_row("Units per shoe, expectation accounting", f"{expected:+.4f}")
            table.add_row("  95% interval", f"{interval[0]:+.4f} to {interval[1]:+.4f}")
    table.add_row("Standard deviation per shoe", f"{result.sd_per_shoe:.3f}")
    table.add_row("Bets per shoe", f"{result.bets_per_shoe:.3f}")
    table.add_row("Rounds per shoe", f"{result.rounds_per_shoe:.2f}")
    table.add_row("Edge when betting", _percent(result.edge_when_betting))
    table.add_row("Units won per 100 rounds", f"{result.win_per_100_rounds:+.4f}")
    out.print(table)


def _header(out: Console, result: AdvantageResult, what: str) -> None:
    spec = result.spec
    bet = find_bet(spec.bet, payout_table(spec.payouts))[1]
    out.print(
        f"[bold]{what}[/bold]: {bet.name} ({spec.bet}, {spec.payouts} payouts), "
        f"{spec.procedure.describe()}; {result.shoes:,} shoes (seed {spec.seed})"
    )


def _by_count_table(out: Console, result: AdvantageResult) -> None:
    perfect = result.spec.kind == "perfect"
    floor: float | None
    if perfect:
        title = "Rounds by the bet's exact edge before the round (whole percent, rounded down)"
        first, unit, floor = "Edge", "%", 0.0
    else:
        kind = "true count" if result.spec.true_count else "running count"
        title = f"Edge by {kind} before the round (exact: from the rounds priced exactly)"
        first, unit, floor = "Count", "", result.threshold
    table = Table(title=title, title_justify="left")
    for name in (first, "Rounds", "Share", "Result per unit", "Exact edge", "Priced"):
        table.add_column(name, justify="right")
    hidden = 0
    for row in result.by_count:
        if row.frequency < TABLE_MIN_FREQUENCY:
            hidden += row.rounds
            continue
        placed = floor is not None and row.count >= floor
        marker = "[bold green]*[/bold green]" if placed else " "
        table.add_row(
            (f"{row.count:+d}" if row.count else "0") + unit + marker,
            f"{row.rounds:,}",
            f"{100 * row.frequency:.2f}%",
            _percent(row.units_per_round, 2),
            _percent(row.edge),
            f"{row.priced:,}",
        )
    out.print(table)
    notes = ["* = a bet is placed at this count." if not perfect else "* = bets placed."]
    if hidden:
        notes.append(f"{hidden:,} rounds in rarer rows are not shown (--json has them).")
    out.print(" ".join(notes))


def run_count(
    options: StudyOptions,
    *,
    tags: str,
    threshold: float | None,
    best_threshold: bool,
    true_count: bool,
    exact_every: int,
    plot: Path | None,
) -> None:
    """``croupier baccarat count`` with its options."""
    if best_threshold == (threshold is not None):
        fail("give either --threshold T or --best-threshold (one of them)")
    procedure = options.procedure()
    payouts = options.payouts
    table = None if payouts is None else payout_table(payouts)
    system = parse_count(tags, options.bet, options.decks, table)
    spec = count_spec(
        options.bet,
        system,
        shoes=options.shoes,
        threshold=threshold,
        true_count=true_count,
        procedure=procedure,
        payouts=payouts,
        rng=options.rng(),
        exact_every=exact_every,
    )
    result, out = _run(spec, options)
    if not options.as_json and result.shoes:
        _header(out, result, "Counting")
        rule = "best threshold" if best_threshold else "threshold"
        out.print(
            f"Tags {system.written()}; {'true' if true_count else 'running'} count; "
            f"bet at {result.threshold:g} or more ({rule})"
        )
        _summary(out, result)
        _by_count_table(out, result)
    _finish(result, out, options.as_json, plot)


def run_perfect(options: StudyOptions, *, trace: Path | None) -> None:
    """``croupier baccarat perfect`` with its options."""
    spec = perfect_spec(
        options.bet,
        shoes=options.shoes,
        procedure=options.procedure(),
        payouts=options.payouts,
        rng=options.rng(),
    )
    handle = open(trace, "w", encoding="utf-8") if trace is not None else None  # noqa: SIM115
    try:
        writer = None
        if handle is not None:

            def writer(rows: TraceRows) -> None:
                handle.writelines(json.dumps(line) + "\n" for line in rows.lines())

        result, out = _run(spec, options, trace=writer)
    finally:
        if handle is not None:
            handle.close()
    if not options.as_json and result.shoes:
        _header(out, result, "Perfect play")
        out.print("Bet one unit whenever the exact odds of the unseen cards are positive.")
        _summary(out, result)
        _agreement(out, result)
        _by_count_table(out, result)
        if trace is not None:
            out.print(f"Trace: {trace} (one JSON line per round)", markup=False)
    _finish(result, out, options.as_json)


def _agreement(out: Console, result: AdvantageResult) -> None:
    interval = result.expectation_ci95
    if interval is None:
        return
    low, high = result.ci95
    overlap = low <= interval[1] and interval[0] <= high
    verdict = "agree" if overlap else "[bold red]DISAGREE[/bold red]"
    out.print(f"Outcome and expectation accounting {verdict} within their 95% intervals.")
