"""Processes a test starts, ended however the test ends.

A test that fails midway (a wall-clock bound on a loaded machine, a missing line) left
its process running and its pipes open; the garbage collector then reported the open
file as a ``ResourceWarning`` in whichever test ran next, failing a second test that had
done nothing wrong."""

from __future__ import annotations

import contextlib
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["ended_after"]


@contextmanager
def ended_after(process: subprocess.Popen[Any]) -> Iterator[subprocess.Popen[Any]]:
    """``process`` for the block; after it, killed if it still runs, waited for, and its
    pipes closed."""
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        for pipe in (process.stdin, process.stdout, process.stderr):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()
        process.wait()
