"""rank_batch: the same classes as evaluate and treys, any integer dtype, clear errors."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.cards import DECK, Card, cards_to_indices, indices_to_cards, parse_cards
from croupier.poker import PokerError, evaluate, rank_batch
from croupier.poker.evaluation.batch import BLOCK

from ...untyped import untyped
from ..reference import treys_class


def random_hands(rows: int, size: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((rows, 52)), axis=1)[:, :size]


@pytest.mark.parametrize("size", [5, 6, 7])
def test_agreement_with_evaluate_and_treys_on_random_hands(size: int) -> None:
    hands = random_hands(3 * BLOCK + 17, size, seed=size)  # several blocks and a remainder
    classes = rank_batch(hands)
    assert classes.shape == (len(hands),) and classes.dtype == np.uint16
    for row in range(0, len(hands), 7):
        cards = indices_to_cards(hands[row])
        assert classes[row] == evaluate(cards).class_number
        if row % 5 == 0:
            assert classes[row] == treys_class(cards)


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.int32, np.int64, np.uint64])
def test_any_integer_dtype(dtype: type) -> None:
    hands = random_hands(1000, 7, seed=1)
    assert (rank_batch(hands.astype(dtype)) == rank_batch(hands)).all()


def test_lists_and_views() -> None:
    royal = cards_to_indices(parse_cards("As Ks Qs Js Ts 2c 3d"))
    assert rank_batch([royal.tolist()]).tolist() == [1]
    hands = random_hands(100, 7, seed=2)
    assert (rank_batch(hands[::-2]) == rank_batch(hands)[::-2]).all()
    assert (rank_batch(np.asfortranarray(hands)) == rank_batch(hands)).all()


def test_empty_batches() -> None:
    assert rank_batch(np.zeros((0, 7), dtype=np.int64)).shape == (0,)
    assert rank_batch(np.zeros((0, 5))).shape == (0,)


def test_every_5_card_hand_falls_in_the_published_categories() -> None:
    hands = np.array(list(itertools.combinations(range(52), 5)), dtype=np.int8)
    classes = rank_batch(hands)
    assert len(classes) == math.comb(52, 5) == 2_598_960
    counts = np.bincount(classes, minlength=7463)
    assert np.count_nonzero(counts) == 7462
    bounds = [1, 11, 167, 323, 1600, 1610, 2468, 3326, 6186, 7463]
    per_category = [int(counts[a:b].sum()) for a, b in itertools.pairwise(bounds)]
    assert per_category == [40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540]


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (np.zeros((3, 4), dtype=int), r"bad hands array of shape \(3, 4\): expected \(N, 5\)"),
        (np.zeros((3, 8), dtype=int), r"shape \(3, 8\)"),
        (np.zeros(7, dtype=int), r"shape \(7,\)"),
        (np.zeros((2, 5)) + 0.5, "bad hands array of float64: expected integer card numbers"),
        ([[0, 1, 2, 3, 52]], "hand 0 has card number 52: expected 0 to 51"),
        ([[0, 1, 2, 3, 4], [0, 1, 2, 3, -1]], "hand 1 has card number -1"),
        (
            [[0, 1, 2, 3, 4], [9, 1, 2, 9, 4]],
            "hand 1: card '4d' at position 4 repeats position 1: each card may appear once",
        ),
    ],
)
def test_bad_batches(hands: object, message: str) -> None:
    with pytest.raises(PokerError, match=message):
        rank_batch(untyped(hands))


def test_errors_name_the_row_across_blocks() -> None:
    hands = random_hands(BLOCK + 10, 5, seed=3)
    hands[BLOCK + 4, 1] = hands[BLOCK + 4, 0]
    repeated = f"hand {BLOCK + 4}: card '.*' at position 2 repeats position 1"
    with pytest.raises(PokerError, match=repeated):
        rank_batch(hands)


def test_unchecked_batches_skip_the_checks() -> None:
    hands = random_hands(1000, 6, seed=4)
    assert (rank_batch(hands, check=False) == rank_batch(hands)).all()


@given(st.lists(st.permutations(DECK).map(lambda d: d[:7]), min_size=1, max_size=20))
def test_rows_are_independent_and_match_evaluate(hands: list[tuple[Card, ...]]) -> None:
    array = np.array([[c.index for c in hand] for hand in hands])
    for size in (5, 6, 7):
        expected = [evaluate(hand[:size]).class_number for hand in hands]
        assert rank_batch(array[:, :size]).tolist() == expected


def test_ragged_rows_are_a_poker_error_not_numpy_s() -> None:
    """Rows of different lengths were NumPy's ValueError ("inhomogeneous shape")."""
    from croupier.poker.evaluation.batch import rank_game_rows

    ragged = r"its rows are not all the same length: expected one hand of card numbers a row"
    with pytest.raises(PokerError, match=rf"^bad hands array: {ragged}"):
        rank_batch([[0, 1, 2, 3, 4], [5, 6, 7, 8]])
    with pytest.raises(PokerError, match=rf"^bad hole: {ragged}"):
        rank_game_rows("omaha", [[0, 1, 2, 3], [1]], [[4, 5, 6, 7, 8]])
    with pytest.raises(PokerError, match=rf"^bad board: {ragged}"):
        rank_game_rows("holdem", [[0, 1]], [[4, 5, 6], [7]])


@pytest.mark.parametrize("check", [True, False])
@pytest.mark.parametrize("game", ["holdem", "omaha", "shortdeck"])
def test_rows_of_hole_and_board_cards_must_match_even_unchecked(check: bool, game: str) -> None:
    """With check=False hold'em's mismatched rows were NumPy's ValueError and the other
    games' went to the kernel, which read past the board's rows."""
    from croupier.poker.evaluation.batch import rank_game_rows

    hole = [[48, 49, 50, 51][: 4 if game == "omaha" else 2]]
    with pytest.raises(PokerError, match=r"^1 rows of hole cards but 2 rows of board cards$"):
        rank_game_rows(game, hole, [[20, 24, 28, 33, 38]] * 2, check=check)
