"""The poker games as data: hold'em, Omaha, Omaha-5 and short-deck, each a :class:`Variant`.

A game's rules are what every poker module needs to know about it: its deck, how many
hole cards a player holds, how many of them must play (Omaha: exactly two, with exactly
three of the board), and the order of the nine :class:`HandCategory` values. Every rule
lives in :data:`VARIANTS`, with where it comes from; the evaluator, the ranges, the
files of hands and the equity calculator read it from there (hold'em is one game among
the others, with fast paths of its own where they pay).

>>> omaha = variant_of("omaha")
>>> omaha.hole_cards, omaha.hole_used, omaha.board_used, len(omaha.deck)
(4, 2, 3, 52)
>>> short = variant_of(Game.SHORTDECK)
>>> len(short.deck), short.lowest_straight, short.beats("THREE_OF_A_KIND", "STRAIGHT")
(36, (9, 8, 7, 6, 14), True)
>>> variant_of("shortdeck-straights").beats("THREE_OF_A_KIND", "STRAIGHT")
False
>>> variant_of("stud")
Traceback (most recent call last):
...
croupier.poker.errors.PokerError: unknown game 'stud': expected holdem, omaha, omaha5, ...
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, NoReturn

from croupier.cards import DECK, Card
from croupier.choices import unknown_member
from croupier.poker.errors import PokerCardError, PokerError

__all__ = ["GAMES", "VARIANTS", "Game", "HandCategory", "Variant", "variant_of"]


@enum.unique
class HandCategory(enum.IntEnum):
    """The nine categories of poker hands; a stronger category compares greater (in
    hold'em's order: each game ranks them by its :attr:`Variant.order`).

    A royal flush is the best straight flush, not a category of its own.

    >>> HandCategory.FLUSH > HandCategory.STRAIGHT, HandCategory.FULL_HOUSE.label
    (True, 'full house')
    """

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, PokerError)

    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9

    @property
    def label(self) -> str:
        """The category in words: ``straight flush``, ``two pair``, ``high card``..."""
        return self.name.lower().replace("_", " ")

    @property
    def is_suited(self) -> bool:
        """True for the categories that need five cards of one suit."""
        return self in (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH)


class Game(enum.StrEnum):
    """The poker games croupier evaluates, by the name the command line and the web
    page use (``--game omaha``)."""

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, PokerError)

    HOLDEM = "holdem"
    OMAHA = "omaha"
    OMAHA5 = "omaha5"
    SHORTDECK = "shortdeck"
    SHORTDECK_STRAIGHTS = "shortdeck-straights"


#: The order of the categories in hold'em and Omaha, strongest first.
STANDARD_ORDER: Final = (
    HandCategory.STRAIGHT_FLUSH,
    HandCategory.FOUR_OF_A_KIND,
    HandCategory.FULL_HOUSE,
    HandCategory.FLUSH,
    HandCategory.STRAIGHT,
    HandCategory.THREE_OF_A_KIND,
    HandCategory.TWO_PAIR,
    HandCategory.PAIR,
    HandCategory.HIGH_CARD,
)
#: Short-deck as Triton Poker plays it: a flush beats a full house, three of a kind
#: beats a straight.
TRITON_ORDER: Final = (
    HandCategory.STRAIGHT_FLUSH,
    HandCategory.FOUR_OF_A_KIND,
    HandCategory.FLUSH,
    HandCategory.FULL_HOUSE,
    HandCategory.THREE_OF_A_KIND,
    HandCategory.STRAIGHT,
    HandCategory.TWO_PAIR,
    HandCategory.PAIR,
    HandCategory.HIGH_CARD,
)
#: Short-deck with only the flush and the full house swapped (a straight beats three of
#: a kind), as the WSOP's 2019 short-deck event and Ladbrokes play it.
STRAIGHTS_ORDER: Final = (
    HandCategory.STRAIGHT_FLUSH,
    HandCategory.FOUR_OF_A_KIND,
    HandCategory.FLUSH,
    HandCategory.FULL_HOUSE,
    HandCategory.STRAIGHT,
    HandCategory.THREE_OF_A_KIND,
    HandCategory.TWO_PAIR,
    HandCategory.PAIR,
    HandCategory.HIGH_CARD,
)


@dataclass(frozen=True, slots=True)
class Variant:
    """The rules of one game.

    - ``lowest_rank``: the deck holds every card from this rank up to the ace (2: the
      52-card deck; 6: short-deck's 36 cards);
    - ``hole_cards``: the cards each player is dealt;
    - ``hole_used``: how many hole cards must play, exactly (Omaha: 2, and then
      ``5 - hole_used`` board cards); None: any five of the hole and board cards;
    - ``order``: the categories, strongest first.

    The ace plays high, or low in the lowest straight, which runs from the ace to the
    rank four above ``lowest_rank`` (5-4-3-2-A with 52 cards, 9-8-7-6-A with 36).
    """

    game: Game
    label: str
    lowest_rank: int
    hole_cards: int
    hole_used: int | None
    order: tuple[HandCategory, ...]
    rules: str
    source: str

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards of the deck, in card-number order."""
        return tuple(card for card in DECK if card.rank >= self.lowest_rank)

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks of the deck, the ace first."""
        return tuple(range(14, self.lowest_rank - 1, -1))

    @property
    def board_used(self) -> int | None:
        """How many board cards must play (None: any)."""
        return None if self.hole_used is None else 5 - self.hole_used

    @property
    def straights(self) -> tuple[tuple[int, ...], ...]:
        """Every straight, best first, as its ranks high to low (the ace low last)."""
        ranks = self.ranks
        runs = [ranks[i : i + 5] for i in range(len(ranks) - 4)]
        return (*runs, (*ranks[-4:], 14))

    @property
    def lowest_straight(self) -> tuple[int, ...]:
        """The straight with the ace low: 5-4-3-2-A, or 9-8-7-6-A in short-deck."""
        return self.straights[-1]

    @property
    def two_card(self) -> bool:
        """True for hold'em-style games (two hole cards, any five of seven play)."""
        return self.hole_cards == 2 and self.hole_used is None

    def beats(self, first: HandCategory | str, second: HandCategory | str) -> bool:
        """Whether category ``first`` ranks above ``second`` in this game."""
        a, b = (c if isinstance(c, HandCategory) else HandCategory[c] for c in (first, second))
        return self.order.index(a) < self.order.index(b)

    @property
    def lowest_card(self) -> int:
        """The number of the deck's lowest card (``4 * (lowest_rank - 2)``: 0, or 16 for
        short-deck's 6 of clubs); every card numbered below is out of the game."""
        return 4 * (self.lowest_rank - 2)

    def check_deck(self, cards: Iterable[Card], where: str = "") -> None:
        """Raise a :class:`~croupier.poker.errors.PokerCardError` naming the first card
        that is not in this game's deck (``where`` before the message, as ``board``).

        >>> variant_of("shortdeck").check_deck(Card.parse(t) for t in ("Ah", "5c"))
        Traceback (most recent call last):
        ...
        croupier.poker.errors.PokerCardError: card 5c is not in the short-deck hold'em deck: ...
        """
        for card in cards:
            if card.rank < self.lowest_rank:
                lowest = DECK[self.lowest_card].rank.label
                raise PokerCardError(
                    f"{where + ': ' if where else ''}card {card} is not in the {self.label} "
                    f"deck: expected cards from {lowest} to ace"
                )


_TRITON_SOURCE: Final = (
    "Triton Poker's short-deck (ante-only) events, where the game became known: flush "
    "above full house, three of a kind above straight, A-6-7-8-9 the lowest straight "
    "(reported for the 2019 Triton Super High Roller Series in Jeju and Montenegro)"
)

#: Every game's rules.
VARIANTS: Final[Mapping[Game, Variant]] = MappingProxyType(
    {
        Game.HOLDEM: Variant(
            Game.HOLDEM,
            "Texas hold'em",
            2,
            2,
            None,
            STANDARD_ORDER,
            "52 cards, two hole cards, the best five of the seven cards",
            "the standard ranking of poker hands",
        ),
        Game.OMAHA: Variant(
            Game.OMAHA,
            "Omaha",
            2,
            4,
            2,
            STANDARD_ORDER,
            "52 cards, four hole cards: exactly two of them and exactly three board cards",
            "the standard Omaha rule, as pokerkit's OmahaHoldemHand and phevaluator's "
            "evaluate_omaha_cards implement it",
        ),
        Game.OMAHA5: Variant(
            Game.OMAHA5,
            "five-card Omaha",
            2,
            5,
            2,
            STANDARD_ORDER,
            "52 cards, five hole cards: exactly two of them and exactly three board cards",
            "five-card Omaha (PLO5), as phevaluator's evaluate_plo5_cards implements it",
        ),
        Game.SHORTDECK: Variant(
            Game.SHORTDECK,
            "short-deck hold'em",
            6,
            2,
            None,
            TRITON_ORDER,
            "36 cards (6 to ace), hold'em's deal; a flush beats a full house and three of "
            "a kind beats a straight; A-6-7-8-9 is the lowest straight",
            _TRITON_SOURCE,
        ),
        Game.SHORTDECK_STRAIGHTS: Variant(
            Game.SHORTDECK_STRAIGHTS,
            "short-deck hold'em, straights over trips",
            6,
            2,
            None,
            STRAIGHTS_ORDER,
            "short-deck, but a straight beats three of a kind (only the flush and the "
            "full house change places)",
            "the WSOP's 2019 short-deck event and Ladbrokes' short-deck rules; pokerkit's "
            "ShortDeckHoldemHand ranks hands this way",
        ),
    }
)

#: The games' names, as the command line lists them.
GAMES: Final = tuple(str(game) for game in Game)


def variant_of(game: Game | str | Variant) -> Variant:
    """The :class:`Variant` of a game, by :class:`Game` or name (``"omaha"``)."""
    if isinstance(game, Variant):
        return game
    if not isinstance(game, str):
        raise TypeError(f"game must be a Game or its name, not {type(game).__name__}")
    try:
        return VARIANTS[Game(game.strip().lower())]
    except ValueError:
        raise PokerError(f"unknown game {game!r}: expected {', '.join(GAMES)}") from None
