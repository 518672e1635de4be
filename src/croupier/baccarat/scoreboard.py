"""The scoreboards of a Baccarat table: the bead plate and the big road.

Every table shows the results of the current shoe two ways. The **bead plate** has one
bead per round, filling columns of six from top to bottom, left to right. The **big
road** shows streaks: a column per run of player (or banker) wins, a new column when
the winner changes; a tie is not a cell but a mark on the cell before it (ties before
the first win are marked on the first cell). A streak longer than the board is tall
turns right along its last row (the "dragon tail"), and so does a streak that would run
into the tail of an earlier one; once turned, a streak stays on the row where it turned
to its end, even past the end of the tail below it.

>>> from croupier.baccarat.rules import Outcome
>>> P, B, T = Outcome.PLAYER, Outcome.BANKER, Outcome.TIE
>>> road = big_road([Bead(o) for o in (B, B, T, P, B, B, B)])
>>> [(c.column, c.row, c.outcome.value, c.ties) for c in road]
[(0, 0, 'banker', 0), (0, 1, 'banker', 1), (1, 0, 'player', 0), (2, 0, 'banker', 0), \
(2, 1, 'banker', 0), (2, 2, 'banker', 0)]
>>> tails = big_road([Bead(B)] * 7 + [Bead(P)] * 7)   # the players' tail stays on row 4
>>> [(c.column, c.row) for c in tails[-3:]]
[(1, 4), (2, 4), (3, 4)]
>>> [(c.column, c.row) for c in bead_plate([Bead(B)] * 8)][-2:]
[(1, 0), (1, 1)]

The three **derived roads** (Big Eye Boy, Small Road, Cockroach Pig) do not record who
won: each new entry of the big road gets a red mark when the big road "repeats itself"
and a blue one when it does not, comparing the entry with the column one, two or three
to its left (:data:`DERIVED_ROADS`). An entry that starts a column is red when the two
columns before it, ``offset`` apart, are as long as each other; an entry lower in a
column is red when the column ``offset`` to its left reaches its row, or stops two or
more rows above it, and blue when that column stopped exactly one row above it. Ties
never make a mark, and a road starts with the entry in column ``offset``, second row
(or, if that column holds one entry, the top of the next column). The marks fill a
board of six rows as the big road does: a column per run of one colour, with the
dragon tail.

Columns of 1, 2, 1, 2 wins: next to each other they differ (Big Eye Boy: blue), two
apart they repeat (Small Road: red).

>>> shoe = [Bead(o) for o in (B, P, P, B, P, P)]
>>> [m.colour.value for m in big_eye_boy(shoe)], [m.colour.value for m in small_road(shoe)]
(['blue', 'blue', 'blue', 'blue'], ['red', 'red'])
>>> ask = ask_road(shoe)
>>> ask.banker["big-eye-boy"].value, ask.player["big-eye-boy"].value
('blue', 'red')

A table draws its boards again after every round: :class:`Scoreboard` keeps them up to
date one round at a time, each round costing the same however long the shoe (the
functions above build one from the beads they are given).

>>> board = Scoreboard()
>>> for outcome in (B, B, T, P):
...     board.add(Bead(outcome))
>>> [(c.column, c.row, c.ties) for c in board.big_road], board.tally.tie
([(0, 0, 0), (0, 1, 1), (1, 0, 0)], 1)
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, NoReturn

from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.payouts import RoundFacts
from croupier.baccarat.rules import Outcome
from croupier.choices import unknown_member
from croupier.errors import check_type

__all__ = [
    "BOARD_ROWS",
    "DERIVED_ROADS",
    "AskRoad",
    "Bead",
    "BeadCell",
    "Colour",
    "DerivedRoad",
    "RoadCell",
    "RoadMark",
    "Scoreboard",
    "ShoeTally",
    "ask_road",
    "bead_plate",
    "big_eye_boy",
    "big_road",
    "cockroach_pig",
    "derived_marks",
    "derived_road",
    "shoe_tally",
    "small_road",
    "streak_lengths",
]

#: Rows of both boards, as on casino scoreboards.
BOARD_ROWS: Final = 6


@dataclass(frozen=True, slots=True)
class Bead:
    """What the boards record of one round: who won, the totals and the pairs."""

    outcome: Outcome
    player_total: int = 0
    banker_total: int = 0
    player_pair: bool = False
    banker_pair: bool = False
    natural: bool = False

    @classmethod
    def of(cls, facts: RoundFacts) -> Bead:
        """The bead of a finished round (a :class:`~croupier.baccarat.round.Coup`)."""
        return cls(
            facts.outcome,
            facts.player_total,
            facts.banker_total,
            facts.player_pair,
            facts.banker_pair,
            facts.natural,
        )


@dataclass(frozen=True, slots=True)
class BeadCell:
    """A bead at its place on the bead plate."""

    column: int
    row: int
    bead: Bead


@dataclass(frozen=True, slots=True)
class RoadCell:
    """A cell of the big road: a player or banker win, and the ties that followed it."""

    column: int
    row: int
    outcome: Outcome
    ties: int
    player_pair: bool
    banker_pair: bool


def _check_rows(rows: int) -> None:
    if isinstance(rows, bool) or not isinstance(rows, int) or rows < 1:
        raise BaccaratError(f"bad number of rows {rows!r}: expected 1 or more")


def bead_plate(beads: Iterable[Bead], rows: int = BOARD_ROWS) -> tuple[BeadCell, ...]:
    """Each round's bead, in columns of ``rows`` filled top to bottom."""
    _check_rows(rows)
    return tuple(BeadCell(i // rows, i % rows, bead) for i, bead in enumerate(beads))


class _Placer:
    """Where each of a road's entries goes, one entry at a time: a run of equal keys
    fills a column top to bottom, a new key starts the column right of the last run's
    start (past any tail in its top row), and a run that reaches the bottom row or an
    earlier tail turns right and stays on the row where it turned (the dragon tail),
    as scoreboards draw it: a tail does not step back down when the cell below it is
    free."""

    __slots__ = ("column", "last", "row", "rows", "start", "taken", "turned")

    def __init__(self, rows: int) -> None:
        self.rows = rows
        self.taken: set[tuple[int, int]] = set()
        self.start = self.column = self.row = -1
        self.last: Hashable = _NO_ENTRY
        #: The run under way has turned right: it goes on along its row.
        self.turned = False

    def peek(self, key: Hashable) -> tuple[int, int, bool]:
        """Where the next entry, ``key``, would go, and whether its run has turned."""
        if self.last is not _NO_ENTRY and key == self.last:
            below = (self.column, self.row + 1)
            if not self.turned and self.row + 1 < self.rows and below not in self.taken:
                return self.column, self.row + 1, False
            return self.column + 1, self.row, True
        start = self.start + 1
        while (start, 0) in self.taken:
            start += 1
        return start, 0, False

    def place(self, key: Hashable) -> tuple[int, int]:
        """The place of the next entry, ``key``."""
        column, row, turned = self.peek(key)
        if self.last is _NO_ENTRY or key != self.last:
            self.start = column
        self.column, self.row, self.turned, self.last = column, row, turned, key
        self.taken.add((column, row))
        return column, row


#: The key before a road's first entry (equal to no key).
_NO_ENTRY: Final = object()


def _place(keys: Sequence[Hashable], rows: int) -> list[tuple[int, int]]:
    """Where each of a road's entries goes (see :class:`_Placer`)."""
    placer = _Placer(rows)
    return [placer.place(key) for key in keys]


def big_road(beads: Sequence[Bead], rows: int = BOARD_ROWS) -> tuple[RoadCell, ...]:
    """The big road of the rounds ``beads``, cells in the order they were drawn."""
    return Scoreboard(beads, rows).big_road


@enum.unique
class Colour(enum.StrEnum):
    """The colour of a derived road's mark: red when the big road repeats itself."""

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, BaccaratError)

    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True, slots=True)
