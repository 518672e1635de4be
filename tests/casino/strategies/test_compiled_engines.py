"""croupier.casino.strategies.compiled: one engine per thread, the kernel's tables given
once per module (configuring again from a new thread freed the tables another thread's
search was reading: a segmentation fault in CI)."""

from __future__ import annotations

import threading
import types
from typing import Any

from croupier.casino.strategies import compiled


def test_a_kernel_module_is_configured_once_whatever_the_threads() -> None:
    calls: list[int] = []
    module = types.ModuleType("fake_casino_kernels")

    def configure(*tables: Any) -> None:
        calls.append(len(tables))

    vars(module).update(configure=configure, Engine=object)  # a kernel module's two names
    engines: list[Any] = []
    start = threading.Barrier(4)

    def each() -> None:
        start.wait()
        engines.append(compiled.engine_for(module))
        engines.append(compiled.engine_for(module))  # the same thread's again

    threads = [threading.Thread(target=each) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert calls == [5]  # once, with the five tables
    assert len(engines) == 8 and len({id(e) for e in engines}) == 4  # one per thread
