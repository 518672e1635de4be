"""Game review: every move of a player judged by the expert, the way chess sites review a game.

For each move the player made, the full expert (:class:`~.strategies.ExpertStrategy`,
whatever level the game was played at) values every legal move from what the player
could see then (:meth:`~.strategies.ExpertStrategy.analyse`): the value of a move is the
round points the expert expects the player to finish ahead by after it. The move's
**loss** is the best move's value minus the played move's: the expected round points
given away, 0 for the best move (and for any move the expert values as highly). A move
is marked by its loss:

==============  ===================  =================================================
mark            loss (points)        meaning
==============  ===================  =================================================
(none)          under 0.5            as good as the best, or close to it
``inaccuracy``  0.5 to under 1.5     about half a point to a point and a half given away
``blunder``     1.5 or more          an ace, the 10 of diamonds, a majority... lost
==============  ===================  =================================================

A move that gives up the tournament itself (in the last deal, where the expert searches
to the end of the round) is a blunder whatever its points: its ``costs_tournament`` is
true, and its loss counts the round points only. A move that was the only legal one is
``forced``, and left out of the accuracy.

The summary: the **accuracy** (the share of the unforced moves that lost under 0.1
points: the best move, or one the expert values as highly), the points lost in each
round and per round, and the number of inaccuracies and blunders. Every result has a
``to_dict()`` (what ``croupier casino review --json`` prints). Nothing here prints.

>>> from croupier.casino import Move, Player, new_tournament
>>> from croupier.casino.gamelog import GameLog
>>> state = new_tournament(Player.HUMAN, rng=1)
>>> log = GameLog().add(state, Move.parse("capture S9 H9"))
>>> review = review_game(log)
>>> move = review.moves[0]
>>> str(move.played), str(move.best), move.mark
('capture S9 H9', 'build H3 S2', <Mark.INACCURACY: 'inaccuracy'>)
>>> round(move.loss, 2)
0.72
>>> print(move.reason)  # doctest: +NORMALIZE_WHITESPACE
builds 5 to capture next turn with the 5 of spades you hold (the build holds 1 point): looking
ahead, you can expect 0.7 more points than if you capture 9♥ with 9♠
>>> review.accuracy, review.inaccuracies, review.blunders
(0.0, 1, 0)
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from croupier.casino.gamelog import GameLog, LoggedRound
from croupier.casino.moves import Move
from croupier.casino.pieces import Player
from croupier.casino.state import State
from croupier.casino.strategies import base
from croupier.casino.strategies.base import (
    Clock,
    Deadline,
    Decision,
    WorkBudget,
    check_deadline,
    list_moves_to_decide,
    observation_rng,
)
from croupier.casino.strategies.expert import (
    TOURNAMENT_BONUS,
    Analysis,
    ExpertSettings,
    ExpertStrategy,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "BEST_WITHIN",
    "BLUNDER",
    "INACCURACY",
    "INTERACTIVE_SECONDS",
    "REVIEW_SETTINGS",
    "REVIEW_STEPS",
    "GameReview",
    "Judgement",
    "Mark",
    "MoveReview",
    "Reviewer",
    "RoundReview",
    "judge",
    "review_game",
    "review_move",
    "review_round",
    "review_rounds",
]

#: Expected round points lost from which a move is an inaccuracy.
INACCURACY: Final = 0.5
#: Expected round points lost from which a move is a blunder.
BLUNDER: Final = 1.5
#: A move that loses less than this is as good as the best (for the accuracy).
BEST_WITHIN: Final = 0.1


class Mark(enum.StrEnum):
    """How bad a move was, by the points it lost."""

    INACCURACY = "inaccuracy"
    BLUNDER = "blunder"

    @classmethod
    def for_loss(cls, loss: float, costs_tournament: bool = False) -> Mark | None:
        """The mark for a move that lost ``loss`` points (``None``: no mark).

        >>> Mark.for_loss(0.2), Mark.for_loss(0.5), Mark.for_loss(3.0)
        (None, <Mark.INACCURACY: 'inaccuracy'>, <Mark.BLUNDER: 'blunder'>)
        """
        if costs_tournament or loss >= BLUNDER:
            return cls.BLUNDER
        return cls.INACCURACY if loss >= INACCURACY else None


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One move judged: where it was played (the round, and its number in the round from
    1), by whom, the move, the expert's best move, the expected round points lost, the
    mark, the reason for the best move, and whether it was forced or gave up the
    tournament."""

    round_number: int
    number: int
    player: Player
    played: Move
    best: Move
    loss: float
    mark: Mark | None
    reason: str
    forced: bool = False
    costs_tournament: bool = False
    #: Whether the verdict is exact: the last deal searched to the end of the round (or
    #: a forced move).
    exact: bool = False
    #: Whether the wall clock cut the search short (a review the player waited for):
    #: the verdict may then differ from one machine to another.
    clock_cut: bool = False

    @property
    def is_best(self) -> bool:
        """Whether the move is as good as the best (it lost under :data:`BEST_WITHIN`)."""
        return self.loss < BEST_WITHIN and not self.costs_tournament

    def _repr_html_(self) -> str:
        """The verdict drawn in a notebook (:mod:`croupier.casino.display`)."""
        from croupier.casino.display import move_review_html

        return move_review_html(self)

    def to_dict(self) -> dict[str, Any]:
        """The review as JSON-ready data."""
        return {
            "round": self.round_number,
            "number": self.number,
            "player": self.player.key,
            "played": str(self.played),
            "played_text": self.played.describe("pretty"),
            "best": str(self.best),
            "best_text": self.best.describe("pretty"),
            "loss": round(self.loss, 3),
            "mark": None if self.mark is None else self.mark.value,
            "reason": self.reason,
            "forced": self.forced,
            "costs_tournament": self.costs_tournament,
            "exact": self.exact,
            "clock_cut": self.clock_cut,
        }


