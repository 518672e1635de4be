"""``croupier casino play --join URL``: a shared server's Casino table played at the
terminal, with the game's prompts, against a person (here, the test through the API);
the seat kept across a new run of the command."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from croupier.cli.casino.remote import RemoteError, RemoteTable, table_address
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX terminals")

#: The end of the prompt at this player's turn.
PROMPT = b"[?] all: "
#: Seconds a read waits for the program at most (a loaded machine).
WAIT = 60.0


class Program:
    """``croupier casino play --join`` running, its output read as it comes."""

    def __init__(self, url: str, state: Path, *extra: str) -> None:
        env = {**os.environ, "XDG_STATE_HOME": str(state), "COLUMNS": "120"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "croupier", "casino", "play", "--join", url, *extra],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        self.seen = b""

    def until(self, marker: bytes) -> str:
        """What the program printed since the last marker, up to ``marker``."""
        assert self.process.stdout is not None
        end = time.monotonic() + WAIT
        while marker not in self.seen:
            left = end - time.monotonic()
            assert left > 0, self.seen.decode(errors="replace")
            ready, _, _ = select.select([self.process.stdout], [], [], left)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 65536)
                assert chunk, self.seen.decode(errors="replace")
                self.seen += chunk
        before, _, self.seen = self.seen.partition(marker)
        return before.decode()

    def finish(self, *, stop: bool = False) -> int:
        """Wait for the program to end (stopping it first with ``stop``): its exit code."""
        if stop:
            self.process.terminate()
        self.process.communicate(timeout=WAIT)  # its pipes closed
        return self.process.returncode

    def end_input(self) -> None:
        """Close the program's input: the end of its input, as ``printf ''`` gives it."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.stdin = None  # communicate() would flush it

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(tmp_path / "server") as live:
        yield live


def ada_plays(ada: RemoteTable) -> dict[str, Any]:
    """Ada (the test) plays her first legal move whenever it is her turn."""
    view = ada.state()
    while view["status"] == "playing" and view["to_move"] == "first":
        move = view["legal"][0]
        items = [view["table"][i]["key"] for i in move["items"]]
        view = ada.post("/move", {"card": move["card"], "action": move["action"], "items": items})
    return view


def test_a_tournament_at_the_terminal_against_a_person(server: LiveServer, tmp_path: Path) -> None:
    ada = RemoteTable(table_address(f"{server.url}/casino/tables/placeholder0"), tmp_path / "a.txt")
    opened = ada.call("POST", f"{server.url}/api/casino/tables", {"name": "Ada"})
    link = f"{server.url}{opened['path']}"
    ada = RemoteTable(table_address(link), tmp_path / "a.txt")
    ben = Program(link, tmp_path / "ben", "--name", "Ben")
    text = ben.until(b"against Ada.")
    assert "Casino at" in text
    steps = 0
    while True:
        view = ada_plays(ada)
        if view["status"] == "over":
            break
        ben.until(PROMPT)
        ben.type("l")
        listing = ben.until(PROMPT)
        notations = re.findall(r"\((\w+(?: \w+)*)\)$", listing, re.MULTILINE)
        assert notations, listing
        if steps == 0:  # the first move step by step, as the game's prompts ask for it
            card = notations[0].split()[1]
            action = notations[0].split()[0][0]
            items = " ".join(notations[0].split()[2:])
            ben.type("m")
            ben.until(b"0 for the menu): ")
            ben.type(card)
            ben.until(b"choose another card): ")
            ben.type(action)
            if action != "t":
                ben.until(b": ")
                ben.type(items)
        else:
            ben.type(notations[0])
        steps += 1
        version = view["version"]
        deadline = time.monotonic() + WAIT
        while ada.state()["version"] <= version:  # Ben's move reached the server
            assert time.monotonic() < deadline, ben.seen.decode(errors="replace")
            time.sleep(0.05)
    result = ben.until(b"croupier casino review reads it).")
    assert view["result"]["text"] in result
    assert ben.finish() == 0
    assert steps >= 20


def test_the_seat_is_kept_when_the_command_is_run_again(server: LiveServer, tmp_path: Path) -> None:
    ada = RemoteTable(table_address(f"{server.url}/casino/tables/placeholder0"), tmp_path / "a.txt")
    opened = ada.call("POST", f"{server.url}/api/casino/tables", {"name": "Ada"})
    link = f"{server.url}{opened['path']}"
    ben = Program(link, tmp_path / "ben", "--name", "Ben")
    ben.until(b"against Ada.")
    ben.finish(stop=True)  # the terminal closed, or the connection dropped
    again = Program(link, tmp_path / "ben")  # no --name: the seat is known
    text = again.until(b"against Ada.")
    assert "Your name" not in text
    again.finish(stop=True)
    view = RemoteTable(table_address(link), tmp_path / "a.txt").state()
    assert view["players"]["second"]["name"] == "Ben"


def test_a_bad_link_is_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "croupier", "casino", "play", "--join", "http://127.0.0.1:1/x"],
        capture_output=True,
        text=True,
        timeout=WAIT,
        env={**os.environ, "XDG_STATE_HOME": str(tmp_path)},
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().startswith("croupier: error: bad --join")
    with pytest.raises(RemoteError, match="cannot be reached"):
        RemoteTable(
            table_address("http://127.0.0.1:1/casino/tables/abcdefgh"), tmp_path / "c"
        ).state()


@pytest.mark.parametrize(
    "link",
    [
        "http://[::1/casino/tables/abc",
        "http://[zz]/casino/tables/abcdef",
        "http://127.0.0.1:abc/casino/tables/AbCdEf123456",
        "http://127.0.0.1:99999/casino/tables/AbCdEf123456",
    ],
)
def test_a_link_the_url_parser_refuses_is_one_line(link: str, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "croupier", "casino", "play", "--join", link],
        input="",
        capture_output=True,
        text=True,
        timeout=WAIT,
        env={**os.environ, "XDG_STATE_HOME": str(tmp_path)},
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        f"croupier: error: bad --join {link!r}: "
        "expected the link of a Casino table, http://host:port/casino/tables/ID\n"
    )
    with pytest.raises(RemoteError, match="bad --join"):
        table_address(link)


def test_the_end_of_the_input_at_ones_turn_leaves_with_0(
    server: LiveServer, tmp_path: Path
) -> None:
    ada = RemoteTable(table_address(f"{server.url}/casino/tables/placeholder0"), tmp_path / "a.txt")
    opened = ada.call("POST", f"{server.url}/api/casino/tables", {"name": "Ada"})
    link = f"{server.url}{opened['path']}"
    ada = RemoteTable(table_address(link), tmp_path / "a.txt")
    ben = Program(link, tmp_path / "ben", "--name", "Ben")
    ben.until(b"against Ada.")
    ada_plays(ada)
    ben.until(PROMPT)
    ben.end_input()  # at Ben's turn
    ben.until(b"You leave the table; your seat is kept: come back with the same command.")
    assert ben.finish() == 0
