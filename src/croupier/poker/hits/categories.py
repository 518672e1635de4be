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

Hold'em and short-deck share :class:`MadeHand` and :class:`Draw`; short-deck checks them
in the order of its own ranking (a flush before a full house; three of a kind before a
straight, except in ``shortdeck-straights``), and its straights include A-6-7-8-9.
Omaha and five-card Omaha have their own: :class:`OmahaHand` and :class:`OmahaDraw`,
every made hand and draw built from exactly two hole cards and three board cards.
:func:`categories_of` gives a game's categories in the order they are tried.

>>> MadeHand.TOP_PAIR_GOOD.example
('AsQd', 'Qc 7h 2s')
>>> Draw.COMBO_DRAW.definition
'a flush draw and a straight draw (open-ended or gutshot) at once'
>>> [str(m) for m in categories_of("shortdeck").made[:5]]
['straight flush', 'quads', 'flush', 'full house', 'set']
>>> OmahaDraw.WRAP.example
('JhTd8c5s', '9s 7d 2c')
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, NoReturn

from croupier.choices import unknown_member
from croupier.poker.errors import PokerError
from croupier.poker.games import Game, HandCategory, Variant, variant_of

__all__ = [
    "PAIR_OR_BETTER",
    "Draw",
    "GameCategories",
    "MadeHand",
    "OmahaDraw",
    "OmahaHand",
    "categories_of",
]


class MadeHand(StrEnum):
    """The best made hand of a combo, strongest first (the order of the tests)."""

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, PokerError)

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

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, PokerError)

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


class OmahaHand(StrEnum):
    """The best made hand of an Omaha holding (four or five hole cards), strongest first:
    every one uses exactly two hole cards and three board cards."""

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, PokerError)

    STRAIGHT_FLUSH = "straight flush"
    QUADS = "quads"
    FULL_HOUSE = "full house"
    NUT_FLUSH = "nut flush"
    FLUSH = "flush, not the nuts"
    NUT_STRAIGHT = "nut straight"
    STRAIGHT = "straight, not the nuts"
    TOP_SET = "top set"
    LOWER_SET = "lower set"
    TRIPS = "trips"
    TOP_TWO_PAIR = "top two pair"
    TWO_PAIR = "lower two pair"
    OVERPAIR = "overpair"
    TOP_PAIR = "top pair"
    LOWER_PAIR = "lower pair"
    NO_PAIR = "no pair"

    @property
    def definition(self) -> str:
        """What counts, in one sentence."""
        return _OMAHA_MADE[self][0]

    @property
    def example(self) -> tuple[str, str]:
        """A holding and a board that make this category (and nothing above it)."""
        return _OMAHA_MADE[self][1], _OMAHA_MADE[self][2]


class OmahaDraw(StrEnum):
    """A draw (flop and turn) or a blocker (every street) counted alongside an Omaha
    holding's made hand."""

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, PokerError)

    WRAP = "wrap"
    STRAIGHT_DRAW = "straight draw, 8 to 12 outs"
    GUTSHOT = "gutshot, 7 outs or fewer"
    NUT_FLUSH_DRAW = "nut flush draw"
    FLUSH_DRAW = "flush draw"
    COMBO_DRAW = "combo draw"
    NUT_FLUSH_BLOCKER = "nut flush blocker"

    @property
    def definition(self) -> str:
        """What counts, in one sentence."""
        return _OMAHA_DRAWS[self][0]

    @property
    def example(self) -> tuple[str, str]:
        """A holding and a board with this draw."""
        return _OMAHA_DRAWS[self][1], _OMAHA_DRAWS[self][2]


_OMAHA_MADE: Final[dict[OmahaHand, tuple[str, str, str]]] = {
    OmahaHand.STRAIGHT_FLUSH: (
        "a straight flush of two hole cards and three board cards",
        "9h8hKsKd",
        "Th 7h 6h",
    ),
    OmahaHand.QUADS: (
        "four of a kind: two hole cards of a rank the board shows twice, or one of a rank it "
        "shows three times",
        "7s7dAhKc",
        "7c 7h Kd",
    ),
    OmahaHand.FULL_HOUSE: (
        "a full house of two hole cards and three board cards",
        "KsKdQhJc",
        "Kc 7h 7d",
    ),
    OmahaHand.NUT_FLUSH: (
        "a flush that no other holding can beat with a flush: the cards of its suit left "
        "once the board, the holding's own cards and the dead cards are out make none higher",
        "AhTh9s8d",
        "Kh 7h 2h",
    ),
    OmahaHand.FLUSH: (
        "a flush that another holding could beat with a higher flush",
        "Th9hAsAd",
        "Kh 7h 2h",
    ),
    OmahaHand.NUT_STRAIGHT: (
        "a straight that no other holding can beat with a higher straight (the ranks of "
        "which every card is on the board, in the holding or dead are out of other hands)",
        "9s8dKhKc",
        "Tc 7h 6d",
    ),
    OmahaHand.STRAIGHT: (
        "a straight that another holding could beat with a higher straight",
        "5s4dKhKc",
        "8c 7h 6d",
    ),
    OmahaHand.TOP_SET: (
        "two hole cards of the top board rank (the board shows it once)",
        "KsKd9h8c",
        "Kc 7h 2d",
    ),
    OmahaHand.LOWER_SET: (
        "two hole cards of a board rank below the top one (the board shows it once)",
        "7s7dAhKc",
        "Kc 7h 2d",
    ),
    OmahaHand.TRIPS: (
        "one hole card of a rank the board shows twice",
        "AsKdQhJc",
        "Kc Kh 2d",
    ),
    OmahaHand.TOP_TWO_PAIR: (
        "two hole cards of different ranks pairing the two highest board ranks",
        "Ks7dAhQc",
        "Kc 7h 2d",
    ),
    OmahaHand.TWO_PAIR: (
        "two hole cards of different ranks pairing two board ranks, not the two highest",
        "Ks2dAhQc",
        "Kc 7h 2d",
    ),
    OmahaHand.OVERPAIR: (
        "two hole cards of a rank above the top board rank",
        "AsAd9h8c",
        "Kc 7h 2d",
    ),
    OmahaHand.TOP_PAIR: (
        "a hole card of the top board rank",
        "AsKdQhJc",
        "Kc 7h 2d",
    ),
    OmahaHand.LOWER_PAIR: (
        "a hole card of a lower board rank, or two hole cards of a rank below the top board "
        "rank and not on the board",
        "As7dQhJc",
        "Kc 7h 2d",
    ),
    OmahaHand.NO_PAIR: (
        "none of the above (a pair or trips that the board shows alone counts for nothing)",
        "AsQdJh9c",
        "Kc 7h 2d",
    ),
}

