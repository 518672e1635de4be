"""The counting trainer page (``/baccarat/trainer``) and its JSON API
(``/api/baccarat/trainer...``).

The drill is :class:`croupier.baccarat.trainer.Drill`, as at the terminal: the page
starts one, shows each group of cards one at a time at the chosen pace (in flash mode
hides it after the drill's flash time), asks for the running and true counts, and sends
the answers (as typed, with the seconds they took); the library scores them. A finished
drill is added to the user's history, the same files ``croupier baccarat trainer`` keeps
(:mod:`croupier.baccarat.trainerlog`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Annotated, Any, Final

from fastapi import Query, Request
from fastapi.responses import Response

from croupier.baccarat.trainer import (
    COUNT_CHOICES,
    MAX_DRILL_CARDS,
    TRUE_COUNT_TOLERANCE,
    Answer,
    Drill,
    parse_running,
    parse_true,
    trainer_count,
)
from croupier.baccarat.trainerlog import (
    check_user,
    read_history,
    save_session,
    session_record,
)
from croupier.web.answers import answer
from croupier.web.dependencies import Seat, seat
from croupier.web.pages import game_router, page_and_state
from croupier.web.people import Person, PersonSeat
from croupier.web.schemas import CHANGES, READS, answers
from croupier.web.schemas.baccarat_trainer import (
    Checkpoint,
    CountChoice,
    HistoryAnswer,
    Reply,
    Start,
    TrainerAnswer,
)
from croupier.web.sessions import Slot
from croupier.web.views.cards import cards_view

__all__ = ["TRAINER", "TrainerSeat", "router"]

router = game_router("baccarat trainer")


@dataclasses.dataclass(slots=True)
class TrainerSeat:
    """One browser's drill: the drill, whose it is, its seed, and whether it is saved."""

    drill: Drill
    user: str
    seed: int | None
    saved: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The seat as JSON-ready data (for the session)."""
        return {
            "drill": self.drill.to_dict(),
            "user": self.user,
            "seed": self.seed,
            "saved": self.saved,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TrainerSeat:
        """The seat saved by :meth:`to_dict`."""
        seed = data["seed"]
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"bad seed {seed!r}")
        return cls(Drill.from_dict(data["drill"]), check_user(data["user"]), seed,
                   bool(data["saved"]))  # fmt: skip


TRAINER: Final = Slot("baccarat-trainer", TrainerSeat.from_dict)
#: A route's seat at the trainer.
TrainerChair = Annotated[Seat[TrainerSeat], seat(TRAINER)]


def answer_view(answer: Answer) -> Checkpoint:
    """One scored answer, as JSON."""
    return {
        "cards_seen": answer.cards_seen,
        "running": answer.running,
        "true": answer.true,
        "seconds": answer.seconds,
        "expected_running": answer.expected.running,
        "expected_true": answer.expected.true,
        "running_right": answer.running_right,
        "true_right": answer.true_right,
    }


def history_view(user: str) -> HistoryAnswer:
    """The user's history, as JSON."""
    history = read_history(user)
    return {
        "user": user,
        "sessions": [
            {
                "when": record.when,
                "count": record.count,
                "decks": record.decks,
                "cards": record.cards,
                "every": record.every,
                "seed": record.seed,
                "asked": record.asked,
                "running_right": record.running_right,
                "true_right": record.true_right,
                "accuracy": record.accuracy,
                "mean_seconds": record.mean_seconds,
            }
            for record in history.records
        ],
        "skipped": history.skipped,
    }


