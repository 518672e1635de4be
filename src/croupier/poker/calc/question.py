"""The equity question: a range per player, the board and the dead cards, checked once.

:class:`EquityQuestion` is what :func:`~croupier.poker.calculate` answers, and the one
place where the question is checked: 2 to 10 players, a board of 0, 3, 4 or 5 cards, no
card in two places (a player holding a single hand counts), no range left empty once the
board, the dead cards and the other players' hands are taken out. The command line and
the web page build it with :meth:`EquityQuestion.parse` and keep only their own limits.

>>> question = EquityQuestion.parse(["AhKh", "QQ+, AKs"], board="2c 7d 9h")
>>> question.players, [str(r) for r in question.ranges], question.board
(2, ['AhKh', 'QQ+, AKs'], (Card('2c'), Card('7d'), Card('9h')))
>>> EquityQuestion.parse(["AhKh", "QQ, 2x"])
Traceback (most recent call last):
...
croupier.poker.ranges.holdem.RangeError: player 2: bad range token '2x' at position 2: expected ...
>>> EquityQuestion.parse(["As Ks", "AA"], board="Ah Ad 2c")
Traceback (most recent call last):
...
croupier.poker.errors.PokerError: player 2's range 'AA' has no combo left once the board, ...

The game is hold'em unless ``game`` names another (:mod:`croupier.poker.games`):
short-deck reads hold'em's ranges over its 36 cards; Omaha players hold a
:class:`~croupier.poker.ranges.holdings.HoleRange` (a hand, part of one, random, or a
range in ProPokerTools' generic syntax: ``AA!AAA``, ``AxAyxy``, ``15%``). In any game a
hand may be partly unknown, a ``?`` for each card not known (``Ah?``, ``AsAh??``).

>>> omaha = EquityQuestion.parse(["AsAhKsKh", "AxAyxy, RRON@50"], board="2c 7d 9h", game="omaha")
>>> omaha.game, [str(r) for r in omaha.ranges]
(<Game.OMAHA: 'omaha'>, ['AsAhKsKh', 'AxAyxy, RRON@50'])
>>> EquityQuestion.parse(["AA", "KK"], board="2c 7d 9h", game="shortdeck")
Traceback (most recent call last):
...
croupier.poker.errors.PokerCardError: board: card 2c is not in the short-deck hold'em deck: ...

The engines work on the question's live combos or rows
(:mod:`croupier.poker.calc.live`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

import numpy as np

from croupier.cards import DECK, Card, CardError, as_cards, check_distinct, parse_cards
from croupier.errors import CroupierError, check_type, prefixed
from croupier.numerals import plural
from croupier.poker.errors import PokerCardError, PokerError
from croupier.poker.games import Game, Variant, variant_of
from croupier.poker.ranges.holdem import Range
from croupier.poker.ranges.holdings import HoleRange, partial_cards
from croupier.poker.ranges.starting_hands import COMBO_BITS, COMBO_CARDS, combos_meeting

__all__ = ["BOARD_SIZES", "MAX_PLAYERS", "MIN_PLAYERS", "EquityQuestion"]

#: Players at least and at most (one range each).
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 10
#: Cards a board may hold: none (preflop), the flop, the turn, the river.
BOARD_SIZES: Final = (0, 3, 4, 5)

_CARDS: Final = np.arange(52, dtype=np.int64)
_CARD_BITS: Final = np.uint64(1) << _CARDS.astype(np.uint64)

#: Card text, or cards.
Cards = str | Iterable[Card] | None
#: What a player holds: a two-card range (hold'em, short-deck) or an Omaha holding.
Holding = Range | HoleRange


@dataclass(frozen=True, slots=True)
class EquityQuestion:
    """Who holds what, and which cards are known: ``ranges`` (one
    :class:`~croupier.poker.ranges.holdem.Range` per player, 2 to 10), ``board`` (0, 3, 4 or
    5 cards) and ``dead`` (cards out of play), in ``game`` (hold'em by default; Omaha
    players hold a :class:`~croupier.poker.ranges.holdings.HoleRange` of the game's hole
    cards). Built checked: a bad question raises a
    :class:`~croupier.poker.errors.PokerError` naming the player or the card (a
    :class:`~croupier.poker.errors.PokerCardError` for a card in two places), a value
    of the wrong type a :class:`TypeError`. Text is read by :meth:`parse`.

    >>> from croupier.cards import parse_cards
    >>> from croupier.poker.ranges.holdem import COMBO_CARDS, Range
    >>> EquityQuestion((Range.parse("AA"), Range.parse("KK")), parse_cards("Kh 7d 2c")).players
    2
    >>> EquityQuestion.parse(["AhKh", "AhQh"])
    Traceback (most recent call last):
    ...
    croupier.poker.errors.PokerCardError: card Ah is in player 1 and in player 2: two players ...
    """

    ranges: tuple[Holding, ...]
    board: tuple[Card, ...] = ()
    dead: tuple[Card, ...] = ()
    game: Game = Game.HOLDEM
    #: What the engines made of the question the first time it was asked (by engine:
    #: see :func:`croupier.poker.calc.small.small_answer`), so that a question built once
    #: and asked again costs none of it. Not part of the question's value.
    prepared: dict[str, object] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        variant = variant_of(self.game)
        object.__setattr__(self, "game", variant.game)
        kind = Range if variant.two_card else HoleRange
        ranges = self.ranges
        if type(ranges) is not tuple or any(type(r) is not kind for r in ranges):
            ranges = tuple(check_type(ranges, Sequence, "ranges", f"a sequence of {kind.__name__}"))
            for i, value in enumerate(ranges):
                if isinstance(value, str):
                    raise TypeError(
                        f"ranges[{i}] must be a {kind.__name__}, not a str: "
                        "EquityQuestion.parse reads text"
                    )
                check_type(value, kind, f"ranges[{i}]", f"a {kind.__name__} ({variant.label})")
            object.__setattr__(self, "ranges", ranges)
        for i, value in enumerate(ranges):
            if isinstance(value, HoleRange) and value.size != variant.hole_cards:
                raise PokerError(
                    f"player {i + 1} holds {value.size} hole cards: {variant.label} deals "
                    f"{variant.hole_cards}"
                )
        for name in ("board", "dead"):
            cards = getattr(self, name)
            if type(cards) is not tuple or any(type(c) is not Card for c in cards):
                object.__setattr__(self, name, as_cards(cards, name, reads_text=False))
        _check_players(len(ranges))
        if len(self.board) not in BOARD_SIZES:
            raise PokerError(
                f"board: {plural(len(self.board), 'card')}: expected 0, 3, 4 or 5 (preflop, "
                f"flop, turn, river): a board of {plural(len(self.board), 'card')} is none of these"
            )
        _check_deck(self, variant)
        _check_places(self)
        if variant.two_card:
            _check_live(self)
            _check_dealable(self)

    @classmethod
    def parse(
        cls,
        ranges: Sequence[Holding | str],
        board: Cards = None,
        dead: Cards = None,
        game: Game | str | Variant = Game.HOLDEM,
    ) -> EquityQuestion:
        """The question from text or values: each range a
        :class:`~croupier.poker.ranges.holdem.Range` or its text (``"AhKh"``, ``"TT+, AQs+"``,
        ``"15%"``, ``"random"``), the board and the dead cards as card text
        (``"2c 7d 9h"``) or cards (None: none). An error names the player, or the board
        or the dead cards, and the bad token.

        >>> EquityQuestion.parse(["AA", "KK"], board="2c 7d Zz")
        Traceback (most recent call last):
        ...
        croupier.poker.errors.PokerCardError: board: bad card 'Zz' at position 3: expected ...
        """
        if isinstance(ranges, str):
            raise TypeError("ranges must be a sequence of ranges, one per player, not a str")
        ranges = tuple(check_type(ranges, Sequence, "ranges", "a sequence of ranges"))
        key = _text_key(cls, ranges, board, dead, game)
        if key is not None:
            found = _PARSED.get(key)
            if found is not None:
                return found
        _check_players(len(ranges))
        variant = variant_of(game)
        parsed = tuple(_range(value, i, variant) for i, value in enumerate(ranges))
        question = cls(
            parsed,
            _cards(board, "board", variant),
            _cards(dead, "dead cards", variant),
            variant.game,
        )
        if key is not None and variant.two_card:
            if len(_PARSED) >= PARSED_KEPT:
                _PARSED.clear()
            _PARSED[key] = question
        return question

    @property
    def players(self) -> int:
        """How many players (ranges) there are."""
        return len(self.ranges)

    @property
    def variant(self) -> Variant:
        """The rules of the question's game."""
        return variant_of(self.game)

    @property
    def combo_ranges(self) -> tuple[Range, ...]:
        """The ranges of a two-card game (hold'em, short-deck); an error in Omaha."""
        found = tuple(r for r in self.ranges if isinstance(r, Range))
        if len(found) != len(self.ranges):
            raise PokerError(f"{self.variant.label} players hold no two-card ranges")
        return found

    @property
    def hands(self) -> dict[int, tuple[Card, ...]]:
        """The players (numbered from 1) whose range is a single hand, and that hand.

        >>> EquityQuestion.parse(["AhKh", "QQ", "7c 2d"]).hands
        {1: (Card('Ah'), Card('Kh')), 3: (Card('7c'), Card('2d'))}
        """
        found: dict[int, tuple[Card, ...]] = {}
        for i, r in enumerate(self.ranges, 1):
            if isinstance(r, Range) and len(r) == 1:
                found[i] = _single(r)
            elif isinstance(r, HoleRange) and r.is_hand:
                found[i] = r.known
        return found

    @property
    def known(self) -> dict[int, tuple[Card, ...]]:
        """The players (numbered from 1) who hold some cards in every deal, and those
        cards: their whole hand, or the known part of a partly unknown one (Omaha)."""
        found = dict(self.hands)
        for i, r in enumerate(self.ranges, 1):
            if isinstance(r, HoleRange) and r.known:
                found[i] = r.known
        return found


