"""Long calculations off the request path: started by one request, watched by others.

A route that may take more than a moment (an exact enumeration, thousands of Monte
Carlo trials) starts a :class:`Job` and answers at once with its id; the page then asks
for its progress every fraction of a second and shows a progress bar until the result
comes. Jobs run on a small pool of worker threads; each browser runs at most one at a
time (a new one cancels the old), and the server refuses new ones with a 503 when too
many are waiting, so heavy requests are always bounded.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final

from croupier.errors import CroupierError
from croupier.web.errors import ApiError, one_line

__all__ = ["Job", "JobCancelled", "Jobs", "Progress"]

#: Called by the work as ``progress(done, total)``; raises :class:`JobCancelled` once the
#: job is cancelled, which stops the work at its next report.
Progress = Callable[[int, int], None]
#: Finished jobs kept for their pages to collect (the oldest are forgotten).
KEPT_JOBS: Final = 500


class JobCancelled(Exception):  # noqa: N818 (a signal, not an error)
    """Raised inside a job's work when the job was cancelled."""


@dataclass(slots=True)
class Job:
    """One calculation: who asked, how far it is, and its result or error."""

    id: str
    owner: str
    done: int = 0
    total: int = 0
    state: str = "waiting"  # waiting, running, done, failed, cancelled
    result: dict[str, Any] | None = None
    error: str | None = None
    started: float = field(default_factory=time.monotonic)
    cancelled: threading.Event = field(default_factory=threading.Event)

    def view(self) -> dict[str, Any]:
        """The job as the page polls it."""
        answer: dict[str, Any] = {
            "job": self.id,
            "state": self.state,
            "done": self.done,
            "total": self.total,
            "seconds": round(time.monotonic() - self.started, 2),
        }
        if self.result is not None:
            answer["result"] = self.result
        if self.error is not None:
            answer["error"] = self.error
        return answer


class Jobs:
    """The server's jobs: at most ``workers`` running and ``queue`` waiting at a time."""

    def __init__(self, workers: int = 2, queue: int = 8) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="croupier-job")
        self._limit = workers + queue
        self._lock = threading.Lock()
        self._jobs: OrderedDict[str, Job] = OrderedDict()

    def start(self, owner: str, work: Callable[[Progress], dict[str, Any]]) -> Job:
        """Run ``work(progress)`` for ``owner`` (a session id), cancelling its last job.

        ``work`` returns the result as JSON-ready data; a croupier error it raises becomes
        the job's one-line error.
        """
        with self._lock:
            for job in self._jobs.values():
                if job.owner == owner and job.state in ("waiting", "running"):
                    job.cancelled.set()
            busy = sum(job.state in ("waiting", "running") for job in self._jobs.values())
            if busy >= self._limit:
                raise ApiError(503, "the server is busy with other calculations: try again soon")
            job = Job(secrets.token_urlsafe(12), owner)
            self._jobs[job.id] = job
            while len(self._jobs) > KEPT_JOBS:
                oldest = next(iter(self._jobs.values()))
                if oldest.state in ("waiting", "running"):
                    break
                self._jobs.popitem(last=False)
        self._pool.submit(self._run, job, work)
        return job

    def get(self, owner: str, job_id: str) -> Job:
        """``owner``'s job ``job_id`` (another browser's jobs do not exist for it)."""
        with self._lock:
            job = self._jobs.get(job_id)
        if job is None or job.owner != owner:
            raise ApiError(404, f"no calculation {job_id!r}")
        return job

    def cancel(self, owner: str, job_id: str) -> Job:
        """Ask ``owner``'s job to stop at its next progress report."""
        job = self.get(owner, job_id)
        job.cancelled.set()
        return job

    def shutdown(self) -> None:
        """Cancel every job and stop the workers."""
        with self._lock:
            for job in self._jobs.values():
                job.cancelled.set()
        self._pool.shutdown(wait=True, cancel_futures=True)

    @staticmethod
    def _run(job: Job, work: Callable[[Progress], dict[str, Any]]) -> None:
        def progress(done: int, total: int) -> None:
            if job.cancelled.is_set():
                raise JobCancelled
            job.done, job.total = done, total

        if job.cancelled.is_set():
            job.state = "cancelled"
            return
        job.state, job.started = "running", time.monotonic()
        try:
            job.result = work(progress)
            job.state = "done"
        except JobCancelled:
            job.state = "cancelled"
        except CroupierError as exc:
            job.error, job.state = one_line(exc), "failed"
        except Exception as exc:  # a bug: say so in one line, keep the server up
            job.error, job.state = one_line(f"internal error: {type(exc).__name__}"), "failed"
