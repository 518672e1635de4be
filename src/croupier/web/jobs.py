"""Long calculations off the request path: started by one request, watched by others.

A route that may take more than a moment (an exact enumeration, thousands of Monte
Carlo trials, the review of a Casino round) starts a :class:`Job` and answers at once
with its id; the page then asks for its progress every fraction of a second
(``GET /api/jobs/<id>``) and shows a progress bar until the result comes. Jobs run in
the server's worker pool (:mod:`croupier.web.compute`); each browser runs at most one
job of a kind at a time (a new one cancels the old), and the pool refuses new work
with a 503 when it is full, so heavy requests are always bounded.

Jobs are recorded in the store, so any server process sharing the database answers for
them: the process running a job writes its progress there every
:data:`REPORT_SECONDS`, and a cancel asked of another process reaches it the same way.
"""

from __future__ import annotations

import concurrent.futures
import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from croupier.errors import CroupierError, quoted
from croupier.web.compute import Compute, JobCancelled, Progress
from croupier.web.errors import ApiError, one_line
from croupier.web.schemas.common import JobState
from croupier.web.schemas.jobs import AnyJobAnswer
from croupier.web.store import Store, StoreError

__all__ = ["Job", "JobCancelled", "Jobs", "Progress", "shown_seconds"]

log = logging.getLogger(__name__)

#: Seconds between two progress reports of a running job to the store.
REPORT_SECONDS: Final = 0.2
#: Seconds a new job waits for the browser's last one to stop.
REPLACE_SECONDS: Final = 2.0
#: The states of a job; the first two are unfinished.
STATES: Final = ("waiting", "running", "done", "failed", "cancelled")
#: Each state as the answers name it.
_STATES: Final[dict[str, JobState]] = {
    "waiting": "waiting",
    "running": "running",
    "done": "done",
    "failed": "failed",
    "cancelled": "cancelled",
}


@dataclass(slots=True)
class Job:
    """One calculation: who asked, how far it is, and its result or error."""

    id: str
    owner: str
    done: int = 0
    total: int = 0
    state: str = "waiting"
    #: The job's answer, as its work gave it (read back from the store: as JSON).
    result: Any = None
    error: str | None = None
    started: float = field(default_factory=time.time)
    seconds: float | None = None
    #: This process's progress slot while it runs the job here.
    slot: int | None = None
    #: Whether someone asked it to stop (it is then recorded cancelled, even if its
    #: work ends before it reads the request).
    stop_asked: bool = False

    @property
    def finished(self) -> bool:
        """Whether the job is done, failed or cancelled."""
        return self.state not in ("waiting", "running")

    def view(self) -> AnyJobAnswer:
        """The job as the page polls it (its result as the job's work gave it: the
        answer of that kind of job)."""
        seconds = self.seconds if self.seconds is not None else time.time() - self.started
        return {
            "job": self.id,
            "state": _STATES[self.state],
            "done": self.done,
            "total": self.total,
            "seconds": shown_seconds(seconds),
            "result": self.result,
            "error": self.error,
        }


def shown_seconds(seconds: float) -> float:
    """How long a job took (or has run so far), as its page says it: to the hundredth of a
    second, and under 0.01 s to the millisecond, one at least, so that a job that took any
    time never reads "in 0 s".

    >>> shown_seconds(12.3456), shown_seconds(0.0042), shown_seconds(0.00003)
    (12.35, 0.004, 0.001)
    >>> shown_seconds(0.0), shown_seconds(-0.5)  # no time measured (a clock set back)
    (0.0, 0.0)
    """
    if seconds <= 0:
        return 0.0
    if seconds >= 0.01:
        return round(seconds, 2)
    return max(0.001, round(seconds, 3))


