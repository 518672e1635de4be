"""The poker page's analyses: seeds as strings, class grids and distributions with the
equity, the next-card job, what a range hits (a job too), the order of the slider."""

from __future__ import annotations

import json
import math
import re
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.poker import Range, calculate
from croupier.poker.calc.distribution import equity_distribution
from croupier.poker.calc.nextcard import next_card
from croupier.poker.hits.classifier import flop_hits, hits
from croupier.web.routers.poker import hits_view
from tests.slowness import patience

from .test_poker import follow_job, run


def test_a_long_seed_travels_as_digits_and_repeats_its_run(client: TestClient) -> None:
    seed = "1131868720833396469"  # more digits than a JavaScript number keeps
    request = {"players": ["AKs", "QQ"], "method": "monte-carlo", "trials": 20_000, "seed": seed}
    result = run(client, **request)["result"]
    assert result["seed"] == seed
    expected = calculate(["AKs", "QQ"], trials=20_000, rng=int(seed))
    assert [p["equity"] for p in result["players"]] == [p.equity for p in expected.players]
    drawn = run(client, players=["AKs", "QQ"], method="monte-carlo", trials=20_000)["result"]
    again = run(client, **{**request, "seed": drawn["seed"]})["result"]
    assert again["players"] == drawn["players"]  # a seed the server drew, typed back


@pytest.mark.parametrize("seed", ["12a", "-1", str(2**63), "", 1.5, True])
def test_bad_seeds_are_refused_in_one_line(client: TestClient, seed: object) -> None:
    request = {"players": ["AKs", "QQ"], "method": "monte-carlo", "trials": 100, "seed": seed}
    answer = client.post("/api/poker/equity", json=request)
    assert answer.status_code == 422 and "seed" in answer.json()["error"]


def test_each_player_s_grid_and_distribution_come_with_the_equity(client: TestClient) -> None:
    ranges, board = ["AKs, QQ, 76s", "JJ+, AQo"], "Qh 7h 2c"
    result = run(client, players=ranges, board=board, method="exact")["result"]
    expected = calculate(ranges, board=board, exact=True)
    spreads = equity_distribution(expected)
    for row, player, spread in zip(result["players"], expected.players, spreads, strict=True):
        cells = [cell for line in row["grid"] for cell in line]
        held = [n for n in range(169) if cells[n] is not None]
        assert held == [n for n in range(169) if player.grid.ravel()[n] == player.grid.ravel()[n]]
        for n in held:
            figures = (
                player.grid.ravel()[n],
                player.grid_win.ravel()[n],
                player.grid_tie.ravel()[n],
            )
            assert cells[n] == pytest.approx(list(figures), abs=1e-6)
        shown = row["distribution"]
        assert shown["above_50"] == spread.share_above(0.5)
        assert [c[0] for c in shown["combos"]] == list(spread.combos)
        assert [c[2] for c in shown["combos"]] == pytest.approx(list(spread.equities), abs=1e-6)


def test_the_next_card_table_is_a_job(client: TestClient) -> None:
    ranges, board = ["AKs, QQ", "JJ+, AQo"], "Qh 7h 2c"
    job = follow_job(client, "/api/poker/next", {"players": ranges, "board": board})
    assert job["state"] == "done", job
    answer, expected = job["result"], next_card(ranges, board=board)
    assert answer["street"] == "turn" and len(answer["cards"]) == len(expected.cards)
    assert [p["equity"] for p in answer["players"]] == list(expected.equity)
    first = answer["cards"][0]
    assert first["card"]["code"] == str(expected.cards[0].card) == "As"
    assert first["equity"] == list(expected.cards[0].equity)


@pytest.mark.parametrize(
    ("request_body", "status", "fragment"),
    [
        ({"players": ["AKs", "QQ"]}, 422, "a board of 3 or 4 cards, not 0"),
        ({"players": ["AKs", "QQ"], "board": "Qh 7h 2c 9d 3s"}, 422, "not 5"),
        ({"players": ["AKs", "QQ"], "board": "Qh 7h 2c", "trials": 5}, 422, "takes no trials"),
        (
            {"players": ["AKs", "QQ"], "board": "Qh 7h 2c", "method": "monte-carlo"}
            | {"trials": 300_000},
            413,
            "at most 200,000 trials a card",
        ),
    ],
)
def test_the_next_card_table_refuses_in_one_line(
    client: TestClient, request_body: dict[str, Any], status: int, fragment: str
) -> None:
    answer = client.post("/api/poker/next", json=request_body)
    assert answer.status_code == status and fragment in answer.json()["error"]


def test_a_long_next_card_table_is_monte_carlo_unless_asked_exact(client: TestClient) -> None:
    """Beyond a few seconds exact, ``auto`` samples (the library's choice, its seed
    kept); ``exact`` is refused in the job's one line once the library's estimate
    passes the server's limit."""
    request: dict[str, Any] = {"players": ["random"] * 4, "board": "Qh 7h 2c", "seed": "9"}
    job = follow_job(client, "/api/poker/next", request)
    answer = job["result"]
    expected = next_card(["random"] * 4, board="Qh 7h 2c", exact=None, rng=9)
    assert not answer["exact"] and answer["seed"] == "9" and answer["stderr"] == expected.stderr
    assert [c["equity"] for c in answer["cards"]] == [list(c.equity) for c in expected.cards]
    refused = follow_job(client, "/api/poker/next", request | {"method": "exact", "seed": None})
    assert refused["state"] == "failed" and "would take over 30 seconds" in refused["error"]


