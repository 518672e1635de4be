"""The Casino puzzles page (``/casino/puzzles``): a position where one move is clearly
best; find it on the table, as a move is put together in a game.

The answer is sent as the Casino table sends a move (the card of the hand, the action,
the table items) and checked by the library: a move the rules refuse gets the rule's
sentence (422) and counts for nothing (it was a slip of the hand, not an answer); a legal
move that is not the best is a wrong answer, rated as one.

Whose history (the ratings by Glicko-2, every answer:
:class:`~croupier.casino.puzzles.PuzzleHistory`): on a local server
(``app.state.puzzle_history`` a file, as ``croupier serve`` sets it when not
``--public``), the person's own file, the one ``croupier casino puzzle`` keeps (read at
every request, written whole after every answer), so the terminal and the browser share
one rating; on a shared server (no file), each player's, kept in their session, and
never the server owner's files.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Final

from anyio import to_thread
from fastapi import Request
from fastapi.responses import HTMLResponse, Response

from croupier.casino import Move
from croupier.casino.puzzles import (
    Puzzle,
    PuzzleHistory,
    PuzzleVerdict,
    load_puzzles,
    next_puzzle,
    read_history,
    record_attempt,
)
from croupier.casino.session import move_from_parts
from croupier.web.answers import answer
from croupier.web.dependencies import Seat, seat
from croupier.web.errors import ApiError
from croupier.web.pages import game_router
from croupier.web.schemas import CHANGES, READS, answers
from croupier.web.schemas.casino_puzzles import PuzzleAnswer, PuzzleAnswerAnswer, PuzzlesAnswer
from croupier.web.sessions import Slot
from croupier.web.templating import render
from croupier.web.views.casino import puzzles_view, verdict_view

__all__ = ["PUZZLES", "PuzzleSeat", "router"]

router = game_router("casino puzzles")


@dataclass(slots=True)
class PuzzleSeat:
    """One browser's puzzles: the history (ratings and answers, as at the terminal; on a
    local server the file's is used instead, and this one stays empty) and the puzzle on
    show."""

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


def history_file(request: Request) -> Path | None:
    """The person's history file on a local server; ``None`` on a shared one (each
    player's history is then kept in their session)."""
    found = getattr(request.app.state, "puzzle_history", None)
    return None if found is None else Path(found)


async def history_of(request: Request, found: PuzzleSeat) -> PuzzleHistory:
    """The solver's history: the local file's (read on a worker thread), else the
    session's."""
    path = history_file(request)
    if path is None:
        return found.history
    return await to_thread.run_sync(read_history, path)


def on_show(
    chair: Seat[PuzzleSeat], history: PuzzleHistory | None = None
) -> tuple[PuzzleSeat, Puzzle]:
    """The browser's puzzle seat and the puzzle on show (a new one if there is none,
    chosen for ``history``, by default the seat's)."""
    puzzles = {puzzle.id: puzzle for puzzle in load_puzzles()}
    found = chair.state if chair.state is not None else PuzzleSeat(PuzzleHistory())
    if found.current not in puzzles:
        chosen_for = history if history is not None else found.history
        found.current = next_puzzle(list(puzzles.values()), chosen_for).id
        chair.put(found)
    assert found.current is not None
    return found, puzzles[found.current]


async def showing(
    request: Request, chair: Seat[PuzzleSeat]
) -> tuple[PuzzleSeat, PuzzleHistory, Puzzle]:
    """The browser's puzzle seat, the solver's history and the puzzle on show."""
    seat = chair.state if chair.state is not None else PuzzleSeat(PuzzleHistory())
    history = await history_of(request, seat)
    found, puzzle = on_show(chair, history)
    return found, history, puzzle


def answered_move(puzzle: Puzzle, body: PuzzleAnswer) -> Move:
    """The move answered: put together from its parts as the Casino table's are, or its
    notation (not checked against the rules yet)."""
    if body.card is not None and body.action is not None and body.move is None:
        return move_from_parts(puzzle.state, body.card, body.action, body.items)
    if body.move is not None and body.card is None and body.action is None and not body.items:
        return Move.parse(body.move)
    raise ApiError(422, "bad answer: expected the card and the action (and items), or the move")


def record_in_file(
    path: Path, puzzle: Puzzle, verdict: PuzzleVerdict
) -> tuple[float, PuzzleHistory]:
    """Add ``verdict`` to the history in ``path`` (:func:`record_attempt`: read again
    under the history's lock, so that an answer given at the terminal or through another
    server process meanwhile is kept; written atomically): the rating before, and the
    history after."""
    history, after = record_attempt(path, puzzle, verdict)
    return history.player.rating, after


@router.get("/casino/puzzles", response_class=HTMLResponse)
async def puzzles_page(request: Request, chair: PuzzleChair) -> Response:
    """The puzzles: a position where one move is clearly best; find it."""
    _, history, puzzle = await showing(request, chair)
    state = puzzles_view(history, puzzle)
    return render(request, "casino_puzzles.html", title="Casino puzzles", state=state)


@router.get("/api/casino/puzzles", response_model=PuzzlesAnswer, responses=answers(*READS))
async def puzzles_state(request: Request, chair: PuzzleChair) -> Response:
    """The puzzle on show and the player's record."""
    _, history, puzzle = await showing(request, chair)
    return answer(request, puzzles_view(history, puzzle))


@router.post(
    "/api/casino/puzzles/answer", response_model=PuzzleAnswerAnswer, responses=answers(*CHANGES)
)
async def answer_puzzle(request: Request, body: PuzzleAnswer, chair: PuzzleChair) -> Response:
    """The verdict on an answer (a move the rules refuse: the rule's sentence, and not
    counted), the ratings after it (Glicko-2), then the next puzzle."""
    if chair.state is None or chair.state.current is None:
        # a puzzle chosen now would be named in the refusal and never shown
        raise ApiError(409, "no puzzle on show yet: open the puzzles first")
    found, _, puzzle = await showing(request, chair)
    if body.id != puzzle.id:
        raise ApiError(409, f"puzzle {body.id!r} is not the one on show ({puzzle.id})")
    verdict = puzzle.check(answered_move(puzzle, body))  # an illegal move: the rule's sentence
    path = history_file(request)
    if path is None:
        before = found.history.player.rating
        found.history = history = found.history.record(puzzle, verdict)
    else:
        before, history = await to_thread.run_sync(record_in_file, path, puzzle, verdict)
    found.current = None
    chair.put(found)
    _, following = on_show(chair, history)
    view: PuzzleAnswerAnswer = {
        "verdict": verdict_view(verdict),
        "change": round(history.player.rating - before),
        "puzzle_rating": round(history.rating_of(puzzle).rating),
        **puzzles_view(history, following),
    }
    return answer(request, view)
