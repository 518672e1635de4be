"""Every ```python example in docs/ runs and prints what the page says."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
PAGES = sorted(path for path in DOCS.rglob("*.md") if "```python" in path.read_text("utf-8"))


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(DOCS)) for p in PAGES])
def test_docs_page_examples(page: Path) -> None:
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testfile(str(page), module_relative=False, optionflags=flags)
    assert result.attempted and result.failed == 0, f"{page.name}: {result}"
