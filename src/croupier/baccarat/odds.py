"""Exact Baccarat odds for any shoe: outcomes, every bet's edge, effects of removal.

A round is decided by the first six cards of the shoe, so the chance of each result is a
sum over ordered six-card sequences. Sequences are grouped by their multiset of values
(:mod:`~croupier.baccarat.enumeration`): a multiset holding value ``v`` ``k`` times can be
drawn in ``count[v] * (count[v] - 1) * ... * (count[v] - k + 1)`` ordered ways from the
shoe (times the same for its other values), which is its weight. Weights are built level
by level over a tree of multisets and multiplied by the precomputed number of sequences
of each multiset ending in each result. One composition takes a few dozen microseconds;
:func:`outcome_probabilities_batch` does thousands per second. The machinery (the
weights, a bet's payoff row, the batch checks, a payout table's pricing) is in
:mod:`croupier.baccarat.pricing`; this module holds the public odds.

>>> p = outcome_probabilities([128, 32, 32, 32, 32, 32, 32, 32, 32, 32])   # 8 decks
>>> print(f"{p.player:.6f} {p.banker:.6f} {p.tie:.6f}")
0.446247 0.458597 0.095156
>>> exact = outcome_probabilities(Composition.decks(8), exact=True)
>>> exact.tie * 4_998_398_275_503_360 == 475_627_426_473_216
True
>>> priced = bet_odds(Composition.decks(8))        # by key, or in the table's order
>>> print(f"{priced['banker'].house_edge:.4%}  {priced['player'].house_edge:.4%}")
1.0579%  1.2351%
"""

from __future__ import annotations

import operator
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import (
    TYPE_CHECKING,
    Any,
    Final,
    Generic,
    Literal,
    NamedTuple,
    SupportsIndex,
    TypeVar,
    overload,
)

import numpy as np
from numpy.typing import ArrayLike, NDArray

from croupier.arguments import checked
from croupier.arrays import as_array
from croupier.baccarat import pricing
from croupier.baccarat.batchsums import batch_sums, outcome_rows
from croupier.baccarat.composition import RANKS, Composition
from croupier.baccarat.enumeration import (
    CLASS_COUNT,
    sequence_tables,
)
from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.payouts import (
    CASINO,
    Bet,
    PayoutTable,
)
from croupier.baccarat.pricing import RANK_TO_VALUE, payoff_rows, reads_pairs
from croupier.baccarat.rules import Outcome
from croupier.cards import Rank
from croupier.errors import check_type
from croupier.numerals import plural

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "BetOdds",
    "OddsReport",
    "OutcomeProbabilities",
    "PairProbabilities",
    "PricedBets",
    "RemovalEffects",
    "bet_odds",
    "cached_odds_report",
    "class_probabilities",
    "effect_of_removal",
    "expected_values_batch",
    "odds_report",
    "outcome_probabilities",
    "outcome_probabilities_batch",
    "pair_probabilities",
    "payoff_rows",
]

N = TypeVar("N", float, Fraction)


class OutcomeProbabilities(NamedTuple, Generic[N]):
    """Chances of a player win, a banker win and a tie, in that order."""

    player: N
    banker: N
    tie: N


def _composition(counts: Sequence[int] | Composition | ArrayLike) -> Composition:
    """A composition from a :class:`Composition` or 10 counts by value."""
    if isinstance(counts, Composition):
        return counts
    if isinstance(counts, np.ndarray):
        counts = counts.tolist()
    return Composition.from_values(counts)  # type: ignore[arg-type]


# --- outcomes ---------------------------------------------------------------------------


Counts = Sequence[int] | Composition | ArrayLike


