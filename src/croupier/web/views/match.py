"""A Casino table of two people as each viewer may see it: a player their own hand and
the position, a watcher the position without any hand; nobody the deck.

The table is a :class:`CasinoTable`: the library's :class:`~croupier.casino.match.Match`
and which browser (session id) sits in each seat. :func:`match_view` builds a viewer's
answer from what the viewer may see only: the position comes through
:meth:`Match.observe <croupier.casino.match.Match.observe>` (the viewer's hand, the
table, the piles, the sizes of the other hand and of the deck) and the moves played,
which both players saw played. Once the tournament is over, the game file (every card)
may be had by everyone at the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from croupier.casino import Player
from croupier.casino.gamelog import GameLog
from croupier.casino.match import Match, MatchStatus
from croupier.casino.observation import Observation
from croupier.casino.session import table_items
from croupier.web.schemas.match import (
    MatchPlayer,
    MatchResult,
    MatchRoundEnd,
    MatchStatusName,
    MatchToss,
    MatchTurn,
    MatchView,
    SeatKey,
    SeatScores,
)
from croupier.web.views.cards import card_view, cards_view
from croupier.web.views.casino import COIN_NAMES, item_view, move_view

__all__ = ["SEATS", "CasinoTable", "match_view", "seat_key", "table_path"]

#: Each seat by the name the answers give it: ``first`` opened the table.
SEATS: Final[dict[Player, SeatKey]] = {Player.HUMAN: "first", Player.COMPUTER: "second"}
STATUSES: Final[dict[MatchStatus, MatchStatusName]] = {
    MatchStatus.WAITING: "waiting",
    MatchStatus.PLAYING: "playing",
    MatchStatus.OVER: "over",
}


def seat_key(player: Player) -> SeatKey:
    """A seat as the answers name it."""
    return SEATS[player]


def table_path(table: str) -> str:
    """The page of table ``table``: the link a player sends to invite someone."""
    return f"/casino/tables/{table}"


@dataclass(slots=True)
class CasinoTable:
    """A Casino table of two people: the match, and the session id of the browser in
    each seat (``None``: free)."""

    match: Match
    seats: list[str | None] = field(default_factory=lambda: [None, None])

    def seat_of(self, session_id: str) -> Player | None:
        """The seat of the browser ``session_id`` (``None``: it watches)."""
        for player in Player:
            if self.seats[player] == session_id:
                return player
        return None

    def copy(self) -> CasinoTable:
        """A copy to change, leaving this table as it is."""
        return CasinoTable(self.match.copy(), list(self.seats))

    def to_dict(self) -> dict[str, Any]:
        """The table as JSON-ready data (for the store)."""
        return {"match": self.match.to_dict(), "seats": list(self.seats)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CasinoTable:
        """The table saved by :meth:`to_dict` (checked as strictly as a save file)."""
        seats = [None if s is None else str(s) for s in data["seats"]]
        if len(seats) != 2:
            raise ValueError(f"bad saved table: {len(seats)} seats")
        return cls(Match.from_dict(data["match"]), seats)

    def summary(self) -> dict[str, Any]:
        """What the lobby and the organiser's page show of the table."""
        match = self.match
        names = [match.names[player] for player in Player]
        human, computer = match.totals
        summary: dict[str, Any] = {
            "title": " vs ".join(name or "(a free seat)" for name in names),
            "status": match.status.value,
            "players": [name for name in names if name is not None],
            "seats_free": sum(name is None for name in names),
            "scores": [human, computer],
            "round": None if match.state is None else match.state.round_number,
        }
        if match.finished:
            winner = match.winner
            summary["result"] = {
                "names": names,
                "totals": [human, computer],
                "winner": None if winner is None else int(winner),
                "resigned": None if match.resigned is None else int(match.resigned),
            }
        return summary


def _scores(pair: tuple[int, int]) -> SeatScores:
    return {"first": pair[0], "second": pair[1]}


def _player(match: Match, seen: Observation | None, player: Player) -> MatchPlayer:
    name = match.names[player]
    if seen is None:  # before the first deal
        return {"name": name, "hand": 0, "pile": [], "score": 0}
    hand = len(seen.hand) if player is seen.player else seen.opponent_hand_size
    return {
        "name": name,
        "hand": hand,
        "pile": cards_view(seen.piles[player]),
        "score": match.totals[player],
    }


