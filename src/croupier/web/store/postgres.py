"""Sessions in PostgreSQL, for several hosts behind one address (the ``postgres`` extra).

``croupier serve --database postgresql://user@host/dbname`` keeps the same tables as the
SQLite store (one schema, the same migrations) in a PostgreSQL database, through
psycopg 3. Migrations run under an advisory lock, so servers starting together apply
each one once; every statement has a :data:`STATEMENT_SECONDS` timeout.

A statement that ran out of time or met a lock is busy for a moment
(:class:`~croupier.web.store.base.StoreBusy`); a server that does not answer, a full
disk, or any other refusal fails until someone acts
(:class:`~croupier.web.store.base.StoreFailed`): the answers and the server's health
say which. A connection unused for :attr:`PostgresStore.ping_after` seconds is checked
before it is used again, so that the first requests after the database server restarted
do not fail on connections it closed.
"""

from __future__ import annotations

from typing import Final, cast
from urllib.parse import urlsplit

from croupier.web.store.base import (
    DOWN_REASON,
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
from croupier.web.store.names import hide_password

__all__ = ["INSTALL_POSTGRES", "PostgresStore"]

#: What to install for PostgreSQL.
INSTALL_POSTGRES: Final = "pip install 'croupier[postgres]'"
#: Seconds a statement may run (a lock held elsewhere fails the request, not the server).
STATEMENT_SECONDS: Final = 5
#: Seconds to wait for the server to accept a connection.
CONNECT_SECONDS: Final = 5
#: The advisory lock key migrations hold ("croupier" on a phone keypad, cut to fit).
MIGRATION_LOCK: Final = 27687743
#: SQLSTATE codes (and classes) that mean "busy for a moment": a transaction rolled back
#: by a conflict or a deadlock (class 40), a lock not available, a statement cancelled
#: by its timeout, too many connections.
_BUSY_STATES: Final = frozenset({"55P03", "57014", "53300"})
#: The SQLSTATE of a full disk.
_DISK_FULL: Final = "53100"
#: What a player reads when PostgreSQL refuses a statement for another reason.
REFUSED_REASON: Final = (
    "the server's database refused to save, so nothing can be saved now: whoever runs "
    "the server must look at its log"
)


class PostgresStore(Store):
    """Sessions in the PostgreSQL database at ``url``."""

    dialect = "postgresql"
    begin = "BEGIN"
    ping_after = 2.0

    def __init__(self, url: str, limits: StoreLimits | None = None) -> None:
        import psycopg  # the postgres extra: checked by the caller

        try:
            psycopg.conninfo.conninfo_to_dict(url)
        except psycopg.ProgrammingError as exc:
            raise DatabaseNameError(
                f"bad PostgreSQL URL {hide_password(url)!r}: {first_line(exc)}"
            ) from None
        super().__init__(limits)
        self.url = url
        self._psycopg = psycopg
        self._converted: dict[str, str] = {}

    def _connect(self) -> Connection:
        connection = self._psycopg.connect(
            self.url,
            autocommit=True,
            connect_timeout=CONNECT_SECONDS,
            options=f"-c statement_timeout={STATEMENT_SECONDS * 1000}",
        )
        return cast(Connection, connection)

    def _driver_errors(self) -> tuple[type[Exception], ...]:
        return (self._psycopg.Error,)

    def _failure(self, exc: Exception) -> StoreError:
        detail = f"{self.describe()}: {first_line(exc)}"
        state = getattr(exc, "sqlstate", None) or ""
        if state.startswith("40") or state in _BUSY_STATES:
            return StoreBusy(detail)
        if state == _DISK_FULL:
            return StoreFailed(detail, FULL_REASON)
        if isinstance(exc, self._psycopg.OperationalError | self._psycopg.InterfaceError):
            return StoreFailed(detail, DOWN_REASON)
        return StoreFailed(detail, REFUSED_REASON)

    def _sql(self, text: str) -> str:
        converted = self._converted.get(text)
        if converted is None:
            converted = self._converted[text] = text.replace("?", "%s")
        return converted

    def _lock_schema(self, connection: Connection) -> None:
        connection.execute(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")

    def _reclaim(self) -> None:
        """PostgreSQL reuses freed space in place (autovacuum): nothing to do."""

    def data_bytes(self) -> int:
        # The live data, not the tables' files: PostgreSQL reuses freed space in place.
        with self._read() as connection:
            row = connection.execute(
                "SELECT coalesce(sum(pg_column_size(data)), 0) + 64 * count(*) FROM slots"
            ).fetchone()
        return int(row[0])

    def describe(self) -> str:
        parts = urlsplit(self.url)  # checked when the store was made
        where = parts.hostname or "the local socket"
        return f"the PostgreSQL database {parts.path.lstrip('/') or '(default)'} on {where}"
