"""The card-counting trainer: a shoe dealt card by card, and every few cards the student
says the running count and the true count of a chosen count; the answers are scored for
accuracy and speed.

A :class:`Drill` holds the shuffled shoe, how many cards it deals (``cards``), how often
it asks (``every``) and the count (a :class:`~croupier.baccarat.advantage.CountSystem`:
Jacobson's Dragon 7 or Panda 8 tags, or the tags derived from a bet's effect of
removal). The expected answers come from the count's own code
(:meth:`~croupier.baccarat.advantage.CountSystem.running_count` and
:func:`~croupier.baccarat.advantage.counts.true_count`), the very code the counting
study bets by. A running count is right when it is exact; a true count (the running
count per deck of unseen cards) when it is within :data:`TRUE_COUNT_TOLERANCE` of the
exact value, so the nearest whole number is always right.

>>> from croupier.baccarat.advantage import NAMED_COUNTS
>>> drill = Drill.new(NAMED_COUNTS["dragon-7"], decks=1, cards=6, every=3, rng=4)
>>> [str(card) for card in drill.next_cards()]          # tags -1, -1, 0
['6h', '4s', 'Ad']
>>> drill.expected()
Expected(running=-2, true=-2.122448979591837, cards_seen=3, cards_unseen=49)
>>> answer = drill.answer(-2, -2, seconds=2.5)
>>> answer.running_right, answer.true_right
(True, True)
>>> [str(card) for card in drill.next_cards()]          # tags 0, 0, 0
['Ah', 'Qs', 'As']
>>> drill.answer(0, -2, seconds=4.0).running_right, drill.finished
(False, True)
>>> score = drill.score()
>>> score.asked, score.running_right, score.true_right, score.mean_seconds
(2, 1, 2, 3.25)
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Final

from croupier.baccarat.advantage.counts import NAMED_COUNTS, CountSystem, eor_count, true_count
from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.table import table_shoe
from croupier.cards import Card, parse_cards
from croupier.randomness import RNGLike

__all__ = [
    "COUNT_CHOICES",
    "MAX_DRILL_CARDS",
    "MAX_FLASH",
    "TRUE_COUNT_TOLERANCE",
    "Answer",
    "Drill",
    "DrillScore",
    "Expected",
    "check_flash",
    "parse_running",
    "parse_true",
    "trainer_count",
]

#: How far a true-count answer may be from the exact value and still be right.
TRUE_COUNT_TOLERANCE: Final = 0.5
#: The most cards one drill deals: a whole 8-deck shoe.
MAX_DRILL_CARDS: Final = 416
#: The longest flash accepted, in seconds: how long a group of cards stays on show in
#: flash mode before it is hidden and the counts are asked.
MAX_FLASH: Final = 10.0
#: The counts a student may train on: Jacobson's two, and the effect-of-removal tags of
#: the bets they follow.
COUNT_CHOICES: Final = ("dragon-7", "panda-8", "eor-dragon-7", "eor-panda-8")


def trainer_count(name: str, decks: int = 8) -> CountSystem:
    """The count called ``name`` (one of :data:`COUNT_CHOICES`) for a shoe of ``decks``.

    >>> trainer_count("eor-dragon-7").written()
    '2=0 3,4,5=-1 6,7=-2 8,9=+3 10,J,Q,K,A=0'
    """
    word = str(name).strip().lower()
    if word in NAMED_COUNTS:
        return NAMED_COUNTS[word]
    if word.startswith("eor-") and word[4:] in NAMED_COUNTS:
        return _eor_count(word[4:], decks)
    raise BaccaratError(f"unknown count {name!r}: expected one of {', '.join(COUNT_CHOICES)}")


_RUNNING: Final = re.compile(r"[+-]?[0-9]{1,4}")
_TRUE: Final = re.compile(r"[+-]?([0-9]{1,4}(\.[0-9]{0,3})?|\.[0-9]{1,3})")


def parse_running(text: str) -> int:
    """A running count as typed: a whole number, signed or not (``-3``, ``+2``, ``0``).

    >>> parse_running(" -3 "), parse_running("+12")
    (-3, 12)
    >>> parse_running("2.5")
    Traceback (most recent call last):
    ...
    croupier.baccarat.errors.BaccaratError: bad running count '2.5': expected a whole number, \
