"""Tallies: weighted sums of equity, wins and ties per player, and per combo of each
range, from which :class:`~croupier.poker.calc.results.CalcResult` is made (the figures
of each class of the 13x13 grid, and of each combo).

:func:`shares` splits each pot among the players on top:

>>> import numpy as np
>>> share, tied = shares(np.array([[5, 2], [5, 3]], dtype=np.uint16))  # 2 players, 2 pots
>>> share.tolist(), tied.tolist()
([[0.5, 1.0], [0.5, 0.0]], [[True, False], [True, False]])
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from croupier.poker.calc.live import LiveQuestion
from croupier.poker.calc.results import EQUITY, TIE, WEIGHT, WIN, CalcResult, PlayerResult
from croupier.poker.ranges.starting_hands import COMBO_COUNT

__all__ = ["Tally", "shares"]


def shares(classes: NDArray[np.uint16]) -> tuple[NDArray[np.float64], NDArray[np.bool_]]:
    """Each player's (rows) share of each pot (columns), from their hand classes (the
    lowest wins), and whether the pot was shared."""
    best = classes.min(axis=0)
    on_top = classes == best
    sharing = on_top.sum(axis=0)
    share = on_top / sharing
    return share, on_top & (sharing > 1)


class Tally:
    """Weighted sums of equity, wins and ties per player, and per combo of each range
    (from which the results give each class's and each combo's figures)."""

    def __init__(self, players: int) -> None:
        self.weight = 0.0
        self.games = 0
        self.equity = np.zeros(players)
        self.win = np.zeros(players)
        self.tie = np.zeros(players)
        self.squares = np.zeros(players)
        #: sums (WEIGHT, EQUITY, WIN, TIE) x players x combos
        self.combo = np.zeros((4, players, COMBO_COUNT))

    def add(self, other: Tally) -> None:
        """Add the sums of ``other`` (a chunk of the work, done elsewhere) to these.

        >>> whole, part = Tally(2), Tally(2)
        >>> part.games, part.weight = 3, 3.0
        >>> whole.add(part); whole.add(part); whole.games, whole.weight
        (6, 6.0)
        """
        for name, value in vars(other).items():
            setattr(self, name, getattr(self, name) + value)

    def add_deals(
        self,
        combos: NDArray[np.int64],
        weights: NDArray[np.float64],
        equity: NDArray[np.float64],
        win: NDArray[np.float64],
        tie: NDArray[np.float64],
        games: int,
    ) -> None:
        """Deals one row each: the players' combos (columns), each row's weight, and each
        player's equity, win and tie in it; ``games`` counts the deals they stand for."""
        self.weight += float(weights.sum())
        self.games += games
        self.equity += weights @ equity
        self.win += weights @ win
        self.tie += weights @ tie
        for p in range(combos.shape[1]):
            for row, values in ((WEIGHT, None), (EQUITY, equity), (WIN, win), (TIE, tie)):
                mass = weights if values is None else weights * values[:, p]
                self.combo[row, p] += np.bincount(combos[:, p], mass, minlength=COMBO_COUNT)

    def add_trials(
        self,
        combos: Sequence[NDArray[np.int64]],
        picks: NDArray[np.int64],
        classes: NDArray[np.uint16],
        ok: NDArray[np.bool_],
    ) -> int:
        """Monte Carlo deals, one unit of weight each: ``classes`` holds each player's
        hand class (rows) in each deal (columns), ``picks`` its position in its
        ``combos``; only the deals where ``ok`` is set count. Returns how many did."""
        n = int(np.count_nonzero(ok))
        self.games += n
        self.weight += n
        if len(classes) == 2:  # heads-up: comparisons instead of shares
            first, second = classes
            ahead, level = (first < second) & ok, (first == second) & ok
            wins = np.array([np.count_nonzero(ahead), n - np.count_nonzero(ahead | level)])
            ties = np.count_nonzero(level)
            self.win += wins
            self.tie += ties
            self.equity += wins + ties / 2
            self.squares += wins + ties / 4
            share = tied = None
        else:
            picks, classes = picks[:, ok], classes[:, ok]
            share, tied = shares(classes)
            self.equity += share.sum(axis=1)
            self.squares += (share**2).sum(axis=1)
            self.win += (share == 1).sum(axis=1)
            self.tie += tied.sum(axis=1)
        for p, numbers in enumerate(combos):
            if len(numbers) == 1:
                held = numbers[0]
                self.combo[:, p, held] = (self.weight, self.equity[p], self.win[p], self.tie[p])
                continue
            if share is None or tied is None:
                # one count per combo and outcome: 0 lost, 1 tied, 2 won, 3 not counted
                mine = ahead if p == 0 else (second < first) & ok
                outcome = 2 * mine + level + 3 * ~ok
                counts = np.bincount(4 * picks[p] + outcome, minlength=4 * len(numbers))
                counts = counts.reshape(len(numbers), 4)
                sums = [counts[:, :3].sum(axis=1), counts[:, 2] + counts[:, 1] / 2]
                sums += [counts[:, 2], counts[:, 1]]
                for row, values in zip((WEIGHT, EQUITY, WIN, TIE), sums, strict=True):
                    self.combo[row, p, numbers] += values
            else:
                held_combos = np.take(numbers, picks[p])
                for row, values in (
                    (WEIGHT, None),
                    (EQUITY, share[p]),
                    (WIN, share[p] == 1),
                    (TIE, tied[p]),
                ):
                    self.combo[row, p] += np.bincount(held_combos, values, minlength=COMBO_COUNT)
        return n

    def stderr(self) -> NDArray[np.float64]:
        """Standard error of each player's equity (Monte Carlo: one unit weight a deal)."""
        equity = self.equity / max(self.weight, 1.0)
        variance = np.maximum(self.squares / max(self.weight, 1.0) - equity**2, 0)
        error: NDArray[np.float64] = np.sqrt(variance / max(self.games - 1, 1))
        return error

    def result(
        self, question: LiveQuestion, *, exact: bool, partial: bool, stderr: bool
    ) -> CalcResult:
        """The tally so far as a result."""
        total = self.weight or 1.0
        equity = self.equity / total
        errors: list[float | None] = [None] * question.players
        if stderr:
            errors = [float(e) for e in self.stderr()]
        players = tuple(
            PlayerResult(
                range=question.texts[p],
                combos=len(question.combos[p]),
                equity=float(equity[p]),
                win=float(self.win[p] / total),
                tie=float(self.tie[p] / total),
                stderr=errors[p],
                sums=self.combo[:, p].copy() if partial else self.combo[:, p],
                total=self.weight,
            )
            for p in range(question.players)
        )
        return CalcResult(
            exact=exact,
            games=self.games,
            players=players,
            board=question.board,
            dead=question.dead,
            partial=partial,
        )
