"""``scripts/venv.sh``, which ``./croupier`` and ``./run-tests`` source: a first run says
what it installs and about how long it takes, instead of 1-2 minutes of silence.

The install is played with a stand-in ``.venv/bin/python`` (no network): the script is
copied beside a ``pyproject.toml`` into a scratch folder, as in a fresh clone.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _clone(tmp_path: Path) -> Path:
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "venv.sh", tmp_path / "scripts" / "venv.sh")
    for name in ("pyproject.toml", "setup.py"):  # what a change of reinstalls
        shutil.copy(ROOT / name, tmp_path / name)
    kernel = tmp_path / "src" / "croupier" / "poker" / "_kernels.py"
    kernel.parent.mkdir(parents=True)
    kernel.write_text("# a kernel's source\n", encoding="utf-8")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")  # pip install: done at once
    python.chmod(0o755)
    return tmp_path


def _ensure(root: Path, extras: str) -> subprocess.CompletedProcess[str]:
    command = f'set -euo pipefail; source scripts/venv.sh; croupier_ensure_venv "{extras}"'
    return subprocess.run(
        ["bash", "-c", command], cwd=root, capture_output=True, text=True, check=False
    )


def test_an_install_says_what_it_installs_and_how_long_it_takes(tmp_path: Path) -> None:
    root = _clone(tmp_path)
    run = _ensure(root, "web,cluster,plot")
    assert run.returncode == 0, run.stderr
    said = " ".join(run.stderr.split())
    assert "Installing croupier with NumPy, Typer and Rich" in said
    assert "FastAPI, uvicorn and Jinja2 (web); Dask (cluster); matplotlib (plot)" in said
    assert "compiling its engine: about 1-3 minutes on a first run" in said
    assert "Installed in " in said


def test_every_extra_of_the_launcher_is_named_by_what_it_brings(tmp_path: Path) -> None:
    """``./croupier`` installs web, cluster, plot and postgres; the note said 'postgres'
    bare, as if it were a library."""
    launcher = (ROOT / "croupier").read_text(encoding="utf-8")
    extras = launcher.split('croupier_ensure_venv "')[1].split('"')[0]
    run = _ensure(_clone(tmp_path), extras)
    said = " ".join(run.stderr.split())
    for extra in extras.split(","):
        assert f"({extra})" in said, (extra, said)


def test_a_second_run_is_silent(tmp_path: Path) -> None:
    root = _clone(tmp_path)
    assert _ensure(root, "web").returncode == 0
    again = _ensure(root, "web")
    assert again.returncode == 0 and again.stderr == ""


def test_a_failed_install_fails_and_stops_its_ticker(tmp_path: Path) -> None:
    root = _clone(tmp_path)
    (root / ".venv" / "bin" / "python").write_text("#!/bin/sh\nexit 3\n", encoding="utf-8")
    run = _ensure(root, "")
    assert run.returncode == 3
    assert "Installed in" not in run.stderr


def _with_engine_source(root: Path) -> Path:
    """The clone with croupier.engine's source, whose UNCOMPILED_COST the script quotes."""
    shutil.copy(ROOT / "src" / "croupier" / "engine.py", root / "src" / "croupier" / "engine.py")
    return root


def _ensure_with(root: Path, extras: str, **environment: str) -> subprocess.CompletedProcess[str]:
    command = f'set -euo pipefail; source scripts/venv.sh; croupier_ensure_venv "{extras}"'
    return subprocess.run(
        ["bash", "-c", command],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, **environment},
    )


def test_without_a_compiler_the_install_says_so_before_with_its_cost(tmp_path: Path) -> None:
    """Issue 35: the only sign that compiling failed was the last line of --version."""
    from croupier.engine import UNCOMPILED_COST

    root = _with_engine_source(_clone(tmp_path))
    run = _ensure_with(root, "web", CC="/bin/false", LDSHARED="/bin/false")
    assert run.returncode == 0, run.stderr
    said = " ".join(run.stderr.split())
    assert "WARNING: no working C compiler (tried: /bin/false)" in said
    assert "without compiling its engine" in said
    assert " ".join(UNCOMPILED_COST.split()) in said
    assert said.index("WARNING") < said.index("Installed in")


def test_a_python_without_its_headers_is_named(tmp_path: Path) -> None:
    root = _with_engine_source(_clone(tmp_path))
    compiler = tmp_path / "cc-without-python-h"
    compiler.write_text(  # compiles anything but a file that includes Python.h
        "#!/bin/sh\n"
        'for a in "$@"; do case "$a" in *.c) grep -q Python.h "$a" && exit 1 ;; esac; done\n'
    )
    compiler.chmod(0o755)
    run = _ensure_with(root, "", CC=str(compiler))
    said = " ".join(run.stderr.split())
    assert f"the C compiler ({compiler}) finds no Python.h" in said, said


@pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None, reason="no cc")
def test_with_a_compiler_nothing_is_said_of_one(tmp_path: Path) -> None:
    root = _with_engine_source(_clone(tmp_path))
    run = _ensure_with(root, "")
    assert run.returncode == 0, run.stderr
    assert "WARNING" not in run.stderr


def test_an_uncompiled_install_says_so_after(tmp_path: Path) -> None:
    """The install ends uncompiled (here a stand-in Python says so): the script warns and
    shows what croupier --version says."""
    root = _clone(tmp_path)
    python = root / ".venv" / "bin" / "python"
    python.write_text(
        "#!/bin/sh\n"
        'case "$*" in\n'
        "  *unbuilt*) exit 1 ;;\n"
        '  *--version*) echo "croupier 9.9"; echo "engine not compiled: no compiled kernels" ;;\n'
        "esac\n"
        "exit 0\n",
        encoding="utf-8",
    )
    run = _ensure(root, "")
    assert run.returncode == 0, run.stderr
    said = " ".join(run.stderr.split())
    assert "WARNING: croupier is installed WITHOUT its compiled engine" in said
    assert "engine not compiled: no compiled kernels" in said
