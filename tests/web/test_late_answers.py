"""Late answers on every page but poker's (tested in ``test_poker_browser.py``): an answer
arriving after the player asked something newer (a double click, a deal or a new game
while a request is on its way, a table left) must not be drawn over the newer state, nor
act twice. Each test makes one answer late by wrapping ``window.fetch`` (the request
goes out at once, the page receives its answer later), as a loaded server may."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.slowness import patience
from tests.web.test_browser import sit_down
from tests.web.test_casino_browser import api_state, click_move, new_game, richest, settle

pytestmark = pytest.mark.browser
expect = pytest.importorskip(
    "playwright.sync_api", reason="browser tests: Playwright is missing: pip install playwright"
).expect


def late(path: str, *, method: str = "POST", nth: int = 1, ms: int = 1500) -> str:
    """An init script making the answer to the ``nth`` ``method`` request to ``path``
    reach the page ``ms`` late; ``window.lateReleased`` is true once it has (and
    ``window.lateCount`` counts the late answers released, several scripts together)."""
    return f"""
(() => {{
  const fetched = window.fetch.bind(window);
  let seen = 0;
  window.lateReleased = false;
  window.fetch = async (path, options) => {{
    const method = (options && options.method) || "GET";
    const mine = String(path).endsWith({json.dumps(path)}) && method === {json.dumps(method)}
      ? ++seen : 0;
    const response = await fetched(path, options);
    if (mine === {nth}) {{
      await new Promise((resolve) => setTimeout(resolve, {ms}));
      window.lateReleased = true;
      window.lateCount = (window.lateCount || 0) + 1;
    }}
    return response;
  }};
}})();
"""


#: An init script (added after ``late``'s) keeping ``window.sent``: each request as sent,
#: ``[method, path, whether the late answer had reached the page then]``.
SENT = """
(() => {
  const fetched = window.fetch.bind(window);
  window.sent = [];
  window.fetch = (path, options) => {
    const method = (options && options.method) || "GET";
    window.sent.push([method, new URL(String(path), location.href).pathname,
                      Boolean(window.lateReleased)]);
    return fetched(path, options);
  };
})();
"""


def sent_after_the_late_answer(page: Any, method: str, path: str) -> bool:
    """Whether every ``method`` request to ``path`` went out after the late answer had
    reached the page (the server refuses a change sent while another is on its way)."""
    sent = [entry for entry in page.evaluate("window.sent") if entry[:2] == [method, path]]
    assert sent, f"no {method} {path} was sent"
    return all(entry[2] for entry in sent)


def after_the_late_answer(page: Any, count: int = 1) -> None:
    """Wait until the late answer (the ``count`` late answers of as many ``late`` scripts)
    has reached the page, and the page has handled it."""
    page.wait_for_function(f"() => (window.lateCount || 0) >= {count}", timeout=patience(30) * 1000)
    page.wait_for_timeout(300)


# --- Baccarat ------------------------------------------------------------------------


def seated_with_a_25_chip(page: Any, script: str) -> None:
    """Seated at a table (seed 11) with ``script`` late, the $25 chip chosen."""
    page.add_init_script(script)
    sit_down(page, seed=11)
    page.click("#chips [data-value='2500']")


def test_a_double_click_on_a_bet_puts_two_chips_down(browser_page: Any) -> None:
    # both checks used to propose the bets as they were before either answer: one chip
    page = browser_page
    seated_with_a_25_chip(page, late("/api/baccarat/check", ms=800))
    page.dblclick("[data-bet='banker']")
    expect(page.locator("[data-bet='banker']")).to_have_attribute(
        "aria-label", re.compile(r"\$50 on it")
    )


def test_a_chip_checked_late_does_not_come_back_after_the_deal(browser_page: Any) -> None:
    page = browser_page
    seated_with_a_25_chip(page, late("/api/baccarat/check", nth=2))
    page.click("[data-bet='banker']")
    expect(page.locator("[data-take-off='banker']")).to_be_visible()
    page.click("[data-bet='player']")  # its check answers after the deal
    page.click("#deal")
    expect(page.locator("#round-number")).to_have_text("1")
    after_the_late_answer(page)
    expect(page.locator("[data-take-off]")).to_have_count(0)
    page.click("#rebet")  # the bets dealt, not the late chip's
    expect(page.locator("[data-take-off='banker']")).to_be_visible()
    expect(page.locator("[data-take-off]")).to_have_count(1)


def test_d_pressed_twice_deals_once(browser_page: Any) -> None:
    # the second deal went out too, and the first deal's late answer was drawn over it
    page = browser_page
    page.add_init_script(late("/api/baccarat/deal", ms=1000))
    sit_down(page, seed=3)
    page.focus("body")
    page.keyboard.press("b")
    expect(page.locator("[data-take-off='banker']")).to_be_visible()
    page.keyboard.press("d")
    page.keyboard.press("d")
    after_the_late_answer(page)
    expect(page.locator("#round-number")).to_have_text("1")
    assert page.request.get("/api/baccarat").json()["rounds_played"] == 1


def test_a_deal_answered_after_leaving_the_table_is_dropped(browser_page: Any) -> None:
    page = browser_page
    page.add_init_script(late("/api/baccarat/deal"))
    page.add_init_script(SENT)
    sit_down(page, seed=8)
    page.focus("body")
    page.keyboard.press("p")
    expect(page.locator("[data-take-off='player']")).to_be_visible()
    page.click("#deal")
    page.click("#leave")
    expect(page.locator("#sit-error")).to_contain_text("You leave the table")
    after_the_late_answer(page)
    assert page.locator("#seated-area").is_hidden()
    assert page.locator("#invite").is_visible()
    assert page.request.get("/api/baccarat").json()["seated"] is False
    # the leave waited for the deal's answer: sent during the deal, a loaded server
    # (the deal still being written) refused it as a change made meanwhile
    assert sent_after_the_late_answer(page, "DELETE", "/api/baccarat/table")


# --- Casino --------------------------------------------------------------------------


def shown_hand(page: Any) -> list[str]:
    return list(
        page.locator("#hand [data-card]").evaluate_all(
            "buttons => buttons.map(b => b.dataset.card)"
        )
    )


def send_a_move(page: Any) -> None:
    """Click a legal move's card, table items and action (its answer not awaited)."""
    move = richest(api_state(page)["position"]["legal"])
    page.click(f"#hand [data-card='{move['card']}']")
    for index in move["items"]:
        page.click(f"#table-items [data-index='{index}']")
    page.click(f"#move-actions [data-action='{move['action']}']")


