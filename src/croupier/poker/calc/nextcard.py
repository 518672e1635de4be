"""How equity moves with the next card: for each card the turn (or the river) may bring,
each player's equity once it has come, exactly, in every game.

>>> result = next_card(["AhKh", "QsQd"], board="Qh 7h 2c")
>>> result.street, len(result.cards), [round(e, 4) for e in result.equity]
('turn', 45, [0.2556, 0.7444])
>>> ace = result.card("As")
>>> round(ace.chance, 4), [round(e, 4) for e in ace.equity]
(0.0222, [0.1818, 0.8182])
>>> omaha = next_card(["AsAhKsKh", "QdQcJdTc"], board="2c 7d 9h", game="omaha")
>>> len(omaha.cards), [round(e, 4) for e in omaha.card("Kd").equity]
(41, [0.575, 0.425])

The next card is dealt from the cards nobody is known to hold: given the players'
combos, every card left is equally likely; over the players' ranges a card's ``chance``
is the weight of the deals that leave it, so cards some ranges hold often come less
often. Today's equity is the chance-weighted mean of the cards' equities (a test checks
it against :func:`~croupier.poker.calc.calculate`).

Hold'em's work is one pass over the deals: every assignment of combos to players (as the
exact mode of :func:`~croupier.poker.calc.calculate` lists them) with every completion of
the board (turn and river on a flop), each player's share of each pot summed per
completion at once; a card's figure adds up the completions that hold it.

The other games (Omaha, Omaha-5, short-deck) go through the rows engine of
:mod:`~croupier.poker.calc.exact`: its plan (every player's hands listed whole, every
compatible assignment and its weight) is made once, then each card is put on the board
in turn and the rest of the board enumerated by the same kernel, which skips the
assignments holding that card. A card's chance is the weight of the assignments that
leave it; its equities are integer pot shares over integer board counts, so with single
hands each figure is the exact fraction rounded once.
"""

from __future__ import annotations

import copy
import math
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import numpy as np
from numpy.typing import NDArray

from croupier.cards import DECK, Card, parse_card
from croupier.engine import compiled
from croupier.poker.calc.exact import (
    EVAL_COST,
    SHARE_UNITS,
    RowsPlan,
    assignments_of,
    board_counts,
    plan_rows_exact,
)
from croupier.poker.calc.live import LiveQuestion, LiveRows
from croupier.poker.calc.nextsampling import sample_table
from croupier.poker.calc.postflop import Completions
from croupier.poker.calc.question import Cards, EquityQuestion
from croupier.poker.calc.results import Progress
from croupier.poker.calc.run import Ranges, check_monte_carlo, question_of
from croupier.poker.errors import PokerError
from croupier.poker.evaluation.batch import thread_count
from croupier.poker.games import Game
from croupier.poker.ranges.starting_hands import COMBO_CARDS
from croupier.randomness import stream_seed

if TYPE_CHECKING:
    import pandas as pd


__all__ = ["NextCard", "NextCardResult", "next_card"]

#: Longest exact next-card table computed, as estimated here (seconds).
LIMIT_SECONDS: Final = 600.0
#: Longest exact table when the choice is left to the library (``exact=None``): a wider
#: question goes to Monte Carlo.
AUTO_SECONDS: Final = 10.0
#: Assignments of combos to players listed at most.
MAX_ASSIGNMENTS: Final = 4_000_000


@dataclass(frozen=True, slots=True)
class NextCard:
    """One card that may come next: its chance, and each player's equity once it has."""

    card: Card
    chance: float
    equity: tuple[float, ...]

    def to_dict(self) -> dict[str, Any]:
        """The card as in ``poker calc --next --json``."""
        return {"card": str(self.card), "chance": self.chance, "equity": list(self.equity)}


