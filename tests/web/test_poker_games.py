"""The poker page in other games: the calculator's and the comparison's game (API), and
the page itself in headless Chromium (the game selector, the deck in the card picker)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.poker import calculate
from croupier.poker.games import GAMES

from .test_poker import run

Shot = Callable[..., Path]


def page_state(client: TestClient) -> dict[str, Any]:
    text = client.get("/poker").text
    found = re.search(r'<script type="application/json" id="state">(.*?)</script>', text, re.S)
    assert found is not None
    state: dict[str, Any] = json.loads(found[1])
    return state


def test_the_page_knows_every_game(client: TestClient) -> None:
    games = page_state(client)["games"]
    assert [g["name"] for g in games] == list(GAMES)
    omaha = games[1]
    assert (omaha["hole_cards"], omaha["two_card"], omaha["lowest_rank"]) == (4, False, 2)
    assert games[3]["lowest_rank"] == 6 and "three of a kind beats a straight" in games[3]["rules"]


def test_omaha_equity_matches_the_library(client: TestClient) -> None:
    players, board = ["AsAhKsKh", "QdQcJdTc"], "2c 7d 9h"
    job = run(client, game="omaha", players=players, board=board, method="exact")
    result = job["result"]
    expected = calculate(players, board=board, game="omaha", exact=True)
    assert result["game"] == "omaha" and result["games"] == expected.games == 820
    assert [p["equity"] for p in result["players"]] == [p.equity for p in expected.players]
    assert [p["made"] for p in result["players"]] == ["pair of aces", "pair of queens"]
    assert result["players"][0]["distribution"]["combos"] == []


def test_short_deck_monte_carlo_and_refusals(client: TestClient) -> None:
    job = run(
        client,
        game="shortdeck",
        players=["AK", ""],
        board="6c 7d 9h",
        method="monte-carlo",
        trials=20_000,
        seed="5",
    )
    result = job["result"]
    assert result["game"] == "shortdeck" and result["games"] == 20_000 and result["seed"] == "5"
    bad = client.post(
        "/api/poker/equity",
        json={"game": "shortdeck", "players": ["AA", "KK"], "board": "2c 7d 9h"},
    )
    assert bad.status_code == 422 and "card 2c is not in the short-deck" in bad.json()["error"]
    unknown = client.post("/api/poker/equity", json={"game": "razz", "players": ["AA", "KK"]})
    assert unknown.status_code == 422
    nxt = client.post(
        "/api/poker/next", json={"game": "omaha", "players": ["AsAhKsKh", ""], "board": "2c 7d 9h"}
    )
    assert nxt.status_code == 422 and "hold'em's" in nxt.json()["error"]


def test_compare_in_every_game(client: TestClient) -> None:
    line = "As Ad Kh Qh Ac 7h 2h 9h 3s ; Ks Kd 7c 7d Ac 7h 2h 9h 3s"
    answer = client.post("/api/poker/compare", json={"line": line, "game": "omaha"}).json()
    assert answer["winner"] == 1 and answer["hands"][1]["description"] == "three of a kind, 7s"
    assert [c["best"] for c in answer["hands"][0]["hand"]].count(True) == 5
    short = client.post(
        "/api/poker/compare", json={"line": "Ah 9c 6d 7s 8s ; Kh Kd Ks 6c 7c", "game": "shortdeck"}
    )
    assert short.json()["winner"] == 2
    straights = client.post(
        "/api/poker/compare",
        json={"line": "Ah 9c 6d 7s 8s ; Kh Kd Ks 6c 7c", "game": "shortdeck-straights"},
    )
    assert straights.json()["winner"] == 1


# --- in the browser -----------------------------------------------------------------

browser = pytest.mark.browser


@browser
def test_choosing_omaha_and_short_deck(browser_page: Any, screenshot: Shot) -> None:
    expect = pytest.importorskip("playwright.sync_api").expect
    page = browser_page
    page.goto("/poker")
    assert page.locator("#card-grid button").count() == 52
    page.select_option("#game", "shortdeck")
    expect(page.locator("#equity-title")).to_have_text("short-deck hold'em equity")
    assert page.locator("#card-grid button").count() == 36
    assert page.locator("#card-grid [data-card='5s']").count() == 0
    expect(page.locator("#game-rules")).to_contain_text("three of a kind beats a straight")
    page.click("#compare-form button[type=submit]")
    expect(page.locator("#compare-result .verdict")).to_have_text("Hand 2 wins")
    screenshot(page, "poker-shortdeck")
    page.select_option("#game", "omaha")
    assert page.locator("#card-grid button").count() == 52
    expect(page.locator("#hole-1")).to_have_value("AsAhKsKh")
    expect(page.locator("#grid-toggle-1")).to_be_hidden()
    page.fill("#hole-2", "QdQcJdTc")
    page.fill("#board", "2c 7d 9h")
    page.click("#calculate")
    page.wait_for_selector("#equity-result table")
    expected = calculate(["AsAhKsKh", "QdQcJdTc"], board="2c 7d 9h", game="omaha")
    text = page.inner_text("#equity-result")
    assert f"{100 * expected.players[0].equity:.2f}%" in text and "HANDS" in text.upper()
    expect(page.locator("#analysis")).to_be_hidden()
    expect(page.locator("#next-card")).to_be_hidden()
    screenshot(page, "poker-omaha", docs=True)
    page.click("#compare-form button[type=submit]")
    expect(page.locator("#compare-result .verdict")).to_have_text("Hand 1 wins")
