"""Every game's classes, and every game's evaluator (one hand and rows of hands) against a
naive reference that knows only the rules (short-deck) or hold'em's evaluator (Omaha)."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import DECK, Card, parse_cards
from croupier.poker import PokerCardError, PokerError, evaluate, rank_hand
from croupier.poker.evaluation.batch import rank_game_rows, rank_rows_numpy
from croupier.poker.evaluation.classes import (
    CATEGORIES,
    PATTERNS,
    HandCategory,
    classes_of,
    pattern_shape,
)
from croupier.poker.evaluation.hand import compare_games, evaluate_game
from croupier.poker.games import Game, Variant, variant_of

from ...untyped import untyped

SHORT = [c for c in DECK if c.rank >= 6]
SHORT_GAMES = [Game.SHORTDECK, Game.SHORTDECK_STRAIGHTS]


# --- the classes ----------------------------------------------------------------------


@pytest.mark.parametrize("game", ["holdem", "omaha", "omaha5"])
def test_holdem_and_omaha_classes_are_the_7462(game: str) -> None:
    classes = classes_of(game)
    assert classes.count == 7462
    for number in range(1, 7463):
        assert classes.shapes[number] == (CATEGORIES[number], PATTERNS[number])


def _category_counts(game: str) -> Counter[HandCategory]:
    classes = classes_of(game)
    return Counter(category for category, _ in classes.shapes[1:])


@pytest.mark.parametrize("game", SHORT_GAMES)
def test_short_deck_classes_by_category(game: str) -> None:
    """Nine ranks: 6 straights (A-6-7-8-9 the lowest), C(9, 5) - 6 rank sets of five."""
    counts = _category_counts(game)
    assert counts == {
        HandCategory.STRAIGHT_FLUSH: 6,
        HandCategory.FOUR_OF_A_KIND: 9 * 8,
        HandCategory.FLUSH: math.comb(9, 5) - 6,
        HandCategory.FULL_HOUSE: 9 * 8,
        HandCategory.STRAIGHT: 6,
        HandCategory.THREE_OF_A_KIND: 9 * math.comb(8, 2),
        HandCategory.TWO_PAIR: math.comb(9, 2) * 7,
        HandCategory.PAIR: 9 * math.comb(8, 3),
        HandCategory.HIGH_CARD: math.comb(9, 5) - 6,
    }
    assert classes_of(game).count == 1404
    # classes come category by category in the game's order
    order = [category for category, _ in classes_of(game).shapes[1:]]
    firsts = [c for i, c in enumerate(order) if i == 0 or order[i - 1] != c]
    assert tuple(firsts) == variant_of(game).order


def test_short_deck_five_card_hands_by_category() -> None:
    """Every five-card hand of the 36 cards, counted by category through the tables,
    against the counts worked out by hand from the deck."""
    hands = np.array(list(itertools.combinations(range(16, 52), 5)), dtype=np.int64)
    assert len(hands) == math.comb(36, 5) == 376_992
    classes = rank_game_rows("shortdeck", hands, np.zeros((len(hands), 0), dtype=np.int64))
    shapes = classes_of("shortdeck").shapes
    category = np.array([shapes[n][0] for n in range(len(shapes))])[classes]
    found = Counter(category.tolist())
    expected = {
        HandCategory.STRAIGHT_FLUSH: 6 * 4,
        HandCategory.FOUR_OF_A_KIND: 9 * 8 * 4,
        HandCategory.FLUSH: (math.comb(9, 5) - 6) * 4,
        HandCategory.FULL_HOUSE: 9 * 4 * 8 * 6,
        HandCategory.STRAIGHT: 6 * (4**5 - 4),
        HandCategory.THREE_OF_A_KIND: 9 * 4 * math.comb(8, 2) * 16,
        HandCategory.TWO_PAIR: math.comb(9, 2) * 36 * 7 * 4,
        HandCategory.PAIR: 9 * 6 * math.comb(8, 3) * 64,
        HandCategory.HIGH_CARD: (math.comb(9, 5) - 6) * (4**5 - 4),
    }
    assert found == expected
    assert sum(expected.values()) == len(hands)


# --- a naive reference for short-deck -------------------------------------------------


def naive_strength(cards: tuple[Card, ...], variant: Variant) -> tuple[int, tuple[int, ...]]:
    """The best five cards by the rules alone: every five, its category by shape, ties
    broken by its ranks in order of significance (the ace low in the lowest straight)."""
    best: tuple[int, tuple[int, ...]] | None = None
    for five in itertools.combinations(cards, 5):
        ranks = [c.rank for c in five]
        category, pattern = pattern_shape(ranks, len({c.suit for c in five}) == 1, variant)
        if category.name.startswith("STRAIGHT"):
            pattern = tuple(1 if r == 14 and pattern[0] != 14 else r for r in pattern)
        key = (len(variant.order) - variant.order.index(category), pattern)
        if best is None or key > best:
            best = key
    assert best is not None
    return best


short_hands = st.lists(st.sampled_from(SHORT), min_size=5, max_size=7, unique=True)


@settings(max_examples=300, deadline=None)
@given(short_hands, short_hands, st.sampled_from(SHORT_GAMES))
def test_short_deck_against_the_naive_reference(
    first: list[Card], second: list[Card], game: Game
) -> None:
    variant = variant_of(game)
    a, b = evaluate_game(game, first), evaluate_game(game, second)
    strong_a, strong_b = (
        naive_strength(tuple(first), variant),
        naive_strength(tuple(second), variant),
    )
    assert compare_games(a, b) == (strong_a > strong_b) - (strong_a < strong_b)
    assert a.category.value == _category_of(strong_a, variant)
    assert len(a.cards) == 5 and set(a.cards) <= set(first)
    assert naive_strength(a.cards, variant) == strong_a  # the five cards shown make the hand


def _category_of(strength: tuple[int, tuple[int, ...]], variant: Variant) -> int:
    return variant.order[len(variant.order) - strength[0]].value


def test_short_deck_seven_cards_exhaustively_by_rank_pattern() -> None:
    """The table of every multiset of 7 ranks agrees with the naive reference (one suit
    pattern each: no flush), for both orders."""
    for game in SHORT_GAMES:
        variant = variant_of(game)
        rows = []
        for ranks in itertools.combinations_with_replacement(range(6, 15), 7):
            if max(Counter(ranks).values()) > 4:
                continue
            seen: Counter[int] = Counter()
            cards = []
            for r in ranks:
                cards.append(Card.from_index(4 * (r - 2) + seen[r]))
                seen[r] += 1
            rows.append(tuple(cards))
        numbers = rank_game_rows(
            game,
            np.array([[c.index for c in row] for row in rows]),
            np.zeros((len(rows), 0), dtype=np.int64),
        )
        keys = [naive_strength(row, variant) for row in rows]
        # the strongest hands have the lowest class numbers, ties share one
        order = sorted(range(len(rows)), key=lambda i: keys[i], reverse=True)
        for i, j in itertools.pairwise(order):
            assert (numbers[i] < numbers[j]) == (keys[i] > keys[j])
            assert (numbers[i] == numbers[j]) == (keys[i] == keys[j])


# --- Omaha against hold'em's evaluator ------------------------------------------------


def omaha_reference(hole: tuple[Card, ...], board: tuple[Card, ...]) -> int:
    return min(
        rank_hand(pair + three)
        for pair in itertools.combinations(hole, 2)
        for three in itertools.combinations(board, 3)
    )


omaha_deals = st.tuples(st.sampled_from([4, 5]), st.integers(3, 5)).flatmap(
    lambda shape: st.permutations(DECK).map(lambda d: (d[: shape[0]], d[shape[0] : sum(shape)]))
)


@settings(max_examples=200, deadline=None)
@given(omaha_deals)
def test_omaha_against_every_pair_and_triple(deal: tuple[list[Card], list[Card]]) -> None:
    hole, board = tuple(deal[0]), tuple(deal[1])
    game = "omaha" if len(hole) == 4 else "omaha5"
    ranking = evaluate_game(game, hole, board)
    assert ranking.class_number == omaha_reference(hole, board)
    played = set(ranking.cards)
    assert len(played & set(hole)) == 2 and len(played & set(board)) == 3
    assert evaluate(ranking.cards).class_number == ranking.class_number


@settings(max_examples=100, deadline=None)
@given(omaha_deals)
def test_omaha_cards_and_text_give_the_same_ranking(deal: tuple[list[Card], list[Card]]) -> None:
    """Tuples of Cards take the kernel's path (where compiled), text the checked one."""
    hole, board = tuple(deal[0]), tuple(deal[1])
    for game in (Game.OMAHA, "omaha") if len(hole) == 4 else (Game.OMAHA5, "omaha5"):
        fast = evaluate_game(game, hole, board)
        text = evaluate_game(game, " ".join(map(str, hole)), " ".join(map(str, board)))
        assert fast == text and (fast.game, fast.hole, fast.board) == (text.game, hole, board)
        assert fast.cards == text.cards and fast.to_dict() == text.to_dict()


