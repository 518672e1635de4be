"""Per-browser sessions: a random id in an HttpOnly, SameSite cookie, and the games'
state kept on the server under that id, saved to disk after every change.

Each game keeps its state in a named :class:`Slot` of the session: an object with a
``to_dict()`` method, and a loader that rebuilds it from that dict. A request opens its
session with :func:`open_session`; inside the ``with`` block it holds the session's lock
(one request at a time per browser), and on a clean exit every slot it changed with
:meth:`Session.put` is saved. If the block raises, the changes are dropped and the
session goes back to its last saved state, so a failed request never leaves a game
half-changed.

Saved sessions live in one JSON file each under the state directory, written atomically
(a temporary file, then a rename), so a crash or restart loses nothing that was saved.
Without a directory, sessions live in memory only (tests, ``croupier serve --no-save``).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import secrets
import tempfile
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Generic, Protocol, TypeVar

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from croupier.errors import CroupierError

__all__ = [
    "COOKIE_NAME",
    "Session",
    "SessionCookieMiddleware",
    "SessionStore",
    "Slot",
    "default_state_dir",
    "open_session",
]

log = logging.getLogger(__name__)

#: The cookie holding the session id.
COOKIE_NAME: Final = "croupier_session"
#: How long the browser keeps the cookie (seconds): a year.
COOKIE_MAX_AGE: Final = 365 * 24 * 3600
#: Session ids are 32 random bytes, URL-safe base64: 43 characters.
_SESSION_ID: Final = re.compile(r"[A-Za-z0-9_-]{43}")
#: Sessions kept decoded in memory; older ones are reloaded from disk when they return.
MEMORY_SESSIONS: Final = 2_000
#: Format version of a session file.
FILE_VERSION: Final = 1


class Saveable(Protocol):
    """Game state a session can hold: it turns itself into JSON-ready data."""

    def to_dict(self) -> dict[str, Any]: ...


T = TypeVar("T", bound=Saveable)


@dataclass(frozen=True, slots=True)
class Slot(Generic[T]):
    """A named place for one game's state in every session, and how to rebuild it.

    ``load`` gets the dict the state's ``to_dict()`` gave and raises a croupier error
    (or ``KeyError``/``TypeError``/``ValueError``) if the data is bad: the slot is then
    treated as empty, as for a new browser.
    """

    name: str
    load: Callable[[Mapping[str, Any]], T]


def default_state_dir() -> Path:
    """Where sessions are saved: ``$CROUPIER_STATE_DIR``, else the user's state directory
    (``$XDG_STATE_HOME/croupier/web``, ``~/.local/state/croupier/web``)."""
    explicit = os.environ.get("CROUPIER_STATE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "croupier" / "web"


class Session:
    """One browser's games. Use it inside :func:`open_session` only."""

    def __init__(self, session_id: str, saved: dict[str, dict[str, Any]]) -> None:
        self.id = session_id
        self.lock = threading.Lock()
        #: Each slot's data as last saved.
        self._saved = saved
        #: Decoded states, and the slots changed since the last save.
        self._live: dict[str, Saveable] = {}
        self._changed: set[str] = set()

    def get(self, slot: Slot[T]) -> T | None:
        """The state in ``slot``, or ``None`` when this browser has none (or it was bad)."""
        live = self._live.get(slot.name)
        if live is not None:
            return live  # type: ignore[return-value]  # each slot holds one type
        data = self._saved.get(slot.name)
        if data is None:
            return None
        try:
            state = slot.load(data)
        except (CroupierError, KeyError, TypeError, ValueError) as exc:
            log.warning("session %s…: dropping bad %s state: %s", self.id[:6], slot.name, exc)
            return None
        self._live[slot.name] = state
        return state

    def put(self, slot: Slot[T], state: T) -> None:
        """Store ``state`` in ``slot``; it is saved when the request ends without error."""
        self._live[slot.name] = state
        self._changed.add(slot.name)

    def clear(self, slot: Slot[T]) -> None:
        """Empty ``slot`` (saved when the request ends without error)."""
        self._live.pop(slot.name, None)
        self._saved.pop(slot.name, None)
        self._changed.add(slot.name)

    def _commit(self) -> bool:
        """Fold the changes into the saved data; True if there was any."""
        if not self._changed:
            return False
        for name in self._changed:
            if name in self._live:
                self._saved[name] = self._live[name].to_dict()
        self._changed.clear()
        return True

    def _rollback(self) -> None:
        self._live.clear()
        self._changed.clear()


