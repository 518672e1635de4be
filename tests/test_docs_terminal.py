"""Every terminal session the README and the documentation site show is run, and what it
prints is compared with the page, so that the docs cannot drift from the program.

A ```` ```console ```` block is a session as a reader would type it: ``$ `` lines are
commands (run by bash in a scratch copy of ``docs/examples/``, ``croupier`` being this
checkout's, as ``./croupier`` is), the lines after each are what it prints (stdout and
stderr, not a terminal: no colours, 80 columns), compared line by line without trailing
spaces; a ``...`` line (indented or not) stands for any lines. A block that shows only
commands is run too, and must end without a traceback. A block that cannot be run (a
server that runs until Ctrl-C, a PostgreSQL database, a Ctrl-C typed in the middle)
says why in a comment just above it (and a blank line), ``<!-- not run: WHY -->``, for
maintainers, checked here.

A ```` ```terminal ```` block (the site draws it from the real program at build time) is
run here as the build runs it (the exit code on its fence, no traceback) and drawn into
the build's picture cache, so that ``./build-docs`` after the suite runs none again.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from .slowness import patience

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCK = re.compile(
    r"(?:<!-- not run: (?P<why>[^\n]+?) -->\n\n)?^```(?P<kind>console|terminal)(?P<info>[^\n]*)\n"
    r"(?P<body>.*?)^```$",
    re.MULTILINE | re.DOTALL,
)
#: A command's time on a quiet machine before the test gives up on it.
TIMEOUT = 600


@dataclass(frozen=True)
class Block:
    """A terminal block of a page: where, what kind, its fence's options and body, and
    why it is not run (empty if it is)."""

    page: str
    line: int
    kind: str
    info: str
    body: str
    why: str

    @property
    def ident(self) -> str:
        return f"{self.page}:{self.line}"


def terminal_blocks() -> list[Block]:
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in BLOCK.finditer(text):
            line = text.count("\n", 0, match.start("body"))
            name = str(page.relative_to(ROOT))
            found.append(
                Block(name, line, match["kind"], match["info"], match["body"], match["why"] or "")
            )
    return found


BLOCKS = terminal_blocks()
CONSOLE = [block for block in BLOCKS if block.kind == "console"]
TERMINAL = [block for block in BLOCKS if block.kind == "terminal"]


def sessions(body: str) -> list[tuple[str, list[str]]]:
    """The commands of a console block, each with the lines it prints (a command whose
    line ends in a backslash goes on on the next line)."""
    found: list[tuple[str, list[str]]] = []
    lines = body.rstrip("\n").split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        if not line.startswith("$ "):
            assert found, f"the block starts with {line!r}, not with '$ '"
            found[-1][1].append(line)
            index += 1
            continue
        command = line[2:]
        while command.endswith("\\"):
            index += 1
            command = command[:-1] + lines[index].strip()
        found.append((command, []))
        index += 1
    return found


def matches(expected: list[str], printed: list[str]) -> bool:
    """Whether ``printed`` is ``expected``, a ``...`` line standing for any lines."""
    if not expected:
        return not printed
    if expected[0].strip() == "...":
        rest = expected[1:]
        return any(matches(rest, printed[skip:]) for skip in range(len(printed) + 1))
    return bool(printed) and printed[0] == expected[0] and matches(expected[1:], printed[1:])


def _trimmed(lines: list[str]) -> list[str]:
    lines = [line.rstrip() for line in lines]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return lines


@pytest.fixture
def scratch(tmp_path: Path) -> Path:
    """A copy of docs/examples to run in, with croupier's state kept inside it."""
    folder = tmp_path / "examples"
    shutil.copytree(ROOT / "docs" / "examples", folder)
    return folder


def _environment(scratch: Path) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("FORCE_COLOR", "COLUMNS", "LINES", "CLICOLOR_FORCE")
    }
    return {
        **env,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        "NO_COLOR": "1",
        "TERM": "dumb",
        "XDG_STATE_HOME": str(scratch / ".state"),
        "XDG_DATA_HOME": str(scratch / ".data"),  # saved ranges
        "XDG_CACHE_HOME": env.get("XDG_CACHE_HOME", str(Path.home() / ".cache")),
    }


def test_the_pages_show_terminal_sessions() -> None:
    assert len(CONSOLE) >= 20 and len(TERMINAL) >= 20
    assert all(block.body.startswith("$ ") for block in BLOCKS)


@pytest.mark.parametrize("block", CONSOLE, ids=lambda block: block.ident)
def test_a_console_block_prints_what_the_page_shows(block: Block, scratch: Path) -> None:
    if block.why:
        pytest.skip(f"not run: {block.why}")
    env = _environment(scratch)
    for command, shown in sessions(block.body):
        if command.startswith("./croupier"):
            command = command[2:]  # this checkout's croupier, already installed
        run = subprocess.run(
            ["bash", "-c", command],
            cwd=scratch,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            encoding="utf-8",
            timeout=patience(TIMEOUT),
            check=False,
        )
        assert "Traceback" not in run.stdout, f"{block.ident}: `{command}`\n{run.stdout}"
        if not shown:
            continue
        expected, printed = _trimmed(shown), _trimmed(run.stdout.split("\n"))
        assert matches(expected, printed), f"{block.ident}: `{command}` printed\n" + "\n".join(
            printed
        )


def test_a_block_that_is_not_run_says_why() -> None:
    """The comment names a reason, not a bare mark."""
    for block in CONSOLE:
        if block.why:
            assert len(block.why.split()) >= 3, block.ident


@functools.cache
def _pictures() -> Path:
    from docsgen.hooks import picture_folder

    return picture_folder()


@pytest.mark.parametrize("block", TERMINAL, ids=lambda block: block.ident)
def test_a_terminal_picture_runs_as_the_build_runs_it(block: Block) -> None:
    """Run and drawn into the site's picture cache (a picture of this very code already
    there was drawn from a run that passed): ``./build-docs`` after the suite redraws
    none of them."""
    from docsgen.hooks import TERMINAL as PICTURE
    from docsgen.hooks import keep_picture, terminal_picture

    text = (ROOT / block.page).read_text(encoding="utf-8")
    match = next(m for m in PICTURE.finditer(text) if m["body"] == block.body)
    uri, draw = terminal_picture(match)
    folder = _pictures()
    if not (folder / Path(uri).name).exists():
        keep_picture(folder, uri, draw())  # raises on another exit code, or a traceback
