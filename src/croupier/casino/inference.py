"""Reading the opponent's hand from their play: what their moves of the deal tell.

A search that deals the unseen cards at random (:meth:`State.sample
<croupier.casino.state.State.sample>`) gives the opponent any hand the table allows. But
their moves this deal (:attr:`Observation.deal_moves
<croupier.casino.observation.Observation.deal_moves>`, each with the table it was played
on) say more, in two ways:

- **Sure** (by the rules): a player builds, or adds to a build, only while keeping in hand
  another card of the build's value (:attr:`~croupier.casino.errors.Rule.BUILD_HOLD`). So an
  opponent who built 9 this deal and has played no card of value 9 since holds one now,
  even if the build has since been taken. :attr:`HandClues.holds` lists those values; a
  sample always gives the opponent a card of each (where the unseen cards have one).
- **Likely**: a player who could have captured more with a card than the move they
  played gained is unlikely to hold that card. Each unseen card gets a weight, the
  product over the opponent's moves of the deal of ``exp(-strength * shortfall)``, the
  shortfall being how much more (in :func:`move_gain`) the best capture with that card
  would have taken on that table than the move played. Weights are never 0: nothing the
  rules allow is ruled out, only made less likely.

>>> from croupier.casino import Player, new_tournament
>>> state = new_tournament(Player.HUMAN, rng=7)
>>> moves: tuple[SeenMove, ...] = ()
>>> move = Move.parse("trail CJ")
>>> moves = follow(moves, state, move, after := state.apply(move))
>>> clues = read_clues(after.observe(Player.COMPUTER, deal_moves=moves), strength=2.0)
>>> clues.holds, clues.uniform
(frozenset(), False)
>>> # the human could have captured the 8 of clubs with an 8: an 8 in their hand is now
>>> # less likely than a card that captures nothing
>>> from croupier.cards import Card
>>> clues.weights[Card.parse("D8").index] < clues.weights[Card.parse("D4").index] == 1.0
True
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Final

from croupier.cards import DECK, Card
from croupier.casino.moves import Action, Move
from croupier.casino.observation import NO_CLUES, HandClues, Observation, SeenMove
from croupier.casino.pieces import Build, Player
from croupier.casino.rules import moves_for
from croupier.casino.scoring import SCORING, ScoreKind
from croupier.casino.state import State
from croupier.casino.values import CARD_VALUE
from croupier.errors import check_type

__all__ = [
    "CAPTURE_WORTH",
    "CARD_WORTH",
    "NO_CLUES",
    "HandClues",
    "follow",
    "move_gain",
    "read_clues",
]

#: What taking one card is worth to :func:`move_gain`, by card number, from the scoring
#: items (:data:`~croupier.casino.scoring.SCORING`): the points it scores on its own (aces
#: 1, the 10 of diamonds 2, the 2 of spades 1), and for each majority it counts for, the
#: item's points over half the cards that count (most cards: 3 / 26; most spades: 1 / 6.5).
CARD_WORTH: Final[tuple[float, ...]] = tuple(
    sum(
        item.points if item.kind is ScoreKind.PER_CARD else item.points / (len(item.cards) / 2)
        for item in SCORING
        if card in item.cards
    )
    for card in DECK
)
#: What a capture (or a build, a capture to come) is worth to :func:`move_gain` beyond
#: its cards: taking something at all (the last capturer takes the table at the end).
CAPTURE_WORTH: Final = 1.0


def move_gain(move: Move) -> float:
    """What ``move`` takes (or, a build, sets up to take): :data:`CAPTURE_WORTH` and the
    :data:`CARD_WORTH` of every card taken or built, the card played included; 0 for a trail.

    >>> move_gain(Move.parse("trail H5"))
    0.0
    >>> round(move_gain(Move.parse("capture SA HA")), 2)  # two aces, one a spade
    3.38
    """
    if move.action is Action.TRAIL:
        return 0.0
    cards = [move.card, *move.loose, *(card for part in move.builds for card in part)]
    return CAPTURE_WORTH + sum(CARD_WORTH[card.index] for card in cards)


def follow(
    deal_moves: tuple[SeenMove, ...], before: State, move: Move, after: State
) -> tuple[SeenMove, ...]:
    """The moves of the deal once ``move`` took ``before`` to ``after``: ``deal_moves`` and
    the move, or none once new cards are dealt (or the round ends).

    >>> from croupier.casino import new_tournament
    >>> state = new_tournament(Player.HUMAN, rng=7)
    >>> move = Move.parse("capture H8 C8")
    >>> [str(seen.move) for seen in follow((), state, move, state.apply(move))]
    ['capture H8 C8']
    """
    player = before.to_move
    if player is None:
        raise ValueError("the round is over: no move follows")
    dealt = len(after.hands[0]) + len(after.hands[1]) > len(before.hands[0]) + len(before.hands[1])
    if dealt or after.is_round_over:
        return ()
    kept = None
    if move.action in (Action.BUILD, Action.INCREASE):
        kept = next((build.value for build in after.builds if move.card in build.cards), None)
    return (*deal_moves, SeenMove(player, move, before.loose, before.builds, kept))


def read_clues(observation: Observation, strength: float) -> HandClues:
    """What the opponent's moves in ``observation.deal_moves`` tell (see the module):
    the values they surely hold, and each card's weight with ``strength`` (0: every
    weight 1, the sure values only).

    >>> from croupier.casino import new_tournament
    >>> read_clues(new_tournament(Player.HUMAN, rng=1).observe(Player.HUMAN), 2.0).uniform
    True
    """
    check_type(observation, Observation, "observation")
    if strength < 0 or not math.isfinite(strength):
        raise ValueError(f"strength must be a finite number at least 0, not {strength!r}")
    theirs = [seen for seen in observation.deal_moves if seen.player is not observation.player]
    holds: set[int] = set()
    shortfall = [0.0] * len(DECK)
    for i, seen in enumerate(theirs):
        later = {CARD_VALUE[other.move.card.index] for other in theirs[i + 1 :]}
        if seen.kept is not None and seen.kept not in later:
            holds.add(seen.kept)
        if strength:
            played = move_gain(seen.move)
            best = _best_captures(seen.loose, seen.builds, seen.player)
            for index, gain in enumerate(best):
                if gain > played:
                    shortfall[index] += gain - played
    weights = tuple(math.exp(-strength * short) if short else 1.0 for short in shortfall)
    return HandClues(frozenset(holds), weights)


@lru_cache(maxsize=4096)
def _best_captures(
    loose: tuple[Card, ...], builds: tuple[Build, ...], player: Player
) -> tuple[float, ...]:
    """By card number, the :func:`move_gain` of the best capture ``player`` could make
    with that card alone on this table (0 if none)."""
    on_table = {card.index for card in loose}
    on_table.update(card.index for build in builds for card in build.cards)
    best = [0.0] * len(DECK)
    for card in DECK:
        if card.index in on_table:
            continue
        for move in moves_for((card,), loose, builds, player):
            if move.action is Action.CAPTURE:
                best[card.index] = max(best[card.index], move_gain(move))
    return tuple(best)
