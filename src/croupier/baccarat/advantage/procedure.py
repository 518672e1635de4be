"""The casino's procedure for a shoe, as the advantage player sees it.

N decks are shuffled; the burn is either the standard one (the first card is turned face
up and as many cards as its value are burned face down, tens and faces burn 10), none,
or a fixed number of cards burned face down; rounds are dealt while the cut card, placed
``cut_card`` cards from the back, has not come out. The player sees every card dealt and
the first card of a standard burn, never the cards burned face down.

>>> procedure = ShoeProcedure(decks=8, cut_card=14, burn="standard")
>>> procedure.size, procedure.cut
(416, 402)
>>> shoes = procedure.deal(3, np.random.default_rng(7))
>>> shoes.rounds.shoe.tolist()[:3], bool(np.all(np.diff(shoes.rounds.shoe) >= 0))
([0, 0, 0], True)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from croupier.arguments import checked
from croupier.baccarat.batchsums import baccarat_kernels
from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.simulate import (
    DealtRounds,
    deal_rounds,
    shuffled_shoes,
    standard_burn_starts,
)
from croupier.engine import compiled
from croupier.numerals import plural

__all__ = ["STANDARD_BURN", "DealtShoes", "ShoeProcedure", "parse_burn"]

#: The burn named ``standard``: turn one card face up, burn its value face down.
STANDARD_BURN: Final = "standard"
#: The largest fixed burn accepted.
MAX_BURN: Final = 52


@checked
def parse_burn(text: str) -> str | int:
    """``standard``, ``none`` (0 cards) or a number of cards burned face down.

    >>> parse_burn("standard"), parse_burn("none"), parse_burn("3")
    ('standard', 0, 3)
    """
    word = text.strip().lower()
    if word == STANDARD_BURN:
        return STANDARD_BURN
    if word == "none":
        return 0
    if word.isascii() and word.isdigit() and int(word) <= MAX_BURN:
        return int(word)
    raise BaccaratError(
        f"bad burn {text!r}: expected standard, none or a number of cards from 0 to {MAX_BURN}"
    )


@dataclass(frozen=True)
class DealtShoes:
    """A block of shoes and the rounds dealt from them, shoe by shoe, round by round."""

    #: Rank codes (0 = two ... 12 = ace), one shoe per column, first card in row 0.
    ranks: NDArray[np.uint8]
    #: Each shoe's first dealt position (after the burn).
    starts: NDArray[np.int64]
    #: True when the first card was shown (standard burn): the player has seen it.
    shown: bool
    #: The rounds, sorted by shoe then position.
    rounds: DealtRounds

    @property
    def round_numbers(self) -> NDArray[np.int64]:
        """Each round's number within its shoe, from 1."""
        shoe = self.rounds.shoe
        first = np.searchsorted(shoe, shoe, side="left")
        return np.arange(1, shoe.size + 1, dtype=np.int64) - first

    def seen_before(
        self, by_code: NDArray[Any], rows: NDArray[np.intp] | None = None
    ) -> NDArray[np.int64]:
        """For each round (of ``rows``, default all), the sum over the cards the player saw
        before it of ``by_code[card]``: a number (or a row of numbers) per rank code."""
        shoe, position = self.rounds.shoe, self.rounds.position
        if rows is not None:
            shoe, position = shoe[rows], position[rows]
        if compiled("baccarat"):  # one walk through each shoe
            codes = np.asarray(by_code, dtype=np.int64)
            table = np.ascontiguousarray(codes.reshape(len(codes), -1))
            out = np.empty((len(shoe), table.shape[1]), dtype=np.int64)
            baccarat_kernels().seen_before(
                np.ascontiguousarray(self.ranks),
                np.ascontiguousarray(self.starts, dtype=np.int64),
                self.shown,
                np.ascontiguousarray(shoe, dtype=np.int64),
                np.ascontiguousarray(position, dtype=np.int64),
                table,
                out,
            )
            return out.reshape((len(shoe), *codes.shape[1:]))
        return self.seen_before_numpy(by_code, rows)

    def seen_before_numpy(
        self, by_code: NDArray[Any], rows: NDArray[np.intp] | None = None
    ) -> NDArray[np.int64]:
        """:meth:`seen_before` with NumPy (cumulative sums over every card of every shoe):
        the path that runs where the engine is not compiled, and the kernel's reference."""
        shoe, position = self.rounds.shoe, self.rounds.position
        if rows is not None:
            shoe, position = shoe[rows], position[rows]
        columns, local = np.unique(shoe, return_inverse=True)
        per_card = by_code[self.ranks[:, columns]]
        shape = (1, *per_card.shape[1:])
        cumulative = np.concatenate(
            [np.zeros(shape, dtype=np.int32), np.cumsum(per_card, axis=0, dtype=np.int32)]
        )
        start = self.starts[columns][local]
        seen: NDArray[np.int64] = (cumulative[position, local] - cumulative[start, local]).astype(
            np.int64
        )
        if self.shown:
            seen += per_card[0, local]
        return seen

    def unseen(
        self, group_of: NDArray[np.int64], full: NDArray[np.int64], rows: NDArray[np.intp] | None
    ) -> NDArray[np.int64]:
        """For each round (of ``rows``, default all), the cards of each group
        (``group_of[rank code]``: its value, or the rank itself) the player has not seen
        before it: ``full[group]`` less those seen. One walk through each shoe where the
        engine is compiled; :meth:`seen_before_numpy` with a one-hot table elsewhere."""
        shoe, position = self.rounds.shoe, self.rounds.position
        if rows is not None:
            shoe, position = shoe[rows], position[rows]
        if not compiled("baccarat"):
            one_hot = np.eye(len(full), dtype=np.int8)[group_of]
            return full - self.seen_before_numpy(one_hot, rows)
        out = np.empty((len(shoe), len(full)), dtype=np.int64)
        baccarat_kernels().unseen(
            self.by_shoe,
            np.ascontiguousarray(self.starts, dtype=np.int64),
            self.shown,
            np.ascontiguousarray(shoe, dtype=np.int64),
            np.ascontiguousarray(position, dtype=np.int64),
            np.ascontiguousarray(group_of, dtype=np.int64),
            np.ascontiguousarray(full, dtype=np.int64),
            out,
        )
        return out

    @functools.cached_property
    def by_shoe(self) -> NDArray[np.uint8]:
        """:attr:`ranks` a shoe a row (its cards together): what the kernels walk."""
        return np.ascontiguousarray(self.ranks.T)

    def cards_seen_before(self) -> NDArray[np.int64]:
        """How many cards the player has seen before each round."""
        seen = self.rounds.position - self.starts[self.rounds.shoe]
        return seen + 1 if self.shown else seen


