"""Work shared among worker processes, or a Dask cluster, stopped at once by Ctrl-C.

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
(Dask: connecting, starting a LocalCluster, killing its workers). Every name is
importable from here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from croupier.cpus import available_cpus
from croupier.parallel.cluster import (
    CLOSE_TIMEOUT,
    CONNECT_TIMEOUT,
    INSTALL_CLUSTER,
    LOCAL_SCHEDULER,
    dask_client,
    run_on_dask,
)
from croupier.parallel.local import (
    IN_FLIGHT_PER_WORKER,
    Interrupted,
    R,
    pool_context,
    run_jobs,
    sigint_deferred,
    sigint_ignored,
    start_quiet_resource_tracker,
    start_worker,
    stop_pool,
)

__all__ = [
    "CLOSE_TIMEOUT",
    "CONNECT_TIMEOUT",
    "INSTALL_CLUSTER",
    "IN_FLIGHT_PER_WORKER",
    "LOCAL_SCHEDULER",
    "Interrupted",
    "available_cpus",
    "dask_client",
    "pool_context",
    "run_jobs",
    "run_on_dask",
    "run_tasks",
    "sigint_deferred",
    "sigint_ignored",
    "start_quiet_resource_tracker",
    "start_worker",
    "stop_pool",
]


def run_tasks(
    function: Callable[..., R],
    jobs: Sequence[tuple[Any, ...]],
    *,
    on_result: Callable[[int, R], None],
    workers: int = 1,
    scheduler: str | None = None,
    preload: Sequence[str] = (),
) -> bool:
    """Call ``function(*job)`` for every job and pass ``(index, result)`` to ``on_result``
    as results arrive (in any order): here, in ``workers`` local processes (see
    :func:`run_jobs`; the workers come from a fork server that imported ``preload``), or
    on the Dask cluster at ``scheduler`` (``tcp://host:port``, or ``"local"``).

    Returns ``True`` when every job finished, ``False`` when Ctrl-C stopped the run (the
    results received until then were passed on).
    """
    try:
        if scheduler is not None:
            run_on_dask(function, jobs, on_result, scheduler, workers, preload)
        else:
            context = pool_context(preload) if workers > 1 and len(jobs) > 1 else None
            run_jobs(function, jobs, workers=workers, on_result=on_result, context=context)
    except KeyboardInterrupt:
        return False
    return True
