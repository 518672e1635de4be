"""Game review: every move of a player judged by the judge, the way chess sites review a game.

For each move the player made, the judge (:mod:`~croupier.casino.judge`, the same whatever
level the game was played at, and the same that gave the hints) values every legal move
from what the player could see then. The move's **loss** is the best move's value minus
the played move's: the expected round points given away, 0 for the best move, with its
standard **error** (0 when exact: in the last deal every card is known; otherwise the
error of an average over the sampled deals, all moves valued on the same deals). A move
is marked only when its loss is *clearly* past a threshold: its loss minus
:data:`~croupier.casino.judge.SURE` (2) standard errors is at least the threshold.

==============  ========================  ============================================
mark            loss - 2 errors (points)  meaning
==============  ========================  ============================================
(none)          under 0.5                 as good as the best, close to it, or unsure
``inaccuracy``  0.5 to under 1.5          about half a point to a point and a half given away
``blunder``     1.5 or more               an ace, the 10 of diamonds, a majority... lost
==============  ========================  ============================================

A move that gives up the tournament itself (in the last deal, where the judge searches
to the end of the round) is a blunder whatever its points: its ``costs_tournament`` is
true, and its loss counts the round points only. A move that was the only legal one is
``forced``, and left out of the accuracy. The judge's best move (the hint) loses
nothing: a game played by the hints alone reviews at 100% with no mark.

The summary: the **accuracy** (the share of the unforced moves as good as the best: a
loss not clearly past :data:`~croupier.casino.judge.BEST_WITHIN`, 0.1 points), the
points lost in each round and per round, and the number of inaccuracies and blunders.
Every result has a ``to_dict()`` (what ``croupier casino review --json`` prints).
Nothing here prints or reads the clock.

>>> from croupier.casino import Move, Player, new_tournament
>>> from croupier.casino.gamelog import GameLog
>>> state = new_tournament(Player.HUMAN, rng=1)
>>> log = GameLog().add(state, Move.parse("capture S9 H9"))
>>> review = review_game(log)
>>> move = review.moves[0]
>>> str(move.played), str(move.best), move.mark
('capture S9 H9', 'build H3 S2', <Mark.INACCURACY: 'inaccuracy'>)
>>> round(move.loss, 2), round(move.error, 2), move.deals
(1.15, 0.08, 512)
>>> print(move.reason)  # doctest: +NORMALIZE_WHITESPACE
builds 5 to capture next turn with the 5 of spades you hold (the build holds 1 point): looking
ahead, you can expect 1.1 (± 0.1) more points than if you capture 9♥ with 9♠
>>> review.accuracy, review.inaccuracies, review.blunders
(0.0, 1, 0)
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

from croupier.arguments import checked
from croupier.casino.errors import CasinoError
from croupier.casino.gamelog import GameLog, LoggedRound
from croupier.casino.judge import (
    BEST_WITHIN,
    BLUNDER,
    INACCURACY,
    SURE,
    Judge,
    Loss,
    error_json,
)
from croupier.casino.moves import Move
from croupier.casino.pieces import Player
from croupier.casino.state import State
from croupier.choices import unknown_member

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "BEST_WITHIN",
    "BLUNDER",
    "INACCURACY",
    "SURE",
    "GameReview",
    "Mark",
    "MoveReview",
    "RoundReview",
    "review_game",
    "review_move",
    "review_round",
    "review_rounds",
]


class Mark(enum.StrEnum):
    """How bad a move was, by the points it clearly lost."""

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, CasinoError)

    INACCURACY = "inaccuracy"
    BLUNDER = "blunder"

    @classmethod
    def for_loss(
        cls, loss: float, costs_tournament: bool = False, error: float = 0.0
    ) -> Mark | None:
        """The mark for a move that lost ``loss`` points with a standard error of ``error``
        (``None``: no mark): the threshold its loss is clearly past (by :data:`SURE`
        errors), if any.

        >>> Mark.for_loss(0.2), Mark.for_loss(0.5), Mark.for_loss(3.0)
        (None, <Mark.INACCURACY: 'inaccuracy'>, <Mark.BLUNDER: 'blunder'>)
        >>> Mark.for_loss(0.7, error=0.15), Mark.for_loss(1.6, error=0.1)
        (None, <Mark.INACCURACY: 'inaccuracy'>)
        """
        judged = Loss(loss, error, costs_tournament)
        if judged.clearly_past(BLUNDER):
            return cls.BLUNDER
        return cls.INACCURACY if judged.clearly_past(INACCURACY) else None


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One move judged: where it was played (the round, and its number in the round from
    1), by whom, the move, the judge's best move, the expected round points lost with the
    standard error of that estimate, the mark, the reason for the best move, and whether
    it was forced or gave up the tournament."""

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
    #: Whether the verdict is exact: the last deal, every card known, searched to the
    #: end of the round.
    exact: bool = False
    #: The standard error of :attr:`loss` (0 when exact or for the best move itself;
    #: infinite when the judge's budget left it unknown, on an extreme table).
    error: float = 0.0
    #: The sampled deals the verdict averaged (0 in the last deal and for a forced move).
    deals: int = 0

    @property
    def is_best(self) -> bool:
        """Whether the move is as good as the best: its loss not clearly past
        :data:`BEST_WITHIN`."""
        return Loss(self.loss, self.error, self.costs_tournament).is_best

    @property
    def found_best(self) -> bool:
        """Whether the move is the judge's best move, or one of its kind (the same but for
        cards of the same sort), rather than only as good as it within the error."""
        return self.played == self.best or (self.loss == 0 and self.error == 0)

    def _repr_html_(self) -> str:
        """The verdict drawn in a notebook (:mod:`croupier.casino.display`)."""
        from croupier.casino.display import move_review_html

        return move_review_html(self)

    def to_dict(self) -> dict[str, Any]:
        """The review as JSON-ready data (the ``error`` ``null`` when unknown)."""
        return {
            "round": self.round_number,
            "number": self.number,
            "player": self.player.key,
            "played": str(self.played),
            "played_text": self.played.describe("pretty"),
            "best": str(self.best),
            "best_text": self.best.describe("pretty"),
            "loss": round(self.loss, 3),
            "error": error_json(self.error),
            "mark": None if self.mark is None else self.mark.value,
            "is_best": self.is_best,
            "reason": self.reason,
            "forced": self.forced,
            "costs_tournament": self.costs_tournament,
            "exact": self.exact,
            "deals": self.deals,
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

    @property
    def mistakes(self) -> tuple[MoveReview, ...]:
        """The marked moves (inaccuracies and blunders), in order: the positions to learn from."""
        return tuple(move for move in self.moves if move.mark is not None)

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
            "thresholds": {
                "inaccuracy": INACCURACY,
                "blunder": BLUNDER,
                "best": BEST_WITHIN,
                "errors": SURE,
            },
            "rounds": [reviewed.to_dict() for reviewed in self.rounds],
        }


