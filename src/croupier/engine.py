"""The compiled engine: croupier's hot loops, compiled to C when croupier is installed.

Each game keeps its hot loops in one module named ``_kernels`` (``croupier.poker._kernels``,
``croupier.baccarat._kernels``), written in Cython's pure-Python mode: plain Python that
runs as it is, with C types given in ``cython.locals`` and ``cython.declare``. Installing
croupier compiles each one to a C extension beside its source (``setup.py``), which
Python then imports instead of the source. The kernels take NumPy arrays and plain
numbers, never a game's objects, and release the GIL while they loop.

A game calls its kernels only when they are compiled: interpreted, a kernel loop is far
slower than the NumPy path it replaces, so uncompiled croupier keeps its NumPy paths (the
same paths the kernels are tested against). ``CROUPIER_PURE=1`` in the environment makes
croupier behave as if nothing was compiled, and makes :func:`kernels` load the sources
even where compiled modules exist: the differential tests then check the sources
themselves.

>>> compiled() in (True, False)
True
>>> status().split(":")[0] in ("compiled", "not compiled")
True
"""

from __future__ import annotations

import functools
import importlib
import importlib.machinery
import importlib.util
import os
import sys
import threading
from pathlib import Path
from types import ModuleType
from typing import Final

__all__ = ["KERNELS", "PURE_VARIABLE", "compiled", "kernels", "pure_forced", "status"]

#: Every kernel module, by game. ``setup.py`` compiles every file named ``_kernels*.py``;
#: a test checks that the two lists agree.
KERNELS: Final = {
    "poker": "croupier.poker._kernels",
    "baccarat": "croupier.baccarat._kernels",
    "poker-variants": "croupier.poker._kernels_variants",
    "casino": "croupier.casino._kernels",
}

#: Set to anything but ``0`` or nothing: run the kernels' sources, never compiled code.
PURE_VARIABLE: Final = "CROUPIER_PURE"

_ROOT: Final = Path(__file__).parent


def pure_forced() -> bool:
    """True when ``CROUPIER_PURE`` asks for the uncompiled kernels."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def _source(name: str) -> Path:
    return _ROOT.joinpath(*name.split(".")[1:]).with_suffix(".py")


def _built(name: str) -> Path | None:
    """The compiled module of ``name`` beside its source, if there is one."""
    source = _source(name)
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = source.with_suffix(suffix)
        if path.is_file():
            return path
    return None


@functools.cache
def compiled(game: str | None = None) -> bool:
    """True when ``game``'s kernels (by default every game's) are compiled and in use
    (``CROUPIER_PURE`` not set).

    Looks for the compiled files without importing them, so that asking costs nothing.
    """
    names = KERNELS.values() if game is None else [KERNELS[game]]
    return not pure_forced() and all(_built(name) is not None for name in names)


def status() -> str:
    """One line on the engine, as ``croupier --version`` shows it."""
    if pure_forced():
        return f"not compiled: {PURE_VARIABLE} is set, the NumPy paths run"
    missing = [game for game, name in KERNELS.items() if _built(name) is None]
    if missing:
        return (
            f"not compiled: no compiled kernels for {', '.join(missing)} (installed without "
            "a C compiler?), the NumPy paths run"
        )
    return f"compiled: Cython kernels for {', '.join(KERNELS)}"


_LOADING: Final = threading.Lock()


def kernels(game: str) -> ModuleType:
    """The kernel module of ``game``: compiled when it is (and not ``CROUPIER_PURE``),
    otherwise its source, run by Python (slow: for tests, and checks by hand). Safe to
    call from several threads at once (one of them loads it).

    >>> kernels("poker").__name__
    'croupier.poker._kernels'
    """
    with _LOADING:
        return _kernels(game)


@functools.cache
def _kernels(game: str) -> ModuleType:
    name = KERNELS[game]
    built = None if pure_forced() else _built(name)
    loaded = sys.modules.get(name)
    wanted = str(built or _source(name))
    if loaded is not None and getattr(loaded, "__file__", None) == wanted:
        return loaded
    if built is not None:
        # a copy of the source someone loaded under the name (pytest's doctest collection
        # does) must not stand for the compiled module
        sys.modules.pop(name, None)
        return importlib.import_module(name)
    # Load the source under the module's name, even where a compiled module sits beside it
    # (the import system would pick the compiled one).
    spec = importlib.util.spec_from_file_location(name, _source(name))
    if spec is None or spec.loader is None:  # pragma: no cover - the source ships with croupier
        raise ImportError(f"no source for {name}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module
