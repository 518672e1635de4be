"""Shared test settings: Hypothesis profiles (CI runs the thorough one), and a Dask
LocalCluster for the tests of long jobs on a cluster."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=100, deadline=None)
settings.register_profile(
    "ci", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(scope="session")
def dask_scheduler() -> Iterator[str]:
    """The address of a real Dask cluster on loopback (a LocalCluster of two
    single-threaded worker processes), started once for the tests that run long jobs on
    a cluster. Its workers are Dask's own (spawned), not croupier's: a test that stops a
    LocalCluster of croupier's on Ctrl-C kills that one's workers, never these."""
    pytest.importorskip("distributed")
    from benchmarks.interrupt import remote_cluster

    with remote_cluster(workers=2) as (cluster, _):
        address = cluster.scheduler_address
        assert isinstance(address, str) and address.startswith("tcp://127.0.0.1:")
        yield address
