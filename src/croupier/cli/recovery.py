"""Nothing lost: an interactive game left in any way but an explicit "quit without
saving" is written to a recovery file, and the player is told where.

The ways out: an unexpected error (exit code 1), the end of input at a prompt (0),
Ctrl-C (130), SIGTERM (143) and SIGHUP, the terminal closed (129). The signals stop an
interactive game as they stop every command (:mod:`croupier.cli.stopping`): the game's
own code unwinds to where it saves.

Recovery files go to the user's state folder (:mod:`croupier.userdirs`: on Linux
``$XDG_STATE_HOME/croupier``, by default ``~/.local/state/croupier``),
named by the time they were written, as game files (the position, then the game's moves)
that ``croupier casino play --load`` and ``croupier casino review`` read.
"""

from __future__ import annotations

import contextlib
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from croupier.casino.session import Session

__all__ = [
    "leave",
    "recover",
    "recovery_directory",
    "save_recovery",
    "saved_to",
    "say",
]


def recovery_directory() -> Path:
    """Where recovery files are written (created when first needed): the user's state
    folder, :func:`croupier.userdirs.state_directory`."""
    from croupier import userdirs

    return userdirs.state_directory()


def save_recovery(session: Session) -> Path:
    """Write ``session``'s game (its position and moves, level, practice) to a new
    recovery file; returns its path (an :class:`OSError` or the game's own error if it
    cannot be written)."""
    from croupier.casino.gamelog import write_game_file

    directory = recovery_directory()
    directory.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("casino-%Y%m%d-%H%M%S")
    path = directory / f"{stamp}.txt"
    number = 1
    while path.exists():
        number += 1
        path = directory / f"{stamp}-{number}.txt"
    write_game_file(session.state, session.log, path, session.level, practice=session.practice)
    return path


def saved_to(session: Session | None) -> str:
    """Save ``session`` if it is an unfinished game; what to tell the player about it."""
    if session is None or session.finished:
        return ""
    try:
        path = save_recovery(session)
    except Exception as failed:  # the report must go out whatever happened
        return f"; the game could not be saved ({failed})"
    return f"; the game is saved: resume it with croupier casino play --load {path}"


def recover(session: Session | None, error: BaseException) -> int:
    """Save the game of ``session`` (if any, and unfinished) to a new recovery file,
    report ``error`` and where the game went in one line on stderr, and return the exit
    code 1."""
    what = " ".join(f"{type(error).__name__}: {error}".split())[:200]
    say(f"croupier: error: unexpected error ({what}){saved_to(session)}")
    return 1


def leave(session: Session | None, why: str, code: int) -> int:
    """Leave the game of ``session`` because of ``why`` (the end of input, Ctrl-C, a
    signal): save it to a recovery file if it is unfinished, say so, and return
    ``code``."""
    say(f"Leaving the game: {why}{saved_to(session)}.", err=False)
    return code


def say(line: str, *, err: bool = True) -> None:
    """Write ``line`` to stderr (or stdout), if it is still there (a closed terminal is
    not)."""
    with contextlib.suppress(OSError, ValueError):
        typer.echo(line, err=err)
        (sys.stderr if err else sys.stdout).flush()
