"""Equity: how often each hand wins when some cards are still unknown.

A hand is a list of known cards and unknown ones written ``?0``, ``?1``... (with or
without spaces between them, as :func:`croupier.cards.split_cards` reads them); the same
``?N`` in several hands is the same card (a shared board). The unknown cards come from
the cards named nowhere. :func:`monte_carlo_equity` deals them at random;
:func:`exact_equity` visits every completion once. Both evaluate all hands of a batch of
completions at a time with the table reads of :mod:`croupier.poker.evaluation.batch`;
cards common to several hands are summed once.

>>> hands = parse_equity_hands('''
... As Ks ?0 ?1 ?2 ?3 ?4   # hand 0
... Qh Qd ?0 ?1 ?2 ?3 ?4   # hand 1
... ''')
>>> result = exact_equity(hands)
>>> result.trials, result.wins, result.ties
(1712304, (787966, 917606), 6732)
>>> [round(e, 4) for e in result.equity]
[0.4621, 0.5379]

A known card may appear in several hands only as a shared card written in every hand
(the board, as the course's files write it); anywhere else, naming a card twice is an error.
"""

from __future__ import annotations

import io
import math
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from croupier.arguments import checked
from croupier.cards import DECK, Card, CardError, as_cards, parse_card, repeated_card, split_cards
from croupier.errors import check_type, prefixed, shown
from croupier.numerals import plural
from croupier.poker.combinatorics import group_products
from croupier.poker.errors import PokerCardError, PokerError
from croupier.poker.evaluation.batch import classes_from_totals
from croupier.poker.evaluation.keys import MAX_CARDS
from croupier.poker.evaluation.tables import CARD_KEYS, MIN_CARDS, rank_table
from croupier.randomness import RNGLike, as_generator, seed_of

__all__ = [
    "MAX_HANDS",
    "MAX_TRIALS",
    "EquityHand",
    "EquityResult",
    "Progress",
    "check_seconds",
    "duration",
    "exact_completions",
    "exact_equity",
    "monte_carlo_equity",
    "parse_equity_hands",
]

#: Called as ``progress(done, total)`` while a calculation runs.
Progress = Callable[[int, int], None]

#: Completions evaluated together (bounded memory, regular progress reports).
CHUNK: Final = 1 << 16
#: Exact enumerations expected to take longer than this are refused (seconds).
EXACT_TIME_LIMIT: Final = 60.0
#: The most Monte Carlo trials one call deals (far more than any machine deals in a day).
MAX_TRIALS: Final = 10**18
#: The most hands an equity question may hold: far more than any table seats (a file of
#: more is refused as soon as its 101st hand is read, however long the file).
MAX_HANDS: Final = 100

#: How a time limit's error ends where None is allowed.
_NO_LIMIT: Final = " (None: no limit)"

_UNKNOWN = re.compile(r"\?(\d+)")


@checked
@dataclass(frozen=True, slots=True)
class EquityHand:
    """One hand of an equity question: its known cards and the numbers of its unknown ones.

    >>> hand = EquityHand.parse("As Ks ?0 ?1 ?2")
    >>> hand.known, hand.unknown, hand.size, str(hand)
    ((Card('As'), Card('Ks')), (0, 1, 2), 5, 'As Ks ?0 ?1 ?2')
    """

    known: tuple[Card, ...]
    unknown: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if len(set(self.known)) != len(self.known):
            raise PokerCardError(f"bad hand {self}: a known card appears twice")
        if len(set(self.unknown)) != len(self.unknown) or any(n < 0 for n in self.unknown):
            raise PokerError(f"bad hand {self}: unknown cards are distinct numbers ?0, ?1...")
        if not MIN_CARDS <= self.size <= MAX_CARDS:
            raise PokerError(
                f"a hand of {plural(self.size, 'card')} once complete: expected {MIN_CARDS} to "
                f"{MAX_CARDS} (known cards and ?N unknown ones)"
            )

    @classmethod
    def parse(cls, text: str) -> EquityHand:
        """One hand from tokens such as ``As Ks ?0 ?1`` (see :func:`parse_equity_hands`)."""
        hands = parse_equity_hands(text)
        if len(hands) != 1:
            raise PokerError(f"expected one hand, got {len(hands)}")
        return hands[0]

    @property
    def size(self) -> int:
        """How many cards the hand has once complete."""
        return len(self.known) + len(self.unknown)

    def __str__(self) -> str:
        return " ".join([*(str(c) for c in self.known), *(f"?{n}" for n in self.unknown)])


