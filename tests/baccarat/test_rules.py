"""Punto banco rules as data: points, totals and the tableau, cell by cell."""

from __future__ import annotations

import itertools

import pytest

from croupier.baccarat import BaccaratError
from croupier.baccarat.rules import (
    BANKER_DRAWS,
    PLAYER_DRAWS,
    POINTS,
    TABLEAU,
    Outcome,
    banker_draws,
    hand_total,
    is_natural,
    outcome_of,
    player_draws,
    points,
)
from croupier.cards import DECK, Card, Rank, Suit

from .reference import reference_banker_draws_after_player_drew, reference_points

# The COMP 104 lab's chart (seed 002), copied cell by cell: banker total -> H/S for the
# player's third card 0..9.
PUBLISHED_CHART = {
    7: "S S S S S S S S S S",
    6: "S S S S S S H H S S",
    5: "S S S S H H H H S S",
    4: "S S H H H H H H S S",
    3: "H H H H H H H H S H",
    2: "H H H H H H H H H H",
    1: "H H H H H H H H H H",
    0: "H H H H H H H H H H",
}


@pytest.mark.parametrize("rank", list(Rank))
def test_every_rank_scores_its_points(rank: Rank) -> None:
    expected = {Rank.ACE: 1, Rank.TEN: 0, Rank.JACK: 0, Rank.QUEEN: 0, Rank.KING: 0}
    assert POINTS[rank] == points(rank) == expected.get(rank, int(rank))
    assert points(Card(rank, Suit.HEARTS)) == reference_points(int(rank))


def test_hand_totals_wrap_around_for_every_two_and_three_card_hand() -> None:
    for size in (2, 3):
        for ranks in itertools.product(list(Rank), repeat=size):
            hand = [Card(rank, Suit.CLUBS) for rank in ranks]
            assert hand_total(hand) == sum(reference_points(int(r)) for r in ranks) % 10
    assert hand_total([]) == 0
    six_six_two = [Card(Rank.SIX, Suit.CLUBS), Card(Rank.SIX, Suit.HEARTS), Card(Rank.TWO, Suit(0))]
    assert hand_total(six_six_two) == 4  # the lab's example: 14 counts as 4


@pytest.mark.parametrize(("banker_total", "third"), list(itertools.product(range(8), range(10))))
def test_tableau_matches_the_published_chart_cell_by_cell(banker_total: int, third: int) -> None:
    published = PUBLISHED_CHART[banker_total].split()[third] == "H"
    assert TABLEAU[banker_total][third] == ("H" if published else "S")
    assert BANKER_DRAWS[banker_total][third] is published
    assert banker_draws(banker_total, third) is published
    assert reference_banker_draws_after_player_drew(banker_total, third) is published


def test_the_tableau_is_a_table() -> None:
    assert len(BANKER_DRAWS) == 10 and all(len(row) == 10 for row in BANKER_DRAWS)
    assert set(TABLEAU) == set(range(10))


def test_player_draws_on_0_to_5_and_stands_on_6_and_7() -> None:
    # Seed 000 says "not above 6": the real rule (and seed 002) stands on 6.
    assert [player_draws(t) for t in range(8)] == [True] * 6 + [False] * 2
    assert PLAYER_DRAWS[6] is False


def test_banker_after_a_standing_player_draws_on_0_to_5() -> None:
    assert [banker_draws(t, None) for t in range(8)] == [True] * 6 + [False] * 2


def test_naturals_and_outcomes() -> None:
    assert [is_natural(t) for t in range(10)] == [False] * 8 + [True] * 2
    assert outcome_of(9, 8) is Outcome.PLAYER
    assert outcome_of(0, 1) is Outcome.BANKER
    assert outcome_of(6, 6) is Outcome.TIE
    assert str(Outcome.TIE) == "tie"


@pytest.mark.parametrize("bad", [-1, 10, 17])
def test_bad_totals_are_refused(bad: int) -> None:
    with pytest.raises(BaccaratError, match=f"bad hand total {bad}: expected 0 to 9"):
        player_draws(bad)
    with pytest.raises(BaccaratError):
        banker_draws(bad, None)
    with pytest.raises(BaccaratError):
        banker_draws(3, bad)


def test_points_cover_the_whole_deck() -> None:
    assert sum(points(card) for card in DECK) == 4 * 45
