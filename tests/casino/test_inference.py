"""croupier.casino.inference: what the opponent's moves of the deal tell about their hand,
and the samples drawn with it."""

from __future__ import annotations

import dataclasses
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import Card
from croupier.casino import Move, Player, State, new_tournament
from croupier.casino.inference import NO_CLUES, follow, move_gain, read_clues
from croupier.casino.observation import SeenMove
from croupier.casino.state import state_problems
from croupier.casino.values import CARD_VALUE

from .helpers import COMPUTER, HUMAN, position


def played(state: State, *moves: str) -> tuple[State, tuple[SeenMove, ...]]:
    """``state`` after ``moves`` (their notation), and the moves of the deal seen."""
    deal_moves: tuple[SeenMove, ...] = ()
    for text in moves:
        move = Move.parse(text)
        after = state.apply(move)
        deal_moves = follow(deal_moves, state, move, after)
        state = after
    return state, deal_moves


def test_an_opponent_who_built_holds_a_card_of_its_value_after_the_build_is_taken() -> None:
    # The computer builds 9 (H5 on C4: it keeps S9), then the human takes the build with
    # its own 9. The computer owns no build now, but the rules made it keep a 9.
    start = position("D9 H2", "H5 S9 C3", "C4 DK", to_move=COMPUTER, deck="C5 C6 C7 C8 CX CJ CQ CK")
    state, deal_moves = played(start, "build H5 C4", "capture D9 [H5 C4]")
    assert state.builds == () and deal_moves[0].kept == 9
    seen = state.observe(HUMAN, deal_moves=deal_moves)
    clues = read_clues(seen, strength=0.0)
    assert clues.holds == {9}
    rng = np.random.default_rng(5)
    for _ in range(40):
        sample = State.sample(seen, rng, clues=clues)
        assert 9 in {CARD_VALUE[card.index] for card in sample.hands[COMPUTER]}
        assert sample.observe(HUMAN) == dataclasses.replace(seen, deal_moves=())
    # Uniform draws (no clues) often give the computer no 9.
    plain = [State.sample(seen, rng).hands[COMPUTER] for _ in range(40)]
    assert any(9 not in {CARD_VALUE[card.index] for card in hand} for hand in plain)


def test_a_kept_value_is_no_longer_sure_once_a_card_of_it_is_played() -> None:
    start = position("D2 H3", "H5 S9 C9", "C4 DK", to_move=COMPUTER, deck="C5 C6 C7 C8 CX CJ CQ CK")
    state, deal_moves = played(start, "build H5 C4", "trail H3", "capture S9 [H5 C4]")
    assert read_clues(state.observe(HUMAN, deal_moves=deal_moves), 0.0).holds == set()


def test_a_card_the_opponent_would_have_captured_more_with_is_drawn_less_often() -> None:
    # The human trails C2 with an ace and the 10 of diamonds loose: a human holding an
    # ace or a ten would have taken them. Those cards get low weights, others 1.
    start = position("C2 H6", "S7 S8", "SA DX", deck="C3 C4 C5 C7 CA HA DA HX SX CX")
    state, deal_moves = played(start, "trail C2")
    seen = state.observe(COMPUTER, deal_moves=deal_moves)
    clues = read_clues(seen, strength=2.0)
    ace, ten, four = (Card.parse(text).index for text in ("HA", "HX", "C4"))
    assert clues.weights[ace] < clues.weights[ten] < 1.0 == clues.weights[four]
    rng = np.random.default_rng(11)
    weighted, uniform = Counter[int](), Counter[int]()
    for _ in range(400):
        weighted.update(card.index for card in State.sample(seen, rng, clues=clues).hands[HUMAN])
        uniform.update(card.index for card in State.sample(seen, rng).hands[HUMAN])
    assert weighted[ace] < uniform[ace] / 2 and weighted[four] > uniform[four]


def test_clues_of_the_players_own_moves_say_nothing() -> None:
    start = position("C2 H6", "S7 S8", "SA DX", deck="C3 C4 C5 C7 CA HA DA HX SX CX")
    state, deal_moves = played(start, "trail C2")
    assert read_clues(state.observe(HUMAN, deal_moves=deal_moves), 2.0).uniform


