"""The default store: SQLite (the standard library's ``sqlite3``), one file, WAL mode.

The database is ``croupier.sqlite3`` in the state directory. Write-ahead logging lets
every server process (``croupier serve --workers N``) read while one writes; each write
is one short transaction that waits up to :data:`BUSY_SECONDS` for another to end.
Freed pages are given back to the file after each pruning (incremental vacuum), and the
write-ahead log is kept under :data:`WAL_LIMIT` bytes.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
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


class SQLiteStore(Store):
    """Sessions in the SQLite database ``path`` (made, private to its user, if new)."""

    dialect = "sqlite"
    begin = "BEGIN IMMEDIATE"

    def __init__(self, path: Path, limits: StoreLimits | None = None) -> None:
        super().__init__(limits)
        self.path = path
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
        return connection

    def _transient(self) -> tuple[type[Exception], ...]:
        return (sqlite3.OperationalError,)

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
