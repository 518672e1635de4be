"""Load test of ``croupier serve`` side by side with a bare FastAPI app, on loopback.

Run from the repository root after ``./run-tests`` (it needs the web and test extras):

    .venv/bin/python benchmarks/web_load.py            # every scenario, a few minutes
    .venv/bin/python benchmarks/web_load.py --quick    # smaller counts, under a minute
    .venv/bin/python benchmarks/web_load.py --tiny     # every scenario but abuse, tiny (tests)
    .venv/bin/python benchmarks/web_load.py --only deal,casino --workers 2
    .venv/bin/python benchmarks/web_load.py --only pages,deal,casino --before 3ea6c89

It starts ``croupier serve`` (sessions in a temporary SQLite database) and
``benchmarks/bare_app.py`` (one FastAPI JSON route, nothing else) on 127.0.0.1, with the
same number of server processes, and drives both with a small asyncio HTTP/1.1 client
(keep-alive connections, one cookie jar per simulated browser). Where a ratio is given,
the croupier run and the bare run take turns (``--rounds`` times each, the best of
each kept, with the median of its rounds' server CPU time per request) so that a
machine busy with other work slows both alike. Every loop is
bounded in count and in time; only loopback is ever targeted.

With ``--before REF``, the croupier of an earlier commit is served too (from a temporary
git worktree of REF, with this tree's compiled kernels when their sources are the same,
else with REF's own, compiled there first: a few minutes),
and the pages, deal and Casino scenarios run on it and on this tree in turn, beside the
bare app: a change's cost, before and after in the same run, in server CPU time per
request (what a request costs whatever else the machine does).

Scenarios and the targets of issue 26:

``pages``
    GET /, /baccarat, /poker, /casino by 8 clients: at least 0.8x the bare app's req/s.
``deal``
    8 Baccarat sessions each sitting down, then dealing with a bet on the banker: at
    least 0.5x the bare app's req/s, p99 under 50 ms.
``casino``
    8 Casino games at once at the expert level, each human move answered with the
    computer's reply: p99 within the computer's deadline (1 s) plus 0.3 s. The judge's
    words (the look-ahead of the computer's reasons, a round's review) come after the
    answer, from jobs; a second run has each game wait for them before its next move, as
    a person reading them would, and times their arrival from the move's sending (the
    first run moves at once, which cancels the words still to come). The judge's jobs
    run in the server's jobs pool, whose worker processes are named ``croupier-jobs``:
    their CPU time is a line of its own under each run, out of the reply's (with
    ``--before``, a tree without that name counts all its processes in its reply).
``tables``
    the shared tables of issue 34, at once: 50 Casino tables of two people and 5 shared
    Baccarat tables of 8 bettors, every browser following its table live (server-sent
    events); players move every second or so. Each move's (each deal's) delivery is
    timed from the request's sending to the event's arrival at every other browser at
    the table: p99 under 200 ms; the server's memory after (bounded).
``sessions``
    10,000 new sessions (a cookieless client sitting down at Baccarat): the server's
    memory (RSS, its worker processes apart) under 250 MB, the database's size, no
    session file.
``abuse``
    200 concurrent clients, malformed requests, and 40 connections sending their headers
    a byte at a time: no 5xx, no traceback, and the slow connections cut.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[1]
#: The Casino computer's deadline per answer (croupier.web.routers.casino.DEADLINE).
CASINO_DEADLINE = 1.0
SCENARIOS = ("pages", "deal", "casino", "tables", "sessions", "abuse")
#: Seconds a game waits for the judge's words of one answer, at most.
JUDGE_PATIENCE = 60.0
#: The name of a croupier server's job worker processes (croupier.web.compute.JOB_WORKERS).
JOB_WORKERS = "croupier-jobs"


def drive(work: Awaitable[T]) -> T:
    """``work`` run to its end in an event loop of its own, on a thread of its own (the
    caller may be running a loop already: Playwright's, in a test session)."""

    async def main() -> T:
        return await work

    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, main()).result()


# --- a small HTTP/1.1 client: light enough not to be the bottleneck -----------------------


class Client:
    """One browser: a keep-alive connection (reopened when the server closes it) and a
    cookie jar. Loopback only."""

    def __init__(self, url: str, timeout: float = 30.0) -> None:
        match = re.fullmatch(r"http://(127\.0\.0\.1|localhost|\[::1\]):(\d+)/?", url)
        if match is None:
            raise ValueError(f"load tests target loopback only, not {url}")
        self.host, self.port = match.group(1).strip("[]"), int(match.group(2))
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def _connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self._reader is None or self._writer is None or self._writer.is_closing():
            self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        return self._reader, self._writer

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(OSError):
                await self._writer.wait_closed()
        self._reader = self._writer = None

    async def request(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, bytes]:
        """``(status, body)``; reconnects once if the kept-alive connection was closed."""
        data = b"" if body is None else json.dumps(body).encode()
        lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}"]
        if body is not None:
            lines += ["Content-Type: application/json", f"Content-Length: {len(data)}"]
        elif method in ("POST", "DELETE"):
            lines.append("Content-Length: 0")
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        raw = ("\r\n".join(lines) + "\r\n\r\n").encode() + data
        for attempt in (1, 2):
            reader, writer = await self._connect()
            try:
                writer.write(raw)
                return await asyncio.wait_for(self._answer(reader), self.timeout)
            except (ConnectionError, asyncio.IncompleteReadError):
                await self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _answer(self, reader: asyncio.StreamReader) -> tuple[int, bytes]:
        head = await reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split()[1])
        length, close = 0, False
        for line in header_lines:
            name, _, value = line.partition(":")
            name = name.lower()
            if name == "content-length":
                length = int(value)
            elif name == "set-cookie":
                key, _, rest = value.strip().partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
            elif name == "connection" and value.strip().lower() == "close":
                close = True
        body = await reader.readexactly(length) if length else b""
        if close:
            await self.close()
        return status, body


