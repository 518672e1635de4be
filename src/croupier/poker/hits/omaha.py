"""What Omaha holdings (four or five hole cards) make on boards, with NumPy: the
categories of :class:`~croupier.poker.hits.categories.OmahaHand` and
:class:`~croupier.poker.hits.categories.OmahaDraw`, every hand made of exactly two hole
cards and three board cards.

A holding's made hand is the strongest category it meets. Those that need suits (the
straight flush, the flushes, the flush draws, the blocker) are read from each suit's
ranks in the hole and on the board; the others depend only on the ranks, so they are
worked out once for each pair of (the holding's ranks, the board's ranks) that occurs
and looked up from there: over every flop, a range's holdings share a few hundred rank
patterns among themselves and the 455 patterns of three board ranks.

>>> from croupier.cards import cards_to_indices, parse_cards
>>> def row(text: str) -> np.ndarray:
...     return np.array([cards_to_indices(parse_cards(text))])
>>> made, draws = classify_omaha(row("Jh Td 8c 5s"), row("9s 7d 2c"))
>>> OMAHA_MADE[made[0]], [d.value for i, d in enumerate(OMAHA_DRAWS) if draws[0] >> i & 1]
(<OmahaHand.NO_PAIR: 'no pair'>, ['wrap'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.poker.games import VARIANTS, Game
from croupier.poker.hits.categories import OmahaDraw, OmahaHand
from croupier.poker.hits.flops import (
    SUIT_MAPS,
    all_flops,
    flop_ranks,
    flop_suits,
    rank_counts,
    suit_masks,
    symmetries,
)
from croupier.poker.hits.rankmasks import ABOVE, ALL_RANKS, BELOW, HIGHEST, POPCOUNT, RANK_BITS

__all__ = [
    "OMAHA_DRAWS",
    "OMAHA_MADE",
    "RankCodes",
    "classify_omaha",
    "flop_totals",
    "rank_codes",
]

OMAHA_MADE: Final = tuple(OmahaHand)
OMAHA_DRAWS: Final = tuple(OmahaDraw)


def _top_bits(count: int) -> NDArray[np.int64]:
    """The ``count`` highest ranks of each 13-bit set (all of them when it holds fewer)."""
    out = np.zeros(1 << 13, dtype=np.int64)
    for mask in range(1 << 13):
        kept, rest = 0, mask
        for _ in range(count):
            if not rest:
                break
            high = 1 << (rest.bit_length() - 1)
            kept |= high
            rest ^= high
        out[mask] = kept
    return out


_TOP2: Final = _top_bits(2)
_TOP3: Final = _top_bits(3)
#: Omaha's straights as 13-bit sets of ranks, lowest first, and their top ranks.
_STRAIGHTS: Final = tuple(
    (sum(1 << (rank - 2) for rank in ranks), max(ranks) - 2 if 14 not in ranks[1:] else 3)
    for ranks in reversed(VARIANTS[Game.OMAHA].straights)
)
_MADE_INDEX: Final = {m: i for i, m in enumerate(OMAHA_MADE)}
_FLUSH: Final = _MADE_INDEX[OmahaHand.FLUSH]
_NONE: Final = np.int8(len(OMAHA_MADE))  # no suited category


def straight_top(hole: NDArray[np.int64], board: NDArray[np.int64]) -> NDArray[np.int8]:
    """For 13-bit rank sets ``hole`` and ``board`` (broadcast together), 1 + the top rank
    of the best straight of exactly two hole ranks and three board ranks (the wheel's top
    is the five), 0 without one.

    >>> straight_top(np.array([0b110000000000]), np.array([0b0011100000])).tolist()  # KQ on 789
    [0]
    >>> straight_top(np.array([0b0011000000]), np.array([0b0000111000])).tolist()  # 89 on 567
    [8]
    """
    hole, board = np.broadcast_arrays(hole, board)
    top = np.zeros(hole.shape, dtype=np.int8)
    for straight, high in _STRAIGHTS:
        missing = straight & ~board
        fits = (missing & ~hole) == 0
        made = (POPCOUNT[missing] <= 2) & fits & (POPCOUNT[straight & hole] >= 2)
        top[made] = high + 1
    return top


def _some_pair(first: NDArray[np.int64], second: NDArray[np.int64]) -> NDArray[np.bool_]:
    """Whether a rank of ``first`` and a different rank of ``second`` exist."""
    return np.asarray((first != 0) & (second != 0) & ~((first == second) & (POPCOUNT[first] == 1)))


def _mask(condition: NDArray[np.bool_]) -> NDArray[np.int64]:
    """The ranks (last axis, 13 long) where ``condition`` holds, as 13-bit sets."""
    return np.asarray(condition.astype(np.int64) @ RANK_BITS, dtype=np.int64)


@dataclass(frozen=True, slots=True)
class RankCodes:
    """What the ranks alone decide, for every (hole ranks, board ranks) pair of a grid:
    ``made`` the strongest rank-only category (its index in :class:`OmahaHand`), ``outs``
    the unseen cards that give a straight or a higher one (flop and turn)."""

    made: NDArray[np.int8]
    outs: NDArray[np.int8]


def rank_codes(
    hole_counts: NDArray[np.integer],
    board_counts: NDArray[np.integer],
    dead_counts: NDArray[np.integer] | None = None,
) -> RankCodes:
    """The :class:`RankCodes` of each of ``hole_counts`` (U, 13: a holding's cards of each
    rank, a deuce first) on each of ``board_counts`` (V, 13; all boards of one size), as
    (U, V) arrays; ``dead_counts`` (13) are cards out of play (no other holding has them,
    no out is one of them)."""
    hole = np.asarray(hole_counts, dtype=np.int64)[:, None, :]
    board = np.asarray(board_counts, dtype=np.int64)[None, :, :]
    dead = np.zeros(13, dtype=np.int64) if dead_counts is None else np.asarray(dead_counts)
    size = int(board[0, 0].sum()) if board.shape[1] else 0
    held, pocket = _mask(hole >= 1), _mask(hole >= 2)
    shown, doubled, tripled = _mask(board >= 1), _mask(board >= 2), _mask(board >= 3)
    unseen = np.clip(4 - board - hole - dead, 0, None)
    held, pocket, shown, doubled, tripled = np.broadcast_arrays(
        held, pocket, shown, doubled, tripled
    )
    top = HIGHEST[shown] - 1
    top_bit = np.int64(1) << top
    second = HIGHEST[shown & ~top_bit] - 1
    second_bit = np.where(second >= 0, np.int64(1) << np.maximum(second, 0), 0)
    mine = straight_top(held, shown)
    theirs = straight_top(_mask(unseen > 0), shown)
    conditions = {
        OmahaHand.QUADS: ((pocket & doubled) | (held & tripled)) != 0,
        OmahaHand.FULL_HOUSE: _some_pair(pocket & shown, doubled)
        | _some_pair(pocket, tripled)
        | _some_pair(held & doubled, held & shown),
        OmahaHand.NUT_STRAIGHT: (mine > 0) & (mine >= theirs),
        OmahaHand.STRAIGHT: mine > 0,
        OmahaHand.TOP_SET: (pocket & top_bit) != 0,
        OmahaHand.LOWER_SET: (pocket & shown & ~top_bit) != 0,
        OmahaHand.TRIPS: (held & doubled) != 0,
        OmahaHand.TOP_TWO_PAIR: ((held & top_bit) != 0) & ((held & second_bit) != 0),
        OmahaHand.TWO_PAIR: POPCOUNT[held & shown] >= 2,
        OmahaHand.OVERPAIR: (pocket & ABOVE[top]) != 0,
        OmahaHand.TOP_PAIR: (held & top_bit) != 0,
        OmahaHand.LOWER_PAIR: ((held & shown & ~top_bit) | (pocket & BELOW[top])) != 0,
    }
    made = np.select(
        list(conditions.values()),
        [np.int8(_MADE_INDEX[m]) for m in conditions],
        np.int8(_MADE_INDEX[OmahaHand.NO_PAIR]),
    ).astype(np.int8)
    outs = np.zeros(made.shape, dtype=np.int8)
    if size < 5:
        for rank in range(13):
            better = straight_top(held, shown | (1 << rank)) > mine
            outs += (better * unseen[..., rank]).astype(np.int8)
    return RankCodes(made, outs)


def combine(
    rank_made: NDArray[np.int8],
    outs: NDArray[np.int8],
    hole_suits: NDArray[np.int64],
    board_suits: NDArray[np.int64],
    dead_suits: NDArray[np.int64],
    size: int,
) -> tuple[NDArray[np.int8], NDArray[np.uint8]]:
    """The made hands and draw flags of rows whose rank-only categories and outs are
    ``rank_made`` and ``outs``, and whose ranks of each suit are ``hole_suits``,
    ``board_suits`` (shapes ``(..., 4)``, broadcast together) and ``dead_suits`` (4),
    on boards of ``size`` cards."""
    suited = np.full(rank_made.shape, _NONE, dtype=np.int8)
    flush_draw = np.zeros(rank_made.shape, dtype=bool)
    nut_draw = np.zeros(rank_made.shape, dtype=bool)
    blocker = np.zeros(rank_made.shape, dtype=bool)
    for suit in range(4):
        mine, shown = hole_suits[..., suit], board_suits[..., suit]
        held, on_board = POPCOUNT[mine], POPCOUNT[shown]
        flush = (on_board >= 3) & (held >= 2)
        nut_card = HIGHEST[ALL_RANKS & ~shown] - 1
        if flush.any():
            left = ALL_RANKS & ~(mine | shown | dead_suits[suit])
            value = _TOP2[mine] | _TOP3[shown]
            beaten = np.where(POPCOUNT[left] >= 2, _TOP2[left] | _TOP3[shown], 0)
            code = np.where(value > beaten, _MADE_INDEX[OmahaHand.NUT_FLUSH], _FLUSH)
            code = np.where(straight_top(mine, shown) > 0, 0, code)
            suited = np.where(flush, np.minimum(suited, code), suited).astype(np.int8)
            blocker |= (on_board >= 3) & (held == 1) & (mine == (np.int64(1) << nut_card))
        else:
            blocker |= (on_board >= 3) & (held == 1) & (mine == (np.int64(1) << nut_card))
        if size < 5:
            draw = (held >= 2) & (on_board == 2)
            flush_draw |= draw
            nut_draw |= draw & (HIGHEST[mine] - 1 == nut_card)
    made = np.minimum(rank_made, suited).astype(np.int8)
    below = made > _FLUSH
    counted = np.where(below, outs, 0) if size < 5 else np.zeros_like(outs)
    flush_draw &= below
    nut_draw &= below
    flags = [
        counted >= 13,
        (counted >= 8) & (counted <= 12),
        (counted >= 1) & (counted <= 7),
        nut_draw,
        flush_draw,
        flush_draw & (counted >= 8),
        blocker,
    ]
    draws = np.zeros(made.shape, dtype=np.uint8)
    for bit, flag in enumerate(flags):
        draws |= flag.astype(np.uint8) << bit
    return made, draws


def classify_omaha(
    holes: NDArray[np.integer],
    boards: NDArray[np.integer],
    dead: Sequence[int] | NDArray[np.integer] = (),
) -> tuple[NDArray[np.int8], NDArray[np.uint8]]:
    """The made hand (index in :class:`OmahaHand`) and the draws (bit ``i`` set for the
    ``i``-th :class:`OmahaDraw`) of each row: hole cards ``holes`` (N, 4 or 5) on
    ``boards`` (N, 3 to 5), card numbers (trusted: no card twice), with the card numbers
    ``dead`` out of play. The rank-only categories are worked out once for each pair of
    rank patterns."""
    hole_cards = np.asarray(holes, dtype=np.int64)
    board_cards = np.asarray(boards, dtype=np.int64)
    if not len(hole_cards):
        return np.zeros(0, dtype=np.int8), np.zeros(0, dtype=np.uint8)
    hole_counts, board_counts = rank_counts(hole_cards), rank_counts(board_cards)
    hole_kinds, hole_of = np.unique(hole_counts, axis=0, return_inverse=True)
    board_kinds, board_of = np.unique(board_counts, axis=0, return_inverse=True)
    dead_array = np.array(list(dead), dtype=np.int64)
    codes = rank_codes(hole_kinds, board_kinds, _dead_counts(dead_array))
    hole_of, board_of = hole_of.ravel(), board_of.ravel()
    dead_suits = _dead_suits(dead_array)
    return combine(
        codes.made[hole_of, board_of],
        codes.outs[hole_of, board_of],
        suit_masks(hole_cards),
        suit_masks(board_cards),
        dead_suits,
        board_cards.shape[1],
    )


def _dead_counts(dead: NDArray[np.int64]) -> NDArray[np.int64]:
    return np.bincount(dead >> 2, minlength=13).astype(np.int64)


def _dead_suits(dead: NDArray[np.int64]) -> NDArray[np.int64]:
    return suit_masks(dead[None, :])[0] if len(dead) else np.zeros(4, dtype=np.int64)


#: (holding, flop) pairs classified together over every flop (bounded memory).
_BLOCK: Final = 1 << 17


def families(
    holdings: NDArray[np.int64],
    dead: NDArray[np.int64],
    weights: NDArray[np.float64] | None = None,
) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
    """One holding of each family of ``holdings`` that the suit relabellings keeping the
    ``dead`` cards send onto each other (they flop alike), and how many of ``holdings``
    each stands for (the sum of their ``weights``; None: 1 each).

    >>> rows = np.array([[0, 4, 8, 12], [1, 5, 9, 13], [0, 1, 4, 8]])  # 2c3c4c5c 2d3d4d5d
    >>> kept, counts = families(rows, np.zeros(0, dtype=np.int64))
    >>> len(kept), sorted(counts.tolist())
    (2, [1.0, 2.0])
    >>> sorted(families(rows, np.zeros(0, dtype=np.int64), np.array([1, 0.5, 1]))[1].tolist())
    [1.0, 1.5]
    """
    maps = SUIT_MAPS[symmetries(dead)] if len(dead) else SUIT_MAPS
    images = np.sort(maps[:, holdings], axis=2)  # (relabellings, holdings, cards)
    keys = np.zeros(images.shape[:2], dtype=np.int64)
    for column in range(images.shape[2]):
        keys = keys * 52 + images[..., column]
    _, first, family = np.unique(keys.min(axis=0), return_index=True, return_inverse=True)
    counts = np.bincount(family.ravel(), weights=weights, minlength=len(first))
    return holdings[first], counts.astype(np.float64)


def flop_totals(
    holdings: NDArray[np.int64],
    dead: NDArray[np.int64],
    progress: Callable[[int, int], None] | None = None,
    counted: NDArray[np.bool_] | None = None,
    weights: NDArray[np.float64] | None = None,
) -> NDArray[np.float64]:
    """How many (holding, flop) pairs make each :class:`OmahaHand`, then have each
    :class:`OmahaDraw`: every holding of ``holdings`` (live: no card of ``dead``) with
    every flop that its cards and the ``dead`` cards leave. One holding of each family
    (:func:`families`) is classified, counted as many times as its family has members;
    the rank-only categories are worked out once for each pair of (a holding's ranks,
    one of the 455 flop rank patterns). ``counted``: the flops counted (a texture's;
    None: all), the only ones classified; ``weights``: each holding's weight (None: 1 each)."""
    kept, counts = families(holdings, dead, weights)
    flops = all_flops()
    places, patterns = flop_ranks()
    board_suits = flop_suits()
    hole_kinds, hole_of = np.unique(rank_counts(kept), axis=0, return_inverse=True)
    hole_of = hole_of.ravel()
    codes = rank_codes(hole_kinds, patterns, _dead_counts(dead))
    hole_suits = suit_masks(kept)
    dead_suits = _dead_suits(dead)
    no_dead = ~flops.holding[dead].any(axis=0)
    if counted is not None:
        no_dead &= counted
    # Only the flops counted are classified (a texture's, those the dead cards leave).
    columns = np.flatnonzero(no_dead)
    places, board_suits, holding = places[columns], board_suits[columns], flops.holding[:, columns]
    totals = np.zeros(len(OMAHA_MADE) + len(OMAHA_DRAWS))
    step = max(1, _BLOCK // max(len(columns), 1))
    for start in range(0, len(kept), step):
        part = slice(start, start + step)
        live = ~holding[kept[part]].any(axis=1)  # (holdings, flops counted)
        rows = hole_of[part]
        made, draws = combine(
            codes.made[rows][:, places],
            codes.outs[rows][:, places],
            hole_suits[part][:, None, :],
            board_suits[None, :, :],
            dead_suits,
            3,
        )
        pairs = (live * counts[part][:, None]).ravel().astype(np.float64)
        totals[: len(OMAHA_MADE)] += np.bincount(
            made.ravel(), weights=pairs, minlength=len(OMAHA_MADE)
        )
        flat = draws.ravel()
        for bit in range(len(OMAHA_DRAWS)):
            totals[len(OMAHA_MADE) + bit] += pairs[(flat >> bit) & 1 == 1].sum()
        if progress is not None:
            progress(min(start + step, len(kept)), len(kept))
    return totals
