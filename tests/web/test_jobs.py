"""Background jobs: progress, one per browser, a bound on the queue, one-line failures."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from croupier.errors import CroupierError
from croupier.web.errors import ApiError
from croupier.web.jobs import Job, Jobs, Progress


@pytest.fixture
def jobs() -> Iterator[Jobs]:
    pool = Jobs(workers=1, queue=1)
    yield pool
    pool.shutdown()


def wait(job: Job) -> Job:
    deadline = time.monotonic() + 10
    while job.state in ("waiting", "running"):
        assert time.monotonic() < deadline
        time.sleep(0.01)
    return job


def blocker(release: threading.Event) -> Any:
    def work(progress: Progress) -> dict[str, Any]:
        while not release.wait(0.01):
            progress(0, 1)
        return {"done": True}

    return work


def test_a_job_reports_progress_then_its_result(jobs: Jobs) -> None:
    def work(progress: Progress) -> dict[str, Any]:
        for done in range(1, 4):
            progress(done, 3)
        return {"answer": 42}

    job = wait(jobs.start("me", work))
    assert job.view()["state"] == "done" and job.view()["result"] == {"answer": 42}
    assert (job.done, job.total) == (3, 3)


def test_library_errors_fail_the_job_in_one_line(jobs: Jobs) -> None:
    def work(progress: Progress) -> dict[str, Any]:
        raise CroupierError("exact enumeration would take\n about 3 hours")

    job = wait(jobs.start("me", work))
    assert job.state == "failed" and job.error == "exact enumeration would take about 3 hours"


def test_bugs_fail_the_job_without_details(jobs: Jobs) -> None:
    def work(progress: Progress) -> dict[str, Any]:
        raise KeyError("secret")

    assert wait(jobs.start("me", work)).error == "internal error: KeyError"


def test_a_new_job_cancels_the_browsers_last_one(jobs: Jobs) -> None:
    release = threading.Event()
    first = jobs.start("me", blocker(release))
    second = jobs.start("me", lambda progress: {"second": True})
    assert wait(first).state == "cancelled"
    assert wait(second).state == "done"
    release.set()


def test_the_queue_is_bounded(jobs: Jobs) -> None:
    release = threading.Event()
    try:
        jobs.start("a", blocker(release))
        jobs.start("b", blocker(release))
        with pytest.raises(ApiError) as refused:
            jobs.start("c", blocker(release))
        assert refused.value.status_code == 503
    finally:
        release.set()


def test_jobs_are_private(jobs: Jobs) -> None:
    job = jobs.start("me", lambda progress: {})
    with pytest.raises(ApiError) as missing:
        jobs.get("you", job.id)
    assert missing.value.status_code == 404
