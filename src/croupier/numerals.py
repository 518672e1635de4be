"""Numbers in and out: the one parser of typed whole numbers, and the text forms of counts.

Every number a user types (an option, a menu answer, a score in a save file) goes through
:func:`parse_whole`: ASCII digits only (no signs, spaces, underscores, superscripts or
other scripts' digits), at most :data:`MAX_DIGITS` digits, within the caller's bounds.
Counts are printed with :func:`plural` and :func:`thousands`, shares with
:func:`signed`/:func:`fixed`, which never show a negative zero.

>>> parse_whole("42", "trials", low=1)
42
>>> parse_whole("²", "choice")
Traceback (most recent call last):
...
croupier.errors.CroupierError: bad choice '²': expected a whole number in ASCII digits (0-9)
>>> plural(1, "tournament"), plural(2_000, "shoe"), fixed(-0.0000001, 4)
('1 tournament', '2,000 shoes', '0.0000')
"""

from __future__ import annotations

import math
import re
from typing import Final

from croupier.arguments import checked
from croupier.errors import CroupierError, quoted

__all__ = [
    "MAX_BANKROLL_CENTS",
    "MAX_DIGITS",
    "SEED_LIMIT",
    "a_or_an",
    "describe_range",
    "fixed",
    "format_money",
    "fresh_seed",
    "is_ascii_whole",
    "parse_money",
    "parse_whole",
    "percent",
    "plural",
    "signed",
    "thousands",
]

#: Longest number accepted anywhere: more digits than any bound croupier has (the largest,
#: a seed, has 20), far below Python's 4,300-digit conversion limit.
MAX_DIGITS: Final = 40
#: Seeds run from 0 to 2**64 - 1 (NumPy accepts any size, but a seed is typed and read back).
SEED_LIMIT: Final = 2**64 - 1
#: The most money a bankroll or stake may hold: a billion dollars, in cents (far above any
#: table limit, and small enough that no sum of bets can lose precision anywhere).
MAX_BANKROLL_CENTS: Final = 100_000_000_000
#: The most decimals a figure is written with.
MAX_DECIMALS: Final = 20
#: Fresh seeds are drawn below this, so every printed seed has at most ten digits.
FRESH_SEED_BOUND: Final = 2**32


@checked
def is_ascii_whole(text: str) -> bool:
    """True if ``text`` is one to :data:`MAX_DIGITS` ASCII digits and nothing else.

    >>> is_ascii_whole("007"), is_ascii_whole("٣"), is_ascii_whole(" 7"), is_ascii_whole("1_0")
    (True, False, False, False)
    """
    return 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()


@checked
def parse_whole(
    text: str,
    what: str,
    *,
    low: int | None = None,
    high: int | None = None,
    error: type[CroupierError] = CroupierError,
) -> int:
    """``text`` as a whole number from ``low`` to ``high`` (each optional), or ``error``
    naming ``what`` and the text (cut short when long) and saying what was expected.

    >>> parse_whole("0", "workers", low=1, high=8)
    Traceback (most recent call last):
    ...
    croupier.errors.CroupierError: bad workers '0': expected a whole number from 1 to 8
    >>> parse_whole("9" * 50, "seed")
    Traceback (most recent call last):
    ...
    croupier.errors.CroupierError: bad seed '9999...' (50 characters): expected at most 40 digits
    """
    if len(text) > MAX_DIGITS and text.isascii() and text.isdigit():
        raise error(f"bad {what} {quoted(text)}: expected at most {MAX_DIGITS} digits")
    if not is_ascii_whole(text):
        raise error(f"bad {what} {quoted(text)}: expected {describe_range(low, high)}")
    value = int(text)
    if (low is not None and value < low) or (high is not None and value > high):
        raise error(f"bad {what} {quoted(text)}: expected {describe_range(low, high)}")
    return value


@checked
def describe_range(low: int | None, high: int | None) -> str:
    """What a bounded whole number may be, in words.

    >>> describe_range(1, 64), describe_range(0, None)
    ('a whole number from 1 to 64', 'a whole number of 0 or more')
    """
    if low is not None and high is not None:
        return f"a whole number from {thousands(low)} to {thousands(high)}"
    if low is not None:
        return f"a whole number of {thousands(low)} or more"
    if high is not None:
        return f"a whole number up to {thousands(high)}"
    return "a whole number in ASCII digits (0-9)"


def fresh_seed() -> int:
    """A new random seed, printed for reproduction in the same form by every command."""
    import random  # (secrets is the same generator, and loads hashlib and OpenSSL too)

    return random.SystemRandom().randrange(FRESH_SEED_BOUND)