def test_omaha_cards_that_do_not_fit_are_still_named() -> None:
    hole, board = tuple(parse_cards("As Ks Qs Js")), tuple(parse_cards("2c 3d 4h"))
    evaluate_game("omaha", hole, board)  # the fast path ready
    with pytest.raises(PokerCardError, match="card As is in the hole cards and in the board"):
        evaluate_game("omaha", hole, (*board, hole[0]))
    with pytest.raises(PokerError, match="five-card Omaha: 4 hole cards: expected 5"):
        evaluate_game(Game.OMAHA5, hole, board)
    with pytest.raises(PokerError, match="a board of 2 cards"):
        evaluate_game("omaha", hole, board[:2])
    with pytest.raises(PokerCardError, match="repeats"):
        evaluate_game("omaha", (*hole[:3], hole[0]), board)
    assert evaluate_game("omaha", (*hole[:3], "Ts"), board).class_number > 0  # tokens too


def test_omaha_plays_exactly_two_hole_cards() -> None:
    # four spades in the hand, one on the board: no flush
    assert (
        evaluate_game("omaha", "As Ks Qs Js", "2s 7d 8c 9h Th").description
        == "straight, queen high"
    )
    # a board straight needs two hole cards too
    assert evaluate_game("omaha", "2c 2d 3h 3s", "Ts Jd Qc Kh Ah").description == "pair of 3s"
    # quads on the board play as trips with two hole cards
    assert (
        evaluate_game("omaha", "Kc Kd 2h 3h", "7s 7d 7c 7h 9h").category is HandCategory.FULL_HOUSE
    )


