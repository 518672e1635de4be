"""Exact postflop: every completion of a board of 3 or 4 cards (or none to deal on the
river), with the class of every combo any player may hold on each, computed at once.
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.poker.calc.arrays import CARD_BITS, COMBO_KEYS
from croupier.poker.calc.live import LiveQuestion
from croupier.poker.combinatorics import combinations
from croupier.poker.evaluation.batch import classes_from_totals
from croupier.poker.evaluation.tables import CARD_KEYS
from croupier.poker.ranges.starting_hands import COMBO_BITS, COMBO_CARDS, COMBO_COUNT

__all__ = ["Completions"]

#: The key total of 2c 3d 4h 5s 7c 8d 9h: seven cards of no flush.
_HARMLESS_CARDS: Final = np.array([0, 5, 10, 15, 20, 25, 30])
_HARMLESS_TOTAL: Final = int(CARD_KEYS[_HARMLESS_CARDS].sum())


class Completions:
    """Every completion of the board, and the class of each combo of any range on each."""

    def __init__(self, question: LiveQuestion) -> None:
        deck = question.deck
        picks = deck[combinations(len(deck), question.to_deal)]
        #: The cards of each completion (completions x cards to deal).
        self.picks = picks
        self.bits = CARD_BITS[picks].sum(axis=1) if question.to_deal else np.zeros(1, np.uint64)
        keys = question.board_key + CARD_KEYS[picks].sum(axis=1)
        self.used = np.unique(np.concatenate(question.combos))
        self.slot = np.full(COMBO_COUNT, -1, dtype=np.int64)
        self.slot[self.used] = np.arange(len(self.used))
        totals = COMBO_KEYS[self.used][:, None] + keys[None, :]
        # a combo that shares a card with a completion is never counted: give the pair
        # the key of a real hand (no flush, inside the tables) instead
        clash = (COMBO_BITS[self.used][:, None] & self.bits[None, :]) != 0
        totals[clash] = _HARMLESS_TOTAL
        totals = totals.ravel()
        board = question.board_idx

        def cards_of(rows: NDArray[np.intp]) -> NDArray[np.int64]:
            combo, completion = np.divmod(rows, len(picks))
            cards = np.concatenate(
                [
                    COMBO_CARDS[self.used[combo]],
                    np.broadcast_to(board, (len(rows), len(board))),
                    picks[completion],
                ],
                axis=1,
            )
            cards[clash.ravel()[rows]] = _HARMLESS_CARDS
            return cards

        self.classes = classes_from_totals(totals, 7, cards_of).reshape(len(self.used), -1)

    def shares(
        self, families: NDArray[np.int64]
    ) -> tuple[NDArray[np.float64], NDArray[np.bool_], NDArray[np.int64]]:
        """Each player's share of the pot on each completion (families x players x
        completions, 0 where the completion meets the family's cards), whether the
        player shares the pot with others, and each family's live completions."""
        masks = np.bitwise_or.reduce(COMBO_BITS[families], axis=1)
        valid = (masks[:, None] & self.bits[None, :]) == 0  # families x completions
        classes = self.classes[self.slot[families]]  # families x players x completions
        best = classes.min(axis=1, keepdims=True)
        on_top = classes == best
        sharing = on_top.sum(axis=1, keepdims=True)
        share = (on_top / sharing) * valid[:, None, :]
        tied = on_top & (sharing > 1) & valid[:, None, :]
        return share, tied, valid.sum(axis=1)

    def outcome(
        self, families: NDArray[np.int64]
    ) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
        """Equity, win and tie of each player (columns) in each family (rows)."""
        share, tied, live = self.shares(families)
        count = live[:, None]
        equity = share.sum(axis=2) / count
        win = (share == 1).sum(axis=2) / count
        tie = tied.sum(axis=2) / count
        return equity, win, tie
