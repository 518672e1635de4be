"""The generic range syntax read into a tree: what :mod:`croupier.poker.ranges.generic`
evaluates.

The grammar (whitespace between tokens is ignored, but a card's rank and suit are
written together; letters in either case)::

    range     := term ("," term)*                 union, the loosest
    term      := factor ((":" | "!") factor)*      intersection, difference: left to right
    factor    := "!" factor                        every holding but
               | "(" range ")"
               | PERCENT ["-" PERCENT]             15%   5%-10%
               | "$" NAME                          $ds $ss $r $np
               | hand ["+" | "-" | "-" hand]       spans: KK+  88-  JT98-6543
    hand      := card+
    card      := rank [suit] | suit
    rank      := A K Q J T 9..2 (or 10) | * or ? (any) | a rank variable (any other
                 letter: R, O, N...) | "[" items "]" (a list: A,K,Q  A-T  T+  As,Kh)
    suit      := s h d c | a suit variable w x y z | "[" suits "]"

A hand is a :class:`Pattern`: one :class:`Slot` per card. Spans are expanded here, into
the union of the hands they stand for.

>>> str(parse("AA:xxyy, JJ!JJJ", 4))
'((AA : xxyy), (JJ ! JJJ))'
>>> str(parse("JT98-8765", 4)), str(parse("[A-T]x", 4)), str(parse("KK+", 4))
('(JT98, T987, 9876, 8765)', '[AKQJT]x', '(KK, AA)')
>>> parse("AA, KKQQJ", 4)
Traceback (most recent call last):
...
croupier.poker.ranges.holdem.RangeError: bad range text at 'KKQQJ' (character 5): 5 cards, but a ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, NoReturn

from croupier.cards import repeated_card
from croupier.poker.ranges.holdem import RangeError

__all__ = [
    "MACROS",
    "Combination",
    "Complement",
    "Macro",
    "Node",
    "Pattern",
    "Percent",
    "Slot",
    "parse",
]

#: Rank characters, lowest first (rank = index + 2).
_RANK_CHARS: Final = "23456789TJQKA"
_SUITS: Final = "cdhs"  # suit numbers 0-3, as croupier.cards.Suit
_SUIT_VARIABLES: Final = "wxyz"
#: Words for any holding (as ``*``).
_ANY_WORDS: Final = ("random", "any")
ALL_RANKS: Final = frozenset(range(2, 15))
ALL_SUITS: Final = frozenset(range(4))
#: The macros, by name, with what they stand for.
MACROS: Final = {
    "ds": "double-suited: two suits of exactly two cards each, no suit of three or more",
    "ss": "single-suited: one suit of exactly two cards, every other card of its own suit",
    "r": "rainbow: every card of a different suit",
    "np": "no pair: every card of a different rank",
}
EXPECTED_START: Final = (
    "a card (As), a rank (A, *), a rank variable (R), a suit (s) or suit variable (x), "
    "a list [A,K], a percentage (15%), a macro ($ds), ( or !"
)


@dataclass(frozen=True, slots=True)
class Slot:
    """One card of a hand pattern: the ranks and suits it may have (a list, or all),
    the exact cards of a card list (``[As,Kh]``), its rank and suit variables, and the
    rank and suit it names alone (a variable is never one of those)."""

    ranks: frozenset[int] = ALL_RANKS
    suits: frozenset[int] = ALL_SUITS
    cards: frozenset[int] | None = None
    rank_variable: str | None = None
    suit_variable: str | None = None
    named_rank: int | None = None
    named_suit: int | None = None
    text: str = "*"

    def __str__(self) -> str:
        return self.text

    def moved(self, steps: int) -> Slot:
        """The slot with its named rank moved ``steps`` ranks up (a span's step)."""
        assert self.named_rank is not None
        rank = self.named_rank + steps
        text = _RANK_CHARS[rank - 2] + self.text[1:]
        return Slot(
            frozenset((rank,)),
            self.suits,
            None,
            None,
            self.suit_variable,
            rank,
            self.named_suit,
            text,
        )


@dataclass(frozen=True, slots=True)
class Pattern:
    """A hand pattern: holdings with a card for each slot (distinct cards; any others)."""

    slots: tuple[Slot, ...]

    def __str__(self) -> str:
        return "".join(str(s) for s in self.slots) or "*"


@dataclass(frozen=True, slots=True)
class Percent:
    """The holdings from the top ``low`` per cent (exclusive) to the top ``high``."""

    low: float
    high: float
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Macro:
    """A named family of holdings (``$ds``: see :data:`MACROS`)."""

    name: str

    def __str__(self) -> str:
        return f"${self.name}"


@dataclass(frozen=True, slots=True)
class Combination:
    """``op`` (``,`` union, ``:`` intersection, ``!`` difference) of ``parts``, left to
    right."""

    op: str
    parts: tuple[Node, ...]

    def __str__(self) -> str:
        joiner = ", " if self.op == "," else f" {self.op} "
        return "(" + joiner.join(str(p) for p in self.parts) + ")"


@dataclass(frozen=True, slots=True)
class Complement:
    """Every holding not in ``inner`` (a leading ``!``)."""

    inner: Node

    def __str__(self) -> str:
        return f"!{self.inner}"


Node = Pattern | Percent | Macro | Combination | Complement


def parse(text: str, size: int) -> Node:
    """The tree of a range text for hands of ``size`` cards; a bad text raises
    :class:`~croupier.poker.ranges.holdem.RangeError` naming where and what was expected."""
    reader = _Reader(text, size)
    if reader.at_end():
        raise RangeError(f"empty range: expected {EXPECTED_START}")
    node = reader.union()
    if not reader.at_end():
        reader.fail("expected , : ! or the end of the range")
    return node


#: A run of whitespace (``\\s`` is what :meth:`str.isspace` calls whitespace): skipped at C
#: speed, as a weighted range's layers are read with every other layer's place blank.
_SPACES: Final = re.compile(r"\s*")


def _after_spaces(text: str, j: int) -> int:
    """Where the whitespace at ``j`` in ``text`` ends (``j`` where there is none)."""
    found = _SPACES.match(text, j)
    return found.end() if found else j


class _Reader:
    """A recursive-descent reader over the text, skipping whitespace."""

    def __init__(self, text: str, size: int) -> None:
        self.text = text
        self.size = size
        self.i = 0

    # -- characters --------------------------------------------------------------
    def skip(self) -> None:
        self.i = _after_spaces(self.text, self.i)

    def peek(self, ahead: int = 0) -> str:
        self.skip()
        j = self.i
        while ahead:
            j = _after_spaces(self.text, j + 1)
            ahead -= 1
        return self.text[j] if j < len(self.text) else ""

    def take(self) -> str:
        char = self.peek()
        self.i += 1
        return char

    def at_end(self) -> bool:
        return self.peek() == ""

    def fail(self, expected: str, start: int | None = None, message: str = "") -> NoReturn:
        self.skip()
        where = self.i if start is None else start
        token = self._token(where)
        found = f"at {token!r} (character {where + 1})" if token else "at the end"
        raise RangeError(f"bad range text {found}: {message or expected}")

    def _token(self, start: int) -> str:
        end = start
        while (
            end < len(self.text)
            and not self.text[end].isspace()
            and (end == start or self.text[end] not in ",:!()")
        ):
            end += 1
        return self.text[start:end]

    # -- combinators ---------------------------------------------------------------
    def union(self) -> Node:
        parts = [self.term()]
        while self.peek() == ",":
            self.take()
            parts.append(self.term())
        return parts[0] if len(parts) == 1 else Combination(",", tuple(parts))

    def term(self) -> Node:
        node = self.factor()
        while self.peek() in (":", "!"):
            op = self.take()
            node = Combination(op, (node, self.factor()))
        return node

    def factor(self) -> Node:
        char = self.peek()
        if char == "!":
            self.take()
            return Complement(self.factor())
        if char == "(":
            self.take()
            inner = self.union()
            if self.peek() != ")":
                self.fail("expected ) to close the (")
            self.take()
            return inner
        if char == "$":
            return self.macro()
        if char.isdigit() and self._percent_ahead():
            return self.percent()
        if char == "" or char in ",:)":
            self.fail(f"expected {EXPECTED_START}")
        word = self._word()
        if word.lower() in _ANY_WORDS:
            self.i += len(word)
            return Pattern(())
        return self.spanned_hand()

    def _word(self) -> str:
        """The letters at the reader (``random`` is a word, not seven cards)."""
        end = self.i
        while end < len(self.text) and self.text[end].isalpha():
            end += 1
        return self.text[self.i : end]

    # -- percentages and macros ------------------------------------------------------
    def _percent_ahead(self) -> bool:
        j = self.i
        while j < len(self.text) and (self.text[j].isdigit() or self.text[j] == "."):
            j += 1
        j = _after_spaces(self.text, j)
        return j < len(self.text) and self.text[j] == "%"

    def _number(self) -> float:
        self.skip()
        start = self.i
        while self.i < len(self.text) and (self.text[self.i].isdigit() or self.text[self.i] == "."):
            self.i += 1
        try:
            value = float(self.text[start : self.i])
        except ValueError:
            self.fail("expected a percentage such as 15% or 2.5%", start)
        if self.peek() != "%":
            self.fail("expected % after the number", start)
        self.take()
        if not 0 <= value <= 100:
            self.fail("expected a percentage from 0% to 100%", start)
        return value

    def percent(self) -> Node:
        self.skip()
        start = self.i
        low, high = 0.0, self._number()
        if self.peek() == "-" and self.peek(1).isdigit():
            self.take()
            low, high = high, self._number()
            if low > high:
                self.fail("expected the smaller percentage first (5%-10%)", start)
        return Percent(low, high, self.text[start : self.i].replace(" ", ""))

    def macro(self) -> Node:
        self.skip()
        start = self.i
        self.i += 1
        while self.i < len(self.text) and self.text[self.i].isalnum():
            self.i += 1
        name = self.text[start + 1 : self.i].lower()
        if name not in MACROS:
            known = ", ".join(f"${m}" for m in MACROS)
            self.fail(f"unknown macro: expected one of {known}", start)
        return Macro(name)

    # -- hands and spans -------------------------------------------------------------
    def spanned_hand(self) -> Node:
        self.skip()
        start = self.i
        left = self.hand()
        char = self.peek()
        if char == "+":
            self.take()
            return _union(_step_span(left, +1, self, start))
        if char == "-":
            self.take()
            if self._card_ahead():
                right_start = self.i
                right = self.hand()
                return _union(_two_sided_span(left, right, self, right_start))
            return _union(_step_span(left, -1, self, start))
        return left

    def _card_ahead(self) -> bool:
        char = self.peek()
        return bool(char) and (char.isalnum() or char in "*?[")

    def hand(self) -> Pattern:
        self.skip()
        start = self.i
        slots: list[Slot] = []
        while self._card_ahead():
            slots.append(self.card())
        if not slots:
            self.fail(f"expected {EXPECTED_START}")
        if len(slots) > self.size:
            self.fail("", start, f"{len(slots)} cards, but a hand holds {self.size}")
        seen: dict[tuple[int, int], int] = {}
        for position, slot in enumerate(slots, 1):
            if slot.named_rank is None or slot.named_suit is None:
                continue
            first = seen.setdefault((slot.named_rank, slot.named_suit), position)
            if first != position:
                self.fail("", start, str(repeated_card(slot.text, position, first)))
        return Pattern(tuple(slots))

    def card(self) -> Slot:
        self.skip()
        char = self.text[self.i]
        lower = char.lower()
        if lower in _SUITS or lower in _SUIT_VARIABLES:
            return self.suit_part(Slot(text=""), alone=True)
        if char in "*?":
            self.i += 1
            slot = Slot(text="*")
        elif char == "[":
            slot = self.rank_list()
        elif char == "1" and self.text[self.i + 1 : self.i + 2] == "0":
            self.i += 2
            slot = _ranked(10)
        elif char.upper() in _RANK_CHARS:
            self.i += 1
            slot = _ranked(_RANK_CHARS.index(char.upper()) + 2)
        elif char.isalpha():
            self.i += 1
            slot = Slot(rank_variable=char.upper(), text=char.upper())
        else:
            self.fail(f"expected {EXPECTED_START}")
        if slot.cards is not None or slot.suits != ALL_SUITS:
            return slot  # a list of cards or of suits: what follows is the next card
        return self.suit_part(slot, alone=False)

    def suit_part(self, slot: Slot, *, alone: bool) -> Slot:
        """The slot with the suit written after its rank (or alone), if any."""
        if self.i >= len(self.text):
            return slot
        char = self.text[self.i]
        lower = char.lower()
        if lower in _SUITS:
            self.i += 1
            suit = _SUITS.index(lower)
            return _suited(slot, frozenset((suit,)), None, suit, lower)
        if lower in _SUIT_VARIABLES:
            self.i += 1
            return _suited(slot, ALL_SUITS, lower, None, lower)
        if char == "[" and not alone:
            mark = self.i
            suits = self._suit_list()
            if suits is None:
                self.i = mark
                return slot
            text = "[" + "".join(_SUITS[s] for s in sorted(suits, reverse=True)) + "]"
            return _suited(slot, frozenset(suits), None, None, text)
        return slot

    def _suit_list(self) -> set[int] | None:
        """The suits of a list such as ``[s,h]`` at the reader, or None if it is no
        suit list (the reader is then left anywhere: the caller rewinds)."""
        self.i += 1
        suits: set[int] = set()
        while True:
            char = self.peek()
            if char == "]":
                self.take()
                return suits or None
            if char == ",":
                self.take()
                continue
            if char and char.lower() in _SUITS:
                suits.add(_SUITS.index(self.take().lower()))
                continue
            return None

    @staticmethod
    def _rank_char(char: str) -> bool:
        return bool(char) and char.upper() in _RANK_CHARS

    def rank_list(self) -> Slot:
        """A list in brackets: ranks, rank spans (A-T, T+, T-), cards (As), or only
        suits (a card of any rank in one of them)."""
        start = self.i
        self.i += 1
        cards: set[int] = set()
        ranks_only = True
        suits_only = True
        while True:
            char = self.peek()
            if char == "]":
                self.take()
                break
            if char == ",":
                self.take()
                continue
            if char == "":
                self.fail("expected ] to close the list", start)
            item_start = self.i
            if char.lower() in _SUITS:
                self.take()
                suit = _SUITS.index(char.lower())
                cards |= {4 * (r - 2) + suit for r in ALL_RANKS}
                ranks_only = False
                continue
            suits_only = False
            ranks = self._list_ranks(item_start)
            after = self.text[self.i : self.i + 1].lower()
            if after and after in _SUITS:
                self.i += 1
                suit = _SUITS.index(after)
                cards |= {4 * (r - 2) + suit for r in ranks}
                ranks_only = False
            else:
                cards |= {4 * (r - 2) + s for r in ranks for s in ALL_SUITS}
        if not cards:
            self.fail("expected ranks, cards or suits in the list", start)
        body = self.text[start : self.i].replace(" ", "")
        if suits_only:
            suits = frozenset(c % 4 for c in cards)
            return Slot(suits=suits, text=body)
        if ranks_only:
            rank_set = frozenset(c // 4 + 2 for c in cards)
            text = "[" + "".join(_RANK_CHARS[r - 2] for r in sorted(rank_set, reverse=True)) + "]"
            return Slot(ranks=rank_set, text=text)
        return Slot(cards=frozenset(cards), text=body)

    def _list_ranks(self, start: int) -> set[int]:
        char = self.peek()
        if not self._rank_char(char) and not (char == "1" and self.peek(1) == "0"):
            self.fail("expected a rank, a rank span (A-T, T+), a card or a suit in the list")
        first = self._list_rank()
        if self.peek() == "+":
            self.take()
            return set(range(first, 15))
        if self.peek() == "-":
            self.take()
            nxt = self.peek()
            if self._rank_char(nxt) or (nxt == "1" and self.peek(1) == "0"):
                last = self._list_rank()
                return set(range(min(first, last), max(first, last) + 1))
            return set(range(2, first + 1))
        return {first}

    def _list_rank(self) -> int:
        char = self.take()
        if char == "1":
            self.take()
            return 10
        return _RANK_CHARS.index(char.upper()) + 2


def _ranked(rank: int) -> Slot:
    return Slot(ranks=frozenset((rank,)), named_rank=rank, text=_RANK_CHARS[rank - 2])


def _suited(
    slot: Slot,
    suits: frozenset[int],
    variable: str | None,
    named: int | None,
    text: str,
) -> Slot:
    return Slot(
        slot.ranks,
        suits,
        None,
        slot.rank_variable,
        variable,
        slot.named_rank,
        named,
        slot.text + text,
    )


def _union(patterns: list[Pattern]) -> Node:
    return patterns[0] if len(patterns) == 1 else Combination(",", tuple(patterns))


def _movable(slot: Slot) -> bool:
    return slot.named_rank is not None and slot.cards is None


def _step_span(pattern: Pattern, direction: int, reader: _Reader, start: int) -> list[Pattern]:
    """``KK+`` and ``88-``: the named ranks move up (down) one rank a step, together,
    while they stay on the deck and off the ranks of the cards that stay. Aces stay put
    (``A2+`` is A2 to AK, ``A5-`` A5 to A2) unless every named rank is an ace."""
    named = [i for i, s in enumerate(pattern.slots) if _movable(s)]
    if not named:
        reader.fail("", start, "a span needs explicit ranks to move (KK+, JT98-, A2+)")
    aces = all(pattern.slots[i].named_rank == 14 for i in named)
    movers = named if aces else [i for i in named if pattern.slots[i].named_rank != 14]
    fixed = {pattern.slots[i].named_rank for i in named if i not in movers}
    ranks = [pattern.slots[i].named_rank or 0 for i in movers]
    out = [pattern]
    step = direction
    while all(2 <= r + step <= 14 and r + step not in fixed for r in ranks):
        out.append(_moved(pattern, movers, step))
        step += direction
    return out


def _two_sided_span(left: Pattern, right: Pattern, reader: _Reader, start: int) -> list[Pattern]:
    """``JT98-6543``, ``AK-AT``: the cards whose ranks differ move together, one rank a
    step, from the left hand to the right one."""
    if len(left.slots) != len(right.slots):
        reader.fail("", start, "both ends of a span need as many cards (JT98-6543)")
    movers: list[int] = []
    delta = 0
    for i, (a, b) in enumerate(zip(left.slots, right.slots, strict=True)):
        same_suit = (a.suits, a.suit_variable) == (b.suits, b.suit_variable)
        if not same_suit or (a.named_rank is None) != (b.named_rank is None):
            reader.fail("", start, "both ends of a span need the same suits and kinds of card")
        if a.named_rank is None or a.named_rank == b.named_rank:
            if a != b:
                reader.fail("", start, "both ends of a span need the same suits and kinds of card")
            continue
        step = (b.named_rank or 0) - a.named_rank
        if delta and step != delta:
            reader.fail("", start, "the ranks that change in a span must move together")
        delta = step
        movers.append(i)
    if not movers:
        return [left]
    direction = 1 if delta > 0 else -1
    return [_moved(left, movers, t * direction) for t in range(abs(delta) + 1)]


def _moved(pattern: Pattern, movers: list[int], steps: int) -> Pattern:
    slots = list(pattern.slots)
    for i in movers:
        slots[i] = slots[i].moved(steps)
    return Pattern(tuple(slots))
