"""The range grid as Equilab's and Flopzilla's, in headless Chromium: a weight painted, the
suits of a class picked, partial classes drawn as partial with their count, the keyboard,
touch, short-deck's smaller grid; and the route the grid reads ranges through."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.poker import Range, calculate
from tests.web.conftest import LiveServer, checked_page, close_checked

expect = pytest.importorskip(
    "playwright.sync_api", reason="browser tests: Playwright is missing: pip install playwright"
).expect

Shot = Callable[..., Path]
PHONE = {"width": 390, "height": 844}


def open_grid(page: Any, player: int, text: str) -> None:
    page.goto("/poker")
    page.fill(f"#hole-{player}", text)
    page.click(f"#grid-toggle-{player}")
    expect(page.locator("#range-picker")).to_be_visible()


def test_the_route_gives_each_combo_s_weight_and_the_combos_out(client: TestClient) -> None:
    asked = {"text": "AKs, AhKh@0, QQ@25", "out": "Ks 2c", "game": "holdem"}
    answer = client.post("/api/poker/range", json=asked).json()
    assert answer["range"] == str(Range.parse(asked["text"]))
    wanted = Range.parse(asked["text"])
    weights = answer["weights"]  # each combo's text reads back as the same combo
    assert Range.parse(", ".join(f"{c}@{100 * w:g}" for c, w in weights.items())) == wanted
    assert len(answer["out"]) == 2 * 51 - 1 and "AsKs" in answer["out"]
    assert "AhKh" not in answer["out"] and "2c2d" not in answer["weights"]
    short = client.post("/api/poker/range", json={"text": "AA", "game": "shortdeck"}).json()
    assert len(short["out"]) == 1326 - 36 * 35 // 2  # every combo with a card below 6
    assert {"5d2c", "6c5h"} <= set(short["out"]) and "6c6d" not in short["out"]
    bad = client.post("/api/poker/range", json={"text": "AA", "out": "Ks Zz"})
    assert bad.status_code == 422
    assert bad.json()["error"].startswith("board and dead cards: ")
    assert "'Zz'" in bad.json()["error"]


@pytest.mark.browser
def test_paint_a_weight_and_pick_suits_then_calculate(browser_page: Any, screenshot: Shot) -> None:
    page = browser_page
    open_grid(page, 2, "QQ+")
    page.fill("#board", "Kc 7d 2s")
    page.check("input[name=grid-brush][value='50']")
    page.click("[data-hand='JJ']")  # painted at 50%
    expect(page.locator("#hole-2")).to_have_value("QQ+, JJ@50")
    jacks = page.locator("[data-hand='JJ']")
    expect(jacks).to_have_attribute("aria-pressed", "mixed")
    expect(jacks).to_have_attribute("title", "JJ: 6 of 6 combos at 50%")
    page.check("input[name=grid-brush][value=suits]")
    page.click("[data-hand='AKs']")  # shows its suits, paints nothing
    expect(page.locator("#suit-picker-title")).to_have_text(
        "AKs: 0 of 4 combos; 1 out (board or dead cards)"
    )
    expect(page.locator("#hole-2")).to_have_value("QQ+, JJ@50")
    expect(page.locator("[data-combo='AcKc']")).to_have_class(re.compile(r"\bdead\b"))
    page.click("[data-combo='AsKs']")
    expect(page.locator("#hole-2")).to_have_value("QQ+, JJ@50, AsKs")
    page.click("[data-combo='AdKd']")
    expect(page.locator("#hole-2")).to_have_value("QQ+, JJ@50, AsKs, AdKd")
    cell = page.locator("[data-hand='AKs']")
    expect(cell).to_have_attribute("title", "AKs: 2 of 4 combos; 1 out (board or dead cards)")
    expect(cell).to_have_attribute("data-count", "2/4")
    expect(cell).to_have_attribute("aria-pressed", "mixed")
    # the kings hold a king on the board: 3 of their 6 combos are out
    expect(page.locator("[data-hand='KK']")).to_have_attribute(
        "title", "KK: 3 of 6 combos; 3 out (board or dead cards)"
    )
    screenshot(page, "poker-grid", docs=True, part="#range-picker")
    page.check("input[name=grid-brush][value='100']")
    page.click("[data-hand='AKs']")  # not wholly in: all four suits in
    expect(page.locator("#hole-2")).to_have_value(str(Range.parse("QQ+, JJ@50, AKs")))
    page.click("[data-combo='AhKh']")  # player 1's hand, taken out of player 2's range
    text = "QQ+, JJ@50, AsKs, AdKd, AcKc"
    expect(page.locator("#hole-2")).to_have_value(str(Range.parse(text)))
    page.click("#calculate")
    page.wait_for_selector(".equity-table")
    expected = calculate(["AhKh", text], board="Kc 7d 2s")
    rows = page.locator(".equity-table tbody tr")
    for row, player in zip(rows.all(), expected.players, strict=True):
        cells = [c.inner_text() for c in row.locator("td").all()]
        assert cells[1] == str(player.combos)
        assert f"{100 * player.equity:.2f}%" in cells[2]


@pytest.mark.browser
def test_the_grid_by_keyboard(browser_page: Any) -> None:
    page = browser_page
    open_grid(page, 2, "QQ+")
    aces = page.locator("[data-hand='AA']")
    aces.focus()
    assert page.locator("#range-grid [tabindex='0']").count() == 1  # one stop for Tab
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("[data-hand='JJ']")).to_be_focused()
    expect(page.locator("#suit-picker-title")).to_have_text("JJ: 0 of 6 combos")
    page.keyboard.press("Enter")
    expect(page.locator("#hole-2")).to_have_value("JJ+")
    expect(page.locator("[data-hand='JJ']")).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.locator("[data-hand='JTs']")).to_be_focused()
    page.keyboard.press("Space")
    expect(page.locator("#hole-2")).to_have_value("JJ+, JTs")
    page.keyboard.press("s")  # to the suits of JTs
    expect(page.locator("[data-combo='JsTs']")).to_be_focused()
    page.keyboard.press("Space")  # takes JsTs out
    expect(page.locator("#hole-2")).to_have_value("JJ+, JhTh, JdTd, JcTc")
    expect(page.locator("[data-combo='JsTs']")).to_be_focused()
    expect(page.locator("[data-hand='JTs']")).to_have_attribute("title", "JTs: 3 of 4 combos")
    page.keyboard.press("Escape")
    expect(page.locator("[data-hand='JTs']")).to_be_focused()
    page.keyboard.press("Tab")  # out of the grid: Tab stops once in it
    expect(page.locator("[data-combo='JsTs']")).to_be_focused()
    page.fill("#hole-2", "JJ+, JTs@75")  # typed text redraws the grid
    expect(page.locator("[data-hand='JTs']")).to_have_attribute(
        "title", "JTs: 4 of 4 combos at 75%"
    )
    assert Range.parse(page.input_value("#hole-2")) == Range.parse("JJ+, JTs@75")


@pytest.fixture
def phone_page(chromium: Any, live_server: LiveServer) -> Iterator[Any]:
    page = checked_page(chromium, live_server, PHONE, touch=True)
    yield page
    close_checked(page)


@pytest.mark.browser
def test_the_grid_by_touch_on_a_phone(phone_page: Any, screenshot: Shot) -> None:
    page = phone_page
    open_grid(page, 1, "")
    page.check("input[name=grid-brush][value='25']")
    page.locator("[data-hand='AKo']").tap()
    expect(page.locator("#hole-1")).to_have_value("AKo@25")
    page.locator("[data-combo='AhKs']").tap()  # in at 25%: a tap takes it out
    expect(page.locator("#hole-1")).to_have_value(str(Range.parse("AKo@25, AhKs@0")))
    expect(page.locator("[data-hand='AKo']")).to_have_attribute(
        "title", "AKo: 11 of 12 combos at 25%"
    )
    screenshot(page, "poker-grid-phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a {PHONE['width']}px phone"


@pytest.mark.browser
def test_short_deck_s_grid_has_no_class_below_6(browser_page: Any) -> None:
    page = browser_page
    page.goto("/poker")
    page.select_option("#game", "shortdeck")
    page.click("#grid-toggle-2")
    expect(page.locator("#range-grid .range-cell")).to_have_count(81)
    assert page.locator("[data-hand='A5s']").count() == 0
    expect(page.locator("[data-hand='66']")).to_have_attribute("aria-pressed", "false")
    page.click("[data-hand='76s']")
    expect(page.locator("#hole-2")).to_have_value("QQ+, AKs, 76s")


@pytest.mark.browser
def test_short_deck_s_top_percentage_is_its_own(browser_page: Any, screenshot: Shot) -> None:
    """``10%`` in short-deck takes short-deck's best classes, which the grid shows and the
    box writes back with the cell clicked."""
    page = browser_page
    page.goto("/poker")
    page.select_option("#game", "shortdeck")
    page.fill("#hole-2", "10%")
    page.click("#grid-toggle-2")
    expect(page.locator("[data-hand='99']")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-hand='88']")).to_have_attribute("aria-pressed", "false")
    page.click("[data-hand='76s']")
    expect(page.locator("#hole-2")).to_have_value("99+, AJs+, AKo, KQs, 76s")
    screenshot(page, "poker-shortdeck-top-percentage")
