"""The store every server process shares: sessions, their games, jobs, in one database.

:class:`Store` holds the SQL both databases run; :class:`~croupier.web.store.sqlite.SQLiteStore`
and :class:`~croupier.web.store.postgres.PostgresStore` add how to connect, how a write
transaction starts and how big the data is. Every request runs a few short
transactions, never a lock held across the request: a game is read with its version,
and a change is written only if the version is still the one read (another request
that changed the game meanwhile wins, and this one is refused with nothing written).

Sessions are pruned by age (unused for :attr:`StoreLimits.max_age`), by count (the
least recently used beyond :attr:`StoreLimits.max_sessions`) and by size (the least
recently used until the data is under :attr:`StoreLimits.max_bytes`), and one client
address may hold at most :attr:`StoreLimits.per_client` sessions.

A database that cannot be used says which way, in one line a player can read
(:class:`StoreError`'s ``reason``): busy for a moment (:class:`StoreBusy`: another
writer holds it, a statement ran out of time), or failing until someone acts
(:class:`StoreFailed`: the disk is full, the file was deleted, the server does not
answer). :meth:`Store.health` says whether the database can be used now, and why not.
"""

from __future__ import annotations

import contextlib
import json
import queue
import secrets
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from croupier.errors import CroupierError
from croupier.web.store.migrations import MIGRATIONS, latest_version

__all__ = [
    "BUSY_REASON",
    "DOWN_REASON",
    "FULL_REASON",
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
    "first_line",
]

#: Seconds between two updates of a session's last use when it is only read.
TOUCH_EVERY: Final = 3600.0
#: Finished jobs are forgotten this many seconds after their last update.
JOB_AGE: Final = 3600.0
#: New sessions between two prunings (pruning also runs every ``prune_every`` seconds).
PRUNE_AFTER_NEW: Final = 50
#: Wrong join codes kept at most (the oldest go first): a bound on the table whatever
#: the number of addresses trying.
MAX_JOIN_TRIES: Final = 100_000


#: What a player reads when the database is busy for a moment.
BUSY_REASON: Final = "the server's database is busy: try again in a moment"
#: What a player reads when the database stopped answering.
DOWN_REASON: Final = (
    "the server's database is not answering, so nothing can be saved now: try again once it is back"
)
#: What a player reads when the database's disk is full.
FULL_REASON: Final = (
    "the server's disk is full, so nothing can be saved now: whoever runs the server "
    "must free some space"
)


class StoreError(Exception):
    """The database cannot be used now. ``str()`` is the detail for the server's log,
    :attr:`reason` the one line a player reads (no path, no address)."""

    def __init__(self, detail: str, reason: str) -> None:
        super().__init__(detail)
        self.reason = reason


class StoreBusy(StoreError):  # noqa: N818 (a condition the app answers 503 to)
    """The database is busy for a moment: another writer holds it, or a statement ran
    out of time. The same request a moment later may well succeed."""

    def __init__(self, detail: str, reason: str = BUSY_REASON) -> None:
        super().__init__(detail, reason)


class StoreFailed(StoreError):  # noqa: N818 (as StoreBusy: a condition, answered 503)
    """The database fails until someone acts: its disk is full, its file was deleted or
    replaced while the server ran, the database server does not answer, or the data
    cannot be read. Nothing can be saved meanwhile; trying again at once is no use."""


class DatabaseNameError(CroupierError):
    """A database the server cannot use at all: an unknown kind of URL, a malformed
    one, a file that is not a SQLite database, a folder."""


class SessionLimit(Exception):  # noqa: N818 (a refusal the app answers 429 to)
    """This client address holds as many sessions as it may."""


class SchemaError(Exception):
    """The database was made by a newer croupier (or is not croupier's)."""


