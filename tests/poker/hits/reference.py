"""A naive reference for :mod:`croupier.poker.hits.classifier`: one combo at a time, in
plain Python, written from the definitions of :mod:`croupier.poker.hits.categories`
(card by card, with the course's evaluator), sharing no code with the NumPy classifier."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from croupier.cards import Card
from croupier.poker.evaluation.classes import HandCategory
from croupier.poker.evaluation.hand import evaluate
from croupier.poker.hits.categories import Draw, MadeHand

#: The five ranks of every straight, the wheel's ace as 1.
STRAIGHTS = [set(range(top - 4, top + 1)) for top in range(5, 15)]


def straight_top(ranks: set[int]) -> int:
    """The top rank of the best straight among ``ranks`` (2..14), 0 if none."""
    with_low_ace = ranks | ({1} if 14 in ranks else set())
    tops = [max(s) for s in STRAIGHTS if s <= with_low_ace]
    return max(tops, default=0)


def made_hand(hole: Sequence[Card], board: Sequence[Card]) -> MadeHand:
    """The made hand, by the definitions, tried from the strongest down."""
    mine = evaluate([*hole, *board])
    beats_board = len(board) < 5 or mine > evaluate(list(board))
    a, b = sorted((int(c.rank) for c in hole), reverse=True)
    on_board = Counter(int(c.rank) for c in board)
    levels = sorted(on_board, reverse=True)
    top, bottom = levels[0], levels[-1]
    second = levels[1] if len(levels) > 1 else 0
    pocket = a == b
    if beats_board and mine.category == HandCategory.STRAIGHT_FLUSH:
        return MadeHand.STRAIGHT_FLUSH
    everything = Counter([a, b]) + on_board
    if any(everything[r] == 4 for r in (a, b)):
        return MadeHand.QUADS
    for category, made in (
        (HandCategory.FULL_HOUSE, MadeHand.FULL_HOUSE),
        (HandCategory.FLUSH, MadeHand.FLUSH),
        (HandCategory.STRAIGHT, MadeHand.STRAIGHT),
    ):
        if beats_board and mine.category == category:
            return made
    if pocket:
        if on_board[a] == 1:
            return MadeHand.SET
        if a > top:
            return MadeHand.OVERPAIR
        if second < a < top:
            return MadeHand.UNDERPAIR_BELOW_TOP
        if bottom < a < second:
            return MadeHand.MIDDLE_PAIR
        if a < bottom:
            return MadeHand.BOTTOM_PAIR
        raise AssertionError(f"pocket pair {a} on {levels} fits no category")
    matched = [r for r in (a, b) if on_board[r]]
    if any(on_board[r] == 2 for r in matched):
        return MadeHand.TRIPS
    if len(matched) == 2:
        return MadeHand.TWO_PAIR
    if matched == [top]:
        kicker = b if a == top else a
        free_above = [r for r in range(kicker + 1, 15) if r not in on_board]
        return MadeHand.TOP_PAIR_GOOD if len(free_above) <= 2 else MadeHand.TOP_PAIR_WEAK
    if matched and matched[0] == bottom:
        return MadeHand.BOTTOM_PAIR
    if matched:
        return MadeHand.MIDDLE_PAIR
    return MadeHand.ACE_HIGH if a == 14 else MadeHand.NOTHING


def draws(hole: Sequence[Card], board: Sequence[Card], made: MadeHand) -> set[Draw]:
    """The draws, by the definitions (none on the river)."""
    found: set[Draw] = set()
    if len(board) == 5:
        return found
    category = evaluate([*hole, *board]).category
    cards = [*hole, *board]
    for suit in {c.suit for c in hole}:
        in_suit = [c for c in cards if c.suit == suit]
        if len(in_suit) == 4 and category < HandCategory.FLUSH:
            found.add(Draw.FLUSH_DRAW)
            shown = {int(c.rank) for c in board if c.suit == suit}
            highest_missing = max(r for r in range(2, 15) if r not in shown)
            if any(c.suit == suit and c.rank == highest_missing for c in hole):
                found.add(Draw.NUT_FLUSH_DRAW)
        if len(in_suit) == 3 and len(board) == 3:
            found.add(Draw.BACKDOOR_FLUSH_DRAW)
    if category < HandCategory.STRAIGHT:
        ranks = {int(c.rank) for c in cards}
        board_ranks = {int(c.rank) for c in board}
        outs = [
            r for r in range(2, 15) if straight_top(ranks | {r}) > straight_top(board_ranks | {r})
        ]
        if len(outs) >= 2:
            found.add(Draw.OPEN_ENDED)
        elif len(outs) == 1:
            found.add(Draw.GUTSHOT)
    if Draw.FLUSH_DRAW in found and found & {Draw.OPEN_ENDED, Draw.GUTSHOT}:
        found.add(Draw.COMBO_DRAW)
    a, b = (int(c.rank) for c in hole)
    above = a != b and min(a, b) > max(int(c.rank) for c in board)
    if above and made in (MadeHand.ACE_HIGH, MadeHand.NOTHING):
        found.add(Draw.OVERCARDS)
    return found
