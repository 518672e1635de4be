"""Range equity: against a brute-force path, croupier's older exact path and eval7."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest

from croupier.cards import DECK, Card, CardError, parse_cards
from croupier.poker import exact_equity, parse_equity_hands, rank_hand
from croupier.poker.calc import CalcResult, calculate, exact_seconds, iter_calculate
from croupier.poker.errors import PokerError
from croupier.poker.ranges.holdem import Range

from ...untyped import untyped

eval7 = pytest.importorskip("eval7")
# eval7's range parser calls pyparsing's old names
pytestmark = pytest.mark.filterwarnings("ignore:'parseString' deprecated")


def brute_force(ranges: list[str], board: str, dead: str = "") -> list[tuple[float, float, float]]:
    """(equity, win, tie) of each player, one deal at a time with the single-hand
    evaluator: every assignment of combos, every completion of the board."""
    parsed = [Range.parse(r) for r in ranges]
    board_cards = parse_cards(board)
    fixed = set(board_cards) | set(parse_cards(dead))
    players = len(ranges)
    totals = np.zeros((3, players))
    weight_sum = 0.0
    for assignment in itertools.product(*(r.combos for r in parsed)):
        cards = [c for combo in assignment for c in combo]
        if len(set(cards)) < len(cards) or fixed & set(cards):
            continue
        weight = math.prod(r.weight(combo) for r, combo in zip(parsed, assignment, strict=True))
        rest = [c for c in DECK if c not in fixed and c not in cards]
        outcome = np.zeros((3, players))
        completions = list(itertools.combinations(rest, 5 - len(board_cards)))
        for completion in completions:
            classes = [rank_hand((*combo, *board_cards, *completion)) for combo in assignment]
            best = min(classes)
            winners = [p for p in range(players) if classes[p] == best]
            for p in winners:
                outcome[0, p] += 1 / len(winners)
                outcome[1 if len(winners) == 1 else 2, p] += 1
        totals += weight * outcome / len(completions)
        weight_sum += weight
    shares = totals / weight_sum
    return [(float(shares[0, p]), float(shares[1, p]), float(shares[2, p])) for p in range(players)]


def figures(result: CalcResult) -> list[float]:
    return [x for p in result.players for x in (p.equity, p.win, p.tie)]


SMALL = [
    (["AA, KK", "QQ, AKs"], "2c 7d 9h Js", ""),
    (["AhKh", "QQ+, AKs@50"], "2h 7h 9c", "3h 3d"),
    (["AsKs, 7c7d", "T9s:0.3, 22", "QhJh"], "2c 7h 9h Js 3d", ""),
    (["JJ", "AKo", "55, 66"], "2c 7h 9h Js", "As"),
    (["AhKh", "AcKc", "AdKd"], "2h 3h 4h Ts Qs", ""),  # split pots three ways
]


@pytest.mark.parametrize(("ranges", "board", "dead"), SMALL)
def test_exact_matches_a_brute_force_on_small_cases(
    ranges: list[str], board: str, dead: str
) -> None:
    result = calculate(ranges, board=board, dead=dead, exact=True)
    assert result.exact and not result.partial
    expected = [x for player in brute_force(ranges, board, dead) for x in player]
    assert figures(result) == pytest.approx(expected, abs=1e-12)
    assert sum(p.equity for p in result.players) == pytest.approx(1.0, abs=1e-12)


def test_preflop_exact_matches_the_older_exact_path() -> None:
    rng = random.Random(9)
    for _ in range(2):
        cards = rng.sample(DECK, 6)
        hands = [f"{cards[i]}{cards[i + 1]}" for i in (0, 2, 4)]
        text = "\n".join(f"{cards[i]} {cards[i + 1]} ?0 ?1 ?2 ?3 ?4" for i in (0, 2, 4))
        old = exact_equity(parse_equity_hands(text))
        new = calculate(hands, exact=True)
        assert [p.equity for p in new.players] == pytest.approx(old.equity, abs=1e-12)
        assert new.games == old.trials
        assert [p.win for p in new.players] == pytest.approx(old.win_rates, abs=1e-12)


def test_the_published_three_way_example() -> None:
    result = calculate(["A2o", "88", "QJs"], exact=True)
    assert result.games == 394_777_152  # CandyPoker's count for this spot
    assert sum(p.equity for p in result.players) == pytest.approx(1.0, abs=1e-12)
    # eval7 has no multiway calculator: its evaluator, on a sample of the same deals
    assert [round(p.equity, 3) for p in result.players] == [0.245, 0.369, 0.386]


def e7cards(text: str) -> list[object]:
    if " " not in text:
        text = " ".join(text[i : i + 2] for i in range(0, len(text), 2))
    return [eval7.Card(str(c)) for c in parse_cards(text)]


VILLAINS = ["QQ+, AKs, AKo", "22+", "A2s+, KTs+, QJs", "TT-77, AJo+", "random"]


def e7range(text: str) -> object:
    if text == "random":
        text = "22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32"
    return eval7.HandRange(text)


def test_hand_vs_range_on_the_river_matches_eval7_exactly() -> None:
    rng = random.Random(4)
    for _ in range(12):
        cards = rng.sample(DECK, 7)
        hero = f"{cards[0]}{cards[1]}"
        board = " ".join(str(c) for c in cards[2:])
        villain = rng.choice(VILLAINS)
        try:
            ours = calculate([hero, villain], board=board, exact=True).players[0].equity
        except PokerError:
            continue  # the board took every combo of the range
        theirs = eval7.py_hand_vs_range_exact(e7cards(hero), e7range(villain), e7cards(board))
        assert ours == pytest.approx(theirs, abs=1e-6)  # eval7 answers in float32


def test_range_vs_range_on_the_river_matches_eval7() -> None:
    """eval7 has no range-vs-range call: each combo of the first range against the
    second, weighted by how many of the second's combos it leaves, is the same thing."""
    rng = random.Random(8)
    for _ in range(4):
        board_cards = rng.sample(DECK, 5)
        board = " ".join(str(c) for c in board_cards)
        first, second = rng.sample(VILLAINS[:4], 2)
        ours = calculate([first, second], board=board, exact=True).players[0].equity
        opponents = Range.parse(second).without([c.index for c in board_cards])
        total = weighted = 0.0
        for hand in Range.parse(first).without([c.index for c in board_cards]).combos:
            left = sum(1 for combo in opponents.combos if not set(combo) & set(hand))
            if not left:
                continue
            cards = [eval7.Card(str(c)) for c in hand]
            equity = eval7.py_hand_vs_range_exact(cards, e7range(second), e7cards(board))
            total += left
            weighted += left * equity
        assert ours == pytest.approx(weighted / total, abs=1e-6)


