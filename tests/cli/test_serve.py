"""``croupier serve``: a real server on loopback, stopped by Ctrl-C; one-line errors."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from croupier.cli.serve import _is_loopback
from croupier.web.store import DATABASE_NAME, open_store
from tests.cli.helpers import assert_one_line_error, croupier

CROUPIER = [sys.executable, "-m", "croupier"]


def post(url: str, body: bytes, headers: dict[str, str] | None = None) -> Any:
    request = urllib.request.Request(
        url, data=body, headers={"Content-Type": "application/json", **(headers or {})}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


def start(*args: str) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(
        [*CROUPIER, "serve", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    first = server.stdout.readline()
    assert first.startswith("croupier is serving at http://127.0.0.1:"), first
    return server, first.split()[4]


def stop(server: subprocess.Popen[str], how: signal.Signals) -> tuple[str, str, float]:
    started = time.monotonic()
    server.send_signal(how)
    out, err = server.communicate(timeout=20)
    return out, err, time.monotonic() - started


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM])
def test_serve_starts_saves_and_stops_at_once(tmp_path: Path, how: signal.Signals) -> None:
    server, url = start("--state-dir", str(tmp_path))
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert f"Games are saved in {tmp_path / DATABASE_NAME} (SQLite)" in line, line
        with urllib.request.urlopen(url + "healthz", timeout=10) as answer:
            assert json.load(answer)["status"] == "ok"
        assert post(url + "api/baccarat/table", b'{"seed": 1}')["seated"] is True
        # The computer thinking in a worker process does not hold the stop up.
        assert post(url + "api/casino/new", b'{"level": "expert", "seed": 2}')["seated"]
        out, err, seconds = stop(server, how)
        assert seconds < 5
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    # The command's exit codes: 0 after Ctrl-C, 143 (128 + SIGTERM) after SIGTERM.
    assert server.returncode == (0 if how is signal.SIGINT else 143), err
    assert "croupier stopped." in out
    assert "Traceback" not in err
    assert not list(tmp_path.glob("*.json"))
    store = open_store(tmp_path)
    assert store.stats().sessions == 2  # two cookieless requests: two browsers
    store.close()


@pytest.mark.slow
def test_another_host_needs_public_and_then_a_join_code() -> None:
    assert_one_line_error(
        croupier("serve", "--no-save", "--host", "0.0.0.0"),
        "--host 0.0.0.0 listens beyond this machine: add --public",
    )
    assert_one_line_error(
        croupier("serve", "--no-save", "--join-code", "ABCDEFGH"),
        "--join-code and --allow-host are for a --public server",
    )
    assert_one_line_error(
        croupier("serve", "--no-save", "--public", "--join-code", "ab"),
        "bad --join-code 'ab': expected 4 to 40 characters",
    )


def test_a_public_server_prints_its_join_code_and_asks_for_it() -> None:
    server, url = start("--no-save", "--public", "--allow-host", "croupier.test")
    try:
        assert server.stdout is not None
        assert "Games are not saved" in server.stdout.readline()
        shared = server.stdout.readline()
        code = shared.rsplit(" ", 1)[1].strip()
        assert "give the join code" in shared and len(code) == 9 and code[4] == "-"
        names = server.stdout.readline()
        assert "croupier.test" in names and "127.0.0.1" in names
        organiser = server.stdout.readline()
        assert organiser.startswith(f"The organiser's page (yours only): {url}organiser?token=")
        link = organiser.split(": ", 1)[1].strip()
        with pytest.raises(urllib.error.HTTPError) as refused:
            post(url + "api/baccarat/table", b"{}")
        assert refused.value.code == 401
        refused.value.close()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        with opener.open(url + f"join?code={code.lower()}", timeout=10) as answer:
            answer.read()
        request = urllib.request.Request(
            url + "api/baccarat/table", data=b"{}", headers={"Content-Type": "application/json"}
        )
        with opener.open(request, timeout=10) as answer:
            assert json.load(answer)["seated"] is True
        with pytest.raises(urllib.error.HTTPError) as not_theirs:
            opener.open(link[:-1] + ("0" if link[-1] != "0" else "1"), timeout=10)
        assert not_theirs.value.code == 403  # a wrong token, even with the join code's cookie
        not_theirs.value.close()
        with opener.open(link, timeout=10) as answer:  # the organiser's own link
            assert answer.status == 200 and "organiser" in answer.read().decode()
        other = urllib.request.Request(url + "healthz", headers={"Host": "evil.example"})
        with pytest.raises(urllib.error.HTTPError) as wrong_host:
            urllib.request.urlopen(other, timeout=10)
        assert wrong_host.value.code == 400
        wrong_host.value.close()
        _, err, _ = stop(server, signal.SIGINT)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
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
