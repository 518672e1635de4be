"""Names a package exports, each imported from its module on first use (PEP 562), so that
a command pays only for the parts of a game it runs: ``poker compare`` never imports the
equity engine, ``baccarat odds`` never imports the simulator.

A package writes each lazy name once where it lives: in its ``if TYPE_CHECKING:`` block,
``from croupier.poker.evaluation.hand import evaluate``, which is also what type checkers and
readers see; and in ``__all__``, the list of what it exports. :func:`lazy_exports`
reads the block (from the package's source, the first time a lazy name is asked for)
and makes the package's ``__getattr__`` and ``__dir__``: a name of the block is
imported from its module when first used, a submodule's name is that submodule, and
either is then kept in the package like any attribute. A test checks that every
package's ``__all__`` holds exactly its eager names and the names of its block.

>>> import sys, types
>>> demo = types.ModuleType("demo_package")
>>> sys.modules["demo_package"] = demo
>>> demo.__getattr__, demo.__dir__ = lazy_exports("demo_package", {"sqrt": "math"})
>>> demo.sqrt(9.0), "sqrt" in vars(demo)   # imported once, then an ordinary attribute
(3.0, True)
>>> del sys.modules["demo_package"]
>>> typing_imports("if TYPE_CHECKING:\\n    from croupier.poker.games import Game as G\\n")
{'G': 'croupier.poker.games'}
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_exports", "typing_imports"]


def typing_imports(source: str) -> dict[str, str]:
    """The names imported in the ``if TYPE_CHECKING:`` blocks of a module's ``source``
    (absolute imports), each with the module it comes from."""
    import ast

    homes: dict[str, str] = {}
    for node in ast.parse(source).body:
        if not isinstance(node, ast.If):
            continue
        test = node.test  # TYPE_CHECKING, or typing.TYPE_CHECKING
        name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", None)
        if name != "TYPE_CHECKING":
            continue
        for statement in node.body:
            if isinstance(statement, ast.ImportFrom) and statement.module and not statement.level:
                for alias in statement.names:
                    homes[alias.asname or alias.name] = statement.module
    return homes


def _homes_of(package: str) -> dict[str, str]:
    """Where each lazy name of ``package`` lives: its ``if TYPE_CHECKING:`` imports."""
    loader = getattr(sys.modules[package].__spec__, "loader", None)
    get_source = getattr(loader, "get_source", None)
    source = get_source(package) if get_source is not None else None
    if source is None:
        raise ImportError(f"{package}: its source is needed to find its lazy names")
    return typing_imports(source)


def lazy_exports(
    package: str, homes: Mapping[str, str] | None = None
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: a lazy name is imported from
    its module when first used (``homes`` maps each to its module; by default, the
    package's ``if TYPE_CHECKING:`` imports, read when first needed), a submodule's name
    imports that submodule; either is then kept in the package like any attribute."""
    namespace = vars(sys.modules[package])
    found: dict[str, str] | None = dict(homes) if homes is not None else None

    def table() -> dict[str, str]:
        nonlocal found
        if found is None:
            found = _homes_of(package)
        return found

    def get(name: str) -> Any:
        if name.startswith("__"):  # probes for special names: never a lazy name
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        home = table().get(name)
        if home is not None:
            value = getattr(importlib.import_module(home), name)
        elif importlib.util.find_spec(f"{package}.{name}") is not None:
            value = importlib.import_module(f"{package}.{name}")
        else:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        namespace[name] = value
        return value

    def listing() -> list[str]:
        return sorted({*namespace, *namespace.get("__all__", ()), *table()})

    return get, listing
