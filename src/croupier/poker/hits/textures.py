"""Flop textures: which flops :func:`croupier.poker.hits.classifier.flop_hits` averages
over ("how does this range do on monotone flops, on paired flops, on ace-high flops?").

A :class:`FlopTexture` is the filter as data: some :class:`Texture` values, all of which
must hold, and optionally the flop's highest rank. Every texture is a property of the
flop alone (its suits as a pattern, its ranks), so a relabelling of the suits never
changes it: the filtered flops are a union of the families that
:func:`~croupier.poker.hits.flops.symmetries` builds, and the exact counts by families
stay exact.

- **suits**: monotone (three cards of one suit), two-tone (two suits), rainbow (three);
- **pairing**: unpaired (three ranks), paired (exactly two cards of one rank), trips
  (three of one rank);
- **connected**: three different ranks that all lie in one straight of the game (5-4-3-2-A
  to A-K-Q-J-T; short-deck 9-8-7-6-A to A-K-Q-J-T), so that two hole cards can make a
  straight on the flop; **disconnected**: every other flop (paired flops included).

>>> texture = FlopTexture.parse(["monotone"])
>>> str(texture), int(texture.kept("holdem").sum())
('monotone', 1144)
>>> texture = FlopTexture.parse("paired, two-tone", high="A")
>>> str(texture), int(texture.kept("holdem").sum())
('two-tone, paired, ace high', 288)
>>> FlopTexture.parse("mono")
Traceback (most recent call last):
...
croupier.poker.errors.PokerError: bad texture 'mono': expected monotone, two-tone, ...
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NoReturn

import numpy as np
from numpy.typing import NDArray

from croupier.arguments import checked
from croupier.cards import Rank, parse_rank
from croupier.choices import parse_choice, unknown_member
from croupier.errors import CroupierError
from croupier.poker.errors import PokerError
from croupier.poker.games import Game, variant_of
from croupier.poker.hits.flops import all_flops, flop_suits
from croupier.poker.hits.rankmasks import POPCOUNT

__all__ = ["FlopTexture", "Texture", "texture_counts"]


class Texture(enum.StrEnum):
    """One property of a flop (see the module for each definition)."""

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, PokerError)

    MONOTONE = "monotone"
    TWO_TONE = "two-tone"
    RAINBOW = "rainbow"
    PAIRED = "paired"
    UNPAIRED = "unpaired"
    TRIPS = "trips"
    CONNECTED = "connected"
    DISCONNECTED = "disconnected"


@functools.cache
def _within_straight(game: Game) -> NDArray[np.bool_]:
    """For each 13-bit set of ranks, whether one straight of the game holds all of it."""
    masks = np.arange(1 << 13)
    inside = np.zeros(1 << 13, dtype=bool)
    for ranks in variant_of(game).straights:
        run = sum(1 << (rank - 2) for rank in ranks)
        inside |= (masks & ~run) == 0
    return inside


@functools.cache
def _flop_facts() -> tuple[
    NDArray[np.int8], NDArray[np.int8], NDArray[np.int64], NDArray[np.int64]
]:
    """Each flop's number of suits, of ranks, its set of ranks and its highest rank."""
    cards = all_flops().cards
    suits = (flop_suits() != 0).sum(axis=1).astype(np.int8)
    rank_set = np.bitwise_or.reduce(np.int64(1) << (cards >> 2), axis=1)
    ranks = POPCOUNT[rank_set]
    high = (cards >> 2).max(axis=1) + 2
    return suits, ranks, rank_set, high


#: The textures read off the number of suits, of the number of ranks, of a flop.
_SUITS: Final = {Texture.MONOTONE: 1, Texture.TWO_TONE: 2, Texture.RAINBOW: 3}
_RANKS: Final = {Texture.TRIPS: 1, Texture.PAIRED: 2, Texture.UNPAIRED: 3}


