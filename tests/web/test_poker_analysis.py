"""The poker page's analyses: seeds as strings, class grids and distributions with the
equity, the next-card job, what a range hits, the presets."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.poker import Range, calculate
from croupier.poker.calc.distribution import equity_distribution
from croupier.poker.calc.nextcard import next_card
from croupier.poker.hits import flop_hits, hits

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
        ({"players": ["random"] * 4, "board": "Qh 7h 2c"}, 413, "would take over"),
    ],
)
def test_the_next_card_table_refuses_in_one_line(
    client: TestClient, request_body: dict[str, Any], status: int, fragment: str
) -> None:
    answer = client.post("/api/poker/next", json=request_body)
    assert answer.status_code == status and fragment in answer.json()["error"]


def test_what_a_range_hits_on_a_board_and_over_every_flop(client: TestClient) -> None:
    answer = client.post("/api/poker/hits", json={"range": "QQ+, AK", "board": "Ks 7d 2c"}).json()
    expected = hits("QQ+, AK", board="Ks 7d 2c")
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
    every = client.post("/api/poker/hits", json={"range": "AKs"}).json()
    assert every["boards"] == 22100 and every["hands"] == []
    assert every["pair_or_better"] == flop_hits("AKs").pair_or_better
    random = client.post("/api/poker/hits", json={"range": "", "board": "Ks 7d 2c"}).json()
    assert random["range"] == "random" and random["combos"] == 1176
    bad = client.post("/api/poker/hits", json={"range": "AK", "board": "Ks 7d"})
    assert bad.status_code == 422 and "a board of 2 cards" in bad.json()["error"]


def test_the_page_offers_presets_with_their_source(client: TestClient) -> None:
    text = client.get("/poker").text
    found = re.search(r'<script type="application/json" id="state">(.*?)</script>', text, re.S)
    assert found is not None
    state = json.loads(found[1])
    presets = state["presets"]
    assert len(presets) >= 4 and all(p["source"] and p["name"] for p in presets)
    for preset in presets:
        Range.parse(preset["range"])
    assert "three random hands" in state["order"]
    # the slider's ranges: X% read by the library in its order
    slider = client.post("/api/poker/range", json={"text": "20%"}).json()
    assert slider["range"] == str(Range.parse("20%")) and slider["combos"] == 270
