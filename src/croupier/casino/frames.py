"""Casino's results as pandas DataFrames (the ``notebook`` extra): a review's moves and
an arena's tournaments. The values' ``to_frame()`` methods call these. Each frame's
columns are declared once, below (:data:`SCHEMAS`): the docs' reference page is made
from them, and :func:`croupier.frames.build_frame` gives each its declared dtype.

>>> from croupier.casino.strategies.arena import run_arena
>>> frame = run_arena("greedy", "random", 2, rng=1).to_frame()
>>> list(frame.columns)[:4], len(frame)
(['tournament', 'a_first', 'winner', 'rounds'], 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol

from croupier.frames import FrameColumn, FrameSchema, build_frame

if TYPE_CHECKING:
    import pandas as pd

    from croupier.casino.display import MoveReviewLike

__all__ = ["ARENA", "REVIEW", "SCHEMAS", "arena_frame", "review_frame"]

#: The categories of the review frame's ``mark`` and ``player`` columns, and the arena
#: frame's ``winner``.
MARKS: Final = ("inaccuracy", "blunder")
PLAYERS: Final = ("human", "computer")
WINNERS: Final = ("a", "b", "tie")

REVIEW: Final = FrameSchema(
    "GameReview.to_frame()",
    "a move judged, in the order played",
    (
        FrameColumn("round", "int64", "the round"),
        FrameColumn("number", "int64", "the move's number in the round, from 1"),
        FrameColumn("player", PLAYERS, "who played it"),
        FrameColumn("played", "string", "the move played, in notation"),
        FrameColumn("played_text", "string", "the move played, in words"),
        FrameColumn("best", "string", "the judge's best move, in notation"),
        FrameColumn("best_text", "string", "the best move, in words"),
        FrameColumn("loss", "float64", "expected round points lost against the best"),
        FrameColumn("error", "float64", "the loss's standard error (0: exact; inf: unknown)"),
        FrameColumn("mark", MARKS, "inaccuracy or blunder (missing: neither)"),
        FrameColumn("is_best", "bool", "as good as the best"),
        FrameColumn("forced", "bool", "the only legal move"),
        FrameColumn("costs_tournament", "bool", "it gave up the tournament"),
        FrameColumn("exact", "bool", "the verdict is exact (searched to the end of the round)"),
        FrameColumn("reason", "string", "why the best move is best"),
    ),
)

ARENA: Final = FrameSchema(
    "ArenaResult.to_frame()",
    "a tournament, in the order dealt",
    (
        FrameColumn("tournament", "int64", "its number, from 0"),
        FrameColumn("a_first", "bool", "a played first"),
        FrameColumn("winner", WINNERS, "who won: a, b, or tie"),
        FrameColumn("rounds", "int64", "rounds played"),
        FrameColumn("a_points", "int64", "a's points over the tournament"),
        FrameColumn("b_points", "int64", "b's points over the tournament"),
        FrameColumn("a_seconds", "float64", "a's thinking time, in seconds"),
        FrameColumn("b_seconds", "float64", "b's thinking time, in seconds"),
        FrameColumn("a_moves", "int64", "a's moves"),
        FrameColumn("b_moves", "int64", "b's moves"),
        FrameColumn("a_slowest", "float64", "a's longest move, in seconds"),
        FrameColumn("b_slowest", "float64", "b's longest move, in seconds"),
        FrameColumn("a_cut_short", "int64", "a's moves the deadline cut short"),
        FrameColumn("b_cut_short", "int64", "b's moves the deadline cut short"),
    ),
)

#: Every Casino frame, in the order the docs list them.
SCHEMAS: Final = (REVIEW, ARENA)


class _Reviewed(Protocol):
    @property
    def moves(self) -> Sequence[MoveReviewLike]: ...


def review_frame(review: _Reviewed) -> pd.DataFrame:
    """Every move judged, one a row (:data:`REVIEW`)."""
    moves = review.moves
    return build_frame(
        REVIEW,
        {
            "round": [m.round_number for m in moves],
            "number": [m.number for m in moves],
            "player": [m.player.key for m in moves],
            "played": [str(m.played) for m in moves],
            "played_text": [m.played.describe("pretty") for m in moves],
            "best": [str(m.best) for m in moves],
            "best_text": [m.best.describe("pretty") for m in moves],
            "loss": [m.loss for m in moves],
            "error": [m.error for m in moves],
            "mark": [None if m.mark is None else str(m.mark) for m in moves],
            "is_best": [m.is_best for m in moves],
            "forced": [m.forced for m in moves],
            "costs_tournament": [m.costs_tournament for m in moves],
            "exact": [m.exact for m in moves],
            "reason": [m.reason for m in moves],
        },
    )


class _Arena(Protocol):
    @property
    def records(self) -> Sequence[Any]: ...


def arena_frame(result: _Arena) -> pd.DataFrame:
    """The arena's tournaments, one a row (:data:`ARENA`)."""
    records = result.records
    return build_frame(
        ARENA,
        {
            "tournament": list(range(len(records))),
            "a_first": [r.a_first for r in records],
            "winner": [r.winner or "tie" for r in records],
            "rounds": [len(r.a_points) for r in records],
            "a_points": [sum(r.a_points) for r in records],
            "b_points": [sum(r.b_points) for r in records],
            "a_seconds": [r.a_seconds for r in records],
            "b_seconds": [r.b_seconds for r in records],
            "a_moves": [r.a_moves for r in records],
            "b_moves": [r.b_moves for r in records],
            "a_slowest": [r.a_slowest for r in records],
            "b_slowest": [r.b_slowest for r in records],
            "a_cut_short": [r.a_cut_short for r in records],
            "b_cut_short": [r.b_cut_short for r in records],
        },
    )
