"""Moves: immutable values with a text notation that parses back.

A move plays one card from the hand as a trail, a capture, a build or an increase. It
names the loose cards it takes or uses and the builds it takes or increases (each build
by its cards). Cards are kept in a canonical order, so two moves that do the same thing
are equal, whatever order their cards were given in.

=========================================  ==============================================
notation                                   meaning
=========================================  ==============================================
``trail H5``                               the 5 of hearts goes loose on the table
``capture S5 H5 C2 D3``                    the 5 of spades takes H5 and the set C2 + D3
``capture C9 [C6 S3 S9]``                  the 9 of clubs takes the build of 9
``build C5 D4``                            the 5 of clubs on the loose D4 builds 9
``build S9``                               the 9 of spades joins the player's build of 9
``increase SA [D5 H2]``                    the ace (as 1) turns the build of 7 into 8
=========================================  ==============================================

The value is never written: it follows from the cards. A capture's value is the played
card's (an ace captures as 14: whatever it takes as 1, it takes as 14 too); a build's is
the sum of its cards (aces 1), or the played card's own value when it joins the player's
build alone; an increase adds the played card (an ace adds 1) to the build.

>>> move = Move.parse("capture s5 d3 h5 c2")
>>> str(move), move.value, move.loose
('capture S5 C2 D3 H5', 5, (Card('2c'), Card('3d'), Card('5h')))
>>> move.describe()
'capture H5 and C2+D3 with S5'
>>> Move.parse(str(move)) == move
True
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, NoReturn

from croupier.arguments import checked
from croupier.cards import Card, CardError, CardStyle, Rank, as_cards, format_cards
from croupier.casino.errors import CasinoError, InvalidMoveError, MoveCardError
from croupier.casino.notation import parse_table, tokenize
from croupier.casino.pieces import Build
from croupier.casino.values import CARD_VALUE, LOW_VALUE, split_capture
from croupier.choices import parse_choice, unknown_member
from croupier.errors import check_type

__all__ = ["Action", "Move"]


@enum.unique
class Action(enum.StrEnum):
    """What a move does with the card played."""

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, CasinoError)

    TRAIL = "trail"
    CAPTURE = "capture"
    BUILD = "build"
    INCREASE = "increase"

    @classmethod
    @checked
    def parse(cls, text: str) -> Action:
        """The action by name or first letter, in any case.

        >>> Action.parse("C"), Action.parse("increase")
        (<Action.CAPTURE: 'capture'>, <Action.INCREASE: 'increase'>)
        """
        return parse_choice(cls, text, "action", InvalidMoveError, letters=True)


def _index(card: Card) -> int:
    return card.index


def _sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_index))


def _in_order(cards: object) -> bool:
    """True for a tuple of cards already sorted (as a move stores them): one pass, as
    moves are made by the thousand while a strategy searches."""
    if not isinstance(cards, tuple):
        return False
    last = -1
    for card in cards:
        if card.__class__ is not Card or card.index <= last:
            return False
        last = card.index
    return True


def _action(value: object) -> Action:
    """An action from its name (a move built by hand), or a ``TypeError``."""
    if isinstance(value, str):
        return Action.parse(value)
    raise TypeError(f"action must be an Action or its name, not {type(value).__name__}")


_MOVE_FORMS = (
    "expected an action (trail, capture, build, increase), the card played, then the loose "
    "cards and the [builds] it takes or uses, as in 'capture S5 H5 C2 D3' or 'increase SA [D5 H2]'"
)


@dataclass(frozen=True, slots=True)
class Move:
    """One card played as a trail, capture, build or increase. Frozen and hashable.

    ``loose`` are the loose cards captured (or used in a build); ``builds`` the builds
    captured (or the one increased), each given by its cards. Both are stored sorted.

    >>> from croupier.cards import Card
    >>> Move.trail(Card.parse("H5"))
    Move.parse('trail H5')
    >>> Move.increase(Card.parse("SA"), Card.parse("D5"), Card.parse("H2")).value
    8
    """

    action: Action
    card: Card
    loose: tuple[Card, ...] = ()
    builds: tuple[tuple[Card, ...], ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.action, Action):
            object.__setattr__(self, "action", _action(self.action))
        if self.card.__class__ is not Card:
            check_type(self.card, Card, "card")
        loose = self.loose
        if not _in_order(loose):
            cards = as_cards(loose, "loose", reads_text=False)
            object.__setattr__(self, "loose", _sorted_cards(cards))
        builds = self.builds
        if builds:
            normal = tuple(
                sorted(
                    map(_sorted_cards, _build_cards(builds, reads_text=False)),
                    key=lambda cards: [c.index for c in cards],
                )
            )
            if normal != builds:
                object.__setattr__(self, "builds", normal)

    # --- constructors ------------------------------------------------------------------

    @classmethod
    def trail(cls, card: Card) -> Move:
        """Trail ``card``: it goes loose on the table."""
        return cls(Action.TRAIL, card)

    @classmethod
    def capture(
        cls,
        card: Card,
        loose: Iterable[Card] = (),
        builds: Iterable[Build | Iterable[Card]] = (),
    ) -> Move:
        """Capture ``loose`` cards and ``builds`` (:class:`Build` objects or their cards)."""
        cards = loose if loose.__class__ is tuple else as_cards(loose, "loose")
        none = isinstance(builds, tuple) and not builds  # the common capture: no builds
        return cls(Action.CAPTURE, card, cards, () if none else _build_cards(builds))

    @classmethod
    def build(cls, card: Card, *loose: Card) -> Move:
        """Build with ``card`` and ``loose`` cards (none: join one's own build of its value)."""
        return cls(Action.BUILD, card, loose)

    @classmethod
    def increase(cls, card: Card, *build: Card | Build) -> Move:
        """Increase the opponent's build (a :class:`Build` or its cards) with ``card``."""
        cards: tuple[Card, ...] = ()
        for item in build:
            cards += item.cards if isinstance(item, Build) else (item,)
        return cls(Action.INCREASE, card, (), (cards,))

    @classmethod
    @checked
    def parse(cls, text: str) -> Move:
        """Read a move in the notation ``str(move)`` writes (any case and card notation).

        Text that is not a move raises :class:`~.errors.InvalidMoveError` (a
        :class:`~.errors.MoveCardError`, also a :class:`~croupier.cards.CardError`, when a
        card cannot be read), and so does what the notation alone shows is wrong: a card
        named twice, or a trail that names more than its card. Whether the move is legal
        is the position's question (:meth:`State.check <croupier.casino.state.State.check>`).

        >>> Move.parse("b c5 d4"), Move.parse("I SA [ [D5 H2] ]").builds
        (Move.parse('build C5 D4'), ((Card('2h'), Card('5d')),))
        >>> Move.parse("steal H5")
        Traceback (most recent call last):
        ...
        croupier.casino.errors.InvalidMoveError: bad move 'steal H5': bad action ...
        >>> Move.parse("trail SA SK")
        Traceback (most recent call last):
        ...
        croupier.casino.errors.InvalidMoveError: bad move 'trail SA SK': a trail names only ...
        >>> Move.parse("build SA SA")
        Traceback (most recent call last):
        ...
        croupier.casino.errors.InvalidMoveError: bad move 'build SA SA': SA is named twice: ...
        """
        tokens = tokenize(check_type(text, str, "text", "a move in notation (str)"))
        try:
            if len(tokens) < 2 or tokens[1] in "[]":
                raise InvalidMoveError(_MOVE_FORMS)
            action = Action.parse(tokens[0])
            items = parse_table(" ".join(tokens[1:]))
            card = items[0]
            if not isinstance(card, Card):
                raise InvalidMoveError(_MOVE_FORMS)
            loose = tuple(item for item in items[1:] if isinstance(item, Card))
            builds = tuple(
                tuple(c for part in item for c in part)
                for item in items[1:]
                if not isinstance(item, Card)
            )
            _check_notation(action, card, loose, builds)
        except CardError as exc:
            raise MoveCardError(f"bad move {text.strip()!r}: {exc}") from None
        except CasinoError as exc:
            raise InvalidMoveError(f"bad move {text.strip()!r}: {exc}") from None
        return cls(action, card, loose, builds)

    # --- what it is ----------------------------------------------------------------------

    @property
    def value(self) -> int | None:
        """The capture or build value (``None`` for a trail).

        >>> [Move.parse(m).value for m in ("capture SA HA", "build SA CK", "build SA", "trail SA")]
        [14, 14, 14, None]
        """
        action, card = self.action, self.card
        if action is Action.CAPTURE:
            return CARD_VALUE[card.index]
        if action is Action.BUILD:
            if not self.loose:
                return CARD_VALUE[card.index]
            return LOW_VALUE[card.index] + sum(LOW_VALUE[c.index] for c in self.loose)
        if action is Action.INCREASE:
            return LOW_VALUE[card.index] + sum(LOW_VALUE[c.index] for b in self.builds for c in b)
        return None

    @property
    def taken(self) -> tuple[Card, ...]:
        """Every table card the move takes or uses: the loose cards, then the builds' cards."""
        return self.loose + tuple(card for build in self.builds for card in build)

    def __str__(self) -> str:
        words = [self.action.value, self.card.casino]
        words.extend(card.casino for card in self.loose)
        words.extend(f"[{format_cards(build, CardStyle.CASINO)}]" for build in self.builds)
        return " ".join(words)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def describe(self, style: CardStyle | str = CardStyle.CASINO) -> str:
        """The move in words, cards written in ``style`` (a :class:`~croupier.cards.CardStyle`:
        ``casino`` H5, ``pretty`` 5♥ or ``str`` 5h).

        >>> Move.parse("capture SA CK HA [D6 C8]").describe("pretty")
        'capture K♣+A♥ and the build [6♦ 8♣] with A♠ as 14'
        """
        name = CardStyle.parse(style).name_of
        card = name(self.card)
        if self.action is Action.TRAIL:
            return f"trail {card}"
        if self.action is Action.CAPTURE:
            value = CARD_VALUE[self.card.index]
            groups = split_capture(self.loose, value) or tuple((c,) for c in self.loose)
            groups = tuple(sorted(groups, key=len))  # single cards first
            things = ["+".join(name(c) for c in group) for group in groups]
            things += [f"the build {_bracketed(build, name)}" for build in self.builds]
            as_14 = " as 14" if self.card.rank is Rank.ACE else ""
            return f"capture {_and(things)} with {card}{as_14}"
        if self.action is Action.BUILD:
            if not self.loose:
                return f"add {card} to the build of {self.value}"
            return f"build {self.value} from {_and([card, *(name(c) for c in self.loose)])}"
        build = self.builds[0] if self.builds else ()
        return f"increase the build {_bracketed(build, name)} to {self.value} with {card}"

    def to_dict(self, style: CardStyle | str = CardStyle.CASINO) -> dict[str, Any]:
        """The move as JSON-ready data: action, card, loose, builds, value, move, description.

        >>> Move.parse("build C5 D4").to_dict()["value"]
        9
        """
        return {
            "action": self.action.value,
            "card": self.card.casino,
            "loose": [c.casino for c in self.loose],
            "builds": [[c.casino for c in build] for build in self.builds],
            "value": self.value,
            "move": str(self),
            "description": self.describe(style),
        }


def _check_notation(
    action: Action, card: Card, loose: tuple[Card, ...], builds: tuple[tuple[Card, ...], ...]
) -> None:
    """Refuse what the notation alone shows is wrong: a card twice, a trail with more."""
    named = [card, *loose, *(c for build in builds for c in build)]
    seen: set[Card] = set()
    for named_card in named:
        if named_card in seen:
            raise InvalidMoveError(
                f"{named_card.casino} is named twice: a move names each card once"
            )
        seen.add(named_card)
    if action is Action.TRAIL and len(named) > 1:
        raise InvalidMoveError(
            "a trail names only the card played (it takes and uses nothing), as in 'trail H5'"
        )


def _build_cards(
    builds: Iterable[Build | Iterable[Card]], *, reads_text: bool = True
) -> tuple[tuple[Card, ...], ...]:
    """The cards of each build: a :class:`Build`, its cards (or their text)."""
    items = enumerate(check_type(builds, Iterable, "builds", "Builds or their cards"))
    return tuple(
        b.cards if isinstance(b, Build) else as_cards(b, f"builds[{i}]", reads_text=reads_text)
        for i, b in items
    )


def _bracketed(cards: Iterable[Card], name: Callable[[Card], str]) -> str:
    return "[" + " ".join(name(card) for card in cards) + "]"


def _and(things: list[str]) -> str:
    if len(things) <= 1:
        return "".join(things)
    return ", ".join(things[:-1]) + " and " + things[-1]
