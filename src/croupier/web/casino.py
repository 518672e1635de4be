"""The Casino table page (``/casino``) and its JSON API (``/api/casino/...``).

The game is :class:`croupier.casino.session.Session`, as at the terminal: the coin toss,
a tournament to 21 points against the computer at a chosen level, the expert's hint, the
review of the human's moves after each round, save and load in the course's format. This
module reads requests with the library's parsers, calls the session, and turns what
happened into JSON: the position (loose cards, builds with their value and owner, the
hand, the piles, the scores), every legal move of the human (so the page enables only
legal choices), and the events since the human's last move (the computer's moves with
their reasons, round ends with the scoring, the tournament's result).

The computer's moves and the expert's hint are searched in the server's worker pool
(:mod:`croupier.web.compute`), never in the server process: every answer of the
computer, all its moves together, comes within :data:`DEADLINE` seconds of the request,
however many games are thinking at once (a busy pool leaves each search less time, never
a player more waiting). The review of a finished round is a job of its own
(``review_job`` in the round's end event, polled at ``/api/jobs/<id>``), so the move that
ends a round is answered as fast as any other.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, Response

from croupier.cards import Card
from croupier.casino import Coin, Move, Player, State, new_tournament, toss_coin, toss_winner
from croupier.casino.errors import CasinoError
from croupier.casino.gamelog import GameLog, LoggedRound, format_log, parse_log
from croupier.casino.levels import DEFAULT_LEVEL, Level
from croupier.casino.moves import Action
from croupier.casino.review import review_round
from croupier.casino.savefile import format_save, parse_game, parse_save
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
from croupier.web.compute import Progress
from croupier.web.errors import ApiError
from croupier.web.pages import GamePage, card_view, cards_view, render
from croupier.web.schemas import CHANGES, READS, SENDS, answers
from croupier.web.schemas.casino import HintAnswer, Load, NewGame, Play, TableAnswer
from croupier.web.sessions import Session as WebSession
from croupier.web.sessions import Slot, open_session

__all__ = ["PAGE", "Seat"]

router = APIRouter()

#: Seconds the computer may think per answer, from the request's arrival: all its moves
#: of that answer together, and the expert's hint.
DEADLINE: Final = DEFAULT_DEADLINE
#: Seconds a search always gets, even when the answer's time is spent (a pool so busy
#: that a request waited its whole deadline).
MIN_THINK: Final = 0.05
#: Seconds of the deadline kept for what follows the search: the answer is built,
#: checked against its model and saved (on a loaded machine, more than a moment).
ANSWER_MARGIN: Final = 0.2

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

    def session(self, deadline: float = DEADLINE) -> Session:
        """The library's session for this seat (the tournament must not be over), the
        computer and the adviser taking at most ``deadline`` seconds a move."""
        if self.finished:
            raise ApiError(409, "the tournament is over: start a new one")
        return Session(
            self.state, None, self.rng, level=self.level, log=self.log, deadline=deadline
        )

    def keep(self, session: Session) -> None:
        """Take back what ``session`` did."""
        self.state, self.log, self.finished = session.state, session.log, session.finished

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
        return cls(Level.parse(data["level"]), state, log, rng, finished, list(data["events"]))


SEAT: Final = Slot("casino", Seat.from_dict)


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
    }


def _round_end_event(end: RoundEnd) -> dict[str, Any]:
    state = end.state
    score = end.score
    human, computer = Player.HUMAN, Player.COMPUTER
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
        # The review comes from a job the route starts (see review_jobs).
        "review": None,
        "review_job": None,
        "review_error": None,
    }
    return event


def _turn_events(turn: Turn, seat: Seat, reason: str | None, before: State) -> list[dict[str, Any]]:
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
        events.append(_round_end_event(turn.round_end))
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


def _time_left(until: float) -> float:
    return max(MIN_THINK, until - time.time())


def computer_turns(seat: Seat, until: float) -> Seat:
    """The computer's moves until it is the human's turn (or the tournament is over),
    added to the seat's events; all of them searched by ``until`` (``time.time()``).
    Runs in a worker process: takes and returns the seat (it changes the one given)."""
    session = seat.session()
    while not session.finished and session.to_move is Player.COMPUTER:
        session.strategy = level_strategy(seat.level, deadline=_time_left(until))
        decision = session.computer_decision()
        before = session.state
        turn = session.play(decision.move)
        seat.keep(session)
        seat.events += _turn_events(turn, seat, decision.reason, before)
    return seat


def expert_hint(seat: Seat, until: float) -> dict[str, Any]:
    """The expert's advice for the human's move, searched by ``until``, as JSON (in a
    worker process)."""
    game = seat.session(deadline=_time_left(until))
    decision = game.hint()
    return {"move": move_view(decision.move, table_items(game.state)), "reason": decision.reason}


def review_work(logged: LoggedRound, progress: Progress) -> dict[str, Any]:
    """The review of the human's moves in a finished round, as JSON (a job's work)."""
    progress(0, 1)
    review = review_round(logged)
    progress(1, 1)
    return review.to_dict()


def review_jobs(request: Request, seat: Seat) -> None:
    """Start the review of every round that ended in this answer, and name its job in
    the round's end event (none for a round without a move of the human's)."""
    owner = f"{request.scope['state']['session_id']}:casino-review"
    for event in seat.events:
        if event["kind"] != "round_end" or event["review_job"] is not None:
            continue
        logged = next((r for r in seat.log.rounds if r.start.round_number == event["round"]), None)
        if logged is None or not any(
            state.next_player is Player.HUMAN for state, _ in logged.positions()
        ):
            continue
        try:
            job = request.app.state.jobs.start(
                owner, functools.partial(review_work, logged), replace=False
            )
        except ApiError as refused:  # the pool is full: the move itself still counts
            event["review_error"] = refused.detail
        else:
            event["review_job"] = job.id


def _search_until(request: Request) -> float:
    """When the computer's searches for this request must end (``time.time()``)."""
    arrived: float = request.scope["state"].get("arrived", time.time())
    return arrived + DEADLINE - ANSWER_MARGIN


