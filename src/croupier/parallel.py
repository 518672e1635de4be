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
import contextlib
import itertools
import multiprocessing
import multiprocessing.context
import multiprocessing.forkserver
import os
import select
import signal
import sys
import threading
import time
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


def _start_worker(parent: int) -> None:
    """Workers leave Ctrl-C to the parent, which terminates them, and end by themselves
    as soon as the parent is gone, even killed by SIGKILL (where the system can tell)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        parent_handle = os.pidfd_open(parent)
    except ProcessLookupError:  # gone already
        os._exit(1)
    except (AttributeError, OSError):  # not Linux 5.3 or later
        return

    def end_with_parent() -> None:
        select.select([parent_handle], [], [])  # readable once the parent has ended
        os._exit(1)

    threading.Thread(target=end_with_parent, name="croupier-parent-watch", daemon=True).start()


def _stop(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Terminate a pool's workers at once (they may be in the middle of a job) and drop
    the jobs not started."""
    _silence(getattr(pool, "_executor_manager_thread", None))
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.join(timeout=1)


def _silence(thread: threading.Thread | None) -> None:
    """Drop the traceback ``thread`` may print from now on: the pool's manager thread can
    fail on a pipe its terminated workers closed, after the stop has begun (and print a
    half traceback as the process leaves). Other threads report as before."""
    if thread is None:
        return
    previous = threading.excepthook

    def hook(args: threading.ExceptHookArgs) -> None:
        if args.thread is not thread:
            previous(args)

    threading.excepthook = hook


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
        count, mp_context=context, initializer=_start_worker, initargs=(os.getpid(),)
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
    half: half-started workers would be left behind), then raise it. A SIGTERM that a
    Python handler stops the program on (the command line's) is held back alike; a
    signal ignored stays ignored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held = [n for n in (signal.SIGINT, signal.SIGTERM) if callable(signal.getsignal(n))]
    pressed: list[int] = []
    previous = {number: signal.signal(number, lambda n, f: pressed.append(n)) for number in held}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
    if pressed:
        signal.raise_signal(pressed[0])  # to its own handler, as if it came now


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
    started ignoring Ctrl-C, and so are the workers forked from it; multiprocessing's
    resource tracker is started quiet (see :func:`_start_quiet_resource_tracker`)."""
    if sys.platform.startswith("linux"):
        context = multiprocessing.get_context("forkserver")
        if preload:
            context.set_forkserver_preload(list(preload))
        # A SIGTERM meanwhile waits: the helpers must not be cut off half-started.
        with sigint_deferred(), sigint_ignored():
            _start_quiet_resource_tracker()
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
            _run_on_dask(function, jobs, on_result, scheduler, workers, preload)
        else:
            context = pool_context(preload) if workers > 1 and len(jobs) > 1 else None
            run_jobs(function, jobs, workers=workers, on_result=on_result, context=context)
    except KeyboardInterrupt:
        return False
    return True


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


def _start_quiet_resource_tracker() -> None:
    """Start multiprocessing's resource tracker (once per program; it takes this
    interpreter's ``-W`` options) without its warnings: when a worker killed by Ctrl-C
    while it started, or the whole program killed by SIGKILL, leaves semaphores behind,
    the tracker removes them, and would say so on stderr."""
    from multiprocessing import resource_tracker

    if getattr(resource_tracker._resource_tracker, "_pid", None) is not None:
        return  # running already
    kept = list(sys.warnoptions)
    sys.warnoptions.append("ignore::UserWarning:multiprocessing.resource_tracker")
    try:
        resource_tracker.ensure_running()
    finally:
        sys.warnoptions[:] = kept


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


def _run_on_dask(
    function: Callable[..., Any],
    jobs: Sequence[tuple[Any, ...]],
    on_result: Callable[[int, Any], None],
    scheduler: str,
    workers: int,
    preload: Sequence[str],
) -> None:
    with dask_client(scheduler, workers, preload) as client:
        from distributed import as_completed

        numbered = [(function, index, job) for index, job in enumerate(jobs)]
        futures = client.map(_call, numbered, pure=False)
        done = as_completed(futures, with_results=True)  # type: ignore[no-untyped-call]
        for _, (index, result) in done:
            on_result(index, result)
