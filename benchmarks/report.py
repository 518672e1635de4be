"""What the benchmark scripts share to report: a Markdown table of rows, and a table of
figures written into a library module (the scripts that rebuild croupier's tables)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path


def print_rows(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """A Markdown table: the header, then a row a line."""
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row in rows:
        print("| " + " | ".join(row) + " |")


def _table(name: str, annotation: str) -> tuple[str, str]:
    """The first line of a table in a module, and the pattern of the whole table."""
    head = f"{name}: Final[{annotation}] = ("
    return head, re.escape(head) + r".*?\n\)\n"


def has_table(module: Path, name: str, annotation: str) -> bool:
    """True when ``module`` holds the table :func:`replace_table` would write over."""
    return re.search(_table(name, annotation)[1], module.read_text(), flags=re.S) is not None


def replace_table(module: Path, name: str, annotation: str, body: str) -> None:
    """Write ``name: Final[annotation] = (body)`` into ``module`` in place of the table
    of that name (its lines up to the closing parenthesis alone on a line)."""
    head, pattern = _table(name, annotation)
    text = module.read_text()
    if not re.search(pattern, text, flags=re.S):
        raise SystemExit(f"no table {name} in {module}")
    module.write_text(re.sub(pattern, lambda _: f"{head}\n{body}\n)\n", text, flags=re.S))
    print(f"wrote {module}")