# --- measurements -----------------------------------------------------------------------


@dataclass
class Run:
    """What one scenario run measured."""

    name: str
    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    #: CPU seconds the server (and its worker processes) spent during the run.
    cpu: float = float("nan")
    #: The same, by process name (:func:`cpu_by_name`).
    cpu_by_name: dict[str, float] = field(default_factory=dict)
    #: For a line that times nothing itself (a worker pool's part of another run's CPU
    #: time): the requests of that run.
    per: int = 0

    @property
    def cpu_ms(self) -> float:
        """Server CPU per request (ms): what a request costs whatever else the machine does."""
        count = self.per or self.requests
        return 1000 * self.cpu / count if count else float("nan")

    def record(self, status: int, started: float) -> None:
        self.latencies.append(time.perf_counter() - started)
        self.statuses[status] = self.statuses.get(status, 0) + 1

    @property
    def requests(self) -> int:
        return len(self.latencies)

    @property
    def rate(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    def percentile(self, q: float) -> float:
        """The ``q``-th percentile of the latencies (nearest rank), in seconds."""
        ordered = sorted(self.latencies)
        if not ordered:
            return float("nan")
        return ordered[max(0, min(len(ordered) - 1, math.ceil(q / 100 * len(ordered)) - 1))]

    @property
    def server_errors(self) -> int:
        return sum(count for status, count in self.statuses.items() if status >= 500)


async def _timed(run: Run, clients: Sequence[Awaitable[None]]) -> Run:
    started = time.perf_counter()
    await asyncio.gather(*clients)
    run.seconds = time.perf_counter() - started
    return run


def _until(seconds: float) -> Callable[[], bool]:
    end = time.monotonic() + seconds
    return lambda: time.monotonic() >= end


async def bare_json(url: str, clients: int, each: int, limit: float = 60.0) -> Run:
    """The floor: ``clients`` clients each making ``each`` requests to ``GET /json``."""
    run, over = Run("bare GET /json"), _until(limit)

    async def one() -> None:
        client = Client(url)
        for _ in range(each):
            if over():
                break
            started = time.perf_counter()
            status, _ = await client.request("GET", "/json")
            run.record(status, started)
        await client.close()

    return await _timed(run, [one() for _ in range(clients)])


async def pages(url: str, clients: int, each: int, limit: float = 60.0) -> Run:
    """The lobby and the three game pages, in turn, by ``clients`` browsers."""
    run, over = Run("page GETs"), _until(limit)
    paths = ("/", "/baccarat", "/poker", "/casino")

    async def one(number: int) -> None:
        client = Client(url)
        await client.request("GET", "/")  # the cookie, as a browser has it
        for index in range(each):
            if over():
                break
            started = time.perf_counter()
            status, _ = await client.request("GET", paths[(number + index) % len(paths)])
            run.record(status, started)
        await client.close()

    return await _timed(run, [one(n) for n in range(clients)])


async def deals(url: str, sessions: int, rounds: int, limit: float = 60.0) -> Run:
    """``sessions`` Baccarat tables, each dealing ``rounds`` rounds with a banker bet,
    saying which table it shows as the page does (``drawn``: the answer then holds only
    the road cells and bankrolls that changed), and reading each answer."""
    run, over = Run("Baccarat deal"), _until(limit)

    async def one(number: int) -> None:
        client = Client(url)
        status, body = await client.request(
            "POST", "/api/baccarat/table", {"bankroll": "1000000", "seed": number}
        )
        if status != 200:
            run.errors.append(f"sit down: {status} {body[:200]!r}")
            return
        drawn = json.loads(body)["rounds_played"]
        for _ in range(rounds):
            if over():
                break
            started = time.perf_counter()
            status, body = await client.request(
                "POST", "/api/baccarat/deal", {"stakes": {"banker": "100"}, "drawn": drawn}
            )
            run.record(status, started)
            if status != 200:
                run.errors.append(f"deal: {status} {body[:200]!r}")
                break
            drawn = json.loads(body)["rounds_played"]
        await client.close()

    return await _timed(run, [one(n) for n in range(sessions)])


async def casino_games(
    url: str,
    games: int,
    moves: int,
    level: str = "expert",
    limit: float = 120.0,
    judged: Run | None = None,
) -> Run:
    """``games`` Casino games at once, each playing ``moves`` human moves (the first legal
    one) and waiting for the computer's reply. With ``judged``, each game then waits for
    the judge's words its answer left for later (polled every 250 ms, as the page does)
    before its next move, their arrival recorded there (from the move's sending)."""
    run, over = Run(f"Casino move + reply ({level})"), _until(limit)

    async def one(number: int) -> None:
        client = Client(url, timeout=60)
        status, body = await client.request(
            "POST", "/api/casino/new", {"level": level, "seed": number}
        )
        if status != 200:
            run.errors.append(f"new game: {status} {body[:200]!r}")
            return
        data = json.loads(body)
        for _ in range(moves):
            if over() or data["finished"]:
                break
            move = data["position"]["legal"][0]
            items = [data["position"]["table"][i]["key"] for i in move["items"]]
            started = time.perf_counter()
            status, body = await client.request(
                "POST",
                "/api/casino/move",
                {"card": move["card"], "action": move["action"], "items": items},
            )
            run.record(status, started)
            if status != 200:
                run.errors.append(f"move: {status} {body[:200]!r}")
                break
            data = json.loads(body)
            if judged is not None:
                await judge_words(client, data, started, judged)
        await client.close()

    return await _timed(run, [one(n) for n in range(games)])


async def judge_words(client: Client, data: dict[str, Any], started: float, run: Run) -> None:
    """Wait for the judge's jobs that the answer ``data`` names (the whole reasons, a
    round's review), as the page polls them; record when the last one ended."""
    jobs = {
        event.get("reason_job") or event.get("review_job") for event in data.get("events", [])
    } - {None}
    if not jobs:
        return
    status = 200
    over = _until(JUDGE_PATIENCE)
    for job in jobs:
        while True:
            status, body = await client.request("GET", f"/api/casino/judging/{job}")
            if status != 200 or json.loads(body)["state"] not in ("waiting", "running"):
                break
            if over():  # a job that never ends: said, not waited for
                run.errors.append(f"judging: job {job} unfinished after {JUDGE_PATIENCE:g} s")
                return
            await asyncio.sleep(0.25)
        if status != 200:
            run.errors.append(f"judging: {status} {body[:200]!r}")
            break
    run.record(status, started)


async def new_sessions(url: str, count: int, concurrency: int = 16, limit: float = 300.0) -> Run:
    """``count`` new browsers (no cookie), each sitting down at a Baccarat table once."""
    run, over = Run("new sessions"), _until(limit)
    queue = iter(range(count))

    async def worker() -> None:
        for number in queue:
            if over():
                break
            client = Client(url)
            started = time.perf_counter()
            status, body = await client.request(
                "POST", "/api/baccarat/table", {"seed": number, "bankroll": "500"}
            )
            run.record(status, started)
            if status != 200 and len(run.errors) < 5:
                run.errors.append(f"sit down: {status} {body[:200]!r}")
            await client.close()

    return await _timed(run, [worker() for _ in range(concurrency)])


async def crowd(url: str, clients: int = 200, each: int = 5, limit: float = 120.0) -> Run:
    """``clients`` browsers at once, each loading pages and the tables' state."""
    run, over = Run(f"{clients} concurrent clients"), _until(limit)
    paths = ("/", "/api/baccarat", "/casino", "/api/casino", "/poker", "/healthz")

    async def one(number: int) -> None:
        client = Client(url, timeout=60)
        for index in range(each):
            if over():
                break
            started = time.perf_counter()
            try:
                status, body = await client.request("GET", paths[(number + index) % len(paths)])
            except (TimeoutError, OSError, asyncio.IncompleteReadError) as exc:
                run.errors.append(f"{type(exc).__name__}")
                continue
            run.record(status, started)
            if b"Traceback" in body:
                run.errors.append("a traceback in an answer")
        await client.close()

    return await _timed(run, [one(n) for n in range(clients)])


#: Requests no browser sends: bad request lines, headers, lengths, bodies, cookies.
GARBAGE: tuple[bytes, ...] = (
    b"GARBAGE\r\n\r\n",
    b"GET\r\n\r\n",
    b"GET / HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /" + b"a" * 20_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: " + b"y" * 70_000 + b"\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil\r\n\r\n",
    b"GET / HTTP/1.1\r\n\r\n",
    b"POST /api/baccarat/deal HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\n\r\n",
    b"POST /api/baccarat/deal HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n",
    b"POST /api/baccarat/deal HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999\r\n\r\n{",
    b"POST /api/baccarat/deal HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
    b"\r\nContent-Length: 5\r\n\r\n{\xff\xfe}",
    b"POST /api/baccarat/deal HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
    b"\r\nContent-Length: 12\r\n\r\n[1, 2, 3, 4]",
    b"POST /api/casino/move HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
    b'\r\nContent-Length: 33\r\n\r\n{"card": null, "items": {"a": 1}}',
    b"POST /api/poker/equity HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
    b'\r\nContent-Length: 41\r\n\r\n{"players": ["AA", "KK"], "trials": 1e99}',
    b"POST /api/poker/range HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n"
    b"Content-Type: application/json\r\n\r\nffffffff\r\n{",
    b"GET /api/jobs/%00%ff HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /api/jobs/" + b"x" * 5_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /static/../../etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /api/baccarat HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: croupier_session="
    + b"\xff" * 43
    + b"\r\n\r\n",
    b"GET /api/baccarat HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: croupier_session=;;;=;\r\n\r\n",
    b"DELETE /api/casino HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: null\r\n\r\n",
    b"PATCH /api/baccarat/deal HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n",
    b"OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /api/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\n\r\n",
)


async def garbage(url: str, rounds: int = 3) -> Run:
    """Each of :data:`GARBAGE` sent ``rounds`` times on a fresh connection."""
    run = Run("malformed requests")
    host, port = Client(url).host, Client(url).port
    started = time.perf_counter()
    for _ in range(rounds):
        for raw in GARBAGE:
            begun = time.perf_counter()
            try:
                reader, writer = await asyncio.open_connection(host, port)
                writer.write(raw)
                await writer.drain()
                answer = await asyncio.wait_for(reader.read(100_000), 15)
                writer.close()
            except (TimeoutError, OSError) as exc:
                run.errors.append(f"{raw[:30]!r}: {type(exc).__name__}")
                continue
            match = re.match(rb"HTTP/1\.1 (\d{3})", answer)
            run.record(int(match.group(1)) if match else 0, begun)
            if b"Traceback" in answer:
                run.errors.append(f"{raw[:30]!r}: a traceback in the answer")
    run.seconds = time.perf_counter() - started
    return run


async def slow_heads(url: str, connections: int = 40, wait: float = 13.0) -> tuple[int, int]:
    """``connections`` clients sending a request head one byte a second; returns how many
    are still open after ``wait`` seconds, and how many were opened."""
    host, port = Client(url).host, Client(url).port
    opened: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    for _ in range(connections):
        opened.append(await asyncio.open_connection(host, port))
    head = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"z" * 100
    end = time.monotonic() + wait
    position = 0
    while time.monotonic() < end and position < len(head):
        for _, writer in opened:
            if not writer.is_closing():
                writer.write(head[position : position + 1])
        position += 1
        await asyncio.sleep(1.0)
    still_open = 0
    for reader, writer in opened:
        try:
            data = await asyncio.wait_for(reader.read(1), 0.2)
            still_open += data != b""  # EOF: the server closed it
        except TimeoutError:
            still_open += 1
        except OSError:
            pass
        writer.close()
    return still_open, connections


# --- the shared tables: delivery of moves to the other browsers -------------------------------


class Follower:
    """A browser following a table's live updates (server-sent events): each event's
    version and arrival time."""

    def __init__(self, url: str, path: str, cookies: dict[str, str], seen: Callable[[int], None]):
        self.client = Client(url)
        self.client.cookies = dict(cookies)
        self.path = path
        self.seen = seen
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._read())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, OSError):
                await self.task
        await self.client.close()

    async def _read(self) -> None:
        reader, writer = await self.client._connect()
        cookie = "; ".join(f"{k}={v}" for k, v in self.client.cookies.items())
        writer.write(
            f"GET {self.path} HTTP/1.1\r\nHost: 127.0.0.1:{self.client.port}\r\n"
            f"Accept: text/event-stream\r\nCookie: {cookie}\r\n\r\n".encode()
        )
        head = await reader.readuntil(b"\r\n\r\n")
        if b" 200 " not in head.split(b"\r\n", 1)[0]:
            raise RuntimeError(f"no stream: {head[:200]!r}")
        buffer = b""
        while True:  # chunked: a size line, then the data
            size = int((await reader.readuntil(b"\r\n")).strip(), 16)
            if size == 0:
                return
            buffer += await reader.readexactly(size)
            await reader.readexactly(2)
            while b"\n\n" in buffer:
                event, buffer = buffer.split(b"\n\n", 1)
                for line in event.split(b"\n"):
                    if line.startswith(b"id: "):
                        self.seen(int(line[4:]))