def _holds(texture: Texture, game: Game) -> NDArray[np.bool_]:
    """Which of the 22,100 flops have the texture (in the game: its straights)."""
    suits, ranks, rank_set, _ = _flop_facts()
    holds: NDArray[np.bool_]
    if texture in _SUITS:
        holds = suits == _SUITS[texture]
    elif texture in _RANKS:
        holds = ranks == _RANKS[texture]
    else:
        connected = (ranks == 3) & _within_straight(game)[rank_set]
        holds = connected if texture is Texture.CONNECTED else ~connected
    return holds


@dataclass(frozen=True, slots=True)
class FlopTexture:
    """Which flops count: every one of ``textures`` holds, and the flop's highest rank is
    ``high`` (None: any). No texture and no rank: every flop."""

    textures: frozenset[Texture] = frozenset()
    high: Rank | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.textures, frozenset) or not all(
            isinstance(t, Texture) for t in self.textures
        ):
            raise TypeError("textures must be a frozenset of Texture values")
        if self.high is not None and not isinstance(self.high, Rank):
            raise TypeError(f"high must be a Rank or None, not {type(self.high).__name__}")

    @classmethod
    @checked
    def parse(
        cls, textures: str | Sequence[str | Texture] = (), high: str | Rank | None = None
    ) -> FlopTexture:
        """Textures by name (a text may name several, separated by commas or spaces) and
        the highest rank (``A``, ``K``... ``2``); a bad name raises a :class:`PokerError`
        naming it.

        >>> chosen = FlopTexture.parse("rainbow connected", high="t")
        >>> chosen.names, chosen.high
        (('rainbow', 'connected'), <Rank.TEN: 10>)
        """
        items = [textures] if isinstance(textures, str) else list(textures)
        chosen: set[Texture] = set()
        for item in items:
            if isinstance(item, Texture):
                chosen.add(item)
                continue
            for word in item.replace(",", " ").split() or [item]:  # "" is a bad name too
                chosen.add(parse_choice(Texture, word, "texture", PokerError))
        rank = None
        if isinstance(high, Rank):
            rank = high
        elif high is not None:
            try:
                rank = parse_rank(high)
            except CroupierError as exc:
                raise PokerError(f"the flop's high card: {exc}") from None
        return cls(frozenset(chosen), rank)

    @property
    def names(self) -> tuple[str, ...]:
        """The textures' names, in :class:`Texture`'s order."""
        return tuple(t.value for t in Texture if t in self.textures)

    def __bool__(self) -> bool:
        """False for the filter that keeps every flop."""
        return bool(self.textures) or self.high is not None

    def __str__(self) -> str:
        """The textures in :class:`Texture`'s order, then the high rank (``ace high``)."""
        words = list(self.names)
        if self.high is not None:
            words.append(f"{self.high.word} high")
        return ", ".join(words) if words else "every flop"

    @checked
    def kept(self, game: Game | str = Game.HOLDEM) -> NDArray[np.bool_]:
        """Which of the 22,100 flops (numbered as :func:`~croupier.poker.hits.flops.all_flops`)
        are in ``game``'s deck and have this texture."""
        return _kept(self, variant_of(game).game).copy()


@functools.cache
def _kept(texture: FlopTexture, game: Game) -> NDArray[np.bool_]:
    cards = all_flops().cards
    keep: NDArray[np.bool_] = (cards >> 2).min(axis=1) + 2 >= variant_of(game).lowest_rank
    for one in texture.textures:
        keep &= _holds(one, game)
    if texture.high is not None:
        keep &= _flop_facts()[3] == int(texture.high)
    return keep


@checked
def texture_counts(game: Game | str = Game.HOLDEM) -> dict[Texture, int]:
    """How many flops of ``game``'s deck have each texture.

    >>> counts = texture_counts("shortdeck")
    >>> counts[Texture.MONOTONE], counts[Texture.CONNECTED], sum(
    ...     counts[t] for t in (Texture.PAIRED, Texture.UNPAIRED, Texture.TRIPS))
    (336, 2560, 7140)
    """
    return {t: int(FlopTexture(frozenset({t})).kept(game).sum()) for t in Texture}
