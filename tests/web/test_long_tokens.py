"""The web's refusals cut a long token saying how long it was
(:func:`croupier.errors.quoted`), never silently."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from croupier.errors import CroupierError
from croupier.web.guard import cross_site_reason
from croupier.web.server import trusted_proxies

LONG = "z" * 100


def test_an_unknown_long_job_id_is_named_with_its_length(client: TestClient) -> None:
    answer = client.get("/api/jobs/" + "z" * 64)  # the longest the route takes
    assert answer.status_code == 404
    assert answer.json()["error"] == "no calculation '" + "z" * 40 + "...' (64 characters)"


def test_another_sites_long_origin_is_named_with_its_length() -> None:
    headers = {b"origin": f"http://{LONG}".encode(), b"host": b"testserver"}
    reason = cross_site_reason("POST", headers, "http")
    assert reason is not None and "...' (107 characters)" in reason


def test_a_long_bad_proxy_is_named_with_its_length() -> None:
    with pytest.raises(CroupierError, match=r"^bad proxy 'z{40}\.\.\.' \(100 characters\)"):
        trusted_proxies(LONG)