def _accuracy(moves: Iterable[MoveReview]) -> float:
    chosen = [move for move in moves if not move.forced]
    if not chosen:
        return math.nan
    return sum(move.is_best for move in chosen) / len(chosen)


def _count(moves: Iterable[MoveReview], mark: Mark) -> int:
    return sum(move.mark is mark for move in moves)


@dataclass(frozen=True, slots=True)
class RoundReview:
    """The reviewed moves of one round."""

    round_number: int
    moves: tuple[MoveReview, ...]

    @property
    def points_lost(self) -> float:
        """Expected round points lost in the round, in all."""
        return sum(move.loss for move in self.moves)

    @property
    def accuracy(self) -> float:
        """The share of the unforced moves as good as the best (NaN: none)."""
        return _accuracy(self.moves)

    def to_dict(self) -> dict[str, Any]:
        """The round's review as JSON-ready data."""
        return {
            "round": self.round_number,
            "points_lost": round(self.points_lost, 3),
            "accuracy": _share(self.accuracy),
            "inaccuracies": _count(self.moves, Mark.INACCURACY),
            "blunders": _count(self.moves, Mark.BLUNDER),
            "moves": [move.to_dict() for move in self.moves],
        }


@dataclass(frozen=True, slots=True)
class GameReview:
    """The review of a game (a whole tournament, or what was played of it) for
    ``player``: round by round, and the summary."""

    player: Player
    rounds: tuple[RoundReview, ...]

    @property
    def moves(self) -> tuple[MoveReview, ...]:
        """Every reviewed move, in order."""
        return tuple(move for reviewed in self.rounds for move in reviewed.moves)

    @property
    def accuracy(self) -> float:
        """The share of the unforced moves as good as the best (NaN: none)."""
        return _accuracy(self.moves)

    @property
    def points_lost(self) -> float:
        """Expected round points lost in all."""
        return sum(reviewed.points_lost for reviewed in self.rounds)

    @property
    def points_lost_per_round(self) -> float:
        """Expected round points lost per round (NaN: no round)."""
        return self.points_lost / len(self.rounds) if self.rounds else math.nan

    @property
    def inaccuracies(self) -> int:
        """Moves marked as inaccuracies."""
        return _count(self.moves, Mark.INACCURACY)

    @property
    def blunders(self) -> int:
        """Moves marked as blunders."""
        return _count(self.moves, Mark.BLUNDER)

    def _repr_html_(self) -> str:
        """The summary, the chart of points lost and the marked moves, in a notebook."""
        from croupier.casino.display import review_html

        return review_html(self)

    def to_frame(self) -> pd.DataFrame:
        """Every move judged as a pandas DataFrame (the ``notebook`` extra; its columns:
        :func:`croupier.casino.frames.review_frame`)."""
        from croupier.casino.frames import review_frame

        return review_frame(self)

    def to_dict(self) -> dict[str, Any]:
        """The review as JSON-ready data: the summary, then the rounds."""
        moves = self.moves
        return {
            "player": self.player.key,
            "moves": len(moves),
            "forced": sum(move.forced for move in moves),
            "accuracy": _share(self.accuracy),
            "points_lost": round(self.points_lost, 3),
            "points_lost_per_round": _share(self.points_lost_per_round, 3),
            "inaccuracies": self.inaccuracies,
            "blunders": self.blunders,
            "thresholds": {"inaccuracy": INACCURACY, "blunder": BLUNDER, "best": BEST_WITHIN},
            "rounds": [reviewed.to_dict() for reviewed in self.rounds],
        }


