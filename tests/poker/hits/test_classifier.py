"""What a range hits: the NumPy classifier against a naive reference, the documented
examples, published flop odds, every flop exactly."""

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
from croupier.poker.games import variant_of
from croupier.poker.hits.categories import PAIR_OR_BETTER, Draw, MadeHand
from croupier.poker.hits.classifier import DRAWS, MADE_HANDS, classify_batch, flop_hits, hits
from croupier.poker.ranges.holdem import Range
from tests.poker.hits import reference

from ...untyped import untyped


def classify_one(hole: tuple[Card, ...], board: tuple[Card, ...]) -> tuple[MadeHand, set[Draw]]:
    made, flags = classify_batch(
        np.array([cards_to_indices(hole)]), np.array([cards_to_indices(board)])
    )
    return MADE_HANDS[made[0]], {d for i, d in enumerate(DRAWS) if flags[0] >> i & 1}


def expected(hole: tuple[Card, ...], board: tuple[Card, ...]) -> tuple[MadeHand, set[Draw]]:
    made = reference.made_hand(hole, board)
    return made, reference.draws(hole, board, made)


@pytest.mark.parametrize("category", [*MadeHand, *Draw], ids=str)
def test_every_documented_example_is_what_it_illustrates(category: MadeHand | Draw) -> None:
    combo, board = category.example
    hole, cards = parse_cards(combo[:2] + " " + combo[2:]), parse_cards(board)
    made, found = classify_one(hole, cards)
    assert (made == category) if isinstance(category, MadeHand) else (category in found)
    assert (made, found) == expected(hole, cards)


CASES = [
    # hole, board, made, draws
    ("AhKh", "Kc Kd 7h", MadeHand.TRIPS, {Draw.BACKDOOR_FLUSH_DRAW}),
    ("7s2d", "Kc Kd 7h", MadeHand.BOTTOM_PAIR, set()),  # the board's pair is nobody's
    ("QsQd", "Kc Kd 7h", MadeHand.UNDERPAIR_BELOW_TOP, set()),
    ("5s5d", "Kc Kd 7h", MadeHand.BOTTOM_PAIR, set()),
    ("5s5d", "Kc 9d 7h", MadeHand.BOTTOM_PAIR, set()),
    ("8s8d", "Kc 9d 7h", MadeHand.MIDDLE_PAIR, set()),
    ("AsKd", "5c 6d 7h 8s 9c", MadeHand.ACE_HIGH, set()),  # the board's straight
    ("Ts2d", "5c 6d 7h 8s 9c", MadeHand.STRAIGHT, set()),  # a better one
    ("9s9d", "5c 6d 7h 8s 9c", MadeHand.SET, set()),  # a set, though it plays the board
    ("2h3d", "Ah Kh Qh Jh 9h", MadeHand.NOTHING, set()),
    ("Th3d", "Ah Kh Qh Jh 9h", MadeHand.STRAIGHT_FLUSH, set()),
    ("AsAd", "Kc Kd Ks Kh 2c", MadeHand.OVERPAIR, set()),  # quads on the board
    ("AsAd", "Kc Kd Ks 7h 7c", MadeHand.FULL_HOUSE, set()),  # aces full beats kings full
    ("7s2d", "Kc Kd Ks 7h 7c", MadeHand.TRIPS, set()),  # trips, though it plays the board
    ("Ah2c", "3h 4h 9s", MadeHand.ACE_HIGH, {Draw.GUTSHOT, Draw.BACKDOOR_FLUSH_DRAW}),
    (
        "Ah2h",
        "3h 4h 9s Kd",
        MadeHand.ACE_HIGH,
        {Draw.FLUSH_DRAW, Draw.NUT_FLUSH_DRAW, Draw.GUTSHOT, Draw.COMBO_DRAW},
    ),
    ("6s5d", "7c 8d Kh", MadeHand.NOTHING, {Draw.OPEN_ENDED}),
    ("9s5d", "7c 6d Kh", MadeHand.NOTHING, {Draw.GUTSHOT}),
    ("9s5d", "7c 6d 3h", MadeHand.NOTHING, {Draw.OPEN_ENDED}),  # a double gutshot: 4 or 8
    ("As2d", "5c 6d 7h 8s", MadeHand.ACE_HIGH, set()),  # 4 or 9 give the board its straight
    ("Ts2d", "5c 6d 7h 8s", MadeHand.NOTHING, {Draw.GUTSHOT}),  # only a 9 helps the ten
    ("KhQh", "Ah 7h 2c", MadeHand.NOTHING, {Draw.FLUSH_DRAW, Draw.NUT_FLUSH_DRAW}),
    ("QhJh", "Ah 7h 2c", MadeHand.NOTHING, {Draw.FLUSH_DRAW}),
    ("AsKd", "Qc 7h 2s 3d", MadeHand.ACE_HIGH, {Draw.OVERCARDS}),  # no backdoor on the turn
    ("7h7d", "Kh Qh 2h", MadeHand.MIDDLE_PAIR, {Draw.FLUSH_DRAW}),  # one card of the suit
    ("AhKd", "Qh Jh 2h Tc", MadeHand.STRAIGHT, {Draw.FLUSH_DRAW, Draw.NUT_FLUSH_DRAW}),
]


