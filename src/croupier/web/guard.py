"""What every request passes before it reaches a game: the server's promises, kept.

:class:`GuardMiddleware` refuses, each with a one-line reason:

- a ``Host`` the server does not answer to (400): a web page elsewhere cannot reach a
  server by pointing a name of its own at the machine (DNS rebinding);
- a state-changing request (``POST``, ``PUT``, ``PATCH``, ``DELETE``) sent by another
  site (403): the browser's ``Sec-Fetch-Site`` must say ``same-origin`` (or ``none``),
  and an ``Origin`` must be this server's own;
- a body over :data:`MAX_BODY` bytes (413) or one that takes over :data:`BODY_SECONDS`
  to arrive (408): slow clients are cut, the server keeps answering;
- on a public server, a browser that has not given the join code (401 for the API, a
  redirect to the ``/join`` page for pages).

It adds :data:`SECURITY_HEADERS` to every answer. Request heads that take over
:data:`HEAD_SECONDS` are cut by
:class:`~croupier.web.server.GuardedH11Protocol`, uvicorn's HTTP/1.1 protocol with that
one timer added.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
import re
import secrets
import time
from collections.abc import Collection
from dataclasses import dataclass
from html import escape
from typing import Final
from urllib.parse import parse_qs, quote, urlsplit

from anyio import to_thread
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from croupier.errors import CroupierError, check_type, quoted
from croupier.web.errors import ApiError
from croupier.web.store import Store

__all__ = [
    "BODY_SECONDS",
    "HEAD_SECONDS",
    "JOIN_COOKIE",
    "MAX_BODY",
    "Access",
    "GuardMiddleware",
    "allowed",
    "host_name",
    "new_join_code",
]

#: Largest request body accepted (bytes): the largest field, a Casino game file, is at
#: most 256 KiB; every other form fits in far less.
MAX_BODY: Final = 512 * 1024
#: Seconds a request's head (its line and headers) may take to arrive.
HEAD_SECONDS: Final = 10.0
#: Seconds a request's body may take to arrive.
BODY_SECONDS: Final = 10.0
#: The cookie a browser gets once it has given the join code.
JOIN_COOKIE: Final = "croupier_join"
#: Wrong join codes one address may try per :data:`JOIN_WINDOW` seconds, counted in the
#: store: the limit of the server, whatever the number of its processes.
JOIN_TRIES: Final = 20
JOIN_WINDOW: Final = 600.0
#: Letters of a join code: no 0/O, 1/I/L to misread on a board.
JOIN_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

#: Headers on every answer: no framing, no sniffing, nothing loaded from elsewhere.
SECURITY_HEADERS: Final = (
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; "
        b"style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; "
        b"form-action 'self'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
)
#: Methods that change state, checked for their origin.
CHANGING: Final = frozenset({"POST", "PUT", "PATCH", "DELETE"})
#: Paths open without the join code on a public server.
OPEN_PATHS: Final = ("/static/", "/healthz", "/join", "/favicon.ico")


def new_join_code() -> str:
    """A fresh join code: 8 letters and digits that cannot be misread (40 bits).

    >>> code = new_join_code()
    >>> len(code), all(c in JOIN_ALPHABET for c in code)
    (8, True)
    """
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(8))


def _normal_code(text: str) -> str:
    return "".join(text.split()).replace("-", "").upper()


@dataclass(frozen=True, slots=True)
class Access:
    """Who may use the server: the ``Host`` names it answers to (``None``: any), and on
    a public server the join code, the key its cookie is signed with, and the store that
    counts the wrong codes each address gave (every server process sharing it counts
    the same tries: one limit per server, however many processes serve it)."""

    allowed_hosts: frozenset[str] | None = None
    join_code: str | None = None
    key: bytes = b""
    store: Store | None = None

    def client(self, address: str) -> str:
        """An address as the wrong tries are counted by: a keyed hash, not the address."""
        return hmac.new(self.key, b"join-tries:" + address.encode(), hashlib.sha256).hexdigest()[
            :24
        ]

    def blocked(self, address: str) -> bool:
        """Whether ``address`` gave :data:`JOIN_TRIES` wrong codes in the last
        :data:`JOIN_WINDOW` seconds."""
        if self.store is None:
            return False
        since = time.time() - JOIN_WINDOW
        return self.store.join_tries(self.client(address), since) >= JOIN_TRIES

    def failed(self, address: str) -> None:
        """Count a wrong code from ``address``."""
        if self.store is not None:
            now = time.time()
            self.store.join_failed(self.client(address), now, now - JOIN_WINDOW)

    def token(self) -> str:
        """The join cookie's value for this code (changing the code ends old cookies)."""
        code = _normal_code(self.join_code or "")
        return hmac.new(self.key, b"join:" + code.encode(), hashlib.sha256).hexdigest()[:32]

    def code_matches(self, text: str) -> bool:
        """Whether ``text`` is the join code (spaces, dashes and case aside)."""
        given = _normal_code(text).encode()
        return hmac.compare_digest(given, _normal_code(self.join_code or "").encode())


