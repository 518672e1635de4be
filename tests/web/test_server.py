"""``croupier serve`` as a class or a club runs it: several server processes on one
database, SQLite or a real PostgreSQL server on loopback (the ``database`` fixture).

One browser's games are played through both processes of one ``--workers 2`` server,
and through two separate servers (two hosts behind one address, as far as a test on
one machine can tell) sharing one database: every deal follows the last, whichever
process answers it.
"""

from __future__ import annotations

import gc
import json
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from http.cookiejar import CookieJar
from typing import Any

import pytest

from croupier.web.server import settle_garbage_collector
from croupier.web.store import open_store
from tests.slowness import patience

CROUPIER = [sys.executable, "-m", "croupier"]


@contextmanager
def serving(*args: str) -> Iterator[str]:
    """``croupier serve`` on a free loopback port for the block; yields its address.
    Stopped by SIGTERM at the end, which must be quick (every process) and clean: exit
    code 143, "croupier stopped.", no traceback."""
    server = subprocess.Popen(
        [*CROUPIER, "serve", "--port", "0", "--compute-workers", "1", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert first.startswith("croupier is serving at http://127.0.0.1:"), first
        assert "Games are saved in" in server.stdout.readline()
        if "--workers" in args:
            workers = args[args.index("--workers") + 1]
            expected = f"{workers} server processes, each with 1 worker processes"
            assert expected in server.stdout.readline()
        yield first.split()[4]
        limit = patience(8)  # measured before the stop, not while it loads the machine
        started = time.monotonic()
        server.send_signal(signal.SIGTERM)
        out, err = server.communicate(timeout=patience(30))
        assert time.monotonic() - started < limit, err
        assert server.returncode == 143, err
        assert "croupier stopped." in out and "Traceback" not in err, (out, err)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


class Browser:
    """One browser: its cookies, and a new connection for every request (so that the
    kernel hands them to any of a server's processes)."""

    def __init__(self) -> None:
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def post(self, url: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            url,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "Connection": "close"},
        )
        with self.opener.open(request, timeout=patience(60)) as answer:
            return json.load(answer)


def deal(browser: Browser, url: str) -> int:
    """A round dealt at ``url``; the rounds played at the browser's table since."""
    answer = browser.post(url + "api/baccarat/deal", {"stakes": {"banker": "5"}})
    return int(answer["rounds_played"])


@pytest.mark.slow
def test_server_processes_and_servers_on_one_database_serve_one_club(database: str) -> None:
    """A ``--workers 2`` server and a second server beside it, on one database: three
    browsers deal through all three processes in turn."""
    with (
        serving("--database", database, "--workers", "2") as first,
        serving("--database", database) as second,
    ):
        browsers = [Browser() for _ in range(3)]
        for number, browser in enumerate(browsers):
            browser.post(first + "api/baccarat/table", {"seed": number})
        played = [
            [
                deal(browser, (first, second)[(turn + number) % 2])
                for number, browser in enumerate(browsers)
            ]
            for turn in range(8)
        ]
    assert played == [[n, n, n] for n in range(1, 9)]
    store = open_store(None, database)
    try:
        assert store.stats().sessions == 3
    finally:
        store.close()


def test_the_server_settles_the_garbage_collector_before_serving() -> None:
    try:
        settle_garbage_collector()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
