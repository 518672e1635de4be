"""Start-up: help and a command's parsing import no game code; the poker tables come from
a per-user cache checked by a hash. (Times are measured in benchmarks/startup.py.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from croupier.engine import compiled

HEAVY = ("numpy", "croupier.baccarat", "croupier.poker", "croupier.casino", "croupier.cards")


def imported_after(args: list[str]) -> set[str]:
    code = (
        "import sys\n"
        "from croupier.cli import main\n"
        f"sys.argv = ['croupier', *{args!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(run.stderr.split())


def bare_modules() -> set[str]:
    """The modules a bare program importing Typer and Rich's console has loaded."""
    code = "import sys, typer, rich.console; print(' '.join(sorted(sys.modules)))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(run.stdout.split())


def every_help() -> list[list[str]]:
    """``--help`` of the app, every group and every command, and ``--version``."""
    from .test_options import every_command

    return [["--help"], ["--version"]] + [[*path, "--help"] for path, _ in every_command()]


#: What a help screen never needs: game code, NumPy, worker processes, and the parts of
#: Typer and Rich that draw Markdown, code and tracebacks (croupier.cli.helptext draws help).
NOT_FOR_HELP = (
    *HEAVY,
    "croupier.parallel",
    "multiprocessing",
    "typer.rich_utils",
    "rich.markdown",
    "rich.syntax",
    "rich.traceback",
    "pygments",
)


@pytest.mark.parametrize("args", every_help(), ids=" ".join)
def test_help_imports_no_game_code(args: list[str]) -> None:
    modules = imported_after(args)
    assert not modules & set(NOT_FOR_HELP), sorted(modules & set(NOT_FOR_HELP))


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["baccarat", "--help"],
        ["poker", "compare", "--help"],
        ["baccarat", "odds"],
        # lists of texts: an argument of several (the ranges) and a repeatable option
        ["poker", "calc", "AhKh", "QsQd", "--board", "2c 7d 9h Ts 5s"],
        ["poker", "range", "AKs", "--board", "Ks 7d 2c", "--keep", "set"],
    ],
)
def test_options_are_parsed_without_pydantic(args: list[str]) -> None:
    assert not any(name.startswith("pydantic") for name in imported_after(args))


@pytest.mark.parametrize(
    "args",
    [
        ["poker", "calc", "AhKh", "QsQd", "--board", "2c 7d 9h Ts"],
        ["baccarat", "odds"],
    ],
)
def test_work_done_here_starts_no_worker_machinery(args: list[str]) -> None:
    """One process's work imports neither multiprocessing nor the process pools (nor
    the web or notebook stacks): they load where workers start. A fresh seed comes from
    the operating system without hashlib (and OpenSSL)."""
    modules = imported_after(args)
    heavy = (
        *("multiprocessing", "concurrent.futures.process", "hashlib"),
        *("pandas", "dask", "fastapi", "uvicorn", "jinja2"),
    )
    # NumPy 1 (pyproject.toml allows 1.26) imports hashlib itself, at `import numpy`
    excused = {"hashlib"} if int(np.__version__.split(".")[0]) < 2 else set()
    loaded = modules & set(heavy) - excused
    assert not loaded, sorted(loaded)


@pytest.mark.skipif(not compiled("poker"), reason="uncompiled, the turn runs the exact engine")
def test_a_small_exact_calc_imports_no_engine_it_does_not_run() -> None:
    """An exact answer on the turn is one kernel call (croupier.poker.calc.small): the
    engines of larger questions, their thread pools (concurrent.futures, and logging with
    them), the hand classes and the saved-range book load only where they are used."""
    modules = imported_after(["poker", "calc", "AhKh", "QsQd", "--board", "2c 7d 9h Ts"])
    unused = (
        *("croupier.poker.calc.exact", "croupier.poker.calc.sampling"),
        *("croupier.poker.calc.montecarlo", "croupier.poker.evaluation.classes"),
        *("croupier.poker.ranges.saved", "concurrent.futures", "logging"),
    )
    # what the bare Typer and Rich import is not croupier's doing (Rich before 15 imports
    # logging at `import rich.console`: CI's tests on the oldest Rich allowed)
    loaded = modules & set(unused) - bare_modules()
    assert "croupier.poker.calc.small" in modules
    assert not loaded, sorted(loaded)


def test_the_parallel_package_imports_no_process_machinery() -> None:
    code = "import sys, croupier.parallel; print('multiprocessing' in sys.modules)"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "False"


def test_the_poker_tables_are_cached_once_and_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from croupier.poker.evaluation import tables
    from croupier.poker.games import Game

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    built = tables._multiset_classes(Game.HOLDEM, 5)
    tables._classes_of_multisets.cache_clear()
    first = tables._classes_of_multisets(5)
    files = list((tmp_path / "croupier").glob("poker-holdem-ranks-5-*.npz"))
    assert len(files) == 1
    assert np.array_equal(first[0], built[0]) and np.array_equal(first[1], built[1])
    # A damaged cache is noticed by its hash and rebuilt.
    with np.load(files[0]) as stored:
        entries = {name: stored[name].copy() for name in stored.files}
    entries["classes"][0] ^= 1  # its stored hash no longer matches
    np.savez(files[0], **entries)
    assert tables._cached(5) is None
    tables._classes_of_multisets.cache_clear()
    again = tables._classes_of_multisets(5)
    assert np.array_equal(again[1], built[1])
    assert tables._cached(5) is not None  # rewritten whole
    tables._classes_of_multisets.cache_clear()
