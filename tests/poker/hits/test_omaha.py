"""What an Omaha range hits: the NumPy classifier against the naive reference (phevaluator's
five-card ranks over every two-hole, three-board hand), the documented examples,
hand-counted figures, and every flop against the obvious loop."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import DECK, Card, cards_to_indices, parse_cards
from croupier.errors import CroupierError
from croupier.poker.hits.categories import OmahaDraw, OmahaHand, categories_of
from croupier.poker.hits.classifier import flop_hits, hits
from croupier.poker.hits.omaha import OMAHA_DRAWS, OMAHA_MADE, classify_omaha, families
from croupier.poker.ranges.generic import GenericRange
from tests.poker.hits import omaha_reference


def classify_one(
    hole: tuple[Card, ...], board: tuple[Card, ...], dead: tuple[Card, ...] = ()
) -> tuple[OmahaHand, set[OmahaDraw]]:
    made, flags = classify_omaha(
        np.array([cards_to_indices(hole)]),
        np.array([cards_to_indices(board)]),
        cards_to_indices(dead),
    )
    return OMAHA_MADE[made[0]], {d for i, d in enumerate(OMAHA_DRAWS) if flags[0] >> i & 1}


@pytest.mark.parametrize("category", [*OmahaHand, *OmahaDraw], ids=str)
def test_every_documented_example_is_what_it_illustrates(category: OmahaHand | OmahaDraw) -> None:
    holding, board = category.example
    hole, cards = parse_cards(holding), parse_cards(board)
    made, found = classify_one(hole, cards)
    assert (made == category) if isinstance(category, OmahaHand) else (category in found)
    assert (made, found) == omaha_reference.classify(hole, cards)


CASES = [
    # holding, board, made, draws
    # the board's pair is nobody's; trips need one hole card of its rank
    ("AsQdJh9c", "Kc Kd 7h", OmahaHand.NO_PAIR, set()),
    ("AsKsQdJh", "Kc Kd 7h", OmahaHand.TRIPS, set()),
    # four to a straight on the board and one card of it in the hand: no straight and no
    # draw (two hole cards must play)
    ("9sAdKcQh", "5c 6d 7h 8s", OmahaHand.NO_PAIR, set()),
    # a flush needs two hole cards of the suit: one is a blocker, not a flush
    ("AhKsQdJc", "9h 7h 2h 3h", OmahaHand.NO_PAIR, {OmahaDraw.NUT_FLUSH_BLOCKER}),
    ("Ah2hKsQd", "9h 7h 3h", OmahaHand.NUT_FLUSH, set()),
    # holding the ace, the king flush is the nuts: no other holding has the ace
    ("KhAh2c3d", "9h 7h 3h", OmahaHand.NUT_FLUSH, set()),
    ("Kh2hAcAd", "9h 7h 3h", OmahaHand.FLUSH, set()),
    # the 13-out wrap and the 20-out wrap (J-T-8-7 on 9-6-2: every 5, 8, T, J and 6 left)
    ("JhTd8c5s", "9s 7d 2c", OmahaHand.NO_PAIR, {OmahaDraw.WRAP}),
    ("JhTd8c7s", "9s 6d 2c", OmahaHand.NO_PAIR, {OmahaDraw.WRAP}),
    # a made straight, not the nuts, and no higher one to draw to (a 9 plays one hole card)
    ("5s4dKhQc", "8c 7h 6d", OmahaHand.STRAIGHT, set()),
    # the nuts, drawing to a higher straight: a jack makes 7-J with the nine and the ten
    ("Ts9dKhQc", "8c 7h 6d", OmahaHand.NUT_STRAIGHT, {OmahaDraw.GUTSHOT}),
    # top set and a flush draw on the turn; no draws counted on the river
    ("KsKh9h8c", "Kc 7h 2h 3d", OmahaHand.TOP_SET, {OmahaDraw.FLUSH_DRAW}),
    ("KsKh9h8c", "Kc 7h 2h 3d 4s", OmahaHand.TOP_SET, set()),
    # a pocket pair with a board pair below: two pair in cards, a lower pair here
    ("QsQd9h8c", "Kc 7h 7d", OmahaHand.LOWER_PAIR, set()),
    # the holding's own cards block the other straights: with every nine but one seen,
    # a ten-high straight is still beaten by J-T... unless every ten is out too
    ("TsTd9s9d", "8c 7h 6d", OmahaHand.NUT_STRAIGHT, {OmahaDraw.GUTSHOT}),
]


@pytest.mark.parametrize(("holding", "board", "made", "found"), CASES)
def test_chosen_cases(holding: str, board: str, made: OmahaHand, found: set[OmahaDraw]) -> None:
    hole, on_board = parse_cards(holding), parse_cards(board)
    assert classify_one(hole, on_board) == (made, found)
    assert omaha_reference.classify(hole, on_board) == (made, found)


def test_dead_cards_count_as_seen_for_outs_and_the_nuts() -> None:
    hole, board = parse_cards("JhTd8c5s"), parse_cards("9s 7d 2c")
    # four sixes dead would take 4 of the 13 outs: a straight draw of 9
    dead = parse_cards("6c 6d 6h 6s")
    assert classify_one(hole, board, dead) == (OmahaHand.NO_PAIR, {OmahaDraw.STRAIGHT_DRAW})
    assert omaha_reference.classify(hole, board, dead) == classify_one(hole, board, dead)
    # Th9h... on a heart board: the Ah and Qh dead, the jack-ten flush is the nuts
    hole, board = parse_cards("JhTh2c3d"), parse_cards("Kh 7h 2h")
    assert classify_one(hole, board)[0] is OmahaHand.FLUSH
    assert classify_one(hole, board, parse_cards("Ah Qh"))[0] is OmahaHand.NUT_FLUSH


@settings(max_examples=60, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.sampled_from([4, 5]),
    st.sampled_from([3, 4, 5]),
    st.integers(0, 2),
)
def test_the_classifier_agrees_with_the_naive_reference(
    rng: random.Random, size: int, board_size: int, dead_count: int
) -> None:
    cards = rng.sample(DECK, size + board_size + dead_count)
    hole, board = tuple(cards[:size]), tuple(cards[size : size + board_size])
    dead = tuple(cards[size + board_size :])
    assert classify_one(hole, board, dead) == omaha_reference.classify(hole, board, dead)


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([3, 4]))
def test_drawing_boards_agree_with_the_reference(rng: random.Random, board_size: int) -> None:
    """Boards of close ranks and two suits, where the straights, wraps and flushes are."""
    low = rng.randrange(0, 8)
    ranks = list(range(low, low + 6))
    pool = [card for card in DECK if (card.index >> 2) in ranks and card.index & 3 < 2]
    pool += rng.sample([c for c in DECK if c not in pool], 6)
    cards = rng.sample(pool, 4 + board_size)
    hole, board = tuple(cards[:4]), tuple(cards[4:])
    assert classify_one(hole, board) == omaha_reference.classify(hole, board)


def test_many_rows_of_mixed_boards_at_once_agree_with_the_reference() -> None:
    rng = random.Random(31)
    for board_size in (3, 4, 5):
        rows = [rng.sample(DECK, 4 + board_size) for _ in range(50)]
        holes = np.array([cards_to_indices(r[:4]) for r in rows])
        boards = np.array([cards_to_indices(r[4:]) for r in rows])
        made, flags = classify_omaha(holes, boards)
        for row, m, f in zip(rows, made.tolist(), flags.tolist(), strict=True):
            found = {d for i, d in enumerate(OMAHA_DRAWS) if f >> i & 1}
            assert (OMAHA_MADE[m], found) == omaha_reference.classify(row[:4], row[4:])


def test_hand_counted_totals_on_a_board() -> None:
    # AsAh with any two of the 47 cards left: C(47, 2) = 1,081 holdings, every one top set
    # (no board pair, no straight, two hearts on the board); a nut flush draw with one or
    # two of the 10 hearts left: 1,081 - C(37, 2) = 415
    result = hits("AsAh??", board="Ad 7h 2h", game="omaha")
    assert result.weight == 1081 == len(result.combos)
    assert result.made[OmahaHand.TOP_SET] == 1081
    assert result.draws[OmahaDraw.NUT_FLUSH_DRAW] == result.draws[OmahaDraw.FLUSH_DRAW] == 415
    # two aces (or more) on K-7-2 rainbow: 6,961 holdings hold two aces or more, less those
    # with a K, 7 or 2; none can be beaten by anything but sets and two pair
    aces = hits("AA", board="Kc 7d 2h", game="omaha")
    live = len(GenericRange.parse("AA", "omaha", dead="Kc 7d 2h"))
    assert aces.weight == live
    assert aces.made[OmahaHand.OVERPAIR] + aces.made[OmahaHand.TOP_SET] < live
    assert sum(aces.made.values()) == live
    assert aces.pair_or_better == 1.0
    assert [c.made for c in aces.combos] == sorted(
        (c.made for c in aces.combos), key=list(aces.made).index
    )
    data = aces.to_dict()
    assert data["game"] == "omaha" and len(data["hands"][0]["combo"]) == 8


def test_five_card_omaha_uses_two_of_five() -> None:
    # aces and kings on A-K-2: two aces and three board cards are a set (no board pair,
    # so no full house: that would take three hole cards)
    result = hits("AsAhKsKh?", board="Ad Kd 2h", game="omaha5")
    assert result.made[OmahaHand.TOP_SET] == 45 == result.weight
    assert result.made[OmahaHand.FULL_HOUSE] == 0
    hole = parse_cards("AsAhKsKh2c")
    assert classify_one(hole, parse_cards("Ad Kd 2h")) == omaha_reference.classify(
        hole, parse_cards("Ad Kd 2h")
    )
    assert len(result.combos) == 52 - 7


def obvious_flop_loop(text: str, game: str, dead: str = "") -> tuple[dict[object, float], float]:
    """Every flop of the deck less the dead cards (itertools), with every holding of the
    range that it leaves, classified in one batch: the totals over the flops."""
    dead_cards = parse_cards(dead) if dead else ()
    deck = [c for c in DECK if c not in dead_cards]
    rows = GenericRange.parse(text, game).hands().tolist()
    dead_numbers = set(cards_to_indices(dead_cards))
    rows = [r for r in rows if not set(r) & dead_numbers]
    holes, boards = [], []
    flops = 0
    for flop in itertools.combinations(deck, 3):
        flops += 1
        numbers = set(cards_to_indices(flop))
        for row in rows:
            if not set(row) & numbers:
                holes.append(row)
                boards.append(cards_to_indices(flop))
    made, draws = classify_omaha(np.array(holes), np.array(boards), cards_to_indices(dead_cards))
    totals: dict[object, float] = dict.fromkeys([*OmahaHand, *OmahaDraw], 0.0)
    for m, flags in zip(made.tolist(), draws.tolist(), strict=True):
        totals[OMAHA_MADE[m]] += 1
        for i, draw in enumerate(OMAHA_DRAWS):
            if flags >> i & 1:
                totals[draw] += 1
    return {c: n / flops for c, n in totals.items()}, len(holes) / flops


@pytest.mark.parametrize(
    ("text", "game", "dead"),
    [
        ("AsKsQhJh, 9c8c7d6d", "omaha", ""),  # one family each
        ("AsAhKsKh, AdAcKdKc, 7h6h5c4c", "omaha", "Ac 2h"),  # two of one family
        ("AsKsQhJhTd", "omaha5", "9d"),
    ],
)
def test_every_flop_equals_the_obvious_loop(text: str, game: str, dead: str) -> None:
    result = flop_hits(text, game=game, dead=dead or None)
    totals, weight = obvious_flop_loop(text, game, dead)
    assert result.boards == math.comb(52 - len(dead.split()), 3)
    assert result.weight == pytest.approx(weight)
    for category in [*OmahaHand, *OmahaDraw]:
        assert result.share(category) * result.weight == pytest.approx(totals[category])
    kinds = categories_of(game)
    assert list(result.made) == list(kinds.made)
    assert sum(result.share(m) for m in kinds.pair_or_better) == pytest.approx(
        result.pair_or_better
    )


def test_families_of_a_range_flop_alike() -> None:
    every = flop_hits("AxAyxy", game="omaha")
    one = flop_hits("AsAhKsKh", game="omaha")
    rows = GenericRange.parse("AxAyxy", "omaha").hands()
    kept, counts = families(rows, np.zeros(0, dtype=np.int64))
    assert counts.sum() == len(rows) and len(kept) < len(rows)
    assert every.share(OmahaHand.TOP_SET) > 0 and one.share(OmahaHand.TOP_SET) > 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"board": "Ks Kd"}, "a board of 2 cards"),
        ({"board": "Ks 7d 2x"}, "bad card '2x'"),
        ({"board": "Ks 7d 2c", "dead": "Ks"}, "both on the board and dead"),
    ],
)
def test_bad_questions_name_what_is_wrong(args: dict[str, str], message: str) -> None:
    with pytest.raises(CroupierError, match=message):
        hits("AA", game="omaha", **args)
    with pytest.raises(CroupierError, match="no combo left"):
        hits("AsAhKsKh", board="As 7d 2c", game="omaha")
    with pytest.raises(CroupierError, match="bad range text"):
        hits("AA, KK!", board="Ks 7d 2c", game="omaha")


def test_weights_count_as_calc_reads_them() -> None:
    # a range text is read as calc reads it (HoleRange.parse): "@" weights count, a
    # later part's weight winning on the holdings two parts share (AAKK here)
    board = "Ad 7h 2h"
    weighted = hits("AA@50, KK", board=board, game="omaha")
    aces, kings = hits("AA!KK", board=board, game="omaha"), hits("KK", board=board, game="omaha")
    assert weighted.weight == pytest.approx(0.5 * aces.weight + kings.weight)
    for category in OmahaHand:
        assert weighted.made[category] == pytest.approx(
            0.5 * aces.made[category] + kings.made[category]
        )
    assert {c.weight for c in weighted.combos} == {0.5, 1.0}
    assert str(weighted.range) == "AA@50, KK"


def test_weights_over_every_flop_and_in_the_families() -> None:
    half, whole = (
        flop_hits("AsKsQhJh@25, 9c8c7d6d", game="omaha"),
        flop_hits("AsKsQhJh", game="omaha"),
    )
    other = flop_hits("9c8c7d6d", game="omaha")
    assert half.weight == pytest.approx(0.25 * whole.weight + other.weight)
    for category in [*OmahaHand, *OmahaDraw]:
        mine = half.share(category) * half.weight
        assert mine == pytest.approx(
            0.25 * whole.share(category) * whole.weight + other.share(category) * other.weight
        )
    rows = np.array([[0, 4, 8, 12], [1, 5, 9, 13]])  # one family, weights 1 and 0.5
    _, counts = families(rows, np.zeros(0, dtype=np.int64), np.array([1.0, 0.5]))
    assert counts.tolist() == [1.5]
