"""How a signal stops a command: one mechanism for every command, the interactive games
included.

Ctrl-C (SIGINT) raises Python's own :class:`KeyboardInterrupt`. While a command runs
(:class:`StopSignals`, installed around every command by the root command class),
SIGTERM and SIGHUP (its terminal closed) raise :class:`Stopped`, a
:class:`KeyboardInterrupt` too: whatever a command does on Ctrl-C it does on them (workers
terminated, the partial result printed, a drill scored and kept, a Casino game written to
a recovery file), and the exit code is 128 plus the signal's number, as a shell reports
it. Code that must tell them apart catches :class:`Stopped` first.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from types import FrameType
from typing import Any

__all__ = ["StopSignals", "Stopped", "point_at_null"]

#: The signals turned into :class:`Stopped`, with what they mean.
_SIGNALS = {signal.SIGTERM: "terminated (SIGTERM)"}
if hasattr(signal, "SIGHUP"):  # not on Windows
    _SIGNALS[signal.SIGHUP] = "the terminal was closed (SIGHUP)"


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP stopped the command (a :class:`KeyboardInterrupt`: every
    handler of Ctrl-C handles it as well)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def why(self) -> str:
        """What happened, in words."""
        return _SIGNALS.get(signal.Signals(self.signum), f"signal {self.signum}")

    @property
    def exit_code(self) -> int:
        """128 plus the signal's number, as a shell reports it."""
        return 128 + self.signum


class StopSignals:
    """While a command runs, SIGTERM and SIGHUP raise :class:`Stopped` in the main thread;
    ``received`` is the signal's number (0 until one came), for the exit code;
    :meth:`restore` puts the previous handlers back. A hang-up first points the standard
    streams that were the terminal at the null device, so that writing to the terminal
    that is gone cannot stop what is kept. A signal ignored when the command started
    (``nohup``) stays ignored, and a second one does not cut the stop short. Outside the
    main thread (where Python delivers no signal) it installs nothing."""

    def __init__(self) -> None:
        self.received = 0
        self.previous: dict[int, Any] = {}
        if threading.current_thread() is not threading.main_thread():
            return
        self.terminals = [fd for fd in (1, 2) if _isatty(fd)]
        for number in _SIGNALS:
            if signal.getsignal(number) is not signal.SIG_IGN:
                self.previous[number] = signal.signal(number, self._stop)

    def _stop(self, number: int, frame: FrameType | None) -> None:
        if self.received:
            return
        self.received = number
        if number != signal.SIGTERM:
            for descriptor in self.terminals:
                point_at_null(descriptor)
        raise Stopped(number)

    def restore(self) -> None:
        """Put back the handlers there were before."""
        for number, handler in self.previous.items():
            signal.signal(number, handler)


def _isatty(descriptor: int) -> bool:
    try:
        return os.isatty(descriptor)
    except OSError:
        return False


def point_at_null(descriptor: int) -> None:
    """Point ``descriptor`` at the null device (writes to it then go nowhere)."""
    with contextlib.suppress(OSError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, descriptor)
        os.close(null)
