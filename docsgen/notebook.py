"""The docs' notebooks: run with nbclient on a kernel of this Python, and turned into a page.

A page holds ``<!-- notebook: NAME.ipynb -->`` (the notebook beside the page, kept in the
repository without outputs). At build time the notebook runs from its first cell to its
last on an IPython kernel started with this interpreter (the one that has croupier), and
the directive becomes the notebook: Markdown cells as they are, code cells as Python
blocks, and each output after its cell: the HTML or SVG a value drew, a DataFrame's
table, printed text. The outputs' markup goes in after Markdown has run (it would
otherwise read it as Markdown), so the page shows exactly what Jupyter shows. The test
suite runs the same notebooks (``tests/test_notebooks.py``), so a notebook that breaks
fails the suite.

Also here: :func:`page_html`, a notebook's outputs on a page of their own in a light or a
dark notebook theme, which the screenshot test photographs.
"""

from __future__ import annotations

import html
import importlib
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

__all__ = [
    "NOTEBOOK",
    "Rendered",
    "execute",
    "page_html",
    "render",
]

#: The directive, alone on its line (a page that quotes it, in a table, is not one).
NOTEBOOK: Final = re.compile(
    r"^<!--\s*notebook:\s*(?P<name>[\w./-]+\.ipynb)\s*-->[ \t]*$", re.MULTILINE
)
#: Seconds one cell may run before the build (or the test) fails.
CELL_TIMEOUT: Final = 300
#: What each output is shown as, in Jupyter's order of preference.
RICH: Final = ("text/html", "image/svg+xml")


def execute(path: Path, timeout: int = CELL_TIMEOUT) -> Any:
    """The notebook at ``path`` run from top to bottom in its own folder, on an IPython
    kernel of this interpreter; a cell that raises fails the run with a
    :class:`RuntimeError` naming the notebook and holding the cell's traceback."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    nbformat: Any = importlib.import_module("nbformat")  # untyped: read through Any

    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        extra_arguments=["--IPKernelApp.log_level=ERROR"],  # no banner on stderr
        resources={"metadata": {"path": str(path.parent)}},
    )
    folder = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": folder + os.pathsep + os.environ.get("PATH", "")}
    # croupier's workers and progress bars stay quiet in a kernel
    env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    try:
        client.execute(env=env)
    except CellExecutionError as error:
        raise RuntimeError(f"the notebook {path.name} failed: {error}") from None
    return notebook


@dataclass(frozen=True)
class Rendered:
    """A notebook as a page: Markdown with a placeholder for each output, and the
    outputs' markup by placeholder."""

    markdown: str
    outputs: dict[str, str]

    def fill(self, page: str) -> str:
        """``page`` (the HTML Markdown made) with each placeholder replaced by its output."""
        for key, markup in self.outputs.items():
            page = page.replace(f"<p>{key}</p>", markup).replace(key, markup)
        return page


def _output_markup(output: Any) -> str | None:
    """One output's markup: its HTML or SVG, or its text in a block."""
    kind = output.get("output_type")
    if kind == "stream":
        return f'<pre class="nb-stream">{html.escape(output.get("text", ""))}</pre>'
    if kind == "error":
        raise ValueError(f"the notebook raised {output.get('ename')}: {output.get('evalue')}")
    data = output.get("data", {})
    for mime in RICH:
        if mime in data:
            content = data[mime]
            return content if isinstance(content, str) else "".join(content)
    if "text/plain" in data:
        return f'<pre class="nb-text">{html.escape(data["text/plain"])}</pre>'
    return None


def render(notebook: Any, prefix: str = "nb") -> Rendered:
    """An executed notebook as Markdown with placeholders, and their outputs."""
    parts: list[str] = []
    outputs: dict[str, str] = {}
    for cell in notebook.cells:
        source = cell.source.rstrip()
        if cell.cell_type == "markdown":
            parts.append(source)
        elif cell.cell_type == "code" and source:
            parts.append(f"```python\n{source}\n```")
            for output in cell.get("outputs", []):
                markup = _output_markup(output)
                if markup is None:
                    continue
                key = f"{prefix.upper()}OUTPUT{len(outputs):03d}X"
                outputs[key] = f'<div class="nb-output">{markup}</div>'
                parts.append(key)
    return Rendered("\n\n".join(parts) + "\n", outputs)


#: A notebook theme's page and text colours (JupyterLab's light and dark themes).
THEMES: Final = {"light": ("#ffffff", "#212121"), "dark": ("#111111", "#e0e0e0")}


def page_html(
    notebook: Any,
    theme: str = "light",
    cells: Sequence[int] | None = None,
    title: str = "croupier in a notebook",
) -> str:
    """The notebook's code cells (those numbered in ``cells``, counting code cells from
    0; all by default) with their outputs, on a page coloured as a notebook theme colours
    its outputs, JupyterLab's row shading included: the pictures must read on both."""
    ground, ink = THEMES[theme]
    shade = "#f5f5f5" if theme == "light" else "#1a1a1a"
    prompt = "#303f9f" if theme == "light" else "#8fa3ff"
    code_cells = [c for c in notebook.cells if c.cell_type == "code" and c.source.strip()]
    shown_cells = []
    for number, cell in enumerate(code_cells, 1):
        if cells is not None and number - 1 not in cells:
            continue
        code = html.escape(cell.source.rstrip())
        outputs = "".join(
            f'<div class="row"><div class="prompt">Out[{number}]:</div>'
            f'<div class="out">{markup}</div></div>'
            for output in cell.get("outputs", [])
            for markup in (_output_markup(output),)
            if markup is not None
        )
        shown_cells.append(
            f'<div class="cell"><div class="row"><div class="prompt">In [{number}]:</div>'
            f'<pre class="in">{code}</pre></div>{outputs}</div>'
        )
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        f"<style>body{{background:{ground};color:{ink};font-family:sans-serif;margin:12px}}"
        f".row{{display:flex;gap:8px;align-items:flex-start}}"
        f".prompt{{flex:0 0 64px;text-align:right;font:12px monospace;color:{prompt};"
        f"padding-top:6px}}.in{{flex:1;margin:0;background:{shade};padding:6px;"
        f"border:1px solid {'#e0e0e0' if theme == 'light' else '#333'};font-size:13px}}"
        f".out{{flex:1;margin:6px 0 14px;min-width:0}}"
        f"table{{color:{ink}}}tbody tr:nth-child(odd){{background:{shade}}}"
        f"td,th{{border:none}}</style></head><body>{''.join(shown_cells)}</body></html>"
    )