class DerivedRoad:
    """A derived road: its key, its name, and how many columns to the left it looks."""

    key: str
    name: str
    offset: int


#: The derived roads, as casino scoreboards define them: Big Eye Boy compares each big
#: road entry with the column one to its left, Small Road two, Cockroach Pig three.
DERIVED_ROADS: Final[Mapping[str, DerivedRoad]] = MappingProxyType(
    {
        road.key: road
        for road in (
            DerivedRoad("big-eye-boy", "Big Eye Boy", 1),
            DerivedRoad("small-road", "Small Road", 2),
            DerivedRoad("cockroach-pig", "Cockroach Pig", 3),
        )
    }
)


@dataclass(frozen=True, slots=True)
class RoadMark:
    """A derived road's mark at its place on the board."""

    column: int
    row: int
    colour: Colour


def streak_lengths(beads: Iterable[Bead]) -> tuple[int, ...]:
    """The length of each column of the big road (each run of player or banker wins,
    ties left out), however the board bends the run.

    >>> P, B, T = Outcome.PLAYER, Outcome.BANKER, Outcome.TIE
    >>> streak_lengths(Bead(o) for o in (B, B, T, P, B, B, B, B, B, B, B))
    (2, 1, 7)
    """
    return Scoreboard(beads).streak_lengths