#: Questions read from text kept by :meth:`EquityQuestion.parse` (all forgotten when
#: there are more): the same text asked again is the same question, read once. Only
#: two-card games' (a range is a few kB): an Omaha range holds a bit set over every
#: holding (34 kB, 325 kB in five-card Omaha, one per weight), too much to keep 256 of.
PARSED_KEPT: Final = 256
_PARSED: Final[dict[tuple[object, ...], EquityQuestion]] = {}


def _text_key(
    kind: type, ranges: tuple[object, ...], board: object, dead: object, game: object
) -> tuple[object, ...] | None:
    """The key under which a question read from text is kept, or None when it is not
    kept: a subclass, a range given as a value, cards given as values, or a range naming
    a saved one (the book may change between two calls)."""
    if kind is not EquityQuestion or not (type(game) is str or type(game) is Game):
        return None
    if not (board is None or type(board) is str) or not (dead is None or type(dead) is str):
        return None
    for text in ranges:
        if type(text) is not str:
            return None
        if "@" in text:
            try:
                if _resolved(text, Game.HOLDEM) is not text:
                    return None
            except CroupierError:
                return None
    return (str(game), board, dead, *ranges)


def _resolved(text: str, game: Game) -> str:
    """``text`` with the names of saved ranges in it replaced
    (:func:`croupier.poker.ranges.saved.resolve`); a text naming none (no ``@``) is
    given back as it is, without importing the book's module (a faster start)."""
    if "@" not in text:
        return text
    from croupier.poker.ranges.saved import resolve

    return resolve(text, game)


