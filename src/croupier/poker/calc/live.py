"""A question as the engines see it: each player's live combos, or rows, once the cards
every deal holds are out.

:class:`LiveQuestion` is hold'em's form (the fast engines'): each player's combos and
weights once the board and dead cards are out, the deck left, the board's key.

:class:`LiveRows` is any game's (the engines of Omaha, five-card Omaha and short-deck):
each player holds one of a list of *rows*, the card numbers of a hand, in increasing
order, of which the last ``missing`` are dealt at random in each deal (a partly unknown
hand, or a random one, is one row of its known cards). Hold'em-style ranges become one
row per live combo, with its weight; an Omaha list of hands one row per hand. The cards
every deal holds (the board, the dead cards, the cards below the deck's lowest rank,
and the known cards of every player) are out of the deck the engines deal from.

>>> live = LiveRows(EquityQuestion.parse(["AsAh??", "random"], board="2c 7d 9h", game="omaha"))
>>> live.players, live.size, len(live.deck), live.missing, live.hand_counts
(2, 4, 47, [2, 4], [1081, 178365])
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.cards import Card
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.errors import PokerError
from croupier.poker.evaluation.tables import CARD_KEYS
from croupier.poker.games import Variant
from croupier.poker.ranges.holdem import Range
from croupier.poker.ranges.holdings import HoleRange
from croupier.poker.ranges.starting_hands import COMBO_BITS, COMBO_CARDS, combos_meeting

__all__ = ["LiveQuestion", "LiveRows", "bits_of"]

_CARDS: Final = np.arange(52, dtype=np.int64)
_CARD_BITS: Final = np.uint64(1) << _CARDS.astype(np.uint64)


def _bits(cards: Iterable[Card]) -> int:
    """The 52-bit set of ``cards``."""
    bits = 0
    for card in cards:
        bits |= 1 << card.index
    return bits


class LiveQuestion:
    """A question as the engines use it: each player's live combos (numbers) and their
    weights once the board and dead cards are out, the deck left, the board's key. The
    arrays are made when first asked for."""

    def __init__(self, question: EquityQuestion) -> None:
        self.question = question
        self.ranges = question.combo_ranges
        self.board = question.board
        self.dead = question.dead
        #: the board, and the board and the dead cards, as 52-bit sets
        self.board_bits = _bits(self.board)
        self.fixed_bits = self.board_bits | _bits(self.dead)
        self.to_deal = 5 - len(self.board)

    @functools.cached_property
    def live_sets(self) -> tuple[int, ...]:
        """Each player's live combos as a set of bits (bit ``n``: combo ``n``)."""
        out = combos_meeting(self.fixed_bits)
        return tuple(r.combo_set & ~out for r in self.ranges)

    @property
    def sizes(self) -> list[int]:
        """How many live combos each player has."""
        return [combos.bit_count() for combos in self.live_sets]

    @functools.cached_property
    def combos(self) -> list[NDArray[np.int64]]:
        """Each player's live combos, by number."""
        fixed = np.uint64(self.fixed_bits)
        return [
            numbers[(COMBO_BITS[numbers] & fixed) == 0]
            for numbers in (r.combo_numbers for r in self.ranges)
        ]

    @functools.cached_property
    def weights(self) -> list[NDArray[np.float64]]:
        """The weight of each player's live combos."""
        return [r.weights[numbers] for r, numbers in zip(self.ranges, self.combos, strict=True)]

    @functools.cached_property
    def board_idx(self) -> NDArray[np.int64]:
        """The board's card numbers."""
        return np.array([c.index for c in self.board], dtype=np.int64)

    @functools.cached_property
    def fixed(self) -> NDArray[np.int64]:
        """The card numbers of the board and the dead cards."""
        return np.array([c.index for c in self.board + self.dead], dtype=np.int64)

    @functools.cached_property
    def deck(self) -> NDArray[np.int64]:
        """The cards neither on the board nor dead, by number."""
        deck: NDArray[np.int64] = _CARDS[(_CARD_BITS & np.uint64(self.fixed_bits)) == 0]
        return deck

    @functools.cached_property
    def board_key(self) -> int:
        """The key total of the board's cards (see :mod:`croupier.poker.evaluation.tables`)."""
        return int(CARD_KEYS[self.board_idx].sum())

    @functools.cached_property
    def texts(self) -> tuple[str, ...]:
        """Each range's printable text (made once a range, when first asked for)."""
        return tuple(str(r) for r in self.question.ranges)

    @property
    def players(self) -> int:
        """How many players."""
        return len(self.ranges)

    def completions_per_deal(self) -> int:
        """Boards that complete one deal of hole cards."""
        return math.comb(52 - self.fixed_bits.bit_count() - 2 * self.players, self.to_deal)


def bits_of(rows: NDArray[np.int64], count: int | None = None) -> NDArray[np.uint64]:
    """The 52-bit card set of each row (of its first ``count`` cards)."""
    used = rows if count is None else rows[:, :count]
    bits = np.zeros(len(rows), dtype=np.uint64)
    for column in range(used.shape[1]):
        bits |= np.left_shift(np.uint64(1), used[:, column].astype(np.uint64))
    return bits


#: Hands listed at most for one player dealt partly at random, when asked for
#: (``listed``): Omaha's random hand on a flop, and more.
MAX_LISTED: Final = 300_000


