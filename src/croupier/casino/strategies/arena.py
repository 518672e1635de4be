"""The arena: whole tournaments between two strategies, to measure which is stronger.

Tournaments come in pairs played on the same shuffles: in the first of a pair strategy
``a`` sits in the first seat and plays first, in the second ``b`` does, so each side gets
the other's cards and the luck of the deal largely cancels out. Everything follows from
``rng`` (an int seed, a NumPy generator or ``None``), whatever the number of worker
processes.

>>> result = run_arena("greedy", "random", 4, rng=1)
>>> result.tournaments, result.a_wins + result.b_wins + result.ties
(4, 4)
>>> result.a_wins
3
"""

from __future__ import annotations

import copy
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from croupier.casino.errors import CasinoError
from croupier.casino.inference import follow
from croupier.casino.observation import SeenMove
from croupier.casino.pieces import Player
from croupier.casino.strategies import player_name, strategy_named
from croupier.casino.strategies.base import (
    DEFAULT_DEADLINE,
    Clock,
    ClockKind,
    Strategy,
    check_deadline,
)
from croupier.casino.tournament import is_tournament_over, new_tournament, next_round
from croupier.parallel import Interrupted, available_cpus, run_tasks
from croupier.randomness import RNGLike, as_seed_sequence

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["ArenaResult", "Interval", "TournamentRecord", "play_tournament", "run_arena"]

#: 95% two-sided normal quantile.
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Interval:
    """An estimate and its 95% confidence interval."""

    value: float
    low: float
    high: float

    def to_dict(self) -> dict[str, float]:
        """``{"mean": value, "low": low, "high": high}``.

        >>> Interval(0.5, 0.25, 0.75).to_dict()
        {'mean': 0.5, 'low': 0.25, 'high': 0.75}
        """
        return {"mean": self.value, "low": self.low, "high": self.high}


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    """One tournament: whether ``a`` played first, who won (``"a"``, ``"b"`` or ``None`` for
    a tie), the round points of each side round by round, each side's thinking time
    and moves, and how many of them the deadline cut short."""

    a_first: bool
    winner: str | None
    a_points: tuple[int, ...]
    b_points: tuple[int, ...]
    a_seconds: float
    b_seconds: float
    a_moves: int
    b_moves: int
    a_slowest: float
    b_slowest: float
    a_cut_short: int = 0
    b_cut_short: int = 0


def play_tournament(
    a: Strategy,
    b: Strategy,
    a_first: bool,
    deck_seed: np.random.SeedSequence,
    move_seed: int,
    timer: Clock | None = None,
) -> TournamentRecord:
    """One tournament: ``a`` sits first (and plays first in round 1) if ``a_first``.

    Each side sees the moves of the deal
    (:attr:`~croupier.casino.observation.Observation.deal_moves`). The decks are shuffled
    from ``deck_seed``; the strategies draw from a generator seeded with ``move_seed``.
    Each side's thinking time is read on ``timer`` (by default the wall clock).
    """
    timer = timer if timer is not None else time.perf_counter
    seats = (a, b) if a_first else (b, a)
    a_seat = Player.HUMAN if a_first else Player.COMPUTER
    deck_rng = np.random.default_rng(deck_seed)
    move_rng = np.random.default_rng(move_seed)
    seconds = [0.0, 0.0]
    slowest = [0.0, 0.0]
    moves = [0, 0]
    cut_short = [0, 0]
    points: list[tuple[int, int]] = []
    state = new_tournament(Player.HUMAN, rng=deck_rng)
    while True:
        deal_moves: tuple[SeenMove, ...] = ()
        while (player := state.to_move) is not None:
            start = timer()
            decision = seats[player].decide(state.observe(player, deal_moves=deal_moves), move_rng)
            spent = timer() - start
            seconds[player] += spent
            slowest[player] = max(slowest[player], spent)
            moves[player] += 1
            cut_short[player] += decision.cut_short
            after = state.apply(decision.move, check=False)
            deal_moves = follow(deal_moves, state, decision.move, after)
            state = after
        points.append(state.score().points)
        if is_tournament_over(state):
            break
        state = next_round(state, rng=deck_rng)
    totals = state.totals()
    b_seat = a_seat.other
    winner = None if totals[0] == totals[1] else "a" if totals[a_seat] > totals[b_seat] else "b"
    return TournamentRecord(
        a_first,
        winner,
        tuple(p[a_seat] for p in points),
        tuple(p[b_seat] for p in points),
        seconds[a_seat],
        seconds[b_seat],
        moves[a_seat],
        moves[b_seat],
        slowest[a_seat],
        slowest[b_seat],
        cut_short[a_seat],
        cut_short[b_seat],
    )