e.g. -3 or 4
    """
    word = str(text).strip()
    if not _RUNNING.fullmatch(word):
        raise BaccaratError(f"bad running count {word!r}: expected a whole number, e.g. -3 or 4")
    return int(word)


def parse_true(text: str) -> float:
    """A true count as typed: a number, signed or not, with up to three decimals
    (``-1.5``, ``2``, ``.5``).

    >>> parse_true("-1.5"), parse_true("2")
    (-1.5, 2.0)
    """
    word = str(text).strip()
    if not _TRUE.fullmatch(word):
        raise BaccaratError(f"bad true count {word!r}: expected a number, e.g. -1.5 or 2")
    return float(word)


@functools.lru_cache(maxsize=32)
def _eor_count(bet: str, decks: int) -> CountSystem:
    """The effect-of-removal tags of ``bet`` (computed once: a page asks for them often)."""
    return eor_count(bet, decks)


@dataclass(frozen=True, slots=True)
class Expected:
    """The right answers at a checkpoint."""

    running: int
    true: float
    cards_seen: int
    cards_unseen: int


@dataclass(frozen=True, slots=True)
class Answer:
    """What the student said at a checkpoint, how long it took, and what was right."""

    cards_seen: int
    running: int
    true: float | None
    seconds: float
    expected: Expected
    running_right: bool
    true_right: bool


@dataclass(frozen=True, slots=True)
class DrillScore:
    """Accuracy and speed of a drill."""

    asked: int
    running_right: int
    true_right: int
    #: Mean seconds an answer took.
    mean_seconds: float
    #: The checkpoints answered wrongly.
    mistakes: tuple[Answer, ...]

    @property
    def accuracy(self) -> float:
        """Share of the answers (running and true counts each) that were right."""
        return (self.running_right + self.true_right) / (2 * self.asked) if self.asked else 0.0


def _whole(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not low <= value <= high:
        raise BaccaratError(f"bad {name} {value}: expected {low} to {high}")
    return value


def check_flash(seconds: object) -> float | None:
    """``seconds`` checked as a flash time: ``None`` (no flash: the cards stay on show
    while the counts are asked) or a number above 0 and up to :data:`MAX_FLASH`.

    >>> check_flash(1.5), check_flash(None)
    (1.5, None)
    >>> check_flash(0)
    Traceback (most recent call last):
    ...
    croupier.baccarat.errors.BaccaratError: bad flash time 0: expected above 0 and up \
