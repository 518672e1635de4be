"""Many hands of a game at once: NumPy arrays of card numbers in, classes out.

:func:`rank_game_rows` ranks rows of hole cards against rows of board cards, by the
compiled kernels (:mod:`croupier.poker._kernels_variants`) where they are compiled, and
otherwise by :func:`rank_rows_numpy`, which reads the same tables with NumPy (and is the
reference the kernels are tested against). An Omaha hand is the best of its
``C(hole, 2) * C(board, 3)`` five-card hands (60 with four hole cards and five on the
board); a hold'em-style hand (short-deck) the best five of all its cards.

>>> import numpy as np
>>> from croupier.cards import cards_to_indices, parse_cards
>>> hole = [cards_to_indices(parse_cards("As Ad Kh Qh"))]
>>> board = [cards_to_indices(parse_cards("Ac 7h 2h 9h 3s"))]
>>> rank_game_rows("omaha", hole, board).tolist()  # a flush, king high: not three aces
[889]
>>> rank_game_rows("holdem", [cards_to_indices(parse_cards("As Ad"))], board).tolist()  # trips
[1649]
"""

from __future__ import annotations

import itertools
from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from croupier.engine import compiled
from croupier.poker.errors import PokerCardError, PokerError
from croupier.poker.variant_tables import (
    TABLE_SET_OF,
    seven_card_classes,
    table_set,
    variant_kernels,
)
from croupier.poker.variants import Game, Variant, variant_of

__all__ = ["check_rows", "rank_game_rows", "rank_rows_numpy"]

#: Rows ranked together by the NumPy path (its temporaries stay small).
_CHUNK: Final = 8192


def _as_rows(values: ArrayLike, name: str) -> NDArray[np.int64]:
    array = np.asarray(values)
    if array.ndim != 2 or not (array.size == 0 or np.issubdtype(array.dtype, np.integer)):
        raise TypeError(f"{name} must be a 2-D array of card numbers (one hand a row)")
    return np.ascontiguousarray(array, dtype=np.int64)


def check_rows(variant: Variant, hole: NDArray[np.int64], board: NDArray[np.int64]) -> None:
    """Raise a :class:`~croupier.poker.errors.PokerError` naming the first row whose
    sizes do not fit the game, or that holds a card outside the game's deck or a card
    twice."""
    if len(hole) != len(board):
        raise PokerError(f"{len(hole)} rows of hole cards but {len(board)} rows of board cards")
    size, board_size = hole.shape[1], board.shape[1]
    if variant.hole_used is None:
        if not 5 <= size + board_size <= 7:
            raise PokerError(
                f"{variant.label}: {size + board_size} cards a hand: expected 5 to 7 in all"
            )
    elif size != variant.hole_cards or not 3 <= board_size <= 5:
        raise PokerError(
            f"{variant.label}: {size} hole cards and {board_size} board cards: expected "
            f"{variant.hole_cards} hole cards and 3 to 5 board cards"
        )
    cards = np.concatenate([hole, board], axis=1)
    lowest = 4 * (variant.lowest_rank - 2)
    outside = (cards < lowest) | (cards > 51)
    ordered = np.sort(cards, axis=1)
    repeated = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
    bad = np.flatnonzero(outside.any(axis=1) | repeated)
    if len(bad):
        row = int(bad[0])
        why = (
            f"a card number outside {lowest}-51 (the {variant.label} deck)"
            if outside[row].any()
            else "a card twice"
        )
        raise PokerCardError(f"row {row} holds {why}")


def rank_rows_numpy(
    game: Game | str | Variant, hole: NDArray[np.int64], board: NDArray[np.int64]
) -> NDArray[np.uint16]:
    """The classes of the rows by NumPy, unchecked: Omaha's best pair and triple, or the
    best five of a hold'em-style hand's cards."""
    variant = variant_of(game)
    tables = table_set(variant)
    out = np.zeros(len(hole), dtype=np.uint16)
    if variant.hole_used is None:
        return seven_card_classes(tables, np.concatenate([hole, board], axis=1))
    pairs = list(itertools.combinations(range(hole.shape[1]), 2))
    triples = list(itertools.combinations(range(board.shape[1]), 3))
    for start in range(0, len(hole), _CHUNK):
        mine, shared = hole[start : start + _CHUNK], board[start : start + _CHUNK]
        best = np.full(len(mine), np.iinfo(np.uint16).max, dtype=np.uint16)
        for pair in pairs:
            for triple in triples:
                five = np.concatenate([mine[:, pair], shared[:, triple]], axis=1)
                np.minimum(best, seven_card_classes(tables, five), out=best)
        out[start : start + len(mine)] = best
    return out


def rank_game_rows(
    game: Game | str | Variant, hole: ArrayLike, board: ArrayLike, *, check: bool = True
) -> NDArray[np.uint16]:
    """The class of each hand of a game (the lower, the stronger; hold'em and Omaha
    number the 7,462 classes of :mod:`croupier.poker.classes`, short-deck its own, see
    :mod:`croupier.poker.variant_classes`). ``hole`` and ``board`` are 2-D arrays of
    card numbers (``4 * (rank - 2) + suit``), a row a hand: Omaha rows hold the game's
    hole cards and 3 to 5 board cards, hold'em-style rows 5 to 7 cards between them.
    With ``check`` (the default) a row that does not fit the game raises a
    :class:`~croupier.poker.errors.PokerError`.
    """
    variant = variant_of(game)
    holes, boards = _as_rows(hole, "hole"), _as_rows(board, "board")
    if check:
        check_rows(variant, holes, boards)
    if not compiled("poker-variants"):
        return rank_rows_numpy(variant, holes, boards)
    kernel = variant_kernels()
    out = np.zeros(len(holes), dtype=np.uint16)
    tables = TABLE_SET_OF[variant.game]
    if variant.hole_used is None:
        cards = np.ascontiguousarray(np.concatenate([holes, boards], axis=1))
        kernel.holdem_rows(cards.ravel(), cards.shape[1], len(cards), out, tables)
    else:
        kernel.omaha_rows(
            holes.ravel(), holes.shape[1], boards.ravel(), boards.shape[1], len(holes), out, tables
        )
    return out