@dataclass(frozen=True, slots=True)
class EquityResult:
    """How each hand fared over ``trials`` completions (random ones, or all of them).

    - ``wins[i]``: completions hand ``i`` won alone;
    - ``ties``: completions where the best hand was shared (nobody won);
    - ``tied[i]``: completions hand ``i`` shared the best hand;
    - ``tie_shares[i]``: hand ``i``'s part of the split pots (1/k of a k-way tie);
    - ``equity[i]``: ``(wins[i] + tie_shares[i]) / trials``, the share of the pot it
      can expect; the equities sum to 1.
    """

    trials: int
    wins: tuple[int, ...]
    ties: int
    tied: tuple[int, ...]
    tie_shares: tuple[Fraction, ...]
    exact: bool
    seed: int | None = field(default=None)
    #: The hands asked about, in order (for :meth:`to_dict`).
    hands: tuple[EquityHand, ...] = field(default=())

    @property
    def equity(self) -> tuple[float, ...]:
        """Each hand's expected share of the pot."""
        return tuple(
            float((w + s) / self.trials) for w, s in zip(self.wins, self.tie_shares, strict=True)
        )

    @property
    def win_rates(self) -> tuple[float, ...]:
        """Each hand's share of completions won outright."""
        return tuple(w / self.trials for w in self.wins)

    @property
    def standard_errors(self) -> tuple[float, ...]:
        """How far each Monte Carlo equity may be from the exact one: a bound on its
        standard error, ``sqrt(e (1 - e) / trials)`` (a hand's share of one pot lies
        between 0 and 1, so its variance is at most ``e (1 - e)``); 0 for exact results.

        >>> hands = parse_equity_hands("Ah Ad ?0 ?1 ?2 ?3 ?4\\n7c 2d ?0 ?1 ?2 ?3 ?4")
        >>> [round(se, 4) for se in monte_carlo_equity(hands, 10_000, rng=1).standard_errors]
        [0.0032, 0.0032]
        """
        if self.exact:
            return tuple(0.0 for _ in self.wins)
        return tuple(math.sqrt(e * (1 - e) / self.trials) for e in self.equity)

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data (what ``croupier poker equity --json`` prints):
        per hand its wins, ties, share of split pots and equity.

        >>> hands = parse_equity_hands("Ah Ad ?0 ?1 ?2 ?3 ?4\\n7c 2d ?0 ?1 ?2 ?3 ?4")
        >>> data = monte_carlo_equity(hands, 1000, rng=1).to_dict()
        >>> data["trials"], data["seed"], data["hands"][0]["hand"]
        (1000, 1, 'Ah Ad ?0 ?1 ?2 ?3 ?4')
        """
        return {
            "trials": self.trials,
            "exact": self.exact,
            "seed": self.seed,
            "ties": self.ties,
            "hands": [
                {
                    "hand": str(hand),
                    "wins": self.wins[i],
                    "ties": self.tied[i],
                    "tie_share": float(self.tie_shares[i]),
                    "equity": self.equity[i],
                }
                for i, hand in enumerate(self.hands)
            ],
        }


# --- reading hands ----------------------------------------------------------------------


@checked
def parse_equity_hands(text: str | Iterable[str], source: str = "input") -> tuple[EquityHand, ...]:
    """Hands of an equity question, one per line; blank lines and ``#`` comments skipped.

    ``text`` is the whole text or its lines one by one (a file read as it goes: reading
    stops at the first error, or once more than :data:`MAX_HANDS` hands are read). Errors
    name ``source``, the line and the token.

    >>> parse_equity_hands("As Ks ?0 ?1 ?2 ?3 ?4\\n2c 2d ?0 ?1 ?2 ?3 ?4")[1]
    EquityHand(known=(Card('2c'), Card('2d')), unknown=(0, 1, 2, 3, 4))
    >>> parse_equity_hands("As Ks ?0 ?1 ?x", "hands.txt")
    Traceback (most recent call last):
    ...
    croupier.poker.errors.PokerCardError: hands.txt, line 1: bad unknown card '?x' at ...
    """
    check_type(source, str, "source")
    if isinstance(text, str):
        lines: Iterable[str] = io.StringIO(text)
    else:
        lines = check_type(text, Iterable, "text", "a str or an iterable of lines (str)")
    hands: list[EquityHand] = []
    wheres: list[str] = []
    for number, line in enumerate(lines, 1):
        check_type(line, str, f"text[{number - 1}]", "a line (str)")
        tokens = split_cards(line.split("#", 1)[0])
        if not tokens:
            continue
        if len(hands) == MAX_HANDS:
            raise PokerError(
                f"{source}, line {number}: more than {MAX_HANDS} hands: an equity question "
                f"holds at most {MAX_HANDS}"
            )
        wheres.append(f"{source}, line {number}")
        hands.append(_parse_hand(tokens, wheres[-1]))
    if not hands:
        raise PokerError(f"{source}: no hands: expected one hand per line, as in 'As Ks ?0 ?1 ?2'")
    _check_shared_cards(hands, wheres)
    _check_unknowns(hands, source)
    return tuple(hands)


def _as_hands(hands: Sequence[EquityHand] | str) -> tuple[EquityHand, ...]:
    """The hands of a question: :class:`EquityHand` objects, or their text (read by
    :func:`parse_equity_hands`)."""
    if isinstance(hands, str):
        return parse_equity_hands(hands, "hands")
    items = tuple(check_type(hands, Iterable, "hands", "EquityHand objects or their text"))
    if len(items) > MAX_HANDS:
        raise PokerError(f"{len(items)} hands: an equity question holds at most {MAX_HANDS}")
    for i, hand in enumerate(items):
        check_type(hand, EquityHand, f"hands[{i}]", "an EquityHand")
    return items


def _parse_hand(tokens: list[str], where: str) -> EquityHand:
    known: list[Card] = []
    unknown: list[int] = []
    seen: dict[object, int] = {}
    for position, token in enumerate(tokens, 1):
        item: object
        if token.startswith("?"):
            match = _UNKNOWN.fullmatch(token)
            if match is None:
                raise PokerCardError(
                    f"{where}: bad unknown card {token!r} at position {position}: "
                    "expected ? followed by a number, as in ?0 or ?12"
                )
            item = int(match.group(1))
            unknown.append(int(match.group(1)))
        else:
            try:
                item = parse_card(token, position)
            except CardError as exc:
                raise PokerCardError(f"{where}: {exc}") from None
            known.append(DECK[item.index])
        if item in seen:
            raise PokerCardError(f"{where}: {repeated_card(token, position, seen[item])}")
        seen[item] = position
    try:
        return EquityHand(tuple(known), tuple(unknown))
    except PokerError as exc:
        raise prefixed(exc, where) from None


def _check_shared_cards(hands: Sequence[EquityHand], wheres: Sequence[str]) -> None:
    """A known card in several hands must be in all of them: a board card."""
    holders: dict[Card, list[int]] = {}
    for i, hand in enumerate(hands):
        for card in hand.known:
            holders.setdefault(card, []).append(i)
    for card, owners in holders.items():
        if 1 < len(owners) < len(hands):
            missing = next(i for i in range(len(hands)) if i not in owners)
            raise PokerCardError(
                f"{wheres[owners[1]]}: card {str(card)!r} is also on {wheres[owners[0]]} "
                f"but not on {wheres[missing]}: a card may be in one hand, or in every "
                "hand as a shared board card"
            )


def _check_dead(hands: Sequence[EquityHand], dead: Iterable[Card]) -> int:
    """Dead cards are out of play: never in a hand, never twice; returns how many."""
    seen: set[Card] = set()
    held = {c for hand in hands for c in hand.known}
    for card in dead:
        check_type(card, Card, "each dead card", "a Card")
        if card in held:
            raise PokerError(f"dead card {card} is also in a hand: a dead card is out of play")
        if card in seen:
            raise PokerError(f"dead card {card} is named twice")
        seen.add(card)
    return len(seen)


def _check_unknowns(hands: Sequence[EquityHand], source: str, dead: int = 0) -> None:
    used = sorted({n for hand in hands for n in hand.unknown})
    missing = [n for n in range(len(used)) if n not in used]
    if missing:
        raise PokerError(
            f"{source}: unknown card ?{max(used)} is used but ?{missing[0]} is not: number "
            "unknown cards ?0, ?1, ... without gaps"
        )
    left = 52 - len({c for hand in hands for c in hand.known}) - dead
    if len(used) > left:
        raise PokerError(
            f"{source}: {plural(len(used), 'unknown card')} to deal but only "
            f"{plural(left, 'card is', 'cards are')} not named"
        )


# --- the engine -------------------------------------------------------------------------


class _Question:
    """Hands prepared for batch evaluation of completions.

    A completion is one row of card numbers, column ``n`` holding the card for ``?n``.
    Unknown cards are grouped by the set of hands holding them: the key sum of a group
    is computed once per batch and shared by its hands.
    """

    def __init__(self, hands: Sequence[EquityHand] | str, dead: Iterable[Card] = ()) -> None:
        hands = _as_hands(hands)
        if not hands:
            raise PokerError("no hands: an equity question needs at least one hand")
        _check_shared_cards(hands, [f"hand {i}" for i in range(len(hands))])
        _check_unknowns(hands, "hands", _check_dead(hands, dead))
        self.hands = tuple(hands)
        named = {c.index for hand in hands for c in hand.known} | {c.index for c in dead}
        self.remaining = np.array([i for i in range(52) if i not in named], dtype=np.int64)
        self.unknowns = len({n for hand in hands for n in hand.unknown})
        owners: dict[int, tuple[int, ...]] = {}
        for n in range(self.unknowns):
            owners[n] = tuple(i for i, hand in enumerate(hands) if n in hand.unknown)
        self.groups: list[tuple[int, ...]] = []
        for signature in dict.fromkeys(owners.values()):
            self.groups.append(tuple(n for n in range(self.unknowns) if owners[n] == signature))
        self.hand_groups = [
            [g for g, group in enumerate(self.groups) if group[0] in hand.unknown] for hand in hands
        ]
        self.constants = [int(CARD_KEYS[[c.index for c in hand.known]].sum()) for hand in hands]
        self.known = [np.array([c.index for c in hand.known], dtype=np.int64) for hand in hands]

    def completions(self) -> int:
        """How many distinct completions there are (unknown cards held by the same hands
        are interchangeable)."""
        total, left = 1, len(self.remaining)
        for group in self.groups:
            total *= math.comb(left, len(group))
            left -= len(group)
        return total

    def classes(self, drawn: NDArray[np.int64]) -> NDArray[np.uint16]:
        """Class of every hand (rows) in every completion (columns) of ``drawn``."""
        keys = CARD_KEYS[drawn] if self.unknowns else np.zeros((len(drawn), 0), dtype=np.int64)
        group_totals = [keys[:, list(group)].sum(axis=1) for group in self.groups]
        out = np.empty((len(self.hands), len(drawn)), dtype=np.uint16)
        for i, hand in enumerate(self.hands):
            totals = np.full(len(drawn), self.constants[i], dtype=np.int64)
            for g in self.hand_groups[i]:
                totals += group_totals[g]
            columns = list(hand.unknown)
            known = self.known[i]

            def cards_of(
                rows: NDArray[np.intp],
                known: NDArray[np.int64] = known,
                columns: list[int] = columns,
            ) -> NDArray[np.int64]:
                return np.concatenate(
                    [np.broadcast_to(known, (len(rows), len(known))), drawn[rows][:, columns]],
                    axis=1,
                )

            out[i] = classes_from_totals(totals, hand.size, cards_of)
        return out


class _Tally:
    """Running counts of wins and ties over batches of completions."""

    def __init__(self, hands: int) -> None:
        self.trials = 0
        self.wins = np.zeros(hands, dtype=np.int64)
        self.tied = np.zeros(hands, dtype=np.int64)
        self.ties = 0
        # tie_counts[k][i]: completions where hand i shared the best hand with k-1 others
        self.tie_counts: dict[int, NDArray[np.int64]] = {}
        self._hands = hands

    def add(self, classes: NDArray[np.uint16]) -> None:
        best = classes.min(axis=0)
        on_top = classes == best
        sharing = on_top.sum(axis=0)
        alone = sharing == 1
        self.trials += classes.shape[1]
        self.wins += (on_top & alone).sum(axis=1)
        self.tied += (on_top & ~alone).sum(axis=1)
        self.ties += int((~alone).sum())
        for k in np.unique(sharing[~alone]).tolist():
            counts = (on_top & (sharing == k)).sum(axis=1)
            self.tie_counts[k] = self.tie_counts.get(k, np.zeros(self._hands, np.int64)) + counts

    def result(
        self, hands: Sequence[EquityHand], *, exact: bool, seed: int | None = None
    ) -> EquityResult:
        shares = [
            sum((Fraction(int(c[i]), k) for k, c in self.tie_counts.items()), Fraction(0))
            for i in range(len(self.wins))
        ]
        return EquityResult(
            trials=self.trials,
            wins=tuple(int(w) for w in self.wins),
            ties=self.ties,
            tied=tuple(int(t) for t in self.tied),
            tie_shares=tuple(shares),
            exact=exact,
            seed=seed,
            hands=tuple(hands),
        )


# --- Monte Carlo ------------------------------------------------------------------------


@checked
def monte_carlo_equity(
    hands: Sequence[EquityHand] | str,
    trials: int = 10_000,
    *,
    rng: RNGLike = None,
    progress: Progress | None = None,
    dead: Iterable[Card] | str = (),
    time_limit: float | None = None,
) -> EquityResult:
    """Each hand's wins over ``trials`` random completions.

    ``rng`` is an int seed (the same seed, the same deals), a NumPy generator or ``None``.

    ``dead`` cards are out of play (folded or burnt): no completion deals them.
    With a ``time_limit`` in seconds (finite, above 0; None: no limit), a run whose first
    batches show it would take longer stops with an error giving the estimate (as
    :func:`exact_equity` does).

    >>> hands = parse_equity_hands("Ah Ad ?0 ?1 ?2 ?3 ?4\\n7c 2d ?0 ?1 ?2 ?3 ?4")
    >>> result = monte_carlo_equity(hands, 20_000, rng=1)
    >>> result.trials, 0.85 < result.equity[0] < 0.90
    (20000, True)
    """
    if isinstance(trials, bool) or not isinstance(trials, int) or not 1 <= trials <= MAX_TRIALS:
        raise PokerError(f"bad number of trials {trials!r}: expected 1 to {MAX_TRIALS:,}")
    if time_limit is not None:
        check_seconds(time_limit, "time_limit", _NO_LIMIT)
    question = _Question(hands, as_cards(dead, "dead"))
    generator = as_generator(rng)
    tally = _Tally(len(question.hands))
    size = len(question.remaining)
    started = time.perf_counter()
    for start in range(0, trials, CHUNK):
        count = min(CHUNK, trials - start)
        drawn = question.remaining[_deal(generator, count, size, question.unknowns)]
        tally.add(question.classes(drawn))
        time_limit = _check_estimate(started, start + count, trials, time_limit, "trials")
        if progress is not None:
            progress(start + count, trials)
    return tally.result(question.hands, exact=False, seed=seed_of(rng))


def _deal(rng: np.random.Generator, rows: int, size: int, cards: int) -> NDArray[np.intp]:
    """``rows`` independent uniform draws of ``cards`` distinct positions out of ``size``
    (a partial Fisher-Yates shuffle of every row at once)."""
    order = np.broadcast_to(np.arange(size, dtype=np.int8), (rows, size)).copy()
    every = np.arange(rows)
    for j in range(cards):
        pick = rng.integers(j, size, size=rows)
        chosen = order[every, pick]
        order[every, pick] = order[:, j]
        order[:, j] = chosen
    return order[:, :cards].astype(np.intp)


# --- exact enumeration ------------------------------------------------------------------


@checked
def exact_completions(hands: Sequence[EquityHand] | str, dead: Iterable[Card] | str = ()) -> int:
    """How many distinct completions :func:`exact_equity` visits.

    >>> hands = parse_equity_hands("As Ks ?0 ?1 ?2 ?3 ?4\\n2c 2d ?0 ?1 ?2 ?3 ?4")
    >>> from croupier.cards import parse_cards
    >>> exact_completions(hands), exact_completions(hands, dead=parse_cards("Ah Kh"))
    (1712304, 1370754)
    """
    return _Question(hands, as_cards(dead, "dead")).completions()


@checked
def exact_equity(
    hands: Sequence[EquityHand] | str,
    *,
    time_limit: float | None = EXACT_TIME_LIMIT,
    progress: Progress | None = None,
    dead: Iterable[Card] | str = (),
) -> EquityResult:
    """Each hand's wins over every completion, each visited once.

    Unknown cards held by the same hands are interchangeable, so each set of them is
    visited once (a board of five unknown cards: C(48, 5) = 1,712,304 completions for
    two known hands). When the first batches show that the whole enumeration would take
    longer than ``time_limit`` seconds, it stops with an error giving the estimate.
    ``dead`` cards are out of play: no completion deals them. ``time_limit`` is a
    finite number of seconds above 0, or None for no limit.
    """
    if time_limit is not None:
        check_seconds(time_limit, "time_limit", _NO_LIMIT)
    question = _Question(hands, as_cards(dead, "dead"))
    total = question.completions()
    tally = _Tally(len(question.hands))
    for hand in question.hands:
        rank_table(hand.size)  # build the tables before timing the first batches
    started = time.perf_counter()
    for drawn in _completions(question):
        tally.add(question.classes(question.remaining[drawn]))
        time_limit = _check_estimate(started, tally.trials, total, time_limit, "completions")
        if progress is not None:
            progress(tally.trials, total)
    return tally.result(question.hands, exact=True)


def _check_estimate(
    started: float, done: int, total: int, time_limit: float | None, what: str
) -> float | None:
    """Once a run has taken a quarter of a second, refuse it if the whole would take over
    ``time_limit``; returns the limit still to check (``None`` once the estimate passed)."""
    elapsed = time.perf_counter() - started
    if time_limit is None or done >= total or elapsed <= 0.25:
        return time_limit
    estimate = elapsed * total / done
    if estimate > time_limit:
        advice = (
            "use Monte Carlo trials instead, or name more cards"
            if what == "completions"
            else "ask for fewer trials"
        )
        kind = "exact enumeration of" if what == "completions" else "Monte Carlo with"
        raise PokerError(
            f"{kind} {total:,} {what} would take about {duration(estimate)} here "
            f"(limit {duration(time_limit)}): {advice}"
        )
    return None  # the estimate is under the limit: finish


def check_seconds(seconds: float, name: str, also: str = "") -> float:
    """``seconds`` if it is a time limit: a finite number of seconds above 0 (NaN, which
    no estimate exceeds, would lift the limit unsaid), else a
    :class:`~croupier.poker.errors.PokerError` naming ``name`` (``also`` ends its
    message).

    >>> check_seconds(2, "time_limit")
    2
    >>> check_seconds(float("nan"), "limit")
    Traceback (most recent call last):
    ...
    croupier.poker.errors.PokerError: bad limit nan: expected a finite number of seconds above 0
    """
    try:
        value = float(seconds)
    except OverflowError:  # an int too large for a float
        value = math.inf
    if not (math.isfinite(value) and value > 0):
        raise PokerError(
            f"bad {name} {shown(seconds)}: expected a finite number of seconds above 0{also}"
        )
    return seconds


def duration(seconds: float) -> str:
    """A rough time in words, for an estimate told to a user.

    >>> duration(42.4), duration(675), duration(3 * 86400)
    ('42 seconds', '11 minutes', '3 days')
    """
    if seconds < 90:
        return f"{seconds:.0f} seconds"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 48 * 3600:
        return f"{seconds / 3600:.0f} hours"
    return f"{seconds / 86400:,.0f} days"


def _completions(question: _Question) -> Iterator[NDArray[np.intp]]:
    """Batches of completions: rows of positions in ``question.remaining``, column ``n``
    for ``?n``, each completion (up to the order of interchangeable cards) once."""
    if question.unknowns == 0:
        yield np.zeros((1, 0), dtype=np.intp)
        return
    columns = [n for group in question.groups for n in group]
    order = np.argsort(columns)
    sizes = [len(g) for g in question.groups]
    for picks in group_products(len(question.remaining), sizes, CHUNK):
        yield picks[:, order]
