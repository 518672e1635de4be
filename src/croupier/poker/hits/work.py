"""How much work a hits question is, and roughly how long it takes here, told before it
runs: for callers that bound the work (the web server refuses what would take too long;
the terminal's ``croupier poker hits`` runs anything, with a progress bar).

:func:`hits_work` counts what :meth:`HitsQuestion.answer
<croupier.poker.hits.classifier.HitsQuestion.answer>` would classify, from the question
alone, and prices it with the rough costs below (measured on a two-core machine shared
with other work, compiled engine, and taken high, as
:func:`~croupier.poker.calc.run.exact_seconds` prices an enumeration):

- on a board, every live combo (Omaha: holding) is classified once;
- over every flop in hold'em and short-deck, one combo of each family that the suit
  relabellings keeping the dead cards send onto each other, each on one flop of each
  family of the flops counted (its texture's, none holding its cards or a dead card)
  that the relabellings keeping its cards send onto each other;
- over every flop in Omaha, one holding of each such family, each on every flop counted;
  its families are counted exactly for a few thousand holdings, else estimated from a
  sample (each sampled holding counting for one over its family's size), and a range
  too large to be under the caller's limit, whatever its families, is priced from its
  size alone (a lower bound: ``at_least``).

>>> from croupier.poker.hits.classifier import HitsQuestion
>>> work = hits_work(HitsQuestion.parse("QQ+, AK", board="Ks 7d 2c"))
>>> work.hands, work.rows, work.seconds < 0.1
(27, 27, True)
>>> work = hits_work(HitsQuestion.parse("random", game="omaha5"), limit=30)
>>> work.at_least, work.seconds > 5 * 60
(True, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.cards import cards_to_indices
from croupier.poker.games import variant_of
from croupier.poker.hits.classifier import HitsQuestion, live_holdings
from croupier.poker.hits.flops import SUIT_MAPS, all_flops, symmetries
from croupier.poker.hits.omaha import families
from croupier.poker.matchups.equity import check_seconds
from croupier.poker.ranges.generic_table import holding_numbers
from croupier.poker.ranges.holdem import Range
from croupier.poker.ranges.holdings import HoleRange
from croupier.poker.ranges.starting_hands import CLASS_COMBOS, CLASS_OF_COMBO, COMBO_CARDS

__all__ = [
    "BOARD_COST",
    "FAMILY_SAMPLE",
    "OMAHA_BOARD_COST",
    "OMAHA_FLOP_COST",
    "OMAHA_HOLDING_COST",
    "OMAHA_PATTERN_COST",
    "TALLY_COST",
    "TWO_CARD_FLOP_COST",
    "HitsWork",
    "hits_work",
]

#: Rough seconds, measured (compiled engine; taken high): a combo classified on one
#: flop over every flop (hold'em, short-deck), and a combo family's set-up there.
TWO_CARD_FLOP_COST: Final = 8e-7
TALLY_COST: Final = 6e-4
#: An Omaha holding classified on one flop over every flop, a live holding's share of
#: the set-up (its family, its pattern of ranks) and a pattern of ranks worked out on
#: the 455 patterns of the flop's ranks.
OMAHA_FLOP_COST: Final = 2.2e-7
OMAHA_HOLDING_COST: Final = 6e-6
OMAHA_PATTERN_COST: Final = 8e-4
#: A combo classified and listed on one board, and an Omaha holding.
BOARD_COST: Final = 5e-6
OMAHA_BOARD_COST: Final = 1.2e-5
#: Holdings whose Omaha families are counted exactly; beyond, a sample of this many.
FAMILY_SAMPLE: Final = 4096
#: What any question costs besides (imports done: the tables, the result).
_BASE_SECONDS: Final = 0.005


@dataclass(frozen=True, slots=True)
class HitsWork:
    """What answering a hits question takes: its live ``hands`` (combos; Omaha:
    holdings), the ``families`` of them classified (one of each suit family over every
    flop; all of them on a board), the (hand, board) ``rows`` classified in all, and the
    rough time here in ``seconds``. ``at_least``: the question was priced from its size
    alone once that was over the caller's limit, and ``families``, ``rows`` and
    ``seconds`` are lower bounds."""

    hands: int
    families: int
    rows: int
    seconds: float
    at_least: bool = False

    def over(self, limit: float) -> bool:
        """True when the work would take longer than ``limit`` seconds.

        >>> HitsWork(1, 1, 1, 2.5).over(2), HitsWork(1, 1, 1, 2.5).over(3)
        (True, False)
        """
        return self.seconds > limit


def hits_work(question: HitsQuestion, *, limit: float | None = None) -> HitsWork:
    """The work and rough time of answering ``question`` here, without answering it
    (milliseconds for the questions a server runs; a fraction of a second for the
    largest ranges without a ``limit``). With a ``limit`` (a finite number of seconds
    above 0), a range whose size alone shows it over the limit is not looked at further
    (:attr:`HitsWork.at_least`).

    >>> from croupier.poker.hits.classifier import HitsQuestion
    >>> work = hits_work(HitsQuestion.parse("AKs"))
    >>> work.hands, work.families, 0.001 < work.seconds < 1
    (4, 1, True)
    >>> work = hits_work(HitsQuestion.parse("AA:xxyy", game="omaha"))  # 864 holdings
    >>> work.hands, work.families, work.rows == work.families * 22_100
    (864, 78, True)
    """
    if not isinstance(question, HitsQuestion):
        raise TypeError(f"question must be a HitsQuestion, not {type(question).__name__}")
    if limit is not None:
        check_seconds(limit, "limit")
    chosen, variant = question.range, variant_of(question.game)
    out = question.board + question.dead
    if isinstance(chosen, Range):
        live = chosen.without([*cards_to_indices(out), *range(variant.lowest_card)])
        numbers = live.combo_numbers
        if question.board:
            return _on_board(len(numbers), BOARD_COST)
        return _two_card_flops(question, live, numbers)
    if isinstance(chosen, HoleRange):
        count = chosen.count(sum(1 << card.index for card in set(out)))
    else:
        count = -1  # a generic range: counted from its holdings
    if question.board:
        hands = count if count >= 0 else len(live_holdings(chosen, out)[0])
        return _on_board(hands, OMAHA_BOARD_COST)
    dead = np.array(cards_to_indices(question.dead), dtype=np.int64)
    maps = SUIT_MAPS[symmetries(dead)] if len(dead) else SUIT_MAPS
    flops = _counted_flops(question, dead)
    if count >= 0 and limit is not None:  # priced from its size: every family as large
        # as the relabellings allow
        least = _omaha_seconds(count, math.ceil(count / len(maps)), 0, flops)
        if least > limit:
            rows = math.ceil(count / len(maps)) * flops
            return HitsWork(count, math.ceil(count / len(maps)), rows, least, at_least=True)
    holdings = live_holdings(chosen, question.dead)[0]
    kept = _family_count(holdings, dead, maps)
    keys = np.zeros(len(holdings), dtype=np.int64)  # each holding's ranks (5 cards a rank
    for column in range(holdings.shape[1]):  # at most: base 8)
        keys += np.int64(1) << (3 * (holdings[:, column] >> 2))
    patterns = len(np.unique(keys))
    seconds = _omaha_seconds(len(holdings), kept, patterns, flops)
    return HitsWork(len(holdings), kept, kept * flops, seconds)


def _on_board(hands: int, cost: float) -> HitsWork:
    return HitsWork(hands, hands, hands, _BASE_SECONDS + hands * cost)


def _omaha_seconds(holdings: int, kept: int, patterns: int, flops: int) -> float:
    """Omaha over every flop: the set-up of ``holdings`` of ``patterns`` of ranks, then
    ``kept`` families on ``flops`` flops each."""
    setup = holdings * OMAHA_HOLDING_COST + patterns * OMAHA_PATTERN_COST
    return _BASE_SECONDS + setup + kept * flops * OMAHA_FLOP_COST


def _counted_flops(question: HitsQuestion, dead: NDArray[np.int64]) -> int:
    """The flops counted: of the question's texture, in its deck, holding no dead card."""
    kept = question.texture.kept(question.game) & ~all_flops().holding[dead].any(axis=0)
    return int(np.count_nonzero(kept))


