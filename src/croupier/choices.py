"""One of a few named choices read from text: an enum's member by its word, or its first
letter, in any case, and one form of error for all of them.

The Casino action (``c``, ``capture``), the coin call (``h``, ``heads``), a level, a
seat (``Human``) and a card style are each read by :func:`parse_choice`:

>>> import enum
>>> class Side(enum.StrEnum):
...     HEADS = "heads"
...     TAILS = "tails"
>>> parse_choice(Side, " T ", "call", ValueError, letters=True)
<Side.TAILS: 'tails'>
>>> parse_choice(Side, "edge", "call", ValueError, letters=True)
Traceback (most recent call last):
...
ValueError: bad call 'edge': expected heads or tails (h or t)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Mapping
from typing import TypeVar

from croupier.errors import shown

__all__ = ["parse_choice", "unknown_member"]

E = TypeVar("E", bound=enum.Enum)


def _value(member: enum.Enum) -> str:
    return str(member.value)


def _either(words: list[str]) -> str:
    """``a, b or c``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def parse_choice(
    choices: type[E],
    text: str,
    what: str,
    error: Callable[[str], Exception],
    *,
    word: Callable[[E], str] = _value,
    letters: bool = False,
    aliases: Mapping[str, E] | None = None,
) -> E:
    """The member of ``choices`` that ``text`` names, in any case, spaces around ignored:
    its word (``word(member)``, by default its value), its first letter when ``letters``,
    or one of the ``aliases``. Anything else raises ``error`` with the message ``bad WHAT
    'TEXT': expected A, B or C`` (followed by the letters, ``(a, b, c)``, when they are
    accepted)."""
    given = text.strip()
    wanted = given.lower()
    for member in choices:
        name = word(member).lower()
        if wanted == name or (letters and wanted == name[:1]):
            return member
    if aliases and wanted in aliases:
        return aliases[wanted]
    words = [word(member) for member in choices]
    expected = _either(words)
    if letters:
        initials = [w[0].lower() for w in words]
        expected += f" ({_either(initials) if len(initials) == 2 else ', '.join(initials)})"
    raise error(f"bad {what} {given!r}: expected {expected}")


def unknown_member(
    choices: type[enum.Enum], value: object, error: Callable[[str], Exception]
) -> Exception:
    """The error for ``choices(value)`` when no member has that value: ``error`` naming
    the value and the values there are. An enum of croupier raises it from its
    ``_missing_``, so that a bad value is its game's error, not Python's ``ValueError``.

    >>> class Side(enum.StrEnum):
    ...     HEADS = "heads"
    ...     TAILS = "tails"
    >>> unknown_member(Side, "edge", ValueError)
    ValueError("bad side 'edge': expected heads or tails")
    """
    what = re.sub(r"(?<!^)(?=[A-Z])", " ", choices.__name__).lower()  # MadeHand: made hand
    values = [str(member.value) for member in choices]
    return error(f"bad {what} {shown(value)}: expected {_either(values)}")
