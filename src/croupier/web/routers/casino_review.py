"""The Casino review page (``/casino/review``): a game's review as a replay, and its job.

The review of a whole game is long work: ``POST /api/casino/review`` starts it as a job
(:mod:`croupier.web.jobs`) on an uploaded game file or on the game at this browser's
table, and the page polls ``/api/casino/jobs/<job>`` until the review comes
(:func:`~croupier.web.views.casino.review_view`: every position, the move played, the
best move and the verdict, as ``croupier casino review`` gives them).

Learn from your mistakes: each move the review marked is an exercise. The page sends an
answer (``POST /api/casino/review/answer``: the same game, the step, the move tried),
the rules check it at once, and the judge's word on it
(:func:`~croupier.web.views.casino.exercise_answer_view`, through
:class:`croupier.casino.learn.Exercise`) comes from a job polled at
``/api/casino/answers/<job>``; a browser's new answer stops its last one.
"""

from __future__ import annotations

import functools
from typing import Annotated

from fastapi import Path, Request
from fastapi.responses import HTMLResponse, Response

from croupier.casino import Player
from croupier.casino.gamelog import GameLog, parse_game_file
from croupier.casino.replay import replay
from croupier.casino.session import move_from_parts
from croupier.web.answers import answer
from croupier.web.dependencies import JobsService, Owner, TablesService
from croupier.web.errors import ApiError
from croupier.web.pages import game_router
from croupier.web.routers.casino import NO_GAME, TableSeat
from croupier.web.routers.jobs import add_job_routes
from croupier.web.routers.match import KIND
from croupier.web.schemas import CHANGES, READS, SENDS, answers
from croupier.web.schemas.casino_review import (
    AnswerJobAnswer,
    AnswerRequest,
    ReviewJobAnswer,
    ReviewRequest,
)
from croupier.web.templating import render
from croupier.web.views.casino import exercise_answer_view, review_view
from croupier.web.views.match import CasinoTable

__all__ = ["router"]

router = game_router("casino review")

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
    log, player = _game(body, table, owner, tables)
    job = jobs.start(owner, functools.partial(review_view, log, player=player))
    return answer(request, job.view(), status_code=202)


@router.post(
    "/api/casino/review/answer",
    status_code=202,
    response_model=AnswerJobAnswer,
    responses=answers(*CHANGES, 404),  # 404: no such shared table
)
def start_answer(
    request: Request,
    body: AnswerRequest,
    table: TableSeat,
    jobs: JobsService,
    owner: Owner,
    tables: TablesService,
) -> Response:
    """Check an answer to an exercise: the move tried (its parts, as the table sends
    them) in the position of the review's step ``step`` (one of the reviewed player's
    moves). The rules check it now (an illegal move is refused with the rule's
    sentence); the judge's word comes from a job (poll ``/api/casino/answers/<job>``),
    which stops the browser's last answer's."""
    log, player = _game(body, table, owner, tables)
    steps = replay(log)
    if body.step >= len(steps):
        raise ApiError(422, f"step {body.step}: the game has {len(steps)} moves")
    step = steps[body.step]
    if step.player is not player:
        raise ApiError(422, f"step {body.step}: not a move of the player reviewed")
    move = move_from_parts(step.before, body.card, body.action, body.items)
    problem = step.before.check(move)
    if problem is not None:
        raise problem
    work = functools.partial(
        exercise_answer_view, body.step, step.before, step.move, step.number, move
    )
    job = jobs.start(f"{owner}:casino-learn", work)
    return answer(request, job.view(), status_code=202)


def _game(
    body: ReviewRequest, table: TableSeat, owner: str, tables: TablesService
) -> tuple[GameLog, Player]:
    """The game ``body`` names (a file's, a finished shared table's, this browser's
    table's) and the player whose moves are reviewed."""
    if body.text is not None:
        game_file = parse_game_file(body.text, body.name.strip() or "game file")
        if game_file.log is None or not game_file.log.moves:
            raise ApiError(422, f"{body.name}: the file holds no move of the game to review")
        return game_file.log, Player.HUMAN
    if body.table is not None:  # a shared table: this browser's moves, once it is over
        shared = tables.look(body.table, KIND, CasinoTable.from_dict)[1]
        seat = shared.seat_of(owner)
        if seat is None:
            raise ApiError(
                409, "you did not play at this table: only its players' moves are reviewed"
            )
        if not shared.match.finished:
            raise ApiError(409, "the review comes when the tournament is over")
        return shared.match.log, seat
    log = table.require(NO_GAME).game.log
    if not log.moves:
        raise ApiError(409, "no move yet: play some before the review")
    return log, Player.HUMAN


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


add_job_routes(router, "/api/casino/answers/{job_id}", AnswerJobAnswer, "the judging of an answer")
