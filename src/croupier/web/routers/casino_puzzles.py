"""The Casino puzzles page (``/casino/puzzles``): a position where one move is clearly
best; find it. The history (ratings by Glicko-2, the answers) is the browser's, kept in
its session as at the terminal (:class:`~croupier.casino.puzzles.PuzzleHistory`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from croupier.casino import Move
from croupier.casino.puzzles import Puzzle, PuzzleHistory, load_puzzles, next_puzzle
from croupier.web.answers import answer
from croupier.web.dependencies import Seat, seat
from croupier.web.errors import ApiError
from croupier.web.schemas import CHANGES, READS, answers
from croupier.web.schemas.casino_puzzles import PuzzleAnswer, PuzzleAnswerAnswer, PuzzlesAnswer
from croupier.web.sessions import Slot
from croupier.web.templating import render
from croupier.web.views.casino import puzzles_view, verdict_view

__all__ = ["PUZZLES", "PuzzleSeat", "router"]

router = APIRouter(tags=["casino puzzles"])


@dataclass(slots=True)
class PuzzleSeat:
    """One browser's puzzles: the history (ratings and answers, as at the terminal) and
    the puzzle on show."""

    history: PuzzleHistory
    current: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The seat as JSON-ready data (for the session's store)."""
        return {"history": self.history.to_dict(), "current": self.current}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PuzzleSeat:
        """The seat saved by :meth:`to_dict` (checked)."""
        current = data.get("current")
        return cls(
            PuzzleHistory.from_dict(data["history"]), None if current is None else str(current)
        )


PUZZLES: Final = Slot("casino-puzzles", PuzzleSeat.from_dict)
#: A route's puzzle seat.
PuzzleChair = Annotated[Seat[PuzzleSeat], seat(PUZZLES)]


def on_show(chair: Seat[PuzzleSeat]) -> tuple[PuzzleSeat, Puzzle]:
    """The browser's puzzle seat and the puzzle on show (a new one if there is none)."""
    puzzles = {puzzle.id: puzzle for puzzle in load_puzzles()}
    found = chair.state if chair.state is not None else PuzzleSeat(PuzzleHistory())
    if found.current not in puzzles:
        found.current = next_puzzle(list(puzzles.values()), found.history).id
        chair.put(found)
    assert found.current is not None
    return found, puzzles[found.current]


@router.get("/casino/puzzles", response_class=HTMLResponse)
async def puzzles_page(request: Request, chair: PuzzleChair) -> Response:
    """The puzzles: a position where one move is clearly best; find it."""
    found, puzzle = on_show(chair)
    state = puzzles_view(found.history, puzzle)
    return render(request, "casino_puzzles.html", title="Casino puzzles", state=state)


@router.get("/api/casino/puzzles", response_model=PuzzlesAnswer, responses=answers(*READS))
async def puzzles_state(request: Request, chair: PuzzleChair) -> Response:
    """The puzzle on show and the player's record."""
    found, puzzle = on_show(chair)
    return answer(request, puzzles_view(found.history, puzzle))


@router.post(
    "/api/casino/puzzles/answer", response_model=PuzzleAnswerAnswer, responses=answers(*CHANGES)
)
async def answer_puzzle(request: Request, body: PuzzleAnswer, chair: PuzzleChair) -> Response:
    """The verdict on an answer, the ratings after it (Glicko-2), then the next puzzle."""
    found, puzzle = on_show(chair)
    if body.id != puzzle.id:
        raise ApiError(409, f"puzzle {body.id!r} is not the one on show ({puzzle.id})")
    verdict = puzzle.check(Move.parse(body.move))  # an illegal move: the rule's sentence
    before = found.history.player.rating
    found.history = found.history.record(puzzle, verdict)
    found.current = None
    chair.put(found)
    found, following = on_show(chair)
    view: PuzzleAnswerAnswer = {
        "verdict": verdict_view(verdict),
        "change": round(found.history.player.rating - before),
        "puzzle_rating": round(found.history.rating_of(puzzle).rating),
        **puzzles_view(found.history, following),
    }
    return answer(request, view)
