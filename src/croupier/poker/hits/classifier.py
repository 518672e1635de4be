"""What a range hits on a board (Flopzilla's question): every combo's made hand and draws,
and the totals by category.

>>> result = hits("QQ+, AK, 98s", board="Ks 7d 2c")
>>> result.weight, result.made[MadeHand.SET], result.made[MadeHand.TOP_PAIR_GOOD]
(31.0, 3.0, 12.0)
>>> f"{result.share(MadeHand.OVERPAIR):.1%}", f"{result.pair_or_better:.1%}"
('19.4%', '87.1%')
>>> [str(c) for c in result.combos[:2]], str(result.combos[-1])
(['KhKd set', 'KhKc set'], '9c8c no made hand + backdoor flush draw')

The combos are listed by made hand, strongest first, then by their cards.

:func:`hits` answers for one board (3, 4 or 5 cards); :func:`flop_hits` for every flop
at once, exactly: each combo with each of the flops its cards and the dead cards leave
(19,600 flops a combo when no card is dead), the totals being the average over the
flops. The categories and what counts for each are in
:mod:`~croupier.poker.hits.categories`; :func:`classify_batch` classifies many
(hole cards, board) rows at once with NumPy, the batch evaluator ranking the hands.
"""

from __future__ import annotations

import functools
import itertools
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

import numpy as np
from numpy.typing import NDArray

from croupier.cards import DECK, Card, cards_to_indices, parse_cards
from croupier.errors import CroupierError
from croupier.numerals import plural
from croupier.poker.combinatorics import combinations
from croupier.poker.errors import PokerCardError, PokerError
from croupier.poker.evaluation.batch import rank_batch
from croupier.poker.evaluation.classes import CATEGORY_FIRST_CLASS, HandCategory
from croupier.poker.hits.categories import PAIR_OR_BETTER, Draw, MadeHand
from croupier.poker.ranges.holdem import Range, RangeError
from croupier.poker.ranges.starting_hands import CLASS_COMBOS, CLASS_OF_COMBO, COMBO_CARDS

if TYPE_CHECKING:
    import pandas as pd


__all__ = ["ComboHit", "HitsQuestion", "HitsResult", "classify_batch", "flop_hits", "hits"]

#: Called as ``progress(done, total)`` while :func:`flop_hits` runs.
Progress = Callable[[int, int], None]

MADE_HANDS: Final = tuple(MadeHand)
DRAWS: Final = tuple(Draw)
#: Rows classified together (bounded memory).
CHUNK: Final = 1 << 16

_ACE: Final = 12  # rank numbers: 0 is a deuce, 12 an ace
_ALL_RANKS: Final = (1 << 13) - 1


def _category_table() -> NDArray[np.int8]:
    """The category (1 high card .. 9 straight flush) of every class number."""
    firsts = sorted((first, int(category)) for category, first in CATEGORY_FIRST_CLASS.items())
    table = np.zeros(7463, dtype=np.int8)
    for (first, category), following in zip(firsts, [*firsts[1:], (7463, 0)], strict=True):
        table[first : following[0]] = category
    return table


def _straight_tops() -> NDArray[np.int8]:
    """For each 13-bit set of ranks, 1 + the rank of the top card of its best straight
    (a wheel's top card is the five), 0 without a straight."""
    tops = np.zeros(1 << 13, dtype=np.int8)
    masks = np.arange(1 << 13)
    for top in range(3, 13):  # the five (wheel) .. the ace
        needed = sum(1 << (top - i) for i in range(5) if top - i >= 0)
        if top == 3:
            needed |= 1 << _ACE
        tops[(masks & needed) == needed] = top + 1
    return tops


_CATEGORY: Final = _category_table()
_STRAIGHT_TOP: Final = _straight_tops()
_POPCOUNT: Final = np.array([bin(m).count("1") for m in range(1 << 13)], dtype=np.int8)
#: The ranks above each rank, as a 13-bit set.
_ABOVE: Final = np.array([_ALL_RANKS & ~((2 << r) - 1) for r in range(13)], dtype=np.int64)
#: 1 + the highest rank in each 13-bit set (0 for the empty set).
_HIGHEST: Final = np.array([m.bit_length() for m in range(1 << 13)], dtype=np.int8)


