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

from croupier.baccarat import CASINO, Composition, bet_odds
from croupier.baccarat.scoreboard import DERIVED_ROADS, ask_road, big_road, derived_road
from croupier.baccarat.sitting import Sitting
from croupier.baccarat.table import Table, format_money, table_shoe
from croupier.baccarat.tablerules import VARIANTS, table_rules
from croupier.baccarat.trainer import Drill
from croupier.baccarat.trainerlog import read_history
from croupier.poker import Range, calculate

pytestmark = pytest.mark.browser
expect = pytest.importorskip(
    "playwright.sync_api", reason="browser tests: Playwright is missing: pip install playwright"
).expect

PHONE = {"width": 390, "height": 844}
Shot = Callable[..., Path]


TABLES = {"casino": "casino:5", "casino-4": "casino:4", "ez": "ez:none", "lab": "lab:"}


def sit_down(page: Any, seed: int, payouts: str = "casino", **fields: str) -> None:
    page.goto("/baccarat")
    page.select_option("#sit-table", TABLES[payouts])
    page.click("#sit-form details.more summary")
    page.fill("#sit-seed", str(seed))
    for name, value in fields.items():
        page.fill(f"#sit-{name}", value)
    page.click("#sit-form button[type=submit]")
    page.wait_for_selector("#seated-area:not([hidden])")


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
    expect(page.locator("[data-bet='banker']")).to_have_attribute("aria-label", re.compile("on it"))
    page.click("[data-bet='banker']")
    expect(page.locator("[data-bet='banker']")).to_have_attribute(
        "aria-label", re.compile(r"\$50 on it")
    )
    page.click("[data-bet='player-pair']")
    expect(page.locator("[data-take-off='player-pair']")).to_be_visible()
    page.click("#deal")
    expect(page.locator("#round-number")).to_have_text("1")
    table = Table(shoe=table_shoe(8, 11), payouts=CASINO, deal_order="casino")
    played = table.play({"banker": 5_000, "player-pair": 2_500})
    assert page.inner_text("#bankroll") == format_money(table.bankroll)
    shown = page.locator("#player-cards .card").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))"
    )
    assert shown == [card.long_name for card in played.coup.player_cards]
    coup = played.coup
    # The totals said as the terminal says them, not as odds ("Player wins 8 to 1").
    totals = f"player {coup.player_total}, banker {coup.banker_total}"
    assert totals in page.inner_text("#verdict") and " to " not in page.inner_text("#verdict")
    assert page.locator("#reasons li").count() >= 1
    for _ in range(7):
        page.click("[data-bet='player']")
        expect(page.locator("[data-take-off='player']")).to_be_visible()
        page.click("#deal")
        expect(page.locator("#round-number")).to_have_text(str(table.rounds_played + 1))
        table.play({"player": 2_500})
    assert page.inner_text("#bankroll") == format_money(table.bankroll)
    assert page.locator("#bead-plate .bead").count() == 8
    assert page.locator("#bet-odds tr").count() == len(VARIANTS.bets)
    assert page.locator("#bet-odds tr.at-table").count() == 7
    page.click("[data-bet='banker']")  # chips on the layout for the next round
    page.click("#chips [data-value='500']")
    page.click("[data-bet='tie']")
    expect(page.locator("[data-bet='tie']")).to_have_attribute(
        "aria-label", re.compile(r"\$5 on it")
    )
    screenshot(page, "baccarat", docs=True)


def test_the_table_by_keyboard(browser_page: Any) -> None:
    page = browser_page
    sit_down(page, seed=3, payouts="ez")
    page.focus("body")
    page.keyboard.press("b")
    expect(page.locator("[data-take-off='banker']")).to_be_visible()
    page.keyboard.press("d")
    expect(page.locator("#round-number")).to_have_text("1")
    assert page.locator("#settlements li").count() == 1
    # Tab reaches the chips and the spots; Enter presses them.
    page.focus("#chips [data-value='500']")
    page.keyboard.press("Enter")
    page.focus("[data-bet='dragon-7']")
    page.keyboard.press("Enter")
    expect(page.locator("[data-take-off='dragon-7']")).to_be_visible()
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
    expect(page.locator("[data-take-off='tie']")).to_be_visible()
    page.click("[data-bet='tie']")
    page.click("[data-bet='tie']")
    expect(page.locator("#bet-error")).to_contain_text(
        "Chip refused: the bets total $1,500 but the bankroll is $1,000"
    )
    assert page.get_attribute("[data-bet='tie']", "data-refused") == "true"


