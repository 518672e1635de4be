"""Nothing lost at a prompt: Ctrl-C, SIGTERM and SIGHUP (the terminal closed) while
``croupier casino play`` waits for an answer save the game to a recovery file, say where,
and end with 130, 143 and 129 (the end of input is tested in-process, in
``test_play_prompts``). Each runs the real program and sends it the real signal."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from croupier.casino.gamelog import read_game_file

from ...processes import ended_after
from ...slowness import patience

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

#: The end of the prompt at the human's turn.
PROMPT = b"[?] all: "


def _read_until(process: subprocess.Popen[bytes], marker: bytes, count: int = 1) -> bytes:
    """What the program printed until ``marker`` appeared ``count`` times (20 s at most
    on a quiet machine)."""
    assert process.stdout is not None
    seen = b""
    end = time.monotonic() + patience(20)
    while seen.count(marker) < count:
        left = end - time.monotonic()
        assert left > 0, seen.decode(errors="replace")
        ready, _, _ = select.select([process.stdout], [], [], left)
        if ready:
            chunk = os.read(process.stdout.fileno(), 65536)
            assert chunk, seen.decode(errors="replace")
            seen += chunk
    return seen


@pytest.mark.parametrize(
    ("signum", "code", "why"),
    [
        (signal.SIGINT, 130, "interrupted (Ctrl-C)"),
        (signal.SIGTERM, 143, "terminated (SIGTERM)"),
        (signal.SIGHUP, 129, "the terminal was closed (SIGHUP)"),
    ],
)
def test_a_signal_at_a_prompt_saves_the_game(
    signum: int, code: int, why: str, tmp_path: Path
) -> None:
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path)}
    command = [sys.executable, "-m", "croupier", "casino", "play", "--seed", "1"]
    with ended_after(
        subprocess.Popen(
            [*command, "--deadline", "0.05", "--level", "casual"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
    ) as process:
        assert process.stdin is not None
        process.stdin.write(b"1\nheads\np\n")  # a new game, and the expert's move played
        process.stdin.flush()
        _read_until(process, PROMPT, 2)  # at the prompt after the move (stdin stays open)
        process.send_signal(signum)
        out, err = process.communicate(timeout=patience(20))
        assert process.returncode == code, (out, err)
        text = out.decode()
        assert "Traceback" not in text + err.decode()
        (path,) = (tmp_path / "croupier").glob("casino-*.txt")
        assert f"Leaving the game: {why}; the game is saved: resume it with " in text
        assert f"croupier casino play --load {path}." in text
        game = read_game_file(path)
        assert game.log is not None and game.log.moves >= 1 and game.state == game.log.current
