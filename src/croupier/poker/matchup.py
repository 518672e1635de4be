"""Two hands face to face: the input of seed 001's ``test-eval`` program.

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
from typing import Any

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


def iter_matchups(lines: Iterable[str]) -> Iterator[Matchup | BadLine]:
    """Every non-blank, non-comment line, read with :func:`parse_matchup` as it comes."""
    for number, line in enumerate(lines, 1):
        if not line.split("#", 1)[0].strip():
            continue
        try:
            yield parse_matchup(line, number)
        except PokerError as exc:
            yield BadLine(number, str(exc))


def read_matchups(text: str) -> list[Matchup | BadLine]:
    """Every non-blank, non-comment line of ``text`` (see :func:`iter_matchups`)."""
    return list(iter_matchups(text.splitlines()))
