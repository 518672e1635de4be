"""The import graph of src/croupier has no circle, and its arrows point down the floors
of docs/development.md: the front ends (cli above web) over the games, the games over the
shared modules, a game never importing another, a kernel importing nothing of croupier
but the helpers every kernel shares (``croupier._kernel_helpers``, which it cimports).

Every import counts: at the top of a module, inside a function, and under
``TYPE_CHECKING``. An import of ``package.module`` is an edge to that module (and
``from package import name`` an edge to ``package.name`` when that is a module, else to
the package); the implicit import of parent packages is not an edge.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import croupier

ROOT = Path(croupier.__file__).parent
#: Where a compiled kernel's cimports of croupier's declarations are, as Python sees them.
CIMPORTS = "cython.cimports."
#: The helpers every kernel shares (declared in its ``.pxd``): the one croupier module a
#: kernel imports.
KERNEL_HELPERS = "croupier._kernel_helpers"


def module_names() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its ``__init__``)."""
    names: dict[str, Path] = {}
    for path in ROOT.rglob("*.py"):
        parts = ("croupier", *path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> Iterator[str]:
    """The croupier modules that ``name`` imports, anywhere in its source."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in modules:
                    yield alias.name
        elif isinstance(node, ast.ImportFrom):
            # a kernel's cimport (cython.cimports.croupier.X) is an edge to croupier.X
            base = (node.module or "").removeprefix(CIMPORTS)
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                child = f"{base}.{alias.name}"
                if child in modules:
                    yield child
                elif base in modules:
                    yield base


def import_graph() -> dict[str, set[str]]:
    modules = module_names()
    return {
        name: {target for target in imports_of(name, path, modules) if target != name}
        for name, path in modules.items()
    }


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_walk_sees_the_imports_inside_functions_and_type_checking() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]
    assert import_graph()["croupier.casino.state"] >= {
        "croupier.casino.rules",
        "croupier.casino.pieces",
    }


def test_no_import_circle_in_croupier() -> None:
    assert circles(import_graph()) == []


def test_the_casino_modules_import_only_those_the_package_docstring_lists_above_them() -> None:
    import croupier.casino

    order = re.findall(r":mod:`~(croupier\.casino\.\w+)`", croupier.casino.__doc__ or "")
    assert order[:3] == [
        "croupier.casino.values",
        "croupier.casino.errors",
        "croupier.casino.notation",
    ]
    rank = {name: i for i, name in enumerate(order)}
    graph = import_graph()

    def place(module: str) -> int:
        for name, i in rank.items():
            if module == name or module.startswith(name + "."):
                return i
        raise AssertionError(f"{module} is not in the reading order")

    for module, targets in graph.items():
        if not module.startswith("croupier.casino.") or module == "croupier.casino":
            continue
        for target in targets:
            if target.startswith("croupier.casino.") and target != "croupier.casino":
                assert place(target) <= place(module), f"{module} imports {target}, listed below it"


def private_imports() -> list[str]:
    """Every ``from croupier.x import _name`` in the sources, where ``_name`` is not a
    module (a private kernel module such as ``_kernels`` is imported by name)."""
    modules = module_names()
    found = []
    for name, path in sorted(modules.items()):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or node.level or node.module is None:
                continue
            for alias in node.names:
                private = alias.name.startswith("_") and not alias.name.startswith("__")
                if private and f"{node.module}.{alias.name}" not in modules:
                    found.append(f"{name} imports {alias.name} from {node.module}")
    return found


def test_no_module_imports_another_s_private_names() -> None:
    """A helper two modules share is public where it lives (``croupier.parallel``'s
    ``start_worker`` and ``stop_pool``, which the web app's worker pool uses too)."""
    assert private_imports() == []


#: The floors, top first: a module imports only modules on its own floor or below (the
#: package of a module names its floor). ``cli`` sits above ``web`` (``croupier serve``
#: starts the web app; the web app never imports the command line).
FLOORS: list[set[str]] = [
    {"__main__"},
    {"cli"},
    {"web"},
    {"baccarat", "poker", "casino"},
]
#: The games: on one floor, and none imports another.
GAMES = {"baccarat", "poker", "casino"}


def floor_of(module: str) -> int:
    """The floor of ``module`` (0 at the top); every other module is a shared one, on the
    bottom floor."""
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else ""
    for number, floor in enumerate(FLOORS):
        if top in floor:
            return number
    return len(FLOORS)


def floor_breaches(graph: dict[str, set[str]]) -> list[str]:
    """Every import that points up a floor, or from one game to another, or out of a
    compiled kernel into croupier."""
    found = []
    for module, targets in sorted(graph.items()):
        for target in sorted(targets):
            if floor_of(target) < floor_of(module):
                found.append(f"{module} imports {target}, on a floor above it")
            game, other = module.split(".")[1:2], target.split(".")[1:2]
            if game and other and game != other and set(game + other) <= GAMES:
                found.append(f"{module} imports {target}, another game")
            kernel = module.rpartition(".")[2].startswith("_kernel")
            if kernel and target != KERNEL_HELPERS:
                found.append(
                    f"{module} imports {target}: a kernel imports only NumPy and the "
                    "kernels' helpers"
                )
    return found


def test_the_floors_are_checked_as_they_should_be() -> None:
    graph = {
        "croupier.cards": {"croupier.poker.hand"},  # a shared module up to a game
        "croupier.poker.hand": {"croupier.casino.state", "croupier.cards"},  # another game
        "croupier.web.app": {"croupier.cli.serve", "croupier.poker.hand"},  # web up to cli
        "croupier.cli.serve": {"croupier.web.app"},  # fine: down a floor
        "croupier.poker._kernels": {"croupier.errors", KERNEL_HELPERS},
        KERNEL_HELPERS: {"croupier.cards"},
    }
    assert floor_breaches(graph) == [
        "croupier._kernel_helpers imports croupier.cards: a kernel imports only NumPy and "
        "the kernels' helpers",
        "croupier.cards imports croupier.poker.hand, on a floor above it",
        "croupier.poker._kernels imports croupier.errors: a kernel imports only NumPy and the "
        "kernels' helpers",
        "croupier.poker.hand imports croupier.casino.state, another game",
        "croupier.web.app imports croupier.cli.serve, on a floor above it",
    ]


def test_every_arrow_points_down_the_floors() -> None:
    assert floor_breaches(import_graph()) == []