def _mark(lengths: Sequence[int], offset: int) -> Colour | None:
    """The mark the big road's newest entry makes on the road looking ``offset`` columns
    left; ``lengths`` are the big road's columns, the newest entry ending the last one.
    ``None`` before the road starts."""
    column, row = len(lengths) - 1, lengths[-1] - 1
    if row == 0:
        if column - 1 - offset < 0:
            return None
        same = lengths[column - 1] == lengths[column - 1 - offset]
    else:
        if column - offset < 0:
            return None
        same = lengths[column - offset] != row
    return Colour.RED if same else Colour.BLUE


def _road(road: DerivedRoad | str) -> DerivedRoad:
    if isinstance(road, DerivedRoad):
        return road
    try:
        return DERIVED_ROADS[road]
    except (KeyError, TypeError):
        raise BaccaratError(
            f"unknown derived road {road!r}: expected one of {', '.join(DERIVED_ROADS)}"
        ) from None


def derived_marks(beads: Iterable[Bead], road: DerivedRoad | str) -> tuple[Colour, ...]:
    """The colours of ``road``'s marks (a :class:`DerivedRoad` or its key), in order.

    A chop (banker, player, banker, ...) repeats itself: every mark is red.

    >>> P, B = Outcome.PLAYER, Outcome.BANKER
    >>> [c.value for c in derived_marks([Bead(B), Bead(P)] * 3, "small-road")]
    ['red', 'red', 'red']
    """
    return tuple(mark.colour for mark in Scoreboard(beads).derived_road(road))


def derived_road(
    beads: Iterable[Bead], road: DerivedRoad | str, rows: int = BOARD_ROWS
) -> tuple[RoadMark, ...]:
    """``road``'s marks at their places on a board of ``rows`` rows (with the dragon tail)."""
    return Scoreboard(beads, rows).derived_road(road)


def big_eye_boy(beads: Iterable[Bead], rows: int = BOARD_ROWS) -> tuple[RoadMark, ...]:
    """The Big Eye Boy: each big road entry against the column one to its left."""
    return derived_road(beads, "big-eye-boy", rows)


def small_road(beads: Iterable[Bead], rows: int = BOARD_ROWS) -> tuple[RoadMark, ...]:
    """The Small Road: each big road entry against the column two to its left."""
    return derived_road(beads, "small-road", rows)


def cockroach_pig(beads: Iterable[Bead], rows: int = BOARD_ROWS) -> tuple[RoadMark, ...]:
    """The Cockroach Pig: each big road entry against the column three to its left."""
    return derived_road(beads, "cockroach-pig", rows)


@dataclass(frozen=True, slots=True)
class AskRoad:
    """What a banker win and a player win would add to each derived road next (by road
    key; ``None`` where the road has not started yet), and where each would be drawn in
    the big road (``(column, row)``, counted from 0)."""

    banker: Mapping[str, Colour | None]
    player: Mapping[str, Colour | None]
    #: The big road's cell a banker win would take next, and a player win.
    banker_at: tuple[int, int] = (0, 0)
    player_at: tuple[int, int] = (0, 0)


