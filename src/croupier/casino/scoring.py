"""Scoring at the end of a round, as a table of items.

Each :class:`ScoringItem` is either a *majority* (the player with more of its cards gets
the points, nobody on a tie) or *per card* (each of its cards scores for whoever holds it).

=================  ======  ==========  ================================
item               points  kind        cards
=================  ======  ==========  ================================
most cards         3       majority    all 52
most spades        1       majority    the 13 spades
10 of diamonds     2       per card    DX
2 of spades        1       per card    S2
aces               1       per card    the four aces (1 point each)
=================  ======  ==========  ================================

>>> from croupier.cards import parse_cards
>>> score = score_piles((parse_cards("DX SA S2 S3"), parse_cards("H4 C5 D6")))
>>> score.points, [item.points for item in score.items]
((8, 0), [(3, 0), (1, 0), (2, 0), (1, 0), (1, 0)])
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NoReturn

from croupier.cards import DECK, Card, Rank, Suit
from croupier.casino.errors import CasinoError
from croupier.choices import unknown_member

__all__ = ["SCORING", "ItemScore", "RoundScore", "ScoreKind", "ScoringItem", "score_piles"]


@enum.unique
class ScoreKind(enum.StrEnum):
    """How an item scores: to the majority holder, or for each card."""

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, CasinoError)

    MAJORITY = "majority"
    PER_CARD = "per card"


@dataclass(frozen=True, slots=True)
class ScoringItem:
    """One line of the scoring table."""

    name: str
    points: int
    kind: ScoreKind
    cards: frozenset[Card]


#: The scoring table of a round (the OPL Casino project's): 11 points in all when nothing is tied.
SCORING: Final[tuple[ScoringItem, ...]] = (
    ScoringItem("most cards", 3, ScoreKind.MAJORITY, frozenset(DECK)),
    ScoringItem(
        "most spades", 1, ScoreKind.MAJORITY, frozenset(c for c in DECK if c.suit is Suit.SPADES)
    ),
    ScoringItem(
        "10 of diamonds", 2, ScoreKind.PER_CARD, frozenset([Card(Rank.TEN, Suit.DIAMONDS)])
    ),
    ScoringItem("2 of spades", 1, ScoreKind.PER_CARD, frozenset([Card(Rank.TWO, Suit.SPADES)])),
    ScoringItem("aces", 1, ScoreKind.PER_CARD, frozenset(c for c in DECK if c.rank is Rank.ACE)),
)


@dataclass(frozen=True, slots=True)
class ItemScore:
    """One item's outcome: how many of its cards each player has, and the points won.

    Pairs are ``(human, computer)``, indexable by :class:`~.state.Player`.
    """

    item: ScoringItem
    counts: tuple[int, int]
    points: tuple[int, int]


@dataclass(frozen=True, slots=True)
class RoundScore:
    """The scoring of two piles: each item's outcome and the round points of each player."""

    items: tuple[ItemScore, ...]

    @property
    def points(self) -> tuple[int, int]:
        """Round points ``(human, computer)``."""
        return (
            sum(item.points[0] for item in self.items),
            sum(item.points[1] for item in self.items),
        )


def score_piles(
    piles: Sequence[Sequence[Card]], table: Sequence[ScoringItem] = SCORING
) -> RoundScore:
    """Score two piles ``(human, computer)`` with a scoring table (by default the OPL
    Casino project's)."""
    items = []
    for item in table:
        counts = (
            sum(card in item.cards for card in piles[0]),
            sum(card in item.cards for card in piles[1]),
        )
        if item.kind is ScoreKind.MAJORITY:
            points = (
                item.points if counts[0] > counts[1] else 0,
                item.points if counts[1] > counts[0] else 0,
            )
        else:
            points = (item.points * counts[0], item.points * counts[1])
        items.append(ItemScore(item, counts, points))
    return RoundScore(tuple(items))