@overload
def outcome_probabilities(
    counts: Counts, *, exact: Literal[False] = False
) -> OutcomeProbabilities[float]: ...
@overload
def outcome_probabilities(
    counts: Counts, *, exact: Literal[True]
) -> OutcomeProbabilities[Fraction]: ...
@checked
def outcome_probabilities(
    counts: Counts, *, exact: bool = False
) -> OutcomeProbabilities[float] | OutcomeProbabilities[Fraction]:
    """Chances of player win, banker win and tie for the cards left in a shoe.

    ``counts`` is a sequence of 10 whole numbers: cards left of value 0 (10/J/Q/K), 1
    (aces), 2, ..., 9; or a :class:`Composition` (e.g. ``Composition.infinite_deck()``).
    With ``exact=True`` the answer is in :class:`~fractions.Fraction`\\ s.

    >>> outcome_probabilities(Composition.infinite_deck(), exact=True).player
    Fraction(2153464, 4826809)
    """
    composition = _composition(counts)
    factors = pricing.factors(composition)
    if exact:
        exact_weights = pricing.weights_exact(factors)
        total = pricing.denominator(composition)
        rows = sequence_tables().outcome_counts.tolist()
        numerators = [sum(map(operator.mul, row, exact_weights)) for row in rows]
        return OutcomeProbabilities(*(Fraction(n, total) for n in numerators))
    weights = pricing.weights_float(np.array(factors, dtype=np.float64)[:, None])
    player, banker, tie = (outcome_rows().rows @ weights)[:, 0] / float(
        pricing.denominator(composition)
    )
    return OutcomeProbabilities(float(player), float(banker), float(tie))


@checked
def outcome_probabilities_batch(counts: ArrayLike) -> NDArray[np.float64]:
    """Outcome chances for many compositions at once: (K, 10) counts -> (K, 3) array.

    Columns are player, banker, tie. Every row is checked like
    :func:`outcome_probabilities` checks one composition.

    >>> shoes = np.array([[128] + [32] * 9, [16] + [4] * 9])
    >>> outcome_probabilities_batch(shoes).round(6)
    array([[0.446247, 0.458597, 0.095156],
           [0.44676 , 0.459624, 0.093615]])
    """
    return batch_sums(pricing.checked_counts(counts), outcome_rows())


def class_probabilities(composition: Composition) -> NDArray[np.float64]:
    """Chance of every :data:`~croupier.baccarat.enumeration.ROUND_CLASSES` entry."""
    weights = pricing.weights_float(
        np.array(pricing.factors(composition), dtype=np.float64)[:, None]
    )[:, 0]
    classes, multisets, counts = pricing.class_triplets()
    numerators = np.bincount(classes, weights=counts * weights[multisets], minlength=CLASS_COUNT)
    return numerators / float(pricing.denominator(composition))


def _class_probabilities_exact(composition: Composition) -> list[Fraction]:
    weights = pricing.weights_exact(pricing.factors(composition))
    classes, multisets, counts = (a.tolist() for a in pricing.class_triplets())
    numerators = [0] * CLASS_COUNT
    for cls, multiset, count in zip(classes, multisets, counts, strict=True):
        numerators[cls] += int(count) * weights[multiset]
    total = pricing.denominator(composition)
    return [Fraction(n, total) for n in numerators]


# --- pairs ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PairProbabilities(Generic[N]):
    """Chances of the player's and the banker's first two cards being pairs (by rank)."""

    #: Both hands start with a pair.
    both: N
    #: Only the player's hand does.
    player_only: N
    #: Only the banker's hand does.
    banker_only: N
    #: Neither does.
    neither: N

    @property
    def player(self) -> N:
        """Chance of a player pair (the same as a banker pair)."""
        return self.both + self.player_only


@overload
def pair_probabilities(
    composition: Composition, *, exact: Literal[False] = False
) -> PairProbabilities[float]: ...
@overload
def pair_probabilities(
    composition: Composition, *, exact: Literal[True]
) -> PairProbabilities[Fraction]: ...
@checked
def pair_probabilities(
    composition: Composition, *, exact: bool = False
) -> PairProbabilities[float] | PairProbabilities[Fraction]:
    """Pair chances for the first four cards (player 1-2, banker 3-4); needs rank counts.

    >>> print(f"{pair_probabilities(Composition.decks(8)).player:.6f}")
    0.074699
    """
    numerators, total = pricing.pair_counts(composition)
    if exact:
        return PairProbabilities(*(Fraction(n, total) for n in numerators))
    return PairProbabilities(*(n / total for n in numerators))  # rounded as the fractions


