"""Work on a Dask cluster: a client on a scheduler, or a LocalCluster started for the run
whose workers are killed at once on Ctrl-C.

:func:`dask_client` connects to a scheduler (``tcp://host:port``) or starts a
LocalCluster on loopback (``"local"``) whose workers come from the fork server of
:func:`~croupier.parallel.local.pool_context`, so they ignore Ctrl-C; leaving on an
exception kills them instead of waiting for their task. :func:`run_on_dask` runs jobs
there. Dask is the ``cluster`` extra: it is imported only when a client is made.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Final

from croupier.errors import CroupierError
from croupier.parallel.local import (
    IN_FLIGHT_PER_WORKER,
    pool_context,
    sigint_deferred,
    sigint_ignored,
)

__all__ = [
    "CLOSE_TIMEOUT",
    "CONNECT_TIMEOUT",
    "INSTALL_CLUSTER",
    "LOCAL_SCHEDULER",
    "dask_client",
    "iter_on_dask",
    "run_on_dask",
]

#: The ``scheduler`` that starts a Dask LocalCluster on loopback for the run.
LOCAL_SCHEDULER: Final = "local"
#: Seconds to wait for a Dask scheduler to answer.
CONNECT_TIMEOUT = 10.0
#: What to install for Dask.
INSTALL_CLUSTER: Final = "pip install 'croupier[cluster]'"


@contextmanager
def dask_client(scheduler: str, workers: int = 2, preload: Sequence[str] = ()) -> Iterator[Any]:
    """A Dask client on ``scheduler`` (an address, or ``"local"``: a LocalCluster of
    ``workers`` single-threaded processes on 127.0.0.1, forked from a server that has
    imported ``preload``), closed on the way out.

    Leaving on an exception (Ctrl-C above all) takes no time: the LocalCluster's worker
    processes are killed at once instead of being asked to finish their task, and the
    client and the cluster's scheduler are closed in a background thread. A remote
    scheduler and its workers are left running: only this client is closed (its tasks
    not finished are then dropped by the scheduler).
    """
    try:
        from distributed import Client
    except ImportError:
        raise CroupierError(
            f"a Dask scheduler needs the cluster extra: {INSTALL_CLUSTER}"
        ) from None
    if scheduler == LOCAL_SCHEDULER:
        for closing in _CLOSING:  # a cluster left on Ctrl-C: let it finish closing first
            closing.join(timeout=2 * CLOSE_TIMEOUT)
        with _local_cluster(max(workers, 1), preload) as cluster:
            client = None
            try:
                client = Client(cluster)  # type: ignore[no-untyped-call]
                yield client
            except BaseException:
                _kill_workers(cluster)
                _close_in_background(client, cluster)
                raise
            client.close()  # type: ignore[no-untyped-call]
            cluster.close()
        return
    try:
        client = Client(scheduler, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:
        raise CroupierError(
            f"cannot reach the Dask scheduler {scheduler!r}: {exc} "
            f"(expected tcp://HOST:PORT, or {LOCAL_SCHEDULER} for a LocalCluster)"
        ) from None
    try:
        yield client
    except BaseException:
        _close_in_background(client, None)
        raise
    client.close()  # type: ignore[no-untyped-call]


#: Seconds allowed to closing a Dask client, then its LocalCluster, after Ctrl-C.
CLOSE_TIMEOUT = 5.0


@contextmanager
def _local_cluster(workers: int, preload: Sequence[str]) -> Iterator[Any]:
    """A LocalCluster whose workers ignore Ctrl-C: they are forked from the fork server
    of :func:`pool_context`, which ignores it.

    The cluster starts without workers (the scheduler alone, in this process: a Ctrl-C
    meanwhile is held back until it is up) and grows to ``workers`` in the background,
    so that a Ctrl-C while the workers start stops the run at once too. Where there is
    no fork server, the workers are spawned from here while Ctrl-C is ignored, so the
    cluster starts whole before a Ctrl-C counts."""
    import dask.config
    from distributed import LocalCluster

    method = pool_context([*preload, "distributed"]).get_start_method()
    forked = method == "forkserver"
    with dask.config.set({"distributed.worker.multiprocessing-method": method}):
        cluster = None
        try:
            with sigint_deferred() if forked else sigint_ignored():
                cluster = LocalCluster(  # type: ignore[no-untyped-call]
                    n_workers=0 if forked else workers,
                    threads_per_worker=1,
                    processes=True,
                    host="127.0.0.1",
                    dashboard_address="127.0.0.1:0",  # on loopback, any free port
                    silence_logs=50,  # logging.CRITICAL: no worker chatter on the terminal
                )
            if forked:
                cluster.scale(workers)  # type: ignore[no-untyped-call]
        except BaseException:
            if cluster is not None:
                _kill_workers(cluster)
                _close_in_background(None, cluster)
            raise
        yield cluster


def _kill_workers(cluster: Any) -> None:
    """Kill a LocalCluster's worker processes, started or starting: a task in the middle
    of a NumPy call would hold a polite shutdown for seconds. Their nannies are told
    first not to start new ones, and the fork server the workers come from is stopped
    while its children are found (one forked a moment ago would otherwise live on and
    print a traceback when it finds this process gone); it starts again when needed."""
    nannies = [*cluster.workers.values(), *getattr(cluster, "_created", ())]
    for nanny in nannies:
        with contextlib.suppress(Exception):
            nanny.close_gracefully()  # no restart of the worker killed below
    import multiprocessing.forkserver  # (a LocalCluster's workers imported it already)

    pids = _worker_pids(nannies)
    forkserver = getattr(multiprocessing.forkserver, "_forkserver", None)
    server = getattr(forkserver, "_forkserver_pid", None)
    if isinstance(server, int) and server > 0:
        with contextlib.suppress(OSError):
            os.kill(server, signal.SIGSTOP)
            pids |= _children(server)
            pids.add(server)
    kill = getattr(signal, "SIGKILL", signal.SIGTERM)  # (no SIGKILL on Windows)
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, kill)
    if isinstance(server, int) and server > 0:
        _wait_until_gone(server)


def _wait_until_gone(pid: int, timeout: float = 1.0) -> None:
    """Wait until ``pid``, a child of this process, has exited, without reaping it:
    multiprocessing reaps its fork server, and starts a new one only once it sees the old
    one gone (a fork server killed a moment ago still looks alive to it)."""
    waitid = getattr(os, "waitid", None)
    if waitid is None:
        return
    deadline = time.monotonic() + timeout
    flags = os.WEXITED | os.WNOWAIT | os.WNOHANG
    with contextlib.suppress(ChildProcessError, OSError):
        while waitid(os.P_PID, pid, flags) is None and time.monotonic() < deadline:
            time.sleep(0.002)


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (none where there is no /proc)."""
    found = set()
    with contextlib.suppress(OSError):
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            with (
                contextlib.suppress(OSError, IndexError, ValueError),
                open(f"/proc/{entry.name}/stat", encoding="ascii") as stat,
            ):
                if int(stat.read().rsplit(")", 1)[1].split()[1]) == pid:
                    found.add(int(entry.name))
    return found


