"""``croupier serve``: a real server on loopback, stopped by Ctrl-C; one-line errors."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from croupier.cli.serve import _is_loopback
from tests.cli.helpers import assert_one_line_error, croupier

CROUPIER = [sys.executable, "-m", "croupier"]


def test_serve_starts_saves_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    server = subprocess.Popen(
        [*CROUPIER, "serve", "--port", "0", "--state-dir", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert first.startswith("croupier is serving at http://127.0.0.1:"), first
        url = first.split()[4]
        assert f"Games are saved in {tmp_path}" in server.stdout.readline()
        with urllib.request.urlopen(url + "healthz", timeout=10) as answer:
            assert json.load(answer)["status"] == "ok"
        request = urllib.request.Request(
            url + "api/baccarat/table",
            data=b'{"seed": 1}',
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert json.load(answer)["seated"] is True
        assert len(list(tmp_path.glob("*.json"))) == 1
        started = time.monotonic()
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=10)
        assert time.monotonic() - started < 5
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert server.returncode == 0, err
    assert "croupier stopped." in out
    assert "Traceback" not in err


def test_a_busy_port_is_one_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        run = croupier("serve", "--port", str(port), "--no-save")
    assert_one_line_error(run, f"cannot listen on 127.0.0.1:{port}")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--port", "70000"], "bad --port '70000': expected a whole number from 0 to 65,535"),
        (["--host", "no such host.invalid"], "bad host 'no such host.invalid'"),
    ],
)
def test_bad_options_are_one_line(args: list[str], fragment: str) -> None:
    assert_one_line_error(croupier("serve", "--no-save", *args), fragment)


def test_without_the_web_extra_it_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert_one_line_error(croupier("serve"), "pip install 'croupier[web]'")


def test_only_loopback_addresses_count_as_private() -> None:
    assert _is_loopback("127.0.0.1") and _is_loopback("::1") and _is_loopback("localhost")
    assert not _is_loopback("0.0.0.0") and not _is_loopback("192.168.1.4")
