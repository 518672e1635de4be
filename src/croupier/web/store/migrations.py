"""The database's schema, as numbered migrations applied in order, once each.

One schema for both databases: SQLite (the default, one file under the state
directory) and PostgreSQL. Each :class:`Migration` lists its statements once, written in
the SQL both understand (``DOUBLE PRECISION``, ``BIGINT``, ``ON CONFLICT``); the store
records every migration it applied in ``schema_migrations``, so a database made by an
older croupier is brought up to date when a newer one opens it, and one made by a newer
croupier is refused with a one-line reason instead of being misread.

A migration is never edited once released: a change to the schema is a new migration at
the end of :data:`MIGRATIONS`.

>>> [(m.version, m.name) for m in MIGRATIONS]  # doctest: +NORMALIZE_WHITESPACE
[(1, 'sessions, their slots, jobs and the signing secret'), (2, 'wrong join codes by address'),
 (3, 'shared tables')]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["MIGRATIONS", "Migration", "latest_version"]


@dataclass(frozen=True, slots=True)
class Migration:
    """One step of the schema: its number, what it does, and its SQL statements."""

    version: int
    name: str
    statements: tuple[str, ...]


MIGRATIONS: Final = (
    Migration(
        1,
        "sessions, their slots, jobs and the signing secret",
        (
            # One row per browser that saved something: who (a keyed hash of its
            # address, for the cap per address), when it came and when it last played.
            """CREATE TABLE sessions (
                id TEXT PRIMARY KEY,
                client TEXT NOT NULL,
                created DOUBLE PRECISION NOT NULL,
                touched DOUBLE PRECISION NOT NULL
            )""",
            "CREATE INDEX sessions_touched ON sessions (touched)",
            "CREATE INDEX sessions_client ON sessions (client)",
            # One row per game of a session: its JSON, and a version that every change
            # raises (a change made from an older version is refused: no lost update).
            """CREATE TABLE slots (
                session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                version BIGINT NOT NULL,
                data TEXT NOT NULL,
                PRIMARY KEY (session_id, name)
            )""",
            # Long calculations, visible to every server process sharing the database.
            """CREATE TABLE jobs (
                id TEXT PRIMARY KEY,
                owner TEXT NOT NULL,
                state TEXT NOT NULL,
                done BIGINT NOT NULL DEFAULT 0,
                total BIGINT NOT NULL DEFAULT 0,
                result TEXT,
                error TEXT,
                started DOUBLE PRECISION NOT NULL,
                updated DOUBLE PRECISION NOT NULL,
                seconds DOUBLE PRECISION,
                cancel INTEGER NOT NULL DEFAULT 0
            )""",
            "CREATE INDEX jobs_owner ON jobs (owner)",
            "CREATE INDEX jobs_updated ON jobs (updated)",
            # The key that signs session ids, shared by every server process.
            "CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
        ),
    ),
    Migration(
        2,
        "wrong join codes by address",
        (
            # Each wrong join code: the address it came from (a keyed hash) and when.
            # One table for every server process: the limit is the server's, not each
            # process's.
            """CREATE TABLE join_tries (
                client TEXT NOT NULL,
                at DOUBLE PRECISION NOT NULL
            )""",
            "CREATE INDEX join_tries_client ON join_tries (client, at)",
            "CREATE INDEX join_tries_at ON join_tries (at)",
        ),
    ),
    Migration(
        3,
        "shared tables",
        (
            # One row per table several browsers share (a Casino game between two
            # people, a Baccarat shoe for the room): its kind, its game as JSON, a short
            # summary for the lobby and the organiser, and a version every change raises
            # (a change made from an older version is refused: no lost move).
            """CREATE TABLE shared_tables (
                id TEXT PRIMARY KEY,
                kind TEXT NOT NULL,
                version BIGINT NOT NULL,
                data TEXT NOT NULL,
                summary TEXT NOT NULL,
                created DOUBLE PRECISION NOT NULL,
                updated DOUBLE PRECISION NOT NULL
            )""",
            "CREATE INDEX shared_tables_updated ON shared_tables (updated)",
        ),
    ),
)


def latest_version() -> int:
    """The schema version this croupier writes.

    >>> latest_version() == MIGRATIONS[-1].version
    True
    """
    return MIGRATIONS[-1].version
