"""What a calculation gives: each player's share (:class:`PlayerResult`) and the whole
answer (:class:`CalcResult`), as ``poker calc --json`` prints them.

The engines of every game but hold'em's fast ones end with, for each player, four sums
per row (:class:`RowSums`): the weight of the deals in which the player held the row, and
the player's equity, wins and ties in them (weighted); :func:`rows_result` makes the
:class:`CalcResult` of them. In hold'em-style games each row is a two-card combo, so the
13x13 grids and the combo figures are filled; an Omaha hand has no place on them (NaN
everywhere).

>>> from croupier.poker.calc import calculate
>>> result = calculate(["AA", "KK"], board="2c 7d 9h Js", exact=True)
>>> result.games, [p.range for p in result.players], [str(c) for c in result.board]
(1584, ['AA', 'KK'], ['2c', '7d', '9h', 'Js'])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

import numpy as np
from numpy.typing import NDArray

from croupier.cards import Card
from croupier.poker.ranges.starting_hands import COMBO_COUNT, COMBO_INDEX
from croupier.slotted import maker

if TYPE_CHECKING:
    import pandas as pd

    from croupier.poker.calc.live import LiveRows

__all__ = [
    "EQUITY",
    "TIE",
    "WEIGHT",
    "WIN",
    "CalcResult",
    "PendingSums",
    "PlayerResult",
    "Progress",
    "RowSums",
    "exact_player",
    "exact_result",
    "rows_result",
]

#: Called as ``progress(done, total)`` while a calculation runs.
Progress = Callable[[int, int], None]


#: The rows of :attr:`PlayerResult.sums`: the weight of the deals in which the player
#: held each combo, and the player's equity, wins and ties in them (weighted).
WEIGHT, EQUITY, WIN, TIE = range(4)


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's share: ``equity`` (wins plus each tie's share), ``win`` and ``tie``
    (games won alone, games shared), as fractions of 1, weighted by combo weights.

    The figures of each combo and each class of the range are read from :attr:`sums`
    when asked for (:attr:`combo_weight`, :attr:`combo_equity`, :attr:`grid`, ...), so
    that an answer costs nothing more until they are wanted; an exact answer to a small
    question makes :attr:`sums` itself when it is first read (:class:`PendingSums`).
    """

    range: str
    combos: int
    equity: float
    win: float
    tie: float
    stderr: float | None
    #: Weighted sums per combo (1,326 columns, by combo number): rows WEIGHT, EQUITY,
    #: WIN and TIE (the deals' weight, and the player's equity, wins and ties in them).
    sums: NDArray[np.float64] = field(compare=False, repr=False)
    #: The weight of all the deals counted (every player holds a combo in each).
    total: float = field(default=1.0, compare=False, repr=False)
    #: Games other than hold'em, asked for (``calculate(..., by_hand=True)``): the hands
    #: the player held, a row each (card numbers in increasing order), and their sums (a
    #: row each: WEIGHT, EQUITY, WIN, TIE as columns); None otherwise.
    hands: NDArray[np.int64] | None = field(default=None, compare=False, repr=False)
    hand_sums: NDArray[np.float64] | None = field(default=None, compare=False, repr=False)

    @property
    def combo_weight(self) -> NDArray[np.float64]:
        """How often the player holds each of the 1,326 combos in the deals counted (the
        weights sum to 1)."""
        weights: NDArray[np.float64] = self.sums[WEIGHT] / (self.total or 1.0)
        return weights

    @property
    def combo_equity(self) -> NDArray[np.float64]:
        """Each combo's equity in the deals where the player holds it (NaN where never)."""
        return _ratio(self.sums[EQUITY], self.sums[WEIGHT])

    @property
    def grid(self) -> NDArray[np.float64]:
        """Equity of each class of the range (13x13 grid, NaN where the range has none)."""
        return self._by_class(EQUITY)

    @property
    def grid_win(self) -> NDArray[np.float64]:
        """Wins of each class of the range (13x13 grid, NaN where it has none)."""
        return self._by_class(WIN)

    @property
    def grid_tie(self) -> NDArray[np.float64]:
        """Ties of each class of the range (13x13 grid, NaN where it has none)."""
        return self._by_class(TIE)

    def _by_class(self, row: int) -> NDArray[np.float64]:
        from croupier.poker.ranges.starting_hands import CLASS_OF_COMBO

        weight = np.asarray(
            np.bincount(CLASS_OF_COMBO, self.sums[WEIGHT], minlength=169), dtype=np.float64
        )
        found = np.asarray(np.bincount(CLASS_OF_COMBO, self.sums[row], minlength=169), np.float64)
        return _ratio(found, weight).reshape(13, 13)

    def to_dict(self) -> dict[str, Any]:
        """The player as in ``poker calc --json``."""
        return {
            "range": self.range,
            "combos": self.combos,
            "equity": self.equity,
            "win": self.win,
            "tie": self.tie,
            "stderr": self.stderr,
        }


