"""The last line of defence of an interactive game: an unexpected error saves the
position to a recovery file, says where in one line, and ends with exit code 1.

Recovery files go to ``$XDG_STATE_HOME/croupier`` (by default ``~/.local/state/croupier``),
named by the time of the error, in the save-file format ``croupier casino play --load``
reads.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from croupier.casino import State
    from croupier.casino.levels import Level

__all__ = ["recover", "recovery_directory"]


def recovery_directory() -> Path:
    """Where recovery files are written (created when first needed)."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(Path.home(), ".local", "state")
    return Path(base) / "croupier"


def recover(
    state: State | None,
    error: BaseException,
    *,
    practice: bool = False,
    level: Level | None = None,
) -> int:
    """Save ``state`` (if any; played at ``level``, a practice game if ``practice``) to a
    new recovery file, report ``error`` and where the game went in one line on stderr, and
    return the exit code 1."""
    from croupier.casino import write_save

    what = " ".join(f"{type(error).__name__}: {error}".split())[:200]
    message = f"croupier: error: unexpected error ({what})"
    if state is not None:
        directory = recovery_directory()
        path = directory / time.strftime("casino-%Y%m%d-%H%M%S.txt")
        try:
            directory.mkdir(parents=True, exist_ok=True)
            number = 1
            while path.exists():
                number += 1
                path = directory / time.strftime(f"casino-%Y%m%d-%H%M%S-{number}.txt")
            write_save(state, path, level, practice=practice)
        except Exception as failed:
            message += f"; the game could not be saved ({failed})"
        else:
            message += f"; the game is saved: resume it with croupier casino play --load {path}"
    typer.echo(message, err=True)
    return 1
