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
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final

from croupier.casino.gamelog import GameLog, LoggedRound
from croupier.casino.moves import Move
from croupier.casino.pieces import Player
from croupier.casino.rules import moves_until
from croupier.casino.state import State
from croupier.casino.strategies.base import Deadline
from croupier.casino.strategies.expert import TOURNAMENT_BONUS, Analysis, ExpertStrategy

__all__ = [
    "BEST_WITHIN",
    "BLUNDER",
    "INACCURACY",
    "GameReview",
    "Mark",
    "MoveReview",
    "RoundReview",
    "review_game",
    "review_move",
    "review_round",
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

    @property
    def is_best(self) -> bool:
        """Whether the move is as good as the best (it lost under :data:`BEST_WITHIN`)."""
        return self.loss < BEST_WITHIN and not self.costs_tournament

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


class _Reviewer(ExpertStrategy):
    """The full expert, keeping its last analysis, so that a move's review searches once
    for both the best move with its reason and the values of all the moves."""

    def __init__(self) -> None:
        super().__init__()
        self.last: Analysis | None = None

    def analyse(self, *args: Any, **kwargs: Any) -> Analysis:
        self.last = super().analyse(*args, **kwargs)
        return self.last


def review_move(
    state: State, move: Move, number: int = 1, expert: ExpertStrategy | None = None
) -> MoveReview:
    """Judge ``move``, played by the player to move in ``state`` (``number``: its place in
    the round), from what that player could see. An illegal move raises
    :class:`~croupier.casino.errors.IllegalMoveError`."""
    expert = expert if expert is not None else _Reviewer()
    player = state.next_player
    seen = state.observe(player)
    problem = state.check(move)
    if problem is not None:
        raise problem
    # Forced: one legal move (a listing too long for the deadline has more than one).
    listing = moves_until(
        seen.hand, seen.loose, seen.builds, player, Deadline(expert.deadline, expert.clock).expired
    )
    if isinstance(expert, _Reviewer):
        expert.last = None
    decision = expert.decide(seen)
    if listing is not None and len(listing) == 1:
        return MoveReview(
            state.round_number, number, player, move, move, 0.0, None, decision.reason, True
        )
    if isinstance(expert, _Reviewer) and expert.last is not None:
        analysis = expert.last  # what decide() just found: the same search
    else:
        analysis = expert.analyse(seen)
    if move not in analysis.moves or decision.move not in analysis.moves:
        # The deadline came before the move played (or the best) was valued: value the two.
        analysis = expert.analyse(seen, [decision.move, move])
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
    )


def review_round(
    logged: LoggedRound, player: Player = Player.HUMAN, expert: ExpertStrategy | None = None
) -> RoundReview:
    """Judge every move ``player`` made in the logged round."""
    expert = expert if expert is not None else _Reviewer()
    reviewed = [
        review_move(state, move, number, expert)
        for number, (state, move) in enumerate(logged.positions(), 1)
        if state.next_player is player
    ]
    return RoundReview(logged.start.round_number, tuple(reviewed))


def review_game(
    log: GameLog,
    player: Player = Player.HUMAN,
    *,
    progress: Callable[[int], None] | None = None,
) -> GameReview:
    """Judge every move ``player`` made in the game ``log`` holds; ``progress`` is called
    with the number of rounds reviewed so far."""
    expert = _Reviewer()
    rounds = []
    for logged in log.rounds:
        rounds.append(review_round(logged, player, expert))
        if progress is not None:
            progress(len(rounds))
    return GameReview(player, tuple(rounds))
