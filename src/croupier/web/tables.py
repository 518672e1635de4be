"""The shared tables: games several browsers play at once, kept in the store.

A shared table (a Casino game between two people, a Baccarat shoe for the room) is one
row of the store: its kind, its game as JSON, a short summary (for the lobby's list and
the organiser's page: the players' names, where the game stands, its result) and a
version that every change raises. It is not any browser's: the browsers that sit at it
are named in its game by their session ids (never shown to anyone), and any browser may
watch it.

:class:`Tables` gives a table with its version, either to look at (:meth:`Tables.look`:
the process's own decoded table, shared by every request and stream reading it, never
changed) or to change (:meth:`Tables.take`: a copy of it), and writes a change only if
the version is still the table's (another request that changed it meanwhile wins, and
this one is a 409 saying so: the page shows the table as it is now). Each server process
keeps the decoded tables it used last, so neither a move nor a stream decodes its table
again (a whole game's log read back move by move), and tells its
:class:`~croupier.web.live.Hub` of every change it made, so that the table's streams
wake at once; other processes learn of it from their poll of the store.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Protocol, TypeVar, cast

from pydantic_core import to_json

from croupier.errors import CroupierError, quoted
from croupier.web.errors import ApiError
from croupier.web.live import Hub
from croupier.web.store import Store, TableRow

__all__ = ["MEMORY_TABLES", "SharedGame", "Tables", "new_table_id"]

#: Decoded tables each server process keeps for the next request.
MEMORY_TABLES: Final = 512


class SharedGame(Protocol):
    """A shared table's game as :class:`Tables` keeps it."""

    def to_dict(self) -> dict[str, Any]: ...

    def summary(self) -> dict[str, Any]: ...

    def copy(self) -> Any: ...


G = TypeVar("G", bound=SharedGame)


def new_table_id() -> str:
    """A fresh table id: 12 random letters and digits (72 bits, unguessable).

    >>> len(new_table_id()), new_table_id().isascii()
    (16, True)
    """
    return secrets.token_urlsafe(12)


@dataclass(slots=True)
class _Kept:
    version: int
    game: SharedGame


class Tables:
    """The shared tables of one server process: the store, this process's decoded tables,
    and its hub (told of every change made here)."""

    def __init__(self, store: Store, hub: Hub, *, memory: int = MEMORY_TABLES) -> None:
        self.store = store
        self.hub = hub
        self.memory = memory
        self._lock = threading.Lock()
        self._kept: OrderedDict[str, _Kept] = OrderedDict()

    def create(self, kind: str, game: SharedGame) -> tuple[str, int]:
        """A new table of ``kind`` playing ``game``: its id and its version (1)."""
        table = new_table_id()
        self.store.table_create(table, kind, self._text(game), self._summary(game))
        self._keep(table, 1, game)
        return table, 1

    def look(self, table: str, kind: str, load: Callable[[Mapping[str, Any]], G]) -> tuple[int, G]:
        """Table ``table`` (of ``kind``) with its version, to look at, not to change: this
        process's decoded table when the store holds that version still, else the store's
        (404 when there is no such table)."""
        version = self.store.table_version(table, kind)
        if version is None:
            raise ApiError(404, f"no table {quoted(table)} here (it ended long ago, or never was)")
        with self._lock:
            kept = self._kept.get(table)
        if kept is not None and kept.version == version:
            return version, cast(G, kept.game)  # a kind's tables are all of one class
        row = self.store.table_get(table)
        if row is None or row.kind != kind or row.data is None:
            raise ApiError(404, f"no table {quoted(table)} here (it ended long ago, or never was)")
        try:
            game = load(json.loads(row.data))
        except (CroupierError, KeyError, TypeError, ValueError) as exc:
            raise ApiError(500, f"table {quoted(table)} could not be read: {exc}") from None
        self._keep(table, row.version, game)
        return row.version, game

    def take(self, table: str, kind: str, load: Callable[[Mapping[str, Any]], G]) -> tuple[int, G]:
        """Table ``table`` with its version, to change and :meth:`write` (a copy: the
        table others look at meanwhile stays as it is)."""
        version, game = self.look(table, kind, load)
        return version, cast(G, game.copy())

    def write(self, table: str, version: int, game: SharedGame) -> int:
        """Save ``game`` as the table's next version, made from ``version``; a 409 when
        another request changed the table meanwhile. Returns the new version, and wakes
        the table's streams in this process."""
        new = version + 1
        if not self.store.table_put(table, version, self._text(game), self._summary(game)):
            raise ApiError(
                409,
                "the table changed meanwhile (the other player moved, or another tab): "
                "here it is as it is now",
            )
        self._keep(table, new, game)
        self.hub.changed(table, new)
        return new

    def summaries(self, limit: int = 200) -> list[TableRow]:
        """The tables most recently changed, newest first, without their games."""
        return self.store.table_list(limit)

    def _keep(self, table: str, version: int, game: SharedGame) -> None:
        with self._lock:
            self._kept[table] = _Kept(version, game)
            self._kept.move_to_end(table)
            while len(self._kept) > self.memory:
                self._kept.popitem(last=False)

    @staticmethod
    def _text(game: SharedGame) -> str:
        return to_json(game.to_dict(), inf_nan_mode="constants").decode()

    @staticmethod
    def _summary(game: SharedGame) -> str:
        return to_json(game.summary()).decode()
