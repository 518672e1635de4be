"""The load test's machinery, small: its client and scenarios against a live local server."""

from __future__ import annotations

import pytest
from benchmarks.web_load import Client, Run, deals, describe, drive, garbage, table

from croupier.web import guard
from tests.web.conftest import LiveServer


def test_concurrent_sessions_deal_without_errors(live_server: LiveServer) -> None:
    run = drive(deals(live_server.url + "/", sessions=4, rounds=3))
    assert run.errors == [] and run.requests == 12 and run.statuses == {200: 12}
    figures = describe(run)
    assert figures["requests"] == 12 and figures["p99_ms"] >= figures["p50_ms"] > 0


def test_malformed_requests_get_no_5xx_and_no_traceback(
    live_server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(guard, "BODY_SECONDS", 1.0)  # the bodies that never come
    run = drive(garbage(live_server.url + "/", rounds=1))
    assert run.errors == [], run.errors
    assert run.server_errors == 0, run.statuses
    assert run.requests > 10


def test_only_loopback_is_targeted() -> None:
    with pytest.raises(ValueError, match="loopback only"):
        Client("http://example.com:80/")


def test_the_table_lines_up() -> None:
    run = Run("x", latencies=[0.001, 0.002], statuses={200: 2}, seconds=1.0)
    assert run.rate == 2.0 and run.percentile(50) == 0.001
    assert table([["a", "bb"], ["ccc", "d"]]) == "a    bb\nccc   d"
