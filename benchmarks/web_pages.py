"""Where a page GET's time goes: the app's own CPU time per page, in process (no HTTP).

Run from the repository root after ``./run-tests`` (it needs the web extra):

    .venv/bin/python benchmarks/web_pages.py                    # this tree
    .venv/bin/python benchmarks/web_pages.py --before 1f50e93   # and an earlier one
    .venv/bin/python benchmarks/web_pages.py --profile          # and where it goes
    .venv/bin/python benchmarks/web_pages.py --tiny             # smallest (tests)

``benchmarks/web_load.py`` times pages through a server (uvicorn's HTTP/1.1 parser and
the event loop cost about two thirds of a page there). Here the app is called as
uvicorn calls it (an ASGI request, a known browser's cookie, its sessions in SQLite)
without the server, so a change of the app's own cost shows, in CPU time
(``time.process_time``): for each page the least CPU per request of ``--rounds``
batches (the machine's other work only ever adds to it). With ``--before REF`` the
same is measured on the tree of an earlier commit (a temporary git worktree with its
own compiled kernels, made as ``web_load.py --before`` makes it), each tree in a
process of its own, taking turns.

With ``--profile`` this tree's requests are run again under :mod:`cProfile` on the CPU
clock, and the time spent in each function (its own, without its callees) is summed by
part of the request: FastAPI's dependency resolution, the session (its read and save),
the page (its view, its state as JSON, the template's halves), the routing, croupier's
middleware, FastAPI's and Starlette's own work, and the rest. The profiler slows every Python call
alike, so the shares are a guide and the plain figures above them the cost.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import json
import os
import pstats
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PAGES = ("/", "/baccarat", "/poker", "/casino")
#: The parts of a request, by where a function is defined (the first that matches).
PARTS = (
    ("FastAPI's dependency resolution", ("fastapi/dependencies/",)),
    ("the session: read, save, cookie", ("croupier/web/dependencies.py",
     "croupier/web/sessions.py", "croupier/web/store/", "sqlite3")),
    ("the page: view, state JSON, template", ("croupier/web/templating.py",
     "croupier/web/views/", "croupier/web/pages.py(page", "croupier/web/routers/",
     "pydantic_core", "jinja2")),
    ("routing", ("croupier/web/pages.py", "starlette/routing.py", "fastapi/routing.py(matches")),
    ("croupier's middleware", ("croupier/web/guard.py", "croupier/web/compute.py")),
    ("FastAPI's telemetry check", ("fastapi/telemetry/", "opentelemetry")),
    ("FastAPI's request handling", ("fastapi/",)),
    ("Starlette: request, response, middleware", ("starlette/",)),
)  # fmt: skip
#: Where every other function's time goes.
REST = "the rest (asyncio, contextlib, built-ins)"


async def _request(app: Any, path: str, cookie: bytes | None) -> tuple[int, bytes | None]:
    """One GET of ``path`` as uvicorn hands it to the app: its status and new cookie."""
    headers = [(b"host", b"127.0.0.1:8000"), (b"accept", b"text/html")]
    if cookie is not None:
        headers.append((b"cookie", cookie))
    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
        "scheme": "http", "path": path, "raw_path": path.encode(), "root_path": "",
        "query_string": b"", "headers": headers, "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }  # fmt: skip
    answer: dict[str, Any] = {"cookie": None}

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            answer["status"] = message["status"]
            for key, value in message.get("headers", []):
                if key == b"set-cookie":
                    answer["cookie"] = value.split(b";")[0]

    await app(scope, receive, send)
    return answer["status"], answer["cookie"]


async def _measure(count: int, rounds: int, profile: bool) -> dict[str, Any]:
    from croupier.web.app import create_app

    app = create_app(Path(tempfile.mkdtemp(prefix="croupier-pages-")))
    async with app.router.lifespan_context(app):
        _, cookie = await _request(app, "/", None)
        for _ in range(max(1, count // 10)):  # warm: templates rendered, code paths taken
            for path in PAGES:
                status, _ = await _request(app, path, cookie)
                if status != 200:
                    raise SystemExit(f"GET {path}: {status}")
        figures: dict[str, float] = {}
        for path in PAGES:
            least = float("inf")
            for _ in range(rounds):
                started = time.process_time()
                for _ in range(count):
                    await _request(app, path, cookie)
                least = min(least, (time.process_time() - started) / count)
            figures[path] = 1e6 * least
        parts: dict[str, float] = {}
        if profile:
            profiler = cProfile.Profile(time.process_time)
            profiler.enable()
            for _ in range(count):
                for path in PAGES:
                    await _request(app, path, cookie)
            profiler.disable()
            parts = _parts(pstats.Stats(profiler))
    app.state.store.close()
    return {"pages": figures, "parts": parts}


def _parts(stats: pstats.Stats) -> dict[str, float]:
    """The profiled time by part of the request (shares of the whole)."""
    sums = {name: 0.0 for name, _ in PARTS}
    sums[REST] = 0.0
    entries: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    for (filename, _, function), (_, _, own, _, _) in entries.items():
        where = f"{filename}({function}"
        for name, patterns in PARTS:
            if any(pattern in where for pattern in patterns):
                sums[name] += own
                break
        else:
            sums[REST] += own
    whole = sum(sums.values()) or 1.0
    return {name: used / whole for name, used in sums.items()}


def _in_tree(tree: Path | None, count: int, rounds: int) -> dict[str, Any]:
    """The figures of the tree ``tree`` (``None``: this one), from a process of its own."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(tree / "src"), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child", str(count), str(rounds)],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"the measuring process failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    if arguments[:1] == ["--child"]:
        print(json.dumps(asyncio.run(_measure(int(arguments[1]), int(arguments[2]), False))))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000, help="GETs of each page a batch")
    parser.add_argument("--rounds", type=int, default=5, help="batches of each page")
    parser.add_argument("--before", metavar="REF", help="also the tree of this commit")
    parser.add_argument("--profile", action="store_true", help="where this tree's time goes")
    parser.add_argument("--tiny", action="store_true", help="smallest counts (tests)")
    args = parser.parse_args(arguments)
    count, rounds = (20, 1) if args.tiny else (args.requests, args.rounds)
    with contextlib.ExitStack() as stack:
        trees: list[tuple[str, Path | None]] = [("this tree", None)]
        if args.before:
            from web_load import tree_at  # benchmarks/ is on the path when run as a script

            trees.insert(0, (f"before ({args.before})", stack.enter_context(tree_at(args.before))))
        figures = {name: _in_tree(tree, count, rounds) for name, tree in trees}
        if args.profile:
            parts = asyncio.run(_measure(count, 1, True))["parts"]
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"the app's CPU per page GET, in process (no HTTP), the least of {rounds} batches "
        f"of {count}; load average {load} ({os.cpu_count()} CPUs)"
    )
    width = max(len(name) for name in figures)
    print(" " * width + "".join(f"{path:>11}" for path in PAGES) + "       mean")
    for name, measured in figures.items():
        pages = measured["pages"]
        cells = "".join(f"{pages[path]:>8.1f} us" for path in PAGES)
        print(f"{name:<{width}}{cells}{sum(pages.values()) / len(pages):>8.1f} us")
    if args.profile:
        print("\nwhere its time goes (cProfile on the CPU clock, each function's own time):")
        for name, share in parts.items():
            print(f"  {100 * share:5.1f}%  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
