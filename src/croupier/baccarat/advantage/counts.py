"""Card-counting systems: an integer tag per rank, added to the running count as each card
is seen.

Tags are written one per value in croupier's one order, value 0 (10, J, Q, K) to 9
(``10,A,2,...,9``), or one per rank in rank order (``2,3,...,10,J,Q,K,A``); ``dragon-7``
and ``panda-8`` name the counts Eliot Jacobson published for those bets, and ``eor``
derives small integer tags from the bet's effect of removal.

>>> dragon = parse_count("dragon-7", "dragon-7")
>>> dragon.written()
'2,3=0 4,5,6,7=-1 8,9=+2 10,J,Q,K,A=0'
>>> parse_count("0,0,0,0,-1,-1,-1,-1,2,2", "dragon-7").tags == dragon.tags
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, overload

import numpy as np
from numpy.typing import NDArray

from croupier.arguments import checked
from croupier.baccarat.composition import RANKS, Composition
from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.odds import effect_of_removal
from croupier.baccarat.payouts import PayoutTable, find_bet
from croupier.baccarat.rules import POINTS
from croupier.cards import Card, Rank, as_cards

__all__ = ["NAMED_COUNTS", "CountSystem", "eor_count", "parse_count", "true_count"]

#: Largest tag :func:`eor_count` hands out.
MAX_EOR_TAG: Final = 3
#: Largest tag (in size) a count may have: -999 to 999.
MAX_TAG: Final = 999


@checked
@dataclass(frozen=True, slots=True)
class CountSystem:
    """A name and one tag per rank, in :class:`~croupier.cards.Rank` order (2, ..., K, A)."""

    name: str
    tags: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.tags) != 13 or not all(
            isinstance(tag, int) and not isinstance(tag, bool) for tag in self.tags
        ):
            raise BaccaratError(f"bad tags {self.tags!r}: expected 13 whole numbers, one per rank")
        if any(abs(tag) > MAX_TAG for tag in self.tags):
            raise BaccaratError(
                f"bad tags {self.tags!r}: expected whole numbers from {-MAX_TAG} to {MAX_TAG}"
            )

    @classmethod
    @checked
    def from_written(cls, name: str, tags: list[int]) -> CountSystem:
        """Tags written per value (value 0 to 9, ``10,A,2,...,9``: 10 numbers) or per rank
        (``2,...,K,A``: 13), in croupier's one order for each."""
        if len(tags) == 10:
            return cls(name, tuple(tags[POINTS[rank]] for rank in RANKS))
        if len(tags) == 13:
            return cls(name, tuple(tags))
        raise BaccaratError(
            f"bad tags: expected 10 (by value 0 to 9: 10,A,2,...,9) or 13 (by rank 2,...,K,A) "
            f"whole numbers, got {len(tags)}"
        )

    @checked
    def tag(self, rank: Rank) -> int:
        """The tag of ``rank``."""
        return self.tags[RANKS.index(rank)]

    @property
    def by_code(self) -> np.ndarray[tuple[int], np.dtype[np.int16]]:
        """Tags indexed by rank code (0 = two ... 12 = ace), as the simulator codes cards."""
        return np.array(self.tags, dtype=np.int16)

    def running_count(self, cards: Iterable[Card] | str) -> int:
        """The running count after seeing ``cards``: the sum of their tags.

        >>> from croupier.cards import parse_cards
        >>> NAMED_COUNTS["dragon-7"].running_count(parse_cards("8h 9s 4d Kc"))
        3
        """
        return sum(self.tags[RANKS.index(card.rank)] for card in as_cards(cards))

    def labelled(self) -> dict[str, int]:
        """The 13 tags by rank label, in rank order (the JSON of ``baccarat count``).

        >>> list(NAMED_COUNTS["dragon-7"].labelled().items())[:3]
        [('2', 0), ('3', 0), ('4', -1)]
        """
        return {rank.label: self.tag(rank) for rank in RANKS}

    def written(self) -> str:
        """Ranks grouped by tag, in rank order: ``2,3=0 4,5,6,7=-1 ...``."""
        groups = itertools.groupby(RANKS, key=self.tag)
        return " ".join(
            ",".join(rank.label for rank in ranks) + f"={tag:+d}".replace("+0", "0")
            for tag, ranks in groups
        )

    @checked
    def is_balanced(self, decks: int = 1) -> bool:
        """True when a whole shoe counts to zero."""
        return sum(self.tags) * 4 * decks == 0


