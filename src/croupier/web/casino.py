"""The Casino table page (``/casino``), the review page (``/casino/review``) and their
JSON API (``/api/casino/...``).

The game is :class:`croupier.casino.session.Session`, as at the terminal: the coin toss,
a tournament to 21 points against the computer at a chosen level, the expert's hint, the
review of the human's moves after each round, save and load in the course's format. This
module reads requests with the library's parsers, calls the session, and turns what
happened into JSON: the position (loose cards, builds with their value and owner, the
hand, the piles, the scores), every legal move of the human (so the page enables only
legal choices), and the events since the human's last move (the computer's moves with
their reasons, round ends with the scoring and the review, the tournament's result).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Final

import numpy as np
from fastapi import APIRouter, Path, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from pydantic import Field

from croupier.cards import Card
from croupier.casino import Coin, Move, Player, State, new_tournament, toss_coin, toss_winner
from croupier.casino.errors import CasinoError
from croupier.casino.gamelog import (
    GameLog,
    format_game_file,
    format_log,
    parse_game_file,
    parse_log,
)
from croupier.casino.judge import Judge
from croupier.casino.levels import DEFAULT_LEVEL, Level
from croupier.casino.moves import Action
from croupier.casino.puzzles import Puzzle, PuzzleHistory, load_puzzles, next_puzzle
from croupier.casino.replay import replay
from croupier.casino.review import GameReview, RoundReview, review_round
from croupier.casino.savefile import format_save, parse_save
from croupier.casino.session import (
    RoundEnd,
    Session,
    TableItem,
    Turn,
    compose_move,
    parse_selection,
    table_items,
)
from croupier.casino.strategies import DEFAULT_DEADLINE, level_strategy
from croupier.casino.strategies.levels import STRONG_SETTINGS
from croupier.web.answers import answer
from croupier.web.errors import ApiError
from croupier.web.jobs import Progress
from croupier.web.pages import GamePage, card_view, cards_view, render
from croupier.web.schemas import CHANGES, READS, SENDS, RequestModel, answers
from croupier.web.schemas.casino import (
    HintAnswer,
    PuzzleAnswerAnswer,
    PuzzlesAnswer,
    ReviewJobAnswer,
    TableAnswer,
)
from croupier.web.sessions import Slot, light, open_session

__all__ = ["PAGE", "PuzzleSeat", "Seat"]

router = APIRouter()

#: Seconds the computer may think per answer, from the request's arrival: all its moves
#: of that answer together.
DEADLINE: Final = DEFAULT_DEADLINE
#: Seconds a search always gets, even when the answer's time is spent.
MIN_THINK: Final = 0.05
#: Seconds of the deadline kept for what follows the search: the answer is built and
#: saved (on a loaded machine, more than a moment).
ANSWER_MARGIN: Final = 0.2

#: Largest seed accepted for the shuffles.
MAX_SEED: Final = 2**63 - 1
#: Largest game file accepted (bytes): a save is under 1 KiB, a whole tournament with its
#: moves about 10 KiB.
MAX_SAVE: Final = 256 * 1024

#: What each level plays, for the level picker.
LEVEL_NOTES: Final = {
    Level.BEGINNER: "plays any legal move at random",
    Level.CASUAL: "takes the most points it can now (greedy)",
    Level.STRONG: (
        f"the expert on a small budget ({STRONG_SETTINGS.samples} sampled deal, "
        f"{STRONG_SETTINGS.depth} ply)"
    ),
    Level.EXPERT: "the full expert: looks ahead over many sampled deals",
}


@dataclass(slots=True)
class Seat:
    """One browser's tournament: the session's position, log, level and shuffles, whether
    it is over, and what happened since the human's last move."""

    level: Level
    state: State
    log: GameLog
    rng: np.random.Generator
    finished: bool = False
    events: list[dict[str, Any]] = field(default_factory=list)
    #: Whether moves may be (or were) taken back: a practice game.
    practice: bool = False

    def session(self) -> Session:
        """The library's session for this seat (the tournament must not be over)."""
        if self.finished:
            raise ApiError(409, "the tournament is over: start a new one")
        return Session(
            self.state, None, self.rng, level=self.level, log=self.log, practice=self.practice
        )

    def keep(self, session: Session) -> None:
        """Take back what ``session`` did."""
        self.state, self.log, self.finished = session.state, session.log, session.finished
        self.practice = session.practice

    def to_dict(self) -> dict[str, Any]:
        """The seat as JSON-ready data (for the session file)."""
        return {
            "level": self.level.value,
            "state": None if self.finished else format_save(self.state),
            "final": format_log(GameLog((self.log.rounds[-1],))) if self.finished else None,
            "log": format_log(self.log),
            "rng": self.rng.bit_generator.state,
            "finished": self.finished,
            "events": self.events,
            "practice": self.practice,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Seat:
        """The seat saved by :meth:`to_dict` (checked as strictly as a save file)."""
        log = parse_log(data["log"], "the saved game log")
        finished = bool(data["finished"])
        if finished:
            final = parse_log(data["final"], "the saved final round").current
            if final is None:
                raise CasinoError("a finished tournament without its last round")
            state = final
        else:
            state = parse_save(data["state"], "the saved position")
        rng = np.random.default_rng()
        rng.bit_generator.state = data["rng"]
        practice = bool(data.get("practice", False))  # a seat saved before take-backs
        level = Level.parse(data["level"])
        return cls(level, state, log, rng, finished, list(data["events"]), practice)


SEAT: Final = Slot("casino", Seat.from_dict)


class NewGame(RequestModel):
    """A new tournament: the level, the call of the coin toss, and a seed if wanted."""

    level: str = Field(DEFAULT_LEVEL.value, max_length=20)
    call: str = Field("heads", max_length=10)
    seed: int | None = None


class Play(RequestModel):
    """The human's move: the card of the hand, the action, and the table items (each
    named by one of its cards, as at the terminal)."""

    card: str = Field(max_length=10)
    action: str = Field(max_length=10)
    items: list[str] = Field(default_factory=list, max_length=30)


class Load(RequestModel):
    """A game file's text (or a save file's, or a game log's), uploaded."""

    text: str = Field(max_length=MAX_SAVE)
    name: str = Field("save file", max_length=200)


def _item_view(item: TableItem) -> dict[str, Any]:
    if isinstance(item, Card):
        return {"kind": "card", "key": item.casino, "card": card_view(item)}
    return {
        "kind": "build",
        "key": item.cards[0].casino,
        "value": item.value,
        "owner": item.owner.key,
        "parts": [cards_view(part) for part in item.parts],
        "text": str(item),
    }


def _move_items(move: Move, items: tuple[TableItem, ...]) -> list[int]:
    """The indexes of the table items ``move`` names (its loose cards and builds)."""
    used = []
    for index, item in enumerate(items):
        if isinstance(item, Card):
            if item in move.loose:
                used.append(index)
        elif any(set(cards) == set(item.cards) for cards in move.builds):
            used.append(index)
    return used


def move_view(move: Move, items: tuple[TableItem, ...]) -> dict[str, Any]:
    """A move as the page uses it: the notation, the words, the card and the items."""
    return {
        "notation": str(move),
        "text": move.describe("pretty"),
        "action": move.action.value,
        "card": move.card.casino,
        "card_view": card_view(move.card),
        "items": _move_items(move, items),
    }


def position_view(state: State, *, show_legal: bool) -> dict[str, Any]:
    """The position: the table (builds first, as numbered at the terminal), the hand, the
    computer's hand size, the piles, the deck, the scores and the human's legal moves."""
    items = table_items(state)
    human, computer = Player.HUMAN, Player.COMPUTER
    legal = state.legal_moves() if show_legal and state.next_player is human else []
    return {
        "round": state.round_number,
        "table": [_item_view(item) for item in items],
        "hand": cards_view(state.hands[human]),
        "hand_keys": [card.casino for card in state.hands[human]],
        "computer_hand": len(state.hands[computer]),
        "piles": {
            "human": cards_view(state.piles[human]),
            "computer": cards_view(state.piles[computer]),
        },
        "deck": len(state.deck),
        "scores": {"human": state.scores[human], "computer": state.scores[computer]},
        "next": state.next_player.key,
        "last_capturer": None if state.last_capturer is None else state.last_capturer.key,
        "legal": [move_view(move, items) for move in legal],
    }


def seat_view(seat: Seat | None) -> dict[str, Any]:
    """Everything the page shows, as JSON."""
    levels = [{"name": level.value, "note": LEVEL_NOTES[level]} for level in Level]
    if seat is None:
        return {"seated": False, "levels": levels, "default_level": DEFAULT_LEVEL.value}
    return {
        "seated": True,
        "levels": levels,
        "default_level": DEFAULT_LEVEL.value,
        "level": seat.level.value,
        "finished": seat.finished,
        "position": position_view(seat.state, show_legal=not seat.finished),
        "events": seat.events,
        "moves_logged": seat.log.moves,
        "practice": seat.practice,
        "history": [] if seat.finished else history_view(seat),
        "can_undo": not seat.finished and seat.session().can_undo,
    }


def history_view(seat: Seat) -> list[dict[str, Any]]:
    """This round's moves so far (those before a loaded save included): who, the move's
    notation and words."""
    return [
        {
            "player": turn.player.key,
            "notation": str(turn.move),
            "text": turn.move.describe("pretty"),
            "card_view": card_view(turn.move.card),
        }
        for turn in seat.session().round_history()
    ]


def _round_review(seat: Seat, until: float) -> RoundReview | None:
    """The review of the human's moves in the round just ended, by the judge (a fixed
    amount of work, whatever the answer's time left: the same verdicts as the review
    page's)."""
    if not seat.log.rounds:
        return None
    return review_round(seat.log.rounds[-1], judge=Judge())


def _round_end_event(end: RoundEnd, seat: Seat, until: float) -> dict[str, Any]:
    state = end.state
    score = end.score
    human, computer = Player.HUMAN, Player.COMPUTER
    review = _round_review(seat, until)
    event: dict[str, Any] = {
        "kind": "round_end",
        "round": state.round_number,
        "leftover": cards_view(end.leftover),
        "last_capturer": None if state.last_capturer is None else state.last_capturer.key,
        "piles": {
            "human": cards_view(state.piles[human]),
            "computer": cards_view(state.piles[computer]),
        },
        "items": [
            {
                "name": item.item.name,
                "human": {"cards": item.counts[human], "points": item.points[human]},
                "computer": {"cards": item.counts[computer], "points": item.points[computer]},
            }
            for item in score.items
        ],
        "points": {"human": score.points[human], "computer": score.points[computer]},
        "before": {"human": state.scores[human], "computer": state.scores[computer]},
        "totals": {"human": end.totals[human], "computer": end.totals[computer]},
        "review": None if review is None else review.to_dict(),
    }
    return event


def _turn_events(
    turn: Turn, seat: Seat, reason: str | None, before: State, until: float
) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = [
        {
            "kind": "move",
            "player": turn.player.key,
            "move": move_view(turn.move, table_items(before)),
            "reason": reason,
            "position": position_view(turn.state, show_legal=False),
        }
    ]
    if turn.round_end is not None:
        events.append(_round_end_event(turn.round_end, seat, until))
        if turn.round_end.tournament_over:
            winner = turn.round_end.winner
            human, computer = turn.round_end.totals
            events.append(
                {
                    "kind": "tournament_over",
                    "winner": None if winner is None else winner.key,
                    "totals": {"human": human, "computer": computer},
                }
            )
    return events


def computer_turns(seat: Seat, until: float) -> Seat:
    """The computer's moves until it is the human's turn (or the tournament is over),
    added to the seat's events, all searched by ``until`` (``time.time()``). Runs in a
    worker process: takes the seat and returns it changed."""
    session = seat.session()
    while not session.finished and session.to_move is Player.COMPUTER:
        left = max(MIN_THINK, until - time.time())
        session.strategy = level_strategy(seat.level, deadline=left)
        decision = session.computer_decision()
        before = session.state
        turn = session.play(decision.move)
        seat.keep(session)
        seat.events += _turn_events(turn, seat, decision.reason, before, until)
    return seat


def answer_move(seat: Seat, turn: Turn, before: State, until: float) -> Seat:
    """What follows the human's move ``turn`` (played from ``before``): its events (the
    review, if it ended a round), then the computer's moves, all by ``until``. Runs in a
    worker process: takes the seat and returns it changed."""
    seat.events = _turn_events(turn, seat, None, before, until)
    if seat.finished or seat.state.to_move is not Player.COMPUTER:
        return seat
    return computer_turns(seat, until)


#: The most of the deadline kept for what follows the search, when the last answers
#: came out late (a loaded machine): the computer then still thinks for 0.3 s.
MOST_MARGIN: Final = 0.7


def _answer_deadline(request: Request) -> float:
    """When the computer's thinking for ``request`` must end (``time.time()``): the
    request's deadline less :data:`ANSWER_MARGIN`, or less more than that when the last
    answers came out late (up to :data:`MOST_MARGIN`; see
    :class:`~croupier.web.compute.Lateness`)."""
    arrived: float = request.scope.get("state", {}).get("arrived", time.time())
    margin: float = request.app.state.compute.lateness.margin(ANSWER_MARGIN, MOST_MARGIN)
    return arrived + DEADLINE - margin


def _searched(request: Request, until: float) -> None:
    """Note how late past the search's end time ``until`` the answer is ready."""
    request.app.state.compute.lateness.note(time.time() - until)


def _computer_replies(request: Request, seat: Seat) -> Seat:
    """The computer's answer, searched in the server's worker pool (never in the server
    process) by the request's own deadline: :data:`DEADLINE` seconds from its arrival,
    all its moves together, less :data:`ANSWER_MARGIN` for building the answer."""
    if seat.finished or seat.state.to_move is not Player.COMPUTER:
        return seat
    until = _answer_deadline(request)
    thought: Seat = request.app.state.compute.run(computer_turns, seat, until)
    _searched(request, until)
    return thought


def _page(request: Request) -> Response:
    with open_session(request) as session:
        state = seat_view(session.get(SEAT))
    return render(request, "casino.html", title="Casino", state=state)


@router.get("/casino", response_class=HTMLResponse)
async def page(request: Request) -> Response:
    """The table (on the event loop when it may: see croupier.web.sessions.light)."""
    return await light(request, _page, request)


def _state(request: Request) -> Response:
    with open_session(request) as session:
        return answer(request, seat_view(session.get(SEAT)))


@router.get("/api/casino", response_model=TableAnswer, responses=answers(*READS))
async def state(request: Request) -> Response:
    """The table as the page shows it."""
    return await light(request, _state, request)


@router.post("/api/casino/new", response_model=TableAnswer, responses=answers(*CHANGES))
def new_game(request: Request, body: NewGame) -> Response:
    """Toss the coin and start a tournament; the computer plays first if it won the toss."""
    level = Level.parse(body.level)
    call = Coin.parse(body.call)
    if body.seed is not None and not 0 <= body.seed <= MAX_SEED:
        raise ApiError(422, f"bad seed {body.seed}: expected 0 to {MAX_SEED}")
    rng = np.random.default_rng(body.seed)
    toss = toss_coin(rng)
    first = toss_winner(call, toss)
    seat = Seat(level, new_tournament(first, rng=rng), GameLog(level=level), rng)
    who = "you play first" if first is Player.HUMAN else "the computer plays first"
    seat.events = [
        {
            "kind": "toss",
            "call": call.value,
            "toss": toss.value,
            "first": first.key,
            "text": f"The coin shows {toss.value}: you called {call.value}, so {who}.",
        }
    ]
    seat = _computer_replies(request, seat)
    with open_session(request) as session:
        session.put(SEAT, seat)
        return answer(request, seat_view(seat))


def _seat(session: Any) -> Seat:
    seat: Seat | None = session.get(SEAT)
    if seat is None:
        raise ApiError(409, "no game yet: start a new tournament or load a saved one")
    return seat


@router.post("/api/casino/move", response_model=TableAnswer, responses=answers(*CHANGES))
def play(request: Request, body: Play) -> Response:
    """The human's move (refused with the rule it breaks), then the computer's replies."""
    with open_session(request) as session:
        seat = _seat(session)
        game = seat.session()
        if game.to_move is not Player.HUMAN:
            raise ApiError(409, "it is the computer's turn")
        before = game.state
        hand = before.hand(Player.HUMAN)
        card = next((c for c in hand if c.casino == body.card.strip().upper()), None)
        if card is None:
            raise ApiError(422, f"{body.card!r} is not a card of your hand")
        action = Action.parse(body.action)
        chosen = parse_selection(" ".join(body.items), table_items(before))
        move = compose_move(card, action, chosen)
        turn = game.play(move)  # an illegal move raises, with the rule's sentence
        seat.keep(game)
        until = _answer_deadline(request)
        searched = turn.round_end is not None or seat.state.to_move is Player.COMPUTER
        if searched:  # the round's review and the computer's replies: in the worker pool
            seat = request.app.state.compute.run(answer_move, seat, turn, before, until)
        else:
            seat.events = _turn_events(turn, seat, None, before, until)  # nothing to search
        session.put(SEAT, seat)
        answered = answer(request, seat_view(seat))
    if searched:  # the answer built and saved: how late it is
        _searched(request, until)
    return answered


@router.post("/api/casino/hint", response_model=HintAnswer, responses=answers(*SENDS, 409))
def hint(request: Request) -> Response:
    """The expert's advice for the human's move, and why."""
    with open_session(request) as session:
        seat = _seat(session)
        game = seat.session()
        if game.to_move is not Player.HUMAN:
            raise ApiError(409, "it is the computer's turn")
        until = _answer_deadline(request)
        advice: dict[str, Any] = request.app.state.compute.run(expert_hint, seat, until)
        _searched(request, until)
        return answer(request, advice)


def expert_hint(seat: Seat, until: float) -> dict[str, Any]:
    """The expert's advice for the human's move, searched by ``until`` (in a worker)."""
    game = seat.session()
    decision = game.hint()
    return {"move": move_view(decision.move, table_items(game.state)), "reason": decision.reason}


@router.post("/api/casino/undo", response_model=TableAnswer, responses=answers(*CHANGES))
def undo(request: Request) -> Response:
    """Take back the human's last move and the computer's replies (a practice game)."""
    with open_session(request) as session:
        seat = _seat(session)
        game = seat.session()
        taken = game.undo()  # refused with the reason when there is nothing to take back
        seat.keep(game)
        seat.events = [
            {
                "kind": "undo",
                "text": f"Taken back: {', '.join(map(str, taken))}. A practice game: your "
                "moves can be taken back.",
            }
        ]
        session.put(SEAT, seat)
        return answer(request, seat_view(seat))


@router.get(
    "/api/casino/save",
    response_class=PlainTextResponse,
    responses=answers(*READS, 409, text=True),
)
def save(request: Request) -> Response:
    """The game as one game file: the position in the course's save format (with its
    level, and whether it is a practice game), then every move of the game, for
    ``croupier casino play --load``, ``croupier casino review`` and Load."""
    with open_session(request) as session:
        seat = _seat(session)
        text = format_game_file(seat.state, seat.log, seat.level, practice=seat.practice)
    return PlainTextResponse(
        text, headers={"Content-Disposition": 'attachment; filename="casino-game.txt"'}
    )


@router.get(
    "/api/casino/log",
    response_class=PlainTextResponse,
    responses=answers(*READS, 409, text=True),
)
def log(request: Request) -> Response:
    """The game log (every move so far), to download and review with ``casino review``."""
    with open_session(request) as session:
        text = format_log(_seat(session).log)
    return PlainTextResponse(
        text, headers={"Content-Disposition": 'attachment; filename="casino-game.log"'}
    )


@router.post("/api/casino/load", response_model=TableAnswer, responses=answers(*CHANGES))
def load(request: Request, body: Load) -> Response:
    """Resume a game from an uploaded game file (or save file, or game log), read as
    strictly as at the terminal."""
    game_file = parse_game_file(body.text, body.name.strip() or "game file")
    level = game_file.level or DEFAULT_LEVEL
    rng = np.random.default_rng()
    game = Session(
        game_file.state, None, rng, level=level, log=game_file.log, practice=game_file.practice
    )
    seat = Seat(level, game.state, game.log, rng, practice=game.practice)
    seat.events = [{"kind": "loaded", "text": f"Resumed {body.name} at the {level.value} level."}]
    seat = _computer_replies(request, seat)
    with open_session(request) as session:
        session.put(SEAT, seat)
        return answer(request, seat_view(seat))


class ReviewRequest(RequestModel):
    """A game to review: an uploaded game file (or game log), or, without one, the game at
    this browser's table."""

    text: str | None = Field(None, max_length=MAX_SAVE)
    name: str = Field("game file", max_length=200)


@router.get("/casino/review", response_class=HTMLResponse)
def review_page(request: Request) -> Response:
    """The review of a game as a replay: every position, ◀ ▶, the best move drawn, the
    marks and an accuracy graph."""
    with open_session(request) as session:
        seat = session.get(SEAT)
    state = {"seated": seat is not None and seat.log.moves > 0}
    return render(request, "casino_review.html", title="Casino review", state=state)


@router.post(
    "/api/casino/review",
    status_code=202,
    response_model=ReviewJobAnswer,
    responses=answers(*CHANGES),
)
def start_review(request: Request, body: ReviewRequest) -> Response:
    """Start the review of a whole game (a job: poll ``/api/casino/jobs/<job>``)."""
    if body.text is not None:
        game_file = parse_game_file(body.text, body.name.strip() or "game file")
        if game_file.log is None or not game_file.log.moves:
            raise ApiError(422, f"{body.name}: the file holds no move of the game to review")
        log = game_file.log
    else:
        with open_session(request) as session:
            log = _seat(session).log
        if not log.moves:
            raise ApiError(409, "no move yet: play some before the review")
    owner = request.scope["state"]["session_id"]
    job = request.app.state.jobs.start(owner, functools.partial(review_view, log))
    return answer(request, job.view(), status_code=202)


def review_view(log: GameLog, progress: Progress | None = None) -> dict[str, Any]:
    """The review of ``log`` as the replay page shows it: the summary, then every move
    with the position before it, the move played, and for the human's moves the verdict
    and the best move (``progress(done, total)`` is told each round reviewed). The same
    verdicts as ``croupier casino review``: a fixed amount of search, no clock."""
    judge = Judge()
    rounds = []
    for done, logged in enumerate(log.rounds):
        if progress is not None:
            progress(done, len(log.rounds))
        reviewed = review_round(logged, judge=judge)
        if reviewed.moves:
            rounds.append(reviewed)
    result = GameReview(Player.HUMAN, tuple(rounds))
    summary = {key: value for key, value in result.to_dict().items() if key != "rounds"}
    steps = []
    for step in replay(log, result):
        items = table_items(step.before)
        verdict = step.review
        steps.append(
            {
                "round": step.round_number,
                "number": step.number,
                "player": step.player.key,
                "position": position_view(step.before, show_legal=False),
                "move": move_view(step.move, items),
                "best": None if verdict is None else move_view(verdict.best, items),
                "review": None if verdict is None else verdict.to_dict(),
            }
        )
    return {"summary": summary, "steps": steps}


@router.get(
    "/api/casino/jobs/{job_id}", response_model=ReviewJobAnswer, responses=answers(*READS, 404)
)
def review_job(request: Request, job_id: Annotated[str, Path(max_length=64)]) -> Response:
    """A review's progress, then its result or its one-line error."""
    return answer(request, request.app.state.jobs.get(_owner(request), job_id).view())


@router.delete(
    "/api/casino/jobs/{job_id}", response_model=ReviewJobAnswer, responses=answers(*SENDS, 404)
)
def stop_review(request: Request, job_id: Annotated[str, Path(max_length=64)]) -> Response:
    """Stop a review."""
    return answer(request, request.app.state.jobs.cancel(_owner(request), job_id).view())


def _owner(request: Request) -> str:
    owner: str = request.scope["state"]["session_id"]
    return owner


# --- puzzles --------------------------------------------------------------------------


@dataclass(slots=True)
class PuzzleSeat:
    """One browser's puzzles: the history (ratings and answers, as at the terminal) and
    the puzzle on show."""

    history: PuzzleHistory
    current: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The seat as JSON-ready data (for the session file)."""
        return {"history": self.history.to_dict(), "current": self.current}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PuzzleSeat:
        """The seat saved by :meth:`to_dict` (checked)."""
        current = data.get("current")
        return cls(
            PuzzleHistory.from_dict(data["history"]), None if current is None else str(current)
        )


PUZZLES: Final = Slot("casino-puzzles", PuzzleSeat.from_dict)


class PuzzleAnswer(RequestModel):
    """The answer to the puzzle on show: its id and the move's notation."""

    id: str = Field(max_length=40)
    move: str = Field(max_length=200)


def puzzle_view(puzzle: Puzzle, seat: PuzzleSeat) -> dict[str, Any]:
    """A puzzle as its page draws it, from the solver's side: the table, both hands (every
    card is known in a last deal), the piles, the scores, the legal moves, the ratings."""
    state = puzzle.state
    me, them = puzzle.player, puzzle.player.other
    items = table_items(state)
    history = seat.history
    return {
        "id": puzzle.id,
        "rating": round(history.rating_of(puzzle).rating),
        "player": me.key,
        "round": state.round_number,
        "table": [_item_view(item) for item in items],
        "hand": cards_view(state.hands[me]),
        "opponent_hand": cards_view(state.hands[them]),
        "piles": {"mine": len(state.piles[me]), "theirs": len(state.piles[them])},
        "scores": {"mine": state.scores[me], "theirs": state.scores[them]},
        "legal": [move_view(move, items) for move in state.legal_moves()],
    }


def puzzles_view(seat: PuzzleSeat, puzzle: Puzzle) -> dict[str, Any]:
    """The page's state: the puzzle on show and the player's record."""
    history = seat.history
    return {
        "puzzle": puzzle_view(puzzle, seat),
        "player": {
            "rating": round(history.player.rating),
            "deviation": round(history.player.deviation),
            "solved": history.solved,
            "tried": len(history.attempts),
        },
    }


def _puzzle_seat(session: Any) -> tuple[PuzzleSeat, Puzzle]:
    """The browser's puzzle seat and the puzzle on show (a new one if there is none)."""
    puzzles = {puzzle.id: puzzle for puzzle in load_puzzles()}
    seat: PuzzleSeat | None = session.get(PUZZLES)
    if seat is None:
        seat = PuzzleSeat(PuzzleHistory())
    if seat.current not in puzzles:
        seat.current = next_puzzle(list(puzzles.values()), seat.history).id
        session.put(PUZZLES, seat)
    assert seat.current is not None
    return seat, puzzles[seat.current]


@router.get("/casino/puzzles", response_class=HTMLResponse)
def puzzles_page(request: Request) -> Response:
    """The puzzles: a position where one move is clearly best; find it."""
    with open_session(request) as session:
        seat, puzzle = _puzzle_seat(session)
        state = puzzles_view(seat, puzzle)
    return render(request, "casino_puzzles.html", title="Casino puzzles", state=state)


@router.get("/api/casino/puzzles", response_model=PuzzlesAnswer, responses=answers(*READS))
def puzzles_state(request: Request) -> Response:
    """The puzzle on show and the player's record."""
    with open_session(request) as session:
        seat, puzzle = _puzzle_seat(session)
        return answer(request, puzzles_view(seat, puzzle))


@router.post(
    "/api/casino/puzzles/answer", response_model=PuzzleAnswerAnswer, responses=answers(*CHANGES)
)
def answer_puzzle(request: Request, body: PuzzleAnswer) -> Response:
    """The verdict on an answer, the ratings after it (Glicko-2), then the next puzzle."""
    with open_session(request) as session:
        seat, puzzle = _puzzle_seat(session)
        if body.id != puzzle.id:
            raise ApiError(409, f"puzzle {body.id!r} is not the one on show ({puzzle.id})")
        verdict = puzzle.check(Move.parse(body.move))  # an illegal move: the rule's sentence
        before = seat.history.player.rating
        seat.history = seat.history.record(puzzle, verdict)
        seat.current = None
        session.put(PUZZLES, seat)
        seat, following = _puzzle_seat(session)
        verdict_view = {
            "verdict": verdict.to_dict(),
            "change": round(seat.history.player.rating - before),
            "puzzle_rating": round(seat.history.rating_of(puzzle).rating),
            **puzzles_view(seat, following),
        }
        return answer(request, verdict_view)


@router.delete("/api/casino", response_model=TableAnswer, responses=answers(*CHANGES))
def leave(request: Request) -> Response:
    """Leave the table."""
    with open_session(request) as session:
        session.clear(SEAT)
        return answer(request, seat_view(None))


PAGE: Final = GamePage(
    key="casino",
    title="Casino",
    path="/casino",
    summary="The capture game against the computer at four levels: builds, hints with the "
    "expert's reasons, save and load, and a review of your moves after each round.",
    router=router,
)
