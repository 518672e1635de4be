"""The session store, against both databases: SQLite and a real PostgreSQL server."""

from __future__ import annotations

import secrets
import sqlite3
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from croupier.web.store import (
    Change,
    SchemaError,
    SessionLimit,
    Store,
    StoreLimits,
    TemporaryStore,
    open_store,
)
from croupier.web.store.migrations import MIGRATIONS, latest_version
from croupier.web.store.sqlite import SQLiteStore
from tests.slowness import patience

DEFAULT = StoreLimits()


def make(
    database: str,
    *,
    max_sessions: int = DEFAULT.max_sessions,
    max_bytes: int = DEFAULT.max_bytes,
    per_client: int = DEFAULT.per_client,
) -> Store:
    limits = StoreLimits(max_sessions=max_sessions, max_bytes=max_bytes, per_client=per_client)
    return open_store(None, database, limits)


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    opened = make(database)
    yield opened
    opened.close()


def test_migrations_run_once_and_are_recorded(database: str) -> None:
    first = make(database)
    assert first.schema_version() == latest_version() == MIGRATIONS[-1].version
    assert first.migrate() == 0  # nothing left to do
    second = make(database)  # another process on the same database
    assert second.secret() == first.secret()
    first.close()
    second.close()


def test_a_database_from_a_newer_croupier_is_refused(store: Store, database: str) -> None:
    with store._write() as connection:
        store._run(
            connection,
            "INSERT INTO schema_migrations (version, name, applied) VALUES (?, 'future', 0)",
            latest_version() + 1,
        )
    with pytest.raises(SchemaError, match=f"schema version {latest_version() + 1}, newer"):
        make(database)


def test_games_are_written_with_their_version(store: Store) -> None:
    assert store.versions("s1") is None
    assert store.commit("s1", "me", {"a": Change(None, '{"x":1}'), "b": Change(None, "{}")})
    assert store.versions("s1") == {"a": 1, "b": 1}
    assert store.commit("s1", "me", {"a": Change(1, '{"x":2}')})
    assert store.fetch("s1", "a") == (2, '{"x":2}') and store.fetch("s1", "b") == (1, "{}")
    assert store.commit("s1", "me", {"b": Change(1, None)})  # a game removed
    assert store.versions("s1") == {"a": 2} and store.fetch("s1", "b") is None
    assert store.exists("s1") and not store.exists("s2")


def test_a_change_from_an_old_version_writes_nothing(store: Store) -> None:
    store.commit("s1", "me", {"a": Change(None, "1"), "b": Change(None, "1")})
    store.commit("s1", "me", {"a": Change(1, "2")})
    # b's change is fine, a's was made from version 1: neither is written
    assert not store.commit("s1", "me", {"b": Change(1, "3"), "a": Change(1, "3")})
    assert store.fetch("s1", "a") == (2, "2") and store.fetch("s1", "b") == (1, "1")
    assert not store.commit("s1", "me", {"a": Change(None, "new")})  # it exists already
    assert not store.commit("s1", "me", {"c": Change(4, None)})  # no such game


def test_concurrent_writers_never_lose_an_update(store: Store) -> None:
    store.commit("s1", "me", {"n": Change(None, "0")})

    def add_one(_: int) -> int:
        tries = 0
        while True:
            tries += 1
            version, text = store.fetch("s1", "n") or (0, "0")
            if store.commit("s1", "me", {"n": Change(version, str(int(text) + 1))}):
                return tries

    with ThreadPoolExecutor(6) as pool:
        tries = list(pool.map(add_one, range(30)))
    assert store.fetch("s1", "n") == (31, "30")
    assert len(tries) == 30


def test_one_address_holds_a_bounded_number_of_sessions(database: str) -> None:
    store = make(database, per_client=3)
    for number in range(3):
        store.commit(f"s{number}", "one address", {"a": Change(None, "{}")})
    with pytest.raises(SessionLimit, match="already holds 3"):
        store.commit("s9", "one address", {"a": Change(None, "{}")})
    assert store.commit("s0", "one address", {"a": Change(1, "{}")})  # old ones go on
    assert store.commit("t0", "another address", {"a": Change(None, "{}")})
    assert store.commit("u0", None, {"a": Change(None, "{}")})  # no address: no cap
    assert store.stats().sessions == 5
    store.close()


def test_pruning_by_age_count_and_size(database: str) -> None:
    store = make(database, max_sessions=5, max_bytes=0, per_client=0)
    now = time.time()
    for number in range(8):
        store.commit(f"s{number}", "me", {"a": Change(None, "x" * 100)})
        with store._write() as connection:  # used one after the other, s0 first
            store._run(
                connection,
                "UPDATE sessions SET touched = ? WHERE id = ?",
                now - 100 + number,
                f"s{number}",
            )
    with store._write() as connection:
        store._run(connection, "UPDATE sessions SET touched = ? WHERE id = 's7'", now - 40 * 86400)
    assert store.prune(now) == 3  # s7 for its age, then s0 and s1, the least recently used
    assert sorted(f"s{n}" for n in range(8) if store.exists(f"s{n}")) == [
        "s2",
        "s3",
        "s4",
        "s5",
        "s6",
    ]
    assert store.stats().slots == 5
    store.close()

    big = make(database, max_sessions=0, max_bytes=200_000, per_client=0)
    for number in range(60):
        big.commit(f"b{number}", "me", {"a": Change(None, secrets.token_hex(5_000))})
    big.prune()
    assert big.data_bytes() <= 200_000
    assert 0 < big.stats().sessions < 40
    assert big.exists("b59") and not big.exists("b0")  # the newest stay
    big.close()


