"""``croupier serve``: a real server on loopback, stopped by Ctrl-C; one-line errors.

Every server a test starts is ended however the test ends (:func:`tests.processes.ended_after`),
and the time a stop may take is scaled by the machine's slowness."""

from __future__ import annotations

import json
import signal
import socket
import sqlite3
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
from tests.processes import ended_after
from tests.slowness import patience

CROUPIER = [sys.executable, "-m", "croupier"]


def post(url: str, body: bytes, headers: dict[str, str] | None = None) -> Any:
    request = urllib.request.Request(
        url, data=body, headers={"Content-Type": "application/json", **(headers or {})}
    )
    with urllib.request.urlopen(request, timeout=patience(30)) as answer:
        return json.load(answer)


def start(*args: str) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(
        [*CROUPIER, "serve", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert first.startswith("croupier is serving at http://127.0.0.1:"), first
    except BaseException:
        with ended_after(server):
            raise
    return server, first.split()[4]


def stop(server: subprocess.Popen[str], how: signal.Signals) -> tuple[str, str, float]:
    started = time.monotonic()
    server.send_signal(how)
    out, err = server.communicate(timeout=patience(20))
    return out, err, time.monotonic() - started


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM])
def test_serve_starts_saves_and_stops_at_once(tmp_path: Path, how: signal.Signals) -> None:
    server, url = start("--state-dir", str(tmp_path))
    with ended_after(server):
        assert server.stdout is not None
        line = server.stdout.readline()
        assert f"Games are saved in {tmp_path / DATABASE_NAME} (SQLite)" in line, line
        with urllib.request.urlopen(url + "healthz", timeout=patience(10)) as answer:
            assert json.load(answer)["status"] == "ok"
        assert post(url + "api/baccarat/table", b'{"seed": 1}')["seated"] is True
        # The computer thinking in a worker process does not hold the stop up.
        assert post(url + "api/casino/new", b'{"level": "expert", "seed": 2}')["seated"]
        limit = patience(5)  # measured before the stop, not while it loads the machine
        out, err, seconds = stop(server, how)
        assert seconds < limit
    # The command's exit codes, as the exit table says: 130 (128 + SIGINT) after Ctrl-C,
    # 143 (128 + SIGTERM) after SIGTERM.
    assert server.returncode == (130 if how is signal.SIGINT else 143), err
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
    with ended_after(server):
        assert server.stdout is not None
        assert "Games are not saved" in server.stdout.readline()
        shared = server.stdout.readline()
        code = shared.rsplit(" ", 1)[1].strip()
        assert len(code) == 9 and code[4] == "-"
        # On loopback (the default --host), the room cannot reach it: said so, with the
        # way to open it (it told the room to open http://<hostname>:PORT/).
        assert shared.startswith("Shared, but only with this machine: it listens on 127.0.0.1")
        assert "add --host 0.0.0.0" in shared and "http://" not in shared
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
        with opener.open(url + f"join?code={code.lower()}", timeout=patience(10)) as answer:
            answer.read()
        request = urllib.request.Request(
            url + "api/baccarat/table", data=b"{}", headers={"Content-Type": "application/json"}
        )
        with opener.open(request, timeout=patience(10)) as answer:
            assert json.load(answer)["seated"] is True
        with pytest.raises(urllib.error.HTTPError) as not_theirs:
            opener.open(link[:-1] + ("0" if link[-1] != "0" else "1"), timeout=patience(10))
        assert not_theirs.value.code == 403  # a wrong token, even with the join code's cookie
        not_theirs.value.close()
        with opener.open(link, timeout=patience(10)) as answer:  # the organiser's own link
            assert answer.status == 200 and "organiser" in answer.read().decode()
        other = urllib.request.Request(url + "healthz", headers={"Host": "evil.example"})
        with pytest.raises(urllib.error.HTTPError) as wrong_host:
            urllib.request.urlopen(other, timeout=patience(10))
        assert wrong_host.value.code == 400
        wrong_host.value.close()
        _, err, _ = stop(server, signal.SIGINT)
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


def test_no_save_and_a_database_are_refused(tmp_path: Path) -> None:
    database = tmp_path / "foo.sqlite3"
    # A process of its own: a server that starts anyway is stopped by the timeout.
    done = subprocess.run(
        [*CROUPIER, "serve", "--no-save", "--database", str(database), "--port", "0"],
        capture_output=True,
        text=True,
        timeout=patience(30),
    )
    assert done.returncode == 2, done.stdout
    assert done.stderr == (
        "croupier: error: --no-save keeps the games in a temporary database: "
        "drop --database or --no-save\n"
    )
    assert not database.exists()


def test_without_the_web_extra_it_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert_one_line_error(croupier("serve"), "pip install 'croupier[web]'")