def hits_job(client: TestClient, **request: str) -> dict[str, Any]:
    """What a range hits, started and followed to its end as the page does."""
    return follow_job(client, "/api/poker/hits", request)


def test_what_a_range_hits_on_a_board_is_a_job(client: TestClient) -> None:
    job = hits_job(client, range="QQ+, AK", board="Ks 7d 2c")
    assert job["state"] == "done", job
    answer, expected = job["result"], hits("QQ+, AK", board="Ks 7d 2c")
    assert answer == hits_view(expected)
    assert answer["combos"] == expected.weight and answer["boards"] == 1
    assert {r["category"]: r["combos"] for r in answer["made"]} == {
        m.value: n for m, n in expected.made.items()
    }
    assert answer["made"][5]["definition"].startswith("a pocket pair with one card")
    assert answer["hands"][0] == {
        "cards": answer["hands"][0]["cards"],
        "weight": 1.0,
        "made": "set",
        "draws": [],
    }
    random = hits_job(client, range="", board="Ks 7d 2c", dead="Ah")["result"]
    assert random["range"] == "random" and random["combos"] == 1128


@pytest.mark.parametrize(("text", "dead"), [("AKs", ""), ("QQ, 5c4c, AK@50", "Qd 4h 9s")])
def test_what_a_range_hits_over_every_flop_is_a_job_with_progress(
    client: TestClient, text: str, dead: str
) -> None:
    job = hits_job(client, range=text, dead=dead)
    assert job["state"] == "done", job
    expected = flop_hits(text, dead=dead or None)
    assert job["result"] == hits_view(expected)  # every figure, to the last digit
    assert job["result"]["boards"] == math.comb(52 - len(dead.split()), 3)
    assert job["result"]["hands"] == []
    assert job["total"] > 0 and job["done"] == job["total"]  # progress reached the end


def test_what_a_range_hits_over_the_flops_of_a_texture(client: TestClient) -> None:
    from croupier.poker.hits.textures import FlopTexture

    request: dict[str, Any] = {"range": "AKs, 77", "texture": ["monotone"], "high": "K"}
    job = follow_job(client, "/api/poker/hits", request)
    assert job["state"] == "done", job
    texture = FlopTexture.parse("monotone", high="K")
    assert job["result"] == hits_view(flop_hits("AKs, 77", texture=texture))
    assert job["result"]["boards"] == 220 and job["result"]["texture"] == "monotone, king high"
    short = follow_job(
        client, "/api/poker/hits", {"range": "AK", "game": "shortdeck"} | {"texture": ["trips"]}
    )
    assert short["result"]["boards"] == 36
    refusals: list[tuple[dict[str, Any], str]] = [
        ({"texture": ["wet"]}, "bad texture 'wet'"),
        ({"texture": ["monotone"], "board": "Ks 7d 2c"}, "give no board"),
    ]
    for bad, message in refusals:
        answer = client.post("/api/poker/hits", json={"range": "AK"} | bad)
        assert answer.status_code == 422 and message in answer.text, answer.text


def started(client: TestClient, path: str, request: dict[str, Any]) -> str:
    answer = client.post(path, json=request)
    assert answer.status_code == 202, answer.text
    job: str = answer.json()["job"]
    return job


def finished(client: TestClient, job: str) -> dict[str, Any]:
    deadline = time.monotonic() + patience(60)
    while True:
        state: dict[str, Any] = client.get(f"/api/poker/jobs/{job}").json()
        if state["state"] not in ("waiting", "running"):
            return state
        assert time.monotonic() < deadline, state
        time.sleep(0.02)


def test_a_newer_hits_question_cancels_the_last(client: TestClient) -> None:
    # every flop of a random range with a dead card: seconds of work, cut short
    slow = started(client, "/api/poker/hits", {"range": "", "dead": "2c"})
    quick = started(client, "/api/poker/hits", {"range": "AK", "board": "Ks 7d 2c"})
    assert finished(client, slow)["state"] == "cancelled"
    assert finished(client, quick)["result"] == hits_view(hits("AK", board="Ks 7d 2c"))


def test_hits_and_the_next_card_leave_a_calculation_running(client: TestClient) -> None:
    # a browser runs one job of each kind: what a range hits, or the next-card table, does
    # not cancel the calculation still running
    calculation = started(
        client,
        "/api/poker/equity",
        {"players": ["AsKs", "", ""], "method": "monte-carlo", "trials": 300_000, "seed": "7"},
    )
    assert hits_job(client, range="AK", board="Ks 7d 2c")["state"] == "done"
    ranges, board = ["AKs", "QQ"], "Qh 7h 2c"
    assert (
        follow_job(client, "/api/poker/next", {"players": ranges, "board": board})["state"]
        == "done"
    )
    job = finished(client, calculation)
    assert job["state"] == "done", job
    expected = calculate(["AsKs", "random", "random"], trials=300_000, rng=7)
    assert [p["equity"] for p in job["result"]["players"]] == [p.equity for p in expected.players]


