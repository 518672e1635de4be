"""Evaluating one poker hand in any game: its category, the five cards that make it, its
class.

:func:`evaluate_game` takes a game (:mod:`croupier.poker.games`), hole cards and a board,
and returns a :class:`GameRanking`. Hold'em, the game most asked about, has its own fast
path: :func:`evaluate` takes 5 or more cards (Card objects, tokens such as ``"Kc"``, or
one string of tokens, with or without spaces) and returns a :class:`HandRanking`, about
a microsecond a hand where the engine is compiled. Comparing two rankings compares the
hands: the stronger hand is the greater, equally strong hands are equal.

>>> best = evaluate("Kc Ac Jh 8s 9c 2s 7h")
>>> best.category.label, format_cards(best.cards), best.class_number
('high card', 'Ac Kc Jh 9c 8s', 6238)
>>> pair = evaluate("Ah Kh 0s 7c 7h 3c")
>>> format_cards(pair.cards), pair > best, compare_hands("Ah Kh 0s 7c 7h 3c", "Kc Ac Jh 8s 9c 2s")
('7h 7c Ah Kh Ts', True, 1)

The five cards come in order of significance, as the course's evaluator builds them: the
cards of the n-of-a-kind first, then the second pair, then the kickers high to low; a
straight runs high to low and an ace-low straight (a wheel) is 5 4 3 2 A. Where a rank
has more cards than the hand uses, the higher suit is taken (spades, hearts, diamonds,
clubs).
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from croupier.arguments import checked
from croupier.cards import DECK, Card, CardError, Rank, format_cards, parse_card, parse_cards
from croupier.engine import compiled, configured_once
from croupier.errors import check_type
from croupier.poker.errors import PokerCardError, PokerError
from croupier.poker.evaluation.batch import rank_batch, rank_game_rows
from croupier.poker.evaluation.classes import (
    CATEGORIES,
    CLASS_COUNT,
    PATTERNS,
    SUITED_CLASS,
    UNSUITED_CLASS,
    HandCategory,
    best_suited,
    best_unsuited,
    classes_of,
    describe,
    describe_pattern,
    detail_of,
    without_category,
)
from croupier.poker.evaluation.keys import MAX_CARDS
from croupier.poker.evaluation.tables import (
    CARD_KEYS,
    FLUSH_BITS,
    FLUSH_OFFSET,
    MIN_CARDS,
    RANK_SHIFT,
    SUIT_MASK,
    TABLE_SET_OF,
    flush_table,
    poker_kernels,
    rank_table_dict,
)
from croupier.poker.games import Game, Variant, variant_of
from croupier.slotted import maker

__all__ = [
    "GameRanking",
    "HandRanking",
    "best_five_of",
    "compare_games",
    "compare_hands",
    "describe",
    "describe_pattern",
    "evaluate",
    "evaluate_batch",
    "evaluate_game",
    "game_cards",
    "rank_hand",
]

#: What :func:`evaluate` accepts: one string of card tokens, or Card objects and tokens.
CardsLike = str | Iterable[Card | str]

# Card keys for one hand at a time, laid out for the fewest operations: the rank key in
# bits 0-23, the suit counters of CARD_KEYS in bits 24-39, and a bit of the card's own
# above bit 40, so that a repeated card shows as fewer card bits than cards.
_SUIT_SHIFT: Final = 24
_CARD_SHIFT: Final = 40
_RANK_MASK: Final = (1 << _SUIT_SHIFT) - 1
_FLUSH_OFFSET: Final = FLUSH_OFFSET << _SUIT_SHIFT
_FLUSH_BITS: Final = FLUSH_BITS << _SUIT_SHIFT

# The tables below are filled on the first evaluation (a fifth of a second), so that
# importing croupier costs nothing: until then the first lookup (in _KEYS, filled last)
# fails, and evaluate() fills them and starts again.
_KEYS: Final[list[int]] = []
_FLUSH: Final[list[int]] = []
_BY_SUM: Final[dict[int, dict[int, int]]] = {5: {}, 6: {}, 7: {}}
_BY_SUM_5: Final = _BY_SUM[5]
_LOADING: Final = threading.Lock()
# The usual card tokens (every case of rank and suit letters, rank first or suit first)
# and their cards, read without parse_card's checks; filled with the tables.
_TOKENS: Final[dict[str, Card]] = {}
_NONE_ID: Final = id(None)


def _load_tables() -> None:
    global _fast_class_of
    with _LOADING:
        if _KEYS:
            return
        _TOKENS.update(_usual_tokens())
        if compiled("poker"):
            # the kernel ranks every hand of 5 to 7 distinct cards: _class_of only meets
            # the others (tokens, a card twice, more cards), which need no table
            _fast_class_of = card_kernels().class_of
        else:
            _FLUSH[:] = flush_table().tolist()
            for size, table in _BY_SUM.items():
                table.update(rank_table_dict(size))
        _KEYS[:] = [
            (1 << (_CARD_SHIFT + i)) | ((key & SUIT_MASK) << _SUIT_SHIFT) | (key >> RANK_SHIFT)
            for i, key in enumerate(CARD_KEYS.tolist())
        ]


@configured_once
def card_kernels() -> ModuleType:
    """The poker kernels (:func:`~croupier.poker.evaluation.tables.poker_kernels`), told the deck's
    cards, for :func:`evaluate` (its class_of)."""
    kernel = poker_kernels()
    addresses = [id(card) for card in DECK]
    kernel.configure_cards(DECK, Card, *kernel.card_slots(addresses))
    return kernel


def _usual_tokens() -> dict[str, Card]:
    """Each usual token and its card, as parse_card reads it."""
    ranks = [*"23456789TJQKA", "10", "0", "X"]
    suits = "cdhs"
    tokens: dict[str, Card] = {}
    for rank in ranks:
        for suit in suits:
            for text in (rank + suit, suit + rank):
                for variant in {text, text.lower(), text.upper(), text.swapcase()}:
                    tokens[variant] = parse_card(variant)
    return tokens


def _class_of_python(hand: tuple[Card, ...]) -> int:
    """Stands for the compiled kernel's class_of where there is none: 0, let _class_of do it."""
    return 0


