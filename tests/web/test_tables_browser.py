"""The shared tables in real browsers: two players and a watcher, each a browser context
of its own, on one server and on two servers sharing a PostgreSQL database; a Casino
tournament between people, a take-back by agreement, a shared Baccarat round, the
organiser's page. Each page fails its test on a console error or an outside request."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from croupier.web.routers.organiser import organiser_token
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser


def table_state(page: Any, table: str) -> Any:
    """The table as this page's browser sees it (its own cookies)."""
    return page.evaluate("async (id) => (await fetch(`/api/casino/tables/${id}`)).json()", table)


def version_reached(page: Any, version: int) -> None:
    """Wait until the page shows the table at ``version`` (its live updates)."""
    page.wait_for_function(f"() => Number(document.body.dataset.version) >= {version}")


def play_in_page(page: Any, table: str) -> int:
    """The page's player makes their first legal move with the mouse: the card of the
    hand, the table items, then the action. Returns the table's version after it."""
    view = table_state(page, table)
    move = view["legal"][0]
    page.locator(f'#hand button[data-card="{move["card"]}"]').click()
    for index in move["items"]:
        page.locator(f'#table-items button[data-index="{index}"]').click()
    page.locator(f'#move-actions .action[data-action="{move["action"]}"]').click()
    version = int(view["version"]) + 1
    version_reached(page, version)
    return version


def play_out(pages: dict[str, Any], table: str) -> Any:
    """The rest of the tournament, each seat's first legal move through its browser's
    own requests (its cookies); the table at the end."""
    view = table_state(pages["first"], table)
    while view["status"] == "playing":
        mover = pages[view["to_move"]]
        mine = table_state(mover, table)
        move = mine["legal"][0]
        body = {
            "card": move["card"],
            "action": move["action"],
            "items": [mine["table"][i]["key"] for i in move["items"]],
        }
        answer = mover.request.post(f"/api/casino/tables/{table}/move", data=body)
        assert answer.ok, answer.text()
        view = answer.json()
    return view


def open_casino(page: Any, name: str) -> str:
    """Open a Casino table from the lobby; its id."""
    page.goto("/")
    page.wait_for_selector("body[data-ready='true']")
    page.fill("#casino-name", name)
    page.click("#open-heads")
    page.wait_for_url("**/casino/tables/*")
    page.wait_for_selector("body[data-live='true']")
    return str(page.url.rsplit("/", 1)[1])


def join(page: Any, link: str, name: str) -> None:
    page.goto(link)
    page.wait_for_selector("body[data-ready='true']")
    page.fill("#join-name", name)
    page.click("#join-button")
    page.wait_for_selector("#status:has-text('turn')")


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(tmp_path / "state") as server:
        yield server


def test_two_players_and_a_watcher_play_casino(
    browsers: Callable[[LiveServer], Any], own_server: LiveServer, screenshot: Any
) -> None:
    ada, ben, cy = browsers(own_server), browsers(own_server), browsers(own_server)
    table = open_casino(ada, "Ada")
    assert ada.locator("#invite").is_visible()
    link = ada.input_value("#invite-link")
    assert link.endswith(f"/casino/tables/{table}")
    screenshot(ada, "casino-table-waiting", docs=True)
    join(ben, link, "Ben")
    cy.goto(link)
    cy.wait_for_selector("body[data-live='true']")
    assert cy.locator("#watching").is_visible() and not cy.locator("#hand").is_visible()
    pages = {"first": ada, "second": ben}
    for _ in range(6):  # moves with the mouse, each reaching the others live
        mover = pages[table_state(ada, table)["to_move"]]
        version = play_in_page(mover, table)
        for page in (ada, ben, cy):
            version_reached(page, version)
    assert "turn" in ben.inner_text("#status")
    assert (
        cy.locator("#top-hand .card.back").count()
        + cy.locator("#bottom-hand-backs .card.back").count()
        > 0
    )
    screenshot(ben, "casino-table-playing", docs=True)
    screenshot(cy, "casino-table-watching", docs=True)
    view = play_out(pages, table)
    for page in (ada, ben, cy):
        version_reached(page, view["version"])
        assert view["result"]["text"] in page.inner_text("#status")
    assert ada.locator("#review-game").is_visible() and not cy.locator("#review-game").is_visible()
    screenshot(ada, "casino-table-over", docs=True)


