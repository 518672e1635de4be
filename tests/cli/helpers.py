"""Running the ``croupier`` app in-process, as a user would from a shell."""

from __future__ import annotations

import re
import signal
from dataclasses import dataclass

from typer.testing import CliRunner

from croupier.cli import app


@dataclass(frozen=True)
class Run:
    """What a command printed and how it ended."""

    stdout: str
    stderr: str
    exit_code: int


def croupier(*args: str, input: str = "") -> Run:
    """Run ``croupier ARGS`` with ``input`` on stdin."""
    result = CliRunner().invoke(app, list(args), input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Run(result.stdout, result.stderr, result.exit_code)


def assert_one_line_error(run: Run, *fragments: str) -> None:
    """Exit code 2, one line on stderr holding every fragment, no traceback anywhere."""
    assert run.exit_code == 2, (run.exit_code, run.stdout, run.stderr)
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert "Traceback" not in run.stdout + run.stderr
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])


def printed_seed(stdout: str) -> int:
    """The seed a command printed as ``(seed N)``; fails the test when there is none."""
    found = re.search(r"\(seed (\d+)\)", stdout)
    assert found is not None, stdout
    return int(found.group(1))


def hang_ups_heard() -> None:
    """For a child process (``preexec_fn``): SIGHUP at its default, even when the tests
    run under ``nohup`` (a signal ignored at start stays ignored, by design)."""
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
