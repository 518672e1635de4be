"""The README's picture is what its command prints today (the site's pictures are made at
build time; this one is committed so that the README shows it without a build)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from docsgen import readme_picture  # noqa: E402
from docsgen.terminal import session_svg  # noqa: E402


def test_the_readme_shows_the_picture() -> None:
    assert readme_picture.PICTURE.relative_to(ROOT).as_posix() in (ROOT / "README.md").read_text(
        encoding="utf-8"
    )


def test_the_picture_matches_the_command() -> None:
    expected = session_svg(readme_picture.SESSION)
    assert readme_picture.PICTURE.read_text(encoding="utf-8") == expected, (
        "the README picture is out of date: run .venv/bin/python -m docsgen.readme_picture"
    )
