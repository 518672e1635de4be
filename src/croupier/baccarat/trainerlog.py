"""The counting trainer's history: one line of JSON per finished session, in one file per
user, under the user's state directory.

Files live in :func:`trainer_dir`: ``$CROUPIER_TRAINER_DIR`` if set, else ``trainer`` in
the user's state folder (:mod:`croupier.userdirs`; on Linux
``$XDG_STATE_HOME/croupier/trainer``, by default ``~/.local/state/croupier/trainer``); the
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

import contextlib
import json
import os
import re
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from croupier import userdirs
from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.trainer import Drill
from croupier.textfile import cannot_write, iter_lines

__all__ = [
    "History",
    "HistorySummary",
    "SessionRecord",
    "check_history",
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
    return userdirs.state_directory() / "trainer"


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


def check_history(user: str, directory: str | Path | None = None) -> Path:
    """The path of ``user``'s history if a session can be saved there: its folder a folder
    (or not made yet), the file a regular file (or not made yet); else a
    :class:`BaccaratError` naming it, so that a drill is refused before it starts rather
    than lost when it is saved."""
    path = _path(user, directory)
    problem = cannot_write(path, make_folder=True)
    if problem is not None:
        raise BaccaratError(f"cannot save sessions to {path}: {problem}")
    return path


def save_session(record: SessionRecord, user: str, directory: str | Path | None = None) -> Path:
    """Append ``record`` to ``user``'s history (the folder is made if needed); returns the
    file's path."""
    path = _path(user, directory)
    line = (json.dumps(asdict(record), sort_keys=True) + "\n").encode("utf-8")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _append(path, line)
    except OSError as exc:
        raise BaccaratError(f"cannot save the session to {path}: {exc.strerror}") from None
    return path


def _append(path: Path, line: bytes) -> None:
    """Append ``line`` to ``path`` whole or not at all: a write cut short (a full disk)
    is taken back, so the file keeps only whole lines and is never left empty."""
    handle = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        size = os.fstat(handle).st_size
        try:
            written = 0
            while written < len(line):
                written += os.write(handle, line[written:])
            os.fsync(handle)
        except OSError:
            with contextlib.suppress(OSError):
                if size:
                    os.ftruncate(handle, size)
                else:
                    os.unlink(path)
            raise
    finally:
        os.close(handle)


@dataclass(frozen=True, slots=True)
class HistorySummary:
    """Sessions added up: how many, from when to when, the questions asked, the running
    and true counts answered right, and the mean seconds an answer took.

    >>> one = SessionRecord("2026-01-02T10:00:00", "dragon-7", 8, 10, 5, 3, 2, 2, 1, 0.75, 2.0)
    >>> two = SessionRecord("2026-01-03T10:00:00", "dragon-7", 8, 20, 5, 3, 4, 3, 3, 0.75, 1.0)
    >>> total = History(Path("ana.jsonl"), (one, two), 0).summary()
    >>> total.sessions, total.asked, total.running_right, round(total.accuracy, 3)
    (2, 6, 5, 0.75)
    >>> round(total.mean_seconds, 3), total.first, total.last    # each answer counts once
    (1.333, '2026-01-02T10:00:00', '2026-01-03T10:00:00')
    """

    sessions: int
    asked: int
    running_right: int
    true_right: int
    mean_seconds: float
    first: str
    last: str

    @property
    def accuracy(self) -> float:
        """Share of the answers (running and true counts each) that were right."""
        return (self.running_right + self.true_right) / (2 * self.asked) if self.asked else 0.0


@dataclass(frozen=True, slots=True)
class History:
    """A user's sessions, oldest first, and how many lines could not be read."""

    path: Path
    records: tuple[SessionRecord, ...]
    skipped: int

    @property
    def counts(self) -> tuple[str, ...]:
        """The counts drilled, in the order first drilled."""
        return tuple(dict.fromkeys(record.count for record in self.records))

    def summary(self, count: str | None = None) -> HistorySummary:
        """Every session added up (only those of ``count``, if given)."""
        chosen = [r for r in self.records if count is None or r.count == count]
        asked = sum(r.asked for r in chosen)
        seconds = sum(r.mean_seconds * r.asked for r in chosen)
        return HistorySummary(
            sessions=len(chosen),
            asked=asked,
            running_right=sum(r.running_right for r in chosen),
            true_right=sum(r.true_right for r in chosen),
            mean_seconds=seconds / asked if asked else 0.0,
            first=chosen[0].when if chosen else "",
            last=chosen[-1].when if chosen else "",
        )


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
