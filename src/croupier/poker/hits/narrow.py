"""A range narrowed by what it hits (Flopzilla's main use): on a board, keep the combos
whose made hand or any of whose draws is a category kept, then drop those with a
category dropped; what is left, each combo at its weight, is a range again, written as
range text that every command reads (``poker calc``, ``poker hits``, the web).

The categories are those of :func:`~croupier.poker.hits.classifier.hits` (the names
``poker hits`` prints; :func:`parse_category` reads them), and each combo is classified
by it, so that what is kept is exactly what ``poker hits`` counts.

>>> n = narrow("QQ+, AK, 98s", board="Ks 7d 2c", keep=["set", "top pair, good kicker"])
>>> n.text, n.count, n.weight
('KK, AK', 15, 15.0)
>>> from croupier.poker.ranges.holdem import Range
>>> len(Range.parse(n.text)), len(Range.parse(n.text).without([c.index for c in n.board]))
(22, 15)

The text names a class whole when every combo of it that the board and dead cards leave
is kept at one weight (``KK`` for the three live pairs of kings): every command leaves
the combos holding a board or dead card out again.

Hold'em and short-deck give the compact text of :class:`~croupier.poker.ranges.Range`
(classes where whole, combos where not); Omaha and five-card Omaha every holding kept,
written out (weighted holdings with their ``@`` weight), which
:meth:`~croupier.poker.ranges.holdings.HoleRange.parse` reads back to exactly those:

>>> n = narrow("AA:xxyy", board="Ad 7h 2h", game="omaha", keep=["top set"],
...     drop=["nut flush draw"])
>>> n.count, n.text.split(", ")[:2]
(144, ['AsAcKsKc', 'AsAcKsQc'])
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from croupier.arguments import checked
from croupier.cards import Card, as_cards
from croupier.poker.errors import PokerError
from croupier.poker.games import Game, variant_of
from croupier.poker.hits.categories import Draw, MadeHand, OmahaDraw, OmahaHand, categories_of
from croupier.poker.hits.classifier import (
    AnyDraw,
    AnyMade,
    AnyRange,
    ComboHit,
    HitsResult,
    hits,
)
from croupier.poker.ranges.holdem import Range
from croupier.poker.ranges.starting_hands import (
    CLASS_COMBOS,
    CLASS_OF_COMBO,
    COMBO_CARDS,
    COMBO_COUNT,
    COMBO_INDEX,
)

__all__ = [
    "Category",
    "Narrowed",
    "category_names",
    "narrow",
    "narrow_hits",
    "parse_category",
    "range_text",
]

#: A category of any game: a made hand or a draw.
Category = AnyMade | AnyDraw

_SPACES: Final = re.compile(r"[\s_\-]+")


def _key(text: str) -> str:
    """A name as compared: lower case, commas gone, ``-``, ``_`` and runs of spaces as
    one space (``top_pair_good`` and ``Top pair, good kicker`` read as their words)."""
    return _SPACES.sub(" ", text.lower().replace(",", " ")).strip()


def category_names(game: Game | str) -> tuple[str, ...]:
    """A game's category names, made hands then draws, in the order ``poker hits``
    prints them.

    >>> category_names("omaha")[:3]
    ('straight flush', 'quads', 'full house')
    """
    kinds = categories_of(game)
    return tuple(c.value for c in (*kinds.made, *kinds.draws))


@checked
def parse_category(text: str, game: Game | str = Game.HOLDEM) -> Category:
    """The category of ``game`` named ``text``: its name as ``poker hits`` prints it
    (``top pair, good kicker``, ``flush draw``; case, commas and dashes aside) or its
    enum name (``top_pair_good``). A name the game has not raises
    :class:`~croupier.poker.errors.PokerError` naming it and the valid names.

    >>> parse_category("Top pair, good kicker")
    <MadeHand.TOP_PAIR_GOOD: 'top pair, good kicker'>
    >>> parse_category("OPEN_ENDED")
    <Draw.OPEN_ENDED: 'open-ended straight draw'>
    >>> parse_category("wrap", "omaha5")
    <OmahaDraw.WRAP: 'wrap'>
    >>> parse_category("wrap")
    Traceback (most recent call last):
    ...
    croupier.poker.errors.PokerError: bad category 'wrap' for Texas hold'em: expected one of ...
    """
    kinds = categories_of(game)
    wanted = _key(text)
    every: tuple[Category, ...] = (*kinds.made, *kinds.draws)
    for category in every:
        if wanted in (_key(category.value), _key(category.name)):
            return category
    names = ", ".join(repr(name) for name in category_names(game))
    raise PokerError(
        f"bad category {text.strip()!r} for {variant_of(game).label}: expected one of {names}"
    )


def _categories(values: Iterable[str | Category], game: Game) -> tuple[Category, ...]:
    if isinstance(values, str):
        raise TypeError("keep and drop must be lists of categories, not one string")
    kinds = categories_of(game)
    known = {*kinds.made, *kinds.draws}
    chosen: list[Category] = []
    for value in values:
        if isinstance(value, MadeHand | Draw | OmahaHand | OmahaDraw):
            if value not in known:  # another game's category
                raise PokerError(f"{value.value!r} is not a category of {variant_of(game).label}")
            category: Category = value
        elif isinstance(value, str):
            category = parse_category(value, game)
        else:
            raise TypeError(f"a category must be text or a {game} category, not {value!r}")
        if category not in chosen:
            chosen.append(category)
    return tuple(chosen)


@dataclass(frozen=True, slots=True)
class Narrowed:
    """A range narrowed on a board: the question (``range`` as read, ``board``, ``dead``,
    ``game``, the categories ``keep`` and ``drop``), the ``combos`` kept (each with its
    weight, made hand and draws, as :func:`hits` lists them) and ``text``, the range they
    make ("" when none is kept)."""

    range: str
    game: Game
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    keep: tuple[Category, ...]
    drop: tuple[Category, ...]
    combos: tuple[ComboHit, ...]
    text: str
    of: int
    of_weight: float

    @property
    def count(self) -> int:
        """How many combos (Omaha: holdings) are kept."""
        return len(self.combos)

    @property
    def weight(self) -> float:
        """The kept combos counted by their weights."""
        return float(sum(hit.weight for hit in self.combos))

    def parsed(self) -> AnyRange:
        """The narrowed range read back from :attr:`text` (hold'em and short-deck a
        :class:`~croupier.poker.ranges.Range`, Omaha a
        :class:`~croupier.poker.ranges.holdings.HoleRange`); an empty one raises
        :class:`~croupier.poker.errors.PokerError`."""
        if not self.text:
            raise PokerError("no combo is kept: the narrowed range is empty")
        variant = variant_of(self.game)
        if variant.two_card:
            return Range.parse(self.text, game=variant.game)
        from croupier.poker.ranges.holdings import HoleRange

        return HoleRange.parse(self.text, variant.hole_cards)

    def to_dict(self, *, hands: bool = False) -> dict[str, Any]:
        """The object ``poker range --keep ... --json`` prints (``hands``: every combo
        kept, with its weight, made hand and draws)."""
        data: dict[str, Any] = {
            "game": str(self.game),
            "range": self.range,
            "board": [str(c) for c in self.board],
            "dead": [str(c) for c in self.dead],
            "keep": [c.value for c in self.keep],
            "drop": [c.value for c in self.drop],
            "narrowed": self.text,
            "combos": self.count,
            "weighted": self.weight,
            "of": self.of,
            "of_weighted": self.of_weight,
        }
        if hands:
            data["hands"] = [hit.to_dict() for hit in self.combos]
        return data


def _kept(hit: ComboHit, keep: frozenset[Category], drop: frozenset[Category]) -> bool:
    """A combo is kept when its made hand or a draw is kept, and none of them dropped."""
    held = {hit.made, *hit.draws}
    return bool(held & keep) and not held & drop


@checked
def narrow_hits(
    result: HitsResult,
    keep: Iterable[str | Category] = (),
    drop: Iterable[str | Category] = (),
) -> Narrowed:
    """Narrow the range of ``result`` (what it hits on one board) by ``keep`` and
    ``drop`` (see :func:`narrow`); no work is done again."""
    if result.boards != 1:
        raise PokerError("a range is narrowed on one board: give 3, 4 or 5 cards")
    game = result.game
    kept_cats, dropped = _categories(keep, game), _categories(drop, game)
    if not kept_cats and not dropped:
        raise PokerError("nothing to narrow by: name a category to keep or to drop")
    kinds = categories_of(game)
    keeping = frozenset(kept_cats) if kept_cats else frozenset({*kinds.made, *kinds.draws})
    chosen = tuple(h for h in result.combos if _kept(h, keeping, frozenset(dropped)))
    return Narrowed(
        result.range,
        game,
        result.board,
        result.dead,
        kept_cats,
        dropped,
        chosen,
        range_text(chosen, game, result.board + result.dead),
        len(result.combos),
        result.weight,
    )


@checked
def narrow(
    range_: AnyRange | str,
    *,
    board: str | Sequence[Card],
    dead: str | Sequence[Card] | None = None,
    game: Game | str = Game.HOLDEM,
    keep: Sequence[str | Category] = (),
    drop: Sequence[str | Category] = (),
) -> Narrowed:
    """``range_`` narrowed on ``board`` (3, 4 or 5 cards, less the ``dead`` cards) in
    ``game``: the combos whose made hand or any of whose draws is in ``keep`` (all of
    them when ``keep`` is empty), less those with a made hand or draw in ``drop``. Each
    kept combo keeps its weight. Categories are given by name (:func:`parse_category`)
    or as the game's enum members; a bad question raises what :func:`hits` raises.

    >>> n = narrow("JJ+, AQs+, KQs@50", board="Th 9h 4c", keep=["flush draw"])
    >>> n.text, n.weight
    ('AhKh, AhQh, KhQh@50', 2.5)
    >>> narrow("AA, KK, AK", board="Ks 7d 2c", drop=["set"]).text
    'AA, AK'
    """
    question_game = variant_of(game).game
    kept_cats, dropped = _categories(keep, question_game), _categories(drop, question_game)
    if not kept_cats and not dropped:
        raise PokerError("nothing to narrow by: name a category to keep or to drop")
    result = hits(range_, board=board, dead=dead, game=question_game)
    return narrow_hits(result, kept_cats, dropped)


@checked
def range_text(combos: Sequence[ComboHit], game: Game | str, out: str | Sequence[Card] = ()) -> str:
    """Range text holding exactly ``combos`` at their weights in ``game`` once the ``out``
    cards (the board and the dead cards, as cards or their text) are out ("" for none):
    hold'em's and
    short-deck's compact text (a class named whole where each of its combos the ``out``
    cards leave is kept at one weight), Omaha's holdings one by one (those not at full
    weight with their ``@`` weight).

    >>> r = narrow("AKs@50, QQ", board="Ks 7d 2c", keep=["top pair, good kicker"])
    >>> range_text(r.combos, "holdem"), range_text(r.combos, "holdem", r.board)
    ('AhKh@50, AdKd@50, AcKc@50', 'AKs@50')
    >>> range_text(r.combos, "holdem", "Ks 7d 2c")
    'AKs@50'
    """
    out = as_cards(out, "out")
    variant = variant_of(game)
    if not combos:
        return ""
    if variant.two_card:
        weights = np.zeros(COMBO_COUNT)
        for hit in combos:
            weights[COMBO_INDEX[hit.cards[0].index, hit.cards[1].index]] = hit.weight
        return str(Range(_filled(weights, out)))
    parts = []
    for hit in combos:
        cards = "".join(str(c) for c in hit.cards)
        parts.append(cards if hit.weight == 1 else cards + "@" + _percent(hit.weight))
    return ", ".join(parts)


def _filled(weights: NDArray[np.float64], out: Sequence[Card]) -> NDArray[np.float64]:
    """The weights with the combos holding an ``out`` card (on the board or dead) given
    the weight of their class where every other combo of the class is kept at one
    weight: the text names the class (``KK`` rather than ``KhKd, KhKc, KdKc`` on a king),
    and every command leaves those combos out again."""
    gone = np.zeros(52, dtype=bool)
    gone[[c.index for c in out]] = True
    dead = np.asarray(gone[COMBO_CARDS].any(axis=1), dtype=bool)
    filled = weights.copy()
    for number in np.unique(CLASS_OF_COMBO[weights > 0]).tolist():
        members = CLASS_COMBOS[number]
        live = members[~dead[members]]
        if len(live) < len(members) and (weights[live] == weights[live[0]]).all():
            filled[members[dead[members]]] = weights[live[0]]
    return filled


def _percent(weight: float) -> str:
    """A weight as the shortest per cent text that reads back to it exactly."""
    for digits in (6, 10, 15, 17):
        text = f"{weight * 100:.{digits}g}"
        if float(text) / 100 == weight:
            return text
    return repr(weight * 100)
