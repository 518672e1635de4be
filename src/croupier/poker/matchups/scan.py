"""Reading many ``hand1 ; hand2`` lines at once with NumPy: :func:`scan_lines`.

The lines are joined into one byte array; tokens are the runs of bytes between spaces,
tabs, commas and ``;``, and each token is looked up among every spelling of a card that
:func:`~croupier.cards.parse_card` accepts (``Kc``, ``kc``, ``CK``, ``10h``, ``0h``, ``K♣``,
``A♠️``...): a table indexed by the two bytes of two-byte tokens, a sorted array of the
longer ones packed into integers; a ``#`` starts a comment that runs to the end of the
line. A line is read here only when everything about it is plain: exactly one ``;``,
5 to 7 known card tokens a side and no card twice. Every other line is left to
:func:`~croupier.poker.matchups.lines.parse_matchup`, which gives its answer or its error
message; a line that holds only spaces, tabs and a comment is marked ``blank``.

>>> lines = ["As Ks Qs Js Ts ; 2c 3d 4h 5s 7c", "", "As Ks ; 2c"]
>>> scan = scan_lines([*lines, "SA,SK,SQ,SJ,ST;5h 4h 3h 2h Ah 9s"])
>>> scan.fast.tolist(), scan.blank.tolist(), scan.sizes.tolist()
([True, False, False, True], [False, True, False, False], [[5, 5], [5, 6]])
>>> scan.cards[1, 1].tolist()                      # 5h 4h 3h 2h Ah 9s, card numbers
[14, 10, 6, 2, 50, 31, -1]
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from croupier.cards import RANK_TOKENS, SUIT_TOKENS, CardError, parse_card
from croupier.poker.evaluation.keys import MAX_CARDS
from croupier.poker.evaluation.tables import MIN_CARDS

__all__ = ["LineScan", "scan_lines"]

#: The longest card token read here, in bytes (``10♠`` plus U+FE0F is 8).
MAX_TOKEN_BYTES: Final = 8
#: Separators of card tokens (besides ``;``): space, tab and comma, as the hand parser
#: reads them (it turns commas into spaces, then splits on whitespace).
_SPACE, _TAB, _COMMA, _SEMICOLON, _HASH, _NEWLINE = 32, 9, 44, 59, 35, 10
#: Bit ``card`` of a card; the 53rd entry (no card: -1) is 0.
_BITS: Final = np.append(np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64)), np.uint64(0))


@dataclass(frozen=True, slots=True)
class LineScan:
    """What :func:`scan_lines` found in ``n`` lines.

    - ``fast``: (n,) the lines read here; ``blank``: (n,) the lines of spaces and tabs only
      (no answer); the others are for :func:`~croupier.poker.matchups.lines.parse_matchup`;
    - ``cards``: (f, 2, 7) card numbers of the two hands of each fast line, in the order
      written, -1 after the last card; ``sizes``: (f, 2) cards in each hand;
    - ``bits``: (f, 2) each hand's cards as a 52-bit set (bit ``4 * (rank - 2) + suit``).
    """

    fast: NDArray[np.bool_]
    blank: NDArray[np.bool_]
    cards: NDArray[np.int16]
    sizes: NDArray[np.int64]
    bits: NDArray[np.uint64]


def _spellings() -> dict[str, int]:
    """Every token parse_card reads as a card, over ASCII plus the suit symbols (each
    symbol also followed by U+FE0F, as emoji keyboards write it), to its card number."""
    ranks = [r for token in RANK_TOKENS for r in {token, token.lower()}]
    suits = [s for token in SUIT_TOKENS for s in {token, token.lower()}]
    suits += [s + "\ufe0f" for s in suits if not s.isascii()]
    found: dict[str, int] = {}
    for rank in ranks:
        for suit in suits:
            for token in (rank + suit, suit + rank):
                try:
                    found[token] = parse_card(token).index
                except CardError:  # pragma: no cover - every pair above is a card
                    continue
    return found


@functools.cache
def _token_tables() -> tuple[NDArray[np.int16], NDArray[np.uint64], NDArray[np.int16]]:
    """Card numbers of two-byte tokens (indexed by ``256 * byte1 + byte2``, -1 for none),
    and the longer tokens packed big-endian into integers, sorted, with their cards."""
    short = np.full(1 << 16, -1, dtype=np.int16)
    packed: dict[int, int] = {}
    for token, card in _spellings().items():
        data = token.encode()
        if len(data) == 2:
            short[data[0] << 8 | data[1]] = card
        elif len(data) <= MAX_TOKEN_BYTES:
            packed[int.from_bytes(data.ljust(MAX_TOKEN_BYTES, b"\0"), "big")] = card
    keys = np.array(sorted(packed), dtype=np.uint64)
    cards = np.array([packed[k] for k in sorted(packed)], dtype=np.int16)
    for table in (short, keys, cards):
        table.flags.writeable = False
    return short, keys, cards


def _per_line(lines: NDArray[np.integer], n: int) -> NDArray[np.int64]:
    return np.bincount(lines, minlength=n)


def _nothing(n: int) -> LineScan:
    none = np.zeros(n, dtype=bool)
    return LineScan(
        none,
        none,
        np.empty((0, 2, MAX_CARDS), np.int16),
        np.empty((0, 2), np.int64),
        np.empty((0, 2), np.uint64),
    )


def scan_lines(lines: list[str]) -> LineScan:
    """Read the plain ``hand1 ; hand2`` lines among ``lines`` (see the module)."""
    n = len(lines)
    if not n:
        return _nothing(0)
    # one line break after every line: each token ends before the last byte
    data = ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")
    raw = np.frombuffer(data, dtype=np.uint8)
    newline = raw == _NEWLINE
    if int(np.count_nonzero(newline)) != n:  # a line holding a line break: not plain
        return _nothing(n)
    line_of = np.cumsum(newline, dtype=np.int32)  # a line break counts for the next line
    semicolon = raw == _SEMICOLON
    comma = raw == _COMMA
    apart = (raw == _SPACE) | (raw == _TAB) | semicolon | comma | newline
    hashes = np.flatnonzero(raw == _HASH)
    if len(hashes):  # a comment runs from the line's first '#' to its end: left out
        lines_with, first = np.unique(line_of[hashes], return_index=True)
        comment_from = np.full(n + 1, len(raw), dtype=np.int64)  # n: the final line break
        comment_from[lines_with] = hashes[first]
        comment = (np.arange(len(raw)) >= comment_from[line_of]) & ~newline
        apart |= comment
        semicolon &= ~comment
        comma &= ~comment

    # tokens: runs of bytes that are not separators
    edges = np.flatnonzero(np.diff(apart, prepend=True))
    starts, ends = edges[0::2], edges[1::2]
    token_line = line_of[starts]
    marks = np.flatnonzero(semicolon)
    semicolons = _per_line(line_of[marks], n)
    mark_at = np.full(n, len(raw), dtype=np.int64)
    mark_at[line_of[marks]] = marks  # one of the line's marks: fast lines have one
    side = (starts > mark_at[token_line]).astype(np.int64)
    card = _token_cards(raw, starts, ends - starts)

    tokens = _per_line(token_line, n)
    seconds = _per_line(token_line[side == 1], n)
    counts = np.stack([tokens - seconds, seconds], axis=1)
    blank = (tokens == 0) & (semicolons == 0) & (_per_line(line_of[comma], n) == 0)
    sized = ((counts >= MIN_CARDS) & (counts <= MAX_CARDS)).all(axis=1)
    fast = (semicolons == 1) & (_per_line(token_line[card < 0], n) == 0) & sized

    # the cards of the fast lines, each hand left-aligned in its 7 columns
    taken = np.flatnonzero(fast[token_line])
    line = token_line[taken]
    first_token = np.cumsum(tokens) - tokens
    column = taken - first_token[line] - side[taken] * counts[line, 0]
    row = (np.cumsum(fast) - 1)[line]
    cards = np.full((int(np.count_nonzero(fast)), 2, MAX_CARDS), -1, dtype=np.int16)
    cards.reshape(-1)[(row * 2 + side[taken]) * MAX_CARDS + column] = card[taken]
    sizes = counts[fast]

    # no card twice in a line: the sum of the card bits is their union
    bits = _BITS[card[taken]]
    hand_start = np.cumsum(sizes.reshape(-1)) - sizes.reshape(-1)
    hand_bits = np.add.reduceat(bits, hand_start) if len(bits) else bits
    union = np.bitwise_or.reduceat(bits, hand_start[0::2]) if len(bits) else bits
    hand_bits = hand_bits.reshape(-1, 2)
    distinct = hand_bits.sum(axis=1, dtype=np.uint64) == union
    if not distinct.all():
        fast[np.flatnonzero(fast)[~distinct]] = False
        cards, sizes, hand_bits = cards[distinct], sizes[distinct], hand_bits[distinct]
    return LineScan(fast, blank, cards, sizes, hand_bits)


def _token_cards(
    raw: NDArray[np.uint8], starts: NDArray[np.intp], lengths: NDArray[np.intp]
) -> NDArray[np.int16]:
    """The card number of each token (-1 for a token that is not one of the spellings)."""
    short, keys, numbers = _token_tables()
    pair = raw[starts].astype(np.intp) << 8 | raw[starts + 1]  # inside: a line break ends
    card = np.where(lengths == 2, short[pair], np.int16(-1))
    longer = np.flatnonzero((lengths > 2) & (lengths <= MAX_TOKEN_BYTES))
    if len(longer) and len(keys):
        packed = np.zeros(len(longer), dtype=np.uint64)
        begin, size = starts[longer], lengths[longer]
        for k in range(MAX_TOKEN_BYTES):
            within = k < size
            byte = raw[np.minimum(begin + k, len(raw) - 1)].astype(np.uint64)
            packed |= np.where(within, byte, 0).astype(np.uint64) << np.uint64(
                8 * (MAX_TOKEN_BYTES - 1 - k)
            )
        place = np.minimum(np.searchsorted(keys, packed), len(keys) - 1)
        card[longer] = np.where(keys[place] == packed, numbers[place], -1)
    return card
