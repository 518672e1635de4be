"""Equity in Omaha, five-card Omaha and short-deck: exact answers against brute force
over evaluate_game (every deal, one by one), Monte Carlo against exact, partly unknown
hands, dead cards, several players, the deck's limits, and the result's shape."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np
import pytest

from croupier.cards import DECK, Card, parse_cards
from croupier.poker import PokerCardError, PokerError, Range, calculate, exact_seconds
from croupier.poker.calc.question import EquityQuestion
from croupier.poker.calc.results import CalcResult
from croupier.poker.evaluation.hand import evaluate_game
from croupier.poker.games import Game, variant_of
from croupier.poker.ranges.holdings import HoleRange

from ...untyped import untyped


def brute_force(
    game: str, hands: Sequence[Sequence[Sequence[Card]]], board: str, dead: str = ""
) -> list[float]:
    """Each player's equity over every deal: each player's possible hands (equally
    likely, the deals where two meet left out) and every board completion."""
    variant = variant_of(game)
    known = parse_cards(board) if board else ()
    out = set(known) | set(parse_cards(dead) if dead else ())
    deck = [c for c in variant.deck if c not in out]
    equity = [0.0] * len(hands)
    deals = 0
    for assignment in itertools.product(*hands):
        held = [c for hand in assignment for c in hand]
        if len(set(held)) < len(held) or out & set(held):
            continue
        rest = [c for c in deck if c not in held]
        for extra in itertools.combinations(rest, 5 - len(known)):
            classes = [
                evaluate_game(game, hand, (*known, *extra)).class_number for hand in assignment
            ]
            best = min(classes)
            winners = classes.count(best)
            for p, value in enumerate(classes):
                if value == best:
                    equity[p] += 1 / winners
            deals += 1
    return [e / deals for e in equity]


def completions(
    text: str, game: str, board: str, dead: str = "", others: str = ""
) -> list[tuple[Card, ...]]:
    """Every hand a partly unknown Omaha hand may be, the board, dead and other known cards out."""
    variant = variant_of(game)
    known = list(cards_of(text.replace("?", ""))) if text.strip("? ") else []
    unknown = text.count("?")
    out = set(parse_cards(board)) | set(known) | set(cards_of(dead + others))
    free = [c for c in variant.deck if c not in out]
    return [(*known, *extra) for extra in itertools.combinations(free, unknown)]


def cards_of(text: str) -> tuple[Card, ...]:
    """Cards written together (``AsAhKsKh``) or apart."""
    squeezed = text.replace(" ", "")
    return parse_cards(" ".join(squeezed[i : i + 2] for i in range(0, len(squeezed), 2)))


def equities(result: CalcResult) -> list[float]:
    return [p.equity for p in result.players]


@pytest.mark.parametrize(
    ("game", "hands", "board"),
    [
        ("omaha", ["AsAhKsKh", "QdQcJdTc"], "2c 7d 9h Th"),
        ("omaha", ["AsAh2c3c", "KdKc9s8s", "7h6h5d4d"], "Ts 9d 2h 3s"),
        ("omaha5", ["AsAhKsKhQh", "QdQcJdTc9c"], "2c 7d 9h Th"),
        ("shortdeck", ["AhKh", "QsQd"], "6c 7d 9h"),
        ("shortdeck-straights", ["AhKh", "QsQd", "Tc 8c"], "6c 7d Jh"),
    ],
)
def test_exact_against_brute_force(game: str, hands: list[str], board: str) -> None:
    result = calculate(hands, board=board, game=game, exact=True)
    assert result.exact and result.game == game
    expected = brute_force(game, [[cards_of(h)] for h in hands], board)
    assert equities(result) == pytest.approx(expected, abs=1e-12)
    left = (
        len(variant_of(game).deck) - len(parse_cards(board)) - sum(len(cards_of(h)) for h in hands)
    )
    assert result.games == math.comb(left, 5 - len(parse_cards(board)))


@pytest.mark.parametrize(("first", "second"), [("AsAh??", "KdKcQdJd"), ("AsAhKs?", "Kd Kc Qd ?")])
def test_partly_unknown_omaha_hands_on_the_river(first: str, second: str) -> None:
    board = "2c 7d 9h Th Js"
    result = calculate([first, second], board=board, game="omaha", exact=True)
    mine = completions(first, "omaha", board, others=second.replace("?", ""))
    theirs = completions(second, "omaha", board, others=first.replace("?", ""))
    assert equities(result) == pytest.approx(brute_force("omaha", [mine, theirs], board), abs=1e-12)
    assert [p.combos for p in result.players] == [len(mine), len(theirs)]


def test_dead_cards_are_out_of_every_deal() -> None:
    board, dead = "2c 7d 9h Th", "Qs Js 8c"
    result = calculate(["AsAhKsKh", "QdQcJdTc"], board=board, dead=dead, game="omaha", exact=True)
    expected = brute_force("omaha", [[cards_of("AsAhKsKh")], [cards_of("QdQcJdTc")]], board, dead)
    assert equities(result) == pytest.approx(expected, abs=1e-12)


def test_short_deck_ranges_and_partial_hands() -> None:
    board = "6c 7d 9h Js"
    result = calculate(["AK", "Ah?"], board=board, game="shortdeck", exact=True)
    deck = [c for c in variant_of("shortdeck").deck if c not in parse_cards(board)]
    aces_kings = [(a, k) for a in deck for k in deck if a.rank == 14 and k.rank == 13]
    with_ace = [(parse_cards("Ah")[0], c) for c in deck if c != parse_cards("Ah")[0]]
    expected = brute_force("shortdeck", [aces_kings, with_ace], board)
    assert equities(result) == pytest.approx(expected, abs=1e-12)
    assert [p.combos for p in result.players] == [16, 32 - 1]  # live combos, 36-card deck
    # the grid is filled in two-card games: AKo and AKs, and every Ax class of the deck
    assert not np.isnan(result.players[0].grid).all()


def test_monte_carlo_agrees_with_exact() -> None:
    for game, hands, board in [
        ("omaha", ["AsAhKsKh", "QdQcJdTc"], "2c 7d 9h"),
        ("omaha", ["AsAh??", "Kd Qd ? ?"], "2c 7d 9h Ts"),
        ("shortdeck", ["AK, QQ+", "random"], "6c 7d 9h"),
    ]:
        exact = calculate(hands, board=board, game=game, exact=True)
        sampled = calculate(hands, board=board, game=game, trials=40_000, rng=3)
        assert not sampled.exact and sampled.games == 40_000
        for e, s in zip(exact.players, sampled.players, strict=True):
            assert s.stderr is not None and abs(e.equity - s.equity) < 5 * s.stderr + 1e-9


def test_default_is_exact_when_quick_and_monte_carlo_otherwise() -> None:
    quick = calculate(["AsAhKsKh", "QdQcJdTc"], board="2c 7d 9h", game="omaha")
    assert quick.exact and quick.games == 820
    slow = calculate(["AsAhKsKh", "random", "random"], game="omaha", precision=0.01, rng=1)
    assert not slow.exact and slow.players[0].stderr is not None and slow.players[0].stderr <= 0.01
    assert exact_seconds(["AsAhKsKh", "random"], game="omaha", limit=5) is None
    assert exact_seconds(["AsAhKsKh", "QdQcJdTc"], board="2c 7d 9h", game="omaha") is not None
    with pytest.raises(PokerError, match="exact enumeration would take over 600 seconds"):
        calculate(["random"] * 3, game="omaha5", exact=True)


def test_a_seed_gives_the_same_answer_whatever_the_threads() -> None:
    one = calculate(["AsAhKsKh", "random"], game="omaha", trials=50_000, rng=9, threads=1)
    two = calculate(["AsAhKsKh", "random"], game="omaha", trials=50_000, rng=9, threads=2)
    assert equities(one) == equities(two)
    exact_one = calculate(
        ["KK", "random"], board="6c 7d 8d", dead="Ah", game="shortdeck", threads=1
    )
    exact_two = calculate(
        ["KK", "random"], board="6c 7d 8d", dead="Ah", game="shortdeck", threads=2
    )
    assert exact_one.exact and equities(exact_one) == equities(exact_two)


def test_ten_players_fit_the_decks_they_fit() -> None:
    result = calculate(["random"] * 10, game="shortdeck", trials=5_000, rng=1)
    assert len(result.players) == 10
    assert sum(equities(result)) == pytest.approx(1.0)
    omaha = calculate(["random"] * 10, game="omaha", trials=3_000, rng=1)
    assert sum(equities(omaha)) == pytest.approx(1.0)
    with pytest.raises(PokerError, match=r"10 players need 55 cards .* \(at most 9 players\)"):
        EquityQuestion.parse(["random"] * 10, game="omaha5")
    with pytest.raises(PokerError, match="at most 8 players"):
        EquityQuestion.parse(["random"] * 9, dead="2c 3c 4c", game="omaha5")


def test_questions_are_checked_per_game() -> None:
    with pytest.raises(PokerCardError, match="board: card 2c is not in the short-deck"):
        EquityQuestion.parse(["AA", "KK"], board="2c 7d 9h", game="shortdeck")
    with pytest.raises(
        PokerError, match="no combo left once the board, the dead cards and the cards"
    ):
        EquityQuestion.parse(["5s?", "KK"], game="shortdeck")
    with pytest.raises(PokerCardError, match="player 1: card 5s is not in the short-deck"):
        EquityQuestion.parse(["5s Ks", "KK"], game="shortdeck")
    with pytest.raises(
        PokerError, match=r"player 2: bad range text at 'AsKsQsJsTs' \(character 1\): 5 cards"
    ):
        EquityQuestion.parse(["random", "AsKsQsJsTs"], game="omaha")
    with pytest.raises(PokerCardError, match="card As is in player 1 and in player 2"):
        EquityQuestion.parse(["AsKs??", "As???"], game="omaha")
    with pytest.raises(PokerCardError, match="card Ah is in player 1 and in the board"):
        EquityQuestion.parse(["Ah???", "random"], board="Ah 2c 3c", game="omaha")
    top = EquityQuestion.parse(["15%", "random"], game="shortdeck").ranges[0]
    assert top == Range.parse("15%", game="shortdeck") != Range.parse("15%")
    weighted = EquityQuestion.parse(["50%(AKs, AQs)", "random"], game="shortdeck")
    assert weighted.ranges[0] == Range.parse("AKs@50, AQs@50")
    with pytest.raises(TypeError, match=r"ranges\[0\] must be a HoleRange"):
        EquityQuestion((untyped(Range.parse("AA")), HoleRange.parse("random", 4)), game=Game.OMAHA)
    with pytest.raises(PokerError, match="player 1 holds 4 hole cards: five-card Omaha deals 5"):
        EquityQuestion(
            (HoleRange.parse("random", 4), HoleRange.parse("random", 5)), game=Game.OMAHA5
        )
    with pytest.raises(PokerError, match="bad hole card count 9: expected 2 to 5"):
        HoleRange.parse("random", 9)
    with pytest.raises(TypeError, match="size"):
        HoleRange.parse("random", untyped(None))
    with pytest.raises(PokerError, match="unknown game 'razz'"):
        EquityQuestion.parse(["AA", "KK"], game="razz")
    with pytest.raises(TypeError, match="game must be None with an EquityQuestion"):
        calculate(EquityQuestion.parse(["AA", "KK"]), game="omaha")


def test_lists_of_omaha_hands() -> None:
    board = "2c 7d 9h Th Js"
    result = calculate(["AsAhKsKh, AdAcKdKc", "QdQcJdTc"], board=board, game="omaha", exact=True)
    hands = [[cards_of("AsAhKsKh"), cards_of("AdAcKdKc")], [cards_of("QdQcJdTc")]]
    assert equities(result) == pytest.approx(brute_force("omaha", hands, board), abs=1e-12)
    assert [p.combos for p in result.players] == [2, 1]


def test_json_names_the_game_beyond_holdem() -> None:
    data = calculate(["AsAhKsKh", "QdQcJdTc"], board="2c 7d 9h", game="omaha").to_dict()
    keys = ["exact", "partial", "games", "seed", "players", "board", "dead", "game"]
    assert list(data) == keys
    assert data["game"] == "omaha" and data["players"][1]["combos"] == 1
    assert data["seed"] is None  # exact
    assert "game" not in calculate(["AA", "KK"], board="2c 7d 9h").to_dict()


def test_monte_carlo_records_its_seed_in_every_game() -> None:
    first = calculate(["AsAhKsKh", "random"], game="omaha", trials=20_000, rng=11)
    again = calculate(["AsAhKsKh", "random"], game="omaha", trials=20_000, rng=first.seed)
    assert first.seed == 11 and equities(again) == equities(first)
    generator = np.random.default_rng(3)
    assert calculate(["AA", "KK"], game="shortdeck", trials=10_000, rng=generator).seed is None


def test_workers_are_threads_in_other_games() -> None:
    hands, trials = ["AsAhKsKh", "random"], 3 * 16_384
    one = calculate(hands, game="omaha", trials=trials, rng=5)
    two = calculate(hands, game="omaha", trials=trials, rng=5, workers=2)
    assert equities(two) == equities(one)
    with pytest.raises(PokerError, match="scheduler shares hold'em's work alone"):
        calculate(hands, game="omaha", trials=trials, rng=5, scheduler="local")


def test_holdem_partial_hands() -> None:
    partial = calculate(["Ah?", "KK"], board="2c 7d 9h Js", exact=True)
    listed = Range.of_combos([i for i, c in enumerate(DECK) if c != parse_cards("Ah")[0]])
    assert partial.players[0].range == "Ah?" and partial.players[0].combos == 51 - 4
    explicit = calculate(
        [" ".join(f"Ah{c}" for c in DECK if str(c) != "Ah"), "KK"], board="2c 7d 9h Js", exact=True
    )
    assert equities(partial) == pytest.approx(equities(explicit), abs=1e-12)
    assert len(listed) == 51
