"""The bead plate and the big road, against boards drawn by hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.round import deal_coup
from croupier.baccarat.rules import Outcome
from croupier.baccarat.scoreboard import Bead, bead_plate, big_road
from croupier.cards import parse_cards

P, B, T = Outcome.PLAYER, Outcome.BANKER, Outcome.TIE


def road(outcomes: str, rows: int = 6) -> list[tuple[int, int, str, int]]:
    beads = [Bead({"P": P, "B": B, "T": T}[o]) for o in outcomes]
    return [(c.column, c.row, c.outcome.value[0].upper(), c.ties) for c in big_road(beads, rows)]


def test_streaks_make_columns_and_ties_mark_the_cell_before() -> None:
    assert road("BBPTTPB") == [
        (0, 0, "B", 0),
        (0, 1, "B", 0),
        (1, 0, "P", 2),
        (1, 1, "P", 0),
        (2, 0, "B", 0),
    ]


def test_ties_before_the_first_win_mark_the_first_cell() -> None:
    assert road("TTP") == [(0, 0, "P", 2)]
    assert road("TT") == []


def test_a_long_streak_turns_right_along_the_bottom() -> None:
    assert road("BBBBBBBBP", rows=6)[4:] == [
        (0, 4, "B", 0),
        (0, 5, "B", 0),
        (1, 5, "B", 0),
        (2, 5, "B", 0),
        (1, 0, "P", 0),
    ]


def test_a_streak_that_meets_an_old_tail_turns_early() -> None:
    # Banker's dragon tail lies along row 2 of columns 1 and 2 (3 rows); the player's
    # next streak in column 1 stops above it and turns right.
    cells = road("BBBBBPPPP", rows=3)
    assert cells == [
        (0, 0, "B", 0),
        (0, 1, "B", 0),
        (0, 2, "B", 0),
        (1, 2, "B", 0),
        (2, 2, "B", 0),
        (1, 0, "P", 0),
        (1, 1, "P", 0),
        (2, 1, "P", 0),
        (3, 1, "P", 0),
    ]


def test_a_tail_stays_on_the_row_where_it_turned() -> None:
    # Seven bankers: six down column 0, the seventh turns right along the bottom row. Seven
    # players: five down column 1, stopped above the banker's tail; the rest turn right on
    # row 4 and stay there, though (2, 5) below them is free. Then a banker starts column 2.
    cells = road("BBBBBBB" + "PPPPPPP" + "B")
    assert cells[7:] == [
        (1, 0, "P", 0),
        (1, 1, "P", 0),
        (1, 2, "P", 0),
        (1, 3, "P", 0),
        (1, 4, "P", 0),
        (2, 4, "P", 0),
        (3, 4, "P", 0),
        (2, 0, "B", 0),
    ]


def test_nested_tails_and_a_long_tail_past_the_old_one() -> None:
    # Bankers: a tail on row 5 to column 3. Players: stopped on row 4 in column 1, their
    # tail goes on along row 4 to column 7, past the end of the banker's tail (column 3).
    # Bankers again: column 2 stops on row 3, and its tail runs along row 3.
    cells = road("B" * 9 + "P" * 11 + "B" * 6)
    players = [(c, r) for c, r, side, _ in cells[9:20]]
    assert players == [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4)] + [(c, 4) for c in range(2, 8)]
    bankers = [(c, r) for c, r, side, _ in cells[20:]]
    assert bankers == [(2, 0), (2, 1), (2, 2), (2, 3), (3, 3), (4, 3)]


def test_a_new_column_skips_a_tail_in_the_top_row() -> None:
    # On a board two rows high: B B B turns on row 1; P P stops above the tail at (1, 1)
    # and turns right along the top row to (2, 0); the next banker starts past it.
    assert road("BBBPPB", rows=2) == [
        (0, 0, "B", 0),
        (0, 1, "B", 0),
        (1, 1, "B", 0),
        (1, 0, "P", 0),
        (2, 0, "P", 0),
        (3, 0, "B", 0),
    ]


def test_the_bead_plate_fills_columns_top_to_bottom() -> None:
    cells = bead_plate([Bead(B), Bead(P), Bead(T)] * 3)
    assert [(c.column, c.row) for c in cells] == [(i // 6, i % 6) for i in range(9)]
    assert cells[2].bead.outcome is T


def test_beads_record_totals_and_pairs() -> None:
    bead = Bead.of(deal_coup(parse_cards("4h 4c 9s Kc")))
    assert (bead.outcome, bead.player_total, bead.banker_total) == (B, 8, 9)
    assert bead.player_pair and not bead.banker_pair and bead.natural


def test_bad_board_heights_are_refused() -> None:
    with pytest.raises(BaccaratError, match="bad number of rows 0"):
        big_road([], rows=0)


@given(st.lists(st.sampled_from("PBT"), max_size=120), st.integers(1, 8))
def test_road_invariants(outcomes: list[str], rows: int) -> None:
    cells = road("".join(outcomes), rows)
    # one cell per win, never two in one place, every cell inside the board
    assert len(cells) == sum(o != "T" for o in outcomes)
    assert len({(c, r) for c, r, _, _ in cells}) == len(cells)
    assert all(0 <= r < rows for _, r, _, _ in cells)
    # every tie is marked once
    assert sum(t for *_, t in cells) == (outcomes.count("T") if cells else 0)
    # a new winner starts at the top of a column right of the last streak's start; a
    # streak goes down, then right along one row, never back down
    start = -1
    for i, (column, row, side, _) in enumerate(cells):
        if i == 0 or side != cells[i - 1][2]:
            assert row == 0 and column > start
            start = column
        else:
            before_column, before_row = cells[i - 1][:2]
            went_right = before_column < column
            below, right = (before_column, before_row + 1), (before_column + 1, before_row)
            assert (column, row) in (below, right)
            if i >= 2 and cells[i - 2][2] == side and cells[i - 2][0] < before_column:
                assert went_right and row == before_row
