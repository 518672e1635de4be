"""Where the web app keeps its sessions: one database, SQLite by default, or PostgreSQL.

:func:`open_store` opens (and migrates) the database a server was given: the SQLite
file under the state directory, a PostgreSQL URL, or a SQLite file in a temporary
folder that goes when the server stops (``croupier serve --no-save``).

- ``base.py``: :class:`~croupier.web.store.base.Store`, the SQL every database runs,
  its limits (:class:`~croupier.web.store.base.StoreLimits`) and its refusals;
- ``migrations.py``: the schema, as numbered migrations;
- ``sqlite.py``, ``postgres.py``: how each database connects, measures its data and
  says what its failures mean;
- ``names.py``: what a ``--database`` text names (a PostgreSQL URL or a SQLite file).
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import shutil
import tempfile
import time
import weakref
from pathlib import Path

from croupier.errors import CroupierError
from croupier.textfile import read_text
from croupier.web.store.base import (
    Change,
    DatabaseNameError,
    JobRow,
    SchemaError,
    SessionLimit,
    Store,
    StoreBusy,
    StoreError,
    StoreFailed,
    StoreLimits,
    StoreStats,
    TableRow,
)
from croupier.web.store.names import database_kind, hide_password
from croupier.web.store.postgres import INSTALL_POSTGRES
from croupier.web.store.sqlite import DATABASE_NAME, SQLiteStore

__all__ = [
    "DATABASE_NAME",
    "INSTALL_POSTGRES",
    "Change",
    "DatabaseNameError",
    "JobRow",
    "SchemaError",
    "SessionLimit",
    "Store",
    "StoreBusy",
    "StoreError",
    "StoreFailed",
    "StoreLimits",
    "StoreStats",
    "TableRow",
    "TemporaryStore",
    "database_kind",
    "hide_password",
    "import_session_files",
    "open_store",
]

log = logging.getLogger(__name__)

#: The session files of croupier before the database: ``<id>.json``.
_SESSION_FILE = re.compile(r"[A-Za-z0-9_-]{43}\.json")
#: The most read of one: 16 MiB, far beyond a session's games (a request body is at most
#: 512 KiB), so that a huge file is dropped unread.
MAX_SESSION_FILE_BYTES = 16 * 1024 * 1024


class TemporaryStore(SQLiteStore):
    """A SQLite store in a private temporary folder, removed when the store closes."""

    def __init__(self, limits: StoreLimits | None = None) -> None:
        self._folder = Path(tempfile.mkdtemp(prefix="croupier-sessions-"))
        super().__init__(self._folder / DATABASE_NAME, limits)
        # Removed when the store goes (or the program ends): an app served again after
        # a stop (as tests do) keeps its sessions until then.
        self._remove = weakref.finalize(self, shutil.rmtree, self._folder, ignore_errors=True)

    def remove(self) -> None:
        """Close the store and delete its folder now."""
        self.close()
        self._remove()

    def describe(self) -> str:
        return "memory only (a temporary database, deleted when the server stops)"


def open_store(
    state_dir: Path | None, database: str | None = None, limits: StoreLimits | None = None
) -> Store:
    """The store of a server: PostgreSQL at ``database`` (a ``postgresql://`` URL), else
    SQLite in ``state_dir`` (``None``: a temporary one). Migrated, its key made, and
    pruned once; session files of older croupier versions in ``state_dir`` are moved in.

    Raises :class:`DatabaseNameError` for a name that is neither (see
    :func:`~croupier.web.store.names.database_kind`) or a file that is not a SQLite
    database, :class:`StoreError` when the database cannot be used, :class:`SchemaError`
    when it was made by a newer croupier or holds tables that are not croupier's, and
    ``ImportError`` without psycopg.
    """
    store: Store
    if database is not None and database_kind(database) == "postgresql":
        from croupier.web.store.postgres import PostgresStore

        store = PostgresStore(database, limits)
    elif database is not None:
        store = SQLiteStore(Path(database), limits)
    elif state_dir is None:
        store = TemporaryStore(limits)
    else:
        store = SQLiteStore(state_dir / DATABASE_NAME, limits)
    try:
        store.migrate()
        store.secret()
        if state_dir is not None:
            import_session_files(store, state_dir)
        store.prune()
    except BaseException:
        store.close()
        raise
    return store


def import_session_files(store: Store, directory: Path) -> int:
    """Move the one-file-per-session saves of older croupier versions into ``store``
    (each file is deleted once its games are in); returns how many sessions came in.
    Unreadable files and crash leftovers are deleted."""
    moved = 0
    if not directory.is_dir():
        return 0
    for path in directory.iterdir():
        if path.name.startswith(".session-"):
            with contextlib.suppress(OSError):
                path.unlink()
            continue
        if not _SESSION_FILE.fullmatch(path.name):
            continue
        try:
            data = json.loads(read_text(path, CroupierError, max_bytes=MAX_SESSION_FILE_BYTES))
            games = data["games"]
            if data["version"] != 1 or not isinstance(games, dict):
                raise ValueError(f"unknown session file version {data['version']!r}")
            changes = {
                str(name): Change(None, json.dumps(game, separators=(",", ":")))
                for name, game in games.items()
                if isinstance(game, dict)
            }
            touched = path.stat().st_mtime
        except (OSError, ValueError, KeyError, TypeError, RecursionError) as exc:
            # A FIFO, a device or a huge file is refused unread (CroupierError, a
            # ValueError), nested brackets stop the JSON reader (RecursionError).
            log.warning("session file %s unreadable, dropped: %s", path.name, exc)
        else:
            session_id = path.stem
            if (
                changes
                and not store.exists(session_id)
                and time.time() - touched < store.limits.max_age
            ):
                store.commit(session_id, None, changes)
                moved += 1
        with contextlib.suppress(OSError):
            path.unlink()
    return moved