def test_a_hint_answered_after_the_move_is_not_applied(browser_page: Any) -> None:
    # the hint of the old position chose its move on the new one and said it
    page = browser_page
    page.add_init_script(late("/api/casino/hint"))
    new_game(page, "casual")
    page.click("#hint")
    send_a_move(page)
    after_the_late_answer(page)
    settle(page)
    expect(page.locator("#hint-text")).to_have_text("")
    expect(page.locator("#hand [aria-pressed='true']")).to_have_count(0)


def test_a_move_answered_after_a_new_game_does_not_bring_the_old_game_back(
    browser_page: Any,
) -> None:
    page = browser_page
    page.add_init_script(late("/api/casino/move"))
    new_game(page, "casual")
    send_a_move(page)
    page.click("#call-tails")  # a new tournament while the move's answer is on its way
    after_the_late_answer(page)
    settle(page)
    state = api_state(page)
    assert state["moves_logged"] <= 1  # the new game (the computer may have played first)
    assert shown_hand(page) == state["position"]["hand_keys"]
    expect(page.locator("#round-number")).to_have_text("1")
    expect(page.locator("#score-human")).to_have_text("0")


def test_a_double_click_on_take_back_takes_back_one_move(browser_page: Any) -> None:
    # the second click went out while the first was on its way: refused, its error shown
    page = browser_page
    page.add_init_script(late("/api/casino/undo"))
    new_game(page, "casual")
    click_move(page, richest(api_state(page)["position"]["legal"]))
    page.dblclick("#undo")
    after_the_late_answer(page)
    settle(page)
    expect(page.locator("#toss-text")).to_contain_text("Taken back: ")
    expect(page.locator("#move-error")).to_have_text("")
    assert not [e for e in api_state(page)["history"] if e["player"] == "human"]


# --- The counting trainer ------------------------------------------------------------


def start_drill(page: Any, user: str) -> None:
    page.goto("/baccarat/trainer")
    page.fill("#t-user", user)
    page.fill("#t-every", "4")
    page.fill("#t-cards", "12")
    page.fill("#t-speed", "0.01")
    page.fill("#t-seed", "5")
    page.click("#start-form button[type=submit]")
    expect(page.locator("#answer-form")).to_be_visible()
    page.fill("#a-running", "0")
    page.fill("#a-true", "0")


def test_an_answer_sent_twice_answers_once(
    browser_page: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # the second Enter answered the next cards, unseen, and the late first answer was
    # drawn over it
    monkeypatch.setenv("CROUPIER_TRAINER_DIR", str(tmp_path))
    page = browser_page
    page.add_init_script(late("/api/baccarat/trainer/answer", ms=1000))
    start_drill(page, "bo")
    page.press("#a-true", "Enter")
    page.press("#a-true", "Enter")
    after_the_late_answer(page)
    drill = page.request.get("/api/baccarat/trainer").json()["drill"]
    assert drill["score"]["asked"] == 1
    expect(page.locator("#drill-status")).to_have_text("Cards 5 to 8 of 12.")


def test_an_answer_arriving_after_stop_does_not_bring_the_drill_back(
    browser_page: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CROUPIER_TRAINER_DIR", str(tmp_path))
    page = browser_page
    page.add_init_script(late("/api/baccarat/trainer/answer"))
    page.add_init_script(SENT)
    start_drill(page, "cy")
    page.press("#a-true", "Enter")
    page.click("#stop")
    expect(page.locator("#score")).to_contain_text("Stopped")
    after_the_late_answer(page)
    assert page.request.get("/api/baccarat/trainer").json()["drill"] is None
    expect(page.locator("#start-form")).to_be_visible()
    expect(page.locator("#answer-form")).to_be_hidden()
    expect(page.locator("#score")).to_contain_text("Stopped")
    # the stop waited for the answer on its way: sent at once, it was refused when the
    # server was still writing the answer ("changed in another tab or request meanwhile")
    assert sent_after_the_late_answer(page, "DELETE", "/api/baccarat/trainer")