# The compiled kernel's class_of once the tables are filled, where the engine is compiled:
# the class of 5 to 7 distinct Card objects, 0 for anything else (left to _class_of).
_fast_class_of: Callable[[tuple[Any, ...]], int] = _class_of_python

# Category and pattern of each class number (index 0, no class, holds a placeholder).
_CATEGORY: Final = CATEGORIES
_PATTERN: Final = PATTERNS
_ROYAL: Final = 1


class HandRanking:
    """What a poker hand is worth: returned by :func:`evaluate`, never built directly.

    - ``hand``: the cards evaluated, as Card objects in the order given;
    - ``class_number``: 1 (a royal flush) to 7,462 (7-5-4-3-2 unsuited), the numbering
      of the field (treys, phevaluator); equal for hands of equal strength;
    - ``category``: a :class:`HandCategory`;
    - ``cards``: the five cards that make the hand, in order of significance;
    - ``ranks``: their ranks; ``description``: the hand in words.

    Rankings are read-only and ordered by strength: ``a > b`` when ``a`` beats ``b``,
    and ``a == b`` when they tie (whatever their suits).

    >>> wheel, broadway = evaluate("5d 4c 3s 2h Ah"), evaluate("Ah Kd Qs Jc Th")
    >>> wheel < broadway, wheel.description, format_cards(wheel.cards)
    (True, 'straight, 5 high', '5d 4c 3s 2h Ah')
    >>> evaluate("Kh Kd Ks 7c 7h") == evaluate("Kh Kc Ks 7c 7d")
    True
    >>> wheel.class_number = 1
    Traceback (most recent call last):
    ...
    AttributeError: property 'class_number' of 'HandRanking' object has no setter
    """

    # Plain slots behind read-only properties: evaluate() fills them directly, which
    # costs half of going through a guarded __setattr__, and the two most read are
    # C-level getters.
    __slots__ = ("_class", "_five", "_hand")

    _hand: tuple[Card, ...]
    _class: int
    _five: tuple[Card, ...]

    if TYPE_CHECKING:

        @property
        def hand(self) -> tuple[Card, ...]:
            """The cards evaluated (Card objects)."""

        @property
        def class_number(self) -> int:
            """1 (royal flush) to 7,462 (7-5-4-3-2 unsuited); the lower, the stronger."""

    else:
        hand = property(attrgetter("_hand"), doc="The cards evaluated (Card objects).")
        class_number = property(
            attrgetter("_class"),
            doc="1 (royal flush) to 7,462 (7-5-4-3-2 unsuited); the lower, the stronger.",
        )

    def _repr_svg_(self) -> str:
        """The hand, the five cards that play ringed, and its category, drawn in a notebook
        (:mod:`croupier.poker.display`)."""
        from croupier.poker.display import ranking_svg

        return ranking_svg(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (make_ranking, (self._hand, self._class))

    @property
    def category(self) -> HandCategory:
        """The category: straight flush, four of a kind, ..., high card."""
        return _CATEGORY[self._class]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The five cards that make the hand, in order of significance."""
        try:
            return self._five
        except AttributeError:
            self._five = _best_five(self._hand, self._class)
            return self._five

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks of :attr:`cards`, in the same order."""
        return tuple(Rank(r) for r in _PATTERN[self._class])

    @property
    def is_royal(self) -> bool:
        """True for a royal flush, the best straight flush."""
        return self._class == _ROYAL

    @property
    def description(self) -> str:
        """The hand in words: ``full house, kings over 7s``, ``pair of aces``..."""
        return describe(self._class)

    @property
    def detail(self) -> str:
        """The description less the category it starts with, to show beside the
        category: ``kings over 7s`` for a full house, ``aces`` for a pair, ``royal flush``
        for the best straight flush.

        >>> evaluate("As Ah Ks Kh 2c").detail, evaluate("Ts Js Qs Ks As").detail
        ('aces and kings', 'royal flush')
        """
        return detail_of(self._class)

    def to_dict(self) -> dict[str, Any]:
        """The ranking as JSON-ready data (what ``croupier poker compare --json`` prints).

        >>> data = evaluate("7h Kh Kd 7c Ks").to_dict()
        >>> data["hand"], data["cards"], data["category"], data["description"]
        (['7h', 'Kh', 'Kd', '7c', 'Ks'], ['Ks', 'Kh', 'Kd', '7h', '7c'], 'full house', ...)
        """
        return {
            "hand": [str(c) for c in self._hand],
            "category": self.category.label,
            "cards": [str(c) for c in self.cards],
            "class": self._class,
            "description": self.description,
        }

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandRanking):
            return self._class == other._class
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._class)

    def __lt__(self, other: HandRanking) -> bool:
        if isinstance(other, HandRanking):
            return self._class > other._class
        return NotImplemented

    def __le__(self, other: HandRanking) -> bool:
        if isinstance(other, HandRanking):
            return self._class >= other._class
        return NotImplemented

    def __gt__(self, other: HandRanking) -> bool:
        if isinstance(other, HandRanking):
            return self._class < other._class
        return NotImplemented

    def __ge__(self, other: HandRanking) -> bool:
        if isinstance(other, HandRanking):
            return self._class <= other._class
        return NotImplemented

    def __repr__(self) -> str:
        five = format_cards(self.cards)
        return f"<HandRanking {self.description}: {five} (class {self._class})>"


