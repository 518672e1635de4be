"""A Griffe extension for the API reference: docstrings written for Python's help() and
doctest read well as Markdown too.

- each run of doctest lines (``>>>`` up to the next blank line) becomes a ```pycon block,
  so examples show as code instead of block quotes and their output is never read as
  Markdown links;
- Sphinx roles (``:class:`~.round.Coup```, ``:func:`x```) become inline code.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

__all__ = ["DoctestFences", "fence_doctests"]

_ROLE = re.compile(r":(?:class|func|meth|attr|mod|data|exc|obj|const):`~?\.?([^`]+)`")


def _role(match: re.Match[str]) -> str:
    """``:class:`~a.b.C``` shows ``C``; ``:class:`a.b.C``` shows the whole path."""
    target = match[1]
    return f"`{target.rsplit('.', 1)[-1]}`" if "`~" in match[0] else f"`{target}`"


def fence_doctests(text: str) -> str:
    """``text`` with every doctest run fenced and Sphinx roles turned into code."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            run = []
            while i < len(lines) and lines[i].strip():
                run.append(lines[i])
                i += 1
            out.extend([f"{indent}```pycon", *run, f"{indent}```"])
            continue
        out.append(_ROLE.sub(_role, line))
        i += 1
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    """Fence the doctests of every docstring Griffe loads."""

    def on_instance(self, *, obj: Any, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fence_doctests(obj.docstring.value)