def test_weights_are_honoured_where_eval7_ignores_them() -> None:
    board = "2c 7d 9h Js 3s"
    weighted = calculate(["AhKh", "AKs:0.5, QQ, 0.2(JJ, 99)"], board=board, exact=True)
    plain = calculate(["AhKh", "AKs, QQ, JJ, 99"], board=board, exact=True)
    theirs = eval7.py_hand_vs_range_exact(
        e7cards("AhKh"), eval7.HandRange("0.5(AKs), QQ, 0.2(JJ, 99)"), e7cards(board)
    )
    # eval7 reads the weights but counts every combo once: it equals the plain range
    assert plain.players[0].equity == pytest.approx(theirs, abs=1e-6)
    # AhKh only ties the three AKs left (weight 0.5 each) and loses to the rest:
    # 6 QQ at weight 1, 3 JJ and 3 99 at 0.2
    assert weighted.players[0].equity == pytest.approx(1.5 * 0.5 / (1.5 + 6 + 0.6 + 0.6))


@pytest.mark.parametrize("villain", ["QQ+, AKs, AKo", "A2s+, KTs+, QJs", "random"])
def test_preflop_hand_vs_range_agrees_with_eval7_monte_carlo(villain: str) -> None:
    ours = calculate(["AhKh", villain], trials=300_000, rng=5).players[0]
    theirs = eval7.py_hand_vs_range_monte_carlo(e7cards("AhKh"), e7range(villain), [], 300_000)
    assert ours.stderr is not None
    assert abs(ours.equity - theirs) < 4 * math.sqrt(2) * ours.stderr


@pytest.mark.parametrize(
    ("ranges", "board"),
    [
        (["AhKh", "QQ+, AKs, AKo"], "2c 7d 9h"),
        (["TT+, AQs+", "QQ+, AKo"], "2c 7d 9h Js"),
        (["AA", "KK", "QJs, 76s"], "Qh Jd 2s"),
        (["KhQh", "JJ+"], ""),
    ],
)
def test_monte_carlo_agrees_with_exact_within_its_error(ranges: list[str], board: str) -> None:
    exact = calculate(ranges, board=board, exact=True)
    sampled = calculate(ranges, board=board, trials=150_000, rng=11)
    assert sampled.games == 150_000 and not sampled.exact
    for e, s in zip(exact.players, sampled.players, strict=True):
        assert s.stderr is not None and 0 < s.stderr < 0.003
        assert abs(e.equity - s.equity) < 4.5 * s.stderr
        assert abs(e.win - s.win) < 0.01 and abs(e.tie - s.tie) < 0.01