def _share(value: float, digits: int = 4) -> float | None:
    return None if math.isnan(value) else round(value, digits)


#: How the review searches: the expert's settings with no time to spare (the same work on
#: any machine), the last deal searched to its end with up to 1,000,000 positions.
REVIEW_SETTINGS: Final = ExpertSettings(max_samples=16, exact_nodes=1_000_000)
#: Seconds a review the player waits for (after a round) may spend on one move, on top of
#: its budget: only a machine far slower than any today reaches it.
INTERACTIVE_SECONDS: Final = 5.0
#: Steps of work (see :class:`~.strategies.base.WorkBudget`) a move's review may take:
#: far more than any real position needs (a few thousand to a few hundred thousand), a
#: bound for extreme tables only, which it cuts the same way on every machine.
REVIEW_STEPS: Final = 5_000_000


class Reviewer:
    """The judge of moves: the full expert searching a fixed amount (:data:`REVIEW_SETTINGS`
    within :data:`REVIEW_STEPS` steps of work), never stopped by the clock unless
    ``seconds`` is given, so the same move gets the same verdict on any machine.

    ``seconds``, for a review the player waits for, stops a move's search at that many
    seconds on ``clock`` too; a verdict the clock cut says so (its ``clock_cut``).
    ``steps`` changes the budget (a test's tiny one).
    """

    def __init__(
        self,
        *,
        seconds: float | None = None,
        clock: Clock | None = None,
        steps: int = REVIEW_STEPS,
        settings: ExpertSettings = REVIEW_SETTINGS,
    ) -> None:
        self.seconds = None if seconds is None else check_deadline(seconds)
        self.clock = clock
        self.steps = steps
        self.expert = _Expert(settings)

    def budget(self) -> WorkBudget:
        """The budget of one move's review (with its wall-clock limit, if any)."""
        wall = None
        if self.seconds is not None:
            wall = Deadline(self.seconds, self.clock or base.default_clock)
        return WorkBudget(self.steps, wall)


class _Expert(ExpertStrategy):
    """The full expert, keeping its last analysis, so that a move's review searches once
    for both the best move with its reason and the values of all the moves."""

    def __init__(self, settings: ExpertSettings) -> None:
        super().__init__(settings, exact_values=True)
        self.last: Analysis | None = None

    def analyse(self, *args: Any, **kwargs: Any) -> Analysis:
        self.last = super().analyse(*args, **kwargs)
        return self.last


@dataclass(frozen=True, slots=True)
class Judgement:
    """The review's look at a position: the best move with its reason (the decision),
    every legal move with its value (``None`` for a forced move, which needs no search),
    whether the moves listed were all of them, and whether the clock cut the search."""

    decision: Decision
    analysis: Analysis | None
    complete: bool
    clock_cut: bool


def judge(state: State, reviewer: Reviewer | None = None) -> Judgement:
    """The review's look at ``state`` from the player to move's view (see
    :class:`Judgement`): the same on any machine unless ``reviewer`` has a clock."""
    reviewer = reviewer if reviewer is not None else Reviewer()
    seen = state.observe(state.next_player)
    expert = reviewer.expert
    budget = reviewer.budget()
    moves, complete = list_moves_to_decide(seen, budget)
    expert.last = None
    decision = expert.choose_by(seen, moves, observation_rng(seen), budget, complete=complete)
    return Judgement(decision, expert.last, complete, budget.wall_cut)


