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

The round's moves are public too: ``deal_moves`` holds the moves played since the last
cards were dealt, each with the table it was played on (:class:`SeenMove`), for a player
that reads the opponent's hand from their play (:mod:`croupier.casino.inference`).
:meth:`State.observe <croupier.casino.state.State.observe>` leaves it empty (a state
keeps no history); whoever plays the moves fills it
(:func:`~croupier.casino.inference.follow`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from croupier.cards import DECK, Card
from croupier.casino.moves import Move
from croupier.casino.pieces import Build, Player
from croupier.casino.rules import moves_for

__all__ = ["NO_CLUES", "HandClues", "Observation", "SeenMove"]


@dataclass(frozen=True, slots=True)
class SeenMove:
    """A move as both players saw it: who played it, the move, the table it was played
    on, and the value of the build it made or added to (``None`` for a capture or a
    trail): by the rules the builder kept a card of that value in hand.

    >>> from croupier.cards import parse_cards
    >>> seen = SeenMove(Player.HUMAN, Move.parse("trail H5"), parse_cards("C9"), ())
    >>> seen.kept is None, str(seen.move)
    (True, 'trail H5')
    """

    player: Player
    move: Move
    loose: tuple[Card, ...]
    builds: tuple[Build, ...]
    kept: int | None = None


@dataclass(frozen=True, slots=True)
class HandClues:
    """What the opponent's moves of the deal tell about the cards they hold now (read by
    :func:`~croupier.casino.inference.read_clues`, used by :meth:`State.sample
    <croupier.casino.state.State.sample>`).

    ``holds``: values the opponent surely holds a card of (besides their builds' values);
    ``weights``: by card number, how likely each card is in their hand relative to a card
    their play says nothing about (1.0), in (0, 1].
    """

    holds: frozenset[int] = frozenset()
    weights: tuple[float, ...] = (1.0,) * len(DECK)

    @property
    def uniform(self) -> bool:
        """True when the clues say nothing (a sample is then the plain uniform one).

        >>> NO_CLUES.uniform
        True
        """
        return not self.holds and all(weight == 1.0 for weight in self.weights)


#: The clues of a deal where the opponent has not moved.
NO_CLUES: Final = HandClues()


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
    #: The moves of the current deal (since the last cards were dealt), oldest first.
    deal_moves: tuple[SeenMove, ...] = ()

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