def _single(held: Range) -> tuple[Card, Card]:
    """The hand of a range of one combo, high card first."""
    low, high = COMBO_CARDS[held.combo_numbers[0]].tolist()
    return DECK[high], DECK[low]


def _bits(cards: Iterable[Card]) -> int:
    """The 52-bit set of ``cards``."""
    bits = 0
    for card in cards:
        bits |= 1 << card.index
    return bits


def _below(variant: Variant) -> int:
    """The 52-bit set of the cards a game's deck leaves out (short-deck: 2 to 5)."""
    return (1 << (4 * (variant.lowest_rank - 2))) - 1


def _check_players(count: int) -> None:
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise PokerError(
            f"{plural(count, 'range')} given for {plural(count, 'player')}: expected "
            f"{MIN_PLAYERS} to {MAX_PLAYERS}, one range per player"
        )


def _range(value: Holding | str, index: int, variant: Variant) -> Holding:
    if isinstance(value, Range | HoleRange):
        return value
    text = check_type(value, str, f"ranges[{index}]", "a Range or its text")
    try:
        text = _resolved(text, variant.game)
        if not variant.two_card:
            return HoleRange.parse(text, variant.hole_cards)
        partial = partial_cards(text)
        if partial is not None:
            _check_two(*partial)
            return Range.parse("random" if not partial[0] else f"{partial[0][0]}?")
        return Range.parse(text, game=variant.game)
    except CroupierError as error:
        raise prefixed(error, f"player {index + 1}") from None