@pytest.mark.parametrize(
    ("request_body", "fragment"),
    [
        ({"range": "AK", "board": "Ks 7d"}, "a board of 2 cards: expected 3, 4 or 5 cards"),
        ({"range": "AX"}, "'AX'"),
        ({"range": "AK", "board": "Ks 7d 2x"}, "bad card '2x'"),
        ({"range": "AK", "board": "Ks 7d Ks"}, "repeats position 1"),
        ({"range": "AK", "board": "Ks 7d 2c", "dead": "7d"}, "both on the board and dead"),
        ({"range": "AA", "dead": "As Ah Ad"}, "no combo left"),
        ({"range": "KK", "board": "Ks Kd 2c", "dead": "Kh"}, "no combo left"),
        ({"range": "A" * 20_001}, "range (too long): string should have at most 20000"),
        ({"range": "AK", "flops": True}, "flops"),
        ({"range": 5}, "range"),
    ],
)
def test_bad_hits_questions_are_refused_at_once_in_one_line(
    client: TestClient, request_body: dict[str, Any], fragment: str
) -> None:
    answer = client.post("/api/poker/hits", json=request_body)
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert fragment in error and "\n" not in error, error


def test_the_page_names_the_order_of_the_slider(client: TestClient) -> None:
    text = client.get("/poker").text
    found = re.search(r'<script type="application/json" id="state">(.*?)</script>', text, re.S)
    assert found is not None
    state = json.loads(found[1])
    assert "three random hands" in state["order"]
    # the slider's ranges: X% read by the library in its order
    slider = client.post("/api/poker/range", json={"text": "20%"}).json()
    assert slider["range"] == str(Range.parse("20%")) and slider["combos"] == 270


# --- a range narrowed by what it hits -----------------------------------------------------


def test_a_range_is_narrowed_by_the_library_in_a_job(client: TestClient) -> None:
    from croupier.poker.hits.narrow import narrow
    from croupier.web.routers.poker import narrow_view

    request = {
        "range": "QQ+, AK@50, 98s",
        "board": "Ks 7d 2c",
        "dead": "Ah",
        "keep": ["set", "top pair, good kicker", "backdoor flush draw"],
        "drop": ["overpair"],
    }
    job = follow_job(client, "/api/poker/narrow", request)
    assert job["state"] == "done", job
    answer = job["result"]
    expected = narrow(
        "QQ+, AK@50, 98s", board="Ks 7d 2c", dead="Ah", keep=request["keep"], drop=["overpair"]
    )
    assert answer == narrow_view(expected)
    assert answer["narrowed"] == expected.text and answer["fits"]
    assert answer["combos"] == expected.count and answer["weighted"] == expected.weight
    # the grid: KK whole (its 3 live combos), AKs in part (AhKh dead, AsKs on the board)
    assert answer["grid"][1][1] == {"label": "KK", "combos": 3.0, "live": 3}
    assert answer["grid"][0][1]["label"] == "AKs" and answer["grid"][0][1]["combos"] == 1.0
    # the text is a player's range in the calculator, on the turn
    turn = run(client, players=[answer["narrowed"], "JJ"], board="Ks 7d 2c 3h", dead="Ah")
    assert turn["state"] == "done" and turn["result"]["players"][0]["combos"] == expected.count
    omaha = follow_job(
        client,
        "/api/poker/narrow",
        {"game": "omaha", "range": "AA:xxyy", "board": "Ad 7h 2h", "keep": ["top set"]},
    )["result"]
    kept = narrow("AA:xxyy", board="Ad 7h 2h", game="omaha", keep=["top set"])
    assert omaha["grid"] is None and omaha["combos"] == kept.count == 384 and omaha["fits"]
    assert omaha["narrowed"] == kept.text


@pytest.mark.parametrize(
    ("request_body", "fragment"),
    [
        ({"keep": ["wrap"]}, "bad category 'wrap' for Texas hold'em: expected one of"),
        ({"keep": ["set"], "game": "omaha", "range": "AA"}, "bad category 'set' for Omaha"),
        ({"keep": []}, "nothing to narrow by"),
        ({"keep": ["set"], "board": ""}, "narrowed on a board"),
        ({"keep": ["set"], "board": "Ks 7d"}, "a board of 2 cards"),
        ({"keep": ["x" * 61]}, "keep.0 (too long)"),
    ],
)
def test_bad_narrowings_are_refused_at_once_in_one_line(
    client: TestClient, request_body: dict[str, Any], fragment: str
) -> None:
    body = {"range": "AK", "board": "Ks 7d 2c"} | request_body
    answer = client.post("/api/poker/narrow", json=body)
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert fragment in error and "\n" not in error, error
