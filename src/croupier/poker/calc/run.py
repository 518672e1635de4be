"""The entry points: :func:`calculate`, :func:`iter_calculate` and :func:`exact_seconds`,
which choose between exact enumeration and Monte Carlo, in any game, and run it: hold'em
on its fast engines (suit families, boards counted by rank multiset, small questions in
one kernel call), the other games on the rows engines of
:mod:`~croupier.poker.calc.exact` and :mod:`~croupier.poker.calc.sampling`."""

from __future__ import annotations

import collections
import dataclasses
from collections.abc import Iterator, Sequence
from typing import Final, TypedDict, Unpack

import numpy as np

from croupier.arguments import checked
from croupier.cards import Card
from croupier.cpus import WORKER_START_SECONDS, workers_for
from croupier.engine import compiled
from croupier.errors import shown
from croupier.poker.calc.live import LiveQuestion, LiveRows
from croupier.poker.calc.question import Cards, EquityQuestion
from croupier.poker.calc.results import CalcResult, Progress
from croupier.poker.calc.small import small_answer, small_seconds
from croupier.poker.errors import PokerError
from croupier.poker.games import Game
from croupier.poker.ranges.holdem import Range
from croupier.randomness import RNGLike, as_generator, stream_seed

__all__ = [
    "EXACT_AUTO_SECONDS",
    "EXACT_LIMIT_SECONDS",
    "MIN_PRECISION",
    "CalcOptions",
    "Ranges",
    "calculate",
    "check_monte_carlo",
    "exact_seconds",
    "iter_calculate",
    "question_of",
]

#: Exact enumerations expected to take longer than this are left to Monte Carlo
#: (by default) or refused (``exact=True``), in seconds.
EXACT_AUTO_SECONDS: Final = 3.0
EXACT_LIMIT_SECONDS: Final = 600.0
#: The finest Monte Carlo precision (a standard error): heads-up near even it takes
#: 0.25 / MIN_PRECISION**2 = 2.5e17 trials, within the most a call deals
#: (:data:`~croupier.poker.matchups.equity.MAX_TRIALS`).
MIN_PRECISION: Final = 1e-9

#: A question, or the ranges of one (its board and dead cards then given beside).
Ranges = EquityQuestion | Sequence[Range | str]


def question_of(
    ranges: Ranges, board: Cards, dead: Cards, game: Game | str | None = None
) -> EquityQuestion:
    """The question of a call: ``ranges`` itself when it is one (``board``, ``dead`` and
    ``game`` must then be None), else read from the ranges, board, dead cards and game
    (hold'em by default)."""
    if not isinstance(ranges, EquityQuestion):
        return EquityQuestion.parse(ranges, board, dead, Game.HOLDEM if game is None else game)
    if board is not None or dead is not None:
        raise TypeError(
            "board and dead must be None with an EquityQuestion: the question holds its own"
        )
    if game is not None:
        raise TypeError("game must be None with an EquityQuestion: the question holds its own")
    return ranges


#: Rough cost of a Monte Carlo trial per player, in seconds, with NumPy (the kernel's
#: twin) and with the compiled engine (used only to choose how many workers a run is
#: worth).
TRIAL_COST: Final = 3e-7
COMPILED_TRIAL_COST: Final = 5e-8


def _workers(
    workers: int | None, scheduler: str | None, seconds: float, start: float = WORKER_START_SECONDS
) -> int:
    """The workers asked for, or (``None``) as many as a job of ``seconds`` is worth (a
    worker is ready to work after ``start`` seconds)."""
    if workers is None:
        return 2 if scheduler is not None else workers_for(seconds, start)
    if isinstance(workers, bool) or not isinstance(workers, int):
        raise TypeError(f"workers must be an int or None, not {type(workers).__name__}")
    if workers < 1:
        raise PokerError(f"bad number of workers {workers}: expected 1 or more")
    return workers


