"""The poker page's contract: the answers of the range grid and the comparison.

The calculator's request models (with the seed read from digits) are in
:mod:`croupier.web.poker`; its jobs answer :class:`~croupier.web.schemas.JobAnswer`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from croupier.web.schemas.common import Answer, BestCardView, CardView

__all__ = ["CompareAnswer", "RangeAnswer"]


class RangeAnswer(Answer):
    """Range text read by the library, for the 13x13 grid."""

    range: str = Field(description="the range in its short form ('' for random)")
    random: bool = Field(description="the text was empty: a random hand")
    combos: int
    grid: list[list[float]] = Field(
        description="13x13, aces first: pairs on the diagonal, suited above, offsuit below; "
        "each cell the weighted share of its class in the range"
    )


class RankedHand(Answer):
    hand: list[BestCardView]
    best: list[CardView]
    category: str
    description: str


class CompareAnswer(Answer):
    """Which of two hands wins."""

    hands: list[RankedHand]
    winner: Literal[0, 1, 2] = Field(description="0: a tie")
    verdict: str
