"""Punto banco rules as data: card points, hand totals and the third-card tableau.

A hand's total is the sum of its card points modulo 10 (A = 1, 2-9 face value,
10/J/Q/K = 0). A two-card 8 or 9 is a natural and ends the round. Otherwise the
player draws on 0-5 and stands on 6-7; if the player stood, the banker draws on 0-5;
if the player drew, the banker follows :data:`TABLEAU`, indexed by the banker's
two-card total and the points of the player's third card.

>>> from croupier.cards import parse_cards
>>> hand_total(parse_cards("6h 6c 2d")), player_draws(5), banker_draws(3, 8)
(4, True, False)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Final, NoReturn

from croupier.arguments import checked
from croupier.baccarat.errors import BaccaratError
from croupier.cards import Card, Rank, as_cards, parse_rank
from croupier.choices import unknown_member
from croupier.errors import check_type

__all__ = [
    "BANKER_DRAWS",
    "CUT_CARD_FROM_END",
    "PLAYER_DRAWS",
    "POINTS",
    "TABLEAU",
    "Outcome",
    "banker_draws",
    "hand_total",
    "is_natural",
    "outcome_of",
    "player_draws",
    "points",
]

#: Where the cut card goes in a fresh shoe: this many cards from the back.
CUT_CARD_FROM_END: Final = 16

#: Baccarat points of each rank.
POINTS: Final[Mapping[Rank, int]] = MappingProxyType(
    {rank: (1 if rank is Rank.ACE else int(rank) if rank <= Rank.NINE else 0) for rank in Rank}
)

#: The banker's drawing chart when the player has drawn a third card, exactly as the
#: COMP 104 lab prints it: one row per banker two-card total, one letter per point value
#: of the player's third card (0 to 9), ``H`` = hit (draw), ``S`` = stand. Totals 8 and 9
#: are naturals and never reach the chart; they are listed so every total has a row.
TABLEAU: Final[Mapping[int, str]] = MappingProxyType(
    {
        #   player's third card: 0123456789
        9: "SSSSSSSSSS",
        8: "SSSSSSSSSS",
        7: "SSSSSSSSSS",
        6: "SSSSSSHHSS",
        5: "SSSSHHHHSS",
        4: "SSHHHHHHSS",
        3: "HHHHHHHHSH",
        2: "HHHHHHHHHH",
        1: "HHHHHHHHHH",
        0: "HHHHHHHHHH",
    }
)

#: ``BANKER_DRAWS[banker_total][player_third_card_points]``: the tableau as booleans.
BANKER_DRAWS: Final[tuple[tuple[bool, ...], ...]] = tuple(
    tuple(letter == "H" for letter in TABLEAU[total]) for total in range(10)
)

#: ``PLAYER_DRAWS[total]``: the player draws on 0-5 and stands on 6-7 (8-9 are naturals).
PLAYER_DRAWS: Final[tuple[bool, ...]] = tuple(total <= 5 for total in range(10))

#: ``BANKER_DRAWS_AFTER_PLAYER_STOOD[total]``: with no player third card, the banker draws
#: on 0-5 and stands on 6-7.
BANKER_DRAWS_AFTER_PLAYER_STOOD: Final[tuple[bool, ...]] = tuple(total <= 5 for total in range(10))


@enum.unique
class Outcome(enum.StrEnum):
    """Who won the round (its value is the word JSON and the course's files use).

    >>> Outcome("banker") is Outcome.BANKER, str(Outcome.TIE)
    (True, 'tie')
    """

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, BaccaratError)

    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"


def points(card: Card | Rank | str) -> int:
    """Baccarat points of a card or rank (or its text: ``"Q"``, ``"Qh"``).

    >>> from croupier.cards import Card
    >>> points(Rank.ACE), points(Rank.SEVEN), points(Card.parse("Qh"))
    (1, 7, 0)
    """
    if isinstance(card, str):
        card = parse_rank(card)
    check_type(card, (Card, Rank), "card", "a Card, a Rank or its text")
    return POINTS[card.rank if isinstance(card, Card) else card]


@checked
def hand_total(cards: Iterable[Card] | str) -> int:
    """A hand's total: the sum of its card points modulo 10 (cards, or their text).

    >>> from croupier.cards import parse_cards
    >>> hand_total(parse_cards("Jc 4d")), hand_total("9s 9h")
    (4, 8)
    """
    return sum(POINTS[card.rank] for card in as_cards(cards)) % 10


def _check_total(total: int) -> None:
    if not 0 <= total <= 9:
        raise BaccaratError(f"bad hand total {total}: expected 0 to 9")


@checked
def is_natural(two_card_total: int) -> bool:
    """True for a two-card 8 or 9."""
    _check_total(two_card_total)
    return two_card_total >= 8


@checked
def player_draws(player_total: int) -> bool:
    """Whether the player, with this two-card total and no natural on the table, draws."""
    _check_total(player_total)
    return PLAYER_DRAWS[player_total]


@checked
def banker_draws(banker_total: int, player_third: int | None) -> bool:
    """Whether the banker draws, given the banker's two-card total and the *points* of the
    player's third card (``None`` if the player stood). No natural may be on the table.

    >>> banker_draws(6, None), banker_draws(5, None), banker_draws(6, 7), banker_draws(3, 8)
    (False, True, True, False)
    """
    _check_total(banker_total)
    if player_third is None:
        return BANKER_DRAWS_AFTER_PLAYER_STOOD[banker_total]
    _check_total(player_third)
    return BANKER_DRAWS[banker_total][player_third]


@checked
def outcome_of(player_total: int, banker_total: int) -> Outcome:
    """The outcome for two final totals: the higher total wins, equal totals tie."""
    if player_total > banker_total:
        return Outcome.PLAYER
    if banker_total > player_total:
        return Outcome.BANKER
    return Outcome.TIE
