"""croupier.cythonshim: the kernels' sources run where Cython cannot be imported (an
install without a C compiler has no Cython: it is a build tool), with the same answers as
under Cython's own pure-Python module.

Issue 35: installed without a compiler, ``poker calc AhKh QsQd --trials 100000`` failed with
``No module named 'cython'``. The tests make Cython unimportable in a child process
(``sys.modules["cython"] = None``) and run the uncompiled paths there."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import croupier
from croupier import cythonshim, engine

from .untyped import untyped

ROOT = Path(croupier.__file__).parent
BLOCK = "import sys; sys.modules['cython'] = None\n"


def python(code: str, *, block: bool, timeout: float = 600) -> str:
    """Run ``code`` in a child Python with the kernels' sources in use (CROUPIER_PURE),
    Cython unimportable when ``block``; its standard output."""
    done = subprocess.run(
        [sys.executable, "-c", (BLOCK if block else "") + code],
        env={**os.environ, engine.PURE_VARIABLE: "1"},
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_every_kernel_runs_its_doctests_without_cython() -> None:
    code = (
        "import doctest\n"
        "from croupier import engine, cythonshim\n"
        "for game in engine.KERNELS:\n"
        "    module = engine.kernels(game)\n"
        "    result = doctest.testmod(module)\n"
        "    import cython\n"
        "    print(game, result.failed, module.cython is cythonshim, cython is cythonshim)\n"
    )
    lines = python(code, block=True).splitlines()
    assert lines == [f"{game} 0 True True" for game in engine.KERNELS]


def test_with_cython_installed_the_shim_stays_out() -> None:
    code = (
        "from croupier import engine, cythonshim\n"
        "import cython\n"
        "engine.kernels('poker')\n"
        "print(cythonshim.install(), cythonshim.installed(), cython.__name__)\n"
    )
    assert python(code, block=False).split() == ["False", "False", "cython"]


@pytest.mark.parametrize(
    "words",
    [
        ["poker", "calc", "AhKh", "QsQd", "--trials", "20000", "--seed", "1", "--json"],
        ["poker", "calc", "AhKh", "random", "random", "--trials", "20000", "--seed", "2", "--json"],
        ["poker", "calc", "AhKh", "QQ+", "--board", "2c 7d 9h", "--json"],
        ["baccarat", "perfect", "--bet", "dragon-7", "--shoes", "20", "--seed", "3", "--json"],
    ],
)
def test_commands_give_the_same_answers_without_cython(words: list[str]) -> None:
    """The NumPy paths and the kernel functions they call, with Cython made unimportable,
    answer exactly as with Cython's own pure-Python module (the same seed, the same
    deals)."""
    code = f"import sys; sys.argv = ['croupier', *{words!r}]\nfrom croupier.cli import main\nmain()"
    without, with_cython = python(code, block=True), python(code, block=False)
    assert _answers(without) == _answers(with_cython)


def _answers(output: str) -> object:
    """The JSON answer, without its timings."""
    data = json.loads(output)
    if isinstance(data, dict):
        data.pop("seconds", None)
        data.pop("elapsed", None)
    return data


def _shadow() -> Any:
    return untyped(pytest.importorskip("Cython.Shadow"))


@pytest.mark.parametrize(
    ("kind", "value"),
    [
        ("int", 2.7),
        ("int", -3.9),
        ("longlong", True),
        ("ulonglong", 2**70),
        ("uchar", 300),
        ("double", 3),
        ("double", 2**80),
        ("bint", 5),
        ("bint", 0.0),
        ("Py_ssize_t", 7.0),
    ],
)
def test_casts_and_declarations_are_cythons_own(kind: str, value: object) -> None:
    """What ``cython.cast`` and ``cython.declare`` make of a value, compared with
    Cython's own module (the uncompiled kernels' arithmetic depends on it)."""
    shadow = _shadow()
    mine_type, theirs_type = getattr(cythonshim, kind), getattr(shadow, kind)
    mine, theirs = cythonshim.cast(mine_type, value), shadow.cast(theirs_type, value)
    assert (type(mine), mine) == (type(theirs), theirs)
    declared = cythonshim.declare(mine_type, value)
    assert (type(declared), declared) == (type(shadow.declare(theirs_type, value)), theirs)


def test_arrays_views_and_classes_as_cython_has_them() -> None:
    shadow = _shadow()
    data = [1, 2, 3]
    for module in (cythonshim, shadow):
        view = module.declare(module.const[module.longlong][:, ::1], data)
        assert view is data
        assert module.declare(module.double[::1]) is None
        array = module.declare(module.longlong[4])
        array[1] = 2.0
        assert len(array._items if module is shadow else array) == 4
        assert type(array[1]) is int
        assert module.cast(dict, None) is None
        assert module.cast(list, (1,)) == [1]


def test_every_name_the_kernels_use_is_in_the_shim() -> None:
    """Every ``cython.NAME`` (and ``cython.cimports`` import) of the kernels' sources,
    found by reading them: a kernel that starts using another name fails here first."""
    sources = [*ROOT.rglob("_kernels*.py"), *ROOT.rglob("*.pxd")]
    used = set()
    for path in sources:
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r"\bcython\.([A-Za-z_]\w*)", text))
        for found in (path.with_suffix(".py"),) if path.suffix == ".pxd" else ():
            if found.is_file():
                used |= set(re.findall(r"\bcython\.([A-Za-z_]\w*)", found.read_text("utf-8")))
    assert used
    missing = sorted(name for name in used if name != "cimports" and not hasattr(cythonshim, name))
    assert missing == []


def test_cimports_of_a_c_library_and_of_a_module() -> None:
    code = (
        "from croupier import cythonshim\n"
        "cythonshim.install()\n"
        "from cython.cimports.libc.math import erf, sqrt\n"
        "from cython.cimports.croupier.numerals import plural\n"
        "import cython.cimports.libc.math as cmath\n"
        "import math, croupier.numerals\n"
        "print(erf is math.erf, sqrt(4.0), plural is croupier.numerals.plural, cmath.pi)\n"
    )
    assert python(code, block=True).split() == ["True", "2.0", "True", str(__import__("math").pi)]