@dataclass(frozen=True, slots=True)
class StoreLimits:
    """How long sessions live and how many and how much data the store keeps.

    ``0`` turns a count or size limit off.

    >>> StoreLimits().max_age / 86400, StoreLimits().max_sessions, StoreLimits().per_client
    (30.0, 10000, 200)
    """

    #: Seconds a session may go unused before it is deleted.
    max_age: float = 30 * 86400.0
    #: Sessions kept at most: the least recently used go first.
    max_sessions: int = 10_000
    #: Bytes of game data kept at most: the least recently used sessions go first.
    max_bytes: int = 256 * 1024 * 1024
    #: Sessions one client address may hold.
    per_client: int = 200
    #: Seconds between two prunings.
    prune_every: float = 60.0
    #: Shared tables kept at most (the least recently changed go first; 0: no limit);
    #: they go too when unchanged for ``max_age``.
    max_tables: int = 2_000


@dataclass(frozen=True, slots=True)
class StoreStats:
    """What the store holds now."""

    sessions: int
    slots: int
    data_bytes: int


@dataclass(frozen=True, slots=True)
class Change:
    """A game's new data (``None``: the game is removed), made from ``version`` (``None``:
    the session had no such game)."""

    version: int | None
    data: str | None


@dataclass(frozen=True, slots=True)
class TableRow:
    """A shared table as the database holds it: its game's JSON (``None`` when only the
    summary was read) and its summary (what the lobby and the organiser show)."""

    id: str
    kind: str
    version: int
    summary: dict[str, Any]
    created: float
    updated: float
    data: str | None = None


def _table_row(row: Sequence[Any]) -> TableRow:
    data = None if len(row) < 7 or row[6] is None else str(row[6])
    return TableRow(
        str(row[0]),
        str(row[1]),
        int(row[2]),
        json.loads(row[3]),
        float(row[4]),
        float(row[5]),
        data,
    )


@dataclass(frozen=True, slots=True)
class JobRow:
    """A job as the database holds it."""

    id: str
    owner: str
    state: str
    done: int
    total: int
    result: dict[str, Any] | None
    error: str | None
    started: float
    seconds: float | None
    cancel: bool


class Connection(Protocol):
    """What the store needs of a DB-API connection (sqlite3's and psycopg's)."""

    def execute(self, sql: str, parameters: Any = ...) -> Any: ...

    def close(self) -> None: ...


