"""The interface every Casino strategy implements, and the decision it returns.

A strategy decides from an :class:`~croupier.casino.observation.Observation`, never from a
full :class:`~croupier.casino.state.State`: what it is given is what its player can see
(its hand, the table, both piles, the sizes of the opponent's hand and of the deck), so
it cannot read hidden cards. It returns a :class:`Decision`: the move and the reason for
it in plain words.

Given no random generator, a strategy draws its randomness from one seeded by the
observation itself (:func:`observation_rng`): the same position always gets the same
advice, and positions that look the same get the same advice.

>>> from croupier.casino import Player, new_tournament
>>> from croupier.casino.strategies import strategy_named
>>> seen = new_tournament(Player.HUMAN, rng=9).observe(Player.HUMAN)
>>> seen.hand, seen.loose
((Card('Th'), Card('8d'), Card('6h'), Card('Kd')), (Card('Ac'), Card('9d'), Card('As'), Card('6c')))
>>> decision = strategy_named("greedy").decide(seen)
>>> str(decision.move)
'capture D8 C6 CA SA'
>>> print(decision.reason)  # doctest: +NORMALIZE_WHITESPACE
captures the ace of spades, the ace of clubs and the 6 of clubs, worth 2 points; 4 cards for
your pile
"""

from __future__ import annotations

import enum
import gc
import hashlib
import math
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar, Final, NoReturn

import numpy as np

from croupier.arguments import checked
from croupier.casino.errors import CasinoError
from croupier.casino.moves import Move
from croupier.casino.observation import Observation
from croupier.casino.rules import list_moves
from croupier.choices import parse_choice, unknown_member
from croupier.randomness import RNGLike, as_generator

__all__ = [
    "DEFAULT_DEADLINE",
    "LISTING_SHARE",
    "LISTING_STEPS",
    "MAX_DEADLINE",
    "SEARCH_SHARE",
    "Clock",
    "ClockKind",
    "Deadline",
    "Decision",
    "SearchStrategy",
    "Strategy",
    "WorkBudget",
    "check_deadline",
    "check_moves",
    "cut_listing_note",
    "list_moves_to_decide",
    "moves_to_decide",
    "no_cyclic_gc",
    "observation_rng",
]

#: Seconds a strategy may take over one move unless told otherwise.
DEFAULT_DEADLINE: Final = 1.0
#: The longest deadline accepted: ten minutes, far beyond what a search gains from.
MAX_DEADLINE: Final = 600.0

#: The share of a move's deadline that listing the legal moves may take: on an extreme
#: table (16 or more low loose cards) listing them all takes seconds, and the rest of the
#: time goes to judging the moves listed.
LISTING_SHARE: Final = 0.5
#: The share of the deadline after which a search stops: the rest is kept for the steps
#: after it (choosing, explaining), which take time in proportion to the moves listed.
SEARCH_SHARE: Final = 0.9

#: A clock read in seconds.
Clock = Callable[[], float]

#: The clock strategies read unless given one (the test suite freezes it).
default_clock: Clock = time.perf_counter


class ClockKind(enum.StrEnum):
    """What a deadline measures: ``wall`` time (real play: a person waits for the move) or
    the ``cpu`` time of the thread that decides (to compare players on a shared machine,
    where the wall clock measures the load as much as the players: a process that waits
    for a core spends no CPU time).

    >>> ClockKind.parse("CPU"), ClockKind.CPU.clock is time.thread_time
    (<ClockKind.CPU: 'cpu'>, True)
    >>> ClockKind.WALL.clock is time.thread_time
    False
    """

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, CasinoError)

    WALL = "wall"
    CPU = "cpu"

    @property
    def clock(self) -> Clock:
        """The clock read: :data:`default_clock` for ``wall``, the thread's CPU clock
        (:func:`time.thread_time`) for ``cpu``."""
        return time.thread_time if self is ClockKind.CPU else default_clock

    @classmethod
    @checked
    def parse(cls, text: str) -> ClockKind:
        """A kind by its name, in any case."""
        return parse_choice(cls, text, "clock", CasinoError)


def check_deadline(seconds: float) -> float:
    """``seconds`` if it is a usable deadline (0 to :data:`MAX_DEADLINE`), else a
    :class:`~croupier.casino.errors.CasinoError`.

    0 asks for the quickest answer: the strategy still looks one move ahead.

    >>> check_deadline(0.5)
    0.5
    >>> check_deadline(-1)
    Traceback (most recent call last):
    ...
    croupier.casino.errors.CasinoError: bad deadline -1 s: expected 0 to 600 seconds
    """
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        raise TypeError(f"deadline must be a number of seconds, not {type(seconds).__name__}")
    if not (math.isfinite(seconds) and 0 <= seconds <= MAX_DEADLINE):
        raise CasinoError(f"bad deadline {seconds:g} s: expected 0 to {MAX_DEADLINE:g} seconds")
    return float(seconds)


