"""Background jobs: progress, one per browser, a bound on the pool, one-line failures,
seen by every server process through the store; and the worker processes themselves."""

from __future__ import annotations

import asyncio
import functools
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from benchmarks.web_load import drive

from croupier.errors import CroupierError
from croupier.web.app import create_app
from croupier.web.compute import JOB_NICENESS, JOB_WORKERS, Compute
from croupier.web.errors import ApiError
from croupier.web.jobs import Job, Jobs, Progress
from croupier.web.store import Store, open_store
from croupier.web.store.base import StoreBusy
from tests.slowness import patience


@pytest.fixture
def store() -> Iterator[Store]:
    opened = open_store(None)
    yield opened
    opened.close()


@pytest.fixture
def jobs(store: Store) -> Iterator[Jobs]:
    compute = Compute(0, threads=1)  # one thread, room for three jobs
    pool = Jobs(compute, store)
    yield pool
    pool.shutdown()
    compute.shutdown()


def wait(jobs: Jobs, job: Job, owner: str = "me") -> Job:
    deadline = time.monotonic() + patience(20)
    while True:
        seen = jobs.get(owner, job.id)
        if seen.finished:
            return seen
        assert time.monotonic() < deadline
        time.sleep(0.01)


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

    job = wait(jobs, jobs.start("me", work))
    assert job.view()["state"] == "done" and job.result == {"answer": 42}
    assert (job.done, job.total) == (3, 3)


def test_a_quick_job_never_says_it_took_no_time(jobs: Jobs) -> None:
    # a job done in a few milliseconds read "in 0 s" (its time rounded to two places)
    job = wait(jobs, jobs.start("me", lambda progress: {"answer": 42}))
    assert job.seconds is not None and job.seconds > 0
    assert job.view()["seconds"] > 0
    views = [Job("j", "me", state="done", seconds=s).view()["seconds"] for s in (0.0042, 2e-5)]
    assert views == [0.004, 0.001]
    assert Job("j", "me", state="done", seconds=1.234).view()["seconds"] == 1.23


def test_library_errors_fail_the_job_in_one_line(jobs: Jobs) -> None:
    def work(progress: Progress) -> dict[str, Any]:
        raise CroupierError("exact enumeration would take\n about 3 hours")

    job = wait(jobs, jobs.start("me", work))
    assert job.state == "failed" and job.error == "exact enumeration would take about 3 hours"


def test_bugs_fail_the_job_without_details(jobs: Jobs) -> None:
    def work(progress: Progress) -> dict[str, Any]:
        raise KeyError("secret")

    assert wait(jobs, jobs.start("me", work)).error == "internal error: KeyError"


def test_a_new_job_cancels_the_browsers_last_one(jobs: Jobs) -> None:
    release = threading.Event()
    first = jobs.start("me", blocker(release))
    second = jobs.start("me", lambda progress: {"second": True})
    assert wait(jobs, first).state == "cancelled"
    assert wait(jobs, second).state == "done"
    release.set()


def test_the_pool_is_bounded(jobs: Jobs) -> None:
    release = threading.Event()
    try:
        for owner in "abc":
            jobs.start(owner, blocker(release))
        with pytest.raises(ApiError) as refused:
            jobs.start("d", blocker(release))
        assert refused.value.status_code == 503
    finally:
        release.set()


def test_jobs_are_private(jobs: Jobs) -> None:
    job = jobs.start("me", lambda progress: {})
    with pytest.raises(ApiError) as missing:
        jobs.get("you", job.id)
    assert missing.value.status_code == 404
    assert wait(jobs, jobs.start("me:review", lambda progress: {}), "me").state == "done"


def test_another_process_sees_and_cancels_the_job(store: Store, jobs: Jobs) -> None:
    """A second server process on the same database: it answers for the job from the
    store, and its cancel reaches the process running the job."""
    elsewhere = Jobs(Compute(0, threads=1), store)
    release = threading.Event()
    job = jobs.start("me", blocker(release))
    deadline = time.monotonic() + patience(10)
    while elsewhere.get("me", job.id).state != "running":
        assert time.monotonic() < deadline
        time.sleep(0.02)
    elsewhere.cancel("me", job.id)
    assert wait(elsewhere, job).state == "cancelled"
    release.set()
    elsewhere.shutdown()
    elsewhere.compute.shutdown()


def silent(release: threading.Event, started: threading.Event) -> Any:
    """Work that never reports progress, so never reads a request to stop."""

    def work(progress: Progress) -> dict[str, Any]:
        started.set()
        assert release.wait(patience(20))
        return {"stale": True}

    return work


