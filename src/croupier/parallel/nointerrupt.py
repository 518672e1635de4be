"""Imported first by the worker pools' fork server: from then on it ignores Ctrl-C.

A Ctrl-C at the terminal reaches every process of the command. The fork server
(:func:`croupier.parallel.local.pool_context`) imports the modules its workers need
before multiprocessing makes it ignore Ctrl-C, and those imports take a second or two:
a Ctrl-C meanwhile printed its KeyboardInterrupt traceback under the command's own last
line. The parent cannot hand it an ignored SIGINT without losing a Ctrl-C of its own
(another of its threads may take the signal while it is ignored), and it is started by
fork and exec, which clears a blocked signal. So the first module it imports ignores the
signal; the workers forked from it inherit that (the parent stops them itself).

Imported anywhere else (a test run's doctest collection imports every module), it does
nothing: only an import made by the fork server's own ``main`` counts.
"""

from __future__ import annotations

import signal
import sys
import threading
from types import FrameType

__all__: list[str] = []


def _by_fork_server() -> bool:
    """Whether this import was made by :func:`multiprocessing.forkserver.main`."""
    server = sys.modules.get("multiprocessing.forkserver")
    main = getattr(server, "main", None)
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        if frame.f_code is getattr(main, "__code__", None):
            return True
        frame = frame.f_back
    return False


if threading.current_thread() is threading.main_thread() and _by_fork_server():
    signal.signal(signal.SIGINT, signal.SIG_IGN)