class Jobs:
    """The jobs of this server process, recorded in ``store`` for every process."""

    def __init__(self, compute: Compute, store: Store) -> None:
        self.compute = compute
        self.store = store
        self._lock = threading.Lock()
        self._running: dict[str, Job] = {}
        #: Jobs that ended here whose end the store refused (a database busy or full):
        #: answered from here, and written again at each report until the store takes it.
        self._unrecorded: dict[str, Job] = {}
        self._stopping = threading.Event()
        self._reporter: threading.Thread | None = None
        self.open()

    def open(self) -> None:
        """Start reporting progress (again, after :meth:`shutdown`)."""
        if self._reporter is not None and self._reporter.is_alive():
            return
        self._stopping.clear()
        self._reporter = threading.Thread(
            target=self._report, name="croupier-job-reports", daemon=True
        )
        self._reporter.start()

    def start(self, owner: str, work: Callable[[Progress], Any], *, replace: bool = True) -> Job:
        """Run ``work(progress)`` for ``owner``, cancelling its unfinished jobs first
        (unless not ``replace``: the reviews of successive rounds all run).

        ``work`` returns the result as JSON-ready data; a croupier error it raises becomes
        the job's one-line error. In a worker process, ``work`` must be picklable (a
        module-level function, or a :func:`functools.partial` of one).
        """
        if replace:
            previous = self.cancel_all(owner)
            # The browser's last job stops at its next progress report: wait for it (a
            # moment), so that one browser holds one job's room in the pool, not many.
            deadline = time.monotonic() + REPLACE_SECONDS
            while any(not job.finished for job in previous) and time.monotonic() < deadline:
                time.sleep(0.01)
        job = Job(secrets.token_urlsafe(12), owner)
        self.store.job_create(job.id, owner)
        with self._lock:
            self._running[job.id] = job
        try:
            slot = self.compute.start_job(work, lambda slot, f: self._finished(job, slot, f))
        except BaseException as exc:
            with self._lock:
                self._running.pop(job.id, None)
            reason = exc.detail if isinstance(exc, ApiError) else "the job could not start"
            self.store.job_finish(job.id, "failed", None, reason, 0.0, (0, 0))
            raise
        with self._lock:
            if not job.finished:
                job.slot = slot
        return job

    def cancel_all(self, owner: str) -> list[Job]:
        """Ask every unfinished job of ``owner`` to stop, without waiting: this
        process's at once (at their next progress report), other processes' through the
        store. Returns this process's jobs asked."""
        with self._lock:
            previous = [job for job in self._running.values() if job.owner == owner]
            for job in previous:
                job.stop_asked = True
                if job.slot is not None:
                    self.compute.cancel(job.slot)
        self.store.job_cancel(owner)
        return previous

    def _finished(self, job: Job, slot: int | None, future: concurrent.futures.Future[Any]) -> None:
        done, total = (0, 0) if slot is None else self.compute.read(slot)
        result, error, state = None, None, "done"
        try:
            result = future.result()
        except (JobCancelled, concurrent.futures.CancelledError):
            state = "cancelled"
        except CroupierError as exc:
            error, state = one_line(exc), "failed"
        except ApiError as exc:  # it gave its place to another's, or the server stopped
            error, state = str(exc.detail), "failed"
        except concurrent.futures.BrokenExecutor:
            error, state = "the server stopped before the calculation ended", "failed"
        except Exception as exc:  # a bug: say so in one line, keep the server up
            log.error("job %s failed", job.id, exc_info=exc)
            error, state = one_line(f"internal error: {type(exc).__name__}"), "failed"
        if state == "done" and job.stop_asked:  # it ended before it read the request
            state, result = "cancelled", None
        seconds = time.time() - job.started
        with self._lock:
            job.slot = None
            job.done, job.total = done, total
        recorded = True
        try:  # the store may know of a request from another process
            state = self.store.job_finish(job.id, state, result, error, seconds, (done, total))
        except StoreError as exc:
            log.warning("job %s: its end could not be recorded yet: %s", job.id, exc)
            recorded = False
        if state == "cancelled":
            result = None
        with self._lock:
            job.result, job.error, job.seconds = result, error, seconds
            job.state = state
            self._running.pop(job.id, None)
            if not recorded:  # else it would read "running" in the store for ever
                self._unrecorded[job.id] = job

    def _report(self) -> None:
        """Every :data:`REPORT_SECONDS`: the progress of this process's running jobs to
        the store, and the cancels asked by other processes to the jobs."""
        while not self._stopping.wait(REPORT_SECONDS):
            self._record_ends()
            with self._lock:
                live = [job for job in self._running.values() if job.slot is not None]
            if not live:
                continue
            updates = []
            for job in live:
                slot = job.slot
                if slot is None:
                    continue
                job.done, job.total = self.compute.read(slot)
                if job.state == "waiting" and (job.done or job.total):
                    job.state = "running"
                updates.append((job.id, job.state, job.done, job.total))
            try:
                cancelled = self.store.job_update(updates)
            except StoreError:
                continue
            for job in live:
                slot = job.slot
                if job.id in cancelled:
                    job.stop_asked = True
                    if slot is not None:
                        self.compute.cancel(slot)

    def _record_ends(self) -> None:
        """Write again the ends the store refused (see :meth:`_finished`)."""
        with self._lock:
            pending = list(self._unrecorded.values())
        for job in pending:
            try:
                state = self.store.job_finish(
                    job.id,
                    job.state,
                    job.result,
                    job.error,
                    job.seconds or 0.0,
                    (job.done, job.total),
                )
            except StoreError:
                return  # the store still refuses: at the next report
            with self._lock:
                if state == "cancelled":  # asked meanwhile through the store
                    job.state, job.result = state, None
                self._unrecorded.pop(job.id, None)

    def get(self, owner: str, job_id: str) -> Job:
        """``owner``'s job ``job_id`` (another browser's jobs do not exist for it). A
        browser owns the jobs of its session id, and those of ``<id>:<kind>``."""
        with self._lock:
            job = self._running.get(job_id) or self._unrecorded.get(job_id)
        if job is not None and _owns(owner, job.owner):
            if job.slot is not None:
                job.done, job.total = self.compute.read(job.slot)
                if job.state == "waiting" and (job.done or job.total):
                    job.state = "running"
            return job
        row = self.store.job_get(job_id) if len(job_id) <= 64 else None
        if row is None or not _owns(owner, row.owner):
            raise ApiError(404, f"no calculation {quoted(job_id)}")
        return Job(
            row.id,
            row.owner,
            row.done,
            row.total,
            row.state,
            row.result,
            row.error,
            row.started,
            row.seconds,
        )

    def cancel(self, owner: str, job_id: str) -> Job:
        """Ask ``owner``'s job to stop at its next progress report."""
        job = self.get(owner, job_id)
        job.stop_asked = True
        if job.slot is not None:
            self.compute.cancel(job.slot)
        elif not job.finished:
            self.store.job_cancel(job.owner, job_id)
        return job

    def shutdown(self) -> None:
        """Stop reporting (the pool's own shutdown stops the work), the ends the store
        refused written a last time."""
        self._stopping.set()
        if self._reporter is not None:
            self._reporter.join(timeout=2)
        self._record_ends()


def _owns(session_id: str, owner: str) -> bool:
    """Whether the browser ``session_id`` owns a job of ``owner``.

    >>> _owns("abc", "abc"), _owns("abc", "abc:casino-review"), _owns("abc", "abcd")
    (True, True, False)
    """
    return owner == session_id or owner.startswith(session_id + ":")
