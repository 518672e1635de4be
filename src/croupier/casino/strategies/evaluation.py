"""The expert's judgement of a position: the round points each player can expect.

:func:`evaluate` estimates the final point margin of a round (one player's round points
minus the other's) from a full position: the cards already in the piles count as they
are, and every other card is expected to end in one pile or the other with a chance
that depends on where it lies (in a build, the owner is likely to take it; a loose card
favours the player to move; a card in hand favours its holder). The majority items
(most cards, most spades) are scored as the chance of winning them, from the expected
final counts and their spread. Once the round is over the estimate is exact.

>>> from croupier.casino import Player, new_tournament
>>> state = new_tournament(Player.HUMAN, rng=7)
>>> round(evaluate(state, Player.HUMAN), 2), round(evaluate(state, Player.COMPUTER), 2)
(0.02, -0.02)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from croupier.cards import Card
from croupier.casino.pieces import Player
from croupier.casino.state import State
from croupier.casino.strategies.values import CARD_POINTS, IS_SPADE, MAJORITIES
from croupier.casino.values import CARD_VALUE

__all__ = ["DEAL_START_LOOSE", "WEIGHTS", "Weights", "evaluate"]

#: The chance that a loose card ends in the pile of the player who moves first in the
#: deal just dealt, by the card's value (index 0 unused, 1 unused: an ace is 14), as
#: measured in 450 rounds of the expert against itself (the 5,005 loose cards on the
#: table when a deal of the deck's 40 cards had just been dealt, its values pooled over
#: the deals): low cards are taken often (as part of sums), aces by any ace or as a 1 in a
#: sum, high cards mostly by a card of their own rank.
DEAL_START_LOOSE: Final[tuple[float, ...]] = (
    0.5,
    0.5,
    0.82,
    0.77,
    0.72,
    0.66,
    0.67,
    0.60,
    0.62,
    0.59,
    0.60,
    0.52,
    0.56,
    0.54,
    0.83,
)


@dataclass(frozen=True, slots=True)
class Weights:
    """The chances the evaluation gives a card of ending in a player's pile, by where it is."""

    #: A card in a build its player owns.
    own_build: float = 0.85
    #: A loose card when the player is the next to move.
    to_move: float = 0.6
    #: A card in the player's hand.
    in_hand: float = 0.6
    #: How much more the final count of cards spreads than if cards fell one by one
    #: (captures take cards in groups).
    spread: float = 2.0
    #: The same for the count of spades.
    spade_spread: float = 2.0
    #: A loose card when a deal has just been dealt (the hands unknown), by its value
    #: (:data:`DEAL_START_LOOSE`); ``None`` (the default): :attr:`to_move` for every
    #: card. Off: measured with the information-set search, the two did not make the
    #: expert stronger (see :mod:`.infoset`).
    deal_start: tuple[float, ...] | None = None


#: The weights the expert plays with.
WEIGHTS = Weights()

_MOST_CARDS, _MOST_SPADES = MAJORITIES[0].points, MAJORITIES[1].points
_SQRT2 = math.sqrt(2.0)
_SPADES = sum(MAJORITIES[1].counts)


def evaluate(
    state: State, player: Player, *, hands_known: bool = True, weights: Weights = WEIGHTS
) -> float:
    """The round points ``player`` can expect to finish ahead by (negative: behind).

    ``hands_known=False`` treats the hands as unknown cards (as good as the deck's), for
    positions just after a deal in a sampled state.
    """
    mine = state.piles[player]
    theirs = state.piles[player.other]
    # Sure things: the piles' per-card points, cards and spades.
    margin = 0.0
    for card in mine:
        margin += CARD_POINTS[card.index]
    for card in theirs:
        margin -= CARD_POINTS[card.index]
    my_spades, their_spades = _pile_spades(mine), _pile_spades(theirs)
    # Every other card: an expected share of it, by where it lies (edge = 2 * chance - 1).
    ahead = state.next_player is player
    sign = 1 if ahead else -1
    loose_edge = (2 * weights.to_move - 1) * sign
    build_edge = 2 * weights.own_build - 1
    by_value = None if hands_known else weights.deal_start
    groups = [] if by_value is not None else [(state.loose, loose_edge)]
    groups += [(b.cards, build_edge if b.owner is player else -build_edge) for b in state.builds]
    unknown = len(state.deck)
    if hands_known:
        hand_edge = 2 * weights.in_hand - 1
        groups += [(state.hands[player], hand_edge), (state.hands[player.other], -hand_edge)]
    else:
        unknown += len(state.hands[0]) + len(state.hands[1])
    card_mean, spade_mean = float(len(mine) - len(theirs)), float(my_spades - their_spades)
    card_var, spade_var = float(unknown), 0.0
    unknown_spades = _SPADES - my_spades - their_spades
    if by_value is not None:  # each loose card by its value
        for card in state.loose:
            index = card.index
            edge = (2 * by_value[CARD_VALUE[index]] - 1) * sign
            margin += CARD_POINTS[index] * edge
            card_mean += edge
            card_var += 1.0 - edge * edge
            if IS_SPADE[index]:
                unknown_spades -= 1
                spade_mean += edge
                spade_var += 1.0 - edge * edge
    for cards, edge in groups:
        variance = 1.0 - edge * edge
        for card in cards:
            index = card.index
            margin += CARD_POINTS[index] * edge
            card_mean += edge
            card_var += variance
            if IS_SPADE[index]:
                unknown_spades -= 1
                spade_mean += edge
                spade_var += variance
    # Unknown cards split evenly on average: they add spread, not margin.
    spade_var += unknown_spades
    margin += _majority(card_mean, card_var * weights.spread, _MOST_CARDS)
    margin += _majority(spade_mean, spade_var * weights.spade_spread, _MOST_SPADES)
    return margin


def _pile_spades(pile: tuple[Card, ...]) -> int:
    return sum(IS_SPADE[card.index] for card in pile)


def _majority(mean: float, variance: float, points: int) -> float:
    """Expected points of a majority item from the expected count margin and its variance."""
    if variance <= 0.0:
        return points if mean > 0 else -points if mean < 0 else 0.0
    return points * math.erf(mean / (_SQRT2 * math.sqrt(variance)))
