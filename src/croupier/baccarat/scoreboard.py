"""The scoreboards of a Baccarat table: the bead plate and the big road.

Every table shows the results of the current shoe two ways. The **bead plate** has one
bead per round, filling columns of six from top to bottom, left to right. The **big
road** shows streaks: a column per run of player (or banker) wins, a new column when
the winner changes; a tie is not a cell but a mark on the cell before it (ties before
the first win are marked on the first cell). A streak longer than the board is tall
turns right along its last row (the "dragon tail"), and so does a streak that would run
into the tail of an earlier one.

>>> from croupier.baccarat.rules import Outcome
>>> P, B, T = Outcome.PLAYER, Outcome.BANKER, Outcome.TIE
>>> road = big_road([Bead(o) for o in (B, B, T, P, B, B, B)])
>>> [(c.column, c.row, c.outcome.value, c.ties) for c in road]
[(0, 0, 'banker', 0), (0, 1, 'banker', 1), (1, 0, 'player', 0), (2, 0, 'banker', 0), \
(2, 1, 'banker', 0), (2, 2, 'banker', 0)]
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
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.payouts import RoundFacts
from croupier.baccarat.rules import Outcome

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


def _place(keys: Sequence[Hashable], rows: int) -> list[tuple[int, int]]:
    """Where each of a road's entries goes: a run of equal ``keys`` fills a column top to
    bottom, a new key starts the column right of the last run's start (past any tail in
    its top row), and a run that reaches the bottom row or an earlier tail turns right."""
    places: list[tuple[int, int]] = []
    taken: set[tuple[int, int]] = set()
    start = column = row = -1
    for index, key in enumerate(keys):
        if index and key == keys[index - 1]:
            if row + 1 < rows and (column, row + 1) not in taken:
                row += 1
            else:
                column += 1
        else:
            start += 1
            while (start, 0) in taken:
                start += 1
            column, row = start, 0
        taken.add((column, row))
        places.append((column, row))
    return places


def big_road(beads: Sequence[Bead], rows: int = BOARD_ROWS) -> tuple[RoadCell, ...]:
    """The big road of the rounds ``beads``, cells in the order they were drawn."""
    _check_rows(rows)
    wins: list[tuple[Bead, int]] = []
    leading_ties = 0
    for bead in beads:
        if bead.outcome is Outcome.TIE:
            if wins:
                wins[-1] = (wins[-1][0], wins[-1][1] + 1)
            else:
                leading_ties += 1
        else:
            wins.append((bead, leading_ties))
            leading_ties = 0
    places = _place([bead.outcome for bead, _ in wins], rows)
    return tuple(
        RoadCell(column, row, bead.outcome, ties, bead.player_pair, bead.banker_pair)
        for (column, row), (bead, ties) in zip(places, wins, strict=True)
    )


@enum.unique
class Colour(enum.StrEnum):
    """The colour of a derived road's mark: red when the big road repeats itself."""

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
    last: list[int] = []
    for lengths in _growing_columns(beads):
        last = lengths
    return tuple(last)


def _growing_columns(beads: Iterable[Bead]) -> Iterator[list[int]]:
    """The big road's column lengths after each win (ties are skipped): one list, grown
    in place and yielded after every win."""
    lengths: list[int] = []
    last: Outcome | None = None
    for bead in beads:
        if bead.outcome is Outcome.TIE:
            continue
        if bead.outcome is last:
            lengths[-1] += 1
        else:
            lengths.append(1)
            last = bead.outcome
        yield lengths


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
    offset = _road(road).offset
    marks: list[Colour] = []
    for lengths in _growing_columns(beads):
        colour = _mark(lengths, offset)
        if colour is not None:
            marks.append(colour)
    return tuple(marks)


def derived_road(
    beads: Iterable[Bead], road: DerivedRoad | str, rows: int = BOARD_ROWS
) -> tuple[RoadMark, ...]:
    """``road``'s marks at their places on a board of ``rows`` rows (with the dragon tail)."""
    _check_rows(rows)
    colours = derived_marks(beads, road)
    return tuple(
        RoadMark(column, row, colour)
        for (column, row), colour in zip(_place(colours, rows), colours, strict=True)
    )


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
    key; ``None`` where the road has not started yet)."""

    banker: Mapping[str, Colour | None]
    player: Mapping[str, Colour | None]


def ask_road(beads: Iterable[Bead]) -> AskRoad:
    """The ask road: the mark each derived road would get from a banker win and from a
    player win in the next round (a tie adds nothing).

    >>> B = Outcome.BANKER
    >>> ask_road([Bead(B)]).player
    mappingproxy({'big-eye-boy': None, 'small-road': None, 'cockroach-pig': None})
    """
    beads = list(beads)
    lengths = list(streak_lengths(beads))
    last = next((b.outcome for b in reversed(beads) if b.outcome is not Outcome.TIE), None)
    asked = {}
    for side in (Outcome.BANKER, Outcome.PLAYER):
        after = [*lengths[:-1], lengths[-1] + 1] if side is last else [*lengths, 1]
        asked[side] = MappingProxyType(
            {key: _mark(after, road.offset) for key, road in DERIVED_ROADS.items()}
        )
    return AskRoad(asked[Outcome.BANKER], asked[Outcome.PLAYER])


@dataclass(frozen=True, slots=True)
class ShoeTally:
    """The count of a shoe's results, as a scoreboard shows it beside the roads."""

    rounds: int
    banker: int
    player: int
    tie: int
    player_pairs: int
    banker_pairs: int
    naturals: int


def shoe_tally(beads: Iterable[Bead]) -> ShoeTally:
    """Rounds, banker, player and tie wins, pairs and naturals among ``beads``.

    >>> B, T = Outcome.BANKER, Outcome.TIE
    >>> shoe_tally([Bead(B, natural=True), Bead(T, player_pair=True)])
    ShoeTally(rounds=2, banker=1, player=0, tie=1, player_pairs=1, banker_pairs=0, naturals=1)
    """
    beads = list(beads)
    return ShoeTally(
        rounds=len(beads),
        banker=sum(b.outcome is Outcome.BANKER for b in beads),
        player=sum(b.outcome is Outcome.PLAYER for b in beads),
        tie=sum(b.outcome is Outcome.TIE for b in beads),
        player_pairs=sum(b.player_pair for b in beads),
        banker_pairs=sum(b.banker_pair for b in beads),
        naturals=sum(b.natural for b in beads),
    )
