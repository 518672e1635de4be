"""What one player can see: the fair basis for a computer player's decisions.

A player sees its own hand, the table, both piles, the scores, how many cards the
opponent holds and how many are left in the deck, never the opponent's cards nor the
deck's order. Two states that differ only in those hidden cards give equal observations.
:meth:`Observation.sample` deals the unseen cards at random into a full state consistent
with what the player sees, for search by sampling (determinization).

>>> import random
>>> from croupier.casino import Player, new_tournament
>>> state = new_tournament(Player.HUMAN, seed=3)
>>> seen = state.observe(Player.HUMAN)
>>> seen.hand == state.hand(Player.HUMAN), seen.opponent_hand_size, seen.deck_size
(True, 4, 40)
>>> len(seen.unseen), seen.sample(random.Random(1)).observe(Player.HUMAN) == seen
(44, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from croupier.cards import DECK, Card
from croupier.casino.moves import Move
from croupier.casino.rules import moves_for
from croupier.casino.state import Build, Player, State
from croupier.casino.values import CARD_VALUE

__all__ = ["Observation", "observe"]


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

    def legal_moves(self) -> list[Move]:
        """The player's legal moves if it is to move, else ``[]``."""
        if self.next_player is not self.player:
            return []
        return moves_for(self.hand, self.loose, self.builds, self.player)

    def sample(self, rng: random.Random | None = None) -> State:
        """A full state consistent with this view: the unseen cards dealt at random.

        The opponent's hand is drawn uniformly among the hands this view allows: the
        owner of a build holds a card of its value, so an opponent who owns builds holds
        a card of each of their values (a view that allows no such hand, which no real
        position gives, gets one as close as the unseen cards allow).
        """
        generator = rng or random.Random()
        unseen = self.unseen
        size = self.opponent_hand_size
        needed = {build.value for build in self.builds if build.owner is not self.player}
        for _ in range(_SAMPLE_TRIES):
            opponent_hand = tuple(generator.sample(unseen, size))
            if needed <= {CARD_VALUE[card.index] for card in opponent_hand}:
                break
        else:
            opponent_hand = _holding(unseen, needed, size)
        rest = [card for card in unseen if card not in opponent_hand]
        generator.shuffle(rest)
        deck = tuple(rest)
        hands = (
            (self.hand, opponent_hand)
            if self.player is Player.HUMAN
            else (opponent_hand, self.hand)
        )
        return State(
            hands=hands,
            loose=self.loose,
            builds=self.builds,
            piles=self.piles,
            deck=deck,
            next_player=self.next_player,
            last_capturer=self.last_capturer,
            scores=self.scores,
            round_number=self.round_number,
        )


#: Random deals tried before the opponent's hand is built to hold its builds' values.
_SAMPLE_TRIES = 10_000


def _holding(cards: tuple[Card, ...], values: set[int], size: int) -> tuple[Card, ...]:
    """``size`` of ``cards``, with a card of each of ``values`` where there is one."""
    first = [
        next(card for card in cards if CARD_VALUE[card.index] == value)
        for value in sorted(values)
        if any(CARD_VALUE[card.index] == value for card in cards)
    ][:size]
    return (*first, *[card for card in cards if card not in first][: size - len(first)])


def observe(state: State, player: Player) -> Observation:
    """What ``player`` sees of ``state``."""
    return Observation(
        player=player,
        hand=state.hands[player],
        opponent_hand_size=len(state.hands[player.other]),
        loose=state.loose,
        builds=state.builds,
        piles=state.piles,
        deck_size=len(state.deck),
        next_player=state.next_player,
        last_capturer=state.last_capturer,
        scores=state.scores,
        round_number=state.round_number,
    )
