"""Sessions in PostgreSQL, for several hosts behind one address (the ``postgres`` extra).

``croupier serve --database postgresql://user@host/dbname`` keeps the same tables as the
SQLite store (one schema, the same migrations) in a PostgreSQL database, through
psycopg 3. Migrations run under an advisory lock, so servers starting together apply
each one once; every statement has a :data:`STATEMENT_SECONDS` timeout.
"""

from __future__ import annotations

from typing import Final, cast
from urllib.parse import urlsplit

from croupier.web.store.base import Connection, Store, StoreLimits

__all__ = ["INSTALL_POSTGRES", "PostgresStore", "is_postgres_url"]

#: What to install for PostgreSQL.
INSTALL_POSTGRES: Final = "pip install 'croupier[postgres]'"
#: Seconds a statement may run (a lock held elsewhere fails the request, not the server).
STATEMENT_SECONDS: Final = 5
#: Seconds to wait for the server to accept a connection.
CONNECT_SECONDS: Final = 5
#: The advisory lock key migrations hold ("croupier" on a phone keypad, cut to fit).
MIGRATION_LOCK: Final = 27687743


def is_postgres_url(text: str) -> bool:
    """Whether ``text`` names a PostgreSQL database.

    >>> is_postgres_url("postgresql://club@db.local/croupier"), is_postgres_url("state/")
    (True, False)
    """
    return urlsplit(text).scheme in ("postgresql", "postgres")


class PostgresStore(Store):
    """Sessions in the PostgreSQL database at ``url``."""

    dialect = "postgresql"
    begin = "BEGIN"

    def __init__(self, url: str, limits: StoreLimits | None = None) -> None:
        import psycopg  # the postgres extra: checked by the caller

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

    def _transient(self) -> tuple[type[Exception], ...]:
        return (self._psycopg.OperationalError,)

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
        parts = urlsplit(self.url)
        where = parts.hostname or "the local socket"
        return f"the PostgreSQL database {parts.path.lstrip('/') or '(default)'} on {where}"
