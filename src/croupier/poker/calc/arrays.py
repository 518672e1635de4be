"""Card and combo arrays the engines share: bit masks and rank-key sums.

>>> int(CARD_BITS[51]) == 1 << 51, int(COMBO_KEYS[0]) == int(CARD_KEYS[0] + CARD_KEYS[1])
(True, True)
"""

from __future__ import annotations

from typing import Final

import numpy as np

from croupier.poker.evaluation.keys import RANK_KEYS
from croupier.poker.evaluation.tables import CARD_KEYS
from croupier.poker.ranges.starting_hands import COMBO_CARDS

__all__ = ["CARD_BITS", "COMBO_KEYS", "RANK_KEY_ARRAY"]

#: The 52-bit mask of each card (bit ``4 * (rank - 2) + suit``).
CARD_BITS: Final = np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))
#: The key total of each combo's two cards (see :mod:`croupier.poker.evaluation.tables`).
COMBO_KEYS: Final = CARD_KEYS[COMBO_CARDS].sum(axis=1)
#: The rank key of each rank (0 for a 2 up to 12 for an ace), as an array.
RANK_KEY_ARRAY: Final = np.array(RANK_KEYS, dtype=np.int64)
