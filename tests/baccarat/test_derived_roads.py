"""The derived roads and the ask road: against boards worked by hand from the published
rules, and against an independent reading of the rules (``roads_reference``) on random
results and on real shoes."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.baccarat.errors import BaccaratError
from croupier.baccarat.round import Round
from croupier.baccarat.rules import Outcome
from croupier.baccarat.scoreboard import (
    DERIVED_ROADS,
    Bead,
    Colour,
    Scoreboard,
    ask_road,
    big_eye_boy,
    big_road,
    cockroach_pig,
    derived_marks,
    derived_road,
    shoe_tally,
    small_road,
    streak_lengths,
)
from croupier.baccarat.table import table_shoe

from ..untyped import untyped
from . import roads_reference as reference

P, B, T = Outcome.PLAYER, Outcome.BANKER, Outcome.TIE
LETTERS = {"P": P, "B": B, "T": T}


def beads(text: str) -> list[Bead]:
    return [Bead(LETTERS[letter]) for letter in text.replace(" ", "")]


def marks(text: str, road: str) -> str:
    return "".join(colour.value[0] for colour in derived_marks(beads(text), road))


# --- worked by hand ----------------------------------------------------------------------


def test_a_short_shoe_worked_by_hand() -> None:
    # Big road: B B | P P P | B B. Big Eye Boy from the second row of the second column:
    # P(1,1) has B(0,1) beside it: red; P(1,2) has nothing beside it but B(0,1) above
    # that: blue; B(2,0) starts a column after columns of 3 and 2: blue; B(2,1) has
    # P(1,1) beside it: red. Small Road starts at the third column's second row:
    # B(2,1) has B(0,1) two columns left: red. Cockroach Pig has not started.
    assert marks("BBPPPBB", "big-eye-boy") == "rbbr"
    assert marks("BBPPPBB", "small-road") == "r"
    assert marks("BBPPPBB", "cockroach-pig") == ""


def test_ties_make_no_mark() -> None:
    for road in DERIVED_ROADS:
        assert marks("BTBPTTPPBTB", road) == marks("BBPPPBB", road)


def test_a_road_starts_at_the_top_of_the_next_column_when_its_column_is_one_deep() -> None:
    # The second column holds one win: Big Eye Boy's first mark is the third column's top.
    # Columns of 2 then 1: different, blue.
    assert marks("BBP", "big-eye-boy") == ""
    assert marks("BBPB", "big-eye-boy") == "b"
    # The second column two deep: the first mark is its second row.
    assert marks("BPP", "big-eye-boy") == "b"  # column 0 stopped one row above: blue
    assert marks("BBPP", "big-eye-boy") == "r"  # column 0 has a win beside it: red


def test_a_straight_drop_is_red() -> None:
    # P(1,2) with nothing beside or above-beside (column 0 is one deep): red.
    assert marks("BPPP", "big-eye-boy") == "br"


def test_streaks_and_chops_repeat_themselves() -> None:
    for road in DERIVED_ROADS:
        assert set(marks("BP" * 12, road)) == {"r"}
        assert set(marks("BBBPPPBBBPPPBBBPPPBBBPPP", road)) == {"r"}


def test_the_small_road_and_cockroach_pig_look_further_left() -> None:
    # Columns 1, 2, 1, 2, 1, 2: neighbours differ, columns two apart repeat, three apart
    # differ again.
    shoe = "BPPBPPBPP"
    assert set(marks(shoe, "big-eye-boy")) == {"b"}
    assert set(marks(shoe, "small-road")) == {"r"}
    assert set(marks(shoe, "cockroach-pig")) == {"b"}


def test_marks_fill_the_board_like_the_big_road() -> None:
    # Columns B2, P3, B2, then eleven players: P(3,1) has B(2,1) beside it (red), P(3,2)
    # finds column 2 ended just above (blue), and from P(3,3) down it is a straight drop
    # (red): eight reds in a run turn right along the bottom row, the dragon tail.
    shoe = beads("BBPPPBB" + "P" * 11)
    cells = big_eye_boy(shoe)
    assert [c.colour.value[0] for c in cells] == list("rbbrbrb") + ["r"] * 8
    assert [(c.column, c.row) for c in cells] == [
        (0, 0), (1, 0), (1, 1), (2, 0), (3, 0), (4, 0), (5, 0),
        (6, 0), (6, 1), (6, 2), (6, 3), (6, 4), (6, 5), (7, 5), (8, 5),
    ]  # fmt: skip


def test_the_three_roads_by_name() -> None:
    shoe = beads("BPBBPPPBPBBBBPPBP")
    assert big_eye_boy(shoe) == derived_road(shoe, "big-eye-boy")
    assert small_road(shoe) == derived_road(shoe, DERIVED_ROADS["small-road"])
    assert cockroach_pig(shoe) == derived_road(shoe, "cockroach-pig")
    with pytest.raises(BaccaratError, match="unknown derived road 'pig'"):
        derived_road(shoe, "pig")
    with pytest.raises(BaccaratError, match="bad number of rows 0"):
        derived_road(shoe, "small-road", rows=0)


def test_the_ask_road_before_the_roads_start() -> None:
    asked = ask_road([])
    assert set(asked.banker.values()) == set(asked.player.values()) == {None}
    asked = ask_road(beads("BP"))
    # A banker win opens column 2 after columns of 1 and 1: Big Eye Boy red.
    assert asked.banker["big-eye-boy"] is Colour.RED
    # A player win goes under P(1,0) with B(0,0) above-beside: Big Eye Boy blue.
    assert asked.player["big-eye-boy"] is Colour.BLUE
    assert asked.banker["small-road"] is None and asked.player["cockroach-pig"] is None


def test_the_tally_counts_the_shoe() -> None:
    shoe = [Bead(B, player_pair=True), Bead(T, natural=True), Bead(P, banker_pair=True)]
    tally = shoe_tally(shoe)
    assert (tally.rounds, tally.banker, tally.player, tally.tie) == (3, 1, 1, 1)
    assert (tally.player_pairs, tally.banker_pairs, tally.naturals) == (1, 1, 1)


def test_the_tally_s_streaks_and_shares() -> None:
    tally = shoe_tally(beads("BBTBPPPTPBB"))
    assert (tally.longest_banker, tally.longest_player) == (3, 4)  # a tie breaks no streak
    assert (tally.streak_side, tally.streak) == (B, 2)
    assert tally.share(B) == 5 / 11 and tally.share(P) == 4 / 11 and tally.share(T) == 2 / 11
    empty = shoe_tally([])
    assert (empty.longest_banker, empty.streak_side, empty.streak, empty.share(B)) == (
        0, None, 0, 0.0,
    )  # fmt: skip
    ties_only = shoe_tally(beads("TT"))
    assert (ties_only.streak_side, ties_only.share(T)) == (None, 1.0)
    with pytest.raises(TypeError, match="outcome"):
        tally.share(untyped("banker"))


def test_the_ask_road_shows_where_the_next_win_falls_in_the_big_road() -> None:
    assert (ask_road([]).banker_at, ask_road([]).player_at) == ((0, 0), (0, 0))
    asked = ask_road(beads("BBBBBB"))  # the bottom row reached: a seventh turns right
    assert (asked.banker_at, asked.player_at) == ((1, 5), (1, 0))
    asked = ask_road(beads("BBBBBBB P"))  # the tail's second column is busy at the top
    assert (asked.banker_at, asked.player_at) == ((2, 0), (1, 1))


@given(st.lists(st.sampled_from([P, B, T]), max_size=80))
def test_the_ask_road_s_cells_are_where_the_big_road_puts_the_next_win(
    outcomes: list[Outcome],
) -> None:
    shoe = [Bead(o) for o in outcomes]
    asked = ask_road(shoe)
    for side, cell in ((B, asked.banker_at), (P, asked.player_at)):
        drawn = big_road([*shoe, Bead(side)])[-1]
        assert (drawn.column, drawn.row) == cell


def plain_streaks(shoe: list[Bead]) -> tuple[int, int, Outcome | None, int]:
    """Each side's longest run of wins, ties skipped, and the run in progress, by a
    plain walk over the results."""
    wins = [b.outcome for b in shoe if b.outcome is not T]
    runs = [(side, len(list(group))) for side, group in itertools.groupby(wins)]
    longest = {side: max((n for s, n in runs if s is side), default=0) for side in (B, P)}
    side, now = runs[-1] if runs else (None, 0)
    return longest[B], longest[P], side, now


@given(st.lists(st.sampled_from([P, B, T]), max_size=90))
def test_the_tally_s_streaks_against_a_plain_walk(outcomes: list[Outcome]) -> None:
    shoe = [Bead(o) for o in outcomes]
    tally = shoe_tally(shoe)
    assert (tally.longest_banker, tally.longest_player, tally.streak_side, tally.streak) == (
        plain_streaks(shoe)
    )
    assert sum(tally.share(o) for o in Outcome) == pytest.approx(1.0 if shoe else 0.0)


# --- against the independent reading -----------------------------------------------------

outcome_lists = st.lists(st.sampled_from([P, B, T]), max_size=90)


@given(outcome_lists)
def test_marks_equal_the_reference(outcomes: list[Outcome]) -> None:
    shoe = [Bead(o) for o in outcomes]
    for road in DERIVED_ROADS:
        expected = reference.colours(outcomes, road)
        assert [c.value for c in derived_marks(shoe, road)] == expected


@given(outcome_lists, st.integers(1, 8))
def test_boards_equal_the_reference(outcomes: list[Outcome], rows: int) -> None:
    shoe = [Bead(o) for o in outcomes]
    for road in DERIVED_ROADS:
        cells = derived_road(shoe, road, rows)
        assert [(c.column, c.row) for c in cells] == reference.board(
            [c.colour.value for c in cells], rows
        )


@given(outcome_lists)
def test_the_ask_road_is_the_next_mark(outcomes: list[Outcome]) -> None:
    asked = ask_road(Bead(o) for o in outcomes)
    for side, answers in ((B, asked.banker), (P, asked.player)):
        for road in DERIVED_ROADS:
            now = reference.colours(outcomes, road)
            after = reference.colours([*outcomes, side], road)
            expected = after[-1] if len(after) > len(now) else None
            got = answers[road]
            assert (None if got is None else got.value) == expected


@given(outcome_lists)
def test_streak_lengths_are_the_reference_columns(outcomes: list[Outcome]) -> None:
    cells = reference.logical_cells(outcomes)
    grid = set(cells)
    columns = 1 + max((c for c, _ in cells), default=-1)
    assert streak_lengths(Bead(o) for o in outcomes) == tuple(
        reference.column_height(grid, c) for c in range(columns)
    )


@given(outcome_lists, st.integers(1, 8), st.randoms(use_true_random=False))
def test_a_scoreboard_kept_round_by_round_is_the_reference_after_every_round(
    outcomes: list[Outcome], rows: int, rng: random.Random
) -> None:
    """Every board, the ask road and the tally of a :class:`Scoreboard` fed one round
    at a time, after each round, against the reference read of the whole shoe so far."""
    board = Scoreboard(rows=rows)
    shoe: list[Bead] = []
    for outcome in outcomes:
        bead = Bead(outcome, 0, 0, rng.random() < 0.1, rng.random() < 0.1, rng.random() < 0.3)
        board.add(bead)
        shoe.append(bead)
        so_far = [b.outcome for b in shoe]
        for road in DERIVED_ROADS:
            cells = board.derived_road(road)
            colours = [c.colour.value for c in cells]
            assert colours == reference.colours(so_far, road)
            assert [(c.column, c.row) for c in cells] == reference.board(colours, rows)
        wins = [b for b in shoe if b.outcome is not T]
        ties = [0] * len(wins)
        for index, b in enumerate(shoe):
            if b.outcome is T and wins:
                before = sum(w.outcome is not T for w in shoe[:index])
                ties[max(0, before - 1)] += 1
        road_cells = board.big_road
        assert [(c.column, c.row) for c in road_cells] == reference.board(
            [w.outcome.value for w in wins], rows
        )
        assert [(c.outcome, c.ties, c.player_pair, c.banker_pair) for c in road_cells] == [
            (w.outcome, n, w.player_pair, w.banker_pair) for w, n in zip(wins, ties, strict=True)
        ]
        assert [(c.column, c.row, c.bead) for c in board.bead_plate] == [
            (i // rows, i % rows, b) for i, b in enumerate(shoe)
        ]
    assert board.beads == tuple(shoe)
    assert board.tally == shoe_tally(shoe)
    assert board.ask_road() == ask_road(shoe, rows)
    assert board.tally.naturals == sum(b.natural for b in shoe)


def dealt_shoe(seed: int) -> list[Bead]:
    shoe = table_shoe(8, seed)
    rounds = []
    while not shoe.cut_card_reached:
        rounds.append(Bead.of(Round(shoe).play()))
    return rounds


@pytest.mark.parametrize("seed", range(20))
def test_real_shoes_equal_the_reference(seed: int) -> None:
    shoe = dealt_shoe(seed)
    outcomes = [bead.outcome for bead in shoe]
    assert len(shoe) > 60
    for road in DERIVED_ROADS:
        cells = derived_road(shoe, road)
        assert [c.colour.value for c in cells] == reference.colours(outcomes, road)
        assert [(c.column, c.row) for c in cells] == reference.board(
            [c.colour.value for c in cells], 6
        )


def random_shoe(rng: np.random.Generator, rounds: int = 80) -> list[Outcome]:
    """A shoe's results drawn with an 8-deck shoe's chances of each."""
    drawn = rng.choice(3, size=rounds, p=[0.446247, 0.458597, 0.095156])
    return [(P, B, T)[i] for i in drawn]


def test_three_hundred_random_shoes_equal_the_reference() -> None:
    """Every board's places and every mark's colour, on 300 random shoes: the big road's
    tails and the derived roads' own tails as the reference walks them run by run."""
    rng = np.random.default_rng(36)
    tails = 0
    for _ in range(300):
        outcomes = random_shoe(rng)
        board = Scoreboard([Bead(o) for o in outcomes])
        wins = [o.value for o in outcomes if o is not T]
        road = [(c.column, c.row) for c in board.big_road]
        assert road == reference.board(wins, 6)
        tails += any(
            a.outcome is b.outcome and b.column == a.column + 1 and b.row == a.row < 5
            for a, b in itertools.pairwise(board.big_road)
        )
        for key in DERIVED_ROADS:
            marks = board.derived_road(key)
            colours = [c.colour.value for c in marks]
            assert colours == reference.colours(outcomes, key)
            assert [(c.column, c.row) for c in marks] == reference.board(colours, 6)
    assert tails > 0  # some shoes held a tail above the bottom row