def test_precision_is_reached() -> None:
    result = calculate(["random", "random", "random"], precision=0.002, rng=1)
    assert not result.exact
    assert all(p.stderr is not None and p.stderr <= 0.002 for p in result.players)
    assert sum(p.equity for p in result.players) == pytest.approx(1.0, abs=1e-12)


def test_a_weighted_range_is_the_mix_of_its_parts() -> None:
    versus = "2c2d"  # no card in common with either part
    whole = calculate(["AKs:0.5, QQ", versus], exact=True).players[0].equity
    aks = calculate(["AKs", versus], exact=True).players[0].equity
    qq = calculate(["QQ", versus], exact=True).players[0].equity
    assert whole == pytest.approx((0.5 * 4 * aks + 6 * qq) / (0.5 * 4 + 6), abs=1e-12)
    sampled = calculate(["AKs:0.5, QQ", versus], trials=200_000, rng=3).players[0]
    assert sampled.stderr is not None
    assert abs(sampled.equity - whole) < 4.5 * sampled.stderr


@pytest.mark.parametrize("players", [2, 3, 6, 10])
def test_multiway_equities_sum_to_one(players: int) -> None:
    hands = [f"{DECK[51 - 4 * i]}{DECK[50 - 4 * i]}" for i in range(players - 1)]
    result = calculate([*hands, "random"], trials=20_000, rng=players)
    assert len(result.players) == players
    assert sum(p.equity for p in result.players) == pytest.approx(1.0, abs=1e-9)
    assert all(0 <= p.win <= p.equity <= p.win + p.tie for p in result.players)


def test_card_removal_is_exact() -> None:
    result = calculate(["AA", "AsAh, KK"], board="Ad 2c 3c", exact=True)
    # AA keeps AsAc, AhAc (no Ad), and loses AsAh when player 2 holds it
    assert [p.combos for p in result.players] == [3, 7]
    assert result.players[0].equity > 0.9


def test_the_default_is_exact_when_quick_and_monte_carlo_otherwise() -> None:
    assert calculate(["AhKh", "QQ"]).exact
    result = calculate(["random", "random"], rng=2)
    assert not result.exact
    assert all(p.stderr is not None and p.stderr <= 0.001 for p in result.players)


def test_the_same_seed_deals_the_same_trials() -> None:
    first = calculate(["AhKh", "TT+"], trials=5_000, rng=42)
    assert calculate(["AhKh", "TT+"], trials=5_000, rng=42) == first
    generator = np.random.default_rng(42)
    assert calculate(["AhKh", "TT+"], trials=5_000, rng=generator).games == 5_000
    with pytest.raises(TypeError, match="rng"):
        calculate(["AhKh", "TT+"], trials=5_000, rng=untyped("42"))


def test_to_dict_is_the_json_object() -> None:
    result = calculate(["AhKh", "QQ+@50"], board="2c 7d 9h", dead="3s", exact=True)
    data = result.to_dict()
    assert list(data) == ["exact", "partial", "games", "seed", "players", "board", "dead"]
    assert data["seed"] is None  # exact: no seed
    assert data["board"] == ["2c", "7d", "9h"] and data["dead"] == ["3s"]
    assert list(data["players"][0]) == ["range", "combos", "equity", "win", "tie", "stderr"]
    assert data["players"][1]["range"] == "QQ+@50" and data["players"][1]["stderr"] is None


def test_a_monte_carlo_result_records_the_seed_that_repeats_it() -> None:
    """``poker calc --json`` had no seed: a run could not be repeated from its JSON."""
    result = calculate(["AhKh", "TT+"], trials=2_000, rng=42)
    assert result.seed == 42 and result.to_dict()["seed"] == 42
    assert calculate(["AhKh", "TT+"], trials=2_000, rng=result.seed) == result
    generator = np.random.default_rng(42)
    assert calculate(["AhKh", "TT+"], trials=2_000, rng=generator).seed is None
    results = list(iter_calculate(["random", "random"], trials=600_000, rng=3))
    assert all(result.seed == 3 for result in results)


def test_iterating_gives_partial_results_then_the_whole() -> None:
    results = list(iter_calculate(["random", "random"], trials=600_000, rng=1))
    assert results[-1].games == 600_000 and not results[-1].partial
    assert all(r.partial for r in results[:-1])


def test_each_class_of_a_range_has_its_equity() -> None:
    result = calculate(["AA, 72o", "KK"], exact=True)
    grid = result.players[0].grid
    assert grid[0, 0] == pytest.approx(0.82, abs=0.01)  # AA vs KK
    assert grid[12, 7] < 0.35  # 72o, below the diagonal: row of the 2, column of the 7
    assert np.isnan(grid[1, 1])


