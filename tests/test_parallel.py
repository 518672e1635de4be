"""croupier.parallel: tasks in one process, in worker processes, Ctrl-C."""

from __future__ import annotations

import contextlib
import multiprocessing.forkserver
import operator
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from croupier import parallel
from croupier.errors import CroupierError
from croupier.parallel import IN_FLIGHT_PER_WORKER, iter_tasks, run_tasks

from .slowness import patience, wait_until


def signal_main_thread(number: int) -> None:
    """Send ``number`` to this process's main thread, where Python runs its handlers.

    Sent to the process (``os.kill``), a signal may be taken by any of its threads that
    does not block it (pytest-xdist's, a native library's); on a busy machine that thread
    may run only milliseconds later, after the block under test has ended, and the
    handler's exception then comes in the middle of pytest's report (CI, Python 3.13, on
    f48ebb0). Sent to the main thread, it is there at once, or, while the main thread
    blocks it, as soon as the block ends: as a Ctrl-C reaches a single-threaded command."""
    if hasattr(signal, "pthread_kill"):
        signal.pthread_kill(threading.main_thread().ident or 0, number)
    else:
        os.kill(os.getpid(), number)


def interrupt_self(_: int) -> None:
    signal_main_thread(signal.SIGINT)


def test_worker_processes_give_every_result() -> None:
    results: dict[int, int] = {}
    done = run_tasks(
        operator.mul,
        [(i, i) for i in range(20)],
        on_result=results.__setitem__,
        workers=2,
    )
    assert done and results == {i: i * i for i in range(20)}


def test_ctrl_c_keeps_what_finished_and_reports_it() -> None:
    results: dict[int, object] = {}

    def receive(index: int, value: object) -> None:
        results[index] = value
        if index == 2:
            interrupt_self(index)

    done = run_tasks(abs, [(-1,), (-2,), (-3,), (-4,), (-5,)], on_result=receive)
    assert done is False and results == {0: 1, 1: 2, 2: 3}


def test_unreachable_scheduler_is_one_error(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr(parallel.cluster, "CONNECT_TIMEOUT", 1.0)
    with pytest.raises(CroupierError, match="cannot reach the Dask scheduler"):
        run_tasks(abs, [(1,)], on_result=lambda i, v: None, scheduler="tcp://127.0.0.1:9")


def _running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_on_a_local_cluster_kills_its_workers_and_keeps_the_program_going() -> None:
    pytest.importorskip("distributed")
    workers: list[int] = []

    def receive(index: int, pid: int) -> None:
        workers.append(pid)
        interrupt_self(index)

    done = run_tasks(os.getpid, [()] * 20, on_result=receive, scheduler="local", workers=2)
    assert done is False and len(workers) == 1 and workers[0] != os.getpid()
    assert wait_until(lambda: not _running(workers[0]), 5, step=0.05)
    # The program goes on: worker processes (from a fork server started again) and a
    # new LocalCluster work.
    results: dict[int, int] = {}
    assert run_tasks(operator.mul, [(2, 3), (4, 5)], on_result=results.__setitem__, workers=2)
    assert run_tasks(operator.mul, [(6, 7)], on_result=results.__setitem__, scheduler="local")
    assert results == {0: 42, 1: 20}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a fork server")
def test_a_sigterm_while_the_worker_server_starts_waits_until_it_has_started(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started: list[bool] = []
    real = multiprocessing.forkserver.ensure_running

    def ensure_running() -> None:
        signal_main_thread(signal.SIGTERM)  # as the command line's handler sees it
        real()
        started.append(True)

    def stop(number: int, frame: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(multiprocessing.forkserver, "ensure_running", ensure_running)
    previous = signal.signal(signal.SIGTERM, stop)
    try:
        with pytest.raises(KeyboardInterrupt):
            parallel.pool_context()
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert started == [True]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a fork server")
def test_a_ctrl_c_while_the_worker_server_starts_is_not_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started: list[bool] = []
    real = multiprocessing.forkserver.ensure_running

    def ensure_running() -> None:
        signal_main_thread(signal.SIGINT)  # Ctrl-C while the helper processes start
        real()
        started.append(True)

    monkeypatch.setattr(multiprocessing.forkserver, "ensure_running", ensure_running)
    with pytest.raises(KeyboardInterrupt):
        parallel.pool_context()
    assert started == [True]  # the server started whole, then the Ctrl-C counted


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a fork server")
def test_the_worker_server_ignores_ctrl_c_while_it_imports(tmp_path: Path) -> None:
    """A Ctrl-C at the terminal reaches every process of the command. The fork server
    imports its preloaded modules before multiprocessing makes it ignore Ctrl-C: it
    printed a KeyboardInterrupt traceback when ``croupier serve`` was stopped in its
    first seconds. Now it ignores Ctrl-C from its first preloaded module on; the workers
    forked from it too. (Here a preloaded module takes 3 seconds to import; the Ctrl-C
    comes in the middle.)"""
    (tmp_path / "slow_module.py").write_text(
        "import pathlib, time\n"
        f"time.sleep(3)\npathlib.Path({str(tmp_path / 'imported')!r}).touch()\n"
    )
    code = (
        "import concurrent.futures, multiprocessing.forkserver, os, signal, time\n"
        "from croupier import parallel\n"
        "context = parallel.pool_context(['slow_module'])\n"
        "server = multiprocessing.forkserver._forkserver._forkserver_pid\n"
        "def ignored():\n"
        "    status = open(f'/proc/{server}/status').read()\n"
        "    return int(status.split('SigIgn:')[1].split()[0], 16) >> (signal.SIGINT - 1) & 1\n"
        "end = time.monotonic() + 60\n"
        "while not ignored() and time.monotonic() < end:\n"
        "    time.sleep(0.01)\n"
        f"early = not os.path.exists({str(tmp_path / 'imported')!r})\n"
        "os.kill(server, signal.SIGINT)\n"
        "with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:\n"
        "    worker = pool.submit(signal.getsignal, signal.SIGINT).result()\n"
        "print(bool(ignored()), early, worker == signal.SIG_IGN,"
        " signal.getsignal(signal.SIGINT) is signal.default_int_handler)\n"
    )
    import subprocess

    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path])}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        timeout=patience(120),
        env=environment,
    )
    # ignoring, from before the slow import ended; the worker too; this process not
    assert done.stdout.split() == ["True", "True", "True", "True"], done.stderr
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr


