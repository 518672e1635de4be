"""Casino's written notation: cards suit first (``SA``, ``DX``, ``H5``) and builds in brackets.

A single build is written ``[D5 H2]``, a multiple build ``[ [C6 S3] [S9] ]``; the table is
its builds and loose cards in one line. Reading is forgiving of spacing (``[[C6 S3][S9]]``
is the same multiple build) and of the card notation (any form :func:`croupier.cards.parse_card`
accepts); writing always gives the canonical form.

>>> items = parse_table("[ [C6 S3] [S9] ] C8 [D5 H2]")
>>> [format_item(item) for item in items]
['[ [C6 S3] [S9] ]', 'C8', '[D5 H2]']
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from croupier.cards import Card, CardError, CardStyle, format_cards, parse_card
from croupier.casino.errors import CasinoCardError, CasinoError

__all__ = [
    "BuildParts",
    "TableItem",
    "card_list",
    "format_item",
    "format_parts",
    "parse_table",
    "tokenize",
]

#: A build as written: its groups of cards (one group for a single build).
BuildParts = tuple[tuple[Card, ...], ...]
#: One thing on the table as written: a loose card or a build.
TableItem = Card | BuildParts

_TOKEN = re.compile(r"\[|\]|[^\s\[\]]+")


def tokenize(text: str) -> list[str]:
    """Split text into card tokens and brackets.

    >>> tokenize("[[C6 S3][S9]] C8")
    ['[', '[', 'C6', 'S3', ']', '[', 'S9', ']', ']', 'C8']
    """
    return _TOKEN.findall(text)


def _card(token: str) -> Card:
    try:
        return parse_card(token)
    except CardError:
        raise CasinoCardError(
            f"bad card {token!r}: expected a suit (S, H, D, C) then a rank (A, 2-9, X, J, Q, K), "
            "as in SA, DX, H5"
        ) from None


def card_list(text: str) -> tuple[Card, ...]:
    """Cards separated by spaces, no brackets allowed.

    >>> card_list("SA  dx h5")
    (Card('As'), Card('Td'), Card('5h'))
    """
    cards = []
    for token in tokenize(text):
        if token in "[]":
            raise CasinoError(f"unexpected {token!r}: expected cards only, as in SA DX H5")
        cards.append(_card(token))
    return tuple(cards)


def parse_table(text: str) -> list[TableItem]:
    """The items of a table line, in order: loose cards and builds (as their groups).

    A group of cards in brackets is a single build; brackets holding bracketed groups are
    a multiple build (``[ [C6 S3] ]`` with only one group is read as the single build).

    >>> parse_table("C8 [D5 H2]")
    [Card('8c'), ((Card('5d'), Card('2h')),)]
    >>> parse_table("[C6 [S3]]")
    Traceback (most recent call last):
    ...
    croupier.casino.errors.CasinoError: bad build: a build holds either cards ([D5 H2]) or ...
    """
    tokens = tokenize(text)
    items: list[TableItem] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token == "]":
            raise CasinoError("unexpected ']': it closes no build")
        if token != "[":
            items.append(_card(token))
            i += 1
            continue
        parts, i = _parse_build(tokens, i)
        items.append(parts)
    return items


def _parse_build(tokens: Sequence[str], i: int) -> tuple[BuildParts, int]:
    """Parse the build opening at ``tokens[i] == '['``; return it and the index after it."""
    loose: list[Card] = []
    groups: list[tuple[Card, ...]] = []
    i += 1
    while True:
        if i >= len(tokens):
            raise CasinoError("unclosed '[': every build needs its closing ']'")
        token = tokens[i]
        if token == "]":
            i += 1
            break
        if token == "[":
            group: list[Card] = []
            i += 1
            while i < len(tokens) and tokens[i] not in "[]":
                group.append(_card(tokens[i]))
                i += 1
            if i >= len(tokens) or tokens[i] == "[":
                raise CasinoError("bad build: a group inside a multiple build needs its ']'")
            if not group:
                raise CasinoError("bad build: an empty group '[ ]'")
            groups.append(tuple(group))
        else:
            loose.append(_card(token))
        i += 1
    if loose and groups:
        raise CasinoError(
            "bad build: a build holds either cards ([D5 H2]) or bracketed groups "
            "([ [C6 S3] [S9] ]), not both"
        )
    if not loose and not groups:
        raise CasinoError("bad build: empty brackets '[ ]'")
    return ((tuple(loose),) if loose else tuple(groups)), i


def format_parts(parts: BuildParts) -> str:
    """A build in brackets: ``[D5 H2]``, or ``[ [C6 S3] [S9] ]`` for a multiple build."""
    if len(parts) == 1:
        return f"[{format_cards(parts[0], CardStyle.CASINO)}]"
    return "[ " + " ".join(f"[{format_cards(part, CardStyle.CASINO)}]" for part in parts) + " ]"


def format_item(item: TableItem) -> str:
    """A loose card or a build as written on a table line."""
    return item.casino if isinstance(item, Card) else format_parts(item)
