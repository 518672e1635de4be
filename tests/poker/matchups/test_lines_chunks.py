"""``iter_matchups`` evaluates lines a chunk at a time with the batch evaluator: the answers
and errors must be exactly those of reading each line alone with ``parse_matchup``."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from croupier.cards import DECK
from croupier.errors import CroupierError
from croupier.poker.errors import PokerError
from croupier.poker.matchups.lines import BadLine, Matchup, iter_matchups, parse_matchup

ODD_LINES = [
    "",
    "   # only a comment",
    "As Ks Qs Js Ts ; 2c 3d 4h 5s 7c",
    "As Ks Qs Js Ts 9s 8s ; Ah Kh Qh Jh Th 9h 8h  # a comment after",
    "As,Ks,Qs,Js,Ts ; 2c,3d,4h,5s,7c",
    "SA SK SQ SJ SX ; ♥2 ♥3 ♥4 ♥5 ♥7",
    "10h 0d Th xs 9c ; 2c 3d 4h 5s 7c",
    "A♠️ K♠ Q♠ J♠ 10♠ ; 2c 3d 4h 5s 7c",
    "As Ks Qs Js 9x ; 2c 3d 4h 5s 7c",
    "As Ks Qs Js ; 2c 3d 4h 5s 7c",
    "As Ks Qs Js Ts 9s 8s 7s ; 2c 3d 4h 5s 7c",
    "As Ks Qs Js Ts 9s 8s 7s 6s 5s ; 2c 3d 4h 5s 7c 8h 9d Tc",
    "As Ks Qs Js Ts 2c 3d 4h 5s 7c",
    "As Ks Qs Js Ts ; 2c 3d 4h 5s 7c ; 8d",
    "As Ks Qs Js Ts ; As 3d 4h 5s 7c",
    "As Ks Qs Js as ; 2c 3d 4h 5s 7c",
    "As Ks Qs Js Ts ; 2c 3d 4h 5s 7c 2c",
    ";",
    "As Ks Qs Js Ts ;",
]


def one_at_a_time(lines: list[str]) -> list[Matchup | BadLine]:
    """The answers as compare gave them before chunks: each line read on its own."""
    answers: list[Matchup | BadLine] = []
    for number, line in enumerate(lines, 1):
        if not line.split("#", 1)[0].strip():
            continue
        try:
            answers.append(parse_matchup(line, number))
        except PokerError as exc:
            answers.append(BadLine(number, str(exc)))
    return answers


def summary(answer: Matchup | BadLine) -> tuple[object, ...]:
    if isinstance(answer, BadLine):
        return ("bad", answer.line, answer.message)
    return (
        answer.line,
        answer.first.hand,
        answer.first.class_number,
        answer.first.cards,
        answer.second.hand,
        answer.second.class_number,
        answer.second.cards,
        answer.verdict,
    )


def mixed_lines(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        if rng.random() < 0.3:
            lines.append(rng.choice(ODD_LINES))
            continue
        cards = rng.sample([str(card) for card in DECK], 14)
        first, second = rng.randint(5, 7), rng.randint(5, 7)
        lines.append(f"{' '.join(cards[:first])} ; {' '.join(cards[7 : 7 + second])}")
    return lines


@pytest.mark.parametrize("chunk", [1, 3, 64, 4096])
def test_chunks_give_the_answers_and_errors_of_one_line_at_a_time(chunk: int) -> None:
    lines = ODD_LINES + mixed_lines(700, seed=chunk)
    expected = one_at_a_time(lines)
    got = list(iter_matchups(lines, chunk))
    assert [summary(a) for a in got] == [summary(a) for a in expected]
    assert {type(a) for a in got} == {Matchup, BadLine}


def test_an_input_error_comes_after_the_answers_to_the_lines_before_it() -> None:
    def lines() -> Iterator[str]:
        yield from ["As Ks Qs Js Ts ; 2c 3d 4h 5s 7c"] * 5
        raise CroupierError("input: not UTF-8 text (line 6)")

    answers = iter_matchups(lines(), 4096)
    assert [next(answers).line for _ in range(5)] == [1, 2, 3, 4, 5]
    with pytest.raises(CroupierError, match="line 6"):
        next(answers)


def test_a_chunk_size_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="chunk"):
        list(iter_matchups(["As Ks Qs Js Ts ; 2c 3d 4h 5s 7c"], 0))
