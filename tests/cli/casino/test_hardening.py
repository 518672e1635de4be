"""``croupier casino`` against odd input: digits from other scripts, huge numbers, NUL bytes
in file names, odd save files, and an unexpected error in the middle of a game."""

from __future__ import annotations

from pathlib import Path

import pytest

from croupier.casino import read_save, write_save

from ...casino.helpers import COMPUTER, position
from ..helpers import assert_one_line_error, croupier

START = "1\nheads\n"  # a new tournament; with --seed 1 the human plays first


@pytest.mark.parametrize("answer", ["²", "٣", "9" * 5000, " 1_0"])
def test_odd_numbers_at_the_card_prompt_are_asked_again(answer: str) -> None:
    run = croupier("casino", "play", "--seed", "1", input=START + f"2\n{answer}\n1\nt\n")
    assert run.exit_code == 0, run.stderr
    assert "Traceback" not in run.stdout + run.stderr and run.stderr == ""
    assert "Try again." in run.stdout
    assert "You play" in run.stdout


def test_odd_numbers_in_the_menu_and_the_table_selection_are_asked_again() -> None:
    run = croupier("casino", "play", "--seed", "1", input=START + "²\n2\n1\nc\n³ ⁴\n")
    assert run.exit_code == 0 and run.stderr == ""
    assert run.stdout.count("Try again.") >= 2


def test_a_nul_byte_in_a_file_name_is_refused_at_the_save_and_resume_questions() -> None:
    run = croupier("casino", "play", "--seed", "1", input="2\nsaved\x00.txt\n\n" + START + "1\n")
    assert run.exit_code == 0 and run.stderr == ""
    assert "Cannot resume from saved" in run.stdout and "NUL" in run.stdout
    run = croupier("casino", "play", "--seed", "1", input=START + "1\ngame\x00.txt\n\n")
    assert run.exit_code == 0 and run.stderr == ""
    assert "Cannot save to game" in run.stdout and "NUL" in run.stdout


@pytest.mark.parametrize(
    ("old", "new", "fragment"),
    [
        ("Score: 4", "Score: ¹⁷", "bad score '¹⁷'"),
        ("Round: 1", "Round: ²", "line 1: bad round '²'"),
        ("Score: 4", "Score: " + "7" * 5000, "expected at most 40 digits"),
    ],
)
def test_save_files_with_odd_numbers_are_one_line_errors(
    tmp_path: Path, old: str, new: str, fragment: str
) -> None:
    path = tmp_path / "game.txt"
    write_save(position("H5 C3", "S9 D2", "C4", scores=(4, 7), to_move=COMPUTER), path)
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    for command in (("show",), ("moves",), ("hint",)):
        assert_one_line_error(croupier("casino", *command, str(path)), fragment)
    assert_one_line_error(croupier("casino", "play", "--load", str(path)), fragment)


def test_an_empty_file_name_is_named() -> None:
    assert_one_line_error(croupier("casino", "show", ""), "''", "empty file name")


def test_an_unexpected_error_saves_the_game_to_a_recovery_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import croupier.cli.casino.play as play

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the renderer broke")

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.setattr(play, "render_move", broken)
    run = croupier("casino", "play", "--seed", "1", input=START + "2\n1\nt\n")
    assert run.exit_code == 1
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in run.stdout + run.stderr
    assert lines[0].startswith("croupier: error: unexpected error (RuntimeError: the renderer")
    saved = list((tmp_path / "croupier").glob("casino-*.txt"))
    assert len(saved) == 1 and str(saved[0]) in lines[0]
    state = read_save(saved[0])  # the position after the human's trail
    assert len(state.hands[state.next_player.other]) == 3
    monkeypatch.undo()
    resumed = croupier("casino", "play", "--load", str(saved[0]), input="")
    assert resumed.exit_code == 0 and resumed.stderr == ""
    assert "Round 1." in resumed.stdout
