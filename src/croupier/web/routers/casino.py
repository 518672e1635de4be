"""The Casino table against the computer (``/casino``) and its JSON API (``/api/casino``).

The game is the library's :class:`~croupier.casino.session.Session`, as at the terminal:
the coin toss, a tournament to 21 points at a chosen level, the expert's hint, take-backs
in a practice game, save and load in the course's format. The session decides whose turn
it is and plays the computer's replies; a route reads the request, hands the search to
the worker pool (:func:`~croupier.web.views.casino.answer_move`), keeps the seat and
answers the table (:func:`~croupier.web.views.casino.table_view`).

The judge's part of an answer is off the request path: the computer's moves come with
the judge's plain words, and what its look-ahead adds (when a bigger capture was there:
up to a second or two of work) and the review of a round just ended come from jobs
(:mod:`croupier.web.jobs`) that the route starts as it answers, named in the events
(``reason_job``, ``review_job``) and polled at ``/api/casino/judging/<job>``. Each change
of the game (a move, a new game, a load, a take-back, leaving) cancels the jobs of the
answer before it, whose words would be stale; the page drops them too.
"""

from __future__ import annotations

import functools
import time
from typing import Annotated, Final

import numpy as np
from anyio import to_thread
from fastapi import Request
from fastapi.responses import PlainTextResponse, Response

from croupier.casino import Coin, Player, toss_coin, toss_winner
from croupier.casino.gamelog import format_game_file, format_log, parse_game_file
from croupier.casino.levels import DEFAULT_LEVEL, Level
from croupier.casino.session import Session
from croupier.casino.strategies import DEFAULT_DEADLINE
from croupier.web.answers import answer
from croupier.web.compute import Compute
from croupier.web.dependencies import ComputePool, JobsService, Owner, Seat, seat
from croupier.web.errors import ApiError
from croupier.web.jobs import Jobs
from croupier.web.pages import game_router, page_and_state
from croupier.web.routers.jobs import add_job_routes
from croupier.web.schemas import CHANGES, READS, SENDS, answers
from croupier.web.schemas.casino import (
    HintAnswer,
    JudgingJobAnswer,
    Load,
    NewGame,
    Play,
    TableAnswer,
)
from croupier.web.sessions import Slot
from croupier.web.views.casino import (
    CasinoSeat,
    Later,
    add_turns,
    answer_move,
    expert_hint,
    judged_reasons,
    judged_review,
    reply,
    table_view,
    toss_event,
)

__all__ = ["NO_GAME", "SEAT", "TableSeat", "router"]

router = game_router("casino")

#: Seconds the computer may think per answer, from the request's arrival: all its moves
#: of that answer together.
DEADLINE: Final = DEFAULT_DEADLINE
#: Seconds of the deadline kept for what follows the search: the answer is built and
#: saved (on a loaded machine, more than a moment).
ANSWER_MARGIN: Final = 0.2
#: The most of the deadline kept for what follows the search, when the last answers
#: came out late (a loaded machine): the computer then still thinks for 0.3 s.
MOST_MARGIN: Final = 0.7

#: The browser's tournament against the computer.
SEAT: Final = Slot("casino", CasinoSeat.from_dict)
#: A route's seat at the table.
TableSeat = Annotated[Seat[CasinoSeat], seat(SEAT)]
#: The refusal without a game.
NO_GAME: Final = "no game yet: start a new tournament or load a saved one"
#: The kind of job the judge's work left for later is (its owner: ``<session>:<kind>``).
JUDGING: Final = "casino-judging"


def answer_deadline(request: Request, compute: Compute) -> float:
    """When the computer's thinking for ``request`` must end (``time.time()``): the
    request's deadline less :data:`ANSWER_MARGIN`, or less more than that when the last
    answers came out late (up to :data:`MOST_MARGIN`; see
    :class:`~croupier.web.compute.Lateness`)."""
    arrived: float = request.scope.get("state", {}).get("arrived", time.time())
    return arrived + DEADLINE - compute.lateness.margin(ANSWER_MARGIN, MOST_MARGIN)


async def search(request: Request, compute: Compute, seat: CasinoSeat) -> tuple[CasinoSeat, Later]:
    """The computer's replies, searched in the worker pool (never in the server process)
    by the request's own deadline; how late the search came back is noted. With them,
    the judge's work they leave for later."""
    if not seat.game.awaits_computer:
        return seat, Later()
    until = answer_deadline(request, compute)
    thought = await compute.call(reply, seat, until)
    compute.lateness.note(time.time() - until)
    return thought


async def judge_later(
    jobs: Jobs, owner: str, seat: CasinoSeat | None = None, later: Later | None = None
) -> None:
    """Cancel the judge's jobs of the browser's last answer (stale now), then start
    those ``later`` holds for ``seat``'s answer, naming each job in its events. A job
    the jobs' pool refuses (it is full) leaves the plain reason, and the round's review
    says why it does not come."""
    kind = f"{owner}:{JUDGING}"

    def start() -> None:
        jobs.cancel_all(kind)
        if seat is None or later is None:
            return
        if later.reasons:
            try:
                job = jobs.start(kind, functools.partial(judged_reasons, later.reasons),
                                 replace=False)  # fmt: skip
            except ApiError:
                pass  # the plain words stand
            else:
                for index, _ in later.reasons:
                    event = seat.events[index]
                    if event["kind"] == "move":
                        event["reason_job"] = job.id
        for index, logged in later.reviews:
            event = seat.events[index]
            if event["kind"] != "round_end":
                continue
            try:
                job = jobs.start(kind, functools.partial(judged_review, logged), replace=False)
            except ApiError as exc:
                event["review_error"] = f"{exc.detail} (the Review page reviews the whole game)"
            else:
                event["review_job"] = job.id

    if jobs.store.local:
        start()
    else:  # a database over the network: not on the event loop
        await to_thread.run_sync(start)