def test_a_stopped_pool_s_manager_thread_prints_no_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import threading

    from croupier.parallel import local

    reported: list[str] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: reported.append(args.thread.name))

    def fail() -> None:
        raise OSError("the pipe of a terminated worker")

    manager = threading.Thread(target=fail, name="manager")
    local._silence(manager)
    for thread in (manager, threading.Thread(target=fail, name="other")):
        thread.start()
        thread.join()
    assert reported == ["other"]


def numbered_jobs(taken: list[int], enough: list[bool]) -> Iterator[tuple[int]]:
    """Jobs ``(0,), (1,), ...`` without end until ``enough`` holds something; ``taken``
    counts those handed out."""
    number = 0
    while not enough:
        taken.append(number)
        yield (number,)
        number += 1


@pytest.mark.parametrize("workers", [1, 2])
def test_jobs_are_taken_only_as_workers_need_them(workers: int) -> None:
    taken: list[int] = []
    enough: list[bool] = []
    results: dict[int, int] = {}
    for index, value in iter_tasks(abs, numbered_jobs(taken, enough), workers=workers):
        results[index] = value
        if len(results) == 5:
            enough.append(True)
    assert len(results) >= 5 and all(results[i] == i for i in results)
    # one process: each job once the last is done; workers: a few ahead of them
    assert len(taken) == (5 if workers == 1 else len(results))
    assert len(taken) <= 5 + IN_FLIGHT_PER_WORKER * workers


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_closing_the_results_stops_the_workers_at_once() -> None:
    tasks = iter_tasks(sleep_then_pid, [(0.0,), *[(30.0,)] * 8], workers=2)
    _, worker = next(tasks)
    started = time.monotonic()
    tasks.close()
    assert time.monotonic() - started < patience(5)
    assert wait_until(lambda: not _running(worker), 5, step=0.05)
    assert worker != os.getpid()


def sleep_then_pid(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def test_a_dask_cluster_takes_jobs_as_they_are_needed(dask_scheduler: str) -> None:
    taken: list[int] = []
    enough: list[bool] = []
    results: dict[int, int] = {}
    tasks = iter_tasks(abs, numbered_jobs(taken, enough), scheduler=dask_scheduler)
    with contextlib.closing(tasks):
        for index, value in tasks:
            results[index] = value
            if len(results) == 20:
                enough.append(True)
    assert all(results[i] == i for i in results) and len(results) >= 20
    assert len(taken) == len(results) <= 20 + IN_FLIGHT_PER_WORKER * 2


def test_importing_the_fork_server_s_first_module_elsewhere_changes_nothing() -> None:
    """A test run's doctest collection imports every module: this one must not make the
    test process ignore Ctrl-C."""
    import subprocess

    code = (
        "import signal\n"
        "import croupier.parallel.nointerrupt\n"
        "print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "True"
