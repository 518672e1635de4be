"""The map in docs/development.md names every module under src/croupier/.

The layout block lists each package as a heading (``baccarat/``, ``poker/``, and nested
ones such as ``calc/`` under ``poker/``) followed by its modules; a module must be named
in the section of the deepest heading that holds it, so a new module cannot be added
without a line on the map.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "croupier"
#: Files every package has, which the map does not list one by one.
UNLISTED = {"__init__.py", "__main__.py"}


def layout() -> list[str]:
    """The lines of the layout block under ``src/croupier/`` (up to ``tests/``)."""
    text = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    block = text.split("```", 2)[1].splitlines()
    start = next(i for i, line in enumerate(block) if line.startswith("src/croupier/"))
    end = next(i for i, line in enumerate(block) if line.startswith("tests/"))
    return block[start + 1 : end]


def sections() -> dict[str, str]:
    """The text of each heading's section, by its package path ('' for the top level)."""
    found: dict[str, list[str]] = {"": []}
    parents: list[tuple[int, str]] = []
    current = ""
    for line in layout():
        heading = re.match(r"( +)(\S+)", line)
        assert heading is not None, line
        indent, word = len(heading.group(1)), heading.group(2)
        if word.endswith("/") and indent <= 4:
            parents = [(i, p) for i, p in parents if i < indent]
            current = "/".join([p for _, p in parents] + [word.rstrip("/")])
            parents.append((indent, word.rstrip("/")))
            found.setdefault(current, [])
            line = line[indent + len(word) :]
        elif indent == 2:
            current = ""
        found[current].append(line)
    return {path: " ".join(lines) for path, lines in found.items()}


def missing() -> list[str]:
    """Every module the map does not name where it should."""
    text = sections()
    absent = []
    for path in sorted(SRC.rglob("*.py")):
        if path.name in UNLISTED:
            continue
        package = path.parent.relative_to(SRC).as_posix()
        package = "" if package == "." else package
        while package not in text:
            package = package.rpartition("/")[0]
        if not re.search(rf"(?<![\w/]){re.escape(path.name)}(?!\w)", text[package]):
            absent.append(path.relative_to(SRC).as_posix())
    return absent


def test_the_map_names_every_module() -> None:
    assert missing() == [], "add these modules to docs/development.md's layout"


def test_every_package_of_the_map_exists() -> None:
    for package in sections():
        assert (SRC / package).is_dir(), package
