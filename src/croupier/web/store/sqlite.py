"""The default store: SQLite (the standard library's ``sqlite3``), one file, WAL mode.

The database is ``croupier.sqlite3`` in the state directory. Write-ahead logging lets
every server process (``croupier serve --workers N``) read while one writes; each write
is one short transaction that waits up to :data:`BUSY_SECONDS` for another to end.
Freed pages are given back to the file after each pruning (incremental vacuum), and the
write-ahead log is kept under :data:`WAL_LIMIT` bytes.

The log is copied into the database (a checkpoint, which waits for the disk) by a thread
of its own after every :data:`CHECKPOINT_EVERY` writes, never by the write that fills
it: SQLite's own checkpoints ran inside a request's save, and their wait for the disk
(milliseconds, tens of them on a busy disk) was the slowest requests' time. The log
starts again from its beginning only after a checkpoint that copied all of it; while
writes keep coming, each checkpoint leaves the last ones behind, so once the log holds
over :data:`LOG_PAGES` pages the thread copies the rest with this process's writes held
back a moment, and the log starts again.

The file is the games: one deleted or replaced while the server runs (its connections
would go on writing to a file no longer there, and every game would be gone at the next
start) is noticed before the next write, by its identity (device and inode, taken when
the store opened it). From then on every write is refused with the reason, the server's
health says so, and the games so far are copied, from a connection still open on the
deleted file, to ``croupier.sqlite3.rescued-<inode>`` beside it (once, whichever server
process notices first): stop the server and put the copy back to have them again.
Connections are opened without creating the file (``mode=rw``), so a deleted file is
never silently replaced by an empty one.
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Final, cast

from croupier.web.store.base import (
    FULL_REASON,
    Connection,
    DatabaseNameError,
    Store,
    StoreBusy,
    StoreError,
    StoreFailed,
    StoreLimits,
    first_line,
)

__all__ = ["DATABASE_NAME", "SQLiteStore"]

#: The database file's name in the state directory.
DATABASE_NAME: Final = "croupier.sqlite3"
#: Seconds a write waits for another process's write to end before giving up.
BUSY_SECONDS: Final = 5.0
#: Bytes the write-ahead log is truncated to after a checkpoint.
WAL_LIMIT: Final = 16 * 1024 * 1024
#: Writes between two checkpoints (a write adds a page or two to the log: SQLite's own
#: checkpoints came every thousand pages).
CHECKPOINT_EVERY: Final = 200
#: Pages in the log beyond which a checkpoint holds this process's writes back until it
#: has copied all of them (SQLite checkpoints at 1,000 pages by itself).
LOG_PAGES: Final = 1_000
#: The first bytes of every SQLite database file.
SQLITE_HEADER: Final = b"SQLite format 3\x00"
#: SQLite's primary result codes that mean "busy for a moment" and "disk full".
_BUSY_CODES: Final = frozenset({5, 6})  # SQLITE_BUSY, SQLITE_LOCKED
_FULL_CODE: Final = 13  # SQLITE_FULL

#: What a player reads when the file was deleted or replaced while the server ran.
LOST_REASON: Final = (
    "the server's database file was deleted or replaced while the server ran, so nothing "
    "more can be saved: whoever runs the server must restart it (the games so far were "
    "copied beside the file)"
)
#: What a player reads when the file cannot be used (damaged, not writable).
BROKEN_REASON: Final = (
    "the server's database file cannot be used (damaged or not writable), so nothing can "
    "be saved now: whoever runs the server must look at its log"
)

log = logging.getLogger(__name__)


class SQLiteStore(Store):
    """Sessions in the SQLite database ``path`` (made, private to its user, if new)."""

    dialect = "sqlite"
    begin = "BEGIN IMMEDIATE"
    local = True

    def __init__(self, path: Path, limits: StoreLimits | None = None) -> None:
        super().__init__(limits)
        self.path = path
        self._writing = threading.Lock()
        self._writes = 0
        self._checkpoint_due = threading.Event()
        self._checkpointer: threading.Thread | None = None
        self._closing = False
        self._lost: tuple[str, str] | None = None
        self._rescued: Path | None = None
        if path.is_dir():
            raise DatabaseNameError(
                f"{str(path)!r} is a folder: expected a SQLite file's name (or give the "
                "folder with --state-dir)"
            )
        _check_header(path)
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not path.exists():
            # Private from the start: the games are this server's users' own.
            with contextlib.suppress(FileExistsError):
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        self._identity = _identity(path)
        self._uri = f"{path.absolute().as_uri()}?mode=rw"

    def _connect(self) -> Connection:
        self._check_usable()
        connection = sqlite3.connect(
            self._uri,
            timeout=BUSY_SECONDS,
            isolation_level=None,
            check_same_thread=False,
            uri=True,
        )
        try:
            # Before the first table exists, this makes freed pages returnable to the file.
            connection.execute("PRAGMA auto_vacuum = INCREMENTAL")
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = NORMAL")
            connection.execute("PRAGMA foreign_keys = ON")
            connection.execute(f"PRAGMA journal_size_limit = {WAL_LIMIT}")
            # Checkpoints are the checkpointer thread's (see the module's notes).
            connection.execute("PRAGMA wal_autocheckpoint = 0")
        except BaseException:
            connection.close()  # set up halfway (the file busy, gone or full): not kept
            raise
        return connection

    def _driver_errors(self) -> tuple[type[Exception], ...]:
        return (sqlite3.DatabaseError,)

    def _failure(self, exc: Exception) -> StoreError:
        detail = f"{self.path}: {first_line(exc)}"
        self._check_file()
        if self._lost is not None:
            return StoreFailed(*self._lost)
        code = getattr(exc, "sqlite_errorcode", None)
        primary = None if code is None else code & 0xFF
        if primary in _BUSY_CODES:
            return StoreBusy(detail)
        if primary == _FULL_CODE:
            return StoreFailed(detail, FULL_REASON)
        return StoreFailed(detail, BROKEN_REASON)

    def _check_usable(self) -> None:
        self._check_file()
        if self._lost is not None:
            raise StoreFailed(*self._lost)

    def _check_file(self) -> None:
        """Notice the file deleted or replaced (a few microseconds: one ``stat``), and
        copy the games away from a connection still open on it (until one was)."""
        if self._lost is None:
            try:
                identity = _identity(self.path)
            except OSError:
                identity = None
            if identity == self._identity:
                return
            what = "deleted" if identity is None else "replaced by another file"
            self._lost = (f"{self.path} was {what} while the server ran", LOST_REASON)
            log.error("the database %s: nothing more can be saved", self._lost[0])
        if self._rescued is None:
            self._rescue()

    def _rescue(self) -> None:
        """Copy the games, from an idle connection still open on the lost file, to
        ``<name>.rescued-<inode>`` beside it (made once, whichever process gets there
        first: written aside, then linked in place)."""
        try:
            connection, since = self._idle.get_nowait()
        except queue.Empty:  # none idle now: the next check tries again
            return
        try:
            folder = self.path.parent
            final = folder / f"{self.path.name}.rescued-{self._identity[1]}"
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            if not final.exists():
                aside = folder / f".{final.name}.{os.getpid()}"
                copy = sqlite3.connect(aside)
                try:
                    cast(sqlite3.Connection, connection).backup(copy)
                finally:
                    copy.close()
                os.chmod(aside, 0o600)
                try:
                    os.link(aside, final)
                except FileExistsError:
                    pass
                finally:
                    aside.unlink()
            self._rescued = final
            log.error("the games so far were copied to %s: stop the server and put it back", final)
        except (OSError, sqlite3.Error) as exc:
            log.error("the games could not be copied away from %s: %s", self.path, exc)
            self._rescued = self.path  # tried: not again on every write
        finally:
            self._idle.put((connection, since))

    @contextlib.contextmanager
    def _write(self) -> Iterator[Connection]:
        # One writer at a time in this process: SQLite takes one anyway, and a thread
        # waiting here is woken the moment the last write ends, where SQLite's own wait
        # (for another process's write) polls, sleeping milliseconds between tries.
        with self._writing, super()._write() as connection:
            yield connection
            self._writes += 1
            if self._writes % CHECKPOINT_EVERY == 0:
                self._start_checkpointer()
                self._checkpoint_due.set()

    def _start_checkpointer(self) -> None:
        if self._checkpointer is None or not self._checkpointer.is_alive():
            self._closing = False
            self._checkpointer = threading.Thread(
                target=self._checkpoints, name="croupier-checkpoint", daemon=True
            )
            self._checkpointer.start()

    def _checkpoints(self) -> None:
        """The checkpointer thread: the log copied into the database each time enough
        writes have gone into it, readers and writers going on meanwhile (PASSIVE)."""
        while True:
            self._checkpoint_due.wait()
            self._checkpoint_due.clear()
            if self._closing:
                return
            # Busy (another process's checkpoint): the next one copies it.
            with contextlib.suppress(Exception), self._read() as connection:
                _, pages, _ = connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                if pages > LOG_PAGES:  # the rest, while no write of this process adds more
                    with self._writing:
                        connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def close(self) -> None:
        """:meth:`Store.close`, the checkpointer thread stopped (the last connection to
        close copies what is left of the log into the database, as SQLite does)."""
        thread = self._checkpointer
        if thread is not None and thread.is_alive():
            self._closing = True
            self._checkpoint_due.set()
            thread.join(timeout=5)
        self._checkpointer = None
        super().close()

    def data_bytes(self) -> int:
        with self._read() as connection:
            pages = connection.execute("PRAGMA page_count").fetchone()[0]
            free = connection.execute("PRAGMA freelist_count").fetchone()[0]
            size = connection.execute("PRAGMA page_size").fetchone()[0]
        return int((pages - free) * size)

    def file_bytes(self) -> int:
        """Bytes the database takes on disk (its write-ahead log included)."""
        total = 0
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(OSError):
                total += os.stat(f"{self.path}{suffix}").st_size
        return total

    def _lock_schema(self, connection: Connection) -> None:
        """A SQLite write transaction keeps other processes out already."""

    def _others_tables(self, connection: Connection) -> list[str]:
        names = [
            str(row[0])
            for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            ).fetchall()
        ]
        if not names or "schema_migrations" in names:
            return []
        return [name for name in names if not name.startswith("sqlite_")][:5]

    def _reclaim(self) -> None:
        with self._read() as connection:
            connection.execute("PRAGMA incremental_vacuum").fetchall()
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()

    def describe(self) -> str:
        return f"{self.path} (SQLite)"


def _identity(path: Path) -> tuple[int, int]:
    """The file's device and inode: which file a name stands for."""
    status = os.stat(path)
    return status.st_dev, status.st_ino


def _check_header(path: Path) -> None:
    """Refuse an existing file that is not a SQLite database (an empty file is a new one)."""
    try:
        with path.open("rb") as file:
            start = file.read(len(SQLITE_HEADER))
    except FileNotFoundError:
        return
    except OSError as exc:
        raise DatabaseNameError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    if start and start != SQLITE_HEADER:
        raise DatabaseNameError(
            f"{str(path)!r} is not a SQLite database: give a new file's name, or one croupier made"
        )
