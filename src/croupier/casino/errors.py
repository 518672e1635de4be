"""Casino's exception family, and the rules a move can break.

Every error is a :class:`CasinoError`, itself a :class:`~croupier.errors.CroupierError`
(a :class:`ValueError`). The kinds a caller tells apart:

- :class:`CasinoCardError`: a bad card, also a :class:`croupier.cards.CardError`, so
  ``except CardError`` catches a bad card from any game;
- :class:`InvalidMoveError`: a move whose text cannot be read (``Move.parse``);
- :class:`IllegalMoveError`: a move the rules forbid where it is played; ``rule`` names
  the :class:`Rule` it breaks;
- :class:`SaveFileError`: a save or deck file refused; ``line`` names the line at fault
  (:class:`SaveFileCardError` when a card is at fault);
- :class:`TurnError`: a sound request at the wrong moment (not that player's turn, the
  tournament over, nothing to take back); also a :class:`croupier.errors.NotNowError`.

>>> from croupier.cards import CardError
>>> issubclass(MoveCardError, InvalidMoveError) and issubclass(MoveCardError, CardError)
True
>>> Rule.TRAIL_OWNER.text
'a player who owns a build cannot trail'
"""

from __future__ import annotations

import enum
from typing import NoReturn

from croupier.cards import CardError
from croupier.choices import unknown_member
from croupier.errors import CroupierError, NotNowError

__all__ = [
    "CasinoCardError",
    "CasinoError",
    "IllegalMoveError",
    "InvalidMoveError",
    "MoveCardError",
    "Rule",
    "SaveFileCardError",
    "SaveFileError",
    "TurnError",
]


class CasinoError(CroupierError):
    """A Casino request that cannot be honoured: a bad position, move, file or deck."""


class CasinoCardError(CasinoError, CardError):
    """A card Casino cannot read; also a :class:`~croupier.cards.CardError`."""


class InvalidMoveError(CasinoError):
    """A move whose text cannot be read: unknown action, a card twice, two cards to trail..."""


class MoveCardError(InvalidMoveError, CasinoCardError):
    """A move that cannot be read because one of its cards cannot be."""


@enum.unique
class Rule(enum.StrEnum):
    """Each rule a move can break: its value is a short code that stays when the rule is
    reworded (``trail-match``), its :attr:`text` the sentence that states it.

    >>> Rule("trail-match") is Rule.TRAIL_MATCH, Rule.TRAIL_MATCH.text
    (True, 'a card that matches a loose card cannot be trailed: it must capture it')
    """

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, CasinoError)

    _text: str

    ROUND_OVER = "round-over", "the round is over: nobody has a card to play"
    CARD_IN_HAND = "card-in-hand", "the card played must come from the hand of the player to move"
    ON_TABLE = "on-table", "the loose cards named must lie loose on the table, each named once"
    BUILD_ON_TABLE = (
        "build-on-table",
        "each build named must be on the table, named by all of its cards",
    )
    TRAIL_TAKES_NOTHING = (
        "trail-takes-nothing",
        "a trail only puts the card on the table: it takes and uses nothing",
    )
    TRAIL_MATCH = (
        "trail-match",
        "a card that matches a loose card cannot be trailed: it must capture it",
    )
    TRAIL_OWNER = "trail-owner", "a player who owns a build cannot trail"
    CAPTURE_SOMETHING = "capture-something", "a capture must take something"
    CAPTURE_BUILD_VALUE = (
        "capture-build-value",
        "a capture takes only builds worth the value of the card played",
    )
    CAPTURE_MATCHES = "capture-matches", "every loose card of the value played must be captured"
    CAPTURE_SETS = (
        "capture-sets",
        "the loose cards captured must split into cards of the value played and sets of two "
        "or more cards that sum to it",
    )
    BUILD_LOOSE = "build-loose", "a build uses the card played and loose cards only"
    BUILD_ALONE = (
        "build-alone",
        "a card played alone can only join its owner's build of the card's value",
    )
    BUILD_MAX = "build-max", "a build is worth at most 14"
    BUILD_HOLD = (
        "build-hold",
        "a player builds only while keeping in hand another card of the build's value",
    )
    BUILD_OPPONENT_VALUE = (
        "build-opponent-value",
        "a build may not take the value of a build the opponent owns",
    )
    INCREASE_ONE = (
        "increase-one",
        "an increase adds the card played to exactly one build, and to nothing else",
    )
    INCREASE_OWN = "increase-own", "nobody increases their own build"
    INCREASE_MULTIPLE = "increase-multiple", "a multiple build cannot be increased"
    INCREASE_MAX = "increase-max", "an increased build is worth at most 14"
    INCREASE_HOLD = (
        "increase-hold",
        "a player increases a build only while holding another card of its new value",
    )
    KEEP_CARD = (
        "keep-card",
        "a build's owner must keep a card of its value in hand until the build is captured "
        "or taken over",
    )

    def __new__(cls, code: str, text: str = "") -> Rule:
        # Called with (code, text) to make each member; Rule(code) finds the member.
        rule = str.__new__(cls, code)
        rule._value_ = code
        rule._text = text
        return rule

    @property
    def text(self) -> str:
        """The rule in words."""
        return self._text


class IllegalMoveError(CasinoError):
    """A move the rules forbid in the position it was played in; ``rule`` says which rule."""

    def __init__(self, message: str, rule: Rule) -> None:
        super().__init__(message)
        self.rule = rule


class SaveFileError(CasinoError):
    """A save or deck file refused: ``line`` is the 1-based line at fault (``None``: the file)."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


class SaveFileCardError(SaveFileError, CasinoCardError):
    """A save or deck file refused for a card: bad, or in two places."""


class TurnError(CasinoError, NotNowError):
    """A request the game cannot take now: a move when it is the other player's turn, a
    move or a hint once the tournament is over, a take-back with nothing to take back."""
