"""Work in local worker processes, stopped at once by Ctrl-C (or SIGTERM).

:func:`run_jobs` runs independent jobs in worker processes that ignore SIGINT: on Ctrl-C
the parent terminates them at once (no worker traceback, no wait for running jobs) and
the :class:`KeyboardInterrupt` goes on in the parent, where the caller turns what was
finished into a partial result and raises :class:`Interrupted` with it. The workers come
from :func:`pool_context`'s fork server; :func:`sigint_deferred` and
:func:`sigint_ignored` keep a Ctrl-C from cutting a helper process's start in half.

>>> results = {}
>>> run_jobs(pow, [(2, 3), (3, 2)], workers=1, on_result=results.__setitem__)
>>> results
{0: 8, 1: 9}
"""

from __future__ import annotations

import contextlib
import itertools
import os
import select
import signal
import sys
import threading
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence, Sized
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

if TYPE_CHECKING:  # imported where pools start: a job run here needs neither
    import concurrent.futures
    import multiprocessing.context

__all__ = [
    "IN_FLIGHT_PER_WORKER",
    "Interrupted",
    "iter_jobs",
    "pool_context",
    "run_jobs",
    "sigint_deferred",
    "sigint_ignored",
    "start_quiet_resource_tracker",
    "start_worker",
    "stop_pool",
]

R = TypeVar("R")

#: Jobs handed to the pool ahead of the workers, per worker.
IN_FLIGHT_PER_WORKER = 4


class Interrupted(KeyboardInterrupt, Generic[R]):
    """Ctrl-C stopped a long calculation; ``partial`` is the result of the work finished
    before it (``None`` if nothing was)."""

    def __init__(self, partial: R | None) -> None:
        super().__init__()
        self.partial = partial


def start_worker(parent: int) -> None:
    """A worker process's start (a pool's ``initializer``, with the pid of the
    ``parent`` process): it leaves Ctrl-C to the parent, which terminates it, and ends
    by itself as soon as the parent is gone, even killed by SIGKILL (where the system
    can tell)."""
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


def stop_pool(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Terminate the workers of ``pool`` at once (they may be in the middle of a job) and
    drop the jobs not started."""
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
    jobs: Iterable[tuple[Any, ...]],
    *,
    workers: int,
    on_result: Callable[[int, R], None],
    context: multiprocessing.context.BaseContext | None = None,
) -> None:
    """Call ``function(*job)`` for every job, in ``workers`` processes (here when 1), and
    ``on_result(index, result)`` in this process as each job finishes, in any order.

    ``function`` and the jobs must be picklable for workers. Ctrl-C terminates the workers
    at once and raises :class:`KeyboardInterrupt` here; a worker that dies raises
    :class:`concurrent.futures.process.BrokenProcessPool`. (:func:`iter_jobs` is the
    same as an iterator.)
    """
    with contextlib.closing(iter_jobs(function, jobs, workers=workers, context=context)) as done:
        for index, result in done:
            on_result(index, result)


def iter_jobs(
    function: Callable[..., R],
    jobs: Iterable[tuple[Any, ...]],
    *,
    workers: int,
    context: multiprocessing.context.BaseContext | None = None,
) -> Generator[tuple[int, R], None, None]:
    """``(index, function(*job))`` for every job, in ``workers`` processes (here when 1),
    as each job finishes, in any order.

    Jobs are taken from ``jobs`` only as workers need them (a few ahead), so ``jobs`` may
    be a generator that stops once the results so far are enough. Closing the iterator
    (or Ctrl-C, or an error) terminates the workers at once.

    >>> sorted(iter_jobs(pow, [(2, 3), (3, 2)], workers=1))
    [(0, 8), (1, 9)]
    """
    numbered = enumerate(jobs)
    if workers <= 1:
        for index, job in numbered:
            yield index, function(*job)
        return
    ahead = list(itertools.islice(numbered, 2))
    if len(ahead) <= 1:  # one job: here, no pool
        for index, job in ahead:
            yield index, function(*job)
        return
    import concurrent.futures

    waiting = itertools.chain(ahead, numbered)
    count = min(workers, len(jobs)) if isinstance(jobs, Sized) else workers
    pool = concurrent.futures.ProcessPoolExecutor(
        count, mp_context=context, initializer=start_worker, initargs=(os.getpid(),)
    )
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
                yield running.pop(future), future.result()
    except BaseException:  # Ctrl-C, an error, or the caller closing the iterator
        stop_pool(pool)
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
        # To its own handler, as if it came now: called here rather than sent again, so
        # that what it raises (KeyboardInterrupt, the command line's stop) is raised
        # here and now, never inside some finaliser that would swallow it.
        handler = previous[signal.Signals(pressed[0])]
        if callable(handler):
            handler(pressed[0], None)


def _threads() -> int:
    """The threads of this process, the system's own too (a library's native threads,
    such as OpenBLAS's, which Python does not list) where the system says (Linux)."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return threading.active_count()


@contextmanager
def _ignoring_sigint() -> Iterator[None]:
    """SIGINT ignored by the whole process in the block (main thread only)."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def sigint_ignored() -> Iterator[None]:
    """Keep Ctrl-C from helper processes started in the block, so that a Ctrl-C while
    they start up cannot print their tracebacks (the parent stops them itself).

    SIGINT is ignored in the block, and a helper started by fork and exec (the fork
    server, a spawned process) keeps an ignored signal ignored from its very start
    (Python then installs no KeyboardInterrupt handler in it). Where the system can
    block a signal (POSIX), SIGINT is also blocked here first, so that a Ctrl-C
    meanwhile waits for the end of the block, to be handled then (by
    :func:`sigint_deferred` around it) instead of being lost; and where another thread
    of this process (a library's native thread too) could take the signal while it is
    ignored, it is only blocked (the fork server's first module then makes it ignore
    Ctrl-C: :mod:`croupier.parallel.nointerrupt`)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if not hasattr(signal, "pthread_sigmask"):
        with _ignoring_sigint():
            yield
        return
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        with contextlib.nullcontext() if _threads() > 1 else _ignoring_sigint():
            yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


#: The module the fork server imports first (it ignores Ctrl-C from then on).
NO_INTERRUPT: Final = "croupier.parallel.nointerrupt"


def pool_context(preload: Sequence[str] = ()) -> multiprocessing.context.BaseContext:
    """Worker processes come from a clean, single-threaded fork server that has imported
    the ``preload`` modules (spawned fresh where there is no fork server). The server is
    started ignoring Ctrl-C, and so are the workers forked from it; multiprocessing's
    resource tracker is started quiet (see :func:`start_quiet_resource_tracker`)."""
    import multiprocessing
    import multiprocessing.forkserver

    if sys.platform.startswith("linux"):
        context = multiprocessing.get_context("forkserver")
        # first of all, a module that makes it ignore Ctrl-C (see its notes)
        context.set_forkserver_preload([NO_INTERRUPT, *preload])
        # A SIGTERM meanwhile waits: the helpers must not be cut off half-started.
        with sigint_deferred(), sigint_ignored():
            start_quiet_resource_tracker()
            multiprocessing.forkserver.ensure_running()
        return context
    return multiprocessing.get_context("spawn")


def start_quiet_resource_tracker() -> None:
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
