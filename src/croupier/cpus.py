"""How many CPUs this process may use: the bound of every ``--workers`` option and the
worker count of parallel jobs (see :mod:`croupier.parallel`).

A module of its own so that option parsing and help need none of the process machinery.

>>> available_cpus() >= 1
True
>>> workers_for(0.1), workers_for(1_000.0) == available_cpus()
(1, True)
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from typing import Final

__all__ = ["WORKER_START_SECONDS", "available_cpus", "cgroup_cpu_quota", "workers_for"]

#: Seconds to start worker processes (a fork server with the game's tables built),
#: measured on a small machine.
WORKER_START_SECONDS: Final = 0.35


def available_cpus() -> int:
    """The CPUs this process may use: those it may run on (its affinity, where the
    system tells it), fewer when a container's CPU quota allows less (the cgroup's
    ``cpu.max``, or ``cpu.cfs_quota_us`` under cgroup v1: 2 CPUs' worth on a 64-core
    host is 2), and at least one."""
    try:
        cpus = len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    quota = cgroup_cpu_quota()
    return max(1, min(cpus, math.ceil(quota))) if quota is not None else cpus


def cgroup_cpu_quota(
    root: str = "/sys/fs/cgroup", membership: str = "/proc/self/cgroup"
) -> float | None:
    """The CPUs' worth of time this process's cgroup allows (quota over period), the
    smallest along its path up to ``root``; ``None`` without a quota (or off Linux).

    ``membership`` lists the process's cgroups (``/proc/self/cgroup``): under cgroup v2
    the line ``0::/path`` and the files ``cpu.max`` (``max 100000`` when unlimited,
    ``200000 100000`` for two CPUs); under v1 the ``cpu`` controller's line and its
    ``cpu.cfs_quota_us`` (``-1`` when unlimited) and ``cpu.cfs_period_us``. Inside a
    container the path may be that of the host: the folders that do not exist are
    skipped, and ``root`` itself is read too.
    """
    try:
        with open(membership, encoding="utf-8") as lines:
            entries = [line.rstrip("\n").split(":", 2) for line in lines]
    except OSError:
        return None
    limits: list[float] = []
    for entry in entries:
        if len(entry) != 3:
            continue
        _, controllers, path = entry
        if controllers == "":
            limits += _quotas(root, path, _v2_quota)
        elif "cpu" in controllers.split(","):
            limits += _quotas(os.path.join(root, controllers), path, _v1_quota)
            limits += _quotas(os.path.join(root, "cpu"), path, _v1_quota)
    return min(limits) if limits else None


def _quotas(base: str, path: str, read: Callable[[str], float | None]) -> list[float]:
    """The quotas found in ``base`` and each folder down to ``base/path``."""
    found = []
    folder = base
    for part in ["", *(piece for piece in path.split("/") if piece)]:
        folder = os.path.join(folder, part) if part else folder
        quota = read(folder)
        if quota is not None:
            found.append(quota)
    return found


def _v2_quota(folder: str) -> float | None:
    words = _read_words(os.path.join(folder, "cpu.max"))
    if len(words) != 2 or words[0] == "max":
        return None
    return _ratio(words[0], words[1])


def _v1_quota(folder: str) -> float | None:
    quota = _read_words(os.path.join(folder, "cpu.cfs_quota_us"))
    period = _read_words(os.path.join(folder, "cpu.cfs_period_us"))
    if len(quota) != 1 or len(period) != 1:
        return None
    return _ratio(quota[0], period[0])


def _ratio(quota: str, period: str) -> float | None:
    """``quota / period`` when both are positive whole numbers, else ``None`` (``-1``:
    no quota)."""
    if not (quota.isdigit() and period.isdigit()) or int(quota) <= 0 or int(period) <= 0:
        return None
    return int(quota) / int(period)


def _read_words(path: str) -> list[str]:
    try:
        with open(path, encoding="ascii") as text:
            return text.read(100).split()
    except (OSError, UnicodeDecodeError):
        return []


def workers_for(seconds: float, start: float = WORKER_START_SECONDS) -> int:
    """Workers for a job that takes ``seconds`` in one process: every available CPU when
    the time they save is more than the ``start`` seconds they take to be ready, else one."""
    cpus = available_cpus()
    return cpus if cpus > 1 and start + seconds / cpus < seconds else 1