_OMAHA_DRAWS: Final[dict[OmahaDraw, tuple[str, str, str]]] = {
    OmahaDraw.WRAP: (
        "13 or more outs to a straight: unseen cards (not on the board, in the holding or "
        "dead) whose rank would give the holding a straight, or a higher straight than it "
        "has, in a holding below a flush",
        "JhTd8c5s",
        "9s 7d 2c",
    ),
    OmahaDraw.STRAIGHT_DRAW: (
        "8 to 12 outs to a straight, counted as for a wrap (an open-ended straight draw, or "
        "a double gutshot)",
        "9h8dKcKs",
        "7s 6d 2c",
    ),
    OmahaDraw.GUTSHOT: (
        "1 to 7 outs to a straight, counted as for a wrap",
        "Th6dKcKs",
        "8s 7d 2c",
    ),
    OmahaDraw.NUT_FLUSH_DRAW: (
        "a flush draw whose highest card of the suit is the highest card of that suit not "
        "on the board (also counted as a flush draw)",
        "Ah5hKcQd",
        "Kh 7h 2s",
    ),
    OmahaDraw.FLUSH_DRAW: (
        "two or more hole cards of a suit that the board shows exactly twice, in a holding "
        "below a flush",
        "Qh5hKcQd",
        "Kh 7h 2s",
    ),
    OmahaDraw.COMBO_DRAW: (
        "a flush draw and 8 or more outs to a straight at once",
        "9h8hKcKs",
        "7h 6h 2c",
    ),
    OmahaDraw.NUT_FLUSH_BLOCKER: (
        "on a board showing three or more cards of a suit, exactly one hole card of that "
        "suit, the highest card of it not on the board: no other holding has the nut flush",
        "AhKsQsJd",
        "Kh 7h 2h",
    ),
}


@dataclass(frozen=True, slots=True)
class GameCategories:
    """A game's categories: the made hands in the order they are tried (strongest
    first by the game's ranking), the draws, and the made hands counted as a pair or
    better."""

    game: Game
    made: tuple[MadeHand, ...] | tuple[OmahaHand, ...]
    draws: tuple[Draw, ...] | tuple[OmahaDraw, ...]
    pair_or_better: tuple[MadeHand, ...] | tuple[OmahaHand, ...]


#: The hold'em categories standing for each category of hand (in a game's order).
_BY_CATEGORY: Final[dict[HandCategory, tuple[MadeHand, ...]]] = {
    HandCategory.STRAIGHT_FLUSH: (MadeHand.STRAIGHT_FLUSH,),
    HandCategory.FOUR_OF_A_KIND: (MadeHand.QUADS,),
    HandCategory.FULL_HOUSE: (MadeHand.FULL_HOUSE,),
    HandCategory.FLUSH: (MadeHand.FLUSH,),
    HandCategory.STRAIGHT: (MadeHand.STRAIGHT,),
    HandCategory.THREE_OF_A_KIND: (MadeHand.SET, MadeHand.TRIPS),
    HandCategory.TWO_PAIR: (MadeHand.TWO_PAIR,),
    HandCategory.PAIR: (
        MadeHand.OVERPAIR,
        MadeHand.TOP_PAIR_GOOD,
        MadeHand.TOP_PAIR_WEAK,
        MadeHand.UNDERPAIR_BELOW_TOP,
        MadeHand.MIDDLE_PAIR,
        MadeHand.BOTTOM_PAIR,
    ),
    HandCategory.HIGH_CARD: (MadeHand.ACE_HIGH, MadeHand.NOTHING),
}


@functools.cache
def _categories(game: Game) -> GameCategories:
    variant: Variant = variant_of(game)
    if not variant.two_card:
        omaha = tuple(OmahaHand)
        return GameCategories(
            game, omaha, tuple(OmahaDraw), omaha[: omaha.index(OmahaHand.LOWER_PAIR) + 1]
        )
    made = tuple(m for category in variant.order for m in _BY_CATEGORY[category])
    return GameCategories(game, made, tuple(Draw), tuple(m for m in made if m in PAIR_OR_BETTER))


def categories_of(game: Game | str | Variant) -> GameCategories:
    """A game's categories (hold'em's for short-deck, in short-deck's order; Omaha's for
    Omaha and five-card Omaha).

    >>> categories_of("omaha5").made[3], len(categories_of("holdem").draws)
    (<OmahaHand.NUT_FLUSH: 'nut flush'>, 7)
    """
    return _categories(variant_of(game).game)
