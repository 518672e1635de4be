"""MkDocs hooks: replace each page's directives with content generated from the code.

Directives a page may hold:

- ``<!-- generate: cli-reference -->``: every command of the Typer app;
- ``<!-- generate: payout-tables -->``: the payout data of ``croupier.baccarat.payouts``;
- ``<!-- generate: baccarat-rules -->``: the drawing rules of ``croupier.baccarat.rules``;
- ``<!-- generate: casino-scoring -->``: the scoring table of ``croupier.casino.scoring``;
- ``<!-- generate: poker-hit-categories -->``: the categories of ``croupier.poker.hits.categories``;
- ``<!-- generate: poker-omaha-hit-categories -->``: Omaha's categories, from the same module;
- ``<!-- generate: frame-columns -->``: the columns of every ``to_frame()``;
- ``<!-- show-file: NAME -->``: the file ``docs/examples/NAME`` as a text block (the
  same file the pictures' commands read);
- ``<!-- plot: NAME | alt text -->``: a matplotlib figure from ``docsgen.plots``;
- ``<!-- notebook: NAME.ipynb -->``: the notebook beside the page, run, with its outputs
  (``docsgen.notebook``);
- ``<!-- picture: NAME | caption -->``: a value drawn as it draws itself in a notebook
  (``docsgen.pictures``);
- a fenced block of language ``terminal`` (``$ croupier ...`` then the answers typed),
  with optional ``title="..." width=N exit=N`` on the fence: the real command's output
  as an SVG picture.

Pictures are added to the site under ``generated/``. They are kept in ``.cache/docsgen/``
(ignored by git) under a digest of everything they depend on, so a rebuild redraws them
only when croupier's code, the generators, the example files or the drawing libraries
change.
"""

from __future__ import annotations

import hashlib
import logging
import os
import posixpath
import re
import shutil
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from docsgen import (
    cli_reference,
    frames_reference,
    notebook,
    payout_tables,
    pictures,
    plots,
    rules_tables,
    terminal,
)

TERMINAL = re.compile(
    r"^```terminal(?P<options>[^\n]*)\n(?P<body>.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL
)
PLOT = re.compile(r"<!--\s*plot:\s*(?P<name>[\w-]+)\s*\|\s*(?P<alt>[^>]*?)\s*-->")
SHOW_FILE = re.compile(r"<!--\s*show-file:\s*(?P<name>[\w.-]+)\s*-->")
GENERATE = re.compile(r"<!--\s*generate:\s*(?P<what>[\w-]+)\s*-->")
GENERATORS = {
    "cli-reference": cli_reference.cli_reference_markdown,
    "payout-tables": payout_tables.payout_tables_markdown,
    "baccarat-rules": rules_tables.baccarat_rules_markdown,
    "casino-scoring": rules_tables.casino_scoring_markdown,
    "poker-hit-categories": rules_tables.poker_hit_categories_markdown,
    "poker-omaha-hit-categories": rules_tables.poker_omaha_hit_categories_markdown,
    "frame-columns": frames_reference.frame_columns_markdown,
}
ROOT = Path(__file__).resolve().parents[1]
#: Pictures already drawn, kept between builds while nothing they depend on changes.
CACHE = ROOT / ".cache" / "docsgen"
log = logging.getLogger("mkdocs.hooks.docsgen")


def _terminal_uri(match: re.Match[str]) -> str:
    digest = hashlib.sha1(match.group(0).encode()).hexdigest()[:12]
    return f"generated/terminal-{digest}.svg"


def _plot_uri(name: str) -> str:
    return f"generated/plot-{name}.svg"


def _timed(label: str, make: Any, argument: Any) -> Any:
    def job() -> str:
        start = time.perf_counter()
        svg: str = make(argument)
        log.info("docsgen: %s (%.1f s)", label, time.perf_counter() - start)
        return svg

    return job


def _wanted(markdown: str) -> dict[str, Any]:
    """What a page's directives need generated: uri -> a function returning the SVG."""
    jobs: dict[str, Any] = {}
    jobs.update(terminal_picture(match) for match in TERMINAL.finditer(markdown))
    for match in PLOT.finditer(markdown):
        name = match["name"]
        if name not in plots.PLOTS:
            raise ValueError(f"no plot {name!r}: expected one of {', '.join(plots.PLOTS)}")
        jobs[_plot_uri(name)] = _timed(f"plot {name}", plots.plot_svg, name)
    return jobs


