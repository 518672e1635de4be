"""A position drawn in plain text, as ``croupier casino show`` draws it (without colours):
what ``str(state)`` gives.

>>> from croupier.casino import Player, new_tournament
>>> print(new_tournament(Player.HUMAN, rng=2))
Casino, round 1
Player    Score  Hand          Pile
Computer      0  3♠ J♠ Q♥ 10♦  empty
Human         0  3♥ 6♥ 10♥ Q♣  empty
Table: 3♦ A♣ K♣ Q♠
No builds.
Deck: 40 cards left
Last capturer: nobody yet
Next player: Human
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from croupier.cards import Card
from croupier.casino.pieces import Build, Player

__all__ = ["Position", "draw"]


class Position(Protocol):
    """What a drawing reads of a position (a :class:`~croupier.casino.state.State`)."""

    @property
    def round_number(self) -> int: ...
    @property
    def scores(self) -> tuple[int, int]: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]: ...
    @property
    def piles(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]: ...
    @property
    def loose(self) -> tuple[Card, ...]: ...
    @property
    def builds(self) -> tuple[Build, ...]: ...
    @property
    def deck(self) -> tuple[Card, ...]: ...
    @property
    def last_capturer(self) -> Player | None: ...
    @property
    def next_player(self) -> Player: ...
    @property
    def is_round_over(self) -> bool: ...


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(card.pretty for card in cards)


def _pile(cards: Sequence[Card]) -> str:
    return f"{_cards(cards)}  ({len(cards)})" if cards else "empty"


def _columns(rows: list[list[str]], right: set[int]) -> list[str]:
    """Rows in columns two spaces apart (the columns in ``right`` aligned right)."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            cell.rjust(width) if i in right else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


def draw(position: Position) -> str:
    """The position in plain text: the players (score, hand, pile), the table's loose
    cards and builds (value, owner, kind), the deck, the last capturer and who is next
    (or, once the round is over, each side's round points, counted by the caller)."""
    rows = [["Player", "Score", "Hand", "Pile"]]
    for player in (Player.COMPUTER, Player.HUMAN):
        hand = position.hands[player]
        rows.append(
            [
                player.label,
                str(position.scores[player]),
                _cards(hand) if hand else "empty",
                _pile(position.piles[player]),
            ]
        )
    lines = [f"Casino, round {position.round_number}", *_columns(rows, {1})]
    lines.append(f"Table: {_cards(position.loose) if position.loose else 'no loose cards'}")
    if position.builds:
        builds = [["Build", "Value", "Owner", "Kind"]]
        for build in position.builds:
            kind = f"multiple ({len(build.parts)} groups)" if build.is_multiple else "single"
            parts = [f"[{_cards(part)}]" for part in build.parts]
            shown = parts[0] if len(parts) == 1 else f"[ {' '.join(parts)} ]"
            builds.append([shown, str(build.value), build.owner.label, kind])
        lines += _columns(builds, {1})
    else:
        lines.append("No builds.")
    lines.append(f"Deck: {len(position.deck)} cards left")
    last = "nobody yet" if position.last_capturer is None else position.last_capturer.label
    lines.append(f"Last capturer: {last}")
    if position.is_round_over:
        lines.append("The round is over.")
    else:
        lines.append(f"Next player: {position.next_player.label}")
    return "\n".join(lines)
