"""The load test's machinery, small: concurrent sessions against a live local server."""

from __future__ import annotations

import pytest
from benchmarks.web_load import report, run_load

from tests.web.conftest import LiveServer


def test_concurrent_sessions_play_without_errors(live_server: LiveServer) -> None:
    result = run_load(live_server.url, sessions=6, rounds=3)
    assert result.errors == ()
    assert len(result.latencies) == 18
    assert result.rounds_per_second > 0
    assert report(result).splitlines()[-1].split() == ["errors", "0"]


def test_only_loopback_is_targeted() -> None:
    with pytest.raises(ValueError, match="loopback only"):
        run_load("http://example.com:80")
