"""A Baccarat table the room shares, as each browser sees it.

The table is a :class:`BaccaratRoom`: the library's
:class:`~croupier.baccarat.sharedtable.SharedTable` (one shoe, one scoreboard, each
player's own bankroll and chips, the betting window) and its name on the lobby's list.
Its players are seated by their browsers' session ids (never shown: a view names a
player by the name they gave). Everything at a Baccarat table is public but a player's
money history: the chips down are on the table for all to see.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from croupier.baccarat.sharedtable import Bettor, SharedTable
from croupier.baccarat.table import format_money
from croupier.web.schemas.baccarat import DealView
from croupier.web.schemas.shared_baccarat import BettorView, RoomView
from croupier.web.views.baccarat import (
    CHIPS,
    deal_view,
    roads_view,
    round_view,
    rules_view,
    shoe_odds,
    shoe_view,
    signed_money,
)

__all__ = ["BaccaratRoom", "room_path", "room_view"]


def room_path(table: str) -> str:
    """The page of shared table ``table``."""
    return f"/baccarat/tables/{table}"


@dataclass(slots=True)
class BaccaratRoom:
    """A shared Baccarat table: its name and the library's table."""

    title: str
    room: SharedTable

    def copy(self) -> BaccaratRoom:
        """A copy to change, leaving this table as it is."""
        return BaccaratRoom(self.title, self.room.copy())

    def to_dict(self) -> dict[str, Any]:
        """The table as JSON-ready data (for the store)."""
        return {"title": self.title, "room": self.room.to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BaccaratRoom:
        """The table saved by :meth:`to_dict` (checked by the library)."""
        return cls(str(data["title"])[:40], SharedTable.from_dict(data["room"]))

    def summary(self) -> dict[str, Any]:
        """What the lobby and the organiser's page show of the table."""
        room = self.room
        names = [bettor.name for bettor in room.seats.values()]
        return {
            "title": self.title,
            "status": "betting" if room.closes is not None else "open",
            "players": names,
            "seats_free": room.max_seats - len(names),
            "rounds": room.rounds_played,
        }


def _bettor(bettor: Bettor, mine: bool) -> BettorView:
    last = bettor.last
    return {
        "name": bettor.name,
        "you": mine,
        "bankroll": bettor.bankroll,
        "bankroll_text": format_money(bettor.bankroll),
        "net": bettor.net,
        "net_text": signed_money(bettor.net),
        "bets": dict(bettor.bets),
        "ready": bettor.ready,
        "result": None if last is None else last.net,
        "settlements": [] if last is None or not mine else round_view(last)["settlements"],
        "bankrolls": list(bettor.bankrolls) if mine else [],
    }


def _deal(room: SharedTable) -> DealView | None:
    last = room.last
    return None if last is None else deal_view(last.number, last.coup, last.reshuffled)


def room_view(
    table: str, version: int, game: BaccaratRoom, viewer: str | None, watchers: int, now: float
) -> RoomView:
    """Shared table ``table`` (at ``version``) as the browser ``viewer`` sees it at
    ``now`` (``time.time()``)."""
    room = game.room
    keys = list(room.seats)
    you = keys.index(viewer) if viewer in room.seats else None
    rules = room.rules
    closes = room.closes
    return {
        "kind": "baccarat",
        "id": table,
        "version": version,
        "title": game.title,
        "rules": rules_view(rules),
        "bets": [{"key": bet.key, "name": bet.name} for bet in rules.payouts.bets],
        "chips": list(CHIPS),
        "seats": [_bettor(room.seats[key], key == viewer) for key in keys],
        "max_seats": room.max_seats,
        "you": you,
        "can_sit": you is None and len(keys) < room.max_seats,
        "window": room.window,
        "closes_in": None if closes is None else max(0.0, round(closes - now, 2)),
        "rounds_played": room.rounds_played,
        "deal_order": "course" if room.dealer.deal_order == "course" else "casino",
        "shoe": shoe_view(room.shoe),
        "last": _deal(room),
        "odds": shoe_odds(room.shoe, room.next_round_counts(), rules),
        "watchers": watchers,
        "path": room_path(table),
        **roads_view(room.scoreboard),
    }
