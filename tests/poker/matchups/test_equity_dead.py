"""Dead cards in the equity engine: out of play, and checked."""

from __future__ import annotations

import pytest

from croupier.cards import DECK, parse_cards
from croupier.poker import evaluate, exact_equity, monte_carlo_equity, parse_equity_hands
from croupier.poker.errors import PokerError

from ...untyped import untyped


def test_dead_cards_are_never_dealt() -> None:
    hands = parse_equity_hands("As Ks Qs Js 2d 3c ?0\n7h 7d 2d 3c 9c 8c ?0")
    dead = parse_cards("Ts 9s 8s")
    result = exact_equity(hands, dead=dead)
    assert result.trials == 52 - 10 - 3
    # against a brute force over the 39 live river cards
    known = {c for hand in hands for c in hand.known} | set(dead)
    wins = 0
    for river in (c for c in DECK if c not in known):
        first = evaluate([*hands[0].known, river])
        second = evaluate([*hands[1].known, river])
        wins += first > second
    assert result.wins[0] == wins


def test_monte_carlo_respects_dead_cards() -> None:
    hands = parse_equity_hands("Ah Ad ?0 ?1 ?2 ?3 ?4\nKh Kd ?0 ?1 ?2 ?3 ?4")
    # with both other kings dead, the kings can only win on a straight or flush
    result = monte_carlo_equity(hands, 20_000, rng=3, dead=parse_cards("Kc Ks"))
    assert result.equity[1] < 0.15


@pytest.mark.parametrize(
    ("dead", "message"),
    [
        ("As", "dead card As is also in a hand"),
        ("2c 2c", "dead card 2c is named twice"),
    ],
)
def test_bad_dead_cards(dead: str, message: str) -> None:
    hands = parse_equity_hands("As Ks ?0 ?1 ?2 ?3 ?4\nQh Qd ?0 ?1 ?2 ?3 ?4")
    cards = [c for token in dead.split() for c in parse_cards(token)]
    with pytest.raises(PokerError, match=message):
        exact_equity(hands, dead=cards)


def test_too_many_dead_cards() -> None:
    hands = parse_equity_hands("As Ks ?0 ?1 ?2 ?3 ?4")
    dead = [c for c in DECK if c.index not in (51, 47)][:47]
    with pytest.raises(PokerError, match="5 unknown cards to deal but only 3 cards"):
        exact_equity(hands, dead=dead)


def test_dead_cards_must_be_cards() -> None:
    hands = parse_equity_hands("As Ks ?0 ?1 ?2 ?3 ?4")
    with pytest.raises(TypeError, match=r"dead\[0\] must be a Card, not str"):
        exact_equity(hands, dead=untyped(["2c"]))
    small = "As Ks Qs Js ?0"
    assert exact_equity(small, dead="2c") == exact_equity(small, dead=parse_cards("2c"))


def test_no_dead_cards_changes_nothing() -> None:
    hands = parse_equity_hands("As Ks 2c 3d 4h ?0 ?1\n7h 7d 2c 3d 4h ?0 ?1")
    assert exact_equity(hands) == exact_equity(hands, dead=())
