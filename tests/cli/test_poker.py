"""``croupier poker compare`` and ``croupier poker equity`` end to end."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from .helpers import assert_one_line_error, croupier

SEED_LINE = "Kc Ac Jh 8s 9c 2s ; Ah Kh 0s 7c 7h 3c\n"
AKS_QQ = "As Ks ?0 ?1 ?2 ?3 ?4\nQh Qd ?0 ?1 ?2 ?3 ?4\n"


Writer = Callable[[str], str]


@pytest.fixture
def write(tmp_path: Path) -> Writer:
    def write(text: str, name: str = "hands.txt") -> str:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return str(path)

    return write


def test_the_group_lists_its_commands() -> None:
    for run in (croupier("poker"), croupier("poker", "--help")):
        assert run.exit_code == 0 and "compare" in run.stdout and "equity" in run.stdout
    assert "poker" in croupier("--help").stdout


# --- compare ----------------------------------------------------------------------------


def test_compare_reads_stdin_and_shows_both_hands_and_the_verdict() -> None:
    run = croupier("poker", "compare", input=SEED_LINE)
    assert run.exit_code == 0 and run.stderr == ""
    assert run.stdout == (
        "Line 1\n"
        "  Hand 1: K♣ A♣ J♥ 8♠ 9♣ 2♠    high card: A♣ K♣ J♥ 9♣ 8♠ (ace high)\n"
        "  Hand 2: A♥ K♥ 10♠ 7♣ 7♥ 3♣   pair: 7♥ 7♣ A♥ K♥ 10♠ (7s)\n"
        "  Hand 2 wins\n"
        "\n"
    )


def test_compare_reads_a_file_skipping_blanks_and_comments(write: Writer) -> None:
    path = write(
        "# tens three ways\n\n10h Th 0h ; 2c 3c 4c 5c 6c\nTs Js Qs Ks As ; Th Jh Qh Kh Ah\n"
    )
    run = croupier("poker", "compare", path)
    assert run.exit_code == 1  # the first line repeats the ten of hearts
    assert "croupier: error: line 3, hand 1: card 'Th' at position 2 repeats position 1" in (
        run.stderr
    )
    assert "Line 4" in run.stdout and "straight flush" in run.stdout
    assert run.stdout.rstrip().endswith("Tie")


def test_compare_reports_every_bad_line_and_goes_on() -> None:
    text = "As Ks ; 2c\n" + SEED_LINE + "no semicolon here\nAs Ks Qs Js 9x ; 2c 3c 4c 5c 6c\n"
    run = croupier("poker", "compare", input=text)
    assert run.exit_code == 1
    errors = run.stderr.strip().splitlines()
    assert errors == [
        "croupier: error: line 1, hand 1: a poker hand needs at least 5 cards: got 2 (As Ks)",
        "croupier: error: line 3: no ';' between the hands: expected 'hand1 ; hand2'",
        "croupier: error: line 4, hand 1: bad card '9x' at position 5: expected a rank (A, 2-9, "
        "T/10/0/X, J, Q, K) and a suit (c d h s or ♣ ♦ ♥ ♠), rank first as in Kc, 10h, 0s, A♠ "
        "or suit first as in CK, DX, H5",
    ]
    assert "Line 2" in run.stdout and "Hand 2 wins" in run.stdout
    assert "Traceback" not in run.stdout + run.stderr


def test_compare_json_gives_one_object_per_line() -> None:
    run = croupier("poker", "compare", "--json", input=SEED_LINE + "\nAs Ks ; 2c\n")
    assert run.exit_code == 1
    first, second = (json.loads(line) for line in run.stdout.splitlines())
    assert first == {
        "line": 1,
        "hand1": {
            "hand": ["Kc", "Ac", "Jh", "8s", "9c", "2s"],
            "category": "high card",
            "cards": ["Ac", "Kc", "Jh", "9c", "8s"],
            "class": 6238,
            "description": "ace high",
        },
        "hand2": {
            "hand": ["Ah", "Kh", "Ts", "7c", "7h", "3c"],
            "category": "pair",
            "cards": ["7h", "7c", "Ah", "Kh", "Ts"],
            "class": 4868,
            "description": "pair of 7s",
        },
        "winner": 2,
    }
    assert second["line"] == 3 and "needs at least 5 cards" in second["error"]


def test_compare_json_reports_ties_as_winner_0() -> None:
    run = croupier("poker", "compare", "--json", input="As Ks Qs Js 9d ; Ah Kh Qh Jh 9c\n")
    assert json.loads(run.stdout)["winner"] == 0 and run.exit_code == 0


def test_compare_with_a_missing_file_is_one_line() -> None:
    assert_one_line_error(croupier("poker", "compare", "no-such-file.txt"), "no-such-file.txt")


def test_files_that_are_not_text_are_one_line(tmp_path: Path) -> None:
    path = tmp_path / "cards.bin"
    path.write_bytes(b"\xff\xfe\x00As Ks")
    assert_one_line_error(croupier("poker", "compare", str(path)), "cards.bin: not UTF-8 text")
    assert_one_line_error(croupier("poker", "equity", str(path)), "cards.bin: not UTF-8 text")


def test_the_lobby_compares_hands_until_a_blank_line() -> None:
    run = croupier(input="2\n" + SEED_LINE + "As Ks ; 2c\nAs Ks\n\nq\n")
    assert run.exit_code == 0
    assert "Two hands, 'hand1 ; hand2' (blank line to leave): " in run.stdout
    assert "Hand 2 wins" in run.stdout
    assert "hand 1: a poker hand needs at least 5 cards: got 2 (As Ks)" in run.stdout
    assert "no ';' between the hands" in run.stdout
    assert run.stdout.count("pick a game") == 2


def test_the_lobby_poker_entry_leaves_at_end_of_input() -> None:
    run = croupier(input="2\n" + SEED_LINE)
    assert run.exit_code == 0 and "Hand 2 wins" in run.stdout


# --- equity -----------------------------------------------------------------------------


def test_equity_in_the_courses_format(write: Writer) -> None:
    run = croupier("poker", "equity", write(AKS_QQ), "20000", "--seed", "1")
    assert run.exit_code == 0 and run.stderr == ""
    lines = run.stdout.splitlines()
    assert len(lines) == 5 and lines[3].startswith(
        "Equity (wins plus shares of split pots): hand 0 "
    )
    assert lines[4] == "Seed 1 (--seed 1 deals the same trials)"
    assert lines[0].startswith("Hand 0 won ") and lines[0].endswith("%)")
    assert " / 20000 times (" in lines[1]
    assert lines[2].startswith("And there were ") and lines[2].endswith(" ties")
    again = croupier("poker", "equity", write(AKS_QQ), "20000", "--seed", "1")
    assert again.stdout == run.stdout


def test_equity_defaults_to_10000_trials() -> None:
    run = croupier("poker", "equity", "-", input=AKS_QQ)
    assert run.exit_code == 0 and "/ 10000 times" in run.stdout


def test_equity_prints_the_seed_it_drew_so_that_the_run_can_be_repeated() -> None:
    """``--seed`` help says "a fresh one, printed"; equity drew one and never said which."""
    run = croupier("poker", "equity", "-", "3000", input=AKS_QQ)
    seed = re.fullmatch(
        r"Seed (\d+) \(--seed \d+ deals the same trials\)", run.stdout.splitlines()[-1]
    )
    assert seed is not None, run.stdout
    again = croupier("poker", "equity", "-", "3000", "--seed", seed[1], input=AKS_QQ)
    assert again.stdout == run.stdout


def test_exact_equity(write: Writer) -> None:
    run = croupier("poker", "equity", write(AKS_QQ), "--exact")
    assert run.stdout == (
        "Hand 0 won 787966 / 1712304 times (46.02%)\n"
        "Hand 1 won 917606 / 1712304 times (53.59%)\n"
        "And there were 6732 ties\n"
        "Equity (wins plus shares of split pots): hand 0 46.21%, hand 1 53.79%\n"
    )


def test_equity_json(write: Writer) -> None:
    run = croupier("poker", "equity", write(AKS_QQ), "--exact", "--json")
    data = json.loads(run.stdout)
    assert data["trials"] == 1712304 and data["exact"] is True and data["ties"] == 6732
    assert [h["wins"] for h in data["hands"]] == [787966, 917606]
    assert data["hands"][0] == {
        "hand": "As Ks ?0 ?1 ?2 ?3 ?4",
        "wins": 787966,
        "ties": 6732,
        "tie_share": 3366.0,
        "equity": pytest.approx(0.4621445724),
    }
    mc = json.loads(croupier("poker", "equity", write(AKS_QQ), "500", "--json").stdout)
    assert mc["trials"] == 500 and mc["exact"] is False and isinstance(mc["seed"], int)
    assert sum(h["equity"] for h in mc["hands"]) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("text", "args", "fragments"),
    [
        ("As Ks ?0 ?1 ?x\n", [], ["line 1: bad unknown card '?x' at position 5"]),
        ("As Ks ?0 ?1\n", [], ["line 1: a hand of 4 cards once complete"]),
        ("As Ks ?0 ?1 As\n", [], ["'As' at position 5 repeats position 1"]),
        (AKS_QQ, ["0"], ["bad TRIALS '0'"]),
        (AKS_QQ, ["100", "--exact"], ["--exact visits every completion: drop the number"]),
        (AKS_QQ, ["--exact", "--seed", "3"], ["--exact deals nothing at random"]),
        (
            "As Ks ?0 ?1 ?2 ?3 ?4\n?5 ?6 ?0 ?1 ?2 ?3 ?4\n",
            ["--exact"],
            ["exact enumeration of 2,097,572,400 completions would take about", "Monte Carlo"],
        ),
    ],
)
def test_equity_errors_are_one_line(
    write: Writer, text: str, args: list[str], fragments: list[str]
) -> None:
    assert_one_line_error(croupier("poker", "equity", write(text), *args), *fragments)


def test_equity_needs_a_file() -> None:
    assert_one_line_error(croupier("poker", "equity"), "Missing argument 'FILE'")
    assert_one_line_error(croupier("poker", "equity", "nope.txt"), "nope.txt")
