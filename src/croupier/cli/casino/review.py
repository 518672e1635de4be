"""``croupier casino review``: finished (or saved) games judged move by move by the expert.

The judging is :mod:`croupier.casino.review`'s; this module finds the moves of each game,
draws the review as tables or steps through it move by move (``--step``), or prints its
``to_dict()`` as JSON.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import typer
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from croupier.casino.errors import SaveFileError
from croupier.casino.gamelog import GameLog, log_path_for, read_game_file, read_log
from croupier.casino.pieces import Player
from croupier.casino.replay import ReplayStep, replay
from croupier.casino.review import (
    BLUNDER,
    INACCURACY,
    GameReview,
    Mark,
    MoveReview,
    RoundReview,
    review_rounds,
)
from croupier.cli.casino.drawing import render_move, render_table
from croupier.cli.console import INTERRUPTED, LazyProgress, Prompter, fail, make_console
from croupier.cli.options import resolve_workers
from croupier.numerals import plural

__all__ = [
    "load_log",
    "render_review",
    "render_round_review",
    "render_step",
    "render_summary",
    "run_review",
    "step_through",
]


def run_review(
    games: list[Path],
    as_json: bool,
    *,
    step: bool = False,
    workers: int | None = None,
    scheduler: str | None = None,
) -> None:
    """``croupier casino review``: review the games in ``games`` (game files, logs, or
    save files with their log next to them), their rounds shared among ``workers``."""
    logs = [load_log(game) for game in games]
    out = make_console()
    rounds = sum(len(log.rounds) for log in logs)
    count = resolve_workers(workers, min(rounds, 1), scheduler=scheduler) or 1
    with LazyProgress(out, rounds, "Reviewing rounds", enabled=not as_json) as progress:
        results = review_rounds(logs, workers=count, scheduler=scheduler, progress=progress)
    if results is None:
        fail("interrupted before every round was reviewed", INTERRUPTED)
    if as_json:
        data = [result.to_dict() for result in results]
        typer.echo(json.dumps(data[0] if len(data) == 1 else data, indent=2, ensure_ascii=False))
        return
    for game, log, result in zip(games, logs, results, strict=True):
        if len(games) > 1:
            out.print(Text(f"{game}", style="bold underline"))
        if step:
            step_through(replay(log, result), result, out)
        else:
            render_review(result, out)
        if len(games) > 1:
            out.print()


def load_log(path: Path) -> GameLog:
    """The moves of the game in the file at ``path``: a game file, a game log, or a save
    file with the game log next to it."""
    game = read_game_file(path)
    if game.log is not None:
        return game.log
    beside = log_path_for(path)
    if not os.path.exists(beside):
        raise SaveFileError(
            f"{path} is a save file without the game's moves, and there is no game log next "
            f"to it ({beside}): croupier casino play saves the moves with the game"
        )
    return read_log(beside)


def step_through(steps: tuple[ReplayStep, ...], result: GameReview, out: Console) -> None:
    """Walk the game move by move: each position, the move played and, for your moves,
    the best move, the mark and the reason; Enter goes on, b goes back, q stops."""
    prompter = Prompter(out)
    at = 0
    while 0 <= at < len(steps):
        render_step(steps[at], at, len(steps), out)
        try:
            answer = prompter.ask("[Enter] next, [b]ack, [q]uit: ").strip().lower()
        except EOFError:
            break
        if answer in ("q", "quit"):
            break
        at = max(0, at - 1) if answer in ("b", "back") else at + 1
    out.print(Text("Summary", style="bold"))
    render_summary(result, out)


def render_step(step: ReplayStep, at: int, total: int, out: Console) -> None:
    """One move of the replay: where it is, the position before it, the move, and the
    review's verdict on it if any."""
    out.print()
    out.print(
        Text(
            f"Move {at + 1} of {total}: round {step.round_number}, move {step.number}",
            style="bold",
        )
    )
    render_table(step.before, out)
    who = "You play" if step.player is Player.HUMAN else "The computer plays"
    render_move(out, who, step.move)
    verdict = step.review
    if verdict is None:
        return
    if verdict.forced:
        out.print(Text("  The only legal move.", style="dim"))
        return
    if verdict.is_best:
        out.print(Text("  Best move", style="green").append(_verdict_note(verdict), style="dim"))
        return
    line = Text("  ").append_text(_mark_text(verdict.mark) if verdict.mark else Text("ok"))
    line.append(f": {_loss(verdict.loss)} points lost")
    line.append(_verdict_note(verdict), style="dim")
    out.print(line)
    render_move(out, "  Best", verdict.best, verdict.reason)