# --- bets -------------------------------------------------------------------------------


@checked
def expected_values_batch(bet: Bet, counts: ArrayLike) -> NDArray[np.float64]:
    """A bet's expected net result per unit staked for many shoes at once: shape (K,).

    ``counts`` is a (K, 10) array of counts by value (0 = 10/J/Q/K, 1 = aces, 2..9), or
    (K, 13) by rank in the order 2, 3, ..., K, A; pair bets need the counts by rank.
    Every row agrees with :func:`bet_odds` for the same composition.

    >>> from croupier.baccarat.payouts import EZ
    >>> shoe = np.array([[128] + [32] * 9])
    >>> print(f"{expected_values_batch(EZ.bet('dragon-7'), shoe)[0]:+.5f}")
    -0.07611
    """
    counts = as_array(
        counts, "counts array", "expected (K, 10) by value or (K, 13) by rank", BaccaratError
    )
    by_rank = counts.shape[1:] == (13,)
    if reads_pairs(bet) and not by_rank:
        raise BaccaratError(f"the {bet.name} bet needs counts by rank: a (K, 13) array")
    if by_rank:
        ranks = pricing.checked_counts(counts, by_rank=True)
        values = pricing.checked_counts(ranks @ RANK_TO_VALUE)
        if reads_pairs(bet):
            return pricing.pair_bet_values(bet, values, ranks)
    else:
        values = pricing.checked_counts(counts)
    return batch_sums(values, payoff_rows(bet))[:, 0]


@dataclass(frozen=True, slots=True)
class BetOdds:
    """One bet priced for one shoe: expected net result per unit staked, and the edge."""

    bet: Bet
    #: Expected net win per unit staked (negative: the house has the edge), or ``None``
    #: when the shoe cannot price the bet (pair bets need counts by rank).
    expected_value: float | None
    #: The same as an exact fraction, when asked for.
    exact: Fraction | None = None
    #: Why the bet is not priced, when it is not.
    note: str = ""

    @property
    def house_edge(self) -> float | None:
        """The house's expected take per unit staked (ties that push count as rounds played)."""
        return None if self.expected_value is None else -self.expected_value

    def __repr__(self) -> str:
        """Short: the bet's key and its house edge.

        >>> bet_odds(Composition.decks(8))["banker"]
        <BetOdds banker: house edge 1.0579%>
        """
        return f"<BetOdds {self.bet.key}: {_edge_text(self)}>"


def _edge_text(odds: BetOdds) -> str:
    if odds.house_edge is None:
        return f"not priced ({odds.note})" if odds.note else "not priced"
    return f"house edge {100 * odds.house_edge:.4f}%"


class PricedBets(tuple[BetOdds, ...]):
    """Every bet of a payout table priced for one shoe: a tuple of :class:`BetOdds` in
    the table's order, that also looks a bet up by its key.

    >>> priced = bet_odds(Composition.decks(8))
    >>> priced["tie"].house_edge == priced[2].house_edge, "dragon-7" in priced, priced.keys()[:3]
    (True, False, ('banker', 'player', 'tie'))
    >>> priced["dragon-7"]
    Traceback (most recent call last):
    ...
    croupier.baccarat.errors.BaccaratError: no bet 'dragon-7' in these odds: expected one of ...
    """

    __slots__ = ()

    @overload
    def __getitem__(self, index: SupportsIndex) -> BetOdds: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[BetOdds, ...]: ...
    @overload
    def __getitem__(self, index: str) -> BetOdds: ...
    def __getitem__(self, index: SupportsIndex | slice | str) -> BetOdds | tuple[BetOdds, ...]:
        if not isinstance(index, str):
            return tuple.__getitem__(self, index)
        for odds in self:
            if odds.bet.key == index:
                return odds
        raise BaccaratError(
            f"no bet {index!r} in these odds: expected one of {', '.join(self.keys())}"
        )

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            return item in self.keys()
        return tuple.__contains__(self, item)

    def keys(self) -> tuple[str, ...]:
        """The bets' keys, in order."""
        return tuple(odds.bet.key for odds in self)

    def _repr_html_(self) -> str:
        """The bets priced drawn in a notebook (:mod:`croupier.baccarat.display`)."""
        from croupier.baccarat.display import bet_odds_html

        return bet_odds_html(self)

    def __repr__(self) -> str:
        return "<PricedBets " + ", ".join(f"{o.bet.key} {_edge_text(o)}" for o in self) + ">"


