"""The one way a signal stops a command, in-process: SIGTERM and SIGHUP raise
:class:`Stopped` (a KeyboardInterrupt), once; an ignored signal stays ignored; the handlers
before are put back. The real programs are signalled in test_interrupt.py,
baccarat/test_hangup.py and casino/test_play_signals.py."""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Iterator

import pytest

from croupier.cli.stopping import Stopped, StopSignals

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


@pytest.fixture
def handlers() -> Iterator[None]:
    """Whatever a test does to the handlers of SIGTERM and SIGHUP is undone after it."""
    before = {number: signal.getsignal(number) for number in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


@pytest.mark.parametrize(
    ("signum", "why", "code"),
    [
        (signal.SIGTERM, "terminated (SIGTERM)", 143),
        (signal.SIGHUP, "the terminal was closed (SIGHUP)", 129),
    ],
)
def test_a_signal_raises_stopped_once_and_the_handlers_come_back(
    handlers: None, signum: int, why: str, code: int
) -> None:
    signal.signal(signum, signal.SIG_DFL)
    stops = StopSignals()
    try:
        with pytest.raises(Stopped) as stopped:
            signal.raise_signal(signum)
        assert isinstance(stopped.value, KeyboardInterrupt)
        assert (stopped.value.signum, stopped.value.why, stopped.value.exit_code) == (
            signum,
            why,
            code,
        )
        assert stops.received == signum
        signal.raise_signal(signum)  # a second one does not cut the stop short
    finally:
        stops.restore()
    assert signal.getsignal(signum) is signal.SIG_DFL


def test_an_ignored_signal_stays_ignored(handlers: None) -> None:
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    stops = StopSignals()
    try:
        assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
        signal.raise_signal(signal.SIGHUP)
        assert stops.received == 0
    finally:
        stops.restore()
    assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN


def test_outside_the_main_thread_nothing_is_installed(handlers: None) -> None:
    before = signal.getsignal(signal.SIGTERM)
    made: list[StopSignals] = []
    thread = threading.Thread(target=lambda: made.append(StopSignals()))
    thread.start()
    thread.join()
    assert made[0].previous == {} and signal.getsignal(signal.SIGTERM) is before
    made[0].restore()
