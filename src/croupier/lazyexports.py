"""Names a package exports, each imported from its module on first use (PEP 562), so that
a command pays only for the parts of a game it runs: ``poker compare`` never imports the
equity engine, ``baccarat odds`` never imports the simulator.

A package lists where each lazy name lives and hands the two functions this module makes
to Python as its ``__getattr__`` and ``__dir__``; type checkers and readers see the same
names imported under ``TYPE_CHECKING``.

>>> import sys, types
>>> demo = types.ModuleType("demo_package")
>>> sys.modules["demo_package"] = demo
>>> demo.__getattr__, demo.__dir__ = lazy_exports("demo_package", {"sqrt": "math"})
>>> import importlib; sys.modules["demo_package.math"] = importlib.import_module("math")
>>> demo.sqrt(9.0), "sqrt" in vars(demo)   # imported once, then an ordinary attribute
(3.0, True)
>>> del sys.modules["demo_package"], sys.modules["demo_package.math"]
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any

__all__ = ["lazy_exports"]


def lazy_exports(
    package: str, homes: Mapping[str, str], submodules: Iterable[str] = ()
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: a name of ``homes`` is imported
    from ``package.<its home>`` when first used, a name of ``submodules`` is that
    submodule; either is then kept in the package like any attribute."""
    namespace = vars(sys.modules[package])
    modules = frozenset(submodules)

    def get(name: str) -> Any:
        if name in homes:
            value = getattr(importlib.import_module(f"{package}.{homes[name]}"), name)
        elif name in modules:
            value = importlib.import_module(f"{package}.{name}")
        else:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        namespace[name] = value
        return value

    def listing() -> list[str]:
        return sorted({*namespace, *namespace.get("__all__", ()), *homes, *modules})

    return get, listing
