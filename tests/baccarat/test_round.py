"""The round engine: seed 000's seven tests, stacked deals, and properties of any round."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.baccarat import BaccaratError, Coup, Outcome, Round, deal_coup, hand_total, points
from croupier.cards import DECK, Card, EmptyShoeError, Rank, Shoe, Suit, parse_cards

from .reference import reference_points, reference_round

# --- seed 000's seven tests, in Python ----------------------------------------------------


def test_rank_score() -> None:
    rng = random.Random(275)
    for _ in range(200):
        rank = rng.choice(list(Rank))
        assert points(rank) == reference_points(int(rank))


def test_hand_score() -> None:
    rng = random.Random(276)
    for _ in range(500):
        hand = rng.sample(DECK, rng.randint(1, 3))
        assert hand_total(hand) == sum(reference_points(int(c.rank)) for c in hand) % 10


def test_initialize_game() -> None:
    game = Round(decks=6, rng=1)
    assert game.shoe is not None and game.shoe.remaining == 6 * 52
    assert game.decks == 6
    assert game.player_cards == () and game.banker_cards == ()
    assert game.player_total == game.banker_total == 0
    assert not game.is_dealt and not game.is_finished


def test_first_deal() -> None:
    game = Round(decks=1, rng=2)
    order = game.shoe.remaining_cards()
    assert order != DECK  # the shoe was shuffled
    game.deal_initial()
    assert game.player_cards == (order[0], order[1])  # player, player,
    assert game.banker_cards == (order[2], order[3])  # then banker, banker
    assert len(game.player_cards) == len(game.banker_cards) == 2
    assert game.player_total == game.banker_total == 0  # scores are not stored yet
    assert game.shoe.remaining == 48


def _expected_after_deal(order: tuple[Card, ...]) -> tuple[bool, bool]:
    player, banker = reference_round([points(c) for c in order])
    return len(player) == 3, len(banker) == 3


@pytest.mark.parametrize("seed", range(300))
def test_player_and_banker_third_card_decisions_right_after_the_deal(seed: int) -> None:
    game = Round(decks=8, rng=seed)
    order = game.shoe.remaining_cards()[:6]
    game.deal_initial()
    player_draws, banker_draws = _expected_after_deal(order)
    assert game.player_draws_third() is player_draws
    assert game.banker_draws_third() is banker_draws
    assert game.player_total == game.banker_total == 0
    assert game.shoe.remaining == 8 * 52 - 4  # deciding deals nothing


@pytest.mark.parametrize("seed", range(300))
def test_game_outcome(seed: int) -> None:
    game = Round(decks=8, rng=seed)
    order = game.shoe.remaining_cards()[:6]
    game.deal_initial()
    game.finalize()
    player, banker = reference_round([points(c) for c in order])
    assert (game.player_total, game.banker_total) == (sum(player) % 10, sum(banker) % 10)
    expected = (
        Outcome.PLAYER
        if game.player_total > game.banker_total
        else Outcome.BANKER
        if game.banker_total > game.player_total
        else Outcome.TIE
    )
    assert game.outcome is expected
    assert game.player_draws_third() is (len(player) == 3)  # same answer after the fact
    assert game.banker_draws_third() is (len(banker) == 3)


# --- stacked deals ------------------------------------------------------------------------


def stacked(text: str) -> Round:
    return Round(Shoe.stacked(parse_cards(text)))


@pytest.mark.parametrize(
    ("cards", "player", "banker", "outcome"),
    [
        ("9h Kc 2d 5s 7c 7d", "9h Kc", "2d 5s", Outcome.PLAYER),  # player natural 9
        ("2h 3d 9s Kc 7h", "2h 3d", "9s Kc", Outcome.BANKER),  # banker natural 9
        ("4h 4d 5c 3s 9h", "4h 4d", "5c 3s", Outcome.TIE),  # two naturals, equal
        ("8h Kd 5c 4s 9h", "8h Kd", "5c 4s", Outcome.BANKER),  # 9 beats 8
        ("3h 3d Ac 2d 3s", "3h 3d", "Ac 2d 3s", Outcome.TIE),  # player stands 6, banker draws
        ("6h Ad 3c 3s 9h", "6h Ad", "3c 3s", Outcome.PLAYER),  # player 7, banker stands 6
        ("4h Ad Ac 3d Jh 9s", "4h Ad Jh", "Ac 3d", Outcome.PLAYER),  # banker 4 vs third 0
        ("Ah Qd 5s Kd 7c 4h", "Ah Qd 7c", "5s Kd 4h", Outcome.BANKER),  # the lab's last round
        ("Ah 2d 3s Kd 8c 4h", "Ah 2d 8c", "3s Kd", Outcome.BANKER),  # banker 3 stands on an 8
        ("Ah 2d 3s Kd 9c 4h", "Ah 2d 9c", "3s Kd 4h", Outcome.BANKER),  # banker 3 draws on a 9
        ("Kh Qd 6s Kd 6c 2h", "Kh Qd 6c", "6s Kd 2h", Outcome.BANKER),  # banker 6 draws on a 6
        ("Kh Qd 6s Kd 5c 2h", "Kh Qd 5c", "6s Kd", Outcome.BANKER),  # banker 6 stands on a 5
    ],
)
def test_stacked_rounds(cards: str, player: str, banker: str, outcome: Outcome) -> None:
    game = stacked(cards)
    coup = game.play()
    assert coup.player_cards == parse_cards(player)
    assert coup.banker_cards == parse_cards(banker)
    assert coup.outcome is game.outcome is outcome
    assert game.coup is coup
    assert coup == deal_coup(parse_cards(cards))


def test_banker_decision_after_the_deal_looks_at_the_players_coming_card() -> None:
    # Banker 4; the player (total 1) will draw the next card. The 9 makes the banker stand,
    # a 5 makes it draw: the decision is known straight after the initial deal.
    for third, expected in (("9c", False), ("5c", True)):
        game = stacked(f"Ah Qd Ac 3d {third} 2h")
        game.deal_initial()
        assert game.player_draws_third() is True
        assert game.banker_draws_third() is expected
        assert game.shoe.remaining == 2


def test_coup_facts() -> None:
    coup = deal_coup(parse_cards("7h 7d Kc Ks 9s 3c"))
    assert coup.player_pair and coup.banker_pair  # same rank, not just same points
    assert coup.player_two_card_total == 4 and coup.player_third == Card.parse("9s")
    assert coup.banker_third == Card.parse("3c") and coup.cards_used == 6
    assert (coup.player_card_count, coup.banker_card_count) == (3, 3)
    not_a_pair = deal_coup(parse_cards("Kh Qd 6s Kd 5c 2h"))
    assert not not_a_pair.player_pair and not not_a_pair.natural


def test_coup_refuses_illegal_rounds() -> None:
    with pytest.raises(BaccaratError, match="player 4♥ A♣ must draw a third card"):
        Coup(parse_cards("4h Ac"), parse_cards("Ah 3s"))
    with pytest.raises(BaccaratError, match="banker 9♠ K♣ may not draw a third card"):
        Coup(parse_cards("2h 3d"), parse_cards("9s Kc 7h"))
    with pytest.raises(BaccaratError, match="2 or 3 cards"):
        Coup(parse_cards("2h"), parse_cards("9s Kc"))


def test_steps_out_of_order_are_refused() -> None:
    game = stacked("2h 3d 9s Kc 7h 8h")
    with pytest.raises(BaccaratError, match="deal_initial"):
        game.player_draws_third()
    with pytest.raises(BaccaratError, match="deal_initial"):
        game.finalize()
    with pytest.raises(BaccaratError, match="not finished"):
        _ = game.outcome
    game.deal_initial()
    with pytest.raises(BaccaratError, match="already been made"):
        game.deal_initial()
    game.finalize()
    with pytest.raises(BaccaratError, match="already finished"):
        game.finalize()


def test_an_exhausted_stacked_shoe_says_so() -> None:
    with pytest.raises(EmptyShoeError):
        stacked("2h 3d 9s").deal_initial()
    game = stacked("Ah Qd Ac 3d")  # the player must draw, nothing is left
    game.deal_initial()
    with pytest.raises(EmptyShoeError):
        game.banker_draws_third()


# --- properties of any round ----------------------------------------------------------------

shoes = st.lists(st.sampled_from(DECK), min_size=6, max_size=12)


@given(shoes)
def test_any_round_follows_the_reference_rules(order: list[Card]) -> None:
    game = Round(Shoe.stacked(order))
    coup = game.play()
    player, banker = reference_round([points(c) for c in order])
    assert [points(c) for c in coup.player_cards] == player
    assert [points(c) for c in coup.banker_cards] == banker


@given(shoes)
def test_any_round_has_2_or_3_cards_a_side_and_consistent_totals(order: list[Card]) -> None:
    game = Round(Shoe.stacked(order))
    coup = game.play()
    assert 2 <= len(coup.player_cards) <= 3 and 2 <= len(coup.banker_cards) <= 3
    assert game.player_total == hand_total(coup.player_cards) == coup.player_total
    assert game.banker_total == hand_total(coup.banker_cards) == coup.banker_total
    assert 0 <= coup.player_total <= 9 and 0 <= coup.banker_total <= 9
    if coup.natural:
        assert coup.cards_used == 4


@given(shoes)
def test_any_round_conserves_the_cards_and_deals_them_in_order(order: list[Card]) -> None:
    shoe = Shoe.stacked(order)
    coup = Round(shoe).play()
    dealt = list(coup.player_cards[:2] + coup.banker_cards[:2])
    dealt += [c for c in (coup.player_third, coup.banker_third) if c is not None]
    assert dealt == order[: len(dealt)]
    assert Counter(dealt) + Counter(shoe.remaining_cards()) == Counter(order)


@given(st.integers(min_value=0, max_value=2**32 - 1), st.integers(min_value=1, max_value=8))
def test_rounds_from_real_shoes(seed: int, decks: int) -> None:
    shoe = Shoe(decks, rng=seed)
    before = Counter(shoe.remaining_cards())
    coups = [Round(shoe).play() for _ in range(5)]
    used = Counter(c for coup in coups for c in coup.player_cards + coup.banker_cards)
    assert used + Counter(shoe.remaining_cards()) == before
    assert all(card.suit in Suit for card in used)
