"""The shared tables, watching and the organiser's page on a phone (390 px wide, in
headless Chromium): every page fits the screen's width, nothing to scroll sideways.
The screenshots are written as test artefacts, to be looked at."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from croupier.web.routers.organiser import organiser_token
from tests.web.conftest import LiveServer
from tests.web.test_tables_browser import (
    join,
    open_casino,
    play_in_page,
    play_out,
    version_reached,
)

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
#: The elements shown that reach past the page's right edge ``limit`` (the first five).
PAST_THE_EDGE = """(limit) => [...document.querySelectorAll("body *")]
  .filter((node) => node.getClientRects().length)
  .filter((node) => getComputedStyle(node).visibility !== "hidden")
  .filter((node) => node.getBoundingClientRect().right > limit + 0.5)
  .filter((node) => !node.closest(".visually-hidden"))
  .filter((node) => {  // what a box scrolls (or clips) within itself is not past the page
    for (let box = node.parentElement; box; box = box.parentElement) {
      if (["auto", "scroll", "hidden"].includes(getComputedStyle(box).overflowX)) {
        return box === document.documentElement || box === document.body;
      }
    }
    return true;
  })
  .map((node) => node.tagName.toLowerCase() + (node.id ? "#" + node.id : "")
    + (typeof node.className === "string" && node.className
      ? "." + node.className.split(" ").join(".") : ""))
  .slice(0, 5)"""


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(tmp_path / "state") as server:
        yield server


def on_a_phone(page: Any) -> Any:
    page.set_viewport_size(PHONE)
    return page


def fits(page: Any, what: str) -> None:
    """The page is no wider than the phone, and no element of it reaches past its
    right edge (the element named, if one does)."""
    width = page.evaluate("document.documentElement.scrollWidth")
    wide = page.evaluate(PAST_THE_EDGE, PHONE["width"])
    assert width <= PHONE["width"] and not wide, f"{what}: {width}px wide; past the edge: {wide}"


def test_a_casino_table_and_its_watcher_on_phones(
    browsers: Callable[[LiveServer], Any], own_server: LiveServer, screenshot: Any
) -> None:
    ada, ben, cy = (on_a_phone(browsers(own_server)) for _ in range(3))
    table = open_casino(ada, "Ada")
    screenshot(ada, "phone-casino-table-waiting")
    fits(ada, "the Casino table waiting for a second player")
    join(ben, ada.input_value("#invite-link"), "Ben")
    cy.goto(ada.url)
    cy.wait_for_selector("body[data-live='true']")
    pages = {"first": ada, "second": ben}
    for _ in range(4):
        mover = pages[cy.evaluate(
            "async (id) => (await (await fetch(`/api/casino/tables/${id}`)).json()).to_move",
            table,
        )]  # fmt: skip
        version = play_in_page(mover, table)
        for page in (ada, ben, cy):
            version_reached(page, version)
    screenshot(ben, "phone-casino-table-playing")
    fits(ben, "the Casino table, playing")
    screenshot(cy, "phone-casino-table-watching")
    fits(cy, "the Casino table, watched")


def test_a_shared_baccarat_table_and_its_watcher_on_phones(
    browsers: Callable[[LiveServer], Any], own_server: LiveServer, screenshot: Any
) -> None:
    ada, cy = on_a_phone(browsers(own_server)), on_a_phone(browsers(own_server))
    ada.goto("/")
    ada.wait_for_selector("body[data-ready='true']")
    screenshot(ada, "phone-lobby")
    fits(ada, "the lobby")
    ada.fill("#baccarat-title", "Room 12")
    ada.click("#open-baccarat-button")
    ada.wait_for_url("**/baccarat/tables/*")
    ada.wait_for_selector("body[data-live='true']")
    ada.fill("#sit-name", "Ada")
    ada.click("#sit-button")
    ada.wait_for_selector("#seated-controls:not([hidden])")
    cy.goto(ada.url)
    cy.wait_for_selector("body[data-live='true']")
    ada.click('#chips button[data-value="2500"]')
    ada.click('#bet-spots button[data-bet="banker"]')
    ada.click("#ready")
    for page in (ada, cy):
        page.wait_for_selector("body[data-round='1']")
    screenshot(ada, "phone-baccarat-table-shared")
    fits(ada, "the shared Baccarat table")
    screenshot(cy, "phone-baccarat-table-watching")
    fits(cy, "the shared Baccarat table, watched")


def test_the_organiser_s_page_on_a_phone(
    browsers: Callable[[LiveServer], Any], own_server: LiveServer, screenshot: Any
) -> None:
    """With a tournament between people played out (long names, standings, a table
    open), the organiser's page on a phone."""
    ada, ben = browsers(own_server), browsers(own_server)
    organiser = on_a_phone(browsers(own_server))
    table = open_casino(ada, "Adelaide Fortescue")
    join(ben, ada.input_value("#invite-link"), "Benedict Cumberland")
    play_out({"first": ada, "second": ben}, table)
    open_casino(ada, "Adelaide Fortescue")  # and a table waiting
    token = organiser_token(own_server.app.state.store.secret())
    organiser.goto(f"/organiser?token={token}")
    organiser.wait_for_selector("body[data-ready='true']")
    organiser.wait_for_selector("#standings td.num")
    screenshot(organiser, "phone-organiser")
    fits(organiser, "the organiser's page")
