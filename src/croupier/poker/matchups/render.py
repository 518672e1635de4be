"""The text of many compared lines at once, laid out from precomputed pieces with NumPy.

:func:`render_matchups` writes what :meth:`Matchup.to_text
<croupier.poker.matchups.lines.Matchup.to_text>` (or ``json.dumps(matchup.to_dict())``) gives for
each line, byte for byte, without a Python step per line: every piece of the output (a
card, the padding after a hand, a category, a description, a verdict) is a row of a
small table of UTF-8 bytes padded with zero bytes. The pieces of all the lines are
gathered side by side into one array, a line per row, and the zero bytes dropped.

>>> import numpy as np
>>> from croupier.cards import parse_cards
>>> cards = np.full((1, 2, 7), -1, dtype=np.int16)
>>> cards[0, 0, :5] = [c.index for c in parse_cards("As Ks Qs Js Ts")]
>>> cards[0, 1, :5] = [c.index for c in parse_cards("2c 3d 4h 5s 7c")]
>>> five = np.array([[[51, 47, 43, 39, 35], [20, 15, 10, 5, 0]]])
>>> lines = render_matchups([12], cards, np.array([[1, 7462]]), five)
>>> print(lines.text().decode(), end="")
Line 12
  Hand 1: A♠ K♠ Q♠ J♠ 10♠   straight flush: A♠ K♠ Q♠ J♠ 10♠ (royal flush)
  Hand 2: 2♣ 3♦ 4♥ 5♠ 7♣    high card: 7♣ 5♠ 4♥ 3♦ 2♣ (7 high)
  Hand 1 wins
<BLANKLINE>
>>> render_matchups([12], cards, np.array([[1, 7462]]), five, as_json=True).text()[:55]
b'{"line": 12, "hand1": {"hand": ["As", "Ks", "Qs", "Js",'
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from croupier.cards import DECK
from croupier.poker.evaluation.classes import CLASS_COUNT, category_of, describe, detail_of

__all__ = ["RenderedLines", "render_matchups"]

#: Card slots in a hand (the fast path reads hands of 5 to 7 cards).
_SLOTS: Final = 7
#: Bytes in a word: pieces are padded to whole words and moved a word at a time.
_WORD: Final = 8


def _pool(pieces: Sequence[str]) -> NDArray[np.uint64]:
    """One row per piece: its UTF-8 bytes, then zero bytes up to a whole number of 8-byte
    words that holds the longest piece, as words (gathered a word at a time, not a byte)."""
    data = [piece.encode() for piece in pieces]
    words = -(-max(map(len, data)) // _WORD)
    pool = np.zeros((len(data), words * _WORD), dtype=np.uint8)
    for row, piece in enumerate(data):
        pool[row, : len(piece)] = np.frombuffer(piece, dtype=np.uint8)
    packed: NDArray[np.uint64] = pool.view(np.uint64)
    packed.flags.writeable = False
    return packed


def _fixed(text: str) -> NDArray[np.uint64]:
    """Text written on every line, as one row of words."""
    return _pool([text])


_CLASSES: Final = range(CLASS_COUNT + 1)  # class 0 (none) gives an unused row
#: The most spaces after a hand's cards and their own space: the widest hand (7 cards,
#: 4 of them tens, 24 characters) beside the narrowest (5 cards, 14), plus 2.
_MAX_PADDING: Final = 12


@functools.cache
def _class_words() -> tuple[list[str], list[str]]:
    """The category and the description of each class (class 0, none, has empty ones)."""
    labels = ["", *(category_of(n).label for n in _CLASSES[1:])]
    return labels, ["", *(describe(n) for n in _CLASSES[1:])]


@functools.cache
def _class_details() -> list[str]:
    """What the text shows beside each class's category (:func:`detail_of`)."""
    return ["", *(detail_of(n) for n in _CLASSES[1:])]


@functools.cache
def _text_pools() -> dict[str, NDArray[np.uint64]]:
    pretty = [card.pretty for card in DECK]
    labels = _class_words()[0]
    return {
        # a card of the hand, or of the five but the last, and its space (row 52: none)
        "card": _pool([f"{p} " for p in pretty] + [""]),
        "last": _pool(pretty),
        "spaces": _pool([" " * k for k in range(_MAX_PADDING + 1)]),
        "category": _pool([f"{label}: " for label in labels]),
        "description": _pool([f" ({word})\n" for word in _class_details()]),
        "verdict": _pool(["  Tie\n\n", "  Hand 1 wins\n\n", "  Hand 2 wins\n\n"]),
    }


@functools.cache
def _json_pools() -> dict[str, NDArray[np.uint64]]:
    names = [json.dumps(str(card)) for card in DECK]
    labels, words = _class_words()
    return {
        # a card in a list followed by a comma, then the same as the list's last (row 104:
        # none)
        "card": _pool([f"{name}, " for name in names] + names + [""]),
        "category": _pool([f'], "category": {json.dumps(label)}, "cards": [' for label in labels]),
        "class": _pool(
            [f'], "class": {n}, "description": {json.dumps(w)}}}' for n, w in enumerate(words)]
        ),
        "winner": _pool([f"{w}}}\n" for w in range(3)]),
    }


