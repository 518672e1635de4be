"""What a starting hand makes on a board, in the words of Flopzilla: the categories of
:func:`croupier.poker.hits.classifier.hits`, each with its definition and an example (rules as data:
the documentation's table is generated from here, and a test classifies every example).

Made hands are exclusive: a combo gets the first category of :class:`MadeHand` that it
meets, in the order listed. A category counts only when the hole cards take part in it:
on a paired board the board's pair is nobody's pair, and on the river a straight or
flush that the board makes alone is not the combo's. Draws (:class:`Draw`) are counted
alongside the made hand, on the flop and the turn only; a combo may have several.

Ranks are compared as card ranks (ace high, except in straights). *Board ranks* are the
distinct ranks on the board: the top one, the bottom one, and those between.

>>> MadeHand.TOP_PAIR_GOOD.example
('AsQd', 'Qc 7h 2s')
>>> Draw.COMBO_DRAW.definition
'a flush draw and a straight draw (open-ended or gutshot) at once'
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

__all__ = ["PAIR_OR_BETTER", "Draw", "MadeHand"]


class MadeHand(StrEnum):
    """The best made hand of a combo, strongest first (the order of the tests)."""

    STRAIGHT_FLUSH = "straight flush"
    QUADS = "quads"
    FULL_HOUSE = "full house"
    FLUSH = "flush"
    STRAIGHT = "straight"
    SET = "set"
    TRIPS = "trips"
    TWO_PAIR = "two pair"
    OVERPAIR = "overpair"
    TOP_PAIR_GOOD = "top pair, good kicker"
    TOP_PAIR_WEAK = "top pair, weak kicker"
    UNDERPAIR_BELOW_TOP = "pocket pair below top pair"
    MIDDLE_PAIR = "middle pair"
    BOTTOM_PAIR = "bottom pair"
    ACE_HIGH = "ace high"
    NOTHING = "no made hand"

    @property
    def definition(self) -> str:
        """What counts, in one sentence."""
        return _MADE[self][0]

    @property
    def example(self) -> tuple[str, str]:
        """A combo and a board that make this category (and nothing above it)."""
        return _MADE[self][1], _MADE[self][2]


class Draw(StrEnum):
    """A draw counted alongside the made hand (flop and turn)."""

    FLUSH_DRAW = "flush draw"
    NUT_FLUSH_DRAW = "nut flush draw"
    OPEN_ENDED = "open-ended straight draw"
    GUTSHOT = "gutshot"
    COMBO_DRAW = "combo draw"
    OVERCARDS = "overcards"
    BACKDOOR_FLUSH_DRAW = "backdoor flush draw"

    @property
    def definition(self) -> str:
        """What counts, in one sentence."""
        return _DRAWS[self][0]

    @property
    def example(self) -> tuple[str, str]:
        """A combo and a board with this draw."""
        return _DRAWS[self][1], _DRAWS[self][2]


#: The made hands of a pair or better (what "the range flops a pair or better" counts).
PAIR_OR_BETTER: Final = tuple(MadeHand)[: list(MadeHand).index(MadeHand.BOTTOM_PAIR) + 1]

_MADE: Final[dict[MadeHand, tuple[str, str, str]]] = {
    MadeHand.STRAIGHT_FLUSH: (
        "a straight flush that uses at least one hole card",
        "9h8h",
        "Th 7h 6h",
    ),
    MadeHand.QUADS: (
        "four of a kind that uses a hole card: a pocket pair with two of its rank on the "
        "board, or one hole card with three",
        "7s7d",
        "7c 7h Kd",
    ),
    MadeHand.FULL_HOUSE: (
        "a full house better than any the board makes alone",
        "KsKd",
        "Kc 7h 7d",
    ),
    MadeHand.FLUSH: (
        "a flush better than any the board makes alone",
        "AhTh",
        "Kh 7h 2h",
    ),
    MadeHand.STRAIGHT: (
        "a straight better than any the board makes alone",
        "9s8d",
        "Tc 7h 6d",
    ),
    MadeHand.SET: (
        "a pocket pair with one card of its rank on the board",
        "7s7d",
        "Kc 7h 2d",
    ),
    MadeHand.TRIPS: (
        "one hole card with a pair of its rank on the board",
        "AsKd",
        "Kc Kh 2d",
    ),
    MadeHand.TWO_PAIR: (
        "both hole cards (not a pocket pair) pair two board ranks",
        "Ks7d",
        "Kc 7h 2d",
    ),
    MadeHand.OVERPAIR: (
        "a pocket pair above the top board rank",
        "AsAd",
        "Kc 7h 2d",
    ),
    MadeHand.TOP_PAIR_GOOD: (
        "one hole card pairs the top board rank, and the other (the kicker) is among the "
        "three highest ranks that are not on the board",
        "AsQd",
        "Qc 7h 2s",
    ),
    MadeHand.TOP_PAIR_WEAK: (
        "one hole card pairs the top board rank, with a lower kicker",
        "Qs9d",
        "Qc 7h 2s",
    ),
    MadeHand.UNDERPAIR_BELOW_TOP: (
        "a pocket pair between the top board rank and the second one",
        "JsJd",
        "Qc 7h 2s",
    ),
    MadeHand.MIDDLE_PAIR: (
        "one hole card pairs a board rank between the top and the bottom one, or a pocket "
        "pair between the second board rank and the bottom one",
        "As7d",
        "Qc 7h 2s",
    ),
    MadeHand.BOTTOM_PAIR: (
        "one hole card pairs the bottom board rank, or a pocket pair below every board rank",
        "Ks2d",
        "Qc 7h 2s",
    ),
    MadeHand.ACE_HIGH: (
        "none of the above, with an ace in the hand",
        "As5d",
        "Qc 7h 2s",
    ),
    MadeHand.NOTHING: (
        "none of the above",
        "Ks5d",
        "Qc 7h 2s",
    ),
}

_DRAWS: Final[dict[Draw, tuple[str, str, str]]] = {
    Draw.FLUSH_DRAW: (
        "four cards of one suit, at least one of them a hole card, in a hand that has no "
        "flush or better yet",
        "Ah5h",
        "Kh 7h 2s",
    ),
    Draw.NUT_FLUSH_DRAW: (
        "a flush draw holding the highest card of its suit that is not on the board (also "
        "counted as a flush draw)",
        "Ah5h",
        "Kh 7h 2s",
    ),
    Draw.OPEN_ENDED: (
        "two ranks or more would each give the hand a straight better than the board's "
        "(open-ended, or a double gutshot: eight outs), in a hand below a straight",
        "9s8d",
        "Tc 7h 2d",
    ),
    Draw.GUTSHOT: (
        "exactly one rank would give the hand a straight better than the board's",
        "9s8d",
        "Jc 7h 2d",
    ),
    Draw.COMBO_DRAW: (
        "a flush draw and a straight draw (open-ended or gutshot) at once",
        "9h8h",
        "Th 7h 2d",
    ),
    Draw.OVERCARDS: (
        "two unpaired hole cards above the top board rank, in a hand with no pair "
        "(ace high or no made hand)",
        "AsKd",
        "Qc 7h 2s",
    ),
    Draw.BACKDOOR_FLUSH_DRAW: (
        "on the flop only: three cards of one suit, at least one of them a hole card",
        "AhKh",
        "Qh 7c 2s",
    ),
}
