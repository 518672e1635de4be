"""Learn from your mistakes: each position where a review marked the player's move, replayed
as an exercise until the player finds a move the judge rates as good as the best.

As chess sites do after a game's review: the player sees the position again, as they saw
it then (their hand, the table, the piles, the scores; not the opponent's hand), is told
how much their move lost, and tries again. An answer is checked by the rules, then by the
judge (:mod:`~croupier.casino.judge`), the same that marked the move: it *solves* the
exercise when its loss is not clearly past :data:`~croupier.casino.judge.BEST_WITHIN`
(the review's "as good as the best"). The reason for the best move is shown after.
Nothing here prints.

>>> from croupier.casino import Move, Player, new_tournament
>>> from croupier.casino.gamelog import GameLog
>>> from croupier.casino.review import review_game
>>> state = new_tournament(Player.HUMAN, rng=1)
>>> log = GameLog().add(state, Move.parse("capture S9 H9"))
>>> (exercise,) = exercises(log, review_game(log))
>>> print(exercise.task)  # doctest: +NORMALIZE_WHITESPACE
Round 1, move 1: you played capture 9♥ with 9♠, an inaccuracy (1.15 ± 0.08 points lost).
Find a better move.
>>> exercise.check("capture S5 H5").solved
False
>>> answer = exercise.check("build H3 S2")
>>> answer.solved, answer.found_best
(True, True)
>>> print(answer.reason)  # doctest: +NORMALIZE_WHITESPACE
builds 5 to capture next turn with the 5 of spades you hold (the build holds 1 point): looking
ahead, you can expect 1.1 (± 0.1) more points than if you capture 9♥ with 9♠
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from croupier.casino.errors import CasinoError
from croupier.casino.gamelog import GameLog
from croupier.casino.judge import Judge, Loss, error_json, format_loss
from croupier.casino.moves import Move
from croupier.casino.replay import replay
from croupier.casino.review import GameReview, MoveReview
from croupier.casino.state import State

__all__ = ["Exercise", "ExerciseAnswer", "exercises"]


@dataclass(frozen=True, slots=True)
class ExerciseAnswer:
    """The judge's word on an answer to an exercise: the move, whether it solves the
    exercise (as good as the best), whether it is the judge's best move itself (or one of
    its kind), what it loses, the best move, why the best is best, and what the move
    tried does (its own reason)."""

    move: Move
    solved: bool
    found_best: bool
    loss: Loss
    best: Move
    reason: str
    explanation: str

    def to_dict(self) -> dict[str, Any]:
        """The answer as JSON-ready data."""
        return {
            "move": str(self.move),
            "move_text": self.move.describe("pretty"),
            "solved": self.solved,
            "found_best": self.found_best,
            "loss": round(self.loss.points, 3),
            "error": error_json(self.loss.error),
            "costs_tournament": self.loss.costs_tournament,
            "best": str(self.best),
            "best_text": self.best.describe("pretty"),
            "reason": self.reason,
            "explanation": self.explanation,
        }


@dataclass(frozen=True, slots=True)
class Exercise:
    """A position where the review marked the player's move: the position before it (the
    player to move), and the review's verdict on the move played then."""

    state: State
    review: MoveReview

    @property
    def played(self) -> Move:
        """The move the player made in the game."""
        return self.review.played

    @property
    def task(self) -> str:
        """What the exercise asks, in one sentence."""
        mark = self.review.mark.value if self.review.mark is not None else "a weak move"
        article = "an" if mark[0] in "aeiou" else "a"
        lost = format_loss(self.review.loss, self.review.error)
        tournament = " and the tournament" if self.review.costs_tournament else ""
        return (
            f"Round {self.review.round_number}, move {self.review.number}: you played "
            f"{self.played.describe('pretty')}, {article} {mark} ({lost} points lost"
            f"{tournament}). Find a better move."
        )

    def check(self, move: Move | str, judge: Judge | None = None) -> ExerciseAnswer:
        """The judge's word on ``move`` (checked by the rules first: an illegal one raises
        :class:`~croupier.casino.errors.IllegalMoveError`, text that is no move
        :class:`~croupier.casino.errors.InvalidMoveError`)."""
        move = Move.parse(move) if isinstance(move, str) else move
        problem = self.state.check(move)
        if problem is not None:
            raise problem
        verdict, loss = (judge if judge is not None else Judge()).loss(self.state, move)
        found = move == verdict.best or (loss.points == 0 and loss.error == 0)
        explanation = verdict.explain(move) if verdict.valued(move) else move.describe("pretty")
        return ExerciseAnswer(
            move,
            loss.is_best,
            found and not loss.costs_tournament,
            loss,
            verdict.best,
            verdict.reason,
            explanation,
        )


def exercises(log: GameLog, review: GameReview) -> tuple[Exercise, ...]:
    """The exercises of a reviewed game: one for each move ``review`` marked (an
    inaccuracy or a blunder), in the order they were played. ``review`` must be of
    ``log``'s game."""
    found = []
    for step in replay(log, review):
        verdict = step.review
        if verdict is None or verdict.mark is None:
            continue
        if verdict.played != step.move:
            raise CasinoError("the review is not of this game: its moves differ")
        found.append(Exercise(step.before, verdict))
    return tuple(found)
