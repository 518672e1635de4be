"""Tables cached once per user, checked by a hash (croupier.tablecache)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from croupier.baccarat import enumeration
from croupier.tablecache import CachedTables, cache_directory, cached_tables


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "croupier"


class Demo:
    """A table set built from a source file, counting its builds."""

    def __init__(self, folder: Path, size: int = 10) -> None:
        self.source = folder / "source.py"
        self.source.write_text("x = 1\n", encoding="utf-8")
        self.size = size
        self.builds = 0

    def build(self) -> dict[str, np.typing.NDArray[np.generic]]:
        self.builds += 1
        return {"a": np.arange(self.size), "b": np.ones((2, 3), dtype=np.uint16)}

    def tables(self, names: tuple[str, ...] | None = ("a", "b")) -> CachedTables:
        return cached_tables("demo", [self.source], self.build, names=names)


def test_tables_are_built_once_then_read_and_a_damaged_file_is_rebuilt(
    cache: Path, tmp_path: Path
) -> None:
    demo = Demo(tmp_path)
    source, build = demo.source, demo.build
    first = demo.tables(None)
    again = demo.tables(None)
    assert demo.builds == 1
    assert list(again) == ["a", "b"]
    assert all(np.array_equal(first[k], again[k]) for k in first)
    (path,) = cache.glob("demo-*.npz")
    with np.load(path) as stored:
        entries = {name: stored[name].copy() for name in stored.files}
    entries["a"][3] = 99
    np.savez(path, **entries)
    assert np.array_equal(cached_tables("demo", [source], build)["a"], np.arange(10))
    assert demo.builds == 2
    source.write_text("x = 2\n", encoding="utf-8")  # new code: a new file
    cached_tables("demo", [source], build)
    assert demo.builds == 3 and len(list(cache.glob("demo-*.npz"))) == 2


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
    demo = Demo(tmp_path)
    demo.tables()["a"]
    (path,) = cache.glob("demo-*.npz")
    with np.load(path) as stored:
        entries = {name: stored[name].copy() for name in stored.files}
    entries["b"][0, 0] = 7  # damage b only: a is still read from the file
    np.savez(path, **entries)
    tables = demo.tables()
    assert np.array_equal(tables["a"], np.arange(10)) and demo.builds == 1
    assert np.array_equal(tables["b"], np.ones((2, 3))) and demo.builds == 2
    with pytest.raises(KeyError):
        tables["c"]


@pytest.mark.parametrize("damage", ["truncated", "flipped byte", "not a zip"])
def test_a_file_damaged_in_any_way_is_built_again(cache: Path, tmp_path: Path, damage: str) -> None:
    demo = Demo(tmp_path, size=1000)
    demo.tables()["a"]
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
        assert np.array_equal(demo.tables(names)["a"], np.arange(1000))
    assert demo.builds == 2  # built again once, then read from the rewritten file
