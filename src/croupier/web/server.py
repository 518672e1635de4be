"""Running the app: uvicorn in one process, or several server processes on one socket.

``croupier serve`` parses its options into :class:`ServeSettings` and calls
:func:`run`. With one server process the app runs here; with ``workers`` processes,
each is started fresh (``spawn``) on the same listening socket and the same database,
builds its own app from the settings, and the kernel hands each new connection to one
of them: one machine's cores serve a class. The parent only watches them: a process
that dies is started again, and Ctrl-C or SIGTERM stops them all at once.

Each server process stops its worker pool (:class:`~croupier.web.compute.Compute`) the
moment it is told to stop, then lets the requests in flight end (for at most
:data:`GRACE_SECONDS`): a search in progress never holds the stop up.

:class:`GuardedH11Protocol` subclasses uvicorn's private HTTP/1.1 protocol to time request
heads (a head that took too long is answered 408 and its connection closed). uvicorn
does not promise to keep what it relies on, so :func:`http_protocol` uses
it only on the uvicorn versions it was tested with (:data:`TESTED_UVICORN`, the range
``pyproject.toml`` pins) and when the protocol still has the parts it uses; on any other
version the server runs uvicorn's stock protocol (request heads untimed) and says so in
its log, and ``tests/web/test_server.py`` fails, as the signal to check the subclass and
widen the range (as :mod:`croupier.cli.typerpatch` fences Typer).

Behind a reverse proxy every request comes from the proxy's address, and the limits
kept per address (wrong join codes, sessions) would hold for the whole class at once.
With ``trusted_proxies`` (``croupier serve --forwarded-allow-ips``), uvicorn's own
proxy-headers middleware takes the client's address from the ``X-Forwarded-For`` header
of requests coming from those addresses (and the scheme from ``X-Forwarded-Proto``);
without it no header is believed, whoever sends it (uvicorn alone would believe any
sent from loopback).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import ipaddress
import json
import logging
import multiprocessing
import signal
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Final

import h11
import uvicorn
from fastapi import FastAPI
from uvicorn.protocols.http.h11_impl import H11Protocol, RequestResponseCycle

from croupier.errors import CroupierError, quoted
from croupier.web.app import create_app
from croupier.web.guard import HEAD_SECONDS, SECURITY_HEADERS
from croupier.web.store import StoreLimits

__all__ = [
    "TESTED_UVICORN",
    "GuardedH11Protocol",
    "ServeSettings",
    "build_app",
    "http_protocol",
    "run",
    "settle_garbage_collector",
    "tested_uvicorn",
    "trusted_proxies",
]

log = logging.getLogger(__name__)

#: uvicorn versions :class:`GuardedH11Protocol` was tested with: from the first
#: (inclusive) to the second (exclusive), as (major, minor) pairs. ``pyproject.toml``
#: pins the same range.
TESTED_UVICORN: Final = ((0, 55), (0, 56))

#: Seconds the requests in flight get to end once the server is told to stop.
GRACE_SECONDS: Final = 2
#: Open connections one server process accepts at most (then 503).
MAX_CONNECTIONS: Final = 1_000
#: Seconds an idle keep-alive connection stays open.
KEEP_ALIVE_SECONDS: Final = 5
#: Restarts of dead server processes, at most, per run.
MAX_RESTARTS: Final = 20


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, cutting connections whose request head (its line
    and headers) takes over :data:`~croupier.web.guard.HEAD_SECONDS` to arrive: uvicorn
    alone waits for ever (a slow-header client could hold connections open).

    A connection that had sent part of a head is answered ``408 Request Timeout`` (the
    ``{"error": ...}`` of every refusal) before it is closed; one that sent nothing at
    all (a browser opens spare connections ahead of need) is closed without a word."""

    head_seconds: float = HEAD_SECONDS

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._head_timer: asyncio.TimerHandle | None = None
        self._arm_head_timer()
        # asyncio turns Nagle's algorithm off only when the listening socket was made
        # with IPPROTO_TCP; without it every small answer waits for a delayed ACK (~40 ms).
        raw = transport.get_extra_info("socket")
        if raw is not None and raw.family in (socket.AF_INET, socket.AF_INET6):
            with contextlib.suppress(OSError):
                raw.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def _arm_head_timer(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self.head_seconds, self._head_too_slow)

    def _cancel_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self.cycle is not None and not self.cycle.response_complete:
            return  # a request is being answered: its body's time is the guard's
        started, _ = self.conn.trailing_data  # the part of a head received, unparsed
        if started:
            self._send_408()
        self.transport.close()

    def _send_408(self) -> None:
        reason = f"the request head took over {self.head_seconds:g} seconds to arrive"
        body = json.dumps({"error": reason}).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
            *SECURITY_HEADERS,
        ]
        events = (
            h11.Response(status_code=408, headers=headers, reason=b"Request Timeout"),
            h11.Data(data=body),
            h11.EndOfMessage(),
        )
        # Not where h11 can answer (a response under way): the connection is only closed.
        with contextlib.suppress(h11.LocalProtocolError):
            self.transport.write(b"".join(self.conn.send(event) or b"" for event in events))

    def data_received(self, data: bytes) -> None:
        # Between requests, the first byte of the next one starts its clock.
        if self.cycle is None or self.cycle.response_complete:
            self._arm_head_timer()
        before = self.cycle
        super().data_received(data)
        if self.cycle is not before:  # a new request's head has been read
            self._cancel_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_head_timer()
        super().connection_lost(exc)