@dataclass(frozen=True)
class ArenaResult:
    """What an arena found: tournaments won by each side and tied, every round's points,
    and each side's thinking time."""

    a: str
    b: str
    seed: int
    records: tuple[TournamentRecord, ...]
    #: What the deadlines and the thinking times were read on (``None``: each strategy's
    #: own clock, the wall clock for those given by name; times on the wall clock).
    clock: ClockKind | None = None

    @property
    def tournaments(self) -> int:
        """Tournaments played."""
        return len(self.records)

    @property
    def a_wins(self) -> int:
        """Tournaments ``a`` won."""
        return sum(record.winner == "a" for record in self.records)

    @property
    def b_wins(self) -> int:
        """Tournaments ``b`` won."""
        return sum(record.winner == "b" for record in self.records)

    @property
    def ties(self) -> int:
        """Tied tournaments."""
        return sum(record.winner is None for record in self.records)

    @property
    def rounds(self) -> int:
        """Rounds played in all."""
        return sum(len(record.a_points) for record in self.records)

    def win_share(self, side: str) -> Interval:
        """The share of tournaments ``side`` (``"a"`` or ``"b"``) won, with its 95% Wilson
        interval."""
        return wilson(self.a_wins if side == "a" else self.b_wins, self.tournaments)

    def round_points(self, side: str) -> Interval:
        """``side``'s mean points per round, with its 95% interval."""
        points = [p for r in self.records for p in (r.a_points if side == "a" else r.b_points)]
        return mean_interval(points)

    def margin(self) -> Interval:
        """``a``'s mean round points minus ``b``'s, per round, with its 95% interval."""
        return mean_interval(
            [x - y for r in self.records for x, y in zip(r.a_points, r.b_points, strict=True)]
        )

    def seconds_per_move(self, side: str) -> float:
        """``side``'s mean thinking time per move, in seconds."""
        records = self.records
        if side == "a":
            return sum(r.a_seconds for r in records) / max(1, sum(r.a_moves for r in records))
        return sum(r.b_seconds for r in records) / max(1, sum(r.b_moves for r in records))

    def moves_cut_short(self, side: str) -> int:
        """How many of ``side``'s moves the deadline cut short."""
        return sum((r.a_cut_short if side == "a" else r.b_cut_short) for r in self.records)

    def slowest_move(self, side: str) -> float:
        """``side``'s longest time on one move, in seconds."""
        return max((r.a_slowest if side == "a" else r.b_slowest) for r in self.records)

    def _repr_html_(self) -> str:
        """Each side's wins and points drawn in a notebook (:mod:`croupier.casino.display`)."""
        from croupier.casino.display import arena_html

        return arena_html(self)

    def to_frame(self) -> pd.DataFrame:
        """The tournaments, one a row, as a pandas DataFrame (the ``notebook`` extra; its columns:
        :func:`croupier.casino.frames.arena_frame`)."""
        from croupier.casino.frames import arena_frame

        return arena_frame(self)

    def to_dict(self) -> dict[str, Any]:
        """The arena's figures as JSON-ready data (what ``croupier casino arena --json``
        prints): wins, ties, intervals of win shares, round points and margin, and time.

        >>> data = run_arena("greedy", "random", 2, rng=1).to_dict()
        >>> data["tournaments"], data["a_wins"] + data["b_wins"] + data["ties"], data["seed"]
        (2, 2, 1)
        """
        return {
            "a": self.a,
            "b": self.b,
            "tournaments": self.tournaments,
            "a_wins": self.a_wins,
            "b_wins": self.b_wins,
            "ties": self.ties,
            "rounds": self.rounds,
            "seed": self.seed,
            "a_win_share": self.win_share("a").to_dict(),
            "b_win_share": self.win_share("b").to_dict(),
            "a_round_points": self.round_points("a").to_dict(),
            "b_round_points": self.round_points("b").to_dict(),
            "round_margin": self.margin().to_dict(),
            "a_seconds_per_move": self.seconds_per_move("a"),
            "b_seconds_per_move": self.seconds_per_move("b"),
            "a_slowest_move_seconds": self.slowest_move("a"),
            "b_slowest_move_seconds": self.slowest_move("b"),
            "a_moves_cut_short": self.moves_cut_short("a"),
            "b_moves_cut_short": self.moves_cut_short("b"),
            "clock": str(self.clock or ClockKind.WALL),
        }


