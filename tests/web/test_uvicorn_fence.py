"""uvicorn's private HTTP protocol is subclassed only on the uvicorn versions it was tested
with (as the Typer patches are fenced): elsewhere the server runs uvicorn's stock protocol."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import uvicorn

from croupier.web import server

ROOT = Path(__file__).parents[2]


def test_the_installed_uvicorn_is_a_tested_version() -> None:
    assert server.tested_uvicorn(uvicorn.__version__), (
        f"uvicorn {uvicorn.__version__} is outside the range croupier's request-head timer "
        f"was tested with ({server.TESTED_UVICORN}): check GuardedH11Protocol in "
        "src/croupier/web/server.py against it, then widen TESTED_UVICORN and the pin in "
        "pyproject.toml"
    )
    assert server.http_protocol() is server.GuardedH11Protocol


def test_pyproject_pins_the_tested_range() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (pin,) = [d for d in project["project"]["optional-dependencies"]["web"] if "uvicorn" in d]
    (low_major, low_minor), (high_major, high_minor) = server.TESTED_UVICORN
    assert pin == f"uvicorn>={low_major}.{low_minor},<{high_major}.{high_minor}"


def test_an_untested_version_serves_with_uvicorn_s_own_protocol(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level("WARNING", logger="croupier.web.server"):
        assert server.http_protocol("0.99.0") == "h11"
    assert "request heads untimed" in caplog.text
    assert server.http_protocol("0.1") == "h11"
