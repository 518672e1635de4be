"""Nothing lost when the terminal closes: SIGHUP (and SIGTERM) while ``baccarat trainer``
or ``baccarat play`` waits for an answer stop the session as the end of input does, so
the drill is still scored and kept and the bankroll chart still drawn; the exit code is
128 plus the signal's number. Each runs the real program and sends it the real signal;
the hang-up is also sent with the program's terminal (a pseudo-terminal) closed, where
every write to it fails."""

from __future__ import annotations

import importlib.util
import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ...processes import ended_after
from ...slowness import patience

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

#: The trainer's first question.
RUNNING = b"Running count? : "
#: The trainer and its answers to the first two questions (the drill asks a third).
TRAINER = ["baccarat", "trainer", "--cards", "15", "--every", "5", "--speed", "0"]


def _start(args: list[str], env: dict[str, str], stdout: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "croupier", *args],
        stdin=subprocess.PIPE,
        stdout=stdout,
        stderr=subprocess.STDOUT,
        env={**os.environ, **env},
    )


def _read_until(descriptor: int, marker: bytes, count: int) -> bytes:
    """What was written to ``descriptor`` until ``marker`` appeared ``count`` times."""
    seen = b""
    end = time.monotonic() + patience(30)
    while seen.count(marker) < count:
        left = end - time.monotonic()
        assert left > 0, seen.decode(errors="replace")
        ready, _, _ = select.select([descriptor], [], [], left)
        if ready:
            chunk = os.read(descriptor, 65536)
            assert chunk, seen.decode(errors="replace")
            seen += chunk
    return seen


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM])
def test_a_signal_at_the_trainer_s_prompt_keeps_the_drill(signum: int, tmp_path: Path) -> None:
    with ended_after(
        _start([*TRAINER, "--seed", "3"], {"CROUPIER_TRAINER_DIR": str(tmp_path)}, -1)
    ) as process:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(b"0\n0\n")
        process.stdin.flush()
        _read_until(process.stdout.fileno(), RUNNING, 2)  # the second question waits
        process.send_signal(signum)
        out, _ = process.communicate(timeout=patience(30))
        assert process.returncode == 128 + signum, out
        assert b"Traceback" not in out
        assert b"1 question: running count" in out
        (saved,) = tmp_path.glob("*.jsonl")
        assert saved.read_text(encoding="utf-8").count("\n") == 1


def test_a_closed_terminal_does_not_stop_the_drill_being_kept(tmp_path: Path) -> None:
    """Writes to a terminal that hung up fail: the session is kept all the same."""
    main, child = pty.openpty()
    with ended_after(
        _start([*TRAINER, "--seed", "3"], {"CROUPIER_TRAINER_DIR": str(tmp_path)}, child)
    ) as process:
        os.close(child)
        assert process.stdin is not None
        process.stdin.write(b"0\n0\n")
        process.stdin.flush()
        try:
            _read_until(main, RUNNING, 2)
        finally:
            os.close(main)  # the terminal goes: writes to it fail from now on
        process.send_signal(signal.SIGHUP)
        process.communicate(timeout=patience(30))
        assert process.returncode == 128 + signal.SIGHUP
        (saved,) = tmp_path.glob("*.jsonl")
        assert saved.read_text(encoding="utf-8").count("\n") == 1


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="needs matplotlib")
def test_a_hang_up_at_the_table_still_draws_the_bankroll_chart(tmp_path: Path) -> None:
    chart = tmp_path / "bankroll.png"
    with ended_after(
        _start(["baccarat", "play", "--seed", "3", "--plot", str(chart)], {}, -1)
    ) as process:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(b"b\nc\n")
        process.stdin.flush()
        _read_until(process.stdout.fileno(), b"Make your bet", 2)  # the second round's bet
        process.send_signal(signal.SIGHUP)
        out, _ = process.communicate(timeout=patience(60))
        assert process.returncode == 128 + signal.SIGHUP, out
        assert b"Session summary" in out and b"Traceback" not in out
        assert chart.stat().st_size > 0
