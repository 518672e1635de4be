"""One hand of any game: :func:`evaluate_game` and the :class:`GameRanking` it returns.

In hold'em and short-deck every card plays: a hand is its hole cards and the board
together (5 cards or more). In Omaha a hand is its hole cards (4, or 5 in five-card
Omaha) and a board of 3 to 5 cards, and it plays exactly two of its hole cards with
exactly three of the board.

>>> hand = evaluate_game("omaha", "As Ad Kh Qh", "Ac 7h 2h 9h 3s")
>>> hand.description, format_cards(hand.cards)
('flush, king high', 'Kh Qh 9h 7h 2h')
>>> evaluate_game("holdem", "As Ad", "Ac 7h 2h 9h 3s").description
'three of a kind, aces'
>>> short = evaluate_game("shortdeck", "Ah 9c", "6d 7s 8s Kd Kc")
>>> short.description, format_cards(short.cards), short.class_number
('straight, 9 high', '9c 8s 7s 6d Ah', 528)
>>> evaluate_game("shortdeck", "Ah 2c", "6d 7s 8s")
Traceback (most recent call last):
...
croupier.poker.errors.PokerCardError: card 2c is not in the short-deck hold'em deck: ...
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from croupier.arguments import checked
from croupier.cards import Card, CardError, format_cards, parse_card
from croupier.engine import compiled
from croupier.poker.classes import HandCategory
from croupier.poker.errors import PokerCardError, PokerError
from croupier.poker.hand import best_five_of, evaluate, rank_hand, without_category
from croupier.poker.hole_ranges import card_run
from croupier.poker.variant_classes import classes_of
from croupier.poker.variant_rows import rank_game_rows
from croupier.poker.variant_tables import TABLE_SET_OF, variant_kernels
from croupier.poker.variants import Game, Variant, variant_of

__all__ = ["GameRanking", "compare_games", "evaluate_game", "game_cards"]

#: Cards as :func:`evaluate_game` takes them: one string of tokens, or cards and tokens.
CardsLike = str | Iterable[Card | str]


@dataclass(frozen=True, slots=True)
class GameRanking:
    """What a hand is worth in a game: its ``class_number`` (the lower, the stronger;
    equal for hands of equal strength), from which its category, its five cards and
    their description follow. Rankings of one game order by strength (``a > b`` when
    ``a`` beats ``b``)."""

    game: Game
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    class_number: int

    @property
    def hand(self) -> tuple[Card, ...]:
        """The hole cards, then the board."""
        return self.hole + self.board

    @property
    def category(self) -> HandCategory:
        """The category of the hand."""
        return classes_of(self.game).category_of(self.class_number)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The five cards that play, in order of significance."""
        shape = classes_of(self.game).shapes[self.class_number]
        variant = variant_of(self.game)
        if variant.hole_used is None:
            return best_five_of(self.hand, *shape)
        for pair in itertools.combinations(self.hole, variant.hole_used):
            for rest in itertools.combinations(self.board, 5 - variant.hole_used):
                if rank_hand(pair + rest) == self.class_number:
                    return best_five_of(pair + rest, *shape)
        raise AssertionError("no five cards make the hand's class")  # pragma: no cover

    @property
    def description(self) -> str:
        """The hand in words."""
        return classes_of(self.game).describe(self.class_number)

    @property
    def detail(self) -> str:
        """The description less the category it starts with (``kings over 7s``)."""
        return without_category(self.description, self.category)

    def to_dict(self) -> dict[str, Any]:
        """The ranking as JSON-ready data (``croupier poker compare --game ... --json``).

        >>> data = evaluate_game("omaha", "As Ad Kh Qh", "Ac 7h 2h 9h 3s").to_dict()
        >>> data["hole"], data["cards"], data["class"]
        (['As', 'Ad', 'Kh', 'Qh'], ['Kh', 'Qh', '9h', '7h', '2h'], 889)
        """
        return {
            "game": str(self.game),
            "hand": [str(c) for c in self.hand],
            "hole": [str(c) for c in self.hole],
            "board": [str(c) for c in self.board],
            "category": self.category.label,
            "cards": [str(c) for c in self.cards],
            "class": self.class_number,
            "description": self.description,
        }

    def _other(self, other: object) -> GameRanking | None:
        if not isinstance(other, GameRanking):
            return None
        if other.game is not self.game:
            raise PokerError(f"cannot compare a {self.game} hand with a {other.game} hand")
        return other

    def __lt__(self, other: object) -> bool:
        them = self._other(other)
        if them is None:
            return NotImplemented
        return self.class_number > them.class_number

    def __gt__(self, other: object) -> bool:
        them = self._other(other)
        if them is None:
            return NotImplemented
        return self.class_number < them.class_number


