"""Cards shared by every croupier game: suits, ranks, cards, notation, the deck and shoes.

Cards are immutable, hashable and totally ordered (rank first, then suit, with
clubs < diamonds < hearts < spades). Parsing accepts every notation the games use,
in any case, one token per card:

>>> parse_cards("Kc 0s Ah")
(Card('Kc'), Card('Ts'), Card('Ah'))
>>> parse_card("10♥") == parse_card("th") == parse_card("H10") == parse_card("HX")
True
>>> str(parse_card("DX")), parse_card("DX").casino, parse_card("DX").pretty
('Td', 'DX', '10♦')

Each card also has a number, ``4 * (rank - 2) + suit``, used by the NumPy paths:

>>> Card.parse("As").index, Card.from_index(0)
(51, Card('2c'))
"""

from __future__ import annotations

import collections
import enum
import functools
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final, NoReturn, cast, overload

import numpy as np
from numpy.typing import ArrayLike, NDArray

from croupier.arguments import checked
from croupier.arrays import whole_numbers
from croupier.choices import parse_choice, unknown_member
from croupier.errors import CroupierError, check_type, quoted
from croupier.randomness import RNGLike, as_generator
from croupier.textfile import MAX_GAME_FILE_BYTES, read_text

__all__ = [
    "DECK",
    "MAX_DECKS",
    "RANK_TOKENS",
    "SUIT_TOKENS",
    "Card",
    "CardError",
    "CardStyle",
    "Deck",
    "EmptyShoeError",
    "Rank",
    "Shoe",
    "Suit",
    "as_cards",
    "card_spellings",
    "cards_to_indices",
    "check_distinct",
    "format_cards",
    "indices_to_cards",
    "parse_card",
    "parse_card_lines",
    "parse_cards",
    "parse_rank",
    "parse_ranks",
    "read_card_file",
    "repeated_card",
    "split_cards",
]


class CardError(CroupierError):
    """A card token, a card list or a shoe request that cannot be honoured.

    Errors about a card written in a file also give its 1-based ``line``.
    """

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


class EmptyShoeError(CardError):
    """A card was drawn from a shoe that has none left."""


@enum.unique
class Suit(enum.IntEnum):
    """The four suits, ordered clubs < diamonds < hearts < spades.

    >>> Suit.HEARTS.letter, Suit.HEARTS.symbol, Suit.HEARTS.is_red
    ('h', '♥', True)
    """

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, CardError)

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter lower-case code: ``c``, ``d``, ``h`` or ``s``."""
        return "cdhs"[self]

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol: ♣ ♦ ♥ ♠."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def plural(self) -> str:
        """The suit's name in words: ``clubs``, ``diamonds``, ``hearts``, ``spades``."""
        return self.name.lower()


