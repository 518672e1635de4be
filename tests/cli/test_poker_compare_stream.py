"""``croupier poker compare`` on a file: the bytes it writes, with the errors in their place.

The command writes many lines at a time through the NumPy path; what a user sees must be
what writing each line's answer as it comes gives: the same text (or JSON), and each
error on stderr between the answers to the lines around it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from croupier.poker.matchups.lines import BadLine

from ..poker.matchups.test_compare_lines import AWKWARD, mixed
from ..poker.matchups.test_lines_chunks import one_at_a_time


def expected(lines: list[str], as_json: bool) -> bytes:
    """stdout and stderr as one stream, each line answered alone, as compare did it."""
    out = []
    for answer in one_at_a_time(lines):
        if isinstance(answer, BadLine):
            out.append(f"croupier: error: {answer.message}\n")
            if as_json:
                out.append(json.dumps(answer.to_dict(), ensure_ascii=False) + "\n")
        else:
            out.append(answer.to_json() if as_json else answer.to_text())
    return "".join(out).encode()


@pytest.mark.parametrize("as_json", [False, True])
def test_answers_and_errors_come_in_the_order_of_the_lines(tmp_path: Path, as_json: bool) -> None:
    lines = AWKWARD + mixed(3000, seed=21)
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "croupier", "poker", "compare", str(path)]
        + (["--json"] if as_json else []),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,  # one stream: an error shows where it was written
        check=False,
    )
    assert run.returncode == 1
    assert run.stdout == expected(lines, as_json)