def _check_two(known: tuple[Card, ...], unknown: int) -> None:
    """A two-card hand written with ``?``: one known card and a ``?``, or two ``?``."""
    if len(known) + unknown != 2:
        raise PokerError(
            f"{len(known) + unknown} cards: expected two hole cards, a ? for each one not "
            "known (Ah?), or random"
        )


def _cards(value: Cards, where: str, variant: Variant | None = None) -> tuple[Card, ...]:
    if value is None:
        return ()
    if not isinstance(value, str):
        return as_cards(value, where.split()[0])
    try:
        return parse_cards(value, distinct=True)
    except CroupierError as error:
        raise PokerCardError(f"{where}: {error}") from None


def _check_deck(question: EquityQuestion, variant: Variant) -> None:
    """Every card named is in the game's deck, and the deck deals every player's hole
    cards and the board."""
    places = [("board", question.board), ("dead cards", question.dead)]
    places += [(f"player {i}", cards) for i, cards in question.known.items()]
    for place, cards in places:
        variant.check_deck(cards, place)
    needed = question.players * variant.hole_cards + 5 + len(question.dead)
    if needed > len(variant.deck):
        most = (len(variant.deck) - 5 - len(question.dead)) // variant.hole_cards
        raise PokerError(
            f"{question.players} players need {needed} cards with the board and the dead "
            f"cards: the {variant.label} deck has {len(variant.deck)} "
            f"(at most {plural(max(most, 0), 'player')})"
        )


def _check_places(question: EquityQuestion) -> None:
    """No card in two places: the hands of players holding a single one, the board and
    the dead cards (in that order; the first card found twice is named)."""
    cards = [c.index for c in question.board + question.dead]
    for r in question.ranges:
        if isinstance(r, HoleRange):
            cards += (c.index for c in r.known)
        elif r.combo_set.bit_count() == 1:
            cards += COMBO_CARDS[r.combo_set.bit_length() - 1].tolist()
    if len(set(cards)) == len(cards):  # the usual case: every card once
        return
    _name_twice(question)


def _name_twice(question: EquityQuestion) -> None:
    """Raise the error naming the first card found in two places."""
    places: list[tuple[str, tuple[Card, ...]]] = [
        (f"player {i}", hand) for i, hand in question.known.items()
    ]
    places += [("the board", question.board), ("the dead cards", question.dead)]
    seen: dict[Card, str] = {}
    for place, cards in places:
        try:
            check_distinct(cards)
        except CardError as error:
            raise PokerCardError(f"{place.removeprefix('the ')}: {error}") from None
        for card in cards:
            first = seen.setdefault(card, place)
            if first == place:
                continue
            if (first, place) == ("the board", "the dead cards"):
                raise PokerCardError(
                    f"card {card} is both on the board and dead: a card is in one place"
                )
            why = (
                "two players cannot hold the same card"
                if place.startswith("player")
                else "a card is in one place"
            )
            raise PokerCardError(f"card {card} is in {first} and in {place}: {why}")


