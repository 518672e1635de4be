"""What one player can see: the fair basis for a computer player's decisions.

A player sees its own hand, the table, both piles, the scores, how many cards the
opponent holds and how many are left in the deck, never the opponent's cards nor the
deck's order. Two states that differ only in those hidden cards give equal observations.
A state gives one with :meth:`State.observe <croupier.casino.state.State.observe>`;
:meth:`State.sample <croupier.casino.state.State.sample>` deals the unseen cards at random
into a full state consistent with what the player sees, for search by sampling
(determinization).

>>> from croupier.casino import Player, new_tournament
>>> state = new_tournament(Player.HUMAN, rng=3)
>>> seen = state.observe(Player.HUMAN)
>>> seen.hand == state.hand(Player.HUMAN), seen.opponent_hand_size, seen.deck_size
(True, 4, 40)
>>> len(seen.unseen)
44
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.cards import DECK, Card
from croupier.casino.moves import Move
from croupier.casino.pieces import Build, Player
from croupier.casino.rules import moves_for

__all__ = ["Observation"]


@dataclass(frozen=True, slots=True)
class Observation:
    """A state as ``player`` sees it. Pairs are ``(human, computer)``."""

    player: Player
    hand: tuple[Card, ...]
    opponent_hand_size: int
    loose: tuple[Card, ...]
    builds: tuple[Build, ...]
    piles: tuple[tuple[Card, ...], tuple[Card, ...]]
    deck_size: int
    next_player: Player
    last_capturer: Player | None
    scores: tuple[int, int]
    round_number: int

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards this player cannot see (the opponent's hand and the deck), by number."""
        seen = {card.index for card in self.hand}
        seen.update(card.index for card in self.loose)
        seen.update(card.index for build in self.builds for card in build.cards)
        seen.update(card.index for pile in self.piles for card in pile)
        return tuple(card for card in DECK if card.index not in seen)

    @property
    def to_move(self) -> Player | None:
        """The player to move, or ``None`` once the round is over (as ``State.to_move``).

        >>> from croupier.casino import Player, new_tournament
        >>> new_tournament(Player.COMPUTER, rng=3).observe(Player.HUMAN).to_move
        <Player.COMPUTER: 1>
        """
        over = not self.hand and not self.opponent_hand_size and not self.deck_size
        return None if over else self.next_player

    def legal_moves(self) -> list[Move]:
        """The player's legal moves if it is to move, else ``[]``."""
        if self.to_move is not self.player:
            return []
        return moves_for(self.hand, self.loose, self.builds, self.player)