def check_moves(moves: list[Move]) -> list[Move]:
    """``moves`` if a strategy can choose among them (one or more: the legal moves of the
    position), else a :class:`~croupier.casino.errors.CasinoError`.

    >>> check_moves([])
    Traceback (most recent call last):
    ...
    croupier.casino.errors.CasinoError: no moves to choose from: expected the legal moves ...
    """
    if not moves:
        raise CasinoError(
            "no moves to choose from: expected the legal moves of the position, one or more"
        )
    return moves


class Deadline:
    """The time left for one decision: ``seconds`` from now on ``clock``.

    >>> ticks = iter([0.0, 0.4, 1.2, 0.6])
    >>> deadline = Deadline(1.0, lambda: next(ticks))
    >>> deadline.expired(), deadline.expired()
    (False, True)
    >>> half = deadline.part(0.5)  # the first half of the same time
    >>> half.expired(), str(half)
    (True, '1 s')
    """

    __slots__ = ("clock", "end", "seconds", "start")

    @checked
    def __init__(self, seconds: float, clock: Clock = time.perf_counter) -> None:
        self.seconds = seconds
        self.clock = clock
        self.start = clock()
        self.end = self.start + seconds

    def expired(self) -> bool:
        """True once the time is up."""
        return self.clock() >= self.end

    def room_for(self, since: float, done: int) -> bool:
        """Whether one more step like the ``done`` steps taken since the clock read
        ``since`` fits before the deadline, judging by their mean time. A clock that has
        not moved since gives no measure, and no room (so a test's clock that stands
        still keeps an anytime search to its fixed work).

        >>> ticks = iter([0.3, 0.6])
        >>> deadline = Deadline(1.0, lambda: 0.0)
        >>> deadline.clock = lambda: next(ticks)
        >>> deadline.room_for(0.0, 1), deadline.room_for(0.0, 1)   # 0.3 + 0.3 fits; 0.6 + 0.6 not
        (True, False)
        """
        now = self.clock()
        spent = now - since
        if done < 1 or spent <= 0:
            return False
        return now + spent / done <= self.end

    def part(self, share: float) -> Deadline:
        """The same deadline for a step that may use only ``share`` of the time (from the
        same start, on the same clock); it still reads as the whole deadline."""
        step = Deadline.__new__(Deadline)
        step.seconds, step.clock, step.start = self.seconds, self.clock, self.start
        step.end = self.start + share * self.seconds
        return step

    def listing_stop(self) -> Callable[[], bool]:
        """What the listing of the legal moves asks, every
        :data:`~croupier.casino.rules.CHECK_EVERY` units of its work, to know whether to
        stop: :meth:`expired`."""
        return self.expired

    @property
    def label(self) -> str:
        """The deadline in a reason: ``the 1 s deadline``."""
        return f"the {self} deadline"

    def __str__(self) -> str:
        return f"{self.seconds:g} s"


#: Steps of a :class:`WorkBudget` that a chunk of the listing of the legal moves
#: (:data:`~croupier.casino.rules.CHECK_EVERY` units of listing work, a millisecond or
#: two) counts for: about the time of as many steps of search.
LISTING_STEPS: Final = 20


class _Steps:
    """The steps a :class:`WorkBudget` and its parts have taken, and the wall-clock
    deadline that may stop them all, if any (with whether it did)."""

    __slots__ = ("taken", "wall", "wall_cut")

    def __init__(self, wall: Deadline | None) -> None:
        self.taken = 0
        self.wall = wall
        self.wall_cut = False

    def take(self, steps: int) -> float:
        """Count ``steps`` more; the steps taken so far (infinite once the wall clock is up)."""
        self.taken += steps
        if self.wall is not None and self.wall.expired():
            self.wall_cut = True
            return math.inf
        return float(self.taken)

    def read(self) -> float:
        return float(self.taken)