_NEW: Final = object.__new__


def make_ranking(hand: tuple[Card, ...], class_number: int) -> HandRanking:
    """The ranking of ``hand`` (distinct Cards) whose class is known to be ``class_number``
    (as :func:`evaluate_batch` finds it): not checked."""
    ranking: HandRanking = _NEW(HandRanking)
    ranking._hand = hand
    ranking._class = class_number
    return ranking


_make = make_ranking  # the name pickles of earlier versions refer to


def evaluate(cards: CardsLike) -> HandRanking:
    """Evaluate a hand of 5 cards or more: the best five-card poker hand it holds.

    ``cards`` are :class:`~croupier.cards.Card` objects, card tokens (``"Kc"``, ``"10h"``,
    ``"0s"``...), or one string of tokens separated by spaces.

    >>> evaluate("As Ac Ks Kc Qh Jh 0d").description       # a straight through pairs
    'straight, ace high'
    >>> steel = evaluate("Ah 2h 3h 4h 5h 9h Kh")
    >>> steel.category.label, format_cards(steel.cards), steel.class_number
    ('straight flush', '5h 4h 3h 2h Ah', 10)
    >>> evaluate("As Ks Qs Js")
    Traceback (most recent call last):
    ...
    croupier.poker.errors.PokerError: a poker hand needs at least 5 cards: got 4 (As Ks Qs Js)
    >>> evaluate("As Ks Qs Js as")
    Traceback (most recent call last):
    ...
    croupier.poker.errors.PokerCardError: card 'as' at position 5 repeats position 1: ...
    """
    hand = cards if type(cards) is tuple else _as_tuple(cards)
    try:
        class_number = _fast_class_of(hand) or _class_of(hand)
    except (AttributeError, TypeError, IndexError) as exc:
        hand, class_number = _recover(hand, exc)
    ranking: HandRanking = _NEW(HandRanking)  # make_ranking, inlined: this is the hot path
    ranking._hand = hand
    ranking._class = class_number
    return ranking


