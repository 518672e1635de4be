"""The organiser's page: only with the token printed at start; the tables, who sits
where, the Casino standings, the puzzle ratings and counting drills of everyone named."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from croupier.web.routers.organiser import ORGANISER_COOKIE, organiser_token


def token(client: TestClient) -> str:
    assert isinstance(client.app, FastAPI)
    return organiser_token(client.app.state.store.secret())


def test_the_page_is_the_organiser_s_only(client: TestClient) -> None:
    assert client.get("/api/organiser").status_code == 403
    assert client.get("/organiser?token=nope").status_code == 403
    opened = client.get(f"/organiser?token={token(client)}", follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == "/organiser"
    assert ORGANISER_COOKIE in client.cookies
    assert client.get("/organiser").status_code == 200
    assert client.get("/api/organiser").status_code == 200


def test_tables_standings_and_people(
    client: TestClient, other_client: TestClient, app: Any
) -> None:
    table = client.post("/api/casino/tables", json={"name": "Ada"}).json()
    other_client.post(f"/api/casino/tables/{table['id']}/join", json={"name": "Ben"})
    other_client.post(f"/api/casino/tables/{table['id']}/resign")
    second = client.post("/api/casino/tables", json={"name": "Ada"}).json()
    room = client.post("/api/baccarat/tables", json={"title": "Room 12"}).json()
    other_client.post(f"/api/baccarat/tables/{room['id']}/seat", json={"name": "Ben"})
    # Ben's puzzle and drill
    puzzle = other_client.get("/api/casino/puzzles").json()["puzzle"]
    other_client.post(
        "/api/casino/puzzles/answer",
        json={"id": puzzle["id"], "move": puzzle["legal"][0]["notation"]},
    )
    other_client.post(
        "/api/baccarat/trainer", json={"user": "ben", "cards": 5, "every": 5, "seed": 1}
    )
    other_client.post(
        "/api/baccarat/trainer/answer", json={"running": "0", "true": "0", "seconds": 2}
    )
    with TestClient(app) as organiser:
        organiser.get(f"/organiser?token={token(organiser)}")
        view = organiser.get("/api/organiser").json()
    titles = {t["id"]: t for t in view["tables"]}
    assert titles[table["id"]]["status"] == "over" and titles[second["id"]]["status"] == "waiting"
    assert titles[room["id"]]["players"] == ["Ben"]
    standings = {s["name"]: s for s in view["standings"]}
    assert standings["Ada"]["won"] == 1 and standings["Ben"]["lost"] == 1
    assert standings["Ben"]["resigned"] == 1
    people = {p["name"]: p for p in view["people"]}
    assert set(people) == {"Ada", "Ben"}
    assert sorted(people["Ada"]["tables"]) == sorted(["Ada vs (a free seat)", "Ada vs Ben"])
    assert "Room 12" in people["Ben"]["tables"]
    assert people["Ben"]["puzzles_tried"] == 1 and people["Ben"]["puzzle_rating"] is not None
    assert people["Ben"]["drills"] == 1 and people["Ben"]["drill_questions"] == 2
    assert people["Ada"]["puzzle_rating"] is None and people["Ada"]["drills"] == 0


def test_the_lobby_lists_the_tables(client: TestClient) -> None:
    assert client.get("/api/tables").json() == {"tables": []}
    table = client.post("/api/casino/tables", json={"name": "Ada"}).json()
    listed = client.get("/api/tables").json()["tables"]
    assert [(t["id"], t["kind"], t["seats_free"], t["path"]) for t in listed] == [
        (table["id"], "casino", 1, f"/casino/tables/{table['id']}")
    ]
    assert "Tables people share" in client.get("/").text
