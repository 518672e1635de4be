"""What a player may hold in Omaha: a hand, part of one, any hand, a list of them, or a
range in the generic syntax, each holding with a weight.

:meth:`HoleRange.parse` is the one reader of Omaha and five-card Omaha ranges (``poker
calc``, ``poker hits``, the web). It reads, for a game of 4 or 5 hole cards:

- a hand: ``AsKsQdJd`` (or ``As Ks Qd Jd``);
- part of a hand, a ``?`` for each card not known: ``AsAh??``, ``As ? ? ?``;
- any hand: ``random``, ``*`` or only ``?`` (``????``);
- several of these separated by commas: ``AsAhKsKh, AdAcKdKc``;
- any range in ProPokerTools' generic syntax
  (:class:`~croupier.poker.ranges.generic.GenericRange`): ``AA`` (at least two aces),
  ``AA!AAA``, ``AxAyxy``, ``RRON``, ``KK:xxyy``, ``JT98-6543``, ``15%``;
- a weight after any comma-separated part, in per cent: ``AA@50, KK`` (a holding of
  ``AA`` is held half as often as one of ``KK``); a later part overrides an earlier one
  for the holdings they share, and ``@0`` takes them out (``RRON, AA@0``).

Every text of the first four kinds is generic syntax too, and names the same holdings
there: ``AsAh??`` is every holding with the two aces, ``AsAhKsKh, AdAcKdKc`` those two.
Such a text is kept in its explicit form, which the engines deal faster (a partly known
hand's missing cards are dealt from the deck, not drawn from a list), and whose known
cards the equity question checks against the board and the other players. A hand
listed twice is the same holding, held once; fewer cards than a hand holds name every
holding with them (``AsAh`` in Omaha is ``AsAh??``). Every holding of a range is
equally likely unless weighted.

>>> r = HoleRange.parse("As Ah ? ?", 4)
>>> str(r), r.known, r.unknown
('AsAh??', (Card('As'), Card('Ah')), 2)
>>> str(HoleRange.parse("*", 5)), HoleRange.parse("Kd Kc Qd Qc", 4).is_hand
('random', True)
>>> aces = HoleRange.parse("AA!AAA", 4)
>>> str(aces), aces.count(excluded=0), aces.known, aces.is_generic
('AA!AAA', 6768, (), True)
>>> HoleRange.parse("AsAh", 4).count(excluded=0) == HoleRange.parse("AsAh??", 4).count(0)
True
>>> HoleRange.parse("AsAh, KK!", 4)
Traceback (most recent call last):
...
croupier.poker.ranges.holdem.RangeError: bad range text at the end: expected a card (As), ...
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np
from numpy.typing import NDArray

from croupier.arguments import checked
from croupier.cards import Card, CardError, parse_card, repeated_card, split_cards
from croupier.poker.ranges.holdem import RangeError

if TYPE_CHECKING:
    from croupier.poker.ranges.generic import GenericRange

__all__ = ["MAX_HOLE_CARDS", "HoleRange", "partial_cards"]

_RANDOM: Final = frozenset(("random", "*", "any"))
#: The most hole cards of any game (five-card Omaha).
MAX_HOLE_CARDS: Final = 5
#: The games whose ranges the generic syntax reads, by hole cards.
_GENERIC_GAMES: Final = {4: "omaha", 5: "omaha5"}
#: A part's weight at its end: ``@50`` (per cent).
_WEIGHT: Final = re.compile(r"@\s*(?P<pct>[0-9]*\.?[0-9]*)\s*$")

#: One layer of a generic range: its holdings and their weight (0 to 1).
Layer = tuple["GenericRange", float]


def partial_cards(text: str) -> tuple[tuple[Card, ...], int] | None:
    """The known cards and the number of ``?`` of a hand written with unknown cards
    (``"AsAh??"``, ``"Ah ?"``), or None when ``text`` holds no ``?``; the cards are read
    by :func:`croupier.cards.parse_cards`, with or without spaces.

    >>> partial_cards("Ah ?"), partial_cards("AhKh")
    (((Card('Ah'),), 1), None)
    >>> partial_cards("AsAh?As")
    Traceback (most recent call last):
    ...
    croupier.poker.ranges.holdem.RangeError: 'AsAh?As': card 'As' at position 4 repeats ...
    """
    if "?" not in text:
        return None
    return _known_and_unknown(text)


def _known_and_unknown(text: str) -> tuple[tuple[Card, ...], int]:
    """The cards of ``text`` and its number of ``?`` (errors count both in positions)."""
    tokens = split_cards(text)
    cards: list[Card] = []
    seen: dict[Card, int] = {}
    try:
        for position, token in enumerate(tokens, 1):
            if token == "?":
                continue
            card = parse_card(token, position)
            if card in seen:
                raise repeated_card(token, position, seen[card])
            seen[card] = position
            cards.append(card)
    except CardError as exc:
        raise RangeError(f"{text.strip()!r}: {exc}") from None
    return tuple(cards), len(tokens) - len(cards)


@dataclass(frozen=True, slots=True)
class HoleRange:
    """A player's hole cards in a game of ``size`` of them. Either ``parts`` (known
    cards, and how many more are dealt at random: every hand they hold equally likely),
    or ``layers`` (generic ranges, each with a weight; a later layer's weight wins for
    the holdings it shares with an earlier one), read from ``text``."""

    size: int
    parts: tuple[tuple[tuple[Card, ...], int], ...]
    layers: tuple[Layer, ...] = ()
    text: str = ""

    def _repr_html_(self) -> str:
        """The holding's parts and how many hands it holds, drawn in a notebook
        (:mod:`croupier.poker.display`)."""
        from croupier.poker.display import hole_range_html

        return hole_range_html(self)

    @classmethod
    @checked
    def parse(cls, text: str, size: int) -> HoleRange:
        """Read a range (see the module's notes) for a game of ``size`` hole cards (2 to
        5; the generic syntax for 4 and 5); an error names the bad token.

        >>> r = HoleRange.parse("AA@50, KK:xxyy", 4)
        >>> r.count(excluded=0), sorted(set(r.weights(excluded=0).tolist()))
        (7819, [0.5, 1.0])
        """
        if not 2 <= size <= MAX_HOLE_CARDS:
            raise RangeError(f"bad hole card count {size}: expected 2 to {MAX_HOLE_CARDS}")
        tokens = [t.strip() for t in text.split(",") if t.strip()]
        if not tokens:
            raise RangeError(f"empty range: expected {size} hole cards, AsAh?? or random")
        try:
            parts = tuple(dict.fromkeys(_read_part(token, size) for token in tokens))
        except _NotExplicitError as error:
            if size not in _GENERIC_GAMES:
                raise error.cause from None
            return cls(size, (), _layers(text, size), " ".join(text.split()))
        return cls(size, parts)

    @property
    def is_generic(self) -> bool:
        """True when the range was read in the generic syntax (it has ``layers``)."""
        return bool(self.layers)

    @property
    def known(self) -> tuple[Card, ...]:
        """The cards held in every deal (those of a single part)."""
        return self.parts[0][0] if len(self.parts) == 1 else ()

    @property
    def unknown(self) -> int:
        """Cards dealt at random, for a single part (0: a whole hand)."""
        return self.parts[0][1] if len(self.parts) == 1 else 0

    @property
    def is_hand(self) -> bool:
        """True when the range is one whole hand."""
        return len(self.parts) == 1 and self.parts[0][1] == 0

    @property
    def is_partial(self) -> bool:
        """True for a single part with cards dealt at random (random included)."""
        return len(self.parts) == 1 and self.parts[0][1] > 0

    def __str__(self) -> str:
        if self.layers:
            return self.text
        return ", ".join(_part_text(known, unknown, self.size) for known, unknown in self.parts)

    @checked
    def hands(self, excluded: int) -> NDArray[np.int64]:
        """Every hand of the range (card numbers, increasing in each row) whose cards
        are not in the 52-bit set ``excluded``, each once, in a stable order (a weight
        of 0 leaves a hand out).

        >>> HoleRange.parse("As Ah Kd ?", 4).hands(excluded=1 << 1)[:2].tolist()
        [[0, 45, 50, 51], [2, 45, 50, 51]]
        >>> HoleRange.parse("AsAhKd[2,3]c", 4).hands(excluded=1 << 1).tolist()
        [[0, 45, 50, 51], [4, 45, 50, 51]]
        """
        excluded = _card_set(excluded)
        if self.layers:
            return self._weighted(excluded)[0]
        if self.size in _GENERIC_GAMES and any(unknown > 1 for _, unknown in self.parts):
            return self._completions(excluded)
        free = [c for c in range(52) if not excluded >> c & 1]
        rows: list[tuple[int, ...]] = []
        seen: set[tuple[int, ...]] = set()
        for known, unknown in self.parts:
            numbers = [c.index for c in known]
            if any(excluded >> n & 1 for n in numbers):
                continue
            others = [c for c in free if c not in numbers]
            for extra in itertools.combinations(others, unknown):
                row = tuple(sorted((*numbers, *extra)))
                if row not in seen:
                    seen.add(row)
                    rows.append(row)
        return np.array(rows, dtype=np.int64).reshape(len(rows), self.size)

    def _completions(self, excluded: int) -> NDArray[np.int64]:
        """The hands of parts that deal several cards at random (``AsAh??``,
        ``random``), made as arrays (each part's known cards beside every subset of
        the cards left) rather than listed one by one, each once (several parts: in the
        order of the holdings' numbers)."""
        from croupier.poker.combinatorics import combinations
        from croupier.poker.ranges.generic_table import holding_numbers

        blocks = [np.zeros((0, self.size), dtype=np.int64)]
        for known, unknown in self.parts:
            numbers = [c.index for c in known]
            if any(excluded >> n & 1 for n in numbers):
                continue
            pool = np.array(
                [c for c in range(52) if not excluded >> c & 1 and c not in numbers],
                dtype=np.int64,
            )
            extra = pool[combinations(len(pool), unknown)]
            fixed = np.broadcast_to(np.array(numbers, dtype=np.int64), (len(extra), len(numbers)))
            blocks.append(np.sort(np.concatenate([fixed, extra], axis=1), axis=1))
        rows = np.concatenate(blocks)
        if len(blocks) == 2:
            return rows  # one part: its hands are distinct
        _, first = np.unique(holding_numbers(rows), return_index=True)
        hands: NDArray[np.int64] = rows[first]
        return hands

    @checked
    def hands_and_weights(self, excluded: int) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
        """:meth:`hands` and :meth:`weights` together, made once.

        >>> rows, weights = HoleRange.parse("KK:xxyy@50, AA:xxyy", 4).hands_and_weights(0)
        >>> len(rows), weights.sum().item()
        (1722, 1293.0)
        """
        excluded = _card_set(excluded)
        if self.layers:
            return self._weighted(excluded)
        rows = self.hands(excluded)
        return rows, np.ones(len(rows))

    @checked
    def weights(self, excluded: int) -> NDArray[np.float64]:
        """The weight (above 0, at most 1) of each hand :meth:`hands` lists, in its order."""
        excluded = _card_set(excluded)
        if self.layers:
            return self._weighted(excluded)[1]
        return np.ones(len(self.hands(excluded)))

    def _weighted(self, excluded: int) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
        """The hands of the layers and their weights, the last layer holding a hand
        deciding its weight."""
        rows: list[NDArray[np.int64]] = []
        weights: list[NDArray[np.float64]] = []
        later = None
        for generic, weight in reversed(self.layers):
            bits = generic.bits if later is None else generic.bits & ~later
            later = generic.bits if later is None else later | generic.bits
            if weight > 0:
                small = generic.table.rows[generic.table.numbers(bits)]
                if excluded:
                    small = small[_free_rows(small, excluded)]
                mine = small.astype(np.int64)
                rows.append(mine)
                weights.append(np.full(len(mine), weight))
        if len(rows) < 2:  # one weight: its rows as they are, not copied
            return (
                (rows[0], weights[0]) if rows else (np.zeros((0, self.size), np.int64), np.zeros(0))
            )
        return np.concatenate(rows[::-1]), np.concatenate(weights[::-1])

    @checked
    def count(self, excluded: int) -> int:
        """How many hands :meth:`hands` lists, without listing them when it can."""
        excluded = _card_set(excluded)
        if len(self.parts) != 1:
            return len(self.hands(excluded))
        known, unknown = self.parts[0]
        if any(excluded >> c.index & 1 for c in known):
            return 0
        free = 52 - excluded.bit_count() - len(known)
        return _choose(free, unknown)


def _card_set(excluded: int) -> int:
    """``excluded`` (an int, its type checked by the caller) as a 52-bit set of cards
    (bit ``c`` for card ``c``), or a :class:`~croupier.poker.ranges.holdem.RangeError`
    naming it: a bit above the 52nd named no card, and was counted as one.

    >>> _card_set(1 << 51)
    2251799813685248
    >>> _card_set(1 << 52)
    Traceback (most recent call last):
    ...
    croupier.poker.ranges.holdem.RangeError: bad excluded cards 4503599627370496: expected ...
    """
    if not 0 <= excluded < 1 << 52:
        shown = excluded if abs(excluded) < 1 << 64 else f"of {int(excluded).bit_length()} bits"
        raise RangeError(
            f"bad excluded cards {shown}: expected a 52-bit set of cards (0 to 2**52 - 1, "
            "bit c for card c)"
        )
    return int(excluded)


class _NotExplicitError(Exception):
    """A part that is not a hand, part of one or random (``cause``: what was wrong)."""

    def __init__(self, cause: RangeError) -> None:
        super().__init__(str(cause))
        self.cause = cause


def _free_rows(rows: NDArray[np.integer], excluded: int) -> NDArray[np.bool_]:
    """Which rows hold no card of the 52-bit set ``excluded``."""
    if not excluded:
        return np.ones(len(rows), dtype=bool)
    flags = np.array([bool(excluded >> c & 1) for c in range(52)])
    free: NDArray[np.bool_] = (flags[rows].sum(axis=1) == 0).astype(bool)
    return free


def _choose(n: int, k: int) -> int:
    from math import comb

    return comb(n, k) if n >= k >= 0 else 0


def _part_text(known: tuple[Card, ...], unknown: int, size: int) -> str:
    if unknown == size:
        return "random"
    return "".join(str(c) for c in known) + "?" * unknown


def _read_part(token: str, size: int) -> tuple[tuple[Card, ...], int]:
    """A hand, part of one, or random; a token of cards naming one twice is an error,
    any other token that is none of these raises :class:`_NotExplicitError`."""
    if token.lower() in _RANDOM:
        return (), size
    try:
        cards, unknown = _known_and_unknown(token)
    except RangeError as error:
        if "repeats position" in str(error):
            raise
        raise _NotExplicitError(error) from None
    if len(cards) + unknown < size:
        unknown = size - len(cards)  # AsAh in Omaha: every hand holding both, AsAh??
    if len(cards) + unknown != size:
        hint = "".join(str(c) for c in cards) + "?" * max(size - len(cards), 0)
        raise _NotExplicitError(
            RangeError(
                f"{token!r}: {len(cards) + unknown} cards: expected {size} hole cards, a ? "
                f"for each one not known ({hint}), or random"
            )
        )
    return tuple(sorted(cards, reverse=True)) if unknown else cards, unknown


def _layers(text: str, size: int) -> tuple[Layer, ...]:
    """The generic range of ``text`` as layers of one weight each: the parts between
    top-level commas, a ``@`` weight at the end of a part, consecutive parts of one
    weight read together (each read with its place in ``text`` kept, so that an error
    counts characters in the whole text)."""
    from croupier.poker.ranges.generic import GenericRange

    game = _GENERIC_GAMES[size]
    if "@" not in text:
        return ((GenericRange.parse(text, game), 1.0),)
    groups: list[tuple[float, list[tuple[int, str]]]] = []
    for start, part in _top_level_parts(text):
        weight, body = _weight_of(part, start)
        if groups and groups[-1][0] == weight:
            groups[-1][1].append((start, body))
        else:
            groups.append((weight, [(start, body)]))
    layers: list[Layer] = []
    for weight, pieces in groups:
        layers.append((GenericRange.parse(_in_place(pieces), game), weight))
    return tuple(layers)


def _in_place(pieces: list[tuple[int, str]]) -> str:
    """The pieces at their places in the text, blanks between them and a comma after
    each but the last, so that an error counts characters in the whole text. Built from
    runs of blanks, not character by character: a text of 2,000 weighted hands has
    2,000 layers to read."""
    out: list[str] = []
    at = 0
    for n, (start, body) in enumerate(pieces):
        out += (" " * (start - at), body)
        at = start + len(body)
        if n < len(pieces) - 1:
            out.append(",")
            at += 1
    return "".join(out)


def _top_level_parts(text: str) -> list[tuple[int, str]]:
    """The parts of ``text`` between commas outside brackets and parentheses, each with
    where it starts."""
    parts: list[tuple[int, str]] = []
    depth = 0
    start = 0
    for i, char in enumerate(text):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append((start, text[start:i]))
            start = i + 1
    parts.append((start, text[start:]))
    return parts


def _weight_of(part: str, start: int) -> tuple[float, str]:
    """A part's weight (its ``@`` per cent, as a fraction; 1 without one) and the part
    without it."""
    at = part.find("@")
    if at < 0:
        return 1.0, part
    found = _WEIGHT.match(part, at)
    try:
        value = float(found["pct"]) if found else -1.0
    except ValueError:
        value = -1.0
    if not 0 <= value <= 100:
        rest = part[at + 1 :].lstrip()
        token = "@" + rest[: len(rest) - len(rest.lstrip("0123456789."))]
        raise RangeError(
            f"bad range text at {token!r} (character {start + at + 1}): expected a weight "
            "after the part it weighs, in per cent from 0 to 100 (AA@50)"
        )
    return value / 100, part[:at]