@pytest.mark.parametrize("where", ["here", "elsewhere"])
def test_a_job_asked_to_stop_that_ends_anyway_is_cancelled(
    store: Store, jobs: Jobs, where: str
) -> None:
    """A job asked to stop (by this process or another) whose work ends without reading
    the request is recorded cancelled, without its result: it used to read "done"."""
    other = Jobs(Compute(0, threads=1), store)
    release, started = threading.Event(), threading.Event()
    job = jobs.start("me", silent(release, started))
    assert started.wait(patience(20))
    (jobs if where == "here" else other).cancel("me", job.id)
    release.set()
    for seen in (wait(jobs, job), wait(other, job)):
        assert seen.state == "cancelled" and seen.result is None
    other.shutdown()
    other.compute.shutdown()


def counted(steps: int, progress: Progress) -> dict[str, Any]:
    for done in range(1, steps + 1):
        progress(done, steps)
    return {"pid": os.getpid(), "steps": steps}


def sleeper(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def test_worker_processes_run_jobs_and_calls_off_the_server(store: Store) -> None:
    compute = Compute(2, preload=())
    pool = Jobs(compute, store)
    try:
        job = wait(pool, pool.start("me", functools.partial(counted, 5)))
        assert job.state == "done" and job.result is not None
        assert job.result["steps"] == 5 and job.result["pid"] != os.getpid()
        assert (job.done, job.total) == (5, 5)

        async def two_at_once() -> list[int]:
            return list(await asyncio.gather(*(compute.call(sleeper, 0.3) for _ in range(2))))

        limit = patience(5)  # measured before the work, not while it loads the machine
        started = time.monotonic()
        pids = drive(two_at_once())
        assert os.getpid() not in pids
        assert time.monotonic() - started < limit
    finally:
        pool.shutdown()
        compute.shutdown()


def test_the_jobs_workers_run_below_the_searches(tmp_path: Path) -> None:
    """The server's jobs (the judge's reasons, reviews, equities) run at a lower priority
    of the system's than its searches, which run at the server's own: on a busy machine
    a move a player waits for goes first."""
    app = create_app(tmp_path, compute_processes=2)
    try:
        assert app.state.compute.niceness == 0
        assert app.state.jobs.compute.niceness == JOB_NICENESS > 0
    finally:
        app.state.store.close()
    jobs = Compute(1, preload=(), name=JOB_WORKERS, niceness=JOB_NICENESS)
    try:
        assert jobs.run(os.nice, 0) == min(19, os.nice(0) + JOB_NICENESS)
        if hasattr(os, "SCHED_IDLE"):  # Linux: a core's spare time only
            assert jobs.run(os.sched_getscheduler, 0) == os.SCHED_IDLE
    finally:
        jobs.shutdown()


def test_stopping_ends_the_workers_at_once(store: Store) -> None:
    compute = Compute(2, preload=())

    async def long_call() -> int:
        return await compute.call(sleeper, 30)

    async def stop_soon() -> None:
        task = asyncio.ensure_future(long_call())
        await asyncio.sleep(0.5)
        limit = patience(3)
        started = time.monotonic()
        compute.stop()
        with pytest.raises(ApiError) as stopped:
            await task
        assert stopped.value.status_code == 503
        assert time.monotonic() - started < limit

    drive(stop_soon())
    with pytest.raises(ApiError):
        drive(long_call())  # refused once stopping
    compute.shutdown()


def test_an_end_the_store_refuses_is_written_again(
    store: Store, jobs: Jobs, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A job's end the store refuses (a database busy past its timeout, a full disk) is
    answered from this process and written again until the store takes it: it used to
    read "running" in the store for ever, and a page polled it without end."""
    real = store.job_finish
    refusals = [StoreBusy("database is locked")] * 3

    def finish(*args: Any) -> str:
        if refusals:
            raise refusals.pop()
        return real(*args)

    monkeypatch.setattr(store, "job_finish", finish)
    job = wait(jobs, jobs.start("me", lambda progress: {"answer": 42}))
    assert job.state == "done" and job.result == {"answer": 42}  # from this process
    deadline = time.monotonic() + patience(20)
    while (row := store.job_get(job.id)) is not None and row.state != "done":
        assert time.monotonic() < deadline, row
        time.sleep(0.02)
    assert row is not None and row.result == {"answer": 42} and not refusals
    assert jobs.get("me", job.id).state == "done"  # now read from the store