class LiveRows:
    """The rows of every player, their weights, and the deck left to deal from.
    ``listed``: a player whose hands are dealt partly at random (``random``,
    ``AsAh??``, short-deck's ``Ah?``) has each of them listed as a row instead, each as
    likely (the same deals, each followed hand by hand: the equity distribution)."""

    def __init__(self, question: EquityQuestion, *, listed: bool = False) -> None:
        variant: Variant = question.variant
        self.question = question
        self.variant = variant
        self.listed = listed
        self.players = question.players
        self.size = variant.hole_cards
        self.texts = tuple(str(r) for r in question.ranges)
        self.board = np.array([c.index for c in question.board], dtype=np.int64)
        self.to_deal = 5 - len(self.board)
        low = (1 << (4 * (variant.lowest_rank - 2))) - 1
        out = low | sum(1 << c.index for c in question.board + question.dead)
        known = {p - 1: sum(1 << c.index for c in cards) for p, cards in question.known.items()}
        #: the cards out of every deal (board, dead, below the deck), and those plus the
        #: players' known cards (out of the deck dealt from)
        self.out = out
        self.fixed = out | sum(known.values())
        self.deck = np.array([c for c in range(52) if not self.fixed >> c & 1], dtype=np.int64)
        self.rows: list[NDArray[np.int64]] = []
        self.weights: list[NDArray[np.float64]] = []
        self.missing: list[int] = []
        self.hand_counts: list[int] = []
        for p, holding in enumerate(question.ranges):
            others = out | sum(bits for q, bits in known.items() if q != p)
            rows, weights, missing = _rows(holding, others, self.size)
            if not len(rows):
                raise PokerError(
                    f"player {p + 1}'s range {self.texts[p]!r} has no hand left once the board, "
                    "the dead cards and the other players' known cards are removed"
                )
            self.rows.append(rows)
            self.weights.append(weights)
            self.missing.append(missing)
            free = len(self._pool(p)) if missing else 0
            self.hand_counts.append(math.comb(free, missing) if missing else len(rows))
            if listed and missing:
                self._list(p)

    def _list(self, p: int) -> None:
        """Player ``p``'s hands dealt partly at random listed as rows, each as likely."""
        if self.hand_counts[p] > MAX_LISTED:
            raise PokerError(
                f"player {p + 1}'s range {self.texts[p]!r} deals {self.hand_counts[p]:,} "
                f"hands: too many to follow one by one (at most {MAX_LISTED:,}): narrow it"
            )
        self.rows[p] = self.exact_rows(p)
        self.weights[p] = np.ones(len(self.rows[p]))
        self.missing[p] = 0

    def _pool(self, p: int) -> NDArray[np.int64]:
        """The cards player ``p``'s unknown cards are dealt from: the deck less its own
        known cards (a two-card range such as ``Ah?`` keeps its card in the deck)."""
        known = self.rows[p][0, : self.size - self.missing[p]]
        return self.deck[~np.isin(self.deck, known)]

    @property
    def two_card(self) -> bool:
        """True in hold'em-style games (rows are two-card combos)."""
        return self.variant.two_card

    def exact_rows(self, p: int) -> NDArray[np.int64]:
        """Player ``p``'s rows with every completion of its unknown cards listed (each row
        a whole hand, in increasing order)."""
        rows, missing = self.rows[p], self.missing[p]
        if not missing:
            return rows
        known = rows[0, : self.size - missing]
        from croupier.poker.combinatorics import combinations

        pool = self._pool(p)
        extra = pool[combinations(len(pool), missing)]
        whole = np.concatenate([np.broadcast_to(known, (len(extra), len(known))), extra], axis=1)
        return np.sort(whole, axis=1)


def _rows(
    holding: Range | HoleRange, excluded: int, size: int
) -> tuple[NDArray[np.int64], NDArray[np.float64], int]:
    """A player's rows, their weights and how many cards of each are dealt at random."""
    if isinstance(holding, Range):
        combos = holding.combo_numbers
        combos = combos[(COMBO_BITS[combos] & np.uint64(excluded)) == 0]
        weights = holding.weights[combos]
        partial = _as_partial(combos, weights, excluded)
        if partial is not None:
            return partial
        return COMBO_CARDS[combos].astype(np.int64), weights, 0
    if holding.is_partial or holding.is_hand:
        cards = sorted(c.index for c in holding.known)
        row = np.array([[*cards] + [0] * holding.unknown], dtype=np.int64)
        if any(excluded >> c & 1 for c in cards):
            row = row[:0]
        return row, np.ones(len(row)), holding.unknown
    rows, weights = holding.hands_and_weights(excluded)
    return rows, weights, 0


def _as_partial(
    combos: NDArray[np.int64], weights: NDArray[np.float64], excluded: int
) -> tuple[NDArray[np.int64], NDArray[np.float64], int] | None:
    """A two-card range that is every live combo (random) or every live combo holding
    one card (``Ah?``), all equally weighted, as one row dealt at random: the same deals,
    without drawing combos that the other players' cards then rule out."""
    if not len(combos) or not (weights == weights[0]).all():
        return None
    free = 52 - excluded.bit_count()
    if len(combos) == free * (free - 1) // 2:
        return np.zeros((1, 2), dtype=np.int64), np.ones(1), 2
    counts = np.bincount(COMBO_CARDS[combos].ravel(), minlength=52)
    card = int(np.argmax(counts))
    if len(combos) == free - 1 and counts[card] == len(combos):
        return np.array([[card, 0]], dtype=np.int64), np.ones(1), 1
    return None