def review_move(
    state: State, move: Move, number: int = 1, reviewer: Reviewer | None = None
) -> MoveReview:
    """Judge ``move``, played by the player to move in ``state`` (``number``: its place in
    the round), from what that player could see. An illegal move raises
    :class:`~croupier.casino.errors.IllegalMoveError`."""
    reviewer = reviewer if reviewer is not None else Reviewer()
    player = state.next_player
    problem = state.check(move)
    if problem is not None:
        raise problem
    judged = judge(state, reviewer)
    decision, analysis = judged.decision, judged.analysis
    if analysis is None and judged.complete:  # forced: the only legal move
        return MoveReview(
            state.round_number,
            number,
            player,
            move,
            move,
            0.0,
            None,
            decision.reason,
            forced=True,
            exact=True,
        )
    exact = analysis is not None and analysis.exact
    clock_cut = judged.clock_cut
    if analysis is None or move not in analysis.moves or decision.move not in analysis.moves:
        # The budget ran out before the move played (or the best) was valued: value the two.
        budget = reviewer.budget()
        seen = state.observe(player)
        analysis = reviewer.expert.analyse(
            seen, [decision.move, move], deadline=budget, complete=False
        )
        clock_cut = clock_cut or budget.wall_cut
    raw = analysis.value_of(decision.move) - analysis.value_of(move)
    swings = max(0, round(raw / TOURNAMENT_BONUS))
    loss = max(0.0, raw - swings * TOURNAMENT_BONUS)
    costs = swings > 0
    return MoveReview(
        state.round_number,
        number,
        player,
        move,
        decision.move,
        loss,
        Mark.for_loss(loss, costs),
        decision.reason,
        costs_tournament=costs,
        exact=exact,
        clock_cut=clock_cut,
    )


def review_round(
    logged: LoggedRound, player: Player = Player.HUMAN, reviewer: Reviewer | None = None
) -> RoundReview:
    """Judge every move ``player`` made in the logged round."""
    reviewer = reviewer if reviewer is not None else Reviewer()
    reviewed = [
        review_move(state, move, number, reviewer)
        for number, (state, move) in enumerate(logged.positions(), 1)
        if state.next_player is player
    ]
    return RoundReview(logged.start.round_number, tuple(reviewed))


def review_game(
    log: GameLog,
    player: Player = Player.HUMAN,
    *,
    progress: Callable[[int], None] | None = None,
    reviewer: Reviewer | None = None,
) -> GameReview:
    """Judge every move ``player`` made in the game ``log`` holds; ``progress`` is called
    with the number of rounds reviewed so far. A round in which ``player`` made no move
    (a log that starts or ends at a round's first position) is left out."""
    reviewer = reviewer if reviewer is not None else Reviewer()
    rounds = []
    for done, logged in enumerate(log.rounds, 1):
        reviewed = review_round(logged, player, reviewer)
        if reviewed.moves:
            rounds.append(reviewed)
        if progress is not None:
            progress(done)
    return GameReview(player, tuple(rounds))


def review_rounds(
    logs: Sequence[GameLog],
    player: Player = Player.HUMAN,
    *,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> tuple[GameReview, ...] | None:
    """The reviews of the games ``logs`` hold, their rounds shared among ``workers``
    processes or the Dask cluster at ``scheduler`` (see :func:`croupier.parallel.run_tasks`):
    the same reviews as :func:`review_game`, which never read the clock. ``progress`` is
    called with the number of rounds reviewed so far; ``None`` if Ctrl-C stopped it."""
    from croupier.parallel import run_tasks

    jobs = [(logged, player) for log in logs for logged in log.rounds]
    done: dict[int, RoundReview] = {}

    def finished(index: int, reviewed: RoundReview) -> None:
        done[index] = reviewed
        if progress is not None:
            progress(len(done))

    if not run_tasks(
        _review_logged, jobs, on_result=finished, workers=workers, scheduler=scheduler
    ):
        return None
    reviews = []
    index = 0
    for log in logs:
        rounds = [done[index + i] for i in range(len(log.rounds))]
        index += len(log.rounds)
        reviews.append(GameReview(player, tuple(reviewed for reviewed in rounds if reviewed.moves)))
    return tuple(reviews)


def _review_logged(logged: LoggedRound, player: Player) -> RoundReview:
    """One round's review (the unit of work of a worker)."""
    return review_round(logged, player)
