"""``croupier casino puzzle``: positions with one clearly best move, rated as chess sites
rate theirs (its options are in :mod:`croupier.cli.casino.commands`).

The puzzles, the verdicts and the Glicko-2 ratings are :mod:`croupier.casino.puzzles`';
this module asks, draws, and keeps the player's history in a file.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from croupier.casino import Move
from croupier.casino.puzzles import (
    Puzzle,
    PuzzleHistory,
    history_path,
    load_puzzles,
    next_puzzle,
    read_history,
    record_attempt,
)
from croupier.cli.casino.asking import Asker
from croupier.cli.casino.drawing import render_move
from croupier.cli.casino.positions import render_moves, sorted_moves
from croupier.cli.console import fail, make_console
from croupier.numerals import fresh_seed

__all__ = ["run_puzzles"]


def run_puzzles(history_file: Path | None, seed: int | None, ident: str | None) -> None:
    """Serve puzzles until the player stops (or input ends), keeping the history."""
    path = history_file if history_file is not None else history_path()
    history = read_history(path)
    puzzles = load_puzzles()
    if ident is not None:
        chosen = [puzzle for puzzle in puzzles if puzzle.id == ident]
        if not chosen:
            fail(f"bad --id {ident!r}: no such puzzle (they are named like {puzzles[0].id})")
    seed = fresh_seed() if seed is None else seed
    rng = np.random.default_rng(seed)
    out = make_console()
    asker = Asker(out)
    out.print(
        Text("Casino puzzles", style="bold").append(
            f": {len(puzzles)} positions where one move is clearly best. Your rating "
            f"{history.player.rating:.0f} (± {history.player.deviation:.0f}), "
            f"{history.solved} of {len(history.attempts)} solved so far.",
            style="",
        )
    )
    out.print(f"History: {path}. Seed {seed}.", markup=False)
    try:
        while True:
            puzzle = chosen[0] if ident is not None else next_puzzle(puzzles, history, rng)
            history, stop = solve(puzzle, history, out, asker, path)
            if stop or ident is not None:
                break
            another = asker.prompter.ask(escape("[Enter] another puzzle, [q]uit: "))
            if another.strip().lower() in ("q", "quit"):
                break
    except EOFError:
        out.print()
    out.print(
        f"Your rating: {history.player.rating:.0f} (± {history.player.deviation:.0f}); "
        f"{history.solved} of {len(history.attempts)} puzzles solved.",
        markup=False,
    )


def solve(
    puzzle: Puzzle, history: PuzzleHistory, out: Console, asker: Asker, path: Path
) -> tuple[PuzzleHistory, bool]:
    """One puzzle: the position, the answer (put together as in a game, or typed), the
    judge's verdict recorded in the history file ``path`` (read again: answers given in
    a browser meanwhile count) and the ratings after it; whether the player asked to
    stop instead of answering (the history is then unchanged)."""
    rating = history.rating_of(puzzle)
    state = puzzle.state
    out.print()
    out.print(
        Text(f"Puzzle {puzzle.id}", style="bold").append(
            f" (rated {rating.rating:.0f}): the {puzzle.player.key} to move. The deck is "
            "empty, so every card is known: find the best move.",
            style="",
        )
    )
    out.print(str(state), markup=False, highlight=False)
    while True:
        move = asker.move(state, _KEYS, back="l lists the legal moves, q stops")
        if move == "list":
            render_moves(state, sorted_moves(state), out)
            continue
        break
    if not isinstance(move, Move):
        return history, True
    verdict = puzzle.check(move)
    history, updated = record_attempt(path, puzzle, verdict)
    if verdict.solved:
        out.print(Text("Solved: the best move.", style="bold green"))
    else:
        out.print(
            Text("Not the best: ", style="bold yellow").append(
                f"it gives away {verdict.loss:.1f} round points.", style=""
            )
        )
    render_move(out, "The solution", verdict.solution, verdict.reason)
    change = updated.player.rating - history.player.rating
    out.print(
        f"Your rating: {updated.player.rating:.0f} ({change:+.0f}, ± "
        f"{updated.player.deviation:.0f}); the puzzle's: "
        f"{updated.rating_of(puzzle).rating:.0f}.",
        markup=False,
    )
    return updated, False


#: The keys a puzzle takes at its card prompt.
_KEYS = {"l": "list", "list": "list", "q": "quit", "quit": "quit"}
