"""Omaha and short-deck against the peers that evaluate them: phevaluator's Omaha
evaluator (the same 7,462 class numbers) and pokerkit's OmahaHoldemHand and
ShortDeckHoldemHand (which orders hands; its short-deck ranks a straight above three of
a kind, as croupier's shortdeck-straights does), on seeded random hands."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.cards import DECK
from croupier.poker.evaluation.batch import rank_game_rows

phevaluator = pytest.importorskip("phevaluator")
pokerkit = pytest.importorskip("pokerkit")

HANDS = 3000


def deals(size: int, board: int, count: int, seed: int, low: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.array([low + rng.permutation(52 - low)[: size + board] for _ in range(count)])


def text(cards: np.ndarray) -> str:
    return "".join(str(DECK[int(c)]) for c in cards)


def test_omaha_classes_are_phevaluators() -> None:
    cards = deals(4, 5, HANDS, seed=1)
    ours = rank_game_rows("omaha", cards[:, :4], cards[:, 4:])
    theirs = [
        phevaluator.evaluate_omaha_cards(*(int(c) for c in (*row[4:], *row[:4])))
        for row in _phevaluator_numbers(cards)
    ]
    assert ours.tolist() == theirs


def _phevaluator_numbers(cards: np.ndarray) -> np.ndarray:
    """phevaluator numbers cards 4 * rank + suit with clubs, diamonds, hearts, spades
    as 0 to 3, as croupier does."""
    assert str(phevaluator.Card(0)) == "2c" and str(phevaluator.Card(51)) == "As"
    return cards


@pytest.mark.parametrize(("game", "size"), [("omaha", 4), ("omaha5", 5)])
def test_omaha_orders_hands_as_pokerkit(game: str, size: int) -> None:
    cards = deals(2 * size + 5, 0, 300, seed=size)
    first, second, board = cards[:, :size], cards[:, size : 2 * size], cards[:, 2 * size :]
    a = rank_game_rows(game, first, board).astype(int)
    b = rank_game_rows(game, second, board).astype(int)
    for i in range(len(cards)):
        kit_a = pokerkit.OmahaHoldemHand.from_game(text(first[i]), text(board[i]))
        kit_b = pokerkit.OmahaHoldemHand.from_game(text(second[i]), text(board[i]))
        kit = (kit_a > kit_b) - (kit_a < kit_b)
        assert kit == int(np.sign(b[i] - a[i])), (text(first[i]), text(second[i]), text(board[i]))


def test_short_deck_straights_orders_hands_as_pokerkit() -> None:
    cards = deals(9, 0, 800, seed=3, low=16)
    first, second, board = cards[:, :2], cards[:, 2:4], cards[:, 4:]
    a = rank_game_rows("shortdeck-straights", first, board).astype(int)
    b = rank_game_rows("shortdeck-straights", second, board).astype(int)
    for i in range(len(cards)):
        kit_a = pokerkit.ShortDeckHoldemHand.from_game(text(first[i]), text(board[i]))
        kit_b = pokerkit.ShortDeckHoldemHand.from_game(text(second[i]), text(board[i]))
        kit = (kit_a > kit_b) - (kit_a < kit_b)
        assert kit == int(np.sign(b[i] - a[i])), (text(first[i]), text(second[i]), text(board[i]))