@functools.cache
def _pretty_lengths() -> NDArray[np.int64]:
    """Characters of each card as shown (``10♥`` is 3), and 0 for no card (index -1)."""
    return np.array([len(card.pretty) for card in DECK] + [0], dtype=np.int64)


def _digits(numbers: NDArray[np.int64]) -> NDArray[np.uint64]:
    """The decimal digits of each number, right-aligned after zero bytes, in words."""
    places = len(str(int(numbers.max()))) if len(numbers) else 1
    powers = 10 ** np.arange(places - 1, -1, -1, dtype=np.int64)
    digits = (numbers[:, None] // powers) % 10 + ord("0")
    digits[(numbers[:, None] < powers) & (powers > 1)] = 0  # no leading zeros
    laid = np.zeros((len(numbers), -(-places // _WORD) * _WORD), dtype=np.uint8)
    laid[:, laid.shape[1] - places :] = digits
    packed: NDArray[np.uint64] = laid.view(np.uint64)
    return packed


@dataclass(frozen=True, slots=True)
class RenderedLines:
    """The text of many lines laid out side by side: row ``i`` of ``grid`` holds line
    ``i``'s UTF-8 bytes with zero bytes among them, to be dropped."""

    grid: NDArray[np.uint8]

    def text(self) -> bytes:
        """The text of every line, one after the other."""
        return self.grid.tobytes().translate(None, b"\0")

    def lengths(self) -> NDArray[np.int64]:
        """The length of each line's text, in bytes."""
        lengths: NDArray[np.int64] = np.count_nonzero(self.grid, axis=1)
        return lengths


def _layout(parts: Sequence[NDArray[np.uint64]], rows: int) -> RenderedLines:
    """Parts (words on every row, or a block of words per row) side by side."""
    blocks = [part.reshape(len(part), math.prod(part.shape[1:])) for part in parts]
    grid = np.empty((rows, sum(block.shape[1] for block in blocks)), dtype=np.uint64)
    column = 0
    for block in blocks:
        grid[:, column : column + block.shape[1]] = block
        column += block.shape[1]
    return RenderedLines(grid.view(np.uint8))


def render_matchups(
    numbers: ArrayLike,
    cards: NDArray[np.integer],
    classes: NDArray[np.integer],
    five: NDArray[np.integer],
    *,
    as_json: bool = False,
) -> RenderedLines:
    """The text (UTF-8) of each compared line.

    ``numbers``: (n,) line numbers; ``cards``: (n, 2, 7) card numbers of each hand in the
    order given, -1 after the last; ``classes``: (n, 2) their classes; ``five``: (n, 2, 5)
    their five best cards (see :func:`~croupier.poker.evaluation.batch.best_five_batch`). With
    ``as_json``, each line is the JSON object of :meth:`Matchup.to_dict
    <croupier.poker.matchups.lines.Matchup.to_dict>` and a line break.
    """
    lines = np.asarray(numbers, dtype=np.int64)
    rows = len(lines)
    hands = cards.astype(np.intp)
    first, second = classes[:, 0].astype(np.intp), classes[:, 1].astype(np.intp)
    winner = np.where(first < second, 1, np.where(first > second, 2, 0))
    digits = _digits(lines)
    parts: list[NDArray[np.uint64]] = []
    if as_json:
        pool = _json_pools()
        size = (hands >= 0).sum(axis=2)
        last = np.arange(_SLOTS) == size[:, :, None] - 1
        listed = np.where(hands < 0, -1, hands + 52 * last)
        named = np.concatenate([five[:, :, :4], five[:, :, 4:] + 52], axis=2).astype(np.intp)
        parts += [_fixed('{"line": '), digits]
        for hand in (0, 1):
            parts += [
                _fixed(f', "hand{hand + 1}": {{"hand": ['),
                pool["card"][listed[:, hand]],
                pool["category"][classes[:, hand]],
                pool["card"][named[:, hand]],
                pool["class"][classes[:, hand]],
            ]
        parts += [_fixed(', "winner": '), pool["winner"][winner]]
        return _layout(parts, rows)
    pool = _text_pools()
    shown = _pretty_lengths()[hands].sum(axis=2) + (hands >= 0).sum(axis=2) - 1
    padding = shown.max(axis=1, keepdims=True) - shown + 2  # after each card's own space
    parts += [_fixed("Line "), digits]
    for hand in (0, 1):
        parts += [
            _fixed("\n  Hand 1: " if hand == 0 else "  Hand 2: "),
            pool["card"][hands[:, hand]],
            pool["spaces"][padding[:, hand]],
            pool["category"][classes[:, hand]],
            pool["card"][five[:, hand, :4]],
            pool["last"][five[:, hand, 4]],
            pool["description"][classes[:, hand]],
        ]
    parts.append(pool["verdict"][winner])
    return _layout(parts, rows)
