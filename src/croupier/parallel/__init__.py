"""Work shared among worker processes, or a Dask cluster, stopped at once by Ctrl-C: the
one executor of every long job.

Every long job of croupier (a Baccarat simulation or study, an equity calculation of
ranges, an arena) is split into independent jobs, each seeded from the job's own
:class:`numpy.random.SeedSequence` child when it draws cards, so that its numbers do not
depend on where or in which order the jobs run; :class:`InOrder` adds the results up in
job order as they come, so the sums are bit-for-bit the same on one process, several,
or a Dask cluster. :func:`iter_tasks` runs the jobs (here, in local worker processes or
on a Dask cluster) and yields their results as they finish; :func:`run_tasks` hands
them to a callback.

:func:`run_jobs` runs independent jobs in worker processes that ignore SIGINT: on Ctrl-C
the parent terminates them at once (no worker traceback, no wait for running jobs) and
the :class:`KeyboardInterrupt` goes on in the parent, where the caller turns what was
finished into a partial result and raises :class:`Interrupted` with it.
:func:`run_tasks` runs the same jobs here, in local workers or on a Dask cluster, and
returns ``False`` instead when Ctrl-C stopped it.

>>> results = {}
>>> run_jobs(pow, [(2, 3), (3, 2)], workers=1, on_result=results.__setitem__)
>>> results
{0: 8, 1: 9}
>>> squares = {}
>>> run_tasks(pow, [(2, 2), (3, 2)], on_result=squares.__setitem__)
True
>>> squares
{0: 4, 1: 9}

Two subjects, two modules: :mod:`~croupier.parallel.local` (local pools, the fork server
they come from, the SIGINT and SIGTERM policy) and :mod:`~croupier.parallel.cluster`
(Dask: connecting, starting a LocalCluster, killing its workers); results put back in
order are :mod:`~croupier.parallel.inorder`'s. Every name is importable from here.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Callable, Generator, Iterable, Sequence
from typing import Any

from croupier.cpus import available_cpus, workers_for
from croupier.parallel.cluster import (
    CLOSE_TIMEOUT,
    CONNECT_TIMEOUT,
    INSTALL_CLUSTER,
    LOCAL_SCHEDULER,
    dask_client,
    iter_on_dask,
    run_on_dask,
)
from croupier.parallel.inorder import InOrder
from croupier.parallel.local import (
    IN_FLIGHT_PER_WORKER,
    Interrupted,
    R,
    iter_jobs,
    pool_context,
    run_jobs,
    sigint_deferred,
    sigint_ignored,
)

__all__ = [
    "CLOSE_TIMEOUT",
    "CONNECT_TIMEOUT",
    "INSTALL_CLUSTER",
    "IN_FLIGHT_PER_WORKER",
    "LOCAL_SCHEDULER",
    "InOrder",
    "Interrupted",
    "available_cpus",
    "dask_client",
    "iter_jobs",
    "iter_on_dask",
    "iter_tasks",
    "pool_context",
    "run_jobs",
    "run_on_dask",
    "run_tasks",
    "sigint_deferred",
    "sigint_ignored",
    "workers_for",
]


def iter_tasks(
    function: Callable[..., R],
    jobs: Iterable[tuple[Any, ...]],
    *,
    workers: int = 1,
    scheduler: str | None = None,
    preload: Sequence[str] = (),
) -> Generator[tuple[int, R], None, None]:
    """``(index, function(*job))`` for every job as each finishes, in any order: here, in
    ``workers`` local processes (see :func:`~croupier.parallel.local.iter_jobs`; the
    workers come from a fork server that imported ``preload``), or on the Dask cluster at
    ``scheduler`` (``tcp://host:port``, or ``"local"`` for a LocalCluster of ``workers``
    processes; see :func:`~croupier.parallel.cluster.iter_on_dask`).

    Jobs are taken from ``jobs`` only as workers need them, so ``jobs`` may be a
    generator that stops once the results so far are enough. Closing the iterator (or
    Ctrl-C, or an error) stops the workers at once.

    >>> sorted(iter_tasks(pow, [(2, 2), (3, 2)]))
    [(0, 4), (1, 9)]
    """
    if scheduler is not None:
        yield from iter_on_dask(function, jobs, scheduler, workers, preload)
        return
    if workers <= 1:
        yield from iter_jobs(function, jobs, workers=1)
        return
    waiting = iter(jobs)
    ahead = list(itertools.islice(waiting, 2))
    context = pool_context(preload) if len(ahead) > 1 else None  # one job runs here
    yield from iter_jobs(
        function, itertools.chain(ahead, waiting), workers=workers, context=context
    )


def run_tasks(
    function: Callable[..., R],
    jobs: Iterable[tuple[Any, ...]],
    *,
    on_result: Callable[[int, R], None],
    workers: int = 1,
    scheduler: str | None = None,
    preload: Sequence[str] = (),
) -> bool:
    """Call ``function(*job)`` for every job and pass ``(index, result)`` to ``on_result``
    as results arrive (in any order), where :func:`iter_tasks` runs them.

    Returns ``True`` when every job finished, ``False`` when Ctrl-C stopped the run (the
    results received until then were passed on).
    """
    done = iter_tasks(function, jobs, workers=workers, scheduler=scheduler, preload=preload)
    try:
        with contextlib.closing(done):
            for index, result in done:
                on_result(index, result)
    except KeyboardInterrupt:
        return False
    return True