def game_cards(value: CardsLike, where: str, variant: Variant) -> tuple[Card, ...]:
    """Cards from text (tokens, or cards written together: ``AsAhKsKh``), tokens or
    :class:`~croupier.cards.Card` objects, each of the game's deck; an error names
    ``where`` and the token."""
    if isinstance(value, str):
        tokens: list[Card | str] = list(value.replace(",", " ").split())
    else:
        try:
            tokens = list(value)
        except TypeError:
            raise TypeError(
                f"{where} must be cards, card tokens or a string of tokens, "
                f"not {type(value).__name__}"
            ) from None
    cards: list[Card] = []
    for position, token in enumerate(tokens, 1):
        if isinstance(token, Card):
            card = token
        elif isinstance(token, str):
            try:
                card = parse_card(token, position)
            except CardError as exc:
                run = card_run(token)  # cards written together: AsAhKsKh
                if not run:
                    raise PokerCardError(f"{where}: {exc}") from None
                cards.extend(_in_deck(c, variant) for c in run)
                continue
        else:
            raise TypeError(f"{where}[{position - 1}] must be a Card or a card token")
        cards.append(_in_deck(card, variant))
    return tuple(cards)


def _in_deck(card: Card, variant: Variant) -> Card:
    if card.rank < variant.lowest_rank:
        raise PokerCardError(
            f"card {card} is not in the {variant.label} deck: expected cards from "
            f"{Card.from_index(4 * (variant.lowest_rank - 2)).rank.label} to ace"
        )
    return card


def _check_distinct(cards: tuple[Card, ...]) -> None:
    seen = 0
    for card in cards:
        bit = 1 << card.index
        if seen & bit:
            raise PokerCardError(f"card {card} is there twice: each card may appear once")
        seen |= bit


def evaluate_game(
    game: Game | str | Variant, hole: CardsLike, board: CardsLike = ()
) -> GameRanking:
    """The best hand of ``hole`` and ``board`` in ``game`` (a :class:`Game` or its name).

    Hold'em and short-deck: the hole cards and the board together, 5 cards or more
    (``board`` may be empty and every card given as ``hole``). Omaha: exactly the game's
    hole cards and 3 to 5 board cards.

    >>> evaluate_game("omaha", "As Ks Qs Js", "2c 3d 4h").description
    'ace high'
    >>> evaluate_game("omaha5", "As Ks Qs Js", "2c 3d 4h")
    Traceback (most recent call last):
    ...
    croupier.poker.errors.PokerError: five-card Omaha: 4 hole cards: expected 5
    """
    variant = variant_of(game)
    holes = game_cards(hole, "hole cards", variant)
    boards = game_cards(board, "board", variant)
    _check_distinct(holes + boards)
    if variant.hole_used is not None:
        if len(holes) != variant.hole_cards:
            raise PokerError(
                f"{variant.label}: {len(holes)} hole cards: expected {variant.hole_cards}"
            )
        if not 3 <= len(boards) <= 5:
            raise PokerError(
                f"{variant.label}: a board of {len(boards)} cards: expected 3 to 5 "
                "(two hole cards play with three board cards)"
            )
    elif variant.game is Game.HOLDEM or len(holes + boards) > 7:
        return GameRanking(variant.game, holes, boards, _any_size(variant, holes + boards))
    elif len(holes + boards) < 5:
        raise PokerError(
            f"a poker hand needs at least 5 cards: got {len(holes + boards)} "
            f"({format_cards(holes + boards)})"
        )
    return GameRanking(variant.game, holes, boards, _class_of_one(variant, holes, boards))


def _class_of_one(variant: Variant, hole: tuple[Card, ...], board: tuple[Card, ...]) -> int:
    """The class of one checked hand: straight to the kernel where it is compiled."""
    holes = np.array([c.index for c in hole], dtype=np.int64)
    boards = np.array([c.index for c in board], dtype=np.int64)
    if not compiled("poker-variants"):
        return int(rank_game_rows(variant, holes[None, :], boards[None, :], check=False)[0])
    out = np.zeros(1, dtype=np.uint16)
    tables = TABLE_SET_OF[variant.game]
    if variant.hole_used is None:
        cards = np.concatenate([holes, boards])
        variant_kernels().holdem_rows(cards, len(cards), 1, out, tables)
    else:
        variant_kernels().omaha_rows(holes, len(holes), boards, len(boards), 1, out, tables)
    return int(out[0])


def _any_size(variant: Variant, cards: tuple[Card, ...]) -> int:
    """The class of any number of cards of a hold'em-style game: hold'em's evaluator,
    or the best of every five for short-deck hands of more than seven cards."""
    if variant.game is Game.HOLDEM:
        return evaluate(cards).class_number
    classes = classes_of(variant)
    return min(
        classes.class_of([c.rank for c in five], len({c.suit for c in five}) == 1)
        for five in itertools.combinations(cards, 5)
    )


@checked
def compare_games(first: GameRanking, second: GameRanking) -> int:
    """1 if ``first`` wins, -1 if ``second`` does, 0 for a tie (one game).

    >>> a = evaluate_game("shortdeck", "Kh Kd", "Ks 7c 8d 9h Tc")
    >>> b = evaluate_game("shortdeck", "Jh Qd", "Ks 7c 8d 9h Tc")
    >>> a.description, b.description, compare_games(a, b)
    ('three of a kind, kings', 'straight, king high', 1)
    """
    return (first > second) - (first < second)
