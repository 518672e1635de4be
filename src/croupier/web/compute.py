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

The server has two pools: the searches a request waits for (the Casino computer's
moves, hints: :data:`SEARCH_WORKERS`) and the jobs that follow an answer or that a
browser polls (the judge's reasons and a round's review, the poker calculations:
:data:`JOB_WORKERS`). The jobs' workers run at a lower priority of the system's
(:data:`JOB_NICENESS`, and Linux's idle scheduling class): on a machine whose cores are
all busy, a search that a player waits for is never slowed by a review no one waits for
yet; on an idle machine the jobs take every spare cycle as before.

Jobs report progress through a small shared array: slot ``i`` holds ``done``, ``total``
and a cancel flag that the job's progress callback reads.

The pool is shared fairly: each request's work is its party's (:class:`Party`: the
client's address and its session), and a party holding more than others gives way to
them when the pool is full (:meth:`Compute._admit`), so that no one script (cookies or
none) can turn every other player away.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import itertools
import math
import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Final, ParamSpec, TypeVar

from croupier.web.errors import ApiError

__all__ = [
    "JOB_NICENESS",
    "JOB_WORKERS",
    "SEARCH_WORKERS",
    "Compute",
    "JobCancelled",
    "Lateness",
    "Party",
    "Progress",
    "current_party",
    "lower_priority",
    "name_process",
    "run_with_progress",
]

P = ParamSpec("P")
R = TypeVar("R")

#: Called by a job's work as ``progress(done, total)``; raises :class:`JobCancelled` once
#: the job is cancelled, which stops the work at its next report.
Progress = Callable[[int, int], None]
#: Modules the workers' fork server imports once, so each worker starts ready.
PRELOAD: Final = ("croupier.web.views.casino", "croupier.web.routers.poker")
#: The names of the worker processes of the server's two pools (:func:`name_process`):
#: the searches a request waits for (the Casino computer's moves, hints), and the jobs.
SEARCH_WORKERS: Final = "croupier-search"
JOB_WORKERS: Final = "croupier-jobs"
#: How much lower the jobs' worker processes run than the server's (``os.nice``'s
#: increment: 10 gives them about a tenth of the CPU a search gets while both want it,
#: and all of it while no search does). Where the system has it (Linux), they also run
#: in the idle scheduling class (:func:`lower_priority`): a core's spare time only.
JOB_NICENESS: Final = 10
#: Jobs (running or waiting) per worker, beyond which new jobs are refused (503).
QUEUE_PER_WORKER: Final = 2

#: The progress array of this worker process (set when the worker starts).
_worker_progress: Any = None


class JobCancelled(Exception):  # noqa: N818 (a signal, not an error)
    """Raised inside a job's work when the job was cancelled."""


def _start_worker(parent: int, progress: Any, name: str = "", niceness: int = 0) -> None:
    from croupier.parallel import start_worker

    global _worker_progress
    _worker_progress = progress
    if name:
        name_process(name)
    if niceness:
        lower_priority(niceness)
    start_worker(parent)


def lower_priority(niceness: int) -> None:
    """Run this process ``niceness`` steps lower in the system's priority (``os.nice``;
    at most the lowest, 19), and where the system has it (Linux: ``SCHED_IDLE``) in the
    idle scheduling class, which runs it only on a core no other process wants (a
    niceness of 10 still took about a tenth of a core beside each search: the Casino
    computer's replies came about 10 ms later at the median on a quiet machine with the
    judge's jobs beside them; in the idle class, as early as without them). Where the
    system has neither, or refuses, nothing changes."""
    with contextlib.suppress(AttributeError, OSError):
        os.nice(niceness)
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


def name_process(name: str) -> None:
    """Name this process ``name`` (at most 15 characters) where the system shows it
    (Linux: ``ps -o comm``, ``top``, ``/proc/<pid>/comm``): a server's worker processes
    tell their pool by it (and ``benchmarks/web_load.py`` counts each pool's CPU time
    apart by it). Elsewhere, or where it cannot be written, nothing changes."""
    with contextlib.suppress(OSError), open("/proc/self/comm", "w", encoding="ascii") as comm:
        comm.write(name[:15])


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


@dataclass(frozen=True, slots=True)
class Party:
    """Who asks for work: a client address (as the keyed hash the sessions keep) and a
    browser's session id (empty for a request without a session cookie yet: all of an
    address's cookieless requests are one party). The default, both empty, is whoever
    uses the pool outside a request (scripts, tests)."""

    address: str = ""
    session: str = ""


#: The party of work asked for outside a request.
ANYONE: Final = Party()
#: The party of the request being served: set for each request by the session
#: middleware (:class:`~croupier.web.sessions.SessionCookieMiddleware`), read by
#: :class:`Compute` when work is asked for (a route's thread gets a copy of it).
current_party: ContextVar[Party] = ContextVar("croupier_party", default=ANYONE)

#: Refusals of the pool.
STOPPING: Final = "the server is stopping: try again in a moment"
BUSY: Final = "the server is busy with other calculations: try again soon"
GAVE_WAY: Final = (
    "the server is busy: this calculation gave its place to another player's (you had "
    "more waiting than they): try again soon"
)


@dataclass(eq=False, slots=True)
class _Work:
    """One piece of work admitted to the pool: waiting for a worker, or running."""

    party: Party
    order: int
    slot: int
    function: Callable[..., Any]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    #: What the caller waits on (the worker's own future's outcome is copied to it).
    future: concurrent.futures.Future[Any]
    running: bool = False


K = TypeVar("K")


def _bump(table: dict[K, int], key: K, step: int) -> None:
    count = table.get(key, 0) + step
    if count:
        table[key] = count
    else:
        del table[key]


class _Counts:
    """Work per party and per address (keys that reach 0 go)."""

    def __init__(self) -> None:
        self.parties: dict[Party, int] = {}
        self.addresses: dict[str, int] = {}

    def add(self, party: Party, step: int) -> None:
        _bump(self.parties, party, step)
        _bump(self.addresses, party.address, step)


class Compute:
    """A bounded pool of ``processes`` workers (threads here when 0) for heavy work,
    shared fairly between the parties asking (see :meth:`_admit`)."""

    def __init__(
        self,
        processes: int = 0,
        *,
        threads: int = 4,
        preload: Sequence[str] = PRELOAD,
        name: str = SEARCH_WORKERS,
        niceness: int = 0,
    ):
        self.processes = processes
        #: What the pool's worker processes are named (:func:`name_process`).
        self.name = name
        #: How much lower than the server's the worker processes' priority is
        #: (:func:`lower_priority`; threads, ``processes=0``, keep the server's).
        self.niceness = niceness
        self.threads = threads
        self.preload = tuple(preload)
        #: Work running at once.
        self.workers = processes or threads
        #: Work running or waiting, at most.
        self.capacity = self.workers * (1 + QUEUE_PER_WORKER)
        self._lock = threading.Lock()
        # Twice as many progress slots: the slot of work that gave its place is free
        # again only once its caller has heard (a cancel meanwhile reaches no other job).
        slots = 2 * self.capacity
        self._free_slots = list(range(slots))
        self._waiting: list[_Work] = []
        #: Work admitted (running or waiting), and running, per party and address.
        self._held = _Counts()
        self._running = _Counts()
        self._running_count = 0
        self._orders = itertools.count()
        self._context: Any = None
        if processes:
            from croupier.parallel import pool_context

            self._context = pool_context(self.preload)
            self.progress: Any = self._context.RawArray("q", 3 * slots)
        else:
            self.progress = multiprocessing.RawArray("q", 3 * slots)
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
                    initargs=(os.getpid(), self.progress, self.name, self.niceness),
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

    @property
    def busy(self) -> int:
        """Work running or waiting now."""
        return sum(self._held.parties.values())

    # --- the fair share ---------------------------------------------------------------

    def _admit(
        self,
        function: Callable[..., Any],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        *,
        slotted: bool = False,
    ) -> _Work:
        """Take ``function(*args)`` for the party of the request (:data:`current_party`):
        started at once while a worker is free, else waiting for one (``slotted``: its
        progress slot is given to it as its first argument).

        When the pool is full (:attr:`capacity` pieces of work running or waiting), the
        newest waiting piece of whoever holds the most gives its place (a 503 for it),
        provided that it holds at least two more than the party asking: first between
        client addresses, then between the sessions of one address. A script filling
        the pool with requests (with or without cookies) then no longer turns everyone
        else away; it only waits behind them. When a worker frees, the waiting piece
        of the address, then the session, with the least running goes next.
        """
        party = current_party.get()
        evicted: _Work | None = None
        with self._lock:
            if self._stopped:
                raise ApiError(503, STOPPING)
            if not self._free_slots:  # work that gave way, its caller not told yet
                raise ApiError(503, BUSY)
            if sum(self._held.parties.values()) >= self.capacity:
                evicted = self._victim(party)
                if evicted is None:
                    raise ApiError(503, BUSY)
                self._waiting.remove(evicted)
                self._held.add(evicted.party, -1)
            slot = self._free_slots.pop()
            base = 3 * slot
            self.progress[base] = self.progress[base + 1] = self.progress[base + 2] = 0
            order = next(self._orders)
            given = (slot, *args) if slotted else args
            work = _Work(party, order, slot, function, given, kwargs, concurrent.futures.Future())
            self._held.add(party, 1)
            if self._running_count < self.workers:
                self._mark_running(work)
            else:
                self._waiting.append(work)
        if evicted is not None:
            self._refuse([evicted], GAVE_WAY)
        work.future.add_done_callback(lambda _: self._abandoned(work))
        if work.running:
            self._dispatch(work)
        return work

    def _victim(self, party: Party) -> _Work | None:
        """The waiting work that gives its place to ``party``'s (see :meth:`_admit`)."""
        held = self._held
        own_address = held.addresses.get(party.address, 0)
        own = held.parties.get(party, 0)
        chosen: _Work | None = None
        best: tuple[int, int, int] | None = None
        for work in self._waiting:
            other = work.party
            address, holding = held.addresses[other.address], held.parties[other]
            if other.address != party.address:
                fair = address > own_address + 1
            else:
                fair = other != party and holding > own + 1
            rank = (address, holding, work.order)
            if fair and (best is None or rank > best):
                chosen, best = work, rank
        return chosen

    def _refuse(self, refused: list[_Work], reason: str) -> None:
        """Tell the callers of work taken out of the queue, then free its slots."""
        for work in refused:
            _settle(work.future, error=ApiError(503, reason))
        with self._lock:
            self._free_slots.extend(work.slot for work in refused)

    def _mark_running(self, work: _Work) -> None:
        work.running = True
        self._running_count += 1
        self._running.add(work.party, 1)

    def _dispatch(self, work: _Work) -> None:
        """Hand ``work`` to a worker (outside the lock: the executor has its own)."""
        try:
            inner = self._pool().submit(work.function, *work.args, **work.kwargs)
        except RuntimeError:  # the executor shut down meanwhile
            _settle(work.future, error=ApiError(503, STOPPING))
            self._ended(work)
            return
        inner.add_done_callback(lambda done: self._copy(work, done))

    def _copy(self, work: _Work, inner: concurrent.futures.Future[Any]) -> None:
        """The worker's outcome to the caller's future (whose callbacks run now, the
        work's progress slot still its own), then the next waiting work started."""
        if inner.cancelled():
            _settle(work.future, error=ApiError(503, STOPPING))
        elif inner.exception() is not None:
            _settle(work.future, error=inner.exception())
        else:
            _settle(work.future, result=inner.result())
        self._ended(work)

    def _ended(self, work: _Work) -> None:
        following: _Work | None = None
        with self._lock:
            self._held.add(work.party, -1)
            self._running.add(work.party, -1)
            self._running_count -= 1
            self._free_slots.append(work.slot)
            if self._waiting and not self._stopped:
                running = self._running
                following = min(
                    self._waiting,
                    key=lambda w: (
                        running.addresses.get(w.party.address, 0),
                        running.parties.get(w.party, 0),
                        w.order,
                    ),
                )
                self._waiting.remove(following)
                self._mark_running(following)
        if following is not None:
            self._dispatch(following)

    def _abandoned(self, work: _Work) -> None:
        """A caller that stopped waiting (a browser gone: its request cancelled) gives
        back the place of its work if the work had not started."""
        if not work.future.cancelled():
            return
        with self._lock:
            if work.running or work not in self._waiting:
                return
            self._waiting.remove(work)
            self._held.add(work.party, -1)
            self._free_slots.append(work.slot)

    # --- asking for work --------------------------------------------------------------

    async def call(self, function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``function(*args)`` in a worker, awaited (refused with a 503 when the pool is
        full or stopping). ``function`` and its arguments must be picklable."""
        future: concurrent.futures.Future[R] = self._admit(function, args, kwargs).future
        try:
            return await asyncio.wrap_future(future)
        except concurrent.futures.BrokenExecutor:
            raise ApiError(503, STOPPING) from None

    def run(self, function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``function(*args)`` in a worker, waited for on this thread (a plain route's
        thread, never the event loop's); refused with a 503 as :meth:`call` is."""
        future: concurrent.futures.Future[R] = self._admit(function, args, kwargs).future
        try:
            return future.result()
        except concurrent.futures.BrokenExecutor:
            raise ApiError(503, STOPPING) from None

    def start_job(
        self,
        work: Callable[[Progress], R],
        on_done: Callable[[int | None, concurrent.futures.Future[R]], None],
    ) -> int:
        """Start ``work(progress)`` in a worker; returns its progress slot. ``on_done``
        gets the slot and the future when it ends (the slot is free after that), or
        ``None`` and the future when the job never started (it gave its place to
        another's, or the pool stopped)."""
        shared = None if self.processes else self.progress
        admitted = self._admit(run_with_progress, (work, shared), {}, slotted=True)

        def finished(done: concurrent.futures.Future[R]) -> None:
            on_done(admitted.slot if admitted.running else None, done)

        admitted.future.add_done_callback(finished)
        return admitted.slot

    def read(self, slot: int) -> tuple[int, int]:
        """``(done, total)`` of the job in ``slot``."""
        return int(self.progress[3 * slot]), int(self.progress[3 * slot + 1])

    def cancel(self, slot: int) -> None:
        """Ask the job in ``slot`` to stop at its next progress report."""
        self.progress[3 * slot + 2] = 1

    def stop(self) -> None:
        """Stop now: refuse new work and the work waiting, cancel every job, terminate
        the workers (work in progress is dropped)."""
        with self._lock:
            self._stopped = True
            executor, self._executor = self._executor, None
            waiting, self._waiting = self._waiting, []
            for work in waiting:
                self._held.add(work.party, -1)
        self._refuse(waiting, STOPPING)
        for slot in range(len(self.progress) // 3):
            self.progress[3 * slot + 2] = 1
        if isinstance(executor, concurrent.futures.ProcessPoolExecutor):
            from croupier.parallel import stop_pool

            stop_pool(executor)
        elif executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)

    def shutdown(self) -> None:
        """Stop, and wait for the work to end (threads finish their job's next step)."""
        self.stop()


def _settle(
    future: concurrent.futures.Future[Any],
    *,
    result: Any = None,
    error: BaseException | None = None,
) -> None:
    """Give ``future`` its outcome, unless its caller cancelled it meanwhile."""
    with contextlib.suppress(concurrent.futures.InvalidStateError):
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)