def rank_hand(cards: CardsLike) -> int:
    """The class number of one hand: ``evaluate(cards).class_number``, without the object.

    For loops over many single hands that only need the number (as treys' ``evaluate``
    gives); :func:`~croupier.poker.rank_batch` is faster still for NumPy arrays.

    >>> rank_hand("Ts Js Qs Ks As"), rank_hand(["7c", "5d", "4h", "3s", "2c"])
    (1, 7462)
    """
    hand = cards if type(cards) is tuple else _as_tuple(cards)
    try:
        return _fast_class_of(hand) or _class_of(hand)
    except (AttributeError, TypeError, IndexError) as exc:
        return _recover(hand, exc)[1]


def _class_of(hand: tuple[Card, ...]) -> int:
    """The hot path: table reads on the key total (see croupier.poker.evaluation.tables and _KEYS).

    Raises AttributeError or TypeError when ``hand`` holds tokens rather than cards,
    and IndexError before the tables are filled: :func:`_recover` deals with both.
    """
    size = len(hand)
    keys = _KEYS
    if size == 5:
        a, b, c, d, e = hand
        ia, ib, ic, id_, ie = a.index, b.index, c.index, d.index, e.index
        total = keys[ia] + keys[ib] + keys[ic] + keys[id_] + keys[ie]
        if (total >> _CARD_SHIFT).bit_count() != 5:
            raise _duplicate(hand)
        if (total + _FLUSH_OFFSET) & _FLUSH_BITS:
            return _FLUSH[
                (1 << (ia >> 2))
                | (1 << (ib >> 2))
                | (1 << (ic >> 2))
                | (1 << (id_ >> 2))
                | (1 << (ie >> 2))
            ]
        return _BY_SUM_5[total & _RANK_MASK]
    if size == 6 or size == 7:
        indices = [card.index for card in hand]
        total = sum([keys[i] for i in indices])
        if (total >> _CARD_SHIFT).bit_count() != size:
            raise _duplicate(hand)
        flush = (total + _FLUSH_OFFSET) & _FLUSH_BITS
        if flush:
            suit = (flush.bit_length() - _SUIT_SHIFT - 4) >> 2
            mask = 0
            for i in indices:
                if i & 3 == suit:
                    mask |= 1 << (i >> 2)
            return _FLUSH[mask]
        return _BY_SUM[size][total & _RANK_MASK]
    if not all(isinstance(card, Card) for card in hand):
        raise TypeError("cards to parse")
    if size < MIN_CARDS:
        raise PokerError(
            f"a poker hand needs at least {MIN_CARDS} cards: got {size}"
            + (f" ({format_cards(hand)})" if hand else "")
        )
    if len(set(hand)) != size:
        raise _duplicate(hand)
    return _class_of_any(hand)


def _recover(hand: tuple[Any, ...], failure: Exception) -> tuple[tuple[Card, ...], int]:
    """The slow path of :func:`evaluate`: fill the tables on first use, parse tokens."""
    _load_tables()
    if not isinstance(failure, IndexError):
        if all(isinstance(card, Card) for card in hand):
            raise failure
        hand = _parse(hand)
    return hand, _fast_class_of(hand) or _class_of(hand)


