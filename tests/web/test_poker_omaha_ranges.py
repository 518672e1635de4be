"""The poker page's Omaha equity with ranges in the generic syntax: the server reads them
as the library does (its answer is calculate()'s), a bad range is a 422 naming its token,
and the page shows both (headless Chromium)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.poker import calculate

from .test_poker import run

Shot = Callable[..., Path]


def test_omaha_generic_ranges_match_the_library(client: TestClient) -> None:
    players, board = ["AxAyxy", "15%"], "Ks 7d 2c 9h 3s"
    job = run(client, game="omaha", players=players, board=board, method="exact")
    result = job["result"]
    expected = calculate(players, board=board, game="omaha", exact=True)
    assert [p["equity"] for p in result["players"]] == [p.equity for p in expected.players]
    assert [p["combos"] for p in result["players"]] == [p.combos for p in expected.players]


def test_a_bad_omaha_range_is_refused_naming_its_token(client: TestClient) -> None:
    bad = client.post(
        "/api/poker/equity",
        json={"game": "omaha", "players": ["AxAyxy", "KK#Q"], "board": "Ks 7d 2c"},
    )
    assert bad.status_code == 422
    assert bad.json()["error"].startswith("player 2: bad range text at '#Q' (character 3)")


@pytest.mark.browser
def test_the_page_takes_generic_omaha_ranges(browser_page: Any, screenshot: Shot) -> None:
    expect = pytest.importorskip("playwright.sync_api").expect
    page = browser_page
    page.goto("/poker")
    page.select_option("#game", "omaha")
    page.fill("#hole-1", "KK#Q")
    page.fill("#hole-2", "15%")
    page.fill("#board", "Ks 7d 2c 9h 3s")
    page.click("#calculate")
    expect(page.locator("#equity-error")).to_contain_text("bad range text at '#Q'")
    screenshot(page, "poker-omaha-generic-error", full_page=False)
    page.fill("#hole-1", "AxAyxy")
    page.click("#calculate")
    page.wait_for_selector("#equity-result table")
    expected = calculate(["AxAyxy", "15%"], board="Ks 7d 2c 9h 3s", game="omaha")
    text = page.inner_text("#equity-result")
    assert f"{100 * expected.players[0].equity:.2f}%" in text
    assert f"{expected.players[1].combos:,}" in text
    screenshot(page, "poker-omaha-generic")
