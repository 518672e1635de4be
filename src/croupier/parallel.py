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

import concurrent.futures
import itertools
import multiprocessing
import multiprocessing.context
import os
import signal
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

__all__ = ["Interrupted", "available_cpus", "run_jobs"]

R = TypeVar("R")

#: Jobs handed to the pool ahead of the workers, per worker.
IN_FLIGHT_PER_WORKER = 4


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


def _stop(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Terminate a pool's workers at once (they may be in the middle of a job) and drop
    the jobs not started."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.join(timeout=1)


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
    at once and raises :class:`KeyboardInterrupt` here; a worker that dies raises
    :class:`concurrent.futures.process.BrokenProcessPool`.
    """
    if workers <= 1 or len(jobs) <= 1:
        for index, job in enumerate(jobs):
            on_result(index, function(*job))
        return
    count = min(workers, len(jobs))
    pool = concurrent.futures.ProcessPoolExecutor(
        count, mp_context=context, initializer=_ignore_sigint
    )
    waiting = iter(enumerate(jobs))
    running: dict[concurrent.futures.Future[R], int] = {}
    try:
        while True:
            # A few jobs ahead of the workers, not all of them: a long run starts at once
            # and Ctrl-C has little to drop.
            for index, job in itertools.islice(
                waiting, IN_FLIGHT_PER_WORKER * count - len(running)
            ):
                running[pool.submit(function, *job)] = index
            if not running:
                break
            done, _ = concurrent.futures.wait(
                running, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in done:
                on_result(running.pop(future), future.result())
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()