def _check_arguments(composition: object, payouts: object) -> None:
    check_type(composition, Composition, "composition")
    check_type(payouts, PayoutTable, "payouts")


@checked
def bet_odds(
    composition: Composition, payouts: PayoutTable = CASINO, *, exact: bool = False
) -> PricedBets:
    """Every bet of ``payouts`` priced for ``composition``: a tuple in the table's order
    that also looks a bet up by key (``bet_odds(shoe)["banker"].house_edge``)."""
    _check_arguments(composition, payouts)
    if exact:
        return _exact_bet_odds(composition, payouts)
    return _float_bet_odds(composition, pricing.table_pricing(payouts))[1]


def _exact_bet_odds(composition: Composition, payouts: PayoutTable) -> PricedBets:
    """:func:`bet_odds` in fractions (and their floats)."""
    classes = _class_probabilities_exact(composition)
    pairs = pair_probabilities(composition, exact=True) if composition.has_ranks else None
    priced = []
    for bet in payouts.bets:
        payoffs = pricing.payoffs(bet)
        if reads_pairs(bet):
            if pairs is None:
                priced.append(BetOdds(bet, None, note="needs counts by rank"))
                continue
            states = (pairs.both, pairs.player_only, pairs.banker_only, pairs.neither)
            value = sum((p * x for p, x in zip(states, payoffs, strict=True)), Fraction(0))
        else:
            value = sum((p * x for p, x in zip(classes, payoffs, strict=True) if p), Fraction(0))
        priced.append(BetOdds(bet, float(value), value))
    return PricedBets(priced)


def _float_bet_odds(
    composition: Composition, table: pricing.Pricing
) -> tuple[OutcomeProbabilities[float], PricedBets]:
    """The outcome chances and every bet priced in floats. A finite shoe takes one pass
    of the batch path over the six-card multisets for the outcomes and every round bet
    together (the compiled kernel where the engine is compiled: microseconds, where the
    single-shoe path takes milliseconds); the pair bets come from the exact pair chances.
    """
    bets = table.payouts.bets
    # the batch path reads counts as 64-bit ints (a composition's are at most MAX_COUNT)
    if composition.infinite:
        outcomes = outcome_probabilities(composition)
        classes = class_probabilities(composition)
        values = [
            float(classes @ pricing.payoff_vector(bet))
            for bet, pair in zip(bets, table.pair_payoffs, strict=True)
            if pair is None
        ]
    else:
        sums = batch_sums(np.array([composition.values], dtype=np.int64), table.rows)[0]
        outcomes = OutcomeProbabilities(float(sums[0]), float(sums[1]), float(sums[2]))
        values = sums[3:].tolist()
    pairs = pricing.pair_counts(composition) if composition.has_ranks else None
    round_values = iter(values)
    priced = []
    for bet, payoffs in zip(bets, table.pair_payoffs, strict=True):
        if payoffs is None:
            priced.append(BetOdds(bet, next(round_values)))
        elif pairs is None:
            priced.append(BetOdds(bet, None, note="needs counts by rank"))
        else:  # the exact value's float, correctly rounded
            states, total = pairs
            value = sum(p * x for p, x in zip(states, payoffs, strict=True))
            priced.append(BetOdds(bet, value / (total * table.scale)))
    return outcomes, PricedBets(priced)