def compare_hands(first: CardsLike | HandRanking, second: CardsLike | HandRanking) -> int:
    """Which of two hands wins: 1 if ``first``, -1 if ``second``, 0 for a tie.

    Each hand is a :class:`HandRanking` or anything :func:`evaluate` takes.

    >>> compare_hands("Ks Kd 7h 7c 2s", "Ah Ad 3c 3d 2h")
    -1
    >>> compare_hands("Ah Kd Qs Jc Th 2c 2d", "As Ks Qd Jd Tc 3h 3s")
    0
    """
    a, b = _ranking(first, "first"), _ranking(second, "second")
    return (a.class_number < b.class_number) - (a.class_number > b.class_number)


def _ranking(hand: CardsLike | HandRanking, name: str) -> HandRanking:
    """``hand`` evaluated (unless it is a ranking); a wrong type names the argument."""
    if isinstance(hand, HandRanking):
        return hand
    try:
        return evaluate(hand)
    except TypeError as exc:  # evaluate's messages name its argument, "cards"
        raise TypeError(name + str(exc).removeprefix("cards")) from None


# --- input ------------------------------------------------------------------------------


def _as_tuple(cards: CardsLike) -> tuple[Any, ...]:
    if isinstance(cards, str):
        tokens = cards.replace(",", " ").split()
        known = _TOKENS.get
        hand = tuple([known(token) for token in tokens])
        # usual tokens of distinct cards; anything else, parsed and checked one by one
        # (by identity: comparing a Card with None would call the dataclass's __eq__)
        distinct = set(map(id, hand))
        if len(distinct) != len(hand) or _NONE_ID in distinct:
            return _parse(tokens)
        return hand
    try:
        return tuple(cards)
    except TypeError:
        raise TypeError(
            f"cards must be Cards, card tokens or a string of tokens, not {type(cards).__name__}"
        ) from None


def _parse(tokens: Iterable[object]) -> tuple[Card, ...]:
    """Cards from tokens (each one card, or cards written together) or Card objects,
    read by :func:`croupier.cards.parse_cards`; errors name the token and its position."""
    items: list[Card | str] = []
    for position, token in enumerate(tokens):
        if not isinstance(token, Card | str):
            raise TypeError(
                f"cards[{position}] must be a Card or a card token such as 'Kc', "
                f"not {type(token).__name__}"
            )
        items.append(token)
    try:
        return parse_cards(items, distinct=True)
    except CardError as exc:
        raise PokerCardError(str(exc)) from None


def _duplicate(hand: tuple[Card, ...]) -> PokerError:
    """The error for the first card of ``hand`` that repeats an earlier one."""
    try:
        _parse(hand)
    except PokerError as exc:
        return exc
    raise AssertionError("no repeated card")  # pragma: no cover


# --- any number of cards ----------------------------------------------------------------


def _class_of_any(hand: Iterable[Card]) -> int:
    """The class of the best five cards among any number of cards, without hash tables.

    Used for hands of more than 7 cards, and in the tests as an independent check of the
    table path: each category is looked for directly, best first.
    """
    by_suit: dict[int, set[int]] = {}
    counts = [0] * 15
    for card in hand:
        by_suit.setdefault(card.suit, set()).add(card.rank)
        counts[card.rank] += 1
    best = CLASS_COUNT + 1
    for ranks in by_suit.values():
        if len(ranks) >= MIN_CARDS:
            best = min(best, SUITED_CLASS[best_suited(ranks)])
    return min(best, UNSUITED_CLASS[best_unsuited(counts)])


# --- the five cards ---------------------------------------------------------------------


def _best_five(hand: tuple[Card, ...], class_number: int) -> tuple[Card, ...]:
    """The five cards of ``hand`` that make ``class_number``, in order of significance."""
    return best_five_of(hand, _CATEGORY[class_number], _PATTERN[class_number])


