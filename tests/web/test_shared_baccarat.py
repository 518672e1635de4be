"""One Baccarat shoe for the room on the web: open a table, sit down, bet within the
limits and one's bankroll, be ready; the round is dealt for everyone when all are ready
or the betting window closes."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from croupier.web.tables import Tables
from croupier.web.views.shared_baccarat import BaccaratRoom


def open_room(client: TestClient, **options: Any) -> Any:
    answer = client.post("/api/baccarat/tables", json={"seed": 5, **options})
    assert answer.status_code == 201, answer.text
    return answer.json()


def sit(client: TestClient, table: str, name: str, bankroll: str = "1000") -> Any:
    answer = client.post(
        f"/api/baccarat/tables/{table}/seat", json={"name": name, "bankroll": bankroll}
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_round_for_everyone_when_all_are_ready(
    client: TestClient, other_client: TestClient
) -> None:
    room = open_room(client, title="Room 12", window=60)
    tid = room["id"]
    assert room["seats"] == [] and room["can_sit"] and room["you"] is None
    sit(client, tid, "Ada")
    view = sit(other_client, tid, "Ben", "500")
    assert [s["name"] for s in view["seats"]] == ["Ada", "Ben"] and view["you"] == 1
    bet = client.post(f"/api/baccarat/tables/{tid}/bets", json={"stakes": {"banker": "100"}}).json()
    assert bet["closes_in"] is not None and 0 < bet["closes_in"] <= 60
    assert bet["seats"][0]["bets"] == {"banker": 10_000} and bet["seats"][0]["you"]
    other_client.post(
        f"/api/baccarat/tables/{tid}/bets", json={"stakes": {"player": "25", "tie": "5"}}
    )
    first = client.post(f"/api/baccarat/tables/{tid}/ready", json={"ready": True}).json()
    assert first["rounds_played"] == 0 and first["seats"][0]["ready"]
    dealt = other_client.post(f"/api/baccarat/tables/{tid}/ready", json={"ready": True}).json()
    assert dealt["rounds_played"] == 1 and dealt["last"] is not None
    assert dealt["closes_in"] is None and not any(s["ready"] for s in dealt["seats"])
    ada, ben = dealt["seats"]
    assert ada["result"] is not None and ben["result"] is not None
    assert ben["settlements"] and ada["settlements"] == []  # one's own bets only
    assert ada["bankroll"] == 100_000 + ada["result"] and ben["bankroll"] == 50_000 + ben["result"]
    assert ben["bankrolls"] == [50_000, ben["bankroll"]] and ada["bankrolls"] == []
    assert dealt["bead_plate"] and dealt["odds"]["cards_left"] < 416


def test_bets_are_checked_and_a_refusal_changes_nothing(client: TestClient) -> None:
    tid = open_room(client, max_stake="50")["id"]
    sit(client, tid, "Ada", "100")
    over = client.post(f"/api/baccarat/tables/{tid}/bets", json={"stakes": {"banker": "60"}})
    assert over.status_code == 422 and "over the table maximum" in over.json()["error"]
    broke = client.post(
        f"/api/baccarat/tables/{tid}/bets",
        json={"stakes": {"banker": "50", "player": "50", "tie": "5"}},
    )
    assert broke.status_code == 422 and "bankroll" in broke.json()["error"]
    view = client.get(f"/api/baccarat/tables/{tid}").json()
    assert view["seats"][0]["bets"] == {} and view["closes_in"] is None
    alone = client.post(f"/api/baccarat/tables/{tid}/ready", json={"ready": True}).json()
    assert alone["rounds_played"] == 0  # ready without chips: nothing to deal


def test_the_round_is_dealt_when_the_window_closes(
    client: TestClient, other_client: TestClient
) -> None:
    tid = open_room(client, window=5)["id"]
    sit(client, tid, "Ada")
    sit(other_client, tid, "Ben")
    client.post(f"/api/baccarat/tables/{tid}/bets", json={"stakes": {"banker": "10"}})
    assert isinstance(client.app, FastAPI)
    tables: Tables = client.app.state.tables
    version, game = tables.take(tid, "baccarat", BaccaratRoom.from_dict)
    game.room.closes = time.time() - 1  # the window closed (Ben never said he was ready)
    tables.write(tid, version, game)
    view = other_client.get(f"/api/baccarat/tables/{tid}").json()  # whoever reads deals
    assert view["rounds_played"] == 1 and view["seats"][0]["result"] is not None
    assert view["seats"][1]["result"] is None  # Ben sat it out


def test_seats_are_bounded_and_a_watcher_sees_the_table(client: TestClient, app: Any) -> None:
    tid = open_room(client)["id"]
    for number in range(8):
        with TestClient(app) as player:
            sit(player, tid, f"P{number}")
    full = client.post(f"/api/baccarat/tables/{tid}/seat", json={"name": "Late", "bankroll": "100"})
    assert full.status_code == 409 and "full" in full.json()["error"]
    view = client.get(f"/api/baccarat/tables/{tid}").json()
    assert view["you"] is None and not view["can_sit"] and len(view["seats"]) == 8
    assert client.post(f"/api/baccarat/tables/{tid}/ready", json={}).status_code == 409


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"window": 2}, "bad request: window 2"),
        ({"title": ""}, "bad request: title"),
        ({"payouts": "vegas"}, "bad request: payouts 'vegas'"),
    ],
)
def test_bad_tables_are_refused(client: TestClient, options: dict[str, Any], reason: str) -> None:
    answer = client.post("/api/baccarat/tables", json=options)
    assert answer.status_code == 422 and answer.json()["error"].startswith(reason)