def tested_uvicorn(version: str) -> bool:
    """Whether a uvicorn ``version`` string lies in :data:`TESTED_UVICORN`.

    >>> tested_uvicorn("0.55.0"), tested_uvicorn("0.56.1"), tested_uvicorn("1.0")
    (True, False, False)
    >>> tested_uvicorn("not a version")
    False
    """
    parts = version.split(".")[:2]
    if len(parts) < 2 or not all(part.isdigit() for part in parts):
        return False
    low, high = TESTED_UVICORN
    return low <= (int(parts[0]), int(parts[1])) < high


#: What :class:`GuardedH11Protocol` uses of uvicorn's protocol and its request cycle.
_USED_PROTOCOL: Final = ("connection_made", "data_received", "connection_lost")
_USED_ATTRIBUTES: Final = ("conn", "cycle", "loop", "transport")


def _still_fits() -> bool:
    """Whether uvicorn's protocol still has what the subclass uses: its three methods,
    the attributes its constructor sets, and the cycle's ``response_complete``."""
    made = set(H11Protocol.__init__.__code__.co_names)
    cycle = set(RequestResponseCycle.__init__.__code__.co_names)
    return (
        all(callable(getattr(H11Protocol, name, None)) for name in _USED_PROTOCOL)
        and set(_USED_ATTRIBUTES) <= made
        and "response_complete" in cycle
    )


def http_protocol(version: str | None = None) -> type[asyncio.Protocol] | str:
    """The HTTP protocol the server runs: :class:`GuardedH11Protocol` on a tested uvicorn
    (``version``, default: the installed one) that still has what it uses, else
    uvicorn's stock ``"h11"`` (request heads untimed; the log says so)."""
    found = uvicorn.__version__ if version is None else version
    if tested_uvicorn(found) and _still_fits():
        return GuardedH11Protocol
    log.warning(
        "uvicorn %s is not a version croupier's request-head timer was tested with (%s): "
        "serving with uvicorn's own protocol, request heads untimed",
        found,
        TESTED_UVICORN,
    )
    return "h11"


@dataclass(frozen=True, slots=True)
class ServeSettings:
    """Everything a server process needs to build the app (picklable)."""

    state_dir: Path | None = None
    database: str | None = None
    limits: StoreLimits = field(default_factory=StoreLimits)
    compute_processes: int = 4
    join_code: str | None = None
    allowed_hosts: frozenset[str] | None = None
    #: Check every answer against its route's model (the tests do; a server need not).
    check_answers: bool = False
    #: The reverse proxies whose ``X-Forwarded-For`` is believed (:func:`trusted_proxies`;
    #: empty: none).
    trusted_proxies: tuple[str, ...] = ()
    #: The person's Casino puzzle history on a local server (``None``: each browser's own).
    puzzle_history: Path | None = None
    #: The person's saved poker ranges on a local server (``None``: each browser's own).
    saved_ranges: Path | None = None


