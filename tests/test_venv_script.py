"""``scripts/venv.sh``, which ``./croupier`` and ``./run-tests`` source: a first run says
what it installs and about how long it takes, instead of 1-2 minutes of silence.

The install is played with a stand-in ``.venv/bin/python`` (no network): the script is
copied beside a ``pyproject.toml`` into a scratch folder, as in a fresh clone.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
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
    python.write_text(  # pip install: done at once; a script on stdin: run by Python
        f'#!/bin/sh\n[ "$1" = - ] && exec {sys.executable} "$@"\nexit 0\n', encoding="utf-8"
    )
    python.chmod(0o755)
    return tmp_path


def _ensure(root: Path, extras: str) -> subprocess.CompletedProcess[str]:
    return _shell(root, f'croupier_ensure_venv "{extras}"')


def test_an_install_says_what_it_installs_and_how_long_it_takes(tmp_path: Path) -> None:
    root = _clone(tmp_path)
    run = _ensure(root, "web,cluster,plot")
    assert run.returncode == 0, run.stderr
    said = " ".join(run.stderr.split())
    assert "Installing croupier with NumPy, Typer and Rich" in said
    assert "FastAPI, uvicorn and Jinja2 (web); Dask (cluster); matplotlib (plot)" in said
    assert "compiling its engine: about 1-3 minutes on a first run" in said
    assert "a few seconds" not in said  # a reinstall takes minutes too: only runs after skip
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


def test_the_docs_after_the_dev_extras_install_nothing(tmp_path: Path) -> None:
    """``./build-docs`` after ``./run-tests``: the ``dev`` install brings ``docs`` (and
    ``test`` brings ``plot``), so nothing is installed again; ``docs`` does not bring
    ``web``, so that install runs."""
    root = _clone(tmp_path)
    assert _ensure(root, "dev").returncode == 0
    for covered in ("docs", "test", "plot", "web,plot", ""):
        again = _ensure(root, covered)
        assert again.returncode == 0 and again.stderr == "", (covered, again.stderr)
    assert _ensure(root, "docs").stderr == ""
    (tmp_path / "other").mkdir()
    fresh = _clone(tmp_path / "other")
    assert _ensure(fresh, "docs").returncode == 0
    more = _ensure(fresh, "web")
    said = " ".join(more.stderr.split())
    assert "Updating" in said and "about 1-3 minutes again (runs after that install" in said


def test_a_changed_pyproject_installs_again_whatever_was_installed(tmp_path: Path) -> None:
    root = _clone(tmp_path)
    assert _ensure(root, "dev").returncode == 0
    with (root / "pyproject.toml").open("a", encoding="utf-8") as out:
        out.write("# changed\n")
    assert "Updating" in _ensure(root, "docs").stderr


def _with_engine_source(root: Path) -> Path:
    """The clone with croupier.engine's source, whose UNCOMPILED_COST the script quotes."""
    shutil.copy(ROOT / "src" / "croupier" / "engine.py", root / "src" / "croupier" / "engine.py")
    return root


def _ensure_with(root: Path, extras: str, **environment: str) -> subprocess.CompletedProcess[str]:
    return _shell(root, f'croupier_ensure_venv "{extras}"', **environment)


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


#: What the suite's own run sets that would point the script elsewhere: CI runs the suite
#: again on its newest Python with CROUPIER_VENV=.venv-3.N and PYTHON set.
_OUTER = ("CROUPIER_VENV", "PYTHON")


def _shell(root: Path, line: str, **environment: str) -> subprocess.CompletedProcess[str]:
    """``line`` run in bash after sourcing the clone's venv.sh, in this environment less
    :data:`_OUTER`, plus ``environment``."""
    inherited = {name: value for name, value in os.environ.items() if name not in _OUTER}
    return subprocess.run(
        ["bash", "-c", f"set -euo pipefail; source scripts/venv.sh; {line}"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
        env={**inherited, **environment},
    )


def test_ci_knows_the_oldest_and_newest_python_claimed(tmp_path: Path) -> None:
    """CI runs the suite on both (issue 36: it ran 3.11 only, and 3.13 failed 4 tests)."""
    root = _clone(tmp_path)
    claimed = _shell(root, "croupier_claimed_pythons .").stdout.split()
    assert (
        claimed[0] == "3.11"
        and claimed[-1] == "3.13"
        and claimed == sorted(claimed, key=lambda version: int(version.split(".")[1]))
    )
    this = f"{sys.version_info[0]}.{sys.version_info[1]}"
    path = os.pathsep.join([str(Path(sys.executable).parent), "/usr/bin", "/bin"])
    found = _shell(root, f"croupier_python_of {this}", PATH=path)
    assert found.returncode == 0 and found.stdout.strip()
    assert _shell(root, "croupier_python_of 3.99").returncode == 1


def test_a_second_venv_has_a_folder_of_its_own(tmp_path: Path) -> None:
    root = _clone(tmp_path)
    other = root / ".venv-3.99" / "bin" / "python"
    other.parent.mkdir(parents=True)
    shutil.copy(root / ".venv" / "bin" / "python", other)
    run = _shell(root, 'croupier_ensure_venv "web"', CROUPIER_VENV=".venv-3.99")
    assert run.returncode == 0, run.stderr
    assert (root / ".venv-3.99" / ".croupier-installed").exists()
    assert not (root / ".venv" / ".croupier-installed").exists()


def test_ci_reads_every_dependency_s_lower_bound_as_a_pip_constraint(tmp_path: Path) -> None:
    """CI's tests on the oldest version of every dependency install each by these
    constraints (NumPy 1.26 broke two things the newest never showed, Rich before 14.3 the
    prompts), one a line in pyproject's order; a dependency without a lower bound is named
    and stops it."""
    root = _clone(tmp_path)
    project = root / "pyproject.toml"
    project.write_text(
        '[project]\nname = "x"\ndependencies = ["NumPy >= 1.26", "typer>=0.29,<0.30",'
        ' "psycopg[binary]>=3.1.8"]\n',
        encoding="utf-8",
    )
    python = sys.executable
    run = _shell(root, f"croupier_floor_constraints . {python}")
    assert run.returncode == 0, run.stderr
    assert run.stdout == "NumPy==1.26.*\ntyper==0.29.*\npsycopg==3.1.8.*\n"
    project.write_text(
        '[project]\nname = "x"\ndependencies = ["numpy>=1.26", "h11<1"]\n', encoding="utf-8"
    )
    run = _shell(root, f"croupier_floor_constraints . {python}")
    assert run.returncode == 1
    assert "'h11<1'" in run.stderr and "no lower bound" in run.stderr
    project.write_text(
        '[project]\nname = "x"\ndependencies = ["tomli>=2 ; python_version < \'3.11\'"]\n',
        encoding="utf-8",
    )
    run = _shell(root, f"croupier_floor_constraints . {python}")
    assert run.returncode == 1 and "an environment marker" in run.stderr
    shipped = _shell(ROOT, f"croupier_floor_constraints . {python}")
    assert shipped.returncode == 0, shipped.stderr
    pins = shipped.stdout.splitlines()
    assert pins and all("==" in pin and pin.endswith(".*") for pin in pins)
    assert {pin.split("==")[0] for pin in pins} >= {"numpy", "typer", "rich", "platformdirs"}