def _fingerprint() -> str:
    """A digest of everything a picture depends on: croupier's code, these generators, the
    example files, and the versions of Python and of the libraries that draw."""
    import importlib.metadata

    digest = hashlib.sha1(sys.version.encode())
    for package in ("rich", "typer", "numpy", "matplotlib"):
        digest.update(f"{package}={importlib.metadata.version(package)};".encode())
    for folder in (ROOT / "src" / "croupier", ROOT / "docsgen", terminal.EXAMPLES):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(f"{path.relative_to(ROOT)};".encode())
                digest.update(hashlib.sha1(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def on_files(files: Any, config: Any) -> Any:
    """Generate every picture the pages ask for and add it to the site's files."""
    from mkdocs.exceptions import PluginError

    try:
        return _add_pictures(files, config)
    except (RuntimeError, ValueError, OSError) as error:  # a command failed, a bad directive
        raise PluginError(f"docsgen: {error}") from error


def picture_folder() -> Path:
    """Where the pictures of this code are kept (made if need be): the test suite draws
    the terminal pictures there as it checks them, so that a build after it redraws none."""
    folder = CACHE / _fingerprint()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def keep_picture(folder: Path, uri: str, svg: str) -> None:
    """Store a drawn picture in ``folder``, whole or not at all (a build and the suite's
    workers may write at once)."""
    partial = folder / f"{Path(uri).name}.{os.getpid()}.part"  # never a half-written picture
    partial.write_text(svg, encoding="utf-8")
    partial.replace(folder / Path(uri).name)


def terminal_picture(match: re.Match[str]) -> tuple[str, Any]:
    """A ```terminal block (a match of :data:`TERMINAL`): its picture's name and the job
    that runs its command and draws it."""
    session = terminal.parse_session(match["body"], terminal.fence_options(match["options"]))
    return _terminal_uri(match), _timed(session.command, terminal.session_svg, session)


def _add_pictures(files: Any, config: Any) -> Any:
    from mkdocs.structure.files import File

    folder = picture_folder()
    for stale in CACHE.glob("*"):  # drawings of older code are never used again
        if stale != folder:
            shutil.rmtree(stale, ignore_errors=True)
    _run_notebooks(files, folder)
    jobs: dict[str, Any] = {}
    for file in files.documentation_pages():
        jobs.update(_wanted(Path(file.abs_src_path).read_text(encoding="utf-8")))
    missing = {uri: job for uri, job in jobs.items() if not (folder / Path(uri).name).exists()}
    terminal_jobs = [(u, j) for u, j in missing.items() if u.startswith("generated/terminal-")]
    other_jobs = [(u, j) for u, j in missing.items() if not u.startswith("generated/terminal-")]
    with ThreadPoolExecutor(max_workers=2) as pool:  # the commands run in their own processes
        drawn = list(pool.map(lambda job: job(), (j for _, j in terminal_jobs)))
    drawn += [job() for _, job in other_jobs]  # matplotlib is not thread-safe
    for (uri, _), svg in zip([*terminal_jobs, *other_jobs], drawn, strict=True):
        keep_picture(folder, uri, svg)
    if not missing:
        log.info("docsgen: %d pictures unchanged since the last build", len(jobs))
    for uri in jobs:
        content = (folder / Path(uri).name).read_text(encoding="utf-8")
        files.append(File.generated(config, uri, content=content))
    return files


#: Each page's notebook, run and rendered, by the page's path in the docs.
_NOTEBOOKS: dict[str, notebook.Rendered] = {}
#: Each page's pictures drawn as in a notebook, by placeholder.
_PICTURE_PAGES: dict[str, notebook.Rendered] = {}


def _run_notebooks(files: Any, folder: Path) -> None:
    """Run each notebook a page shows (or read its run from the cache: the notebook's
    own digest names it, beside the code's) and keep it rendered for the page."""
    import importlib

    nbformat: Any = importlib.import_module("nbformat")  # untyped: read through Any
    for file in files.documentation_pages():
        page = Path(file.abs_src_path)
        for match in notebook.NOTEBOOK.finditer(page.read_text(encoding="utf-8")):
            path = page.parent / match["name"]
            digest = hashlib.sha1(path.read_bytes()).hexdigest()[:12]
            cached = folder / f"notebook-{digest}.ipynb"
            if cached.exists():
                ran = nbformat.read(cached, as_version=4)
            else:
                start = time.perf_counter()
                ran = notebook.execute(path)
                log.info(
                    "docsgen: notebook %s (%.1f s)", match["name"], time.perf_counter() - start
                )
                partial = cached.with_suffix(".part")
                nbformat.write(ran, partial)
                partial.replace(cached)
            _NOTEBOOKS[file.src_uri] = notebook.render(ran)


#: What would make a browser fetch something from outside the site.
EXTERNAL = re.compile(
    r"""<(?:script|img|iframe|source|audio|video)\b[^>]*\bsrc\s*=\s*["']?(?:https?:)?//"""
    r"""|<link\b(?=[^>]*\brel\s*=\s*["']?(?:stylesheet|icon|shortcut|preload|prefetch"""
    r"""|modulepreload|manifest|apple-touch-icon))[^>]*\bhref\s*=\s*["']?(?:https?:)?//"""
    r"""|url\(\s*["']?(?:https?:)?//|@import\s+["'](?:https?:)?//"""
    r"""|<image\b[^>]*href\s*=\s*["']?(?:https?:)?//""",
    re.IGNORECASE,
)


def external_requests(site_dir: Path) -> list[str]:
    """Files of the built site that would load a script, style, font or image from
    elsewhere (the site must work offline and tell nobody it is read)."""
    found = []
    for path in sorted(site_dir.rglob("*")):
        if path.suffix in (".html", ".css", ".svg") and path.is_file():
            match = EXTERNAL.search(path.read_text(encoding="utf-8", errors="replace"))
            if match:
                found.append(f"{path.relative_to(site_dir)}: {match[0]}")
    return found


def on_post_build(config: Any) -> None:
    """Fail the build if any page, stylesheet or picture would fetch from outside."""
    from mkdocs.exceptions import PluginError

    found = external_requests(Path(config["site_dir"]))
    if found:
        raise PluginError("the site would fetch from outside itself:\n" + "\n".join(found))
    log.info("docsgen: no page, stylesheet or picture fetches anything from outside the site")


def _show_file(match: re.Match[str]) -> str:
    text = (terminal.EXAMPLES / match["name"]).read_text(encoding="utf-8")
    return f"```text\n{text.rstrip()}\n```"


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Replace the page's directives with generated Markdown and links to the pictures."""
    here = posixpath.dirname(page.file.src_uri)

    def link(uri: str) -> str:
        return posixpath.relpath(uri, here or ".")

    def picture(match: re.Match[str]) -> str:
        session = terminal.parse_session(match["body"], terminal.fence_options(match["options"]))
        alt = f"Terminal: {session.command}"
        return f'![{alt}]({link(_terminal_uri(match))}){{ .terminal loading="lazy" }}'

    markdown = TERMINAL.sub(picture, markdown)
    markdown = SHOW_FILE.sub(_show_file, markdown)
    markdown = PLOT.sub(lambda m: f"![{m['alt']}]({link(_plot_uri(m['name']))})", markdown)
    found = list(pictures.PICTURE.finditer(markdown))
    if found:
        drawn = {f"NBPICTURE{i:03d}X": m for i, m in enumerate(found)}
        for key, match in drawn.items():
            markdown = markdown.replace(match[0], key, 1)
        _PICTURE_PAGES[page.file.src_uri] = notebook.Rendered(
            "",
            {
                key: pictures.picture_html(match["name"], match["caption"])
                for key, match in drawn.items()
            },
        )
    if page.file.src_uri in _NOTEBOOKS:
        markdown = notebook.NOTEBOOK.sub(
            lambda m: _NOTEBOOKS[page.file.src_uri].markdown, markdown, count=1
        )
    return GENERATE.sub(lambda m: GENERATORS[m["what"]](), markdown)


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """Put each notebook output's markup in its place (after Markdown, which would read it)."""
    for found in (_NOTEBOOKS, _PICTURE_PAGES):
        rendered = found.get(page.file.src_uri)
        if rendered is not None:
            html = rendered.fill(html)
    return html
