"""One ``rng`` argument everywhere (SPEC 7): an int seed, a NumPy generator, or None."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.baccarat import Round, simulate
from croupier.cards import DECK, Shoe
from croupier.casino import Player, new_tournament, shuffled_deck, toss_coin
from croupier.casino.strategies import strategy_named
from croupier.poker import monte_carlo_equity, parse_equity_hands
from croupier.randomness import as_generator, as_seed_sequence, seed_of

from .untyped import untyped


def test_an_int_gives_the_cards_the_old_seed_gave() -> None:
    # Before: Shoe(seed=S) shuffled with numpy.random.default_rng(S).permutation.
    order = np.random.default_rng(5).permutation(52).tolist()
    assert Shoe(rng=5).remaining_cards() == tuple(DECK[i] for i in order)
    assert shuffled_deck(5) == Shoe(rng=5).remaining_cards()
    assert new_tournament(Player.HUMAN, rng=5).hands[0] == shuffled_deck(5)[:4]
    assert Round(decks=1, rng=5).shoe.remaining_cards() == shuffled_deck(5)


def test_a_generator_is_used_as_it_is_and_continues_its_stream() -> None:
    generator = np.random.default_rng(9)
    first, second = shuffled_deck(generator), shuffled_deck(generator)
    assert first != second
    again = np.random.default_rng(9)
    assert (shuffled_deck(again), shuffled_deck(again)) == (first, second)
    assert as_generator(generator) is generator
    assert toss_coin(rng=3) == toss_coin(rng=3)


def test_work_split_over_processes_takes_a_generator_too() -> None:
    one = simulate(30, decks=1, rng=np.random.default_rng(4))
    two = simulate(30, decks=1, rng=np.random.default_rng(4))
    assert (one.histogram == two.histogram).all() and one.seed == two.seed
    assert simulate(30, decks=1, rng=one.seed).histogram.tolist() == one.histogram.tolist()
    assert as_seed_sequence(12).entropy == 12 and seed_of(12) == 12
    assert seed_of(np.random.default_rng(1)) is None


def test_strategies_and_equity_take_rng() -> None:
    seen = new_tournament(Player.HUMAN, rng=3).observe(Player.HUMAN)
    random = strategy_named("random")
    assert random.decide(seen, rng=1).move == random.decide(seen, rng=np.random.default_rng(1)).move
    hands = parse_equity_hands("As Ks ?0 ?1 ?2 ?3 ?4\nQh Qd ?0 ?1 ?2 ?3 ?4")
    assert monte_carlo_equity(hands, 500, rng=2).wins == monte_carlo_equity(hands, 500, rng=2).wins


@pytest.mark.parametrize("bad", ["7", 1.5, True, [1]])
def test_anything_else_is_a_type_error_naming_rng(bad: object) -> None:
    with pytest.raises(
        TypeError, match=r"^rng must be an int seed, a numpy\.random\.Generator or None"
    ):
        Shoe(rng=untyped(bad))


def test_a_negative_seed_is_refused() -> None:
    with pytest.raises(ValueError, match="bad rng -1"):
        new_tournament(Player.HUMAN, rng=-1)