@given(outcome_lists, st.integers(1, 8))
def test_the_marks_read_the_big_roads_columns_not_its_cells(
    outcomes: list[Outcome], rows: int
) -> None:
    """A derived road's colours come from the big road's columns as long as each streak
    is: they are the same however low the board, tails or none."""
    shoe = [Bead(o) for o in outcomes]
    for road in DERIVED_ROADS:
        assert derived_marks(shoe, road) == tuple(
            m.colour for m in Scoreboard(shoe, rows).derived_road(road)
        )


@pytest.mark.parametrize(
    "shoe",
    [
        "BBBBBBB PPPPPPP B",
        "BBBBBBBBB PPPPPPPPPPP BBBBBB P",
        "BBBBBBBB P BBBBBBBBB PP BBBBBBB",
        "PPPPPPP BBBBBBBBBB T PPPPPPPP BB PPPPPPP",
    ],
)
def test_shoes_with_tails_keep_every_mark(shoe: str) -> None:
    """On shoes whose tails turn above the bottom row, each derived road's colours are
    the reference's (read from the columns' lengths) and its board the reference's."""
    outcomes = [bead.outcome for bead in beads(shoe)]
    board = Scoreboard(beads(shoe))
    assert [(c.column, c.row) for c in board.big_road] == reference.board(
        [o.value for o in outcomes if o is not T], 6
    )
    for road in DERIVED_ROADS:
        colours = [m.colour.value for m in board.derived_road(road)]
        assert colours == reference.colours(outcomes, road)


def test_red_and_blue_are_about_even_over_many_shoes() -> None:
    # Not a rule, a sanity check of the reading: over real shoes neither colour dominates.
    colours = [
        c.value for seed in range(20, 40) for c in derived_marks(dealt_shoe(seed), "big-eye-boy")
    ]
    share = np.mean([c == "red" for c in colours])
    assert 0.4 < share < 0.6
