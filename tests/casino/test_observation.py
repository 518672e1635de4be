"""What a player sees: never the opponent's hand nor the deck order."""

from __future__ import annotations

import dataclasses

import numpy as np

from croupier.cards import Rank
from croupier.casino import Player, State
from croupier.casino.state import state_problems

from .helpers import COMPUTER, HUMAN, cards, position


def test_an_observation_holds_only_what_the_player_sees() -> None:
    state = position(
        "S9 C2", "D7 S7", "[C6 S3] HK", [HUMAN], deck="C3 C4 C5 C7 C8 C9 CX CJ", last=COMPUTER
    )
    seen = state.observe(COMPUTER)
    assert seen.player is COMPUTER and seen.hand == cards("D7 S7")
    assert seen.opponent_hand_size == 2 and seen.deck_size == 8
    assert seen.loose == state.loose and seen.builds == state.builds and seen.piles == state.piles
    assert seen.next_player is HUMAN and seen.last_capturer is COMPUTER
    assert set(seen.unseen) == set(cards("S9 C2 C3 C4 C5 C7 C8 C9 CX CJ"))
    assert seen.legal_moves() == []  # not the computer's turn
    assert state.observe(HUMAN).legal_moves() == state.legal_moves()


def test_states_that_differ_only_in_hidden_cards_look_the_same() -> None:
    state = position("S9 C2", "D7 S7", "HK", deck="C3 C4 C5 C7 C8 C9 CX CJ")
    swapped = dataclasses.replace(
        state, hands=(state.hands[0], cards("C3 C4")), deck=cards("D7 S7 C5 C7 C8 C9 CX CJ")
    )
    reordered = dataclasses.replace(state, deck=tuple(reversed(state.deck)))
    assert swapped.observe(HUMAN) == state.observe(HUMAN) == reordered.observe(HUMAN)
    assert swapped.observe(COMPUTER) != state.observe(COMPUTER)


def test_a_sample_is_a_sound_state_consistent_with_the_view() -> None:
    rng = np.random.default_rng(3)
    state = position("S9 C2", "D7 S7 H2", "HK", deck="C3 C4 C5 C7 C8 C9 CX CJ", to_move=COMPUTER)
    samples = set()
    for _ in range(20):
        for player in Player:
            seen = state.observe(player)
            sample = State.sample(seen, rng)
            assert state_problems(sample) == []
            assert sample.observe(player) == seen
            assert sorted(sample.hands[player.other] + sample.deck) == sorted(seen.unseen)
            samples.add(sample)
    assert len(samples) > 20  # the hidden cards really are dealt at random


def test_a_sample_gives_the_opponent_a_card_for_each_of_its_builds() -> None:
    # The computer owns builds of 7 and 11: every sample deals it a 7 and a jack, though
    # random hands of 3 cards out of 40 unseen would rarely hold both.
    state = position(
        "H7 DX", "S7 HJ C2", "[C6 CA] [C4 D7] H2", [COMPUTER, COMPUTER], deck="C3 C5 C8 C9 CX"
    )
    seen = state.observe(HUMAN)
    rng = np.random.default_rng(7)
    hands = set()
    for _ in range(50):
        sample = State.sample(seen, rng)
        assert state_problems(sample) == []
        assert sample.observe(HUMAN) == seen
        values = {card.rank for card in sample.hands[COMPUTER]}
        assert {Rank.SEVEN, Rank.JACK} <= values
        hands.add(sample.hands[COMPUTER])
    assert len(hands) > 10


def test_a_sample_from_a_view_no_position_gives_still_deals_every_card() -> None:
    # A hand-made view: the computer owns a build of 9 but every 9 is seen elsewhere.
    view = dataclasses.replace(
        position("S9 C9", "S7", "[C5 D4]", [COMPUTER], deck="", check=False).observe(HUMAN),
        piles=(cards("D9 H9"), ()),
    )
    sample = State.sample(view, rng=1)
    assert len(sample.hands[COMPUTER]) == 1
    assert sorted(sample.hands[COMPUTER] + sample.deck) == sorted(view.unseen)