@pytest.mark.parametrize(("hole", "board", "made", "found"), CASES)
def test_chosen_cases(hole: str, board: str, made: MadeHand, found: set[Draw]) -> None:
    cards, on_board = parse_cards(hole[:2] + " " + hole[2:]), parse_cards(board)
    assert classify_one(cards, on_board) == (made, found)
    assert expected(cards, on_board) == (made, found)


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([3, 4, 5]))
def test_the_classifier_agrees_with_the_naive_reference(rng: random.Random, size: int) -> None:
    cards = rng.sample(DECK, 2 + size)
    hole, board = tuple(cards[:2]), tuple(cards[2:])
    assert classify_one(hole, board) == expected(hole, board)


def test_many_random_rows_at_once_agree_with_the_reference() -> None:
    rng = random.Random(22)
    for size in (3, 4, 5):
        rows = [rng.sample(DECK, 2 + size) for _ in range(600)]
        holes = np.array([cards_to_indices(r[:2]) for r in rows])
        boards = np.array([cards_to_indices(r[2:]) for r in rows])
        made, flags = classify_batch(holes, boards)
        for row, m, f in zip(rows, made.tolist(), flags.tolist(), strict=True):
            found = {d for i, d in enumerate(DRAWS) if f >> i & 1}
            assert (MADE_HANDS[m], found) == expected(tuple(row[:2]), tuple(row[2:]))


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.integers(0, 168), min_size=1, max_size=12, unique=True),
    st.lists(st.sampled_from(DECK), min_size=3, max_size=7, unique=True),
    st.sampled_from([3, 4, 5]),
)
def test_random_ranges_and_boards_total_what_the_reference_says(
    classes: list[int], cards: list[Card], size: int
) -> None:
    from croupier.poker.ranges.starting_hands import CLASS_LABELS

    board, dead = cards[:size], cards[size:]
    chosen = Range.parse(", ".join(CLASS_LABELS[n] for n in classes))
    if not len(chosen.without(cards_to_indices(cards))):
        with pytest.raises(CroupierError, match="no combo left"):
            hits(chosen, board=board, dead=dead)
        return
    result = hits(chosen, board=board, dead=dead)
    made_counts = dict.fromkeys(MadeHand, 0.0)
    draw_counts = dict.fromkeys(Draw, 0.0)
    for first, second in chosen.combos:
        if first in cards or second in cards:
            continue
        made, found = expected((first, second), tuple(board))
        made_counts[made] += 1
        for draw in found:
            draw_counts[draw] += 1
    assert dict(result.made) == made_counts
    assert dict(result.draws) == draw_counts
    assert result.weight == sum(made_counts.values()) == len(result.combos)


def test_weights_count_and_the_listing_is_strongest_first() -> None:
    result = hits("KK, AK@50, 22:0.25", board="Kc 7d 2s")
    assert result.made[MadeHand.SET] == 3 + 3 * 0.25
    assert result.made[MadeHand.TOP_PAIR_GOOD] == 12 * 0.5
    assert result.weight == 3 + 12 * 0.5 + 3 * 0.25
    assert [c.made for c in result.combos] == sorted(
        (c.made for c in result.combos), key=list(result.made).index
    )
    assert {c.weight for c in result.combos if c.made is MadeHand.TOP_PAIR_GOOD} == {0.5}
    data = result.to_dict()
    assert data["made"]["set"] == {"combos": 3.75, "share": 3.75 / result.weight}
    assert data["hands"][0] == {"combo": "KsKh", "weight": 1.0, "made": "set", "draws": []}