def trusted_proxies(text: str) -> tuple[str, ...]:
    """The reverse proxies of ``--forwarded-allow-ips``: comma-separated addresses or
    networks, or ``*`` (any), each written as uvicorn compares it. Raises
    :class:`~croupier.errors.CroupierError` naming an item that is neither.

    >>> trusted_proxies("10.0.0.1, 192.168.1.0/24,::1")
    ('10.0.0.1', '192.168.1.0/24', '::1')
    >>> trusted_proxies("10.1.2.3/8"), trusted_proxies("*")
    (('10.0.0.0/8',), ('*',))
    >>> trusted_proxies("proxy.lan")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    croupier.errors.CroupierError: bad proxy 'proxy.lan': expected IP addresses or networks ...
    """
    items = [item.strip() for item in text.split(",")]
    if items == ["*"]:
        return ("*",)
    found: list[str] = []
    for item in items:
        try:
            if "/" in item:
                found.append(str(ipaddress.ip_network(item, strict=False)))
            else:
                found.append(str(ipaddress.ip_address(item)))
        except ValueError:
            raise CroupierError(
                f"bad proxy {quoted(item)}: expected IP addresses or networks separated by "
                "commas (10.0.0.1, 10.0.0.0/8), or * for any"
            ) from None
    return tuple(found)


def build_app(settings: ServeSettings) -> FastAPI:
    """The app of one server process."""
    return create_app(
        settings.state_dir,
        database=settings.database,
        limits=settings.limits,
        compute_processes=settings.compute_processes,
        join_code=settings.join_code,
        allowed_hosts=settings.allowed_hosts,
        check_answers=settings.check_answers,
        puzzle_history=settings.puzzle_history,
        saved_ranges=settings.saved_ranges,
    )


class CroupierServer(uvicorn.Server):
    """uvicorn's server, stopping the app's worker pool as soon as it is told to stop."""

    #: The signals that stopped the server (passed on once its loop has ended).
    stopped_by: list[int]

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        state = getattr(self.config.app, "state", None)
        hub = getattr(state, "hub", None)
        if hub is not None:  # the live streams end: their browsers connect again elsewhere
            hub.close()
        for pool in (getattr(state, "compute", None), getattr(state, "jobs", None)):
            pool = getattr(pool, "compute", pool)  # the jobs' pool of their own
            if pool is not None:
                pool.stop()
        super().handle_exit(sig, frame)

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        """uvicorn's, but the signals that stopped the server are passed on by :meth:`run`
        once the event loop has ended, not from inside it: a Ctrl-C while the app was
        starting reached the loop's own handler there, which cancelled the app's start
        and logged its traceback."""
        with super().capture_signals():
            try:
                yield
            finally:
                self.stopped_by = [*self._captured_signals]
                self._captured_signals.clear()

    def run(self, sockets: list[socket.socket] | None = None) -> None:
        self.stopped_by = []
        super().run(sockets=sockets)
        for number in reversed(self.stopped_by):  # as uvicorn would, last first
            handler = signal.getsignal(number)
            if callable(handler):
                handler(number, None)  # here and now (the command stops on it)
            elif handler == signal.SIG_DFL:
                signal.raise_signal(number)


def _config(app: FastAPI, proxies: tuple[str, ...] = ()) -> uvicorn.Config:
    return uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        lifespan="on",
        http=http_protocol(),
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        timeout_graceful_shutdown=GRACE_SECONDS,
        limit_concurrency=MAX_CONNECTIONS,
        # uvicorn believes X-Forwarded-For from loopback unless told otherwise.
        proxy_headers=bool(proxies),
        forwarded_allow_ips=list(proxies) or None,
    )