def classify_batch(
    holes: NDArray[np.integer], boards: NDArray[np.integer]
) -> tuple[NDArray[np.int8], NDArray[np.uint8]]:
    """The made hand (index in :class:`MadeHand`) and the draws (bit ``i`` set for the
    ``i``-th :class:`Draw`) of each row: hole cards ``holes`` (N, 2) on board ``boards``
    (N, 3 to 5), card numbers (see :mod:`croupier.cards`), trusted (no card twice).

    >>> from croupier.cards import cards_to_indices, parse_cards
    >>> hole = [cards_to_indices(parse_cards("9h 8h"))]
    >>> made, draws = classify_batch(np.array(hole), np.array([cards_to_indices(parse_cards(
    ...     "Th 7h 2d"))]))
    >>> MADE_HANDS[made[0]], [d.value for i, d in enumerate(DRAWS) if draws[0] >> i & 1]
    (<MadeHand.NOTHING: 'no made hand'>, ['flush draw', 'open-ended straight draw', 'combo draw'])
    """
    hole_cards = np.asarray(holes, dtype=np.int64)
    board_cards = np.asarray(boards, dtype=np.int64)
    made = np.empty(len(hole_cards), dtype=np.int8)
    draws = np.empty(len(hole_cards), dtype=np.uint8)
    for start in range(0, len(hole_cards), CHUNK):
        part = slice(start, start + CHUNK)
        made[part], draws[part] = _classify(hole_cards[part], board_cards[part])
    return made, draws


def _classify(
    holes: NDArray[np.int64], boards: NDArray[np.int64]
) -> tuple[NDArray[np.int8], NDArray[np.uint8]]:
    rows = np.arange(len(holes))
    size = boards.shape[1]
    first, second = holes[:, 0] >> 2, holes[:, 1] >> 2
    high, low = np.maximum(first, second), np.minimum(first, second)
    pocket = high == low
    ranks = boards >> 2
    counts = np.zeros((len(holes), 13), dtype=np.int8)
    board_ranks = np.zeros(len(holes), dtype=np.int64)
    for column in range(size):
        counts[rows, ranks[:, column]] += 1
        board_ranks |= 1 << ranks[:, column]
    top = ranks.max(axis=1)
    bottom = ranks.min(axis=1)
    second_top = np.where(ranks < top[:, None], ranks, -1).max(axis=1)
    on_high, on_low = counts[rows, high], counts[rows, low]

    classes = rank_batch(np.concatenate([holes, boards], axis=1), check=False)
    category = _CATEGORY[classes]
    better = np.ones(len(holes), dtype=bool)
    if size == 5:  # on the river the board is a hand of its own: beat it to count
        better = classes < rank_batch(boards, check=False)

    paired = np.where(on_high >= 1, high, low)  # the rank a hole card pairs, if any
    pairs_one = ~pocket & ((on_high >= 1) | (on_low >= 1))
    kicker = np.where(high == top, low, high)
    free_above = _POPCOUNT[~board_ranks & _ABOVE[kicker] & _ALL_RANKS]
    conditions = [
        (category == HandCategory.STRAIGHT_FLUSH) & better,
        np.where(pocket, on_high == 2, (on_high == 3) | (on_low == 3)),
        (category == HandCategory.FULL_HOUSE) & better,
        (category == HandCategory.FLUSH) & better,
        (category == HandCategory.STRAIGHT) & better,
        pocket & (on_high == 1),
        ~pocket & ((on_high == 2) | (on_low == 2)),
        ~pocket & (on_high >= 1) & (on_low >= 1),
        pocket & (high > top),
        pairs_one & (paired == top) & (free_above <= 2),
        pairs_one & (paired == top),
        pocket & (high < top) & (high > second_top),
        (pairs_one & (paired < top) & (paired > bottom))
        | (pocket & (high < second_top) & (high > bottom)),
        (pairs_one & (paired == bottom)) | (pocket & (high < bottom)),
        high == _ACE,
    ]
    made = np.select(conditions, np.arange(len(conditions), dtype=np.int8), len(conditions))
    made = made.astype(np.int8)
    draws = np.zeros(len(holes), dtype=np.uint8)
    if size < 5:
        draws = _draws(holes, boards, board_ranks, category, made, top, size)
    return made, draws


