"""Glicko-2 ratings, for the puzzles and their solver (as chess sites rate both).

Each attempt at a puzzle is a game between the player and the puzzle: the player wins
by finding the move, the puzzle wins otherwise. Both ratings move after every attempt
(a rating period of one game, as chess puzzle sites do), by Mark Glickman's Glicko-2
system: a rating, its deviation (how uncertain it is: large for a newcomer, shrinking
with every game) and a volatility (how erratic the results are).

The steps are those of Glickman's "Example of the Glicko-2 system" (2013), with the
system constant τ = 0.5 and the volatility found by the Illinois algorithm; the test
suite reproduces that paper's worked example to its printed digits.

>>> player = Rating()
>>> player
Rating(rating=1500.0, deviation=350.0, volatility=0.06)
>>> after = player.update([(Rating(1700, 50), 1.0)])   # beat a far stronger puzzle
>>> round(after.rating), round(after.deviation)
(1805, 266)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

__all__ = ["DEFAULT_RATING", "SCALE", "TAU", "Rating", "expected_score"]

#: The rating of a newcomer.
DEFAULT_RATING: Final = 1500.0
#: A newcomer's deviation.
DEFAULT_DEVIATION: Final = 350.0
#: A newcomer's volatility.
DEFAULT_VOLATILITY: Final = 0.06
#: Glicko-2's internal scale: 173.7178 rating points (400 / ln 10).
SCALE: Final = 400 / math.log(10)
#: The system constant, which bounds how fast the volatility changes (0.3 to 1.2).
TAU: Final = 0.5
#: The tolerance of the volatility's iteration.
_EPSILON: Final = 0.000001
#: The least deviation kept: a rating never becomes certain.
MIN_DEVIATION: Final = 30.0


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating: the rating, its deviation and its volatility (on the Glicko
    scale, where a newcomer is 1500 ± 350)."""

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    def update(self, games: Sequence[tuple[Rating, float]]) -> Rating:
        """The rating after one rating period of ``games``: each the opponent's rating
        and this side's score (1 a win, 0 a loss, 0.5 a draw). No game: only the
        deviation grows."""
        mu = (self.rating - DEFAULT_RATING) / SCALE
        phi = self.deviation / SCALE
        sigma = self.volatility
        if not games:
            grown = math.sqrt(phi * phi + sigma * sigma)
            return Rating(self.rating, min(DEFAULT_DEVIATION, grown * SCALE), sigma)
        v_inverse = 0.0
        delta_sum = 0.0
        for opponent, score in games:
            mu_j = (opponent.rating - DEFAULT_RATING) / SCALE
            phi_j = opponent.deviation / SCALE
            expected = _e(mu, mu_j, phi_j)
            g = _g(phi_j)
            v_inverse += g * g * expected * (1 - expected)
            delta_sum += g * (score - expected)
        v = 1 / v_inverse
        delta = v * delta_sum
        sigma = _volatility(delta, phi, v, sigma)
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
        mu = mu + phi * phi * delta_sum
        deviation = max(MIN_DEVIATION, min(DEFAULT_DEVIATION, phi * SCALE))
        return Rating(DEFAULT_RATING + SCALE * mu, deviation, sigma)

    def to_dict(self) -> dict[str, float]:
        """The rating as JSON-ready data."""
        return {"rating": self.rating, "deviation": self.deviation, "volatility": self.volatility}


def _volatility(delta: float, phi: float, v: float, sigma: float) -> float:
    """The new volatility (step 5 of Glicko-2: the Illinois algorithm)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (TAU * TAU)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def expected_score(player: Rating, opponent: Rating) -> float:
    """The chance that ``player`` beats ``opponent`` (solves the puzzle), by Glicko-2.

    >>> round(expected_score(Rating(1500, 60), Rating(1500, 60)), 3)
    0.5
    """
    mu = (player.rating - DEFAULT_RATING) / SCALE
    mu_j = (opponent.rating - DEFAULT_RATING) / SCALE
    return _e(mu, mu_j, opponent.deviation / SCALE)
