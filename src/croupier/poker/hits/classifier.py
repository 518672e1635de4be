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
from croupier.poker.errors import PokerCardError, PokerError
from croupier.poker.evaluation.batch import as_rows, check_rows, rank_game_rows
from croupier.poker.evaluation.classes import HandCategory, classes_of
from croupier.poker.games import Game, Variant, variant_of
from croupier.poker.hits.categories import Draw, MadeHand, OmahaDraw, OmahaHand, categories_of
from croupier.poker.hits.flops import SUIT_MAPS, all_flops, symmetries
from croupier.poker.hits.omaha import OMAHA_DRAWS, OMAHA_MADE, classify_omaha, flop_totals
from croupier.poker.hits.rankmasks import ABOVE, ALL_RANKS, HIGHEST, POPCOUNT
from croupier.poker.hits.textures import FlopTexture
from croupier.poker.ranges.generic import GenericRange
from croupier.poker.ranges.holdem import Range, RangeError
from croupier.poker.ranges.holdings import HoleRange
from croupier.poker.ranges.saved import resolve
from croupier.poker.ranges.starting_hands import CLASS_COMBOS, CLASS_OF_COMBO, COMBO_CARDS

if TYPE_CHECKING:
    import pandas as pd


__all__ = [
    "AnyDraw",
    "AnyMade",
    "AnyRange",
    "ComboHit",
    "HitsQuestion",
    "HitsResult",
    "classify_batch",
    "flop_hits",
    "hits",
    "live_holdings",
]

#: Called as ``progress(done, total)`` while :func:`flop_hits` runs.
Progress = Callable[[int, int], None]

MADE_HANDS: Final = tuple(MadeHand)
DRAWS: Final = tuple(Draw)
#: Rows classified together (bounded memory).
CHUNK: Final = 1 << 16

_ACE: Final = 12  # rank numbers: 0 is a deuce, 12 an ace


@functools.cache
def _category_table(game: Game) -> NDArray[np.int8]:
    """The category (1 high card .. 9 straight flush) of every class number of a game."""
    shapes = classes_of(game).shapes
    table = np.zeros(len(shapes), dtype=np.int8)
    table[1:] = [int(category) for category, _ in shapes[1:]]
    return table


@functools.cache
def _strength(game: Game) -> NDArray[np.int8]:
    """Each category's strength in a game (indexed by category: 9 the strongest)."""
    order = variant_of(game).order
    table = np.zeros(10, dtype=np.int8)
    for place, category in enumerate(order):
        table[int(category)] = len(order) - place
    return table


@functools.cache
def _straight_tops(game: Game) -> NDArray[np.int8]:
    """For each 13-bit set of ranks, 1 + the rank of the top card of its best straight
    in a game (the ace-low straight's top card is the five, or short-deck's nine), 0
    without a straight."""
    tops = np.zeros(1 << 13, dtype=np.int8)
    masks = np.arange(1 << 13)
    for ranks in reversed(variant_of(game).straights):
        needed = sum(1 << (rank - 2) for rank in ranks)
        tops[(masks & needed) == needed] = ranks[0] - 2 + 1
    return tops