@enum.unique
class Rank(enum.IntEnum):
    """The thirteen ranks, valued 2 to 14 (the ace is high).

    >>> Rank.TEN.char, Rank.TEN.label, Rank.ACE > Rank.KING
    ('T', '10', True)
    """

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, CardError)

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """One character: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return "23456789TJQKA"[self - 2]

    @property
    def label(self) -> str:
        """How a player writes it on a table: ``A``, ``2``-``10``, ``J``, ``Q``, ``K``."""
        return "10" if self is Rank.TEN else self.char

    @property
    def word(self) -> str:
        """The rank in words for sentences: ``ace``, ``king``, ``10``, ``7``..."""
        return self.name.lower() if self > Rank.TEN else str(int(self))


def _member(kind: type[enum.IntEnum], value: object, name: str, values: str) -> Any:
    """``value`` as a member of ``kind`` (a member, or its whole number)."""
    if isinstance(value, kind):
        return value
    number = check_type(value, int, name, f"a {kind.__name__} or a whole number")
    try:
        return kind(number)
    except ValueError:
        raise CardError(f"bad {name} {value}: expected a {kind.__name__} ({values})") from None


# --- notation ---------------------------------------------------------------------------

#: Every way to write a rank in a card token (upper case; tokens are read in any case).
RANK_TOKENS: Final[Mapping[str, Rank]] = MappingProxyType(
    {
        **{str(v): Rank(v) for v in range(2, 10)},
        "T": Rank.TEN,
        "10": Rank.TEN,
        "0": Rank.TEN,
        "X": Rank.TEN,
        "J": Rank.JACK,
        "Q": Rank.QUEEN,
        "K": Rank.KING,
        "A": Rank.ACE,
    }
)

#: Every way to write a suit in a card token (upper case, or a suit symbol).
SUIT_TOKENS: Final[Mapping[str, Suit]] = MappingProxyType(
    {
        "C": Suit.CLUBS,
        "♣": Suit.CLUBS,
        "♧": Suit.CLUBS,
        "D": Suit.DIAMONDS,
        "♦": Suit.DIAMONDS,
        "♢": Suit.DIAMONDS,
        "H": Suit.HEARTS,
        "♥": Suit.HEARTS,
        "♡": Suit.HEARTS,
        "❤": Suit.HEARTS,
        "S": Suit.SPADES,
        "♠": Suit.SPADES,
        "♤": Suit.SPADES,
    }
)

#: What a card token may look like, quoted in every parse error.
ACCEPTED_FORMS: Final = (
    "a rank (A, 2-9, T/10/0/X, J, Q, K) and a suit (c d h s or ♣ ♦ ♥ ♠), "
    "rank first as in Kc, 10h, 0s, A♠ or suit first as in CK, DX, H5"
)


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """A playing card: a rank and a suit. Frozen, hashable, ordered by rank then suit.

    >>> Card(Rank.KING, Suit.CLUBS) < Card(Rank.KING, Suit.SPADES) < Card(Rank.ACE, Suit.CLUBS)
    True
    >>> Card.parse("kc") in {Card(Rank.KING, Suit.CLUBS)}
    True
    """

    rank: Rank
    suit: Suit
    #: ``4 * (rank - 2) + suit``: 0 for the 2 of clubs up to 51 for the ace of spades.
    index: int = field(init=False, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        # Accept plain ints for convenience, store the enums.
        object.__setattr__(self, "rank", _member(Rank, self.rank, "rank", "2 to 14"))
        object.__setattr__(self, "suit", _member(Suit, self.suit, "suit", "0 to 3"))
        object.__setattr__(self, "index", 4 * (self.rank - 2) + self.suit)

    @classmethod
    def parse(cls, token: str) -> Card:
        """Parse one card token in any accepted notation (see :func:`parse_card`)."""
        return parse_card(token)

    @classmethod
    @checked
    def from_index(cls, index: int) -> Card:
        """The card numbered ``index`` (0..51), the inverse of :attr:`index`."""
        if not 0 <= index < 52:
            raise CardError(f"bad card number {index}: expected 0 to 51")
        return DECK[index]

    def __str__(self) -> str:
        return _TEXT[self.index]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def _repr_svg_(self) -> str:
        """The card drawn in a notebook (:mod:`croupier.display`)."""
        from croupier.display import card_picture

        return card_picture(self)

    @property
    def pretty(self) -> str:
        """Rank label and suit symbol, as shown on a table: ``10♥``, ``K♣``."""
        return _PRETTY[self.index]

    @property
    def casino(self) -> str:
        """The Casino save-file notation, suit first: ``CK``, ``DX``, ``H5``, ``SA``."""
        return self.suit.letter.upper() + ("X" if self.rank is Rank.TEN else self.rank.char)

    @property
    def long_name(self) -> str:
        """The card in words: ``10 of diamonds``, ``ace of spades``."""
        return f"{self.rank.word} of {self.suit.plural}"


def _bad_card(token: str, position: int | None, why: str = "") -> CardError:
    where = f" at position {position}" if position is not None else ""
    because = f" ({why})" if why else ""
    return CardError(f"bad card {quoted(token)}{where}{because}: expected {ACCEPTED_FORMS}")


def as_cards(
    cards: Iterable[Card] | str, name: str = "cards", *, reads_text: bool = True
) -> tuple[Card, ...]:
    """``cards`` as a tuple of :class:`Card` objects: cards as they are, or text read by
    :func:`parse_cards`. This is the library's one rule: a function that takes cards takes
    their text too; a value's constructor (``Move(...)``, ``EquityQuestion(...)``) takes
    values only (``reads_text=False``), and its ``parse`` reads text. Anything else is a
    :class:`TypeError` naming the argument and the item.

    >>> as_cards("As Ks"), as_cards([Card.parse("2c")])
    ((Card('As'), Card('Ks')), (Card('2c'),))
    >>> as_cards(["As"])
    Traceback (most recent call last):
    ...
    TypeError: cards[0] must be a Card, not str
    >>> as_cards("As Ks", "loose", reads_text=False)
    Traceback (most recent call last):
    ...
    TypeError: loose must be Card objects, not a str: parse_cards('As Ks') reads text
    """
    if isinstance(cards, tuple) and all(card.__class__ is Card for card in cards):
        return cards  # the common case, in one pass
    if isinstance(cards, str):
        if not reads_text:
            raise TypeError(
                f"{name} must be Card objects, not a str: parse_cards({quoted(cards)}) reads text"
            )
        return parse_cards(cards)
    if isinstance(cards, bytes | bytearray):  # iterable, but of numbers: not cards
        raise TypeError(f"{name} must be Card objects or their text (str), not bytes")
    items = tuple(check_type(cards, Iterable, name, "Card objects or their text (str)"))
    for i, card in enumerate(items):
        check_type(card, Card, f"{name}[{i}]", "a Card")
    return items


def parse_card(token: str, position: int | None = None) -> Card:
    """Parse one card token, in any case, rank first or suit first.

    ``position`` (1-based) is only used to make the error message point at the token.

    >>> parse_card("Th"), parse_card("♠a"), parse_card("10♡"), parse_card("cK")
    (Card('Th'), Card('As'), Card('Th'), Card('Kc'))
    >>> parse_card("Zx", 3)
    Traceback (most recent call last):
    ...
    croupier.cards.CardError: bad card 'Zx' at position 3: expected a rank (A, 2-9, ...
    """
    text = check_type(token, str, "token", "a card token (str)").strip()
    text = text.replace("\ufe0f", "").upper()
    if len(text) >= 2:
        rank, suit = RANK_TOKENS.get(text[:-1]), SUIT_TOKENS.get(text[-1])
        if rank is not None and suit is not None:
            return DECK[4 * (rank - 2) + suit]
        suit, rank = SUIT_TOKENS.get(text[0]), RANK_TOKENS.get(text[1:])
        if rank is not None and suit is not None:
            return DECK[4 * (rank - 2) + suit]
    raise _bad_card(token, position)


@functools.cache
def _spellings() -> dict[str, Card]:
    """:func:`card_spellings` with each token also in lower case and as usually typed
    (rank upper, suit lower), for :func:`parse_cards` to look tokens up."""
    spellings = card_spellings()
    for token, card in list(spellings.items()):
        spellings[token.lower()] = card
        spellings[token[:-1] + token[-1].lower()] = card
    return spellings


def card_spellings() -> dict[str, Card]:
    """Every token :func:`parse_card` reads as a card, in upper case (it reads any case,
    and drops the emoji selector U+FE0F), to that card: each rank token beside each suit
    token, rank first and suit first. For readers that look tokens up instead of
    parsing them (a web page's script, a table of byte strings).

    >>> spellings = card_spellings()
    >>> spellings["10♥"], spellings["HX"], spellings["TH"], len(spellings)
    (Card('Th'), Card('Th'), Card('Th'), 416)
    >>> all(parse_card(token) == card for token, card in spellings.items())
    True
    """
    spellings: dict[str, Card] = {}
    for rank_token, rank in RANK_TOKENS.items():
        for suit_token, suit in SUIT_TOKENS.items():
            card = DECK[4 * (rank - 2) + suit]
            spellings[rank_token + suit_token] = card
            spellings[suit_token + rank_token] = card
    return spellings


def parse_rank(token: str, position: int | None = None) -> Rank:
    """Parse a rank on its own (``A``, ``2``-``9``, ``T``/``10``/``0``/``X``, ``J``, ``Q``, ``K``).

    A whole card token is accepted too, and its suit ignored.

    >>> parse_rank("k"), parse_rank("10"), parse_rank("5h")
    (<Rank.KING: 13>, <Rank.TEN: 10>, <Rank.FIVE: 5>)
    """
    rank = RANK_TOKENS.get(check_type(token, str, "token", "a rank token (str)").strip().upper())
    if rank is not None:
        return rank
    try:
        return parse_card(token, position).rank
    except CardError:
        where = f" at position {position}" if position is not None else ""
        raise CardError(
            f"bad rank {token!r}{where}: expected A, 2-9, T/10/0/X, J, Q or K (or a card)"
        ) from None


@checked
def parse_ranks(text: str) -> tuple[Rank, ...]:
    """Ranks separated by spaces or commas (see :func:`parse_rank`).

    >>> parse_ranks("5 5 9 K")
    (<Rank.FIVE: 5>, <Rank.FIVE: 5>, <Rank.NINE: 9>, <Rank.KING: 13>)
    """
    tokens = check_type(text, str, "text").replace(",", " ").split()
    return tuple(parse_rank(token, i) for i, token in enumerate(tokens, 1))


def _tokens(text: str) -> list[str]:
    """The tokens of a card list (see :func:`split_cards`)."""
    spellings = _spellings()
    tokens: list[str] = []
    for token in text.replace(",", " ").split():
        if token in spellings:
            tokens.append(token)
        else:
            tokens.extend(_run(token))
    return tokens


def _run(token: str) -> list[str]:
    """A token that is not one card's spelling, cut into the cards written together in it
    (``2c7d9h``, ``AsKd10h``, ``SAHK``), and ``?`` marks (``?``, ``?3``) standing for
    unknown cards; a token that cannot be cut so is kept whole, for the error to name it
    as it was written."""
    text = token.replace("\ufe0f", "")
    upper = text.upper()
    pieces: list[str] = []
    at = 0
    while at < len(text):
        end = _card_end(upper, at)
        if end is None:
            return [token]
        pieces.append(text[at:end])
        at = end
    return pieces


def _card_end(text: str, at: int) -> int | None:
    """Where the card (or ``?`` mark) starting at ``text[at]`` ends, or None: rank then
    suit, or suit then rank (a rank is one character, or ``10``)."""
    if text[at] == "?":
        end = at + 1
        while end < len(text) and text[end].isdigit():
            end += 1
        return end
    for rank_first in (True, False):
        for width in (2, 1):  # ``10`` before ``1`` (not a rank)
            if rank_first:
                rank, suit = text[at : at + width], text[at + width : at + width + 1]
                end = at + width + 1
            else:
                suit, rank = text[at : at + 1], text[at + 1 : at + 1 + width]
                end = at + 1 + width
            if len(rank) == width and rank in RANK_TOKENS and suit in SUIT_TOKENS:
                return end
    return None


def split_cards(text: str) -> list[str]:
    """The tokens of a card list: separated by spaces or commas, or written together
    (``2c7d9h``, as eval7, PokerStove and OMPEval write a board; a ten as ``T``, ``10``,
    ``0`` or ``X``), and the ``?`` marks some readers take for unknown cards (``?``,
    ``?0``). A token that is neither is kept as it is, for the error to name it.

    >>> split_cards("2c7d9h, As 10d?"), split_cards("AsKx Qd")
    (['2c', '7d', '9h', 'As', '10d', '?'], ['AsKx', 'Qd'])
    """
    return _tokens(check_type(text, str, "text"))


@checked
def repeated_card(token: str, position: int, first: int) -> CardError:
    """The error for a card named again: ``token`` at ``position`` names the card of
    ``first`` (positions from 1). Every reader of card lists says it so.

    >>> repeated_card("kc", 3, 1)
    CardError("card 'kc' at position 3 repeats position 1: each card may appear once")
    """
    return CardError(
        f"card {token!r} at position {position} repeats position {first}: each card may appear once"
    )


@checked
def check_distinct(cards: Sequence[Card], tokens: Sequence[str] | None = None) -> None:
    """Raise :func:`repeated_card`'s error for the first card of ``cards`` named again
    (``tokens``: how each was written, by default its text).

    >>> check_distinct(parse_cards("As Kd As"))
    Traceback (most recent call last):
    ...
    croupier.cards.CardError: card 'As' at position 3 repeats position 1: each card may appear once
    """
    if len(set(cards)) == len(cards):
        return
    seen: dict[Card, int] = {}
    for position, card in enumerate(cards, 1):
        if card in seen:
            token = str(card) if tokens is None else tokens[position - 1]
            raise repeated_card(token, position, seen[card])
        seen[card] = position


@checked
def parse_cards(text: str | Iterable[str | Card], *, distinct: bool = False) -> tuple[Card, ...]:
    """The one reader of card lists: cards separated by spaces or commas, or written
    together (``"2c7d9h"``, ``"AsKd10h"``), in any notation :func:`parse_card` reads; or
    an iterable of such tokens and :class:`Card` objects. Errors name the token and its
    position in the list (from 1).

    With ``distinct=True`` a card named twice is an error.

    >>> parse_cards("Kc, 0s  A♥"), parse_cards("2c7d9h")
    ((Card('Kc'), Card('Ts'), Card('Ah')), (Card('2c'), Card('7d'), Card('9h')))
    >>> parse_cards(["AsKs", Card.parse("Qd")])
    (Card('As'), Card('Ks'), Card('Qd'))
    >>> parse_cards("Kc Ks kc", distinct=True)
    Traceback (most recent call last):
    ...
    croupier.cards.CardError: card 'kc' at position 3 repeats position 1: each card may appear once
    >>> parse_cards("Ah AsKsQx")
    Traceback (most recent call last):
    ...
    croupier.cards.CardError: bad card 'AsKsQx' at position 2: expected a rank (A, 2-9, ...
    """
    items: list[str | Card]
    if isinstance(text, str):
        spellings = _spellings()
        tokens = text.replace(",", " ").split()
        found = tuple([spellings.get(token) for token in tokens])
        if None not in found and (not distinct or len(set(found)) == len(found)):
            return cast(tuple[Card, ...], found)  # the usual case: every token a card
        items = list(_tokens(text))
    else:
        given = list(check_type(text, Iterable, "text", "a str or an iterable of str tokens"))
        items = []
        for i, token in enumerate(given):
            if isinstance(token, Card):
                items.append(token)
            elif isinstance(token, str):
                items.extend(_tokens(token))
            else:
                check_type(token, str, f"text[{i}]", "a card token (str) or a Card")
    cards = tuple(
        item if isinstance(item, Card) else parse_card(item, i) for i, item in enumerate(items, 1)
    )
    if distinct:
        check_distinct(cards, [str(item) for item in items])
    return cards


@checked
def parse_card_lines(
    text: str, source: str = "input", *, distinct: bool = False
) -> tuple[Card, ...]:
    r"""Cards written over several lines, ``#`` starting a comment (a shoe or deck file).

    Errors name ``source`` and where the token is: ``card 3 of line 2`` (and carry the
    line as ``error.line``). With ``distinct=True`` a card written twice is an error.

    >>> parse_card_lines("Kc 0s  # first two\nAh")
    (Card('Kc'), Card('Ts'), Card('Ah'))
    >>> parse_card_lines("Kc\n5d 4d 9x", "shoe.txt")
    Traceback (most recent call last):
    ...
    croupier.cards.CardError: shoe.txt, card 3 of line 2: bad card '9x': expected a rank ...
    >>> parse_card_lines("SA HA\nsa", "deck.txt", distinct=True)
    Traceback (most recent call last):
    ...
    croupier.cards.CardError: deck.txt, card 1 of line 2: 'sa' repeats card 1 of line 1: ...
    """
    cards: list[Card] = []
    first_seen: dict[Card, tuple[int, int]] = {}
    for number, line in enumerate(check_type(text, str, "text").splitlines(), 1):
        for place, token in enumerate(_tokens(line.split("#", 1)[0]), 1):
            where = f"{source}, card {place} of line {number}"
            try:
                card = parse_card(token)
            except CardError as exc:
                raise CardError(f"{where}: {exc}", number) from None
            if distinct:
                if card in first_seen:
                    at, first_line = first_seen[card]
                    raise CardError(
                        f"{where}: {token!r} repeats card {at} of line {first_line}: "
                        "each card may appear once",
                        number,
                    )
                first_seen[card] = (place, number)
            cards.append(card)
    return tuple(cards)


@checked
def read_card_file(path: str | os.PathLike[str], *, distinct: bool = False) -> tuple[Card, ...]:
    """The cards listed in a text file (see :func:`parse_card_lines`), in order."""
    return parse_card_lines(
        read_text(path, CardError, max_bytes=MAX_GAME_FILE_BYTES),
        os.fspath(path),
        distinct=distinct,
    )


@enum.unique
class CardStyle(enum.StrEnum):
    """How a card is written: every game, the terminal and the Casino notation use one.

    ``STR`` is rank then suit letter (``Kc``, ``Td``), ``PRETTY`` rank then suit symbol
    (``K♣``, ``10♦``), ``CASINO`` suit letter then rank, as in Casino's save files
    (``CK``, ``DX``). Functions that take a style take the enum or its value.

    >>> CardStyle("pretty").name_of(Card.parse("Td")), CardStyle.CASINO.name_of(Card.parse("Td"))
    ('10♦', 'DX')
    >>> CardStyle.parse("fancy")
    Traceback (most recent call last):
    ...
    croupier.cards.CardError: bad card style 'fancy': expected str, pretty or casino
    """

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, CardError)

    STR = "str"
    PRETTY = "pretty"
    CASINO = "casino"

    @classmethod
    def parse(cls, style: CardStyle | str) -> CardStyle:
        """The style named ``style`` (an unknown name raises :class:`CardError`)."""
        if isinstance(style, CardStyle):
            return style
        check_type(style, str, "style", "a CardStyle or its name (str)")
        return parse_choice(cls, style, "card style", CardError)

    def name_of(self, card: Card) -> str:
        """``card`` written in this style."""
        if self is CardStyle.PRETTY:
            return card.pretty
        if self is CardStyle.CASINO:
            return card.casino
        return str(card)


def format_cards(  # checked by hand: every game writes cards with it
    cards: Iterable[Card] | str, style: CardStyle | str = CardStyle.STR, sep: str = " "
) -> str:
    """Join cards with ``sep`` in one :class:`CardStyle`: ``str`` (Kc), ``pretty`` (K♣),
    ``casino`` (CK).

    >>> hand = parse_cards("Kc Td")
    >>> format_cards(hand, "pretty"), format_cards(hand, CardStyle.CASINO, sep=", ")
    ('K♣ 10♦', 'CK, DX')
    """
    name_of = CardStyle.parse(style).name_of
    return check_type(sep, str, "sep").join(name_of(card) for card in as_cards(cards))


# --- the deck ---------------------------------------------------------------------------

#: The 52 cards ordered by number: 2c 2d 2h 2s 3c ... As.
DECK: Final[tuple[Card, ...]] = tuple(
    Card(Rank(r), Suit(s)) for r in range(2, 15) for s in range(4)
)


_PRETTY: Final = tuple(card.rank.label + card.suit.symbol for card in DECK)
#: Each card's text (``str(card)``), by its index.
_TEXT: Final = tuple(card.rank.char + card.suit.letter for card in DECK)


class Deck(Sequence[Card]):
    """The standard 52-card deck in its fixed order (by card number: 2c 2d 2h 2s ... As).

    >>> deck = Deck()
    >>> len(deck), deck[0], deck[-1], Card.parse("Qh") in deck
    (52, Card('2c'), Card('As'), True)
    """

    __slots__ = ()

    @overload
    def __getitem__(self, index: int) -> Card: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Card, ...]: ...
    def __getitem__(self, index: int | slice) -> Card | tuple[Card, ...]:
        return DECK[index]

    def __len__(self) -> int:
        return 52

    def __iter__(self) -> Iterator[Card]:
        return iter(DECK)

    def _repr_svg_(self) -> str:
        """The 52 cards drawn in a notebook (:mod:`croupier.display`)."""
        from croupier.display import deck_picture

        return deck_picture(self)

    def __repr__(self) -> str:
        return "Deck()"


# --- NumPy conversion -------------------------------------------------------------------


def cards_to_indices(cards: Iterable[Card] | str) -> NDArray[np.int64]:
    """Card numbers (``4 * (rank - 2) + suit``) of the cards (or their text), as a NumPy
    array.

    >>> cards_to_indices(parse_cards("2c As Td")).tolist(), cards_to_indices("Kh").tolist()
    ([0, 51, 33], [46])
    """
    return np.fromiter((c.index for c in as_cards(cards)), dtype=np.int64)


def indices_to_cards(indices: ArrayLike) -> tuple[Card, ...]:
    """The cards numbered by ``indices`` (any iterable of ints 0..51), in order.

    >>> indices_to_cards([0, 51, 33])
    (Card('2c'), Card('As'), Card('Td'))
    >>> indices_to_cards([0, 52])
    Traceback (most recent call last):
    ...
    croupier.cards.CardError: bad card number 52: expected integers 0 to 51
    """
    if isinstance(indices, int) and not isinstance(indices, bool):
        indices = [indices]
    numbers = whole_numbers(indices, 52, name="indices", what="card number", error=CardError)
    return tuple(DECK[i] for i in numbers.tolist())


# --- shoes ------------------------------------------------------------------------------


#: The most decks a shoe may hold: real shoes hold 1 to 8; 64 leaves room for studies of
#: deep shoes while a shoe (3,328 cards) still shuffles and deals in moments.
MAX_DECKS: Final = 64

#: NumPy bit generators a saved shoe may name.
_BIT_GENERATORS: Final = frozenset({"PCG64", "PCG64DXSM", "MT19937", "Philox", "SFC64"})


class Shoe:
    """Cards dealt from the top of one or more shuffled decks, or from a stacked order.

    ``Shoe(decks=8, rng=1)`` shuffles 8 decks (every card can end anywhere: an unbiased
    Fisher-Yates shuffle); ``rng`` is an int seed, a NumPy generator or ``None``
    (:mod:`croupier.randomness`). ``cut_card`` is the number of cards dealt before the cut card
    comes out (``None``: no cut card). ``Shoe.stacked(cards)`` deals ``cards`` in the given
    order and is never reshuffled.

    >>> shoe = Shoe.stacked(parse_cards("Ah 2c 3d"))
    >>> shoe.draw(), shoe.remaining, shoe.counts()[Rank.ACE]
    (Card('Ah'), 2, 0)
    >>> shoe = Shoe(decks=8, rng=7, cut_card=400)
    >>> len(shoe), shoe.counts()[Rank.KING], shoe.cut_card_reached
    (416, 32, False)
    """

    @checked
    def __init__(
        self,
        decks: int = 1,
        *,
        rng: RNGLike = None,
        cut_card: int | None = None,
    ) -> None:
        if not 1 <= decks <= MAX_DECKS:
            raise CardError(f"bad number of decks {decks!r}: expected 1 to {MAX_DECKS}")
        self._decks: int | None = int(decks)  # a NumPy integer saves as a plain one
        self._rng: np.random.Generator | None = as_generator(rng)
        self._cards: list[Card] = list(DECK) * decks
        self._cut_card = self._check_cut_card(cut_card, len(self._cards))
        self._position = 0
        self._counts = [0] * 15
        self.shuffle()

    @classmethod
    @checked
    def stacked(cls, cards: Iterable[Card] | str, *, cut_card: int | None = None) -> Shoe:
        """A shoe that deals exactly ``cards`` (or their text), first card first; it cannot
        be reshuffled."""
        shoe = cls.__new__(cls)
        shoe._decks = None
        shoe._rng = None
        shoe._cards = list(as_cards(cards, "cards"))
        shoe._cut_card = cls._check_cut_card(cut_card, len(shoe._cards))
        shoe._position = 0
        shoe._recount()
        return shoe

    @staticmethod
    def _check_cut_card(cut_card: int | None, size: int) -> int | None:
        if cut_card is not None and not 0 < cut_card <= size:
            raise CardError(f"bad cut card depth {cut_card}: expected 1 to {size} for this shoe")
        return cut_card

    def _recount(self) -> None:
        self._counts = [0] * 15
        for card in self._cards[self._position :]:
            self._counts[card.rank] += 1

    def shuffle(self) -> None:
        """Gather every card back and shuffle them all (not allowed for a stacked shoe)."""
        if self._rng is None:
            raise CardError(
                "a stacked shoe deals its cards in the given order: it cannot be shuffled"
            )
        order = self._rng.permutation(len(self._cards))
        self._cards = [self._cards[i] for i in order.tolist()]
        self._position = 0
        self._recount()

    @property
    def decks(self) -> int | None:
        """How many decks the shoe was built from (``None`` for a stacked shoe)."""
        return self._decks

    @property
    def is_stacked(self) -> bool:
        """True for a shoe built from an explicit card order."""
        return self._rng is None

    @property
    def remaining(self) -> int:
        """How many cards are left to deal."""
        return len(self._cards) - self._position

    @property
    def dealt(self) -> int:
        """How many cards have been dealt since the last shuffle."""
        return self._position

    def __len__(self) -> int:
        return self.remaining

    @property
    def cut_card(self) -> int | None:
        """Cards dealt before the cut card comes out, or ``None`` for no cut card."""
        return self._cut_card

    @property
    def cut_card_reached(self) -> bool:
        """True once the cut card has come out: time to reshuffle between rounds."""
        return self._cut_card is not None and self._position >= self._cut_card

    def draw(self) -> Card:
        """Deal the top card."""
        if self._position >= len(self._cards):
            raise self._empty()
        card = self._cards[self._position]
        self._position += 1
        self._counts[card.rank] -= 1
        return card

    def peek(self) -> Card:
        """The top card, without dealing it."""
        if self._position >= len(self._cards):
            raise self._empty()
        return self._cards[self._position]

    def _empty(self) -> EmptyShoeError:
        size = len(self._cards)
        every = "its one card has" if size == 1 else f"all {size} cards have"
        return EmptyShoeError(f"the shoe is empty: {every} been dealt")

    def counts(self) -> dict[Rank, int]:
        """Cards left by rank, from two to ace."""
        return {rank: self._counts[rank] for rank in Rank}

    def remaining_cards(self) -> tuple[Card, ...]:
        """The undealt cards in dealing order (for tests and analysis, not for players)."""
        return tuple(self._cards[self._position :])

    def _repr_html_(self) -> str:
        """The shoe drawn in a notebook (:mod:`croupier.display`)."""
        from croupier.display import shoe_html

        return shoe_html(self)

    def __repr__(self) -> str:
        kind = "stacked" if self._decks is None else f"decks={self._decks}"
        return f"<Shoe {kind}: {self.remaining} of {len(self._cards)} cards left>"

    def to_dict(self) -> dict[str, Any]:
        """The whole shoe as JSON-ready data: its cards in order, how many were dealt, the
        cut card, and the shuffler's state, so that :meth:`from_dict` deals on exactly
        as this shoe would (reshuffles included).

        >>> shoe = Shoe(decks=1, rng=3, cut_card=40)
        >>> _ = shoe.draw()
        >>> copy = Shoe.from_dict(shoe.to_dict())
        >>> copy.draw() == shoe.draw(), copy.remaining, copy.cut_card
        (True, 50, 40)
        >>> copy.shuffle(); shoe.shuffle()
        >>> copy.remaining_cards() == shoe.remaining_cards()
        True
        """
        return {
            "decks": self._decks,
            "cards": "".join([_TEXT[card.index] for card in self._cards]),
            "dealt": self._position,
            "cut_card": self._cut_card,
            "rng": None if self._rng is None else self._rng.bit_generator.state,
        }

    @classmethod
    @checked
    def from_dict(cls, data: Mapping[str, Any]) -> Shoe:
        """The shoe saved by :meth:`to_dict`; bad data raises :class:`CardError`."""
        try:
            text = data["cards"]
            cards = [parse_card(text[i : i + 2]) for i in range(0, len(text), 2)]
            dealt, decks, state = data["dealt"], data["decks"], data["rng"]
            shoe = cls.stacked(cards, cut_card=data["cut_card"])
            if (
                isinstance(dealt, bool)
                or not isinstance(dealt, int)
                or not 0 <= dealt <= len(cards)
            ):
                raise CardError(f"bad dealt count {dealt!r}: expected 0 to {len(cards)}")
            if decks is not None:
                if (
                    isinstance(decks, bool)
                    or not isinstance(decks, int)
                    or not 1 <= decks <= MAX_DECKS
                    or len(cards) != 52 * decks
                    or set(collections.Counter(cards).values()) != {decks}
                ):
                    raise CardError(
                        f"bad saved shoe: decks {quoted(repr(decks))} for {len(cards)} cards"
                        f" that are not that many full decks, expected 1 to {MAX_DECKS}"
                    )
                if not isinstance(state, Mapping):
                    raise CardError(
                        f"bad saved shoe: shuffler state {quoted(repr(state))}, expected a mapping"
                    )
                kind = state["bit_generator"]
                if kind not in _BIT_GENERATORS:
                    raise CardError(f"bad saved shoe: unknown shuffler {kind!r}")
                rng = np.random.Generator(getattr(np.random, kind)())
                rng.bit_generator.state = state
                shoe._decks, shoe._rng = decks, rng
        except CardError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise CardError(f"bad saved shoe: {exc}") from None
        shoe._position = dealt
        shoe._recount()
        return shoe
