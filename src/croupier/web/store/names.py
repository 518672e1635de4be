"""What a database's name stands for: a PostgreSQL URL or a SQLite file, nothing else.

``croupier serve --database TEXT`` takes either. A text that looks like a URL of any
other kind (``mysql://``, SQLAlchemy's ``postgresql+psycopg://``, ``sqlite:///``) is
refused in one line, never taken for a file's name (it once became folders named after
the URL, each server keeping games of its own while its organiser believed they shared
one database). Passwords are never repeated in a message.
"""

from __future__ import annotations

import re
from typing import Final, Literal
from urllib.parse import urlsplit

from croupier.web.store.base import DatabaseNameError

__all__ = ["POSTGRES_SCHEMES", "database_kind", "hide_password"]

#: The URL schemes of a PostgreSQL database (libpq's own).
POSTGRES_SCHEMES: Final = ("postgresql", "postgres")
#: What every refusal says is expected.
EXPECTED: Final = "expected a postgresql:// (or postgres://) URL, or a SQLite file's name"

_URL = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*)://")
_PASSWORD = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*://[^:/@?#]*):[^@/?#]*@")


def hide_password(text: str) -> str:
    """``text`` with a URL's password replaced by ``***``.

    >>> hide_password("postgresql://club:s3cret@db.lan/croupier")
    'postgresql://club:***@db.lan/croupier'
    >>> hide_password("mysql://u:p@[::1"), hide_password("notes.sqlite3")
    ('mysql://u:***@[::1', 'notes.sqlite3')
    """
    return _PASSWORD.sub(r"\1:***@", text)


def database_kind(text: str) -> Literal["postgresql", "sqlite"]:
    """Which database ``text`` names: ``"postgresql"`` for a well-formed
    ``postgresql://`` or ``postgres://`` URL, ``"sqlite"`` for anything that is not a
    URL (a file's name). Raises :class:`~croupier.web.store.base.DatabaseNameError`
    for any other URL, a malformed one, or an empty name.

    >>> database_kind("postgresql://club@db.lan/croupier"), database_kind("games.sqlite3")
    ('postgresql', 'sqlite')
    >>> database_kind("mysql://u:p@host/db")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    croupier.web.store.base.DatabaseNameError: unknown kind of database 'mysql://u:***@host/db': ...
    >>> database_kind("postgresql://x:y@[::1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    croupier.web.store.base.DatabaseNameError: bad PostgreSQL URL 'postgresql://x:***@[::1': ...
    """
    shown = hide_password(text)
    if not text.strip() or "\x00" in text:
        raise DatabaseNameError(f"bad database name {shown!r}: {EXPECTED}")
    found = _URL.match(text)
    if found is None:
        return "sqlite"
    scheme = found.group(1).lower()
    if scheme not in POSTGRES_SCHEMES:
        hint = ""
        if scheme.split("+")[0] in POSTGRES_SCHEMES:
            hint = f" (write {scheme.split('+')[0]}:// without '+{scheme.split('+', 1)[1]}')"
        raise DatabaseNameError(f"unknown kind of database {shown!r}: {EXPECTED}{hint}")
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 (read for its check: a port that is not a number)
    except ValueError as exc:
        raise DatabaseNameError(f"bad PostgreSQL URL {shown!r}: {exc}") from None
    return "postgresql"
