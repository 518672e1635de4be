"""Every ``__all__`` name of every package and module resolves, no name twice, and the
packages that import names lazily (:mod:`croupier.lazyexports`) list in ``__all__``
exactly their eager names and the names of their ``if TYPE_CHECKING:`` block.

Modules are found by walking ``src/croupier``, so a module added later is covered
without touching this file (private modules, named with a leading underscore, and
``__main__`` are left out: importing them does their work).
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import croupier
from croupier.lazyexports import typing_imports

ROOT = Path(croupier.__file__).parent


def public_modules() -> list[str]:
    """Every public module and package of croupier, by dotted name."""
    names = []
    for path in sorted(ROOT.rglob("*.py")):
        parts = ("croupier", *path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if any(part.startswith("_") for part in parts):
            continue
        names.append(".".join(parts))
    return names


MODULES = public_modules()


def init_source(package: str) -> str:
    """The source of a package's ``__init__.py`` ('' for a plain module)."""
    path = ROOT.joinpath(*package.split(".")[1:], "__init__.py")
    return path.read_text(encoding="utf-8") if path.exists() else ""


def lazy_packages() -> list[str]:
    """The packages whose names are imported on first use."""
    return [name for name in MODULES if "lazy_exports(__name__" in init_source(name)]


def test_the_walk_finds_the_modules() -> None:
    assert {"croupier", "croupier.cards", "croupier.poker", "croupier.parallel.local"} <= set(
        MODULES
    )
    assert set(lazy_packages()) == {"croupier.baccarat", "croupier.poker"}


@pytest.mark.parametrize("name", MODULES)
def test_every_name_of_all_resolves(name: str) -> None:
    module = importlib.import_module(name)
    exported = getattr(module, "__all__", None)
    if exported is None:
        return
    assert all(isinstance(item, str) for item in exported), name
    twice = sorted({item for item in exported if list(exported).count(item) > 1})
    assert twice == [], f"{name}.__all__ names these twice: {twice}"
    missing = [item for item in exported if not hasattr(module, item)]
    assert missing == [], f"{name}.__all__ names what it does not have: {missing}"


def fresh_namespaces(packages: list[str]) -> dict[str, list[str]]:
    """The names each package holds once imported, before any lazy name is asked for
    (in a fresh interpreter: the tests here have asked for them)."""
    script = (
        "import importlib, json, sys\n"
        "names = {p: sorted(vars(importlib.import_module(p))) for p in sys.argv[1:]}\n"
        "print(json.dumps(names))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script, *packages], capture_output=True, text=True, check=True
    )
    found: dict[str, list[str]] = json.loads(run.stdout)
    return found


def test_lazy_packages_list_exactly_their_eager_and_lazy_names() -> None:
    packages = lazy_packages()
    eager_namespaces = fresh_namespaces(packages)
    for name in packages:
        module: ModuleType = importlib.import_module(name)
        lazy = set(typing_imports(init_source(name)))
        eager = {
            item
            for item in eager_namespaces[name]
            if not item.startswith("_")
            and not isinstance(getattr(module, item), ModuleType)
            and item not in {"TYPE_CHECKING", "annotations", "lazy_exports"}
        }
        assert lazy.isdisjoint(eager), f"{name}: imported at once and lazily: {lazy & eager}"
        assert set(module.__all__) == eager | lazy, (
            f"{name}: __all__ misses {sorted((eager | lazy) - set(module.__all__))}, "
            f"names {sorted(set(module.__all__) - eager - lazy)} that it neither imports "
            "nor lists under TYPE_CHECKING"
        )
        assert set(module.__all__) <= set(dir(module))
