"""Poker hands in hold'em, Omaha, five-card Omaha and short-deck: evaluation, comparison,
fast batch evaluation, ranges, what a range hits, and equity.

>>> from croupier.poker import evaluate, compare_hands, rank_batch
>>> hand = evaluate("Kh Kd Ks 7c 7h 2d 3s")
>>> hand.category, hand.description, hand.class_number
(<HandCategory.FULL_HOUSE: 7>, 'full house, kings over 7s', 185)
>>> compare_hands("Kh Kd Ks 7c 7h", "Ah Ad As 2c 3h")
1
>>> rank_batch([[51, 47, 43, 39, 35, 0, 1]]).tolist()
[1]

- :func:`evaluate` / :class:`HandRanking` / :func:`compare_hands`: one hand at a time,
  any number of cards from 5 (the course's evaluator); :func:`rank_hand` for the class
  number alone;
- :func:`rank_batch`: NumPy arrays of 5-, 6- or 7-card hands, tens of millions a second;
- :func:`parse_equity_hands`, :func:`monte_carlo_equity`, :func:`exact_equity`: equity
  with unknown cards ``?0``, ``?1``...
- :class:`Range`, :class:`EquityQuestion` and :func:`calculate`: equity of hands and
  ranges, 2 to 10 players, exact or Monte Carlo (``croupier poker calc``);
- every game (:class:`Game`, its rules a :class:`Variant`: hold'em, Omaha, five-card
  Omaha, short-deck): :func:`evaluate_game` and :class:`GameRanking`,
  :func:`rank_game_rows` for arrays, :class:`HoleRange` for Omaha holdings, and
  ``calculate(..., game="omaha")``.

The package is sorted by subject, each subpackage one module per job, every module
taking the game (hold'em keeps fast paths of its own where they pay):

- :mod:`croupier.poker.games`: the games' rules as data;
- :mod:`croupier.poker.evaluation`: classes, rank keys, tables, one hand, rows of hands;
- :mod:`croupier.poker.ranges`: range text, starting hands, orders, Omaha holdings;
- :mod:`croupier.poker.matchups`: files of ``hand1 ; hand2`` lines, equity files;
- :mod:`croupier.poker.hits`: what a range hits (categories as data, the classifier);
- :mod:`croupier.poker.calc`: the equity of ranges (exact, Monte Carlo, next card).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from croupier.lazyexports import lazy_exports
from croupier.poker.errors import PokerCardError, PokerError

if TYPE_CHECKING:
    from croupier.poker.calc import (
        CalcResult,
        EquityQuestion,
        PlayerResult,
        calculate,
        exact_seconds,
        iter_calculate,
    )
    from croupier.poker.evaluation.batch import rank_batch, rank_game_rows
    from croupier.poker.evaluation.classes import CLASS_COUNT, category_of, describe
    from croupier.poker.evaluation.hand import (
        GameRanking,
        HandRanking,
        compare_games,
        compare_hands,
        evaluate,
        evaluate_game,
        rank_hand,
    )
    from croupier.poker.games import Game, HandCategory, Variant, variant_of
    from croupier.poker.matchups.equity import (
        EquityHand,
        EquityResult,
        exact_completions,
        exact_equity,
        monte_carlo_equity,
        parse_equity_hands,
    )
    from croupier.poker.ranges.holdem import Range, RangeError
    from croupier.poker.ranges.holdings import HoleRange

# The names imported above under TYPE_CHECKING are imported from their module on first
# use (PEP 562), so that a command pays only for what it runs: ``poker compare`` never
# imports the equity engine. Any submodule is imported on first use too.
__getattr__, __dir__ = lazy_exports(__name__)

__all__ = [
    "CLASS_COUNT",
    "CalcResult",
    "EquityHand",
    "EquityQuestion",
    "EquityResult",
    "Game",
    "GameRanking",
    "HandCategory",
    "HandRanking",
    "HoleRange",
    "PlayerResult",
    "PokerCardError",
    "PokerError",
    "Range",
    "RangeError",
    "Variant",
    "calculate",
    "category_of",
    "compare_games",
    "compare_hands",
    "describe",
    "evaluate",
    "evaluate_game",
    "exact_completions",
    "exact_equity",
    "exact_seconds",
    "iter_calculate",
    "monte_carlo_equity",
    "parse_equity_hands",
    "rank_batch",
    "rank_game_rows",
    "rank_hand",
    "variant_of",
]
