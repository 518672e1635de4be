"""The docs' notebooks run in the suite (nbclient, on an IPython kernel of this Python), so
that they cannot rot; they are kept without outputs, run clean, show what their cells
promise, and their pictures read on a light and on a dark notebook theme (photographed
in Chromium; ``CROUPIER_DOCS_IMAGES=1`` writes the README's screenshot)."""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.test_display import check_picture

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from docsgen import notebook, pictures  # noqa: E402

NOTEBOOKS = sorted((ROOT / "docs").rglob("*.ipynb"))
#: The README's screenshot, and its dark-theme twin on the explanation page.
SCREENSHOT = ROOT / "docs" / "images" / "notebook.png"
DARK_SCREENSHOT = ROOT / "docs" / "images" / "notebook-dark.png"
#: The code cells the screenshots show (counted from 0): the odds report, a poker range's
#: grid and an equity calculation.
SHOWN_CELLS = (3, 14, 15)


@pytest.fixture(scope="module")
def ran() -> Any:
    """The tutorial notebook, run once for this module."""
    return notebook.execute(ROOT / "docs" / "tutorials" / "notebook.ipynb")


def test_there_is_a_tutorial_notebook_and_each_is_kept_without_outputs() -> None:
    assert ROOT / "docs" / "tutorials" / "notebook.ipynb" in NOTEBOOKS
    for path in NOTEBOOKS:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["metadata"]["kernelspec"]["name"] == "python3"
        for cell in data["cells"]:
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and cell["execution_count"] is None, path.name
        page = path.with_suffix(".md")
        assert f"<!-- notebook: {path.name} -->" in page.read_text(encoding="utf-8")


def test_the_notebook_runs_clean_and_every_value_draws_itself(ran: Any) -> None:
    for cell in ran.cells:
        if cell.cell_type != "code":
            continue
        kinds = [output.output_type for output in cell.outputs]
        assert "error" not in kinds
        assert not any(o.get("name") == "stderr" for o in cell.outputs), cell.source
        last = cell.source.rstrip().splitlines()[-1]
        if not last.startswith((" ", "for ", "while ")) and "=" not in last.split("(")[0]:
            # a cell ending in an expression shows it: as a picture or a table
            (shown,) = [o for o in cell.outputs if o.output_type == "execute_result"]
            rich = shown.data.get("text/html") or shown.data.get("image/svg+xml")
            assert rich, f"no picture for: {last}"
            check_picture(rich)


def test_the_notebook_is_reproducible(ran: Any) -> None:
    again = notebook.execute(ROOT / "docs" / "tutorials" / "notebook.ipynb")

    def shown(nb: Any) -> list[str]:
        # the arena's thinking times are the one figure that is the machine's
        return [
            o.data.get("text/html", o.data.get("text/plain", ""))
            for cell in nb.cells
            if cell.cell_type == "code" and "arena" not in cell.source
            for o in cell.outputs
            if o.output_type == "execute_result"
        ]

    assert shown(again) == shown(ran)


def test_the_page_puts_each_output_where_its_cell_was(ran: Any) -> None:
    rendered = notebook.render(ran)
    assert rendered.markdown.count("```python") == sum(
        1 for c in ran.cells if c.cell_type == "code" and c.source.strip()
    )
    page = rendered.fill("\n".join(f"<p>{key}</p>" for key in rendered.outputs))
    assert "OUTPUT" not in page and page.count('<div class="nb-output">') == len(rendered.outputs)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    from tests.web.conftest import CHROMIUM_ARGS, INSTALL_HINT, chromium_path

    path = chromium_path()
    if path is None:
        pytest.skip(f"browser test: no Chromium found; install it with {INSTALL_HINT}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.mark.browser
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_pictures_read_on_either_theme(
    ran: Any, chromium: Any, theme: str, tmp_path: Path
) -> None:
    from tests.web.conftest import screenshot_dir

    page = chromium.new_page(viewport={"width": 1000, "height": 800})
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    source = tmp_path / f"notebook-{theme}.html"
    source.write_text(notebook.page_html(ran, theme, SHOWN_CELLS), encoding="utf-8")
    page.goto(source.as_uri())
    assert fetched == [source.as_uri()]  # nothing from elsewhere, not even a font
    # every picture's panel keeps its own paper and ink whatever the page's theme
    colours = page.eval_on_selector_all(
        "div.croupier",
        "els => els.map(e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color])",
    )
    assert colours and all(background != "rgba(0, 0, 0, 0)" for background, _ in colours)
    cells = page.eval_on_selector_all(
        "div.croupier td",
        "els => els.map(e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color])",
    )
    dark_rows = {"rgb(17, 17, 17)", "rgb(26, 26, 26)"}
    assert cells and not any(background in dark_rows for background, _ in cells)
    folder = screenshot_dir()
    folder.mkdir(parents=True, exist_ok=True)
    shot = folder / f"notebook-{theme}.png"
    page.screenshot(path=str(shot), full_page=True)
    page.close()
    if os.environ.get("CROUPIER_DOCS_IMAGES") == "1":
        shutil.copyfile(shot, SCREENSHOT if theme == "light" else DARK_SCREENSHOT)


@pytest.mark.parametrize("name", sorted(pictures.PICTURES))
def test_the_docs_pictures_are_the_notebooks(name: str) -> None:
    figure = check_picture(pictures.picture_html(name, "a <caption>"))
    assert figure.startswith('<figure class="nb-picture">') and "a &lt;caption&gt;" in figure
    with pytest.raises(ValueError, match="no picture 'nothing'"):
        pictures.picture_html("nothing", "")
