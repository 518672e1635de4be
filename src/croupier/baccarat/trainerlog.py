"""The counting trainer's history: one line of JSON per finished session, in one file per
user, under the user's state directory.

Files live in :func:`trainer_dir`: ``$CROUPIER_TRAINER_DIR`` if set, else
``$XDG_STATE_HOME/croupier/trainer``, else ``~/.local/state/croupier/trainer``; the
terminal trainer and the web page share them. A user's file is ``NAME.jsonl``, NAME made
of letters, digits, ``.``, ``_`` and ``-`` (at most 40). A line is appended when a
session ends, so a crash loses at most the session under way; a line that cannot be read
(a half-written line, an edit by hand) is skipped and counted, never fatal.

>>> import tempfile
>>> from croupier.baccarat.trainer import Drill
>>> folder = tempfile.mkdtemp()
>>> drill = Drill.new("dragon-7", cards=10, every=5, rng=3)
>>> for _ in range(2):
...     _ = drill.next_cards()
...     _ = drill.answer(drill.expected().running, 0, seconds=2)
>>> path = save_session(session_record(drill, seed=3, when="2026-01-02T10:00:00"), "ana", folder)
>>> path.name
'ana.jsonl'
>>> history = read_history("ana", folder)
>>> [(r.count, r.asked, r.running_right) for r in history.records], history.skipped
([('dragon-7', 2, 2)], 0)
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.trainer import Drill
from croupier.textfile import iter_lines

__all__ = [
    "History",
    "SessionRecord",
    "check_user",
    "default_user",
    "read_history",
    "save_session",
    "session_record",
    "trainer_dir",
]

_USER: Final = re.compile(r"[A-Za-z0-9._-]{1,40}")


def trainer_dir() -> Path:
    """Where the history files live (see the module's description)."""
    explicit = os.environ.get("CROUPIER_TRAINER_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "croupier" / "trainer"


def check_user(name: str) -> str:
    """``name`` if it can name a history file, else an error saying what a name may hold.

    >>> check_user("ana-2")
    'ana-2'
    >>> check_user("../etc")
    Traceback (most recent call last):
    ...
    croupier.baccarat.errors.BaccaratError: bad user name '../etc': expected 1 to 40 letters, \
digits, '.', '_' or '-', not starting with '.'
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, not {type(name).__name__}")
    if not _USER.fullmatch(name) or name.startswith("."):
        raise BaccaratError(
            f"bad user name {name!r}: expected 1 to 40 letters, digits, '.', '_' or '-', "
            "not starting with '.'"
        )
    return name


def default_user() -> str:
    """The login name when it can name a file, else ``student``."""
    import getpass

    try:
        name = getpass.getuser()
    except (OSError, KeyError):
        return "student"
    return name if _USER.fullmatch(name) and not name.startswith(".") else "student"


@dataclass(frozen=True, slots=True)
class SessionRecord:
    """One finished training session, as the history keeps it."""

    when: str
    count: str
    decks: int
    cards: int
    every: int
    seed: int | None
    asked: int
    running_right: int
    true_right: int
    accuracy: float
    mean_seconds: float

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SessionRecord:
        """A record read back from its JSON line."""
        record = cls(**data)
        numbers = (record.decks, record.cards, record.every, record.asked)
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in numbers):
            raise ValueError("bad numbers")
        return record


def session_record(drill: Drill, *, seed: int | None, when: str | None = None) -> SessionRecord:
    """The history's line for ``drill`` (finished or stopped), dated ``when`` (ISO
    8601; by default now)."""
    score = drill.score()
    return SessionRecord(
        when=when or datetime.now().isoformat(timespec="seconds"),
        count=drill.count_name,
        decks=drill.shoe_size // 52,
        cards=drill.shown,
        every=drill.every,
        seed=seed,
        asked=score.asked,
        running_right=score.running_right,
        true_right=score.true_right,
        accuracy=score.accuracy,
        mean_seconds=score.mean_seconds,
    )


def _path(user: str, directory: str | Path | None) -> Path:
    return Path(trainer_dir() if directory is None else directory) / f"{check_user(user)}.jsonl"


def save_session(record: SessionRecord, user: str, directory: str | Path | None = None) -> Path:
    """Append ``record`` to ``user``'s history (the folder is made if needed); returns the
    file's path."""
    path = _path(user, directory)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(asdict(record), sort_keys=True) + "\n")
    except OSError as exc:
        raise BaccaratError(f"cannot save the session to {path}: {exc.strerror}") from None
    return path


@dataclass(frozen=True, slots=True)
class History:
    """A user's sessions, oldest first, and how many lines could not be read."""

    path: Path
    records: tuple[SessionRecord, ...]
    skipped: int


def read_history(user: str, directory: str | Path | None = None) -> History:
    """``user``'s history (empty when the user has none yet)."""
    path = _path(user, directory)
    if not path.exists():
        return History(path, (), 0)
    records: list[SessionRecord] = []
    skipped = 0
    for line in iter_lines(str(path), error=BaccaratError):
        if not line.strip():
            continue
        try:
            records.append(SessionRecord.from_dict(json.loads(line)))
        except (ValueError, TypeError):
            skipped += 1
    return History(path, tuple(records), skipped)
