"""Puzzles: positions where one move is clearly best, found by the expert's exact search.

A puzzle is a position of a last deal, where the deck is empty and the player to move
knows every card (the unseen ones are the opponent's hand), so the judge's search to
the end of the round gives every move its exact value (:mod:`~.judge`). A
position is a puzzle when one kind of move is best, worth at least :data:`MIN_MARGIN`
round points more than any other, among at least :data:`MIN_KINDS` kinds (moves that
differ only by cards of the same sort are one kind, and each of them is a solution).
The solver always sits in the human's seat (the seats are swapped when the computer was
to move), so a puzzle's reason speaks to "you".

The set that ships with croupier (``puzzles.json`` beside this module) is made by
``scripts/casino_puzzles.py`` from self-play games, reproducibly from a seed. Each puzzle
holds its position (in the save-file format), its solutions, the value of every legal
move, the reason for the best, and a starting rating from how hard it looks
(:func:`starting_rating`).

Solving is rated as chess sites do, by Glicko-2 (:mod:`~.ratings`): each attempt is a
game between the player and the puzzle, which both ratings learn from.
:class:`PuzzleHistory` keeps the player's rating, the puzzles' ratings and every attempt;
:func:`next_puzzle` picks the unsolved puzzle rated closest to the player. Nothing here
prints; the history is read and written as JSON by :func:`read_history` and
:func:`write_history`.

>>> puzzles = load_puzzles()
>>> len(puzzles) >= 40 and all(puzzle.margin >= MIN_MARGIN for puzzle in puzzles)
True
>>> puzzle = puzzles[0]
>>> verdict = puzzle.check(puzzle.solutions[0])
>>> verdict.solved, verdict.loss
(True, 0.0)
"""

from __future__ import annotations

import contextlib
import json
import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from importlib.resources import files
from pathlib import Path
from typing import Any, Final

import numpy as np

from croupier import userdirs
from croupier.arguments import checked
from croupier.casino.errors import CasinoError
from croupier.casino.judge import Judge
from croupier.casino.moves import Action, Move
from croupier.casino.pieces import Build, Player
from croupier.casino.ratings import DEFAULT_DEVIATION, MIN_DEVIATION, Rating
from croupier.casino.savefile import format_save, parse_save, write_text
from croupier.casino.state import State
from croupier.casino.strategies import strategy_named
from croupier.casino.strategies.values import move_kind
from croupier.randomness import RNGLike, as_generator
from croupier.textfile import file_lock, read_text

__all__ = [
    "MAX_KINDS",
    "MIN_KINDS",
    "MIN_MARGIN",
    "RATING_BOUNDS",
    "Attempt",
    "Puzzle",
    "PuzzleHistory",
    "PuzzleVerdict",
    "find_puzzle",
    "history_path",
    "load_puzzles",
    "next_puzzle",
    "parse_puzzles",
    "read_history",
    "record_attempt",
    "starting_rating",
    "write_history",
]

#: How much better than any other kind of move the solution must be (round points).
MIN_MARGIN: Final = 1.5
#: The kinds of move a puzzle's position must offer (at least).
MIN_KINDS: Final = 3
#: The starting rating of the easiest puzzle.
BASE_RATING: Final = 1200.0
#: The most kinds of move :func:`starting_rating` takes: 100 points for each doubling
#: beyond four keep the hardest start (3,650) within the ratings' ceiling (4,000).
MAX_KINDS: Final = 2**20