def test_clues_that_say_nothing_draw_the_same_cards_as_no_clues() -> None:
    seen = new_tournament(HUMAN, rng=4).observe(HUMAN)
    a = State.sample(seen, np.random.default_rng(2), clues=NO_CLUES)
    assert a == State.sample(seen, np.random.default_rng(2))


def test_the_moves_of_the_deal_start_again_when_cards_are_dealt() -> None:
    state = new_tournament(HUMAN, rng=9)
    deal_moves: tuple[SeenMove, ...] = ()
    lengths = []
    for _ in range(9):
        move = state.legal_moves()[0]
        after = state.apply(move)
        deal_moves = follow(deal_moves, state, move, after)
        lengths.append(len(deal_moves))
        state = after
    assert lengths == [1, 2, 3, 4, 5, 6, 7, 0, 1]


def test_the_move_gain_counts_the_cards_taken() -> None:
    assert move_gain(Move.parse("trail H5")) == 0.0
    assert move_gain(Move.parse("capture DX HX")) > move_gain(Move.parse("capture CX HX")) + 1.9


def test_a_strength_must_be_a_finite_number_at_least_0() -> None:
    seen = new_tournament(HUMAN, rng=4).observe(HUMAN)
    with pytest.raises(ValueError, match="strength"):
        read_clues(seen, -1.0)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 47), strength=st.sampled_from([0.0, 2.0]))
def test_the_clues_are_true_of_the_real_hand_and_samples_stay_legal(
    seed: int, plies: int, strength: float
) -> None:
    """In random play, the values the clues call sure are in the opponent's real hand, and
    every sample drawn with the clues is a sound state the player's view allows."""
    rng = np.random.default_rng(seed)
    state = new_tournament(HUMAN, rng=rng)
    deal_moves: tuple[SeenMove, ...] = ()
    for _ in range(plies):
        if state.to_move is None:
            break
        moves = state.legal_moves()
        move = moves[int(rng.integers(len(moves)))]
        after = state.apply(move, check=False)
        deal_moves = follow(deal_moves, state, move, after)
        state = after
    if state.to_move is None:
        return
    for player in Player:
        seen = state.observe(player, deal_moves=deal_moves)
        clues = read_clues(seen, strength)
        real = {CARD_VALUE[card.index] for card in state.hands[player.other]}
        assert clues.holds <= real
        assert all(0.0 < weight <= 1.0 for weight in clues.weights)
        sample = State.sample(seen, rng, clues=clues)
        assert state_problems(sample) == []
        assert sample.observe(player) == dataclasses.replace(seen, deal_moves=())
        assert clues.holds <= {CARD_VALUE[card.index] for card in sample.hands[player.other]}


def test_the_expert_reading_the_hand_values_alike_compiled_and_in_python() -> None:
    """The clues change only the deals drawn, so the compiled search and the Python
    reference value every move alike on them (fixed work: a budget of steps)."""
    from croupier.casino.strategies.base import WorkBudget
    from croupier.casino.strategies.expert import ExpertSettings, ExpertStrategy

    settings = ExpertSettings(infer=1.5)
    compiled = ExpertStrategy(settings)
    python = ExpertStrategy(settings, reference=True)
    state, deal_moves = played(
        new_tournament(HUMAN, rng=21),
        *(str(m) for m in _first_moves(new_tournament(HUMAN, rng=21))),
    )
    seen = state.observe(state.to_move or HUMAN, deal_moves=deal_moves)
    assert not read_clues(seen, 1.5).uniform
    a = compiled.analyse(seen, rng=3, deadline=WorkBudget(20_000))
    b = python.analyse(seen, rng=3, deadline=WorkBudget(20_000))
    assert a.moves == b.moves and a.values == pytest.approx(b.values) and a.samples == b.samples


def _first_moves(state: State) -> list[Move]:
    """The first three moves of the deal, each the last legal move listed (a capture or
    a build where there is one)."""
    moves = []
    for _ in range(3):
        move = state.legal_moves()[-1]
        moves.append(move)
        state = state.apply(move)
    return moves
