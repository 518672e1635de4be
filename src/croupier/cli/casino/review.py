"""``croupier casino review``: finished (or saved) games judged move by move by the judge.

The judging is :mod:`croupier.casino.review`'s; this module finds the moves of each game,
draws the review as tables or steps through it move by move (``--step``, with jumps to
the next and previous mistake), or prints its ``to_dict()`` as JSON; then, with
``--learn`` or when asked at the end of ``--step``, replays each marked position as an
exercise (:mod:`croupier.casino.learn`) until the player finds a move as good as the best.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from croupier.casino.errors import SaveFileError
from croupier.casino.gamelog import GameLog, log_path_for, read_game_file, read_log
from croupier.casino.judge import Judge, format_loss
from croupier.casino.learn import Exercise, ExerciseAnswer, exercises
from croupier.casino.moves import Move
from croupier.casino.pieces import Player
from croupier.casino.replay import ReplayStep, replay
from croupier.casino.review import (
    BLUNDER,
    INACCURACY,
    SURE,
    GameReview,
    Mark,
    MoveReview,
    RoundReview,
    review_rounds,
)
from croupier.cli.casino.asking import Asker
from croupier.cli.casino.drawing import render_move, render_table
from croupier.cli.casino.positions import render_moves, sorted_moves
from croupier.cli.console import INTERRUPTED, LazyProgress, fail, make_console
from croupier.cli.options import resolve_workers
from croupier.errors import CroupierError
from croupier.numerals import plural

__all__ = [
    "learn_from",
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
    learn: bool = False,
    workers: int | None = None,
    scheduler: str | None = None,
) -> None:
    """``croupier casino review``: review the games in ``games`` (game files, logs, or
    save files with their log next to them), their rounds shared among ``workers``."""
    if learn and as_json:
        fail("--learn asks for moves at the terminal: it cannot be used with --json")
    if step and as_json:
        fail("--step shows the game move by move at the terminal: it cannot be used with --json")
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
    asker = Asker(out)
    try:
        for game, log, result in zip(games, logs, results, strict=True):
            if len(games) > 1:
                out.print(Text(f"{game}", style="bold underline"))
            if step:
                step_through(replay(log, result), result, out, asker)
                mistakes = len(result.mistakes)
                if learn or (
                    mistakes
                    and asker.yes_no(
                        escape(f"Learn from your {plural(mistakes, 'mistake')} now (y/n)? ")
                    )
                ):
                    learn_from(log, result, out, asker)
            else:
                render_review(result, out)
                if learn:
                    learn_from(log, result, out, asker)
            if len(games) > 1:
                out.print()
    except EOFError:
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


#: The keys of ``--step``: what each does.
STEP_KEYS = "[Enter] next, [b]ack, [n]ext mistake, [p]revious mistake, [q]uit: "


def step_through(
    steps: tuple[ReplayStep, ...], result: GameReview, out: Console, asker: Asker | None = None
) -> None:
    """Walk the game move by move: each position, the move played and, for your moves,
    the best move, the mark and the reason; Enter goes on, b goes back, n and p jump to
    the next and previous mistake (a marked move), q stops."""
    asker = asker if asker is not None else Asker(out)
    marked = [i for i, step in enumerate(steps) if step.review and step.review.mark]
    at, shown = 0, -1
    while 0 <= at < len(steps):
        if shown != at:
            render_step(steps[at], at, len(steps), out)
            shown = at
        try:
            answer = asker.ask(escape(STEP_KEYS), _step_key)
        except EOFError:
            break
        if answer == "quit":
            break
        if answer in ("next-mistake", "previous-mistake"):
            found = _mistake_from(marked, at, answer == "next-mistake")
            if found is None:
                where = "after" if answer == "next-mistake" else "before"
                out.print(Text(f"No mistake {where} this move.", style="yellow"))
            else:
                at = found
            continue
        at = max(0, at - 1) if answer == "back" else at + 1
    out.print(Text("Summary", style="bold"))
    render_summary(result, out)


def _step_key(text: str) -> str:
    word = text.strip().lower()
    keys = {
        "": "next",
        "b": "back",
        "back": "back",
        "n": "next-mistake",
        "p": "previous-mistake",
        "q": "quit",
        "quit": "quit",
    }
    if word not in keys:
        raise CroupierError(
            f"bad key {text.strip()!r}: expected Enter (next), b (back), n (next mistake), "
            "p (previous mistake) or q (quit)"
        )
    return keys[word]


def _mistake_from(marked: list[int], at: int, forward: bool) -> int | None:
    """The step of the next (or previous) mistake from step ``at``, if any."""
    if forward:
        return next((i for i in marked if i > at), None)
    return next((i for i in reversed(marked) if i < at), None)


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
    if verdict.found_best:
        out.print(Text("  Best move", style="green").append(_verdict_note(verdict), style="dim"))
        return
    if verdict.is_best:
        line = Text("  As good as the best", style="green")
        line.append(f": {_loss(verdict)} points lost, within the error")
    else:
        line = Text("  ").append_text(_mark_text(verdict.mark) if verdict.mark else Text("ok"))
        line.append(f": {_loss(verdict)} points lost")
    line.append(_verdict_note(verdict), style="dim")
    out.print(line)
    render_move(out, "  Best", verdict.best, verdict.reason)


def _verdict_note(verdict: MoveReview) -> str:
    notes = []
    if verdict.exact:
        notes.append("exact: every card known")
    elif verdict.deals:
        notes.append(f"{plural(verdict.deals, 'sampled deal')}")
    if verdict.costs_tournament:
        notes.append("it gives up the tournament")
    return f" ({'; '.join(notes)})" if notes else ""


def _loss(verdict: MoveReview) -> str:
    """The loss with its standard error (``0`` for none at all)."""
    if verdict.loss == 0 and verdict.error == 0:
        return "0"
    return format_loss(verdict.loss, verdict.error)


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
        best = "(forced)" if move.forced else "same" if move.found_best else str(move.best)
        table.add_row(str(move.number), str(move.played), best, _loss(move), _mark_text(move.mark))
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
    out.print(
        f"  A move is marked when its loss, less {SURE:g} standard errors, passes the threshold.",
        style="dim",
    )


# --- learn from your mistakes ------------------------------------------------------------

#: The keys an exercise takes at its card prompt, and what each does.
_EXERCISE_KEYS = {"l": "list", "h": "show", "s": "show", "q": "quit"}


def learn_from(log: GameLog, result: GameReview, out: Console, asker: Asker) -> None:
    """Learn from your mistakes: each marked position of the game again, as you saw it,
    until you find a move the judge rates as good as the best (``l`` lists the legal
    moves, ``h`` or ``s`` shows the best and goes on, ``q`` stops); then why it is best."""
    found = exercises(log, result)
    out.print()
    if not found:
        out.print(Text("No mistake to learn from: no move of yours was marked.", style="bold"))
        return
    out.print(
        Text("Learn from your mistakes", style="bold").append(
            f": {plural(len(found), 'position')} where your move was marked. Find a move as "
            "good as the best (by the judge that reviewed the game).",
            style="",
        )
    )
    judge = Judge()
    solved = 0
    for number, exercise in enumerate(found, 1):
        out.print()
        out.print(Text(f"Exercise {number} of {len(found)}", style="bold"))
        render_table(exercise.state, out)
        out.print(exercise.task, markup=False)
        outcome = _exercise(exercise, judge, out, asker)
        if outcome == "quit":
            break
        solved += outcome == "solved"
    out.print()
    out.print(
        Text(f"Learned: {solved} of {plural(len(found), 'mistake')} found again.", style="bold")
    )


def _exercise(exercise: Exercise, judge: Judge, out: Console, asker: Asker) -> str:
    """One exercise, asked until solved, shown or stopped: ``solved``, ``shown`` or ``quit``."""
    state = exercise.state
    while True:
        answer = asker.move(
            state, _EXERCISE_KEYS, back="l lists the moves, h shows the best, q stops"
        )
        if answer == "list":
            render_moves(state, sorted_moves(state), out)
            continue
        if answer == "quit":
            return "quit"
        if answer == "show":
            verdict = judge.position(state)
            render_move(out, "The best move", verdict.best, verdict.reason)
            return "shown"
        assert isinstance(answer, Move)
        checked = exercise.check(answer, judge)
        if checked.solved:
            title = "Found: the best move" if checked.found_best else "Found: as good as the best"
            lost = "" if checked.found_best else f" ({_answer_loss(checked)} points lost)"
            out.print(Text(title, style="bold green").append(lost, style=""))
            render_move(out, "The best move", checked.best, checked.reason)
            return "solved"
        again = " (the move you played)" if answer == exercise.played else ""
        out.print(
            Text(
                f"Not yet: {answer.describe('pretty')}{again} loses "
                f"{_answer_loss(checked)} points. Try again.",
                style="yellow",
            )
        )


def _answer_loss(checked: ExerciseAnswer) -> str:
    tournament = " and the tournament" if checked.loss.costs_tournament else ""
    return format_loss(checked.loss.points, checked.loss.error) + tournament