@pytest.mark.parametrize("browser_page", [PHONE], indirect=True)
def test_the_table_on_a_phone(browser_page: Any, screenshot: Shot) -> None:
    page = browser_page
    sit_down(page, seed=21)
    for number in range(1, 4):
        page.click("[data-bet='banker']")
        expect(page.locator("[data-take-off='banker']")).to_be_visible()
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
    page.keyboard.press("ArrowRight")  # the next cell, right of JJ: JTs
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


@pytest.mark.parametrize("path", ["/", "/baccarat", "/baccarat/trainer", "/poker"])
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
    expect(page.locator("[data-take-off='player']")).to_be_visible()
    page.click("#deal")
    expect(page.locator("#round-number")).to_have_text("1")
    bankroll = page.inner_text("#bankroll")
    page.click("#leave")
    expect(page.locator("#sit-error")).to_have_text(
        f"You leave the table with {bankroll} after 1 round."
    )
    assert page.locator("#seated-area").is_hidden()
    assert page.locator("#invite").is_visible()


def test_before_sitting_down_the_felt_invites_and_the_maths_is_a_full_shoe(
    browser_page: Any, screenshot: Shot
) -> None:
    page = browser_page
    page.goto("/baccarat")
    expect(page.locator("#invite")).to_be_visible()
    assert page.locator("#seated-area").is_hidden()
    assert "Take a seat" in page.inner_text("#invite")
    expect(page.locator("#maths-note")).to_have_text(
        "A full shoe, priced exactly (every possible round counted)."
    )
    full = {odds.bet.key: odds for odds in bet_odds(Composition.decks(8), VARIANTS)}
    assert page.locator("#bet-odds tr").count() == len(full)
    edge = page.locator("#bet-odds tr[data-key='banker-4'] td").nth(1).inner_text()
    assert edge == f"{100 * (full['banker-4'].house_edge or 0):.3f}%"
    # The side bets follow the table chosen: EZ offers Dragon 7 and Panda 8.
    page.select_option("#sit-table", "ez:none")
    assert page.locator("#side-bet-choices input").evaluate_all(
        "inputs => inputs.map(i => i.value)"
    ) == ["player-pair", "banker-pair", "dragon-7", "panda-8"]
    page.select_option("#sit-table", "casino:5")
    screenshot(page, "baccarat-invite")


