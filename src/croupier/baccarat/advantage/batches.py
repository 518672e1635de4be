"""One batch of shoes of a study: deal it, decide every bet, add up the results.

A study is split into batches of :data:`BATCH_SHOES` shoes. Batch ``i`` draws its shoes
from ``SeedSequence(seed, spawn_key=(i,))`` alone, so a seed gives the same shoes and the
same totals however the batches are run (one process, local workers, a Dask cluster) and
in whatever order they finish: totals are added up in batch order.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field, fields
from typing import Any, Final, Literal

import numpy as np
from numpy.typing import NDArray

from croupier.arguments import checked
from croupier.baccarat.advantage.counts import true_count
from croupier.baccarat.advantage.procedure import DealtShoes, ShoeProcedure
from croupier.baccarat.batchsums import batch_sums
from croupier.baccarat.composition import VALUES
from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.odds import expected_values_batch
from croupier.baccarat.payouts import Bet, find_bet, payout_table
from croupier.baccarat.pricing import RANK_TO_VALUE, payoff_rows, reads_pairs
from croupier.baccarat.simulate import cell_facts
from croupier.numerals import plural

__all__ = [
    "BATCH_SHOES",
    "COUNT_LIMIT",
    "BatchOutput",
    "BatchTotals",
    "StudySpec",
    "TraceRows",
    "run_batch",
]

#: Shoes per batch: part of a study's definition (it fixes which shoes a seed deals).
BATCH_SHOES: Final = 1000
#: Counts are tabled from ``-COUNT_LIMIT`` to ``+COUNT_LIMIT``; counts beyond fall in
#: the end rows.
COUNT_LIMIT: Final = 99
BUCKETS: Final = 2 * COUNT_LIMIT + 1

Kind = Literal["count", "perfect"]


@checked
@dataclass(frozen=True, slots=True)
class StudySpec:
    """Everything that decides a study's numbers (and nothing that does not)."""

    kind: Kind
    bet: str
    payouts: str
    procedure: ShoeProcedure
    shoes: int
    seed: int
    #: Tags by rank code (counting only).
    tags: tuple[int, ...] | None = None
    true_count: bool = False
    #: Bet when the count is at least this (counting; ``None``: scan for the best).
    threshold: float | None = None
    #: Exact expectations are computed for every shoe whose number is a multiple of this
    #: (counting; perfect play prices every round).
    exact_every: int = 1
    batch_shoes: int = BATCH_SHOES

    @property
    def batches(self) -> int:
        """Number of batches."""
        return -(-self.shoes // self.batch_shoes)

    @checked
    def batch_size(self, index: int) -> int:
        """Shoes in batch ``index`` (the last one may be short)."""
        return min(self.batch_shoes, self.shoes - index * self.batch_shoes)

    def resolved_bet(self) -> Bet:
        """The bet this study places."""
        return find_bet(self.bet, payout_table(self.payouts))[1]

    def to_dict(self) -> dict[str, Any]:
        """The definition as plain data (a checkpoint records it)."""
        procedure = self.procedure
        return {
            "kind": self.kind,
            "bet": self.bet,
            "payouts": self.payouts,
            "decks": procedure.decks,
            "cut_card": procedure.cut_card,
            "burn": procedure.burn,
            "shoes": self.shoes,
            "seed": self.seed,
            "tags": None if self.tags is None else list(self.tags),
            "true_count": self.true_count,
            "threshold": self.threshold,
            "exact_every": self.exact_every,
            "batch_shoes": self.batch_shoes,
        }


def _zeros_int() -> NDArray[np.int64]:
    return np.zeros(BUCKETS, dtype=np.int64)


def _zeros_float() -> NDArray[np.float64]:
    return np.zeros(BUCKETS, dtype=np.float64)


@dataclass
class BatchTotals:
    """Sums over the shoes of one or more batches; ``+`` adds them up."""

    shoes: int = 0
    rounds: int = 0
    bets: int = 0
    #: Net units won (outcome accounting), and the sum of squares of each shoe's units.
    units: float = 0.0
    units_sq: float = 0.0
    #: Expectation accounting over the shoes priced exactly (``priced_shoes`` of them).
    priced_shoes: int = 0
    expected: float = 0.0
    expected_sq: float = 0.0
    #: By count (``COUNT_LIMIT + c`` for count ``c``; in perfect play, for an exact edge
    #: of ``c`` to ``c + 1`` percent): rounds, net units of a bet on each, and, over rounds
    #: priced exactly, the number of them and their summed expectations.
    count_rounds: NDArray[np.int64] = field(default_factory=_zeros_int)
    count_units: NDArray[np.float64] = field(default_factory=_zeros_float)
    count_priced: NDArray[np.int64] = field(default_factory=_zeros_int)
    count_expected: NDArray[np.float64] = field(default_factory=_zeros_float)
    #: Betting at counts of at least ``c``: bets, units and the sum of squares per shoe.
    scan_bets: NDArray[np.int64] = field(default_factory=_zeros_int)
    scan_units: NDArray[np.float64] = field(default_factory=_zeros_float)
    scan_units_sq: NDArray[np.float64] = field(default_factory=_zeros_float)

    def __repr__(self) -> str:
        """Short: the tables by count are data, read them as attributes.

        >>> BatchTotals(shoes=3, rounds=240, bets=7)
        <BatchTotals 3 shoes, 240 rounds, 7 bets>
        """
        return (
            f"<BatchTotals {plural(self.shoes, 'shoe')}, {plural(self.rounds, 'round')}, "
            f"{plural(self.bets, 'bet')}>"
        )

    def __add__(self, other: BatchTotals) -> BatchTotals:
        return BatchTotals(
            **{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)}
        )

    def to_json(self) -> dict[str, Any]:
        """Plain data (floats round-trip exactly through JSON)."""
        return {
            f.name: value.tolist() if isinstance(value, np.ndarray) else value
            for f in fields(self)
            for value in (getattr(self, f.name),)
        }

    @classmethod
    def from_json(cls, data: object) -> BatchTotals:
        """The totals :meth:`to_json` wrote, checked field by field: counts are whole
        numbers of 0 or more, sums finite numbers (sums of squares not negative), tables
        of the right length; anything else raises :class:`BaccaratError` naming the field.

        >>> BatchTotals.from_json(BatchTotals(shoes=3).to_json()).shoes
        3
        >>> BatchTotals.from_json({**BatchTotals().to_json(), "shoes": -1000})
        Traceback (most recent call last):
        ...
        croupier.baccarat.errors.BaccaratError: bad batch totals: shoes is -1000: expected ...
        """
        if not isinstance(data, dict):
            raise BaccaratError("bad batch totals: expected a JSON object of totals")
        defaults = cls()
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                raise BaccaratError(f"bad batch totals: {f.name} is missing")
            default = getattr(defaults, f.name)
            value = data[f.name]
            if isinstance(default, np.ndarray):
                if not isinstance(value, list) or len(value) != default.size:
                    raise BaccaratError(
                        f"bad batch totals: {f.name} must be a list of {default.size} numbers"
                    )
                whole = default.dtype.kind == "i"
                items = [_total(f.name, item, whole, non_negative=whole) for item in value]
                values[f.name] = np.array(items, dtype=default.dtype)
            else:
                whole = isinstance(default, int)
                values[f.name] = _total(
                    f.name, value, whole, non_negative=whole or f.name.endswith("_sq")
                )
        return cls(**values)