def _headers(scope: Scope) -> dict[bytes, bytes]:
    return dict(scope.get("headers", []))


def _host_name(host: str) -> str:
    """The name of a ``Host`` header, without its port (IPv6 kept in brackets)."""
    if host.startswith("["):
        return host.split("]", 1)[0] + "]"
    return host.rsplit(":", 1)[0]


def _cookie(headers: dict[bytes, bytes], name: str) -> str | None:
    for part in headers.get(b"cookie", b"").decode("latin-1").split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return None


def cross_site_reason(method: str, headers: dict[bytes, bytes], scheme: str) -> str | None:
    """Why a request must be refused as coming from another site (``None``: it need not).

    >>> cross_site_reason("POST", {b"sec-fetch-site": b"cross-site", b"host": b"h"}, "http")
    'refused: this request came from another site (Sec-Fetch-Site: cross-site)'
    >>> cross_site_reason("POST", {b"origin": b"http://evil.example", b"host": b"h:8"}, "http")
    "refused: this request came from another site (Origin 'http://evil.example')"
    >>> cross_site_reason("POST", {b"origin": b"http://h:8", b"host": b"h:8"}, "http") is None
    True
    >>> cross_site_reason("GET", {b"sec-fetch-site": b"cross-site"}, "http") is None
    True
    """
    if method not in CHANGING:
        return None
    site = headers.get(b"sec-fetch-site", b"").decode("latin-1").lower()
    if site and site not in ("same-origin", "none"):
        return f"refused: this request came from another site (Sec-Fetch-Site: {site})"
    origin = headers.get(b"origin")
    if origin is not None:
        text = origin.decode("latin-1")
        host = headers.get(b"host", b"").decode("latin-1")
        parts = urlsplit(text)
        if parts.scheme not in ("http", "https") or parts.netloc.lower() != host.lower():
            return f"refused: this request came from another site (Origin {quoted(text)})"
    return None


def join_page(next_path: str, reason: str | None = None) -> str:
    """The page that asks for the join code (plain HTML: it works before any script)."""
    wrong = f'<p class="error" role="alert">{escape(reason)}</p>' if reason else ""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>Join · croupier</title>"
        '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'
        '<link rel="stylesheet" href="/static/croupier.css"></head><body>'
        '<main id="main"><section class="felt"><h1>Join this croupier server</h1>'
        "<p>This server is shared: ask whoever runs it for the join code "
        "(it was printed when the server started).</p>"
        f'{wrong}<form method="post" action="/join">'
        f'<input type="hidden" name="next" value="{escape(next_path)}">'
        '<label>Join code <input name="code" autocomplete="off" autofocus required '
        'maxlength="40"></label> <button class="button" type="submit">Join</button>'
        "</form></section></main></body></html>"
    )


