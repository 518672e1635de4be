"""What a round's margin is worth once the round may decide the tournament.

The expert values a move by the round points it expects to finish ahead by, averaged
over sampled deals. Early in a tournament that is the right measure: every point
counts the same. But in a round that may end the tournament (a player could reach
:data:`~croupier.casino.tournament.WINNING_SCORE` in it) what counts is the chance of
winning the tournament, and that is not linear in the margin: ahead by 6 with a round
to go, a safe +1 is worth more than a gamble averaging +2 that sometimes loses by 8;
behind, the gamble is the better play. Averaging the margins over the deals cannot see
the difference; averaging the chances of winning can.

:func:`stakes` gives, for the position's tournament scores, the chance of winning the
tournament as a function of the round margin the search expects in one deal
(:class:`Stakes`): the margin the round ends with is taken as normal around the
expected one, with a spread that shrinks as the cards still to play run out
(:data:`ROUND_SPREAD` for a whole round); a round that ends the tournament is won by the
higher total (a tie is half a win), one that does not leaves the lead to the rounds
after it, each as uncertain as this one. The expert averages these chances over the
deals and turns the average back into points (:meth:`Stakes.margins`: the sure margin
that gives the same chance), so its values stay round points, and are exactly the plain
averages when the tournament cannot end in the round (:func:`stakes` is then ``None``).

The expert does this only with ``ExpertSettings(tournament_stakes=True)``; it is off,
because measured it did not make the expert stronger: against itself without it, at a
fixed work of 16 deals a move, it won 198 and lost 190 of 400 tournaments (12 tied), and
against the yardstick at 0.1 s a move it won less than the expert without it on the same
deals (see ``docs/explanation/casino-computer.md``). The model takes both players as
equal (no edge in the rounds to come), which a stronger player loses by when behind.

>>> from croupier.casino import Player
>>> early = stakes((4, 6), Player.HUMAN, open_cards=40)
>>> early is None
True
>>> ahead = stakes((18, 12), Player.HUMAN, open_cards=40)
>>> safe, gamble = ahead.margins([ahead.worth(1.0)])[0], ahead.margins(
...     [(ahead.worth(8.0) + ahead.worth(-4.0)) / 2])[0]
>>> safe > gamble  # ahead: +1 for sure beats +8 or -4 (+2 on average)
True
>>> behind = stakes((12, 18), Player.HUMAN, open_cards=40)
>>> behind.margins([behind.worth(1.0)])[0] < behind.margins(
...     [(behind.worth(8.0) + behind.worth(-4.0)) / 2])[0]
True
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.cards import DECK
from croupier.casino.pieces import Player
from croupier.casino.strategies.values import CARD_POINTS, MAJORITIES
from croupier.casino.tournament import WINNING_SCORE

__all__ = ["ROUND_POINTS", "ROUND_SPREAD", "Stakes", "stakes"]

#: The points a round gives out when no majority is tied (11 with the course's table).
ROUND_POINTS: Final = sum(CARD_POINTS) + sum(item.points for item in MAJORITIES)
#: The spread (standard deviation) of a whole round's margin between two strong
#: players: 5.44 points over the 1,443 rounds of the expert against the yardstick in
#: ``benchmarks/results/casino_yardstick_400_0.1_compiled.jsonl``.
ROUND_SPREAD: Final = 5.4
#: How much a point of margin adds to the worth of a margin beside the chance of
#: winning, so that between moves with the same chance the bigger margin is preferred
#: (and the worth can be turned back into points everywhere).
_TIEBREAK: Final = 1e-4
#: The margins (in points) the worth is tabulated at (between them it is interpolated:
#: a table of 601 by 61 takes a millisecond or two, and decisions of a deadline of
#: 0.1 s ask for a new one at every move), and the margins the round can end on.
_EXPECTED: Final = np.linspace(-30.0, 30.0, 601)
_FINAL: Final = np.arange(-30, 31)


#: The standard normal distribution function, tabulated once (to 1e-7 between points).
_Z: Final = np.linspace(-9.0, 9.0, 18_001)
_CDF: Final = np.array([0.5 * (1.0 + math.erf(z / math.sqrt(2.0))) for z in _Z])


def _normal_cdf(x: NDArray[np.float64]) -> NDArray[np.float64]:
    found: NDArray[np.float64] = np.interp(x, _Z, _CDF)
    return found


@dataclass(frozen=True, slots=True)
class Stakes:
    """The worth of an expected round margin (see the module's documentation):
    :attr:`expected` margins and, for each, its :attr:`table` worth (increasing)."""

    expected: NDArray[np.float64]
    table: NDArray[np.float64]

    def worth(self, margin: float) -> float:
        """The worth of expecting ``margin`` round points ahead at the search's horizon:
        the chance of winning the tournament (and a trace of the margin itself)."""
        return float(np.interp(margin, self.expected, self.table))

    def worths(self, margins: list[float]) -> list[float]:
        """:meth:`worth` of each of ``margins``."""
        found: NDArray[np.float64] = np.interp(margins, self.expected, self.table)
        return [float(value) for value in found]

    def margins(self, worths: list[float]) -> list[float]:
        """The sure margins worth as much as each of ``worths`` (their inverse)."""
        found: NDArray[np.float64] = np.interp(worths, self.table, self.expected)
        return [float(value) for value in found]


@functools.lru_cache(maxsize=256)
def stakes(scores: tuple[int, int], player: Player, *, open_cards: int) -> Stakes | None:
    """What a round margin is worth to ``player`` at these tournament ``scores`` (before
    the round) with ``open_cards`` cards yet to reach a pile after the search's horizon,
    or ``None`` if the tournament cannot end in this round (every point then counts the
    same)."""
    mine, theirs = scores[player], scores[player.other]
    if max(mine, theirs) + ROUND_POINTS < WINNING_SCORE:
        return None
    final = _FINAL.astype(float)
    # The worth of each final round margin: the round's points shared by it.
    me = mine + (ROUND_POINTS + final) / 2
    them = theirs + (ROUND_POINTS - final) / 2
    over = np.maximum(me, them) >= WINNING_SCORE
    decided = np.where(me > them, 1.0, np.where(me < them, 0.0, 0.5))
    # Not over: the lead carries into rounds as uncertain as a whole one, as many as it
    # takes the leader's half of a round's points to reach the winning score.
    rounds = np.maximum(1.0, (WINNING_SCORE - np.maximum(me, them)) / (ROUND_POINTS / 2))
    later = _normal_cdf((me - them) / (ROUND_SPREAD * np.sqrt(rounds)))
    chance = np.where(over, decided, later)
    # Each expected margin: the final one normal around it, spread by the cards left.
    spread = max(ROUND_SPREAD * math.sqrt(open_cards / len(DECK)), 0.5)
    # (the first and last margins take all the chance beyond them).
    inner = _normal_cdf(((final[:-1] + 0.5)[None, :] - _EXPECTED[:, None]) / spread)
    rows = len(_EXPECTED)
    edges = np.hstack([np.zeros((rows, 1)), inner, np.ones((rows, 1))])
    table = np.diff(edges, axis=1) @ chance + _TIEBREAK * _EXPECTED
    return Stakes(_EXPECTED, table)
