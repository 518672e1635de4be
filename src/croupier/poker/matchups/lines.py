"""Two hands face to face, in any game: the input of the course's ``test-eval`` program
(``croupier poker compare``).

Each line holds two hands separated by ``;``, cards separated by spaces or written
together (tens written ``0``, ``T`` or ``10``); blank lines and ``#`` comments are
skipped. Every line gives a :class:`Matchup`, or a :class:`BadLine` naming the line and
the token, so that one bad line does not stop the others.

>>> first, second = read_matchups("Kc Ac Jh 8s 9c 2s ; Ah Kh 0s 7c 7h 3c\\n\\nAs Ks ; 2c")
>>> first.line, first.winner, first.second.description
(1, 2, 'pair of 7s')
>>> second
BadLine(line=3, message='line 3, hand 1: a poker hand needs at least 5 cards: got 2 (As Ks)')

In hold'em and short-deck a hand is 5 or more cards (of the 36-card deck in short-deck).
In Omaha a hand is its hole cards first (4, or 5 in five-card Omaha), then the board (3
to 5 cards), written in each hand as the course's equity files write a shared board: a
card may be in both hands only as a card of both boards.

>>> first, second = read_matchups(
...     "As Ad Kh Qh Ac 7h 2h 9h 3s ; Ks Kd 7c 7d Ac 7h 2h 9h 3s\\nAs Ad ; 2c", game="omaha"
... )
>>> first.winner, first.first.description, first.second.description
(1, 'flush, king high', 'three of a kind, 7s')
>>> print(second.message)
line 2, hand 1: Omaha: 2 cards: expected the 4 hole cards, then 3 to 5 board cards

Hold'em's lines take a fast path: a chunk of lines is read, ranked and written with NumPy
(:mod:`croupier.poker.matchups.scan`, :mod:`croupier.poker.matchups.render`), a million
lines in seconds.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import Any, Final, Protocol, TypeVar

from croupier.cards import Card, CardError, parse_card
from croupier.errors import prefixed
from croupier.poker.errors import PokerError
from croupier.poker.evaluation.classes import HandCategory
from croupier.poker.evaluation.hand import (
    GameRanking,
    evaluate,
    evaluate_batch,
    evaluate_game,
    game_cards,
)
from croupier.poker.games import Game, Variant, variant_of

_T = TypeVar("_T")

__all__ = [
    "BadLine",
    "Matchup",
    "Ranking",
    "compare_lines",
    "iter_matchups",
    "parse_matchup",
    "read_hands",
    "read_matchups",
    "split_hand",
]

#: A game, by :class:`~croupier.poker.games.Game`, name or rules.
GameLike = Game | str | Variant


class Ranking(Protocol):
    """What a matchup shows of a hand: a hold'em
    :class:`~croupier.poker.evaluation.hand.HandRanking` (the fast path's) or any game's
    :class:`~croupier.poker.evaluation.hand.GameRanking`."""

    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def category(self) -> HandCategory: ...
    @property
    def description(self) -> str: ...
    @property
    def detail(self) -> str: ...
    @property
    def class_number(self) -> int: ...
    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class Matchup:
    """Two evaluated hands from one input line, and who wins."""

    line: int
    first: Ranking
    second: Ranking

    @property
    def winner(self) -> int:
        """1 or 2 for the winning hand (the lower class), 0 for a tie."""
        a, b = self.first.class_number, self.second.class_number
        return 1 if a < b else 2 if a > b else 0

    @property
    def verdict(self) -> str:
        """``Hand 1 wins``, ``Hand 2 wins`` or ``Tie``."""
        return f"Hand {self.winner} wins" if self.winner else "Tie"

    def to_text(self) -> str:
        """The answer as ``croupier poker compare`` writes it to a file or a pipe: the line
        number, each hand with its category, five cards and description, the verdict.

        >>> print(parse_matchup("Kc Ac Jh 8s 9c 2s ; Ah Kh 0s 7c 7h 3c", 2).to_text(), end="")
        Line 2
          Hand 1: K♣ A♣ J♥ 8♠ 9♣ 2♠    high card: A♣ K♣ J♥ 9♣ 8♠ (ace high)
          Hand 2: A♥ K♥ 10♠ 7♣ 7♥ 3♣   pair: 7♥ 7♣ A♥ K♥ 10♠ (7s)
          Hand 2 wins
        <BLANKLINE>
        """
        hands = (self.first, self.second)
        shown = [" ".join(card.pretty for card in ranking.hand) for ranking in hands]
        width = max(len(text) for text in shown)
        lines = [f"Line {self.line}"]
        for number, (ranking, text) in enumerate(zip(hands, shown, strict=True), 1):
            five = " ".join(card.pretty for card in ranking.cards)
            lines.append(
                f"  Hand {number}: {text}{' ' * (width - len(text) + 3)}"
                f"{ranking.category.label}: {five} ({ranking.detail})"
            )
        lines += [f"  {self.verdict}", ""]
        return "\n".join(lines) + "\n"

    def to_json(self) -> str:
        """:meth:`to_dict` as one line of JSON, line break included (``compare --json``)."""
        return json.dumps(self.to_dict(), ensure_ascii=False) + "\n"

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


def read_hands(text: str, line: int, read: Callable[[str], _T]) -> list[_T]:
    """Each of the two hands of a ``hand1 ; hand2`` line (a ``#`` comment left out),
    read by ``read``; its :class:`~croupier.poker.errors.PokerError` is prefixed with
    the line and the hand."""
    content = text.split("#", 1)[0]
    parts = content.split(";")
    if len(parts) != 2:
        problem = "no ';' between the hands" if len(parts) < 2 else "more than one ';'"
        raise PokerError(f"line {line}: {problem}: expected 'hand1 ; hand2'")
    hands = []
    for number, part in enumerate(parts, 1):
        try:
            hands.append(read(part))
        except PokerError as exc:
            raise prefixed(exc, f"line {line}, hand {number}") from None
    return hands


Hand = tuple[tuple[Card, ...], tuple[Card, ...]]


def split_hand(variant: Variant, text: str) -> Hand:
    """The hole cards and the board of one hand's text: in Omaha the first cards are
    the hole cards; in hold'em-style games every card is a hole card."""
    cards = game_cards(text, "", variant)
    if variant.hole_used is None:
        if len(cards) < 5:
            raise PokerError(f"a poker hand needs at least 5 cards: got {len(cards)}")
        return cards, ()
    if not variant.hole_cards + 3 <= len(cards) <= variant.hole_cards + 5:
        raise PokerError(
            f"{variant.label}: {len(cards)} cards: expected the {variant.hole_cards} hole "
            "cards, then 3 to 5 board cards"
        )
    return cards[: variant.hole_cards], cards[variant.hole_cards :]


def _check_shared(first: Hand, second: Hand, line: int) -> None:
    """A card in both hands must be a board card of both (Omaha; in other games no card
    is in both hands)."""
    for card in first[0] + first[1]:
        if card in second[0] + second[1] and not (card in first[1] and card in second[1]):
            why = "only board cards may be" if first[1] else "each card may appear once"
            raise PokerError(f"line {line}: card {str(card)!r} is in both hands: {why}")


def _read_line(variant: Variant, text: str, line: int) -> tuple[Hand, Hand] | None:
    """The two hands of a line of another game than hold'em (None for a blank or
    comment line)."""
    if not text.split("#", 1)[0].strip():
        return None
    hands = read_hands(text, line, lambda part: split_hand(variant, part))
    _check_shared(hands[0], hands[1], line)
    return hands[0], hands[1]


def parse_matchup(text: str, line: int = 1, game: GameLike = Game.HOLDEM) -> Matchup:
    """One ``hand1 ; hand2`` line of a game (hold'em by default; a ``#`` comment allowed
    at the end).

    >>> parse_matchup("As Ks Qs Js Ts ; Ah Kh Qh Jh Th").verdict
    'Tie'
    >>> parse_matchup("As Ks Qs Js Ts Ah Kh Qh Jh Th", 4)
    Traceback (most recent call last):
    ...
    croupier.poker.errors.PokerError: line 4: no ';' between the hands: expected 'hand1 ; hand2'
    >>> parse_matchup("Ah 6c 7d 8s 9s ; Kh Kd Ks 2c 3c", game="shortdeck").winner
    Traceback (most recent call last):
    ...
    croupier.poker.errors.PokerCardError: line 1, hand 2: card 2c is not in the short-deck ...
    """
    variant = variant_of(game)
    if variant.game is not Game.HOLDEM:
        found = _read_line(variant, text, line)
        if found is None:
            raise PokerError(f"line {line}: no hands: expected 'hand1 ; hand2'")
        first, second = (evaluate_game(variant, *hand) for hand in found)
        return Matchup(line, first, second)
    hands = read_hands(text, line, evaluate)
    shared = set(hands[0].hand) & set(hands[1].hand)
    if shared:
        card = next(c for c in hands[1].hand if c in shared)
        raise PokerError(
            f"line {line}: card {str(card)!r} is in both hands: each card may appear once"
        )
    return Matchup(line, hands[0], hands[1])


#: The most lines :func:`iter_matchups` evaluates together (one batch call per hand size).
CHUNK_LINES: Final = 4096
#: The most lines :func:`compare_lines` reads, evaluates and writes together.
COMPARE_CHUNK_LINES: Final = 16384
#: The fewest lines :func:`compare_lines` handles with NumPy: below that, a line at a time
#: costs less than building the tables of the NumPy path once (about 40 ms), so a short
#: file (or the start of a long one) is answered at once.
NUMPY_FROM_LINES = 1024


def iter_matchups(
    lines: Iterable[str], chunk: int = CHUNK_LINES, game: GameLike = Game.HOLDEM
) -> Iterator[Matchup | BadLine]:
    """Every non-blank, non-comment line of a game, as :func:`parse_matchup` reads it, in
    order.

    Lines are taken a chunk at a time (1, 2, 4... lines, then ``chunk`` at a time, so the
    first answers come at once) and the chunk's hands are ranked together (hold'em's
    with :func:`~croupier.poker.evaluation.hand.evaluate_batch`, the other games' with
    :func:`~croupier.poker.evaluation.batch.rank_game_rows`); a hold'em line the quick
    reading refuses goes through :func:`parse_matchup`, which gives the same answer or
    the same error. An error raised by ``lines`` itself comes after the answers to the
    lines before it.

    >>> [m.winner for m in iter_matchups(["As Ks Qs Js Ts ; 2c 3d 4h 5s 7c"] * 3)]
    [1, 1, 1]
    >>> [m.winner for m in iter_matchups(["As Ks Qs Js 2c 3c 4c 5c ; "
    ...     "Ah Kh Qh Jh 2d 3c 4c 5c"], game="omaha5")]
    [0]
    """
    variant = variant_of(game)
    for first, batch in line_chunks(lines, chunk):
        if variant.game is Game.HOLDEM:
            yield from _evaluate_chunk(list(enumerate(batch, first)))
        else:
            yield from _evaluate_game_chunk(variant, enumerate(batch, first))


def compare_lines(
    lines: Iterable[str],
    *,
    as_json: bool = False,
    chunk: int = COMPARE_CHUNK_LINES,
    game: GameLike = Game.HOLDEM,
) -> Iterator[bytes | BadLine]:
    """What ``croupier poker compare`` writes for ``lines`` in a game (hold'em by
    default), as it comes: the text of the answers (:meth:`Matchup.to_text`, or with
    ``as_json`` :meth:`Matchup.to_json`), UTF-8 encoded, a run of lines at a time, and a
    :class:`BadLine` in its place for each line refused.

    The same as writing each answer of :func:`iter_matchups`, byte for byte. In hold'em
    the plain lines of a chunk (nearly all of them in practice) are read, evaluated and
    written with NumPy (see :mod:`croupier.poker.matchups.scan` and
    :mod:`croupier.poker.matchups.render`), so a million lines take seconds; any other
    line goes through :func:`parse_matchup`. An error raised by ``lines`` comes after the
    text of the lines before it.

    >>> for piece in compare_lines(["As Ks Qs Js Ts ; 2c 3d 4h 5s 7c", "As Ks ; 2c"]):
    ...     print(piece.decode() if isinstance(piece, bytes) else piece, end="")
    Line 1
      Hand 1: A♠ K♠ Q♠ J♠ 10♠   straight flush: A♠ K♠ Q♠ J♠ 10♠ (royal flush)
      Hand 2: 2♣ 3♦ 4♥ 5♠ 7♣    high card: 7♣ 5♠ 4♥ 3♦ 2♣ (7 high)
      Hand 1 wins
    <BLANKLINE>
    BadLine(line=2, message='line 2, hand 1: a poker hand needs at least 5 cards: got 2 (As Ks)')...
    """
    variant = variant_of(game)
    if variant.game is not Game.HOLDEM:
        yield from _grouped(iter_matchups(lines, chunk, variant), as_json)
        return
    for first, batch in line_chunks(lines, chunk):
        yield from _compare_chunk(first, batch, as_json)


def line_chunks(lines: Iterable[str], chunk: int) -> Iterator[tuple[int, list[str]]]:
    """The lines 1, 2, 4... then ``chunk`` at a time, each batch with the number of its
    first line; if ``lines`` raises, the lines read before the error come first."""
    if chunk < 1:
        raise ValueError(f"chunk must be at least 1 line, not {chunk}")
    source = iter(lines)
    first, size = 1, 1
    while True:
        batch: list[str] = []
        try:
            batch.extend(islice(source, size))
        except BaseException:
            if batch:
                yield first, batch
            raise
        yield first, batch
        if len(batch) < size:
            return
        first += len(batch)
        size = min(2 * size, chunk)


def _compare_chunk(first: int, batch: list[str], as_json: bool) -> Iterator[bytes | BadLine]:
    """The text of a chunk's answers, a run of lines at a time, and its refused lines."""
    if len(batch) < NUMPY_FROM_LINES:
        yield from _grouped(_evaluate_chunk(enumerate(batch, first)), as_json)
        return
    import numpy as np  # here, not at the top: the lobby's one-line compare never needs it

    from croupier.poker.evaluation.batch import best_five_batch, rank_batch
    from croupier.poker.matchups.render import render_matchups
    from croupier.poker.matchups.scan import scan_lines

    scan = scan_lines(batch)
    fast_numbers = np.flatnonzero(scan.fast) + first
    hands = scan.cards.reshape(-1, scan.cards.shape[2])
    sizes = scan.sizes.reshape(-1)
    classes = np.zeros(len(hands), dtype=np.uint16)
    for size in np.unique(sizes).tolist():
        rows = np.flatnonzero(sizes == size)
        classes[rows] = rank_batch(hands[rows, :size], check=False)
    five = best_five_batch(scan.bits.reshape(-1), classes).reshape(-1, 2, 5)
    rendered = render_matchups(
        fast_numbers, scan.cards, classes.reshape(-1, 2), five, as_json=as_json
    )
    text = rendered.text()
    others = np.flatnonzero(~(scan.fast | scan.blank)).tolist()
    if not others:
        yield from _grouped([text], as_json)
        return
    # the other lines' answers, each after the text of the fast lines before it
    ends = np.concatenate(([0], np.cumsum(rendered.lengths()))).tolist()
    pieces: list[bytes | Matchup | BadLine] = []
    done = 0  # fast lines placed
    for answer in _evaluate_chunk([(first + i, batch[i]) for i in others]):
        before = int(np.searchsorted(fast_numbers, answer.line))
        pieces += [text[ends[done] : ends[before]], answer]
        done = before
    pieces.append(text[ends[done] :])
    yield from _grouped(pieces, as_json)


def _grouped(
    pieces: Iterable[bytes | Matchup | BadLine], as_json: bool
) -> Iterator[bytes | BadLine]:
    """Text and answers joined into one run of text between refused lines."""
    run: list[bytes] = []
    for piece in pieces:
        if isinstance(piece, BadLine):
            if run:
                yield b"".join(run)
            run = []
            yield piece
        elif isinstance(piece, Matchup):
            run.append((piece.to_json() if as_json else piece.to_text()).encode())
            if len(run) >= CHUNK_LINES:
                yield b"".join(run)
                run = []
        elif piece:
            run.append(piece)
    if run:
        yield b"".join(run)


def _evaluate_chunk(batch: Iterable[tuple[int, str]]) -> list[Matchup | BadLine]:
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


def _evaluate_game_chunk(
    variant: Variant, batch: Iterable[tuple[int, str]]
) -> list[Matchup | BadLine]:
    """The answers to the numbered lines of another game than hold'em, blank and comment
    lines left out: the hands of a chunk ranked together, one call per shape of hand."""
    import numpy as np  # here, not at the top: the lobby's one-line compare never needs it

    from croupier.poker.evaluation.batch import rank_game_rows

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
    for shape in sorted({(len(h[0]), len(h[1])) for h in every}):  # one call a shape
        rows = [i for i, h in enumerate(every) if (len(h[0]), len(h[1])) == shape]
        if variant.hole_used is None and not 5 <= shape[0] <= 7:
            classes = [evaluate_game(variant, every[i][0]).class_number for i in rows]
        else:
            hole = np.array([[c.index for c in every[i][0]] for i in rows], dtype=np.int64)
            board = np.array([[c.index for c in every[i][1]] for i in rows], dtype=np.int64)
            board = board.reshape(len(rows), shape[1])
            classes = rank_game_rows(variant, hole, board, check=False).tolist()
        for i, number in zip(rows, classes, strict=True):
            rankings[i] = GameRanking(variant.game, every[i][0], every[i][1], int(number))
    for k, (place, number, _, _) in enumerate(pending):
        first, second = rankings[2 * k], rankings[2 * k + 1]
        assert first is not None and second is not None
        answers[place] = Matchup(number, first, second)
    return [answer for answer in answers if answer is not None]


def read_matchups(text: str, game: GameLike = Game.HOLDEM) -> list[Matchup | BadLine]:
    """Every non-blank, non-comment line of ``text`` in a game (see :func:`iter_matchups`)."""
    return list(iter_matchups(text.splitlines(), game=game))