def _safe_next(text: str) -> str:
    """A local path to go back to after joining (never another site)."""
    if not text.startswith("/") or text.startswith("//") or "\\" in text:
        return "/"
    return text[:500]


class GuardMiddleware:
    """Keeps the promises of the module's notes for every HTTP request."""

    def __init__(self, app: ASGIApp, access: Access | None = None) -> None:
        self.app = app
        self.access = access or Access()
        self._token = self.access.token() if self.access.join_code else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        refusal = self._refusal(scope, headers)
        if refusal is None and self._token is not None:
            refusal = await self._join(scope, headers, receive)
        if refusal is not None:
            await self._send_with_headers(refusal, scope, receive, send)
            return
        await self._serve(scope, headers, receive, send)

    def _refusal(self, scope: Scope, headers: dict[bytes, bytes]) -> Response | None:
        access = self.access
        if access.allowed_hosts is not None:
            host = _host_name(headers.get(b"host", b"").decode("latin-1"))
            name = host.lower().removesuffix(".")  # club.lan. is club.lan
            if name not in access.allowed_hosts:
                names = ", ".join(sorted(access.allowed_hosts))
                return JSONResponse({"error": f"this server answers to {names}"}, 400)
        reason = cross_site_reason(scope["method"], headers, scope.get("scheme", "http"))
        if reason is not None:
            return JSONResponse({"error": reason}, 403)
        length = headers.get(b"content-length", b"0")
        if not length.isdigit():
            return JSONResponse({"error": "bad Content-Length header"}, 413)
        if int(length) > MAX_BODY:
            reason = f"the request body is over {MAX_BODY // 1024} KiB"
            return JSONResponse({"error": reason}, 413)
        return None

    async def _join(
        self, scope: Scope, headers: dict[bytes, bytes], receive: Receive
    ) -> Response | None:
        """On a public server: the join page, or a refusal without the join cookie."""
        path: str = scope["path"]
        if path == "/join":
            return await self._join_page(scope, receive)
        token = _cookie(headers, JOIN_COOKIE)
        if token is not None and self._token and hmac.compare_digest(token, self._token):
            return None
        if path.startswith(OPEN_PATHS):
            return None
        if path.startswith("/api/"):
            return JSONResponse(
                {"error": "this server is shared: give the join code first (open /join)"}, 401
            )
        query = scope.get("query_string", b"").decode("latin-1")
        back = path + (f"?{query}" if query else "")
        return RedirectResponse(f"/join?next={quote(back, safe='/')}", 303)

    async def _join_page(self, scope: Scope, receive: Receive) -> Response:
        client = scope.get("client")
        address = client[0] if client else "unknown"
        if scope["method"] == "POST":
            body = await self._read_form(receive)
            fields = parse_qs(body.decode("latin-1"), max_num_fields=4)
            code = (fields.get("code") or [""])[0]
            next_path = _safe_next((fields.get("next") or ["/"])[0])
        elif scope["method"] == "GET":
            fields = parse_qs(scope.get("query_string", b"").decode("latin-1"), max_num_fields=4)
            code = (fields.get("code") or [""])[0]
            next_path = _safe_next((fields.get("next") or ["/"])[0])
            if not code:
                return HTMLResponse(join_page(next_path))
        else:
            return JSONResponse({"error": "Method Not Allowed"}, 405)
        if await to_thread.run_sync(self.access.blocked, address):
            return HTMLResponse(
                join_page(next_path, "too many wrong codes from your address: wait ten minutes"),
                429,
            )
        if not self.access.code_matches(code):
            await to_thread.run_sync(self.access.failed, address)
            return HTMLResponse(join_page(next_path, "that is not the join code"), 403)
        answer = RedirectResponse(next_path, 303)
        answer.set_cookie(
            JOIN_COOKIE,
            self._token or "",
            max_age=365 * 24 * 3600,
            httponly=True,
            samesite="strict",
        )
        return answer

    @staticmethod
    async def _read_form(receive: Receive) -> bytes:
        body = b""
        async with asyncio.timeout(BODY_SECONDS):
            while True:
                message = await receive()
                if message["type"] != "http.request":
                    break
                body += message.get("body", b"")
                if len(body) > 4096 or not message.get("more_body", False):
                    break
        return body[:4096]

    async def _send_with_headers(
        self, response: Response, scope: Scope, receive: Receive, send: Send
    ) -> None:
        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await response(scope, receive, with_headers)

    async def _serve(
        self, scope: Scope, headers: dict[bytes, bytes], receive: Receive, send: Send
    ) -> None:
        # When the request came: the Casino computer's deadline runs from here.
        scope.setdefault("state", {})["arrived"] = time.time()
        received = 0
        finished = False
        loop = asyncio.get_running_loop()
        deadline = loop.time() + BODY_SECONDS

        async def bounded_receive() -> Message:
            nonlocal received, finished
            if finished:
                return await receive()
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                raise ApiError(
                    408, f"the request body took over {BODY_SECONDS:g} seconds to arrive"
                ) from None
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > MAX_BODY:
                    raise ApiError(413, f"the request body is over {MAX_BODY // 1024} KiB")
                finished = not message.get("more_body", False)
            return message

        # Game state changes with every request: pages and answers are never cached.
        extra: tuple[tuple[bytes, bytes], ...] = SECURITY_HEADERS
        if not scope["path"].startswith("/static/"):
            extra = (*SECURITY_HEADERS, (b"cache-control", b"no-store"))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, bounded_receive, send_with_headers)