def _check_live(question: EquityQuestion) -> None:
    """Every range keeps a combo once the board and the dead cards are out, and once the
    other players' single hands are out too."""
    below = question.variant.lowest_rank > 2  # short-deck: the cards below 6 are out too
    out = combos_meeting(_bits(question.board + question.dead) | _below(question.variant))
    ranges = question.combo_ranges
    single = [r.combo_set if r.combo_set.bit_count() == 1 else 0 for r in ranges]
    for i, player in enumerate(ranges, 1):
        combos = player.combo_set
        if not combos:
            raise PokerError(f"player {i}'s range is empty: expected one combo or more")
        if not combos & ~out:
            raise PokerError(
                f"player {i}'s range {str(player)!r} has no combo left once the board"
                + (", the dead cards and the cards below 6" if below else " and dead cards")
                + " are removed"
            )
        others = [s for j, s in enumerate(single, 1) if s and j != i]
        if others:
            held = 0
            for combo in others:
                held |= int(COMBO_BITS[combo.bit_length() - 1])
            if not combos & ~(out | combos_meeting(held)):
                hands = question.hands
                held_text = ", ".join(
                    f"player {j}'s {h[0]}{h[1]}" for j, h in hands.items() if j != i
                )
                raise PokerError(
                    f"player {i}'s range {str(player)!r} has no combo left once the board, "
                    f"the dead cards and the other players' hands ({held_text}) are removed"
                )


#: Steps the search for one deal may take before it gives up (a question that fits is
#: found in a handful; one that cannot is ruled out in a few hundred).
DEAL_SEARCH_STEPS: Final = 100_000


def _check_dealable(question: EquityQuestion) -> None:
    """Some deal gives every player a combo of their range with no card twice (the
    board and dead cards out); else a :class:`PokerError` saying the ranges cannot be
    dealt together. ``AA AA AA AA AA`` asks for ten aces: no Monte Carlo deal could ever
    be found. The search is bounded; a question it cannot settle in time is let through."""
    fixed = _bits(question.board + question.dead) | _below(question.variant)
    if _deals_greedily(question.combo_ranges, fixed):
        return  # the usual case: a deal found by taking each range's first combo that fits
    masks = []
    for player in question.combo_ranges:
        numbers = player.combo_numbers.tolist()
        masks.append([m for m in (_COMBO_MASKS[c] for c in numbers) if not m & fixed])
    order = sorted(range(len(masks)), key=lambda i: len(masks[i]))
    steps = 0

    def deal(position: int, used: int) -> bool | None:
        nonlocal steps
        if position == len(order):
            return True
        for mask in masks[order[position]]:
            steps += 1
            if steps > DEAL_SEARCH_STEPS:
                return None
            if not mask & used:
                found = deal(position + 1, used | mask)
                if found is not False:
                    return found
        return False

    if deal(0, 0) is False:
        raise PokerError(
            f"the {len(masks)} ranges cannot be dealt together: no deal gives each player a "
            "combo of their range without a card twice"
        )


def _deals_greedily(ranges: tuple[Range, ...], fixed: int) -> bool:
    """True when giving each player in turn (the smallest ranges first) the first combo
    of their range that meets no card dealt or out makes a deal (a deal then exists;
    False proves nothing). Bit sets of combos: no list of them is made."""
    meeting = combos_meeting(fixed)
    for combos in sorted((r.combo_set for r in ranges), key=int.bit_count):
        fits = combos & ~meeting
        if not fits:
            return False
        meeting |= combos_meeting(int(COMBO_BITS[(fits & -fits).bit_length() - 1]))
    return True


#: Each combo's two cards, as a bit mask of card numbers.
_COMBO_MASKS: Final = tuple((1 << int(a)) | (1 << int(b)) for a, b in COMBO_CARDS.tolist())
