"""``croupier casino show`` and ``croupier casino moves`` on saved positions."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from croupier.casino import format_save, parse_save

from ...casino.helpers import COMPUTER, HUMAN, position
from ...casino.test_savefile import CANONICAL
from ..helpers import assert_one_line_error, croupier

#: The ``save`` fixture: writes a save file (the canonical one by default), returns its path.
WriteSave = Callable[..., str]


@pytest.fixture
def save(tmp_path: Path) -> WriteSave:
    def write(text: str = CANONICAL, name: str = "game.txt") -> str:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return str(path)

    return write


def test_the_group_lists_its_commands() -> None:
    run = croupier("casino")
    assert run.exit_code == 0 and "show" in run.stdout and "moves" in run.stdout
    assert "casino" in croupier("--help").stdout


def test_show_draws_the_position(save: WriteSave) -> None:
    run = croupier("casino", "show", save())
    assert run.exit_code == 0, run.stderr
    out = run.stdout
    assert "Casino, round 3" in out
    assert "Computer │    17 │ 5♥ 6♥ 4♦ 7♦ │ 10♠ Q♠ K♠ 6♦ 8♥  (5)" in out
    assert "Human    │    14 │ A♠ 4♠ A♣ 9♣ │ J♦ A♦ 3♣ 5♣  (4)" in out
    assert "Table: 8♣ J♣ A♥" in out
    assert "│ [ [6♣ 3♠] [9♠] ] │     9 │ Human │ multiple (2 groups) │" in out
    assert "Deck: 29 cards left" in out
    assert "Last capturer: Human" in out
    assert "Next player: Human" in out
    assert "\x1b[" not in out


def test_show_json(save: WriteSave) -> None:
    run = croupier("casino", "show", save(), "--json")
    data = json.loads(run.stdout)
    assert data["round"] == 3 and data["next_player"] == "human"
    assert data["players"]["computer"] == {
        "score": 17,
        "hand": ["H5", "H6", "D4", "D7"],
        "pile": ["SX", "SQ", "SK", "D6", "H8"],
    }
    (build,) = data["table"]["builds"]
    assert build == {
        "cards": ["C6", "S3", "S9"],
        "parts": [["C6", "S3"], ["S9"]],
        "value": 9,
        "owner": "human",
        "multiple": True,
    }
    assert data["table"]["loose"] == ["C8", "CJ", "HA"]
    assert data["deck_size"] == 29 and data["deck"][0] == "S7"


def test_moves_are_grouped_by_card_and_action(save: WriteSave) -> None:
    run = croupier("casino", "moves", save())
    assert run.exit_code == 0, run.stderr
    out = run.stdout
    assert "Round 3: Human to move, 6 legal moves" in out
    for notation in (
        "capture SA HA",
        "build SA C8",
        "capture CA HA",
        "build CA C8",
        "capture C9 [S3 C6 S9]",
        "capture C9 C8 HA [S3 C6 S9]",
    ):
        assert notation in out
    assert out.index("A♠") < out.index("A♣") < out.index("9♣")  # hand order
    assert "│ 8♣ (joins own build) │     9 │ build SA C8 " in out
    assert "│ 8♣+A♥, build of 9    │     9 │ capture C9 C8 HA [S3 C6 S9] │" in out
    assert out.count("├") == 2  # a rule between the three cards


def test_moves_json(save: WriteSave) -> None:
    run = croupier("casino", "moves", save(), "--json")
    assert run.exit_code == 0
    data = json.loads(run.stdout)
    assert len(data) == 6
    assert data[0] == {
        "action": "capture",
        "card": "SA",
        "loose": ["HA"],
        "builds": [],
        "value": 14,
        "move": "capture SA HA",
        "description": "capture HA with SA as 14",
    }
    assert {d["action"] for d in data} == {"capture", "build"}
    assert data[-1]["builds"] == [["S3", "C6", "S9"]] and data[-1]["loose"] == ["C8", "HA"]
    state = parse_save(CANONICAL)
    assert {d["move"] for d in data} == {str(m) for m in state.legal_moves()}


def test_moves_with_trails_and_increases(save: WriteSave) -> None:
    state = position("H2 CJ D9", "D2 S9 SA", "[C6 S3] DK", [COMPUTER], to_move=HUMAN)
    run = croupier("casino", "moves", save(format_save(state)), "--json")
    actions = {(d["action"], d["move"]) for d in json.loads(run.stdout)}
    assert ("increase", "increase H2 [S3 C6]") in actions
    assert ("trail", "trail H2") in actions
    table = croupier("casino", "moves", save(format_save(state))).stdout
    assert "[6♣ 3♠] (taken over)" in table
    assert "[6♣ 3♠] (Computer's)" in table
    assert "│ trail    │ -" in table


def test_a_finished_round_has_no_moves(save: WriteSave) -> None:
    state = position("", "", "", last=HUMAN)
    path = save(format_save(state))
    assert "The round is over" in croupier("casino", "moves", path).stdout
    assert json.loads(croupier("casino", "moves", path, "--json").stdout) == []
    shown = croupier("casino", "show", path).stdout
    assert "The round is over." in shown and "Round points: Computer" in shown


def test_a_bad_file_is_one_line_naming_the_line(save: WriteSave) -> None:
    path = save(CANONICAL.replace("Hand: H5", "Hand: H7"))
    for command in ("show", "moves"):
        run = croupier("casino", command, path)
        assert_one_line_error(run, "game.txt, line 19: H7 appears twice (also on line 5)")
        assert run.stdout == ""


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("casino", "show", "no-such-file.txt"), "No such file or directory"),
        (("casino", "moves", "--jsn", "x"), "No such option: --jsn"),
        (("casino", "moves"), "Missing argument 'SAVEFILE'"),
        (("casino", "deal"), "No such command 'deal'"),
    ],
)
def test_bad_options_and_files(args: tuple[str, ...], fragment: str) -> None:
    assert_one_line_error(croupier(*args), fragment)


def test_a_directory_or_binary_file_is_refused(save: WriteSave, tmp_path: Path) -> None:
    assert_one_line_error(croupier("casino", "show", str(tmp_path)), "a directory")
    binary = tmp_path / "game.bin"
    binary.write_bytes(b"\x80\x81 Round")
    assert_one_line_error(croupier("casino", "moves", str(binary)), "not UTF-8 text")