BAD = [
    (["AhKh"], {}, "1 player"),
    (["AhKh"] * 11, {}, "11 players"),
    (["AhKh", "QQ"], {"board": "2c 3c"}, "a board of 2 cards"),
    (["AhKh", "QQ"], {"board": "2c 3c 4c", "dead": "4c"}, "both on the board and dead"),
    (["AhKh", "QQ"], {"board": "2c 3c 2c"}, "card '2c' at position 3 repeats position 1"),
    (["AhKh", "AA"], {"board": "As Ad Ac"}, "player 2's range 'AA' has no combo"),
    (["AhKh", "QQ"], {"exact": True, "trials": 10}, "give no trials"),
    (["AhKh", "QQ"], {"trials": 0}, "bad number of trials"),
    (["AhKh", "QQ"], {"precision": 0}, "bad precision"),
    (["AhKh", "AhKh"], {"trials": 10}, "same card"),
    (["AhKh", "QQ"], {"board": "2c 3c Zz"}, "bad card 'Zz'"),
]


@pytest.mark.parametrize(("ranges", "options", "message"), BAD)
def test_bad_questions_are_refused_in_one_line(
    ranges: list[str], options: dict[str, object], message: str
) -> None:
    with pytest.raises((PokerError, CardError), match=message) as info:
        calculate(ranges, **untyped(options))
    assert "\n" not in str(info.value)


def test_exact_refuses_what_would_take_too_long() -> None:
    with pytest.raises(PokerError, match="exact enumeration would take over 600 seconds"):
        calculate(["random", "random", "random"], exact=True)


def test_cards_may_be_given_as_card_objects() -> None:
    board: tuple[Card, ...] = parse_cards("2c 7d 9h Js 3s")
    assert calculate(["AhKh", "QQ"], board=board).exact


def test_flush_classes_from_card_masks_match_the_evaluator() -> None:
    from croupier.poker.calc.montecarlo import flush_classes
    from croupier.poker.evaluation.tables import CARD_KEYS

    rng = np.random.default_rng(3)
    hands = np.array([rng.choice(52, 7, replace=False) for _ in range(20_000)])
    totals = CARD_KEYS[hands].sum(axis=1)
    flush = ((totals + 0x3333) & 0x8888) != 0
    hands, totals = hands[flush], totals[flush]
    masks = (np.int64(1) << hands).sum(axis=1)
    expected = [rank_hand([DECK[c] for c in hand]) for hand in hands.tolist()]
    assert len(expected) > 100
    assert flush_classes(totals, masks).tolist() == expected


def test_monte_carlo_gives_each_class_its_equity() -> None:
    exact = calculate(["AhKh", "QQ+, AKo, 72o"], exact=True)
    sampled = calculate(["AhKh", "QQ+, AKo, 72o"], trials=200_000, rng=5)
    for player in (0, 1):
        want, got = exact.players[player].grid, sampled.players[player].grid
        assert np.array_equal(np.isnan(want), np.isnan(got))
        assert np.allclose(want[~np.isnan(want)], got[~np.isnan(got)], atol=0.01)


@pytest.mark.parametrize("precision", [1e-300, 5e-10, math.nan, math.inf, 1.0])
def test_a_precision_out_of_range_is_refused_by_both_entry_points(precision: float) -> None:
    """1e-300 squared is 0: a ZeroDivisionError where the trials were estimated."""
    expected = r"^bad precision .*: expected a fraction from 1e-09 to below 1$"
    with pytest.raises(PokerError, match=expected):
        calculate(["AsAh", "KsKh"], precision=precision, rng=1)
    with pytest.raises(PokerError, match=r"^bad precision"):
        next(iter_calculate(["AsAh", "KsKh"], precision=precision, rng=1))


def test_iter_calculate_refuses_an_unknown_keyword_as_calculate_does() -> None:
    """``trails=100`` was ignored: an exact run instead of 100 trials."""
    for run in (calculate, iter_calculate):  # Python 3.13 adds "Did you mean 'trials'?"
        with pytest.raises(TypeError, match=r"\(\) got an unexpected keyword argument 'trails'"):
            run(["AhKh", "QQ"], **untyped({"trails": 100, "rng": 1}))
    with pytest.raises(TypeError, match=r"^trials must be an int or None, not str$"):
        iter_calculate(["AhKh", "QQ"], **untyped({"trials": "100"}))


@pytest.mark.parametrize("limit", [math.nan, math.inf, 0.0, -5])
def test_exact_seconds_refuses_a_limit_that_is_no_number_of_seconds(limit: float) -> None:
    expected = r"^bad limit .*: expected a finite number of seconds above 0$"
    with pytest.raises(PokerError, match=expected):
        exact_seconds(["AhKh", "QQ"], limit=limit)
    assert exact_seconds(["AhKh", "QQ"], limit=1e9) is not None
