"""Suit symmetry in exact equity: the group and its orbits against their definitions,
hold'em's preflop enumeration (one suit of each class, boards by rank multiset) against
a naive enumeration of every board, count for count."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.poker.calc import calculate, exact
from croupier.poker.calc.exact import plan_exact
from croupier.poker.calc.live import LiveQuestion
from croupier.poker.calc.preflop import SHARE_UNITS, preflop_outcome
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.calc.symmetry import (
    PERMUTATIONS,
    board_weight,
    card_map,
    group_array,
    image_mask,
    stabiliser,
    suit_orbits,
)
from croupier.poker.combinatorics import combinations
from croupier.poker.evaluation.batch import rank_rows_numpy
from croupier.poker.ranges.starting_hands import COMBO_CARDS

card_sets = st.lists(
    st.lists(st.integers(0, 51), min_size=1, max_size=4, unique=True), min_size=1, max_size=3
)


def mask(cards: list[int] | np.ndarray) -> int:
    return sum(1 << int(c) for c in cards)


@settings(max_examples=40, deadline=None)
@given(card_sets)
def test_the_stabiliser_is_the_group_of_permutations_fixing_every_set(
    sets: list[list[int]],
) -> None:
    group = stabiliser(sets)
    assert group[0] == (0, 1, 2, 3)
    expected = [
        p for p in PERMUTATIONS if all({int(card_map(p)[c]) for c in s} == set(s) for s in sets)
    ]
    assert group == expected
    # a group: closed under composition
    for a, b in itertools.product(group, repeat=2):
        assert tuple(a[b[s]] for s in range(4)) in group
    orbits = suit_orbits(group)
    assert sum(size for _, size in orbits) == 4
    assert all(len(group) % size == 0 for _, size in orbits)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 51), max_size=6, unique=True), st.integers(0, 2**32))
def test_image_masks_are_the_images_of_the_cards(cards: list[int], seed: int) -> None:
    perm = PERMUTATIONS[seed % 24]
    assert image_mask(mask(cards), perm) == mask(card_map(perm)[cards])


@pytest.mark.parametrize(
    "known", [["Ah", "Kh", "Qs", "Qd"], ["Ah", "Kd"], ["2c", "7d", "9h"], ["As", "Ah", "Ks", "Kh"]]
)
def test_board_weights_count_every_board_once(known: list[str]) -> None:
    # every board of three cards: the representatives' weights add up to all of them,
    # and each board's orbit holds exactly one representative
    from croupier.cards import Card

    cards = [Card.parse(t).index for t in known]
    group = stabiliser([[c] for c in cards[:2]] + [cards[2:]])
    table = group_array(group)
    deck = np.array([c for c in range(52) if c not in cards])
    boards = [mask(deck[row]) for row in combinations(len(deck), 3)]
    weights = {b: board_weight(b, table) for b in boards}
    assert sum(weights.values()) == len(boards)
    for board in boards:
        orbit = {image_mask(board, p) for p in group}
        assert [b for b in orbit if weights[b]] == [min(orbit)]
        assert weights[min(orbit)] == len(orbit)


def naive_preflop(question: LiveQuestion, hole: np.ndarray) -> tuple[list[int], ...]:
    """Every board dealt and ranked: each player's pot shares in SHARE_UNITS, wins,
    ties, and the number of boards."""
    cards = COMBO_CARDS[hole]
    used = set(question.fixed.tolist()) | set(cards.ravel().tolist())
    free = np.array([c for c in range(52) if c not in used])
    boards = free[combinations(len(free), 5)]
    classes = np.stack(
        [
            rank_rows_numpy("holdem", np.broadcast_to(cards[p], (len(boards), 2)), boards)
            for p in range(len(hole))
        ]
    )
    best = classes.min(axis=0)
    on_top = classes == best
    sharing = on_top.sum(axis=0)
    units = (on_top * (SHARE_UNITS // sharing)).sum(axis=1)
    win = (on_top & (sharing == 1)).sum(axis=1)
    tie = (on_top & (sharing > 1)).sum(axis=1)
    return units.tolist(), win.tolist(), tie.tolist(), [len(boards)]


def assert_counts_equal(question: LiveQuestion, hole: np.ndarray) -> None:
    equity, win, tie, total = preflop_outcome(question, hole)
    units, wins, ties, boards = naive_preflop(question, hole)
    assert total == boards[0] == math.comb(52 - len(question.fixed) - 2 * len(hole), 5)
    # the counts are integers: read back from the fractions, exactly
    assert [round(x * total) for x in win] == wins
    assert [round(x * total) for x in tie] == ties
    assert [round(x * total * SHARE_UNITS) for x in equity] == units
    assert equity.tolist() == [u / (SHARE_UNITS * total) for u in units]
    assert win.tolist() == [w / total for w in wins]


def dead_question(hands: list[str], dead_count: int, seed: int) -> LiveQuestion:
    from croupier.cards import DECK

    question = EquityQuestion.parse(hands)
    held = {str(c) for r in hands for c in [r[:2], r[2:]]}
    rng = np.random.default_rng(seed)
    others = [str(c) for c in DECK if str(c) not in held]
    dead = " ".join(rng.choice(others, dead_count, replace=False).tolist())
    question = EquityQuestion.parse(hands, dead=dead)
    return LiveQuestion(question)


@pytest.mark.parametrize(
    "hands", [["AhKh", "QsQd"], ["AhKh", "AsKs"], ["7c2d", "7h2s", "AcAd"], ["Th9h", "8h7h"]]
)
def test_preflop_counts_equal_a_naive_enumeration(hands: list[str]) -> None:
    # 24 dead cards leave a small deck (of 28 - 2 x players cards): every board is dealt
    question = dead_question(hands, 24, 7)
    plan = plan_exact(question, 100.0)
    assert plan is not None
    for family in plan.families:
        assert_counts_equal(question, family)


@settings(max_examples=12, deadline=None)
@given(
    st.lists(st.integers(0, 51), min_size=4, max_size=6, unique=True),
    st.sampled_from([0, 6, 16, 24, 30]),
    st.integers(0, 2**32),
)
def test_preflop_counts_equal_a_naive_enumeration_at_random(
    cards: list[int], dead: int, seed: int
) -> None:
    from croupier.cards import DECK

    names = [str(DECK[c]) for c in cards]
    hands = [names[i] + names[i + 1] for i in range(0, len(names) - 1, 2)]
    if dead == 0 and len(hands) > 2:
        dead = 16  # keep the naive enumeration small
    question = dead_question(hands, dead, seed)
    plan = plan_exact(question, 100.0)
    assert plan is not None
    assert_counts_equal(question, plan.families[0])


@pytest.mark.slow
def test_the_whole_deck_preflop_equals_a_naive_enumeration() -> None:
    question = LiveQuestion(EquityQuestion.parse(["AhKh", "QsQd"]))
    plan = plan_exact(question, 100.0)
    assert plan is not None
    assert_counts_equal(question, plan.families[0])


def rows_answer(
    monkeypatch: pytest.MonkeyPatch, ranges: list[str], board: str, game: str, fold: bool
) -> list[tuple[object, ...]]:
    """Each player's figures and sums of an exact answer, with the symmetry used on
    every question (``fold``) or on none."""
    limit = 0 if fold else math.inf
    monkeypatch.setattr(exact, "MIN_SYMMETRY_SECONDS", limit)
    monkeypatch.setattr(exact, "MIN_SYMMETRY_BOARDS", limit)
    result = calculate(ranges, board=board, game=game, exact=True, by_hand=True)
    assert result.exact
    figures: list[tuple[object, ...]] = [(result.games,)]
    for p in result.players:
        hands = None if p.hand_sums is None else p.hand_sums.tolist()
        figures.append((p.equity, p.win, p.tie, p.total, p.sums.tolist(), hands))
    return figures


@pytest.mark.parametrize(
    ("ranges", "board", "game"),
    [
        (["AK, 99+", "QQ"], "6c 7c 8c", "shortdeck"),
        (["AA, KQs", "TT", "J9s"], "6c 7c 8c", "shortdeck"),
        (["AsAhKsKh", "QdQcJdJc"], "2c 7c 9c", "omaha"),
        (["AsAh??", "KdKcQdQc, KhKsQhQs"], "2c 3c 4c", "omaha"),
        (["AsAhKsKhQh", "JdJcTdTc9d"], "2c 7c 9c", "omaha5"),
    ],
)
def test_rows_answers_are_the_same_with_the_symmetry(
    monkeypatch: pytest.MonkeyPatch, ranges: list[str], board: str, game: str
) -> None:
    folded = rows_answer(monkeypatch, ranges, board, game, fold=True)
    assert folded == rows_answer(monkeypatch, ranges, board, game, fold=False)