#: The largest count a checkpoint may hold (far beyond any study: int64's range).
_MAX_COUNT: Final = 2**63 - 1


def _total(name: str, value: object, whole: bool, *, non_negative: bool) -> Any:
    """One checked figure of :meth:`BatchTotals.from_json`."""
    shown = str(value)[:30]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BaccaratError(f"bad batch totals: {name} is {shown}: expected a number")
    if whole and not isinstance(value, int):
        raise BaccaratError(f"bad batch totals: {name} is {shown}: expected a whole number")
    if not math.isfinite(value):
        raise BaccaratError(f"bad batch totals: {name} is {shown}: expected a finite number")
    if abs(value) > _MAX_COUNT:
        raise BaccaratError(f"bad batch totals: {name} is {shown}...: beyond any study")
    if non_negative and value < 0:
        raise BaccaratError(f"bad batch totals: {name} is {shown}: expected 0 or more")
    return value if whole else float(value)


@dataclass(frozen=True)
class TraceRows:
    """Perfect play round by round, for ``--trace``: one entry per round of a batch."""

    shoe: NDArray[np.int64]
    round: NDArray[np.int64]
    #: Unseen cards by value before the round, value 0 (10/J/Q/K) to 9 (croupier's one
    #: order; labelled by value in :meth:`lines`).
    counts: NDArray[np.int64]
    ev: NDArray[np.float64]
    bet: NDArray[np.bool_]
    cell: NDArray[np.int16]

    def lines(self) -> list[dict[str, Any]]:
        """One dict per round, the ``--trace`` JSON line."""
        outcomes = _outcome_words()
        return [
            {
                "shoe": s,
                "round": r,
                "counts": dict(zip(_VALUE_KEYS, c, strict=True)),
                "ev": e,
                "bet": b,
                "outcome": outcomes[cell],
            }
            for s, r, c, e, b, cell in zip(
                self.shoe.tolist(),
                self.round.tolist(),
                self.counts.tolist(),
                self.ev.tolist(),
                self.bet.tolist(),
                self.cell.tolist(),
                strict=True,
            )
        ]


