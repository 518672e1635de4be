"""A database that fails while the server runs: said truthfully, and no game lost.

Issue 36 item 2: a SQLite file deleted while serving lost every game silently (answers
stayed 200, ``/healthz`` said ok, a restart found nothing), and a full disk or a
PostgreSQL server that stopped answering were "busy: try again in a moment" while
``/healthz`` said ok.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.web.app import create_app
from croupier.web.store import DATABASE_NAME, StoreBusy, StoreFailed, open_store, sqlite
from croupier.web.store.base import BUSY_REASON, DOWN_REASON, FULL_REASON, Connection
from croupier.web.store.sqlite import LOST_REASON, SQLiteStore
from tests.web.databases import PostgresServer, Unavailable, start_postgres


def deal(client: TestClient) -> Any:
    return client.post("/api/baccarat/deal", json={"stakes": {"banker": "5"}})


def sit_and_deal(client: TestClient, rounds: int) -> None:
    assert client.post("/api/baccarat/table", json={"seed": 3}).status_code == 200
    for number in range(1, rounds + 1):
        answer = deal(client)
        assert answer.status_code == 200 and answer.json()["rounds_played"] == number


def test_a_deleted_sqlite_file_is_noticed_and_its_games_kept(tmp_path: Path) -> None:
    state = tmp_path / "state"
    with TestClient(create_app(state)) as client:
        sit_and_deal(client, 2)
        for suffix in ("", "-wal", "-shm"):
            (state / f"{DATABASE_NAME}{suffix}").unlink(missing_ok=True)
        refused = deal(client)
        assert refused.status_code == 503 and refused.json() == {"error": LOST_REASON}
        health = client.get("/healthz")
        assert health.status_code == 503
        assert health.json()["status"] == "failing" and health.json()["reason"] == LOST_REASON
        assert deal(client).status_code == 503  # and every write after it
        cookies = dict(client.cookies)
    assert not (state / DATABASE_NAME).exists()  # never silently made again, empty
    rescued = list(state.glob(f"{DATABASE_NAME}.rescued-*"))
    assert len(rescued) == 1 and rescued[0].stat().st_mode & 0o777 == 0o600
    # Put back as the how-to says, the server restarted: the browser's table goes on.
    shutil.move(rescued[0], state / DATABASE_NAME)
    with TestClient(create_app(state), cookies=cookies) as client:
        assert client.get("/healthz").json()["status"] == "ok"
        assert deal(client).json()["rounds_played"] == 3


def test_a_sqlite_file_replaced_while_serving_is_not_written_to(tmp_path: Path) -> None:
    state = tmp_path / "state"
    with TestClient(create_app(state)) as client:
        sit_and_deal(client, 1)
        other = tmp_path / "other.sqlite3"
        sqlite3.connect(other).close()
        (state / DATABASE_NAME).unlink()
        other.rename(state / DATABASE_NAME)
        assert deal(client).json() == {"error": LOST_REASON}
    assert len(list(state.glob(f"{DATABASE_NAME}.rescued-*"))) == 1


class NoRoom:
    """A connection on a full disk: before each statement that writes, it asks SQLite
    for more pages than the file may grow by, so that SQLite itself fails the write
    (SQLITE_FULL, "database or disk is full"), whatever room the pages have inside."""

    def __init__(self, connection: Connection, pages: int) -> None:
        self.connection = connection
        self.too_many = pages + 1

    def execute(self, sql: str, parameters: Any = ()) -> Any:
        if sql.split(None, 1)[0].upper() in {"INSERT", "UPDATE", "DELETE", "CREATE"}:
            size = "SELECT page_size FROM pragma_page_size"
            self.connection.execute(
                f"INSERT INTO ballast VALUES (zeroblob(? * ({size})))", (self.too_many,)
            )
        return self.connection.execute(sql, parameters)

    def close(self) -> None:
        self.connection.close()


class FillingStore(SQLiteStore):
    """A SQLite store whose file may not grow while :attr:`full` (its connections opened
    from then on: :meth:`close` the idle ones first)."""

    full = False

    def _connect(self) -> Connection:
        connection = super()._connect()
        if not self.full:
            return connection
        connection.execute("CREATE TABLE IF NOT EXISTS ballast (b BLOB)")
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count = {pages}")
        return NoRoom(connection, pages)


@pytest.fixture
def filling(tmp_path: Path) -> Iterator[FillingStore]:
    store = FillingStore(tmp_path / DATABASE_NAME)
    store.migrate()
    yield store
    store.close()


def test_a_full_disk_is_said_until_there_is_room_again(filling: FillingStore) -> None:
    with TestClient(create_app(store=filling)) as client:
        sit_and_deal(client, 1)
        filling.full = True
        filling.close()  # the connections open from now on have no room
        refused = client.post("/api/baccarat/table", json={"seed": 4})
        assert refused.status_code == 503 and refused.json() == {"error": FULL_REASON}
        # Another browser sitting down (a new session: a new row) fails the same way.
        with TestClient(client.app) as other:
            assert other.post("/api/baccarat/table", json={"seed": 5}).status_code == 503
        health = client.get("/healthz")
        assert health.status_code == 503 and health.json()["reason"] == FULL_REASON
        filling.full = False
        filling.close()
        assert client.get("/healthz").json() == {
            "status": "ok",
            "version": health.json()["version"],
        }
        assert deal(client).json()["rounds_played"] == 2


def test_the_store_tells_busy_from_failing(filling: FillingStore) -> None:
    assert filling.health() is None
    filling.full = True
    filling.close()

    def write() -> None:
        with filling._write() as connection:
            connection.execute("CREATE TABLE big (x TEXT)")

    with pytest.raises(StoreFailed) as failed:
        write()
    assert failed.value.reason == FULL_REASON and "full" in str(failed.value)
    assert filling.health() == FULL_REASON


def test_a_database_held_by_another_writer_is_busy_not_failing(
    filling: FillingStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite, "BUSY_SECONDS", 0.05)
    filling.close()
    other = sqlite3.connect(filling.path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")

        def write() -> None:
            with filling._write() as connection:
                connection.execute("CREATE TABLE big (x TEXT)")

        with pytest.raises(StoreBusy) as busy:
            write()
        assert busy.value.reason == BUSY_REASON
        assert filling.health() == BUSY_REASON  # busy for a moment: not a failure
        other.execute("COMMIT")
        assert filling.health() is None
        write()
    finally:
        other.close()


@pytest.fixture(scope="module")
def own_postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server of this module's own, to stop and start again."""
    server = start_postgres()
    try:
        running = server.__enter__()
    except Unavailable as exc:
        pytest.skip(f"PostgreSQL test: {exc}")
    try:
        yield running
    finally:
        server.__exit__(None, None, None)


@pytest.mark.slow
def test_postgresql_down_is_said_and_nothing_is_lost(own_postgres: PostgresServer) -> None:
    store = open_store(None, own_postgres.database())
    with TestClient(create_app(store=store)) as client:
        sit_and_deal(client, 2)
        own_postgres.halt()
        try:
            refused = deal(client)
            assert refused.status_code == 503 and refused.json() == {"error": DOWN_REASON}
            health = client.get("/healthz")
            assert health.status_code == 503 and health.json()["reason"] == DOWN_REASON
        finally:
            own_postgres.resume()
        # Back: its connections were closed by the stop; the next requests reconnect.
        assert client.get("/healthz").json()["status"] == "ok"
        assert deal(client).json()["rounds_played"] == 3
