"""Rounds and the tournament: dealing, the coin toss, the next round, the winner.

A tournament is rounds until a player has 21 points or more after a round; then the
higher score wins, and equal scores tie. Round 1 starts with the winner of the coin toss
the human calls; each later round with the last capturer of the round before. The library
does no I/O: the call and the toss are inputs (:func:`toss_winner`), and decks come from a
seed, a NumPy generator, or a given order (a deck file): the ``rng`` argument.

>>> state = new_tournament(Player.COMPUTER, rng=1)
>>> state.round_number, state.to_move, len(state.deck)
(1, <Player.COMPUTER: 1>, 40)
>>> toss_winner(Coin.parse("heads"), Coin.TAILS)
<Player.COMPUTER: 1>
"""

from __future__ import annotations

import enum
import os
from collections.abc import Sequence
from typing import NoReturn

from croupier.arguments import checked
from croupier.cards import (
    DECK,
    Card,
    CardError,
    CardStyle,
    Shoe,
    as_cards,
    format_cards,
    parse_card_lines,
)
from croupier.casino.errors import CasinoCardError, CasinoError, SaveFileCardError, SaveFileError
from croupier.casino.pieces import HAND_SIZE, Player
from croupier.casino.state import State, check_state
from croupier.choices import parse_choice, unknown_member
from croupier.numerals import plural
from croupier.randomness import RNGLike, as_generator
from croupier.textfile import MAX_GAME_FILE_BYTES, read_text

__all__ = [
    "WINNING_SCORE",
    "Coin",
    "check_deck",
    "deal_round",
    "is_tournament_over",
    "new_tournament",
    "next_round",
    "parse_deck",
    "read_deck_file",
    "shuffled_deck",
    "toss_coin",
    "toss_winner",
    "tournament_winner",
]

#: A tournament ends after the round in which a player reaches this score.
WINNING_SCORE = 21


@enum.unique
class Coin(enum.StrEnum):
    """A side of the coin."""

    @classmethod
    def _missing_(cls, value: object) -> NoReturn:
        raise unknown_member(cls, value, CasinoError)

    HEADS = "heads"
    TAILS = "tails"

    @classmethod
    @checked
    def parse(cls, text: str) -> Coin:
        """``heads`` or ``tails`` (or ``h``, ``t``), in any case."""
        return parse_choice(cls, text, "call", CasinoError, letters=True)


@checked
def toss_coin(rng: RNGLike = None) -> Coin:
    """A fair coin toss (``rng``: an int seed, a NumPy generator or ``None``)."""
    generator = as_generator(rng)
    return Coin.HEADS if generator.integers(2) == 0 else Coin.TAILS


@checked
def toss_winner(call: Coin, toss: Coin) -> Player:
    """Who plays first in round 1: the human if the call matches the toss, else the computer."""
    return Player.HUMAN if call is toss else Player.COMPUTER


# --- decks -------------------------------------------------------------------------------


@checked
def shuffled_deck(rng: RNGLike = None) -> tuple[Card, ...]:
    """The 52 cards in a shuffled order, top first (the same int ``rng`` gives the same order).

    >>> format_cards(shuffled_deck(rng=2)[:4], CardStyle.CASINO)
    'H3 H6 HX CQ'
    """
    return Shoe(decks=1, rng=rng).remaining_cards()


@checked
def check_deck(cards: Sequence[Card] | str, source: str = "deck") -> tuple[Card, ...]:
    """Return ``cards`` (or their text) as a tuple if they are the 52 cards, each once;
    else raise.

    >>> check_deck(DECK[:51])
    Traceback (most recent call last):
    ...
    croupier.casino.errors.CasinoError: deck: 51 cards, a deck is all 52 cards: missing SA
    """
    cards = as_cards(cards, source)
    seen: set[Card] = set()
    for position, card in enumerate(cards, 1):
        if card in seen:
            raise CasinoCardError(f"{source}: {card.casino} at position {position} is there twice")
        seen.add(card)
    if len(seen) != len(DECK):
        missing = format_cards((c for c in DECK if c not in seen), CardStyle.CASINO)
        raise CasinoError(
            f"{source}: {plural(len(seen), 'card')}, a deck is all 52 cards: missing {missing}"
        )
    return tuple(cards)