@dataclass(frozen=True)
class BatchOutput:
    """What a batch sends back: its totals, and its trace when asked for."""

    totals: BatchTotals
    trace: TraceRows | None = None


@functools.cache
def _outcome_words() -> tuple[str, ...]:
    """Each histogram cell in words: ``banker 7 (3 cards) over player 5 (3 cards)``."""
    words = []
    for facts in cell_facts():
        player = f"player {facts.player_total} ({facts.player_cards} cards)"
        banker = f"banker {facts.banker_total} ({facts.banker_cards} cards)"
        winner = facts.outcome.value
        if winner == "tie":
            text = f"tie: {player}, {banker}"
        elif winner == "banker":
            text = f"banker: {banker} over {player}"
        else:
            text = f"player: {player} over {banker}"
        pairs = [
            f"{side} pair"
            for side, on in (("player", facts.player_pair), ("banker", facts.banker_pair))
            if on
        ]
        words.append(text + "".join(f", {p}" for p in pairs))
    return tuple(words)


@functools.cache
def _cell_payoffs(bet: Bet) -> NDArray[np.float64]:
    """The bet's net result per unit in every histogram cell."""
    payoffs = np.array([float(bet.settle(facts)) for facts in cell_facts()])
    payoffs.setflags(write=False)
    return payoffs


#: The keys of a vector by value in JSON: "0" (10/J/Q/K) to "9".
_VALUE_KEYS: Final = tuple(str(value) for value in VALUES)
#: Rank code -> its value (0..9), or its rank (itself).
_VALUE_OF_CODE: Final = RANK_TO_VALUE.argmax(axis=1).astype(np.int64)
_RANK_OF_CODE: Final = np.arange(13, dtype=np.int64)


def _unseen(
    dealt: DealtShoes, decks: int, by_rank: bool, rows: NDArray[np.intp] | None
) -> NDArray[np.int64]:
    """Cards the player has not seen before each round (of ``rows``), by value or rank."""
    if by_rank:
        return dealt.unseen(_RANK_OF_CODE, np.full(13, 4 * decks, dtype=np.int64), rows)
    full = np.array([16 * decks] + [4 * decks] * 9, dtype=np.int64)
    return dealt.unseen(_VALUE_OF_CODE, full, rows)


def _expectations(
    dealt: DealtShoes, bet: Bet, decks: int, rows: NDArray[np.intp] | None = None
) -> tuple[NDArray[np.float64], NDArray[np.int64]]:
    """Each round's exact expectation for ``bet`` from the unseen cards, and those cards
    by value (0..9)."""
    if reads_pairs(bet):
        ranks = _unseen(dealt, decks, True, rows)
        return expected_values_batch(bet, ranks), ranks @ RANK_TO_VALUE
    values = _unseen(dealt, decks, False, rows)  # never negative, at least the cut card
    return batch_sums(values, payoff_rows(bet))[:, 0], values


def _weighted_sum(
    index: NDArray[np.int64], weights: NDArray[np.float64], length: int
) -> NDArray[np.float64]:
    """``weights`` summed by ``index`` into ``length`` bins."""
    return np.asarray(np.bincount(index, weights=weights, minlength=length), dtype=np.float64)


def _sums(values: NDArray[np.float64]) -> tuple[float, float]:
    return float(values.sum()), float(values @ values)


def run_batch(spec: StudySpec, index: int, trace: bool = False) -> BatchOutput:
    """Deal batch ``index`` of ``spec`` and add up its results."""
    size = spec.batch_size(index)
    rng = np.random.default_rng(np.random.SeedSequence(spec.seed, spawn_key=(index,)))
    dealt = spec.procedure.deal(size, rng)
    bet = spec.resolved_bet()
    rounds = dealt.rounds
    shoe = rounds.shoe
    outcome = _cell_payoffs(bet)[rounds.cell]
    totals = BatchTotals(shoes=size, rounds=int(shoe.size))
    if spec.kind == "perfect":
        ev, values = _expectations(dealt, bet, spec.procedure.decks)
        placed = ev > 0
        per_shoe = _weighted_sum(shoe, np.where(placed, ev, 0.0), size)
        totals.priced_shoes = size
        totals.expected, totals.expected_sq = _sums(per_shoe)
        # Perfect play's table is by exact edge, in whole percent.
        bucket = _buckets(100 * ev)
        _tabulate(totals, shoe, bucket, outcome)
        _tabulate_priced(totals, bucket, ev)
        rows = None
        if trace:
            rows = TraceRows(
                shoe=index * spec.batch_shoes + shoe + 1,
                round=dealt.round_numbers,
                counts=values,
                ev=ev,
                bet=placed,
                cell=rounds.cell,
            )
        result = BatchOutput(totals, rows)
    else:
        count = _counts(dealt, spec)
        _add_count_tables(totals, spec, dealt, bet, count, outcome, index)
        placed = (
            count >= spec.threshold if spec.threshold is not None else np.zeros(shoe.size, bool)
        )
        result = BatchOutput(totals)
    per_shoe = _weighted_sum(shoe, np.where(placed, outcome, 0.0), size)
    totals.bets = int(placed.sum())
    totals.units, totals.units_sq = _sums(per_shoe)
    return result