# Published flop odds (the tables every poker text prints, e.g. Wikipedia's "Poker
# probability (Texas hold 'em)"): a pocket pair flops a set or better 11.76% (at least
# one of the two cards of its rank: 2,304 of 19,600 flops), unpaired hole cards flop a
# pair or better 32.43%, two suited cards a flush 0.84% and a flush draw 10.94%.
def test_published_flop_odds() -> None:
    pair = flop_hits("77")
    # 77: one more 7 with two other cards, 2 x C(48, 2) = 2,256 flops, of which 2 x 12 x 6
    # = 144 hold a pair beside it (a full house); two more 7s, 48 flops (quads); and 77
    # makes a full house on the 12 x 4 = 48 flops of three of a kind of another rank
    assert pair.share(MadeHand.SET) * 19600 == pytest.approx(2256 - 144)
    assert pair.share(MadeHand.FULL_HOUSE) * 19600 == pytest.approx(144 + 48)
    assert pair.share(MadeHand.QUADS) * 19600 == pytest.approx(48)
    set_or_better = pair.share(MadeHand.SET) + pair.share(MadeHand.QUADS) + 144 / 19600
    assert round(set_or_better, 4) == 0.1176
    unpaired = flop_hits("AKo")
    # (the 64 flops Q J T give AKo a straight, and no pair)
    assert unpaired.share(MadeHand.STRAIGHT) * 19600 == pytest.approx(64)
    assert round(unpaired.pair_or_better - unpaired.share(MadeHand.STRAIGHT), 4) == 0.3243
    suited = flop_hits("AKs")
    assert round(suited.share(MadeHand.FLUSH) + suited.share(MadeHand.STRAIGHT_FLUSH), 4) == 0.0084
    assert round(suited.share(Draw.FLUSH_DRAW), 4) == 0.1094
    # exact counts out of 19,600 flops: AhKh flops one royal flush, 2 quads, 18 full houses
    assert suited.made[MadeHand.STRAIGHT_FLUSH] * 22100 / suited.weight == pytest.approx(
        22100 / 19600
    )
    assert suited.share(MadeHand.QUADS) * 19600 == pytest.approx(2)
    assert suited.share(MadeHand.FULL_HOUSE) * 19600 == pytest.approx(18)


def obvious_flop_loop(
    text: str, dead: str = "", game: str = "holdem"
) -> tuple[dict[MadeHand | Draw, float], float]:
    """Every flop of the game's deck less the dead cards (itertools), with every combo of
    the range that it leaves, classified in one batch: the weighted totals over the
    flops, by made hand and by draw."""
    dead_cards = parse_cards(dead) if dead else ()
    deck = [c for c in variant_of(game).deck if c not in dead_cards]
    chosen = Range.parse(text)
    combos = [(pair, chosen.weight(pair)) for pair in chosen.combos if set(pair) <= set(deck)]
    holes, boards, weights = [], [], []
    flops = 0
    for flop in itertools.combinations(deck, 3):
        flops += 1
        for pair, weight in combos:
            if not set(pair) & set(flop) and not set(pair) & set(dead_cards):
                holes.append(cards_to_indices(pair))
                boards.append(cards_to_indices(flop))
                weights.append(weight)
    made, draws = classify_batch(np.array(holes), np.array(boards), game)
    totals: dict[MadeHand | Draw, float] = dict.fromkeys([*MadeHand, *Draw], 0.0)
    for m, flags, weight in zip(made.tolist(), draws.tolist(), weights, strict=True):
        totals[MADE_HANDS[m]] += weight
        for i, draw in enumerate(DRAWS):
            if flags >> i & 1:
                totals[draw] += weight
    return {c: n / flops for c, n in totals.items()}, sum(weights) / flops