def trainer_view(seat: TrainerSeat | None, *, dealt: bool = False) -> TrainerAnswer:
    """Everything the page shows, as JSON. In flash mode, the cards of a group whose
    counts are awaited go out once, with the answer that ``dealt`` them: a later read
    (a reload) says how many there were, not what they were (the page showed them for
    the flash time only; in its data they could be read after)."""
    systems = {key: trainer_count(key) for key in COUNT_CHOICES}
    counts: list[CountChoice] = [
        {"key": key, "name": system.name, "tags": system.written()}
        for key, system in systems.items()
    ]
    view: TrainerAnswer = {
        "counts": counts,
        "max_cards": MAX_DRILL_CARDS,
        "tolerance": TRUE_COUNT_TOLERANCE,
        "drill": None,
    }
    if seat is None:
        return view
    drill = seat.drill
    score = drill.score()
    hidden = drill.flash is not None and drill.waiting and not dealt
    view["drill"] = {
        "user": seat.user,
        "seed": seat.seed,
        "count": drill.count_name,
        "count_name": drill.count.name,
        "tags": drill.count.written(),
        "cards": len(drill.cards),
        "every": drill.every,
        "flash": drill.flash,
        "shown": drill.shown,
        "shoe_size": drill.shoe_size,
        "waiting": drill.waiting,
        "finished": drill.finished,
        "group": [] if hidden else cards_view(drill.cards[_group_start(drill) : drill.shown]),
        "group_hidden": hidden,
        "group_start": _group_start(drill) + 1,
        "cards_unseen": drill.shoe_size - drill.shown,
        "last": answer_view(drill.answers[-1]) if drill.answers else None,
        "score": {
            "asked": score.asked,
            "running_right": score.running_right,
            "true_right": score.true_right,
            "accuracy": score.accuracy,
            "mean_seconds": score.mean_seconds,
            "mistakes": [answer_view(a) for a in score.mistakes],
        },
        "saved": seat.saved,
    }
    if drill.finished:
        view["history"] = history_view(seat.user)
    return view


def _group_start(drill: Drill) -> int:
    """Where the cards of the current (or last) question begin."""
    if drill.waiting:
        return drill.answers[-1].cards_seen if drill.answers else 0
    if len(drill.answers) >= 2:
        return drill.answers[-2].cards_seen
    return 0


page_and_state(
    router,
    page="/baccarat/trainer",
    api="/api/baccarat/trainer",
    template="trainer.html",
    title="Counting trainer",
    slot=TRAINER,
    view=trainer_view,
    response_model=TrainerAnswer,
)


@router.post("/api/baccarat/trainer", response_model=TrainerAnswer, responses=answers(*CHANGES))
def start(request: Request, body: Start, chair: TrainerChair) -> Response:
    """Start a drill (leaving any other) and deal its first cards."""
    user = check_user(body.user.strip())
    drill = Drill.new(body.count, decks=body.decks, cards=body.cards, every=body.every,
                      rng=body.seed, flash=body.flash)  # fmt: skip
    drill.next_cards()
    seat = TrainerSeat(drill, user, body.seed)
    chair.put(seat)
    return answer(request, trainer_view(seat, dealt=True))


def record_drill(person: Seat[Person], seat: TrainerSeat) -> None:
    """Add a drill that ended to the browser's record, when it gave a name at a shared
    table (the organiser's page shows it)."""
    known = person.state
    if known is None:
        return
    score = seat.drill.score()
    when = datetime.now(UTC).isoformat(timespec="seconds")
    asked, right = 2 * score.asked, score.running_right + score.true_right
    person.put(Person(known.name, known.trainer.with_drill(asked, right, when)))


@router.post(
    "/api/baccarat/trainer/answer", response_model=TrainerAnswer, responses=answers(*CHANGES)
)
def answer_counts(
    request: Request, body: Reply, chair: TrainerChair, person: PersonSeat
) -> Response:
    """Score the counts typed for the cards shown, then deal the next group (or end the
    drill and add it to the user's history: a file, so on a worker thread)."""
    running, true = parse_running(body.running), parse_true(body.true)
    seat = chair.require("no drill yet: start one first")
    seat.drill.answer(running, true, seconds=body.seconds)
    if not seat.drill.finished:
        seat.drill.next_cards()
    elif not seat.saved:
        save_session(session_record(seat.drill, seed=seat.seed), seat.user)
        seat.saved = True
        record_drill(person, seat)
    chair.put(seat)
    return answer(request, trainer_view(seat, dealt=True))


@router.get(
    "/api/baccarat/trainer/history", response_model=HistoryAnswer, responses=answers(*READS)
)
def history(request: Request, user: Annotated[str, Query(min_length=1, max_length=40)]) -> Response:
    """A user's past drills."""
    return answer(request, history_view(check_user(user)))


@router.delete("/api/baccarat/trainer", response_model=TrainerAnswer, responses=answers(*CHANGES))
def stop(request: Request, chair: TrainerChair, person: PersonSeat) -> Response:
    """Stop the drill: the answers given so far go into the history, then it is cleared."""
    seat = chair.state
    kept = None
    if seat is not None and seat.drill.answers and not seat.saved:
        save_session(session_record(seat.drill, seed=seat.seed), seat.user)
        record_drill(person, seat)
        kept = history_view(seat.user)
    chair.clear()
    view = trainer_view(None)
    view["history"] = kept
    return answer(request, view)
