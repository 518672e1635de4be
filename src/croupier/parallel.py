"""Work shared among worker processes, stopped at once by Ctrl-C.

:func:`run_jobs` runs independent jobs in worker processes that ignore SIGINT: on Ctrl-C
the parent terminates them at once (no worker traceback, no wait for running jobs) and
the :class:`KeyboardInterrupt` goes on in the parent, where the caller turns what was
finished into a partial result and raises :class:`Interrupted` with it.

>>> results = {}
>>> run_jobs(pow, [(2, 3), (3, 2)], workers=1, on_result=results.__setitem__)
>>> results
{0: 8, 1: 9}
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.context
import os
import signal
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

__all__ = ["Interrupted", "available_cpus", "run_jobs"]

R = TypeVar("R")


class Interrupted(KeyboardInterrupt, Generic[R]):
    """Ctrl-C stopped a long calculation; ``partial`` is the result of the work finished
    before it (``None`` if nothing was)."""

    def __init__(self, partial: R | None) -> None:
        super().__init__()
        self.partial = partial


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity, where the system tells it)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which terminates them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _call(task: tuple[Callable[..., Any], int, tuple[Any, ...]]) -> tuple[int, Any]:
    function, index, arguments = task
    return index, function(*arguments)


def run_jobs(
    function: Callable[..., R],
    jobs: Sequence[tuple[Any, ...]],
    *,
    workers: int,
    on_result: Callable[[int, R], None],
    context: multiprocessing.context.BaseContext | None = None,
) -> None:
    """Call ``function(*job)`` for every job, in ``workers`` processes (here when 1), and
    ``on_result(index, result)`` in this process as each job finishes, in any order.

    ``function`` and the jobs must be picklable for workers. Ctrl-C terminates the workers
    at once and raises :class:`KeyboardInterrupt` here.
    """
    if workers <= 1 or len(jobs) <= 1:
        for index, job in enumerate(jobs):
            on_result(index, function(*job))
        return
    context = context or multiprocessing.get_context()
    pool = context.Pool(min(workers, len(jobs)), initializer=_ignore_sigint)
    try:
        tasks = [(function, index, job) for index, job in enumerate(jobs)]
        for index, result in pool.imap_unordered(_call, tasks):
            on_result(index, result)
    except BaseException:
        pool.terminate()
        raise
    pool.close()
    pool.join()
