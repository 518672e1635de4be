"""The server's worker processes: the computer's Casino moves, reviews and equity jobs.

Searching for a move or enumerating an equity takes whole seconds of CPU. In the server
process it would hold the interpreter lock every other request needs, and every game
would wait for every other's search. Here that work runs in a bounded pool of worker
processes (:class:`Compute`), each with its own interpreter: a request awaits its
answer without blocking the server, and a game's deadline is its own (the Casino routes
give the computer the time left of the request's own deadline, however busy the pool).

The workers come from a fork server that has imported the game code once
(:func:`croupier.parallel.pool_context`): they start in milliseconds, ignore Ctrl-C,
and end by themselves if the server is killed. :meth:`Compute.stop` terminates them at
once; the server calls it as soon as it is told to stop (Ctrl-C or SIGTERM), so a
search in progress never holds the server up.

With ``processes=0`` the work runs on threads of the server process instead (the app
built without ``croupier serve``: tests, scripts, the docs' examples).

Jobs report progress through a small shared array: slot ``i`` holds ``done``, ``total``
and a cancel flag that the job's progress callback reads.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import math
import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, Final, ParamSpec, TypeVar

from croupier.web.errors import ApiError

__all__ = ["Compute", "JobCancelled", "Lateness", "Progress", "run_with_progress"]

P = ParamSpec("P")
R = TypeVar("R")

#: Called by a job's work as ``progress(done, total)``; raises :class:`JobCancelled` once
#: the job is cancelled, which stops the work at its next report.
Progress = Callable[[int, int], None]
#: Modules the workers' fork server imports once, so each worker starts ready.
PRELOAD: Final = ("croupier.web.views.casino", "croupier.web.routers.poker")
#: Jobs (running or waiting) per worker, beyond which new jobs are refused (503).
QUEUE_PER_WORKER: Final = 2

#: The progress array of this worker process (set when the worker starts).
_worker_progress: Any = None


class JobCancelled(Exception):  # noqa: N818 (a signal, not an error)
    """Raised inside a job's work when the job was cancelled."""


def _start_worker(parent: int, progress: Any) -> None:
    from croupier.parallel import start_worker

    global _worker_progress
    _worker_progress = progress
    start_worker(parent)


def run_with_progress(slot: int, work: Callable[[Progress], R], progress_array: Any = None) -> R:
    """Run ``work`` with a progress callback writing to ``slot`` of the progress array
    (this worker's, unless given: the threads of ``processes=0`` share the server's)."""
    array = progress_array if progress_array is not None else _worker_progress
    base = 3 * slot

    def progress(done: int, total: int) -> None:
        if array[base + 2]:
            raise JobCancelled
        array[base], array[base + 1] = done, total

    if array[base + 2]:
        raise JobCancelled
    return work(progress)


class Lateness:
    """How late the answers searched by a deadline came out, and the margin the next
    searches keep for it.

    A search given until time ``t`` to think ends a little after ``t`` (its last step),
    and its answer is built, saved and sent after that: on a machine whose cores are all
    busy, each of these takes several times longer. Each answer notes how far past its
    search's end time it was ready (:meth:`note`); the next searches end
    :meth:`margin` seconds before the answer's deadline: ``base``, or more when the
    last :data:`window` answers' 90th percentile lateness was more (at most ``most``).
    The computer then thinks a little less on a loaded machine, and answers in time.

    >>> late = Lateness(window=10)
    >>> late.margin(0.2)
    0.2
    >>> for seconds in (-0.3, 0.0, 0.1, 0.4, 0.1, 0.1, 0.2, 0.1, 0.0, 0.1):
    ...     late.note(seconds)
    >>> round(late.margin(0.2), 2), late.margin(0.2, most=0.3)
    (0.4, 0.3)
    """

    def __init__(self, window: int = 50) -> None:
        self.window = window
        self._late: deque[float] = deque(maxlen=window)
        self._lock = threading.Lock()

    def note(self, seconds: float) -> None:
        """An answer was ready ``seconds`` after its search's end time (negative: before)."""
        with self._lock:
            self._late.append(seconds)

    def margin(self, base: float, most: float = 0.6) -> float:
        """Seconds to end the next search before its answer's deadline."""
        with self._lock:
            late = sorted(self._late)
        if not late:
            return base
        tail = late[min(len(late) - 1, math.ceil(0.9 * len(late)) - 1)]
        return min(most, max(base, base + tail))


