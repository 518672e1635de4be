"""The Typer patches apply on the tested Typer versions only; elsewhere Typer is stock."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import typer

from croupier.cli import console, typerpatch

from ..slowness import patience

ROOT = Path(__file__).parents[2]


def test_the_installed_typer_is_a_tested_version() -> None:
    assert typerpatch.tested_version(typer.__version__), (
        f"Typer {typer.__version__} is outside the range croupier's patches were tested with "
        f"({typerpatch.TESTED}): check src/croupier/cli/typerpatch.py against it, then widen "
        "TESTED and the pin in pyproject.toml"
    )
    assert console.CroupierGroup is not None
    assert typerpatch.installed()


def test_pyproject_pins_the_tested_range() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (pin,) = [d for d in project["project"]["dependencies"] if d.startswith("typer")]
    (low_major, low_minor), (high_major, high_minor) = typerpatch.TESTED
    assert pin == f"typer>={low_major}.{low_minor},<{high_major}.{high_minor}"


def run_python(code: str) -> str:
    """Run ``code`` in a fresh interpreter where ``typerpatch`` is the module alone (loaded
    from its file: importing ``croupier.cli`` would install the patches first)."""
    load = (
        "import importlib.util\n"
        f"spec = importlib.util.spec_from_file_location('typerpatch', {typerpatch.__file__!r})\n"
        "typerpatch = importlib.util.module_from_spec(spec)\n"
        "spec.loader.exec_module(typerpatch)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", load + code],
        capture_output=True,
        text=True,
        check=True,
        timeout=patience(60),
    )
    return done.stdout.strip()


def test_an_untested_version_leaves_typer_stock() -> None:
    code = (
        "import typer.core\n"
        "before = typer.core.TyperOption.display_type_rich\n"
        "print(typerpatch.install('0.99.0'), typerpatch.installed(),"
        " typer.core.TyperOption.display_type_rich is before)\n"
    )
    assert run_python(code) == "False False True"


def test_a_tested_version_patches_once() -> None:
    code = (
        "import typer.core\n"
        "before = typer.core.TyperOption.display_type_rich\n"
        "first = typerpatch.install('0.29.0')\n"
        "patched = typer.core.TyperOption.display_type_rich\n"
        "print(first, typerpatch.install('0.29.0'), patched is not before,"
        " typer.core.TyperOption.display_type_rich is patched)\n"
    )
    assert run_python(code) == "True True True True"


LISTS = """
import sys, typer, typer.main
from typing import Annotated
app = typer.Typer()
@app.command()
def f(
    ranges: Annotated[list[str], typer.Argument()],
    keep: Annotated[list[str] | None, typer.Option()] = None,
    drop: Annotated[list[str], typer.Option()] = [],
    env: Annotated[list[str] | None, typer.Option(envvar="CROUPIER_TEST_LIST")] = None,
):
    print(repr(ranges), repr(keep), repr(drop), repr(env))
command = typer.main.get_command(app)
for argv in (["a", "b"], ["a", "--keep", "x", "--keep", "", "--drop", "z"], []):
    try:
        command.main(argv, standalone_mode=False)
    except Exception as error:
        print(type(error).__name__, error)
"""


def test_lists_of_texts_parse_as_typer_parses_them_without_pydantic() -> None:
    stock = run_python(LISTS)
    patched = run_python("typerpatch.install()\n" + LISTS + "print('pydantic' in sys.modules)")
    assert patched.splitlines()[:-1] == stock.splitlines()
    assert "['a', 'b'] None [] None" in stock and "MissingParameter" in stock
    # only the missing argument's message (Typer's own) loads Pydantic
    assert patched.splitlines()[-1] == "True"
    given = LISTS.replace(", []):", "):")  # every argument given
    patched = run_python("typerpatch.install()\n" + given + "print('pydantic' in sys.modules)")
    assert patched.splitlines()[-1] == "False"