def ask_road(beads: Iterable[Bead], rows: int = BOARD_ROWS) -> AskRoad:
    """The ask road: the mark each derived road would get from a banker win and from a
    player win in the next round (a tie adds nothing), and the cell each win would take
    in a big road of ``rows`` rows.

    >>> B = Outcome.BANKER
    >>> asked = ask_road([Bead(B)])
    >>> asked.player
    mappingproxy({'big-eye-boy': None, 'small-road': None, 'cockroach-pig': None})
    >>> asked.banker_at, asked.player_at   # under the banker, or a new column
    ((0, 1), (1, 0))
    """
    return Scoreboard(beads, rows).ask_road()


@dataclass(frozen=True, slots=True)
class ShoeTally:
    """The count of a shoe's results, as a scoreboard shows it beside the roads: rounds,
    wins and ties, pairs and naturals, each side's longest streak (its longest column in
    the big road: a tie does not break a streak) and the streak in progress.

    >>> B, P, T = Outcome.BANKER, Outcome.PLAYER, Outcome.TIE
    >>> tally = shoe_tally([Bead(o) for o in (B, B, T, B, P, P, B)])
    >>> tally.longest_banker, tally.longest_player, tally.streak_side, tally.streak
    (3, 2, <Outcome.BANKER: 'banker'>, 1)
    >>> f"{tally.share(B):.1%} banker, {tally.share(T):.1%} tie"
    '57.1% banker, 14.3% tie'
    """

    rounds: int
    banker: int
    player: int
    tie: int
    player_pairs: int
    banker_pairs: int
    naturals: int
    #: The longest streak of banker wins, and of player wins, so far.
    longest_banker: int = 0
    longest_player: int = 0
    #: The side whose streak is in progress (``None`` before the first win) and its length.
    streak_side: Outcome | None = None
    streak: int = 0

    def share(self, outcome: Outcome) -> float:
        """The fraction of the rounds ``outcome`` won (0.0 before the first round)."""
        wins = {Outcome.BANKER: self.banker, Outcome.PLAYER: self.player, Outcome.TIE: self.tie}
        check_type(outcome, Outcome, "outcome", "an Outcome")
        return wins[outcome] / self.rounds if self.rounds else 0.0


def shoe_tally(beads: Iterable[Bead]) -> ShoeTally:
    """Rounds, banker, player and tie wins, pairs, naturals and streaks among ``beads``.

    >>> B, T = Outcome.BANKER, Outcome.TIE
    >>> shoe_tally([Bead(B, natural=True), Bead(T, player_pair=True)])
    ShoeTally(rounds=2, banker=1, player=0, tie=1, player_pairs=1, banker_pairs=0, naturals=1, \
longest_banker=1, longest_player=0, streak_side=<Outcome.BANKER: 'banker'>, streak=1)
    """
    return Scoreboard(beads).tally


