"""Monte Carlo over real shoes, vectorised with NumPy over thousands of shoes at once.

Each shoe is N decks shuffled (an unbiased shuffle of every card), optionally burned, and
dealt round after round while the cut card has not come out, exactly as at the table; then
a fresh shoe. Within a block of shoes every possible round start is labelled at once (the
six-value key of the cards from that position, looked up in the enumeration of
:mod:`~croupier.baccarat.enumeration`, plus the two pair flags), then the rounds actually
dealt are followed from shoe start to cut card. Results are a histogram of round classes,
from which outcome frequencies and every bet's result follow, with 95% confidence
intervals.

Blocks of shoes are seeded from one :class:`numpy.random.SeedSequence`, so a seed gives
the same result whatever the number of worker processes.

>>> result = simulate(200, decks=8, rng=1)
>>> result.rounds, result.shoes
(16278, 200)
>>> low, high = result.interval(Outcome.BANKER)
>>> low < 0.458597 < high
True
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import numpy as np
from numpy.typing import NDArray

from croupier.arguments import checked
from croupier.baccarat.enumeration import CLASS_COUNT, ROUND_CLASSES, RoundClass, sequence_tables
from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.payouts import CASINO, Bet, PayoutTable
from croupier.baccarat.rules import CUT_CARD_FROM_END, POINTS, Outcome
from croupier.cards import Rank
from croupier.cpus import workers_for
from croupier.engine import compiled, kernels
from croupier.randomness import RNGLike, as_seed_sequence

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "MAX_SHOES",
    "BetResult",
    "DealtRounds",
    "SimulationResult",
    "auto_workers",
    "bet_payoffs",
    "cell_facts",
    "cut_card_for",
    "deal_rounds",
    "deal_shoes",
    "shuffled_shoes",
    "simulate",
    "standard_burn_starts",
]

#: Histogram cells: round class x player pair x banker pair.
CELLS: Final = CLASS_COUNT * 4
#: The most shoes one simulation deals (ten million take about a minute on one core).
MAX_SHOES: Final = 10_000_000
#: Shoes per block: a block's arrays stay within a few MB.
BLOCK_SHOES: Final = 1024
#: Seconds one process takes to shuffle and deal a shoe of 8 decks (measured on a small
#: machine; the cost grows with the cards in the shoe).
SECONDS_PER_8_DECK_SHOE: Final = 7e-6
#: Normal quantile of a two-sided 95% interval.
Z95: Final = 1.959963984540054

_RANK_ORDER: Final = tuple(Rank)
_VALUE_OF_CODE: Final = np.array([POINTS[r] for r in _RANK_ORDER], dtype=np.uint8)
#: Standard burn: the first card is turned over and that many more are burned (ten to king
#: count 10, an ace 1).
_BURN_OF_CODE: Final = np.array(
    [min(int(r), 10) if r != Rank.ACE else 1 for r in _RANK_ORDER], dtype=np.int64
)


@functools.cache
def cell_facts() -> tuple[RoundClass, ...]:
    """The round class and pair flags of every histogram cell."""
    return tuple(
        RoundClass(c.player_total, c.banker_total, c.player_cards, c.banker_cards, pp, bp)
        for c in ROUND_CLASSES
        for pp in (False, True)
        for bp in (False, True)
    )


@functools.cache
def _outcome_cells(outcome: Outcome) -> NDArray[np.intp]:
    """The histogram cells of the rounds that end in ``outcome`` (found once an outcome)."""
    return np.array([i for i, f in enumerate(cell_facts()) if f.outcome is outcome], np.intp)


@functools.cache
def bet_payoffs(bet: Bet) -> NDArray[np.float64]:
    """The net result per unit of ``bet`` in every histogram cell (computed once a bet)."""
    payoffs = np.array([float(bet.settle(facts)) for facts in cell_facts()])
    payoffs.setflags(write=False)
    return payoffs


@functools.cache
def _cards_used_by_cell() -> NDArray[np.int64]:
    return np.array([facts.cards_used for facts in cell_facts()], dtype=np.int64)


def shuffled_shoes(shoes: int, decks: int, rng: np.random.Generator) -> NDArray[np.uint8]:
    """``shoes`` independently shuffled shoes as rank codes (0 = two ... 12 = ace), one
    column per shoe: shape (cards, shoes).

    A Fisher-Yates shuffle run on every shoe at once: at step i each shoe swaps its card
    i with a card drawn from positions i to the end. The draws come from 53-bit uniform
    doubles, so each position's chance differs from exact uniformity by less than 5e-14
    of itself, far below anything a simulation can detect, at half the cost of NumPy's
    row-by-row ``permuted``. Where the engine is compiled, a kernel does the swaps (the
    same draws, so the same shoes).
    """
    size = 52 * decks
    order = np.repeat(np.arange(13, dtype=np.uint8), 4 * decks)
    cards = np.repeat(order[:, None], shoes, axis=1)
    draws = rng.random((size - 1, shoes))
    if compiled("baccarat"):
        kernels("baccarat").shuffle(draws, cards)
        return cards
    return _shuffle_numpy(draws, cards)


def _shuffle_numpy(draws: NDArray[np.float64], cards: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """The swaps of :func:`shuffled_shoes` with NumPy, a step for every shoe at once (the
    reference of the compiled kernel); ``draws`` is overwritten."""
    size, shoes = cards.shape
    draws *= np.arange(size, 1, -1, dtype=np.float64)[:, None]
    targets = draws.astype(np.int64)
    targets += np.arange(size - 1)[:, None]
    targets *= shoes
    targets += np.arange(shoes)
    flat = cards.reshape(-1)
    for i in range(size - 1):
        swap = targets[i]
        held = cards[i].copy()
        cards[i] = flat[swap]
        flat[swap] = held
    return cards


@functools.cache
def _cell_of_key() -> NDArray[np.int16]:
    """The histogram cell (class * 4) of every six-value key, pair flags still 0."""
    cells: NDArray[np.int16] = sequence_tables().class_of.astype(np.int16) * 4
    cells.setflags(write=False)
    return cells


@functools.cache
def _cell_of_totals() -> NDArray[np.int16]:
    """:func:`_cell_of_key` by ``player * 1000 + banker * 100 + fifth * 10 + sixth``: the
    two hands' first totals and the fifth and sixth values decide a round (10,000 cells,
    what the compiled kernel reads)."""
    totals = np.arange(10_000)
    player, banker, rest = totals // 1000, totals // 100 % 10, totals % 100
    cells: NDArray[np.int16] = _cell_of_key()[player * 100_000 + banker * 1000 + rest]
    cells.setflags(write=False)
    return cells


@dataclass(frozen=True)
class DealtRounds:
    """Every round dealt from a block of shoes, shoe by shoe, each shoe's rounds in the
    order dealt (``shoe`` and ``position`` say where each one was)."""

    #: Column (shoe) of each round in the block.
    shoe: NDArray[np.int64]
    #: Position in its shoe of the round's first card.
    position: NDArray[np.int64]
    #: Histogram cell of each round: ``class * 4 + 2 * player_pair + banker_pair``.
    cell: NDArray[np.int16]


def standard_burn_starts(ranks: NDArray[np.uint8]) -> NDArray[np.int64]:
    """Where dealing starts after the standard burn: the first card is turned over and
    that many more cards (ten to king: 10) are burned face down."""
    starts: NDArray[np.int64] = 1 + _BURN_OF_CODE[ranks[0]]
    return starts


def deal_rounds(
    ranks: NDArray[np.uint8], cut: int, starts: NDArray[np.int64] | None = None
) -> DealtRounds:
    """Deal shuffled shoes round by round to the cut card.

    ``ranks`` holds one shoe per column (shape (cards, shoes)), rank codes 0 (two) to 12
    (ace), first card dealt in row 0; ``starts`` is each shoe's first dealt position
    (default 0: no burn). A round starts while fewer than ``cut`` cards are gone.
    """
    return _rounds(ranks, cut, starts, ordered=True)


def _rounds(
    ranks: NDArray[np.uint8], cut: int, starts: NDArray[np.int64] | None, ordered: bool
) -> DealtRounds:
    """:func:`deal_rounds`; not ``ordered``: the same rounds in any order (without the
    compiled engine, NumPy deals a round of every shoe at a time and a histogram needs no
    sort)."""
    size = ranks.shape[0]
    if not 1 <= cut <= size - 6:
        raise BaccaratError(f"bad cut card {cut} for a shoe of {size} cards")
    if compiled("baccarat"):
        return _deal_compiled(ranks, cut, starts)
    return _deal_numpy(ranks, cut, starts, ordered)


def _deal_compiled(
    ranks: NDArray[np.uint8], cut: int, starts: NDArray[np.int64] | None
) -> DealtRounds:
    """:func:`deal_rounds` by the compiled kernel, which deals shoe after shoe."""
    shoes = ranks.shape[1]
    begin = np.zeros(shoes, dtype=np.int64) if starts is None else starts.astype(np.int64)
    most = int(np.maximum(cut - begin, 0).sum()) // 4 + shoes  # a round takes 4 cards or more
    shoe = np.empty(most, dtype=np.int64)
    position = np.empty(most, dtype=np.int64)
    cell = np.empty(most, dtype=np.int16)
    count = kernels("baccarat").deal(
        np.ascontiguousarray(ranks.T, dtype=np.uint8),  # a shoe a row: its cards together
        begin,
        cut,
        _cell_of_totals(),
        _cards_used_by_cell(),
        _VALUE_OF_CODE,
        shoe,
        position,
        cell,
    )
    return DealtRounds(shoe[:count], position[:count], cell[:count])


def _deal_numpy(
    ranks: NDArray[np.uint8], cut: int, starts: NDArray[np.int64] | None, ordered: bool = True
) -> DealtRounds:
    """:func:`deal_rounds` with NumPy, a round of every shoe at a time (the reference of
    the compiled kernel); not ``ordered``: in that order, not shoe by shoe."""
    shoes = ranks.shape[1]
    values = _VALUE_OF_CODE[ranks]
    # Label every position where a round could start: its class and pair flags.
    two = values[: cut + 4] * np.uint8(10) + values[1 : cut + 5]
    keys = two[:cut].astype(np.int32) * 10000
    keys += two[2 : cut + 2].astype(np.int32) * 100
    keys += two[4 : cut + 4]
    cells = _cell_of_key()[keys]
    cells += (ranks[:cut] == ranks[1 : cut + 1]).astype(np.int16) * 2
    cells += ranks[2 : cut + 2] == ranks[3 : cut + 3]
    flat = cells.ravel()
    # Follow the rounds actually dealt, from the first card (after any burn) to the cut.
    position = np.zeros(shoes, dtype=np.int64) if starts is None else starts.astype(np.int64)
    used = _cards_used_by_cell()
    active = np.flatnonzero(position < cut)
    dealt: list[NDArray[np.int16]] = []
    where: list[NDArray[np.int64]] = []
    which: list[NDArray[np.int64]] = []
    while active.size:
        cell = flat[position[active] * shoes + active]
        dealt.append(cell)
        where.append(position[active].copy())
        which.append(active)
        position[active] += used[cell]
        active = active[position[active] < cut]
    if not dealt:
        empty = np.zeros(0, dtype=np.int64)
        return DealtRounds(empty, empty, np.zeros(0, dtype=np.int16))
    shoe, at, cell = np.concatenate(which), np.concatenate(where), np.concatenate(dealt)
    if not ordered:
        return DealtRounds(shoe, at, cell)
    order = np.lexsort((at, shoe))  # dealt a round of every shoe at a time: by shoe
    return DealtRounds(shoe[order], at[order], cell[order])


def deal_shoes(ranks: NDArray[np.uint8], cut: int, burn: bool) -> NDArray[np.int64]:
    """Deal shuffled shoes round by round to the cut card; return the histogram of cells
    (``burn``: the standard burn first, see :func:`standard_burn_starts`)."""
    starts = standard_burn_starts(ranks) if burn else None
    return np.bincount(_rounds(ranks, cut, starts, ordered=False).cell, minlength=CELLS)


def _deal_block(
    shoes: int, decks: int, cut: int, burn: bool, seed: np.random.SeedSequence
) -> NDArray[np.int64]:
    """Shuffle and deal one block of shoes (the unit of work of a worker)."""
    return deal_shoes(shuffled_shoes(shoes, decks, np.random.default_rng(seed)), cut, burn)


def _block_sizes(shoes: int) -> list[int]:
    full, rest = divmod(shoes, BLOCK_SHOES)
    return [BLOCK_SHOES] * full + ([rest] if rest else [])


@dataclass(frozen=True, slots=True)
class BetResult:
    """A bet's simulated result: mean net win per unit staked and its 95% half-width."""

    bet: Bet
    mean: float
    half_width: float

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the mean."""
        return self.mean - self.half_width, self.mean + self.half_width


@dataclass(frozen=True)
class SimulationResult:
    """What a simulation dealt: the histogram of rounds by class and pair flags."""

    decks: int
    shoes: int
    #: Cards dealt before the cut card comes out.
    cut_card: int
    burn: bool
    #: The entropy that seeded the run: pass it as ``rng`` to repeat it.
    seed: int
    #: Rounds by cell ``class * 4 + 2 * player_pair + banker_pair`` (1,600 cells).
    histogram: NDArray[np.int64]

    @property
    def rounds(self) -> int:
        """Rounds dealt."""
        return int(self.histogram.sum())

    def count(self, outcome: Outcome) -> int:
        """Rounds that ended in ``outcome``."""
        return int(self.histogram[_outcome_cells(outcome)].sum())

    def frequency(self, outcome: Outcome) -> float:
        """Share of rounds that ended in ``outcome``."""
        return self.count(outcome) / self.rounds

    def interval(self, outcome: Outcome) -> tuple[float, float]:
        """95% confidence interval of the chance of ``outcome`` (normal approximation)."""
        p = self.frequency(outcome)
        half = Z95 * math.sqrt(p * (1 - p) / self.rounds)
        return p - half, p + half

    def bet_result(self, bet: Bet) -> BetResult:
        """The mean net result per unit of a bet placed on every round, with its interval."""
        payoffs = bet_payoffs(bet)
        n = self.rounds
        mean = float(self.histogram @ payoffs) / n
        variance = float(self.histogram @ (payoffs - mean) ** 2) / max(n - 1, 1)
        return BetResult(bet, mean, Z95 * math.sqrt(variance / n))

    def bet_results(self, payouts: PayoutTable = CASINO) -> tuple[BetResult, ...]:
        """Every bet of a payout table."""
        return tuple(self.bet_result(bet) for bet in payouts.bets)

    def _repr_html_(self) -> str:
        """The outcomes and bets with their intervals, drawn in a notebook."""
        from croupier.baccarat.display import simulation_html

        return simulation_html(self)

    def to_frame(self) -> pd.DataFrame:
        """The rounds dealt, by kind, as a pandas DataFrame (the ``notebook`` extra; its columns:
        :func:`croupier.baccarat.frames.simulation_frame`)."""
        from croupier.baccarat.frames import simulation_frame

        return simulation_frame(self)

    def to_dict(self, payouts: PayoutTable = CASINO) -> dict[str, Any]:
        """The run as JSON-ready data, with the bets of ``payouts`` (what
        ``croupier baccarat simulate --json`` prints): frequencies, 95% intervals and
        each bet's mean result, interval and house edge.

        >>> data = simulate(20, decks=1, rng=3).to_dict()
        >>> data["shoes"], data["seed"], sorted(data["intervals"])
        (20, 3, ['banker', 'player', 'tie'])
        """
        return {
            "shoes": self.shoes,
            "rounds": self.rounds,
            "decks": self.decks,
            "cut_card": self.cut_card,
            "burn": self.burn,
            "seed": self.seed,
            "payouts": payouts.name,
            **{o.value: self.frequency(o) for o in Outcome},
            "intervals": {o.value: list(self.interval(o)) for o in Outcome},
            "bets": {
                b.bet.key: {"mean": b.mean, "interval": list(b.interval), "house_edge": -b.mean}
                for b in self.bet_results(payouts)
            },
        }


def cut_card_for(decks: int, penetration: float | None) -> int:
    """Cards dealt before the cut card: ``penetration`` of the shoe, or 16 from the back."""
    size = 52 * decks
    if penetration is None:
        return size - CUT_CARD_FROM_END
    if not 0 < penetration <= 1:
        raise BaccaratError(f"bad penetration {penetration}: expected a fraction above 0, up to 1")
    cut = math.floor(penetration * size)
    if cut < 1:
        raise BaccaratError(f"bad penetration {penetration}: the cut card would come out at once")
    return min(cut, size - 6)  # a round started before the cut card can always finish


@checked
def simulate(
    shoes: int,
    *,
    decks: int = 8,
    penetration: float | None = None,
    burn: bool = False,
    rng: RNGLike = None,
    workers: int | None = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Deal ``shoes`` real shoes of ``decks`` decks round by round and count what happened.

    ``penetration`` places the cut card (a fraction of the shoe; default 16 cards from the
    back); ``burn`` applies the standard burn (turn the first card, burn that many more).
    ``workers`` processes share the shoes (``None``: chosen by :func:`auto_workers`), or
    the Dask cluster at ``scheduler`` deals them (``tcp://HOST:PORT``, or ``"local"``: a
    LocalCluster of ``workers`` processes, 2 for ``None``; see
    :func:`croupier.parallel.iter_tasks`). Blocks of 1,024 shoes each draw from their own
    :meth:`~numpy.random.SeedSequence.spawn` child of ``rng`` (an int seed, a NumPy
    generator or ``None``), so the result depends only on ``rng``, not on ``workers`` or
    ``scheduler``. Ctrl-C stops the run at once and raises
    :class:`~croupier.parallel.Interrupted` holding the shoes finished (``None`` if none
    were). Worker processes re-import the calling script, so a script that asks for them
    must guard its entry point with ``if __name__ == "__main__":``. ``progress`` is
    called with the number of shoes finished so far.
    """
    if not 1 <= shoes <= MAX_SHOES:
        raise BaccaratError(f"bad number of shoes {shoes!r}: expected 1 to {MAX_SHOES:,}")
    if isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= 64:
        raise BaccaratError(f"bad number of decks {decks!r}: expected 1 to 64")
    cut = cut_card_for(decks, penetration)
    if burn and cut <= 11:
        raise BaccaratError("the shoe is too short to burn cards before the cut card")
    root = as_seed_sequence(rng)
    sizes = _block_sizes(shoes)
    seeds = root.spawn(len(sizes))
    if workers is None:
        workers = 2 if scheduler is not None else auto_workers(shoes, decks)
    if workers < 1:
        raise BaccaratError(f"bad number of workers {workers}: expected 1 or more")
    histogram = np.zeros(CELLS, dtype=np.int64)
    done = 0

    def add(index: int, block: NDArray[np.int64]) -> None:
        nonlocal done
        histogram[:] += block
        done += sizes[index]
        if progress is not None:
            progress(done)

    entropy = root.entropy
    assert isinstance(entropy, int)
    jobs = [
        (size, decks, cut, burn, block_seed) for size, block_seed in zip(sizes, seeds, strict=True)
    ]
    from croupier.parallel import Interrupted, run_tasks  # worker processes: only when dealing

    complete = run_tasks(
        _deal_block,
        jobs,
        on_result=add,
        workers=workers,
        scheduler=scheduler,
        preload=["croupier.baccarat._worker_preload"],
    )
    if not complete:
        partial = SimulationResult(decks, done, cut, burn, entropy, histogram) if done else None
        raise Interrupted(partial)
    return SimulationResult(decks, shoes, cut, burn, entropy, histogram)


def auto_workers(shoes: int, decks: int = 8) -> int:
    """Workers for a run of ``shoes`` shoes: all available CPUs when the time they save
    is more than the time they take to start, else one.

    >>> from croupier.cpus import available_cpus
    >>> auto_workers(1_000), auto_workers(10_000_000) == available_cpus()
    (1, True)
    """
    return workers_for(shoes * SECONDS_PER_8_DECK_SHOE * decks / 8)