@dataclass(frozen=True, slots=True)
class OddsReport:
    """Everything ``croupier baccarat odds`` shows for one shoe."""

    composition: Composition
    payouts: PayoutTable
    outcomes: OutcomeProbabilities[float]
    #: Exact outcome chances, when asked for.
    exact_outcomes: OutcomeProbabilities[Fraction] | None
    #: Chance of a player (or banker) pair, when rank counts are known.
    pair: float | None
    #: Every bet priced: a tuple that also looks a bet up by key (as ``report[key]``).
    bets: PricedBets

    def __getitem__(self, key: str) -> BetOdds:
        """The bet called ``key``, priced: ``report["banker"].house_edge``."""
        return self.bets[check_type(key, str, "key", "a bet key (str)")]

    def __repr__(self) -> str:
        """Short: the shoe, the table, the outcomes and the bets' keys.

        >>> odds_report(Composition.decks(8))
        <OddsReport 8 decks, casino payouts: player 0.446247, banker 0.458597, tie 0.095156; \
bets banker, player, tie, banker-4, banker-super6, tie-9, player-pair, banker-pair, \
dragon-bonus-player, dragon-bonus-banker>
        """
        outcomes = ", ".join(
            f"{outcome.value} {p:.6f}" for outcome, p in zip(Outcome, self.outcomes, strict=True)
        )
        return (
            f"<OddsReport {self.composition.describe()}, {self.payouts.name} payouts: "
            f"{outcomes}; bets {', '.join(self.bets.keys())}>"
        )

    def _repr_html_(self) -> str:
        """The outcomes and the bets drawn in a notebook (:mod:`croupier.baccarat.display`)."""
        from croupier.baccarat.display import odds_report_html

        return odds_report_html(self)

    def to_frame(self) -> pd.DataFrame:
        """The bets priced as a pandas DataFrame (the ``notebook`` extra; its columns:
        :func:`croupier.baccarat.frames.odds_frame`)."""
        from croupier.baccarat.frames import odds_frame

        return odds_frame(self)

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data (what ``croupier baccarat odds --json`` prints).

        Exact figures, when asked for, are fractions written ``numerator/denominator``.

        >>> data = odds_report(Composition.decks(8), exact=True).to_dict()
        >>> round(data["banker"], 6), data["exact"]["tie"], round(data["bets"]["banker"], 6)
        (0.458597, '6193065448...', 0.010579)
        """
        data: dict[str, Any] = {
            "shoe": self.composition.to_dict(),
            "payouts": self.payouts.name,
            "player": self.outcomes.player,
            "banker": self.outcomes.banker,
            "tie": self.outcomes.tie,
            "pair": self.pair,
            "bets": {b.bet.key: b.house_edge for b in self.bets},
            "expected_values": {b.bet.key: b.expected_value for b in self.bets},
        }
        if self.exact_outcomes is not None:
            data["exact"] = {
                **{
                    outcome.value: fraction_text(p)
                    for outcome, p in zip(Outcome, self.exact_outcomes, strict=True)
                },
                "expected_values": {
                    b.bet.key: fraction_text(b.exact) for b in self.bets if b.exact is not None
                },
            }
        return data


def fraction_text(value: Fraction) -> str:
    """A fraction as JSON writes it: ``numerator/denominator``.

    >>> fraction_text(Fraction(6, 8))
    '3/4'
    """
    return f"{value.numerator}/{value.denominator}"


@checked
def odds_report(
    composition: Composition, payouts: PayoutTable = CASINO, *, exact: bool = False
) -> OddsReport:
    """Outcome chances, pair chance and every bet's edge for ``composition``."""
    _check_arguments(composition, payouts)
    outcomes, bets = _float_bet_odds(composition, pricing.table_pricing(payouts))
    return OddsReport(
        composition,
        payouts,
        outcomes,
        outcome_probabilities(composition, exact=True) if exact else None,
        pair_probabilities(composition).player if composition.has_ranks else None,
        _exact_bet_odds(composition, payouts) if exact else bets,
    )


#: Reports :func:`cached_odds_report` keeps (each a few kilobytes).
CACHED_REPORTS: Final = 4_096


_reports: OrderedDict[tuple[Composition, str], OddsReport] = OrderedDict()
_reports_lock = threading.Lock()