def _draws(
    holes: NDArray[np.int64],
    boards: NDArray[np.int64],
    board_ranks: NDArray[np.int64],
    category: NDArray[np.int8],
    made: NDArray[np.int8],
    top: NDArray[np.int64],
    size: int,
) -> NDArray[np.uint8]:
    rows = np.arange(len(holes))
    hole_suits = np.zeros((len(holes), 4), dtype=np.int8)
    suit_ranks = np.zeros((len(holes), 4), dtype=np.int64)  # the board's ranks, per suit
    for column in range(2):
        hole_suits[rows, holes[:, column] & 3] += 1
    totals = hole_suits.copy()
    for column in range(size):
        totals[rows, boards[:, column] & 3] += 1
        suit_ranks[rows, boards[:, column] & 3] |= 1 << (boards[:, column] >> 2)
    mine = hole_suits >= 1
    below_flush = category < HandCategory.FLUSH
    four = (totals == 4) & mine
    flush_draw = four.any(axis=1) & below_flush
    suit = four.argmax(axis=1)
    nut_rank = _HIGHEST[~suit_ranks[rows, suit] & _ALL_RANKS] - 1
    nut_card = 4 * nut_rank + suit
    nut = flush_draw & ((holes[:, 0] == nut_card) | (holes[:, 1] == nut_card))

    hand_ranks = board_ranks | (1 << (holes[:, 0] >> 2)) | (1 << (holes[:, 1] >> 2))
    outs = np.zeros(len(holes), dtype=np.int8)
    for rank in range(13):
        bit = 1 << rank
        outs += _STRAIGHT_TOP[hand_ranks | bit] > _STRAIGHT_TOP[board_ranks | bit]
    outs[category >= HandCategory.STRAIGHT] = 0
    high = np.maximum(holes[:, 0], holes[:, 1]) >> 2
    low = np.minimum(holes[:, 0], holes[:, 1]) >> 2
    no_pair = made >= MADE_HANDS.index(MadeHand.ACE_HIGH)
    flags = [
        flush_draw,
        nut,
        outs >= 2,
        outs == 1,
        flush_draw & (outs >= 1),
        (high != low) & (low > top) & no_pair,
        ((totals == 3) & mine).any(axis=1) if size == 3 else np.zeros(len(holes), dtype=bool),
    ]
    draws = np.zeros(len(holes), dtype=np.uint8)
    for bit, flag in enumerate(flags):
        draws |= flag.astype(np.uint8) << bit
    return draws


# --- results ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ComboHit:
    """One combo on the board: what it makes and its draws."""

    cards: tuple[Card, Card]
    weight: float
    made: MadeHand
    draws: tuple[Draw, ...]

    def __str__(self) -> str:
        return " + ".join([f"{self.cards[0]}{self.cards[1]} {self.made}", *self.draws])

    def to_dict(self) -> dict[str, Any]:
        """The combo as in ``poker hits --json``."""
        return {
            "combo": f"{self.cards[0]}{self.cards[1]}",
            "weight": self.weight,
            "made": self.made.value,
            "draws": [d.value for d in self.draws],
        }


