"""The machinery behind :mod:`croupier.baccarat.odds`: the weights of the six-card
multisets, a bet's payoffs summed per multiset (the rows the batch path contracts), the
checks of a batch of counts, and a payout table's pricing (every round bet of a table in
one pass of :func:`~croupier.baccarat.batchsums.batch_sums`, its rows cached on disk).
The public odds (:func:`~croupier.baccarat.odds.bet_odds` and the rest) stay in
:mod:`croupier.baccarat.odds`, which re-exports :func:`payoff_rows`, :func:`reads_pairs`
and :data:`RANK_TO_VALUE`.

>>> from croupier.baccarat.payouts import EZ
>>> priced = table_pricing(EZ)      # the outcome rows, then each round bet's payoff row
>>> rounds = sum(payoffs is None for payoffs in priced.pair_payoffs)
>>> priced.rows.rows.shape == (3 + rounds, 5005), payoff_rows(EZ.bet("dragon-7")).rows.shape
(True, (1, 5005))
"""

from __future__ import annotations

import functools
import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from croupier.arrays import as_array, is_whole
from croupier.baccarat.batchsums import MultisetRows, class_sums, outcome_rows
from croupier.baccarat.composition import MAX_COUNT, MIN_CARDS, RANKS, Composition
from croupier.baccarat.enumeration import (
    ROUND_CLASSES,
    RoundClass,
    multiset_levels,
    sequence_tables,
)
from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.payouts import (
    Bet,
    NaturalTie,
    NaturalWin,
    Pair,
    PayoutTable,
    Wins,
    WinsBy,
    WinsOn,
    WinsWith,
)
from croupier.baccarat.rules import POINTS
from croupier.tablecache import cached_tables, text_hash

__all__ = [
    "PAIR_STATES",
    "RANK_TO_VALUE",
    "Pricing",
    "checked_counts",
    "class_triplets",
    "denominator",
    "factors",
    "pair_bet_values",
    "pair_counts",
    "payoff_rows",
    "payoff_vector",
    "payoffs",
    "pricing_rows",
    "reads_pairs",
    "table_pricing",
    "weights_exact",
    "weights_float",
]


def factors(composition: Composition) -> list[int]:
    """``factor[v * 6 + j]``: the j-th card of value v drawn is one of ``count[v] - j``
    (with replacement, an infinite deck: always ``count[v]``)."""
    if composition.infinite:
        return [count for count in composition.values for _ in range(6)]
    return [count - j for count in composition.values for j in range(6)]


def denominator(composition: Composition) -> int:
    """Ordered six-card sequences: n (n-1) ... (n-5), or n**6 with replacement."""
    n = composition.total
    return n**6 if composition.infinite else math.perm(n, 6)


def weights_float(factors: NDArray[np.float64]) -> NDArray[np.float64]:
    """Six-card multiset weights for each column of ``factors`` (60, K) -> (5005, K)."""
    levels = multiset_levels()
    weights = np.take(factors, levels.last[1], axis=0)
    for size in range(2, 7):
        weights = np.take(weights, levels.parents[size], axis=0)
        weights *= np.take(factors, levels.last[size], axis=0)
    return weights


def weights_exact(factors: Sequence[int]) -> list[int]:
    levels = multiset_levels()
    weights = [factors[i] for i in levels.last[1].tolist()]
    for size in range(2, 7):
        parents, last = levels.parents[size].tolist(), levels.last[size].tolist()
        weights = [weights[p] * factors[f] for p, f in zip(parents, last, strict=True)]
    return weights


@functools.cache
def class_triplets() -> tuple[NDArray[np.intp], NDArray[np.intp], NDArray[np.float64]]:
    classes, multisets, counts = sequence_tables().triplets
    return classes, multisets, counts.astype(np.float64)