def _counts(dealt: DealtShoes, spec: StudySpec) -> NDArray[np.float64]:
    """The count before each round: running, or true (per deck of unseen cards)."""
    assert spec.tags is not None
    running = dealt.seen_before(np.array(spec.tags, dtype=np.int16)).astype(np.float64)
    if not spec.true_count:
        return running
    return true_count(running, spec.procedure.size - dealt.cards_seen_before())


def _buckets(count: NDArray[np.float64]) -> NDArray[np.int64]:
    """Table rows: ``COUNT_LIMIT + floor(count)``, the ends holding everything beyond."""
    clipped = np.clip(np.floor(count), -COUNT_LIMIT, COUNT_LIMIT) + COUNT_LIMIT
    return clipped.astype(np.int64)


def _tabulate(
    totals: BatchTotals,
    shoe: NDArray[np.int64],
    bucket: NDArray[np.int64],
    outcome: NDArray[np.float64],
) -> None:
    """Rounds and results by row, and the result of betting at every row and up."""
    size = totals.shoes
    totals.count_rounds = np.bincount(bucket, minlength=BUCKETS)
    totals.count_units = _weighted_sum(bucket, outcome, BUCKETS)
    # Betting at rows of c or more: each shoe's units, for every c at once.
    by_shoe = _weighted_sum(shoe * BUCKETS + bucket, outcome, size * BUCKETS)
    at_least = np.cumsum(by_shoe.reshape(size, BUCKETS)[:, ::-1], axis=1)[:, ::-1]
    totals.scan_units = at_least.sum(axis=0)
    totals.scan_units_sq = np.einsum("ij,ij->j", at_least, at_least)
    totals.scan_bets = np.cumsum(totals.count_rounds[::-1])[::-1].copy()


def _tabulate_priced(
    totals: BatchTotals, bucket: NDArray[np.int64], ev: NDArray[np.float64]
) -> None:
    """Rounds priced exactly, and their expectations, by row."""
    totals.count_priced = np.bincount(bucket, minlength=BUCKETS)
    totals.count_expected = _weighted_sum(bucket, ev, BUCKETS)


def _add_count_tables(
    totals: BatchTotals,
    spec: StudySpec,
    dealt: DealtShoes,
    bet: Bet,
    count: NDArray[np.float64],
    outcome: NDArray[np.float64],
    index: int,
) -> None:
    """Rounds, results and exact expectations by count, and every threshold's result."""
    size = totals.shoes
    shoe = dealt.rounds.shoe
    bucket = _buckets(count)
    _tabulate(totals, shoe, bucket, outcome)
    # Exact expectations on the sampled shoes.
    numbers = index * spec.batch_shoes + np.arange(size)
    sampled = np.flatnonzero(numbers % spec.exact_every == 0)
    if sampled.size == 0:
        return
    rows = np.flatnonzero(np.isin(shoe, sampled))
    ev, _ = _expectations(dealt, bet, spec.procedure.decks, rows)
    _tabulate_priced(totals, bucket[rows], ev)
    if spec.threshold is not None:
        placed = count[rows] >= spec.threshold
        per_shoe = _weighted_sum(shoe[rows], np.where(placed, ev, 0.0), size)
        totals.priced_shoes = int(sampled.size)
        totals.expected, totals.expected_sq = _sums(per_shoe[sampled])


def standard_error(total: float, total_sq: float, n: int) -> tuple[float, float]:
    """Mean and sample standard deviation from a sum and a sum of squares of ``n`` values."""
    if n == 0:
        return math.nan, math.nan
    mean = total / n
    if n == 1:
        return mean, 0.0
    variance = max(total_sq - n * mean * mean, 0.0) / (n - 1)
    return mean, math.sqrt(variance)
