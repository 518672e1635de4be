"""Lines 'hand1 ; hand2' (seed 001's test-eval input)."""

from __future__ import annotations

import pytest

from croupier.poker import PokerError
from croupier.poker.matchups.lines import BadLine, Matchup, parse_matchup, read_matchups


def test_the_seeds_example_line() -> None:
    matchup = parse_matchup("Kc Ac Jh 8s 9c 2s ; Ah Kh 0s 7c 7h 3c")
    assert matchup.winner == 2 and matchup.verdict == "Hand 2 wins"
    assert matchup.first.category.label == "high card"
    assert matchup.second.category.label == "pair"


@pytest.mark.parametrize(
    ("line", "winner", "verdict"),
    [
        ("As Ks Qs Js Ts ; 9h 9d 9s 9c 2d", 1, "Hand 1 wins"),
        ("2c 3c 4c 5c 7d ; 2d 3d 4d 5d 6h", 2, "Hand 2 wins"),
        ("As Ks Qs Js 9d ; Ah Kh Qh Jh 9c  # suits never matter", 0, "Tie"),
        ("10h 10d 0s Tc 2c;3d 3h 3s 3c Ah", 1, "Hand 1 wins"),
    ],
)
def test_verdicts(line: str, winner: int, verdict: str) -> None:
    matchup = parse_matchup(line, 7)
    assert (matchup.line, matchup.winner, matchup.verdict) == (7, winner, verdict)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("As Ks Qs Js Ts 2c 3c 4c 5c 6c", "line 3: no ';' between the hands"),
        ("As Ks Qs Js Ts ; 2c 3c 4c 5c 6c ; 7d", "line 3: more than one ';'"),
        ("As Ks Qs Js 9x ; 2c 3c 4c 5c 6c", "line 3, hand 1: bad card '9x' at position 5"),
        ("As Ks Qs Js Ts ; 2c 3c 4c 2c 6c", "line 3, hand 2: card '2c' at position 4 repeats"),
        ("As Ks Qs Js Ts ; 2c 3c", "line 3, hand 2: a poker hand needs at least 5 cards: got 2"),
        (" ; ", "line 3, hand 1: a poker hand needs at least 5 cards: got 0"),
    ],
)
def test_bad_lines(line: str, message: str) -> None:
    with pytest.raises(PokerError) as caught:
        parse_matchup(line, 3)
    assert message in str(caught.value)


def test_reading_a_file_keeps_going_after_bad_lines() -> None:
    text = "# header\nAs Ks Qs Js Ts ; 2c 3c 4c 5c 6c\n\nbad line\n  # indented comment\n"
    text += "Ah Ad 2c 3c 4c ; Kh Kd 2d 3d 4d\n"
    results = read_matchups(text)
    assert [type(r) for r in results] == [Matchup, BadLine, Matchup]
    assert [r.line for r in results] == [2, 4, 6]
    assert isinstance(results[1], BadLine) and "line 4: no ';'" in results[1].message