def wilson(successes: int, trials: int) -> Interval:
    """A share and its 95% Wilson score interval.

    >>> share = wilson(190, 200)
    >>> round(share.value, 3), round(share.low, 3), round(share.high, 3)
    (0.95, 0.91, 0.973)
    """
    if trials == 0:
        return Interval(math.nan, math.nan, math.nan)
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return Interval(p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def mean_interval(values: Sequence[float]) -> Interval:
    """A mean and its 95% normal interval.

    >>> mean_interval([1, 2, 3, 4])
    Interval(value=2.5, low=1.234..., high=3.765...)
    """
    n = len(values)
    if n == 0:
        return Interval(math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return Interval(mean, mean, mean)
    variance = sum((x - mean) ** 2 for x in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return Interval(mean, mean - half, mean + half)


#: A strategy, or its name.
Contender = str | Strategy


def _resolve(
    strategy: Contender, deadline: float = DEFAULT_DEADLINE, clock: ClockKind | None = None
) -> Strategy:
    """The strategy named (with ``deadline``), or the one given; either on ``clock`` if
    given (a strategy given is copied with that clock)."""
    if isinstance(strategy, str):
        return strategy_named(
            strategy, deadline=deadline, clock=None if clock is None else clock.clock
        )
    if clock is None:
        return strategy
    timed = copy.copy(strategy)
    timed.clock = clock.clock
    return timed


def _name(strategy: Contender) -> str:
    """How the arena names a side: a strategy's or level's name as given, else the
    strategy's own."""
    return player_name(strategy) if isinstance(strategy, str) else strategy.name


def _play(
    a: Contender,
    b: Contender,
    index: int,
    pair_seed: np.random.SeedSequence,
    deadlines: tuple[float, float],
    clock: ClockKind | None = None,
) -> TournamentRecord:
    """Tournament ``index`` of an arena (the unit of work of a worker)."""
    moves = np.random.SeedSequence(pair_seed.entropy, spawn_key=(*pair_seed.spawn_key, index))
    move_seed = int(moves.generate_state(1)[0])
    seats = _resolve(a, deadlines[0], clock), _resolve(b, deadlines[1], clock)
    timer = None if clock is None else clock.clock
    return play_tournament(*seats, index % 2 == 0, pair_seed, move_seed, timer)


def run_arena(
    a: Contender,
    b: Contender,
    tournaments: int,
    *,
    rng: RNGLike = None,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
    deadline: float = DEFAULT_DEADLINE,
    b_deadline: float | None = None,
    clock: ClockKind | None = None,
    done: Mapping[int, TournamentRecord] | None = None,
    on_record: Callable[[int, TournamentRecord], None] | None = None,
) -> ArenaResult:
    """Play ``tournaments`` tournaments between the strategies ``a`` and ``b`` (or their
    names, or names of levels such as ``strong``; a strategy object given to workers must
    be importable, to be sent to them).

    ``a`` plays first in the even-numbered tournaments and ``b`` in the odd ones, each
    pair on the same shuffles. ``rng`` makes the run reproducible (an int seed or a
    NumPy generator; ``None``: fresh entropy, reported in the result as ``seed``);
    ``workers`` processes share the tournaments, or the Dask cluster at ``scheduler``
    (``tcp://host:port``, or ``local``) plays them, with the same results. A script that
    asks for workers must guard its entry point with ``if __name__ == "__main__":``
    (they import it). ``progress`` is called with the number of tournaments finished.
    Strategies given by name take at most ``deadline`` seconds a move (``b``:
    ``b_deadline`` if given; a strategy object keeps its own).

    ``clock`` says what every deadline and thinking time is read on, for both sides
    alike (:class:`~.base.ClockKind`): ``ClockKind.CPU``, the CPU time of the thread that
    decides, makes a comparison at equal time per move independent of the machine's load
    (a player waiting for a core spends none; the wall clock gives it less done in the
    same deadline); a strategy object is then copied with that clock. ``None`` (the
    default): each strategy's own clock, the wall clock for those given by name.

    ``done`` holds tournaments already played by an arena with the same strategies,
    seed and deadlines, by number: they are not played again (a long arena resumes where
    it stopped); ``on_record`` is called with each tournament as it finishes (to keep
    it). Ctrl-C stops at once and raises :class:`~croupier.parallel.Interrupted` holding
    the tournaments finished.
    """
    names = (_name(a), _name(b))  # bad names fail here, in this process
    deadlines = (
        check_deadline(deadline),
        check_deadline(deadline if b_deadline is None else b_deadline),
    )
    if isinstance(tournaments, bool) or not isinstance(tournaments, int) or tournaments < 1:
        raise CasinoError(f"bad number of tournaments {tournaments!r}: expected 1 or more")
    if workers < 1:
        raise CasinoError(f"bad number of workers {workers}: expected 1 or more")
    root = as_seed_sequence(rng)
    pairs = root.spawn((tournaments + 1) // 2)
    records: dict[int, TournamentRecord] = {
        index: record for index, record in (done or {}).items() if 0 <= index < tournaments
    }
    jobs = [index for index in range(tournaments) if index not in records]

    def finished(job: int, record: TournamentRecord) -> None:
        records[jobs[job]] = record
        if on_record is not None:
            on_record(jobs[job], record)
        if progress is not None:
            progress(len(records))

    entropy = root.entropy
    assert isinstance(entropy, int)

    def result() -> ArenaResult:
        played = tuple(records[index] for index in sorted(records))
        return ArenaResult(*names, entropy, played, clock)

    if progress is not None and records:
        progress(len(records))
    complete = run_tasks(
        _play,
        [(a, b, index, pairs[index // 2], deadlines, clock) for index in jobs],
        on_result=finished,
        workers=workers,
        scheduler=scheduler,
    )
    if not complete:
        raise Interrupted(result() if records else None)
    return result()


def default_workers() -> int:
    """One worker per available CPU."""
    return available_cpus()
