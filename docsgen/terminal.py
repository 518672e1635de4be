"""Terminal pictures: run a real ``croupier`` command and export what it printed as SVG.

A picture is described by a command line and the answers typed at its prompts (piped in:
the app echoes them, so the picture reads like a typed session). The command runs in a
fresh process with colours forced on; its output goes through Rich's SVG export with a
template that names no web font (the site makes no request outside itself).
"""

from __future__ import annotations

import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.text import Text

__all__ = ["EXAMPLES", "Session", "fence_options", "parse_session", "run_session", "session_svg"]

#: Files the pictures' commands read (hands.txt, game.txt...), also offered for download.
EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"

#: The web font Rich's SVG names; without it the font stack falls back to local monospace.
_FONT_FACE = re.compile(r"@font-face\s*\{[^}]*\}\s*")


@dataclass(frozen=True)
class Session:
    """A command line, the answers piped to it, its width and the exit code it must give."""

    command: str
    answers: tuple[str, ...] = ()
    width: int = 100
    exit_code: int = 0
    title: str = "croupier"

    @property
    def argv(self) -> list[str]:
        words = shlex.split(self.command)
        if not words or words[0] != "croupier":
            raise ValueError(f"a terminal picture runs croupier, not {self.command!r}")
        return words[1:]


def fence_options(text: str) -> dict[str, str]:
    """The ``key=value`` options written after ```terminal on a block's fence."""
    pairs = (word.split("=", 1) for word in shlex.split(text))
    return {key.strip("{}."): value for key, value in pairs}


def parse_session(body: str, options: dict[str, str] | None = None) -> Session:
    """A session from a ```terminal block: ``$ croupier ...`` then one answer per line."""
    lines = body.rstrip("\n").split("\n")
    if not lines or not lines[0].startswith("$ "):
        raise ValueError("a terminal block starts with '$ croupier ...'")
    options = options or {}
    return Session(
        command=lines[0][2:].strip(),
        answers=tuple(lines[1:]),
        width=int(options.get("width", 100)),
        exit_code=int(options.get("exit", 0)),
        title=options.get("title", "croupier"),
    )


def run_session(session: Session, examples: Path = EXAMPLES, timeout: float = 600) -> str:
    """Run the session's command for real and return what it printed (ANSI colours kept).

    It runs in a fresh copy of ``examples``, so files it saves never touch the sources.
    ``timeout`` guards against a hang (a picture takes seconds; a loaded machine, more).
    """
    with tempfile.TemporaryDirectory(prefix="croupier-docs-") as scratch:
        cwd = Path(scratch) / "examples"
        shutil.copytree(examples, cwd)
        return _run(session, cwd, timeout)


def _run(session: Session, cwd: Path, timeout: float) -> str:
    env = {
        **os.environ,
        "FORCE_COLOR": "1",
        "TTY_INTERACTIVE": "0",  # colours, but no progress bars drawn while the picture runs
        "TERM": "xterm-256color",
        "COLORTERM": "truecolor",
        "COLUMNS": str(session.width),
        "LINES": "50",
        "XDG_STATE_HOME": str(cwd / ".state"),  # recovery files and histories stay here
        "XDG_DATA_HOME": str(cwd / ".data"),  # and saved ranges
    }
    env.pop("NO_COLOR", None)
    stdin = "".join(answer + "\n" for answer in session.answers)
    done = subprocess.run(
        [sys.executable, "-m", "croupier", *session.argv],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        env=env,
        timeout=timeout,
        check=False,
    )
    output = done.stdout + done.stderr
    if done.returncode != session.exit_code or "Traceback" in output:
        raise RuntimeError(
            f"terminal picture `{session.command}` exited {done.returncode}, "
            f"expected {session.exit_code}:\n{output}"
        )
    return output


def session_svg(session: Session, output: str | None = None) -> str:
    """The SVG picture of a session: the command line, then what it printed."""
    if output is None:
        output = run_session(session)
    text = Text.from_ansi(output.rstrip("\n"))
    prompt = Text.assemble(("$ ", "bold green"), (session.command, "bold"))
    widest = max(line.cell_len for line in [prompt, *text.split()])
    console = Console(
        record=True,
        width=max(40, min(session.width, widest)),  # as wide as the output, up to the width
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        legacy_windows=False,
    )
    console.print(prompt)
    console.print(text)  # lines longer than the width wrap
    svg = console.export_svg(title=session.title)
    # Rich's template loads a web font from a CDN: drop it (local monospace fonts are used).
    svg = _FONT_FACE.sub("", svg).replace(
        "Generated with Rich https://www.textualize.io", "Generated with Rich at build time"
    )
    return _natural_size(svg)


def _natural_size(svg: str, scale: float = 0.7) -> str:
    """Give the picture a size, so that a page shows its text at about the body's size
    (Rich draws at 20 px a line; without a size an SVG stretches to the page's width)."""
    match = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    if match is None:
        return svg
    width, height = (round(float(value) * scale) for value in match.groups())
    return svg.replace(match[0], f'{match[0]} width="{width}" height="{height}"', 1)