def test_rows_by_numpy_and_kernels_agree() -> None:
    rng = np.random.default_rng(11)
    for game, size in (("omaha", 4), ("omaha5", 5), ("shortdeck", 2), ("shortdeck-straights", 2)):
        low = 16 if size == 2 else 0
        for board_size in (3, 4, 5):
            cards = np.array(
                [low + rng.permutation(52 - low)[: size + board_size] for _ in range(500)]
            )
            hole, board = cards[:, :size], cards[:, size:]
            assert np.array_equal(
                rank_game_rows(game, hole, board), rank_rows_numpy(game, hole, board)
            )


# --- errors ---------------------------------------------------------------------------


def test_bad_hands_name_what_is_wrong() -> None:
    with pytest.raises(PokerError, match="Omaha: 3 hole cards: expected 4"):
        evaluate_game("omaha", "As Ks Qs", "2c 3d 4h")
    with pytest.raises(PokerError, match="a board of 2 cards: expected 3 to 5"):
        evaluate_game("omaha", "As Ks Qs Js", "2c 3d")
    with pytest.raises(PokerCardError, match="card 5c is not in the short-deck hold'em deck"):
        evaluate_game("shortdeck", "As Ks Qs Js 5c")
    with pytest.raises(PokerCardError, match="card As is in the hole cards and in the board"):
        evaluate_game("omaha", "As Ks Qs Js", "As 3d 4h")
    with pytest.raises(PokerCardError, match="board: card 'As' at position 3 repeats position 1"):
        evaluate_game("omaha", "Ks Qs Js Ts", "As 3d As")
    with pytest.raises(PokerCardError, match="hole cards: bad card 'Zz'"):
        evaluate_game("omaha", "As Ks Qs Zz", "2c 3d 4h")
    with pytest.raises(PokerError, match="at least 5 cards: got 4"):
        evaluate_game("shortdeck", "As Ks Qs Js")
    with pytest.raises(TypeError, match="hole cards must be cards"):
        evaluate_game("omaha", untyped(4), "2c 3d 4h")
    with pytest.raises(PokerError, match="cannot compare a omaha hand with a shortdeck hand"):
        compare_games(
            evaluate_game("omaha", "As Ks Qs Js", "Tc 9d 8h"),
            evaluate_game("shortdeck", "As Ks Qs Js Tc"),
        )


def test_rows_are_checked() -> None:
    ok = np.array([[51, 47, 43, 39]])
    with pytest.raises(PokerError, match="expected 4 hole cards and 3 to 5 board cards"):
        rank_game_rows("omaha", ok, np.array([[0, 1]]))
    with pytest.raises(PokerCardError, match="row 0: card 'As' at position 5 repeats position 1"):
        rank_game_rows("omaha", ok, np.array([[51, 1, 2]]))
    with pytest.raises(PokerCardError, match="row 0 has card number 0: expected 16 to 51"):
        rank_game_rows("shortdeck", np.array([[51, 47]]), np.array([[0, 20, 24]]))
    with pytest.raises(TypeError, match="hole must be a 2-D array"):
        rank_game_rows("omaha", [51, 47, 43, 39], np.array([[0, 1, 2]]))


def test_more_than_seven_short_deck_cards() -> None:
    cards = parse_cards("As Ks Qs Js Ts 9s 6h 6d")
    assert evaluate_game("shortdeck", cards).description == "royal flush"
    assert evaluate_game("holdem", cards).class_number == 1