page_and_state(
    router,
    page="/casino",
    api="/api/casino",
    template="casino.html",
    title="Casino",
    slot=SEAT,
    view=table_view,
    response_model=TableAnswer,
)


@router.post("/api/casino/new", response_model=TableAnswer, responses=answers(*CHANGES))
async def new_game(
    request: Request,
    body: NewGame,
    table: TableSeat,
    compute: ComputePool,
    jobs: JobsService,
    owner: Owner,
) -> Response:
    """Toss the coin and start a tournament; the computer plays first if it won the toss."""
    level, call = Level.parse(body.level), Coin.parse(body.call)
    rng = np.random.default_rng(body.seed)
    toss = toss_coin(rng)
    first = toss_winner(call, toss)
    seat = CasinoSeat(Session.new(first, rng=rng, level=level), [toss_event(call, toss, first)])
    seat, later = await search(request, compute, seat)
    await judge_later(jobs, owner, seat, later)
    table.put(seat)
    return answer(request, table_view(seat))


@router.post("/api/casino/move", response_model=TableAnswer, responses=answers(*CHANGES))
async def play(
    request: Request,
    body: Play,
    table: TableSeat,
    compute: ComputePool,
    jobs: JobsService,
    owner: Owner,
) -> Response:
    """The human's move (refused with the rule it breaks), then the computer's replies;
    the judge's words on them and the review of a round that ended come later (jobs)."""
    seat = table.require(NO_GAME)
    turn = seat.game.play_parts(body.card, body.action, body.items, by=Player.HUMAN)
    until = answer_deadline(request, compute)
    if not seat.game.awaits_computer:  # nothing to search
        seat.events = []
        later = add_turns(seat, [turn])
    else:  # the computer's replies: in the worker pool
        seat, later = await compute.call(answer_move, seat, turn, until)
        compute.lateness.note(time.time() - until)
    await judge_later(jobs, owner, seat, later)
    table.put(seat)
    return answer(request, table_view(seat))


@router.post("/api/casino/hint", response_model=HintAnswer, responses=answers(*SENDS, 409))
async def hint(request: Request, table: TableSeat, compute: ComputePool) -> Response:
    """The judge's advice for the human's move, why, and what the other moves lose (a
    fixed amount of work, not the clock: the review's verdicts)."""
    seat = table.require(NO_GAME)
    seat.game.check_turn(Player.HUMAN)
    return answer(request, await compute.call(expert_hint, seat))


@router.post("/api/casino/undo", response_model=TableAnswer, responses=answers(*CHANGES))
async def undo(request: Request, table: TableSeat, jobs: JobsService, owner: Owner) -> Response:
    """Take back the human's last move and the computer's replies (a practice game)."""
    seat = table.require(NO_GAME)
    taken = seat.game.undo()  # refused with the reason when there is nothing to take back
    await judge_later(jobs, owner)
    text = (
        f"Taken back: {', '.join(map(str, taken))}. A practice game: your moves can be taken back."
    )
    seat.events = [{"kind": "undo", "text": text}]
    table.put(seat)
    return answer(request, table_view(seat))


def _attachment(text: str, name: str) -> Response:
    return PlainTextResponse(
        text, headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )


@router.get(
    "/api/casino/save", response_class=PlainTextResponse, responses=answers(*READS, 409, text=True)
)
async def save(table: TableSeat) -> Response:
    """The game as one game file: the position in the course's save format (with its
    level, and whether it is a practice game), then every move of the game, for
    ``croupier casino play --load``, ``croupier casino review`` and Load."""
    game = table.require(NO_GAME).game
    text = format_game_file(game.state, game.log, game.level, practice=game.practice)
    return _attachment(text, "casino-game.txt")


@router.get(
    "/api/casino/log", response_class=PlainTextResponse, responses=answers(*READS, 409, text=True)
)
async def log(table: TableSeat) -> Response:
    """The game log (every move so far), to download and review with ``casino review``."""
    return _attachment(format_log(table.require(NO_GAME).game.log), "casino-game.log")


@router.post("/api/casino/load", response_model=TableAnswer, responses=answers(*CHANGES))
async def load(
    request: Request,
    body: Load,
    table: TableSeat,
    compute: ComputePool,
    jobs: JobsService,
    owner: Owner,
) -> Response:
    """Resume a game from an uploaded game file (or save file, or game log), read as
    strictly as at the terminal."""
    game_file = parse_game_file(body.text, body.name.strip() or "game file")
    level = game_file.level or DEFAULT_LEVEL
    game = Session(game_file.state, None, np.random.default_rng(), level=level,
                   log=game_file.log, practice=game_file.practice)  # fmt: skip
    text = f"Resumed {body.name} at the {level.value} level."
    seat, later = await search(
        request, compute, CasinoSeat(game, [{"kind": "loaded", "text": text}])
    )
    await judge_later(jobs, owner, seat, later)
    table.put(seat)
    return answer(request, table_view(seat))


@router.delete("/api/casino", response_model=TableAnswer, responses=answers(*CHANGES))
async def leave(request: Request, table: TableSeat, jobs: JobsService, owner: Owner) -> Response:
    """Leave the table."""
    await judge_later(jobs, owner)
    table.clear()
    return answer(request, table_view(None))


add_job_routes(
    router,
    "/api/casino/judging/{job_id}",
    JudgingJobAnswer,
    "the judge's work an answer left for later (the whole reasons, a round's review)",
)