@dataclass(frozen=True, slots=True)
class HitsResult:
    """What a range hits: ``made`` and ``draws`` give the weighted combos of each
    category, ``weight`` all the range's live combos (weighted). On one board
    (``boards == 1``) ``combos`` lists every combo; over every flop (:func:`flop_hits`)
    the figures are averages over the ``boards`` flops, and ``combos`` is empty.
    """

    range: str
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    boards: int
    weight: float
    made: Mapping[MadeHand, float]
    draws: Mapping[Draw, float]
    combos: tuple[ComboHit, ...] = ()

    def _repr_html_(self) -> str:
        """Each category's combos and share, drawn in a notebook (:mod:`croupier.poker.display`)."""
        from croupier.poker.display import hits_html

        return hits_html(self)

    def to_frame(self) -> pd.DataFrame:
        """Every combo's made hand and draws, as a pandas DataFrame (the ``notebook`` extra; its
        columns: :func:`croupier.poker.frames.hits_frame`)."""
        from croupier.poker.frames import hits_frame

        return hits_frame(self)

    def __repr__(self) -> str:
        """Short: the range, the board, its live combos and how much makes a pair or
        better.

        >>> hits("QQ, AKs", board="2c 7d 9h")
        <HitsResult QQ, AKs on 2c 7d 9h: 10 combos, a pair or better 60.0%>
        """
        where = (
            f"on {' '.join(map(str, self.board))}"
            if self.boards == 1
            else f"over {self.boards:,} flops"
        )
        return (
            f"<HitsResult {self.range} {where}: {self.weight:g} combos, a pair or better "
            f"{100 * self.pair_or_better:.1f}%>"
        )

    def share(self, category: MadeHand | Draw) -> float:
        """The category's share of the range's combos (0 for an empty range)."""
        count = self.made[category] if isinstance(category, MadeHand) else self.draws[category]
        return count / self.weight if self.weight else 0.0

    @property
    def pair_or_better(self) -> float:
        """The share of the range that makes a pair or better."""
        return sum(self.share(m) for m in PAIR_OR_BETTER)

    def to_dict(self) -> dict[str, Any]:
        """The object ``poker hits --json`` prints."""

        def block(counts: Mapping[Any, float]) -> dict[str, dict[str, float]]:
            return {c.value: {"combos": n, "share": self.share(c)} for c, n in counts.items()}

        return {
            "range": self.range,
            "board": [str(c) for c in self.board],
            "dead": [str(c) for c in self.dead],
            "boards": self.boards,
            "combos": self.weight,
            "pair_or_better": self.pair_or_better,
            "made": block(self.made),
            "draws": block(self.draws),
            "hands": [c.to_dict() for c in self.combos],
        }


# --- the questions ----------------------------------------------------------------------


def _cards(value: str | Sequence[Card] | None, what: str) -> tuple[Card, ...]:
    if value is None:
        return ()
    text = value if isinstance(value, str) else " ".join(str(c) for c in value)
    try:
        return parse_cards(text, distinct=True)
    except CroupierError as exc:
        raise PokerCardError(f"{what}: {exc}") from None


def _board_size(size: int) -> PokerError:
    return PokerError(f"a board of {plural(size, 'card')}: expected 3, 4 or 5 cards")