class Compute:
    """A bounded pool of ``processes`` workers (threads here when 0) for heavy work."""

    def __init__(self, processes: int = 0, *, threads: int = 4, preload: Sequence[str] = PRELOAD):
        self.processes = processes
        self.threads = threads
        self.preload = tuple(preload)
        workers = processes or threads
        #: Work running or waiting, at most.
        self.capacity = workers * (1 + QUEUE_PER_WORKER)
        self._busy = 0
        self._lock = threading.Lock()
        self._free_slots = list(range(self.capacity))
        self._context: Any = None
        if processes:
            from croupier.parallel import pool_context

            self._context = pool_context(self.preload)
            self.progress: Any = self._context.RawArray("q", 3 * self.capacity)
        else:
            self.progress = multiprocessing.RawArray("q", 3 * self.capacity)
        self._executor: concurrent.futures.Executor | None = None
        self._stopped = False
        #: How late this pool's answers searched by a deadline came out (their routes
        #: note it, and keep a margin for it).
        self.lateness = Lateness()

    def _pool(self) -> concurrent.futures.Executor:
        """The executor, started on first use (and again after :meth:`shutdown`)."""
        if self._executor is None:
            if self.processes:
                self._executor = concurrent.futures.ProcessPoolExecutor(
                    self.processes,
                    mp_context=self._context,
                    initializer=_start_worker,
                    initargs=(os.getpid(), self.progress),
                )
            else:
                self._executor = concurrent.futures.ThreadPoolExecutor(
                    self.threads, thread_name_prefix="croupier-compute"
                )
        return self._executor

    def open(self) -> None:
        """Take work again after :meth:`shutdown` (an app served once more)."""
        with self._lock:
            self._stopped = False

    def warm(self) -> None:
        """Start every worker process now (a server about to serve): the first games
        then do not wait for a process to start."""
        if not self.processes:
            return
        pool = self._pool()
        started = [pool.submit(time.sleep, 0.05) for _ in range(self.processes)]
        concurrent.futures.wait(started, timeout=60)

    def _reserve(self) -> None:
        with self._lock:
            if self._stopped:
                raise ApiError(503, "the server is stopping: try again in a moment")
            if self._busy >= self.capacity:
                raise ApiError(503, "the server is busy with other calculations: try again soon")
            self._busy += 1

    def _release(self, _: object = None) -> None:
        with self._lock:
            self._busy -= 1

    @property
    def busy(self) -> int:
        """Work running or waiting now."""
        return self._busy

    def _submit(
        self, function: Callable[P, R], *args: P.args, **kwargs: P.kwargs
    ) -> concurrent.futures.Future[R]:
        """``function(*args)`` handed to a worker, its place in the pool held until done."""
        self._reserve()
        try:
            future = self._pool().submit(function, *args, **kwargs)
        except BaseException:
            self._release()
            raise
        future.add_done_callback(self._release)
        return future

    async def call(self, function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``function(*args)`` in a worker, awaited (refused with a 503 when the pool is
        full or stopping). ``function`` and its arguments must be picklable."""
        future = self._submit(function, *args, **kwargs)
        try:
            return await asyncio.wrap_future(future)
        except concurrent.futures.BrokenExecutor:
            raise ApiError(503, "the server is stopping: try again in a moment") from None

    def run(self, function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``function(*args)`` in a worker, waited for on this thread (a plain route's
        thread, never the event loop's); refused with a 503 as :meth:`call` is."""
        future = self._submit(function, *args, **kwargs)
        try:
            return future.result()
        except concurrent.futures.BrokenExecutor:
            raise ApiError(503, "the server is stopping: try again in a moment") from None

    def start_job(
        self,
        work: Callable[[Progress], R],
        on_done: Callable[[int, concurrent.futures.Future[R]], None],
    ) -> int:
        """Start ``work(progress)`` in a worker; returns its progress slot. ``on_done``
        gets the slot and the future when it ends (the slot is free after that)."""
        self._reserve()
        with self._lock:
            slot = self._free_slots.pop()
        base = 3 * slot
        self.progress[base] = self.progress[base + 1] = self.progress[base + 2] = 0
        shared = None if self.processes else self.progress
        try:
            future = self._pool().submit(run_with_progress, slot, work, shared)
        except BaseException:
            self._free(slot)
            raise

        def finished(done: concurrent.futures.Future[R]) -> None:
            try:
                on_done(slot, done)
            finally:
                self._free(slot)

        future.add_done_callback(finished)
        return slot

    def _free(self, slot: int) -> None:
        with self._lock:
            self._free_slots.append(slot)
            self._busy -= 1

    def read(self, slot: int) -> tuple[int, int]:
        """``(done, total)`` of the job in ``slot``."""
        return int(self.progress[3 * slot]), int(self.progress[3 * slot + 1])

    def cancel(self, slot: int) -> None:
        """Ask the job in ``slot`` to stop at its next progress report."""
        self.progress[3 * slot + 2] = 1

    def stop(self) -> None:
        """Stop now: cancel every job, terminate the workers (work in progress is
        dropped), refuse new work."""
        with self._lock:
            self._stopped = True
            executor, self._executor = self._executor, None
        for slot in range(self.capacity):
            self.progress[3 * slot + 2] = 1
        if isinstance(executor, concurrent.futures.ProcessPoolExecutor):
            from croupier.parallel import stop_pool

            stop_pool(executor)
        elif executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)

    def shutdown(self) -> None:
        """Stop, and wait for the work to end (threads finish their job's next step)."""
        self.stop()
