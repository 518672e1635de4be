"""One round (a *coup*) of punto banco: the ECE 275 round engine in Pythonic form.

The course's C functions (ECE 275 Project 0) map to this module as follows:

==============================  ========================================
ECE 275 Project 0               croupier
==============================  ========================================
``start_baccarat(game, n)``     ``Round(decks=n)`` or ``Round(shoe)``
``deal_init_baccarat``          :meth:`Round.deal_initial`
``deal_player_third_card``      :meth:`Round.player_draws_third`
``deal_dealer_third_card``      :meth:`Round.banker_draws_third`
``deal_finalize_baccarat``      :meth:`Round.finalize`
``get_baccarat_outcome``        :attr:`Round.outcome`
``score_baccarat_rank/hand``    :func:`~croupier.baccarat.rules.points`,
                                :func:`~croupier.baccarat.rules.hand_total`
``end_baccarat``                nothing: the shoe is garbage collected
==============================  ========================================

>>> from croupier.cards import Shoe, parse_cards
>>> game = Round(Shoe.stacked(parse_cards("2h 3d 9s Kc 7h")))
>>> game.deal_initial()
>>> game.player_cards, game.banker_cards, game.player_total
((Card('2h'), Card('3d')), (Card('9s'), Card('Kc')), 0)
>>> game.player_draws_third(), game.banker_draws_third()
(False, False)
>>> coup = game.finalize()
>>> game.outcome, coup.banker_total, coup.natural
(<Outcome.BANKER: 'banker'>, 9, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from croupier.arguments import checked
from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.rules import (
    POINTS,
    Outcome,
    banker_draws,
    hand_total,
    outcome_of,
    player_draws,
    points,
)
from croupier.cards import Card, Shoe, format_cards
from croupier.randomness import RNGLike

__all__ = ["Coup", "Round", "deal_coup"]


def _first_two(cards: Sequence[Card]) -> int:
    """The total of a hand's first two cards (cards the caller has checked: the drawing
    rules ask for it a dozen times a round, and :func:`hand_total` checks its argument
    every time)."""
    return (POINTS[cards[0].rank] + POINTS[cards[1].rank]) % 10


def _naturals(player: Sequence[Card], banker: Sequence[Card]) -> bool:
    return max(_first_two(player), _first_two(banker)) >= 8


def _player_third_decision(player: Sequence[Card], banker: Sequence[Card]) -> bool:
    return not _naturals(player, banker) and player_draws(_first_two(player))


def _banker_third_decision(
    player: Sequence[Card], banker: Sequence[Card], player_third: Card | None
) -> bool:
    if _naturals(player, banker):
        return False
    third = None if player_third is None else points(player_third)
    return banker_draws(_first_two(banker), third)


@checked
@dataclass(frozen=True, slots=True)
class Coup:
    """A finished round: both hands as dealt, checked against the drawing rules.

    >>> from croupier.cards import parse_cards
    >>> coup = Coup(parse_cards("4h Ac Jd"), parse_cards("Ah 3s"))
    >>> coup.player_total, coup.banker_total, coup.outcome, coup.player_third
    (5, 4, <Outcome.PLAYER: 'player'>, Card('Jd'))
    >>> Coup(parse_cards("4h Ac"), parse_cards("Ah 3s"))
    Traceback (most recent call last):
    ...
    croupier.baccarat.errors.BaccaratError: not a legal round: player 4♥ A♣ must draw a third card
    """

    player_cards: tuple[Card, ...]
    banker_cards: tuple[Card, ...]
    player_total: int = field(init=False)
    banker_total: int = field(init=False)
    outcome: Outcome = field(init=False)

    def __post_init__(self) -> None:
        player, banker = tuple(self.player_cards), tuple(self.banker_cards)
        object.__setattr__(self, "player_cards", player)
        object.__setattr__(self, "banker_cards", banker)
        if not (2 <= len(player) <= 3 and 2 <= len(banker) <= 3):
            raise BaccaratError(
                f"not a legal round: each side holds 2 or 3 cards, not {len(player)} and "
                f"{len(banker)}"
            )
        decisions = (
            ("player", player, _player_third_decision(player, banker)),
            ("banker", banker, _banker_third_decision(player, banker, self._third(player))),
        )
        for side, cards, draws in decisions:
            if draws != (len(cards) == 3):
                must = "must draw" if draws else "may not draw"
                raise BaccaratError(
                    f"not a legal round: {side} {format_cards(cards[:2], 'pretty')} "
                    f"{must} a third card"
                )
        object.__setattr__(self, "player_total", hand_total(player))
        object.__setattr__(self, "banker_total", hand_total(banker))
        object.__setattr__(self, "outcome", outcome_of(self.player_total, self.banker_total))

    def _repr_html_(self) -> str:
        """Both hands drawn in a notebook (:mod:`croupier.baccarat.display`)."""
        from croupier.baccarat.display import coup_html

        return coup_html(self)

    @staticmethod
    def _third(cards: Sequence[Card]) -> Card | None:
        return cards[2] if len(cards) == 3 else None

    @property
    def player_third(self) -> Card | None:
        """The player's third card, if the player drew."""
        return self._third(self.player_cards)

    @property
    def banker_third(self) -> Card | None:
        """The banker's third card, if the banker drew."""
        return self._third(self.banker_cards)

    @property
    def player_card_count(self) -> int:
        """How many cards the player holds (2 or 3)."""
        return len(self.player_cards)

    @property
    def banker_card_count(self) -> int:
        """How many cards the banker holds (2 or 3)."""
        return len(self.banker_cards)

    @property
    def player_two_card_total(self) -> int:
        """The player's total on the first two cards."""
        return hand_total(self.player_cards[:2])

    @property
    def banker_two_card_total(self) -> int:
        """The banker's total on the first two cards."""
        return hand_total(self.banker_cards[:2])

    @property
    def natural(self) -> bool:
        """True when either side had a two-card 8 or 9 (the round ended on the deal)."""
        return _naturals(self.player_cards, self.banker_cards)

    @property
    def player_pair(self) -> bool:
        """The player's first two cards share a rank (not just a point value)."""
        return self.player_cards[0].rank == self.player_cards[1].rank

    @property
    def banker_pair(self) -> bool:
        """The banker's first two cards share a rank (not just a point value)."""
        return self.banker_cards[0].rank == self.banker_cards[1].rank

    @property
    def cards_used(self) -> int:
        """How many cards the round took from the shoe (4 to 6)."""
        return len(self.player_cards) + len(self.banker_cards)