class Store(ABC):
    """Sessions, games and jobs in a SQL database (see the module's notes)."""

    #: ``sqlite`` or ``postgresql``.
    dialect: str = ""
    #: How a write transaction starts.
    begin: str = "BEGIN"
    #: A file on this machine, whose reads and short writes take tens of microseconds:
    #: the light routes then run on the event loop (see
    #: :func:`croupier.web.sessions.light`); a database over the network is always
    #: reached from a worker thread.
    local: bool = False

    #: Seconds a connection may sit unused before it is checked on its next use (a
    #: database server restarted meanwhile left it dead); 0: never (a local file).
    ping_after: float = 0.0

    def __init__(self, limits: StoreLimits | None = None) -> None:
        self.limits = limits or StoreLimits()
        #: Connections not in use, each with when it was last given back.
        self._idle: queue.SimpleQueue[tuple[Connection, float]] = queue.SimpleQueue()
        self._prune_lock = threading.Lock()
        self._last_prune = time.monotonic()
        self._new_since_prune = 0
        self._secret: bytes | None = None
        #: The failure of the last write, until a write succeeds (see :meth:`health`).
        self._write_failure: StoreFailed | None = None

    # --- what each database adds ----------------------------------------------------

    @abstractmethod
    def _connect(self) -> Connection:
        """A new connection, in autocommit mode (transactions are begun explicitly)."""

    @abstractmethod
    def _driver_errors(self) -> tuple[type[Exception], ...]:
        """The driver's errors (its ``DatabaseError``): :meth:`_failure` says what each
        means."""

    @abstractmethod
    def _failure(self, exc: Exception) -> StoreError:
        """What a driver error means: :class:`StoreBusy` (a moment) or
        :class:`StoreFailed` (until someone acts), with the player's reason."""

    @abstractmethod
    def data_bytes(self) -> int:
        """Bytes the games' data takes in the database."""

    @abstractmethod
    def _lock_schema(self, connection: Connection) -> None:
        """Inside the migration transaction: keep other processes out until it ends."""

    @abstractmethod
    def _reclaim(self) -> None:
        """After a pruning: give freed space back (where the database can)."""

    @abstractmethod
    def describe(self) -> str:
        """Where the data lives, in a few words (printed when the server starts)."""

    def _check_usable(self) -> None:  # noqa: B027 (a hook: most have nothing to check)
        """Raise :class:`StoreFailed` if the database is known to be unusable before
        asking it (SQLite: its file was deleted or replaced)."""

    def _others_tables(self, connection: Connection) -> list[str]:
        """Tables of a database croupier never set up (SQLite: a file is one program's;
        a PostgreSQL database may well hold other programs' tables beside croupier's)."""
        return []

    # --- connections and transactions -----------------------------------------------

    def _sql(self, text: str) -> str:
        """``text`` with this driver's placeholders (written with ``?``)."""
        return text

    @contextlib.contextmanager
    def _connection(self) -> Iterator[Connection]:
        try:
            connection, since = self._idle.get_nowait()
        except queue.Empty:
            connection = self._open()
        else:
            if self.ping_after and time.monotonic() - since > self.ping_after:
                connection = self._checked(connection)
        healthy = False
        try:
            yield connection
            healthy = True
        finally:
            if healthy:
                self._idle.put((connection, time.monotonic()))
            else:
                with contextlib.suppress(Exception):
                    connection.close()

    def _checked(self, connection: Connection) -> Connection:
        """``connection`` if it still answers, else a new one (the idle ones, as old as
        it, are closed too: a database server that restarted left them all dead)."""
        try:
            connection.execute("SELECT 1").fetchone()
        except self._driver_errors():
            with contextlib.suppress(Exception):
                connection.close()
            self.close()
            return self._open()
        return connection

    def _open(self) -> Connection:
        try:
            return self._connect()
        except self._driver_errors() as exc:
            raise self._failed(exc) from None

    def _failed(self, exc: Exception) -> StoreError:
        """The :class:`StoreError` a driver error raises; after a failure that is not a
        moment's, the idle connections are closed (a new one is opened next time)."""
        error = self._failure(exc)
        if isinstance(error, StoreFailed):
            self.close()
        return error

    @contextlib.contextmanager
    def _read(self) -> Iterator[Connection]:
        """A connection for reads (each statement sees a consistent snapshot)."""
        try:
            with self._connection() as connection:
                yield connection
        except self._driver_errors() as exc:
            raise self._failed(exc) from None

    @contextlib.contextmanager
    def _write(self) -> Iterator[Connection]:
        """A connection inside a write transaction, committed when the block ends
        without an error and rolled back otherwise."""
        try:
            self._check_usable()
            with self._connection() as connection:
                connection.execute(self.begin)
                try:
                    yield connection
                except BaseException:
                    with contextlib.suppress(Exception):
                        connection.execute("ROLLBACK")
                    raise
                connection.execute("COMMIT")
        except self._driver_errors() as exc:
            error = self._failed(exc)
            if isinstance(error, StoreFailed):
                self._write_failure = error
            raise error from None
        except StoreFailed as exc:
            self._write_failure = exc
            raise
        self._write_failure = None

    def _run(self, connection: Connection, sql: str, *parameters: Any) -> Any:
        return connection.execute(self._sql(sql), parameters)

    def health(self) -> str | None:
        """``None`` when the database can be used now, else why not (the one line a
        player reads): its schema is read, and after a write that failed (a full disk
        fails writes only) a small write is tried too."""
        try:
            self._check_usable()
            self.schema_version()
            if self._write_failure is not None:
                with self._write() as connection:
                    self._run(
                        connection,
                        "INSERT INTO settings (name, value) VALUES ('health-check', ?) "
                        "ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                        repr(time.time()),
                    )
        except StoreError as exc:
            return exc.reason
        return None

    def close(self) -> None:
        """Close every idle connection (connections in use close when returned). The
        store stays usable: a later request opens a new connection."""
        while True:
            try:
                connection, _ = self._idle.get_nowait()
            except queue.Empty:
                break
            with contextlib.suppress(Exception):
                connection.close()

    # --- the schema -------------------------------------------------------------------

    def migrate(self) -> int:
        """Apply the migrations this database lacks; returns how many ran. A database
        made by a newer croupier raises :class:`SchemaError`."""
        with self._write() as connection:
            self._lock_schema(connection)
            others = self._others_tables(connection)
            if others:
                raise SchemaError(
                    f"the database holds tables that are not croupier's ({', '.join(others)}):"
                    " give a new file's name, or one croupier made"
                )
            self._run(
                connection,
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                "version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                "applied DOUBLE PRECISION NOT NULL)",
            )
            rows = self._run(connection, "SELECT version FROM schema_migrations").fetchall()
            applied = {int(row[0]) for row in rows}
            newest = max(applied, default=0)
            if newest > latest_version():
                raise SchemaError(
                    f"the database is at schema version {newest}, newer than this croupier's "
                    f"{latest_version()}: upgrade croupier or use another database"
                )
            ran = 0
            for migration in MIGRATIONS:
                if migration.version in applied:
                    continue
                for statement in migration.statements:
                    self._run(connection, statement)
                self._run(
                    connection,
                    "INSERT INTO schema_migrations (version, name, applied) VALUES (?, ?, ?)",
                    migration.version,
                    migration.name,
                    time.time(),
                )
                ran += 1
        return ran

    def schema_version(self) -> int:
        """The newest migration applied."""
        with self._read() as connection:
            row = self._run(connection, "SELECT max(version) FROM schema_migrations").fetchone()
        return int(row[0] or 0)

    def secret(self) -> bytes:
        """The key that signs session ids: made once, shared by every process."""
        if self._secret is None:
            with self._write() as connection:
                self._run(
                    connection,
                    "INSERT INTO settings (name, value) VALUES ('session-key', ?) "
                    "ON CONFLICT (name) DO NOTHING",
                    secrets.token_hex(32),
                )
                row = self._run(
                    connection, "SELECT value FROM settings WHERE name = 'session-key'"
                ).fetchone()
            self._secret = bytes.fromhex(row[0])
        return self._secret

    # --- sessions -----------------------------------------------------------------------

    def versions(self, session_id: str) -> dict[str, int] | None:
        """Each game of ``session_id`` with its version (``None``: no such session). A
        session only read for :data:`TOUCH_EVERY` seconds is marked as used now."""
        with self._read() as connection:
            rows = self._run(
                connection,
                "SELECT s.touched, g.name, g.version FROM sessions s "
                "LEFT JOIN slots g ON g.session_id = s.id WHERE s.id = ?",
                session_id,
            ).fetchall()
        if not rows:
            return None
        now = time.time()
        if now - float(rows[0][0]) > TOUCH_EVERY:
            with self._write() as connection:
                self._run(
                    connection, "UPDATE sessions SET touched = ? WHERE id = ?", now, session_id
                )
        return {str(name): int(version) for _, name, version in rows if name is not None}

    def fetch(self, session_id: str, name: str) -> tuple[int, str] | None:
        """The version and data of one game of a session (``None``: it has none)."""
        with self._read() as connection:
            row = self._run(
                connection,
                "SELECT version, data FROM slots WHERE session_id = ? AND name = ?",
                session_id,
                name,
            ).fetchone()
        return None if row is None else (int(row[0]), str(row[1]))

    def exists(self, session_id: str) -> bool:
        """Whether ``session_id`` has saved anything (and was not pruned since)."""
        with self._read() as connection:
            row = self._run(
                connection, "SELECT 1 FROM sessions WHERE id = ?", session_id
            ).fetchone()
        return row is not None

    def commit(self, session_id: str, client: str | None, changes: Mapping[str, Change]) -> bool:
        """Write ``changes`` to the games of ``session_id`` in one transaction, each only
        if its version is still the one it was made from; returns ``False`` (and writes
        nothing) if any game changed meanwhile. A new session from a client address that
        holds :attr:`StoreLimits.per_client` sessions raises :class:`SessionLimit`
        (``client`` ``None``: no address, no cap)."""
        now = time.time()
        created = False
        try:
            with self._write() as connection:
                updated = self._run(
                    connection, "UPDATE sessions SET touched = ? WHERE id = ?", now, session_id
                ).rowcount
                if not updated:
                    if client is not None:
                        self._check_client(connection, client)
                    # Another request of the same new browser may create it meanwhile.
                    created = bool(
                        self._run(
                            connection,
                            "INSERT INTO sessions (id, client, created, touched) "
                            "VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
                            session_id,
                            client or "",
                            now,
                            now,
                        ).rowcount
                    )
                for name, change in changes.items():
                    if not self._apply(connection, session_id, name, change):
                        raise _Conflict
        except _Conflict:
            return False
        if created:
            self._after_new_session()
        return True

    def _apply(self, connection: Connection, session_id: str, name: str, change: Change) -> bool:
        if change.version is None:
            if change.data is None:
                row = self._run(
                    connection,
                    "SELECT 1 FROM slots WHERE session_id = ? AND name = ?",
                    session_id,
                    name,
                ).fetchone()
                return row is None
            inserted = self._run(
                connection,
                "INSERT INTO slots (session_id, name, version, data) VALUES (?, ?, 1, ?) "
                "ON CONFLICT (session_id, name) DO NOTHING",
                session_id,
                name,
                change.data,
            ).rowcount
            return bool(inserted)
        if change.data is None:
            sql = "DELETE FROM slots WHERE session_id = ? AND name = ? AND version = ?"
            return bool(self._run(connection, sql, session_id, name, change.version).rowcount)
        sql = (
            "UPDATE slots SET data = ?, version = version + 1 "
            "WHERE session_id = ? AND name = ? AND version = ?"
        )
        return bool(
            self._run(connection, sql, change.data, session_id, name, change.version).rowcount
        )

    def _check_client(self, connection: Connection, client: str) -> None:
        cap = self.limits.per_client
        if not cap:
            return
        row = self._run(
            connection, "SELECT count(*) FROM sessions WHERE client = ?", client
        ).fetchone()
        if int(row[0]) >= cap:
            raise SessionLimit(
                f"your address already holds {cap} games' sessions, the most this server "
                "keeps for one address: go on with one of them (keep your cookie) or wait "
                "until unused ones expire"
            )

    def delete_session(self, session_id: str) -> None:
        """Forget a session and its games."""
        with self._write() as connection:
            self._run(connection, "DELETE FROM slots WHERE session_id = ?", session_id)
            self._run(connection, "DELETE FROM sessions WHERE id = ?", session_id)

    def stats(self) -> StoreStats:
        """How many sessions and games the store holds, and the data's size."""
        with self._read() as connection:
            sessions = self._run(connection, "SELECT count(*) FROM sessions").fetchone()[0]
            slots = self._run(connection, "SELECT count(*) FROM slots").fetchone()[0]
        return StoreStats(int(sessions), int(slots), self.data_bytes())

    # --- pruning ------------------------------------------------------------------------

    def _after_new_session(self) -> None:
        with self._prune_lock:
            self._new_since_prune += 1
            due = (
                self._new_since_prune >= PRUNE_AFTER_NEW
                or time.monotonic() - self._last_prune >= self.limits.prune_every
            )
        if due:
            self.prune()

    def prune(self, now: float | None = None) -> int:
        """Delete sessions unused for too long, then the least recently used beyond the
        count and size limits, and jobs finished long ago; returns how many sessions
        went."""
        with self._prune_lock:
            self._new_since_prune = 0
            self._last_prune = time.monotonic()
        now = time.time() if now is None else now
        limits = self.limits
        removed = self._delete_where("touched < ?", now - limits.max_age)
        if limits.max_sessions:
            with self._read() as connection:
                count = int(self._run(connection, "SELECT count(*) FROM sessions").fetchone()[0])
            if count > limits.max_sessions:
                removed += self._delete_oldest(count - limits.max_sessions)
        if limits.max_bytes:
            for _ in range(20):  # each pass removes a tenth: bounded
                if self.data_bytes() <= limits.max_bytes:
                    break
                with self._read() as connection:
                    count = int(
                        self._run(connection, "SELECT count(*) FROM sessions").fetchone()[0]
                    )
                if not count:
                    break
                removed += self._delete_oldest(max(1, count // 10))
        with self._write() as connection:
            self._run(
                connection,
                "DELETE FROM jobs WHERE updated < ? AND state NOT IN ('waiting', 'running')",
                now - JOB_AGE,
            )
            # A job whose process died unseen stays "running": give up on it after a day.
            self._run(connection, "DELETE FROM jobs WHERE updated < ?", now - 24 * JOB_AGE)
            self._run(
                connection, "DELETE FROM shared_tables WHERE updated < ?", now - limits.max_age
            )
        if removed:
            self._reclaim()
        return removed

    def _delete_where(self, condition: str, *parameters: Any) -> int:
        with self._write() as connection:
            chosen = f"SELECT id FROM sessions WHERE {condition}"
            self._run(connection, f"DELETE FROM slots WHERE session_id IN ({chosen})", *parameters)
            return int(
                self._run(
                    connection, f"DELETE FROM sessions WHERE {condition}", *parameters
                ).rowcount
            )

    def _delete_oldest(self, count: int) -> int:
        return self._delete_where(
            "id IN (SELECT id FROM sessions ORDER BY touched, id LIMIT ?)", count
        )

    # --- jobs ---------------------------------------------------------------------------

    def job_create(self, job_id: str, owner: str) -> None:
        """Record a new job of ``owner``, waiting."""
        now = time.time()
        with self._write() as connection:
            self._run(
                connection,
                "INSERT INTO jobs (id, owner, state, started, updated) "
                "VALUES (?, ?, 'waiting', ?, ?)",
                job_id,
                owner,
                now,
                now,
            )

    def job_update(self, updates: Iterable[tuple[str, str, int, int]]) -> set[str]:
        """Record ``(id, state, done, total)`` for running jobs; returns the ids of those
        whose cancelling was asked meanwhile (by any process)."""
        now = time.time()
        cancelled: set[str] = set()
        with self._write() as connection:
            for job_id, state, done, total in updates:
                self._run(
                    connection,
                    "UPDATE jobs SET state = ?, done = ?, total = ?, updated = ? WHERE id = ?",
                    state,
                    done,
                    total,
                    now,
                    job_id,
                )
                row = self._run(
                    connection, "SELECT cancel FROM jobs WHERE id = ?", job_id
                ).fetchone()
                if row is not None and row[0]:
                    cancelled.add(job_id)
        return cancelled

    def job_finish(
        self,
        job_id: str,
        state: str,
        result: dict[str, Any] | None,
        error: str | None,
        seconds: float,
        progress: tuple[int, int],
    ) -> str:
        """Record the end of a job: its state, result or error, and how long it ran. A job
        whose cancelling was asked (by any process) that ends ``"done"`` anyway is recorded
        ``"cancelled"``, without its result: whoever asked no longer wants it. Returns the
        state recorded."""
        with self._write() as connection:
            if state == "done":
                row = self._run(
                    connection, "SELECT cancel FROM jobs WHERE id = ?", job_id
                ).fetchone()
                if row is not None and row[0]:
                    state, result = "cancelled", None
            text = None if result is None else json.dumps(result, separators=(",", ":"))
            self._run(
                connection,
                "UPDATE jobs SET state = ?, result = ?, error = ?, seconds = ?, done = ?, "
                "total = ?, updated = ? WHERE id = ?",
                state,
                text,
                error,
                seconds,
                progress[0],
                progress[1],
                time.time(),
                job_id,
            )
        return state

    def job_get(self, job_id: str) -> JobRow | None:
        """A job by its id."""
        with self._read() as connection:
            row = self._run(
                connection,
                "SELECT id, owner, state, done, total, result, error, started, seconds, cancel "
                "FROM jobs WHERE id = ?",
                job_id,
            ).fetchone()
        if row is None:
            return None
        return JobRow(
            str(row[0]),
            str(row[1]),
            str(row[2]),
            int(row[3]),
            int(row[4]),
            None if row[5] is None else json.loads(row[5]),
            None if row[6] is None else str(row[6]),
            float(row[7]),
            None if row[8] is None else float(row[8]),
            bool(row[9]),
        )

    def job_cancel(self, owner: str, job_id: str | None = None) -> None:
        """Ask ``owner``'s job ``job_id`` (all its unfinished jobs when ``None``) to stop.
        With none of them unfinished (a player who read the judge's words before moving
        again: their jobs ended), nothing is written (a read costs less than a write)."""
        if job_id is None:
            with self._read() as connection:
                unfinished = self._run(
                    connection,
                    "SELECT 1 FROM jobs WHERE owner = ? AND state IN ('waiting', 'running') "
                    "AND cancel = 0 LIMIT 1",
                    owner,
                ).fetchone()
            if unfinished is None:
                return
        with self._write() as connection:
            if job_id is None:
                self._run(
                    connection,
                    "UPDATE jobs SET cancel = 1 WHERE owner = ? "
                    "AND state IN ('waiting', 'running')",
                    owner,
                )
            else:
                self._run(
                    connection,
                    "UPDATE jobs SET cancel = 1 WHERE owner = ? AND id = ?",
                    owner,
                    job_id,
                )

    # --- wrong join codes ---------------------------------------------------------------

    def join_tries(self, client: str, since: float) -> int:
        """How many wrong join codes ``client`` (a keyed hash of an address) gave since
        ``since`` (a ``time.time()``), through any server process."""
        with self._read() as connection:
            row = self._run(
                connection,
                "SELECT count(*) FROM join_tries WHERE client = ? AND at >= ?",
                client,
                since,
            ).fetchone()
        return int(row[0])

    def join_failed(self, client: str, now: float, forget_before: float) -> None:
        """Record a wrong join code from ``client`` at ``now``, and forget those before
        ``forget_before`` (and the oldest beyond :data:`MAX_JOIN_TRIES`)."""
        with self._write() as connection:
            self._run(connection, "INSERT INTO join_tries (client, at) VALUES (?, ?)", client, now)
            self._run(connection, "DELETE FROM join_tries WHERE at < ?", forget_before)
            count = int(self._run(connection, "SELECT count(*) FROM join_tries").fetchone()[0])
            if count > MAX_JOIN_TRIES:
                self._run(
                    connection,
                    "DELETE FROM join_tries WHERE at <= (SELECT at FROM join_tries "
                    "ORDER BY at LIMIT 1 OFFSET ?)",
                    count - MAX_JOIN_TRIES,
                )

    # --- shared tables -------------------------------------------------------------------

    def table_create(self, table: str, kind: str, data: str, summary: str) -> None:
        """Record a new shared table of ``kind`` (version 1)."""
        now = time.time()
        with self._write() as connection:
            self._run(
                connection,
                "INSERT INTO shared_tables (id, kind, version, data, summary, created, updated) "
                "VALUES (?, ?, 1, ?, ?, ?, ?)",
                table,
                kind,
                data,
                summary,
                now,
                now,
            )
        self._after_new_table()

    def table_version(self, table: str, kind: str) -> int | None:
        """The version of table ``table`` of ``kind`` (``None``: no such table)."""
        with self._read() as connection:
            row = self._run(
                connection,
                "SELECT version FROM shared_tables WHERE id = ? AND kind = ?",
                table,
                kind,
            ).fetchone()
        return None if row is None else int(row[0])

    def table_get(self, table: str) -> TableRow | None:
        """A shared table with its game (``None``: no such table)."""
        with self._read() as connection:
            row = self._run(
                connection,
                "SELECT id, kind, version, summary, created, updated, data "
                "FROM shared_tables WHERE id = ?",
                table,
            ).fetchone()
        return None if row is None else _table_row(row)

    def table_put(self, table: str, version: int, data: str, summary: str) -> bool:
        """Write a table's next version, made from ``version``; ``False`` (nothing
        written) when the table is no longer at ``version``."""
        with self._write() as connection:
            changed = self._run(
                connection,
                "UPDATE shared_tables SET data = ?, summary = ?, version = version + 1, "
                "updated = ? WHERE id = ? AND version = ?",
                data,
                summary,
                time.time(),
                table,
                version,
            ).rowcount
        return bool(changed)

    def table_versions(self, tables: Sequence[str]) -> dict[str, int]:
        """The version of each of ``tables`` the store holds (gone ones are left out)."""
        found: dict[str, int] = {}
        with self._read() as connection:
            for start in range(0, len(tables), 500):
                chunk = list(tables[start : start + 500])
                marks = ", ".join("?" * len(chunk))
                rows = self._run(
                    connection,
                    f"SELECT id, version FROM shared_tables WHERE id IN ({marks})",
                    *chunk,
                ).fetchall()
                found.update((str(row[0]), int(row[1])) for row in rows)
        return found

    def table_list(self, limit: int = 200, kind: str | None = None) -> list[TableRow]:
        """The shared tables changed most recently (at most ``limit``), newest first,
        without their games."""
        sql = "SELECT id, kind, version, summary, created, updated FROM shared_tables"
        parameters: list[Any] = []
        if kind is not None:
            sql += " WHERE kind = ?"
            parameters.append(kind)
        sql += " ORDER BY updated DESC, id LIMIT ?"
        with self._read() as connection:
            rows = self._run(connection, sql, *parameters, limit).fetchall()
        return [_table_row(row) for row in rows]

    def _after_new_table(self) -> None:
        cap = self.limits.max_tables
        if not cap:
            return
        with self._write() as connection:
            count = int(self._run(connection, "SELECT count(*) FROM shared_tables").fetchone()[0])
            if count > cap:
                self._run(
                    connection,
                    "DELETE FROM shared_tables WHERE id IN (SELECT id FROM shared_tables "
                    "ORDER BY updated, id LIMIT ?)",
                    count - cap,
                )

    # --- people ----------------------------------------------------------------------------

    def named_slots(
        self, person: str, names: Sequence[str], limit: int
    ) -> list[tuple[str, str, str]]:
        """For the sessions that hold a ``person`` slot (a name given), that slot and
        each of ``names``: ``(session id, slot name, data)`` rows, the sessions used
        most recently first (at most ``limit`` sessions)."""
        wanted = [person, *names]
        marks = ", ".join("?" * len(wanted))
        with self._read() as connection:
            rows = self._run(
                connection,
                f"SELECT g.session_id, g.name, g.data FROM slots g "
                f"JOIN (SELECT s.id, s.touched FROM sessions s JOIN slots p "
                f"ON p.session_id = s.id AND p.name = ? ORDER BY s.touched DESC LIMIT ?) "
                f"n ON n.id = g.session_id WHERE g.name IN ({marks}) ORDER BY n.touched DESC",
                person,
                limit,
                *wanted,
            ).fetchall()
        return [(str(row[0]), str(row[1]), str(row[2])) for row in rows]


class _Conflict(Exception):  # noqa: N818 (control flow inside commit)
    """A game changed since it was read: the transaction is rolled back."""


def first_line(exc: BaseException) -> str:
    """The first line of an error's message (its class's name if it has none)."""
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