@dataclass
class Deliveries:
    """When each version of each table was asked for, and how long each browser took to
    see it."""

    #: When each (table, version) was asked for, and by whom.
    sent: dict[tuple[str, int], tuple[float, str]] = field(default_factory=dict)
    run: Run = field(default_factory=lambda: Run("move delivered to the others"))

    def sending(self, table: str, version: int, who: str) -> None:
        self.sent.setdefault((table, version), (time.perf_counter(), who))

    def seer(self, table: str, who: str) -> Callable[[int], None]:
        """What ``who``'s stream calls with each version it brings: timed unless ``who``
        made that change."""

        def seen(version: int) -> None:
            found = self.sent.get((table, version))
            if found is not None and found[1] != who:
                self.run.record(200, found[0])

        return seen


async def casino_pair(
    url: str,
    number: int,
    moves: int,
    think: float,
    deliveries: Deliveries,
    over: Callable[[], bool],
) -> list[str]:
    """Two browsers at a new Casino table, each following it live; ``moves`` moves, each
    after ``think`` seconds, each move's arrival at the other browser timed."""
    errors: list[str] = []
    ada, ben = Client(url), Client(url)
    status, body = await ada.request("POST", "/api/casino/tables", {"name": f"A{number}"})
    if status != 201:
        return [f"open: {status} {body[:200]!r}"]
    table = json.loads(body)["id"]
    await ben.request("GET", "/healthz")  # a cookie first
    status, body = await ben.request(
        "POST", f"/api/casino/tables/{table}/join", {"name": f"B{number}"}
    )
    if status != 200:
        return [f"join: {status} {body[:200]!r}"]
    players = {"first": ada, "second": ben}
    followers = []
    for seat, client in players.items():
        follower = Follower(url, f"/api/casino/tables/{table}/events", client.cookies,
                            deliveries.seer(table, seat))  # fmt: skip
        follower.start()
        followers.append((seat, follower))
    await asyncio.sleep(0.5)  # the streams are open
    view = json.loads(body)
    try:
        for _ in range(moves):
            if over() or view["status"] != "playing":
                break
            await asyncio.sleep(think)
            mover = players[view["to_move"]]
            status, body = await mover.request("GET", f"/api/casino/tables/{table}")
            mine = json.loads(body)
            move = mine["legal"][0]
            items = [mine["table"][i]["key"] for i in move["items"]]
            deliveries.sending(table, mine["version"] + 1, view["to_move"])
            status, body = await mover.request(
                "POST",
                f"/api/casino/tables/{table}/move",
                {"card": move["card"], "action": move["action"], "items": items},
            )
            if status != 200:
                errors.append(f"move: {status} {body[:200]!r}")
                break
            view = json.loads(body)
        await asyncio.sleep(1.0)  # the last moves arrive
    finally:
        for _, follower in followers:
            await follower.stop()
        await ada.close()
        await ben.close()
    return errors