#: The orders of the first four cards: the course's engine, and a real table's.
DEAL_ORDERS: Final = ("course", "casino")


@checked
def deal_coup(cards: Iterable[Card] | str) -> Coup:
    """Play a whole round from ``cards`` (or their text) in dealing order, using only the
    cards it needs.

    >>> from croupier.cards import parse_cards
    >>> deal_coup(parse_cards("Ah 3d Qs 4c 5h 9d Kd")).banker_cards
    (Card('Qs'), Card('4c'), Card('9d'))
    """
    game = Round(Shoe.stacked(cards))
    game.deal_initial()
    return game.finalize()


class Round:
    """One round of punto banco dealt from a shoe (the course engine's ``baccarat_game_t``).

    ``Round()`` starts a game on a freshly shuffled shoe of ``decks`` decks (8 by
    default, reproducible with ``rng``: an int seed or a NumPy generator);
    ``Round(shoe)`` deals from an existing shoe, as a table does round after round.
    Nothing is dealt until :meth:`deal_initial`; the stored totals stay 0 until
    :meth:`finalize`, as the course engine specifies.
    """

    @checked
    def __init__(
        self,
        shoe: Shoe | None = None,
        *,
        decks: int = 8,
        rng: RNGLike = None,
        deal_order: str = "course",
    ):
        if deal_order not in DEAL_ORDERS:
            raise BaccaratError(
                f"bad deal order {deal_order!r}: expected one of {', '.join(DEAL_ORDERS)}"
            )
        self.shoe: Shoe = shoe if shoe is not None else Shoe(decks, rng=rng)
        #: ``course``: player, player, banker, banker; ``casino``: player, banker, player, banker.
        self.deal_order = deal_order
        #: How many decks are in use (``None`` for a stacked shoe).
        self.decks: int | None = self.shoe.decks
        self._player: list[Card] = []
        self._banker: list[Card] = []
        #: The player's final total, stored by :meth:`finalize` (0 until then).
        self.player_total = 0
        #: The banker's final total, stored by :meth:`finalize` (0 until then).
        self.banker_total = 0
        self._coup: Coup | None = None

    @property
    def player_cards(self) -> tuple[Card, ...]:
        """The player's cards so far (0 to 3)."""
        return tuple(self._player)

    @property
    def banker_cards(self) -> tuple[Card, ...]:
        """The banker's cards so far (0 to 3)."""
        return tuple(self._banker)

    @property
    def is_dealt(self) -> bool:
        """True once the initial four cards are out."""
        return bool(self._player)

    @property
    def is_finished(self) -> bool:
        """True once :meth:`finalize` has run."""
        return self._coup is not None

    def deal_initial(self) -> None:
        """Deal two cards each: player, player, banker, banker (the course's order), or
        player, banker, player, banker with ``deal_order="casino"`` (as at a real table).

        >>> from croupier.cards import Shoe, parse_cards
        >>> game = Round(Shoe.stacked(parse_cards("2h 9s 3d Kc")), deal_order="casino")
        >>> game.deal_initial()
        >>> game.player_cards, game.banker_cards
        ((Card('2h'), Card('3d')), (Card('9s'), Card('Kc')))
        """
        if self.is_dealt:
            raise BaccaratError("the initial deal has already been made in this round")
        first, second, third, fourth = (self.shoe.draw() for _ in range(4))
        if self.deal_order == "casino":
            self._player[:], self._banker[:] = [first, third], [second, fourth]
        else:
            self._player[:], self._banker[:] = [first, second], [third, fourth]

    def _require_dealt(self) -> None:
        if not self.is_dealt:
            raise BaccaratError("no cards dealt yet: call deal_initial() first")

    def player_draws_third(self) -> bool:
        """Whether the player takes (or took) a third card under the rules."""
        self._require_dealt()
        return _player_third_decision(self._player, self._banker)

    def banker_draws_third(self) -> bool:
        """Whether the banker takes (or took) a third card under the rules.

        Straight after the initial deal, if the player is due a third card, the answer
        depends on that card, which is the top card of the shoe: it is looked at (not
        dealt) to decide.
        """
        self._require_dealt()
        if len(self._player) == 3:
            player_third: Card | None = self._player[2]
        elif self.player_draws_third():
            player_third = self.shoe.peek()
        else:
            player_third = None
        return _banker_third_decision(self._player, self._banker, player_third)

    def finalize(self) -> Coup:
        """Deal the third cards the rules call for, store both totals, return the coup."""
        self._require_dealt()
        if self._coup is not None:
            raise BaccaratError("this round is already finished")
        if self.player_draws_third():
            self._player.append(self.shoe.draw())
        if self.banker_draws_third():
            self._banker.append(self.shoe.draw())
        self._coup = Coup(tuple(self._player), tuple(self._banker))
        self.player_total = self._coup.player_total
        self.banker_total = self._coup.banker_total
        return self._coup

    def play(self) -> Coup:
        """Deal a whole round at once: :meth:`deal_initial` then :meth:`finalize`."""
        self.deal_initial()
        return self.finalize()

    @property
    def coup(self) -> Coup:
        """The finished round."""
        if self._coup is None:
            raise BaccaratError("the round is not finished: call finalize() first")
        return self._coup

    @property
    def outcome(self) -> Outcome:
        """Who won: player, banker or tie (after :meth:`finalize`)."""
        return self.coup.outcome