def serve_here(app: FastAPI, listener: socket.socket, proxies: tuple[str, ...] = ()) -> None:
    """Serve ``app`` in this process until Ctrl-C or SIGTERM (its worker processes
    started first), believing the forwarded addresses of ``proxies``."""
    from croupier.parallel import sigint_deferred

    # A Ctrl-C (or SIGTERM) while the workers start waits for them to be up, then stops
    # the command: a worker cut off half-started would outlive the server and print its
    # failure to find the pool's semaphores.
    with sigint_deferred():
        app.state.compute.warm()
        app.state.jobs.compute.warm()
    settle_garbage_collector()
    for game in app.state.games:  # while the server answers already
        if game.warm is not None:
            threading.Thread(target=game.warm, name=f"warm-{game.key}", daemon=True).start()
    CroupierServer(_config(app, proxies)).run(sockets=[listener])


def settle_garbage_collector() -> None:
    """Keep the objects made while starting (the modules, the app, its routes and
    models: over a hundred thousand) out of the garbage collector's way from now on.

    Python's collector goes through every object it tracks in its full collections, and
    a server answering requests makes enough new objects to start one every few hundred
    requests: each then took tens of milliseconds (the p99 of a Baccarat deal) to go
    through objects that live as long as the server. Frozen, they are never gone
    through again (they are never garbage either).
    """
    gc.collect()
    gc.freeze()


def _child(settings: ServeSettings, listener: socket.socket) -> None:
    """One server process of several (started by :func:`run`)."""
    serve_here(build_app(settings), listener, settings.trusted_proxies)


def run(settings: ServeSettings, listener: socket.socket, workers: int = 1) -> None:
    """Serve on ``listener`` with ``workers`` server processes until Ctrl-C or SIGTERM."""
    if workers <= 1:
        serve_here(build_app(settings), listener, settings.trusted_proxies)
        return
    _Supervisor(settings, listener, workers).run()


class _Supervisor:
    """Starts ``workers`` server processes, restarts those that die, stops them all."""

    def __init__(self, settings: ServeSettings, listener: socket.socket, workers: int) -> None:
        # Each server process has its own pool: a connection's games never wait for
        # another process's (the pools start their workers only when needed).
        self.settings = settings
        self.listener = listener
        self.workers = workers
        self.context = multiprocessing.get_context("spawn")
        self.processes: list[multiprocessing.process.BaseProcess] = []
        self.stop = threading.Event()

    def _start(self) -> multiprocessing.process.BaseProcess:
        # Started ignoring Ctrl-C: uvicorn installs its own handler once it runs, and
        # a Ctrl-C before that must not print a half-started process's traceback.
        from croupier.parallel import sigint_ignored

        with sigint_ignored():
            process = self.context.Process(
                target=_child, args=(self.settings, self.listener), name="croupier-server"
            )
            process.start()
        return process

    def run(self) -> None:
        from croupier.parallel import start_quiet_resource_tracker

        # One quiet tracker for every process (the children share it): worker pools
        # stopped at once leave semaphores it removes without a warning on the screen.
        start_quiet_resource_tracker()
        received: list[int] = []

        def stop(number: int, frame: FrameType | None) -> None:
            received.append(number)
            self.stop.set()

        previous = {
            number: signal.signal(number, stop) for number in (signal.SIGINT, signal.SIGTERM)
        }
        restarts = 0
        try:
            self.processes = [self._start() for _ in range(self.workers)]
            while not self.stop.wait(0.2):
                for index, process in enumerate(self.processes):
                    if process.is_alive() or self.stop.is_set():
                        continue
                    if restarts >= MAX_RESTARTS:
                        self.stop.set()
                        break
                    restarts += 1
                    self.processes[index] = self._start()
        finally:
            self._stop_all()
            for number, handler in previous.items():
                signal.signal(number, handler)
        if received:  # to the command's own handler now, as a single process does
            signal.raise_signal(received[0])

    def _stop_all(self) -> None:
        for process in self.processes:
            if process.is_alive() and process.pid is not None:
                with contextlib.suppress(ProcessLookupError):
                    process.terminate()
        deadline = time.monotonic() + GRACE_SECONDS + 3
        for process in self.processes:
            process.join(timeout=max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join(timeout=2)