def test_a_take_back_by_agreement(
    browsers: Callable[[LiveServer], Any], own_server: LiveServer
) -> None:
    ada, ben = browsers(own_server), browsers(own_server)
    table = open_casino(ada, "Ada")
    join(ben, ada.input_value("#invite-link"), "Ben")
    pages = {"first": ada, "second": ben}
    view = table_state(ada, table)
    mover, other = (
        pages[view["to_move"]],
        pages["second" if view["to_move"] == "first" else "first"],
    )
    before = table_state(mover, table)
    version = play_in_page(mover, table)
    version_reached(other, version)
    mover.click("#takeback")
    version_reached(other, version + 1)
    assert other.locator("#takeback-asked").is_visible()
    other.click("#takeback-yes")
    version_reached(mover, version + 2)
    assert table_state(mover, table)["hand"] == before["hand"]
    assert not other.locator("#takeback-asked").is_visible()


def test_a_shared_baccarat_round(
    browsers: Callable[[LiveServer], Any], own_server: LiveServer, screenshot: Any
) -> None:
    ada, ben, cy = browsers(own_server), browsers(own_server), browsers(own_server)
    ada.goto("/")
    ada.wait_for_selector("body[data-ready='true']")
    ada.fill("#baccarat-title", "Room 12")
    ada.fill("#baccarat-window", "60")
    ada.click("#open-baccarat-button")
    ada.wait_for_url("**/baccarat/tables/*")
    link = ada.url
    for page, name in ((ada, "Ada"), (ben, "Ben")):
        if page is not ada:
            page.goto(link)
        page.wait_for_selector("body[data-live='true']")
        page.fill("#sit-name", name)
        page.click("#sit-button")
        page.wait_for_selector("#seated-controls:not([hidden])")
    cy.goto(link)
    cy.wait_for_selector("body[data-live='true']")
    for page, spot in ((ada, "banker"), (ben, "player")):
        page.click('#chips button[data-value="2500"]')
        page.click(f'#bet-spots button[data-bet="{spot}"]')
        page.wait_for_selector(f'#bet-spots button[data-bet="{spot}"] .chip')
    cy.wait_for_selector("#bettors:has-text('$25 on Player')")
    assert "Betting closes in" in cy.inner_text("#window")
    ada.click("#ready")
    ben.wait_for_selector("#bettors .ready-mark")
    ben.click("#ready")
    for page in (ada, ben, cy):
        page.wait_for_selector("body[data-round='1']")
        assert "Round 1" in page.inner_text("#verdict")
    assert ben.locator("#settlements li").count() == 1
    screenshot(ben, "baccarat-table-shared", docs=True)
    screenshot(cy, "baccarat-table-watching")


def test_the_room_table_opens_with_the_rules_chosen_in_the_lobby(
    browsers: Callable[[LiveServer], Any], own_server: LiveServer
) -> None:
    page = browsers(own_server)
    page.goto("/")
    page.wait_for_selector("body[data-ready='true']")
    page.select_option("#baccarat-table", "casino:super6")
    page.select_option("#baccarat-tie", "9")
    page.click("#open-baccarat-button")
    page.wait_for_url("**/baccarat/tables/*")
    page.wait_for_selector("body[data-live='true']")
    title = page.inner_text("#table-title")
    assert "a banker 6 pays 1:2" in title and "tie 9:1" in title, title
    table = page.request.get("/api" + page.url.removeprefix(own_server.url)).json()
    assert table["rules"]["commission"] == "super6"


def test_the_organiser_sees_the_room(
    browsers: Callable[[LiveServer], Any], own_server: LiveServer, screenshot: Any
) -> None:
    ada, organiser = browsers(own_server), browsers(own_server)
    open_casino(ada, "Ada")
    token = organiser_token(own_server.app.state.store.secret())
    organiser.goto(f"/organiser?token={token}")
    organiser.wait_for_selector("body[data-ready='true']")
    assert "Ada vs (a free seat)" in organiser.inner_text("#tables")
    assert "Ada" in organiser.inner_text("#people")
    screenshot(organiser, "organiser", docs=True)


def test_two_server_processes_on_one_postgresql(
    browsers: Callable[[LiveServer], Any], tmp_path: Path, postgres_server: Any
) -> None:
    """Ada and the watcher on one server, Ben on the other: each move reaches the others
    through the shared database."""
    database = postgres_server.database()
    with (
        LiveServer(tmp_path / "one", database) as one,
        LiveServer(tmp_path / "two", database) as two,
    ):
        ada, ben, cy = browsers(one), browsers(two), browsers(one)
        table = open_casino(ada, "Ada")
        join(ben, f"{two.url}/casino/tables/{table}", "Ben")
        cy.goto(f"/casino/tables/{table}")
        cy.wait_for_selector("body[data-live='true']")
        pages = {"first": ada, "second": ben}
        for _ in range(4):
            mover = pages[table_state(ada, table)["to_move"]]
            version = play_in_page(mover, table)
            for page in (ada, ben, cy):
                version_reached(page, version)
        for page in (ada, ben, cy):  # the contexts close before the servers stop
            page.context.close()
