"""Sessions as a game page uses them: slots, saving, rollback, concurrency, bounds, on
both databases."""

from __future__ import annotations

import json
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter
from fastapi.testclient import TestClient

from croupier.errors import CroupierError
from croupier.web.app import create_app
from croupier.web.dependencies import Seat, seat
from croupier.web.pages import GamePage
from croupier.web.sessions import COOKIE_NAME, SessionIds, Slot
from croupier.web.store import Change, StoreLimits, open_store


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
OTHER = Slot("other", Counter.from_dict)
router = APIRouter()


#: The counter's seat, as a route declares it.
Counting = Annotated[Seat[Counter], seat(SLOT)]


@router.post("/api/counter/add")
def add(chair: Counting, fail: bool = False) -> dict[str, int]:
    counter = chair.state or Counter()
    counter.value += 1
    chair.put(counter)
    if fail:
        raise CroupierError("refused after the change")
    return {"value": counter.value}


@router.post("/api/counter/add-async")
async def add_async(chair: Counting) -> dict[str, int]:
    counter = chair.state or Counter()
    counter.value += 1
    chair.put(counter)
    return {"value": counter.value}


@router.get("/api/counter")
def show(chair: Counting) -> dict[str, int]:
    counter = chair.state
    return {"value": counter.value if counter else -1}


@router.delete("/api/counter")
def forget(chair: Counting) -> dict[str, int]:
    chair.clear()
    return {"value": -1}


@router.post("/api/counter/light")
async def add_light(chair: Counting) -> dict[str, Any]:
    counter = chair.state or Counter()
    counter.value += 1
    chair.put(counter)
    return {"value": counter.value, "on_loop": chair.session.inline}


PAGE = GamePage("counter", "Counter", "/counter", "A test game.", (router,))


def test_a_failed_request_rolls_the_game_back(database: str) -> None:
    app = create_app(database=database, games=[PAGE])
    with TestClient(app) as client:
        assert client.post("/api/counter/add").json() == {"value": 1}
        answer = client.post("/api/counter/add?fail=true")
        assert answer.status_code == 422
        assert answer.json() == {"error": "refused after the change"}
        assert client.get("/api/counter").json() == {"value": 1}
        store = app.state.store
        session_id = client.cookies[COOKIE_NAME]
        assert store.fetch(session_id, "counter") == (1, '{"value":1}')


def test_a_deal_writes_only_the_game_that_changed(database: str) -> None:
    app = create_app(database=database, games=[PAGE])
    with TestClient(app) as client:
        client.post("/api/counter/add")
        store = app.state.store
        session_id = client.cookies[COOKIE_NAME]
        store.commit(session_id, None, {"other": Change(None, '{"value": 7}')})
        for _ in range(3):
            client.post("/api/counter/add")
        client.get("/api/counter")  # a read writes nothing
        assert store.versions(session_id) == {"counter": 4, "other": 1}


def test_concurrent_requests_of_one_browser_lose_nothing(database: str) -> None:
    """Two requests changing one game at once: one wins, the other is a 409 that says so
    (no lock held across requests, and no update lost), on every database."""
    app = create_app(database=database, games=[PAGE])
    with TestClient(app) as client:
        client.get("/api/counter")
        paths = ["/api/counter/add", "/api/counter/add-async"]
        with ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(lambda n: client.post(paths[n % 2]), range(40)))
        won = [a for a in answers if a.status_code == 200]
        lost = [a for a in answers if a.status_code != 200]
        assert all(a.status_code == 409 for a in lost)
        assert all("changed in another tab or request" in a.json()["error"] for a in lost)
        assert client.get("/api/counter").json() == {"value": len(won)}
        assert sorted(a.json()["value"] for a in won) == list(range(1, len(won) + 1))


def test_two_servers_on_one_database_share_the_sessions(database: str) -> None:
    first = create_app(database=database, games=[PAGE])
    second = create_app(database=database, games=[PAGE])
    with TestClient(first) as one, TestClient(second) as two:
        one.post("/api/counter/add")
        two.cookies.update(dict(one.cookies))
        assert two.post("/api/counter/add").json() == {"value": 2}  # known, and current
        assert one.post("/api/counter/add").json() == {"value": 3}  # its memory was stale
        assert "set-cookie" not in two.get("/api/counter").headers


