"""The orders in which top-percentage ranges (``15%``) take starting-hand classes.

A top-percentage range takes whole classes, best first, until it holds at least that
share of the deck's combos (1,326 in hold'em; 630 of 81 classes in short-deck, ranked
in its own rules: :func:`class_order`). "Best" depends on the ranking, and calculators
differ:

- :attr:`RangeOrder.VS_THREE` (``15%``, or ``15%vs3``), the default: all-in equity
  against three random hands, the ranking of PokerStove and Equilab. The figures
  (:mod:`croupier.poker.ranges.vs_three_random`) are croupier's own Monte Carlo with their
  standard errors; two classes closer than their error are ordered by the tie rule of
  :func:`tie_broken_order`.
- :attr:`RangeOrder.VS_ONE` (``15%vs1``): all-in equity against one random hand, exact
  (:mod:`croupier.poker.ranges.vs_random`); the order croupier used before, which favours
  offsuit aces and small pairs over suited connectors.

>>> from croupier.poker.ranges.starting_hands import CLASS_LABELS
>>> [CLASS_LABELS[n] for n in class_order()[:6]]
['AA', 'KK', 'QQ', 'JJ', 'TT', 'AKs']
>>> [CLASS_LABELS[n] for n in class_order("vs1")[:6]]
['AA', 'KK', 'QQ', 'JJ', 'TT', '99']
>>> RangeOrder("vs3").description
'all-in equity against three random hands (PokerStove, Equilab)'
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from enum import StrEnum
from typing import Final, NoReturn

from croupier.arguments import checked
from croupier.choices import unknown_member
from croupier.poker.errors import PokerError
from croupier.poker.games import Game, variant_of

__all__ = ["DEFAULT_ORDER", "RangeOrder", "class_order", "tie_broken_order"]

#: Two neighbours closer than this many standard errors of their difference are a tie.
TIE_ERRORS: Final = 2.0


class RangeOrder(StrEnum):
    """A ranking of a deck's classes (hold'em's 169, a short deck's 81); its value is
    the suffix of ``15%vs3``."""

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, PokerError)

    VS_THREE = "vs3"
    VS_ONE = "vs1"

    @property
    def description(self) -> str:
        """What the order ranks by, and who uses it."""
        return _DESCRIPTIONS[self]


_DESCRIPTIONS: Final = {
    RangeOrder.VS_THREE: "all-in equity against three random hands (PokerStove, Equilab)",
    RangeOrder.VS_ONE: "all-in equity against one random hand (exact)",
}

#: The order of ``15%`` written without a suffix.
DEFAULT_ORDER: Final = RangeOrder.VS_THREE


def tie_broken_order(
    equity: Sequence[float], error: Sequence[float], tie_break: Sequence[float]
) -> tuple[int, ...]:
    """Class numbers, best first: by ``equity``, except that two neighbours whose
    difference is within :data:`TIE_ERRORS` times ``sqrt(error_a^2 + error_b^2)`` are a
    tie, put in the order of ``tie_break`` (higher first, then the lower class number),
    neighbour by neighbour until no tied pair is out of that order.

    >>> tie_broken_order([0.5, 0.49, 0.3], [0.01, 0.01, 0.01], [0.1, 0.2, 0.9])
    (1, 0, 2)
    >>> tie_broken_order([0.5, 0.49, 0.3], [0.001, 0.001, 0.01], [0.1, 0.2, 0.9])
    (0, 1, 2)
    """
    order = sorted(range(len(equity)), key=lambda n: (-equity[n], n))
    moved = True
    while moved:  # each swap puts one tied pair in tie-break order: this ends
        moved = False
        for i in range(len(order) - 1):
            a, b = order[i], order[i + 1]
            tied = equity[a] - equity[b] <= TIE_ERRORS * math.hypot(error[a], error[b])
            if tied and (tie_break[b], -b) > (tie_break[a], -a):
                order[i], order[i + 1] = b, a
                moved = True
    return tuple(order)


@checked
def class_order(
    order: RangeOrder | str = DEFAULT_ORDER, game: Game | str = Game.HOLDEM
) -> tuple[int, ...]:
    """The class numbers (see :mod:`croupier.poker.ranges.starting_hands`) of ``game``'s
    deck, best first, in ``order`` (a :class:`RangeOrder` or its value, ``"vs3"`` or
    ``"vs1"``): hold'em's 169 classes, or a short deck's 81 (two ranks from 6 to the ace)
    ranked by their equity in that game's rules (its flush above a full house, and its
    trips or straights on top), whose figures
    (:mod:`croupier.poker.ranges.short_deck_equity`) are croupier's own, as hold'em's.

    >>> from croupier.poker.ranges.starting_hands import CLASS_LABELS
    >>> [CLASS_LABELS[n] for n in class_order("vs3", "shortdeck")[:5]]
    ['AA', 'KK', 'QQ', 'JJ', 'TT']
    >>> [CLASS_LABELS[n] for n in class_order("vs3", "shortdeck-straights")[:5]]
    ['AA', 'KK', 'QQ', 'AKs', 'JJ']
    >>> len(class_order("vs1", "shortdeck-straights"))
    81
    """
    try:
        chosen = RangeOrder(order)
    except ValueError:
        known = ", ".join(o.value for o in RangeOrder)
        raise PokerError(f"unknown range order {order!r}: expected one of {known}") from None
    variant = variant_of(game)
    if not variant.two_card:
        raise PokerError(
            f"{variant.label} has no order of two-card classes: its top percentages are "
            "read by croupier.poker.ranges.generic"
        )
    return _class_order(chosen, variant.game)


@functools.cache
def _class_order(order: RangeOrder, game: Game) -> tuple[int, ...]:
    """:func:`class_order` of a two-card game, once a process."""
    if game is not Game.HOLDEM:
        return _short_deck_order(order, game)
    from croupier.poker.ranges.vs_random import CLASS_ORDER, EQUITY_VS_RANDOM

    if order is RangeOrder.VS_ONE:
        return CLASS_ORDER
    from croupier.poker.ranges.vs_three_random import EQUITY_VS_THREE

    equity = [e for e, _ in EQUITY_VS_THREE]
    error = [s for _, s in EQUITY_VS_THREE]
    return tie_broken_order(equity, error, EQUITY_VS_RANDOM)


def _short_deck_order(order: RangeOrder, game: Game) -> tuple[int, ...]:
    """A short deck's classes, best first: by exact equity against one random hand, or
    against three with the tie rule (ties broken by the first)."""
    from croupier.poker.ranges.short_deck_equity import SHORT_DECK_EQUITY
    from croupier.poker.ranges.starting_hands import CLASS_LABELS

    rows = SHORT_DECK_EQUITY[game]
    numbers = [CLASS_LABELS.index(label) for label, _, _, _ in rows]
    one = [vs_one for _, vs_one, _, _ in rows]
    if order is RangeOrder.VS_ONE:
        places = sorted(range(len(rows)), key=lambda i: (-one[i], numbers[i]))
    else:
        three = [vs_three for _, _, vs_three, _ in rows]
        errors = [error for _, _, _, error in rows]
        places = list(tie_broken_order(three, errors, one))
    return tuple(numbers[i] for i in places)
