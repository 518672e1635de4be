"""The Casino review page (``/casino/review``): a game's review as a replay, and its job.

The review of a whole game is long work: ``POST /api/casino/review`` starts it as a job
(:mod:`croupier.web.jobs`) on an uploaded game file or on the game at this browser's
table, and the page polls ``/api/casino/jobs/<job>`` until the review comes
(:func:`~croupier.web.views.casino.review_view`: every position, the move played, the
best move and the verdict, as ``croupier casino review`` gives them).
"""

from __future__ import annotations

import functools
from typing import Annotated

from fastapi import APIRouter, Path, Request
from fastapi.responses import HTMLResponse, Response

from croupier.casino import Player
from croupier.casino.gamelog import parse_game_file
from croupier.web.answers import answer
from croupier.web.dependencies import JobsService, Owner, TablesService
from croupier.web.errors import ApiError
from croupier.web.routers.casino import NO_GAME, TableSeat
from croupier.web.routers.match import KIND
from croupier.web.schemas import CHANGES, READS, SENDS, answers
from croupier.web.schemas.casino_review import ReviewJobAnswer, ReviewRequest
from croupier.web.templating import render
from croupier.web.views.casino import review_view
from croupier.web.views.match import CasinoTable

__all__ = ["router"]

router = APIRouter(tags=["casino review"])

#: A job's id in a path.
JobId = Annotated[str, Path(max_length=64)]


@router.get("/casino/review", response_class=HTMLResponse)
async def review_page(request: Request, table: TableSeat) -> Response:
    """The review of a game as a replay: every position, ◀ ▶, the best move drawn, the
    marks and an accuracy graph."""
    seat = table.state
    state = {"seated": seat is not None and seat.game.log.moves > 0}
    return render(request, "casino_review.html", title="Casino review", state=state)


@router.post(
    "/api/casino/review",
    status_code=202,
    response_model=ReviewJobAnswer,
    responses=answers(*CHANGES, 404),  # 404: no such shared table
)
def start_review(
    request: Request,
    body: ReviewRequest,
    table: TableSeat,
    jobs: JobsService,
    owner: Owner,
    tables: TablesService,
) -> Response:
    """Start the review of a whole game (a job: poll ``/api/casino/jobs/<job>``). On a
    worker thread: a new job waits a moment for the browser's last one to stop."""
    player = Player.HUMAN
    if body.text is not None:
        game_file = parse_game_file(body.text, body.name.strip() or "game file")
        if game_file.log is None or not game_file.log.moves:
            raise ApiError(422, f"{body.name}: the file holds no move of the game to review")
        log = game_file.log
    elif body.table is not None:  # a shared table: this browser's moves, once it is over
        shared = tables.look(body.table, KIND, CasinoTable.from_dict)[1]
        seat = shared.seat_of(owner)
        if seat is None:
            raise ApiError(
                409, "you did not play at this table: only its players' moves are reviewed"
            )
        if not shared.match.finished:
            raise ApiError(409, "the review comes when the tournament is over")
        log, player = shared.match.log, seat
    else:
        log = table.require(NO_GAME).game.log
        if not log.moves:
            raise ApiError(409, "no move yet: play some before the review")
    job = jobs.start(owner, functools.partial(review_view, log, player=player))
    return answer(request, job.view(), status_code=202)


@router.get(
    "/api/casino/jobs/{job_id}", response_model=ReviewJobAnswer, responses=answers(*READS, 404)
)
def review_job(request: Request, job_id: JobId, jobs: JobsService, owner: Owner) -> Response:
    """A review's progress, then its result or its one-line error."""
    return answer(request, jobs.get(owner, job_id).view())


@router.delete(
    "/api/casino/jobs/{job_id}", response_model=ReviewJobAnswer, responses=answers(*SENDS, 404)
)
def stop_review(request: Request, job_id: JobId, jobs: JobsService, owner: Owner) -> Response:
    """Stop a review."""
    return answer(request, jobs.cancel(owner, job_id).view())