def checked_counts(counts: ArrayLike, *, by_rank: bool = False) -> NDArray[np.int64]:
    """``counts`` as a (K, 10) array of whole counts by value, each checked as
    :func:`~croupier.baccarat.composition.check_value_counts` checks one shoe (or (K, 13)
    by rank, ``by_rank``): ragged rows, other shapes, fractions, negative or huge counts
    and rows of too few cards raise :class:`BaccaratError`.

    >>> checked_counts([[16, 4, 4, 4, 4, 4, 4, 4, 4, 4], [16, 4, 4]])
    Traceback (most recent call last):
    ...
    croupier.baccarat.errors.BaccaratError: bad counts array: its rows are not all the same ...: ...
    """
    width, kind = (13, "by rank (2 to A)") if by_rank else (10, "by value (0 to 9)")
    expected = f"expected (K, {width}), one row of {width} counts {kind} per composition"
    array = as_array(counts, "counts array", expected, BaccaratError)
    if array.ndim != 2 or array.shape[1] != width:
        raise BaccaratError(f"bad counts array of shape {array.shape}: {expected}")
    if not is_whole(array):  # Python ints past 64 bits are whole too
        raise BaccaratError(f"bad counts array of {array.dtype}: expected whole numbers")
    for wrong, what in ((array < 0, "a negative count"), (array > MAX_COUNT, "a count above")):
        rows = np.flatnonzero(wrong.any(axis=1))  # read before any cast, which could wrap
        if rows.size:
            row = int(rows[0])
            limit = f" {MAX_COUNT:,}" if what.endswith("above") else ""
            shown = [int(count) for count in array[row]]
            raise BaccaratError(f"bad counts in row {row}: {shown} has {what}{limit}")
    array = array.astype(np.int64)
    totals = array.sum(axis=1)
    short = np.flatnonzero(totals < MIN_CARDS)
    if short.size:
        row = int(short[0])
        raise BaccaratError(
            f"too few cards in row {row}: {int(totals[row])} left, a round may need {MIN_CARDS}"
        )
    return array


