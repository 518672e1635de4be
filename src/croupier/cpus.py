"""How many CPUs this process may use: the bound of every ``--workers`` option and the
worker count of parallel jobs (see :mod:`croupier.parallel`).

A module of its own so that option parsing and help need none of the process machinery.

>>> available_cpus() >= 1
True
>>> workers_for(0.1), workers_for(1_000.0) == available_cpus()
(1, True)
"""

from __future__ import annotations

import os
from typing import Final

__all__ = ["WORKER_START_SECONDS", "available_cpus", "workers_for"]

#: Seconds to start worker processes (a fork server with the game's tables built),
#: measured on a small machine.
WORKER_START_SECONDS: Final = 0.35


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity, where the system tells it)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def workers_for(seconds: float, start: float = WORKER_START_SECONDS) -> int:
    """Workers for a job that takes ``seconds`` in one process: every available CPU when
    the time they save is more than the ``start`` seconds they take to be ready, else one."""
    cpus = available_cpus()
    return cpus if cpus > 1 and start + seconds / cpus < seconds else 1