class WorkBudget(Deadline):
    """A deadline counted in steps of work instead of seconds: the same search stops at
    the same place on any machine, loaded or idle.

    A step is a look at the deadline: the search looks once per position and per move it
    values, the listing of moves once per chunk of work, counted as :data:`LISTING_STEPS`
    steps. A budget has no time to spare (:meth:`room_for` is false), so an anytime
    search does its fixed work. ``wall``, a deadline on the clock, may stop it sooner for
    an interactive caller: :attr:`wall_cut` then says so (and the result is no longer
    the same on every machine).

    >>> budget = WorkBudget(3)
    >>> budget.expired(), budget.expired(), budget.expired(), str(budget)
    (False, False, True, '3 steps')
    >>> half = WorkBudget(10).part(0.5)
    >>> [half.expired() for _ in range(5)][-1], half.label
    (True, "the review's budget of 10 steps")
    """

    __slots__ = ("steps",)

    def __init__(self, steps: int, wall: Deadline | None = None) -> None:
        self.steps = _Steps(wall)
        self.seconds = float(steps)
        self.clock = self.steps.read
        self.start = 0.0
        self.end = float(steps)

    def expired(self) -> bool:
        return self.steps.take(1) >= self.end

    def listing_stop(self) -> Callable[[], bool]:
        return lambda: self.steps.take(LISTING_STEPS) >= self.end

    def room_for(self, since: float, done: int) -> bool:
        return False

    def part(self, share: float) -> WorkBudget:
        step = WorkBudget.__new__(WorkBudget)
        step.steps, step.seconds, step.clock = self.steps, self.seconds, self.clock
        step.start = self.start
        step.end = self.start + share * self.seconds
        return step

    @property
    def wall_cut(self) -> bool:
        """Whether the wall-clock deadline stopped the work before its budget was spent."""
        return self.steps.wall_cut

    @property
    def label(self) -> str:
        return f"the review's budget of {self}"

    def __str__(self) -> str:
        return f"{self.seconds:,.0f} steps"


@dataclass(frozen=True, slots=True)
class Decision:
    """A strategy's choice: the move, and why, in a short phrase (``captures the 10 of
    diamonds, worth 2 points``); ``cut_short`` if the deadline stopped its search before
    it was done (the reason then says so)."""

    move: Move
    reason: str
    cut_short: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The decision as JSON-ready data: the move's fields, the ``reason`` and
        ``cut_short``."""
        return {**self.move.to_dict(), "reason": self.reason, "cut_short": self.cut_short}


class Strategy(ABC):
    """A way to choose moves. Subclasses set ``name`` and ``summary`` and implement
    :meth:`choose`; callers use :meth:`decide`.

    Every move has a deadline: ``deadline`` seconds (see :func:`check_deadline`) from the
    call to :meth:`decide`, read on ``clock`` (by default :data:`default_clock`). A
    strategy that searches stops at the deadline with the best move found so far.

    Every step whose work grows with the table is bounded by the deadline: the legal
    moves are listed for at most :data:`LISTING_SHARE` of it (cut short, the strategy
    chooses among the moves listed, which include a few of every card: see
    :func:`~croupier.casino.rules.list_moves`), a search stops at :data:`SEARCH_SHARE` of
    it, and the rest is left for choosing and explaining. A decision the deadline cut
    short says so in its reason and sets ``cut_short``.
    """

    #: The name the command line and :func:`~croupier.casino.strategies.strategy_named` use.
    name: ClassVar[str]
    #: One line on how it plays.
    summary: ClassVar[str]

    @checked
    def __init__(self, *, deadline: float = DEFAULT_DEADLINE, clock: Clock | None = None) -> None:
        self.deadline = check_deadline(deadline)
        self.clock = clock if clock is not None else default_clock

    def decide(self, observation: Observation, rng: RNGLike = None) -> Decision:
        """The move for the player who sees ``observation``, and the reason for it.

        ``rng`` is the source of randomness; ``None`` seeds one from the observation, so
        the decision depends on what the player sees and on nothing else.
        Raises :class:`~croupier.casino.errors.CasinoError` if it is not that player's turn.
        """
        with no_cyclic_gc():
            deadline = Deadline(self.deadline, self.clock)
            moves, complete = list_moves_to_decide(observation, deadline)
            generator = as_generator(rng) if rng is not None else observation_rng(observation)
            return self.choose_by(observation, moves, generator, deadline, complete=complete)

    def choose_by(
        self,
        observation: Observation,
        moves: list[Move],
        rng: np.random.Generator,
        deadline: Deadline,
        *,
        complete: bool = True,
    ) -> Decision:
        """:meth:`choose` by ``deadline``: a strategy that searches overrides this to stop
        in time; a quick one keeps it (it calls :meth:`choose`). ``complete`` is false
        when ``moves`` are only the legal moves listed before the listing's deadline."""
        decision = self.choose(observation, moves, rng)
        if complete:
            return decision
        note = cut_listing_note(deadline, len(moves))
        return Decision(decision.move, f"{decision.reason}; {note}", cut_short=True)

    @abstractmethod
    def choose(
        self, observation: Observation, moves: list[Move], rng: np.random.Generator
    ) -> Decision:
        """Pick one of ``moves`` (the legal moves, never empty) for ``observation``'s player.

        A strategy checks its arguments (:func:`~croupier.arguments.checked`: a wrong type
        is a :class:`TypeError`) and that there is a move (:func:`check_moves`: none is a
        :class:`~croupier.casino.errors.CasinoError`), in its :meth:`choose` or, if it
        searches, its :meth:`choose_by`."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class SearchStrategy(Strategy):
    """A strategy that searches until its deadline: it implements :meth:`choose_by`, and
    :meth:`choose` is :meth:`choose_by` with the strategy's own deadline from now."""

    def choose(
        self, observation: Observation, moves: list[Move], rng: np.random.Generator
    ) -> Decision:
        return self.choose_by(observation, moves, rng, Deadline(self.deadline, self.clock))

    @abstractmethod
    def choose_by(
        self,
        observation: Observation,
        moves: list[Move],
        rng: np.random.Generator,
        deadline: Deadline,
        *,
        complete: bool = True,
    ) -> Decision:
        """The decision by ``deadline`` (see :meth:`Strategy.choose_by`)."""


