"""``croupier casino hint``: the move a strategy recommends in a saved position, and why."""

from __future__ import annotations

import json
from pathlib import Path

from croupier.casino import Move, State, write_save
from croupier.casino.judge import Judge
from croupier.casino.session import Session
from croupier.casino.strategies import strategy_named

from ...casino.helpers import COMPUTER, HUMAN, position
from ...casino.strategies.test_deadline import low_table_position
from ...casino.test_savefile import CANONICAL
from ..helpers import assert_one_line_error, croupier


def saved(tmp_path: Path, state: State | None = None) -> str:
    path = tmp_path / "game.txt"
    if state is None:
        path.write_text(CANONICAL, encoding="utf-8")
    else:
        write_save(state, path)
    return str(path)


def test_the_course_example(tmp_path: Path) -> None:
    run = croupier("casino", "hint", saved(tmp_path))
    assert run.exit_code == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "Round 3: Human to move."
    assert lines[1].startswith("The judge's best move ")
    assert lines[2].startswith("  Why: ")
    assert "sampled deals, each searched to the end of the deal." in lines[3]
    assert lines[4].split()[0] == "best" and " ± " in lines[5]  # every kind, with its loss
    run = croupier("casino", "hint", saved(tmp_path), "--level", "expert")
    assert run.stdout.splitlines()[1].startswith("The expert level would play ")


def test_json_is_the_hint_of_play(tmp_path: Path) -> None:
    state = position("H9 C2 DX", "D9 S3", "[D5 C4] HK S5 H5", [HUMAN], deck="", last=COMPUTER)
    run = croupier("casino", "hint", saved(tmp_path, state), "--json")
    data = json.loads(run.stdout)
    help_in_play = Session(state, strategy_named("expert")).hint()
    verdict = Judge().position(state)
    assert data == {
        "player": "human",
        "strategy": "judge",
        **help_in_play.to_dict(),
        "verdict": json.loads(json.dumps(verdict.to_dict())),
    }
    assert data["move"] == str(help_in_play.move) == data["verdict"]["best"]
    assert data["verdict"]["exact"] and all(move["error"] == 0 for move in data["verdict"]["moves"])


def test_another_strategy_and_the_computer_to_move(tmp_path: Path) -> None:
    state = position("H9 C2", "SX S8 H2", "DX D5 C3 H4 S4", deck="", to_move=COMPUTER)
    run = croupier("casino", "hint", saved(tmp_path, state), "--strategy", "greedy", "--json")
    data = json.loads(run.stdout)
    assert data["player"] == "computer" and data["strategy"] == "greedy"
    assert data["move"] == "capture SX DX"
    assert data["reason"] == "captures the 10 of diamonds, worth 2 points"
    text = croupier("casino", "hint", saved(tmp_path, state), "--strategy", "greedy").stdout
    assert "Round 1: Computer to move." in text
    assert "The greedy strategy would play 10♠: capture 10♦ with 10♠ (capture SX DX)." in text


def test_bad_input(tmp_path: Path) -> None:
    assert_one_line_error(croupier("casino", "hint", "nowhere.txt"), "cannot use 'nowhere.txt'")
    assert_one_line_error(
        croupier("casino", "hint", saved(tmp_path), "--strategy", "oracle"), "bad strategy"
    )
    bad = tmp_path / "bad.txt"
    bad.write_text("Round: 3\n\nComputer:\n   Score: x\n")
    assert_one_line_error(croupier("casino", "hint", str(bad)), "line 4")
    over = position("", "", "", last=COMPUTER)
    assert_one_line_error(
        croupier("casino", "hint", saved(tmp_path, over)), "no move to make: the round is over"
    )


def test_a_deadline_cuts_the_search_short_and_says_so(tmp_path: Path) -> None:
    state = low_table_position()  # 2,202 legal moves
    run = croupier("casino", "hint", saved(tmp_path, state), "--deadline", "0", "--level", "expert")
    assert run.exit_code == 0, run.stderr
    line = run.stdout.splitlines()[2]
    assert "the 0 s deadline cut the search short before every legal move was listed" in line
    assert line.endswith("looking only 1 move ahead in one sampled deal.")
    data = json.loads(
        croupier(
            "casino",
            "hint",
            saved(tmp_path, state),
            "--deadline",
            "0",
            "--level",
            "expert",
            "--json",
        ).stdout
    )
    assert data["cut_short"] is True and Move.parse(data["move"]) in state.legal_moves()
    quick = croupier("casino", "hint", saved(tmp_path, state), "--strategy", "greedy", "--json")
    assert json.loads(quick.stdout)["cut_short"] is False


def test_the_deadline_is_bounded_and_in_the_help(tmp_path: Path) -> None:
    for command in ("hint", "play", "arena"):
        words = " ".join(croupier("casino", command, "--help").stdout.replace("│", " ").split())
        assert "--deadline SECONDS Seconds the computer may think about a move [0 to 600]" in words
    for bad in ("-1", "601", "nan", "inf", "1e3", "½", "0x1"):
        run = croupier("casino", "hint", saved(tmp_path), "--deadline", bad)
        assert_one_line_error(
            run, f"bad --deadline {bad!r}: expected a number of seconds from 0 to 600"
        )
