"""``croupier casino play``: every answer is checked, input can end anywhere, bad options
and files stop it in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from croupier.casino import format_save, read_save, write_save
from croupier.casino.levels import Level
from croupier.cli.console import Prompter

from ...casino.helpers import COMPUTER, position
from ..helpers import assert_one_line_error, croupier
from .test_play import STACKED


@pytest.fixture
def deck_file(tmp_path: Path) -> str:
    path = tmp_path / "deck.txt"
    path.write_text(" ".join(card.casino for card in STACKED))
    return str(path)


def play(*args: str, input: str) -> str:
    run = croupier("casino", "play", *args, input=input)
    assert run.exit_code == 0, (run.stdout, run.stderr)
    assert "Traceback" not in run.stdout + run.stderr
    return run.stdout


@pytest.mark.parametrize(
    "answers",
    [
        "",
        "1\n",
        "1\nheads\n",
        "1\nheads\n3\n",
        "1\nheads\n2\nD6\n",
        "1\nheads\n2\nD6\nb\n",
        "1\nheads\n4\n",
        "1\nheads\n1\n",
        "2\n",
    ],
)
def test_the_end_of_input_leaves_cleanly_anywhere(answers: str) -> None:
    out = play("--seed", "1", input=answers)
    lines = out.rstrip().splitlines()
    # The prompt that met the end, then the goodbye: nothing is offered in between.
    assert lines[-1] == "Leaving the game." and lines[-2] == ""
    assert lines[-3].endswith(": ")


def test_ctrl_c_leaves_cleanly(monkeypatch: pytest.MonkeyPatch, deck_file: str) -> None:
    def interrupted(self: Prompter, prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(Prompter, "ask", interrupted)
    out = play("--deck-file", deck_file, input="")
    assert out.rstrip().endswith("Leaving the game.")


def test_every_answer_is_checked(deck_file: str) -> None:
    answers = [
        "tails?",  # bad call
        "heads",
        "9",  # bad menu choice
        "move",
        "7",  # bad card number
        "D7",  # not in the hand
        "D6",
        "x",  # bad action
        "0",  # back to the card
        "D6",
        "c",
        "9",  # bad table number
        "D3 D3",  # named twice
        "D3",  # legal but wrong: 6 does not capture 3
        "D6",
        "b",
        "Q♥",  # 6 + 12 is more than 14
        "0",  # back to the menu
        "quit",
        "maybe",
        "y",
    ]
    out = play("--deck-file", deck_file, "--seed", "1", input="\n".join(answers) + "\n")
    for message in (
        "bad call 'tails?': expected heads or tails (h or t). Try again.",
        "bad choice '9': expected a number from 1 to 4, or save, move, help or quit. Try again.",
        "bad card number 7: expected a number from 1 to 4 or a card of the hand",
        "7♦ is not in the hand",
        "bad action 'x': expected trail, capture, build or increase (t, c, b, i). Try again.",
        "bad table number 9: expected numbers from 1 to 4 or cards on the table. Try again.",
        "'D3' names 3♦ twice: name each item once. Try again.",
        "Illegal move 'capture D6 D3': the loose cards captured must split into cards of the "
        "value played and sets of two or more cards that sum to it (capturing 6). Choose again.",
        "Illegal move 'build D6 HQ': a build is worth at most 14 (this one would be worth 18). "
        "Choose again.",
        "bad answer 'maybe': expected y or n. Try again.",
        "You leave the game.",
    ):
        assert message in out, message
    assert "You play" not in out  # nothing was played
    assert out.count("Your turn:") == 2


def test_open_shows_the_computer_s_hand(deck_file: str) -> None:
    out = play("--deck-file", deck_file, "--seed", "1", "--open", input="h\n")
    assert "Computer: K♣ K♥ Q♦ Q♠   pile: 0 cards" in out
    assert "hidden" not in out


def test_saving_asks_before_replacing_and_reports_failures(deck_file: str, tmp_path: Path) -> None:
    existing = tmp_path / "old.txt"
    existing.write_text("keep me")
    answers = [
        "h",
        "1",  # save
        str(tmp_path),  # a directory
        str(tmp_path / "no" / "such" / "dir.txt"),  # cannot be written
        str(existing),
        "n",  # do not replace: asked for another name
        "",  # back to the menu
        "s",
        str(existing),
        "y",
    ]
    out = play("--deck-file", deck_file, "--seed", "1", input="\n".join(answers) + "\n")
    assert f"{tmp_path} is a directory: give a file name." in out
    assert "Cannot save to" in out and "No such file or directory" in out
    assert f"{existing} exists. Replace it (y/n)? n" in out
    assert out.count("Your turn:") == 2  # back to the menu once
    assert out.rstrip().endswith(f"Resume it with: croupier casino play --load {existing}")
    state = read_save(existing)
    assert state.round_number == 1 and len(state.deck) == 40


def test_the_computer_s_turn_can_be_saved_and_quit(tmp_path: Path) -> None:
    state = position("H5 C3", "S9 D2", "C4", deck="", to_move=COMPUTER)
    path = tmp_path / "game.txt"
    write_save(state, path)
    out = play("--load", str(path), input="1\n" + str(path) + "\ny\n")
    assert "The computer's turn:" in out and "Let the computer move" in out
    assert "Ask for help" not in out
    assert path.read_text() == format_save(state, Level.EXPERT)
    out = play("--load", str(path), input="3\ny\n")
    assert out.rstrip().endswith("You leave the game.")


def test_a_saved_game_is_resumed_as_it_was(tmp_path: Path) -> None:
    state = position("H5 C3", "S9 D2", "[C4 D5] C9", [COMPUTER], deck="", scores=(4, 7))
    path = tmp_path / "game.txt"
    write_save(state, path)
    out = play("--load", str(path), input="")
    assert "Round 1. Tournament scores: computer 7, human 4." in out
    assert "Table:    1) [4♣ 5♦] (9, Computer)  2) 9♣" in out
    assert "Coin" not in out and "coin" not in out


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("--load", "x.txt", "--deck-file", "y.txt"), ["--deck-file deals a new tournament"]),
        (("--seed", "-1"), ["bad --seed '-1'"]),
        (("--strategy", "smart"), ["bad level 'smart'"]),
        (("--load", "missing.txt"), ["cannot use 'missing.txt'", "No such file"]),
        (("--deck-file", "missing.txt"), ["cannot use 'missing.txt'"]),
    ],
)
def test_bad_options_stop_in_one_line(args: tuple[str, ...], fragments: list[str]) -> None:
    assert_one_line_error(croupier("casino", "play", *args), *fragments)


def test_bad_files_stop_in_one_line(tmp_path: Path) -> None:
    save = tmp_path / "bad.txt"
    save.write_text("Round: one\n")
    assert_one_line_error(croupier("casino", "play", "--load", str(save)), "line 1")
    deck = tmp_path / "deck.txt"
    deck.write_text("SA SA\n")
    assert_one_line_error(croupier("casino", "play", "--deck-file", str(deck)), "line 1", "repeats")
    over = position("", "", "", last=COMPUTER, scores=(21, 3))
    write_save(over, save)
    assert_one_line_error(
        croupier("casino", "play", "--load", str(save)),
        "the tournament is over (",
        "nothing to play",
    )


def test_the_lobby_opens_casino() -> None:
    run = croupier(input="3\n1\n")
    assert run.exit_code == 0
    assert "Casino: a tournament to 21 points" in run.stdout
    assert "Call the coin toss" in run.stdout


def test_the_help_lists_the_options() -> None:
    out = croupier("casino", "play", "--help").stdout
    for option in ("--load", "--deck-file", "--seed", "--open", "--strategy"):
        assert option in out


def test_file_names_are_shown_as_typed(deck_file: str, tmp_path: Path) -> None:
    odd = tmp_path / "[bold]game.txt"
    odd.write_text("old")
    answers = ["h", "1", str(odd), "y"]
    out = play("--deck-file", deck_file, "--seed", "1", input="\n".join(answers) + "\n")
    assert f"{odd} exists. Replace it (y/n)? y" in out
    assert f"Game saved to {odd}." in out
    assert read_save(odd).round_number == 1
