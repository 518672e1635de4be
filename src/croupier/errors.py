"""The root of croupier's exception families, and the checks every public function shares.

Every package has its own family (``CardError``, ``BaccaratError``, ``PokerError``,
``CasinoError``); all derive from :class:`CroupierError`, itself a :class:`ValueError`,
so callers can catch bad input from any game in one place. Messages name the bad input
and say what was expected. A bad card is always a :class:`croupier.cards.CardError` (a
game's card error subclasses both). An argument of the wrong *type* is a
:class:`TypeError` naming the argument (:func:`check_type`).

>>> check_type(None, str, "token")
Traceback (most recent call last):
...
TypeError: token must be a str, not NoneType
"""

from __future__ import annotations

import copy
from typing import TypeVar, cast

__all__ = ["CroupierError", "NotNowError", "check_type", "prefixed", "quoted", "shown"]

_T = TypeVar("_T")
_E = TypeVar("_E", bound=BaseException)


#: The longest token an error message quotes whole.
QUOTED_LENGTH = 40


def quoted(token: str) -> str:
    """``token`` quoted for an error message (its ``repr``); a token longer than
    :data:`QUOTED_LENGTH` characters is cut, saying how long it was, so that a message
    stays one short line whatever was typed.

    >>> quoted("2x"), quoted("AhKd" * 1000)
    ("'2x'", "'AhKdAhKdAhKdAhKdAhKdAhKdAhKdAhKdAhKdAhKd...' (4,000 characters)")
    """
    check_type(token, str, "token")
    if len(token) <= QUOTED_LENGTH:
        return repr(token)
    return f"{token[:QUOTED_LENGTH] + '...'!r} ({len(token):,} characters)"


def shown(value: object) -> str:
    """``value`` as an error message shows it: a ``str`` :func:`quoted`, anything else its
    ``repr``, which past :data:`QUOTED_LENGTH` characters is cut, saying how long it was.

    >>> shown("2x"), shown(0.5), shown(10**50)
    ("'2x'", '0.5', '1000000000000000000000000000000000000000... (51 characters)')
    """
    if isinstance(value, str):
        return quoted(value)
    text = repr(value)
    if len(text) <= QUOTED_LENGTH:
        return text
    return f"{text[:QUOTED_LENGTH]}... ({len(text):,} characters)"


class CroupierError(ValueError):
    """Bad input or an impossible request anywhere in croupier."""


class NotNowError(CroupierError):
    """A sound request the game cannot take at this moment: not this player's turn, the
    game over, no seat free. Each game's family has its own (the web answers it 409)."""


def check_type(value: object, kind: type[_T] | tuple[type, ...], name: str, what: str = "") -> _T:
    """Return ``value`` if it is an instance of ``kind``, else raise :class:`TypeError`.

    The message names the argument (``name``) and what it should be (``what``, by default
    the name of ``kind``); a ``bool`` never passes for an ``int``.

    >>> check_type(3, int, "decks")
    3
    >>> check_type(True, int, "decks", "a whole number")
    Traceback (most recent call last):
    ...
    TypeError: decks must be a whole number, not bool
    """
    try:
        fits = isinstance(value, kind)
    except TypeError:
        raise TypeError("kind must be a class or a tuple of classes") from None
    if fits and (value.__class__ is not bool or kind is bool):  # the one check on the way
        return cast(_T, value)
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if fits and bool in kinds:
        return cast(_T, value)
    if not isinstance(name, str) or not isinstance(what, str):
        raise TypeError("name and what must be str")
    if not what:
        what = " or ".join(
            f"{'an' if k.__name__[:1].lower() in 'aeiou' else 'a'} {k.__name__}" for k in kinds
        )
    raise TypeError(f"{name} must be {what}, not {type(value).__name__}")


def prefixed(error: _E, prefix: str) -> _E:
    """A copy of ``error`` (same class, same attributes) with ``prefix: `` before its message.

    >>> prefixed(CroupierError("bad card 'X'"), "line 3")
    CroupierError("line 3: bad card 'X'")
    """
    check_type(error, BaseException, "error", "an exception")
    new = copy.copy(error)
    new.args = (f"{check_type(prefix, str, 'prefix')}: {error}",)
    return new