def test_jobs_are_shared_through_the_store(store: Store) -> None:
    store.job_create("j1", "me")
    waiting = store.job_get("j1")
    assert waiting is not None and waiting.state == "waiting"
    assert store.job_update([("j1", "running", 3, 10)]) == set()
    store.job_cancel("me")  # every unfinished job of this owner
    assert store.job_update([("j1", "running", 4, 10)]) == {"j1"}
    # It ended before it read the request: recorded cancelled, without its result.
    assert store.job_finish("j1", "done", {"answer": [1, 2]}, None, 1.5, (10, 10)) == "cancelled"
    row = store.job_get("j1")
    assert row is not None and row.state == "cancelled" and row.result is None
    assert (row.done, row.total, row.seconds, row.cancel) == (10, 10, 1.5, True)
    store.job_create("j2", "me")
    assert store.job_finish("j2", "done", {"answer": [3]}, None, 0.5, (1, 1)) == "done"
    row = store.job_get("j2")
    assert row is not None and row.state == "done" and row.result == {"answer": [3]}
    assert store.job_finish("j2", "failed", None, "no", 0.5, (1, 1)) == "failed"
    assert store.job_get("nope") is None


def test_the_sqlite_file_is_private_and_in_wal_mode(tmp_path: Path) -> None:
    store = open_store(tmp_path / "state")
    assert isinstance(store, SQLiteStore)
    assert oct((tmp_path / "state").stat().st_mode & 0o777) == "0o700"
    assert store.path.stat().st_mode & 0o077 == 0
    with sqlite3.connect(store.path) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert connection.execute("PRAGMA auto_vacuum").fetchone() == (2,)  # incremental
    connection.close()
    assert "croupier.sqlite3" in store.describe()
    store.close()


def _log_restarts(database: Path) -> int:
    """How many times the write-ahead log of ``database`` started again from its
    beginning (its header's checkpoint sequence number)."""
    header = Path(f"{database}-wal").read_bytes()[:16]
    return int.from_bytes(header[12:16], "big")


def test_sqlite_checkpoints_on_a_thread_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("croupier.web.store.sqlite.CHECKPOINT_EVERY", 10)
    monkeypatch.setattr("croupier.web.store.sqlite.LOG_PAGES", 100)
    store = open_store(tmp_path)
    assert isinstance(store, SQLiteStore)
    with store._read() as connection:  # a save never waits for a checkpoint
        assert connection.execute("PRAGMA wal_autocheckpoint").fetchone() == (0,)
    data = "x" * 6000  # two pages a save
    store.commit("s" * 43, None, {"game": Change(None, data)})
    restarts = _log_restarts(store.path)
    version, deadline = 1, time.monotonic() + patience(30)
    # Saves keep coming (as on a busy server) until the log has started again twice:
    # the thread copied all of it into the database each time, with no save waiting.
    while _log_restarts(store.path) < restarts + 2 and time.monotonic() < deadline:
        store.commit("s" * 43, None, {"game": Change(version, data)})
        version += 1
        if version % 10 == 0:
            time.sleep(0.01)  # the checkpointer's turn on a busy machine
    assert _log_restarts(store.path) >= restarts + 2
    assert store._checkpointer is not None and store._checkpointer.is_alive()
    store.close()
    assert store._checkpointer is None
    reopened = open_store(tmp_path)
    assert reopened.fetch("s" * 43, "game") == (version, data)
    reopened.close()


def test_session_files_of_older_versions_move_into_the_database(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    old_id = "A" * 43
    (state / f"{old_id}.json").write_text('{"version": 1, "games": {"baccarat": {"t": 1}}}')
    (state / f"{'B' * 43}.json").write_text("not json")
    (state / ".session-x1y2").write_text("half a file a crash left")
    store = open_store(state)
    assert store.fetch(old_id, "baccarat") == (1, '{"t":1}')
    assert sorted(p.name for p in state.iterdir()) == ["croupier.sqlite3"] + [
        f"croupier.sqlite3-{suffix}"
        for suffix in ("shm", "wal")
        if (state / f"croupier.sqlite3-{suffix}").exists()
    ]
    store.close()


def test_hostile_session_files_are_dropped_without_stopping_the_server(tmp_path: Path) -> None:
    """A FIFO named as a session file held ``croupier serve`` at start for ever, nested
    brackets stopped it with a RecursionError's traceback."""
    import os

    state = tmp_path / "state"
    state.mkdir()
    os.mkfifo(state / f"{'F' * 43}.json")
    (state / f"{'N' * 43}.json").write_text("[" * 200_000 + "]" * 200_000)
    (state / f"{'D' * 43}.json").mkdir()
    limit = patience(30)
    started = time.monotonic()
    store = open_store(state)
    assert time.monotonic() - started < limit
    assert not any(p.name.endswith(".json") and not p.is_dir() for p in state.iterdir())
    store.close()


def test_the_temporary_store_leaves_nothing_behind() -> None:
    store = open_store(None)
    assert isinstance(store, TemporaryStore)
    folder = store.path.parent
    store.commit("s", "me", {"a": Change(None, "{}")})
    assert folder.is_dir()
    store.close()
    assert folder.is_dir()  # closed, not gone: an app may be served again
    store.remove()
    assert not folder.exists()
