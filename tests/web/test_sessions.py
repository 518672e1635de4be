"""Sessions as a game page uses them: slots, saving, rollback, concurrency, bounds."""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.testclient import TestClient

from croupier.errors import CroupierError
from croupier.web.app import create_app
from croupier.web.pages import GamePage
from croupier.web.sessions import SessionStore, Slot, open_session


@dataclass
class Counter:
    """A tiny game state: a number."""

    value: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Counter:
        if not isinstance(data["value"], int):
            raise CroupierError("bad counter")
        return cls(data["value"])


SLOT = Slot("counter", Counter.from_dict)
router = APIRouter()


@router.post("/api/counter/add")
def add(request: Request, fail: bool = False) -> dict[str, int]:
    with open_session(request) as session:
        counter = session.get(SLOT) or Counter()
        counter.value += 1
        session.put(SLOT, counter)
        if fail:
            raise CroupierError("refused after the change")
        return {"value": counter.value}


@router.get("/api/counter")
def show(request: Request) -> dict[str, int]:
    with open_session(request) as session:
        counter = session.get(SLOT)
        return {"value": counter.value if counter else -1}


PAGE = GamePage("counter", "Counter", "/counter", "A test game.", router)


def test_a_failed_request_rolls_the_game_back(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path, games=[PAGE])) as client:
        assert client.post("/api/counter/add").json() == {"value": 1}
        answer = client.post("/api/counter/add?fail=true")
        assert answer.status_code == 422
        assert answer.json() == {"error": "refused after the change"}
        assert client.get("/api/counter").json() == {"value": 1}
        (saved,) = tmp_path.glob("*.json")
        assert json.loads(saved.read_text()) == {"version": 1, "games": {"counter": {"value": 1}}}


def test_requests_of_one_browser_run_one_at_a_time(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path, games=[PAGE])) as client:
        client.get("/api/counter")
        with ThreadPoolExecutor(8) as pool:
            list(pool.map(lambda _: client.post("/api/counter/add"), range(40)))
        assert client.get("/api/counter").json() == {"value": 40}


def test_a_bad_saved_state_is_dropped_not_fatal(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    session_id = store.new_id()
    (tmp_path / f"{session_id}.json").write_text(
        '{"version": 1, "games": {"counter": {"value": "x"}}}'
    )
    assert SessionStore(tmp_path).session(session_id).get(SLOT) is None
    (tmp_path / f"{session_id}.json").write_text("not json")
    assert SessionStore(tmp_path).session(session_id).get(SLOT) is None


def test_ids_are_random_and_checked(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    ids = {store.new_id() for _ in range(100)}
    assert len(ids) == 100 and all(len(i) == 43 for i in ids)
    assert not store.knows("../../etc/passwd") and not store.knows(None)
    assert not SessionStore(tmp_path).knows(next(iter(ids)))  # never saved anything


def test_saving_is_atomic(tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    session = store.session(store.new_id())
    session.put(SLOT, Counter(5))
    assert session._commit()
    store.save(session)
    stop = threading.Event()
    seen: list[str] = []

    def read() -> None:
        while not stop.is_set():
            seen.append((tmp_path / f"{session.id}.json").read_text())

    reader = threading.Thread(target=read)
    reader.start()
    for value in range(200):
        session.put(SLOT, Counter(value))
        session._commit()
        store.save(session)
    stop.set()
    reader.join()
    assert all(json.loads(text)["games"]["counter"]["value"] >= 0 for text in seen)
    assert [p.name for p in tmp_path.iterdir()] == [f"{session.id}.json"]


@router.get("/api/counter/crash")
def crash() -> None:
    raise RuntimeError("a bug with a secret in it")


def test_a_bug_is_a_one_line_500_without_a_traceback(tmp_path: Path) -> None:
    app = create_app(tmp_path, games=[PAGE])
    with TestClient(app, raise_server_exceptions=False) as client:
        answer = client.get("/api/counter/crash")
        assert answer.status_code == 500
        assert answer.json() == {"error": "internal error: the server logged it"}
        page = client.get("/api/counter/crash", headers={"Accept": "text/html"})
        assert "secret" not in page.text and "Traceback" not in page.text


def test_expired_sessions_and_crash_leftovers_are_pruned(tmp_path: Path) -> None:
    import os
    import time

    store = SessionStore(tmp_path)
    fresh, old = store.new_id(), store.new_id()
    for name in (fresh, old):
        (tmp_path / f"{name}.json").write_text('{"version": 1, "games": {}}')
    (tmp_path / ".session-abc").write_text("half")
    long_ago = time.time() - 400 * 24 * 3600
    os.utime(tmp_path / f"{old}.json", (long_ago, long_ago))
    os.utime(tmp_path / ".session-abc", (long_ago, long_ago))
    SessionStore(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{fresh}.json"]
