"""Bad requests found by a sweep of every route: each is refused by name, with a 4xx."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from .test_poker import follow_job


def test_a_second_casino_player_may_not_take_the_first_s_name(
    client: TestClient, other_client: TestClient
) -> None:
    """Two players of one name made every line ambiguous: "it is Ada's turn, not Ada's"."""
    table = client.post("/api/casino/tables", json={"name": "Ada"}).json()["id"]
    refused = other_client.post(f"/api/casino/tables/{table}/join", json={"name": " ada "})
    assert refused.status_code == 422
    assert refused.json() == {
        "error": "bad name ' ada ': Ada sits at this table already: expected another name"
    }
    assert client.get(f"/api/casino/tables/{table}").json()["status"] == "waiting"
    joined = other_client.post(f"/api/casino/tables/{table}/join", json={"name": "Ben"})
    assert joined.status_code == 200


def test_a_baccarat_player_may_not_take_a_seated_player_s_name(
    client: TestClient, other_client: TestClient
) -> None:
    table = client.post("/api/baccarat/tables", json={}).json()["id"]
    assert client.post(f"/api/baccarat/tables/{table}/seat", json={"name": "Ada"}).is_success
    refused = other_client.post(f"/api/baccarat/tables/{table}/seat", json={"name": "ADA"})
    assert refused.status_code == 422
    assert refused.json() == {
        "error": "bad name 'ADA': Ada sits at this table already: expected another name"
    }
    seats = client.get(f"/api/baccarat/tables/{table}").json()["seats"]
    assert [seat["name"] for seat in seats] == ["Ada"]


def test_an_answer_before_any_puzzle_is_shown_names_none(client: TestClient) -> None:
    """The refusal named a puzzle chosen for it and never shown: the page then showed
    another."""
    refused = client.post("/api/casino/puzzles/answer", json={"id": "0123456789"})
    assert refused.status_code == 409
    assert refused.json() == {"error": "no puzzle on show yet: open the puzzles first"}
    shown = client.get("/api/casino/puzzles").json()["puzzle"]["id"]
    wrong = client.post("/api/casino/puzzles/answer", json={"id": "0123456789"})
    assert wrong.json() == {"error": f"puzzle '0123456789' is not the one on show ({shown})"}


def test_hits_beyond_the_server_s_limit_are_refused_at_once_in_one_line(
    client: TestClient,
) -> None:
    """A random five-card Omaha range over every flop is minutes of work (the library's
    estimate): refused before any job, saying how long and what to do instead."""
    answer = client.post("/api/poker/hits", json={"game": "omaha5", "range": ""})
    assert answer.status_code == 413, answer.text
    error = answer.json()["error"]
    assert "over every flop would take at least" in error and "minutes" in error, error
    assert "(limit 30 seconds)" in error and "croupier poker hits" in error, error
    assert "\n" not in error


@pytest.mark.parametrize(
    "request_body",
    [
        {"range": "TT+, AQs+, KQs", "board": "Ks 7d 2c"},
        {"range": "QQ+, AK"},
        {"range": "", "game": "omaha", "board": "Ks 7d 2c"},
        {"range": "AA!AAA", "game": "omaha", "texture": ["monotone"]},
    ],
)
def test_ordinary_hits_questions_are_still_run(
    client: TestClient, request_body: dict[str, Any]
) -> None:
    job = follow_job(client, "/api/poker/hits", request_body)
    assert job["state"] == "done", job
