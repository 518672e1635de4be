"""The next-card table and the equity distribution in Omaha, Omaha-5 and short-deck,
against a naive enumeration written here: every assignment of hands, every next card,
every rest of the board, each hand ranked by a reference (phevaluator's Omaha
evaluator; Omaha-5 as the best of phevaluator's five-card classes over two hole cards
and three of the board; short-deck by the rules alone, the naive reference of the
evaluation tests), pot shares added up as fractions."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import DECK, Card, parse_cards
from croupier.errors import CroupierError
from croupier.poker.calc import calculate
from croupier.poker.calc.distribution import equity_distribution
from croupier.poker.calc.nextcard import next_card
from croupier.poker.games import variant_of
from tests.poker.evaluation.test_games import naive_strength

phevaluator = pytest.importorskip("phevaluator")

Hand = tuple[Card, ...]
#: A strength of a hand on a board: the larger, the stronger.
Key = tuple[int, tuple[int, ...]]
Strength = Callable[[Hand, Hand], Key]


def omaha(hole: Hand, board: Hand) -> Key:
    return -int(phevaluator.evaluate_omaha_cards(*(c.index for c in (*board, *hole)))), ()


def omaha5(hole: Hand, board: Hand) -> Key:
    return -min(
        int(phevaluator.evaluate_cards(*(c.index for c in (*pair, *three))))
        for pair in itertools.combinations(hole, 2)
        for three in itertools.combinations(board, 3)
    ), ()


def short_deck(game: str) -> Strength:
    variant = variant_of(game)
    return lambda hole, board: naive_strength(hole + board, variant)


STRENGTHS: dict[str, Strength] = {
    "omaha": omaha,
    "omaha5": omaha5,
    "shortdeck": short_deck("shortdeck"),
    "shortdeck-straights": short_deck("shortdeck-straights"),
}


def naive_next(
    game: str, hands: Sequence[Sequence[Hand]], board: Hand, dead: Hand = ()
) -> dict[Card, tuple[Fraction, list[Fraction]]]:
    """Each next card's chance and each player's equity once it comes, as fractions:
    every assignment of one hand a player (no card twice) equally likely, the next card
    any card left, the rest of the board every completion."""
    strength = STRENGTHS[game]
    deck = [c for c in DECK if c.rank >= variant_of(game).lowest_rank]
    leaving: dict[Card, int] = {}
    shares: dict[Card, list[Fraction]] = {}
    boards: dict[Card, int] = {}
    for assignment in itertools.product(*hands):
        held = [c for hand in assignment for c in hand]
        if len(set(held)) != len(held):
            continue
        left = [c for c in deck if c not in (*held, *board, *dead)]
        for card in left:
            leaving[card] = leaving.get(card, 0) + 1
            rest = [c for c in left if c != card]
            for more in itertools.combinations(rest, 4 - len(board)):
                full = (*board, card, *more)
                values = [strength(hand, full) for hand in assignment]
                best = max(values)
                top = values.count(best)
                got = shares.setdefault(card, [Fraction(0)] * len(hands))
                for p, value in enumerate(values):
                    if value == best:
                        got[p] += Fraction(1, top)
                boards[card] = boards.get(card, 0) + 1
    total = sum(leaving.values())
    return {
        card: (Fraction(leaving[card], total), [s / boards[card] for s in shares[card]])
        for card in leaving
    }


def hands_of(text: str) -> list[Hand]:
    return [tuple(parse_cards(part)) for part in text.split(",")]


def assert_same_table(game: str, ranges: list[str], board: str, dead: str = "") -> None:
    result = next_card(ranges, board=board, dead=dead or None, game=game)
    expected = naive_next(
        game, [hands_of(r) for r in ranges], tuple(parse_cards(board)), tuple(parse_cards(dead))
    )
    assert {row.card for row in result.cards} == set(expected)
    for row in result.cards:
        chance, equity = expected[row.card]
        assert row.chance == float(chance), row.card  # to the last digit
        assert list(row.equity) == [float(e) for e in equity], row.card
    assert result.game == game and result.to_dict()["game"] == game


SPOTS = [
    ("omaha", ["AsAhKsKh", "QdQcJdTc"], "2c 7d 9h", ""),
    ("omaha", ["AsKsQhJh, 9c9d8c8d", "7s7h6c5c", "AdKdQcJc"], "Ts 9h 2d 4c", "3s"),
    ("omaha5", ["AsAhKsKh2d", "QdQcJdTc9s"], "2c 7d 9h 8c", ""),
    ("shortdeck", ["AsKs, AhKh", "QdQc"], "Qs 7h 6d", ""),
    ("shortdeck-straights", ["AsKs", "9c8c", "JdJh"], "Th 7c 6d 7h", ""),
]


@pytest.mark.parametrize(("game", "ranges", "board", "dead"), SPOTS)
def test_every_card_s_figures_are_the_naive_enumeration_s(
    game: str, ranges: list[str], board: str, dead: str
) -> None:
    assert_same_table(game, ranges, board, dead)


def test_omaha5_on_a_flop() -> None:
    assert_same_table("omaha5", ["AsAhKsKh2d", "QdQcJdTc9s"], "2c 7d 9h")


@pytest.mark.parametrize(("game", "ranges", "board", "dead"), SPOTS)
def test_the_mean_over_the_cards_is_the_equity_now(
    game: str, ranges: list[str], board: str, dead: str
) -> None:
    result = next_card(ranges, board=board, dead=dead or None, game=game)
    today = calculate(ranges, board=board, dead=dead or None, game=game, exact=True)
    assert result.equity == pytest.approx([p.equity for p in today.players], abs=1e-12)
    assert sum(row.chance for row in result.cards) == pytest.approx(1)


#: Random spots: a game, two or three single hands, a board of four (the river next).
@st.composite
def spots(draw: st.DrawFn) -> tuple[str, list[str], str]:
    game = draw(st.sampled_from(sorted(STRENGTHS)))
    size = variant_of(game).hole_cards
    deck = [c for c in DECK if c.rank >= variant_of(game).lowest_rank]
    players = draw(st.integers(2, 3))
    cards = draw(st.permutations(deck))[: players * size + 4]
    hands = ["".join(map(str, cards[p * size : (p + 1) * size])) for p in range(players)]
    return game, hands, " ".join(map(str, cards[-4:]))


@settings(max_examples=25, deadline=None)
@given(spots())
def test_random_river_spots_agree_with_the_naive_enumeration(
    spot: tuple[str, list[str], str],
) -> None:
    game, hands, board = spot
    assert_same_table(game, hands, board)


#: Random Omaha flop spots with short lists of hands (short-deck's naive reference is
#: too slow for a flop's boards in a test: its random spots are on the river, above).
@st.composite
def flop_spots(draw: st.DrawFn) -> tuple[str, list[str], str]:
    game = "omaha"
    size = variant_of(game).hole_cards
    deck = [c for c in DECK if c.rank >= variant_of(game).lowest_rank]
    cards = draw(st.permutations(deck))
    board, rest = cards[:3], cards[3:]
    first = draw(st.integers(1, 2))
    # player 2's first hand may share a card with player 1's second
    start = first * size - (draw(st.integers(0, 1)) if first == 2 else 0)
    second = draw(st.integers(1, 2))
    lists = [
        [rest[k * size : (k + 1) * size] for k in range(first)],
        [rest[start + k * size : start + (k + 1) * size] for k in range(second)],
    ]
    ranges = [", ".join("".join(map(str, hand)) for hand in hands) for hands in lists]
    return game, ranges, " ".join(map(str, board))


@settings(max_examples=8, deadline=None)
@given(flop_spots())
def test_random_flop_spots_with_ranges_agree_with_the_naive_enumeration(
    spot: tuple[str, list[str], str],
) -> None:
    game, ranges, board = spot
    assert_same_table(game, ranges, board)


def test_threads_share_the_cards_with_the_same_answer() -> None:
    ranges = ["AsAhKsKh, 9c9d8c8d", "QdQcJdTc"]
    one = next_card(ranges, board="2c 7d 9h", game="omaha")
    assert next_card(ranges, board="2c 7d 9h", game="omaha", threads=2) == one


def test_a_card_every_deal_holds_cannot_come() -> None:
    result = next_card(["AsKsQhJh, AsKd9c9d", "QdQcJdTc"], board="2c 7d 9h", game="omaha")
    assert "As" not in {str(row.card) for row in result.cards}
    assert "Ks" in {str(row.card) for row in result.cards}  # held in one hand of two
    assert len(result.cards) == 52 - 3 - 4 - 1
    with pytest.raises(CroupierError, match="As cannot come next"):
        result.card("As")
    shown = repr(result)
    assert shown.startswith("<NextCardResult AsKsQhJh, AsKd9c9d vs QdQcJdTc on 2c 7d 9h: the turn")


@pytest.mark.parametrize(
    ("game", "ranges", "board", "message"),
    [
        ("omaha", ["AsAhKsKh", "random"], None, "a board of 3 or 4 cards, not 0"),
        ("shortdeck", ["AA", "KK"], "Kc 7d 6h 9s Ts", "not 5"),
        ("shortdeck", ["AA", "KK"], "Kc 7d 2h", "2h is not in the short-deck"),
    ],
)
def test_bad_questions_are_refused(
    game: str, ranges: list[str], board: str | None, message: str
) -> None:
    with pytest.raises(CroupierError, match=message):
        next_card(ranges, board=board, game=game)


def test_too_much_work_is_refused_before_it_starts() -> None:
    with pytest.raises(CroupierError, match="would take over 0 seconds"):
        next_card(["random", "random"], board="Qh 7h 2c", game="omaha", limit=0.001)


# --- the equity distribution ---------------------------------------------------------


def naive_hand_equity(
    game: str, mine: Hand, others: Sequence[Sequence[Hand]], board: Hand
) -> tuple[int, Fraction]:
    """How many deals give player 1 ``mine`` (with every board), and its equity in them."""
    strength = STRENGTHS[game]
    deck = [c for c in DECK if c.rank >= variant_of(game).lowest_rank]
    deals, share = 0, Fraction(0)
    for rest in itertools.product(*others):
        assignment = (mine, *rest)
        held = [c for hand in assignment for c in hand]
        if len(set(held)) != len(held):
            continue
        left = [c for c in deck if c not in (*held, *board)]
        for more in itertools.combinations(left, 5 - len(board)):
            values = [strength(hand, (*board, *more)) for hand in assignment]
            best = max(values)
            deals += 1
            if values[0] == best:
                share += Fraction(1, values.count(best))
    return deals, share / deals


@pytest.mark.parametrize(
    ("game", "ranges", "board"),
    [
        ("omaha", ["AsAhKsKh, QdQcJdTc, 8c8d7s6s", "KdKcJhTh, 9s9h8h7h"], "Jc 9d 2h 5s"),
        ("omaha5", ["AsAhKsKh2d, QdQcJdTc9s", "8c8d7s6s5d"], "Jc 9d 2h 5s"),
        ("shortdeck", ["AsKs, AhKh, QcQd", "JsJc, KdQh"], "Kc 9d 6c 7s"),
    ],
)
def test_each_hand_s_point_is_the_naive_enumeration_s(
    game: str, ranges: list[str], board: str
) -> None:
    result = calculate(ranges, board=board, game=game, exact=True, by_hand=True)
    mine, theirs = equity_distribution(result)
    assert list(mine.equities) == sorted(mine.equities)
    assert sum(mine.weights) == pytest.approx(1) and sum(theirs.weights) == pytest.approx(1)
    assert sum(w * e for w, e in zip(mine.weights, mine.equities, strict=True)) == pytest.approx(
        result.players[0].equity, abs=1e-12
    )
    counted: dict[str, tuple[int, Fraction]] = {}
    cards = tuple(parse_cards(board))
    for hand in hands_of(ranges[0]):
        text = "".join(map(str, sorted(hand, key=lambda c: c.index, reverse=True)))
        counted[text] = naive_hand_equity(game, hand, [hands_of(ranges[1])], cards)
    total = sum(deals for deals, _ in counted.values())
    assert set(mine.combos) == set(counted)
    for combo, weight, equity in zip(mine.combos, mine.weights, mine.equities, strict=True):
        assert weight == pytest.approx(counted[combo][0] / total, abs=1e-12)
        assert equity == pytest.approx(float(counted[combo][1]), abs=1e-12)


def test_hands_dealt_at_random_are_followed_when_asked() -> None:
    ranges = ["AsAhKsKh", "AdKd??"]
    exact = calculate(ranges, board="Qh 9d 2c 5s", game="omaha", exact=True, by_hand=True)
    sampled = calculate(ranges, board="Qh 9d 2c 5s", game="omaha", trials=30_000, rng=5)
    not_followed = equity_distribution(sampled)[1]
    assert not not_followed.combos and not_followed.to_dict()["combos"] == []
    with pytest.raises(CroupierError, match="not followed one by one"):
        not_followed.equity_at(0.5)
    assert not equity_distribution(calculate(ranges, board="Qh 9d 2c 5s", game="omaha"))[0].combos
    followed = calculate(
        ranges, board="Qh 9d 2c 5s", game="omaha", trials=30_000, rng=5, by_hand=True
    )
    by_exact, by_trials = equity_distribution(exact)[1], equity_distribution(followed)[1]
    assert len(by_exact.combos) == 861 == exact.players[1].combos  # C(42, 2)
    assert set(by_trials.combos) <= set(by_exact.combos) and len(by_trials.combos) > 800
    mean = sum(w * e for w, e in zip(by_trials.weights, by_trials.equities, strict=True))
    assert mean == pytest.approx(followed.players[1].equity, abs=1e-9)
    assert abs(followed.players[1].equity - exact.players[1].equity) < 0.02


def test_short_deck_random_is_followed_combo_by_combo() -> None:
    result = calculate(["AA", "random"], board="Kh 9d 6c", game="shortdeck", by_hand=True)
    spread = equity_distribution(result)[1]
    assert len(spread.combos) == result.players[1].combos
    assert all(len(combo) == 4 for combo in spread.combos)
    sampled = calculate(
        ["AA", "random"], board="Kh 9d 6c", game="shortdeck", trials=20_000, rng=2, by_hand=True
    )
    assert 400 < len(equity_distribution(sampled)[1].combos) <= len(spread.combos)


# --- by Monte Carlo ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "ranges", "board"),
    [
        ("omaha", ["AsAhKsKh, QdQcJdTc, 8c8d7s6s", "KdKcJhTh, 9s9h8h7h"], "Jc 9d 2h"),
        ("holdem", ["AKs, QQ", "JJ+, AQo", "76s"], "Qh 7h 2c 5d"),
        ("shortdeck", ["AA, KQs", "JT, 99"], "Kh 9d 6c"),
    ],
)
def test_monte_carlo_tables_agree_with_the_exact_ones(
    game: str, ranges: list[str], board: str
) -> None:
    exact = next_card(ranges, board=board, game=game)
    sampled = next_card(ranges, board=board, game=game, exact=False, trials=4000, rng=9)
    assert not sampled.exact and sampled.seed == 9 and sampled.stderr is not None
    assert [row.card for row in sampled.cards] == [row.card for row in exact.cards]
    for mc, ex in zip(sampled.cards, exact.cards, strict=True):
        assert mc.chance == pytest.approx(ex.chance, abs=1e-12)  # summed exactly
        for got, want in zip(mc.equity, ex.equity, strict=True):
            assert abs(got - want) < 5 * sampled.stderr + 1e-9
    assert sampled == next_card(ranges, board=board, game=game, exact=False, trials=4000, rng=9)
    assert sampled.to_dict()["exact"] is False and exact.to_dict()["seed"] is None


def test_sampled_chances_are_close_to_the_exact_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    from croupier.poker.calc import nextsampling

    ranges = ["AsAhKsKh, QdQcJdTc, 8c8d7s6s, AdKd9s8s", "KdKcJhTh, 9s9h8h7h, Ac2c3d4d"]
    exact = next_card(ranges, board="Jc 9d 2h", game="omaha")
    monkeypatch.setattr(nextsampling, "MAX_EXACT_ASSIGNMENTS", 0)
    sampled = next_card(ranges, board="Jc 9d 2h", game="omaha", exact=False, trials=1000, rng=2)
    for mc, ex in zip(sampled.cards, exact.cards, strict=True):
        assert mc.card == ex.card and mc.chance == pytest.approx(ex.chance, rel=0.02)


def test_the_choice_left_to_the_library_goes_to_monte_carlo_when_wide() -> None:
    small = next_card(["AsAhKsKh", "QdQcJdTc"], board="2c 7d 9h", game="omaha", exact=None)
    assert small.exact
    wide = next_card(["AsAh??", "random"], board="2c 7d 9h", game="omaha", exact=None, rng=1,
                     precision=0.01)  # fmt: skip
    assert not wide.exact and wide.stderr is not None and wide.stderr <= 0.01
    assert len(wide.cards) == 47


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"trials": 100}, "exact unless asked otherwise"),
        ({"exact": False, "trials": 0}, "bad number of trials 0"),
        ({"exact": None, "precision": 1.5}, "bad precision 1.5"),
    ],
)
def test_bad_sampling_options_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(CroupierError, match=message):
        next_card(["AsAhKsKh", "QdQcJdTc"], board="2c 7d 9h", game="omaha", **options)
