"""What a short-deck range hits: hold'em's categories in short-deck's ranking (a flush
beats a full house; trips beat a straight unless the game is ``shortdeck-straights``) and
with its straights (A-6-7-8-9), against the naive reference and hand counts."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import Card, cards_to_indices, parse_cards
from croupier.errors import CroupierError
from croupier.poker.games import variant_of
from croupier.poker.hits.categories import Draw, MadeHand, categories_of
from croupier.poker.hits.classifier import DRAWS, MADE_HANDS, classify_batch, flop_hits, hits
from croupier.poker.ranges.holdem import Range
from tests.poker.hits import reference
from tests.poker.hits.test_classifier import obvious_flop_loop

GAMES = ["shortdeck", "shortdeck-straights"]
SHORT_DECK = variant_of("shortdeck").deck


def classify_one(
    hole: tuple[Card, ...], board: tuple[Card, ...], game: str
) -> tuple[MadeHand, set[Draw]]:
    made, flags = classify_batch(
        np.array([cards_to_indices(hole)]), np.array([cards_to_indices(board)]), game
    )
    return MADE_HANDS[made[0]], {d for i, d in enumerate(DRAWS) if flags[0] >> i & 1}


def expected(
    hole: tuple[Card, ...], board: tuple[Card, ...], game: str
) -> tuple[MadeHand, set[Draw]]:
    made = reference.made_hand(hole, board, game)
    return made, reference.draws(hole, board, made, game)


CASES = [
    # game, hole, board, made, draws
    # A-6-7-8-9 is a straight; 5-4-3-2-A does not exist
    ("shortdeck", "Ah9c", "6d 7s 8s", MadeHand.STRAIGHT, set()),
    ("shortdeck", "Ah6c", "7d 8s Kd", MadeHand.ACE_HIGH, {Draw.GUTSHOT}),  # a nine
    ("shortdeck", "Ts9c", "7d 8s Kd", MadeHand.NOTHING, {Draw.OPEN_ENDED}),  # a six or a jack
    # a flush (it ranks above a full house, though seven cards never hold both: the order
    # shows in the listing)
    ("shortdeck", "AhKh", "Qh 7h 7c Kc 9h", MadeHand.FLUSH, set()),
    # trips beat a straight (Triton), not with straights over trips
    ("shortdeck", "Ts9s", "9d 9h 8c 7d 6s", MadeHand.TRIPS, set()),
    ("shortdeck-straights", "Ts9s", "9d 9h 8c 7d 6s", MadeHand.STRAIGHT, set()),
]


@pytest.mark.parametrize(("game", "hole", "board", "made", "found"), CASES)
def test_chosen_cases(game: str, hole: str, board: str, made: MadeHand, found: set[Draw]) -> None:
    cards, on_board = parse_cards(hole), parse_cards(board)
    assert classify_one(cards, on_board, game) == (made, found)
    assert expected(cards, on_board, game) == (made, found)


def test_the_order_of_the_categories_is_the_game_s() -> None:
    triton = categories_of("shortdeck").made
    assert triton.index(MadeHand.FLUSH) < triton.index(MadeHand.FULL_HOUSE)
    assert triton.index(MadeHand.SET) < triton.index(MadeHand.STRAIGHT)
    straights = categories_of("shortdeck-straights").made
    assert straights.index(MadeHand.STRAIGHT) < straights.index(MadeHand.SET)
    result = hits("AhKh", board="Qh 7h 7c Kc 9h", game="shortdeck")
    assert list(result.made) == list(triton)
    assert result.made[MadeHand.FLUSH] == 1


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([3, 4, 5]), st.sampled_from(GAMES))
def test_the_classifier_agrees_with_the_naive_reference(
    rng: random.Random, size: int, game: str
) -> None:
    cards = rng.sample(SHORT_DECK, 2 + size)
    hole, board = tuple(cards[:2]), tuple(cards[2:])
    assert classify_one(hole, board, game) == expected(hole, board, game)


def test_many_rows_at_once_agree_with_the_reference() -> None:
    rng = random.Random(36)
    for game, size in itertools.product(GAMES, (3, 4, 5)):
        rows = [rng.sample(SHORT_DECK, 2 + size) for _ in range(150)]
        holes = np.array([cards_to_indices(r[:2]) for r in rows])
        boards = np.array([cards_to_indices(r[2:]) for r in rows])
        made, flags = classify_batch(holes, boards, game)
        for row, m, f in zip(rows, made.tolist(), flags.tolist(), strict=True):
            found = {d for i, d in enumerate(DRAWS) if f >> i & 1}
            assert (MADE_HANDS[m], found) == expected(tuple(row[:2]), tuple(row[2:]), game)


def test_hand_counted_flops() -> None:
    # a pocket pair in short-deck: 34 cards left, C(34, 3) = 5,984 flops; one more of its
    # rank with two others: 2 x C(32, 2) = 992, of which 2 x 8 x 6 = 96 pair the board (a
    # full house); quads on 32 flops; a full house on 8 x 4 = 32 flops of other trips
    pair = flop_hits("77", game="shortdeck")
    assert pair.boards == math.comb(36, 3)
    assert pair.share(MadeHand.SET) * 5984 == pytest.approx(992 - 96)
    assert pair.share(MadeHand.QUADS) * 5984 == pytest.approx(32)
    assert pair.share(MadeHand.FULL_HOUSE) * 5984 == pytest.approx(96 + 32)
    # A9 offsuit makes A-6-7-8-9 on the 4 x 4 x 4 = 64 flops 6-7-8
    wheel = flop_hits("A9o", game="shortdeck")
    assert wheel.share(MadeHand.STRAIGHT) * 5984 == pytest.approx(64)


@pytest.mark.parametrize(
    ("text", "game", "dead"),
    [("AKs, 77, T9o@50", "shortdeck", ""), ("QQ, J9s", "shortdeck-straights", "Qd 9s 6c")],
)
def test_every_flop_equals_the_obvious_loop(text: str, game: str, dead: str) -> None:
    result = flop_hits(text, game=game, dead=dead or None)
    totals, weight = obvious_flop_loop(text, dead, game)
    assert result.boards == math.comb(36 - len(dead.split()), 3)
    assert result.weight == pytest.approx(weight)
    for category in [*MadeHand, *Draw]:
        assert result.share(category) * result.weight == pytest.approx(totals[category])


def test_short_deck_refuses_what_it_cannot_deal() -> None:
    with pytest.raises(CroupierError, match="card 2c is not in the short-deck"):
        hits("AK", board="Ks 7d 2c", game="shortdeck")
    # a top percentage takes short-deck's own classes, in its order
    top = str(Range.parse("15%", game="shortdeck"))
    assert hits("15%", board="Ks 7d 6c", game="shortdeck") == hits(
        top, board="Ks 7d 6c", game="shortdeck"
    )
    # a weight written with a per cent sign is no top percentage
    assert hits("50%(AKs, AQs)", board="Ks 7d 6c", game="shortdeck").weight == pytest.approx(3.5)
    with pytest.raises(CroupierError, match="no combo left"):
        hits("22", board="Ks 7d 6c", game="shortdeck")
    # a range's combos with cards below the six are left out
    assert hits("A2s, AKs", board="Qs 7d 6c", game="shortdeck").weight == 4
