"""The pages as a person meets them: headless Chromium on a live local server.

Every test fails on a console error or a request leaving the machine (see conftest.py)
and keeps screenshots as artefacts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from croupier.baccarat import CASINO
from croupier.baccarat.table import Table, format_money, table_shoe
from croupier.poker import Range, calculate

pytestmark = pytest.mark.browser
expect = pytest.importorskip(
    "playwright.sync_api", reason="browser tests: Playwright is missing: pip install playwright"
).expect

PHONE = {"width": 390, "height": 844}
Shot = Callable[..., Path]


def sit_down(page: Any, seed: int, payouts: str = "casino") -> None:
    page.goto("/baccarat")
    page.fill("#sit-seed", str(seed))
    page.select_option("#sit-payouts", payouts)
    page.click("#sit-form button[type=submit]")
    page.wait_for_selector("#seated-controls:not([hidden])")


def test_lobby(browser_page: Any, screenshot: Shot) -> None:
    browser_page.goto("/")
    links = browser_page.locator("ul.games a")
    assert links.count() == 3
    screenshot(browser_page, "lobby", docs=True)
    links.first.click()
    browser_page.wait_for_url(re.compile(r"/baccarat$"))


def test_a_bet_and_a_deal_move_the_bankroll(browser_page: Any, screenshot: Shot) -> None:
    page = browser_page
    sit_down(page, seed=11)
    assert page.inner_text("#bankroll") == "$1,000"
    page.click("#chips [data-value='2500']")
    page.click("[data-bet='banker']")
    page.click("[data-bet='banker']")
    page.click("[data-bet='player-pair']")
    assert "$50 on it" in page.get_attribute("[data-bet='banker']", "aria-label")
    page.click("#deal")
    expect(page.locator("#round-number")).to_have_text("1")
    table = Table(shoe=table_shoe(8, 11), payouts=CASINO, deal_order="casino")
    played = table.play({"banker": 5_000, "player-pair": 2_500})
    assert page.inner_text("#bankroll") == format_money(table.bankroll)
    shown = page.locator("#player-cards .card").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))"
    )
    assert shown == [card.long_name for card in played.coup.player_cards]
    assert page.locator("#reasons li").count() >= 1
    for _ in range(7):
        page.click("[data-bet='player']")
        page.click("#deal")
        expect(page.locator("#round-number")).to_have_text(str(table.rounds_played + 1))
        table.play({"player": 2_500})
    assert page.inner_text("#bankroll") == format_money(table.bankroll)
    assert page.locator("#bead-plate .bead").count() == 8
    assert page.locator("#bet-odds tr").count() == len(CASINO.bets)
    page.click("[data-bet='banker']")  # chips on the layout for the next round
    page.click("#chips [data-value='500']")
    page.click("[data-bet='tie']")
    assert "$5 on it" in page.get_attribute("[data-bet='tie']", "aria-label")
    screenshot(page, "baccarat", docs=True)


def test_the_table_by_keyboard(browser_page: Any) -> None:
    page = browser_page
    sit_down(page, seed=3, payouts="ez")
    page.focus("body")
    page.keyboard.press("b")
    page.keyboard.press("d")
    expect(page.locator("#round-number")).to_have_text("1")
    assert page.locator("#settlements li").count() == 1
    # Tab reaches the chips and the spots; Enter presses them.
    page.focus("#chips [data-value='500']")
    page.keyboard.press("Enter")
    page.focus("[data-bet='dragon-7']")
    page.keyboard.press("Enter")
    page.focus("#deal")
    page.keyboard.press("Enter")
    expect(page.locator("#round-number")).to_have_text("2")
    assert "Dragon 7" in page.inner_text("#settlements")


def test_a_refused_bet_shows_the_reason(browser_page: Any) -> None:
    page = browser_page
    sit_down(page, seed=4)
    page.click("#deal")
    assert "Put a chip on a bet first" in page.inner_text("#bet-error")
    page.click("#chips [data-value='50000']")
    page.click("[data-bet='tie']")
    page.click("[data-bet='tie']")
    page.click("[data-bet='tie']")
    assert "Not enough money" in page.inner_text("#bet-error")


@pytest.mark.parametrize("browser_page", [PHONE], indirect=True)
def test_the_table_on_a_phone(browser_page: Any, screenshot: Shot) -> None:
    page = browser_page
    sit_down(page, seed=21)
    for number in range(1, 4):
        page.click("[data-bet='banker']")
        page.click("#deal")
        expect(page.locator("#round-number")).to_have_text(str(number))
    screenshot(page, "baccarat-phone", docs=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a {PHONE['width']}px phone"


def test_equity_calculation(browser_page: Any, screenshot: Shot) -> None:
    page = browser_page
    page.goto("/poker")
    assert page.input_value("#hole-1") == "AhKh"
    assert page.input_value("#hole-2") == "QQ+, AKs"
    page.click("#calculate")
    page.wait_for_selector(".equity-table")
    expected = calculate(["AhKh", "QQ+, AKs"])
    assert expected.exact
    rows = page.locator(".equity-table tbody tr")
    assert rows.count() == 2
    for row, player in zip(rows.all(), expected.players, strict=True):
        cells = [cell.inner_text() for cell in row.locator("td").all()]
        assert cells[1] == str(player.combos)
        assert f"{100 * player.equity:.2f}%" in cells[2]
        assert cells[3] == f"{100 * player.win:.2f}%" and cells[4] == f"{100 * player.tie:.2f}%"
    assert rows.nth(1).locator("td.range").inner_text() == "QQ+, AKs"
    caption = page.inner_text(".equity-table caption")
    assert f"Exact: all {expected.games:,} deals" in caption
    page.click("#grid-toggle-2")
    expect(page.locator("#range-picker-title")).to_contain_text("22 combos")
    screenshot(page, "poker", docs=True)


def test_a_range_by_monte_carlo_shows_its_standard_error(browser_page: Any) -> None:
    page = browser_page
    page.goto("/poker")
    page.fill("#hole-1", "TT+, AQs+, AQo+")
    page.fill("#hole-2", "")
    page.check("input[value=monte-carlo]")
    page.fill("#trials", "30000")
    page.fill("#seed", "4")
    page.click("#calculate")
    page.wait_for_selector(".equity-table")
    expected = calculate(["TT+, AQs+, AQo+", "random"], trials=30_000, rng=4)
    rows = page.locator(".equity-table tbody tr")
    assert rows.nth(0).locator("td.range").inner_text() == "TT+, AQ+"
    assert rows.nth(1).locator("td.range").inner_text() == "random"
    for row, player in zip(rows.all(), expected.players, strict=True):
        assert f"{100 * player.equity:.2f}%" in row.locator("td.equity").inner_text()
        assert player.stderr is not None
        assert row.locator("td.margin").inner_text() == f"±{100 * player.stderr:.3f}"
    assert "Monte Carlo: 30,000 trials (seed 4)" in page.inner_text(".equity-table caption")


def test_cards_picked_from_the_grid(browser_page: Any) -> None:
    page = browser_page
    page.goto("/poker")
    page.click("#clear-all")
    page.check("input[name=target][value=player-1]")
    page.click("[data-card='Ah']")
    page.click("[data-card='Ad']")
    page.check("input[name=target][value=board]")
    for card in ("2c", "7d", "Jh"):
        page.click(f"[data-card='{card}']")
    assert page.input_value("#hole-1") == "Ah Ad"
    assert page.input_value("#board") == "2c 7d Jh"
    assert page.get_attribute("[data-card='Ah']", "aria-pressed") == "true"
    page.click("[data-card='Jh']")  # a second press takes it back
    assert page.input_value("#board") == "2c 7d"
    page.check("input[name=target][value=player-2]")
    page.click("[data-card='Ks']")
    page.click("[data-card='Kd']")
    page.fill("#hole-2", page.input_value("#hole-2").replace(" ", ""))  # as one combo: KsKd
    page.click("[data-card='Kd']")  # takes Kd out of "KsKd"
    assert page.input_value("#hole-2") == "Ks"
    page.fill("#hole-2", "KK, QQ")
    page.check("input[name=target][value=board]")
    page.click("[data-card='9s']")
    page.check("input[value=monte-carlo]")
    page.fill("#trials", "50000")
    page.fill("#seed", "1")
    page.click("#calculate")
    page.wait_for_selector(".equity-table")
    assert "Monte Carlo: 50,000 trials (seed 1)" in page.inner_text(".equity-table caption")
    assert page.locator(".equity-table td.margin").count() == 2
    assert page.locator(".equity-table td.range").nth(1).inner_text() == "KK-QQ"


def test_cards_typed_in_any_notation_are_marked_on_the_grid(browser_page: Any) -> None:
    page = browser_page
    page.goto("/poker")
    page.fill("#hole-1", "H10 x♠")
    page.fill("#board", "0d, 10c 9h")
    for code in ("Th", "Ts", "Td", "Tc", "9h"):
        assert page.get_attribute(f"[data-card='{code}']", "aria-pressed") == "true", code
    label = page.get_attribute("[data-card='Th']", "aria-label")
    assert label == "10 of hearts, in player 1"
    page.fill("#hole-1", "10hKh")  # two cards in one token
    assert page.get_attribute("[data-card='Kh']", "aria-pressed") == "true"
    page.check("input[name=target][value=board]")
    page.click("[data-card='Th']")  # takes the 10 out of "10hKh"
    assert page.input_value("#hole-1") == "Kh"


def test_the_range_grid_toggles_classes_by_mouse_and_keyboard(browser_page: Any) -> None:
    page = browser_page
    page.goto("/poker")
    page.click("#grid-toggle-2")
    assert page.get_attribute("#grid-toggle-2", "aria-expanded") == "true"
    cell = page.get_by_role("button", name="AKs, ace-king suited")
    expect(cell).to_have_attribute("aria-pressed", "true")
    cell.click()  # wholly in: takes it out
    expect(page.locator("#hole-2")).to_have_value("QQ+")
    expect(page.locator("#range-picker-title")).to_contain_text("18 combos")
    jacks = page.get_by_role("button", name="JJ, pair of jacks")
    jacks.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#hole-2")).to_have_value("JJ+")
    expect(page.locator("[data-hand='JJ']")).to_be_focused()
    page.keyboard.press("Tab")  # the next cell, right of JJ: JTs
    expect(page.locator("[data-hand='JTs']")).to_be_focused()
    page.keyboard.press("Space")
    expect(page.locator("#hole-2")).to_have_value("JJ+, JTs")
    page.click("#calculate")
    page.wait_for_selector(".equity-table")
    combos = page.locator(".equity-table tbody tr").nth(1).locator("td").nth(1).inner_text()
    assert combos == str(len(Range.parse("JJ+, JTs")))


def test_a_bad_question_shows_one_line(browser_page: Any) -> None:
    page = browser_page
    page.goto("/poker")
    page.fill("#hole-2", "AhKh")
    page.click("#calculate")
    expect(page.locator("#equity-error")).to_have_text(
        "card Ah is in player 1 and in player 2: two players cannot hold the same card"
    )
    page.fill("#hole-2", "QQ, AKs, 2x")
    page.click("#calculate")
    expect(page.locator("#equity-error")).to_have_text(
        re.compile(r"^player 2: bad range token '2x' at position 3: expected a pair")
    )


def test_compare(browser_page: Any, screenshot: Shot) -> None:
    page = browser_page
    page.goto("/poker")
    page.click("#compare-form button")
    page.wait_for_selector("#compare-result .verdict")
    assert page.inner_text("#compare-result .verdict") == "Hand 2 wins"
    assert page.locator("#compare-result .winner .card.best").count() == 5
    screenshot(page, "poker-compare", full_page=False)


@pytest.mark.parametrize("browser_page", [PHONE], indirect=True)
def test_poker_on_a_phone(browser_page: Any, screenshot: Shot) -> None:
    page = browser_page
    page.goto("/poker")
    page.check("input[value=monte-carlo]")
    page.fill("#trials", "20000")
    page.click("#calculate")
    page.wait_for_selector(".equity-table")
    screenshot(page, "poker-phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a {PHONE['width']}px phone"


UNNAMED_CONTROLS = """() => [...document.querySelectorAll("button, input, select, a")]
  .filter((node) => node.type !== "hidden")
  .filter((node) => {
    const label = node.id && document.querySelector(`label[for="${node.id}"]`);
    const name = node.getAttribute("aria-label") || (label && label.textContent)
      || (node.closest("label") && node.closest("label").textContent) || node.textContent;
    return !name || !name.trim();
  })
  .map((node) => node.outerHTML.slice(0, 80))"""


@pytest.mark.parametrize("path", ["/", "/baccarat", "/poker"])
def test_every_control_has_a_name(browser_page: Any, path: str) -> None:
    page = browser_page
    if path == "/baccarat":
        sit_down(page, seed=5)
    else:
        page.goto(path)
    assert page.evaluate(UNNAMED_CONTROLS) == []
    assert page.locator("html[lang=en]").count() == 1
    assert page.locator("h1").count() == 1


def test_leaving_the_table(browser_page: Any) -> None:
    page = browser_page
    sit_down(page, seed=8)
    page.keyboard.press("p")
    page.click("#deal")
    expect(page.locator("#round-number")).to_have_text("1")
    bankroll = page.inner_text("#bankroll")
    page.click("#leave")
    expect(page.locator("#verdict")).to_have_text(
        f"You leave the table with {bankroll} after 1 round."
    )
    assert page.locator("#seated-controls").is_hidden()
    assert page.locator("#sit-details[open]").count() == 1