@checked
def exact_seconds(
    ranges: Ranges,
    *,
    board: str | Sequence[Card] | None = None,
    dead: str | Sequence[Card] | None = None,
    limit: float = EXACT_LIMIT_SECONDS,
    game: Game | str | None = None,
) -> float | None:
    """The rough time an exact :func:`calculate` of this question takes here, in seconds,
    or None when it is over ``limit``: for callers (a server) that bound the work.
    ``ranges`` is an :class:`~croupier.poker.calc.question.EquityQuestion`, or the
    ranges with the board and dead cards beside, as :func:`calculate` takes them;
    ``limit`` is a finite number of seconds above 0.

    >>> exact_seconds(["AA", "KK"], board="2c 7d 9h") is not None
    True
    >>> exact_seconds(EquityQuestion.parse(["random"] * 10), limit=60) is None
    True
    """
    from croupier.poker.calc.exact import plan_exact, plan_rows_exact
    from croupier.poker.matchups.equity import check_seconds

    check_seconds(limit, "limit")
    asked = question_of(ranges, board, dead, game)
    quick = small_seconds(asked)  # one kernel call (a turn, a river, a heads-up flop)
    if quick is not None:
        return quick if quick <= limit else None
    if asked.game is not Game.HOLDEM:
        rows_plan = plan_rows_exact(LiveRows(asked), limit)
        return None if rows_plan is None else rows_plan.seconds
    plan = plan_exact(LiveQuestion(asked), limit)
    return None if plan is None else plan.seconds


class CalcOptions(TypedDict, total=False):
    """The keyword arguments of :func:`calculate`, for :func:`iter_calculate`."""

    board: str | Sequence[Card] | None
    dead: str | Sequence[Card] | None
    game: Game | str | None
    exact: bool | None
    trials: int | None
    precision: float | None
    rng: RNGLike  # a string alias: checked by as_generator, and numpy.random not imported
    progress: Progress | None
    threads: int | None
    workers: int | None
    scheduler: str | None
    by_hand: bool


@checked
def iter_calculate(ranges: Ranges, **options: Unpack[CalcOptions]) -> Iterator[CalcResult]:
    """Like :func:`calculate`, yielding the result so far after each batch of work (all
    marked partial) and the whole result last: stop early and keep the last one."""
    asked = question_of(ranges, options.get("board"), options.get("dead"), options.get("game"))
    exact, trials = options.get("exact"), options.get("trials")
    precision, progress = options.get("precision"), options.get("progress")
    check_monte_carlo(trials, precision)
    if exact and (trials is not None or precision is not None):
        raise PokerError("exact mode enumerates every deal: give no trials or precision")
    if asked.game is not Game.HOLDEM:  # Omaha, short-deck: the rows engines
        rng = options.get("rng")
        recorded = rng if isinstance(rng, int) else None  # in the result, to be repeated
        rows = _iter_rows(asked, options, as_generator(rng), _rows_threads(options))
        for result in rows:
            yield dataclasses.replace(result, seed=None if result.exact else recorded)
        return
    plan = None
    if exact or (exact is None and trials is None and precision is None):
        small = small_answer(asked)
        if small is not None:
            if progress is not None:
                progress(1, 1)
            yield small
            return
    # the engines of larger questions, imported when one is asked (a small exact one,
    # the commonest from the command line, needs none of them: a faster start)
    from croupier.poker.calc.exact import plan_exact, run_exact
    from croupier.poker.calc.montecarlo import DEFAULT_PRECISION
    from croupier.poker.calc.sampling import run_blocks
    from croupier.poker.evaluation.batch import thread_count

    question = LiveQuestion(asked)
    if exact or (exact is None and trials is None and precision is None):
        limit = EXACT_LIMIT_SECONDS if exact else EXACT_AUTO_SECONDS
        plan = plan_exact(question, limit)
        if plan is None and exact:
            raise PokerError(
                f"exact enumeration would take over {limit:.0f} seconds here (too many "
                "combinations of ranges): use Monte Carlo (trials or precision) instead"
            )
    threads = thread_count(options.get("threads", 1))
    workers, scheduler = options.get("workers", 1), options.get("scheduler")
    if plan is not None:
        count = _workers(workers, scheduler, plan.seconds)
        yield from run_exact(question, plan, progress, workers=count, scheduler=scheduler)
    else:
        rng = options.get("rng")
        seed = stream_seed(rng)
        recorded = rng if isinstance(rng, int) else None  # in the result, to be repeated
        target = precision if precision is not None else DEFAULT_PRECISION
        # heads-up equity near 1/2 is the widest: 1/4 over the variance of the mean
        expected = trials if trials is not None else 0.25 / target**2
        cost = COMPILED_TRIAL_COST if compiled("poker") else TRIAL_COST
        count = _workers(workers, scheduler, expected * question.players * cost / threads)
        results = run_blocks(
            question,
            seed,
            trials,
            target,
            progress,
            threads,
            workers=count,
            scheduler=scheduler,
        )
        for result in results:
            yield dataclasses.replace(result, seed=recorded)