@dataclass(frozen=True, slots=True)
class NextCardResult:
    """Each card the ``street`` (``"turn"`` or ``"river"``) may bring, by card (highest
    first), with each player's equity after it; ``equity``: each player's equity now,
    the chance-weighted mean over the cards."""

    ranges: tuple[str, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    street: str
    equity: tuple[float, ...]
    cards: tuple[NextCard, ...]
    games: int
    game: str = "holdem"
    #: False for a Monte Carlo table: then ``seed`` repeats it and ``stderr`` is the
    #: largest standard error of a card's equity (both None when exact).
    exact: bool = True
    seed: int | None = None
    stderr: float | None = None

    def _repr_svg_(self) -> str:
        """The chart of the equity after each card, drawn in a notebook
        (:mod:`croupier.poker.display`)."""
        from croupier.poker.display import next_card_svg

        return next_card_svg(self)

    def to_frame(self) -> pd.DataFrame:
        """The next-card table as a pandas DataFrame (the ``notebook`` extra; its columns:
        :func:`croupier.poker.frames.next_card_frame`)."""
        from croupier.poker.frames import next_card_frame

        return next_card_frame(self)

    def __repr__(self) -> str:
        """Short: the ranges, the board, the street, its cards and the equity now.

        >>> next_card(["AKs", "QQ"], board="2c 7d 9h")
        <NextCardResult AKs vs QQ on 2c 7d 9h: the turn, 49 cards; equity now 26.9% / 73.1%>
        """
        board = " ".join(map(str, self.board))
        equity = " / ".join(f"{100 * share:.1f}%" for share in self.equity)
        return (
            f"<NextCardResult {' vs '.join(self.ranges)} on {board}: the {self.street}, "
            f"{len(self.cards)} cards; equity now {equity}>"
        )

    def card(self, card: Card | str) -> NextCard:
        """The row of one card (a :class:`PokerError` if it cannot come)."""
        wanted = parse_card(card) if isinstance(card, str) else card
        for row in self.cards:
            if row.card == wanted:
                return row
        raise PokerError(f"{wanted} cannot come next: it is on the board, dead or held")

    def to_dict(self) -> dict[str, Any]:
        """The object ``poker calc --next --json`` prints (with the game's name, for
        games other than hold'em)."""
        data: dict[str, Any] = {
            "ranges": list(self.ranges),
            "board": [str(c) for c in self.board],
            "dead": [str(c) for c in self.dead],
            "street": self.street,
            "equity": list(self.equity),
            "games": self.games,
            "exact": self.exact,
            "seed": self.seed,
            "stderr": self.stderr,
            "cards": [row.to_dict() for row in self.cards],
        }
        if self.game != "holdem":
            data["game"] = self.game
        return data


def next_card(
    ranges: Ranges,
    *,
    board: Cards = None,
    dead: Cards = None,
    progress: Progress | None = None,
    limit: float = LIMIT_SECONDS,
    game: Game | str | None = None,
    threads: int | None = 1,
    exact: bool | None = True,
    trials: int | None = None,
    precision: float | None = None,
    rng: int | np.random.Generator | None = None,
) -> NextCardResult:
    """Each player's equity after each card that may come next on a board of 3 cards
    (the turn) or 4 (the river); ``ranges``, ``board``, ``dead`` and ``game`` as
    :func:`~croupier.poker.calc.calculate` takes them (hold'em by default; Omaha,
    Omaha-5 and short-deck with their own hands and decks).

    Exactly by default, refused (a :class:`PokerError`) when it would take over
    ``limit`` seconds here. ``exact=None``: exactly when that takes
    :data:`AUTO_SECONDS` at most, else by Monte Carlo (:mod:`~croupier.poker.calc.
    nextsampling`); ``exact=False``: by Monte Carlo, ``trials`` deals a card or until
    each card's standard errors are below ``precision``, from the seed ``rng`` (the
    result's ``seed`` repeats it). ``threads`` share the work in the games other than
    hold'em, and hold'em's Monte Carlo (``None``: one per core).

    >>> next_card(["AA", "KK"], board="Kc 7d 2h 5s", game="shortdeck").street
    Traceback (most recent call last):
    ...
    croupier.poker.errors.PokerCardError: board: card 2h is not in the short-deck hold'em deck: ...
    """
    asked = question_of(ranges, board, dead, game)
    if len(asked.board) not in (3, 4):
        raise PokerError(
            f"the next card follows a flop or a turn: a board of 3 or 4 cards, not "
            f"{len(asked.board)}"
        )
    _check_sampling(exact, trials, precision)
    count = thread_count(threads)
    if exact is not False and trials is None and precision is None:
        try:
            return _exact(asked, progress, limit if exact else min(limit, AUTO_SECONDS), count)
        except _TooLongError:
            if exact:
                raise
    seed = stream_seed(rng)
    table = sample_table(
        asked, seed=seed, trials=trials, precision=precision, progress=progress, threads=count
    )
    live = LiveRows(asked)
    return NextCardResult(
        ranges=live.texts,
        board=asked.board,
        dead=asked.dead,
        street="turn" if live.to_deal == 2 else "river",
        equity=tuple(
            float(sum(row.chance * row.equity[p] for row in table.cards))
            for p in range(asked.players)
        ),
        cards=tuple(NextCard(DECK[row.card], row.chance, row.equity) for row in table.cards),
        games=table.games,
        game=str(asked.game),
        exact=False,
        seed=seed,
        stderr=table.stderr,
    )


def _check_sampling(exact: bool | None, trials: int | None, precision: float | None) -> None:
    """Trials and a precision are Monte Carlo's, within their bounds."""
    if trials is None and precision is None:
        return
    if exact:
        raise PokerError(
            "the next-card table is exact unless asked otherwise (exact=False or None): "
            "give no trials or precision"
        )
    check_monte_carlo(trials, precision)


def _exact(
    asked: EquityQuestion, progress: Progress | None, limit: float, threads: int
) -> NextCardResult:
    """The exact table (see the module's notes), or :class:`_TooLongError`."""
    if asked.game is not Game.HOLDEM:
        return _rows_next_card(asked, progress, limit, threads)
    question = LiveQuestion(asked)
    assignments, weights = assignments_of(question, MAX_ASSIGNMENTS)
    completions_count = math.comb(len(question.deck), question.to_deal)
    seconds = len(assignments) * question.players * completions_count * EVAL_COST
    if not len(assignments) or seconds > limit:
        raise _too_long(limit)
    completions = Completions(question)
    sums = np.zeros((question.players, len(completions.picks)))
    step = max(1, 4_000_000 // (question.players * len(completions.picks)))
    shown = time.perf_counter()
    for start in range(0, len(assignments), step):
        rows = assignments[start : start + step]
        share, _, _ = completions.shares(rows)
        sums += np.einsum("a,apc->pc", weights[start : start + step], share)
        if progress is not None and time.perf_counter() - shown > 0.1:
            shown = time.perf_counter()
            progress(start + len(rows), len(assignments))
    if progress is not None:
        progress(len(assignments), len(assignments))
    return _by_card(question, assignments, weights, completions.picks, sums)


class _TooLongError(PokerError):
    """An exact table over its time limit."""


def _too_long(limit: float) -> PokerError:
    return _TooLongError(
        f"the next-card table would take over {limit:.0f} seconds here (too many "
        "combinations of ranges): narrow the ranges"
    )


def _rows_next_card(
    question: EquityQuestion, progress: Progress | None, limit: float, threads: int
) -> NextCardResult:
    """The table of a game other than hold'em, on the rows engine: one plan, then each
    card on the board in turn (see the module's notes)."""
    live = LiveRows(question)
    # on a flop each board is seen twice, once under each of its two cards
    plan = plan_rows_exact(live, limit / live.to_deal)
    if plan is None:
        raise _too_long(limit)
    deck = live.deck
    held = np.zeros(len(deck), dtype=bool)
    for i, card in enumerate(deck.tolist()):
        held[i] = not bool(((plan.assign_bits >> np.uint64(card)) & np.uint64(1) == 0).any())
    cards = [i for i in range(len(deck)) if not held[i]]
    found: dict[int, tuple[NDArray[np.int64], NDArray[np.int64]]] = {}
    shown = time.perf_counter()

    def work(i: int) -> None:
        found[i] = _with_card(live, plan, i)

    pool = ThreadPoolExecutor(threads) if threads > 1 and compiled("poker") else None
    try:
        step = threads if pool is not None else 1
        for start in range(0, len(cards), step):
            batch = cards[start : start + step]
            if pool is None:
                work(batch[0])
            else:
                list(pool.map(work, batch))
            if progress is not None and time.perf_counter() - shown > 0.1:
                shown = time.perf_counter()
                progress(start + len(batch), len(cards))
    finally:
        if pool is not None:
            pool.shutdown()
    if progress is not None:
        progress(len(cards), len(cards))
    return _rows_by_card(live, plan, found)


def _with_card(
    live: LiveRows, plan: RowsPlan, position: int
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The counts of every board holding ``live.deck[position]`` next (per assignment:
    boards, and pot shares per player), the plan's assignments holding it skipped."""
    view = copy.copy(live)
    view.board = np.append(live.board, live.deck[position])
    view.deck = np.delete(live.deck, position)
    view.to_deal = live.to_deal - 1
    return board_counts(view, plan)


def _rows_by_card(
    live: LiveRows,
    plan: RowsPlan,
    found: dict[int, tuple[NDArray[np.int64], NDArray[np.int64]]],
) -> NextCardResult:
    """Each card's figures from its counts: its chance the weight of the assignments
    that leave it, each equity the weighted pot shares over the weighted boards."""
    players = live.players
    rows = []
    total = 0.0
    counted = 0
    for i, (valid, shares) in found.items():
        card = int(live.deck[i])
        leaving = float(
            plan.weights[(plan.assign_bits >> np.uint64(card)) & np.uint64(1) == 0].sum()
        )
        boards = float(plan.weights @ valid) * SHARE_UNITS
        equity = tuple(float(plan.weights @ shares[p::players]) / boards for p in range(players))
        rows.append((card, leaving, equity))
        total += leaving
        counted += int(valid.sum())
    cards = tuple(
        NextCard(DECK[card], leaving / total, equity)
        for card, leaving, equity in sorted(rows, reverse=True)
    )
    now = tuple(float(sum(row.chance * row.equity[p] for row in cards)) for p in range(players))
    return NextCardResult(
        ranges=live.texts,
        board=live.question.board,
        dead=live.question.dead,
        street="turn" if live.to_deal == 2 else "river",
        equity=now,
        cards=cards,
        games=counted // live.to_deal,  # a flop's board is counted under both its cards
        game=str(live.variant.game),
    )


def _by_card(
    question: LiveQuestion,
    assignments: NDArray[np.int64],
    weights: NDArray[np.float64],
    picks: NDArray[np.int64],
    sums: NDArray[np.float64],
) -> NextCardResult:
    """Each card's figures from the shares summed per completion: a card's equity adds
    the completions that hold it, over the weight of the deals that leave it (times the
    completions each such deal has with it)."""
    held = np.zeros(52)
    for p in range(question.players):
        for side in (0, 1):
            held += np.bincount(COMBO_CARDS[assignments[:, p], side], weights, minlength=52)
    leaving = weights.sum() - held  # the weight of the deals that leave each card
    per_card = np.zeros((question.players, 52))
    for column in range(picks.shape[1]):
        for p in range(question.players):
            per_card[p] += np.bincount(picks[:, column], sums[p], minlength=52)
    # a deal that leaves a card has this many completions holding it
    with_card = len(question.deck) - 2 * question.players - 1 if question.to_deal == 2 else 1
    cards = [int(c) for c in question.deck if leaving[c] > 0]
    total = float(leaving[cards].sum())
    rows = [
        NextCard(
            DECK[c],
            float(leaving[c] / total),
            tuple(
                float(per_card[p, c] / (with_card * leaving[c])) for p in range(question.players)
            ),
        )
        for c in sorted(cards, reverse=True)
    ]
    equity = tuple(
        float(sum(row.chance * row.equity[p] for row in rows)) for p in range(question.players)
    )
    games = len(assignments) * question.completions_per_deal()
    return NextCardResult(
        ranges=question.texts,
        board=question.board,
        dead=question.dead,
        street="turn" if question.to_deal == 2 else "river",
        equity=equity,
        cards=tuple(rows),
        games=games,
    )