class Scoreboard:
    """The boards of one shoe, kept up to date round by round: :meth:`add` a round's
    bead and its bead plate cell, its big road cell (or a tie on the last cell), its
    derived roads' marks, the ask road and the tally follow, each round costing the
    same however long the shoe. ``beads`` are the rounds so far; ``rows`` the boards'
    height.

    >>> P, B = Outcome.PLAYER, Outcome.BANKER
    >>> board = Scoreboard([Bead(o) for o in (B, P, P, B, P)])
    >>> [m.colour.value for m in board.derived_road("big-eye-boy")], board.streak_lengths
    (['blue', 'blue', 'blue'], (1, 2, 1, 1))
    """

    def __init__(self, beads: Iterable[Bead] = (), rows: int = BOARD_ROWS) -> None:
        _check_rows(rows)
        self.rows = rows
        self._beads: list[Bead] = []
        self._plate: list[BeadCell] = []
        self._road: list[RoadCell] = []
        self._road_places = _Placer(rows)
        self._leading_ties = 0
        self._lengths: list[int] = []
        self._last_win: Outcome | None = None
        #: Each side's longest streak (column of the big road) so far.
        self._longest = {Outcome.BANKER: 0, Outcome.PLAYER: 0}
        self._marks: dict[str, list[RoadMark]] = {key: [] for key in DERIVED_ROADS}
        self._mark_places = {key: _Placer(rows) for key in DERIVED_ROADS}
        #: The tally's figures so far, in the order of :class:`ShoeTally`.
        self._tally = [0] * 7
        for bead in beads:
            self.add(bead)

    def add(self, bead: Bead) -> None:
        """The next round of the shoe."""
        index = len(self._beads)
        self._beads.append(bead)
        self._plate.append(BeadCell(index // self.rows, index % self.rows, bead))
        self._count(bead)
        if bead.outcome is Outcome.TIE:
            if self._road:
                last = self._road[-1]
                self._road[-1] = dataclasses.replace(last, ties=last.ties + 1)
            else:
                self._leading_ties += 1
            return
        column, row = self._road_places.place(bead.outcome)
        self._road.append(
            RoadCell(
                column, row, bead.outcome, self._leading_ties, bead.player_pair, bead.banker_pair
            )
        )
        self._leading_ties = 0
        if bead.outcome is self._last_win:
            self._lengths[-1] += 1
        else:
            self._lengths.append(1)
            self._last_win = bead.outcome
        self._longest[bead.outcome] = max(self._longest[bead.outcome], self._lengths[-1])
        for key, road in DERIVED_ROADS.items():
            colour = _mark(self._lengths, road.offset)
            if colour is not None:
                column, row = self._mark_places[key].place(colour)
                self._marks[key].append(RoadMark(column, row, colour))

    def _count(self, bead: Bead) -> None:
        tally = self._tally
        tally[0] += 1
        tally[_TALLY_PLACE[bead.outcome]] += 1
        tally[4] += bead.player_pair
        tally[5] += bead.banker_pair
        tally[6] += bead.natural

    def _repr_html_(self) -> str:
        """The boards drawn in a notebook (:mod:`croupier.baccarat.display`)."""
        from croupier.baccarat.display import scoreboard_html

        return scoreboard_html(self)

    @property
    def beads(self) -> tuple[Bead, ...]:
        """The rounds so far."""
        return tuple(self._beads)

    @property
    def bead_plate(self) -> tuple[BeadCell, ...]:
        """Each round's bead, in columns filled top to bottom."""
        return tuple(self._plate)

    @property
    def big_road(self) -> tuple[RoadCell, ...]:
        """The big road's cells, in the order they were drawn."""
        return tuple(self._road)

    def derived_road(self, road: DerivedRoad | str) -> tuple[RoadMark, ...]:
        """``road``'s marks (a :class:`DerivedRoad` or its key) at their places."""
        return tuple(self._marks[_road(road).key])

    @property
    def streak_lengths(self) -> tuple[int, ...]:
        """The length of each column of the big road."""
        return tuple(self._lengths)

    def ask_road(self) -> AskRoad:
        """The mark each derived road would get from a banker win, and from a player
        win, in the next round, and the big road's cell each would take."""
        lengths, last = self._lengths, self._last_win
        asked = {}
        for side in (Outcome.BANKER, Outcome.PLAYER):
            after = [*lengths[:-1], lengths[-1] + 1] if side is last else [*lengths, 1]
            asked[side] = MappingProxyType(
                {key: _mark(after, road.offset) for key, road in DERIVED_ROADS.items()}
            )
        banker_at = self._road_places.peek(Outcome.BANKER)[:2]
        player_at = self._road_places.peek(Outcome.PLAYER)[:2]
        return AskRoad(asked[Outcome.BANKER], asked[Outcome.PLAYER], banker_at, player_at)

    @property
    def tally(self) -> ShoeTally:
        """Rounds, wins, ties, pairs, naturals and streaks so far."""
        rounds, banker, player, tie, player_pairs, banker_pairs, naturals = self._tally
        return ShoeTally(
            rounds,
            banker,
            player,
            tie,
            player_pairs,
            banker_pairs,
            naturals,
            longest_banker=self._longest[Outcome.BANKER],
            longest_player=self._longest[Outcome.PLAYER],
            streak_side=self._last_win,
            streak=self._lengths[-1] if self._lengths else 0,
        )


#: Where each result is counted in :attr:`Scoreboard._tally`.
_TALLY_PLACE: Final = {Outcome.BANKER: 1, Outcome.PLAYER: 2, Outcome.TIE: 3}