def classify_batch(
    holes: NDArray[np.integer],
    boards: NDArray[np.integer],
    game: Game | str = Game.HOLDEM,
) -> tuple[NDArray[np.int8], NDArray[np.uint8]]:
    """The made hand (index in :class:`MadeHand`) and the draws (bit ``i`` set for the
    ``i``-th :class:`Draw`) of each row: hole cards ``holes`` (N, 2) on board ``boards``
    (N, 3 to 5), card numbers (see :mod:`croupier.cards`), in hold'em or short-deck
    (``game``: its ranking, its straights). Arrays of other shapes, a card outside the
    game's deck or a card twice in a row raise a
    :class:`~croupier.poker.errors.PokerError` naming the first bad row.

    >>> from croupier.cards import cards_to_indices, parse_cards
    >>> hole = [cards_to_indices(parse_cards("9h 8h"))]
    >>> made, draws = classify_batch(np.array(hole), np.array([cards_to_indices(parse_cards(
    ...     "Th 7h 2d"))]))
    >>> MADE_HANDS[made[0]], [d.value for i, d in enumerate(DRAWS) if draws[0] >> i & 1]
    (<MadeHand.NOTHING: 'no made hand'>, ['flush draw', 'open-ended straight draw', 'combo draw'])
    """
    variant = variant_of(game)
    if not variant.two_card:
        raise PokerError(
            f"classify_batch is for two hole cards: {variant.label} has classify_omaha"
        )
    hole_cards, board_cards = as_rows(holes, "holes"), as_rows(boards, "boards")
    if hole_cards.shape[1] != 2 or not 3 <= board_cards.shape[1] <= 5:
        raise PokerError(
            f"holes of {hole_cards.shape[1]} cards and boards of {board_cards.shape[1]}: "
            "expected 2 hole cards and 3 to 5 board cards a row"
        )
    check_rows(variant, hole_cards, board_cards)
    return _classify_rows(hole_cards, board_cards, variant.game)


def _classify_rows(
    holes: NDArray[np.integer], boards: NDArray[np.integer], game: Game
) -> tuple[NDArray[np.int8], NDArray[np.uint8]]:
    """:func:`classify_batch` of rows trusted (built here: shapes and cards right)."""
    hole_cards = np.asarray(holes, dtype=np.int64)
    board_cards = np.asarray(boards, dtype=np.int64)
    made = np.empty(len(hole_cards), dtype=np.int8)
    draws = np.empty(len(hole_cards), dtype=np.uint8)
    for start in range(0, len(hole_cards), CHUNK):
        part = slice(start, start + CHUNK)
        made[part], draws[part] = _classify(hole_cards[part], board_cards[part], game)
    return made, draws


