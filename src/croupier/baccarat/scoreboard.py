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
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.payouts import RoundFacts
from croupier.baccarat.rules import Outcome

__all__ = ["BOARD_ROWS", "Bead", "BeadCell", "RoadCell", "bead_plate", "big_road"]

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


def big_road(beads: Sequence[Bead], rows: int = BOARD_ROWS) -> tuple[RoadCell, ...]:
    """The big road of the rounds ``beads``, cells in the order they were drawn."""
    _check_rows(rows)
    cells: list[RoadCell] = []
    taken: set[tuple[int, int]] = set()
    leading_ties = 0
    start = column = row = -1
    for bead in beads:
        if bead.outcome is Outcome.TIE:
            if cells:
                last = cells[-1]
                cells[-1] = RoadCell(
                    last.column,
                    last.row,
                    last.outcome,
                    last.ties + 1,
                    last.player_pair,
                    last.banker_pair,
                )
            else:
                leading_ties += 1
            continue
        if cells and bead.outcome is cells[-1].outcome:
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
        cells.append(
            RoadCell(column, row, bead.outcome, leading_ties, bead.player_pair, bead.banker_pair)
        )
        leading_ties = 0
    return tuple(cells)
