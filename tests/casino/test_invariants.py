"""Properties of random legal games, checked with hypothesis at every position.

The games mix uniformly random moves with a taste for builds and increases, so that
multiple builds, take-overs and the keep-a-card rule come up often.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.cards import DECK
from croupier.casino import (
    WINNING_SCORE,
    Action,
    Move,
    Player,
    State,
    is_tournament_over,
    new_tournament,
    next_round,
    rules,
    tournament_winner,
)
from croupier.casino.state import state_problems

from .reference import candidate_moves, holds, reference_moves, reference_points, sums

seeds = st.integers(min_value=0, max_value=2**32 - 1)
tastes = st.floats(min_value=0.0, max_value=0.9)


def choose(moves: list[Move], rng: random.Random, taste: float) -> Move:
    """A random move, a build or an increase with probability ``taste`` when there is one."""
    shaping = [m for m in moves if m.action in (Action.BUILD, Action.INCREASE)]
    if shaping and rng.random() < taste:
        return rng.choice(shaping)
    return rng.choice(moves)


def positions(seed: int, taste: float) -> Iterator[State]:
    """Every position of one random round, the finished one last."""
    rng = random.Random(seed)
    state = new_tournament(rng.choice(list(Player)), rng=seed)
    while not state.is_round_over:
        yield state
        state = state.apply(choose(state.legal_moves(), rng, taste))
    yield state


def stop_after(looks: int) -> rules.Stop:
    """A ``stop`` that says the time is up at its ``looks``-th call."""
    calls = iter(range(looks - 1, -1, -1))
    return lambda: next(calls) == 0


def assert_sound(state: State) -> None:
    assert state_problems(state) == []
    assert sorted(card for _, card in state.all_cards()) == sorted(DECK)  # each card once
    for build in state.builds:
        assert all(build.value in sums(part) for part in build.parts)  # sums match the value
        assert holds(state.hands[build.owner], build.value)  # the owner keeps a card
    assert len({build.value for build in state.builds}) == len(state.builds)
    if not state.is_round_over:
        assert state.hands[state.next_player]
    else:
        assert state.last_capturer is None or not (state.loose or state.builds)


@given(seed=seeds, taste=tastes)
def test_every_listed_move_applies_and_keeps_every_invariant(seed: int, taste: float) -> None:
    for state in positions(seed, taste):
        assert_sound(state)
        moves = state.legal_moves()
        assert len(moves) == len(set(moves))
        assert bool(moves) is not state.is_round_over
        assert (state.to_move is None) is state.is_round_over
        assert state.observe(state.next_player).legal_moves() == moves
        for move in moves:
            assert state.check(move) is None
            assert Move.parse(str(move)) == move  # listed in normal form, as parsed
            after = state.apply(move)
            assert_sound(after)
            player = state.next_player
            if move.action is Action.CAPTURE:
                assert after.last_capturer is player
                grown = len(after.piles[player]) - len(state.piles[player])
                assert grown >= 1 + len(move.taken)
            else:
                assert after.last_capturer is state.last_capturer
    human, computer = state.piles
    points = state.score().points
    assert points == (reference_points(human, computer), reference_points(computer, human))
    assert 11 - 3 - 1 <= sum(points) <= 11  # 3 and 1 are lost on ties only
    assert state.totals() == (points[0], points[1])


@given(seed=seeds, taste=tastes)
def test_the_listed_moves_are_exactly_the_moves_the_rules_allow(seed: int, taste: float) -> None:
    for number, state in enumerate(positions(seed, taste)):
        if len(state.loose) > 7:
            continue
        listed = set(state.legal_moves())
        assert listed == reference_moves(state)
        if number % 4 == 0 and len(state.loose) <= 5:  # every applied move was listed
            for move in candidate_moves(state):
                assert state.is_legal(move) is (move in listed), move


@given(seed=seeds, taste=tastes, looks=st.integers(min_value=1, max_value=60))
def test_a_listing_cut_short_keeps_legal_moves_of_every_card_that_has_one(
    seed: int, taste: float, looks: int
) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rules, "CHECK_EVERY", 1)  # a look at the clock after each unit of work
        for state in positions(seed, taste):
            player = state.to_move
            if player is None:
                continue
            table = (state.hands[player], state.loose, state.builds, player)
            legal = state.legal_moves()
            assert rules.list_moves(*table, lambda: False) == (legal, True)
            first = rules.first_moves(*table)
            assert set(first) <= set(legal)
            assert {move.card for move in first} == {move.card for move in legal}
            moves, complete = rules.list_moves(*table, stop_after(looks))
            assert set(moves) <= set(legal) and len(set(moves)) == len(moves)
            assert moves == legal if complete else moves[: len(first)] == first
            stopped = rules.moves_until(*table, stop_after(looks))
            assert stopped == (legal if complete else None)


@given(seed=seeds, taste=tastes)
def test_tournaments_run_to_21_with_the_last_capturer_starting_each_round(
    seed: int, taste: float
) -> None:
    rng = random.Random(seed)
    state = new_tournament(Player.HUMAN, rng=seed)
    while True:
        while not state.is_round_over:
            state = state.apply(choose(state.legal_moves(), rng, taste), check=False)
        human, computer = state.piles
        totals = (
            state.scores[0] + reference_points(human, computer),
            state.scores[1] + reference_points(computer, human),
        )
        assert state.totals() == totals
        if max(totals) >= WINNING_SCORE:
            break
        assert not is_tournament_over(state)
        following = next_round(state, rng=rng.randrange(2**32))
        assert following.round_number == state.round_number + 1
        assert following.scores == totals
        starter = state.next_player if state.last_capturer is None else state.last_capturer
        assert following.next_player is starter
        state = following
    assert is_tournament_over(state)
    winner = tournament_winner(state)
    if totals[0] == totals[1]:
        assert winner is None
    else:
        assert winner is (Player.HUMAN if totals[0] > totals[1] else Player.COMPUTER)


def test_a_thousand_random_rounds_keep_the_cards_and_builds_sound() -> None:
    rng = random.Random(5)
    for _ in range(1000):
        state = new_tournament(rng.choice(list(Player)), rng=rng.randrange(2**32))
        while not state.is_round_over:
            assert not state_problems(state)
            state = state.apply(choose(state.legal_moves(), rng, 0.5))
        assert not state_problems(state)
        assert len(state.piles[0]) + len(state.piles[1]) + len(state.loose) == 52