def allowed(names: Collection[str]) -> frozenset[str]:
    """Host names as the guard compares them (lower case).

    >>> sorted(allowed(["LocalHost", "[::1]"]))
    ['[::1]', 'localhost']
    """
    return frozenset(name.lower() for name in names)


#: One label of a host name: letters, digits, hyphens (and the underscores some local
#: names hold), 1 to 63 of them, no hyphen at either end.
_LABEL: Final = re.compile(r"[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?")


def host_name(text: str) -> str:
    """A name a server may answer to, written as a ``Host`` header writes it and the
    guard compares it: a host name in lower case (an international one as its ``xn--``
    form), an IPv4 address, or an IPv6 address in brackets. Raises
    :class:`~croupier.errors.CroupierError` naming ``text`` if no ``Host`` header can
    hold it (a space, a port, a ``/``), and for ``*``: the check of the name is the
    defence against DNS rebinding, which every name would switch off.

    >>> host_name("Club.Example.org"), host_name("::1")
    ('club.example.org', '[::1]')
    >>> host_name("club.lan:8000")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    croupier.errors.CroupierError: bad host name 'club.lan:8000': expected a name ...
    """
    check_type(text, str, "text")
    if text.strip() == "*":
        raise CroupierError(
            f"bad host name {quoted(text)}: a server answering to any name is open to DNS "
            "rebinding (a web page elsewhere pointing a name of its own at this machine): "
            "give each name players reach it by"
        )
    bare = text[1:-1] if text.startswith("[") and text.endswith("]") else text
    try:
        address = ipaddress.ip_address(bare)
    except ValueError:
        pass
    else:
        return f"[{address}]" if address.version == 6 else str(address)
    name = text.lower()
    if not name.isascii():
        try:
            name = name.encode("idna").decode("ascii")
        except UnicodeError:
            name = ""  # refused below
    labels = name.removesuffix(".").split(".")
    if len(name) > 253 or not all(_LABEL.fullmatch(label) for label in labels):
        raise CroupierError(
            f"bad host name {quoted(text)}: expected a name (labels of 1 to 63 letters, "
            "digits or hyphens, between dots) or an IP address, without a port"
        )
    return name.removesuffix(".")  # the same name, as the guard reads a Host header
