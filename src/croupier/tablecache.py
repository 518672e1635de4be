"""Precomputed tables cached once per user, checked by a hash: croupier's start-up reads
them instead of building them again (the poker rank tables, the Baccarat enumeration).

A table set is a few NumPy arrays stored in one ``.npz`` file under
``$XDG_CACHE_HOME/croupier`` (by default ``~/.cache/croupier``), named by a hash of the
code that builds it, so a change to that code makes a new file. The file also holds a hash
of the arrays' contents: a damaged or altered file is ignored and built again. Files are
written whole (to a temporary file, then renamed); where the cache cannot be written, the
tables are simply built on every run.

>>> import numpy as np, tempfile
>>> path = Path(tempfile.mkdtemp()) / "demo.npz"
>>> store_tables(path, {"squares": np.arange(5) ** 2})
>>> load_tables(path, None)["squares"].tolist()
[0, 1, 4, 9, 16]
>>> with np.load(path) as stored:          # an altered file no longer matches its hash
...     np.savez(path, squares=stored["squares"] + 1, check=stored["check"])
>>> load_tables(path, None) is None
True
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

__all__ = ["cache_directory", "cached_tables", "code_hash", "load_tables", "store_tables"]

Arrays = dict[str, NDArray[np.generic]]


def cache_directory() -> Path:
    """Where the tables are cached for this user."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
    return Path(base) / "croupier"


def code_hash(sources: Iterable[str | os.PathLike[str]]) -> str:
    """A short hash of the source files the tables are built by."""
    digest = hashlib.sha256()
    for source in sources:
        digest.update(Path(source).read_bytes())
    return digest.hexdigest()[:16]


def content_hash(arrays: Sequence[NDArray[np.generic]]) -> str:
    """The hash of the arrays' bytes, in order (stored beside them as ``check``)."""
    digest = hashlib.sha256()
    for array in arrays:
        digest.update(np.ascontiguousarray(array).data.cast("B"))  # the bytes, not a copy
    return digest.hexdigest()


def load_tables(path: Path, names: Sequence[str] | None) -> Arrays | None:
    """The arrays ``names`` (None: all, in the order stored) stored at ``path``, or None
    if the file is missing, unreadable or does not match its hash."""
    try:
        with np.load(path, allow_pickle=False) as stored:
            wanted = [n for n in stored.files if n != "check"] if names is None else names
            arrays = {name: stored[name] for name in wanted}
            check = str(stored["check"])
    except (OSError, KeyError, ValueError, EOFError):
        return None
    return arrays if content_hash(list(arrays.values())) == check else None


def store_tables(path: Path, arrays: Arrays) -> None:
    """Write ``arrays`` and their hash to ``path`` whole; silently nothing if it fails."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".npz.tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                entries: dict[str, Any] = {**arrays, "check": content_hash(list(arrays.values()))}
                np.savez(out, **entries)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError:
        return  # no cache: the tables are simply built again next time


def cached_tables(
    name: str, sources: Iterable[str | os.PathLike[str]], build: Callable[[], Arrays]
) -> Arrays:
    """The tables ``build()`` makes, from the user's cache when it holds them (checked),
    else built and stored for next time. ``sources``: the files whose code builds them."""
    path = cache_directory() / f"{name}-{code_hash(sources)}.npz"
    stored = load_tables(path, None)
    if stored is not None:
        return stored
    arrays = build()
    store_tables(path, arrays)
    return arrays
