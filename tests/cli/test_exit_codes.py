"""The exit codes of docs/reference/cli.md, read from its table and checked against the
program: every interactive game, stopped at its prompt by each signal, ends with the
code the table gives (the table said Ctrl-C left a game with 0, ``casino play`` gave
130; now a signal is 128 plus its number everywhere). Each runs the real program in a
process of its own and sends it the real signal once its prompt is out."""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ..processes import ended_after
from ..slowness import patience

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

ROOT = Path(__file__).resolve().parents[2]

#: The signals of the table's rows, by the words the table names them with.
SIGNALS = {
    "Ctrl-C (SIGINT)": signal.SIGINT,
    "SIGTERM": signal.SIGTERM,
    "its terminal closed (SIGHUP)": signal.SIGHUP,
}

#: Each interactive game: its arguments and the prompt it waits at.
GAMES = {
    "baccarat play": (["baccarat", "play", "--seed", "3"], b"Make your bet"),
    "baccarat trainer": (
        ["baccarat", "trainer", "--cards", "15", "--every", "5", "--speed", "0", "--seed", "3"],
        b"Running count?",
    ),
    "casino play": (["casino", "play", "--seed", "3"], b"Your choice [1]:"),
    "casino puzzle": (["casino", "puzzle", "--seed", "3"], b"Card to play"),
    "the lobby": ([], b"Your choice:"),
}


def documented_codes() -> dict[str, int]:
    """The table of docs/reference/cli.md: how a command ends -> its exit code."""
    text = (ROOT / "docs" / "reference" / "cli.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (.+?) \| (\d+) \|$", text, flags=re.MULTILINE)
    return {what: int(code) for what, code in rows}


def test_the_table_gives_a_code_for_every_signal_and_the_shell_s_rule() -> None:
    codes = documented_codes()
    for words, number in SIGNALS.items():
        assert codes[words] == 128 + number, words


def _stop_at_the_prompt(
    args: list[str], prompt: bytes, signum: int, state: Path
) -> tuple[int, bytes]:
    process = subprocess.Popen(
        [sys.executable, "-m", "croupier", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**os.environ, "XDG_STATE_HOME": str(state), "CROUPIER_TRAINER_DIR": str(state)},
    )
    assert process.stdout is not None
    seen = b""
    deadline = time.monotonic() + patience(60)  # the prompt is the event waited for
    with ended_after(process):
        while prompt not in seen:
            assert time.monotonic() < deadline, seen.decode(errors="replace")
            ready, _, _ = select.select([process.stdout], [], [], 1.0)
            if ready:
                chunk = os.read(process.stdout.fileno(), 65536)
                assert chunk, seen.decode(errors="replace")
                seen += chunk
        time.sleep(0.1)  # the prompt is written just before input is read
        process.send_signal(signum)
        out, _ = process.communicate(timeout=patience(60))
    return process.returncode, seen + out


@pytest.mark.parametrize("words", sorted(SIGNALS))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_signal_at_a_game_s_prompt_ends_with_the_documented_code(
    game: str, words: str, tmp_path: Path
) -> None:
    args, prompt = GAMES[game]
    code, output = _stop_at_the_prompt(args, prompt, SIGNALS[words], tmp_path)
    assert code == documented_codes()[words], output.decode(errors="replace")
    assert b"Traceback" not in output