def _classify(
    holes: NDArray[np.int64], boards: NDArray[np.int64], game: Game
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

    classes = rank_game_rows(game, holes, boards, check=False)
    category = _category_table(game)[classes]
    better = np.ones(len(holes), dtype=bool)
    if size == 5:  # on the river the board is a hand of its own: beat it to count
        better = classes < rank_game_rows(game, boards[:, :0], boards, check=False)

    paired = np.where(on_high >= 1, high, low)  # the rank a hole card pairs, if any
    pairs_one = ~pocket & ((on_high >= 1) | (on_low >= 1))
    kicker = np.where(high == top, low, high)
    free_above = POPCOUNT[~board_ranks & ABOVE[kicker] & ALL_RANKS]
    conditions = {
        MadeHand.STRAIGHT_FLUSH: (category == HandCategory.STRAIGHT_FLUSH) & better,
        MadeHand.QUADS: np.where(pocket, on_high == 2, (on_high == 3) | (on_low == 3)),
        MadeHand.FULL_HOUSE: (category == HandCategory.FULL_HOUSE) & better,
        MadeHand.FLUSH: (category == HandCategory.FLUSH) & better,
        MadeHand.STRAIGHT: (category == HandCategory.STRAIGHT) & better,
        MadeHand.SET: pocket & (on_high == 1),
        MadeHand.TRIPS: ~pocket & ((on_high == 2) | (on_low == 2)),
        MadeHand.TWO_PAIR: ~pocket & (on_high >= 1) & (on_low >= 1),
        MadeHand.OVERPAIR: pocket & (high > top),
        MadeHand.TOP_PAIR_GOOD: pairs_one & (paired == top) & (free_above <= 2),
        MadeHand.TOP_PAIR_WEAK: pairs_one & (paired == top),
        MadeHand.UNDERPAIR_BELOW_TOP: pocket & (high < top) & (high > second_top),
        MadeHand.MIDDLE_PAIR: (pairs_one & (paired < top) & (paired > bottom))
        | (pocket & (high < second_top) & (high > bottom)),
        MadeHand.BOTTOM_PAIR: (pairs_one & (paired == bottom)) | (pocket & (high < bottom)),
        MadeHand.ACE_HIGH: high == _ACE,
    }
    order = [m for m in categories_of(game).made if isinstance(m, MadeHand) and m in conditions]
    made: NDArray[np.int8] = np.select(
        [conditions[m] for m in order],
        [MADE_HANDS.index(m) for m in order],
        MADE_HANDS.index(MadeHand.NOTHING),
    ).astype(np.int8)
    draws = np.zeros(len(holes), dtype=np.uint8)
    if size < 5:
        draws = _draws(holes, boards, board_ranks, category, made, top, size, game)
    return made, draws


def _draws(
    holes: NDArray[np.int64],
    boards: NDArray[np.int64],
    board_ranks: NDArray[np.int64],
    category: NDArray[np.int8],
    made: NDArray[np.int8],
    top: NDArray[np.int64],
    size: int,
    game: Game,
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
    strength = _strength(game)[category]
    below_flush = strength < _strength(game)[HandCategory.FLUSH]
    four = (totals == 4) & mine
    flush_draw = four.any(axis=1) & below_flush
    suit = four.argmax(axis=1)
    nut_rank = HIGHEST[~suit_ranks[rows, suit] & ALL_RANKS] - 1
    nut_card = 4 * nut_rank + suit
    nut = flush_draw & ((holes[:, 0] == nut_card) | (holes[:, 1] == nut_card))

    hand_ranks = board_ranks | (1 << (holes[:, 0] >> 2)) | (1 << (holes[:, 1] >> 2))
    outs = np.zeros(len(holes), dtype=np.int8)
    tops = _straight_tops(game)
    for rank in range(variant_of(game).lowest_rank - 2, 13):
        bit = 1 << rank
        outs += tops[hand_ranks | bit] > tops[board_ranks | bit]
    outs[strength >= _strength(game)[HandCategory.STRAIGHT]] = 0
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

#: A made hand of any game (hold'em's and short-deck's, or Omaha's).
AnyMade = MadeHand | OmahaHand
#: A draw of any game.
AnyDraw = Draw | OmahaDraw


@dataclass(frozen=True, slots=True)
class ComboHit:
    """One combo (Omaha: one holding) on the board: what it makes and its draws."""

    cards: tuple[Card, ...]
    weight: float
    made: AnyMade
    draws: tuple[AnyDraw, ...]

    def __str__(self) -> str:
        return " + ".join(["".join(map(str, self.cards)) + f" {self.made}", *self.draws])

    def to_dict(self) -> dict[str, Any]:
        """The combo as in ``poker hits --json``."""
        return {
            "combo": "".join(map(str, self.cards)),
            "weight": self.weight,
            "made": self.made.value,
            "draws": [d.value for d in self.draws],
        }


@dataclass(frozen=True, slots=True)
class HitsResult:
    """What a range hits: ``made`` and ``draws`` give the weighted combos of each
    category (in the order of :func:`~croupier.poker.hits.categories.categories_of`
    the ``game``), ``weight`` all the range's live combos (weighted). On one board
    (``boards == 1``) ``combos`` lists every combo; over every flop (:func:`flop_hits`)
    the figures are averages over the ``boards`` flops (those of ``texture``), and
    ``combos`` is empty.
    """

    range: str
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    boards: int
    weight: float
    made: Mapping[AnyMade, float]
    draws: Mapping[AnyDraw, float]
    combos: tuple[ComboHit, ...] = ()
    game: Game = Game.HOLDEM
    texture: FlopTexture = FlopTexture()  # noqa: RUF009 (frozen: one value shared)

    def _repr_html_(self) -> str:
        """Each category's combos and share, drawn in a notebook (:mod:`croupier.poker.display`)."""
        from croupier.poker.display import hits_html

        return hits_html(self)

    def to_frame(self) -> pd.DataFrame:
        """Every combo's (Omaha: every holding's) made hand and draws, as a pandas
        DataFrame (the ``notebook`` extra; its columns: :data:`croupier.poker.hits.frames.HITS`,
        and :data:`~croupier.poker.hits.frames.OMAHA_HITS` for Omaha and Omaha-5)."""
        from croupier.poker.hits.frames import hits_frame

        return hits_frame(self)

    def __repr__(self) -> str:
        """Short: the range, the board, its live combos and how much makes a pair or
        better.

        >>> hits("QQ, AKs", board="2c 7d 9h")
        <HitsResult QQ, AKs on 2c 7d 9h: 10 combos, a pair or better 60.0%>
        >>> hits("AA:xxyy", board="2c 7d 9h", game="omaha")
        <HitsResult omaha AA:xxyy on 2c 7d 9h: 759 combos, a pair or better 100.0%>
        """
        where = (
            f"on {' '.join(map(str, self.board))}"
            if self.boards == 1
            else f"over {self.boards:,} flops"
        )
        game = "" if self.game is Game.HOLDEM else f"{self.game} "
        return (
            f"<HitsResult {game}{self.range} {where}: {self.weight:g} combos, a pair or "
            f"better {100 * self.pair_or_better:.1f}%>"
        )

    def share(self, category: AnyMade | AnyDraw) -> float:
        """The category's share of the range's combos (0 for an empty range)."""
        if isinstance(category, MadeHand | OmahaHand):
            count = self.made[category]
        else:
            count = self.draws[category]
        return count / self.weight if self.weight else 0.0

    @property
    def pair_or_better(self) -> float:
        """The share of the range that makes a pair or better."""
        return sum(self.share(m) for m in categories_of(self.game).pair_or_better)

    def to_dict(self) -> dict[str, Any]:
        """The object ``poker hits --json`` prints."""

        def block(counts: Mapping[Any, float]) -> dict[str, dict[str, float]]:
            return {c.value: {"combos": n, "share": self.share(c)} for c, n in counts.items()}

        return {
            "game": self.game.value,
            "range": self.range,
            "board": [str(c) for c in self.board],
            "dead": [str(c) for c in self.dead],
            "boards": self.boards,
            "texture": list(self.texture.names),
            "high": None if self.texture.high is None else self.texture.high.char,
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


#: What a range is read into: hold'em's and short-deck's ranges, Omaha's holdings (a text
#: is read as calc reads it, :meth:`HoleRange.parse`, ``@`` weights included; a
#: :class:`GenericRange` is taken as it is, every holding at weight 1).
AnyRange = Range | GenericRange | HoleRange


def _read_range(range_: AnyRange | str, variant: Variant) -> AnyRange:
    """The range of a game: hold'em's syntax for two hole cards (a short deck's ``15%``
    in its own order), the generic syntax for Omaha; a text's names (``@btn``) replaced
    first."""
    if isinstance(range_, str):
        range_ = resolve(range_, variant.game)
    if variant.two_card:
        if isinstance(range_, GenericRange | HoleRange):
            raise PokerError(f"an Omaha range for {variant.label}: expected AKs, TT+...")
        if isinstance(range_, Range):
            return range_
        return Range.parse(range_, game=variant.game)
    if isinstance(range_, Range):
        raise PokerError(f"a two-card range for {variant.label}: expected AA:xxyy, AsAh??...")
    if isinstance(range_, GenericRange):
        if range_.game is not variant.game:
            raise PokerError(
                f"a range of {variant_of(range_.game).label} for {variant.label}: read it "
                f"for {variant.game}"
            )
        return range_
    if isinstance(range_, HoleRange):
        if range_.size != variant.hole_cards:
            raise PokerError(
                f"a range of {range_.size} hole cards for {variant.label}: read it for "
                f"{variant.hole_cards}"
            )
        return range_
    return HoleRange.parse(range_, variant.hole_cards)


def live_holdings(
    chosen: AnyRange, out: Sequence[Card]
) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
    """An Omaha range's holdings without a card of ``out`` (rows of card numbers, in
    increasing order along a row) and their weights.

    >>> rows, weights = live_holdings(HoleRange.parse("AsAh??", 4), parse_cards("Kd 2c"))
    >>> len(rows), rows[0].tolist(), weights.sum().item()
    (1128, [1, 2, 50, 51], 1128.0)
    """
    if isinstance(chosen, HoleRange):
        return chosen.hands_and_weights(sum(1 << card.index for card in set(out)))
    assert isinstance(chosen, GenericRange)
    rows = chosen.hands()
    gone = np.zeros(52, dtype=bool)
    gone[[c.index for c in out]] = True
    rows = rows[~gone[rows].any(axis=1)] if len(rows) else rows
    return rows, np.ones(len(rows))


@dataclass(frozen=True, slots=True)
class HitsQuestion:
    """What a range hits, asked and checked: the game, the range (hold'em's syntax for
    hold'em and short-deck, the generic syntax for Omaha), the board (none: every flop)
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
    >>> HitsQuestion.parse("AA", board="5c 7d 9h", game="shortdeck")
    Traceback (most recent call last):
    ...
    croupier.poker.errors.PokerCardError: the board: card 5c is not in the short-deck ...
    """

    range: AnyRange
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    game: Game = Game.HOLDEM
    texture: FlopTexture = FlopTexture()  # noqa: RUF009 (frozen: one value shared)

    @classmethod
    def parse(
        cls,
        range_: AnyRange | str,
        board: str | Sequence[Card] | None = None,
        dead: str | Sequence[Card] | None = None,
        game: Game | str = Game.HOLDEM,
        texture: FlopTexture | None = None,
    ) -> HitsQuestion:
        """Read and check the question: the game, the range, the cards (each once, in
        the game's deck, none both on the board and dead), a board of 3, 4 or 5 cards or
        none, a combo left live; a flop ``texture`` only without a board, kept by at
        least one flop the dead cards leave."""
        variant = variant_of(game)
        if texture is None:
            texture = FlopTexture()
        elif not isinstance(texture, FlopTexture):
            raise TypeError(f"texture must be a FlopTexture or None, not {type(texture).__name__}")
        chosen = _read_range(range_, variant)
        board_cards, dead_cards = _cards(board, "the board"), _cards(dead, "the dead cards")
        variant.check_deck(board_cards, "the board")
        variant.check_deck(dead_cards, "the dead cards")
        both = set(board_cards) & set(dead_cards)
        if both:
            raise RangeError(f"{min(both)} is both on the board and dead: a card is in one place")
        if board_cards and len(board_cards) not in (3, 4, 5):
            raise _board_size(len(board_cards))
        out = board_cards + dead_cards
        if isinstance(chosen, Range):
            left = len(chosen.without([*cards_to_indices(out), *range(variant.lowest_card)]))
        elif isinstance(chosen, HoleRange):  # counted, not listed: five-card random is 2.6M
            left = chosen.count(sum(1 << card.index for card in set(out)))
        else:
            left = len(live_holdings(chosen, out)[0])
        if not left:
            raise RangeError(
                f"the range {str(chosen)!r} has no combo left once the board and dead cards "
                "are removed"
                + (
                    ""
                    if variant.lowest_rank == 2
                    else f" (and the cards below the {variant.label} deck)"
                )
            )
        if texture and board_cards:
            raise PokerError(
                f"a texture ({texture}) chooses among every flop: give no board with it"
            )
        if texture and not _flop_count(texture, dead_cards, variant.game):
            raise PokerError(
                f"no flop of the {variant.label} deck is {texture}"
                + (" (every one must hold)" if len(texture.names) + bool(texture.high) > 1 else "")
                + (" once the dead cards are out" if dead_cards else "")
            )
        return cls(chosen, board_cards, dead_cards, variant.game, texture)

    def answer(self, progress: Progress | None = None) -> HitsResult:
        """What the range hits on the board, or over every flop (``progress`` called
        as :func:`flop_hits` calls it; one board is too quick to report on)."""
        if self.board:
            return hits(self.range, board=self.board, dead=self.dead, game=self.game)
        return flop_hits(
            self.range, dead=self.dead, progress=progress, game=self.game, texture=self.texture
        )


def _flop_count(texture: FlopTexture, dead: Sequence[Card], game: Game) -> int:
    """How many flops of the game's deck have the texture and hold no dead card."""
    holding = all_flops().holding[np.array(cards_to_indices(dead), dtype=np.int64)]
    return int(np.count_nonzero(texture.kept(game) & ~holding.any(axis=0)))


def _totals(
    made: NDArray[np.int8],
    draws: NDArray[np.uint8],
    weights: NDArray[np.float64],
    game: Game,
) -> tuple[dict[AnyMade, float], dict[AnyDraw, float]]:
    """The weighted totals by category, in the game's order."""
    kinds = categories_of(game)
    every_made, every_draw = _indexed(game)
    made_sums = np.bincount(made, weights=weights, minlength=len(every_made))
    draw_sums = [float(weights[(draws >> i) & 1 == 1].sum()) for i in range(len(every_draw))]
    by_made = {m: float(made_sums[i]) for i, m in enumerate(every_made)}
    return (
        {m: by_made[m] for m in kinds.made},
        dict(zip(every_draw, draw_sums, strict=True)),
    )


def _indexed(game: Game) -> tuple[tuple[AnyMade, ...], tuple[AnyDraw, ...]]:
    """The categories as the classifiers number them (every made hand of the enum)."""
    if variant_of(game).two_card:
        return MADE_HANDS, DRAWS
    return OMAHA_MADE, OMAHA_DRAWS


def hits(
    range_: AnyRange | str,
    *,
    board: str | Sequence[Card],
    dead: str | Sequence[Card] | None = None,
    game: Game | str = Game.HOLDEM,
) -> HitsResult:
    """Every combo of ``range_`` that the board and dead cards leave, classified on
    ``board`` (3, 4 or 5 cards) in ``game``, and the weighted totals by category.

    >>> r = hits("JJ", board="Jh 7d 2c", dead="Js")
    >>> r.weight, r.made[MadeHand.SET], [str(c) for c in r.combos]
    (1.0, 1.0, ['JdJc set'])
    >>> r = hits("AsAh??", board="Ad 7h 2h", game="omaha")
    >>> r.weight, r.made[OmahaHand.TOP_SET], r.draws[OmahaDraw.NUT_FLUSH_DRAW]
    (1081.0, 1081.0, 415.0)
    """
    question = HitsQuestion.parse(range_, board, dead, game)
    chosen, board_cards, dead_cards = question.range, question.board, question.dead
    if not board_cards:
        raise _board_size(0)
    variant = variant_of(question.game)
    out = board_cards + dead_cards
    board_row = np.array(cards_to_indices(board_cards), dtype=np.int64)
    if isinstance(chosen, Range):
        live = chosen.without([*cards_to_indices(out), *range(variant.lowest_card)])
        numbers = live.combo_numbers[::-1]  # high cards first
        weights = live.weights[numbers]
        holes = COMBO_CARDS[numbers][:, ::-1]  # high card first
        boards = np.broadcast_to(board_row, (len(numbers), len(board_row)))
        made, draws = _classify_rows(holes, boards, variant.game)
    else:
        holes, weights = live_holdings(chosen, out)
        holes, weights = holes[::-1, ::-1], weights[::-1]  # the highest first, high card first
        boards = np.broadcast_to(board_row, (len(holes), len(board_row)))
        made, draws = classify_omaha(holes, boards, cards_to_indices(dead_cards))
    made_totals, draw_totals = _totals(made, draws, weights, variant.game)
    every_made, every_draw = _indexed(variant.game)
    place = {m: i for i, m in enumerate(categories_of(variant.game).made)}
    order = np.argsort(np.array([place[m] for m in every_made])[made], kind="stable")
    holes, weights, made, draws = holes[order], weights[order], made[order], draws[order]
    combos = tuple(
        ComboHit(
            tuple(map(DECK.__getitem__, h)),
            float(w),
            every_made[m],
            tuple(d for i, d in enumerate(every_draw) if f >> i & 1),
        )
        for h, w, m, f in zip(
            holes.tolist(), weights.tolist(), made.tolist(), draws.tolist(), strict=True
        )
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
        game=variant.game,
    )


def _tally(
    cards: NDArray[np.int64], boards: NDArray[np.int64], dead: NDArray[np.int64], game: Game
) -> NDArray[np.int64]:
    """How many of the flops numbered ``boards`` (a set that the suit relabellings keeping
    ``cards`` and ``dead`` keep) give the hole ``cards`` each made hand, then each draw:
    one flop of each family those relabellings send onto each other is classified, and
    counted as many times as its family has flops."""
    if len(boards) == 0:
        return np.zeros(len(MADE_HANDS) + len(DRAWS), dtype=np.int64)
    flops = all_flops()
    first = flops.images[symmetries(cards, dead)][:, boards].min(axis=0)  # of each family
    chosen = boards[first == boards]
    sizes = np.bincount(first, minlength=len(flops.cards))[chosen]
    holes = np.broadcast_to(cards[::-1], (len(chosen), 2))
    made, draws = _classify_rows(holes, flops.cards[chosen], game)
    drawn = [int(sizes[(draws >> i) & 1 == 1].sum()) for i in range(len(DRAWS))]
    by_made = np.bincount(made, weights=sizes, minlength=len(MADE_HANDS))
    return np.concatenate([np.rint(by_made), drawn]).astype(np.int64)


def _two_card_flops(
    chosen: Range,
    dead_cards: tuple[Card, ...],
    variant: Variant,
    progress: Progress | None,
    texture: FlopTexture,
) -> NDArray[np.float64]:
    """Hold'em's and short-deck's totals over every flop of ``texture`` (made hands,
    then draws)."""
    game = variant.game
    dead_numbers = cards_to_indices(dead_cards)
    low = np.arange(variant.lowest_card, dtype=np.int64)  # short-deck: the cards below the 6
    live = chosen.without([*dead_numbers, *low.tolist()])
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
    is_dead = np.asarray(all_flops().holding[dead_array].any(axis=0))  # holds a dead card
    # Not counted: a flop with a card not in the deck (short-deck), or of another texture.
    # A texture is kept by every suit relabelling, so the flops left are whole families.
    outside = ~texture.kept(game)
    # With dead cards, a combo's flops are its class's flops less those holding a dead
    # card, when those are the fewer (a class's tally is any of its combos' tally).
    pool = len(variant.deck) - 2
    subtract = 3 * math.comb(pool - len(dead_numbers), 3) > 2 * math.comb(pool, 3)
    class_tallies: dict[int, NDArray[np.int64]] = {}
    # Combos that a suit relabelling keeping the dead cards sends onto each other (AhKh and
    # AsKs with 2c dead) flop the same: one tally for each such family.
    dead_maps = SUIT_MAPS[symmetries(dead_array)]
    combo_tallies: dict[int, NDArray[np.int64]] = {}
    totals = np.zeros(len(MADE_HANDS) + len(DRAWS))
    shown = time.perf_counter()
    for done, (combo, weight) in enumerate(zip(numbers, weights, strict=True), 1):
        cards = COMBO_CARDS[combo]
        images = np.sort(dead_maps[:, cards], axis=1)
        family = int((images[:, 0] * 52 + images[:, 1]).min())
        tally = combo_tallies.get(family)
        if tally is None:
            boards = all_flops().without(cards)
            boards = boards[~outside[boards]]
            with_dead = is_dead[boards]
            if dead_cards and subtract:
                kind = int(CLASS_OF_COMBO[combo])
                if kind not in class_tallies:
                    of_class = COMBO_CARDS[CLASS_COMBOS[kind][0]]
                    class_boards = all_flops().without(of_class)
                    class_boards = class_boards[~outside[class_boards]]
                    class_tallies[kind] = _tally(of_class, class_boards, no_dead, game)
                tally = class_tallies[kind] - _tally(cards, boards[with_dead], dead_array, game)
            else:
                tally = _tally(cards, boards[~with_dead], dead_array, game)
            combo_tallies[family] = tally
        totals += weight * tally
        if progress is not None and time.perf_counter() - shown > 0.1:
            shown = time.perf_counter()
            progress(done, len(numbers))
    if progress is not None:
        progress(len(numbers), len(numbers))
    return totals


def flop_hits(
    range_: AnyRange | str,
    *,
    dead: str | Sequence[Card] | None = None,
    progress: Progress | None = None,
    game: Game | str = Game.HOLDEM,
    texture: FlopTexture | None = None,
) -> HitsResult:
    """What ``range_`` hits over every flop in ``game``, exactly: each live combo with
    each flop of the cards its own and the dead cards leave, weighted by the combo's
    weight; the totals are the averages over the ``C(deck - dead, 3)`` flops (so
    ``weight`` is the range's expected live combos on a flop). With a ``texture``
    (:class:`~croupier.poker.hits.textures.FlopTexture`), only the flops of that texture
    count, and the averages are over those (``boards``).

    With no dead card every combo of a class has the same flops up to a permutation of
    the suits, so one combo a class is classified, on its 19,600 flops; and of those, one
    flop of each family that the suit relabellings keeping its cards (and the dead ones)
    send onto each other: AhKh flops the same on Qs Jd 2c as on Qd Jc 2s. In Omaha, one
    holding of each family of the range is classified on every flop, and what the ranks
    alone decide is worked out once per pattern of ranks
    (:func:`croupier.poker.hits.omaha.flop_totals`).

    >>> r = flop_hits("AKs")
    >>> r.boards, round(r.weight, 4), f"{r.share(Draw.FLUSH_DRAW):.4%}"
    (22100, 3.5475, '10.9439%')
    >>> r = flop_hits("AA:xxyy", game="omaha")
    >>> r.boards, round(r.weight, 2), f"{r.share(OmahaHand.TOP_SET):.2%}"
    (22100, 676.19, '11.46%')
    >>> from croupier.poker.hits.textures import FlopTexture
    >>> r = flop_hits("AKs", texture=FlopTexture.parse("monotone"))
    >>> r.boards, f"{r.share(MadeHand.FLUSH):.2%}", f"{r.share(Draw.FLUSH_DRAW):.2%}"
    (1144, '16.03%', '0.00%')
    """
    question = HitsQuestion.parse(range_, None, dead, game, texture)
    chosen, dead_cards, texture = question.range, question.dead, question.texture
    variant = variant_of(question.game)
    flops = _flop_count(texture, dead_cards, variant.game)
    if isinstance(chosen, Range):
        totals = _two_card_flops(chosen, dead_cards, variant, progress, texture)
    else:
        holdings, weights = live_holdings(chosen, dead_cards)
        dead_array = np.array(cards_to_indices(dead_cards), dtype=np.int64)
        kept = texture.kept(variant.game)
        totals = flop_totals(holdings, dead_array, progress, kept, weights)
    every_made, every_draw = _indexed(variant.game)
    made_totals, draw_totals = totals[: len(every_made)], totals[len(every_made) :]
    by_made = {m: float(made_totals[i]) / flops for i, m in enumerate(every_made)}
    return HitsResult(
        range=str(chosen),
        board=(),
        dead=dead_cards,
        boards=flops,
        weight=float(made_totals.sum()) / flops,
        made=MappingProxyType({m: by_made[m] for m in categories_of(variant.game).made}),
        draws=MappingProxyType(
            {d: float(draw_totals[i]) / flops for i, d in enumerate(every_draw)}
        ),
        game=variant.game,
        texture=texture,
    )