def test_a_bad_saved_state_is_dropped_not_fatal(database: str) -> None:
    app = create_app(database=database, games=[PAGE])
    with TestClient(app) as client:
        client.post("/api/counter/add")
        store = app.state.store
        session_id = client.cookies[COOKIE_NAME]
        store.commit(session_id, None, {"counter": Change(1, '{"value": "x"}')})
        assert client.get("/api/counter").json() == {"value": -1}
        assert client.post("/api/counter/add").json() == {"value": 1}  # and replaced
        store.commit(session_id, None, {"counter": Change(3, "not json")})
        assert client.get("/api/counter").json() == {"value": -1}


def test_a_cleared_game_is_removed() -> None:
    app = create_app(games=[PAGE])
    with TestClient(app) as client:
        client.post("/api/counter/add")
        assert client.delete("/api/counter").json() == {"value": -1}
        assert client.get("/api/counter").json() == {"value": -1}
        store = app.state.store
        assert store.versions(client.cookies[COOKIE_NAME]) == {}


def test_ids_are_signed_random_and_checked() -> None:
    ids = SessionIds(b"key" * 10)
    made = {ids.new() for _ in range(100)}
    assert len(made) == 100 and all(len(i) == 43 and ids.valid(i) for i in made)
    assert not any(SessionIds(b"another key").valid(i) for i in made)
    assert not ids.valid("../../etc/passwd") and not ids.valid(None)
    assert not ids.valid("A" * 43) and not ids.valid("é" * 43)


def test_a_forged_cookie_gets_a_fresh_signed_id(database: str) -> None:
    app = create_app(database=database, games=[PAGE])
    with TestClient(app) as client:
        client.cookies.set(COOKIE_NAME, "A" * 43)
        fresh = client.get("/api/counter").headers["set-cookie"]
        new_id = fresh.split(";")[0].split("=", 1)[1]
        assert new_id != "A" * 43
        assert app.state.sessions.ids.valid(new_id)


def test_a_session_of_an_older_version_keeps_its_id(tmp_path: Path) -> None:
    old_id = "Q" * 43
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / f"{old_id}.json").write_text(
        json.dumps({"version": 1, "games": {"counter": {"value": 41}}})
    )
    app = create_app(tmp_path, games=[PAGE])
    with TestClient(app) as client:
        client.cookies.set(COOKIE_NAME, old_id)
        assert client.post("/api/counter/add").json() == {"value": 42}
        assert "set-cookie" not in client.get("/api/counter").headers
    assert not list(tmp_path.glob("*.json"))


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


def test_cookieless_scripts_cannot_fill_the_disk(tmp_path: Path) -> None:
    """Fuzz finding: every cookieless request that made a game wrote a new session file,
    kept a year (2,024 files after 2,000 sessions). Now one address holds a bounded
    number of sessions, refused with a 429 past it, and no file is written per session."""
    limits = StoreLimits(per_client=25)
    app = create_app(tmp_path, games=[PAGE], limits=limits)
    with TestClient(app) as client:
        answers = []
        for _ in range(40):
            client.cookies.clear()
            answers.append(client.post("/api/counter/add"))
        assert [a.status_code for a in answers] == [200] * 25 + [429] * 15
        assert "already holds 25" in answers[-1].json()["error"]
        assert app.state.store.stats().sessions == 25
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(("-wal", "-shm"))) == [
        "croupier.sqlite3"
    ]


def test_sessions_are_pruned_by_count(tmp_path: Path) -> None:
    store = open_store(tmp_path, limits=StoreLimits(max_sessions=30, per_client=0))
    app = create_app(games=[PAGE], store=store)
    with TestClient(app) as client:
        for _ in range(200):
            client.cookies.clear()
            assert client.post("/api/counter/add").status_code == 200
        assert store.stats().sessions <= 30 + 50  # pruned every 50 new sessions at most
        store.prune()
        assert store.stats().sessions == 30


def test_the_session_is_read_on_the_loop_only_with_a_local_database_and_a_known_browser(
    database: str,
) -> None:
    with TestClient(create_app(database=database, games=[PAGE])) as client:
        first = client.post("/api/counter/light").json()
        assert first == {"value": 1, "on_loop": False}  # a new browser: its first save
        second = client.post("/api/counter/light").json()
        # SQLite answers in microseconds: on the loop; PostgreSQL: from a thread.
        assert second == {"value": 2, "on_loop": database.endswith(".sqlite3")}
        assert client.get("/api/counter").json() == {"value": 2}
