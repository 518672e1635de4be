"""Two hands face to face in any game: ``croupier poker compare --game omaha`` and friends.

The lines are those of hold'em's compare (:mod:`croupier.poker.matchup`): two hands
separated by ``;``, cards separated by spaces, blank lines and ``#`` comments skipped.
In short-deck a hand is 5 or more cards of the 36-card deck, as in hold'em. In Omaha a
hand is its hole cards first (4, or 5 in five-card Omaha), then the board (3 to 5
cards), written in each hand as the course's equity files write a shared board: a card
may be in both hands only as a card of both boards.

>>> first, second = read_game_matchups(
...     "omaha", "As Ad Kh Qh Ac 7h 2h 9h 3s ; Ks Kd 7c 7d Ac 7h 2h 9h 3s\\nAs Ad ; 2c"
... )
>>> first.winner, first.first.description, first.second.description
(1, 'flush, king high', 'three of a kind, 7s')
>>> print(second.message)
line 2, hand 1: Omaha: 2 cards: expected the 4 hole cards, then 3 to 5 board cards
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

import numpy as np

from croupier.cards import Card
from croupier.poker.errors import PokerCardError, PokerError
from croupier.poker.matchup import BadLine, Matchup, line_chunks, read_hands
from croupier.poker.variant_hand import GameRanking, evaluate_game, game_cards
from croupier.poker.variant_rows import rank_game_rows
from croupier.poker.variants import Game, Variant, variant_of

__all__ = [
    "compare_game_lines",
    "iter_game_matchups",
    "parse_game_matchup",
    "read_game_matchups",
    "split_hand",
]

#: The most lines evaluated together.
CHUNK_LINES: Final = 4096

Hand = tuple[tuple[Card, ...], tuple[Card, ...]]


def split_hand(variant: Variant, text: str) -> Hand:
    """The hole cards and the board of one hand's text: in Omaha the first cards are
    the hole cards; in hold'em-style games every card is a hole card."""
    cards = game_cards(text, "hand", variant)
    if variant.hole_used is None:
        if len(cards) < 5:
            raise PokerError(f"a poker hand needs at least 5 cards: got {len(cards)}")
        return cards, ()
    if not variant.hole_cards + 3 <= len(cards) <= variant.hole_cards + 5:
        raise PokerError(
            f"{variant.label}: {len(cards)} cards: expected the {variant.hole_cards} hole "
            "cards, then 3 to 5 board cards"
        )
    if len(set(cards)) != len(cards):
        card = next(c for i, c in enumerate(cards) if c in cards[:i])
        raise PokerCardError(f"card {card} is there twice: each card may appear once")
    return cards[: variant.hole_cards], cards[variant.hole_cards :]


def _check_shared(first: Hand, second: Hand, line: int) -> None:
    """A card in both hands must be a board card of both (Omaha; in other games no card
    is in both hands)."""
    for card in first[0] + first[1]:
        if card in second[0] + second[1] and not (card in first[1] and card in second[1]):
            why = "only board cards may be" if first[1] else "each card may appear once"
            raise PokerError(f"line {line}: card {str(card)!r} is in both hands: {why}")


def _read_line(variant: Variant, text: str, line: int) -> tuple[Hand, Hand] | None:
    """The two hands of a line (None for a blank or comment line)."""
    if not text.split("#", 1)[0].strip():
        return None
    hands = read_hands(text, line, lambda part: split_hand(variant, part))
    _check_shared(hands[0], hands[1], line)
    return hands[0], hands[1]


def parse_game_matchup(game: Game | str | Variant, text: str, line: int = 1) -> Matchup:
    """One ``hand1 ; hand2`` line of a game.

    >>> parse_game_matchup("shortdeck", "Ah 6c 7d 8s 9s ; Kh Kd Ks 2c 3c").winner
    Traceback (most recent call last):
    ...
    croupier.poker.errors.PokerCardError: line 1, hand 2: card 2c is not in the short-deck ...
    """
    variant = variant_of(game)
    hands = _read_line(variant, text, line)
    if hands is None:
        raise PokerError(f"line {line}: no hands: expected 'hand1 ; hand2'")
    first, second = (evaluate_game(variant, *hand) for hand in hands)
    return Matchup(line, first, second)


def iter_game_matchups(
    game: Game | str | Variant, lines: Iterable[str], chunk: int = CHUNK_LINES
) -> Iterator[Matchup | BadLine]:
    """Every non-blank, non-comment line of a game, as :func:`parse_game_matchup` reads
    it, in order; the hands of a chunk of lines are ranked together.

    >>> [m.winner for m in iter_game_matchups("omaha5", ["As Ks Qs Js 2c 3c 4c 5c ; "
    ...     "Ah Kh Qh Jh 2d 3c 4c 5c"])]
    [0]
    """
    variant = variant_of(game)
    for first, batch in line_chunks(lines, chunk):
        yield from _evaluate_chunk(variant, enumerate(batch, first))


def _evaluate_chunk(variant: Variant, batch: Iterable[tuple[int, str]]) -> list[Matchup | BadLine]:
    answers: list[Matchup | BadLine | None] = []
    pending: list[tuple[int, int, Hand, Hand]] = []
    for number, text in batch:
        try:
            hands = _read_line(variant, text, number)
        except PokerError as exc:
            answers.append(BadLine(number, str(exc)))
            continue
        if hands is not None:
            pending.append((len(answers), number, *hands))
            answers.append(None)
    every: list[Hand] = [hand for _, _, first, second in pending for hand in (first, second)]
    rankings: list[GameRanking | None] = [None] * len(every)
    shapes = sorted({(len(h[0]), len(h[1])) for h in every})
    for shape in shapes:  # one call per shape of hand
        rows = [i for i, h in enumerate(every) if (len(h[0]), len(h[1])) == shape]
        hole = np.array([[c.index for c in every[i][0]] for i in rows], dtype=np.int64)
        board = np.array([[c.index for c in every[i][1]] for i in rows], dtype=np.int64)
        board = board.reshape(len(rows), shape[1])
        if variant.hole_used is None and not 5 <= shape[0] <= 7:
            classes = [evaluate_game(variant, every[i][0]).class_number for i in rows]
        else:
            classes = rank_game_rows(variant, hole, board, check=False).tolist()
        for i, number in zip(rows, classes, strict=True):
            rankings[i] = GameRanking(variant.game, every[i][0], every[i][1], int(number))
    for k, (place, number, _, _) in enumerate(pending):
        first, second = rankings[2 * k], rankings[2 * k + 1]
        assert first is not None and second is not None
        answers[place] = Matchup(number, first, second)
    return [answer for answer in answers if answer is not None]


def compare_game_lines(
    game: Game | str | Variant, lines: Iterable[str], *, as_json: bool = False
) -> Iterator[bytes | BadLine]:
    """What ``croupier poker compare --game ...`` writes: each answer's text (or JSON
    line), UTF-8 encoded, and a :class:`~croupier.poker.matchup.BadLine` for each line
    refused, in order."""
    run: list[bytes] = []
    for answer in iter_game_matchups(game, lines):
        if isinstance(answer, BadLine):
            if run:
                yield b"".join(run)
            run = []
            yield answer
        else:
            run.append((answer.to_json() if as_json else answer.to_text()).encode())
            if len(run) >= CHUNK_LINES:
                yield b"".join(run)
                run = []
    if run:
        yield b"".join(run)


def read_game_matchups(game: Game | str | Variant, text: str) -> list[Matchup | BadLine]:
    """Every non-blank, non-comment line of ``text`` (see :func:`iter_game_matchups`)."""
    return list(iter_game_matchups(game, text.splitlines()))
