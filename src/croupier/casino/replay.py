"""A game as a replay: every position in order, the move played from it and, for the
reviewed player's moves, the review's verdict; what a review is stepped through with
(◀ ▶ in the browser, ``croupier casino review --step`` at the terminal).

>>> from croupier.casino import Move, Player, new_tournament
>>> from croupier.casino.gamelog import GameLog
>>> from croupier.casino.review import review_game
>>> state = new_tournament(Player.HUMAN, rng=1)
>>> log = GameLog().add(state, Move.parse("capture S9 H9"))
>>> log = log.add(log.current, Move.parse("trail DA"))
>>> steps = replay(log, review_game(log))
>>> [(step.number, step.player.key, str(step.move)) for step in steps]
[(1, 'human', 'capture S9 H9'), (2, 'computer', 'trail DA')]
>>> str(steps[0].review.best), steps[1].review is None
('build H3 S2', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from croupier.casino.gamelog import GameLog
from croupier.casino.moves import Move
from croupier.casino.pieces import Player
from croupier.casino.review import GameReview, MoveReview
from croupier.casino.state import State

__all__ = ["ReplayStep", "replay"]


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One move of a game: where it was played (the round, its number in the round from
    1), who played it, the position before and after, and the review's verdict on it
    (``None`` for the moves of the player not reviewed)."""

    round_number: int
    number: int
    player: Player
    before: State
    move: Move
    after: State
    review: MoveReview | None = None

    def _repr_html_(self) -> str:
        """The position after the move, the move marked, and the verdict, in a notebook."""
        from croupier.casino.display import step_html

        return step_html(self)

    def to_dict(self) -> dict[str, Any]:
        """The step as JSON-ready data (the positions in the form of ``State.to_dict``)."""
        return {
            "round": self.round_number,
            "number": self.number,
            "player": self.player.key,
            "move": str(self.move),
            "move_text": self.move.describe("pretty"),
            "before": self.before.to_dict(),
            "after": self.after.to_dict(),
            "review": None if self.review is None else self.review.to_dict(),
        }


def replay(log: GameLog, review: GameReview | None = None) -> tuple[ReplayStep, ...]:
    """Every move of ``log`` in order, each with the verdict of ``review`` on it if it
    judged that move."""
    verdicts = {}
    if review is not None:
        verdicts = {(move.round_number, move.number): move for move in review.moves}
    steps = []
    for logged in log.rounds:
        round_number = logged.start.round_number
        for number, (before, move) in enumerate(logged.positions(), 1):
            steps.append(
                ReplayStep(
                    round_number,
                    number,
                    before.next_player,
                    before,
                    move,
                    before.apply(move, check=False),
                    verdicts.get((round_number, number)),
                )
            )
    return tuple(steps)
