"""``croupier casino review``: a finished (or saved) game judged move by move by the expert.

The judging is :mod:`croupier.casino.review`'s; this module finds the log, draws the
review as tables, or prints its ``to_dict()`` as JSON.
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
from croupier.casino.gamelog import GameLog, is_log_text, log_path_for, parse_log, read_log
from croupier.casino.review import BLUNDER, INACCURACY, GameReview, Mark, RoundReview, review_game
from croupier.cli.console import LazyProgress, make_console
from croupier.textfile import MAX_GAME_FILE_BYTES, read_text

__all__ = ["load_log", "render_review", "render_round_review", "run_review"]


def run_review(game: Path, as_json: bool) -> None:
    """``croupier casino review``: review the game in ``game`` (a log or a save file)."""
    log = load_log(game)
    out = make_console()
    rounds = len(log.rounds)
    with LazyProgress(out, rounds, "Reviewing rounds", enabled=not as_json) as progress:
        result = review_game(log, progress=progress)
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
        return
    render_review(result, out)


def load_log(path: Path) -> GameLog:
    """The game log at ``path``, or the one next to the save file at ``path``."""
    text = read_text(path, SaveFileError, max_bytes=MAX_GAME_FILE_BYTES)
    if is_log_text(text):
        return parse_log(text, os.fspath(path))
    beside = log_path_for(path)
    if not os.path.exists(beside):
        raise SaveFileError(
            f"{path} is a save file and there is no game log next to it ({beside}): "
            "croupier casino play writes it when the game is saved"
        )
    return read_log(beside)


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
    moves = result.moves
    chosen = sum(not move.forced for move in moves)
    best = sum(move.is_best for move in moves if not move.forced)
    out.print(Text("Summary", style="bold"))
    out.print(
        f"  Accuracy: {_accuracy(result.accuracy)} ({best} of {chosen} moves as good as the "
        f"best; {len(moves) - chosen} forced)"
    )
    out.print(
        f"  Points lost: {result.points_lost:.2f} in {len(result.rounds)} "
        f"round{'s' if len(result.rounds) != 1 else ''}, "
        f"{result.points_lost_per_round:.2f} per round"
    )
    out.print(
        f"  Inaccuracies (a loss of {INACCURACY} to {BLUNDER} points): {result.inaccuracies}; "
        f"blunders ({BLUNDER} or more): {result.blunders}"
    )
