"""The same study on a real Dask LocalCluster (loopback, two workers) gives the local
numbers exactly."""

from __future__ import annotations

import dataclasses

import pytest

from croupier.baccarat.advantage import count_spec, perfect_spec, run_study
from croupier.parallel import dask_client

pytest.importorskip("distributed")


def test_local_cluster_gives_exactly_the_local_numbers() -> None:
    count = dataclasses.replace(
        count_spec("dragon-7", "dragon-7", threshold=4, true_count=True, shoes=60, rng=77),
        batch_shoes=20,
    )
    perfect = dataclasses.replace(perfect_spec("panda-8", shoes=12, rng=78), batch_shoes=4)
    with dask_client("local", workers=2) as client:
        address = client.scheduler.address
        assert address.startswith("tcp://127.0.0.1:")
        on_cluster = [run_study(spec, scheduler=address) for spec in (count, perfect)]
    for spec, remote in zip((count, perfect), on_cluster, strict=True):
        assert remote.to_dict() == run_study(spec).to_dict()
        assert not remote.partial
