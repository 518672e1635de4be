"""The tests are type-checked like the library: no comment in them silences mypy.

A test that passes a wrong type on purpose goes through ``tests/untyped.py``, so mypy
still checks everything around it.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

TESTS = Path(__file__).parent
#: mypy's silencing comment, written in two parts so that this file holds none.
MARK = "type" + ": ignore"
IGNORE = re.compile(r"#\s*type:\s*" + "ignore")


def ignore_lines(source: str) -> list[int]:
    """The lines of ``source`` with mypy's silencing comment (docstrings do not count)."""
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    return [t.start[0] for t in tokens if t.type == tokenize.COMMENT and IGNORE.match(t.string)]


def test_no_test_silences_the_type_checker() -> None:
    found = [
        f"{path.relative_to(TESTS.parent)}:{line}"
        for path in sorted(TESTS.rglob("*.py"))
        for line in ignore_lines(path.read_text(encoding="utf-8"))
    ]
    assert found == [], f"use tests/untyped.py instead of # {MARK}: " + ", ".join(found)


def test_the_check_sees_a_comment_but_not_a_docstring() -> None:
    assert ignore_lines(f'"""Say # {MARK} in a docstring."""\n') == []
    squeezed = MARK.replace(" ", "")
    assert ignore_lines(f"x = 1\ny: int = 'a'  #{squeezed}[assignment]\n") == [2]
