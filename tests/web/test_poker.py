"""The poker page's API: equity as a job with progress, its bounds, the comparison."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.cards import parse_cards
from croupier.poker import exact_equity, parse_equity_hands


def run(client: TestClient, **request: Any) -> dict[str, Any]:
    """Start a calculation and poll it to its end, as the page does."""
    started = client.post("/api/poker/equity", json=request)
    assert started.status_code == 202, started.text
    job: dict[str, Any] = started.json()
    deadline = time.monotonic() + 60
    while job["state"] in ("waiting", "running"):
        assert time.monotonic() < deadline
        time.sleep(0.02)
        job = client.get(f"/api/poker/jobs/{job['job']}").json()
    return job


def test_the_page_renders(client: TestClient) -> None:
    page = client.get("/poker")
    assert page.status_code == 200 and "card-grid" in page.text


def test_exact_equity_matches_the_library(client: TestClient) -> None:
    job = run(client, players=["As Ks", "Qh Qd"], board="", method="exact")
    assert job["state"] == "done" and job["done"] == job["total"] == 1_712_304
    expected = exact_equity(parse_equity_hands("As Ks ?0 ?1 ?2 ?3 ?4\nQh Qd ?0 ?1 ?2 ?3 ?4"))
    result = job["result"]
    assert [p["equity"] for p in result["players"]] == pytest.approx(expected.equity)
    assert result["exact"] is True and result["trials"] == expected.trials
    assert [p["error95"] for p in result["players"]] == [0, 0]
    assert [c["name"] for c in result["players"][0]["cards"]] == ["ace of spades", "king of spades"]


def test_board_dead_cards_and_unknown_players(client: TestClient) -> None:
    job = run(
        client, players=["Ah Ad", "", "Kc"], board="2c 7d Jh 9s", dead="As 3s", method="exact"
    )
    result = job["result"]
    assert [p["unknown"] for p in result["players"]] == [0, 2, 1]
    assert [p["made"] for p in result["players"]] == ["pair of aces", None, None]
    assert sum(p["equity"] for p in result["players"]) == pytest.approx(1)
    hands = parse_equity_hands("Ah Ad 2c 7d Jh 9s ?0\n?1 ?2 2c 7d Jh 9s ?0\nKc ?3 2c 7d Jh 9s ?0")
    expected = exact_equity(hands, dead=parse_cards("As 3s"))
    assert [p["equity"] for p in result["players"]] == pytest.approx(expected.equity)


def test_monte_carlo_is_repeatable_with_a_seed(client: TestClient) -> None:
    first = run(client, players=["Ah Ad", "7c 2d"], method="monte-carlo", trials=20_000, seed=5)
    second = run(client, players=["Ah Ad", "7c 2d"], method="monte-carlo", trials=20_000, seed=5)
    assert first["result"] == second["result"]
    assert 0.85 < first["result"]["players"][0]["equity"] < 0.9
    assert 0.003 < first["result"]["players"][0]["error95"] < 0.006


@pytest.mark.parametrize(
    ("request_body", "status", "reason"),
    [
        ({"players": ["As Zz"]}, 422, "player 1: bad card 'Zz'"),
        ({"players": ["As Ks Qs"]}, 422, "player 1: 3 cards: expected at most 2"),
        ({"players": ["As Ks", "As Qd"]}, 422, "card As is in player 1 and in player 2"),
        (
            {"players": ["As Ks"], "board": "As 2c 3c"},
            422,
            "card As is in player 1 and in the board",
        ),
        ({"players": ["As Ks"], "board": "2c 3c 4c 5c 6c 7c"}, 422, "board: 6 cards"),
        ({"players": []}, 422, "bad request: players: list should have at least 1 item"),
        ({"players": [""] * 11}, 422, "bad request: players: list should have at most 10 items"),
        ({"players": ["", "", ""], "method": "exact"}, 413, "an exact answer needs"),
        (
            {"players": ["As Ks"], "method": "monte-carlo", "trials": 0},
            422,
            "bad number of trials 0",
        ),
        ({"players": ["As Ks"], "method": "guess"}, 422, "bad request: method: input should be"),
    ],
)
def test_bad_or_too_heavy_questions_are_refused(
    client: TestClient, request_body: dict[str, Any], status: int, reason: str
) -> None:
    answer = client.post("/api/poker/equity", json=request_body)
    assert answer.status_code == status, answer.text
    assert answer.json()["error"].startswith(reason)


def test_jobs_belong_to_their_browser(client: TestClient, other_client: TestClient) -> None:
    job = client.post(
        "/api/poker/equity", json={"players": ["As Ks", ""], "method": "monte-carlo"}
    ).json()
    other_client.get("/")
    answer = other_client.get(f"/api/poker/jobs/{job['job']}")
    assert answer.status_code == 404
    assert other_client.delete(f"/api/poker/jobs/{job['job']}").status_code == 404


def test_a_job_can_be_cancelled(client: TestClient) -> None:
    job = client.post(
        "/api/poker/equity",
        json={"players": ["As Ks", "", ""], "method": "monte-carlo", "trials": 2_000_000},
    ).json()
    client.delete(f"/api/poker/jobs/{job['job']}")
    deadline = time.monotonic() + 30
    while job["state"] in ("waiting", "running") and time.monotonic() < deadline:
        time.sleep(0.02)
        job = client.get(f"/api/poker/jobs/{job['job']}").json()
    assert job["state"] in ("cancelled", "done")  # done only if it beat the cancel


def test_compare_two_hands(client: TestClient) -> None:
    answer = client.post(
        "/api/poker/compare", json={"line": "Kc Ac Jh 8s 9c 2s ; Ah Kh 0s 7c 7h 3c"}
    ).json()
    assert answer["winner"] == 2 and answer["verdict"] == "Hand 2 wins"
    assert answer["hands"][1]["description"] == "pair of 7s"
    assert [c["best"] for c in answer["hands"][1]["hand"]].count(True) == 5


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("As Ks Qs Js Ts", "line 1: no ';' between the hands: expected 'hand1 ; hand2'"),
        ("As Ks ; 2c 3c 4c 5c 6c", "line 1, hand 1: a poker hand needs at least 5 cards"),
        ("As Ks Qs Js Xx ; 2c 3c 4c 5c 6c", "line 1, hand 1: bad card 'Xx'"),
    ],
)
def test_bad_comparisons_are_one_line_422s(client: TestClient, line: str, reason: str) -> None:
    answer = client.post("/api/poker/compare", json={"line": line})
    assert answer.status_code == 422
    assert answer.json()["error"].startswith(reason)