def check_monte_carlo(trials: int | None, precision: float | None) -> None:
    """Monte Carlo's ``trials`` (an int) and ``precision`` within their bounds."""
    if trials is not None and (isinstance(trials, bool) or not isinstance(trials, int)):
        raise TypeError(f"trials must be an int, not {type(trials).__name__}")
    if trials is not None:
        from croupier.poker.matchups.equity import MAX_TRIALS

        if not 1 <= trials <= MAX_TRIALS:  # 10**30 ran for ever
            raise PokerError(f"bad number of trials {trials}: expected 1 to {MAX_TRIALS:,}")
    if precision is not None and not MIN_PRECISION <= precision < 1:
        raise PokerError(
            f"bad precision {shown(precision)}: expected a fraction from {MIN_PRECISION:g} "
            "to below 1"
        )


def _iter_rows(
    question: EquityQuestion, options: CalcOptions, rng: np.random.Generator, threads: int
) -> Iterator[CalcResult]:
    """Results so far, then the whole one, of a question of another game than hold'em
    on the rows engines (``options`` checked): exact when it takes a few seconds at
    most, Monte Carlo otherwise, as hold'em chooses."""
    from croupier.poker.calc.exact import plan_rows_exact, run_rows_exact
    from croupier.poker.calc.montecarlo import DEFAULT_PRECISION
    from croupier.poker.calc.sampling import run_rows_monte_carlo

    live = LiveRows(question, listed=bool(options.get("by_hand")))
    exact, trials, precision = options.get("exact"), options.get("trials"), options.get("precision")
    progress = options.get("progress")
    if exact or (exact is None and trials is None and precision is None):
        limit = EXACT_LIMIT_SECONDS if exact else EXACT_AUTO_SECONDS
        plan = plan_rows_exact(live, limit)
        if plan is not None:
            yield from run_rows_exact(live, plan, progress, threads)
            return
        if exact:
            raise PokerError(
                f"exact enumeration would take over {limit:.0f} seconds here (too many "
                "hands or boards): use Monte Carlo (trials or precision) instead"
            )
    seed = int(rng.integers(0, 2**63, dtype=np.int64))
    target = precision if precision is not None else DEFAULT_PRECISION
    yield from run_rows_monte_carlo(live, seed, trials, target, progress, threads)


def _rows_threads(options: CalcOptions) -> int:
    """The threads of another game's run: its kernels share the work among threads of
    this process (they release the GIL), so ``workers`` asks for that many threads; a
    Dask ``scheduler`` is for hold'em alone."""
    from croupier.poker.evaluation.batch import thread_count

    threads = thread_count(options.get("threads", 1))
    workers, scheduler = options.get("workers", 1), options.get("scheduler")
    if scheduler is not None:
        raise PokerError(
            "a scheduler shares hold'em's work alone: Omaha and short-deck share theirs "
            "among threads of one process (give workers instead)"
        )
    if workers is None:
        return threads
    return max(threads, _workers(workers, None, 0.0))