def _worker_pids(nannies: Sequence[Any]) -> set[int]:
    """The process ids of the nannies' worker processes."""
    pids = set()
    for nanny in nannies:
        # Nanny.process is a WorkerProcess, whose .process is distributed's AsyncProcess.
        pid = getattr(getattr(getattr(nanny, "process", None), "process", None), "pid", None)
        if isinstance(pid, int) and pid > 0:
            pids.add(pid)
    return pids


def _close_in_background(client: Any, cluster: Any) -> threading.Thread:
    """Close a Dask client, then a LocalCluster, in a daemon thread: the caller goes on
    at once (a command prints its partial result and exits, which ends the thread; a
    program goes on while the thread finishes the job)."""

    def close() -> None:
        for closable in (client, cluster):
            if closable is not None:
                with contextlib.suppress(Exception):
                    closable.close(timeout=CLOSE_TIMEOUT)

    thread = threading.Thread(target=close, name="croupier-dask-close", daemon=True)
    thread.start()
    _CLOSING[:] = [*(other for other in _CLOSING if other.is_alive()), thread]
    return thread


#: The threads of :func:`_close_in_background` (a LocalCluster restores the logging
#: level it changed as it closes: the next one waits for that).
_CLOSING: list[threading.Thread] = []


def _call(job: tuple[Callable[..., Any], int, tuple[Any, ...]]) -> tuple[int, Any]:
    function, index, arguments = job
    return index, function(*arguments)


def iter_on_dask(
    function: Callable[..., Any],
    jobs: Iterable[tuple[Any, ...]],
    scheduler: str,
    workers: int,
    preload: Sequence[str],
) -> Generator[tuple[int, Any], None, None]:
    """``(index, function(*job))`` for every job, run on the Dask cluster at
    ``scheduler`` (see :func:`dask_client`), as each job finishes, in any order.

    Jobs are sent a few ahead of the cluster's worker threads (as
    :func:`~croupier.parallel.local.iter_jobs` does locally), so ``jobs`` may be a
    generator that stops once the results so far are enough; closing the iterator
    closes the client (and a LocalCluster, its workers killed at once).
    """
    with dask_client(scheduler, workers, preload) as client:
        from distributed import as_completed

        waiting = enumerate(jobs)

        def send(count: int) -> list[Any]:
            return [
                client.submit(_call, (function, index, job), pure=False)
                for index, job in itertools.islice(waiting, count)
            ]

        threads = sum(client.nthreads().values()) if scheduler != LOCAL_SCHEDULER else 0
        ahead = IN_FLIGHT_PER_WORKER * max(threads, workers, 1)
        # this client's loop: the default client's may be another one, or a closed one
        running = as_completed(  # type: ignore[no-untyped-call]
            send(ahead), loop=client.loop, with_results=True
        )
        for _, (index, result) in running:
            for future in send(1):
                running.add(future)  # type: ignore[no-untyped-call]
            yield index, result


def run_on_dask(
    function: Callable[..., Any],
    jobs: Iterable[tuple[Any, ...]],
    on_result: Callable[[int, Any], None],
    scheduler: str,
    workers: int,
    preload: Sequence[str],
) -> None:
    """Call ``on_result(index, function(*job))`` for every job, run on the Dask cluster at
    ``scheduler`` (see :func:`iter_on_dask`)."""
    with contextlib.closing(iter_on_dask(function, jobs, scheduler, workers, preload)) as done:
        for index, result in done:
            on_result(index, result)
