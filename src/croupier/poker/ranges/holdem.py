"""Poker ranges: the starting hands a player may hold, each with a weight.

:meth:`Range.parse` reads the notations of the equity calculators (PokerStove, Equilab,
eval7), separated by spaces or commas:

- pairs ``QQ``, ``TT+`` (TT to AA), ``22-66``;
- suited and offsuit classes ``AKs``, ``AKo``, ``AK`` (both), ``A2s+`` (A2s up to AKs),
  ``KTo+``, ``A5s-A2s``;
- specific combos ``AhKh`` (or ``Ah Kh``, ``10h 9h``: two cards in a row);
- one card and any other: ``Ah?`` (the 51 combos holding the ace of hearts);
- ``random`` or ``*``: any two cards; ``15%``: the best 15% of the 1,326 combos, whole
  classes in the order of their all-in equity against three random hands (PokerStove's
  and Equilab's); ``15%vs1`` in the order of equity against one random hand (see
  :mod:`~croupier.poker.ranges.orders`); in short-deck (``Range.parse(text,
  game="shortdeck")``) the best 15% of its 630 combos, in its own orders;
- a weight after any of them, ``AKs@50`` (per cent) or ``AKs:0.5`` (a fraction): the
  class is held that often compared with a weight-1 class; or before a group in
  parentheses, as eval7 writes it: ``0.5(AKs, QQ)``, ``40%(ATs+)``. A later token
  overrides an earlier one for the combos they share (``@0`` takes combos out).

``str()`` gives the short normalised text, and parsing it gives the same range:

>>> r = Range.parse("AKs, AKo, QQ+ ,AhKh 22-44 A5s-A2s KTs+ JJ@50")
>>> str(r), len(r)
('QQ+, JJ@50, 44-22, AK, A5s-A2s, KTs+', 86)
>>> str(Range.parse("20%"))
'66+, A4s+, A9o+, K8s+, KTo+, QT+, Q9s, JT, J9s, T9s'
>>> str(Range.parse("15%vs1"))
'55+, A5s+, A9o+, K9s+, KJo+, QJs'
>>> Range.parse(str(r)) == r, "AsKs" in r, "7c2d" in r
(True, True, False)
>>> Range.parse("AK, 2x")
Traceback (most recent call last):
...
croupier.poker.ranges.holdem.RangeError: bad range token '2x' at position 2: expected ...
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.arguments import checked
from croupier.arrays import as_array, whole_numbers
from croupier.cards import (
    DECK,
    Card,
    CardError,
    indices_to_cards,
    parse_card,
    parse_cards,
    split_cards,
)
from croupier.errors import quoted, shown
from croupier.poker.errors import PokerCardError
from croupier.poker.games import Game, variant_of
from croupier.poker.ranges.starting_hands import (
    CLASS_COMBOS,
    CLASS_OF_COMBO,
    CLASS_SIZES,
    COMBO_CARDS,
    COMBO_COUNT,
    COMBO_INDEX,
    class_number,
    combo_text,
)

__all__ = ["Range", "RangeError"]


class RangeError(PokerCardError):
    """A range that cannot be read: names the bad token and what was expected."""


_RANKS: Final = "23456789TJQKA"
#: Combo numbers ordered by class, and where each class starts in that order.
_BY_CLASS: Final = np.concatenate(CLASS_COMBOS)
_CLASS_STARTS: Final = np.concatenate([[0], np.cumsum(CLASS_SIZES)[:-1]])
_RANK = r"(?:10|[2-9TJQKA])"
_CLASS = re.compile(
    rf"(?P<a>{_RANK})(?P<b>{_RANK})(?P<s>[SO]?)"
    rf"(?:(?P<plus>\+)|-(?P<c>{_RANK})(?P<d>{_RANK})(?P<s2>[SO]?))?"
)
_WEIGHT = re.compile(r"(?P<body>.*?)(?:@(?P<pct>[0-9.]+)|:(?P<frac>[0-9.]+))")
_PERCENT = re.compile(r"(?P<pct>[0-9]+(?:\.[0-9]+)?)%(?P<order>vs[0-9]+)?", re.IGNORECASE)
EXPECTED: Final = (
    "expected a pair (QQ, TT+, 22-66), suited or offsuit hands (AKs, AKo, AK, A2s+, "
    "A5s-A2s), two cards (AhKh), random, * or a top percentage (15%, 15%vs1), each "
    "optionally weighted (@50 or :0.5)"
)


def _rank(text: str) -> int:
    return _RANKS.index("T" if text == "10" else text) + 2


class Range:
    """A weighted set of two-card combos (immutable).

    >>> r = Range.parse("QQ+, AKs:0.5")
    >>> len(r), r.weight("AsKs"), r.weight("QsQh"), r.weight("AsKd")
    (22, 0.5, 1.0, 0.0)
    >>> r.matrix()[:3, :3].tolist()
    [[1.0, 0.5, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    """

    __slots__ = ("_numbers", "_numbers_weights", "_set", "_text", "_weights")

    @checked
    def __init__(self, weights: NDArray[np.floating] | None = None) -> None:
        """A range from the weight (0 to 1) of each of the 1,326 combos (none: empty)."""
        array = np.zeros(COMBO_COUNT) if weights is None else np.array(weights, dtype=float)
        if array.shape != (COMBO_COUNT,) or not ((array >= 0) & (array <= 1)).all():
            raise RangeError(f"expected {COMBO_COUNT} weights from 0 to 1")
        array.flags.writeable = False
        self._weights = array
        self._text: str | None = None
        self._numbers: NDArray[np.int64] | None = None
        self._set: int | None = None
        self._numbers_weights: NDArray[np.float64] | None = None

    # --- reading ------------------------------------------------------------------------

    def _repr_svg_(self) -> str:
        """The 13x13 grid of classes, each shaded by its weight, and the combo count, drawn in a
        notebook (:mod:`croupier.poker.display`)."""
        from croupier.poker.display import range_svg

        return range_svg(self)

    @classmethod
    @checked
    def parse(cls, text: str, game: Game | str = Game.HOLDEM) -> Range:
        """Read a range (see the module's notes); an empty text is an error. ``game``
        (hold'em or a short deck, by :class:`~croupier.poker.games.Game` or name) gives
        the order of a top percentage (``15%``): a short deck's takes its own 81 classes,
        a share of its 630 combos; the rest of the text reads the same in every game.

        Ranges are read-only, so the last texts read are kept with their ranges (and
        their printable text, once made): asking again about the same ranges reads
        nothing again.

        >>> str(Range.parse("10%", game="shortdeck"))
        '99+, AJs+, AKo, KQs'
        """
        variant = variant_of(game)
        if not variant.two_card:
            raise RangeError(
                f"{variant.label} is no two-card game: its ranges are read by "
                "croupier.poker.ranges.generic (AA:xxyy, AsAh??...)"
            )
        if cls is Range and isinstance(text, str):
            return _parse_once(text, variant.game)
        return cls._read(text, variant.game)

    @classmethod
    def _read(cls, text: str, game: Game = Game.HOLDEM) -> Range:
        tokens = _join_cards(_ungroup(text).replace(",", " ").split())
        if not tokens:
            raise RangeError(f"empty range: {EXPECTED}")
        weights = np.zeros(COMBO_COUNT)
        for position, token in enumerate(tokens, 1):
            combos, weight = _read_token(token, position, game)
            weights[combos] = weight
        return cls(weights)

    @classmethod
    @checked
    def of_combos(cls, combos: NDArray[np.integer] | list[int], weight: float = 1.0) -> Range:
        """The combos numbered ``combos`` (ints 0 to 1,325, see
        :mod:`~croupier.poker.ranges.starting_hands`), each at ``weight`` (0 to 1).

        >>> str(Range.of_combos([0, 1325], weight=0.5))
        'AsAh@50, 2d2c@50'
        >>> Range.of_combos([1326])
        Traceback (most recent call last):
        ...
        croupier.poker.ranges.holdem.RangeError: bad combo number 1326: expected integers 0 to 1,325
        """
        numbers = _combo_numbers(combos)
        if not 0 <= weight <= 1:  # NaN too
            raise RangeError(f"bad weight {shown(weight)}: expected 0 to 1")
        weights = np.zeros(COMBO_COUNT)
        weights[numbers] = weight
        return cls(weights)

    # --- what it holds ------------------------------------------------------------------

    @property
    def weights(self) -> NDArray[np.float64]:
        """The weight of each combo, by combo number (read-only)."""
        return self._weights

    @property
    def combo_numbers(self) -> NDArray[np.int64]:
        """The numbers of the combos in the range (weight above 0), in order (read-only:
        found once, as a range is)."""
        if self._numbers is None:
            numbers = np.flatnonzero(self._weights > 0)
            numbers.flags.writeable = False
            self._numbers = numbers
        return self._numbers

    @property
    def combo_weights(self) -> NDArray[np.float64]:
        """The weights of :attr:`combo_numbers`, in their order (read-only, found once)."""
        if self._numbers_weights is None:
            weights = self._weights[self.combo_numbers]
            weights.flags.writeable = False
            self._numbers_weights = weights
        return self._numbers_weights

    @property
    def combo_set(self) -> int:
        """The combos in the range as a set of bits: bit ``n`` for combo number ``n``
        (found once). With :func:`~croupier.poker.ranges.starting_hands.combos_meeting`, tells
        in a few integer operations which combos some cards leave.

        >>> bin(Range.parse("AsAh, 2c2d").combo_set).count("1")
        2
        """
        if self._set is None:
            self._set = int.from_bytes(
                np.packbits(self._weights > 0, bitorder="little").tobytes(), "little"
            )
        return self._set

    @property
    def combos(self) -> tuple[tuple[Card, Card], ...]:
        """The combos in the range, each as two cards (high card first)."""
        return tuple(
            (DECK[int(COMBO_CARDS[c, 1])], DECK[int(COMBO_CARDS[c, 0])]) for c in self.combo_numbers
        )

    @checked
    def weight(self, combo: str | tuple[Card, Card]) -> float:
        """The weight of one combo, given as text (``AhKh``) or two cards."""
        return float(self._weights[_combo_of(combo)])

    def __contains__(self, combo: object) -> bool:
        """Whether the range holds ``combo``, given as :meth:`weight` takes it (and
        refused as it refuses it); anything but text or a tuple is no combo (False)."""
        if not isinstance(combo, str | tuple):
            return False
        return self.weight(combo) > 0

    def __len__(self) -> int:
        return len(self.combo_numbers)

    def __iter__(self) -> Iterator[tuple[Card, Card]]:
        return iter(self.combos)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Range) and bool(np.array_equal(self._weights, other._weights))

    def __hash__(self) -> int:
        return hash(self._weights.tobytes())

    def __repr__(self) -> str:
        return f"Range.parse({str(self)!r})"

    def matrix(self) -> NDArray[np.float64]:
        """The 13x13 grid (aces first; pairs on the diagonal, suited above, offsuit below):
        the weighted fraction of each class's combos in the range."""
        sums = np.bincount(CLASS_OF_COMBO, weights=self._weights, minlength=169)
        grid: NDArray[np.float64] = (sums / CLASS_SIZES).reshape(13, 13)
        return grid

    @checked
    def without(self, cards: NDArray[np.integer] | list[int]) -> Range:
        """The range less every combo holding one of ``cards`` (card numbers)."""
        dead = np.zeros(52, dtype=bool)
        dead[[card.index for card in indices_to_cards(cards)]] = True
        weights = np.where(dead[COMBO_CARDS].any(axis=1), 0.0, self._weights)
        return Range(weights)

    # --- writing ------------------------------------------------------------------------

    def __str__(self) -> str:
        if self._text is None:
            self._text = self._normalised()
        return self._text

    def _normalised(self) -> str:
        weights = self._weights
        if not weights.any():
            return ""
        if (weights == weights[0]).all():
            return "random" + _weight_text(float(weights[0]))
        held = np.flatnonzero(weights)
        if len(held) == 51 and (weights[held] == weights[held[0]]).all():
            card = int(np.argmax(np.bincount(COMBO_CARDS[held].ravel(), minlength=52)))
            if (COMBO_CARDS[held] == card).any(axis=1).all():
                return f"{DECK[card]}?" + _weight_text(float(weights[held[0]]))
        by_class = weights[_BY_CLASS]
        low = np.minimum.reduceat(by_class, _CLASS_STARTS)
        high = np.maximum.reduceat(by_class, _CLASS_STARTS)
        whole = np.flatnonzero((low == high) & (high > 0))
        full = dict(zip(whole.tolist(), high[whole].tolist(), strict=True))
        loose = [
            int(c)
            for number in np.flatnonzero(low != high).tolist()
            for c in CLASS_COMBOS[number][weights[CLASS_COMBOS[number]] > 0]
        ]
        parts = _pair_text(full) + _unpaired_text(full)
        loose.sort(key=lambda c: (-int(COMBO_CARDS[c, 1]), -int(COMBO_CARDS[c, 0])))
        parts += [combo_text(c) + _weight_text(float(weights[c])) for c in loose]
        return ", ".join(parts)


# --- parsing helpers ----------------------------------------------------------------------


_GROUP = re.compile(r"(?P<weight>[0-9.]+)(?P<pct>%?)\((?P<body>[^()]*)\)")


def _ungroup(text: str) -> str:
    """``0.5(AKs, QQ)`` and ``50%(AKs, QQ)`` as ``AKs:0.5 QQ:0.5`` / ``AKs@50 QQ@50``."""

    def spread(match: re.Match[str]) -> str:
        mark = "@" if match["pct"] else ":"
        tokens = _join_cards(match["body"].replace(",", " ").split())
        return " ".join(f"{token}{mark}{match['weight']}" for token in tokens)

    return _GROUP.sub(spread, text)


def _is_card(token: str) -> bool:
    try:
        parse_card(token)
    except CardError:
        return False
    return True


def _join_cards(tokens: list[str]) -> list[str]:
    """Two single-card tokens in a row are one combo (``Ah Kh``)."""
    joined: list[str] = []
    i = 0
    while i < len(tokens):
        if i + 1 < len(tokens) and _is_card(tokens[i]) and _is_card(_unweighted(tokens[i + 1])):
            joined.append(tokens[i] + tokens[i + 1])
            i += 2
        else:
            joined.append(tokens[i])
            i += 1
    return joined


def _unweighted(token: str) -> str:
    match = _WEIGHT.fullmatch(token)
    return match.group("body") if match else token


#: What a list of combo numbers is expected to be.
_ONE_LIST: Final = "expected one list of integers 0 to 1,325"


def _combo_numbers(combos: NDArray[np.integer] | list[int]) -> NDArray[np.int64]:
    """``combos`` as combo numbers, checked as :func:`croupier.cards.indices_to_cards`
    checks card numbers: a number that is no combo's (out of range, or not whole) is a
    :class:`RangeError`, anything else but an int a :class:`TypeError`."""
    array = as_array(combos, "combo numbers", _ONE_LIST, RangeError)
    if array.ndim != 1:
        raise RangeError(f"bad combo numbers of shape {array.shape}: {_ONE_LIST}")
    return whole_numbers(combos, COMBO_COUNT, name="combos", what="combo number", error=RangeError)


def _combo_of(combo: str | tuple[Card, Card]) -> int:
    if isinstance(combo, tuple):
        if len(combo) != 2 or combo[0] == combo[1]:
            raise RangeError(f"bad combo {combo!r}: expected two different cards")
        first, second = combo
        cards = (first.index, second.index)
    else:
        found = _two_cards(combo.replace(" ", ""))
        if found is None:
            raise RangeError(f"bad combo {combo!r}: expected two different cards, as in AhKh")
        cards = found
    return int(COMBO_INDEX[cards])


def _two_cards(text: str) -> tuple[int, int] | None:
    """The card numbers of two different cards written together (``AhKh``, ``10h9h``),
    read by :func:`croupier.cards.parse_cards`; None for anything else."""
    tokens = split_cards(text)
    if len(tokens) != 2:
        return None
    try:
        first, second = parse_cards(tokens, distinct=True)
    except CardError:
        return None
    return first.index, second.index


def _read_token(token: str, position: int, game: Game) -> tuple[NDArray[np.int64], float]:
    """The combos a token names and their weight."""
    body, weight = token, 1.0
    match = _WEIGHT.fullmatch(token)
    if match:
        body = match.group("body")
        try:
            if match.group("pct") is not None:
                weight = float(match.group("pct")) / 100
            else:
                weight = float(match.group("frac"))
        except ValueError:
            weight = -1.0
        if not 0 <= weight <= 1:
            raise RangeError(
                f"bad weight in {token!r} at position {position}: expected @0 to @100 "
                "(per cent) or :0 to :1 (a fraction)"
            )
    combos = _read_body(body, game)
    if combos is None:
        raise RangeError(f"bad range token {quoted(token)} at position {position}: {EXPECTED}")
    return combos, weight


def _read_body(body: str, game: Game) -> NDArray[np.int64] | None:
    upper = body.upper()
    if upper in ("RANDOM", "*", "ANY", "XXXX"):
        return np.arange(COMBO_COUNT)
    percent = _PERCENT.fullmatch(body)
    if percent:
        order = (percent["order"] or "vs3").lower()
        return _top_percent(float(percent.group("pct")), order, game)
    match = _CLASS.fullmatch(upper)
    if match:
        return _read_classes(match)
    cards = _two_cards(body)
    if cards is not None:
        return np.array([COMBO_INDEX[cards]], dtype=np.int64)
    if body.endswith("?") and _is_card(body[:-1]):
        card = parse_card(body[:-1]).index
        return np.flatnonzero(np.equal(COMBO_CARDS, card).any(axis=1))
    return None


def _classes(high: int, low: int, kind: str) -> list[int]:
    """``kind``: ``S``, ``O`` or ``""`` (both, or a pair)."""
    if high == low:
        return [class_number(high, low, False)] if kind == "" else []
    suits = {"S": [True], "O": [False], "": [True, False]}[kind]
    return [class_number(high, low, s) for s in suits]


def _read_classes(match: re.Match[str]) -> NDArray[np.int64] | None:
    a, b, kind = _rank(match["a"]), _rank(match["b"]), match["s"]
    high, low = max(a, b), min(a, b)
    if match["c"] is not None:
        c, d = _rank(match["c"]), _rank(match["d"])
        if match["s2"] != kind:
            return None
        if a == b and c == d:  # pairs: 22-66
            span = [(r, r) for r in range(min(a, c), max(a, c) + 1)]
        elif a == c and b != a and d != c:  # A5s-A2s: the same high card
            span = [(a, k) for k in range(min(b, d), max(b, d) + 1)]
            if max(b, d) >= a:
                return None
        else:
            return None
    elif match["plus"]:
        if high == low:
            span = [(r, r) for r in range(high, 15)]
        else:
            span = [(high, k) for k in range(low, high)]
    else:
        span = [(high, low)]
    numbers = [n for h, k in span for n in _classes(h, k, kind)]
    if not numbers:
        return None
    return np.concatenate([CLASS_COMBOS[n] for n in numbers])


def _top_percent(percent: float, order: str, game: Game) -> NDArray[np.int64] | None:
    """The combos of the best classes of ``game``'s deck, in ``order``, while they hold
    fewer than ``percent`` of its combos."""
    from croupier.poker.ranges.orders import RangeOrder, class_order

    if not 0 < percent <= 100 or order not in set(RangeOrder):
        return None
    classes = class_order(order, game)
    target = percent / 100 * int(CLASS_SIZES[list(classes)].sum())
    taken: list[NDArray[np.int64]] = []
    count = 0
    for number in classes:
        if count >= target - 1e-9:
            break
        taken.append(CLASS_COMBOS[number])
        count += int(CLASS_SIZES[number])
    return np.concatenate(taken)


# --- writing helpers ----------------------------------------------------------------------


def _weight_text(weight: float) -> str:
    if weight == 1:
        return ""
    percent = f"{weight * 100:.10g}"
    if float(percent) / 100 == weight:
        return "@" + percent
    return ":" + repr(weight)


def _runs(items: list[tuple[int, float]]) -> list[list[tuple[int, float]]]:
    """Split (rank, weight) items, ranks descending, into runs of consecutive ranks of
    one weight."""
    runs: list[list[tuple[int, float]]] = []
    for rank, weight in items:
        if runs and runs[-1][-1][0] == rank + 1 and runs[-1][-1][1] == weight:
            runs[-1].append((rank, weight))
        else:
            runs.append([(rank, weight)])
    return runs


def _pair_text(full: dict[int, float]) -> list[str]:
    items = [(r, full[n]) for r in range(14, 1, -1) if (n := class_number(r, r, False)) in full]
    parts = []
    for run in _runs(items):
        top, bottom, weight = run[0][0], run[-1][0], run[0][1]
        top_char, bottom_char = _RANKS[top - 2], _RANKS[bottom - 2]
        if len(run) == 1:
            text = top_char * 2
        elif top == 14:
            text = bottom_char * 2 + "+"
        else:
            text = f"{top_char * 2}-{bottom_char * 2}"
        parts.append(text + _weight_text(weight))
    return parts


def _kicker_text(high: int, items: list[tuple[int, float]], suffix: str) -> list[str]:
    parts = []
    h = _RANKS[high - 2]
    for run in _runs(items):
        top, bottom, weight = run[0][0], run[-1][0], run[0][1]
        if len(run) == 1:
            text = f"{h}{_RANKS[top - 2]}{suffix}"
        elif top == high - 1:
            text = f"{h}{_RANKS[bottom - 2]}{suffix}+"
        else:
            text = f"{h}{_RANKS[top - 2]}{suffix}-{h}{_RANKS[bottom - 2]}{suffix}"
        parts.append(text + _weight_text(weight))
    return parts


def _kickers(full: dict[int, float], high: int, suited: bool) -> dict[int, float]:
    """Kicker rank to weight, for the classes of one high card held whole, high first."""
    numbers = {k: class_number(high, k, suited) for k in range(high - 1, 1, -1)}
    return {k: full[n] for k, n in numbers.items() if n in full}


def _unpaired_text(full: dict[int, float]) -> list[str]:
    parts: list[str] = []
    for high in range(14, 2, -1):
        suited = _kickers(full, high, True)
        offsuit = _kickers(full, high, False)
        apart = _kicker_text(high, list(suited.items()), "s") + _kicker_text(
            high, list(offsuit.items()), "o"
        )
        both = {k: w for k, w in suited.items() if offsuit.get(k) == w}
        merged = (
            _kicker_text(high, list(both.items()), "")
            + _kicker_text(high, [(k, w) for k, w in suited.items() if k not in both], "s")
            + _kicker_text(high, [(k, w) for k, w in offsuit.items() if k not in both], "o")
        )
        parts += merged if len(", ".join(merged)) < len(", ".join(apart)) else apart
    return parts


@functools.lru_cache(maxsize=256)
def _parse_once(text: str, game: Game) -> Range:
    """:meth:`Range.parse`, remembered for the last texts read."""
    return Range._read(text, game)
