"""The values every Casino module shares: the two players, a build, and the hand size.

This is the bottom of the rules package: it depends only on the cards, the card values,
the notation and the errors, and every other module may import it.

>>> from croupier.cards import parse_cards
>>> build = Build((parse_cards("C6 S3"), parse_cards("S9")), Player.HUMAN)
>>> build.value, build.is_multiple, str(build)
(9, True, '[ [C6 S3] [S9] ]')
>>> Player.HUMAN.other, Player.COMPUTER.label
(<Player.COMPUTER: 1>, 'Computer')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NoReturn

from croupier.arguments import checked
from croupier.cards import Card, CardStyle, as_cards, format_cards
from croupier.casino.errors import CasinoError
from croupier.casino.notation import BuildParts, format_parts
from croupier.casino.values import MAX_VALUE, group_values
from croupier.choices import parse_choice, unknown_member
from croupier.errors import check_type

__all__ = ["HAND_SIZE", "Build", "Player"]

#: Cards dealt to each player at a time (and to the table at the start of a round).
HAND_SIZE = 4


@enum.unique
class Player(enum.IntEnum):
    """The two seats at the table. ``int(player)`` indexes the state's per-player tuples.

    >>> Player.parse("computer"), Player.HUMAN.key
    (<Player.COMPUTER: 1>, 'human')
    """

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, CasinoError)

    HUMAN = 0
    COMPUTER = 1

    def __bool__(self) -> bool:
        return True  # a player is never falsy, not even the human (0)

    @property
    def other(self) -> Player:
        """The opponent."""
        return Player.COMPUTER if self is Player.HUMAN else Player.HUMAN

    @property
    def label(self) -> str:
        """The name in the save file: ``Human`` or ``Computer``."""
        return self.name.capitalize()

    @property
    def key(self) -> str:
        """The name in JSON: ``human`` or ``computer``."""
        return self.name.lower()

    @classmethod
    @checked
    def parse(cls, text: str) -> Player:
        """``Human`` or ``Computer``, in any case."""
        return parse_choice(cls, text, "player", CasinoError, word=lambda player: player.label)


@dataclass(frozen=True, slots=True)
class Build:
    """A build on the table: its groups of cards, its owner, and its value (derived).

    A single build is one group of two or more cards; a multiple build has several
    groups, each summing to the same value (a group may be one card of that value).

    >>> from croupier.cards import parse_cards
    >>> Build((parse_cards("D5 H2"),), Player.COMPUTER).value
    7
    >>> Build((parse_cards("D5 H2"), parse_cards("S8")), Player.COMPUTER)
    Traceback (most recent call last):
    ...
    croupier.casino.errors.CasinoError: bad build [ [D5 H2] [S8] ]: its groups do not make one ...
    """

    parts: BuildParts
    owner: Player
    value: int = field(init=False, compare=False)
    cards: tuple[Card, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        parts = self.parts
        if not _card_groups(parts):  # checked and copied only when not tuples of cards
            groups = check_type(parts, Iterable, "parts", "groups of cards")
            parts = tuple(
                as_cards(part, f"parts[{i}]", reads_text=False) for i, part in enumerate(groups)
            )
        object.__setattr__(self, "parts", parts)
        if self.owner.__class__ is not Player:
            object.__setattr__(self, "owner", _player(self.owner))
        object.__setattr__(self, "cards", tuple(card for part in parts for card in part))
        object.__setattr__(self, "value", _build_value(parts))

    @property
    def is_multiple(self) -> bool:
        """True for a multiple build (several groups of the same value)."""
        return len(self.parts) > 1

    def __str__(self) -> str:
        return format_parts(self.parts)

    def __contains__(self, card: object) -> bool:
        return card in self.cards


def _card_groups(parts: object) -> bool:
    """True for a tuple of tuples of cards (as builds are made while a strategy searches)."""
    if not isinstance(parts, tuple):
        return False
    for part in parts:
        if part.__class__ is not tuple:
            return False
        for card in part:
            if card.__class__ is not Card:
                return False
    return True


def _player(value: object) -> Player:
    """A player from a :class:`Player` or its number (0 or 1)."""
    number = check_type(value, int, "owner", "a Player")
    try:
        return Player(number)
    except ValueError:
        raise CasinoError(f"bad owner {value}: expected a Player (0 or 1)") from None


def _build_value(parts: BuildParts) -> int:
    where = format_parts(parts) if all(parts) else str(parts)
    if not parts or not all(parts):
        raise CasinoError(f"bad build {where}: a build needs cards in every group")
    if len(parts) == 1 and len(parts[0]) < 2:
        raise CasinoError(f"bad build {where}: a single build holds two cards or more")
    if all(len(part) == 1 for part in parts):
        raise CasinoError(f"bad build {where}: one of its groups must hold two cards or more")
    common = set(range(2, MAX_VALUE + 1))
    for part in parts:
        common &= set(group_values(part))
    if len(common) == 1:
        return common.pop()
    makes = ", ".join(
        f"{format_cards(part, CardStyle.CASINO)} makes "
        f"{' or '.join(map(str, group_values(part))) or 'more than 14'}"
        for part in parts
    )
    if len(parts) == 1:
        raise CasinoError(f"bad build {where}: its cards sum to more than 14 ({makes})")
    raise CasinoError(f"bad build {where}: its groups do not make one value ({makes})")