def _family_count(
    holdings: NDArray[np.int64], dead: NDArray[np.int64], maps: NDArray[np.int64]
) -> int:
    """How many families :func:`~croupier.poker.hits.omaha.families` finds among
    ``holdings`` (rows of increasing card numbers; ``maps``: the relabellings keeping the
    ``dead`` cards): exactly for :data:`FAMILY_SAMPLE` holdings or fewer, else the sum,
    estimated from a fixed sample, of one over each holding's family size."""
    if len(holdings) <= FAMILY_SAMPLE:
        return len(families(holdings, dead)[0])
    size = holdings.shape[1]
    present = np.zeros(math.comb(52, size), dtype=bool)
    present[holding_numbers(holdings)] = True
    picked = np.random.default_rng(0).choice(len(holdings), FAMILY_SAMPLE, replace=False)
    images = np.sort(maps[:, holdings[picked]], axis=2)  # (relabellings, sample, cards)
    numbers = holding_numbers(images.reshape(-1, size)).reshape(images.shape[:2])
    numbers = np.sort(np.where(present[numbers], numbers, -1), axis=0)
    first = np.ones(numbers.shape, dtype=bool)
    first[1:] = numbers[1:] != numbers[:-1]
    members = ((numbers >= 0) & first).sum(axis=0)  # each sampled holding's family size
    return max(1, round(len(holdings) * float(np.mean(1.0 / members))))


def _two_card_flops(question: HitsQuestion, live: Range, numbers: NDArray[np.int64]) -> HitsWork:
    """Hold'em's and short-deck's work over every flop, as
    :func:`~croupier.poker.hits.classifier.flop_hits` does it: one combo a class without
    dead cards, one combo of each family with them, each on one flop of each family of
    its flops (about its flops over the relabellings keeping its cards)."""
    dead = np.array(cards_to_indices(question.dead), dtype=np.int64)
    if not len(dead):
        held = np.unique(CLASS_OF_COMBO[numbers])
        numbers = np.array([CLASS_COMBOS[n][0] for n in held], dtype=np.int64)
    maps = SUIT_MAPS[symmetries(dead)] if len(dead) else SUIT_MAPS
    cards = np.sort(COMBO_CARDS[numbers], axis=1)
    images = np.sort(maps[:, cards], axis=2)  # (relabellings, combos, 2)
    keys = (images[..., 0] * 52 + images[..., 1]).min(axis=0)
    _, first = np.unique(keys, return_index=True)
    chosen, chosen_images = cards[first], images[:, first]
    fixing = (chosen_images == chosen[None]).all(axis=2).sum(axis=0)  # relabellings keeping it
    flops = all_flops()
    counted = question.texture.kept(question.game) & ~flops.holding[dead].any(axis=0)
    by_card = flops.holding[:, counted].sum(axis=1)  # the counted flops holding each card
    own = np.count_nonzero(counted) - by_card[chosen[:, 0]] - by_card[chosen[:, 1]]
    rows = int(np.ceil(np.maximum(own, 0) / fixing).sum())
    seconds = _BASE_SECONDS + len(first) * TALLY_COST + rows * TWO_CARD_FLOP_COST
    return HitsWork(len(live.combo_numbers), len(first), rows, seconds)