@dataclass(frozen=True, slots=True)
class PuzzleVerdict:
    """The verdict on an answer: whether it solves the puzzle, the round points it gives
    away against the best (0 for a solution), a solution, and why that is best."""

    puzzle: str
    move: Move
    solved: bool
    loss: float
    solution: Move
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """The verdict as JSON-ready data."""
        return {
            "puzzle": self.puzzle,
            "move": str(self.move),
            "solved": self.solved,
            "loss": round(self.loss, 3),
            "solution": str(self.solution),
            "solution_text": self.solution.describe("pretty"),
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A position with one clearly best move (see the module's documentation): its id,
    the position (the player to move solves it), every solution, the exact value of each
    legal move (round points ahead at the end of the round; a tournament won or lost
    counts :data:`~.strategies.search.TOURNAMENT_BONUS` more), how much better the best
    is than the next kind of move, why it is best, and the starting rating."""

    id: str
    state: State
    solutions: tuple[Move, ...]
    values: Mapping[Move, float]
    margin: float
    reason: str
    rating: float

    def __repr__(self) -> str:
        """Short: its id, who is to move, its rating and its solutions."""
        solutions = ", ".join(str(move) for move in self.solutions)
        return (
            f"<Puzzle {self.id}: the {self.player.key} to move, rated {self.rating:.0f}; "
            f"solved by {solutions}>"
        )

    @property
    def player(self) -> Player:
        """Who solves it: the player to move."""
        return self.state.next_player

    def check(self, move: Move | str, judge: Judge | None = None) -> PuzzleVerdict:
        """The judge's verdict on ``move`` (an illegal one raises the engine's
        :class:`~croupier.casino.errors.IllegalMoveError`): solved when the judge rates it
        as good as the best (its search to the end of the round is exact here, and gives
        the values stored with the puzzle)."""
        move = Move.parse(move) if isinstance(move, str) else move
        problem = self.state.check(move)
        if problem is not None:
            raise problem
        verdict, loss = (judge if judge is not None else Judge()).loss(self.state, move)
        solved = loss.is_best
        return PuzzleVerdict(
            self.id, move, solved, 0.0 if solved else loss.points, verdict.best, verdict.reason
        )

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as it is stored (the position as save-file text)."""
        return {
            "id": self.id,
            "position": format_save(self.state),
            "solutions": [str(move) for move in self.solutions],
            "values": {str(move): value for move, value in self.values.items()},
            "margin": self.margin,
            "reason": self.reason,
            "rating": self.rating,
        }

    @classmethod
    @checked
    def from_dict(cls, data: Mapping[str, Any]) -> Puzzle:
        """A stored puzzle, checked: the position as strictly as a save file, its
        solutions and values legal moves of it, its rating within
        :data:`RATING_BOUNDS`; anything else (a key missing, a value of the wrong kind)
        is a :class:`~croupier.casino.errors.CasinoError` too."""
        ident = str(data.get("id", "?"))
        try:
            return cls._from_dict(data)
        except CasinoError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as exc:
            raise CasinoError(
                f"puzzle {ident}: not a puzzle ({type(exc).__name__}: {exc})"
            ) from None

    @classmethod
    def _from_dict(cls, data: Mapping[str, Any]) -> Puzzle:
        """The steps of :meth:`from_dict`: a field missing or of the wrong kind raises
        Python's own error, which :meth:`from_dict` names."""
        ident = str(data["id"])
        state = parse_save(str(data["position"]), f"puzzle {ident}")
        values = {Move.parse(str(text)): float(value) for text, value in data["values"].items()}
        solutions = tuple(Move.parse(str(text)) for text in data["solutions"])
        if not solutions:
            raise CasinoError(f"puzzle {ident}: no solution: expected one move or more")
        for move in (*values, *solutions):
            problem = state.check(move)
            if problem is not None:
                raise CasinoError(f"puzzle {ident}: {problem}")
        if set(values) != set(state.legal_moves()) or not set(solutions) <= set(values):
            raise CasinoError(f"puzzle {ident}: the values must be those of every legal move")
        return cls(
            ident,
            state,
            solutions,
            values,
            float(data["margin"]),
            str(data["reason"]),
            _within("rating", float(data["rating"])),
        )


@checked
def find_puzzle(state: State, ident: str = "") -> Puzzle | None:
    """The puzzle ``state`` makes, or ``None``: a last deal's position whose best move
    is worth :data:`MIN_MARGIN` more than any other kind of move, among at least
    :data:`MIN_KINDS` kinds (the values come from the review's exact search)."""
    if state.deck or state.is_round_over:
        return None
    state = _as_human(state)  # the solver sits in the human's seat: the reason says "you"
    legal = state.legal_moves()
    kinds = {move_kind(move) for move in legal}
    if len(kinds) < MIN_KINDS:
        return None
    verdict = Judge().position(state)
    if not verdict.exact or not verdict.complete:
        return None
    values = dict(zip(verdict.moves, verdict.values, strict=True))
    best = max(values.values())
    solutions = tuple(move for move in legal if values[move] == best)
    others = [value for move, value in values.items() if value < best]
    one_kind = len({move_kind(move) for move in solutions}) == 1
    if not one_kind or not others or best - max(others) < MIN_MARGIN:
        return None
    best_move = verdict.best
    ordered = (best_move, *(move for move in solutions if move != best_move))
    rating = starting_rating(state, ordered, len(kinds))
    margin = best - max(others)
    return Puzzle(ident, state, ordered, values, margin, verdict.reason, rating)


def _as_human(state: State) -> State:
    """``state`` with the seats swapped if the computer is to move: the same position,
    with the player to move in the human's seat."""
    if state.next_player is Player.HUMAN:
        return state
    return State(
        hands=(state.hands[1], state.hands[0]),
        loose=state.loose,
        builds=tuple(Build(build.parts, build.owner.other) for build in state.builds),
        piles=(state.piles[1], state.piles[0]),
        deck=state.deck,
        next_player=Player.HUMAN,
        last_capturer=None if state.last_capturer is None else state.last_capturer.other,
        scores=(state.scores[1], state.scores[0]),
        round_number=state.round_number,
    )


@checked
def starting_rating(state: State, solutions: Sequence[Move], kinds: int) -> float:
    """How hard a puzzle looks, as a rating: :data:`BASE_RATING`, 250 more if the greedy
    player (the most points now) misses it, 250 more if the ``strong`` level (the
    expert's judgement one move ahead) misses it, 150 more if the solution takes nothing
    now (a trail, a build), and 100 more for each doubling of the kinds of move beyond
    four, to the nearest point. The ratings then learn from every attempt.

    ``solutions`` (the first is the one that counts) must hold a move, and ``kinds`` be
    1 to :data:`MAX_KINDS`, else a :class:`~croupier.casino.errors.CasinoError`."""
    if not solutions:
        raise CasinoError("no solutions: expected the puzzle's best moves, one or more")
    if not 1 <= kinds <= MAX_KINDS:
        raise CasinoError(f"bad kinds {kinds}: expected 1 to {MAX_KINDS:,} kinds of move")
    seen = state.observe(state.next_player)
    rating = BASE_RATING
    for level in ("greedy", "strong"):
        found = strategy_named(level, deadline=60).decide(seen).move
        if found not in solutions:
            rating += 250
    if solutions[0].action is not Action.CAPTURE:
        rating += 150
    return float(round(rating + 100 * max(0.0, math.log2(kinds / 4))))


@checked
def parse_puzzles(text: str) -> tuple[Puzzle, ...]:
    """The puzzles stored in ``text`` (a JSON list of :meth:`Puzzle.to_dict`); text that
    is not such a list is a :class:`~croupier.casino.errors.CasinoError`."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise CasinoError(f"not a puzzle set: not JSON ({exc})") from None
    if not isinstance(data, list):
        raise CasinoError("a puzzle set is a JSON list of puzzles")
    for number, entry in enumerate(data, 1):
        if not isinstance(entry, dict):
            raise CasinoError(
                f"puzzle number {number}: expected a JSON object, not {type(entry).__name__}"
            )
    puzzles = tuple(Puzzle.from_dict(entry) for entry in data)
    if len({puzzle.id for puzzle in puzzles}) != len(puzzles):
        raise CasinoError("two puzzles have the same id")
    return puzzles


def load_puzzles() -> tuple[Puzzle, ...]:
    """The puzzles that ship with croupier."""
    return parse_puzzles(files("croupier.casino").joinpath("puzzles.json").read_text("utf-8"))


# --- the player's history ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Attempt:
    """One attempt: the puzzle, the move answered, whether it solved it, and the
    player's rating after it."""

    puzzle: str
    move: str
    solved: bool
    rating: float


@dataclass(frozen=True, slots=True)
class PuzzleHistory:
    """A player's puzzles so far: the player's rating, the ratings of the puzzles tried
    (moved by the player's attempts), and every attempt in order."""

    player: Rating = field(default_factory=Rating)
    puzzles: Mapping[str, Rating] = field(default_factory=dict)
    attempts: tuple[Attempt, ...] = ()

    def rating_of(self, puzzle: Puzzle) -> Rating:
        """``puzzle``'s rating as this history knows it."""
        known = self.puzzles.get(puzzle.id)
        return known if known is not None else Rating(puzzle.rating)

    def record(self, puzzle: Puzzle, verdict: PuzzleVerdict) -> PuzzleHistory:
        """The history after ``verdict`` on ``puzzle``: both ratings updated (Glicko-2,
        one game, each kept within :data:`RATING_BOUNDS`), the attempt added."""
        score = 1.0 if verdict.solved else 0.0
        theirs = self.rating_of(puzzle)
        player = _bounded(self.player.update([(theirs, score)]))
        puzzle_rating = _bounded(theirs.update([(self.player, 1.0 - score)]))
        attempt = Attempt(puzzle.id, str(verdict.move), verdict.solved, player.rating)
        return replace(
            self,
            player=player,
            puzzles={**self.puzzles, puzzle.id: puzzle_rating},
            attempts=(*self.attempts, attempt),
        )

    @property
    def solved(self) -> int:
        """Attempts that solved their puzzle."""
        return sum(attempt.solved for attempt in self.attempts)

    def to_dict(self) -> dict[str, Any]:
        """The history as JSON-ready data."""
        return {
            "player": self.player.to_dict(),
            "puzzles": {ident: rating.to_dict() for ident, rating in self.puzzles.items()},
            "attempts": [
                {"puzzle": a.puzzle, "move": a.move, "solved": a.solved, "rating": a.rating}
                for a in self.attempts
            ],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str = "puzzle history") -> PuzzleHistory:
        """The history of :meth:`to_dict`, checked (a bad one is a one-line error)."""
        try:
            player = _rating(data["player"])
            puzzles = {str(ident): _rating(value) for ident, value in data["puzzles"].items()}
            attempts = tuple(
                Attempt(str(a["puzzle"]), str(a["move"]), bool(a["solved"]), _score(a["rating"]))
                for a in data["attempts"]
            )
        except KeyError as exc:
            raise CasinoError(
                f"{source}: not a puzzle history (no {exc.args[0]!r}: expected player,"
                " puzzles and attempts, each attempt with puzzle, move, solved and rating)"
            ) from None
        except (TypeError, ValueError, AttributeError, OverflowError) as exc:
            raise CasinoError(
                f"{source}: not a puzzle history ({type(exc).__name__}: {exc})"
            ) from None
        return cls(player, puzzles, attempts)


#: What a history's ratings may hold (each bound inclusive): a rating, its deviation and
#: its volatility. The rating has a floor and a ceiling, as chess sites' ratings have: one
#: game moves it by a few hundred points at most, and the puzzles are rated 1200 to 2000.
#: Within these bounds Glicko-2's update stays finite (two ratings 6,000 apart make an
#: expected score of exactly 1 in floating point, and a division by zero); far outside
#: them a rating is an edit by hand, whose next update would overflow (a volatility of
#: 1e300 squared is infinite) and write ``Infinity``, which no JSON reader takes back.
RATING_BOUNDS: Final = {
    "rating": (0.0, 4000.0),
    "deviation": (MIN_DEVIATION, DEFAULT_DEVIATION),
    "volatility": (0.0001, 1.0),
}


def _rating(data: Mapping[str, Any]) -> Rating:
    rating = Rating(*(float(data[key]) for key in RATING_BOUNDS))
    _check_rating(rating)
    return rating


def _score(value: Any) -> float:
    """An attempt's rating after it, checked as a rating is."""
    return _within("rating", float(value))


def _bounded(rating: Rating) -> Rating:
    """``rating`` with each value brought within :data:`RATING_BOUNDS` (the floor, the
    ceiling)."""
    return Rating(
        *(min(max(getattr(rating, key), low), high) for key, (low, high) in RATING_BOUNDS.items())
    )


def _check_rating(rating: Rating) -> None:
    """Nothing when ``rating`` is within :data:`RATING_BOUNDS`; a ``ValueError`` naming the
    value that is not."""
    for key in RATING_BOUNDS:
        _within(key, getattr(rating, key))


def _within(key: str, value: float) -> float:
    """``value`` if it is within the bounds of ``key`` (``nan`` and the infinities never
    are), else a ``ValueError`` naming it."""
    low, high = RATING_BOUNDS[key]
    if not low <= value <= high:
        raise ValueError(f"bad {key} {value!r}: expected {low:g} to {high:g}")
    return value


def history_path() -> Path:
    """Where a person's puzzle history (their rating and every answer) is kept on this
    machine, for the terminal and the local browser alike: ``casino-puzzles.json`` in
    the state folder (:func:`croupier.userdirs.state_directory`; on Linux
    ``~/.local/state/croupier``)."""
    return userdirs.state_directory() / "casino-puzzles.json"


@checked
def read_history(path: str | os.PathLike[str]) -> PuzzleHistory:
    """The history in ``path`` (a new one if there is no such file). A name that cannot
    be a file's (empty, or holding a NUL character) is a
    :class:`~croupier.casino.errors.CasinoError`, as a file that is not a history is."""
    try:
        text = read_text(path, CasinoError)
    except FileNotFoundError:
        return PuzzleHistory()
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise CasinoError(f"{os.fspath(path)}: not a puzzle history ({exc})") from None
    if not isinstance(data, dict):
        raise CasinoError(f"{os.fspath(path)}: not a puzzle history (expected a JSON object)")
    return PuzzleHistory.from_dict(data, os.fspath(path))


def write_history(history: PuzzleHistory, path: str | os.PathLike[str]) -> None:
    """Write ``history`` to ``path`` atomically (its folder is made if need be).

    A history :func:`read_history` would refuse (a rating out of
    :data:`RATING_BOUNDS`, not a number) is never written: a :class:`CasinoError` says
    so and the file stays as it was; so does a failure to write, naming the file.
    """
    where = os.fspath(path)
    try:
        for rating in (history.player, *history.puzzles.values()):
            _check_rating(rating)
        text = json.dumps(history.to_dict(), indent=1, allow_nan=False) + "\n"
    except ValueError as exc:
        raise CasinoError(f"{where}: the puzzle history was not written ({exc})") from None
    try:
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        write_text(text, path)
    except OSError as exc:
        raise CasinoError(
            f"{where}: cannot write the puzzle history ({exc.strerror or exc})"
        ) from None


def record_attempt(
    path: str | os.PathLike[str], puzzle: Puzzle, verdict: PuzzleVerdict
) -> tuple[PuzzleHistory, PuzzleHistory]:
    """Add ``verdict`` on ``puzzle`` to the history in ``path``: the file is read again
    and written (atomically) while a lock beside it is held, so that an answer recorded
    meanwhile by the terminal, a browser or another server process is kept, never
    overwritten. Returns the history before and after.

    >>> import tempfile
    >>> puzzle = load_puzzles()[0]
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = os.path.join(folder, "history.json")
    ...     before, after = record_attempt(path, puzzle, puzzle.check(puzzle.solutions[0]))
    ...     len(before.attempts), len(read_history(path).attempts), after.solved
    (0, 1, 1)
    """
    with _history_lock(path):
        before = read_history(path)
        after = before.record(puzzle, verdict)
        write_history(after, path)
    return before, after


def _history_lock(path: str | os.PathLike[str]) -> contextlib.AbstractContextManager[None]:
    """Hold the lock of the history in ``path`` (:func:`croupier.textfile.file_lock`),
    which every process reading and writing the history takes."""
    return file_lock(path, CasinoError, "the puzzle history")


def next_puzzle(puzzles: Sequence[Puzzle], history: PuzzleHistory, rng: RNGLike = None) -> Puzzle:
    """The next puzzle for the player: one not tried yet (once all were, the least tried),
    among the three rated closest to the player's rating, at random (``rng``)."""
    if not puzzles:
        raise CasinoError("there is no puzzle to solve")
    tries: dict[str, int] = {}
    for attempt in history.attempts:
        tries[attempt.puzzle] = tries.get(attempt.puzzle, 0) + 1
    fewest = min(tries.get(puzzle.id, 0) for puzzle in puzzles)
    fresh = [puzzle for puzzle in puzzles if tries.get(puzzle.id, 0) == fewest]
    target = history.player.rating
    fresh.sort(key=lambda puzzle: (abs(history.rating_of(puzzle).rating - target), puzzle.id))
    chosen = fresh[:3]
    generator = as_generator(rng) if rng is not None else np.random.default_rng()
    return chosen[int(generator.integers(len(chosen)))]