@overload
def true_count(running: float, cards_unseen: float) -> float: ...
@overload
def true_count(running: NDArray[np.float64], cards_unseen: NDArray[Any]) -> NDArray[np.float64]: ...
def true_count(
    running: float | NDArray[np.float64], cards_unseen: float | NDArray[Any]
) -> float | NDArray[np.float64]:
    """The running count per deck of unseen cards: ``running / (cards_unseen / 52)`` (numbers
    or NumPy arrays alike; the counting study divides with this too).

    >>> true_count(6, 156)
    2.0
    """
    return running / (cards_unseen / 52.0)


#: Published counts by name.
NAMED_COUNTS: Final[Mapping[str, CountSystem]] = MappingProxyType(
    {
        # Eliot Jacobson, "Dragon 7 side bet" (2011): 8 decks, bet at a true count of 4+.
        # Published A,2,...,9,T as 0,0,0,-1,-1,-1,-1,2,2,0; here by value 10,A,2,...,9.
        "dragon-7": CountSystem.from_written(
            "Jacobson Dragon 7 count", [0, 0, 0, 0, -1, -1, -1, -1, 2, 2]
        ),
        # The Panda 8 count in Eliot Jacobson, "Co-Card Counting the Dragon and Panda Side
        # Bets in EZ Baccarat" (888casino blog, after Michael Shackleford). Published
        # A,2,...,9,T as 1,1,-2,-2,-2,-1,-1,-2,4,1; here by value 10,A,2,...,9.
        "panda-8": CountSystem.from_written(
            "Jacobson Panda 8 count", [1, 1, 1, -2, -2, -2, -1, -1, -2, 4]
        ),
    }
)


@checked
def eor_count(bet: str, decks: int = 8, payouts: PayoutTable | None = None) -> CountSystem:
    """Integer tags proportional to ``bet``'s effect of removal in a full shoe.

    The effects are scaled so the largest is 1 to 3 and rounded; the scale whose tags
    correlate best with the effects wins (the smallest on a tie).

    >>> eor_count("dragon-7").written()
    '2=0 3,4,5=-1 6,7=-2 8,9=+3 10,J,Q,K,A=0'
    """
    table, chosen = find_bet(bet, payouts)
    effects = effect_of_removal(Composition.decks(decks), table).effects.get(chosen.key)
    if effects is None:
        raise BaccaratError(f"the {chosen.name} bet has no effect of removal to count")
    values = np.array([effects[rank] for rank in RANKS])
    largest = float(np.abs(values).max())
    if largest == 0:
        raise BaccaratError(
            f"removing one card does not change the {chosen.name} bet: no card count can "
            "follow it (write tags by hand, or see what perfect play finds)"
        )
    best: tuple[float, tuple[int, ...]] | None = None
    for scale in range(1, MAX_EOR_TAG + 1):
        tags = tuple(int(t) for t in np.rint(values / largest * scale))
        if not any(tags):
            continue
        correlation = float(np.corrcoef(values, tags)[0, 1]) if len(set(tags)) > 1 else 0.0
        if best is None or correlation > best[0] + 1e-12:
            best = (correlation, tags)
    assert best is not None  # scale 3 always gives the largest effect a tag of 3
    return CountSystem(f"effect-of-removal count for {chosen.key}", best[1])


@checked
def parse_count(
    text: str, bet: str, decks: int = 8, payouts: PayoutTable | None = None
) -> CountSystem:
    """Tags as written on a command line: a name, ``eor``, or 10 or 13 whole numbers."""
    word = text.strip().lower()
    if word in NAMED_COUNTS:
        return NAMED_COUNTS[word]
    if word == "eor":
        return eor_count(bet, decks, payouts)
    numbers: list[int] = []
    for position, token in enumerate(word.replace(" ", "").split(","), 1):
        digits = token.removeprefix("-").removeprefix("+")
        if not (digits.isascii() and digits.isdigit()) or len(digits) > len(str(MAX_TAG)):
            names = ", ".join(NAMED_COUNTS)
            raise BaccaratError(
                f"bad tag {token!r} at position {position} in {text!r}: expected whole numbers "
                f"from {-MAX_TAG} to {MAX_TAG} (10 by value 10,A,2,...,9 or 13 by rank "
                f"2,...,K,A), a named count ({names}) or eor"
            )
        numbers.append(int(token))
    return CountSystem.from_written("tags " + ",".join(map(str, numbers)), numbers)
