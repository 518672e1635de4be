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
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from croupier.web.store.base import Connection, Store, StoreLimits

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
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not path.exists():
            # Private from the start: the games are this server's users' own.
            with contextlib.suppress(FileExistsError):
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))

    def _connect(self) -> Connection:
        connection = sqlite3.connect(
            self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False
        )
        # Before the first table exists, this makes freed pages returnable to the file.
        connection.execute("PRAGMA auto_vacuum = INCREMENTAL")
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = NORMAL")
        connection.execute("PRAGMA foreign_keys = ON")
        connection.execute(f"PRAGMA journal_size_limit = {WAL_LIMIT}")
        # Checkpoints are the checkpointer thread's (see the module's notes).
        connection.execute("PRAGMA wal_autocheckpoint = 0")
        return connection

    def _transient(self) -> tuple[type[Exception], ...]:
        return (sqlite3.OperationalError,)

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

    def _reclaim(self) -> None:
        with self._read() as connection:
            connection.execute("PRAGMA incremental_vacuum").fetchall()
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()

    def describe(self) -> str:
        return f"{self.path} (SQLite)"