def best_five_of(
    hand: Iterable[Card], category: HandCategory, pattern: tuple[int, ...]
) -> tuple[Card, ...]:
    """The five cards of ``hand`` that make a hand of ``category`` and ``pattern`` (its
    ranks in order of significance), in that order: within a rank, the higher suit first.

    Worked on card numbers (``4 * (rank - 2) + suit``), whose order is the cards' order.

    >>> from croupier.cards import parse_cards
    >>> best_five_of(parse_cards("9c 6d Ah 7s 8s Kd"), HandCategory.STRAIGHT, (9, 8, 7, 6, 14))
    (Card('9c'), Card('8s'), Card('7s'), Card('6d'), Card('Ah'))
    """
    pool = sorted([card.index for card in hand], reverse=True)
    if category.is_suited:
        # The highest suit holding every rank of the pattern (one suit unless 10+ cards).
        wanted = {rank - 2 for rank in pattern}
        for suit in (3, 2, 1, 0):
            suited = [i for i in pool if i & 3 == suit]
            if wanted <= {i >> 2 for i in suited}:
                pool = suited
                break
    five: list[int] = []
    for rank in pattern:
        five.append(next(i for i in pool if i >> 2 == rank - 2 and i not in five))
    return tuple([DECK[i] for i in five])


def evaluate_batch(hands: Sequence[tuple[Card, ...]]) -> list[HandRanking]:
    """:class:`HandRanking` objects for many hold'em hands of Cards, each as
    :func:`evaluate` gives it, with one :func:`~croupier.poker.evaluation.batch.rank_batch`
    call per hand size.

    Every hand must hold 5 to 7 distinct Cards (checked: a :class:`PokerError` otherwise);
    parsing and its error messages stay with :func:`evaluate`.

    >>> from croupier.cards import parse_cards
    >>> [r.description for r in evaluate_batch([parse_cards("As Ks Qs Js Ts"),
    ...                                          parse_cards("7c 7d 2h 3s 4c 9d")])]
    ['royal flush', 'pair of 7s']
    """
    rankings: list[HandRanking | None] = [None] * len(hands)
    for size in range(MIN_CARDS, MAX_CARDS + 1):
        rows = [i for i, hand in enumerate(hands) if len(hand) == size]
        if not rows:
            continue
        numbers = np.array([[card.index for card in hands[i]] for i in rows], dtype=np.intp)
        for i, number in zip(rows, rank_batch(numbers).tolist(), strict=True):
            rankings[i] = make_ranking(hands[i], number)
    if None in rankings:
        size = len(hands[rankings.index(None)])
        raise PokerError(f"evaluate_batch takes hands of 5 to 7 cards: got {size}")
    return rankings  # type: ignore[return-value]  # every slot is filled (checked above)


# --- any game ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameRanking:
    """What a hand is worth in a game (:func:`evaluate_game`): its ``class_number`` (the
    lower, the stronger; equal for hands of equal strength), from which its category, its
    five cards and their description follow. Rankings of one game order by strength
    (``a > b`` when ``a`` beats ``b``)."""

    game: Game
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    class_number: int

    def _repr_svg_(self) -> str:
        """The hand, the five cards that play ringed, and its category, drawn in a notebook
        (:mod:`croupier.poker.display`)."""
        from croupier.poker.display import ranking_svg

        return ranking_svg(self)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The hole cards, then the board."""
        return self.hole + self.board

    @property
    def category(self) -> HandCategory:
        """The category of the hand."""
        return classes_of(self.game).category_of(self.class_number)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The five cards that play, in order of significance."""
        shape = classes_of(self.game).shapes[self.class_number]
        variant = variant_of(self.game)
        if variant.hole_used is None:
            return best_five_of(self.hand, *shape)
        for pair in itertools.combinations(self.hole, variant.hole_used):
            for rest in itertools.combinations(self.board, 5 - variant.hole_used):
                if rank_hand(pair + rest) == self.class_number:
                    return best_five_of(pair + rest, *shape)
        raise AssertionError("no five cards make the hand's class")  # pragma: no cover

    @property
    def description(self) -> str:
        """The hand in words."""
        return classes_of(self.game).describe(self.class_number)

    @property
    def detail(self) -> str:
        """The description less the category it starts with (``kings over 7s``)."""
        return without_category(self.description, self.category)

    def to_dict(self) -> dict[str, Any]:
        """The ranking as JSON-ready data (``croupier poker compare --game ... --json``).

        >>> data = evaluate_game("omaha", "As Ad Kh Qh", "Ac 7h 2h 9h 3s").to_dict()
        >>> data["hole"], data["cards"], data["class"]
        (['As', 'Ad', 'Kh', 'Qh'], ['Kh', 'Qh', '9h', '7h', '2h'], 889)
        """
        return {
            "game": str(self.game),
            "hand": [str(c) for c in self.hand],
            "hole": [str(c) for c in self.hole],
            "board": [str(c) for c in self.board],
            "category": self.category.label,
            "cards": [str(c) for c in self.cards],
            "class": self.class_number,
            "description": self.description,
        }

    def _other(self, other: object) -> GameRanking | None:
        if not isinstance(other, GameRanking):
            return None
        if other.game is not self.game:
            raise PokerError(f"cannot compare a {self.game} hand with a {other.game} hand")
        return other

    def __lt__(self, other: object) -> bool:
        them = self._other(other)
        if them is None:
            return NotImplemented
        return self.class_number > them.class_number

    def __gt__(self, other: object) -> bool:
        them = self._other(other)
        if them is None:
            return NotImplemented
        return self.class_number < them.class_number