@checked
def calculate(
    ranges: Ranges,
    *,
    board: str | Sequence[Card] | None = None,
    dead: str | Sequence[Card] | None = None,
    exact: bool | None = None,
    trials: int | None = None,
    precision: float | None = None,
    rng: int | np.random.Generator | None = None,
    progress: Progress | None = None,
    threads: int | None = 1,
    game: Game | str | None = None,
    workers: int | None = 1,
    scheduler: str | None = None,
    by_hand: bool = False,
) -> CalcResult:
    """Each player's equity, win and tie, exactly or by Monte Carlo.

    ``ranges``: an :class:`~croupier.poker.calc.question.EquityQuestion`, or one range
    per player (2 to 10), a :class:`~croupier.poker.ranges.holdem.Range` or its text
    (``"AhKh"``, ``"TT+, AQs+"``, ``"15%"``), with ``board`` (0, 3, 4 or 5 cards) and
    ``dead`` (cards out of play) beside it, read by
    :meth:`EquityQuestion.parse <croupier.poker.calc.question.EquityQuestion.parse>`.
    ``exact=True`` enumerates every deal (an error when that would take over ten
    minutes); ``trials`` runs that many Monte Carlo deals; ``precision`` (a fraction, from
    1e-9 to below 1) runs Monte Carlo until every equity's standard error is below it.
    By default: exact when it takes a
    few seconds at most, else Monte Carlo to a standard error of 0.001 (0.1 percentage
    point). ``rng``: a seed or a NumPy Generator for Monte Carlo; ``progress(done,
    total)`` is called as work proceeds. ``threads``: how many threads deal Monte Carlo
    trials (``None``: one per core); a seed gives the same answer whatever their number,
    with the engine compiled or not (hold'em; the other games' uncompiled random numbers
    differ). ``game``: hold'em by default, or another game (``"omaha"``, ``"omaha5"``,
    ``"shortdeck"``...: see :mod:`croupier.poker.games`), whose players hold Omaha
    hands (``"AsAhKsKh"``, ``"AsAh??"``, ``"random"``) or short-deck ranges.

    Asked many times, a question is best built once (:meth:`EquityQuestion.parse
    <croupier.poker.calc.question.EquityQuestion.parse>`, as eval7's users build its
    ``HandRange`` once): a small exact question (a turn or a river, hold'em, the engine
    compiled) keeps what the kernel reads with it, and is answered again with the
    enumeration and its result alone. Text read again is read once too (the last
    questions parsed are kept).

    >>> river = EquityQuestion.parse(["AhKh", "TT+, AQs+, AQo+, KQs"], board="2c 7d 9h Js 3s")
    >>> [round(calculate(river).players[0].equity, 4) for _ in range(3)]
    [0.4333, 0.4333, 0.4333]

    ``workers`` processes share the work (``None``: as many as the job is worth), or
    the Dask cluster at ``scheduler`` does it (``tcp://HOST:PORT``, or ``"local"``: a
    LocalCluster of ``workers`` processes; see :func:`croupier.parallel.iter_tasks`).
    The work is split into tasks the question alone decides, each Monte Carlo chunk
    drawn from its own child of the seed, and added up in order: the same seed gives
    bit-for-bit the same result however it is run. A script that asks for workers must
    guard its entry point with ``if __name__ == "__main__":``. In the other games the
    work is shared among threads of this process (their kernels release the GIL):
    ``workers`` asks for that many threads, and a ``scheduler`` is refused.
    ``by_hand``: in those games, keep each hand's figures (Omaha's, in
    :attr:`PlayerResult.hands <croupier.poker.calc.results.PlayerResult.hands>`), and
    follow each hand of a player dealt partly at random (``random``, ``AsAh??``,
    ``Ah?``) by Monte Carlo too, for the equity distribution
    (:mod:`~croupier.poker.calc.distribution`).

    >>> r = calculate(["AA", "KK", "QQ"], board="2c 7d 9h Js", exact=True)
    >>> r.games, round(sum(p.equity for p in r.players), 9)
    (9072, 1.0)
    >>> r = calculate(["AhKh", "22"], trials=20_000, rng=7)
    >>> r.exact, r.games, abs(r.players[0].equity - 0.5) < 0.02, r.players[0].stderr < 0.004
    (False, 20000, True, True)
    >>> calculate(EquityQuestion.parse(["AhKh", "QQ"], board="Qs 7h 2h")).players[1].combos
    3
    >>> r = calculate(["AsAhKsKh", "QdQcJdTc"], board="2c 7d 9h", game="omaha")
    >>> r.exact, r.games, [round(p.equity, 4) for p in r.players]
    (True, 820, [0.6415, 0.3585])
    """
    if trials is None and precision is None and exact is not False:
        # a small exact question (a turn, a river) answered at once: no more set-up
        if isinstance(ranges, EquityQuestion) and board is None and dead is None and game is None:
            asked = ranges
        else:
            asked = question_of(ranges, board, dead, game)
        small = small_answer(asked)
        if small is not None:
            if progress is not None:
                progress(1, 1)
            return small
        ranges, board, dead, game = asked, None, None, None  # read once
    options: CalcOptions = {
        "board": board,
        "dead": dead,
        "game": game,
        "exact": exact,
        "trials": trials,
        "precision": precision,
        "rng": rng,
        "progress": progress,
        "threads": threads,
        "workers": workers,
        "scheduler": scheduler,
        "by_hand": by_hand,
    }
    results = iter_calculate(ranges, **options)
    return collections.deque(results, maxlen=1)[0]
