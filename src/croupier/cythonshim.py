"""The part of Cython's pure-Python mode croupier's kernels use, for running their sources
where Cython is not installed.

The kernels (``croupier/*/_kernels*.py``) are plain Python that ``import cython`` for
their C declarations. Installed with a C compiler, they are compiled and this module is
never used. Installed without one, croupier runs its NumPy paths, which still call a few
small kernel functions from the sources (a random stream's key, an alias table); and
``CROUPIER_PURE=1`` runs the sources themselves. Cython is a build tool, not a run-time
dependency, so where it cannot be imported :func:`install` puts this module in its place
(:mod:`croupier.engine` does, before it loads a kernel's source). Everything here keeps
the meaning the uncompiled source has under Cython's own module:

- C scalar types (``cython.int``, ``cython.double``, ``cython.bint``, ...) convert in
  :func:`cast` and :func:`declare` as Python's ``int``, ``float`` and ``bool`` do (no
  wrap-around: the sources keep their numbers in range themselves);
- pointer, memoryview and ``const`` types (``cython.p_double``, ``cython.double[:, ::1]``,
  ``cython.const[cython.longlong][::1]``) leave a value as it is;
- the decorators (``cfunc``, ``inline``, ``locals``, ``returns``, ``exceptval``, the
  directives) return the function unchanged, and ``nogil`` and ``gil`` are context managers
  and decorators that do nothing;
- ``cython.cimports.NAME`` is the module ``NAME`` (``cython.cimports.libc.math``:
  :mod:`math`), so that a kernel can cimport a shared declarations module (a ``.pxd``
  beside its pure-mode source) and run uncompiled.

>>> import croupier.cythonshim as cython
>>> cython.compiled, cython.cast(cython.int, 3.9), cython.declare(cython.double, 2)
(False, 3, 2.0)
>>> table = [1, 2]
>>> cython.declare(cython.const[cython.longlong][::1], table) is table
True
>>> @cython.cfunc
... @cython.locals(x=cython.ulonglong)
... @cython.returns(cython.ulonglong)
... def twice(x: int) -> int:
...     return 2 * x
>>> with cython.nogil:
...     twice(21)
42
"""

from __future__ import annotations

import builtins
import importlib
import importlib.abc
import importlib.machinery
import sys
from collections.abc import Callable, Sequence
from types import ModuleType, TracebackType
from typing import Any, Final, TypeVar

__all__ = ["compiled", "install", "installed"]

_F = TypeVar("_F", bound=Callable[..., Any])

#: Never compiled: this module is what runs where nothing is.
compiled: Final = False


class _CType:
    """A C type as the uncompiled source sees it: ``base`` is the Python type of its
    values (``None``: a pointer, a memoryview or a ``const`` type, whose values stay as
    they are); ``length``: a fixed array's."""

    def __init__(self, name: str, base: type | None, length: builtins.int = 0) -> None:
        self.name, self.base, self.length = name, base, length

    def __getitem__(self, item: object) -> _CType:
        """``const[T]`` is ``T``; ``T[:, ::1]`` is a memoryview (values stay as they
        are); ``T[8]`` an array of 8, whose items convert as ``T`` does."""
        if self.name == "const" and isinstance(item, _CType):
            return item
        if isinstance(item, builtins.int):
            return _CType(f"{self.name}[{item}]", self.base, item)
        return _CType(f"{self.name}[...]", None)

    def __call__(self, value: object) -> Any:
        """``value`` as this type: made one of ``base`` unless it is one already (as
        Cython's own module does: ``True`` stays ``True`` as a ``longlong``)."""
        if self.base is None or self.length or isinstance(value, self.base):
            return value
        return self.base(value)

    def __repr__(self) -> str:
        return f"<cython type {self.name}>"


class _Array(list[Any]):
    """A C array declared without a value: ``length`` unset items, converted as they are
    set (a C array of ``int`` holds ints)."""

    def __init__(self, kind: _CType) -> None:
        super().__init__([None] * kind.length)
        self.kind = kind

    def __setitem__(self, index: Any, value: Any) -> None:
        if isinstance(index, builtins.int):
            value = _CType(self.kind.name, self.kind.base)(value)
        super().__setitem__(index, value)


def _scalar(name: str, base: type) -> _CType:
    return _CType(name, base)


char = _scalar("char", builtins.int)
uchar = _scalar("uchar", builtins.int)
schar = _scalar("schar", builtins.int)
short = _scalar("short", builtins.int)
ushort = _scalar("ushort", builtins.int)
int = _scalar("int", builtins.int)
uint = _scalar("uint", builtins.int)
long = _scalar("long", builtins.int)
ulong = _scalar("ulong", builtins.int)
longlong = _scalar("longlong", builtins.int)
ulonglong = _scalar("ulonglong", builtins.int)
Py_ssize_t = _scalar("Py_ssize_t", builtins.int)
Py_hash_t = _scalar("Py_hash_t", builtins.int)
size_t = _scalar("size_t", builtins.int)
ssize_t = _scalar("ssize_t", builtins.int)
float = _scalar("float", builtins.float)
double = _scalar("double", builtins.float)
longdouble = _scalar("longdouble", builtins.float)
bint = _scalar("bint", builtins.bool)
void = _CType("void", None)
const = _CType("const", None)

_POINTED: Final = "char uchar short ushort int uint long ulong longlong ulonglong float double void"
for _name in _POINTED.split():  # p_int, pp_double, ...
    globals()[f"p_{_name}"] = _CType(f"p_{_name}", None)
    globals()[f"pp_{_name}"] = _CType(f"pp_{_name}", None)