@dataclass(frozen=True, slots=True)
class HitsQuestion:
    """What a range hits, asked and checked: the range, the board (none: every flop)
    and the dead cards. :meth:`parse` refuses a bad question before any work;
    :meth:`answer` runs :func:`hits` on a board, :func:`flop_hits` without one.

    >>> question = HitsQuestion.parse("QQ+, AK", board="Ks 7d 2c")
    >>> len(question.range), [str(card) for card in question.board]
    (34, ['Ks', '7d', '2c'])
    >>> question.answer().made[MadeHand.SET]
    3.0
    >>> try:
    ...     HitsQuestion.parse("AA", dead="As Ah Ad")
    ... except RangeError as exc:
    ...     print(exc)
    the range 'AA' has no combo left once the board and dead cards are removed
    """

    range: Range
    board: tuple[Card, ...]
    dead: tuple[Card, ...]

    @classmethod
    def parse(
        cls,
        range_: Range | str,
        board: str | Sequence[Card] | None = None,
        dead: str | Sequence[Card] | None = None,
    ) -> HitsQuestion:
        """Read and check the question: the range, the cards (each once, none both on
        the board and dead), a board of 3, 4 or 5 cards or none, a combo left live."""
        chosen = range_ if isinstance(range_, Range) else Range.parse(range_)
        board_cards, dead_cards = _cards(board, "the board"), _cards(dead, "the dead cards")
        both = set(board_cards) & set(dead_cards)
        if both:
            raise RangeError(f"{min(both)} is both on the board and dead: a card is in one place")
        if board_cards and len(board_cards) not in (3, 4, 5):
            raise _board_size(len(board_cards))
        if not len(chosen.without(cards_to_indices(board_cards + dead_cards))):
            raise RangeError(
                f"the range {str(chosen)!r} has no combo left once the board and dead cards "
                "are removed"
            )
        return cls(chosen, board_cards, dead_cards)

    def answer(self, progress: Progress | None = None) -> HitsResult:
        """What the range hits on the board, or over every flop (``progress`` called
        as :func:`flop_hits` calls it; one board is too quick to report on)."""
        if self.board:
            return hits(self.range, board=self.board, dead=self.dead)
        return flop_hits(self.range, dead=self.dead, progress=progress)


def _totals(
    made: NDArray[np.int8], draws: NDArray[np.uint8], weights: NDArray[np.float64]
) -> tuple[dict[MadeHand, float], dict[Draw, float]]:
    made_sums = np.bincount(made, weights=weights, minlength=len(MADE_HANDS))
    draw_sums = [float(weights[(draws >> i) & 1 == 1].sum()) for i in range(len(DRAWS))]
    return (
        {m: float(made_sums[i]) for i, m in enumerate(MADE_HANDS)},
        dict(zip(DRAWS, draw_sums, strict=True)),
    )


def hits(
    range_: Range | str,
    *,
    board: str | Sequence[Card],
    dead: str | Sequence[Card] | None = None,
) -> HitsResult:
    """Every combo of ``range_`` that the board and dead cards leave, classified on
    ``board`` (3, 4 or 5 cards), and the weighted totals by category.

    >>> r = hits("JJ", board="Jh 7d 2c", dead="Js")
    >>> r.weight, r.made[MadeHand.SET], [str(c) for c in r.combos]
    (1.0, 1.0, ['JdJc set'])
    """
    question = HitsQuestion.parse(range_, board, dead)
    chosen, board_cards, dead_cards = question.range, question.board, question.dead
    if not board_cards:
        raise _board_size(0)
    live = chosen.without(cards_to_indices(board_cards + dead_cards))
    numbers = live.combo_numbers[::-1]  # high cards first
    weights = live.weights[numbers]
    holes = COMBO_CARDS[numbers][:, ::-1]  # high card first
    board_row = np.array(cards_to_indices(board_cards), dtype=np.int64)
    made, draws = classify_batch(holes, np.broadcast_to(board_row, (len(numbers), len(board_row))))
    made_totals, draw_totals = _totals(made, draws, weights)
    order = np.argsort(made, kind="stable")
    holes, weights, made, draws = holes[order], weights[order], made[order], draws[order]
    combos = tuple(
        ComboHit(
            (DECK[int(h[0])], DECK[int(h[1])]),
            float(w),
            MADE_HANDS[m],
            tuple(d for i, d in enumerate(DRAWS) if f >> i & 1),
        )
        for h, w, m, f in zip(holes, weights.tolist(), made.tolist(), draws.tolist(), strict=True)
    )
    return HitsResult(
        range=str(chosen),
        board=board_cards,
        dead=dead_cards,
        boards=1,
        weight=float(weights.sum()),
        made=MappingProxyType(made_totals),
        draws=MappingProxyType(draw_totals),
        combos=combos,
    )


#: The 24 relabellings of the four suits, each as a map of card numbers (a card's number
#: is 4 x its rank + its suit).
_SUIT_MAPS: Final = np.array(
    [
        [4 * (card >> 2) + order[card & 3] for card in range(52)]
        for order in itertools.permutations(range(4))
    ],
    dtype=np.int64,
)