@checked
def parse_deck(text: str, source: str = "deck file") -> tuple[Card, ...]:
    """A deck written as cards over lines, top first (``#`` starts a comment).

    Each of the 52 cards is given once, in any notation; errors name the line.

    >>> parse_deck("SA SA")
    Traceback (most recent call last):
    ...
    croupier.casino.errors.SaveFileCardError: deck file, card 2 of line 1: 'SA' repeats ...
    """
    try:
        cards = parse_card_lines(text, source, distinct=True)
    except CardError as exc:
        raise SaveFileCardError(str(exc), exc.line) from None
    if len(cards) != len(DECK):
        missing = format_cards((c for c in DECK if c not in set(cards)), CardStyle.CASINO)
        raise SaveFileError(
            f"{source}: {plural(len(cards), 'card')}, a deck file lists all 52 cards: "
            f"missing {missing}"
        )
    return cards


@checked
def read_deck_file(path: str | os.PathLike[str]) -> tuple[Card, ...]:
    """The deck listed in a text file (see :func:`parse_deck`), top first."""
    return parse_deck(
        read_text(path, SaveFileError, max_bytes=MAX_GAME_FILE_BYTES), os.fspath(path)
    )


# --- rounds --------------------------------------------------------------------------------


@checked
def deal_round(
    deck: Sequence[Card] | str,
    first: Player,
    *,
    round_number: int = 1,
    scores: tuple[int, int] = (0, 0),
) -> State:
    """A new round dealt from ``deck`` (the 52 cards, top first): 4 cards to the human,
    4 to the computer, 4 to the table; ``first`` plays first. The round number and the
    scores are checked as a save file's are (:func:`~croupier.casino.state.check_state`):
    a bad one is a :class:`~croupier.casino.errors.CasinoError`."""
    cards = check_deck(deck)
    size = HAND_SIZE
    state = State(
        hands=(cards[:size], cards[size : 2 * size]),
        loose=cards[2 * size : 3 * size],
        deck=cards[3 * size :],
        next_player=Player(first),
        scores=scores,
        round_number=round_number,
    )
    return check_state(state)


@checked
def new_tournament(
    first: Player,
    *,
    deck: Sequence[Card] | str | None = None,
    rng: RNGLike = None,
) -> State:
    """Round 1 of a new tournament: ``first`` won the coin toss; the deck is ``deck`` if given
    (a stacked deal), else shuffled from ``rng`` (an int seed, a NumPy generator or ``None``)."""
    cards = deck if deck is not None else shuffled_deck(rng)
    return deal_round(cards, first)


@checked
def is_tournament_over(state: State) -> bool:
    """True once the round is over and a player has 21 points or more."""
    return state.is_round_over and max(state.totals()) >= WINNING_SCORE


@checked
def tournament_winner(state: State) -> Player | None:
    """The winner of a finished tournament, or ``None`` for a tie."""
    if not is_tournament_over(state):
        raise CasinoError("the tournament is not over: no winner yet")
    human, computer = state.totals()
    if human == computer:
        return None
    return Player.HUMAN if human > computer else Player.COMPUTER


@checked
def next_round(
    state: State,
    deck: Sequence[Card] | str | None = None,
    *,
    rng: RNGLike = None,
) -> State:
    """The next round after a finished one: scores carried over, the last capturer first
    (if nobody captured, the state's next player). The deck is ``deck`` if given, else
    shuffled from ``rng`` (an int seed, a NumPy generator or ``None``).
    """
    if not state.is_round_over:
        raise CasinoError(f"round {state.round_number} is not over: cards are left to play")
    if is_tournament_over(state):
        raise CasinoError("the tournament is over: there is no next round")
    cards = deck if deck is not None else shuffled_deck(rng)
    first = state.last_capturer if state.last_capturer is not None else state.next_player
    return deal_round(cards, first, round_number=state.round_number + 1, scores=state.totals())
