"""What a player may hold in Omaha: a hand, part of one, any hand, or a list of them.

A :class:`HoleRange` is read from text (:meth:`HoleRange.parse`), for a game of 4 or 5
hole cards:

- a hand: ``AsKsQdJd`` (or ``As Ks Qd Jd``);
- part of a hand, a ``?`` for each card not known: ``AsAh??``, ``As ? ? ?``;
- any hand: ``random``, ``*`` or only ``?`` (``????``);
- several of these separated by commas, each as likely as the others:
  ``AsAhKsKh, AdAcKdKc``.

>>> r = HoleRange.parse("As Ah ? ?", 4)
>>> str(r), r.known, r.unknown
('AsAh??', (Card('As'), Card('Ah')), 2)
>>> str(HoleRange.parse("*", 5)), HoleRange.parse("Kd Kc Qd Qc", 4).is_hand
('random', True)
>>> HoleRange.parse("AsAh", 4)
Traceback (most recent call last):
...
croupier.poker.ranges.holdem.RangeError: 'AsAh': 2 cards: expected 4 hole cards, a ? for each ...
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.arguments import checked
from croupier.cards import Card, CardError, parse_card, repeated_card, split_cards
from croupier.poker.ranges.holdem import RangeError

__all__ = ["MAX_HOLE_CARDS", "HoleRange", "partial_cards"]

_RANDOM: Final = frozenset(("random", "*", "any"))
#: The most hole cards of any game (five-card Omaha).
MAX_HOLE_CARDS: Final = 5


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
    """A player's hole cards in a game of ``size`` of them: each of ``parts`` (known
    cards, and how many more are dealt at random) equally likely."""

    size: int
    parts: tuple[tuple[tuple[Card, ...], int], ...]

    def _repr_html_(self) -> str:
        """The holding's parts and how many hands it holds, drawn in a notebook
        (:mod:`croupier.poker.display`)."""
        from croupier.poker.display import hole_range_html

        return hole_range_html(self)

    @classmethod
    @checked
    def parse(cls, text: str, size: int) -> HoleRange:
        """Read a holding (see the module's notes) for a game of ``size`` hole cards
        (2 to 5); an error names the bad token."""
        if not 2 <= size <= MAX_HOLE_CARDS:
            raise RangeError(f"bad hole card count {size}: expected 2 to {MAX_HOLE_CARDS}")
        tokens = [t.strip() for t in text.split(",") if t.strip()]
        if not tokens:
            raise RangeError(f"empty range: expected {size} hole cards, AsAh?? or random")
        parts = tuple(_read_part(token, size) for token in tokens)
        if len(set(parts)) != len(parts):
            raise RangeError(f"{text.strip()!r} lists a hand twice")
        return cls(size, parts)

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
        return ", ".join(_part_text(known, unknown, self.size) for known, unknown in self.parts)

    def hands(self, excluded: int) -> NDArray[np.int64]:
        """Every hand of the range (card numbers, increasing in each row) whose cards
        are not in the 52-bit set ``excluded``, each once, in a stable order.

        >>> HoleRange.parse("As Ah Kd ?", 4).hands(excluded=1 << 1)[:2].tolist()
        [[0, 45, 50, 51], [2, 45, 50, 51]]
        """
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

    def count(self, excluded: int) -> int:
        """How many hands :meth:`hands` lists, without listing them."""
        if len(self.parts) > 1:
            return len(self.hands(excluded))
        known, unknown = self.parts[0]
        if any(excluded >> c.index & 1 for c in known):
            return 0
        free = 52 - excluded.bit_count() - len(known)
        return _choose(free, unknown)


def _choose(n: int, k: int) -> int:
    from math import comb

    return comb(n, k) if n >= k >= 0 else 0


def _part_text(known: tuple[Card, ...], unknown: int, size: int) -> str:
    if unknown == size:
        return "random"
    return "".join(str(c) for c in known) + "?" * unknown


def _read_part(token: str, size: int) -> tuple[tuple[Card, ...], int]:
    if token.lower() in _RANDOM:
        return (), size
    cards, unknown = _known_and_unknown(token)
    if len(cards) + unknown != size:
        hint = "".join(str(c) for c in cards) + "?" * max(size - len(cards), 0)
        raise RangeError(
            f"{token!r}: {len(cards) + unknown} cards: expected {size} hole cards, a ? for "
            f"each one not known ({hint}), or random"
        )
    return tuple(sorted(cards, reverse=True)) if unknown else cards, unknown