@contextmanager
def no_cyclic_gc() -> Iterator[None]:
    """Python's cyclic garbage collector paused for the time of a decision.

    A decision on an extreme table makes 100,000s of moves; the collector then walks
    them all, more often the more there are (full passes of 25 to 55 ms measured on
    16 low loose cards, up to 100 ms a decision), and nothing can interrupt it. The
    moves, positions and values a strategy makes hold no reference cycles: reference
    counting frees them as soon as the decision is made, so pausing the collector
    only keeps its pauses out of the deadline. It is restored as it was, even on an
    error.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def moves_to_decide(observation: Observation) -> list[Move]:
    """The legal moves of the player who sees ``observation``; raises
    :class:`~croupier.casino.errors.CasinoError` if that player has no move to make."""
    moves = observation.legal_moves()
    if moves:
        return moves
    raise _no_move(observation)


def list_moves_to_decide(observation: Observation, deadline: Deadline) -> tuple[list[Move], bool]:
    """The legal moves of the player who sees ``observation`` listed within
    :data:`LISTING_SHARE` of ``deadline``, and whether they are all of them (see
    :func:`~croupier.casino.rules.list_moves`); raises
    :class:`~croupier.casino.errors.CasinoError` if that player has no move to make."""
    if observation.to_move is observation.player:
        part = deadline.part(LISTING_SHARE)
        player = observation.player
        moves, complete = list_moves(
            observation.hand, observation.loose, observation.builds, player, part.listing_stop()
        )
        if moves:
            return moves, complete
    raise _no_move(observation)


def cut_listing_note(deadline: Deadline, listed: int) -> str:
    """What a reason must admit when the deadline stopped the listing of the moves.

    >>> print(cut_listing_note(Deadline(1.0, lambda: 0.0), 1234))  # doctest: +NORMALIZE_WHITESPACE
    the 1 s deadline cut the search short before every legal move was listed (it chose
    among 1,234)
    """
    return (
        f"{deadline.label} cut the search short before every legal move was listed "
        f"(it chose among {listed:,})"
    )


def _no_move(observation: Observation) -> CasinoError:
    over = not observation.hand and not observation.opponent_hand_size
    why = "the round is over" if over else f"it is the {observation.next_player.key}'s turn"
    return CasinoError(f"the {observation.player.key} has no move to make: {why}")


@checked
def observation_rng(observation: Observation, salt: str = "") -> np.random.Generator:
    """A random generator seeded by what ``observation`` shows (and ``salt``): the same view
    always gives the same sequence, whatever the hidden cards are.

    >>> from croupier.casino import Player, new_tournament
    >>> seen = new_tournament(Player.HUMAN, rng=1).observe(Player.HUMAN)
    >>> observation_rng(seen).random() == observation_rng(seen).random()
    True
    """
    text = "|".join(
        (
            salt,
            observation.player.key,
            _cards(observation.hand),
            str(observation.opponent_hand_size),
            _cards(observation.loose),
            ";".join(f"{build}:{build.owner.key}" for build in observation.builds),
            _cards(observation.piles[0]),
            _cards(observation.piles[1]),
            str(observation.deck_size),
            observation.next_player.key,
            "" if observation.last_capturer is None else observation.last_capturer.key,
            f"{observation.scores[0]},{observation.scores[1]},{observation.round_number}",
        )
    )
    digest = hashlib.sha256(text.encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "big"))


def _cards(cards: tuple[Any, ...]) -> str:
    return " ".join(card.casino for card in cards)
