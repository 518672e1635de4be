"""Precomputed tables cached once per user, checked by a hash: croupier's start-up reads
them instead of building them again (the poker rank tables, the Baccarat enumeration).

A table set is a few NumPy arrays stored in one ``.npz`` file under
the user's cache folder (:func:`croupier.userdirs.cache_directory`: on Linux
``$XDG_CACHE_HOME/croupier``, by default ``~/.cache/croupier``), named by a hash of the
code that builds it, so a change to that code makes a new file. Beside each array the file
holds a hash of its contents: an array is read only when it is used, and a damaged or
altered one is noticed and the set built again. Files are written whole (to a temporary
file, then renamed); where the cache cannot be written, the tables are simply built on
every run.

>>> import numpy as np, tempfile
>>> path = Path(tempfile.mkdtemp()) / "demo.npz"
>>> store_tables(path, {"squares": np.arange(5) ** 2, "cubes": np.arange(5) ** 3})
>>> load_tables(path, ["squares"])["squares"].tolist()
[0, 1, 4, 9, 16]
>>> with np.load(path) as stored:          # an altered array no longer matches its hash
...     entries = {name: stored[name] for name in stored.files}
>>> np.savez(path, **{**entries, "squares": entries["squares"] + 1})
>>> load_tables(path, ["squares"]) is None, load_tables(path, ["cubes"]) is None
(True, False)
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from croupier import userdirs
from croupier.userdirs import cache_directory

try:  # CPython's own BLAKE2: reading a table then loads no OpenSSL (hashlib would)
    from _blake2 import blake2b
except ImportError:  # another Python
    from hashlib import blake2b

__all__ = [
    "CachedTables",
    "cache_directory",
    "cached_tables",
    "code_hash",
    "load_tables",
    "store_tables",
    "text_hash",
]

Arrays = dict[str, NDArray[np.generic]]

#: The name of the entry holding the hash of array ``NAME`` is ``NAME`` + this.
CHECK_SUFFIX: Final = ".blake2b"


def code_hash(sources: Iterable[str | os.PathLike[str]]) -> str:
    """A short hash of the source files the tables are built by, and of this module (a new
    file format makes new files too)."""
    digest = blake2b()
    for source in (__file__, *sources):
        digest.update(Path(source).read_bytes())
    return digest.hexdigest()[:16]


def text_hash(text: str) -> str:
    """A short hash of ``text``, for a file name (what a table set is built from).

    >>> text_hash("banker: 19/20"), len(text_hash("anything"))
    ('72ca2baee94e100e', 16)
    """
    return blake2b(text.encode(), digest_size=8).hexdigest()


def content_hash(array: NDArray[np.generic]) -> str:
    """The hash of an array's dtype, shape and bytes (stored beside it)."""
    digest = blake2b(f"{array.dtype.str} {array.shape}".encode())
    digest.update(np.ascontiguousarray(array).data.cast("B"))  # the bytes, not a copy
    return digest.hexdigest()


def load_tables(path: Path, names: Sequence[str] | None) -> Arrays | None:
    """The arrays ``names`` (None: all, in the order stored) stored at ``path``, or None
    if the file is missing or unreadable, or one of them does not match its hash."""
    try:
        with open(path, "rb") as handle, np.load(handle, allow_pickle=False) as stored:
            if names is None:
                names = [n for n in stored.files if not n.endswith(CHECK_SUFFIX)]
            arrays = {}
            for name in names:
                array = stored[name]
                if content_hash(array) != str(stored[name + CHECK_SUFFIX]):
                    return None
                arrays[name] = array
    except Exception:  # damaged in any way (a cut zip, a bad CRC...): build again
        return None
    return arrays


def store_tables(path: Path, arrays: Arrays) -> None:
    """Write ``arrays`` and their hashes to ``path`` whole; silently nothing if it fails."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".npz.tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                checks = {name + CHECK_SUFFIX: content_hash(a) for name, a in arrays.items()}
                entries: dict[str, Any] = {**arrays, **checks}
                np.savez(out, **entries)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError:
        return  # no cache: the tables are simply built again next time


class CachedTables(Mapping[str, NDArray[np.generic]]):
    """The arrays a build function makes, each read from the user's cache (and checked)
    the first time it is used; a missing or damaged file is built again, whole, and
    stored for next time. ``names``: the arrays ``build()`` makes, in order (None: those
    the file lists, or, when it cannot be read, build them now)."""

    def __init__(
        self, path: Path, names: Sequence[str] | None, build: Callable[[], Arrays]
    ) -> None:
        self._path = path
        self._build = build
        self._arrays: Arrays = {}
        self._built = False
        listed = _listed(path) if names is None else tuple(names)
        self._names = listed or ()
        if listed is None:
            self._rebuild()

    def __getitem__(self, name: str) -> NDArray[np.generic]:
        if name not in self._arrays:
            if name not in self._names:
                raise KeyError(name)
            stored = None if self._built else load_tables(self._path, [name])
            if stored is None:
                self._rebuild()
            else:
                self._arrays[name] = stored[name]
        return self._arrays[name]

    def _rebuild(self) -> None:
        arrays = self._build()
        store_tables(self._path, arrays)
        self._arrays = dict(arrays)
        self._names = tuple(arrays)
        self._built = True

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


def cached_tables(
    name: str,
    sources: Iterable[str | os.PathLike[str]],
    build: Callable[[], Arrays],
    names: Sequence[str] | None = None,
) -> CachedTables:
    """The tables ``build()`` makes, read from the user's cache when it holds them
    (each array when first used, checked), else built and stored for next time.
    ``sources``: the files whose code builds them; ``names``: the arrays ``build()``
    makes, in order (None: build them now if the cache does not list them)."""
    folder = userdirs.cache_directory()
    return CachedTables(folder / f"{name}-{code_hash(sources)}.npz", names, build)


def _listed(path: Path) -> tuple[str, ...] | None:
    """The names of the arrays stored at ``path`` (None if it cannot be read)."""
    try:
        with open(path, "rb") as handle, np.load(handle, allow_pickle=False) as stored:
            return tuple(n for n in stored.files if not n.endswith(CHECK_SUFFIX))
    except Exception:  # damaged in any way: build again
        return None
