"""What the strategies choose: obvious captures, the greedy order, the expert's look-ahead."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from croupier.cards import DECK
from croupier.casino import Move, Player, State, new_tournament
from croupier.casino.errors import CasinoError
from croupier.casino.strategies import (
    DEFAULT_STRATEGY,
    STRATEGIES,
    Decision,
    ExpertStrategy,
    GreedyStrategy,
    RandomStrategy,
    observation_rng,
    strategy_named,
)
from croupier.casino.strategies.base import Deadline
from croupier.casino.strategies.expert import TOURNAMENT_BONUS, ExpertSettings
from croupier.casino.strategies.values import CARD_POINTS, gain, move_kind

from ...untyped import untyped
from ..helpers import COMPUTER, HUMAN, cards, position


def deck_without(*texts: str, size: int = 8) -> str:
    """``size`` cards still to deal (not the last deal), none of them named in ``texts``."""
    used = {card for text in texts for card in cards(text.replace("[", " ").replace("]", " "))}
    return " ".join([card.casino for card in DECK if card not in used][:size])


def table(
    human: str, computer: str, loose: str, owners: Sequence[Player] = (), **options: Any
) -> State:
    """A position with eight more cards to deal unless ``deck`` is given; the computer moves."""
    options.setdefault("deck", deck_without(human, computer, loose))
    options.setdefault("to_move", COMPUTER)
    return position(human, computer, loose, owners, **options)


def decide(name: str, state: State, player: Player = COMPUTER) -> Decision:
    return strategy_named(name).decide(state.observe(player))


def test_names() -> None:
    assert set(STRATEGIES) == {"random", "greedy", "expert", "yardstick"}
    assert DEFAULT_STRATEGY == "expert"
    assert isinstance(strategy_named("DEFAULT"), ExpertStrategy)
    assert isinstance(strategy_named(" random "), RandomStrategy)
    with pytest.raises(CasinoError, match="bad strategy 'minimax': expected random, greedy"):
        strategy_named("minimax")


def test_card_points_come_from_the_scoring_table() -> None:
    worth = {card.casino: CARD_POINTS[card.index] for card in cards("DX S2 SA HA H2 S3 HX")}
    assert worth == {"DX": 2, "S2": 1, "SA": 1, "HA": 1, "H2": 0, "S3": 0, "HX": 0}
    assert gain(Move.parse("capture SA HK HA")) == (2, 3, 1)


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_a_strategy_refuses_to_move_out_of_turn(name: str) -> None:
    state = table("H5", "S9", "C4", to_move=HUMAN)
    with pytest.raises(CasinoError, match="it is the human's turn"):
        decide(name, state, COMPUTER)


@pytest.mark.parametrize("name", ["greedy", "expert"])
def test_an_obvious_winning_capture_is_taken(name: str) -> None:
    # The 10 of hearts takes the 10 of diamonds and two aces (A+9): 4 points.
    state = table(
        "S4 D7 HQ",
        "HX H3 C8 SK",
        "DX SA S9 H6 CJ",
    )
    decision = decide(name, state)
    assert str(decision.move) == "capture HX S9 DX SA"
    assert decision.reason == (
        "captures the 10 of diamonds, the ace of spades and the 9 of spades, worth 3 points; "
        "4 cards and 2 spades for its pile"
    )


def test_the_expert_takes_the_capture_that_wins_the_tournament() -> None:
    # Last deal, the computer at 19: taking the 10 of diamonds (2 points) wins.
    state = table(
        "C3 H4",
        "SX S8",
        "DX C7",
        deck="",
        scores=(15, 19),
        human_pile="HA DA CA SA S2 S3 S4 S5 S6 S7 S9 SJ SQ SK HK",
    )
    decision = decide("expert", state)
    assert str(decision.move) == "capture SX DX"
    analysis = ExpertStrategy().analyse(state.observe(COMPUTER))
    assert analysis.exact and analysis.samples == 1
    assert analysis.value_of(decision.move) > TOURNAMENT_BONUS / 2


def test_the_expert_captures_its_build_rather_than_let_it_go() -> None:
    # The computer owns a build of 9 and holds the 9: take it before the human does.
    state = table("H9 C2", "D9 S3", "[D5 C4] HK", [COMPUTER], last=HUMAN)
    decision = decide("expert", state)
    assert str(decision.move) == "capture D9 [C4 D5]"
    assert decision.reason == "captures its build of 9 as planned"


def test_greedy_takes_the_most_points_then_the_most_cards() -> None:
    # 8 takes 10♦? no: the 10 takes the 10♦ (2 points) rather than 4 cards with the 8.
    # The 10 takes the 10 of diamonds (2 points) rather than 8 = 5 + 3 and 4 + 4 (5 cards).
    state = table("C2", "SX S8 H2", "DX D5 C3 H4 S4")
    assert str(decide("greedy", state).move) == "capture SX DX"
    # Without points to take, the most cards: the 8 takes 5 + 3 and 4 + 4 (5 cards).
    state = table("C2", "S8 H2 HK", "D6 D5 C3 H4 S4")
    assert str(decide("greedy", state).move) == "capture S8 C3 H4 S4 D5"


def test_greedy_breaks_ties_at_random() -> None:
    state = table("C3", "H9 D9 S2", "HK")
    seen = state.observe(COMPUTER)
    chosen = {str(GreedyStrategy().decide(seen, rng=i).move) for i in range(40)}
    assert chosen == {str(m) for m in seen.legal_moves()}


def test_random_plays_every_legal_move_uniformly() -> None:
    state = table("C3", "H5 D9 S2 CK", "H4 C5 SA")
    seen = state.observe(COMPUTER)
    rng = np.random.default_rng(1)
    counts = Counter(str(RandomStrategy().decide(seen, rng).move) for _ in range(3000))
    legal = seen.legal_moves()
    assert set(counts) == {str(m) for m in legal}
    expected = 3000 / len(legal)
    assert all(abs(count - expected) < 5 * expected**0.5 for count in counts.values())


def test_decisions_repeat_for_the_same_view() -> None:
    state = table("C3 H9", "H5 D9 S2 CK", "H4 C5 SA")
    seen = state.observe(COMPUTER)
    assert observation_rng(seen).random() == observation_rng(seen).random()
    assert observation_rng(seen).random() != observation_rng(seen, "salt").random()
    for name in STRATEGIES:
        assert decide(name, state) == decide(name, state)


def test_a_decision_as_json() -> None:
    state = table("C3", "H5 D9 S2 CK", "H4 C5")
    decision = decide("expert", state)
    data = decision.to_dict()
    keys = {"action", "card", "loose", "builds", "value", "move", "description", "reason"}
    assert set(data) == keys | {"cut_short"} and data["cut_short"] is False
    assert data["move"] == str(decision.move) and data["reason"] == decision.reason


def test_moves_of_one_kind_are_worth_the_same() -> None:
    assert move_kind(Move.parse("capture DJ D5 S6")) == move_kind(Move.parse("capture HJ C5 S6"))
    assert move_kind(Move.parse("capture DJ D5 S6")) != move_kind(Move.parse("capture SJ D5 S6"))
    assert move_kind(Move.parse("capture HX H5 C5")) != move_kind(Move.parse("capture DX H5 C5"))
    assert move_kind(Move.parse("trail HA")) == move_kind(Move.parse("trail CA"))
    assert move_kind(Move.parse("trail HA")) != move_kind(Move.parse("trail SA"))
    # The expert searches one of each kind and gives the others the same value.
    state = table("C3", "HJ DJ H2", "C5 D5 H6")
    analysis = ExpertStrategy().analyse(state.observe(COMPUTER))
    values = dict(zip(map(str, analysis.moves), analysis.values, strict=True))
    assert values["capture HJ C5 H6"] == values["capture DJ D5 H6"]


def test_the_work_budget_bounds_the_samples() -> None:
    state = table("C3 H9 S4 DK", "H5 D9 S2 CK", "H4 C5 SA D8")
    seen = state.observe(COMPUTER)
    small = ExpertStrategy(ExpertSettings(samples=50, min_samples=3, node_budget=1))
    analysis = small.analyse(seen)
    assert analysis.samples == 3 and not analysis.exact
    big = ExpertStrategy(ExpertSettings(samples=5, node_budget=10**9)).analyse(seen)
    assert big.samples == 5
    assert all(state.is_legal(move) for move in big.moves)


def test_the_last_deal_is_searched_exactly_once() -> None:
    state = table("C3 H9", "H5 D9", "H4 C5 SA", deck="", last=HUMAN)
    analysis = ExpertStrategy().analyse(state.observe(COMPUTER))
    assert analysis.exact and analysis.samples == 1
    # Exact values are whole round margins (no tournament decided here).
    assert all(value == int(value) for value in analysis.values)


def test_the_reason_says_why_a_bigger_capture_was_passed_up() -> None:
    # 3 + 2♠ builds 5 for the 5 of spades rather than take the 9 of hearts with the 9.
    hands, table_cards = ("S8 H3 S9 S5", "C4 D4 HK"), "H9 SJ S2 H5"
    advice = decide("expert", table(*hands, table_cards, to_move=HUMAN), HUMAN)
    assert str(advice.move) == "build H3 S2"
    assert advice.reason.startswith(
        "builds 5 to capture next turn with the 5 of spades you hold (the build holds 1 point): "
        "looking ahead, you can expect "
    )
    assert advice.reason.endswith(" more points than if you capture 9♥ with 9♠")
    # The computer in the same seat names no card of its hand but the one it plays.
    own = decide("expert", table(hands[1], hands[0], table_cards))
    assert str(own.move) == "build H3 S2"
    assert own.reason.startswith("builds 5 to capture next turn with the 5 it holds")
    assert own.reason.endswith(" more points than from its biggest capture")


def test_a_last_deal_too_big_for_the_budget_is_searched_to_the_usual_depth() -> None:
    state = table("C3 H9 S4", "H5 D9 S2", "H4 C5 SA D8", deck="", last=HUMAN)
    seen = state.observe(COMPUTER)
    small = ExpertStrategy(ExpertSettings(exact_nodes=3)).analyse(seen)
    assert not small.exact and small.samples == 1
    assert small.nodes > 3  # the abandoned search and the shallow one
    full = ExpertStrategy().analyse(seen)
    assert full.exact and all(value == int(value) for value in full.values)
    assert all(state.is_legal(move) for move in small.moves)


def test_the_analysis_needs_a_move_to_make() -> None:
    state = table("H5", "S9", "C4", to_move=HUMAN)
    with pytest.raises(CasinoError, match="the computer has no move to make: it is the human's"):
        ExpertStrategy().analyse(state.observe(COMPUTER))


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_strategies_that_make_no_plans_claim_none(name: str) -> None:
    rng = np.random.default_rng(3)
    plans = ("to capture next", "to capture it", "as planned", "before the", "looking ahead")
    strategy = strategy_named(name)
    reasons: list[tuple[str, int]] = []  # each reason, and the number of legal moves
    for seed in range(40):
        state = new_tournament(HUMAN if seed % 2 else COMPUTER, rng=seed)
        while not state.is_round_over:
            decision = strategy.decide(state.observe(state.next_player), rng)
            reasons.append((decision.reason, len(state.legal_moves())))
            state = state.apply(decision.move)
    assert not [reason for reason, _ in reasons if any(plan in reason for plan in plans)]
    assert any(reason.startswith("builds ") for reason, _ in reasons)  # builds were made
    if name == "random":
        for reason, choices in reasons:
            assert ("picked at random from" in reason) is (choices > 1), reason


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_a_strategy_given_no_moves_says_so(name: str) -> None:
    # Each raised ValueError from inside (max() of nothing, rng.integers(0)).
    strategy = strategy_named(name, deadline=0.05)
    seen = new_tournament(Player.HUMAN, rng=1).observe(Player.HUMAN)
    rng = np.random.default_rng(1)
    with pytest.raises(CasinoError, match=r"^no moves to choose from: expected the legal moves"):
        strategy.choose(seen, [], rng)
    with pytest.raises(CasinoError, match=r"^no moves to choose from"):
        strategy.choose_by(seen, [], rng, Deadline(0.05))


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_a_strategy_given_the_wrong_types_raises_type_error(name: str) -> None:
    # choose(None, ...) was an AttributeError from inside.
    strategy = strategy_named(name, deadline=0.05)
    state = new_tournament(Player.HUMAN, rng=1)
    seen, moves, rng = state.observe(Player.HUMAN), state.legal_moves(), np.random.default_rng(1)
    with pytest.raises(TypeError, match=r"^observation must be an Observation, not NoneType"):
        strategy.choose(untyped(None), moves, rng)
    with pytest.raises(TypeError, match=r"^observation must be an Observation, not NoneType"):
        strategy.choose_by(untyped(None), moves, rng, Deadline(0.05))
    with pytest.raises(TypeError, match=r"^moves\[0\] must be a Move, not str"):
        strategy.choose(seen, untyped(["trail H3"]), rng)
    with pytest.raises(TypeError, match=r"^rng must be a Generator, not NoneType"):
        strategy.choose(seen, moves, untyped(None))
