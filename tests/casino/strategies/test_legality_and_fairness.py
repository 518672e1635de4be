"""Every strategy plays only legal moves, decides from what its player sees, and nothing else."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from croupier.casino import Player, State, new_tournament, next_round
from croupier.casino.strategies import STRATEGIES, ExpertStrategy, Strategy, strategy_named
from croupier.casino.strategies.expert import ExpertSettings

from ..helpers import COMPUTER, HUMAN, position

FAST_EXPERT = ExpertSettings(samples=4, depth=2, min_samples=2, node_budget=500)
#: The strategies that search (slow enough to be given fewer rounds).
SEARCHING = ("expert", "yardstick")


def play_rounds(
    seats: tuple[Strategy, Strategy], rounds: int, seed: int
) -> list[tuple[State, Player]]:
    """Play ``rounds`` whole rounds, checking every decision; the positions decided."""
    rng = np.random.default_rng(seed)
    decided: list[tuple[State, Player]] = []
    for number in range(rounds):
        state = new_tournament(Player(number % 2), rng=seed * 1000 + number)
        while not state.is_round_over:
            player = state.next_player
            decision = seats[player].decide(state.observe(player), rng)
            assert state.is_legal(decision.move), (state, decision.move)
            assert decision.reason
            decided.append((state, player))
            state = state.apply(decision.move)
    return decided


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_strategies_play_only_legal_moves_in_many_random_rounds(name: str) -> None:
    rounds = 8 if name in SEARCHING else 60
    play_rounds((strategy_named(name), strategy_named("random")), rounds, seed=1)
    play_rounds((strategy_named("random"), strategy_named(name)), rounds, seed=2)


def test_a_fast_expert_plays_legal_moves_in_many_more_rounds() -> None:
    fast = ExpertStrategy(FAST_EXPERT)
    play_rounds((fast, strategy_named("greedy")), 40, seed=3)
    play_rounds((strategy_named("greedy"), fast), 40, seed=4)


def rehide(state: State, player: Player, rng: random.Random) -> State:
    """The same position with the cards ``player`` cannot see dealt again at random."""
    hidden = list(state.hands[player.other] + state.deck)
    rng.shuffle(hidden)
    size = len(state.hands[player.other])
    hands = list(state.hands)
    hands[player.other] = tuple(hidden[:size])
    return dataclasses.replace(state, hands=(hands[0], hands[1]), deck=tuple(hidden[size:]))


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_decisions_do_not_depend_on_hidden_cards(name: str) -> None:
    strategy = strategy_named(name)
    rng = random.Random(5)
    positions = play_rounds((strategy_named("random"), strategy_named("random")), 3, seed=5)
    for state, player in positions[:: 5 if name in SEARCHING else 1]:
        other = rehide(state, player, rng)
        assert other.observe(player) == state.observe(player)
        assert strategy.decide(other.observe(player)) == strategy.decide(state.observe(player))


def test_the_expert_decides_the_same_whatever_the_opponent_holds() -> None:
    # The human holds the 10 of diamonds or not: the computer cannot know, and acts alike.
    base = position("DX HK", "D5 C5 H9", "S5 C4", deck="S2 S3 S4 S6 S7 S8", to_move=COMPUTER)
    swapped = rehide(base, COMPUTER, random.Random(1))
    assert swapped.hands[HUMAN] != base.hands[HUMAN]
    expert = ExpertStrategy()
    assert expert.decide(base.observe(COMPUTER)) == expert.decide(swapped.observe(COMPUTER))
    analysis = expert.analyse(base.observe(COMPUTER))
    assert analysis == expert.analyse(swapped.observe(COMPUTER))


def test_strategies_keep_playing_across_rounds() -> None:
    state = new_tournament(HUMAN, rng=9)
    expert = ExpertStrategy(FAST_EXPERT)
    for _ in range(2):
        while not state.is_round_over:
            player = state.next_player
            state = state.apply(expert.decide(state.observe(player)).move)
        state = next_round(state, rng=9)
    assert state.round_number == 3


def test_the_computer_s_reasons_show_nothing_of_its_hand_but_the_card_played() -> None:
    rng = np.random.default_rng(11)
    expert = ExpertStrategy(FAST_EXPERT)
    checked = 0
    for number in range(12):
        state = new_tournament(Player(number % 2), rng=700 + number)
        while not state.is_round_over:
            player = state.next_player
            decision = expert.decide(state.observe(player), rng)
            if player is COMPUTER:
                for card in state.hands[COMPUTER]:
                    if card != decision.move.card:
                        for name in (card.long_name, card.pretty, card.casino):
                            assert name not in decision.reason, (decision, card)
                checked += 1
            state = state.apply(decision.move)
    assert checked == 12 * 24