@dataclass(frozen=True, slots=True)
class CalcResult:
    """What :func:`~croupier.poker.calc.calculate` found. ``games``: deals enumerated
    (exact) or trials (Monte Carlo); ``partial``: stopped before the end (the figures
    cover what was done); ``seed``: the int seed of a Monte Carlo run, which repeats it
    (``None`` when exact or given a generator); ``game``: the game (see
    :mod:`croupier.poker.games`).
    """

    exact: bool
    games: int
    players: tuple[PlayerResult, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    partial: bool = False
    seed: int | None = None
    game: str = "holdem"

    def _repr_html_(self) -> str:
        """Each player's equity as a bar (win, tie, the error), drawn in a notebook
        (:mod:`croupier.poker.display`)."""
        from croupier.poker.display import calc_html

        return calc_html(self)

    def to_frame(self, by: str = "combo") -> pd.DataFrame:
        """Each player's equity by combo (or ``by="class"``) as a pandas DataFrame (the
        ``notebook`` extra; its columns: :func:`croupier.poker.frames.calc_frame`)."""
        from croupier.poker.frames import calc_frame

        return calc_frame(self, by)

    def to_dict(self) -> dict[str, Any]:
        """The object ``poker calc --json`` prints (with the game's name, for games other
        than hold'em)."""
        data: dict[str, Any] = {
            "exact": self.exact,
            "partial": self.partial,
            "games": self.games,
            "seed": self.seed,
            "players": [p.to_dict() for p in self.players],
            "board": [str(c) for c in self.board],
            "dead": [str(c) for c in self.dead],
        }
        if self.game != "holdem":
            data["game"] = self.game
        return data


class PendingSums:
    """A player's sums by combo not yet spread over the 1,326 columns: an exact answer
    made in microseconds (:mod:`~croupier.poker.calc.small`) holds them so, and
    :attr:`PlayerResult.sums` makes the array the first time it is read (the same
    array as if made at once: zeros where the player holds no combo).

    ``found[start:stop]`` are the sums, rows WEIGHT, EQUITY, WIN and TIE one after the
    other, at the places ``targets`` of the array of 4 x 1,326 sums laid out flat
    (``1326 * row + combo number``).

    >>> found = np.array([-1.0, -1.0, 1.0, 3.0, 5.0, 7.0])  # two values before them
    >>> targets = np.arange(4) * COMBO_COUNT + 9  # combo 9 in every row
    >>> made = PendingSums(found, 2, 6, targets).made()
    >>> made.shape, made[:, 9].tolist(), float(made.sum())
    ((4, 1326), [1.0, 3.0, 5.0, 7.0], 16.0)
    """

    __slots__ = ("found", "start", "stop", "targets")

    def __init__(
        self, found: NDArray[np.float64], start: int, stop: int, targets: NDArray[np.int64]
    ) -> None:
        self.found = found
        self.start = start
        self.stop = stop
        self.targets = targets

    def made(self) -> NDArray[np.float64]:
        """The sums as :attr:`PlayerResult.sums` holds them (4 x 1,326, a new array)."""
        sums = np.zeros(4 * COMBO_COUNT)
        sums[self.targets] = self.found[self.start : self.stop]
        return sums.reshape(4, COMBO_COUNT)


class _MadeWhenRead:
    """The descriptor of :attr:`PlayerResult.sums`: its slot's, except that sums left
    pending (:class:`PendingSums`) are made into their array when first read, and kept
    (so that ``dataclasses.replace``, pickling and copies see the array too)."""

    __slots__ = ("slot",)

    def __init__(self, slot: Any) -> None:
        self.slot = slot

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        if instance is None:
            return self.slot
        value = self.slot.__get__(instance, owner)
        if type(value) is PendingSums:
            value = value.made()
            self.slot.__set__(instance, value)
        return value

    def __set__(self, instance: object, value: object) -> None:
        self.slot.__set__(instance, value)


setattr(PlayerResult, "sums", _MadeWhenRead(PlayerResult.__dict__["sums"]))  # noqa: B010

# Small exact questions are answered in microseconds, a third of which went on the
# frozen dataclasses' __init__ (object.__setattr__ looked up for each field): the two
# makers below set the slots through their descriptors instead, the same values.
_exact_player: Final = maker(PlayerResult, stderr=None, hands=None, hand_sums=None)
_exact_result: Final = maker(CalcResult, exact=True, partial=False, seed=None, game="holdem")


def exact_player(
    range_text: str,
    combos: int,
    equity: float,
    win: float,
    tie: float,
    sums: NDArray[np.float64] | PendingSums,
    total: float,
) -> PlayerResult:
    """``PlayerResult(range_text, combos, equity, win, tie, None, sums, total)`` (an
    exact answer's player: no standard error, no hands), made faster; ``sums`` may be
    left pending (:class:`PendingSums`: made when first read).

    >>> sums = np.zeros((4, COMBO_COUNT))
    >>> exact_player("AA", 6, 0.8, 0.75, 0.1, sums, 1.0) == PlayerResult(
    ...     "AA", 6, 0.8, 0.75, 0.1, None, sums
    ... )
    True
    """
    return _exact_player(range_text, combos, equity, win, tie, sums, total)


def exact_result(
    games: int, players: tuple[PlayerResult, ...], board: tuple[Card, ...], dead: tuple[Card, ...]
) -> CalcResult:
    """``CalcResult(True, games, players, board, dead)`` (a whole exact answer in
    hold'em), made faster.

    >>> exact_result(60, (), (), ()) == CalcResult(True, 60, (), (), ())
    True
    """
    return _exact_result(games, players, board, dead)


def _ratio(sums: NDArray[np.float64], weights: NDArray[np.float64]) -> NDArray[np.float64]:
    """``sums / weights``, NaN where the weight is 0."""
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio: NDArray[np.float64] = np.where(weights > 0, sums / weights, np.nan)
    return ratio


@dataclass(slots=True)
class RowSums:
    """Sums per player: ``rows[p]`` is rows x (weight, equity, win, tie), the rows being
    the hands ``cards[p]`` (None where a row stands for hands dealt partly at random);
    ``squares[p]`` the sum of squared equity shares (Monte Carlo's error); ``weight``
    the weight of all deals, ``games`` their number."""

    rows: list[NDArray[np.float64]]
    cards: list[NDArray[np.int64] | None]
    squares: NDArray[np.float64]
    weight: float
    games: int

    def stderr(self) -> NDArray[np.float64]:
        """Standard error of each player's equity (one unit of weight a deal)."""
        total = max(self.weight, 1.0)
        equity = np.array([r[:, 1].sum() for r in self.rows]) / total
        variance = np.maximum(self.squares / total - equity**2, 0)
        error: NDArray[np.float64] = np.sqrt(variance / max(self.games - 1, 1))
        return error


def _combo_sums(
    live: LiveRows, cards: NDArray[np.int64] | None, sums: NDArray[np.float64]
) -> NDArray[np.float64]:
    """A player's sums by combo (rows weight, equity, win, tie; 1,326 columns): zero
    where a row is no two-card combo (Omaha, or hands dealt partly at random)."""
    by_combo = np.zeros((4, COMBO_COUNT))
    if live.two_card and cards is not None:
        combos = COMBO_INDEX[cards[:, 0], cards[:, 1]]
        for k in range(4):
            by_combo[k] = np.bincount(combos, sums[:, k], minlength=COMBO_COUNT)
    return by_combo


def rows_result(
    live: LiveRows, sums: RowSums, *, exact: bool, partial: bool, stderr: bool
) -> CalcResult:
    """The sums so far as a result."""
    total = sums.weight or 1.0
    errors: list[float | None] = [None] * live.players
    if stderr:
        errors = [float(e) for e in sums.stderr()]
    players = []
    for p in range(live.players):
        rows = sums.rows[p]
        players.append(
            PlayerResult(
                range=live.texts[p],
                combos=live.hand_counts[p],
                equity=float(rows[:, 1].sum() / total),
                win=float(rows[:, 2].sum() / total),
                tie=float(rows[:, 3].sum() / total),
                stderr=errors[p],
                sums=_combo_sums(live, sums.cards[p], rows),
                total=total,
                hands=sums.cards[p] if live.listed else None,
                hand_sums=rows if live.listed and sums.cards[p] is not None else None,
            )
        )
    return CalcResult(
        exact=exact,
        games=sums.games,
        players=tuple(players),
        board=live.question.board,
        dead=live.question.dead,
        partial=partial,
        game=str(live.variant.game),
    )