def _verdict_note(verdict: MoveReview) -> str:
    notes = []
    if verdict.exact:
        notes.append("exact: every card known")
    if verdict.costs_tournament:
        notes.append("it gives up the tournament")
    if verdict.clock_cut:
        notes.append("the clock cut the search short")
    return f" ({'; '.join(notes)})" if notes else ""


def _loss(value: float) -> str:
    return "0" if value < 0.005 else f"{value:.2f}"


def _mark_text(mark: Mark | None) -> Text:
    if mark is None:
        return Text("")
    return Text(mark.value, style="bold red" if mark is Mark.BLUNDER else "yellow")


def _accuracy(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:.0%}"


def render_round_review(reviewed: RoundReview, out: Console) -> None:
    """One round's review: a row per move (the move played, the best, the points lost,
    the mark) and, under the table, why the best move was best for every marked move."""
    table = Table(
        title=f"Review of round {reviewed.round_number}: your moves",
        title_justify="left",
        title_style="bold",
        header_style="bold",
        box=box.SIMPLE_HEAD,
    )
    for name in ("#", "You played", "Best", "Lost", "Mark"):
        table.add_column(name, justify="right" if name in ("#", "Lost") else "left")
    for move in reviewed.moves:
        best = "(forced)" if move.forced else "same" if move.is_best else str(move.best)
        table.add_row(
            str(move.number), str(move.played), best, _loss(move.loss), _mark_text(move.mark)
        )
    out.print(table)
    for move in reviewed.moves:
        if move.mark is not None:
            out.print(
                Text()
                .append(f"  Move {move.number}: ", style="bold")
                .append(f"better {move.best.describe('pretty')}: {move.reason}.")
            )
    marks = sum(move.mark is not None for move in reviewed.moves)
    out.print(
        f"Round {reviewed.round_number}: accuracy {_accuracy(reviewed.accuracy)}, "
        f"{reviewed.points_lost:.2f} points lost"
        + ("" if marks else ", no inaccuracy or blunder")
        + "."
    )


def render_review(result: GameReview, out: Console) -> None:
    """The whole review: each round's, then the summary."""
    for reviewed in result.rounds:
        render_round_review(reviewed, out)
        out.print()
    out.print(Text("Summary", style="bold"))
    render_summary(result, out)


def render_summary(result: GameReview, out: Console) -> None:
    """The review's summary of a game: accuracy, points lost, inaccuracies and blunders."""
    moves = result.moves
    chosen = sum(not move.forced for move in moves)
    best = sum(move.is_best for move in moves if not move.forced)
    out.print(
        f"  Accuracy: {_accuracy(result.accuracy)} ({best} of {chosen} moves as good as the "
        f"best; {len(moves) - chosen} forced)"
    )
    if not result.rounds:
        out.print("  Points lost: none: no move of yours to review")
    else:
        out.print(
            f"  Points lost: {result.points_lost:.2f} in {plural(len(result.rounds), 'round')}, "
            f"{result.points_lost_per_round:.2f} per round"
        )
    out.print(
        f"  Inaccuracies (a loss of {INACCURACY} to {BLUNDER} points): {result.inaccuracies}; "
        f"blunders ({BLUNDER} or more): {result.blunders}"
    )