#: ``GameRanking(game, hole, board, class_number)``, made slot by slot (a third of the
#: time of the frozen dataclass's __init__, on Omaha's hot path).
_game_ranking: Final[Callable[[Game, tuple[Card, ...], tuple[Card, ...], int], GameRanking]] = (
    maker(GameRanking)
)


def game_cards(value: CardsLike, where: str, variant: Variant) -> tuple[Card, ...]:
    """Cards read by :func:`croupier.cards.parse_cards` (text, with or without spaces,
    tokens or :class:`~croupier.cards.Card` objects), each once and each of the game's
    deck; an error names ``where`` (unless empty) and the token.

    >>> game_cards("AsKd ?", "board", variant_of("omaha"))
    Traceback (most recent call last):
    ...
    croupier.poker.errors.PokerCardError: board: bad card '?' at position 3: expected a rank ...
    """
    if not isinstance(value, str):
        items = list(check_type(value, Iterable, where, "cards, card tokens or a string of tokens"))
        for position, token in enumerate(items):
            if not isinstance(token, Card | str):
                raise TypeError(f"{where}[{position}] must be a Card or a card token")
        value = items
    try:
        cards = parse_cards(value, distinct=True)
    except CardError as exc:
        raise PokerCardError(f"{where}: {exc}" if where else str(exc)) from None
    variant.check_deck(cards, where)
    return cards


def evaluate_game(
    game: Game | str | Variant, hole: CardsLike, board: CardsLike = ()
) -> GameRanking:
    """The best hand of ``hole`` and ``board`` in ``game`` (a :class:`Game` or its name).

    In hold'em and short-deck every card plays: a hand is its hole cards and the board
    together, 5 cards or more (``board`` may be empty and every card given as
    ``hole``). In Omaha a hand is its hole cards (4, or 5 in five-card Omaha) and a
    board of 3 to 5 cards, and it plays exactly two of its hole cards with exactly
    three of the board. Hold'em's hands go through :func:`evaluate`.

    >>> hand = evaluate_game("omaha", "As Ad Kh Qh", "Ac 7h 2h 9h 3s")
    >>> hand.description, format_cards(hand.cards)
    ('flush, king high', 'Kh Qh 9h 7h 2h')
    >>> evaluate_game("holdem", "AsAd", "Ac 7h 2h 9h 3s").description
    'three of a kind, aces'
    >>> short = evaluate_game("shortdeck", "Ah 9c", "6d 7s 8s Kd Kc")
    >>> short.description, format_cards(short.cards), short.class_number
    ('straight, 9 high', '9c 8s 7s 6d Ah', 528)
    >>> evaluate_game("omaha", "As Ks Qs Js", "2c 3d 4h").description
    'ace high'
    >>> evaluate_game("omaha5", "As Ks Qs Js", "2c 3d 4h")
    Traceback (most recent call last):
    ...
    croupier.poker.errors.PokerError: five-card Omaha: 4 hole cards: expected 5
    >>> evaluate_game("shortdeck", "Ah 2c", "6d 7s 8s")
    Traceback (most recent call last):
    ...
    croupier.poker.errors.PokerCardError: hole cards: card 2c is not in the short-deck ...
    """
    if type(hole) is tuple and type(board) is tuple and (type(game) is str or type(game) is Game):
        # Omaha's hot path: distinct Card objects, read by the compiled kernel (0: anything
        # else, which the checks below name)
        omaha = _OMAHA_GAMES.get(game)
        if omaha is not None:
            number = _fast_omaha(hole, board, omaha[1])
            if number:
                return _game_ranking(omaha[0], hole, board, number)
    variant = variant_of(game)
    holes = game_cards(hole, "hole cards", variant)
    boards = game_cards(board, "board", variant)
    both = set(holes).intersection(boards)
    if both:
        card = next(c for c in boards if c in both)
        raise PokerCardError(
            f"card {card} is in the hole cards and in the board: a card is in one place"
        )
    if variant.hole_used is not None:
        if len(holes) != variant.hole_cards:
            raise PokerError(
                f"{variant.label}: {len(holes)} hole cards: expected {variant.hole_cards}"
            )
        if not 3 <= len(boards) <= 5:
            raise PokerError(
                f"{variant.label}: a board of {len(boards)} cards: expected 3 to 5 "
                "(two hole cards play with three board cards)"
            )
    elif variant.game is Game.HOLDEM or len(holes + boards) > 7:
        return GameRanking(variant.game, holes, boards, _any_size(variant, holes + boards))
    elif len(holes + boards) < MIN_CARDS:
        raise PokerError(
            f"a poker hand needs at least {MIN_CARDS} cards: got {len(holes + boards)} "
            f"({format_cards(holes + boards)})"
        )
    return GameRanking(variant.game, holes, boards, _class_of_one(variant, holes, boards))


