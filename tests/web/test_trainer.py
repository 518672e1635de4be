"""The counting trainer's page and API: drills scored by the library, history on disk."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.baccarat.trainer import Drill
from croupier.baccarat.trainerlog import read_history


@pytest.fixture(autouse=True)
def history_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    folder = tmp_path / "trainer"
    monkeypatch.setenv("CROUPIER_TRAINER_DIR", str(folder))
    return folder


def start(client: TestClient, **options: object) -> dict[str, Any]:
    body = {"user": "ana", "cards": 12, "every": 5, "seed": 3, **options}
    answer = client.post("/api/baccarat/trainer", json=body)
    assert answer.status_code == 200, answer.text
    state: dict[str, Any] = answer.json()
    return state


def test_the_page_renders(client: TestClient) -> None:
    page = client.get("/baccarat/trainer")
    assert page.status_code == 200 and 'id="start-form"' in page.text
    assert [c["key"] for c in client.get("/api/baccarat/trainer").json()["counts"]] == [
        "dragon-7", "panda-8", "eor-dragon-7", "eor-panda-8",
    ]  # fmt: skip


def test_a_drill_is_scored_by_the_library_and_kept(client: TestClient, history_dir: Path) -> None:
    state = start(client)
    drill = Drill.new("dragon-7", cards=12, every=5, rng=3)
    assert [c["code"] for c in state["drill"]["group"]] == [str(c) for c in drill.cards[:5]]
    groups = [5]
    while not state["drill"]["finished"]:
        if not drill.waiting:
            drill.next_cards()
        exact = drill.expected()
        reply = {"running": str(exact.running), "true": f"{exact.true:.2f}", "seconds": 2}
        state = client.post("/api/baccarat/trainer/answer", json=reply).json()
        drill.answer(exact.running, exact.true, seconds=2)
        assert state["drill"]["last"]["running_right"] and state["drill"]["last"]["true_right"]
        if not state["drill"]["finished"]:
            groups.append(len(state["drill"]["group"]))
    assert groups == [5, 5, 2]
    assert state["drill"]["score"]["accuracy"] == 1.0 and state["drill"]["saved"]
    assert [s["asked"] for s in state["history"]["sessions"]] == [3]
    assert read_history("ana", history_dir).records[0].seed == 3


def test_a_wrong_answer_shows_the_right_counts(client: TestClient) -> None:
    start(client)
    state = client.post(
        "/api/baccarat/trainer/answer", json={"running": "40", "true": "9", "seconds": 1}
    ).json()
    last = state["drill"]["last"]
    assert not last["running_right"] and not last["true_right"]
    assert state["drill"]["score"]["mistakes"][0]["cards_seen"] == 5


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"running": "x", "true": "0", "seconds": 1}, "bad running count 'x'"),
        ({"running": "1", "true": "one", "seconds": 1}, "bad true count 'one'"),
        ({"running": "1", "true": "1", "seconds": -1}, "bad request: seconds"),
    ],
)
def test_bad_answers_change_nothing(
    client: TestClient, body: dict[str, object], reason: str
) -> None:
    before = start(client)
    answer = client.post("/api/baccarat/trainer/answer", json=body)
    assert answer.status_code == 422 and answer.json()["error"].startswith(reason)
    assert client.get("/api/baccarat/trainer").json() == before


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"user": "../x"}, "bad user name '../x'"),
        ({"count": "hi-lo"}, "bad request: count 'hi-lo': input should be 'dragon-7'"),
        ({"cards": 0}, "bad request: cards 0: input should be greater than or equal to 1"),
        ({"every": 50}, "bad every 50"),
        ({"seed": -2}, "bad request: seed -2: input should be greater than or equal to 0"),
        ({"flash": 0}, "bad request: flash 0: input should be greater than 0"),
        ({"flash": 11}, "bad request: flash 11: input should be less than or equal to 10"),
    ],
)
def test_bad_drills_are_refused(
    client: TestClient, options: dict[str, object], reason: str
) -> None:
    answer = client.post("/api/baccarat/trainer", json={"cards": 12, **options})
    assert answer.status_code == 422 and answer.json()["error"].startswith(reason)


def test_the_flash_setting_is_kept(client: TestClient) -> None:
    assert start(client)["drill"]["flash"] is None
    state = start(client, flash=1.5)
    assert state["drill"]["flash"] == 1.5
    # Kept with the drill: a reload (a new read of the state) and the next group have it.
    assert client.get("/api/baccarat/trainer").json()["drill"]["flash"] == 1.5
    reply = {"running": "0", "true": "0", "seconds": 1}
    assert client.post("/api/baccarat/trainer/answer", json=reply).json()["drill"]["flash"] == 1.5


def test_a_flashed_group_is_sent_once(client: TestClient) -> None:
    """Flash mode: the page shows a group for the flash time, then hides it. The cards
    go out with the answer that deals them; a reload's read of the state says how many
    there were, never what they were (they stayed in the page's data)."""
    dealt = start(client, flash=1.0)["drill"]
    assert len(dealt["group"]) == 5 and not dealt["group_hidden"]
    again = client.get("/api/baccarat/trainer").json()["drill"]
    assert again["group"] == [] and again["group_hidden"]
    assert again["shown"] - again["group_start"] + 1 == 5
    page = client.get("/baccarat/trainer").text
    assert not any(re.search(rf'"code":\s*"{card["code"]}"', page) for card in dealt["group"])
    reply = {"running": "0", "true": "0", "seconds": 1}
    after = client.post("/api/baccarat/trainer/answer", json=reply).json()["drill"]
    assert len(after["group"]) == 5 and not after["group_hidden"]  # the next group, dealt
    # Without flash mode the group stays on the table: a reload shows it again.
    start(client)
    assert len(client.get("/api/baccarat/trainer").json()["drill"]["group"]) == 5


def test_stopping_keeps_the_answers(client: TestClient, history_dir: Path) -> None:
    start(client, user="ben")
    client.post("/api/baccarat/trainer/answer", json={"running": "0", "true": "0", "seconds": 1})
    stopped = client.delete("/api/baccarat/trainer").json()
    assert stopped["drill"] is None and len(stopped["history"]["sessions"]) == 1
    assert client.get("/api/baccarat/trainer/history?user=ben").json()["sessions"][0]["asked"] == 1


def test_answering_without_a_drill_is_a_409(client: TestClient) -> None:
    answer = client.post(
        "/api/baccarat/trainer/answer", json={"running": "0", "true": "0", "seconds": 1}
    )
    assert answer.status_code == 409
