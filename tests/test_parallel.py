"""croupier.parallel: tasks in one process, in worker processes, Ctrl-C."""

from __future__ import annotations

import operator
import os
import signal

import pytest

from croupier import parallel
from croupier.errors import CroupierError
from croupier.parallel import run_tasks


def interrupt_self(_: int) -> None:
    os.kill(os.getpid(), signal.SIGINT)


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
    monkeypatch.setattr(parallel, "CONNECT_TIMEOUT", 1.0)
    with pytest.raises(CroupierError, match="cannot reach the Dask scheduler"):
        run_tasks(abs, [(1,)], on_result=lambda i, v: None, scheduler="tcp://127.0.0.1:9")
