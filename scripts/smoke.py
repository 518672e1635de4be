"""Every croupier command run once, briefly, by the Python that runs this script: what CI
runs in a fresh clone installed without a C compiler, and anyone can run in any install.

    .venv/bin/python scripts/smoke.py              # every command, this install
    .venv/bin/python scripts/smoke.py --no-cython  # and with Cython made unimportable
    .venv/bin/python scripts/smoke.py poker        # the commands whose words start so

Each command runs in a new process with its input given (the interactive ones play a
little and stop at the end of their input), with a time limit; it must end with exit code
0 and print what it is expected to. ``croupier serve`` is started on a free port, its
lobby read, and stopped by Ctrl-C, after which it must say it stopped and end with 130
(as every command stopped by Ctrl-C does) or 0: one CI run of the uncompiled install saw
0, which no other run (nor ``tests/cli/test_serve.py``, which requires 130) has
reproduced; until that is understood the smoke test, which is about every command
running without a compiler, takes either. Files written (saves, histories, saved ranges, the web
store) go to a scratch folder; the user's table cache is used as it is. ``--no-cython`` runs every
command with ``sys.modules["cython"] = None`` (so ``import cython`` fails, as where only
the run-time dependencies are installed): no command may need Cython to run.
``tests/test_smoke_script.py`` checks that every command of the app has its case here.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

INTERRUPTED = 130  # the exit code of a command stopped by Ctrl-C
#: What ``croupier serve`` may end with after Ctrl-C here (see the module's notes).
SERVE_STOPPED = frozenset({INTERRUPTED, 0})

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"

#: Runs croupier's command line in this Python, Cython made unimportable first.
WITHOUT_CYTHON = (
    "import sys; sys.modules['cython'] = None; sys.argv[0] = 'croupier'; "
    "from croupier.cli import main; main()"
)


@dataclass(frozen=True)
class Case:
    """One command run: its words, its arguments, its input and what it must print."""

    words: tuple[str, ...]
    arguments: tuple[str, ...] = ()
    stdin: str = ""
    expect: str = ""
    #: Seconds it may take (uncompiled, on a slow machine).
    limit: float = 300.0


def cases(scratch: Path) -> list[Case]:
    """One case per command (and a few more for the paths that differ)."""
    game = str(EXAMPLES / "game.txt")
    hands = scratch / "hands.txt"
    hands.write_text("As Ks Qs Js 9d 2c 3h ; Ah Kh 8c 8d 2s 3c 4d\n", encoding="utf-8")
    log = str(scratch / "game.log")  # written by casino play, reviewed by casino review
    return [
        Case((), stdin="q\n", expect="pick a game"),
        Case(("baccarat", "play"), ("--seed", "1", "--roads", "off"), "b 10\n", "You leave"),
        Case(("baccarat", "odds"), ("--json",), expect='"banker"'),
        Case(("baccarat", "eor"), (), expect="Rank"),
        Case(("baccarat", "simulate"), ("--shoes", "50", "--seed", "1", "--workers", "1")),
        Case(
            ("baccarat", "count"),
            (
                "--bet",
                "dragon-7",
                "--tags",
                "0,0,0,0,-1,-1,-1,-1,2,2",
                "--threshold",
                "4",
                "--shoes",
                "40",
                "--seed",
                "1",
                "--workers",
                "1",
            ),
            expect="shoes",
        ),
        Case(
            ("baccarat", "trainer"),
            (
                "--seed",
                "1",
                "--speed",
                "0",
                "--cards",
                "12",
                "--every",
                "6",
                "--history-dir",
                str(scratch / "trainer"),
            ),
            stdin="3\n5\n",
            expect="Session summary",
        ),
        Case(
            ("baccarat", "perfect"),
            ("--bet", "dragon-7", "--shoes", "40", "--seed", "1", "--workers", "1"),
            expect="shoes",
        ),
        Case(("poker", "compare"), (str(hands),), expect="wins"),
        Case(("poker", "equity"), (str(EXAMPLES / "aks-qq.txt"), "2000", "--seed", "1")),
        # the two calculations of issue 35 that needed Cython where nothing was compiled
        Case(("poker", "calc"), ("AhKh", "QsQd", "--trials", "100000", "--seed", "1"), "QsQd"),
        Case(("poker", "calc"), ("AhKh", "random", "random", "--seed", "1"), expect="random"),
        Case(("poker", "calc"), ("AhKh", "QQ+", "--board", "2c 7d 9h"), expect="Exact"),
        Case(("poker", "calc"), ("AsKsQhJh", "random", "--game", "omaha", "--seed", "1")),
        Case(
            ("poker", "calc"),
            ("AsAhKsKh", "QdQcJdTc", "--game", "omaha", "--board", "2c 7d 9h", "--next"),
            expect="Each turn card",
        ),
        Case(("poker", "hits"), ("AKs, TT+", "--board", "Ks 7d 2c"), expect="pair"),
        Case(("poker", "hits"), ("AA:xxyy", "--flops", "--game", "omaha"), expect="top set"),
        Case(
            ("poker", "hits"),
            ("AKs", "--flops", "--texture", "monotone", "--high", "A"),
            expect="(264 flops)",
        ),
        Case(("poker", "range"), ("AA:$ds", "--game", "omaha"), expect="Hands:"),
        # the named ranges, in order: saved, used by name, exported, imported, deleted
        Case(("poker", "ranges", "save"), ("btn", "@open-6max-btn, 22@0"), expect="@btn"),
        Case(("poker", "ranges", "list"), ("--saved",), expect="@btn"),
        Case(("poker", "ranges", "show"), ("btn",), expect="76s, 22@0"),
        Case(("poker", "ranges", "show"), ("top15", "--game", "omaha", "--json"), "15%"),
        Case(("poker", "range"), ("@open-6max-btn",), expect="Hands: 574"),
        Case(("poker", "ranges", "export"), (str(scratch / "ranges.txt"),), expect="1 range"),
        Case(("poker", "ranges", "delete"), ("btn",), expect="Deleted @btn"),
        Case(("poker", "ranges", "import"), (str(scratch / "ranges.txt"),), expect="1 range"),
        Case(
            ("poker", "range"),
            (
                "QQ+, AK",
                "--board",
                "Ks 7d 2c",
                "--keep",
                "set",
                "--keep",
                "top pair, good kicker",
                "--drop",
                "quads",
            ),
            expect="Range now: KK, AK",
        ),
        Case(
            ("casino", "play"),
            ("--seed", "1", "--deadline", "0.2", "--no-review", "--log", log),
            stdin="1\nheads\np\np\n",
            expect="The computer plays",
        ),
        Case(("casino", "hint"), (game, "--deadline", "0.2"), expect="move"),
        Case(
            ("casino", "arena"),
            ("--tournaments", "1", "--seed", "1", "--deadline", "0.02", "--workers", "1"),
        ),
        Case(("casino", "show"), (game,), expect="Score"),
        Case(("casino", "moves"), (game,), expect="capture"),
        Case(
            ("casino", "puzzle"),
            ("--seed", "1", "--history", str(scratch / "puzzles.json")),
            stdin="\n",
        ),
        Case(("casino", "review"), (log,), expect="Round"),
        Case(("serve",), ("--port", "0", "--no-save"), expect="croupier stopped."),
    ]


def command(case: Case, no_cython: bool) -> list[str]:
    """The command line of ``case`` in this Python."""
    start = ["-c", WITHOUT_CYTHON] if no_cython else ["-m", "croupier"]
    return [sys.executable, *start, *case.words, *case.arguments]


def environment(scratch: Path) -> dict[str, str]:
    """Where the commands keep their state: the scratch folder, never the user's."""
    return {
        **os.environ,
        "XDG_STATE_HOME": str(scratch / "state"),
        "XDG_DATA_HOME": str(scratch / "data"),
        "CROUPIER_STATE_DIR": str(scratch / "web"),
        "COLUMNS": "100",
        "PYTHONUNBUFFERED": "1",
    }


