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
from collections.abc import Callable, Hashable
from pathlib import Path
from types import ModuleType
from typing import Final, TypeVar

_T = TypeVar("_T")

__all__ = [
    "DIGEST_SUFFIX",
    "KERNELS",
    "PURE_VARIABLE",
    "UNCOMPILED_COST",
    "VARIANTS",
    "compiled",
    "configured_once",
    "cpu_features",
    "kernels",
    "pure_forced",
    "report",
    "source_digest",
    "source_record",
    "stale",
    "status",
    "unbuilt",
    "variant",
]

#: Every kernel module, by game. ``setup.py`` compiles every file named ``_kernels*.py``;
#: a test checks that the two lists agree.
KERNELS: Final = {
    "poker": "croupier.poker._kernels",
    "baccarat": "croupier.baccarat._kernels",
    "casino": "croupier.casino._kernels",
}

#: Kernel modules also compiled for wider vector units (``setup.py`` builds them on
#: x86-64 from a copy of the same source, as ``<module>_<suffix>``), widest first: the
#: suffix and the processor features it needs (NumPy's names for them). Without fused
#: multiply-adds every lane adds in the source's order: the same numbers, more at once.
VARIANTS: Final = {"baccarat": (("avx512", ("AVX512F",)), ("avx2", ("AVX2",)))}

#: Set to anything but ``0`` or nothing: run the kernels' sources, never compiled code.
PURE_VARIABLE: Final = "CROUPIER_PURE"

#: What running without the compiled engine costs, as ``croupier --version`` and the
#: install script say it (measured side by side, CPU time: ``benchmarks/uncompiled.py``
#: and ``benchmarks/casino_compiled.py``; docs/explanation/compiled-engine.md).
UNCOMPILED_COST: Final = (
    "poker Monte Carlo equity takes 2-3x the time, Baccarat perfect play and simulation "
    "3-4x; the Casino computer searches 20-50x fewer positions in its time, so it plays "
    "weaker at a time limit; the first poker command builds its tables in minutes instead "
    "of seconds (once)"
)

_ROOT: Final = Path(__file__).parent