def test_a_shoe_played_to_the_cut_card_draws_the_five_roads(
    browser_page: Any, screenshot: Shot
) -> None:
    page = browser_page
    page.goto("/baccarat")
    page.select_option("#sit-table", "casino:4")
    page.select_option("#sit-tie", "9")
    page.uncheck("#side-bet-choices input[value='dragon-bonus-banker']")
    page.fill("#sit-max", "50")
    page.click("#sit-form details.more summary")
    page.fill("#sit-decks", "1")
    page.fill("#sit-seed", "12")
    page.click("#sit-form button[type=submit]")
    page.wait_for_selector("#seated-area:not([hidden])")
    names = page.locator("#bet-spots .spot-name").all_inner_texts()
    assert names == [
        "Banker (4% commission)", "Player", "Tie 9:1", "Player Pair 11:1",
        "Banker Pair 11:1", "Dragon Bonus Player",
    ]  # fmt: skip
    # An over-limit chip is refused, visibly, with the table's reason.
    page.click("#chips [data-value='10000']")
    page.click("[data-bet='banker']")
    expect(page.locator("#bet-error")).to_have_text(
        "Chip refused: the Banker (4% commission) bet of $100 is over the table maximum "
        "of $50 a spot."
    )
    assert page.get_attribute("[data-bet='banker']", "data-refused") == "true"
    assert page.locator("[data-take-off='banker']").count() == 0
    # A side bet alone, then taken off before the deal.
    page.click("#chips [data-value='500']")
    page.click("[data-bet='player-pair']")
    page.click("[data-take-off='player-pair']")
    expect(page.locator("[data-take-off='player-pair']")).to_have_count(0)
    rules = table_rules("casino", commission="4", tie_pays=9, max_stake=5_000,
                        side_bets="pp,bp,dbp")  # fmt: skip
    sitting = Sitting.sit_down(rules, shoe=table_shoe(1, 12), stake=500, deal_order="casino")
    while not sitting.table.shoe.cut_card_reached:
        page.click("[data-bet='player']")
        expect(page.locator("[data-take-off='player']")).to_be_visible()
        page.click("#deal")
        sitting.play({"player": 500})
        expect(page.locator("#round-number")).to_have_text(str(sitting.rounds))
    beads = sitting.beads
    assert page.locator("#bead-plate .bead").count() == len(beads)
    assert page.locator("#big-road .ring").count() == len(big_road(beads))
    for key in DERIVED_ROADS:
        marks = derived_road(beads, key)
        shown = page.locator(f"#{key} .mark").evaluate_all(
            "marks => marks.map(m => [m.style.gridColumn, m.style.gridRow,"
            " m.classList.contains('red') ? 'red' : 'blue'])"
        )
        assert shown == [[str(m.column + 1), str(m.row + 1), m.colour.value] for m in marks]
    asked = ask_road(beads)
    for side, answers in (("banker", asked.banker), ("player", asked.player)):
        shown = page.locator(f"#ask-road [data-side='{side}'] .mark").evaluate_all(
            "marks => marks.map(m => m.dataset.colour)"
        )
        assert shown == [("" if c is None else c.value) for c in answers.values()]
    # Pointing at an ask chip shows where that win would go in the big road.
    for side, (column, row) in (("banker", asked.banker_at), ("player", asked.player_at)):
        page.hover(f"#ask-road [data-side='{side}']")
        ghost = page.locator(f"#big-road-next.{side}")
        expect(ghost).to_be_visible()
        assert ghost.evaluate("n => [n.style.gridColumn, n.style.gridRow]") == [
            str(column + 1), str(row + 1),
        ]  # fmt: skip
    page.mouse.move(0, 0)
    expect(page.locator("#big-road-next")).to_have_count(0)
    tally = sitting.tally
    shown_tally = page.inner_text("#tally")
    assert shown_tally.startswith(f"This shoe: {tally.rounds} rounds · banker {tally.banker} (")
    assert shown_tally.count("%)") == 3
    assert (
        f"longest streak: banker {tally.longest_banker}, player {tally.longest_player}"
        f" · now {tally.streak_side} {tally.streak}"
    ) in shown_tally
    assert page.locator("#bankroll-chart polyline").count() == 1
    assert f"over {sitting.rounds} rounds" in page.inner_text("#chart-note")
    screenshot(page, "baccarat-roads", docs=True)
    # The next deal reshuffles: the roads start again (the answers held only what
    # changed; this one, every road anew), the bankroll's course goes on.
    page.click("[data-bet='player']")
    expect(page.locator("[data-take-off='player']")).to_be_visible()
    page.click("#deal")
    sitting.play({"player": 500})
    expect(page.locator("#round-number")).to_have_text(str(sitting.rounds))
    expect(page.locator("#bead-plate .bead")).to_have_count(1)
    assert page.locator("#big-road .ring").count() == 1
    assert f"over {sitting.rounds} rounds" in page.inner_text("#chart-note")


