"""The web app's how-to page: its Python examples run and print what the page says."""

from __future__ import annotations

import doctest
from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "docs" / "how-to" / "web-app.md"


def test_the_how_to_examples_run() -> None:
    result = doctest.testfile(
        str(PAGE),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 0 and result.failed == 0


def test_the_pictures_it_shows_exist() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for name in ("web-lobby", "web-baccarat", "web-baccarat-phone", "web-poker"):
        assert f"../images/{name}.png" in text
        assert (PAGE.parent.parent / "images" / f"{name}.png").is_file()