class SessionStore:
    """Every session, by id; saved under ``directory`` (``None``: memory only)."""

    def __init__(self, directory: Path | None) -> None:
        self.directory = directory
        if directory is not None:
            directory.mkdir(parents=True, exist_ok=True, mode=0o700)
            self.prune()
        self._lock = threading.Lock()
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        #: Ids handed out by this server that have not saved anything yet.
        self._issued: OrderedDict[str, None] = OrderedDict()

    def prune(self, max_age: float = COOKIE_MAX_AGE) -> int:
        """Delete the files of sessions unused for ``max_age`` seconds (their cookies have
        expired) and temporary files left by a crash; returns how many went."""
        if self.directory is None:
            return 0
        now, removed = time.time(), 0
        for path in self.directory.iterdir():
            stale = path.name.startswith(".session-") and now - path.stat().st_mtime > 3600
            old = path.suffix == ".json" and now - path.stat().st_mtime > max_age
            if stale or old:
                with contextlib.suppress(OSError):
                    path.unlink()
                    removed += 1
        return removed

    def new_id(self) -> str:
        """A fresh random session id (remembered as valid)."""
        session_id = secrets.token_urlsafe(32)
        with self._lock:
            self._issued[session_id] = None
            while len(self._issued) > 10 * MEMORY_SESSIONS:
                self._issued.popitem(last=False)
        return session_id

    def knows(self, session_id: str | None) -> bool:
        """True for an id this store handed out or saved (anything else gets a new id)."""
        if session_id is None or not _SESSION_ID.fullmatch(session_id):
            return False
        with self._lock:
            if session_id in self._sessions or session_id in self._issued:
                return True
        path = self._path(session_id)
        return path is not None and path.is_file()

    def session(self, session_id: str) -> Session:
        """The session ``session_id`` (loaded from disk on first use)."""
        if not _SESSION_ID.fullmatch(session_id):
            raise ValueError("bad session id")
        with self._lock:
            session = self._sessions.get(session_id)
            if session is not None:
                self._sessions.move_to_end(session_id)
                return session
            session = Session(session_id, self._read(session_id))
            self._sessions[session_id] = session
            # On disk, old sessions can leave memory; in memory only, they are kept up to
            # ten times as many (then the oldest are forgotten: the store stays bounded).
            limit = MEMORY_SESSIONS if self.directory is not None else 10 * MEMORY_SESSIONS
            while len(self._sessions) > limit:
                old_id, old = next(iter(self._sessions.items()))
                if old.lock.locked():
                    break
                del self._sessions[old_id]
            return session

    def save(self, session: Session) -> None:
        """Write ``session`` to disk atomically (nothing to do in memory-only mode)."""
        path = self._path(session.id)
        if path is None:
            return
        text = json.dumps({"version": FILE_VERSION, "games": session._saved}, separators=(",", ":"))
        handle, temporary = tempfile.mkstemp(prefix=".session-", dir=path.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
            # The rename is atomic: a reader (or a restarted server) sees the old file or
            # the new one, never half of one. No fsync: it would cost more than the
            # request itself, and it only matters if the machine itself crashes.
            os.replace(temporary, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise

    def _path(self, session_id: str) -> Path | None:
        return None if self.directory is None else self.directory / f"{session_id}.json"

    def _read(self, session_id: str) -> dict[str, dict[str, Any]]:
        path = self._path(session_id)
        if path is None or not path.is_file():
            return {}
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            games = data["games"]
            if data["version"] != FILE_VERSION or not isinstance(games, dict):
                raise ValueError(f"unknown session file version {data['version']!r}")
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log.warning(
                "session %s…: unreadable save file, starting afresh: %s", session_id[:6], exc
            )
            return {}
        return {str(k): v for k, v in games.items() if isinstance(v, dict)}


@contextlib.contextmanager
def open_session(request: Request) -> Iterator[Session]:
    """This browser's session, locked for the request; changes are saved on a clean exit."""
    store: SessionStore = request.app.state.sessions
    session = store.session(request.scope["state"]["session_id"])
    with session.lock:
        try:
            yield session
        except BaseException:
            session._rollback()
            raise
        if session._commit():
            store.save(session)


class SessionCookieMiddleware:
    """Gives every browser a session id: the cookie's if this server knows it, else a new
    random one sent back in an ``HttpOnly; SameSite=Strict`` cookie. Static files get
    none. The id is in ``request.scope["state"]["session_id"]``."""

    def __init__(self, app: ASGIApp, store: SessionStore, static_prefix: str = "/static/") -> None:
        self.app = app
        self.store = store
        self.static_prefix = static_prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].startswith(self.static_prefix):
            await self.app(scope, receive, send)
            return
        cookie = _cookie(scope, COOKIE_NAME)
        fresh = not self.store.knows(cookie)
        session_id = self.store.new_id() if fresh else cookie
        scope.setdefault("state", {})["session_id"] = session_id

        async def send_with_cookie(message: Message) -> None:
            if fresh and message["type"] == "http.response.start":
                value = (
                    f"{COOKIE_NAME}={session_id}; Path=/; Max-Age={COOKIE_MAX_AGE}; "
                    "HttpOnly; SameSite=Strict"
                )
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"set-cookie", value.encode())]
            await send(message)

        await self.app(scope, receive, send_with_cookie)


def _cookie(scope: Scope, name: str) -> str | None:
    headers: list[tuple[bytes, bytes]] = scope.get("headers", [])
    for key, value in headers:
        if key == b"cookie":
            for part in value.decode("latin-1").split(";"):
                k, _, v = part.strip().partition("=")
                if k == name:
                    return v
    return None
