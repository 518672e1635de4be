"""Every benchmark script runs, at its smallest size, so that none can rot.

``benchmarks/casino_strategies.py`` crashed with a ``TypeError`` for a while (it passed a
``random.Random`` where the library takes a seed or a NumPy generator) and nothing
noticed: the scripts only ran by hand. Here each one runs with ``--tiny`` (every path at
the smallest size; its figures mean nothing) and must exit 0. A script whose peer
library is not installed is skipped, with the reason. The scripts run four at a time
while the tests wait on them one by one: the whole costs about the slowest script.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.slowness import patience

ROOT = Path(__file__).resolve().parent.parent
#: Programs a script starts as its peer (a server that runs until stopped): they run
#: inside that script's own run, not alone.
PEERS = {"bare_app.py": "web_load.py"}
#: The scripts (a module the scripts share, such as report.py, has no entry point).
SCRIPTS = sorted(
    path.name
    for path in (ROOT / "benchmarks").glob("*.py")
    if 'if __name__ == "__main__":' in path.read_text(encoding="utf-8") and path.name not in PEERS
)
#: The modules a script cannot run without (beyond croupier's test extra's own).
NEEDS: dict[str, tuple[str, ...]] = {
    "baccarat_advantage.py": ("distributed",),
    "interrupt.py": ("distributed",),
    "poker_ranges.py": ("eval7",),
    "web_load.py": ("fastapi", "uvicorn", "httpx2"),
}
#: Arguments beyond ``--tiny``.
EXTRA: dict[str, list[str]] = {"interrupt.py": ["--work"]}
#: Seconds a script may take at its smallest size on a quiet machine (scaled by the
#: machine's measured slowness when it starts: only a hang reaches it).
TIMEOUT = 300


def _missing(script: str) -> list[str]:
    return [name for name in NEEDS.get(script, ()) if importlib.util.find_spec(name) is None]


def _run(script: str, scratch: Path) -> subprocess.CompletedProcess[str]:
    extra = [*EXTRA.get(script, [])]
    if extra == ["--work"]:
        extra.append(str(scratch / script))
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), "--tiny", *extra],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=patience(TIMEOUT),
        check=False,
    )


@pytest.fixture(scope="module")
def runs() -> Iterator[dict[str, Future[subprocess.CompletedProcess[str]]]]:
    """Every runnable script, started a few at a time."""
    with tempfile.TemporaryDirectory() as folder, ThreadPoolExecutor(max_workers=4) as pool:
        yield {
            script: pool.submit(_run, script, Path(folder))
            for script in SCRIPTS
            if not _missing(script)
        }


def test_every_script_has_a_tiny_size() -> None:
    assert "casino_strategies.py" in SCRIPTS and len(SCRIPTS) >= 15
    for script in SCRIPTS:
        assert "--tiny" in (ROOT / "benchmarks" / script).read_text(encoding="utf-8"), script


@pytest.mark.parametrize("script", SCRIPTS)
def test_the_script_runs_at_its_smallest_size(
    script: str, runs: dict[str, Future[subprocess.CompletedProcess[str]]]
) -> None:
    missing = _missing(script)
    if missing:
        pytest.skip(f"{script} needs {', '.join(missing)}, not installed here")
    done = runs[script].result()
    assert done.returncode == 0, f"{script}: exit {done.returncode}\n{done.stderr[-3000:]}"
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    assert done.stdout.strip(), f"{script} printed nothing"


@pytest.mark.parametrize(("peer", "runner"), sorted(PEERS.items()))
def test_a_peer_program_is_started_by_a_script_the_suite_runs(peer: str, runner: str) -> None:
    assert runner in SCRIPTS
    assert Path(peer).stem in (ROOT / "benchmarks" / runner).read_text(encoding="utf-8")


def test_the_uncompiled_monte_carlo_is_timed_beside_eval7() -> None:
    """``uncompiled.py --eval7``: the library's Monte Carlo run uncompiled (its child says
    so) beside eval7, a row for each question."""
    pytest.importorskip("eval7")
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "uncompiled.py"), "--eval7", "--tiny"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=patience(TIMEOUT),
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "engine compiled: False" in done.stdout
    assert done.stdout.count("| AhKh vs ") == 2, done.stdout
