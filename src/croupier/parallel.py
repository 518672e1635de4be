"""Run independent tasks in this process, in local worker processes or on a Dask cluster,
and stop cleanly on Ctrl-C.

One helper for every long job that splits into tasks: :func:`run_tasks` calls
``function(task)`` for each task and hands each result to ``on_result`` as it arrives.
Worker processes ignore SIGINT; on Ctrl-C (a :class:`KeyboardInterrupt` in the calling
process) the workers are terminated at once, the results received so far are kept and
the call returns ``False``, so the caller can report a partial result.

>>> squares = {}
>>> run_tasks(pow, [(2, 2), (3, 2)], on_result=squares.__setitem__, star=True)
True
>>> squares
{0: 4, 1: 9}
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.forkserver
import multiprocessing.pool
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Final, TypeVar

from croupier.errors import CroupierError

__all__ = ["INSTALL_CLUSTER", "LOCAL_SCHEDULER", "pool_context", "run_tasks"]

T = TypeVar("T")
R = TypeVar("R")

#: The ``scheduler`` that starts a Dask LocalCluster on loopback for the run.
LOCAL_SCHEDULER: Final = "local"
#: Seconds to wait for a Dask scheduler to answer.
CONNECT_TIMEOUT = 10.0
#: What to install for Dask.
INSTALL_CLUSTER: Final = "pip install 'croupier[cluster]'"


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


def _ignore_sigint() -> None:
    """Worker start-up: Ctrl-C is the parent's business (it terminates the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _call(job: tuple[Callable[..., Any], int, Any, bool]) -> tuple[int, Any]:
    function, index, task, star = job
    return index, function(*task) if star else function(task)


def run_tasks(
    function: Callable[..., R],
    tasks: Sequence[Any],
    *,
    on_result: Callable[[int, R], None],
    workers: int = 1,
    scheduler: str | None = None,
    preload: Sequence[str] = (),
    star: bool = False,
) -> bool:
    """Call ``function(task)`` (``function(*task)`` with ``star``) for every task and pass
    ``(index, result)`` to ``on_result`` as results arrive (in any order).

    ``workers`` > 1 runs the tasks in that many local processes (``function`` must be
    importable: a module-level function); ``scheduler`` (``tcp://host:port`` or
    ``"local"``) runs them on a Dask cluster instead. Returns ``True`` when every task
    finished, ``False`` when Ctrl-C stopped the run early.
    """
    jobs = [(function, index, task, star) for index, task in enumerate(tasks)]
    try:
        if scheduler is not None:
            _run_on_dask(jobs, on_result, scheduler, workers)
        elif workers <= 1 or len(jobs) <= 1:
            for job in jobs:
                on_result(*_call(job))
        else:
            _run_in_processes(jobs, on_result, workers, preload)
    except KeyboardInterrupt:
        return False
    return True


def _run_in_processes(
    jobs: list[tuple[Callable[..., Any], int, Any, bool]],
    on_result: Callable[[int, Any], None],
    workers: int,
    preload: Sequence[str],
) -> None:
    context = pool_context(preload)
    with sigint_deferred():
        pool = context.Pool(min(workers, len(jobs)), initializer=_ignore_sigint)
    try:
        for index, result in pool.imap_unordered(_call, jobs):
            on_result(index, result)
        pool.close()
    finally:
        pool.terminate()  # at once: nothing is left to wait for, or Ctrl-C was pressed
        pool.join()


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
                    dashboard_address=None,
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


def _run_on_dask(
    jobs: list[tuple[Callable[..., Any], int, Any, bool]],
    on_result: Callable[[int, Any], None],
    scheduler: str,
    workers: int,
) -> None:
    with dask_client(scheduler, workers) as client:
        from distributed import as_completed

        futures = client.map(_call, jobs, pure=False)
        try:
            done = as_completed(futures, with_results=True)  # type: ignore[no-untyped-call]
            for _, (index, result) in done:
                on_result(index, result)
        finally:
            client.cancel(futures)
