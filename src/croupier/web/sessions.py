"""Per-browser sessions: a signed random id in an HttpOnly, SameSite cookie, and the
games' state kept in the store (:mod:`croupier.web.store`) under that id.

Each game keeps its state in a named :class:`Slot` of the session: an object with a
``to_dict()`` method, and a loader that rebuilds it from that dict. A route declares the
session (or one game's seat in it) as a dependency
(:mod:`croupier.web.dependencies`); when the route returns, every slot it changed with
:meth:`Session.put` is written, in one transaction, and only those. If the route raises,
nothing is written and the game stays as last saved, so a failed request never leaves a
game half-changed.

No lock is held across a request: every game is read with its version, and written
only if that version is still current. When two requests of one browser change the same
game at once (two tabs, or two server processes), the first to finish wins and the
other is refused with a 409 that says so; nothing is lost or mixed.

Each server process keeps the decoded games it used last (:data:`MEMORY_GAMES` of
them), so a request whose game has not changed elsewhere does not read or decode it
again; a game in use by one request is never handed to another at the same time. When
the route ends the games go back to that memory, where the next request may take and
change them: a route builds its answer before it returns.

Session ids are 16 random bytes and a 16-byte signature (HMAC-SHA256 with the store's
key), so every server process sharing the database recognises the ids of the others
without remembering them, and a made-up id is refused at once.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import os
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Generic, Protocol, TypeVar

from anyio import to_thread
from pydantic_core import to_json
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from croupier.errors import CroupierError
from croupier.web.compute import Party, current_party
from croupier.web.errors import ApiError, log_store_error, one_line
from croupier.web.store import Change, SessionLimit, Store, StoreError

__all__ = [
    "COOKIE_NAME",
    "Session",
    "SessionCookieMiddleware",
    "SessionIds",
    "Sessions",
    "Slot",
    "default_state_dir",
]

log = logging.getLogger(__name__)

#: The cookie holding the session id.
COOKIE_NAME: Final = "croupier_session"
#: How long the browser keeps the cookie (seconds): a year. The server forgets a
#: session sooner when it goes unused (see :class:`~croupier.web.store.StoreLimits`).
COOKIE_MAX_AGE: Final = 365 * 24 * 3600
#: Decoded games each server process keeps for the next request.
MEMORY_GAMES: Final = 1_000
#: Client addresses whose keyed hash each server process remembers.
CLIENT_KEYS: Final = 4_096
#: Bytes of randomness and of signature in a session id.
_RANDOM, _SIGNATURE = 16, 16


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
    """Where sessions are saved: ``$CROUPIER_STATE_DIR``, else ``web`` in the user's state
    folder (:func:`croupier.userdirs.state_directory`: on Linux
    ``$XDG_STATE_HOME/croupier/web``, by default ``~/.local/state/croupier/web``)."""
    explicit = os.environ.get("CROUPIER_STATE_DIR")
    if explicit:
        return Path(explicit)
    from croupier import userdirs

    return userdirs.state_directory() / "web"


class SessionIds:
    """Makes and checks signed session ids with ``key``.

    >>> ids = SessionIds(b"k" * 32)
    >>> new = ids.new()
    >>> other = new[:9] + ("A" if new[9] != "A" else "B") + new[10:]  # the last has spare bits
    >>> len(new), ids.valid(new), ids.valid(other)
    (43, True, False)
    >>> ids.valid("../../etc/passwd"), SessionIds(b"other key").valid(new)
    (False, False)
    """

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._clients: dict[str, str] = {}
        #: The last :data:`CLIENT_KEYS` ids found valid (each checked once, not on every
        #: request of its browser).
        self._valid: dict[str, None] = {}

    def _sign(self, random: bytes) -> bytes:
        return hmac.new(self._key, random, hashlib.sha256).digest()[:_SIGNATURE]

    def new(self) -> str:
        """A fresh random id, signed."""
        random = secrets.token_bytes(_RANDOM)
        return base64.urlsafe_b64encode(random + self._sign(random)).decode().rstrip("=")

    def valid(self, session_id: str | None) -> bool:
        """Whether ``session_id`` was made by :meth:`new` with this key."""
        if session_id is None or len(session_id) != 43:
            return False
        if session_id in self._valid:
            return True
        try:
            raw = base64.urlsafe_b64decode(session_id + "=")
        except ValueError:
            return False
        if len(raw) != _RANDOM + _SIGNATURE or not session_id.isascii():
            return False
        if not hmac.compare_digest(raw[_RANDOM:], self._sign(raw[:_RANDOM])):
            return False
        if len(self._valid) >= CLIENT_KEYS:
            self._valid.clear()
        self._valid[session_id] = None
        return True

    def client_key(self, address: str) -> str:
        """A client address as the store keeps it: a keyed hash, not the address (each
        address's hash made once, for the last :data:`CLIENT_KEYS` addresses)."""
        known = self._clients.get(address)
        if known is None:
            mac = hmac.new(self._key, b"client:" + address.encode(), hashlib.sha256)
            known = mac.hexdigest()[:24]
            if len(self._clients) >= CLIENT_KEYS:
                self._clients.clear()
            self._clients[address] = known
        return known


class _Memory:
    """The games this process decoded last, by session and slot, with their version. A
    game taken by a request is out of the memory until that request gives it back."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._lock = threading.Lock()
        self._games: OrderedDict[tuple[str, str], tuple[int, Saveable]] = OrderedDict()

    def take(self, session_id: str, name: str, version: int) -> Saveable | None:
        with self._lock:
            kept = self._games.pop((session_id, name), None)
        if kept is None or kept[0] != version:
            return None
        return kept[1]

    def give(self, session_id: str, name: str, version: int, state: Saveable) -> None:
        with self._lock:
            self._games[(session_id, name)] = (version, state)
            self._games.move_to_end((session_id, name))
            while len(self._games) > self.size:
                self._games.popitem(last=False)

    def __len__(self) -> int:
        return len(self._games)


class Sessions:
    """Every browser's games: the store, the id signer and this process's memory."""

    def __init__(self, store: Store, *, memory: int = MEMORY_GAMES) -> None:
        self.store = store
        self.ids = SessionIds(store.secret())
        self.memory = _Memory(memory)

    def knows(self, session_id: str | None) -> bool:
        """True for an id signed by this store's key, or one a save file of an older
        croupier brought in (anything else gets a new id)."""
        if session_id is None:
            return False
        if self.ids.valid(session_id):
            return True
        return len(session_id) == 43 and session_id.isascii() and self.store.exists(session_id)

    def new_id(self) -> str:
        """A fresh signed session id."""
        return self.ids.new()


class Session:
    """One browser's games during one request (a route gets it as a dependency: see
    :mod:`croupier.web.dependencies`). ``inline``: the store is read and written on the
    calling thread (a local database, a known browser), else on a worker thread."""

    def __init__(
        self, sessions: Sessions, session_id: str, client: str | None, *, inline: bool = False
    ) -> None:
        self.id = session_id
        self.inline = inline
        self._sessions = sessions
        self._client = client
        #: Each saved game's version, as read when the request began.
        self._versions: dict[str, int] = {}
        #: Decoded states taken for this request, and the slots changed.
        self._live: dict[str, Saveable] = {}
        self._changed: set[str] = set()

    def begin(self) -> None:
        """Read which games the browser has, and their versions (at the request's start)."""
        self._versions = self._sessions.store.versions(self.id) or {}

    def get(self, slot: Slot[T]) -> T | None:
        """The state in ``slot``, or ``None`` when this browser has none (or it was bad)."""
        name = slot.name
        if name in self._live:
            return self._live[name]  # type: ignore[return-value]  # each slot holds one type
        version = self._versions.get(name)
        if version is None or name in self._changed:
            return None
        state = self._sessions.memory.take(self.id, name, version)
        if state is None:
            state = self._load(slot)
            if state is None:
                return None
        self._live[name] = state
        return state  # type: ignore[return-value]

    def _load(self, slot: Slot[T]) -> T | None:
        fetched = self._sessions.store.fetch(self.id, slot.name)
        if fetched is None:
            self._versions.pop(slot.name, None)
            return None
        self._versions[slot.name], text = fetched
        try:
            return slot.load(json.loads(text))
        except (CroupierError, KeyError, TypeError, ValueError) as exc:
            log.warning("session %s…: dropping bad %s state: %s", self.id[:6], slot.name, exc)
            return None

    def put(self, slot: Slot[T], state: T) -> None:
        """Store ``state`` in ``slot``; it is saved when the request ends without error."""
        self._live[slot.name] = state
        self._changed.add(slot.name)

    def clear(self, slot: Slot[T]) -> None:
        """Empty ``slot`` (saved when the request ends without error)."""
        self._live.pop(slot.name, None)
        self._changed.add(slot.name)

    def commit(self) -> None:
        """Write the changed games (each only if no other request changed it since), then
        give the decoded games back to the process's memory."""
        changes: dict[str, Change] = {}
        for name in self._changed:
            version = self._versions.get(name)
            state = self._live.get(name)
            if state is not None:
                # Pydantic's compiled writer: the standard library's encoder is a few
                # times slower, and a game is written after every change. NaN and
                # infinities are written as JSON's readers (json.loads) take them.
                text = to_json(state.to_dict(), inf_nan_mode="constants").decode()
                changes[name] = Change(version, text)
            elif version is not None:
                changes[name] = Change(version, None)
        if changes and not self._sessions.store.commit(self.id, self._client, changes):
            raise ApiError(
                409,
                "this game changed in another tab or request meanwhile: reload the page "
                "to see it as it is now",
            )
        memory = self._sessions.memory
        for name, state in self._live.items():
            old = self._versions.get(name)
            new = old if name not in changes else (1 if old is None else old + 1)
            if new is not None:
                memory.give(self.id, name, new, state)


class SessionCookieMiddleware:
    """Gives every browser a session id: the cookie's if it is signed by this store's
    key, else a new one sent back in an ``HttpOnly; SameSite=Strict`` cookie. Static
    files get none. The id is in ``request.scope["state"]["session_id"]``, the client's
    address (as a keyed hash) in ``["client_key"]``.

    It also saves the session a route opened (``["session"]``, put there by the route's
    dependency: :mod:`croupier.web.dependencies`) as the answer begins, when the route
    returned without error (a status under 400): before the answer leaves, and only
    then. A save that fails (another request changed the game meanwhile, a busy or
    failing database, an address over its cap) replaces the answer with its one-line
    refusal: a change not saved is never answered as if it were.
    """

    def __init__(self, app: ASGIApp, sessions: Sessions, static_prefix: str = "/static/") -> None:
        self.app = app
        self.sessions = sessions
        self.static_prefix = static_prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].startswith(self.static_prefix):
            await self.app(scope, receive, send)
            return
        cookie = _cookie(scope, COOKIE_NAME)
        known = self.sessions.ids.valid(cookie)
        if not known and cookie is not None and len(cookie) == 43:
            known = await to_thread.run_sync(self.sessions.knows, cookie)
        fresh = not known or cookie is None
        session_id = cookie if cookie is not None and not fresh else self.sessions.new_id()
        state = scope.setdefault("state", {})
        state["session_id"] = session_id
        client = scope.get("client")
        state["client_key"] = self.sessions.ids.client_key(client[0] if client else "unknown")

        refused = False

        async def send_with_cookie(message: Message) -> None:
            nonlocal refused
            if refused:  # the save failed: the route's answer is not sent
                return
            if message["type"] == "http.response.start":
                opened: Session | None = state.get("session")
                if opened is not None and message["status"] < 400:
                    refusal = await _save(opened)
                    if refusal is not None:
                        refused = True
                        status, reason = refusal
                        message = {
                            "type": "http.response.start",
                            "status": status,
                            "headers": [(b"content-type", b"application/json")],
                        }
                        await send(_with_cookie(message, fresh, session_id))
                        body = json.dumps({"error": reason}).encode()
                        await send({"type": "http.response.body", "body": body})
                        return
                message = _with_cookie(message, fresh, session_id)
            await send(message)

        state["fresh_session"] = fresh
        # Whose work this request asks the worker pools for: its address and session
        # (a request without a session yet counts with its address's other such ones).
        current_party.set(Party(state["client_key"], "" if fresh else session_id))
        await self.app(scope, receive, send_with_cookie)


