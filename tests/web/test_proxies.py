"""Behind a reverse proxy: the forwarded client address, believed only when told.

Issue 36 item 8: the join-code lockout and the session cap are kept per address, so
behind a NAT or a proxy every student is one address and one student's wrong codes lock
the whole class out. ``croupier serve --forwarded-allow-ips`` names the proxies whose
``X-Forwarded-For`` is believed (uvicorn's own middleware); without it no one's is, not
even loopback's (uvicorn alone believes loopback's).
"""

from __future__ import annotations

import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator

import pytest
import uvicorn

from croupier.web.app import create_app
from croupier.web.guard import JOIN_TRIES
from croupier.web.server import _config
from tests.slowness import patience

CODE = "KXR4M2PQ"


class Running:
    """croupier's app with a join code, on loopback, configured as ``croupier serve``
    configures it (:func:`croupier.web.server._config`), in a thread."""

    def __init__(self, proxies: tuple[str, ...]) -> None:
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(128)
        self.url = f"http://127.0.0.1:{self.socket.getsockname()[1]}"
        app = create_app(join_code=CODE, allowed_hosts={"127.0.0.1"})
        self.server = uvicorn.Server(_config(app, proxies))
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True
        )

    def join(self, code: str, forwarded_for: str) -> int:
        """The status of a join form sent with ``X-Forwarded-For: forwarded_for``."""
        request = urllib.request.Request(
            self.url + "/join",
            data=urllib.parse.urlencode({"code": code, "next": "/"}).encode(),
            headers={"X-Forwarded-For": forwarded_for},
        )
        opener = urllib.request.build_opener(NoRedirect)
        try:
            with opener.open(request, timeout=patience(10)) as answer:
                return int(answer.status)
        except urllib.error.HTTPError as exc:
            exc.close()
            return exc.code


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


@pytest.fixture
def serving(request: pytest.FixtureRequest) -> Iterator[Running]:
    running = Running(request.param)
    running.thread.start()
    deadline = time.monotonic() + patience(20)
    while not running.server.started:
        assert time.monotonic() < deadline and running.thread.is_alive()
        time.sleep(0.02)
    yield running
    running.server.should_exit = True
    running.thread.join(timeout=patience(10))
    running.socket.close()


@pytest.mark.parametrize("serving", [("127.0.0.1",)], indirect=True)
def test_a_trusted_proxy_counts_each_players_wrong_codes_apart(serving: Running) -> None:
    for _ in range(JOIN_TRIES):
        assert serving.join("WRONG", "203.0.113.5") == 403
    assert serving.join(CODE, "203.0.113.5") == 429  # this player waits
    assert serving.join(CODE, "203.0.113.6") == 303  # the rest of the class joins


@pytest.mark.parametrize("serving", [()], indirect=True)
def test_without_trusted_proxies_a_forwarded_address_is_not_believed(serving: Running) -> None:
    """Even from loopback (uvicorn alone believes it): a client could otherwise name a
    new address with each try and guess the join code for ever."""
    for number in range(JOIN_TRIES):
        assert serving.join("WRONG", f"203.0.113.{number}") == 403
    assert serving.join(CODE, "198.51.100.1") == 429
