"""Casino between two people on the web: open a table, join it, play a whole tournament,
take a move back by agreement, resign, watch; every answer shows a browser only what it
may see."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from croupier.casino import Player
from croupier.casino.gamelog import parse_game_file
from croupier.web.tables import Tables
from croupier.web.views.match import CasinoTable
from tests.web.hidden import assert_nothing_hidden, hidden_cards


def open_table(client: TestClient, name: str = "Ada", call: str = "heads") -> Any:
    answer = client.post("/api/casino/tables", json={"name": name, "call": call})
    assert answer.status_code == 201, answer.text
    return answer.json()


def seated(client: TestClient, other: TestClient) -> tuple[str, Any]:
    table = open_table(client)
    joined = other.post(f"/api/casino/tables/{table['id']}/join", json={"name": "Ben"})
    assert joined.status_code == 200, joined.text
    return table["id"], joined.json()


def move_body(view: dict[str, Any], index: int = 0) -> dict[str, Any]:
    move = view["legal"][index]
    return {
        "card": move["card"],
        "action": move["action"],
        "items": [view["table"][i]["key"] for i in move["items"]],
    }


def game_of(client: TestClient, table: str) -> CasinoTable:
    """The table as the server holds it (every card)."""
    assert isinstance(client.app, FastAPI)
    tables: Tables = client.app.state.tables
    return tables.look(table, "casino", CasinoTable.from_dict)[1]


def test_open_join_and_a_whole_tournament(client: TestClient, other_client: TestClient) -> None:
    table = open_table(client)
    assert table["status"] == "waiting" and table["you"] == "first" and not table["can_join"]
    assert table["path"] == f"/casino/tables/{table['id']}" and table["hand"] == []
    tid, view = seated(client, other_client)
    assert view["you"] == "second" and view["status"] == "playing" and view["toss"] is not None
    players = {"first": client, "second": other_client}
    moves = 0
    while view["status"] == "playing":
        mover = players[view["to_move"]]
        mine = mover.get(f"/api/casino/tables/{tid}").json()
        answer = mover.post(f"/api/casino/tables/{tid}/move", json=move_body(mine))
        assert answer.status_code == 200, answer.text
        view = answer.json()
        moves += 1
    assert moves >= 40 and view["result"] is not None
    totals = view["result"]["totals"]
    assert max(totals.values()) >= 21 and view["to_move"] is None
    game = client.get(f"/api/casino/tables/{tid}/game")
    assert game.status_code == 200
    log = parse_game_file(game.text).log
    assert log is not None and log.moves == moves


def test_turns_are_enforced_and_a_watcher_cannot_play(
    client: TestClient, other_client: TestClient, app: Any
) -> None:
    tid, view = seated(client, other_client)
    players = {"first": client, "second": other_client}
    waiting = players["second" if view["to_move"] == "first" else "first"]
    mine = waiting.get(f"/api/casino/tables/{tid}").json()
    assert mine["legal"] == []  # not its turn
    hand = mine["hand_keys"][0]
    refused = waiting.post(f"/api/casino/tables/{tid}/move", json={"card": hand, "action": "trail"})
    assert refused.status_code == 409 and "turn" in refused.json()["error"]
    with TestClient(app) as watcher:
        seen = watcher.get(f"/api/casino/tables/{tid}").json()
        assert seen["you"] is None and not seen["can_join"] and seen["hand"] == []
        assert seen["legal"] == [] and seen["players"]["first"]["hand"] == 4
        moved = watcher.post(f"/api/casino/tables/{tid}/move", json={"card": hand, "action": "t"})
        assert moved.status_code == 409 and "watch" in moved.json()["error"]
        assert (
            watcher.post(f"/api/casino/tables/{tid}/join", json={"name": "Cy"}).status_code == 409
        )
    assert client.get(f"/api/casino/tables/{tid}/game").status_code == 409  # hidden cards


def test_a_take_back_only_by_agreement(client: TestClient, other_client: TestClient) -> None:
    tid, view = seated(client, other_client)
    players = {"first": client, "second": other_client}
    mover = players[view["to_move"]]
    before = mover.get(f"/api/casino/tables/{tid}").json()
    after = mover.post(f"/api/casino/tables/{tid}/move", json=move_body(before)).json()
    asked = mover.post(f"/api/casino/tables/{tid}/takeback").json()
    assert asked["takeback"] == before["you"]
    other = players["second" if before["you"] == "first" else "first"]
    refused = other.post(f"/api/casino/tables/{tid}/takeback/answer", json={"accept": False})
    assert refused.json()["takeback"] is None and refused.json()["history"] == after["history"]
    mover.post(f"/api/casino/tables/{tid}/takeback")
    agreed = other.post(f"/api/casino/tables/{tid}/takeback/answer", json={"accept": True})
    again = mover.get(f"/api/casino/tables/{tid}").json()
    assert agreed.status_code == 200 and again["hand"] == before["hand"]
    assert again["table"] == before["table"] and again["to_move"] == before["you"]
    self_answer = mover.post(f"/api/casino/tables/{tid}/takeback/answer", json={"accept": True})
    assert self_answer.status_code == 409


def test_resigning_ends_the_tournament(client: TestClient, other_client: TestClient) -> None:
    tid, _ = seated(client, other_client)
    view = other_client.post(f"/api/casino/tables/{tid}/resign").json()
    assert view["status"] == "over" and view["result"]["winner"] == "first"
    assert view["result"]["resigned"] == "second" and "resigned" in view["result"]["text"]
    assert client.post(f"/api/casino/tables/{tid}/resign").status_code == 409


def test_every_answer_hides_the_other_hand_and_the_deck(
    client: TestClient, other_client: TestClient, app: Any
) -> None:
    tid, view = seated(client, other_client)
    players = {"first": client, "second": other_client}
    seats = {"first": Player.HUMAN, "second": Player.COMPUTER}
    with TestClient(app) as watcher:
        for _ in range(60):
            state = game_of(client, tid).match.state
            assert state is not None
            for seat, reader in [*players.items(), ("watcher", watcher)]:
                seen = reader.get(f"/api/casino/tables/{tid}").json()
                assert_nothing_hidden(seen, hidden_cards(state, seats.get(seat)))
            if view["status"] != "playing":
                break
            mover = players[view["to_move"]]
            mine = mover.get(f"/api/casino/tables/{tid}").json()
            answer = mover.post(f"/api/casino/tables/{tid}/move", json=move_body(mine)).json()
            after = game_of(client, tid).match.state
            assert after is not None
            assert_nothing_hidden(answer, hidden_cards(after, seats[mine["you"]]))
            view = answer


@pytest.mark.parametrize(
    "path", ["/casino/tables/nope-nope-nope", "/api/casino/tables/xxxxxxxxxxxx"]
)
def test_no_such_table(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 404


def test_each_player_gets_the_review_of_their_own_moves(
    client: TestClient, other_client: TestClient
) -> None:
    tid, view = seated(client, other_client)
    early = other_client.post("/api/casino/review", json={"table": tid})
    assert early.status_code == 409 and "over" in early.json()["error"]
    players = {"first": client, "second": other_client}
    for _ in range(6):
        mover = players[view["to_move"]]
        mine = mover.get(f"/api/casino/tables/{tid}").json()
        view = mover.post(f"/api/casino/tables/{tid}/move", json=move_body(mine)).json()
    client.post(f"/api/casino/tables/{tid}/resign")
    for seat, browser in players.items():
        job = browser.post("/api/casino/review", json={"table": tid})
        assert job.status_code == 202, job.text
        done = browser.get(f"/api/casino/jobs/{job.json()['job']}").json()
        while done["state"] in ("waiting", "running"):
            time.sleep(0.05)
            done = browser.get(f"/api/casino/jobs/{job.json()['job']}").json()
        summary = done["result"]["summary"]
        # Drawn for the reviewer: "human" is this seat (the second seat used to get the
        # first seat's hand at every step).
        assert summary["player"] == "human"
        assert summary["moves"] == 3
        steps = done["result"]["steps"]
        assert [step["player"] for step in steps].count("human") == 3
        for step in steps:
            in_my_hand = step["move"]["card"] in step["position"]["hand_keys"]
            assert in_my_hand == (step["player"] == "human"), (seat, step["number"])
