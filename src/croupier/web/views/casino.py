"""Casino as the pages draw it: positions, moves, events, the table against the computer,
a game's review, puzzles; and the work the server's worker processes do for them.

Every function returns the TypedDict of :mod:`croupier.web.schemas.casino` (and of
``casino_review``, ``casino_puzzles``) that its route answers. The table against the
computer is a :class:`CasinoSeat`: the library's
:class:`~croupier.casino.session.Session` and the events the page has not played out
yet. The functions a worker process runs (:func:`answer_move`, :func:`reply`,
:func:`expert_hint`, :func:`review_view`) take plain values and return them: the seat
goes to the worker and comes back changed.

The judge's part of an answer is not in it: the computer's moves come with the judge's
plain words, and what its look-ahead adds (when a bigger capture was there), and the
review of a round just ended, are left for later (:class:`Later`), for jobs that the
route starts once the answer is ready (:func:`judged_reasons`, :func:`judged_review`);
the page shows them when they come.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from croupier.cards import Card, Suit
from croupier.casino import Coin, Move, Player, State
from croupier.casino.errors import CasinoError
from croupier.casino.gamelog import GameLog, LoggedRound
from croupier.casino.judge import (
    BEST_WITHIN,
    BLUNDER,
    INACCURACY,
    SURE,
    Judge,
    error_json,
    format_loss,
)
from croupier.casino.learn import Exercise
from croupier.casino.levels import DEFAULT_LEVEL, Level
from croupier.casino.moves import Action
from croupier.casino.puzzles import Puzzle, PuzzleHistory
from croupier.casino.puzzles import PuzzleVerdict as Verdict
from croupier.casino.replay import replay
from croupier.casino.review import (
    GameReview,
    Mark,
    MoveReview,
    RoundReview,
    review_move,
    review_round,
)
from croupier.casino.session import LaterReason, RoundEnd, Session, TableItem, Turn, table_items
from croupier.casino.strategies.levels import STRONG_SETTINGS
from croupier.web.jobs import Progress
from croupier.web.schemas.casino import (
    ActionName,
    CoinSide,
    Event,
    Game,
    HintAlternative,
    HintAnswer,
    HistoryEntry,
    JudgedReason,
    JudgedReasons,
    LevelChoice,
    LevelName,
    MarkName,
    MoveEvent,
    MoveReviewView,
    MoveView,
    NoGame,
    Owner,
    PositionView,
    RoundEndEvent,
    RoundReviewView,
    Side,
    TableAnswer,
    TossEvent,
)
from croupier.web.schemas.casino import (
    TableItem as TableItemView,
)
from croupier.web.schemas.casino_puzzles import (
    PuzzlePile,
    PuzzlePlayer,
    PuzzlesAnswer,
    PuzzleVerdict,
    PuzzleView,
)
from croupier.web.schemas.casino_review import (
    ExerciseAnswerView,
    GameReviewView,
    ReviewStep,
    ReviewSummary,
)
from croupier.web.schemas.common import Players
from croupier.web.views.cards import card_view, cards_view

__all__ = [
    "LEVEL_NOTES",
    "CasinoSeat",
    "Later",
    "answer_move",
    "exercise_answer_view",
    "expert_hint",
    "item_view",
    "judged_reasons",
    "judged_review",
    "move_view",
    "pile_view",
    "position_view",
    "puzzle_view",
    "puzzles_view",
    "reply",
    "review_view",
    "table_view",
    "toss_event",
    "turn_events",
    "verdict_view",
]

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
#: Each level, action and mark by the name the answers give it.
LEVEL_NAMES: Final[dict[Level, LevelName]] = {
    Level.BEGINNER: "beginner",
    Level.CASUAL: "casual",
    Level.STRONG: "strong",
    Level.EXPERT: "expert",
}
ACTION_NAMES: Final[dict[Action, ActionName]] = {
    Action.TRAIL: "trail",
    Action.CAPTURE: "capture",
    Action.BUILD: "build",
    Action.INCREASE: "increase",
}
COIN_NAMES: Final[dict[Coin, CoinSide]] = {Coin.HEADS: "heads", Coin.TAILS: "tails"}
MARK_NAMES: Final[dict[Mark, MarkName]] = {
    Mark.INACCURACY: "inaccuracy",
    Mark.BLUNDER: "blunder",
}
#: The level picker's choices (the same for every answer).
LEVELS: Final[list[LevelChoice]] = [
    {"name": LEVEL_NAMES[level], "note": LEVEL_NOTES[level]} for level in Level
]


def side(player: Player, viewer: Player = Player.HUMAN) -> Side:
    """A player as the table's answers name it: ``"human"`` for the one the page is
    drawn for (``viewer``: a shared table's second seat is the engine's computer),
    ``"computer"`` for the other."""
    return "human" if player is viewer else "computer"


@dataclass(slots=True)
class CasinoSeat:
    """One browser's tournament against the computer: the session, and what happened
    since the human's last move (the page plays it out)."""

    game: Session
    events: list[Event] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The seat as JSON-ready data (for the session's store)."""
        return {**self.game.to_dict(), "events": self.events}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CasinoSeat:
        """The seat saved by :meth:`to_dict` (checked as strictly as a save file)."""
        return cls(Session.from_dict(data), list(data["events"]))


# --- positions and moves --------------------------------------------------------------------


def item_view(item: TableItem, owners: Mapping[Player, Owner] | None = None) -> TableItemView:
    """A loose card or a build on the table (its owner named by ``owners``: by default
    ``human`` or ``computer``)."""
    if isinstance(item, Card):
        return {"kind": "card", "key": item.casino, "card": card_view(item)}
    return {
        "kind": "build",
        "key": item.cards[0].casino,
        "value": item.value,
        "owner": side(item.owner) if owners is None else owners[item.owner],
        "parts": [cards_view(part) for part in item.parts],
        "text": str(item),
    }


def _move_items(move: Move, items: Sequence[TableItem]) -> list[int]:
    """The indexes of the table items ``move`` names (its loose cards and builds)."""
    used = []
    for index, item in enumerate(items):
        if isinstance(item, Card):
            if item in move.loose:
                used.append(index)
        elif any(set(cards) == set(item.cards) for cards in move.builds):
            used.append(index)
    return used


def move_view(move: Move, items: Sequence[TableItem]) -> MoveView:
    """A move as the page uses it: the notation, the words, the card and the items."""
    return {
        "notation": str(move),
        "text": move.describe("pretty"),
        "action": ACTION_NAMES[move.action],
        "card": move.card.casino,
        "card_view": card_view(move.card),
        "items": _move_items(move, items),
    }


def position_view(state: State, *, show_legal: bool, viewer: Player = Player.HUMAN) -> PositionView:
    """The position as ``viewer`` sees it (the page's "human"): the table (builds first,
    as numbered at the terminal), their hand, the other's hand size, the piles, the deck,
    the scores and their legal moves."""
    items = table_items(state)
    me, them = viewer, viewer.other
    legal = state.legal_moves() if show_legal and state.next_player is me else []
    return {
        "round": state.round_number,
        "table": [item_view(item) for item in items],
        "hand": cards_view(state.hands[me]),
        "hand_keys": [card.casino for card in state.hands[me]],
        "computer_hand": len(state.hands[them]),
        "piles": {
            "human": cards_view(state.piles[me]),
            "computer": cards_view(state.piles[them]),
        },
        "deck": len(state.deck),
        "scores": {"human": state.scores[me], "computer": state.scores[them]},
        "next": side(state.next_player, viewer),
        "last_capturer": None if state.last_capturer is None else side(state.last_capturer, viewer),
        "legal": [move_view(move, items) for move in legal],
    }


# --- the table against the computer ---------------------------------------------------------


def table_view(seat: CasinoSeat | None) -> TableAnswer:
    """Everything the table page shows."""
    if seat is None:
        empty: NoGame = {
            "seated": False,
            "levels": LEVELS,
            "default_level": LEVEL_NAMES[DEFAULT_LEVEL],
        }
        return empty
    game = seat.game
    view: Game = {
        "seated": True,
        "levels": LEVELS,
        "default_level": LEVEL_NAMES[DEFAULT_LEVEL],
        "level": LEVEL_NAMES[game.level],
        "finished": game.finished,
        "position": position_view(game.state, show_legal=not game.finished),
        "events": seat.events,
        "moves_logged": game.log.moves,
        "practice": game.practice,
        "history": [] if game.finished else history_view(game),
        "can_undo": not game.finished and game.can_undo,
    }
    return view


def history_view(game: Session) -> list[HistoryEntry]:
    """This round's moves so far (those before a loaded save included)."""
    return [
        {
            "player": side(turn.player),
            "notation": str(turn.move),
            "text": turn.move.describe("pretty"),
            "card_view": card_view(turn.move.card),
        }
        for turn in game.round_history()
    ]


def _share(value: float, digits: int = 4) -> float | None:
    return None if math.isnan(value) else round(value, digits)


def move_review_view(verdict: MoveReview) -> MoveReviewView:
    """The verdict on one move."""
    return {
        "round": verdict.round_number,
        "number": verdict.number,
        "player": side(verdict.player),
        "played": str(verdict.played),
        "played_text": verdict.played.describe("pretty"),
        "best": str(verdict.best),
        "best_text": verdict.best.describe("pretty"),
        "loss": round(verdict.loss, 3),
        "error": error_json(verdict.error),
        "loss_text": format_loss(verdict.loss, verdict.error),
        "mark": None if verdict.mark is None else MARK_NAMES[verdict.mark],
        "is_best": verdict.is_best,
        "reason": verdict.reason,
        "forced": verdict.forced,
        "costs_tournament": verdict.costs_tournament,
        "exact": verdict.exact,
        "deals": verdict.deals,
    }


def round_review_view(reviewed: RoundReview) -> RoundReviewView:
    """The review of one round's moves."""
    return {
        "round": reviewed.round_number,
        "points_lost": round(reviewed.points_lost, 3),
        "accuracy": _share(reviewed.accuracy),
        "inaccuracies": sum(move.mark is Mark.INACCURACY for move in reviewed.moves),
        "blunders": sum(move.mark is Mark.BLUNDER for move in reviewed.moves),
        "moves": [move_review_view(move) for move in reviewed.moves],
    }


def _ended_round(log: GameLog, number: int) -> LoggedRound | None:
    """Round ``number``'s log, the round just ended. The log may already hold the next
    round (the computer's first move of it, played in the same answer), so the round is
    found by its number."""
    ended = [logged for logged in log.rounds if logged.start.round_number == number]
    return ended[-1] if ended else None


def round_end_event(end: RoundEnd, review: RoundReview | None = None) -> RoundEndEvent:
    """A round's end: the leftover, the piles, the scoring, the totals, the review (if
    given: else it comes later, by the job of ``review_job``)."""
    state, score = end.state, end.score
    human, computer = Player.HUMAN, Player.COMPUTER
    return {
        "kind": "round_end",
        "round": state.round_number,
        "leftover": cards_view(end.leftover),
        "last_capturer": None if state.last_capturer is None else side(state.last_capturer),
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
        "review": None if review is None else round_review_view(review),
        "review_job": None,
        "review_error": None,
    }


def turn_events(turn: Turn) -> list[Event]:
    """A turn as the page plays it out: the move (the computer's with its reason, as far
    as it is known at once), then the round's end and the tournament's, if they came.
    The judge's part (a reason's look-ahead, the round's review) is for later: see
    :func:`add_turns`."""
    move: MoveEvent = {
        "kind": "move",
        "player": side(turn.player),
        "round": turn.before.round_number,
        "move": move_view(turn.move, table_items(turn.before)),
        "reason": turn.reason,
        "reason_job": None,
        "position": position_view(turn.state, show_legal=False),
    }
    events: list[Event] = [move]
    end = turn.round_end
    if end is not None:
        events.append(round_end_event(end))
        if end.tournament_over:
            human, computer = end.totals
            winner = None if end.winner is None else side(end.winner)
            totals: Players = {"human": human, "computer": computer}
            events.append({"kind": "tournament_over", "winner": winner, "totals": totals})
    return events


@dataclass(frozen=True, slots=True)
class Later:
    """The judge's work that an answer of the table leaves for later, each piece with
    the index of its event in the seat's events: the look-ahead of the computer's
    reasons (:func:`judged_reasons`) and the reviews of the human's moves in the rounds
    that ended (:func:`judged_review`). It holds what the computer saw and whole rounds:
    it stays on the server (a worker process judges it), only the judge's words leave."""

    reasons: tuple[tuple[int, LaterReason], ...] = ()
    reviews: tuple[tuple[int, LoggedRound], ...] = ()

    def __add__(self, other: Later) -> Later:
        return Later(self.reasons + other.reasons, self.reviews + other.reviews)


def add_turns(seat: CasinoSeat, turns: Sequence[Turn]) -> Later:
    """The events of ``turns`` added to the seat's; the judge's work they leave for
    later."""
    reasons: list[tuple[int, LaterReason]] = []
    reviews: list[tuple[int, LoggedRound]] = []
    for turn in turns:
        at = len(seat.events)
        seat.events += turn_events(turn)
        if turn.later is not None:
            reasons.append((at, turn.later))
        end = turn.round_end
        if end is not None:
            logged = _ended_round(seat.game.log, end.state.round_number)
            if logged is not None and any(
                before.next_player is Player.HUMAN for before, _ in logged.positions()
            ):
                reviews.append((at + 1, logged))
    return Later(tuple(reasons), tuple(reviews))


def judged_reasons(
    reasons: Sequence[tuple[int, LaterReason]], progress: Progress | None = None
) -> JudgedReasons:
    """The whole reasons of the computer's moves left for later (a job's work, in a
    worker process): each by its event's index. A reason the judge's budget left
    unvalued is ``None`` (the plain words stand)."""
    judge = Judge()
    judged: list[JudgedReason] = []
    for done, (event, later) in enumerate(reasons):
        if progress is not None:
            progress(done, len(reasons))
        judged.append({"event": event, "reason": later.reason(judge)})
    return {"reasons": judged}


def judged_review(logged: LoggedRound, progress: Progress | None = None) -> RoundReviewView:
    """The review of the human's moves in the round ``logged`` (a job's work, in a
    worker process; ``progress(done, total)`` after each move, where a stale job stops):
    the judge's fixed amount of work, the verdicts of the review page."""
    total = sum(before.next_player is Player.HUMAN for before, _ in logged.positions())
    if progress is not None:
        progress(0, total)
    told = None if progress is None else (lambda done: progress(done, total))
    return round_review_view(review_round(logged, judge=Judge(), progress=told))


def toss_event(call: Coin, toss: Coin, first: Player) -> TossEvent:
    """The coin toss that began a tournament against the computer."""
    who = "you play first" if first is Player.HUMAN else "the computer plays first"
    return {
        "kind": "toss",
        "call": COIN_NAMES[call],
        "toss": COIN_NAMES[toss],
        "first": side(first),
        "text": f"The coin shows {toss.value}: you called {call.value}, so {who}.",
    }


def reply(seat: CasinoSeat, until: float) -> tuple[CasinoSeat, Later]:
    """The computer's moves until it is the human's turn (or the tournament is over),
    added to the seat's events, all searched by ``until`` (``time.time()``), with the
    judge's plain words for each; the judge's look-ahead is left for later. Runs in a
    worker process: takes the seat and returns it changed, with what it left."""
    return seat, add_turns(seat, seat.game.reply(until, judged=False))


def answer_move(seat: CasinoSeat, turn: Turn, until: float) -> tuple[CasinoSeat, Later]:
    """What follows the human's move ``turn``: its events, then the computer's replies,
    all by ``until``, and the judge's work left for later (the round's review, if the
    move ended one; the reasons' look-ahead). Runs in a worker process when there is
    something to search."""
    seat.events = []
    later = add_turns(seat, [turn])
    seat, more = reply(seat, until)
    return seat, later + more


def expert_hint(seat: CasinoSeat) -> HintAnswer:
    """The judge's advice for the human's move (in a worker): its best move, why, and
    what every other kind of move loses against it, with its standard error."""
    game = seat.game
    decision = game.hint()
    verdict = game.judge.verdict(game.state.observe(Player.HUMAN))  # the hint's, remembered
    items = table_items(game.state)
    others: list[HintAlternative] = []
    for move, loss in verdict.ranked():
        if move != verdict.best:
            others.append(
                {
                    "move": move_view(move, items),
                    "loss": round(loss.points, 3),
                    "error": error_json(loss.error),
                    "loss_text": format_loss(loss.points, loss.error),
                    "costs_tournament": loss.costs_tournament,
                    "is_best": loss.is_best,
                }
            )
    return {
        "move": move_view(decision.move, items),
        "reason": decision.reason,
        "exact": verdict.exact,
        "deals": verdict.deals,
        "others": others,
    }


# --- the review of a whole game ---------------------------------------------------------------


def review_view(
    log: GameLog, progress: Progress | None = None, player: Player = Player.HUMAN
) -> GameReviewView:
    """The review of ``player``'s moves in ``log`` as the replay page shows it: the
    summary, then every move with the position before it, the move played, and for the
    player's moves the verdict and the best move (``progress(done, total)`` is told each
    round reviewed). The same verdicts as ``croupier casino review``: the judge's fixed
    amount of work, no clock."""
    judge = Judge()
    rounds = []
    for done, logged in enumerate(log.rounds):
        if progress is not None:
            progress(done, len(log.rounds))
        reviewed = review_round(logged, player, judge=judge)
        if reviewed.moves:
            rounds.append(reviewed)
    result = GameReview(player, tuple(rounds))
    moves = result.moves
    summary: ReviewSummary = {
        "player": side(result.player, player),
        "moves": len(moves),
        "forced": sum(move.forced for move in moves),
        "accuracy": _share(result.accuracy),
        "points_lost": round(result.points_lost, 3),
        "points_lost_per_round": _share(result.points_lost_per_round, 3),
        "inaccuracies": result.inaccuracies,
        "blunders": result.blunders,
        "thresholds": {
            "inaccuracy": INACCURACY,
            "blunder": BLUNDER,
            "best": BEST_WITHIN,
            "errors": SURE,
        },
    }
    steps: list[ReviewStep] = []
    for step in replay(log, result):
        items = table_items(step.before)
        verdict = step.review
        steps.append(
            {
                "round": step.round_number,
                "number": step.number,
                "player": side(step.player, player),
                "position": position_view(step.before, show_legal=False, viewer=player),
                "move": move_view(step.move, items),
                "best": None if verdict is None else move_view(verdict.best, items),
                "review": None if verdict is None else move_review_view(verdict),
                "exercise": None
                if verdict is None or verdict.mark is None
                else {
                    "task": Exercise(step.before, verdict).task,
                    "legal": [move_view(move, items) for move in step.before.legal_moves()],
                },
            }
        )
    return {"summary": summary, "steps": steps}


def exercise_answer_view(
    step: int,
    state: State,
    played: Move,
    number: int,
    move: Move,
    progress: Progress | None = None,
) -> ExerciseAnswerView:
    """The judge's word on ``move`` as the answer to the exercise of the review's step
    ``step``: ``played``, the ``number``-th move of its round, played in ``state`` (a
    job's work: the judge's fixed work, as the review's; the move's legality is checked
    before). A move the judge does not mark is no exercise: a
    :class:`~croupier.casino.errors.CasinoError`."""
    if progress is not None:
        progress(0, 1)
    judge = Judge()
    verdict = review_move(state, played, number, judge)
    if verdict.mark is None:
        raise CasinoError(f"{played} was not marked in the review: it is no exercise")
    answer = Exercise(state, verdict).check(move, judge)
    if progress is not None:
        progress(1, 1)
    return {
        "step": step,
        "move": str(answer.move),
        "move_text": answer.move.describe("pretty"),
        "solved": answer.solved,
        "found_best": answer.found_best,
        "loss": round(answer.loss.points, 3),
        "loss_text": format_loss(answer.loss.points, answer.loss.error),
        "error": error_json(answer.loss.error),
        "costs_tournament": answer.loss.costs_tournament,
        "best": str(answer.best),
        "best_text": answer.best.describe("pretty"),
        "reason": answer.reason,
        "explanation": answer.explanation,
    }


# --- puzzles ----------------------------------------------------------------------------------


def puzzle_view(puzzle: Puzzle, history: PuzzleHistory) -> PuzzleView:
    """A puzzle as its page draws it, from the solver's side: the table, both hands (every
    card is known in a last deal), the piles, the scores, the legal moves, the ratings."""
    state = puzzle.state
    me, them = puzzle.player, puzzle.player.other
    items = table_items(state)
    return {
        "id": puzzle.id,
        "rating": round(history.rating_of(puzzle).rating),
        "player": side(me),
        "round": state.round_number,
        "table": [item_view(item) for item in items],
        "hand": cards_view(state.hands[me]),
        "hand_keys": [card.casino for card in state.hands[me]],
        "opponent_hand": cards_view(state.hands[them]),
        "piles": {"mine": pile_view(state.piles[me]), "theirs": pile_view(state.piles[them])},
        "last_capturer": (
            None
            if state.last_capturer is None
            else "mine"
            if state.last_capturer is me
            else "theirs"
        ),
        "scores": {"mine": state.scores[me], "theirs": state.scores[them]},
        "legal": [move_view(move, items) for move in state.legal_moves()],
    }


def pile_view(cards: Sequence[Card]) -> PuzzlePile:
    """A pile as a puzzle shows it: its cards, how many, and how many are spades."""
    return {
        "cards": cards_view(cards),
        "count": len(cards),
        "spades": sum(card.suit is Suit.SPADES for card in cards),
    }


def player_view(history: PuzzleHistory) -> PuzzlePlayer:
    """The solver's record."""
    return {
        "rating": round(history.player.rating),
        "deviation": round(history.player.deviation),
        "solved": history.solved,
        "tried": len(history.attempts),
    }


def puzzles_view(history: PuzzleHistory, puzzle: Puzzle) -> PuzzlesAnswer:
    """The page's state: the puzzle on show and the player's record."""
    return {"puzzle": puzzle_view(puzzle, history), "player": player_view(history)}


def verdict_view(verdict: Verdict) -> PuzzleVerdict:
    """The verdict on an answer to a puzzle."""
    return {
        "puzzle": verdict.puzzle,
        "move": str(verdict.move),
        "solved": verdict.solved,
        "loss": round(verdict.loss, 3),
        "solution": str(verdict.solution),
        "solution_text": verdict.solution.describe("pretty"),
        "reason": verdict.reason,
    }
