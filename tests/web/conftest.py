"""Fixtures for the web app: an API test client, and a real server driven by Chromium.

Browser tests (marked ``browser``) drive the system Chromium through Playwright's
executable path; without one they are skipped with the reason and how to install it.
Each browser page fails its test on a console error or a request that leaves the
machine. Screenshots go to ``$CROUPIER_SCREENSHOTS`` (default
``test-artifacts/screenshots``); with ``CROUPIER_DOCS_IMAGES=1`` the ones the docs use
are also written to ``docs/images/``.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient

from croupier.web.app import create_app
from tests.slowness import patience
from tests.web.databases import PostgresServer, Unavailable, start_postgres

ROOT = Path(__file__).resolve().parents[2]
#: The launch arguments of GUIDE.md.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ANSWERED_4XX = re.compile(r"Failed to load resource: the server responded with a status of 4\d\d")
#: Seconds a browser step (an action, a wait, an ``expect``) may take on a quiet machine,
#: scaled by the machine's slowness when the page opens (:func:`tests.slowness.patience`).
BROWSER_WAIT = 15.0
INSTALL_HINT = "apt-get update && apt-get install -y chromium (Debian), or set CROUPIER_CHROMIUM"


def screenshot_dir() -> Path:
    """Where browser tests save their screenshots (CI prints this folder)."""
    return Path(os.environ.get("CROUPIER_SCREENSHOTS", ROOT / "test-artifacts" / "screenshots"))


def chromium_path() -> str | None:
    """The system Chromium: ``$CROUPIER_CHROMIUM``, else ``chromium`` on PATH."""
    explicit = os.environ.get("CROUPIER_CHROMIUM")
    if explicit:
        return explicit if Path(explicit).is_file() else None
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A real PostgreSQL server on loopback for the run (skips the test without one)."""
    server = start_postgres()
    try:
        running = server.__enter__()
    except Unavailable as exc:
        pytest.skip(f"PostgreSQL test: {exc}")
    try:
        yield running
    finally:
        server.__exit__(None, None, None)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new, empty database of each kind: a SQLite file, a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "sessions.sqlite3")
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return server.database()


@pytest.fixture
def app(tmp_path: Path) -> Any:
    """A fresh app saving its sessions under a temporary folder."""
    return create_app(tmp_path / "state")


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    """A test client: one browser, with its own cookie jar."""
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def other_client(app: Any) -> Iterator[TestClient]:
    """A second browser on the same app."""
    with TestClient(app) as test_client:
        yield test_client


# --- a real server and a real browser ---------------------------------------------------


class LiveServer:
    """The app served by uvicorn on 127.0.0.1 and a free port, in a thread (its games in
    ``state_dir``, or in ``database``)."""

    def __init__(self, state_dir: Path, database: str | None = None) -> None:
        import uvicorn

        self.state_dir = state_dir
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(128)
        self.port = self.socket.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = create_app(state_dir, database=database)
        config = uvicorn.Config(
            self.app,
            log_level="warning",
            access_log=False,
            lifespan="on",
            timeout_graceful_shutdown=5,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True
        )

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + patience(20)
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.app.state.hub.close()  # the live streams end, as croupier serve ends them
        self.server.should_exit = True
        self.thread.join(timeout=patience(10))
        self.socket.close()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server for every browser test of the run."""
    with LiveServer(tmp_path_factory.mktemp("web-state")) as server:
        yield server


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """The system Chromium, launched once per run (skips the test without one)."""
    path = chromium_path()
    if path is None:
        pytest.skip(f"browser test: no Chromium found; install it with {INSTALL_HINT}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("browser test: Playwright for Python is missing: pip install playwright")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class PageProblems:
    """Console errors, page errors and requests that tried to leave the machine."""

    def __init__(self) -> None:
        self.console_errors: list[str] = []
        self.outside_requests: list[str] = []

    def check(self) -> None:
        assert not self.console_errors, f"console errors: {self.console_errors}"
        assert not self.outside_requests, f"requests leaving the machine: {self.outside_requests}"


def checked_page(
    chromium: Any,
    server: LiveServer,
    viewport: dict[str, int] | None = None,
    *,
    touch: bool = False,
) -> Any:
    """A page of a fresh browser context (its own cookies) on ``server``, noting the
    console errors and the requests that try to leave the machine in
    ``page.problems`` (checked by :func:`close_checked`); ``touch``: a touch screen
    (``locator.tap()``)."""
    context = chromium.new_context(
        viewport=viewport or {"width": 1280, "height": 900}, base_url=server.url, has_touch=touch
    )
    page = context.new_page()
    problems = PageProblems()

    def console(message: Any) -> None:
        # Chromium logs every 4xx answer of the API; the page shows those reasons itself
        # (the tests check it does). Anything else is a problem, 5xx answers included.
        if message.type == "error" and not (
            ANSWERED_4XX.match(message.text) and "/api/" in message.location.get("url", "")
        ):
            problems.console_errors.append(message.text)

    page.on("console", console)
    page.on("pageerror", lambda error: problems.console_errors.append(str(error)))

    def route(route: Any) -> None:
        url = urlsplit(route.request.url)
        if url.scheme in ("data", "blob") or url.netloc == f"127.0.0.1:{server.port}":
            route.continue_()
        else:
            problems.outside_requests.append(route.request.url)
            route.abort()

    page.route("**/*", route)
    from playwright.sync_api import expect

    wait = 1000 * patience(BROWSER_WAIT)  # not Playwright's 5 s, which a busy machine misses
    page.set_default_timeout(wait)
    expect.set_options(timeout=wait)
    page.problems = problems
    return page


def close_checked(page: Any) -> None:
    """Close ``page``'s context and check what it noted."""
    page.context.close()
    page.problems.check()


@pytest.fixture
def browser_page(
    chromium: Any, live_server: LiveServer, request: pytest.FixtureRequest
) -> Iterator[Any]:
    """A fresh browser context and page on the live server (phone width when the test is
    parametrised with ``viewport``); fails the test on console errors or outside requests."""
    page = checked_page(chromium, live_server, getattr(request, "param", None))
    yield page
    close_checked(page)


@pytest.fixture
def browsers(chromium: Any) -> Iterator[Callable[[LiveServer], Any]]:
    """``browsers(server)``: a page of a new browser (its own cookies) on ``server``, as
    many as a test needs; each is closed and checked at the test's end."""
    pages: list[Any] = []

    def new(server: LiveServer) -> Any:
        page = checked_page(chromium, server)
        pages.append(page)
        return page

    yield new
    for page in pages:
        close_checked(page)


@pytest.fixture
def screenshot() -> Callable[..., Path]:
    """``screenshot(page, name, docs=False)``: save a PNG of the page (or of the element
    ``part`` selects) as a test artefact (and under docs/images/ when ``docs`` and
    ``CROUPIER_DOCS_IMAGES=1``)."""

    def take(
        page: Any, name: str, *, docs: bool = False, full_page: bool = True, part: str = ""
    ) -> Path:
        folder = screenshot_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{name}.png"
        page.evaluate("() => Promise.allSettled(document.getAnimations().map((a) => a.finished))")
        if part:
            page.locator(part).screenshot(path=str(path))
        else:
            page.screenshot(path=str(path), full_page=full_page)
        if docs and os.environ.get("CROUPIER_DOCS_IMAGES") == "1":
            images = ROOT / "docs" / "images"
            images.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, images / f"web-{name}.png")
        return path

    return take