def cached_odds_report(composition: Composition, payouts: PayoutTable = CASINO) -> OddsReport:
    """:func:`odds_report` (floats), remembered: the odds depend only on the cards left and
    the payout table, so a shoe seen before (every fresh shoe, a page shown again, two
    tables dealt from the same seed) is priced once; the last :data:`CACHED_REPORTS` are
    kept. Reports are frozen: share them.

    >>> fresh = Composition.decks(8)
    >>> cached_odds_report(fresh) is cached_odds_report(Composition.decks(8))
    True
    >>> cached_odds_report(fresh) == odds_report(fresh)
    True
    """
    # Keyed by the table's name (hashing its rules' fractions costs more than a lookup);
    # a different table under a known name is priced, not mistaken for it.
    key = (composition, payouts.name)
    with _reports_lock:
        report = _reports.get(key)
        if report is not None:
            _reports.move_to_end(key)
    if report is not None and (report.payouts is payouts or report.payouts == payouts):
        return report
    report = odds_report(composition, payouts)
    with _reports_lock:
        _reports[key] = report
        while len(_reports) > CACHED_REPORTS:
            _reports.popitem(last=False)
    return report


# --- effect of removal --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RemovalEffects:
    """How each bet's expected value moves when one card of each rank leaves the shoe."""

    composition: Composition
    payouts: PayoutTable
    #: Expected value per unit of each bet (by key) for the full composition.
    base: dict[str, float]
    #: ``effects[bet_key][rank]``: expected value after removing one ``rank`` minus ``base``.
    effects: dict[str, dict[Rank, float]]

    def __repr__(self) -> str:
        """Short: the shoe, the table and what the effects cover.

        >>> effect_of_removal(Composition.decks(1))
        <RemovalEffects 1 deck, casino payouts: 10 bets by 13 ranks>
        """
        ranks = len({rank for by_rank in self.effects.values() for rank in by_rank})
        return (
            f"<RemovalEffects {self.composition.describe()}, {self.payouts.name} payouts: "
            f"{plural(len(self.effects), 'bet')} by {plural(ranks, 'rank')}>"
        )

    def _repr_html_(self) -> str:
        """The table drawn in a notebook (:mod:`croupier.baccarat.display`)."""
        from croupier.baccarat.display import removal_effects_html

        return removal_effects_html(self)

    def to_frame(self) -> pd.DataFrame:
        """The table as a pandas DataFrame (the ``notebook`` extra; its columns:
        :func:`croupier.baccarat.frames.removal_frame`)."""
        from croupier.baccarat.frames import removal_frame

        return removal_frame(self)

    def to_dict(self) -> dict[str, Any]:
        """The table as JSON-ready data (what ``croupier baccarat eor --json`` prints).

        >>> data = effect_of_removal(Composition.decks(1)).to_dict()
        >>> data["shoe"]["description"], sorted(data["effects"]["banker"])[:3]
        ('1 deck', ['10', '2', '3'])
        """
        return {
            "shoe": self.composition.to_dict(),
            "payouts": self.payouts.name,
            "base": self.base,
            "effects": {
                key: {rank.label: change for rank, change in by_rank.items()}
                for key, by_rank in self.effects.items()
            },
        }


@checked
def effect_of_removal(
    composition: Composition | None = None, payouts: PayoutTable = CASINO
) -> RemovalEffects:
    """The effect-of-removal table (8 decks unless told otherwise).

    >>> eor = effect_of_removal()
    >>> print(f"{eor.effects['banker'][Rank.FIVE]:+.6f} {eor.effects['player'][Rank.FIVE]:+.6f}")
    -0.000083 +0.000084
    """
    composition = composition or Composition.decks(8)
    _check_arguments(composition, payouts)
    if composition.infinite or not composition.has_ranks:
        raise BaccaratError("the effect of removal needs a finite shoe with counts by rank")

    def values(shoe: Composition) -> dict[str, float]:
        return {
            b.bet.key: b.expected_value
            for b in bet_odds(shoe, payouts)
            if b.expected_value is not None
        }

    base = values(composition)
    effects: dict[str, dict[Rank, float]] = {key: {} for key in base}
    for rank in RANKS:
        if composition.rank_count(rank) == 0:
            continue
        after = values(composition.removing([rank]))
        for key, value in after.items():
            effects[key][rank] = value - base[key]
    return RemovalEffects(composition, payouts, base, effects)
