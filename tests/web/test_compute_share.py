"""The shared compute pool, shared fairly (issue 36 item 8).

A script could fill the pool with cookieless requests and every other player got a 503
for as long as it kept it full. Now a party (a client address, and within it a session)
holding at least two more pieces of work than the one asking gives way: its newest
waiting piece is refused instead, and a freed worker goes to whoever runs least.
"""

from __future__ import annotations

import concurrent.futures
import contextvars
import threading
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from croupier.web.app import create_app
from croupier.web.compute import GAVE_WAY, Compute, Party, current_party
from croupier.web.errors import ApiError
from croupier.web.sessions import COOKIE_NAME
from tests.slowness import patience

SCRIPT = Party("script-address")
PLAYER = Party("player-address", "player-session")


class Pool:
    """A pool of two worker threads whose work waits for :attr:`gate`, each piece
    asked for from a thread of its own as ``party`` (a request's party)."""

    def __init__(self) -> None:
        self.compute = Compute(0, threads=2)
        self.gate = threading.Event()
        #: The work in the order it started.
        self.started: list[str] = []

    def work(self, name: str) -> str:
        self.started.append(name)
        assert self.gate.wait(patience(30))
        return name

    def ask(self, party: Party, name: str) -> concurrent.futures.Future[str]:
        """``work(name)`` asked for by ``party`` (as :meth:`Compute.run` and
        :meth:`Compute.call` ask, on a request's context): what its caller waits on."""
        context = contextvars.copy_context()
        context.run(current_party.set, party)
        admitted = context.run(self.compute._admit, self.work, (name,), {})
        future: concurrent.futures.Future[str] = admitted.future
        return future


def refused_at_once(pool: Pool, party: Party, name: str) -> str:
    """The 503 of a piece of work the full pool refuses ``party``."""
    with pytest.raises(ApiError) as refused:
        pool.ask(party, name)
    assert refused.value.status_code == 503
    return str(refused.value.detail)


@pytest.fixture
def pool() -> Iterator[Pool]:
    made = Pool()
    yield made
    made.gate.set()
    made.compute.shutdown()


def refusal(future: concurrent.futures.Future[str]) -> str:
    error = future.exception(timeout=patience(10))
    assert isinstance(error, ApiError) and error.status_code == 503, error
    return str(error.detail)


def test_a_script_filling_the_pool_gives_way_to_a_player(pool: Pool) -> None:
    script = [pool.ask(SCRIPT, f"script {number}") for number in range(pool.compute.capacity)]
    assert pool.compute.busy == pool.compute.capacity  # full: it used to refuse everyone
    player = pool.ask(PLAYER, "player")
    assert refusal(script[-1]) == GAVE_WAY  # the script's newest waiting piece
    assert not any(future.done() for future in script[:-1])
    pool.gate.set()
    assert player.result(timeout=patience(10)) == "player"
    # One of the first two freed workers went to the player (running nothing), before
    # the script's other waiting work (which came first).
    assert pool.started[:2] == ["script 0", "script 1"] and "player" in pool.started[2:4]
    assert [future.result(timeout=patience(10)) for future in script[:-1]] == [
        f"script {number}" for number in range(pool.compute.capacity - 1)
    ]


def test_cookieless_requests_give_way_to_a_session_of_the_same_address(pool: Pool) -> None:
    """Behind one address (a class's NAT), a script without cookies cannot turn a
    player's browser away either."""
    cookieless = Party(PLAYER.address)
    script = [pool.ask(cookieless, f"script {number}") for number in range(pool.compute.capacity)]
    player = pool.ask(PLAYER, "player")
    assert refusal(script[-1]) == GAVE_WAY
    pool.gate.set()
    assert player.result(timeout=patience(10)) == "player"


def test_a_fair_share_is_not_taken_from(pool: Pool) -> None:
    """Half the pool each: neither takes from the other's half (asking beyond it is
    refused itself), while a newcomer gets in at the expense of the newest waiting."""
    half = pool.compute.capacity // 2
    script = [pool.ask(SCRIPT, f"script {number}") for number in range(half)]
    player = [pool.ask(PLAYER, f"player {number}") for number in range(half)]
    assert refused_at_once(pool, PLAYER, "player more") != GAVE_WAY
    assert refused_at_once(pool, SCRIPT, "script more") != GAVE_WAY
    assert not any(future.done() for future in script + player)
    newcomer = pool.ask(Party("third-address"), "newcomer")
    assert refusal(player[-1]) == GAVE_WAY
    pool.gate.set()
    assert newcomer.result(timeout=patience(10)) == "newcomer"
    assert len([future.result(timeout=patience(10)) for future in script + player[:-1]]) == (
        2 * half - 1
    )


def test_each_request_asks_as_its_address_and_session() -> None:
    """The session middleware names the party of each request's work: its address, and
    its session once the browser has one (a cookieless request: its address's alone)."""
    app = create_app()

    def probe() -> dict[str, str]:
        party = current_party.get()
        return {"address": party.address, "session": party.session}

    app.add_api_route("/probe", probe)
    with TestClient(app) as client:
        first = client.get("/probe").json()
        assert first["address"] and first["session"] == ""
        second = client.get("/probe").json()
        assert second == {"address": first["address"], "session": client.cookies[COOKIE_NAME]}
    with TestClient(app) as other:
        assert other.get("/probe").json() == first
