"""An independent reading of the derived roads, written from the rules as scoreboards state
them, cell by cell on a grid, for the tests to compare the library with.

It shares nothing with :mod:`croupier.baccarat.scoreboard` but the :class:`Outcome` values:
the big road is a set of occupied cells (column, row) with no board height, and each
rule is asked of the grid the way a dealer reads it off the board.
"""

from __future__ import annotations

from croupier.baccarat.rules import Outcome

#: How many columns to the left each road looks.
OFFSETS = {"big-eye-boy": 1, "small-road": 2, "cockroach-pig": 3}


def logical_cells(outcomes: list[Outcome]) -> list[tuple[int, int]]:
    """Each win's (column, row) on a big road as tall as it needs to be."""
    cells: list[tuple[int, int]] = []
    previous = None
    for outcome in outcomes:
        if outcome is Outcome.TIE:
            continue
        if previous is None:
            cells.append((0, 0))
        elif outcome is previous:
            column, row = cells[-1]
            cells.append((column, row + 1))
        else:
            cells.append((cells[-1][0] + 1, 0))
        previous = outcome
    return cells


def column_height(grid: set[tuple[int, int]], column: int) -> int:
    height = 0
    while (column, height) in grid:
        height += 1
    return height


def colours(outcomes: list[Outcome], road: str) -> list[str]:
    """The colour of each mark of ``road``, read off the grid."""
    offset = OFFSETS[road]
    grid: set[tuple[int, int]] = set()
    marks: list[str] = []
    for column, row in logical_cells(outcomes):
        grid.add((column, row))
        if row == 0:
            # A new column: are the two columns before it, offset apart, equally deep?
            left, further = column - 1, column - 1 - offset
            if further < 0:
                continue
            equal = column_height(grid, left) == column_height(grid, further)
            marks.append("red" if equal else "blue")
        else:
            beside = column - offset
            if beside < 0:
                continue
            if (beside, row) in grid:
                marks.append("red")  # a mark to the left on the same row
            elif (beside, row - 1) in grid:
                marks.append("blue")  # the column to the left just ended above
            else:
                marks.append("red")  # nothing to the left for two rows: a straight drop
    return marks


def runs(marks: list[str]) -> list[int]:
    """The lengths of the runs of equal marks, in order."""
    lengths: list[int] = []
    for index, mark in enumerate(marks):
        if index and mark == marks[index - 1]:
            lengths[-1] += 1
        else:
            lengths.append(1)
    return lengths


def board(marks: list[str], rows: int) -> list[tuple[int, int]]:
    """Where each mark of a road goes on a board of ``rows`` rows, run by run, as a
    scoreboard draws it: a run starts at the top of the first column, right of the last
    run's first column, whose top cell is free; it goes down as long as the cell below
    is free and on the board; from there the rest of the run goes right along that row
    (the dragon tail), never back down."""
    taken: set[tuple[int, int]] = set()
    places: list[tuple[int, int]] = []
    run_start = -1
    for length in runs(marks):
        column = run_start + 1
        while (column, 0) in taken:
            column += 1
        run_start = column
        depth = 1  # how many of the run fit in its column
        while depth < min(length, rows) and (column, depth) not in taken:
            depth += 1
        cells = [(column, row) for row in range(depth)]
        cells += [(column + step, depth - 1) for step in range(1, length - depth + 1)]
        assert not taken & set(cells), "a tail ran into an earlier one"
        taken.update(cells)
        places.extend(cells)
    return places