@dataclass(frozen=True, slots=True)
class _Flops:
    """Every flop of the deck, numbered: its cards (ascending), the flops holding each
    card, and each flop's image under each suit relabelling (a flop's number)."""

    cards: NDArray[np.int64]  # (22100, 3)
    holding: NDArray[np.bool_]  # (52, 22100)
    images: NDArray[np.int64]  # (24, 22100)

    def without(self, cards: NDArray[np.int64]) -> NDArray[np.int64]:
        """The numbers of the flops holding none of ``cards``."""
        return np.flatnonzero(~self.holding[cards].any(axis=0))


@functools.cache
def _flops() -> _Flops:
    cards = combinations(52, 3).astype(np.int64)
    holding = np.zeros((52, len(cards)), dtype=bool)
    for column in range(3):
        holding[cards[:, column], np.arange(len(cards))] = True
    number = np.zeros(52**3, dtype=np.int64)
    number[(cards[:, 0] * 52 + cards[:, 1]) * 52 + cards[:, 2]] = np.arange(len(cards))
    image = np.sort(_SUIT_MAPS[:, cards], axis=2)
    images = number[(image[..., 0] * 52 + image[..., 1]) * 52 + image[..., 2]]
    return _Flops(cards, holding, images)


def _symmetries(*fixed: NDArray[np.int64]) -> NDArray[np.intp]:
    """The suit relabellings (their places in ``_SUIT_MAPS``) that keep each set of cards
    ``fixed`` (the hole cards, the dead cards: each set onto itself, a hole card never onto
    a dead one): a flop of the cards left makes the hole cards what its image under each
    makes them (the rules know no suit), so one flop of each family is enough.

    >>> len(_symmetries(np.array([48, 44])))  # AcKc: the three other suits, any order
    6
    >>> len(_symmetries(np.array([48, 49])))  # AcAd: c and d swap, h and s swap
    4
    >>> len(_symmetries(np.array([20, 23]), np.array([21])))  # 7c7s, 7d dead: c and s swap
    2
    """
    keep = np.ones(len(_SUIT_MAPS), dtype=bool)
    for cards in fixed:
        kept = np.sort(cards)
        keep &= (np.sort(_SUIT_MAPS[:, cards], axis=1) == kept).all(axis=1)
    return np.flatnonzero(keep)


def _tally(
    cards: NDArray[np.int64], boards: NDArray[np.int64], dead: NDArray[np.int64]
) -> NDArray[np.int64]:
    """How many of the flops numbered ``boards`` (a set that the suit relabellings keeping
    ``cards`` and ``dead`` keep) give the hole ``cards`` each made hand, then each draw:
    one flop of each family those relabellings send onto each other is classified, and
    counted as many times as its family has flops."""
    if len(boards) == 0:
        return np.zeros(len(MADE_HANDS) + len(DRAWS), dtype=np.int64)
    flops = _flops()
    first = flops.images[_symmetries(cards, dead)][:, boards].min(axis=0)  # of each family
    chosen = boards[first == boards]
    sizes = np.bincount(first, minlength=len(flops.cards))[chosen]
    holes = np.broadcast_to(cards[::-1], (len(chosen), 2))
    made, draws = classify_batch(holes, flops.cards[chosen])
    drawn = [int(sizes[(draws >> i) & 1 == 1].sum()) for i in range(len(DRAWS))]
    by_made = np.bincount(made, weights=sizes, minlength=len(MADE_HANDS))
    return np.concatenate([np.rint(by_made), drawn]).astype(np.int64)