def pair_counts(composition: Composition) -> tuple[tuple[int, int, int, int], int]:
    """The four first deals of :class:`PairProbabilities` (both pairs, the player's only,
    the banker's only, neither), counted over ``total`` equally likely ones: whole
    numbers, so that ``count / total`` is the fraction's float, correctly rounded."""
    if composition.ranks is None:
        raise BaccaratError("pair bets need counts by rank; this shoe only has counts by value")
    counts = composition.ranks
    n = composition.total
    if composition.infinite:
        one, total = sum(c * c for c in counts) * n * n, n**4
        both = (one // (n * n)) ** 2
    else:
        pairs = [c * (c - 1) for c in counts]
        same_rank_twice = sum(math.perm(c, 4) for c in counts)
        total = math.perm(n, 4)
        one = sum(pairs) * (n - 2) * (n - 3)
        both = sum(pairs) ** 2 - sum(p * p for p in pairs) + same_rank_twice
    return (both, one - both, one - both, total - 2 * one + both), total


def reads_pairs(bet: Bet) -> bool:
    """True for a bet on the pair flags (priced from counts by rank), False for a bet on
    the round."""
    kinds = {isinstance(rule.condition, Pair) for rule in bet.rules}
    if kinds == {True, False}:
        raise BaccaratError(
            f"the {bet.name} bet mixes pair and round conditions: it cannot be priced exactly"
        )
    return kinds == {True}


PAIR_STATES: Final = (
    RoundClass(0, 0, 2, 2, player_pair=True, banker_pair=True),
    RoundClass(0, 0, 2, 2, player_pair=True, banker_pair=False),
    RoundClass(0, 0, 2, 2, player_pair=False, banker_pair=True),
    RoundClass(0, 0, 2, 2, player_pair=False, banker_pair=False),
)


@functools.cache
def payoffs(bet: Bet) -> tuple[Fraction, ...]:
    states = PAIR_STATES if reads_pairs(bet) else ROUND_CLASSES
    return tuple(bet.settle(state) for state in states)


@functools.cache
def payoff_vector(bet: Bet) -> NDArray[np.float64]:
    """:func:`payoffs` as floats, built once per bet."""
    vector = np.array([float(x) for x in payoffs(bet)])
    vector.flags.writeable = False
    return vector


@functools.cache
def payoff_rows(bet: Bet) -> MultisetRows:
    """A round bet's net result summed over the ordered sequences of each six-card
    multiset (exactly, then rounded): the one row of its expectations in batch
    (:func:`croupier.baccarat.batchsums.batch_sums`).

    >>> from croupier.baccarat.payouts import EZ
    >>> payoff_rows(EZ.bet("dragon-7")).rows.shape
    (1, 5005)
    """
    if reads_pairs(bet):
        raise BaccaratError(f"the {bet.name} bet is priced from counts by rank, not by multiset")
    return MultisetRows(class_sums(payoffs(bet))[None, :])


#: Counts by rank (2..K, A) times this matrix give counts by value (0..9); row ``r`` is
#: the value of rank code ``r`` as a one-hot row.
RANK_TO_VALUE: Final = np.array(
    [[1 if POINTS[rank] == value else 0 for value in range(10)] for rank in RANKS],
    dtype=np.int64,
)


def pair_bet_values(bet: Bet, values: NDArray[np.int64], ranks: ArrayLike) -> NDArray[np.float64]:
    """Pair-bet expectations from counts by rank, vectorised :func:`pair_probabilities`."""
    counts = np.asarray(ranks, dtype=np.float64)
    n = values.sum(axis=1).astype(np.float64)
    pairs = counts * (counts - 1)
    one = pairs.sum(axis=1) / (n * (n - 1))
    same_rank_twice = (pairs * (counts - 2) * (counts - 3)).sum(axis=1)
    both = (pairs.sum(axis=1) ** 2 - (pairs * pairs).sum(axis=1) + same_rank_twice) / (
        n * (n - 1) * (n - 2) * (n - 3)
    )
    states = (both, one - both, one - both, 1 - 2 * one + both)
    paid = payoffs(bet)
    return sum((float(x) * p for p, x in zip(states, paid, strict=True)), np.zeros(len(n)))


@dataclass(frozen=True, slots=True)
class Pricing:
    """What pricing the bets of one payout table takes, built once a table: for each bet
    its payoffs on the pair flags (``None``: a bet on the round), and the outcome rows
    (player, banker, tie) followed by each round bet's payoffs summed per six-card
    multiset, for the batch path (:mod:`croupier.baccarat.batchsums`)."""

    payouts: PayoutTable
    #: A pair bet's payoffs times ``scale`` (whole numbers), per state of the flags.
    pair_payoffs: tuple[tuple[int, ...] | None, ...]
    scale: int
    rows: MultisetRows


#: The pricing of each payout table seen, by the table's name (hashing a table's bets,
#: with their fractions, costs more than pricing a shoe).
_PRICINGS: Final[dict[str, Pricing]] = {}
_PRICINGS_LOCK: Final = threading.Lock()


def table_pricing(payouts: PayoutTable) -> Pricing:
    """The :class:`Pricing` of ``payouts`` (found by name, then checked to be the same)."""
    with _PRICINGS_LOCK:
        known = _PRICINGS.get(payouts.name)
    if known is not None and (known.payouts is payouts or known.payouts == payouts):
        return known
    pairs = tuple(payoffs(bet) if reads_pairs(bet) else None for bet in payouts.bets)
    scale = math.lcm(1, *(x.denominator for pair in pairs if pair for x in pair))
    pair_payoffs = tuple(
        None if pair is None else tuple(int(x * scale) for x in pair) for pair in pairs
    )
    round_bets = tuple(
        bet for bet, pair in zip(payouts.bets, pair_payoffs, strict=True) if pair is None
    )
    priced = Pricing(payouts, pair_payoffs, scale, pricing_rows(round_bets))
    with _PRICINGS_LOCK:
        if len(_PRICINGS) >= 64:
            _PRICINGS.clear()
        _PRICINGS[payouts.name] = priced
    return priced


def pricing_rows(round_bets: tuple[Bet, ...]) -> MultisetRows:
    """The outcome rows and each round bet's payoffs summed per multiset, read from the
    user's cache (:mod:`croupier.tablecache`): settling every bet on the 400 round
    classes in fractions took most of a ``baccarat odds`` run's own time. The file is
    named by the bets' rules (their conditions and payoffs as text) and the code that
    sums them, so a changed bet or a changed rule of play makes a new one."""

    def build() -> dict[str, NDArray[np.generic]]:
        sums = [class_sums(payoffs(bet))[None, :] for bet in round_bets]
        return {"rows": np.vstack([outcome_rows().rows, *sums])}

    conditions = {type(rule.condition) for bet in round_bets for rule in bet.rules}
    if not conditions <= _KNOWN_CONDITIONS:
        # a condition of the caller's own: its text may differ between runs (an address),
        # which would make a new file each run: built every time instead
        return MultisetRows(np.asarray(build()["rows"], dtype=np.float64))
    rules = "\n".join(
        f"{bet.key}: " + "; ".join(f"{rule.condition!r} -> {rule.net}" for rule in bet.rules)
        for bet in round_bets
    )
    here = Path(__file__).parent
    sources = [here / name for name in _PRICING_SOURCES]
    name = f"baccarat-pricing-{text_hash(rules)}"
    rows = cached_tables(name, sources, build, ("rows",))["rows"]
    return MultisetRows(np.asarray(rows, dtype=np.float64))


#: The conditions of :mod:`croupier.baccarat.payouts`, whose text is the same in every run.
_KNOWN_CONDITIONS: Final = frozenset({Wins, WinsWith, WinsOn, NaturalWin, NaturalTie, WinsBy})


#: The modules whose code the pricing rows depend on (the rules of play, the enumeration,
#: the sums, the bets' settling, this module's payoffs).
_PRICING_SOURCES: Final = ("pricing.py", "batchsums.py", "enumeration.py", "rules.py", "payouts.py")
