"""Evaluating one poker hand: its category, the five cards that make it, its class.

:func:`evaluate` takes 5 or more cards (Card objects, tokens such as ``"Kc"``, or one
string of tokens) and returns a :class:`HandRanking`. Comparing two rankings compares
the hands: the stronger hand is the greater, equally strong hands are equal.

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

import functools
import threading
from collections.abc import Callable, Iterable
from operator import attrgetter
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

from croupier.arguments import checked
from croupier.cards import DECK, Card, CardError, Rank, format_cards, parse_card
from croupier.engine import compiled
from croupier.poker.classes import (
    CATEGORIES,
    CLASS_COUNT,
    PATTERNS,
    SUITED_CLASS,
    UNSUITED_CLASS,
    HandCategory,
    best_suited,
    best_unsuited,
    category_of,
    pattern_of,
)
from croupier.poker.errors import PokerCardError, PokerError
from croupier.poker.tables import (
    CARD_KEYS,
    FLUSH_BITS,
    FLUSH_OFFSET,
    MIN_CARDS,
    RANK_SHIFT,
    SUIT_MASK,
    flush_table,
    poker_kernels,
    rank_table_dict,
)

__all__ = [
    "HandRanking",
    "best_five_of",
    "compare_hands",
    "describe",
    "describe_pattern",
    "evaluate",
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


@functools.cache
def card_kernels() -> ModuleType:
    """The poker kernels (:func:`~croupier.poker.tables.poker_kernels`), told the deck's
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
    (as :func:`~croupier.poker.batch.evaluate_batch` finds it): not checked."""
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
    """The hot path: table reads on the key total (see croupier.poker.tables and _KEYS).

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
    """Cards from tokens or Card objects; errors name the token and its position."""
    hand: list[Card] = []
    first: dict[Card, int] = {}
    for position, token in enumerate(tokens, 1):
        if isinstance(token, Card):
            card = token
        elif isinstance(token, str):
            try:
                card = parse_card(token, position)
            except CardError as exc:
                raise PokerCardError(str(exc)) from None
        else:
            raise TypeError(
                f"cards[{position - 1}] must be a Card or a card token such as 'Kc', "
                f"not {type(token).__name__}"
            )
        if card in first:
            raise PokerCardError(
                f"card {str(token)!r} at position {position} repeats position {first[card]}: "
                "each card may appear once"
            )
        first[card] = position
        hand.append(card)
    return tuple(hand)


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


# --- words ------------------------------------------------------------------------------


def _plural(rank: int) -> str:
    return Rank(rank).word + "s"


def detail_of(class_number: int) -> str:
    """:func:`describe` less the category it starts with (see :attr:`HandRanking.detail`)."""
    return without_category(describe(class_number), category_of(class_number))


def without_category(words: str, category: HandCategory) -> str:
    """A hand's words less the category they start with: ``kings over 7s`` for
    ``full house, kings over 7s``, ``aces`` for ``pair of aces``."""
    label = category.label
    for joint in (", ", " of "):
        if words.startswith(label + joint):
            return words[len(label + joint) :]
    return words


@checked
@functools.cache  # 7,462 classes at most
def describe(class_number: int) -> str:
    """A class in words.

    >>> for n in (1, 10, 11, 167, 323, 1609, 2468, 3326, 7462):
    ...     print(n, describe(n))
    1 royal flush
    10 straight flush, 5 high
    11 four of a kind, aces
    167 full house, aces over kings
    323 flush, ace high
    1609 straight, 5 high
    2468 two pair, aces and kings
    3326 pair of aces
    7462 7 high
    """
    if class_number == _ROYAL:
        return "royal flush"
    return describe_pattern(category_of(class_number), pattern_of(class_number))


def describe_pattern(category: HandCategory, pattern: tuple[int, ...]) -> str:
    """A hand in words from its category and its ranks in order of significance (what
    :func:`describe` says of a class, the royal flush aside).

    >>> describe_pattern(HandCategory.STRAIGHT, (9, 8, 7, 6, 14))
    'straight, 9 high'
    """
    first, high = pattern[0], Rank(pattern[0]).word
    if category in (HandCategory.STRAIGHT_FLUSH, HandCategory.STRAIGHT, HandCategory.FLUSH):
        return f"{category.label}, {high} high"
    if category is HandCategory.FOUR_OF_A_KIND:
        return f"four of a kind, {_plural(first)}"
    if category is HandCategory.FULL_HOUSE:
        return f"full house, {_plural(first)} over {_plural(pattern[3])}"
    if category is HandCategory.THREE_OF_A_KIND:
        return f"three of a kind, {_plural(first)}"
    if category is HandCategory.TWO_PAIR:
        return f"two pair, {_plural(first)} and {_plural(pattern[2])}"
    if category is HandCategory.PAIR:
        return f"pair of {_plural(first)}"
    return f"{high} high"