async def _think(request: Request, seat: Seat) -> Seat:
    """The computer's answer, searched in the worker pool by the request's deadline."""
    until = _search_until(request)
    if seat.finished or seat.state.to_move is not Player.COMPUTER:
        return seat
    thought: Seat = await request.app.state.compute.call(computer_turns, seat, until)
    return thought


@router.get("/casino", response_class=HTMLResponse)
def page(request: Request) -> Response:
    """The table."""
    with open_session(request) as session:
        state = seat_view(session.get(SEAT))
    return render(request, "casino.html", title="Casino", state=state)


@router.get("/api/casino", response_model=TableAnswer, responses=answers(*READS))
def state(request: Request) -> dict[str, Any]:
    """The table as the page shows it."""
    with open_session(request) as session:
        return seat_view(session.get(SEAT))


@router.post("/api/casino/new", response_model=TableAnswer, responses=answers(*CHANGES))
async def new_game(request: Request, body: NewGame) -> dict[str, Any]:
    """Toss the coin and start a tournament; the computer plays first if it won the toss."""
    level = Level.parse(body.level)
    call = Coin.parse(body.call)
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
    seat = await _think(request, seat)
    review_jobs(request, seat)
    async with open_session(request) as session:
        session.put(SEAT, seat)
        return seat_view(seat)


def _seat(session: WebSession) -> Seat:
    seat: Seat | None = session.get(SEAT)
    if seat is None:
        raise ApiError(409, "no game yet: start a new tournament or load a saved one")
    return seat


@router.post("/api/casino/move", response_model=TableAnswer, responses=answers(*CHANGES))
async def play(request: Request, body: Play) -> dict[str, Any]:
    """The human's move (refused with the rule it breaks), then the computer's replies."""
    async with open_session(request, SEAT) as session:
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
        seat.events = _turn_events(turn, seat, None, before)
        seat = await _think(request, seat)
        review_jobs(request, seat)
        session.put(SEAT, seat)
        return seat_view(seat)


@router.post("/api/casino/hint", response_model=HintAnswer, responses=answers(*SENDS, 409))
async def hint(request: Request) -> dict[str, Any]:
    """The expert's advice for the human's move, and why."""
    async with open_session(request, SEAT) as session:
        seat = _seat(session)
        if seat.finished or seat.state.to_move is not Player.HUMAN:
            seat.session()  # the tournament's end refuses first
            raise ApiError(409, "it is the computer's turn")
        until = _search_until(request)
        advice: dict[str, Any] = await request.app.state.compute.call(expert_hint, seat, until)
    return advice


@router.get(
    "/api/casino/save",
    response_class=PlainTextResponse,
    responses=answers(*READS, 409, text=True),
)
def save(request: Request) -> Response:
    """The game as a save file in the course's format (with its level), to download."""
    with open_session(request) as session:
        seat = _seat(session)
        if seat.finished:
            raise ApiError(409, "the tournament is over: there is nothing to save")
        text = format_save(seat.state, seat.level)
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
async def load(request: Request, body: Load) -> dict[str, Any]:
    """Resume a game from an uploaded save file, read as strictly as at the terminal."""
    saved = parse_game(body.text, body.name.strip() or "save file")
    level = saved.level or DEFAULT_LEVEL
    rng = np.random.default_rng()
    game = Session(saved.state, None, rng, level=level)
    seat = Seat(level, game.state, game.log, rng)
    seat.events = [{"kind": "loaded", "text": f"Resumed {body.name} at the {level.value} level."}]
    seat = await _think(request, seat)
    review_jobs(request, seat)
    async with open_session(request) as session:
        session.put(SEAT, seat)
        return seat_view(seat)


@router.delete("/api/casino", response_model=TableAnswer, responses=answers(*CHANGES))
def leave(request: Request) -> dict[str, Any]:
    """Leave the table."""
    with open_session(request) as session:
        session.clear(SEAT)
        return seat_view(None)


PAGE: Final = GamePage(
    key="casino",
    title="Casino",
    path="/casino",
    summary="The capture game against the computer at four levels: builds, hints with the "
    "expert's reasons, save and load, and a review of your moves after each round.",
    router=router,
)
