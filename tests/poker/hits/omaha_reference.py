"""A naive reference for Omaha's hits (:mod:`croupier.poker.hits.omaha`): one holding at a
time, in plain Python, written from the definitions of
:class:`~croupier.poker.hits.categories.OmahaHand` and
:class:`~croupier.poker.hits.categories.OmahaDraw`. Every five-card hand of two hole cards
and three board cards is ranked by phevaluator (an independent evaluator); the nuts are
found by trying the other holdings' cards, the outs by dealing every unseen card."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence

import pytest

from croupier.cards import DECK, Card
from croupier.poker.hits.categories import OmahaDraw, OmahaHand

_phevaluator = pytest.importorskip("phevaluator")

#: phevaluator's last rank of each category (1 is a royal flush, 7462 the worst hand).
_SF, _QUADS, _FULL, _FLUSH, _STRAIGHT = 10, 166, 322, 1599, 1609


def _fives(hole: Sequence[Card], board: Sequence[Card]) -> Iterable[tuple[Card, ...]]:
    for pair in itertools.combinations(hole, 2):
        for triple in itertools.combinations(board, 3):
            yield (*pair, *triple)


def _rank(five: Sequence[Card]) -> int:
    return int(_phevaluator.evaluate_cards(*(str(c) for c in five)))


def _straight_top(five: Sequence[Card]) -> int:
    """The top rank of the straight five cards make (by rank alone), 0 if none."""
    ranks = sorted({int(c.rank) for c in five})
    if len(ranks) != 5:
        return 0
    if ranks == [2, 3, 4, 5, 14]:
        return 5
    return ranks[-1] if ranks[-1] - ranks[0] == 4 else 0


def best_straight(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """The top rank of the best straight of two of ``hole`` and three of ``board``."""
    return max((_straight_top(f) for f in _fives(hole, board)), default=0)


def _is_flush(five: Sequence[Card]) -> bool:
    return len({c.suit for c in five}) == 1


def made_hand(hole: Sequence[Card], board: Sequence[Card], dead: Sequence[Card] = ()) -> OmahaHand:
    """The made hand, by the definitions, tried from the strongest down."""
    best = min(_rank(f) for f in _fives(hole, board))
    unseen = [c for c in DECK if c not in (*hole, *board, *dead)]
    if best <= _SF:
        return OmahaHand.STRAIGHT_FLUSH
    if best <= _QUADS:
        return OmahaHand.QUADS
    if best <= _FULL:
        return OmahaHand.FULL_HOUSE
    if best <= _FLUSH:
        suit = next(s for s in {c.suit for c in board} if sum(c.suit == s for c in board) >= 3)
        theirs = [c for c in unseen if c.suit == suit]
        others = [
            _rank(f)
            for pair in itertools.combinations(theirs, 2)
            for f in _fives(pair, board)
            if _is_flush(f) and _rank(f) > _SF
        ]
        return OmahaHand.NUT_FLUSH if best < min(others, default=7463) else OmahaHand.FLUSH
    if best <= _STRAIGHT:
        mine = best_straight(hole, board)
        one_of_each = {int(c.rank): c for c in unseen}.values()
        theirs_top = max(
            (best_straight(pair, board) for pair in itertools.combinations(one_of_each, 2)),
            default=0,
        )
        return OmahaHand.NUT_STRAIGHT if mine >= theirs_top else OmahaHand.STRAIGHT
    held = Counter(int(c.rank) for c in hole)
    shown = Counter(int(c.rank) for c in board)
    levels = sorted(shown, reverse=True)
    top = levels[0]
    second = levels[1] if len(levels) > 1 else None
    if held[top] >= 2:
        return OmahaHand.TOP_SET
    if any(held[r] >= 2 for r in levels[1:]):
        return OmahaHand.LOWER_SET
    if any(held[r] and shown[r] == 2 for r in levels):
        return OmahaHand.TRIPS
    if held[top] and second is not None and held[second]:
        return OmahaHand.TOP_TWO_PAIR
    if sum(1 for r in levels if held[r]) >= 2:
        return OmahaHand.TWO_PAIR
    if any(n >= 2 and r > top for r, n in held.items()):
        return OmahaHand.OVERPAIR
    if held[top]:
        return OmahaHand.TOP_PAIR
    if any(held[r] for r in levels[1:]) or any(n >= 2 and r < top for r, n in held.items()):
        return OmahaHand.LOWER_PAIR
    return OmahaHand.NO_PAIR


def draws(
    hole: Sequence[Card], board: Sequence[Card], made: OmahaHand, dead: Sequence[Card] = ()
) -> set[OmahaDraw]:
    """The draws (flop and turn) and the blocker (every street), by the definitions."""
    found: set[OmahaDraw] = set()
    for suit in {c.suit for c in board}:
        on_board = {int(c.rank) for c in board if c.suit == suit}
        mine = [c for c in hole if c.suit == suit]
        highest_missing = max(r for r in range(2, 15) if r not in on_board)
        if len(on_board) >= 3 and len(mine) == 1 and int(mine[0].rank) == highest_missing:
            found.add(OmahaDraw.NUT_FLUSH_BLOCKER)
    flush_or_better = list(OmahaHand)[: list(OmahaHand).index(OmahaHand.FLUSH) + 1]
    if len(board) == 5 or made in flush_or_better:
        return found
    now = best_straight(hole, board)
    unseen = [c for c in DECK if c not in (*hole, *board, *dead)]
    outs = sum(1 for card in unseen if best_straight(hole, [*board, card]) > now)
    if outs >= 13:
        found.add(OmahaDraw.WRAP)
    elif outs >= 8:
        found.add(OmahaDraw.STRAIGHT_DRAW)
    elif outs >= 1:
        found.add(OmahaDraw.GUTSHOT)
    for suit in {c.suit for c in hole}:
        on_board = {int(c.rank) for c in board if c.suit == suit}
        held = sorted((int(c.rank) for c in hole if c.suit == suit), reverse=True)
        if len(held) >= 2 and len(on_board) == 2:
            found.add(OmahaDraw.FLUSH_DRAW)
            if held[0] == max(r for r in range(2, 15) if r not in on_board):
                found.add(OmahaDraw.NUT_FLUSH_DRAW)
    if OmahaDraw.FLUSH_DRAW in found and outs >= 8:
        found.add(OmahaDraw.COMBO_DRAW)
    return found


def classify(
    hole: Sequence[Card], board: Sequence[Card], dead: Sequence[Card] = ()
) -> tuple[OmahaHand, set[OmahaDraw]]:
    """The made hand and the draws of one holding."""
    made = made_hand(hole, board, dead)
    return made, draws(hole, board, made, dead)
