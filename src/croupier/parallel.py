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
"""

from __future__ import annotations

import concurrent.futures
import itertools
import multiprocessing
import multiprocessing.context
import multiprocessing.forkserver
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Final, Generic, TypeVar

from croupier.cpus import available_cpus
from croupier.errors import CroupierError

__all__ = [
    "INSTALL_CLUSTER",
    "LOCAL_SCHEDULER",
    "Interrupted",
    "available_cpus",
    "dask_client",
    "pool_context",
    "run_jobs",
    "run_tasks",
]

#: The ``scheduler`` that starts a Dask LocalCluster on loopback for the run.
LOCAL_SCHEDULER: Final = "local"
#: Seconds to wait for a Dask scheduler to answer.
CONNECT_TIMEOUT = 10.0
#: What to install for Dask.
INSTALL_CLUSTER: Final = "pip install 'croupier[cluster]'"

R = TypeVar("R")

#: Jobs handed to the pool ahead of the workers, per worker.
IN_FLIGHT_PER_WORKER = 4


class Interrupted(KeyboardInterrupt, Generic[R]):
    """Ctrl-C stopped a long calculation; ``partial`` is the result of the work finished
    before it (``None`` if nothing was)."""

    def __init__(self, partial: R | None) -> None:
        super().__init__()
        self.partial = partial


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
            # A submit may start a worker: a Ctrl-C waits until it is registered, or a
            # half-started worker would be left behind, printing a traceback.
            with sigint_deferred():
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


@contextmanager
def sigint_deferred() -> Iterator[None]:
    """Hold a Ctrl-C back until the block is done (starting a pool must not be cut in
    half: half-started workers would be left behind), then raise it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pressed: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: pressed.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if pressed:
        raise KeyboardInterrupt


@contextmanager
def sigint_ignored() -> Iterator[None]:
    """Ignore Ctrl-C while starting helper processes: they inherit the setting (Python
    then installs no KeyboardInterrupt handler in them), so a Ctrl-C while they start up
    cannot print their tracebacks; the parent still stops them itself."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def pool_context(preload: Sequence[str] = ()) -> multiprocessing.context.BaseContext:
    """Worker processes come from a clean, single-threaded fork server that has imported
    the ``preload`` modules (spawned fresh where there is no fork server). The server is
    started ignoring Ctrl-C, and so are the workers forked from it."""
    if sys.platform.startswith("linux"):
        context = multiprocessing.get_context("forkserver")
        if preload:
            context.set_forkserver_preload(list(preload))
        with sigint_ignored():
            multiprocessing.forkserver.ensure_running()
        return context
    return multiprocessing.get_context("spawn")


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
            _run_on_dask(function, jobs, on_result, scheduler, workers)
        else:
            context = pool_context(preload) if workers > 1 and len(jobs) > 1 else None
            run_jobs(function, jobs, workers=workers, on_result=on_result, context=context)
    except KeyboardInterrupt:
        return False
    return True


@contextmanager
def dask_client(scheduler: str, workers: int = 2) -> Iterator[Any]:
    """A Dask client on ``scheduler`` (an address, or ``"local"``: a LocalCluster of
    ``workers`` single-threaded processes on 127.0.0.1), closed on the way out."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise CroupierError(
            f"a Dask scheduler needs the cluster extra: {INSTALL_CLUSTER}"
        ) from None
    cluster = None
    try:
        if scheduler == LOCAL_SCHEDULER:
            with sigint_ignored():
                cluster = LocalCluster(  # type: ignore[no-untyped-call]
                    n_workers=max(workers, 1),
                    threads_per_worker=1,
                    processes=True,
                    host="127.0.0.1",
                    dashboard_address="127.0.0.1:0",  # its HTTP server on loopback, any free port
                    silence_logs=50,  # logging.CRITICAL: no worker chatter on the terminal
                )
            client = Client(cluster)  # type: ignore[no-untyped-call]
        else:
            try:
                client = Client(scheduler, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
            except (OSError, TimeoutError, ValueError) as exc:
                raise CroupierError(
                    f"cannot reach the Dask scheduler {scheduler!r}: {exc} "
                    f"(expected tcp://HOST:PORT, or {LOCAL_SCHEDULER} for a LocalCluster)"
                ) from None
    except BaseException:
        if cluster is not None:
            cluster.close()
        raise
    try:
        yield client
    finally:
        client.close()  # type: ignore[no-untyped-call]
        if cluster is not None:
            cluster.close()


def _call(job: tuple[Callable[..., Any], int, tuple[Any, ...]]) -> tuple[int, Any]:
    function, index, arguments = job
    return index, function(*arguments)


def _run_on_dask(
    function: Callable[..., Any],
    jobs: Sequence[tuple[Any, ...]],
    on_result: Callable[[int, Any], None],
    scheduler: str,
    workers: int,
) -> None:
    with dask_client(scheduler, workers) as client:
        from distributed import as_completed

        numbered = [(function, index, job) for index, job in enumerate(jobs)]
        futures = client.map(_call, numbered, pure=False)
        try:
            done = as_completed(futures, with_results=True)  # type: ignore[no-untyped-call]
            for _, (index, result) in done:
                on_result(index, result)
        finally:
            client.cancel(futures)