@pytest.mark.parametrize(
    ("text", "dead"),
    [
        ("AhKh, 7s6s@50", ""),
        ("QQ, 5c4c", "Qd 4h 9s"),  # a class's flops less those with a dead card
        ("KQs", "2c 3c 4c 5c 6c 7c 8d"),  # so many dead cards: the flops without them
        # suit families: pairs, suited and offsuit combos, with no dead card, one, two of
        # a suit, a pair of dead cards (the relabellings keeping them are few, or none)
        ("77, AKo, T9s", ""),
        ("99, AhQd, JcTc, 5s4s@30", "2h"),
        ("QQ, AJo@50, 65s", "Qd 5s"),
        ("22, KK, AcKd, 8h7h", "Kc 7h 3c"),
        ("TT, T9s", "Td Tc"),
    ],
)
def test_every_flop_equals_the_obvious_loop(text: str, dead: str) -> None:
    result = flop_hits(text, dead=dead or None)
    totals, weight = obvious_flop_loop(text, dead)
    assert result.boards == math.comb(52 - len(dead.split()), 3)
    assert result.weight == pytest.approx(weight)
    for category in MadeHand:
        assert result.made[category] == pytest.approx(totals[category], abs=1e-12)
    for draw in Draw:
        assert result.draws[draw] == pytest.approx(totals[draw], abs=1e-12)
    assert sum(result.share(m) for m in PAIR_OR_BETTER) == pytest.approx(result.pair_or_better)


def test_every_flop_of_a_class_is_the_same_for_each_of_its_combos() -> None:
    whole = flop_hits("AKs")
    one = flop_hits("AhKh")
    assert whole.weight == pytest.approx(4 * one.weight)
    for category in [*MadeHand, *Draw]:
        assert whole.share(category) == pytest.approx(one.share(category), abs=1e-12)


BAD = [
    ({"board": "Ks Kd"}, "a board of 2 cards"),
    ({"board": "Ks Kd Ks"}, "repeats position 1"),
    ({"board": "Ks 7d 2c", "dead": "Ks"}, "both on the board and dead"),
    ({"board": "Ks 7d 2x"}, "bad card '2x'"),
]


@pytest.mark.parametrize(("options", "message"), BAD)
def test_bad_questions_name_what_is_wrong(options: dict[str, str], message: str) -> None:
    with pytest.raises(CroupierError, match=message):
        hits("AK", **options)
    with pytest.raises(CroupierError, match="no combo left"):
        hits("KK", board="Ks Kd Kh", dead="Kc")


def test_a_result_s_repr_fits_on_a_line() -> None:
    """It filled a screen with every category's mapping (2,419 characters)."""
    on_board = hits("QQ, AKs", board="2c 7d 9h")
    shown = repr(on_board)
    assert "\n" not in shown and len(shown) < 200 and "mappingproxy" not in shown, shown
    assert shown.startswith("<HitsResult QQ, AKs on 2c 7d 9h: 10 combos")
    assert "AA over 22,100 flops: " in repr(flop_hits("AA"))


@pytest.mark.parametrize(
    ("holes", "boards", "message"),
    [
        ([[0, 60]], [[4, 8, 12]], r"^row 0 has card number 60: expected 0 to 51"),  # IndexError
        ([[0, -1]], [[4, 8, 12]], r"^row 0 has card number -1: expected 0 to 51"),  # silent
        ([[0, 1]], [[4, 8, 12]] * 2, r"^1 rows of hole cards but 2 rows of board cards$"),
        ([[0, 1], [2]], [[4, 8, 12]] * 2, r"^bad holes: its rows are not all the same length"),
        ([[0, 1, 2]], [[4, 8, 12]], r"^holes of 3 cards and boards of 3: expected 2 hole cards"),
        ([[0, 1]], [[4, 8]], r"^holes of 2 cards and boards of 2: expected 2 hole cards"),
        ([[0, 4]], [[4, 8, 12]], r"^row 0: card '3c' at position 3 repeats position 2"),
    ],
)
def test_classify_batch_refuses_rows_that_are_no_hands(
    holes: list[list[int]], boards: list[list[int]], message: str
) -> None:
    with pytest.raises(CroupierError, match=message):
        classify_batch(untyped(holes), untyped(boards))  # lists: arrays as NumPy reads them


def test_classify_batch_refuses_a_card_below_the_short_deck() -> None:
    hole = cards_to_indices(parse_cards("As Ks"))
    board = [*cards_to_indices(parse_cards("Qs Js")), 0]  # 2c
    with pytest.raises(CroupierError, match=r"^row 0 has card number 0: expected 16 to 51"):
        classify_batch(np.array([hole]), np.array([board]), "shortdeck")