def _with_cookie(message: Message, fresh: bool, session_id: str) -> Message:
    """The answer's start, with a new browser's cookie."""
    if fresh:
        value = (
            f"{COOKIE_NAME}={session_id}; Path=/; Max-Age={COOKIE_MAX_AGE}; "
            "HttpOnly; SameSite=Strict"
        )
        message["headers"] = [*message.get("headers", []), (b"set-cookie", value.encode())]
    return message


async def _save(session: Session) -> tuple[int, str] | None:
    """Write the session's changes (on the loop or a worker thread, as it was read);
    the refusal's status and reason if it fails."""
    try:
        if session.inline:
            session.commit()
        else:
            await to_thread.run_sync(session.commit)
    except ApiError as exc:
        return exc.status_code, str(exc.detail)
    except SessionLimit as exc:
        return 429, one_line(exc)
    except StoreError as exc:
        log_store_error(f"saving session {session.id[:6]}…", exc)
        return 503, exc.reason
    return None


def _cookie(scope: Scope, name: str) -> str | None:
    headers: list[tuple[bytes, bytes]] = scope.get("headers", [])
    for key, value in headers:
        if key == b"cookie":
            for part in value.decode("latin-1").split(";"):
                k, _, v = part.strip().partition("=")
                if k == name:
                    return v
    return None