def pure_forced() -> bool:
    """True when ``CROUPIER_PURE`` asks for the uncompiled kernels."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def _source(name: str) -> Path:
    """The source of kernel module ``name`` (a wider build's: its module's)."""
    for game, module in KERNELS.items():
        for suffix, _ in VARIANTS.get(game, ()):
            if name == f"{module}_{suffix}":
                name = module
    return _ROOT.joinpath(*name.split(".")[1:]).with_suffix(".py")


#: Beside each compiled module ``setup.py`` writes what it was compiled from
#: (:func:`source_record`: the SHA-256 of the sources, their sizes and times), in a file
#: named as the module's with this added.
DIGEST_SUFFIX: Final = ".sha256"


def _compiled_from(source: Path) -> list[Path]:
    """The files a kernel compiles from: ``source`` and the shared declarations every
    kernel cimports and inlines (the ``.pxd`` files at the package's root)."""
    return [source, *sorted(_ROOT.glob("*.pxd"))]


def source_digest(source: Path) -> str:
    """The SHA-256 (hex) of a kernel as it compiles: the text of ``source`` and of the
    shared declarations every kernel cimports and inlines. A compiled module whose
    recorded digest differs from its source's now was built from another source (a
    checkout changed under an install) and is not used.

    >>> len(source_digest(_source(KERNELS["poker"])))
    64
    """
    if not isinstance(source, Path):
        raise TypeError(f"source must be a Path, not {type(source).__name__}")
    import hashlib  # only when a source's size or time moved (hashlib loads OpenSSL)

    digest = hashlib.sha256()
    for part in _compiled_from(source):
        try:
            digest.update(part.read_bytes())
        except OSError as exc:
            raise _unreadable(part, exc) from exc
    return digest.hexdigest()


def _unreadable(part: Path, exc: OSError) -> Exception:
    """The package's error for a kernel source that cannot be read."""
    from croupier.errors import CroupierError

    return CroupierError(f"cannot read the kernel source {part}: {exc.strerror or exc}")


def _stamps(source: Path) -> list[str]:
    """Each file a kernel compiles from, as ``size time name`` (its ``stat``)."""
    stamps = []
    for part in _compiled_from(source):
        try:
            found = part.stat()
        except OSError as exc:
            raise _unreadable(part, exc) from exc
        stamps.append(f"{found.st_size} {found.st_mtime_ns} {part.name}")
    return stamps


def source_record(source: Path) -> str:
    """What ``setup.py`` writes beside a module compiled from ``source``: the
    :func:`source_digest` on the first line, then each file's size, time and name. At
    load, files of the same sizes and times are taken as the same (no reading, no
    hashing: a command starts as fast); where one moved (a checkout rewrote it), the
    digest decides.

    >>> record = source_record(_source(KERNELS["casino"])).splitlines()
    >>> len(record[0]), record[1].endswith(" _kernels.py")
    (64, True)
    """
    return "\n".join([source_digest(source), *_stamps(source)]) + "\n"


def _compiled_file(name: str) -> Path | None:
    """The compiled module ``name`` in the package, if there is one, fresh or stale."""
    place = _ROOT.joinpath(*name.split(".")[1:])
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = place.with_suffix(suffix)
        if path.is_file():
            return path
    return None


@functools.cache
def _is_stale(path: Path, source: Path) -> bool:
    """True when the record written beside the compiled module ``path`` (see
    :func:`source_record`) is not of ``source`` as it is now. A module with no record
    beside it (built by an older ``setup.py``, or packed without it) is taken as built
    from its source."""
    if not _in_checkout():
        return False  # installed: changed only by an install, which writes both
    written = path.with_name(path.name + DIGEST_SUFFIX)
    try:
        recorded = written.read_text(encoding="ascii").split("\n")
    except (OSError, UnicodeDecodeError):
        return False
    try:
        if [line for line in recorded[1:] if line] == _stamps(source):
            return False  # the very files it was built from
        return recorded[0].strip() != source_digest(source)
    except ValueError:  # a source missing or unreadable: the module is all there is
        return False


def _in_checkout() -> bool:
    """Whether croupier runs from a clone's ``src/`` (an editable install, or the tree on
    ``sys.path``), where a checkout can change a kernel under its compiled module. An
    install (a wheel, ``pip install .``) changes sources and modules together, and does
    not keep the files' times: there the record is not checked (every start would hash
    the sources)."""
    return _ROOT.parent.name == "src" and (_ROOT.parent.parent / "pyproject.toml").is_file()


def _built(name: str) -> Path | None:
    """The compiled module ``name`` in the package, if there is one built from its
    source as it is now (see :func:`source_digest`)."""
    path = _compiled_file(name)
    if path is None or _is_stale(path, _source(name)):
        return None
    return path


@functools.cache
def compiled(game: str | None = None) -> bool:
    """True when ``game``'s kernels (by default every game's) are compiled and in use
    (``CROUPIER_PURE`` not set).

    Looks for the compiled files without importing them, so that asking costs nothing.
    """
    names = KERNELS.values() if game is None else [KERNELS[game]]
    return not pure_forced() and all(_built(name) is not None for name in names)


@functools.cache
def cpu_features() -> frozenset[str]:
    """The processor's features (``AVX2``, ``AVX512F``...) that NumPy found it has and
    the system lets programs use; empty where NumPy does not say."""
    for module in ("numpy._core._multiarray_umath", "numpy.core._multiarray_umath"):
        try:
            found = getattr(importlib.import_module(module), "__cpu_features__", None)
        except ImportError:
            continue
        if isinstance(found, dict):
            return frozenset(name for name, present in found.items() if present)
    return frozenset()


#: Seconds a wider build may be older than its source and still count as built from it
#: (an install writes the source and its builds within moments of each other).
_STALE_AFTER: Final = 60.0


@functools.cache
def variant(game: str) -> str | None:
    """The wider build of ``game``'s kernels that :func:`kernels` loads (a suffix of
    :data:`VARIANTS`: the widest one built that this processor runs), or ``None``: the
    plain build (or nothing compiled). A wider build older than the source is left from
    an earlier install (a compiler that could build it then, not now) and is passed
    over."""
    if not compiled(game):
        return None
    made = _source(KERNELS[game]).stat().st_mtime - _STALE_AFTER
    for suffix, needs in VARIANTS.get(game, ()):
        built = _built(f"{KERNELS[game]}_{suffix}")
        if built is not None and set(needs) <= cpu_features() and built.stat().st_mtime >= made:
            return suffix
    return None


def unbuilt() -> list[str]:
    """The games whose kernels have no compiled module here (an install without a C
    compiler: all of them), whatever ``CROUPIER_PURE`` says."""
    return [game for game, name in KERNELS.items() if _compiled_file(name) is None]


def stale() -> list[str]:
    """The games whose compiled kernels were built from another source than the one
    here now (the checkout changed since the install): they are not used, their sources
    run instead until croupier is installed again.

    >>> set(stale()) <= set(KERNELS)
    True
    """
    return [
        game
        for game, name in KERNELS.items()
        if _compiled_file(name) is not None and _built(name) is None
    ]


def status() -> str:
    """One line on the engine, as ``croupier --version`` shows it."""
    if pure_forced():
        return f"not compiled: {PURE_VARIABLE} is set, the NumPy paths run"
    missing = unbuilt()
    if missing:
        return (
            f"not compiled: no compiled kernels for {', '.join(missing)} (installed without "
            "a C compiler?), the NumPy paths run"
        )
    old = stale()
    if old:
        return (
            f"not compiled: the compiled kernels for {', '.join(old)} were built from an "
            "older source, their sources and the NumPy paths run"
        )
    return f"compiled: Cython kernels for {', '.join(KERNELS)}"


def report() -> str:
    """What ``croupier --version`` says of the engine: :func:`status`, and where the
    engine is not compiled, what that costs and how to compile it.

    >>> report().startswith("engine ")
    True
    """
    lines = [f"engine {status()}"]
    if not compiled():
        lines.append(f"uncompiled, croupier is slower: {UNCOMPILED_COST}")
        if stale() and not unbuilt():
            lines.append(
                "to use the compiled engine again, reinstall croupier (from a clone: run "
                "./croupier, which rebuilds the kernels whose sources changed)"
            )
        if unbuilt():
            lines.append(
                "to compile the engine, install a C compiler (Debian/Ubuntu: apt-get install "
                "build-essential python3-dev; macOS: xcode-select --install) and reinstall "
                "croupier (from a clone: delete .venv, then run ./croupier)"
            )
    return "\n".join(lines)


_LOADING: Final = threading.Lock()


def configured_once(function: Callable[..., _T]) -> Callable[..., _T]:
    """``function`` (of hashable positional arguments) run once per arguments and
    process, whatever the threads, its result kept: for what gives a kernel module its
    tables. ``functools.cache`` runs a function again when a second thread calls it
    before the first call has returned; a kernel given its tables twice drops the
    first ones, which a search or a sum another thread runs without the interpreter
    lock may still be reading (a segmentation fault: the Casino search's in CI on
    76df29a). A later call costs a dictionary look-up. Not re-entrant: ``function``
    must not call itself with the same arguments (it would wait for itself).

    >>> calls = []
    >>> @configured_once
    ... def tables(size: int) -> list[int]:
    ...     calls.append(size)
    ...     return list(range(size))
    >>> tables(3) is tables(3), calls
    (True, [3])
    """
    results: dict[tuple[Hashable, ...], _T] = {}
    lock = threading.Lock()

    @functools.wraps(function)
    def once(*arguments: Hashable) -> _T:
        try:
            return results[arguments]
        except KeyError:
            pass
        with lock:
            if arguments not in results:
                results[arguments] = function(*arguments)
            return results[arguments]

    return once


def kernels(game: str) -> ModuleType:
    """The kernel module of ``game``: compiled when it is (and not ``CROUPIER_PURE``),
    otherwise its source, run by Python (slow: for tests, checks by hand, and the few
    small kernel functions the NumPy paths call), with :mod:`croupier.cythonshim` standing
    in for Cython where Cython is not installed. Safe to call from several threads at
    once (one of them loads it).

    >>> kernels("poker").__name__
    'croupier.poker._kernels'
    """
    with _LOADING:
        return _kernels(game)


@functools.cache
def _kernels(game: str) -> ModuleType:
    name = KERNELS[game]
    wide = None if pure_forced() else variant(game)
    if wide is not None:
        name = f"{name}_{wide}"
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
    # The source imports Cython for its declarations: where Cython is not installed (it
    # is a build tool, not a dependency), the part of its pure-Python mode the kernels use
    # stands in for it.
    from croupier import cythonshim

    cythonshim.install()
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
