"""The poker page's API: equity as a job with progress, its bounds, the comparison."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.cards import DECK, parse_card
from croupier.engine import compiled
from croupier.poker import calculate
from croupier.poker.ranges.starting_hands import CLASS_LABELS
from croupier.web.views.cards import card_view
from tests.slowness import patience


def run(client: TestClient, **request: Any) -> dict[str, Any]:
    """Start a calculation and poll it to its end, as the page does."""
    return follow_job(client, "/api/poker/equity", request)


def follow_job(client: TestClient, path: str, request: dict[str, Any]) -> dict[str, Any]:
    """Start the job of ``path`` and poll it to its end."""
    started = client.post(path, json=request)
    assert started.status_code == 202, started.text
    job: dict[str, Any] = started.json()
    deadline = time.monotonic() + patience(60)
    while job["state"] in ("waiting", "running"):
        assert time.monotonic() < deadline
        time.sleep(0.02)
        job = client.get(f"/api/poker/jobs/{job['job']}").json()
    return job


def test_the_page_renders(client: TestClient) -> None:
    page = client.get("/poker")
    assert page.status_code == 200 and "card-grid" in page.text


def test_the_page_reads_cards_with_the_library_s_notation(client: TestClient) -> None:
    """The page's script has no card notation of its own: the state sent with the page
    holds every spelling the library reads, the picker's cards and the grid's classes."""
    text = client.get("/poker").text
    found = re.search(r'<script type="application/json" id="state">(.*?)</script>', text, re.S)
    assert found is not None
    state = json.loads(found[1])
    cards = state["cards"]
    assert cards["spellings"] == {t: str(parse_card(t)) for t in cards["spellings"]}
    assert {"AS", "10H", "0H", "XH", "H10", "10♥", "♠A", "TD"} <= set(cards["spellings"])
    picked = [card["code"] for row in cards["picker"] for card in row]
    assert sorted(picked) == sorted(str(card) for card in DECK) and picked[:2] == ["As", "Ks"]
    assert cards["picker"][1][4] == card_view(parse_card("Th"))  # hearts, the 10
    labels = [label for row in cards["grid"] for label, _ in row]
    assert labels == list(CLASS_LABELS)
    assert cards["grid"][12][0] == ["A2o", "ace-2 offsuit"]


def test_exact_equity_of_a_hand_and_a_range_matches_the_library(client: TestClient) -> None:
    job = run(client, players=["AhKh", "QQ"], method="exact")
    assert job["state"] == "done" and job["done"] == job["total"]
    expected = calculate(["AhKh", "QQ"], exact=True)
    result = job["result"]
    assert result["exact"] is True and result["games"] == expected.games == 10_273_824
    assert [p["equity"] for p in result["players"]] == [p.equity for p in expected.players]
    assert [p["range"] for p in result["players"]] == ["AhKh", "QQ"]
    assert [p["combos"] for p in result["players"]] == [1, 6]
    assert [p["stderr"] for p in result["players"]] == [None, None]
    assert result["seed"] is None
    assert [c["name"] for c in result["players"][0]["cards"]] == ["ace of hearts", "king of hearts"]
    assert result["players"][1]["cards"] == []


def test_ranges_board_dead_cards_and_random(client: TestClient) -> None:
    players = ["Ah Ad", "", "TT+, AQs+, AQo+"]
    job = run(client, players=players, board="2c 7d Jh 9s", dead="As 3s", method="exact")
    result = job["result"]
    assert [p["range"] for p in result["players"]] == ["AhAd", "random", "TT+, AQ+"]
    assert [p["made"] for p in result["players"]] == ["pair of aces", None, None]
    expected = calculate(
        ["AhAd", "random", "TT+, AQs+, AQo+"], board="2c 7d Jh 9s", dead="As 3s", exact=True
    )
    assert result["exact"] is True and result["games"] == expected.games
    assert [p["combos"] for p in result["players"]] == [p.combos for p in expected.players]
    assert [p["equity"] for p in result["players"]] == pytest.approx(
        [p.equity for p in expected.players]
    )


@pytest.mark.skipif(not compiled("poker"), reason="the small exact path is compiled-only")
def test_exact_random_against_random_on_a_flop_is_not_refused(client: TestClient) -> None:
    """The larger engines' plan put this at over 30 s and the page refused it (413),
    while the library answers it in one kernel call, in a few hundredths of a second."""
    job = run(client, players=["", ""], board="2c 7d 9h", method="exact")
    result = job["result"]
    expected = calculate(["random", "random"], board="2c 7d 9h", exact=True)
    assert result["exact"] is True and result["games"] == expected.games


def test_auto_is_exact_when_small_and_monte_carlo_when_not(client: TestClient) -> None:
    small = run(client, players=["AhKh", "QQ"], board="2c 7d 9h")["result"]
    assert small["exact"] is True and small["method"] == "auto"
    big = run(client, players=["TT+, AQs+", "QQ+, AKs", "15%"], seed=3)["result"]
    assert big["exact"] is False and big["seed"] == "3" and big["games"] >= 10_000
    assert all(0 < p["stderr"] <= 0.001 for p in big["players"])
    assert sum(p["equity"] for p in big["players"]) == pytest.approx(1)


def test_monte_carlo_is_repeatable_with_a_seed(client: TestClient) -> None:
    request = {"players": ["Ah Ad", "7c 2d"], "method": "monte-carlo", "trials": 20_000, "seed": 5}
    first, second = run(client, **request), run(client, **request)
    assert first["result"] == second["result"]
    expected = calculate(["AhAd", "7c2d"], trials=20_000, rng=5)
    assert [p["equity"] for p in first["result"]["players"]] == [p.equity for p in expected.players]
    assert first["result"]["games"] == 20_000 and first["result"]["seed"] == "5"
    assert 0.001 < first["result"]["players"][0]["stderr"] < 0.004


def test_monte_carlo_to_a_precision_draws_and_reports_a_seed(client: TestClient) -> None:
    result = run(client, players=["AKs", "22"], method="monte-carlo", precision=0.5)["result"]
    assert result["seed"].isdigit() and result["exact"] is False
    assert all(p["stderr"] <= 0.005 for p in result["players"])


@pytest.mark.parametrize(
    ("request_body", "status", "reason"),
    [
        ({"players": ["Ks Zz", ""]}, 422, "player 1: bad range token 'Ks'"),
        ({"players": ["AhKh", "QQ, AKs, 2x"]}, 422, "player 2: bad range token '2x' at position 3"),
        ({"players": ["As Ks Qs", ""]}, 422, "player 1: bad range token"),
        ({"players": ["As Ks", "As Ks"]}, 422, "card As is in player 1 and in player 2"),
        (
            {"players": ["As Ks", ""], "board": "As 2c 3c"},
            422,
            "card As is in player 1 and in the board",
        ),
        ({"players": ["AA", ""], "board": "2c 3c 4c 5c 6c 7c"}, 422, "board: 6 cards"),
        ({"players": ["AA", ""], "board": "2c 3c"}, 422, "board: 2 cards: expected 0, 3, 4"),
        ({"players": ["AA", ""], "board": "Ac Ad 2c", "dead": "Ah As"}, 422, "player 1's range"),
        ({"players": [""]}, 422, "bad request: players: list should have at least 2 items"),
        ({"players": [""] * 11}, 422, "bad request: players: list should have at most 10 items"),
        ({"players": ["", "", ""], "method": "exact"}, 413, "an exact answer would take over"),
        (
            {"players": ["AA", ""], "method": "monte-carlo", "trials": 0},
            422,
            "bad request: trials 0: input should be greater than or equal to 1",
        ),
        (
            {"players": ["AA", ""], "method": "monte-carlo", "precision": 0.001},
            422,
            "bad request: precision 0.001: input should be greater than or equal to 0.05",
        ),
        ({"players": ["AA", ""], "trials": 10}, 422, "auto mode takes no trials"),
        (
            {"players": ["AA", ""], "method": "guess"},
            422,
            "bad request: method 'guess': input should be",
        ),
    ],
)
def test_bad_or_too_heavy_questions_are_refused(
    client: TestClient, request_body: dict[str, Any], status: int, reason: str
) -> None:
    answer = client.post("/api/poker/equity", json=request_body)
    assert answer.status_code == status, answer.text
    error = answer.json()["error"]
    assert error.startswith(reason) and "\n" not in error


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
        json={"players": ["AsKs", "", ""], "method": "monte-carlo", "trials": 2_000_000},
    ).json()
    client.delete(f"/api/poker/jobs/{job['job']}")
    deadline = time.monotonic() + patience(30)
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


def test_range_text_read_for_the_grid(client: TestClient) -> None:
    answer = client.post("/api/poker/range", json={"text": "AKs, QQ+, AQo@50"}).json()
    assert answer["range"] == "QQ+, AKs, AQo@50" and answer["combos"] == 34
    grid = answer["grid"]
    assert grid[0][0] == grid[2][2] == 1 and grid[3][3] == 0  # AA, QQ in; JJ out
    assert grid[0][1] == 1 and grid[1][0] == 0  # AKs above the diagonal, AKo below
    assert grid[2][0] == 0.5  # AQo at half weight
    empty = client.post("/api/poker/range", json={"text": " "}).json()  # random, and says so
    assert empty["random"] is True and empty["range"] == "" and empty["combos"] == 1326
    assert sum(map(sum, empty["grid"])) == 169 and answer["random"] is False
    short = client.post("/api/poker/range", json={"text": "15%", "game": "shortdeck"}).json()
    assert short["range"] == "99+, ATs+, AQo+, KTs+, QJs, JTs" and short["combos"] == 96
    bad = client.post("/api/poker/range", json={"text": "AKs, 2x"})
    assert bad.status_code == 422
    assert bad.json()["error"].startswith("bad range token '2x' at position 2")