def run(case: Case, no_cython: bool, scratch: Path) -> str:
    """Run ``case``; its output, or an error saying what went wrong."""
    if case.words == ("serve",):
        return serve(case, no_cython, scratch)
    done = subprocess.run(
        command(case, no_cython),
        input=case.stdin,
        capture_output=True,
        text=True,
        timeout=case.limit,
        env=environment(scratch),
        cwd=scratch,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(
            f"exit code {done.returncode}\n{done.stdout[-2000:]}{done.stderr[-4000:]}"
        )
    if case.expect not in done.stdout:
        raise RuntimeError(f"{case.expect!r} not in its output:\n{done.stdout[-2000:]}")
    return done.stdout


def serve(case: Case, no_cython: bool, scratch: Path) -> str:
    """Start ``croupier serve``, read its lobby page, stop it with Ctrl-C."""
    process = subprocess.Popen(
        command(case, no_cython),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=environment(scratch),
        cwd=scratch,
    )
    assert process.stdout is not None
    lines = []
    try:
        deadline = time.monotonic() + case.limit
        url = None
        while url is None and time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            lines.append(line)
            found = re.search(r"serving at (http://\S+)", line)
            url = found.group(1) if found else None
        if url is None:
            raise RuntimeError("no 'serving at' line:\n" + "".join(lines))
        with urllib.request.urlopen(url, timeout=60) as answer:
            page = answer.read().decode("utf-8")
        if "croupier" not in page.lower():
            raise RuntimeError(f"the lobby at {url} does not name croupier")
        process.send_signal(signal.SIGINT)
        rest, _ = process.communicate(timeout=60)
        lines.append(rest)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    output = "".join(lines)
    if process.returncode not in SERVE_STOPPED or case.expect not in output:
        raise RuntimeError(f"exit code {process.returncode}\n{output[-2000:]}")
    return output


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-cython", action="store_true", help="make Cython unimportable")
    parser.add_argument("prefix", nargs="*", help="only the commands whose words start so")
    args = parser.parse_args()
    from croupier.engine import status

    print(f"croupier's engine: {status()}", flush=True)
    failed = 0
    with tempfile.TemporaryDirectory(prefix="croupier-smoke-") as folder:
        scratch = Path(folder)
        for case in cases(scratch):
            if tuple(case.words[: len(args.prefix)]) != tuple(args.prefix):
                continue
            shown = " ".join(["croupier", *case.words, *case.arguments])
            started = time.perf_counter()
            try:
                run(case, args.no_cython, scratch)
            except (RuntimeError, subprocess.TimeoutExpired, OSError) as error:
                failed += 1
                print(f"FAILED {shown}: {error}", flush=True)
            else:
                print(f"ok     {shown}  ({time.perf_counter() - started:.1f} s)", flush=True)
    if failed:
        raise SystemExit(f"{failed} command(s) failed")


if __name__ == "__main__":
    main()
