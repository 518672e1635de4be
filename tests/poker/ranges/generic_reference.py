"""A naive reading of generic-syntax ranges, one holding at a time, in plain Python: the
reference the array engine (croupier.poker.ranges.generic_match) is tested against.

It shares only the parser's tree with croupier. A holding matches a pattern when some
ordering of its cards gives the pattern's slots distinct cards that each slot allows,
with every variable read off the cards it takes: one value per variable, different
values for different variables, never a rank (suit) the pattern names alone.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable

from croupier.cards import DECK, Card
from croupier.poker.ranges.generic_syntax import (
    Combination,
    Complement,
    Macro,
    Node,
    Pattern,
    Percent,
    Slot,
)

Hand = tuple[Card, ...]


def _slot_takes(slot: Slot, card: Card) -> bool:
    if slot.cards is not None and card.index not in slot.cards:
        return False
    return card.rank in slot.ranks and card.suit in slot.suits


def _binds(variable: str, value: int, bound: dict[str, int], named: set[int]) -> bool:
    """Whether a variable may take ``value`` (binding it on first sight)."""
    return value not in named and bound.setdefault(variable, value) == value


def pattern_matches(pattern: Pattern, hand: Hand) -> bool:
    """Whether ``hand`` holds the cards ``pattern`` asks for."""
    slots = pattern.slots
    if len(slots) > len(hand):
        return False
    named_ranks = {s.named_rank for s in slots if s.named_rank is not None}
    named_suits = {s.named_suit for s in slots if s.named_suit is not None}
    for cards in itertools.permutations(hand, len(slots)):
        ranks: dict[str, int] = {}
        suits: dict[str, int] = {}
        good = True
        for slot, card in zip(slots, cards, strict=True):
            if not _slot_takes(slot, card):
                good = False
                break
            if slot.rank_variable is not None and not _binds(
                slot.rank_variable, card.rank, ranks, named_ranks
            ):
                good = False
                break
            if slot.suit_variable is not None and not _binds(
                slot.suit_variable, card.suit, suits, named_suits
            ):
                good = False
                break
        if not good:
            continue
        if len(set(ranks.values())) == len(ranks) and len(set(suits.values())) == len(suits):
            return True
    return False


def macro_matches(name: str, hand: Hand) -> bool:
    suits = sorted(Counter(c.suit for c in hand).values(), reverse=True)
    if name == "ds":
        return suits[:2] == [2, 2]
    if name == "ss":
        return suits[0] == 2 and (len(suits) == 1 or suits[1] == 1)
    if name == "r":
        return suits[0] == 1
    assert name == "np"
    return len({c.rank for c in hand}) == len(hand)


def naive_set(node: Node, hands: Iterable[Hand], top: dict[float, set[Hand]]) -> set[Hand]:
    """The hands among ``hands`` that ``node`` holds (``top[p]``: the hands of the top
    ``p`` per cent, for the percentages the tree uses)."""
    pool = list(hands)
    if isinstance(node, Pattern):
        return {h for h in pool if pattern_matches(node, h)}
    if isinstance(node, Macro):
        return {h for h in pool if macro_matches(node.name, h)}
    if isinstance(node, Percent):
        return {h for h in pool if h in top[node.high] and h not in top[node.low]}
    if isinstance(node, Complement):
        return set(pool) - naive_set(node.inner, pool, top)
    assert isinstance(node, Combination)
    result = naive_set(node.parts[0], pool, top)
    for part in node.parts[1:]:
        other = naive_set(part, pool, top)
        if node.op == ",":
            result |= other
        elif node.op == ":":
            result &= other
        else:
            result -= other
    return result


def every_hand(size: int) -> Iterable[Hand]:
    """Every holding of ``size`` cards, as card tuples."""
    return itertools.combinations(DECK, size)