def _share(value: float, digits: int = 4) -> float | None:
    return None if math.isnan(value) else round(value, digits)


@checked
def review_move(
    state: State, move: Move, number: int = 1, judge: Judge | None = None
) -> MoveReview:
    """Judge ``move``, played by the player to move in ``state`` (``number``: its place in
    the round), from what that player could see. An illegal move raises
    :class:`~croupier.casino.errors.IllegalMoveError`."""
    judge = judge if judge is not None else Judge()
    player = state.next_player
    problem = state.check(move)
    if problem is not None:
        raise problem
    verdict, loss = judge.loss(state, move)
    return MoveReview(
        state.round_number,
        number,
        player,
        move,
        move if verdict.forced else verdict.best,
        loss.points,
        Mark.for_loss(loss.points, loss.costs_tournament, loss.error),
        verdict.reason,
        forced=verdict.forced,
        costs_tournament=loss.costs_tournament,
        exact=verdict.exact,
        error=loss.error,
        deals=verdict.deals,
    )


def review_round(
    logged: LoggedRound,
    player: Player = Player.HUMAN,
    judge: Judge | None = None,
    *,
    progress: Callable[[int], None] | None = None,
) -> RoundReview:
    """Judge every move ``player`` made in the logged round; ``progress`` is called with
    the number of moves judged so far."""
    judge = judge if judge is not None else Judge()
    reviewed: list[MoveReview] = []
    for number, (state, move) in enumerate(logged.positions(), 1):
        if state.next_player is player:
            reviewed.append(review_move(state, move, number, judge))
            if progress is not None:
                progress(len(reviewed))
    return RoundReview(logged.start.round_number, tuple(reviewed))


def review_game(
    log: GameLog,
    player: Player = Player.HUMAN,
    *,
    progress: Callable[[int], None] | None = None,
    judge: Judge | None = None,
) -> GameReview:
    """Judge every move ``player`` made in the game ``log`` holds; ``progress`` is called
    with the number of rounds reviewed so far. A round in which ``player`` made no move
    (a log that starts or ends at a round's first position) is left out."""
    judge = judge if judge is not None else Judge()
    rounds = []
    for done, logged in enumerate(log.rounds, 1):
        reviewed = review_round(logged, player, judge)
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
