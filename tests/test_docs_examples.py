"""Every example in the README and the documentation site runs and prints what the page says.

Every fenced block that holds ``>>>`` lines (and every ```python block, which must hold
them) is run as a doctest, the blocks of a page in order in one namespace, as a reader
would type them. Failures name the page and its line.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(
    r"^(?P<indent>[ \t]*)```(?P<info>[^\n`]*)\n(?P<body>.*?)^(?P=indent)```",
    re.MULTILINE | re.DOTALL,
)
OPTIONS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def example_blocks(text: str) -> list[tuple[int, str, str]]:
    """(line of the block's first line, language, dedented body) of each fenced block."""
    blocks = []
    for match in FENCE.finditer(text):
        indent = len(match["indent"])
        body = "".join(line[indent:] for line in match["body"].splitlines(keepends=True))
        line = text.count("\n", 0, match.start("body"))
        language = match["info"].strip().split(" ")[0].lstrip("{.").rstrip("}")
        blocks.append((line, language, body))
    return blocks


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


def test_the_pages_have_python_examples() -> None:
    with_examples = [
        p
        for p in PAGES
        if any(">>>" in b for _, _, b in example_blocks(p.read_text(encoding="utf-8")))
    ]
    assert ROOT / "README.md" in with_examples
    assert len(with_examples) >= 5


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_page_examples(page: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # examples name files as a reader at the root would
    text = page.read_text(encoding="utf-8")
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=OPTIONS)
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for line, language, body in example_blocks(text):
        if language in ("python", "py", "pycon") and ">>>" not in body:
            pytest.fail(f"{_name(page)}, line {line}: a ```python block must be a doctest (>>>)")
        if ">>>" not in body:
            continue
        test = parser.get_doctest(body, namespace, f"{_name(page)}:{line}", str(page), line)
        runner.run(test, clear_globs=False)
        namespace = test.globs  # the next block sees what this one defined (DocTest copies)
    failed = runner.summarize(verbose=False).failed
    assert failed == 0, f"{_name(page)}: {failed} example(s) printed something else"
