"""How many CPUs this process may use: the bound of every ``--workers`` option and the
worker count of parallel jobs (see :mod:`croupier.parallel`).

A module of its own so that option parsing and help need none of the process machinery.

>>> available_cpus() >= 1
True
"""

from __future__ import annotations

import os

__all__ = ["available_cpus"]


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity, where the system tells it)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