to 10 seconds
    """
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        raise TypeError(f"flash must be a number of seconds or None, not {type(seconds).__name__}")
    if not (math.isfinite(seconds) and 0 < seconds <= MAX_FLASH):
        raise BaccaratError(
            f"bad flash time {seconds!r}: expected above 0 and up to {MAX_FLASH:g} seconds"
        )
    return float(seconds)


class Drill:
    """One training session: the cards, where the questions are, the answers so far.

    ``flash`` is the flash mode's setting, kept with the drill (and its save) for the
    front ends, which do the timing: each group of cards is on show for that many seconds,
    then hidden before the counts are asked (``None``: the cards stay on show).
    """

    def __init__(
        self,
        count: CountSystem,
        count_name: str,
        cards: Sequence[Card],
        shoe_size: int,
        every: int,
        answers: Sequence[Answer] = (),
        shown: int = 0,
        flash: float | None = None,
    ) -> None:
        self.count = count
        self.count_name = count_name
        self.cards = tuple(cards)
        self.shoe_size = shoe_size
        self.every = every
        self.answers = list(answers)
        #: Cards shown so far.
        self.shown = shown
        #: Seconds a group of cards is on show before it is hidden (``None``: not hidden).
        self.flash = check_flash(flash)

    @classmethod
    def new(
        cls,
        count: CountSystem | str,
        *,
        decks: int = 8,
        cards: int = 104,
        every: int = 10,
        rng: RNGLike = None,
        flash: float | None = None,
    ) -> Drill:
        """A drill on a freshly shuffled shoe of ``decks`` decks: ``cards`` cards dealt, a
        question every ``every`` cards (and after the last); in flash mode (``flash``
        seconds, see :func:`check_flash`) each group is hidden before its question.

        >>> Drill.new("dragon-7", cards=20, every=5, rng=1, flash=1.5).flash
        1.5
        """
        _whole(decks, "decks", 1, 8)
        _whole(cards, "cards", 1, min(MAX_DRILL_CARDS, 52 * decks))
        _whole(every, "every", 1, cards)
        if isinstance(count, str):
            name, system = count, trainer_count(count, decks)
        else:
            name, system = count.name, count
        flash = check_flash(flash)
        shoe = table_shoe(decks, rng)
        dealt = tuple(shoe.draw() for _ in range(cards))
        return cls(system, name, dealt, 52 * decks, every, flash=flash)

    # --- the questions ---------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """True once every card is shown and the last question answered."""
        return self.shown >= len(self.cards) and not self.waiting

    @property
    def waiting(self) -> bool:
        """True when cards were shown since the last answer: a question is due."""
        answered = self.answers[-1].cards_seen if self.answers else 0
        return self.shown > answered

    def next_cards(self) -> tuple[Card, ...]:
        """The cards up to the next question (``every`` of them, fewer at the end)."""
        if self.waiting:
            raise BaccaratError("answer the counts first: a question is waiting")
        if self.shown >= len(self.cards):
            raise BaccaratError("the drill is over: every card has been shown")
        start = self.shown
        self.shown = min(start + self.every, len(self.cards))
        return self.cards[start : self.shown]

    def expected(self) -> Expected:
        """The right answers for the cards shown so far."""
        running = self.count.running_count(self.cards[: self.shown])
        unseen = self.shoe_size - self.shown
        return Expected(running, float(true_count(running, unseen)), self.shown, unseen)

    def answer(self, running: int, true: float | None, *, seconds: float) -> Answer:
        """Score the student's running count and true count (``None``: not given) for the
        cards shown so far, answered in ``seconds``."""
        if not self.waiting:
            raise BaccaratError("no question is waiting: deal the next cards first")
        if isinstance(running, bool) or not isinstance(running, int):
            raise TypeError(f"running must be an int, not {type(running).__name__}")
        if true is not None and (isinstance(true, bool) or not isinstance(true, int | float)):
            raise TypeError(f"true must be a number or None, not {type(true).__name__}")
        if true is not None and not math.isfinite(true):
            raise BaccaratError(f"bad true count {true!r}: expected a finite number")
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds < 0:
            raise BaccaratError(f"bad time {seconds!r}: expected seconds, 0 or more")
        expected = self.expected()
        result = Answer(
            cards_seen=self.shown,
            running=running,
            true=None if true is None else float(true),
            seconds=float(seconds),
            expected=expected,
            running_right=running == expected.running,
            true_right=true is not None
            and abs(true - expected.true) <= TRUE_COUNT_TOLERANCE + 1e-12,
        )
        self.answers.append(result)
        return result

    def score(self) -> DrillScore:
        """Accuracy and speed so far, and the mistakes."""
        answers = self.answers
        return DrillScore(
            asked=len(answers),
            running_right=sum(a.running_right for a in answers),
            true_right=sum(a.true_right for a in answers),
            mean_seconds=sum(a.seconds for a in answers) / len(answers) if answers else 0.0,
            mistakes=tuple(a for a in answers if not (a.running_right and a.true_right)),
        )

    # --- saving ----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The drill as JSON-ready data (see :meth:`from_dict`)."""
        return {
            "count": self.count_name,
            "tags": list(self.count.tags),
            "cards": " ".join(map(str, self.cards)),
            "shoe_size": self.shoe_size,
            "every": self.every,
            "shown": self.shown,
            "flash": self.flash,
            "answers": [{**asdict(a), "expected": asdict(a.expected)} for a in self.answers],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Drill:
        """The drill saved by :meth:`to_dict`; bad data raises a croupier error.

        >>> drill = Drill.new("panda-8", cards=20, every=5, rng=1)
        >>> _ = drill.next_cards(); _ = drill.answer(1, 0.1, seconds=1)
        >>> again = Drill.from_dict(drill.to_dict())
        >>> again.to_dict() == drill.to_dict(), again.count.name == drill.count.name
        (True, True)
        """
        try:
            key, tags = str(data["count"]), tuple(int(t) for t in data["tags"])
            # A named count keeps its name (what the pages show) when its tags are the same.
            known = NAMED_COUNTS.get(key)
            count = known if known is not None and known.tags == tags else CountSystem(key, tags)
            cards = parse_cards(str(data["cards"]))
            answers = [
                Answer(**{**a, "expected": Expected(**a["expected"])}) for a in data["answers"]
            ]
            drill = cls(
                count,
                str(data["count"]),
                cards,
                int(data["shoe_size"]),
                int(data["every"]),
                answers,
                int(data["shown"]),
                # Drills saved before flash mode have no flash.
                flash=data.get("flash"),
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, BaccaratError):
                raise
            raise BaccaratError(f"bad saved drill: {exc}") from None
        if not 0 <= drill.shown <= len(cards) or drill.every < 1:
            raise BaccaratError("bad saved drill: its position is outside its cards")
        return drill
