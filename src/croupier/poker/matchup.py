"""Two hands face to face: the input of the course's ``test-eval`` program.

Each line holds two hands separated by ``;``, cards separated by spaces (tens written
``0``, ``T`` or ``10``); blank lines and ``#`` comments are skipped. Every line gives a
:class:`Matchup`, or a :class:`BadLine` naming the line and the token, so that one bad
line does not stop the others.

>>> first, second = read_matchups("Kc Ac Jh 8s 9c 2s ; Ah Kh 0s 7c 7h 3c\\n\\nAs Ks ; 2c")
>>> first.line, first.winner, first.second.description
(1, 2, 'pair of 7s')
>>> second
BadLine(line=3, message='line 3, hand 1: a poker hand needs at least 5 cards: got 2 (As Ks)')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import Any, Final

from croupier.cards import Card, CardError, parse_card
from croupier.errors import prefixed
from croupier.poker.errors import PokerError
from croupier.poker.hand import HandRanking, compare_hands, evaluate

__all__ = ["BadLine", "Matchup", "iter_matchups", "parse_matchup", "read_matchups"]


@dataclass(frozen=True, slots=True)
class Matchup:
    """Two evaluated hands from one input line, and who wins."""

    line: int
    first: HandRanking
    second: HandRanking

    @property
    def winner(self) -> int:
        """1 or 2 for the winning hand, 0 for a tie."""
        verdict = compare_hands(self.first, self.second)
        return 1 if verdict > 0 else 2 if verdict < 0 else 0

    @property
    def verdict(self) -> str:
        """``Hand 1 wins``, ``Hand 2 wins`` or ``Tie``."""
        return f"Hand {self.winner} wins" if self.winner else "Tie"

    def to_dict(self) -> dict[str, Any]:
        """The line as JSON-ready data (one line of ``croupier poker compare --json``).

        >>> data = parse_matchup("As Ks Qs Js Ts ; 2c 3d 4h 5s 7c", 3).to_dict()
        >>> data["line"], data["winner"], data["hand2"]["category"]
        (3, 1, 'high card')
        """
        return {
            "line": self.line,
            "hand1": self.first.to_dict(),
            "hand2": self.second.to_dict(),
            "winner": self.winner,
        }


@dataclass(frozen=True, slots=True)
class BadLine:
    """An input line that could not be read; ``message`` names the line and the problem."""

    line: int
    message: str

    def to_dict(self) -> dict[str, Any]:
        """The refused line as JSON-ready data: ``{"line": ..., "error": ...}``.

        >>> BadLine(4, "line 4: no ';' between the hands").to_dict()
        {'line': 4, 'error': "line 4: no ';' between the hands"}
        """
        return {"line": self.line, "error": self.message}


def parse_matchup(text: str, line: int = 1) -> Matchup:
    """One ``hand1 ; hand2`` line (a ``#`` comment allowed at the end).

    >>> parse_matchup("As Ks Qs Js Ts ; Ah Kh Qh Jh Th").verdict
    'Tie'
    >>> parse_matchup("As Ks Qs Js Ts Ah Kh Qh Jh Th", 4)
    Traceback (most recent call last):
    ...
    croupier.poker.errors.PokerError: line 4: no ';' between the hands: expected 'hand1 ; hand2'
    """
    content = text.split("#", 1)[0]
    parts = content.split(";")
    if len(parts) != 2:
        problem = "no ';' between the hands" if len(parts) < 2 else "more than one ';'"
        raise PokerError(f"line {line}: {problem}: expected 'hand1 ; hand2'")
    hands = []
    for number, part in enumerate(parts, 1):
        try:
            hands.append(evaluate(part))
        except PokerError as exc:
            raise prefixed(exc, f"line {line}, hand {number}") from None
    shared = set(hands[0].hand) & set(hands[1].hand)
    if shared:
        card = next(c for c in hands[1].hand if c in shared)
        raise PokerError(
            f"line {line}: card {str(card)!r} is in both hands: each card may appear once"
        )
    return Matchup(line, hands[0], hands[1])


#: The most lines :func:`iter_matchups` evaluates together (one batch call per hand size).
CHUNK_LINES: Final = 4096


def iter_matchups(lines: Iterable[str], chunk: int = CHUNK_LINES) -> Iterator[Matchup | BadLine]:
    """Every non-blank, non-comment line, as :func:`parse_matchup` reads it, in order.

    Lines are taken a chunk at a time (1, 2, 4... lines, then ``chunk`` at a time, so the
    first answers come at once) and the chunk's hands are evaluated together with
    :func:`~croupier.poker.batch.evaluate_batch`; a line the quick reading refuses goes
    through :func:`parse_matchup`, which gives the same answer or the same error.
    An error raised by ``lines`` itself comes after the answers to the lines before it.

    >>> [m.winner for m in iter_matchups(["As Ks Qs Js Ts ; 2c 3d 4h 5s 7c"] * 3)]
    [1, 1, 1]
    """
    if chunk < 1:
        raise ValueError(f"chunk must be at least 1 line, not {chunk}")
    numbered = enumerate(lines, 1)
    size = 1
    while True:
        batch: list[tuple[int, str]] = []
        try:
            batch.extend(islice(numbered, size))
        except BaseException:
            yield from _evaluate_chunk(batch)
            raise
        yield from _evaluate_chunk(batch)
        if len(batch) < size:
            return
        size = min(2 * size, chunk)


def _evaluate_chunk(batch: list[tuple[int, str]]) -> list[Matchup | BadLine]:
    """The answers to the numbered lines of ``batch``, blank and comment lines left out."""
    answers: list[Matchup | BadLine | None] = []
    quick: list[tuple[int, int]] = []  # (place in answers, line number)
    hands: list[tuple[Card, ...]] = []
    for number, line in batch:
        content = line.split("#", 1)[0]
        if not content.strip():
            continue
        parts = content.split(";")
        pair = [_quick_hand(part) for part in parts] if len(parts) == 2 else [None]
        if None in pair or _shared(pair[0], pair[1]):  # type: ignore[arg-type]
            try:
                answers.append(parse_matchup(line, number))
            except PokerError as exc:
                answers.append(BadLine(number, str(exc)))
            continue
        quick.append((len(answers), number))
        answers.append(None)
        hands += pair  # type: ignore[arg-type]  # no None (checked above)
    if quick:
        from croupier.poker.batch import evaluate_batch  # NumPy: only once there are hands

        rankings = evaluate_batch(hands)
        for k, (place, number) in enumerate(quick):
            answers[place] = Matchup(number, rankings[2 * k], rankings[2 * k + 1])
    return answers  # type: ignore[return-value]  # every placeholder is filled


# Cards of the tokens read so far (only valid tokens: a few hundred spellings at most).
_CARD_OF_TOKEN: Final[dict[str, Card]] = {}


def _quick_hand(text: str) -> tuple[Card, ...] | None:
    """The 5 to 7 distinct cards of ``text``, or None for anything else (left to
    :func:`parse_matchup` and its error messages)."""
    tokens = text.replace(",", " ").split()
    if not 5 <= len(tokens) <= 7:
        return None
    cards = []
    for token in tokens:
        card = _CARD_OF_TOKEN.get(token)
        if card is None:
            try:
                card = _CARD_OF_TOKEN[token] = parse_card(token)
            except CardError:
                return None
        cards.append(card)
    return tuple(cards) if len({card.index for card in cards}) == len(cards) else None


def _shared(first: tuple[Card, ...], second: tuple[Card, ...]) -> bool:
    return not {card.index for card in first}.isdisjoint([card.index for card in second])


def read_matchups(text: str) -> list[Matchup | BadLine]:
    """Every non-blank, non-comment line of ``text`` (see :func:`iter_matchups`)."""
    return list(iter_matchups(text.splitlines()))
