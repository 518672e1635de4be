"""A naive reference for :mod:`croupier.poker.hits.classifier`: one combo at a time, in
plain Python, written from the definitions of :mod:`croupier.poker.hits.categories`
(card by card, with the course's evaluator of one hand), sharing no code with the NumPy
classifier; hold'em by default, short-deck (36 cards, its ranking, A-6-7-8-9) by ``game``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from croupier.cards import Card
from croupier.poker.evaluation.classes import HandCategory
from croupier.poker.evaluation.hand import evaluate_game
from croupier.poker.games import variant_of
from croupier.poker.hits.categories import Draw, MadeHand

#: The five ranks of every straight and its top card, the wheel's ace as 1.
STRAIGHTS = [(set(range(top - 4, top + 1)), top) for top in range(5, 15)]
#: Short-deck's: six to ace, and A-6-7-8-9 (the nine on top).
SHORT_STRAIGHTS = [(set(range(top - 4, top + 1)), top) for top in range(10, 15)] + [
    ({14, 6, 7, 8, 9}, 9)
]


def straight_top(ranks: set[int], game: str = "holdem") -> int:
    """The top rank of the best straight among ``ranks`` (2..14), 0 if none."""
    if game.startswith("shortdeck"):
        return max((top for s, top in SHORT_STRAIGHTS if s <= ranks), default=0)
    with_low_ace = ranks | ({1} if 14 in ranks else set())
    return max((top for s, top in STRAIGHTS if s <= with_low_ace), default=0)


def _strength(game: str, category: HandCategory) -> int:
    """How strong a category is in the game (the higher, the stronger)."""
    order = variant_of(game).order
    return len(order) - order.index(category)


def made_hand(hole: Sequence[Card], board: Sequence[Card], game: str = "holdem") -> MadeHand:
    """The made hand, by the definitions: every category the hand meets, the strongest
    by the game's ranking."""
    found = _made_categories(hole, board, game)
    return max(found, key=lambda m: _strength(game, _CATEGORY_OF[m]) * 100 - _RANK_IN[m])


_CATEGORY_OF = {
    MadeHand.STRAIGHT_FLUSH: HandCategory.STRAIGHT_FLUSH,
    MadeHand.QUADS: HandCategory.FOUR_OF_A_KIND,
    MadeHand.FULL_HOUSE: HandCategory.FULL_HOUSE,
    MadeHand.FLUSH: HandCategory.FLUSH,
    MadeHand.STRAIGHT: HandCategory.STRAIGHT,
    MadeHand.SET: HandCategory.THREE_OF_A_KIND,
    MadeHand.TRIPS: HandCategory.THREE_OF_A_KIND,
    MadeHand.TWO_PAIR: HandCategory.TWO_PAIR,
    MadeHand.ACE_HIGH: HandCategory.HIGH_CARD,
    MadeHand.NOTHING: HandCategory.HIGH_CARD,
}
_CATEGORY_OF.update(
    dict.fromkeys(
        (
            MadeHand.OVERPAIR,
            MadeHand.TOP_PAIR_GOOD,
            MadeHand.TOP_PAIR_WEAK,
            MadeHand.UNDERPAIR_BELOW_TOP,
            MadeHand.MIDDLE_PAIR,
            MadeHand.BOTTOM_PAIR,
        ),
        HandCategory.PAIR,
    )
)
#: Within a category of hands, the order of the made hands (a set before trips).
_RANK_IN = {m: i for i, m in enumerate(MadeHand)}


def _made_categories(hole: Sequence[Card], board: Sequence[Card], game: str) -> set[MadeHand]:
    """Every made hand the definitions give the combo (the one pair-or-less category it
    fits, and those that its best hand or four of a kind give it)."""
    structural = _structural(hole, board)
    found = set() if structural is None else {structural}
    mine = evaluate_game(game, [*hole, *board])
    beats_board = len(board) < 5 or mine.class_number < evaluate_game(game, board).class_number
    a, b = sorted((int(c.rank) for c in hole), reverse=True)
    everything = Counter([a, b]) + Counter(int(c.rank) for c in board)
    if any(everything[r] == 4 for r in (a, b)):
        found.add(MadeHand.QUADS)
    for category, made in (
        (HandCategory.STRAIGHT_FLUSH, MadeHand.STRAIGHT_FLUSH),
        (HandCategory.FULL_HOUSE, MadeHand.FULL_HOUSE),
        (HandCategory.FLUSH, MadeHand.FLUSH),
        (HandCategory.STRAIGHT, MadeHand.STRAIGHT),
    ):
        if beats_board and mine.category == category:
            found.add(made)
    return found


def _structural(hole: Sequence[Card], board: Sequence[Card]) -> MadeHand | None:
    """The set, trips, two pair, pair or high card the hole cards make with the board
    (None for a pocket pair with two of its rank on the board: four of a kind)."""
    a, b = sorted((int(c.rank) for c in hole), reverse=True)
    on_board = Counter(int(c.rank) for c in board)
    levels = sorted(on_board, reverse=True)
    top, bottom = levels[0], levels[-1]
    second = levels[1] if len(levels) > 1 else 0
    pocket = a == b
    if pocket:
        if on_board[a] == 2:
            return None
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


def draws(
    hole: Sequence[Card], board: Sequence[Card], made: MadeHand, game: str = "holdem"
) -> set[Draw]:
    """The draws, by the definitions (none on the river)."""
    found: set[Draw] = set()
    if len(board) == 5:
        return found
    category = evaluate_game(game, [*hole, *board]).category
    strength = _strength(game, category)
    cards = [*hole, *board]
    for suit in {c.suit for c in hole}:
        in_suit = [c for c in cards if c.suit == suit]
        if len(in_suit) == 4 and strength < _strength(game, HandCategory.FLUSH):
            found.add(Draw.FLUSH_DRAW)
            shown = {int(c.rank) for c in board if c.suit == suit}
            highest_missing = max(r for r in range(2, 15) if r not in shown)
            if any(c.suit == suit and c.rank == highest_missing for c in hole):
                found.add(Draw.NUT_FLUSH_DRAW)
        if len(in_suit) == 3 and len(board) == 3:
            found.add(Draw.BACKDOOR_FLUSH_DRAW)
    if strength < _strength(game, HandCategory.STRAIGHT):
        ranks = {int(c.rank) for c in cards}
        board_ranks = {int(c.rank) for c in board}
        outs = [
            r
            for r in range(variant_of(game).lowest_rank, 15)
            if straight_top(ranks | {r}, game) > straight_top(board_ranks | {r}, game)
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
