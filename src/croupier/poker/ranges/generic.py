"""Omaha and five-card Omaha ranges in the generic syntax of ProPokerTools (also read by
oRanges, Odds Oracle and other Omaha tools), as exact sets of holdings.

A :class:`GenericRange` is read from text for a game of four or five hole cards; the
syntax, with the count of each example, is in ``docs/reference/generic-ranges.md``:

- cards: ``AsKhJd2c``; a rank alone is any suit (``AA``: at least two aces), ``*`` any
  card, a suit alone any rank (``sshh``); ``10`` is a ten;
- variables: ``w x y z`` stand for suits, any other letter for a rank (``R``, ``O``,
  ``N``...); two variables are never equal, nor equal to a rank or suit the hand names
  alone (``AxAyxy``: double-suited aces; ``RRON``: one pair and two odd cards);
- a hand names *at least* these cards: ``AA`` holds ``AAA`` (``AA!AAA``: exactly two);
- lists and spans: ``[A,K,Q]``, ``[A-T]``, ``[T+]``, ``[As,Kh]``, ``[s,h]`` fill one
  card; ``KK+``, ``88-``, ``JT98-6543``, ``AK-AT`` are unions of hands;
- ``,`` union, ``:`` intersection, ``!`` difference (``:`` and ``!`` bind tighter than
  ``,``, left to right), ``( )`` to group, a leading ``!`` for every holding but;
- ``15%`` and ``5%-10%`` by croupier's order of holdings
  (:mod:`croupier.poker.ranges.generic_order`); macros ``$ds`` ``$ss`` ``$r`` ``$np``.

>>> aces = GenericRange.parse("AA", "omaha")
>>> len(aces), len(GenericRange.parse("AA!AAA", "omaha"))
(6961, 6768)
>>> len(GenericRange.parse("KK:xxyy", "omaha")), len(GenericRange.parse("RRON", "omaha"))
(864, 82368)
>>> len(GenericRange.parse("AA", "omaha", dead="As"))
3432
>>> "AsAhKd2c" in aces, "AsKhQd2c" in aces
(True, False)
>>> GenericRange.parse("AA:xxyy", "omaha5").hand_texts()[:2]
['AsAhAdKsKh', 'AsAhAdKsKd']
>>> GenericRange.parse("AA, KK!", "omaha")
Traceback (most recent call last):
...
croupier.poker.ranges.holdem.RangeError: bad range text at the end: expected a card (As), a rank ...
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

import numpy as np
from numpy.typing import NDArray

from croupier.arguments import checked
from croupier.cards import Card, as_cards
from croupier.poker.errors import PokerError
from croupier.poker.games import Game, variant_of
from croupier.poker.ranges.generic_syntax import (
    Complement,
    Macro,
    Node,
    Pattern,
    Percent,
    parse,
)
from croupier.poker.ranges.generic_table import Bits, Holdings, holding_numbers, holdings

if TYPE_CHECKING:
    from croupier.poker.games import Variant

__all__ = ["GENERIC_GAMES", "GenericRange"]

#: The games whose ranges the generic syntax reads.
GENERIC_GAMES: Final = (Game.OMAHA, Game.OMAHA5)


def _generic_variant(game: Game | str) -> Variant:
    variant = variant_of(game)
    if variant.game not in GENERIC_GAMES:
        raise PokerError(
            f"the generic range syntax is for Omaha and five-card Omaha, not "
            f"{variant.label}: {variant.label} ranges are written AKs, TT+, A5s-A2s"
        )
    return variant


def _dead_bits(cards: Iterable[Card], table: Holdings) -> Bits:
    flags = np.zeros(52, dtype=bool)
    flags[[c.index for c in cards]] = True
    return table.holding(flags) if flags.any() else table.empty


@dataclass(frozen=True, eq=False)
class GenericRange:
    """The holdings a generic-syntax text stands for in ``game`` (Omaha or five-card
    Omaha), without those holding a ``dead`` card; ``bits`` has one bit per holding
    (see :mod:`croupier.poker.ranges.generic_table`). Read it with :meth:`parse`."""

    text: str
    game: Game
    dead: tuple[Card, ...]
    bits: Bits = field(repr=False)

    @classmethod
    @checked
    def parse(
        cls,
        text: str,
        game: Game | str = Game.OMAHA,
        *,
        dead: str | Iterable[Card] | None = None,
    ) -> GenericRange:
        """Read ``text`` for ``game``; holdings with a card of ``dead`` are left out.
        A bad text raises :class:`~croupier.poker.ranges.holdem.RangeError` naming where and
        what was expected."""
        variant = _generic_variant(game)
        table = holdings(variant.hole_cards)
        tree = parse(text, variant.hole_cards)
        dead_cards = as_cards(dead or (), "dead")
        bits = _evaluate(tree, table)
        if dead_cards:
            bits = bits & ~_dead_bits(dead_cards, table)
        bits.setflags(write=False)
        return cls(" ".join(text.split()), variant.game, dead_cards, bits)

    @property
    def size(self) -> int:
        """The hole cards of a holding (4 or 5)."""
        return variant_of(self.game).hole_cards

    @property
    def table(self) -> Holdings:
        """Every holding of the game, which :attr:`bits` numbers."""
        return holdings(self.size)

    def __len__(self) -> int:
        return self.table.count(self.bits)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GenericRange):
            return NotImplemented
        return self.game == other.game and bool(np.array_equal(self.bits, other.bits))

    def __hash__(self) -> int:
        return hash((self.game, self.bits.tobytes()))

    def __str__(self) -> str:
        return self.text

    def __contains__(self, hand: object) -> bool:
        if isinstance(hand, str):
            cards = _hand_cards(hand)
        elif isinstance(hand, tuple | list) and all(isinstance(c, Card) for c in hand):
            cards = tuple(hand)
        else:
            return False
        if len(cards) != self.size or len(set(cards)) != self.size:
            return False
        number = int(holding_numbers(np.array([sorted(c.index for c in cards)]))[0])
        return bool(self.bits[number >> 3] >> (number & 7) & 1)

    def numbers(self) -> NDArray[np.int64]:
        """The holdings' numbers (colex order of their card numbers), increasing."""
        return self.table.numbers(self.bits)

    def hands(self) -> NDArray[np.int64]:
        """The holdings as rows of card numbers (increasing along a row), in the order
        of their numbers: the rows the equity engines take."""
        return self.table.rows[self.numbers()].astype(np.int64)

    def hand_texts(self) -> list[str]:
        """Each holding as text, its cards high to low, the highest holdings first."""
        from croupier.cards import DECK

        names = [str(card) for card in DECK]
        rows = self.table.rows[self.numbers()[::-1], ::-1]
        return ["".join(names[c] for c in row) for row in rows.tolist()]


_CARD: Final = re.compile(r"(?:10|[2-9TJQKA])[CDHS]", re.IGNORECASE)


def _hand_cards(text: str) -> tuple[Card, ...]:
    """The cards of a hand written with or without spaces (``AsAhKd2c``); none if the
    text is not only cards."""
    squeezed = "".join(text.split())
    found = _CARD.findall(squeezed)
    if "".join(found) != squeezed:
        return ()
    return tuple(Card.parse(token) for token in found)


def _evaluate(node: Node, table: Holdings) -> Bits:
    if isinstance(node, Pattern):
        from croupier.poker.ranges.generic_match import match_pattern

        return match_pattern(node, table)
    if isinstance(node, Macro):
        from croupier.poker.ranges.generic_match import match_macro

        return match_macro(node.name, table)
    if isinstance(node, Percent):
        from croupier.poker.ranges.generic_order import top_percent

        return top_percent(node.low, node.high, table)
    if isinstance(node, Complement):
        return table.complement(_evaluate(node.inner, table))
    parts = [_evaluate(p, table) for p in node.parts]
    result = parts[0].copy()
    for part in parts[1:]:
        if node.op == ",":
            result |= part
        elif node.op == ":":
            result &= part
        else:
            result &= ~part
    return result
