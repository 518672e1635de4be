"""How slow this machine is right now, so that no test fails because it is busy.

A test that must bound the time something takes (a refusal "at once", a stop "within a
second") scales its bound by :func:`slowness`, measured when the bound is set: the load
per CPU, and the wall time of a fixed piece of Python work over the CPU time it took (on a
quiet machine the two are equal). On a quiet machine the bounds are as written; at a load of 20 on
two cores they are ten times longer. A test that waits for something waits on the event
itself (a prompt, a file, a line of output), with :func:`patience` as the bound on a hang.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

__all__ = ["patience", "slowness", "wait_until"]


def _work() -> float:
    """A fixed piece of pure-Python work: its wall time over the CPU time it took, the
    share of the CPU this process gets now (1 on a quiet machine)."""
    wall, cpu = time.perf_counter(), time.thread_time()
    total = 0
    for number in range(100_000):
        total += number * number % 7
    wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
    return wall / max(cpu, 1e-6)


def slowness() -> float:
    """How many times slower than a quiet machine this one runs now (1 at least): the
    larger of the load per CPU and the wall time of a fixed piece of work over its CPU
    time (the least of three)."""
    try:
        load = os.getloadavg()[0] / (os.cpu_count() or 1)
    except OSError:  # pragma: no cover - not on this system
        load = 0.0
    return max(1.0, load, min(_work() for _ in range(3)))


def patience(seconds: float) -> float:
    """``seconds`` on a quiet machine, scaled by how slow this one is now."""
    return seconds * slowness()


def wait_until(done: Callable[[], bool], seconds: float, step: float = 0.02) -> bool:
    """Poll ``done`` until it is true (True) or :func:`patience` of ``seconds`` passed
    (False)."""
    deadline = time.monotonic() + patience(seconds)
    while not done():
        if time.monotonic() > deadline:
            return False
        time.sleep(step)
    return True
