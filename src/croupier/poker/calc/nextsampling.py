"""The next-card table by Monte Carlo, in every game, for questions too wide to enumerate
(Omaha ranges against ranges, many players).

Each card that may come is put on the board in turn and the rest of the deal sampled by
the rows engine's Monte Carlo (:func:`~croupier.poker.calc.sampling.run_rows_monte_carlo`),
which deals each player's hands by weight and drops the deals where two meet: the deals
given that card come next. Card ``k`` of the table (highest first) is dealt from its own
seed, drawn from the run's seed and ``k``, so a seed repeats the whole table.

A card's chance is the weight of the deals that leave it, over all: given the hands the
players hold from their lists, every card left is as likely next (a hand dealt partly at
random takes its cards from the same deck whatever the lists hold, so it weighs every
card alike). That weight is summed over every compatible assignment of listed hands
when there are at most :data:`MAX_EXACT_ASSIGNMENTS`, and otherwise estimated from
:data:`CHANCE_SAMPLES` assignments sampled by weight.

>>> from croupier.poker.calc.question import EquityQuestion
>>> question = EquityQuestion.parse(["AsAhKsKh", "QdQcJdTc"], "2c 7d 9h", game="omaha")
>>> table = sample_table(question, seed=7, trials=4000, precision=None)
>>> len(table.cards), table.games, round(table.cards[0].chance * 41, 12)
(41, 164000, 1.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.cards import DECK
from croupier.errors import CroupierError
from croupier.poker.calc.exact import assignments
from croupier.poker.calc.live import LiveRows, bits_of
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.calc.results import Progress
from croupier.poker.calc.sampling import run_rows_monte_carlo
from croupier.poker.errors import PokerError

__all__ = ["CARD_PRECISION", "SampledCard", "SampledTable", "sample_table"]

#: The standard error asked of each card's equities by default (a fraction).
CARD_PRECISION: Final = 0.002
#: Assignments of listed hands summed exactly for the chances, at most.
MAX_EXACT_ASSIGNMENTS: Final = 1_000_000
#: Assignments sampled for the chances otherwise.
CHANCE_SAMPLES: Final = 400_000


@dataclass(frozen=True, slots=True)
class SampledCard:
    """A card that may come (its number), its chance, each player's equity once it has."""

    card: int
    chance: float
    equity: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class SampledTable:
    """The cards, highest first; the deals dealt in all; the largest standard error of
    an equity."""

    cards: tuple[SampledCard, ...]
    games: int
    stderr: float


def sample_table(
    question: EquityQuestion,
    *,
    seed: int,
    trials: int | None,
    precision: float | None,
    progress: Progress | None = None,
    threads: int = 1,
) -> SampledTable:
    """The table of ``question`` (a board of 3 or 4 cards) by Monte Carlo: ``trials``
    deals a card, or until each card's standard errors are below ``precision`` (by
    default :data:`CARD_PRECISION`)."""
    live = LiveRows(question)
    leaving = _leaving(live, seed)
    cards = sorted((int(c) for c, w in zip(live.deck, leaving, strict=True) if w > 0), reverse=True)
    total = float(sum(w for w in leaving if w > 0))
    weight = dict(zip(live.deck.tolist(), leaving.tolist(), strict=True))
    rows = []
    games = 0
    worst = 0.0
    target = CARD_PRECISION if precision is None else precision
    for k, card in enumerate(cards):
        if progress is not None:
            progress(k, len(cards))
        try:
            given = EquityQuestion.parse(
                question.ranges, (*question.board, DECK[card]), question.dead, question.game
            )
            sub = LiveRows(given)
        except CroupierError:  # some player holds it in every deal: it cannot come
            total -= weight[card]
            continue
        card_seed = int(np.random.default_rng([seed, k]).integers(0, 2**63, dtype=np.int64))
        *_, result = run_rows_monte_carlo(sub, card_seed, trials, target, None, threads)
        games += result.games
        worst = max([worst, *(p.stderr or 0.0 for p in result.players)])
        rows.append((card, weight[card], tuple(p.equity for p in result.players)))
    if progress is not None:
        progress(len(cards), len(cards))
    table = tuple(SampledCard(card, w / total, equity) for card, w, equity in rows)
    return SampledTable(table, games, worst)


def _leaving(live: LiveRows, seed: int) -> NDArray[np.float64]:
    """Each card of ``live.deck``: the weight (or the share of the samples) of the
    assignments of listed hands that leave it."""
    listed = [p for p in range(live.players) if not live.missing[p]]
    if not listed:
        return np.ones(len(live.deck))
    bits = [bits_of(live.rows[p]) for p in listed]
    weights = [live.weights[p] for p in listed]
    found = assignments(bits, weights, MAX_EXACT_ASSIGNMENTS)
    if found is not None:
        _, held, weight = found
    else:
        held, weight = _sampled(bits, weights, seed)
    if not len(held):
        raise PokerError("the ranges cannot be dealt together: no deal gives each player a hand")
    return np.array(
        [float(weight[(held >> np.uint64(c)) & np.uint64(1) == 0].sum()) for c in live.deck]
    )


def _sampled(
    bits: list[NDArray[np.uint64]], weights: list[NDArray[np.float64]], seed: int
) -> tuple[NDArray[np.uint64], NDArray[np.float64]]:
    """:data:`CHANCE_SAMPLES` assignments drawn by weight (those where two hands meet
    drawn again), each weighing 1: their cards."""
    rng = np.random.default_rng([seed, 2**32])
    cumulative = [np.cumsum(w) for w in weights]
    kept: list[NDArray[np.uint64]] = []
    count = attempts = 0
    while count < CHANCE_SAMPLES and attempts < 100 * CHANCE_SAMPLES:
        size = 2 * (CHANCE_SAMPLES - count) + 1024
        used = np.zeros(size, dtype=np.uint64)
        ok = np.ones(size, dtype=bool)
        for hands, running in zip(bits, cumulative, strict=True):
            pick = np.searchsorted(running, rng.random(size) * running[-1], side="right")
            cards = hands[np.minimum(pick, len(hands) - 1)]
            ok &= (used & cards) == 0
            used |= cards
        good = used[ok][: CHANCE_SAMPLES - count]
        kept.append(good)
        count += len(good)
        attempts += size
    held = np.concatenate(kept) if kept else np.zeros(0, dtype=np.uint64)
    return held, np.ones(len(held))