async def baccarat_room(
    url: str, number: int, bettors: int, rounds: int, think: float, deliveries: Deliveries,
    over: Callable[[], bool],
) -> list[str]:  # fmt: skip
    """A shared Baccarat table of ``bettors`` browsers, each following it live; each round
    every bettor bets and says it is ready, the last one's request deals, and the deal's
    arrival at the other bettors is timed."""
    errors: list[str] = []
    opener = Client(url)
    status, body = await opener.request(
        "POST", "/api/baccarat/tables", {"title": f"Room {number}", "window": 120}
    )
    if status != 201:
        return [f"open: {status} {body[:200]!r}"]
    table = json.loads(body)["id"]
    clients = [opener] + [Client(url) for _ in range(bettors - 1)]
    followers = []
    for index, client in enumerate(clients):
        status, body = await client.request(
            "POST",
            f"/api/baccarat/tables/{table}/seat",
            {"name": f"P{index}", "bankroll": "100000"},
        )
        if status != 200:
            return [f"sit: {status} {body[:200]!r}"]
    for index, client in enumerate(clients):
        follower = Follower(url, f"/api/baccarat/tables/{table}/events", client.cookies,
                            deliveries.seer(table, str(index)))  # fmt: skip
        follower.start()
        followers.append(follower)
    await asyncio.sleep(0.5)
    try:
        for _ in range(rounds):
            if over():
                break
            await asyncio.sleep(think)
            for client in clients:
                await client.request(
                    "POST", f"/api/baccarat/tables/{table}/bets", {"stakes": {"banker": "25"}}
                )
            for index, client in enumerate(clients):
                if index == len(clients) - 1:  # this request deals: its arrival is timed
                    status, body = await client.request("GET", f"/api/baccarat/tables/{table}")
                    deliveries.sending(table, json.loads(body)["version"] + 1, str(index))
                status, body = await client.request(
                    "POST", f"/api/baccarat/tables/{table}/ready", {"ready": True}
                )
                if status != 200:
                    errors.append(f"ready: {status} {body[:200]!r}")
        await asyncio.sleep(1.0)
    finally:
        for follower in followers:
            await follower.stop()
        for client in clients:
            await client.close()
    return errors


