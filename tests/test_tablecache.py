"""Tables cached once per user, checked by a hash (croupier.tablecache)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from croupier.baccarat import enumeration
from croupier.tablecache import cache_directory, cached_tables


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "croupier"


def test_tables_are_built_once_then_read_and_a_damaged_file_is_rebuilt(
    cache: Path, tmp_path: Path
) -> None:
    source = tmp_path / "source.py"
    source.write_text("x = 1\n", encoding="utf-8")
    builds: list[int] = []

    def build() -> dict[str, np.typing.NDArray[np.generic]]:
        builds.append(1)
        return {"a": np.arange(10), "b": np.ones((2, 3), dtype=np.uint16)}

    first = cached_tables("demo", [source], build)
    again = cached_tables("demo", [source], build)
    assert len(builds) == 1
    assert list(again) == ["a", "b"]
    assert all(np.array_equal(first[k], again[k]) for k in first)
    (path,) = cache.glob("demo-*.npz")
    with np.load(path) as stored:
        entries = {name: stored[name].copy() for name in stored.files}
    entries["a"][3] = 99
    np.savez(path, **entries)
    assert np.array_equal(cached_tables("demo", [source], build)["a"], np.arange(10))
    assert len(builds) == 2
    source.write_text("x = 2\n", encoding="utf-8")  # new code: a new file
    cached_tables("demo", [source], build)
    assert len(builds) == 3 and len(list(cache.glob("demo-*.npz"))) == 2


def test_the_baccarat_enumeration_from_the_cache_is_the_one_built(cache: Path) -> None:
    built = enumeration._build_sequence_tables()
    enumeration.sequence_tables.cache_clear()
    try:
        assert enumeration.sequence_tables().class_of.shape == (10**6,)  # builds, stores
        assert len(list(cache_directory().glob("baccarat-sequences-*.npz"))) == 1
        enumeration.sequence_tables.cache_clear()
        read = enumeration.sequence_tables()  # reads, one array at a time
        for name in enumeration.SequenceTables.FIELDS:
            got, want = getattr(read, name), getattr(built, name)
            assert got.dtype == want.dtype and np.array_equal(got, want), name
            assert not got.flags.writeable
    finally:
        enumeration.sequence_tables.cache_clear()


def test_a_table_is_read_only_when_used_and_checked_alone(cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "source.py"
    source.write_text("x = 1\n", encoding="utf-8")
    builds: list[int] = []

    def build() -> dict[str, np.typing.NDArray[np.generic]]:
        builds.append(1)
        return {"a": np.arange(10), "b": np.ones((2, 3), dtype=np.uint16)}

    cached_tables("demo", [source], build, names=("a", "b"))["a"]
    (path,) = cache.glob("demo-*.npz")
    with np.load(path) as stored:
        entries = {name: stored[name].copy() for name in stored.files}
    entries["b"][0, 0] = 7  # damage b only: a is still read from the file
    np.savez(path, **entries)
    tables = cached_tables("demo", [source], build, names=("a", "b"))
    assert np.array_equal(tables["a"], np.arange(10)) and len(builds) == 1
    assert np.array_equal(tables["b"], np.ones((2, 3))) and len(builds) == 2
    with pytest.raises(KeyError):
        tables["c"]


@pytest.mark.parametrize("damage", ["truncated", "flipped byte", "not a zip"])
def test_a_file_damaged_in_any_way_is_built_again(cache: Path, tmp_path: Path, damage: str) -> None:
    source = tmp_path / "source.py"
    source.write_text("x = 1\n", encoding="utf-8")
    builds: list[int] = []

    def build() -> dict[str, np.typing.NDArray[np.generic]]:
        builds.append(1)
        return {"a": np.arange(1000), "b": np.ones((2, 3), dtype=np.uint16)}

    cached_tables("demo", [source], build, names=("a", "b"))["a"]
    (path,) = cache.glob("demo-*.npz")
    data = bytearray(path.read_bytes())
    if damage == "truncated":
        data = data[: len(data) // 2]
    elif damage == "flipped byte":
        data[200] ^= 0xFF  # inside the first array's bytes: its zip CRC no longer matches
    else:
        data = bytearray(b"PK\x03\x04" + b"\x00" * 40)
    path.write_bytes(bytes(data))
    for names in (("a", "b"), None):
        tables = cached_tables("demo", [source], build, names=names)
        assert np.array_equal(tables["a"], np.arange(1000))
    assert len(builds) == 2  # built again once, then read from the rewritten file