def _no_omaha(hole: tuple[Any, ...], board: tuple[Any, ...], size: int) -> int:
    """Stands for the compiled kernel's omaha_class_of where there is none (or until the
    first Omaha hand): 0, let evaluate_game's checks and rows do it."""
    return 0


# The compiled kernel's omaha_class_of once an Omaha hand has been evaluated, where the
# engine is compiled: the class of a tuple of distinct hole Cards and board Cards.
_fast_omaha: Callable[[tuple[Any, ...], tuple[Any, ...], int], int] = _no_omaha
# The Omaha games by name (a Game is its name too) and their hole cards.
_OMAHA_GAMES: Final = {
    str(v.game): (v.game, v.hole_cards) for v in map(variant_of, Game) if v.hole_used is not None
}


def _class_of_one(variant: Variant, hole: tuple[Card, ...], board: tuple[Card, ...]) -> int:
    """The class of one checked hand: straight to the kernel where it is compiled."""
    global _fast_omaha
    holes = np.array([c.index for c in hole], dtype=np.int64)
    boards = np.array([c.index for c in board], dtype=np.int64)
    if not compiled("poker"):
        return int(rank_game_rows(variant, holes[None, :], boards[None, :], check=False)[0])
    _fast_omaha = card_kernels().omaha_class_of
    out = np.zeros(1, dtype=np.uint16)
    tables = TABLE_SET_OF[variant.game]
    if variant.hole_used is None:
        cards = np.concatenate([holes, boards])
        poker_kernels().holdem_rows(cards, len(cards), 1, out, tables)
    else:
        poker_kernels().omaha_rows(holes, len(holes), boards, len(boards), 1, out, tables)
    return int(out[0])


def _any_size(variant: Variant, cards: tuple[Card, ...]) -> int:
    """The class of any number of cards of a hold'em-style game: hold'em's evaluator,
    or the best of every five for short-deck hands of more than seven cards."""
    if variant.game is Game.HOLDEM:
        return evaluate(cards).class_number
    classes = classes_of(variant)
    return min(
        classes.class_of([c.rank for c in five], len({c.suit for c in five}) == 1)
        for five in itertools.combinations(cards, 5)
    )


@checked
def compare_games(first: GameRanking, second: GameRanking) -> int:
    """1 if ``first`` wins, -1 if ``second`` does, 0 for a tie (one game).

    >>> a = evaluate_game("shortdeck", "Kh Kd", "Ks 7c 8d 9h Tc")
    >>> b = evaluate_game("shortdeck", "Jh Qd", "Ks 7c 8d 9h Tc")
    >>> a.description, b.description, compare_games(a, b)
    ('three of a kind, kings', 'straight, king high', 1)
    """
    return (first > second) - (first < second)