@checked
@dataclass(frozen=True, slots=True)
class ShoeProcedure:
    """Decks per shoe, cut-card depth (cards behind it) and the burn."""

    decks: int = 8
    #: Cards left behind the cut card: dealing stops once fewer than this remain.
    cut_card: int = 14
    #: ``"standard"`` or a number of cards burned face down (0: none).
    burn: str | int = STANDARD_BURN

    def __post_init__(self) -> None:
        decks, cut_card, burn = self.decks, self.cut_card, self.burn
        if isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= 64:
            raise BaccaratError(f"bad number of decks {decks!r}: expected 1 to 64")
        size = 52 * decks
        if isinstance(cut_card, bool) or not isinstance(cut_card, int) or cut_card < 6:
            raise BaccaratError(
                f"bad cut card {cut_card!r}: expected 6 or more cards behind it "
                "(a round may need 6)"
            )
        if burn != STANDARD_BURN and (
            isinstance(burn, bool) or not isinstance(burn, int) or not 0 <= burn <= MAX_BURN
        ):
            raise BaccaratError(f"bad burn {burn!r}: expected 'standard' or 0 to {MAX_BURN} cards")
        most_burned = 11 if burn == STANDARD_BURN else int(burn)
        if size - cut_card <= most_burned:
            raise BaccaratError(
                f"the cut card {plural(cut_card, 'card')} from the back of a {size:,}-card shoe "
                "leaves no round after the burn"
            )

    @property
    def size(self) -> int:
        """Cards in the shoe."""
        return 52 * self.decks

    @property
    def cut(self) -> int:
        """Cards dealt before the cut card comes out."""
        return self.size - self.cut_card

    def deal(self, shoes: int, rng: np.random.Generator) -> DealtShoes:
        """Shuffle ``shoes`` shoes and deal each one to the cut card."""
        ranks = shuffled_shoes(shoes, self.decks, rng)
        if self.burn == STANDARD_BURN:
            starts = standard_burn_starts(ranks)
        else:
            starts = np.full(shoes, int(self.burn), dtype=np.int64)
        rounds = deal_rounds(ranks, self.cut, starts)  # shoe by shoe, in the order dealt
        return DealtShoes(ranks, starts, self.burn == STANDARD_BURN, rounds)

    def describe(self) -> str:
        """``8 decks, cut card 14 from the back, standard burn``."""
        if self.burn == STANDARD_BURN:
            burn = "standard burn"
        elif self.burn == 0:
            burn = "no burn"
        else:
            burn = f"{plural(int(self.burn), 'card')} burned"
        decks = f"{self.decks} deck" + ("s" if self.decks != 1 else "")
        return f"{decks}, cut card {self.cut_card} from the back, {burn}"
