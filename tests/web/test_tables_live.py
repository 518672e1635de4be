"""Shared Casino tables on real servers: two players and a watcher, each following the
table live (server-sent events); every answer and event they receive shows only what
each may see; on two server processes sharing one database; across a restart.

The clients are the terminal's (:class:`~croupier.cli.casino.remote.RemoteTable`): each
a browser of its own, with its own cookies, reading the table's stream on a thread."""

from __future__ import annotations

import queue
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from croupier.casino import Player
from croupier.cli.casino.remote import RemoteTable, table_address
from croupier.web.tables import Tables
from croupier.web.views.match import CasinoTable
from tests.web.conftest import LiveServer
from tests.web.hidden import assert_nothing_hidden, hidden_cards

#: Seconds a test waits for an event at most (a loaded machine: far more than needed).
WAIT = 60.0
SEATS = {"first": Player.HUMAN, "second": Player.COMPUTER}


class Browser:
    """A browser at a table: its client, and every table its stream brought."""

    def __init__(self, server: LiveServer, table: str, cookies: Path) -> None:
        self.table = RemoteTable(table_address(f"{server.url}/casino/tables/{table}"), cookies)
        self.events: queue.Queue[dict[str, Any]] = queue.Queue()
        self.seen: list[dict[str, Any]] = []

    def follow(self) -> None:
        """Load the table, then follow it (as a page does: the load gives the browser its
        cookie, which the stream and every later request carry; a stream opened first
        would race the next request for a session of its own)."""
        self.table.state()
        self.table.follow(self.events)

    def until(self, version: int) -> dict[str, Any]:
        """The events up to the table's ``version`` (each kept), the last one returned."""
        while True:
            event = self.events.get(timeout=WAIT)
            self.seen.append(event)
            if event["version"] >= version:
                return event


def open_table(server: LiveServer, cookies: Path) -> str:
    client = RemoteTable(table_address(f"{server.url}/casino/tables/placeholder0"), cookies)
    answer = client.call("POST", f"{server.url}/api/casino/tables", {"name": "Ada"})
    return str(answer["id"])


def truth(server: LiveServer, table: str) -> CasinoTable:
    """The table as the server holds it (every card)."""
    tables: Tables = server.app.state.tables
    return tables.look(table, "casino", CasinoTable.from_dict)[1]


def move_body(view: dict[str, Any]) -> dict[str, Any]:
    move = view["legal"][0]
    items = [view["table"][i]["key"] for i in move["items"]]
    return {"card": move["card"], "action": move["action"], "items": items}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(tmp_path / "state") as live:
        yield live


def play_moves(
    servers: dict[str, LiveServer],
    browsers: dict[str, Browser],
    table: str,
    moves: int,
    *,
    check: bool,
) -> dict[str, Any]:
    """Whoever is to move plays their first legal move, ``moves`` times (or to the end);
    every other browser's stream brings each move; with ``check``, every answer and
    event is checked for hidden cards against the server's own table."""
    view = browsers["first"].table.state()
    for _ in range(moves):
        if view["status"] != "playing":
            break
        mover = view["to_move"]
        mine = browsers[mover].table.state()
        answer = browsers[mover].table.post("/move", move_body(mine))
        version = answer["version"]
        state = truth(servers[mover], table).match.state
        assert state is not None
        if check:
            assert_nothing_hidden(answer, hidden_cards(state, SEATS[mover]))
        for name, browser in browsers.items():
            event = browser.until(version)
            assert event["version"] == version  # each change reaches every stream
            if check:
                for seen in browser.seen:
                    if seen["version"] == version:
                        assert_nothing_hidden(seen, hidden_cards(state, SEATS.get(name)))
        view = answer
    return view


def test_two_players_and_a_watcher_follow_a_table_live(server: LiveServer, tmp_path: Path) -> None:
    table = open_table(server, tmp_path / "ada.txt")
    browsers = {
        "first": Browser(server, table, tmp_path / "ada.txt"),
        "second": Browser(server, table, tmp_path / "ben.txt"),
        "watcher": Browser(server, table, tmp_path / "cy.txt"),
    }
    for browser in browsers.values():
        browser.follow()
    first = browsers["first"].until(1)
    assert first["you"] == "first" and first["status"] == "waiting"
    joined = browsers["second"].table.post("/join", {"name": "Ben"})
    for name, browser in browsers.items():
        seen = browser.until(joined["version"])
        assert seen["status"] == "playing"
        assert seen["you"] == (name if name != "watcher" else None)
        assert (seen["hand"] == []) is (name == "watcher")
    servers = dict.fromkeys(("first", "second", "watcher"), server)
    view = play_moves(servers, browsers, table, 500, check=True)
    assert view["status"] == "over" and view["result"] is not None
    for browser in browsers.values():
        browser.table.stop()
    assert sum(len(b.seen) for b in browsers.values()) > 100


def test_a_restart_in_the_middle_of_a_game_loses_nothing(tmp_path: Path) -> None:
    state_dir = tmp_path / "state"
    with LiveServer(state_dir) as server:
        table = open_table(server, tmp_path / "ada.txt")
        ada = Browser(server, table, tmp_path / "ada.txt")
        ben = Browser(server, table, tmp_path / "ben.txt")
        ben.table.post("/join", {"name": "Ben"})
        for browser in (ada, ben):
            browser.follow()
        play_moves({"first": server, "second": server}, {"first": ada, "second": ben}, table, 7,
                   check=False)  # fmt: skip
        before = {"first": ada.table.state(), "second": ben.table.state()}
        for browser in (ada, ben):
            browser.table.stop()
    with LiveServer(state_dir) as again:  # another port, the same database
        ada = Browser(again, table, tmp_path / "ada.txt")
        ben = Browser(again, table, tmp_path / "ben.txt")
        after = {"first": ada.table.state(), "second": ben.table.state()}
        for seat in ("first", "second"):
            assert after[seat]["you"] == seat  # the same seat: the browser's cookie
            for key in ("hand", "table", "history", "players", "to_move", "version"):
                assert after[seat][key] == before[seat][key]
        for browser in (ada, ben):
            browser.follow()
        view = play_moves({"first": again, "second": again}, {"first": ada, "second": ben},
                          table, 3, check=False)  # fmt: skip
        assert view["version"] == before["first"]["version"] + 3
        for browser in (ada, ben):
            browser.table.stop()


def test_two_server_processes_on_one_postgresql(tmp_path: Path, postgres_server: Any) -> None:
    """A move made through one server reaches a browser following the table through the
    other: its poll of the shared database finds it."""
    database = postgres_server.database()
    with (
        LiveServer(tmp_path / "one", database) as one,
        LiveServer(tmp_path / "two", database) as two,
    ):
        table = open_table(one, tmp_path / "ada.txt")
        browsers = {
            "first": Browser(one, table, tmp_path / "ada.txt"),
            "second": Browser(two, table, tmp_path / "ben.txt"),
            "watcher": Browser(one, table, tmp_path / "cy.txt"),
        }
        browsers["second"].table.post("/join", {"name": "Ben"})
        for browser in browsers.values():
            browser.follow()
        servers = {"first": one, "second": two, "watcher": one}
        view = play_moves(servers, browsers, table, 30, check=True)
        assert view["version"] >= 30
        for browser in browsers.values():
            browser.table.stop()