def flop_hits(
    range_: Range | str,
    *,
    dead: str | Sequence[Card] | None = None,
    progress: Progress | None = None,
) -> HitsResult:
    """What ``range_`` hits over every flop, exactly: each live combo with each flop of
    the cards its own and the dead cards leave, weighted by the combo's weight; the
    totals are the averages over the ``C(52 - dead, 3)`` flops (so ``weight`` is the
    range's expected live combos on a flop).

    With no dead card every combo of a class has the same flops up to a permutation of
    the suits, so one combo a class is classified, on its 19,600 flops; and of those, one
    flop of each family that the suit relabellings keeping its cards (and the dead ones)
    send onto each other: AhKh flops the same on Qs Jd 2c as on Qd Jc 2s.

    >>> r = flop_hits("AKs")
    >>> r.boards, round(r.weight, 4), f"{r.share(Draw.FLUSH_DRAW):.4%}"
    (22100, 3.5475, '10.9439%')
    """
    question = HitsQuestion.parse(range_, None, dead)
    chosen, dead_cards = question.range, question.dead
    dead_numbers = cards_to_indices(dead_cards)
    live = chosen.without(dead_numbers)
    numbers = live.combo_numbers
    weights: NDArray[np.float64] = live.weights[numbers]
    if not dead_cards:  # one combo a class, weighted by the class's total weight
        class_weights = np.bincount(CLASS_OF_COMBO[numbers], weights=weights, minlength=169).astype(
            np.float64
        )
        held = np.flatnonzero(class_weights)
        numbers = np.array([CLASS_COMBOS[n][0] for n in held], dtype=np.int64)
        weights = class_weights[held]
    dead_array, no_dead = np.array(dead_numbers, dtype=np.int64), np.zeros(0, dtype=np.int64)
    is_dead = np.asarray(_flops().holding[dead_array].any(axis=0))  # holds a dead card
    flops = math.comb(52 - len(dead_numbers), 3)
    # With dead cards, a combo's flops are its class's flops less those holding a dead
    # card, when those are the fewer (a class's tally is any of its combos' tally).
    subtract = 3 * math.comb(50 - len(dead_numbers), 3) > 2 * math.comb(50, 3)
    class_tallies: dict[int, NDArray[np.int64]] = {}
    # Combos that a suit relabelling keeping the dead cards sends onto each other (AhKh and
    # AsKs with 2c dead) flop the same: one tally for each such family.
    dead_maps = _SUIT_MAPS[_symmetries(dead_array)]
    combo_tallies: dict[int, NDArray[np.int64]] = {}
    totals = np.zeros(len(MADE_HANDS) + len(DRAWS))
    shown = time.perf_counter()
    for done, (combo, weight) in enumerate(zip(numbers, weights, strict=True), 1):
        cards = COMBO_CARDS[combo]
        images = np.sort(dead_maps[:, cards], axis=1)
        family = int((images[:, 0] * 52 + images[:, 1]).min())
        tally = combo_tallies.get(family)
        if tally is None:
            boards = _flops().without(cards)
            with_dead = is_dead[boards]
            if dead_cards and subtract:
                kind = int(CLASS_OF_COMBO[combo])
                if kind not in class_tallies:
                    of_class = COMBO_CARDS[CLASS_COMBOS[kind][0]]
                    class_tallies[kind] = _tally(of_class, _flops().without(of_class), no_dead)
                tally = class_tallies[kind] - _tally(cards, boards[with_dead], dead_array)
            else:
                tally = _tally(cards, boards[~with_dead], dead_array)
            combo_tallies[family] = tally
        totals += weight * tally
        if progress is not None and time.perf_counter() - shown > 0.1:
            shown = time.perf_counter()
            progress(done, len(numbers))
    if progress is not None:
        progress(len(numbers), len(numbers))
    made_totals, draw_totals = totals[: len(MADE_HANDS)], totals[len(MADE_HANDS) :]
    return HitsResult(
        range=str(chosen),
        board=(),
        dead=dead_cards,
        boards=flops,
        weight=float(made_totals.sum()) / flops,
        made=MappingProxyType({m: float(made_totals[i]) / flops for i, m in enumerate(MADE_HANDS)}),
        draws=MappingProxyType({d: float(draw_totals[i]) / flops for i, d in enumerate(DRAWS)}),
    )
