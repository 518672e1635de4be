"""Live updates of the shared tables: who watches which table in this server process, and
the news that a table changed, wherever the change was made.

A browser at a shared table (a player, or a watcher) holds one server-sent events stream
(:func:`stream`) open to whichever server process its connection reached. Each stream is
a :class:`Watcher` of its table in this process's :class:`Hub`. A table's news reaches
the hub two ways:

- a change made by this process (a move through one of its routes) is told to the hub
  the moment the store has taken it (:meth:`Hub.changed`): its watchers wake at once;
- a change made by another process (several server processes, or several hosts, on one
  database) is found by the hub's poll of the store: every :data:`POLL_SECONDS`, while
  this process has watchers, one query reads the versions of the tables they watch
  (:meth:`~croupier.web.store.base.Store.table_versions`), and the watchers of each table
  whose version moved wake.

A woken watcher's stream reads the table (from the process's memory when its version is
the one kept there, else from the store), builds the view of its viewer (a player's own
hand, never the other's; a watcher's, no hand at all) and sends it as one event, with
the table's version as its id. A stream sends the whole view every time, so a browser
that missed events (a dropped connection, a sleeping laptop) is up to date with the next
one; a stream ends after :data:`STREAM_SECONDS` (the browser's ``EventSource`` connects
again by itself) and sends a comment every :data:`HEARTBEAT_SECONDS`, so a connection
that died unseen is found and a proxy keeps it open.

Timers: a table may ask to be looked at again at a given time (a shared Baccarat table's
betting window closing): :meth:`Hub.at` keeps the time, and the poll calls the table's
``due`` callback once it has passed. Every process watching the table tries; the store's
version check lets one of them change it.

The design, and why not PostgreSQL's ``LISTEN``/``NOTIFY``, is explained in the docs
(``docs/explanation/live-updates.md``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Final

from anyio import to_thread
from starlette.responses import StreamingResponse

from croupier.web.store import Store, StoreError

__all__ = [
    "HEARTBEAT_SECONDS",
    "POLL_SECONDS",
    "STREAM_SECONDS",
    "EventStream",
    "Hub",
    "Watcher",
    "event_text",
    "stream",
]

log = logging.getLogger(__name__)

#: Seconds between two reads of the watched tables' versions (changes made by another
#: server process reach this one's browsers within this, plus the read).
POLL_SECONDS: Final = 0.2
#: Seconds between two heartbeat comments on a quiet stream.
HEARTBEAT_SECONDS: Final = 15.0
#: Seconds a stream stays open before it ends (the browser connects again by itself).
STREAM_SECONDS: Final = 300.0
#: Watchers one server process keeps at most (beyond: a 503, as any busy server).
MAX_WATCHERS: Final = 2_000


class EventStream(StreamingResponse):
    """A stream of server-sent events (the OpenAPI description says so)."""

    media_type = "text/event-stream"


@dataclass(eq=False, slots=True)
class Watcher:
    """One stream's watch on one table: woken when the table's version moves."""

    table: str
    version: int = -1
    woken: asyncio.Event = field(default_factory=asyncio.Event)

    async def wait(self, seconds: float) -> bool:
        """Wait until the table changes (True) or ``seconds`` pass (False)."""
        try:
            await asyncio.wait_for(self.woken.wait(), seconds)
        except TimeoutError:
            return False
        self.woken.clear()
        return True


class Hub:
    """This server process's watchers, by table, and the poll that finds the changes made
    by other processes (see the module's notes)."""

    def __init__(self, store: Store, *, poll_seconds: float = POLL_SECONDS) -> None:
        self.store = store
        self.poll_seconds = poll_seconds
        self._watchers: dict[str, set[Watcher]] = {}
        #: The newest version of each watched table this process knows.
        self._versions: dict[str, int] = {}
        #: When each table wants to be looked at again, and what to call then.
        self._timers: dict[str, tuple[float, Callable[[str], Awaitable[None]]]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        #: The poll of each event loop serving the app (one, but for an app served by
        #: several test clients at once).
        self._pollers: dict[asyncio.AbstractEventLoop, asyncio.Task[None]] = {}
        self._closing = False

    @property
    def watchers(self) -> int:
        """Streams open in this process."""
        return sum(len(found) for found in self._watchers.values())

    def watching(self, table: str) -> int:
        """Streams of ``table`` open in this process."""
        return len(self._watchers.get(table, ()))

    async def start(self) -> None:
        """Start the poll (on the running loop; again after :meth:`stop`)."""
        loop = asyncio.get_running_loop()
        self._loop = loop
        self._closing = False
        poller = self._pollers.get(loop)
        if poller is None or poller.done():
            self._pollers[loop] = loop.create_task(self._poll(), name="croupier-live-poll")

    async def stop(self) -> None:
        """End every stream and the running loop's poll."""
        self.close()
        poller = self._pollers.pop(asyncio.get_running_loop(), None)
        if poller is not None:
            poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await poller

    def close(self) -> None:
        """End every stream now (the server is stopping; thread-safe)."""
        self._closing = True
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._wake_all)

    @property
    def closing(self) -> bool:
        """Whether the streams should end (the server is stopping)."""
        return self._closing

    def _wake_all(self) -> None:
        for found in self._watchers.values():
            for watcher in found:
                watcher.woken.set()

    @contextlib.contextmanager
    def watch(self, table: str) -> Iterator[Watcher]:
        """A watcher of ``table`` for the ``with`` block (its stream's life), on the event
        loop. It watches before its stream reads the table: no change falls between."""
        if self.watchers >= MAX_WATCHERS:
            from croupier.web.errors import ApiError

            raise ApiError(503, "the server follows as many tables as it can: try again soon")
        watcher = Watcher(table)
        self._watchers.setdefault(table, set()).add(watcher)
        self._versions.setdefault(table, -1)
        try:
            yield watcher
        finally:
            found = self._watchers.get(table)
            if found is not None:
                found.discard(watcher)
                if not found:
                    del self._watchers[table]
                    self._versions.pop(table, None)
                    self._timers.pop(table, None)

    def changed(self, table: str, version: int) -> None:
        """The store holds ``version`` of ``table`` now (thread-safe: a route's thread may
        say so): its watchers in this process wake."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._wake(table, version)
        else:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(self._wake, table, version)

    def _wake(self, table: str, version: int) -> None:
        if table not in self._watchers or version <= self._versions.get(table, -1):
            return
        self._versions[table] = version
        for watcher in self._watchers.get(table, ()):
            if version > watcher.version:
                watcher.woken.set()

    def at(self, table: str, when: float | None, due: Callable[[str], Awaitable[None]]) -> None:
        """Call ``due(table)`` once ``time.time()`` passes ``when`` (``None``: never),
        while this process watches the table (on the event loop)."""
        if when is None:
            self._timers.pop(table, None)
        else:
            self._timers[table] = (when, due)

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(self.poll_seconds)
            tables = list(self._watchers)
            if not tables:
                continue
            try:
                versions = await to_thread.run_sync(self.store.table_versions, tables)
            except StoreError as exc:  # busy or failing: the next poll tries again
                log.warning("live updates: the store did not answer: %s", exc)
                continue
            for table, version in versions.items():
                self._wake(table, version)
            now = time.time()
            for table, (when, due) in list(self._timers.items()):
                if now >= when and self._timers.get(table, (0.0, None))[0] == when:
                    del self._timers[table]
                    try:
                        await due(table)
                    except Exception:  # a bug: logged, the poll goes on
                        log.exception("live updates: the timer of table %s failed", table)


def event_text(version: int, data: bytes, kind: str = "table") -> bytes:
    """One server-sent event: its id (the table's version), its kind and its JSON.

    >>> event_text(3, b'{"a":1}')
    b'id: 3\\nevent: table\\ndata: {"a":1}\\n\\n'
    """
    return b"id: %d\nevent: %s\ndata: %s\n\n" % (version, kind.encode(), data)


async def stream(
    hub: Hub, table: str, update: Callable[[], Awaitable[tuple[int, bytes] | None]]
) -> AsyncIterator[bytes]:
    """A table's events for one viewer: its view now, then again each time the table
    changes (``update()`` gives the table's version and the view's JSON, ``None`` when
    the table is gone), a heartbeat comment on a quiet stream, until
    :data:`STREAM_SECONDS` have passed or the server stops."""
    end = time.monotonic() + STREAM_SECONDS
    with hub.watch(table) as watcher:
        fresh = await update()
        if fresh is None:
            yield b"event: gone\ndata: {}\n\n"
            return
        watcher.version, data = fresh
        yield b"retry: 1000\n" + event_text(watcher.version, data)
        while not hub.closing:
            left = end - time.monotonic()
            if left <= 0:
                break
            if not await watcher.wait(min(HEARTBEAT_SECONDS, left)):
                yield b": still here\n\n"
                continue
            if hub.closing:
                break
            fresh = await update()
            if fresh is None:
                yield b"event: gone\ndata: {}\n\n"
                break
            seen, data = fresh
            if seen > watcher.version:
                watcher.version = seen
                yield event_text(seen, data)