@checked
def thousands(count: int) -> str:
    """A whole number with thousands separators: ``52,000,000,000``.

    >>> thousands(52_000_000_000), thousands(7)
    ('52,000,000,000', '7')
    """
    return f"{count:,}"


@checked
def plural(count: int, noun: str, plural_form: str | None = None) -> str:
    """``count`` and the noun, plural unless the count is one: ``1 deck``, ``8 decks``.

    >>> plural(1, "deck"), plural(0, "match", "matches"), plural(3, "number")
    ('1 deck', '0 matches', '3 numbers')
    """
    word = noun if count == 1 else (plural_form or noun + "s")
    return f"{thousands(count)} {word}"


@checked
def a_or_an(word: str) -> str:
    """``word`` with its indefinite article, as it is said: ``an A``, ``an 8``, ``a K``,
    ``an ace``, ``a 10``.

    >>> a_or_an("A"), a_or_an("8"), a_or_an("K"), a_or_an("ace"), a_or_an("10")
    ('an A', 'an 8', 'a K', 'an ace', 'a 10')
    """
    said_with_a_vowel = word[:1].lower() in "aeio" or word.startswith(("8", "11", "18"))
    return f"{'an' if said_with_a_vowel else 'a'} {word}"


def _no_negative_zero(text: str) -> str:
    """Drop the minus sign of a figure that rounds to zero (``-0.00`` -> ``0.00``)."""
    if text.startswith("-") and not any(ch in "123456789" for ch in text):
        return text[1:]
    return text


@checked
def fixed(value: float, digits: int) -> str:
    """``value`` with ``digits`` decimals, never ``-0.000``.

    >>> fixed(-0.00001, 3), fixed(-0.5, 1), fixed(float("nan"), 2)
    ('0.000', '-0.5', 'nan')
    """
    if not 0 <= digits <= MAX_DECIMALS:
        raise CroupierError(f"bad digits {digits}: expected 0 to {MAX_DECIMALS}")
    value = float(value)
    if math.isnan(value):
        return "nan"
    return _no_negative_zero(f"{value:.{digits}f}")


@checked
def signed(value: float, digits: int) -> str:
    """``value`` with a sign and ``digits`` decimals; zero (after rounding) has none.

    >>> signed(-0.0000000001, 8), signed(0.0125, 3), signed(-0.25, 2)
    ('0.00000000', '+0.013', '-0.25')
    """
    text = fixed(value, digits)
    if text.startswith("-") or not any(ch in "123456789" for ch in text):
        return text
    return "+" + text


@checked
def percent(value: float, digits: int = 4, *, sign: bool = False) -> str:
    """A share as a percentage, never ``-0.0000%``.

    >>> percent(0.45860, 2), percent(-0.0000001), percent(-0.0106, 2, sign=True)
    ('45.86%', '0.0000%', '-1.06%')
    """
    scaled = float(value) * 100
    return (signed(scaled, digits) if sign else fixed(scaled, digits)) + "%"


_MONEY = re.compile(r"\$?(?P<dollars>[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.(?P<cents>[0-9]{1,2}))?")


@checked
def parse_money(
    text: str, what: str = "amount", *, error: type[CroupierError] = CroupierError
) -> int:
    """An amount of dollars (``100``, ``12.50``, ``$1,000``) as whole cents.

    ASCII digits only, at most two decimals and :data:`MAX_DIGITS` characters.

    >>> parse_money("12.5"), parse_money("$1,000"), parse_money("0")
    (1250, 100000, 0)
    >>> parse_money("1e400")
    Traceback (most recent call last):
    ...
    croupier.errors.CroupierError: bad amount '1e400': expected dollars, e.g. 100 or 12.50
    """
    match = _MONEY.fullmatch(text) if len(text) <= MAX_DIGITS else None
    if match is None:
        raise error(f"bad {what} {quoted(text)}: expected dollars, e.g. 100 or 12.50")
    dollars = int(match["dollars"].replace(",", ""))
    cents = int((match["cents"] or "0").ljust(2, "0"))
    return dollars * 100 + cents


@checked
def format_money(cents: int, *, with_cents: bool = False) -> str:
    """Cents as dollars with thousands separators: ``$1,000``, ``$9.97``, ``-$5``.

    Amounts with cents always show two decimals; ``with_cents=True`` shows them on whole
    amounts too, so a session where any amount may have cents prints all of them alike.

    >>> format_money(100_000), format_money(997), format_money(-500)
    ('$1,000', '$9.97', '-$5')
    >>> format_money(1000, with_cents=True)
    '$10.00'
    """
    sign, cents = ("-", -cents) if cents < 0 else ("", cents)
    dollars, rest = divmod(cents, 100)
    return f"{sign}${dollars:,}" + (f".{rest:02d}" if rest or with_cents else "")
