"""``compare_lines`` (NumPy: scan, evaluate, lay out the text) against the slow path it
replaces: each line read alone with ``parse_matchup`` and written with ``to_text`` or
``to_json``. Every byte of the output and every error must be the same, in the same order."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import DECK
from croupier.errors import CroupierError
from croupier.poker import evaluate
from croupier.poker.evaluation.batch import best_five_batch, rank_batch
from croupier.poker.matchups import lines as matchup
from croupier.poker.matchups.lines import BadLine, Matchup, compare_lines
from croupier.poker.matchups.render import render_matchups
from croupier.poker.matchups.scan import scan_lines

from .test_lines_chunks import ODD_LINES, one_at_a_time

RANKS = {
    10: ["T", "t", "10", "0", "X", "x"],
    **{r: [str(r)] for r in range(2, 10)},
    11: ["J", "j"],
    12: ["Q", "q"],
    13: ["K", "k"],
    14: ["A", "a"],
}
SUITS = [
    ["c", "C", "♣", "♧", "♣️"],
    ["d", "D", "♦", "♢", "♦️"],
    ["h", "H", "♥", "♡", "❤", "❤️"],
    ["s", "S", "♠", "♤", "♠️"],
]
#: Lines the fast path leaves to parse_matchup, for the answer or the error it gives.
SLOW = [
    "As Ks Qs Js Ts #; 2c 3d 4h 5s 7c",
    "As Ks Qs Js Ts\u00a0; 2c 3d 4h 5s 7c",  # no-break space: whitespace to str.split
    "As Ks Qs Js T\u017f ; 2c 3d 4h 5s 7c",  # long s: 'S' once upper-cased
    "As Ks Qs Js Ts ; 2c 3d 4h 5s 7c\x1f",  # a control character that str.split drops
    "As Ks Qs Js Ts ; 2c 3d 4h 5s 7cc",
    "As Ks Qs Js Ts ; 2c 3d 4h 5s 10♠️x",
    "As Ks Qs Js Ts ; 2c 3d 4h 5s 100c",
    ",",
    " ; ",
    "As Ks Qs Js Ts ; 2c 3d 4h 5s 7c As",
    "As Ks Qs Js Ts 9s 8s ; Ah Kh Qh Jh Th 9h 8h 7h",
    "As Ks Qs Js Ts 9s 8s 7s 6s ; Ah Kh Qh Jh Th",
    "AsKs Qs Js Ts ; 2c 3d 4h 5s 7c",
    "A♠\ufe0f\ufe0f K♠ Q♠ J♠ 10♠ ; 2c 3d 4h 5s 7c",
    "\ufe0fA♠ K♠ Q♠ J♠ 10♠ ; 2c 3d 4h 5s 7c",
    "S10 H10 D10 C10 SX ; 2c 3d 4h 5s 7c",
    "As Ks Qs Js Ts ; 2c 3d 4h 5s 7c ; 8d",
    "As Ks Qs Js ; 2c 3d 4h 5s 7c",
]
#: Lines of every kind: the course's odd lines, the slow ones, plain ones oddly spaced.
AWKWARD = [
    *ODD_LINES,
    *SLOW,
    "As Ks Qs Js Ts ; 2c 3d 4h 5s ,7c,",
    "As  Ks\tQs , Js Ts;2c 3d 4h 5s 7c   ",
    "  \t  ",
    "As Ks Qs Js Ts ; 2c 3d 4h 5s 7c  # trailing comment",
    "As Ks Qs Js Ts ; 2c 3d 4h 5s 7c#",
    "# As Ks Qs Js Ts ; 2c 3d 4h 5s 7c",
    "  # As Ks ; 2c",
    "As Ks Qs Js Ts ; 2c 3d 4h 5s 7c  # 2c ; 2c",
    "As Ks Qs Js Ts ; 2c 3d 4h 5s 7c  # a comment; with a ';'",
]


def spelling(rng: random.Random, index: int) -> str:
    """Card ``index`` in one of the notations people write."""
    card = DECK[index]
    rank, suit = rng.choice(RANKS[int(card.rank)]), rng.choice(SUITS[int(card.suit)])
    return suit + rank if rng.random() < 0.15 and suit.isascii() else rank + suit


def random_line(rng: random.Random, *, plain: bool = False) -> str:
    """Two hands of 5 to 7 cards (often flushes, pairs and tens), in any notation unless
    ``plain``; now and then a card shared by both hands or given twice in one."""
    if rng.random() < 0.3:  # flush-heavy: most cards from one suit
        suit = rng.randrange(4)
        pool = [i for i in range(52) if i % 4 == suit] + rng.sample(range(52), 14)
        cards = rng.sample(sorted(set(pool)), 14)
    else:
        cards = rng.sample(range(52), 14)
    first, second = rng.randint(5, 7), rng.randint(5, 7)
    hands = [cards[:first], cards[7 : 7 + second]]
    if not plain and rng.random() < 0.05:
        hands[1][0] = hands[0][rng.randrange(first)]
    if not plain and rng.random() < 0.03:
        hands[0][1] = hands[0][0]
    if plain:
        return " ; ".join(" ".join(str(DECK[c]) for c in hand) for hand in hands)
    gaps = [" ", " ", " ", "  ", "\t", ", ", ","]
    texts = [rng.choice(gaps).join(spelling(rng, c) for c in hand) for hand in hands]
    return texts[0] + rng.choice([" ; ", ";", "  ;\t", " ;"]) + texts[1]


def mixed(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [rng.choice(AWKWARD) if rng.random() < 0.15 else random_line(rng) for _ in range(count)]


def expected_output(lines: list[str], as_json: bool) -> list[str | BadLine]:
    """The slow path: each line alone, its answer written by the Matchup itself."""
    out: list[str | BadLine] = []
    for answer in one_at_a_time(lines):
        if isinstance(answer, BadLine):
            out.append(answer)
        else:
            out.append(answer.to_json() if as_json else answer.to_text())
    return out


def joined(pieces: list[str | BadLine]) -> list[str | BadLine]:
    """Runs of text joined into one string between refused lines (as compare_lines gives)."""
    out: list[str | BadLine] = []
    for piece in pieces:
        if isinstance(piece, str) and out and isinstance(out[-1], str):
            out[-1] += piece
        else:
            out.append(piece)
    return out


@pytest.fixture(autouse=True)
def numpy_for_every_chunk(monkeypatch: pytest.MonkeyPatch) -> None:
    """The NumPy path even for chunks of one line (it starts at 1,024 lines otherwise)."""
    monkeypatch.setattr(matchup, "NUMPY_FROM_LINES", 1)


def fast_output(lines: list[str], as_json: bool, chunk: int) -> list[str | BadLine]:
    pieces = list(compare_lines(lines, as_json=as_json, chunk=chunk))
    assert all(piece for piece in pieces)  # no empty text between refused lines
    return joined([p.decode() if isinstance(p, bytes) else p for p in pieces])


@pytest.mark.parametrize("as_json", [False, True])
@pytest.mark.parametrize("chunk", [1, 5, 64, 16384])
def test_the_fast_path_writes_what_the_slow_path_writes(as_json: bool, chunk: int) -> None:
    lines = AWKWARD + mixed(300 if chunk < 64 else 1500, seed=chunk + as_json)
    assert fast_output(lines, as_json, chunk) == joined(expected_output(lines, as_json))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(0, 60), as_json=st.booleans())
def test_any_mix_of_lines_gives_the_slow_path_s_output(
    seed: int, count: int, as_json: bool
) -> None:
    lines = mixed(count, seed)
    assert fast_output(lines, as_json, 16) == joined(expected_output(lines, as_json))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=" \t,;#AKQJT09xXcdhsCS♠♥\ufe0f\u00a0é\n", max_size=60))
def test_odd_text_gives_the_slow_path_s_answer_or_error(text: str) -> None:
    lines = [text, "As Ks Qs Js Ts ; 2c 3d 4h 5s 7c"]
    assert fast_output(lines, False, 8) == joined(expected_output(lines, False))


def test_plain_lines_take_the_fast_path() -> None:
    """The lines a big file holds are read with NumPy, not one by one."""
    rng = random.Random(5)
    lines = [random_line(rng, plain=True) for _ in range(500)]
    lines += ["as ks qs js ts ; 2C 3D 4H 5S 7C", "SA SK SQ SJ S10 ; ♣2 ♦3 ♥4 ♠5 7♣️"]
    lines += ["10h 0d Xc Ts 9c,8c;2c,3d, 4h 5s 7c", "As Ks Qs Js Ts ; 2c 3d 4h 5s 7c "]
    lines += [
        "As Ks Qs Js Ts ; 2c 3d 4h 5s 7c # a comment; As As ,",
        "Ah Kh Qh Jh Th;2c 3d 4h 5s 7c#",
    ]
    assert scan_lines(lines).fast.all()
    assert scan_lines(["# As Ks Qs Js Ts ; 2c 3d 4h 5s 7c", " \t# ;", ""]).blank.all()
    slow = scan_lines(SLOW)
    assert not (slow.fast | slow.blank).any()


def test_an_input_error_comes_after_the_text_of_the_lines_before_it() -> None:
    def lines() -> Iterator[str]:
        yield from ["As Ks Qs Js Ts ; 2c 3d 4h 5s 7c", "As Ks ; 2c"] * 3
        raise CroupierError("input: not UTF-8 text (line 7)")

    pieces = compare_lines(lines(), chunk=16384)
    got: list[bytes | BadLine] = []
    with pytest.raises(CroupierError, match="line 7"):
        got.extend(pieces)
    assert [p.line if isinstance(p, BadLine) else p.count(b"Line ") for p in got] == [
        1, 2, 1, 4, 1, 6,
    ]  # fmt: skip


def test_best_five_batch_gives_the_cards_of_the_single_hand_evaluator() -> None:
    rng = random.Random(11)
    for size in (5, 6, 7):
        hands = []
        for _ in range(3000):
            suit = rng.randrange(4)
            pool = [i for i in range(52) if i % 4 == suit] if rng.random() < 0.4 else []
            hands.append(rng.sample(sorted(set(pool + rng.sample(range(52), size))), size))
        classes = rank_batch(hands)
        five = best_five_batch([sum(1 << c for c in hand) for hand in hands], classes)
        for hand, cards in zip(hands, five.tolist(), strict=True):
            assert [c.index for c in evaluate(tuple(DECK[c] for c in hand)).cards] == cards


def test_short_inputs_go_a_line_at_a_time_with_the_same_output(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lines = AWKWARD + mixed(2500, seed=3)
    monkeypatch.setattr(matchup, "NUMPY_FROM_LINES", 1024)  # chunks of 1 to 512: per line
    assert fast_output(lines, False, 16384) == joined(expected_output(lines, False))


@pytest.mark.parametrize("number", [9, 10**8, 10**9 - 1, 10**9, 1234567890123456789])
def test_line_numbers_of_any_length_are_written_in_full(number: int) -> None:
    line = "Kc Ac Jh 8s 9c 2s ; Ah Kh 0s 7c 7h 3c"
    (answer,) = one_at_a_time([line])
    assert isinstance(answer, Matchup)
    expected = Matchup(number, answer.first, answer.second)
    scan = scan_lines([line])
    classes = rank_batch(scan.cards.reshape(2, 7)[:, :6]).reshape(1, 2)
    five = best_five_batch(scan.bits.reshape(-1), classes.reshape(-1)).reshape(1, 2, 5)
    for as_json in (False, True):
        text = render_matchups([number], scan.cards, classes, five, as_json=as_json).text()
        assert text.decode() == (expected.to_json() if as_json else expected.to_text())


def test_matchup_text_and_json_are_what_compare_prints() -> None:
    (answer,) = one_at_a_time(["Kc Ac Jh 8s 9c 2s ; Ah Kh 0s 7c 7h 3c"])
    assert isinstance(answer, Matchup)
    assert answer.to_text().splitlines()[1:] == [
        "  Hand 1: K♣ A♣ J♥ 8♠ 9♣ 2♠    high card: A♣ K♣ J♥ 9♣ 8♠ (ace high)",
        "  Hand 2: A♥ K♥ 10♠ 7♣ 7♥ 3♣   pair: 7♥ 7♣ A♥ K♥ 10♠ (7s)",
        "  Hand 2 wins",
        "",
    ]
    assert answer.to_json().startswith('{"line": 1, "hand1": {"hand": ["Kc", "Ac", "Jh"')
