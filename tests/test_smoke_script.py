"""``scripts/smoke.py``, which CI runs in a fresh clone installed without a C compiler:
it must run every command of the app (found by walking the Typer app, so that a command
added later without a case fails here), and its options must be its commands' own."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from typer.testing import CliRunner

from croupier.cli import app

from .cli.test_options import every_command

ROOT = Path(__file__).resolve().parent.parent


def smoke() -> ModuleType:
    spec = importlib.util.spec_from_file_location("smoke", ROOT / "scripts" / "smoke.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["smoke"] = module
    spec.loader.exec_module(module)
    return module


def test_every_command_has_a_smoke_case(tmp_path: Path) -> None:
    covered = {case.words for case in smoke().cases(tmp_path)}
    commands = {words for words, _ in every_command()}
    assert commands - covered == set()
    assert () in covered  # the lobby


def test_every_case_names_options_its_command_has(tmp_path: Path) -> None:
    """Each case's options exist for its command (``--help`` after them: nothing runs,
    but an option the command does not have is refused)."""
    runner = CliRunner()
    for case in smoke().cases(tmp_path):
        if not case.words:
            continue
        result = runner.invoke(app, [*case.words, *case.arguments, "--help"])
        assert result.exit_code == 0, (case.words, result.output)


def test_the_script_runs_a_command_without_cython(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "smoke.py"), "--no-cython", "baccarat", "odds"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok     croupier baccarat odds --json" in done.stdout


def test_the_script_serves_and_stops_the_server_as_ctrl_c_does(tmp_path: Path) -> None:
    """The server's case: started, its lobby read, stopped by Ctrl-C, saying so (the
    script once expected exit code 0 where serve gives 130, and failed CI)."""
    module = smoke()
    (case,) = [case for case in module.cases(tmp_path) if case.words == ("serve",)]
    output = module.run(case, False, tmp_path)
    assert "croupier stopped." in output
