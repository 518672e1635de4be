"""A shoe saved with Shoe.to_dict and loaded with Shoe.from_dict deals on the same cards."""

from __future__ import annotations

import json

import numpy as np
import pytest

from croupier.cards import CardError, Shoe, parse_cards

from .untyped import untyped


def test_a_loaded_shoe_deals_and_reshuffles_the_same() -> None:
    shoe = Shoe(decks=2, rng=8, cut_card=90)
    for _ in range(17):
        shoe.draw()
    copy = Shoe.from_dict(json.loads(json.dumps(shoe.to_dict())))
    assert (copy.remaining, copy.dealt, copy.cut_card, copy.decks) == (87, 17, 90, 2)
    assert copy.counts() == shoe.counts()
    assert copy.remaining_cards() == shoe.remaining_cards()
    shoe.shuffle()
    copy.shuffle()
    assert copy.remaining_cards() == shoe.remaining_cards()


def test_other_bit_generators_are_kept() -> None:
    shoe = Shoe(decks=1, rng=np.random.Generator(np.random.MT19937(4)))
    copy = Shoe.from_dict(shoe.to_dict())
    shoe.shuffle()
    copy.shuffle()
    assert copy.remaining_cards() == shoe.remaining_cards()


def test_a_numpy_deck_count_saves_as_a_number() -> None:
    shoe = Shoe(decks=untyped(np.int64(2)), rng=1)
    assert type(shoe.to_dict()["decks"]) is int
    assert Shoe.from_dict(shoe.to_dict()).decks == 2


def test_stacked_shoes_stay_stacked() -> None:
    shoe = Shoe.stacked(parse_cards("Ah 2c 3d"))
    shoe.draw()
    copy = Shoe.from_dict(shoe.to_dict())
    assert copy.is_stacked and copy.remaining_cards() == parse_cards("2c 3d")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"cards": "AhZz"}, "bad card 'Zz'"),
        ({"dealt": 99}, "bad dealt count 99: expected 0 to 52"),
        ({"dealt": True}, "bad dealt count True"),
        ({"cut_card": 0}, "bad cut card depth 0"),
        ({"rng": {"bit_generator": "Evil"}}, "bad saved shoe: unknown shuffler 'Evil'"),
        ({"rng": {"bit_generator": "PCG64", "state": 3}}, "bad saved shoe"),
        ({"cards": None}, "bad saved shoe"),
        # these were taken (a shoe of -3 decks) or failed outside croupier's errors
        ({"decks": -3}, "bad saved shoe: decks '-3' for 52 cards that are not that many full"),
        ({"decks": 2}, "bad saved shoe: decks '2' for 52 cards"),
        ({"decks": True}, "bad saved shoe: decks 'True'"),
        ({"decks": float("inf")}, "bad saved shoe: decks 'inf'"),
        ({"cards": "Ah" * 52}, "bad saved shoe: decks '1' for 52 cards that are not"),
        ({"rng": np.int64(3)}, "bad saved shoe: shuffler state 'np.int64"),
        ({"rng": "x" * 5000}, "bad saved shoe: shuffler state .{40,60} characters., expected a"),
    ],
)
def test_bad_saved_shoes_are_refused(change: dict[str, object], message: str) -> None:
    data = Shoe(decks=1, rng=1, cut_card=40).to_dict() | change
    with pytest.raises(CardError, match="^" + message):
        Shoe.from_dict(data)