async def shared_tables(
    url: str, casino: int, rooms: int, bettors: int, moves: int, think: float,
    limit: float = 300.0,
) -> Run:  # fmt: skip
    """``casino`` Casino tables of two people and ``rooms`` Baccarat tables of ``bettors``
    at once, every browser following its table live: each change's delivery to the
    other browsers, timed."""
    deliveries, over = Deliveries(), _until(limit)
    started = time.perf_counter()
    work = [casino_pair(url, n, moves, think, deliveries, over) for n in range(casino)]
    work += [
        baccarat_room(url, n, bettors, max(1, moves // 4), think, deliveries, over)
        for n in range(rooms)
    ]
    found = await asyncio.gather(*work)
    run = deliveries.run
    run.name = f"shared tables: {casino} Casino, {rooms} Baccarat of {bettors}"
    run.errors = [error for errors in found for error in errors]
    run.seconds = time.perf_counter() - started
    return run


# --- the servers ------------------------------------------------------------------------


def _python() -> str:
    return sys.executable


def start_croupier(
    state_dir: str, workers: int = 1, *extra: str, source: Path | None = None
) -> tuple[subprocess.Popen[str], str]:
    """``croupier serve`` on a free loopback port (from the tree ``source``, default this
    one); returns the process and its address."""
    env = dict(os.environ)
    if source is not None:  # its modules first, before the installed croupier
        env["PYTHONPATH"] = os.pathsep.join([str(source / "src"), env.get("PYTHONPATH", "")])
    server = subprocess.Popen(
        [
            _python(),
            "-m",
            "croupier",
            "serve",
            "--port",
            "0",
            "--state-dir",
            state_dir,
            "--workers",
            str(workers),
            *extra,
        ],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert server.stdout is not None
    line = server.stdout.readline()
    if not line.startswith("croupier is serving at "):
        server.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    return server, line.split()[4].rstrip("/") + "/"


@contextlib.contextmanager
def tree_at(ref: str) -> Iterator[Path]:
    """A temporary git worktree of ``ref`` with its compiled kernels: this tree's, copied
    in, when the kernels' sources are the same; else its own, compiled there as an
    install compiles them (minutes: said on stderr)."""
    changed = subprocess.run(
        ["git", "diff", "--name-only", ref, "--", "setup.py", "src/croupier/*_kernels*.py",
         "src/croupier/**/_kernels*.py", "src/croupier/**/*.pxd"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    folder = Path(tempfile.mkdtemp(prefix="croupier-before-")) / "tree"
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(folder), ref],
        cwd=ROOT, capture_output=True, check=True,
    )  # fmt: skip
    try:
        if changed:
            print(
                f"--before {ref}: its kernels differ from this tree's ({', '.join(changed)}): "
                "compiling them in a temporary tree (a few minutes) ...",
                file=sys.stderr,
                flush=True,
            )
            # a wheel built as pip installs one (REF's own build requirements, isolated),
            # its compiled modules put beside REF's sources
            wheels = folder.parent / "wheel"
            built = subprocess.run(
                [_python(), "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir",
                 str(wheels), str(folder)],
                capture_output=True, text=True, check=False,
            )  # fmt: skip
            if built.returncode != 0:
                raise SystemExit(f"--before {ref}: its kernels did not compile:\n{built.stderr}")
            for wheel in wheels.glob("*.whl"):
                with zipfile.ZipFile(wheel) as archive:
                    for member in archive.namelist():
                        if member.endswith((".so", ".pyd")):
                            archive.extract(member, folder / "src")
        else:
            for kernel in (ROOT / "src").rglob("*.so"):
                target = folder / kernel.relative_to(ROOT)
                if target.parent.is_dir():
                    shutil.copy2(kernel, target)
        yield folder
    finally:
        subprocess.run(
            ["git", "worktree", "remove", "--force", str(folder)], cwd=ROOT, capture_output=True
        )
        shutil.rmtree(folder.parent, ignore_errors=True)


def start_bare(workers: int = 1) -> tuple[subprocess.Popen[str], str]:
    """The bare FastAPI app on a free loopback port."""
    server = subprocess.Popen(
        [_python(), "-m", "benchmarks.bare_app", "--workers", str(workers)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert server.stdout is not None
    line = server.stdout.readline()
    if not line.startswith("bare app at "):
        server.kill()
        raise RuntimeError(f"the bare app did not start: {line!r}")
    return server, line.split()[3]


def stop(server: subprocess.Popen[str]) -> None:
    server.terminate()
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


async def wait_ready(url: str, path: str, limit: float = 60.0) -> None:
    deadline = time.monotonic() + limit
    while True:
        try:
            client = Client(url, timeout=10)
            status, _ = await client.request("GET", path)
            await client.close()
            if status == 200:
                return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"{url} did not answer {path}")
        await asyncio.sleep(0.2)


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` (MB), from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of ``pid`` and every process under it, in seconds."""
    return sum(cpu_by_name(pid).values())


def cpu_by_name(pid: int) -> dict[str, float]:
    """CPU time (user + system, seconds) of ``pid`` and every process under it, by the
    processes' names (``/proc/<pid>/comm``: a server's worker pools name their
    processes, ``croupier-search`` and ``croupier-jobs``; the rest is ``python``)."""
    found: dict[str, float] = {}
    for each in (pid, *descendants(pid)):
        try:
            stat = Path(f"/proc/{each}/stat").read_text()
        except OSError:
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat.rsplit(")", 1)[1].split()
        used = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        found[name] = found.get(name, 0.0) + used
    return found


def children(pid: int) -> list[int]:
    """The direct children of ``pid``."""
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def descendants(pid: int) -> list[int]:
    """Every process under ``pid``."""
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        try:
            children = Path(f"/proc/{parent}/task/{parent}/children").read_text().split()
        except OSError:
            continue
        found += [int(c) for c in children]
        frontier += [int(c) for c in children]
    return found


# --- the report ---------------------------------------------------------------------------


def describe(run: Run) -> dict[str, Any]:
    """A run's figures, JSON-ready."""
    return {
        "scenario": run.name,
        "requests": run.requests,
        "seconds": round(run.seconds, 2),
        "requests_per_second": round(run.rate, 1),
        "p50_ms": round(1000 * run.percentile(50), 1),
        "p99_ms": round(1000 * run.percentile(99), 1),
        "max_ms": round(1000 * max(run.latencies, default=float("nan")), 1),
        "server_cpu_ms_per_request": round(run.cpu_ms, 3),
        "statuses": dict(sorted(run.statuses.items())),
        "errors": run.errors[:5],
    }


def table(rows: Iterable[Sequence[str]]) -> str:
    """Rows as aligned text columns (the first left-aligned)."""
    rows = [list(row) for row in rows]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]

    def cell(index: int, text: str) -> str:
        return text.ljust(widths[index]) if index == 0 else text.rjust(widths[index])

    return "\n".join("  ".join(cell(i, c) for i, c in enumerate(row)).rstrip() for row in rows)


def best(runs: Sequence[Run]) -> Run:
    """The run with the highest rate (the one least slowed by the machine's other work)."""
    return max(runs, key=lambda run: run.rate)


def typical(runs: Sequence[Run]) -> Run:
    """The run with the highest rate (:func:`best`), with the CPU time of the run whose
    CPU time per request is the median of ``runs`` (the lower of the middle two),
    scaled to its requests. A run's CPU time moves with the machine's other work (the
    caches it shares, whose processes wake on its cores): by 10 to 15% from one run to
    the next on a loaded machine; the best run by rate is no more typical of it than any
    other, and the median is what a round of each tree, taken in turn, usually costs."""
    chosen = best(runs)
    middle = sorted(runs, key=lambda run: run.cpu_ms)[(len(runs) - 1) // 2]
    scale = chosen.requests / middle.requests if middle.requests else 1.0
    chosen.cpu = middle.cpu * scale
    chosen.cpu_by_name = {name: used * scale for name, used in middle.cpu_by_name.items()}
    return chosen


def _line(run: Run, floor: Run | None = None) -> list[str]:
    if run.per:  # a part of another run's CPU time: nothing timed
        return [run.name, f"{run.per}", "", "", "", "", "", f"{run.cpu_ms:.2f}", ""]
    ratio = f"{run.rate / floor.rate:.2f}x" if floor is not None and floor.rate else ""
    return [
        run.name,
        f"{run.requests}",
        f"{run.rate:,.0f}",
        f"{1000 * run.percentile(50):.1f}",
        f"{1000 * run.percentile(99):.1f}",
        f"{1000 * max(run.latencies, default=float('nan')):.0f}",
        ratio,
        f"{run.cpu_ms:.2f}",
        str(run.server_errors),
    ]


HEADER = ["", "requests", "req/s", "p50 ms", "p99 ms", "max ms", "vs bare", "CPU ms/req", "5xx"]


async def measured(pid: int, run: Awaitable[Run], settle: float = 0.0) -> Run:
    """``run``, with the CPU time the server ``pid`` spent on it (in all, and by process
    name: :func:`cpu_by_name`), counted until ``settle`` seconds after it (the work it
    left running ends)."""
    before = cpu_by_name(pid)
    done = await run
    await asyncio.sleep(settle)
    after = cpu_by_name(pid)
    done.cpu_by_name = {name: used - before.get(name, 0.0) for name, used in after.items()}
    done.cpu = sum(done.cpu_by_name.values())
    return done


def apart(run: Run, name: str, label: str) -> Run:
    """The CPU time ``run``'s server spent in its processes named ``name`` (a worker
    pool), as a line of its own (``label``, per request of ``run``), taken out of
    ``run``'s own figure."""
    used = run.cpu_by_name.get(name, 0.0)
    run.cpu -= used
    return Run(label, cpu=used, per=run.requests)


async def side_by_side(
    croupier: Callable[[], Awaitable[Run]],
    bare: Callable[[], Awaitable[Run]],
    rounds: int,
    pids: tuple[int, int],
) -> tuple[Run, Run]:
    """Each measured ``rounds`` times, taking turns; the best run of each."""
    floor, mine = await in_turn([(bare, pids[1]), (croupier, pids[0])], rounds)
    return mine, floor


async def in_turn(
    contestants: Sequence[tuple[Callable[[], Awaitable[Run]], int]],
    rounds: int,
    settle: float = 0.0,
) -> list[Run]:
    """Each ``(run, server pid)`` measured ``rounds`` times, taking turns (each counted
    until ``settle`` seconds after it: :func:`measured`); the best run of each with the
    median CPU time per request of its rounds (:func:`typical`), in their order."""
    runs: list[list[Run]] = [[] for _ in contestants]
    for _ in range(rounds):
        for made, (run, pid) in zip(runs, contestants, strict=True):
            made.append(await measured(pid, run(), settle))
    return [typical(made) for made in runs]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller counts (a smoke test)")
    parser.add_argument("--only", default=",".join(SCENARIOS), help="scenarios to run")
    parser.add_argument("--workers", type=int, default=1, help="server processes of each app")
    parser.add_argument("--rounds", type=int, default=3, help="turns of each side-by-side run")
    parser.add_argument("--sessions", type=int, default=10_000, help="for the sessions scenario")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument(
        "--before",
        metavar="REF",
        help="also serve the croupier of this commit, and run the pages, deal and Casino "
        "scenarios on it and on this tree in turn",
    )
    parser.add_argument(
        "--tiny",
        action="store_true",
        help="every scenario but abuse (its slow heads wait 13 s) at the smallest counts, "
        "targets not judged (tests)",
    )
    args = parser.parse_args(argv)
    if args.tiny:
        args.quick, args.rounds, args.sessions = True, 1, 50
        args.only = ",".join(name for name in SCENARIOS if name != "abuse")
    chosen = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = set(chosen) - set(SCENARIOS)
    if unknown:
        parser.error(f"unknown scenarios {sorted(unknown)}: expected {', '.join(SCENARIOS)}")
    quick = args.quick
    results: dict[str, Any] = {"workers": args.workers, "cpus": os.cpu_count()}
    lines: list[list[str]] = [HEADER]
    failures: list[str] = []
    with contextlib.ExitStack() as stack:
        state_dir = stack.enter_context(tempfile.TemporaryDirectory())
        flags = ("--sessions-per-client", "0", "--max-sessions", "100000")
        croupier, url = start_croupier(state_dir, args.workers, *flags)
        stack.callback(stop, croupier)
        bare, bare_url = start_bare(args.workers)
        stack.callback(stop, bare)
        #: The croupier servers measured: (label, address, pid); this tree's last.
        served = [("", url, croupier.pid)]
        if args.before:
            tree = stack.enter_context(tree_at(args.before))
            old_dir = stack.enter_context(tempfile.TemporaryDirectory())
            old, old_url = start_croupier(old_dir, args.workers, *flags, source=tree)
            stack.callback(stop, old)
            served.insert(0, (f" (before: {args.before})", old_url, old.pid))
            results["before"] = args.before
        for _, address, _ in served:
            drive(wait_ready(address, "/healthz"))
        drive(wait_ready(bare_url, "/json"))
        each = 10 if args.tiny else 60 if quick else 250
        rounds = 1 if quick else args.rounds
        floor = None

        def contest(scenario: Callable[[str], Awaitable[Run]]) -> tuple[Run, list[Run]]:
            """The bare app's floor and ``scenario`` on every croupier served, taking
            turns; each croupier run named by its server."""
            made = drive(
                in_turn(
                    [
                        (lambda: bare_json(bare_url, 8, each), bare.pid),
                        *[
                            (lambda address=address: scenario(address), pid)
                            for _, address, pid in served
                        ],
                    ],
                    rounds,
                )
            )
            for run, (label, _, _) in zip(made[1:], served, strict=True):
                run.name += label
            return made[0], made[1:]

        if {"pages", "deal"} & set(chosen):
            # The floor, alone first (it warms both servers' code paths too).
            floor = drive(bare_json(bare_url, 8, each))
        if "pages" in chosen:
            floor, runs = contest(lambda address: pages(address, 8, each))
            mine = runs[-1]
            lines += [_line(floor), *(_line(run, floor) for run in runs)]
            results["pages"] = {**describe(mine), "bare": describe(floor)}
            if len(runs) > 1:
                results["pages"]["before"] = describe(runs[0])
            if mine.rate < 0.8 * floor.rate:
                failures.append(f"page GETs at {mine.rate / floor.rate:.2f}x the bare app")
        if "deal" in chosen:
            floor, runs = contest(lambda address: deals(address, 8, each))
            mine = runs[-1]
            if "pages" not in chosen:
                lines.append(_line(floor))
            lines += [_line(run, floor) for run in runs]
            results["deal"] = {**describe(mine), "bare": describe(floor)}
            if len(runs) > 1:
                results["deal"]["before"] = describe(runs[0])
            if mine.rate < 0.5 * floor.rate:
                failures.append(f"deals at {mine.rate / floor.rate:.2f}x the bare app")
            if mine.percentile(99) >= 0.050:
                failures.append(f"deal p99 {1000 * mine.percentile(99):.0f} ms")
        if "casino" in chosen:
            games = (2, 2) if args.tiny else (8, 8 if quick else 30)
            # Each tree in turn; the judge's jobs that an answer starts (issue 33: the
            # whole reasons, a round's review) run in the jobs' worker pool after the
            # answer, until the next move cancels them: their CPU time is a line of its
            # own, not the reply's (a tree without that pool's names counts all its CPU).

            def play(address: str) -> Callable[[], Awaitable[Run]]:
                return lambda: casino_games(address, *games)

            runs = drive(
                in_turn([(play(address), pid) for _, address, pid in served], rounds, settle=2.0)
            )
            for made, (label, _, _) in zip(runs, served, strict=True):
                made.name += label
            run = runs[-1]
            judge = apart(run, JOB_WORKERS, "  its judge's jobs, CPU per move")
            # Again, each game waiting for the judge's words before its next move.
            words = Run("  the judge's words, from the move's sending")
            reading = drive(
                measured(croupier.pid, casino_games(url, *games, judged=words), settle=2.0)
            )
            reading.name += ", waiting for the judge's words"
            read_judge = apart(reading, JOB_WORKERS, "  its judge's jobs, CPU per move")
            lines += [_line(made) for made in (*runs, judge, reading, read_judge, words)]
            results["casino"] = describe(run)
            results["casino"]["judge_jobs_cpu_ms_per_move"] = round(judge.cpu_ms, 3)
            results["casino"]["reading"] = describe(reading)
            results["casino"]["reading"]["judge_jobs_cpu_ms_per_move"] = round(read_judge.cpu_ms, 3)
            results["casino"]["judge_words"] = describe(words)
            if len(runs) > 1:
                results["casino"]["before"] = describe(runs[0])
            for made in (run, reading):
                if made.percentile(99) > CASINO_DEADLINE + 0.3:
                    failures.append(f"{made.name}: p99 {made.percentile(99):.2f} s")
        if "tables" in chosen:
            sizes = (2, 1, 3, 3, 0.2) if args.tiny else (50, 5, 8, 10 if quick else 30, 1.0)
            before = rss_mb(croupier.pid)
            run = drive(measured(croupier.pid, shared_tables(url, *sizes)))
            lines.append(_line(run))
            results["tables"] = {
                **describe(run),
                "server_rss_mb_before": round(before, 1),
                "server_rss_mb_after": round(rss_mb(croupier.pid), 1),
            }
            if run.percentile(99) > 0.200:
                failures.append(f"shared tables: delivery p99 {1000 * run.percentile(99):.0f} ms")
            if run.errors:
                failures.append(f"shared tables: {run.errors[:3]}")
        if "sessions" in chosen:
            count = args.sessions if args.tiny else 1_000 if quick else args.sessions
            run = drive(measured(croupier.pid, new_sessions(url, count)))
            lines.append(_line(run))
            time.sleep(1.0)
            # The server process(es): with several, the supervisor's direct children.
            servers = [croupier.pid] if args.workers == 1 else children(croupier.pid)
            memory = max(rss_mb(pid) for pid in servers)
            database = Path(state_dir) / "croupier.sqlite3"
            size = (
                sum(
                    p.stat().st_size
                    for p in Path(state_dir).iterdir()
                    if p.name.startswith("croupier.sqlite3")
                )
                / 1024
                / 1024
            )
            files = sorted(p.name for p in Path(state_dir).iterdir() if p.suffix == ".json")
            results["sessions"] = {
                **describe(run),
                "server_rss_mb": round(memory, 1),
                "all_processes_rss_mb": round(
                    sum(rss_mb(pid) for pid in [croupier.pid, *descendants(croupier.pid)]), 1
                ),
                "database_mb": round(size, 1),
                "database": database.name,
                "session_files": len(files),
            }
            if memory >= 250:
                failures.append(f"server RSS {memory:.0f} MB after {count} sessions")
            if files:
                failures.append(f"{len(files)} session files")
        if "abuse" in chosen:
            clients = drive(crowd(url, 200, 3 if quick else 5))
            junk = drive(garbage(url, 1 if quick else 3))
            still_open, opened = drive(slow_heads(url, 40, 13.0))
            lines += [_line(clients), _line(junk)]
            results["abuse"] = {
                "crowd": describe(clients),
                "garbage": describe(junk),
                "slow_heads_still_open": still_open,
                "slow_heads_opened": opened,
            }
            for run in (clients, junk):
                if run.server_errors or run.errors:
                    failures.append(f"{run.name}: {run.server_errors} 5xx, {run.errors[:3]}")
            if still_open:
                failures.append(f"{still_open} of {opened} slow-header connections still open")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"croupier serve vs a bare FastAPI app, {args.workers} server process(es) each, "
        f"on loopback; {os.cpu_count()} CPUs, load average {load} (shared machine)"
    )
    print(table(lines))
    if rounds > 1:
        print(
            f"each side-by-side line: the round of {rounds} with the highest rate; its CPU "
            "ms/req the median of the rounds'"
        )
    if "sessions" in results:
        s = results["sessions"]
        print(
            f"after {s['requests']:,} sessions: server RSS {s['server_rss_mb']} MB "
            f"(with its worker processes {s['all_processes_rss_mb']} MB), database "
            f"{s['database_mb']} MB, {s['session_files']} session files"
        )
    if "tables" in results:
        t = results["tables"]
        print(
            f"shared tables: server RSS {t['server_rss_mb_before']} MB before, "
            f"{t['server_rss_mb_after']} MB after"
        )
    if "abuse" in results:
        a = results["abuse"]
        print(
            "slow-header connections still open after 13 s: "
            f"{a['slow_heads_still_open']} of {a['slow_heads_opened']}"
        )
    results["load_average"] = os.getloadavg()
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    for failure in failures:
        print("target missed:", failure)
    if args.tiny:  # the figures of a tiny run mean nothing: only a crash fails it
        return 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
