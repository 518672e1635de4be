"""A full disk, for real and without privileges: a child process whose files may not grow
past a few bytes (``RLIMIT_FSIZE``), so that a write fails as it does on a full disk (with
``EFBIG`` rather than ``ENOSPC``: the same ``OSError`` to the program), in the middle of a
file, after it was created. Writes to pipes (the child's output) are not limited."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Sequence

import pytest

__all__ = ["run_with_full_disk"]


def run_with_full_disk(
    args: Sequence[str], limit: int, *, input: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``python ARGS`` with files limited to ``limit`` bytes; its output as text."""
    if sys.platform == "win32":  # pragma: no cover
        pytest.skip("RLIMIT_FSIZE is POSIX")
    import resource

    def limit_files() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a failed write, not a dead process
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run(
        [sys.executable, *args],
        input=input,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, **(env or {})},
        preexec_fn=limit_files,
        timeout=300,
        check=False,
    )
