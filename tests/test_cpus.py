"""The CPUs a job may use: the process's affinity, bounded by its container's CPU quota
(a container given 2 CPUs on a 64-core host started a worker per host core). The cgroup
files are laid out in a scratch folder as Linux lays them out, v2 and v1."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from croupier import cpus
from croupier.cpus import available_cpus, cgroup_cpu_quota


def _lay_out(root: Path, membership: str, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="ascii")
    listing = root / "self-cgroup"
    listing.write_text(membership, encoding="ascii")
    return listing


def test_a_v2_quota_of_two_cpus(tmp_path: Path) -> None:
    listing = _lay_out(tmp_path, "0::/box/job\n", {"box/job/cpu.max": "200000 100000\n"})
    assert cgroup_cpu_quota(str(tmp_path), str(listing)) == 2.0


def test_a_parent_s_smaller_quota_holds(tmp_path: Path) -> None:
    listing = _lay_out(
        tmp_path,
        "0::/box/job\n",
        {"box/cpu.max": "150000 100000\n", "box/job/cpu.max": "max 100000\n"},
    )
    assert cgroup_cpu_quota(str(tmp_path), str(listing)) == 1.5


def test_a_container_sees_its_own_cgroup_at_the_root(tmp_path: Path) -> None:
    """Inside a container, /proc/self/cgroup may name the host's path, which the
    container's /sys/fs/cgroup does not hold: the root's own files count."""
    listing = _lay_out(tmp_path, "0::/host/slice/abc\n", {"cpu.max": "400000 100000\n"})
    assert cgroup_cpu_quota(str(tmp_path), str(listing)) == 4.0


def test_a_v1_quota(tmp_path: Path) -> None:
    listing = _lay_out(
        tmp_path,
        "4:memory:/x\n3:cpu,cpuacct:/docker/abc\n",
        {
            "cpu,cpuacct/docker/abc/cpu.cfs_quota_us": "50000\n",
            "cpu,cpuacct/docker/abc/cpu.cfs_period_us": "100000\n",
        },
    )
    assert cgroup_cpu_quota(str(tmp_path), str(listing)) == 0.5


@pytest.mark.parametrize(
    ("membership", "files"),
    [
        ("0::/\n", {"cpu.max": "max 100000\n"}),  # no quota
        ("1:cpu:/\n", {"cpu/cpu.cfs_quota_us": "-1\n", "cpu/cpu.cfs_period_us": "100000\n"}),
        ("0::/\n", {"cpu.max": "garbage\n"}),
        ("0::/\n", {"cpu.max": "0 100000\n"}),
        ("0::/\n", {}),  # no files at all (not Linux, or no cgroup mounted)
    ],
)
def test_no_quota(tmp_path: Path, membership: str, files: dict[str, str]) -> None:
    listing = _lay_out(tmp_path, membership, files)
    assert cgroup_cpu_quota(str(tmp_path), str(listing)) is None


def test_no_cgroup_file_at_all(tmp_path: Path) -> None:
    assert cgroup_cpu_quota(str(tmp_path), str(tmp_path / "missing")) is None


@pytest.mark.parametrize(("quota", "expected"), [(0.5, 1), (1.5, 2), (2.0, 2), (None, None)])
def test_the_available_cpus_are_the_quota_rounded_up_within_the_affinity(
    monkeypatch: pytest.MonkeyPatch, quota: float | None, expected: int | None
) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda _: set(range(64)), raising=False)
    monkeypatch.setattr(cpus, "cgroup_cpu_quota", lambda: quota)
    assert available_cpus() == (64 if expected is None else expected)


def test_this_machine_s_answer_is_at_least_one() -> None:
    assert available_cpus() >= 1