def test_only_loopback_addresses_count_as_private() -> None:
    assert _is_loopback("127.0.0.1") and _is_loopback("::1") and _is_loopback("localhost")
    assert not _is_loopback("0.0.0.0") and not _is_loopback("192.168.1.4")


@pytest.mark.parametrize(
    ("database", "fragment"),
    [
        (
            "postgresql+psycopg://u:p@db.club.lan/croupier",
            "bad --database: unknown kind of database "
            "'postgresql+psycopg://u:***@db.club.lan/croupier': expected a postgresql:// "
            "(or postgres://) URL, or a SQLite file's name (write postgresql:// without "
            "'+psycopg')",
        ),
        ("mysql://u:p@host/db", "unknown kind of database 'mysql://u:***@host/db'"),
        ("sqlite:///games.sqlite3", "unknown kind of database 'sqlite:///games.sqlite3'"),
        ("postgresql://x:y@[::1", "bad PostgreSQL URL 'postgresql://x:***@[::1': Invalid IPv6"),
        ("postgres://club@db.lan:port/croupier", "bad PostgreSQL URL"),
        ("", "bad database name ''"),
    ],
)
def test_a_database_url_of_another_kind_is_refused_not_made_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, database: str, fragment: str
) -> None:
    """Issue 36 item 1: such URLs became SQLite files in folders named after them, each
    server keeping its own games while a club believed they shared PostgreSQL."""
    monkeypatch.chdir(tmp_path)
    assert_one_line_error(croupier("serve", "--database", database), fragment)
    assert list(tmp_path.iterdir()) == []


def test_a_file_that_is_not_a_database_is_one_line_and_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 36 item 5: --database notes.txt was a 73-line traceback."""
    monkeypatch.chdir(tmp_path)
    notes = tmp_path / "notes.txt"
    notes.write_text("Monday: Baccarat night\n")
    assert_one_line_error(
        croupier("serve", "--database", "notes.txt"),
        "bad --database: 'notes.txt' is not a SQLite database",
    )
    assert notes.read_text() == "Monday: Baccarat night\n"
    assert_one_line_error(
        croupier("serve", "--database", str(tmp_path)), f"{str(tmp_path)!r} is a folder"
    )
    birds = sqlite3.connect(tmp_path / "birds.sqlite3")
    birds.execute("CREATE TABLE sightings (bird TEXT)")
    birds.close()
    assert_one_line_error(
        croupier("serve", "--database", "birds.sqlite3"),
        "cannot use the database: the database holds tables that are not croupier's (sightings)",
    )


@pytest.mark.parametrize(
    "host", ["a" * 64 + ".example", "../../etc/passwd", "club..lan", "caf\udcc3.lan"]
)
def test_a_host_that_cannot_be_a_name_is_one_line(host: str) -> None:
    """Issue 36 item 5: getaddrinfo's UnicodeError (a label over 63 characters, an empty
    one, undecodable bytes) escaped as a traceback: only socket.gaierror was caught."""
    assert_one_line_error(
        croupier("serve", "--no-save", "--host", host),
        f"bad host {host!r}: expected a host name",
    )


def test_a_host_in_invalid_utf8_from_the_shell_is_one_line() -> None:
    run = subprocess.run(
        [*CROUPIER, "serve", "--no-save", "--host", b"caf\xc3.lan"],
        capture_output=True,
        text=True,
        timeout=patience(60),
    )
    assert run.returncode == 2, run.stderr
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert run.stderr.startswith("croupier: error: bad host 'caf\\udcc3.lan': expected a host name")


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ("proxy.lan", "bad --forwarded-allow-ips: bad proxy 'proxy.lan': expected IP"),
        ("10.0.0.1,", "bad proxy ''"),
        ("10.0.0.300", "bad proxy '10.0.0.300'"),
    ],
)
def test_bad_trusted_proxies_are_one_line(value: str, fragment: str) -> None:
    assert_one_line_error(croupier("serve", "--no-save", "--forwarded-allow-ips", value), fragment)


@pytest.mark.parametrize(
    ("name", "fragment"),
    [
        ("bad host", "bad --allow-host: bad host name 'bad host': expected a name"),
        ("club.lan:8000", "bad host name 'club.lan:8000'"),
        ("", "bad host name ''"),
        ("*", "bad host name '*': a server answering to any name is open to DNS rebinding"),
    ],
)
def test_a_name_to_answer_to_that_cannot_be_a_host_is_one_line(name: str, fragment: str) -> None:
    """--allow-host took any text: a name no Host header can hold answered nothing, and
    "*" read as every name. (The database URL, refused later, keeps a name taken from
    starting a server.)"""
    args = ["--public", "--allow-host", "club.lan", "--allow-host", name]
    assert_one_line_error(
        croupier("serve", "--no-save", *args, "--database", "mysql://db/croupier"), fragment
    )