def _history(log: GameLog, round_number: int | None) -> list[MatchTurn]:
    """This round's moves, as both players saw them played."""
    if not log.rounds or round_number is None:
        return []
    logged = log.rounds[-1]
    if logged.start.round_number != round_number:
        return []
    return [
        {
            "seat": seat_key(before.next_player),
            "notation": str(move),
            "text": move.describe("pretty"),
            "card_view": card_view(move.card),
        }
        for before, move in logged.positions()
    ]


def _last_round(match: Match) -> MatchRoundEnd | None:
    """The scoring of the last round played out (every card of a round is known once it
    is over)."""
    log = match.log
    if not log.rounds:
        return None
    end = log.rounds[-1].end
    if not end.is_round_over:
        if len(log.rounds) < 2:
            return None
        end = log.rounds[-2].end
    score = end.score()
    first, second = Player.HUMAN, Player.COMPUTER
    return {
        "round": end.round_number,
        "items": [
            {
                "name": item.item.name,
                "first": {"cards": item.counts[first], "points": item.points[first]},
                "second": {"cards": item.counts[second], "points": item.points[second]},
            }
            for item in score.items
        ],
        "points": _scores(score.points),
        "totals": _scores(end.totals()),
        "piles": {"first": cards_view(end.piles[first]), "second": cards_view(end.piles[second])},
    }


def _toss(match: Match) -> MatchToss | None:
    if match.toss is None or match.state is None:
        return None
    first = match.log.rounds[0].start.next_player if match.log.rounds else match.state.next_player
    return {
        "call": COIN_NAMES[match.call],
        "toss": COIN_NAMES[match.toss],
        "first": seat_key(first),
        "text": f"{match.name(Player.HUMAN)} called {match.call.value}, the coin shows "
        f"{match.toss.value}: {match.name(first)} plays first.",
    }


def _result(match: Match) -> MatchResult | None:
    if not match.finished:
        return None
    winner = match.winner
    totals = match.totals
    if match.resigned is not None:
        text = f"{match.name(match.resigned)} resigned: {match.name(match.resigned.other)} wins."
    elif winner is None:
        text = f"The tournament is a tie, {totals[0]} to {totals[1]}."
    else:
        text = (
            f"{match.name(winner)} wins the tournament, {totals[winner]} to {totals[winner.other]}."
        )
    return {
        "winner": None if winner is None else seat_key(winner),
        "totals": _scores(totals),
        "resigned": None if match.resigned is None else seat_key(match.resigned),
        "text": text,
    }


def match_view(
    table: str, version: int, game: CasinoTable, viewer: str | None, watchers: int
) -> MatchView:
    """Table ``table`` (at ``version``) as the browser ``viewer`` (a session id; ``None``
    or not seated: a watcher) may see it."""
    match = game.match
    you = None if viewer is None else game.seat_of(viewer)
    state = match.state
    seen = None if state is None else match.observe(you or Player.HUMAN)
    items = () if state is None else table_items(state)
    playing = match.status is MatchStatus.PLAYING
    mine = you is not None and seen is not None
    legal = (
        [move_view(move, items) for move in seen.legal_moves()]
        if mine and playing and seen is not None and match.to_move is you
        else []
    )
    hand = list(seen.hand) if mine and seen is not None else []
    return {
        "kind": "casino",
        "id": table,
        "version": version,
        "status": STATUSES[match.status],
        "you": None if you is None else seat_key(you),
        "can_join": you is None and match.free_seat is not None,
        "players": {
            "first": _player(match, seen, Player.HUMAN),
            "second": _player(match, seen, Player.COMPUTER),
        },
        "toss": _toss(match),
        "round": None if state is None else state.round_number,
        "table": [item_view(item, SEATS) for item in items],
        "hand": cards_view(hand),
        "hand_keys": [card.casino for card in hand],
        "deck": 0 if seen is None else seen.deck_size,
        "to_move": None if match.to_move is None else seat_key(match.to_move),
        "last_capturer": None
        if seen is None or seen.last_capturer is None
        else seat_key(seen.last_capturer),
        "legal": legal,
        "history": _history(match.log, None if state is None else state.round_number),
        "last_round": _last_round(match),
        "takeback": None if match.takeback is None else seat_key(match.takeback),
        "result": _result(match),
        "watchers": watchers,
        "path": table_path(table),
    }