del _name


def pointer(basetype: _CType) -> _CType:
    """A pointer type: its values stay as they are."""
    return _CType(f"{basetype.name} *", None)


def typedef(basetype: _CType, name: str | None = None) -> _CType:
    """Another name for ``basetype``."""
    return basetype


def fused_type(*types: _CType) -> _CType:
    """A fused type: a value keeps its own type."""
    return _CType("fused", None)


def cast(type: _CType | type, value: object, typecheck: bool = False) -> Any:
    """``value`` as ``type``: a C scalar type converts (``cast(int, 2.7)`` is 2), a class
    makes one from the value unless it is one already (or ``None``), other types leave
    the value as it is."""
    if isinstance(type, _CType):
        return type(value)
    if isinstance(type, builtins.type) and value is not None and not isinstance(value, type):
        return type(value)
    return value


_UNSET: Final = object()


def declare(type: object = None, value: object = _UNSET, **names: object) -> Any:
    """``value`` as ``type`` (:func:`cast`); ``None`` when no value is given."""
    if value is _UNSET:
        return _Array(type) if isinstance(type, _CType) and type.length else None
    return cast(type, value)  # type: ignore[arg-type]


def address(value: object) -> list[object]:
    """A stand-in for a pointer to ``value``: ``address(x)[0]`` is ``x``."""
    return [value]


def sizeof(value: object) -> builtins.int:
    """Not a size: the uncompiled source never allocates by it."""
    return 1


def typeof(value: object) -> str:
    """The name of ``value``'s Python type."""
    return type(value).__name__


def _same(function: _F) -> _F:
    return function


cfunc = ccall = inline = final = cclass = _same


def _directive(flag: bool) -> Callable[[_F], _F]:
    """A directive given as a decorator (``@cython.boundscheck(False)``): nothing to do
    uncompiled."""
    return _same


boundscheck = wraparound = cdivision = initializedcheck = nonecheck = overflowcheck = _directive


def locals(**types: object) -> Callable[[_F], _F]:
    """C types of a function's locals: nothing to do uncompiled."""
    return _same


def returns(type: object) -> Callable[[_F], _F]:
    """A function's C return type: nothing to do uncompiled."""
    return _same


def exceptval(value: object = None, *, check: bool = True) -> Callable[[_F], _F]:
    """How a C function reports an exception: nothing to do uncompiled."""
    return _same


class _Lock:
    """``with cython.nogil:`` / ``@cython.nogil`` (and ``gil``): nothing to do
    uncompiled; ``nogil(False)`` is one too."""

    def __call__(self, function: Any = None) -> Any:
        return self if function is None or isinstance(function, builtins.bool) else function

    def __enter__(self) -> None:
        return None

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        return None


nogil = _Lock()
gil = _Lock()


# --- cython.cimports ---------------------------------------------------------------------

_CIMPORTS: Final = "cython.cimports"
#: C libraries a kernel cimports, and the Python module that stands for each.
_C_LIBRARIES: Final = {"libc.math": "math"}


class _Namespace(ModuleType):
    """``cython.cimports`` and its packages that are not Python modules (``libc``)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.__path__: list[str] = []


class _Alias(ModuleType):
    """``cython.cimports.NAME``: every name of the module ``NAME``, read from it."""

    def __init__(self, name: str, target: ModuleType) -> None:
        super().__init__(name, target.__doc__)
        self.__path__ = list(getattr(target, "__path__", []))
        self._target = target

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self._target, attribute)


class _CImports(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``cython.cimports.NAME`` (while the shim is installed): the module ``NAME``
    (a C library: its Python stand-in; a package on the way: a namespace)."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if sys.modules.get("cython") is not _shim() or not (
            fullname == _CIMPORTS or fullname.startswith(_CIMPORTS + ".")
        ):
            return None
        return importlib.machinery.ModuleSpec(fullname, self, is_package=True)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        name = spec.name.removeprefix(_CIMPORTS).removeprefix(".")
        if not name:
            return _Namespace(spec.name)
        target = _C_LIBRARIES.get(name, name)
        if any(known.startswith(name + ".") for known in _C_LIBRARIES):
            return _Namespace(spec.name)  # libc: a package of C headers
        return _Alias(spec.name, importlib.import_module(target))

    def exec_module(self, module: ModuleType) -> None:
        return None


_FINDER: Final = _CImports()


def _shim() -> ModuleType:
    return sys.modules[__name__]


def installed() -> bool:
    """True when ``import cython`` gives this module."""
    return sys.modules.get("cython") is _shim()


def install() -> bool:
    """Make ``import cython`` give this module where Cython cannot be imported (it is
    not installed, or ``sys.modules["cython"]`` is ``None``, as a test makes it). Returns
    True when the shim is (now) in place, False when Cython's own module is there."""
    if installed():
        return True
    if sys.modules.get("cython") is not None:
        return False
    try:
        importlib.import_module("cython")
    except ImportError:
        pass
    else:
        return False
    for name in [n for n in sys.modules if n == _CIMPORTS or n.startswith(_CIMPORTS + ".")]:
        del sys.modules[name]
    shim = _shim()
    shim.__path__ = []  # a package to the import system: cython.cimports is found under it
    sys.modules["cython"] = shim
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
    return True


# ``cython.cimports`` read as an attribute (``import cython.cimports.libc.math`` binds
# ``cython`` and reads on from it)
def __getattr__(name: str) -> Any:
    if name == "cimports" and installed():
        return importlib.import_module(_CIMPORTS)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