def test_the_counting_trainer(
    browser_page: Any, screenshot: Shot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CROUPIER_TRAINER_DIR", str(tmp_path))
    page = browser_page
    page.goto("/baccarat/trainer")
    page.fill("#t-user", "ana")
    page.select_option("#t-count", "panda-8")
    expect(page.locator("#t-tags")).to_contain_text("Tags: 2=+1 3,4,5=-2")
    page.fill("#t-every", "4")
    page.fill("#t-cards", "8")
    page.fill("#t-speed", "0.05")
    page.fill("#t-seed", "5")
    page.click("#start-form button[type=submit]")
    drill = Drill.new("panda-8", cards=8, every=4, rng=5)
    for number in range(2):
        expect(page.locator("#drill-status")).to_have_text(
            f"Cards {4 * number + 1} to {4 * number + 4} of 8."
        )
        expect(page.locator("#answer-form")).to_be_visible()
        drill.next_cards()
        shown = page.locator("#trainer-cards .card").evaluate_all(
            "cards => cards.map(c => c.dataset.code)"
        )
        assert shown == [str(card) for card in drill.cards[4 * number : 4 * number + 4]]
        exact = drill.expected()
        running = exact.running + (1 if number else 0)  # the second answer is wrong
        page.fill("#a-running", str(running))
        page.fill("#a-true", f"{exact.true:.1f}")
        page.click("#answer-form button[type=submit]")
        drill.answer(running, exact.true, seconds=1)
    expect(page.locator("#drill-status")).to_contain_text("Drill over: 8 cards.")
    expect(page.locator("#verdict")).to_contain_text(f"Wrong: running {exact.running:+d}")
    assert "accuracy" in page.inner_text("#score").lower()
    assert page.locator("#mistakes li").count() == 1
    expect(page.locator("#history tr")).to_have_count(1)
    assert read_history("ana", tmp_path).records[0].running_right == 1
    screenshot(page, "baccarat-trainer", docs=True)


#: Every look the trainer's card box takes, in order: the codes of the cards on show, or
#: "back" for a hidden card (a MutationObserver: no moment is missed however slow the page).
RECORD_CARDS = """() => {
  window.cardLooks = [];
  const box = document.getElementById("trainer-cards");
  new MutationObserver(() => window.cardLooks.push(
    [...box.children].map((c) => c.classList.contains("back") ? "back" : c.dataset.code)
  )).observe(box, { childList: true });
}"""


def test_the_counting_trainer_in_flash_mode(
    browser_page: Any, screenshot: Shot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CROUPIER_TRAINER_DIR", str(tmp_path))
    page = browser_page
    page.goto("/baccarat/trainer")
    page.fill("#t-every", "3")
    page.fill("#t-cards", "6")
    page.fill("#t-speed", "0")
    page.fill("#t-seed", "9")
    page.fill("#t-flash", "0.2")
    page.evaluate(RECORD_CARDS)
    page.focus("#t-seed")
    page.keyboard.press("Enter")  # the keyboard all the way
    drill = Drill.new("dragon-7", cards=6, every=3, rng=9)
    drill.next_cards()
    codes = [str(card) for card in drill.cards[:3]]
    expect(page.locator("#answer-form")).to_be_visible()
    # The cards were on show, then hidden, and only then is the count asked.
    expect(page.locator("#trainer-cards .card.back")).to_have_count(3)
    assert page.locator("#trainer-cards [data-code]").count() == 0
    looks = page.evaluate("window.cardLooks")
    assert codes in looks and looks[-1] == ["back"] * 3
    assert looks.index(codes) < len(looks) - 1
    expect(page.locator("#drill-status")).to_have_text("Cards 1 to 3 of 6: hidden after 0.2 s.")
    expect(page.locator("#a-running")).to_be_focused()
    screenshot(page, "baccarat-trainer-flash")
    # A reload does not show them again.
    page.reload()
    expect(page.locator("#answer-form")).to_be_visible()
    expect(page.locator("#trainer-cards .card.back")).to_have_count(3)
    assert page.locator("#trainer-cards [data-code]").count() == 0
    exact = drill.expected()
    page.keyboard.type(str(exact.running))
    page.keyboard.press("Tab")
    page.keyboard.type(f"{exact.true:.1f}")
    page.keyboard.press("Enter")
    expect(page.locator("#verdict")).to_contain_text("Right: running")
    expect(page.locator("#drill-status")).to_have_text("Cards 4 to 6 of 6: hidden after 0.2 s.")
    expect(page.locator("#trainer-cards .card.back")).to_have_count(3)
