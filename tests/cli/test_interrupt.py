"""Ctrl-C on a command that runs worker processes: it stops within a second, prints the
partial result marked partial, no traceback, exit code 130."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from croupier.parallel import available_cpus

pytestmark = [
    pytest.mark.skipif(
        not sys.platform.startswith("linux"), reason="reads the process tree from /proc"
    ),
    pytest.mark.skipif(available_cpus() < 2, reason="needs two CPUs for two workers"),
]


def _descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (the fork server and its workers)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        children = [child for child, of in parents.items() if of == parent]
        found += children
        frontier += children
    return found


def interrupt(args: list[str], tmp_path: Path) -> tuple[int, float, str, str]:
    """Start ``croupier ARGS``, wait until its two workers have worked a moment, send
    SIGINT; return the exit code, the seconds it took to stop, stdout and stderr."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    out_path, err_path = tmp_path / "out.txt", tmp_path / "err.txt"
    with out_path.open("w") as out, err_path.open("w") as err:
        process = subprocess.Popen(
            [sys.executable, "-m", "croupier", *args], stdout=out, stderr=err
        )
        try:
            deadline = time.monotonic() + 60
            while len(_descendants(process.pid)) < 3 and time.monotonic() < deadline:
                time.sleep(0.1)  # the fork server and two workers
            time.sleep(2.0)  # let them finish some jobs
            sent = time.monotonic()
            process.send_signal(signal.SIGINT)
            code = process.wait(timeout=30)
            took = time.monotonic() - sent
        finally:
            if process.poll() is None:
                process.kill()
            for pid in _descendants(process.pid):
                os.kill(pid, signal.SIGKILL)
    return code, took, out_path.read_text(), err_path.read_text()


def interrupt_fastest(
    args: list[str], tmp_path: Path, attempts: int = 3
) -> tuple[int, float, str, str]:
    """:func:`interrupt`, tried again (up to ``attempts`` times) while stopping took a
    second or more, so that a moment of load on a shared machine does not decide the
    test; every attempt's output must still be clean, and the fastest one is returned."""
    results = []
    for attempt in range(attempts):
        result = interrupt(args, tmp_path / f"attempt-{attempt}")
        code, took, out, err = result
        assert code == 130, (out, err)
        assert "Traceback" not in out + err, (out, err)
        results.append(result)
        if took < 1.0:
            break
    return min(results, key=lambda result: result[1])


def test_ctrl_c_stops_a_simulation_at_once_with_a_partial_result(tmp_path: Path) -> None:
    args = ["baccarat", "simulate", "--shoes", "10000000", "--workers", "2", "--seed", "1"]
    code, took, out, err = interrupt_fastest(args, tmp_path)
    assert code == 130, (out, err)
    assert took < 1.0, took
    assert "Traceback" not in out + err and "KeyboardInterrupt" not in out + err
    assert err == ""
    assert out.startswith("Interrupted: a partial result, ")
    assert "of 10,000,000 shoes dealt" in out and "Banker" in out


def test_ctrl_c_stops_an_arena_at_once_with_a_partial_result(tmp_path: Path) -> None:
    args = ["casino", "arena", "--a", "greedy", "--b", "random", "--tournaments", "100000"]
    code, took, out, err = interrupt_fastest(
        [*args, "--workers", "2", "--seed", "1", "--json"], tmp_path
    )
    assert code == 130, (out, err)
    assert took < 1.0, took
    assert "Traceback" not in out + err and err == ""
    data = json.loads(out)
    assert data["partial"] is True and 0 < data["tournaments"] < 100_000
    assert data["a_wins"] + data["b_wins"] + data["ties"] == data["tournaments"]
