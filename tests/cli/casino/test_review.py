"""``croupier casino review``, and the levels and logs of ``casino play``."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from croupier.casino import format_save, read_save, write_save
from croupier.casino.gamelog import GameLog, log_path_for, read_game_file, read_log, write_log
from croupier.casino.learn import exercises
from croupier.casino.levels import Level
from croupier.casino.replay import replay
from croupier.casino.review import review_game

from ...casino.games import played_game
from ...casino.helpers import COMPUTER, HUMAN, position
from ..helpers import assert_one_line_error, croupier


@pytest.fixture(scope="module")
def log() -> GameLog:
    return played_game("random", Level.CASUAL, seed=3)


def test_the_review_of_a_log(log: GameLog, tmp_path: Path) -> None:
    path = tmp_path / "game.log"
    write_log(log, path)
    run = croupier("casino", "review", str(path))
    assert run.exit_code == 0, run.stderr
    out = run.stdout
    assert "Review of round 1: your moves" in out
    assert "You played" in out and "Best" in out and "Mark" in out
    review = review_game(log)
    assert out.count("blunder") >= review.blunders
    assert f"Accuracy: {review.accuracy:.0%}" in out
    assert f"Points lost: {review.points_lost:.2f} in 1 round" in out
    data = json.loads(croupier("casino", "review", str(path), "--json").stdout)
    assert data == json.loads(json.dumps(review.to_dict()))


def test_a_save_is_reviewed_from_the_log_next_to_it(log: GameLog, tmp_path: Path) -> None:
    save = tmp_path / "game.txt"
    state = log.rounds[0].end
    write_save(state, save)
    assert_one_line_error(
        croupier("casino", "review", str(save)),
        "a save file without the game's moves, and there is no game log next to it",
        "game.log",
    )
    write_log(log, log_path_for(save))
    run = croupier("casino", "review", str(save), "--json")
    assert run.exit_code == 0 and json.loads(run.stdout)["moves"] == 24


def test_bad_logs(log: GameLog, tmp_path: Path) -> None:
    path = tmp_path / "game.log"
    path.write_text("Casino game log\nLevel: Hard\n")
    assert_one_line_error(croupier("casino", "review", str(path)), "line 2", "bad level 'Hard'")
    assert_one_line_error(croupier("casino", "review", "nowhere.log"), "nowhere.log")


def test_play_at_a_level_saves_it_with_the_log(tmp_path: Path) -> None:
    save = tmp_path / "game.txt"
    run = croupier(
        "casino", "play", "--level", "casual", "--seed", "4",
        input=f"1\nheads\n1\n{save}\n",
    )  # fmt: skip
    assert run.exit_code == 0, run.stderr
    assert "against the computer (casual)" in run.stdout
    game = read_game_file(save)
    assert game.level is Level.CASUAL and game.log is not None
    assert save.read_text().startswith(format_save(game.state, Level.CASUAL) + "\nHistory:\n")
    assert game.log.current in (None, game.state)


def test_a_saved_level_is_resumed_and_can_be_changed(tmp_path: Path) -> None:
    state = position("H5 C3", "S9 D2", "C4", deck="", to_move=COMPUTER)
    save = tmp_path / "game.txt"
    write_save(state, save, Level.STRONG)
    run = croupier("casino", "play", "--load", str(save), input="")
    assert "against the computer (strong)" in run.stdout
    run = croupier("casino", "play", "--load", str(save), "--level", "beginner", input="")
    assert "against the computer (beginner)" in run.stdout
    write_save(state, save)  # an older save, without a level: the default
    run = croupier("casino", "play", "--load", str(save), input="")
    assert "against the computer (expert)" in run.stdout


def test_the_round_s_review_and_the_log_after_a_resumed_game(tmp_path: Path) -> None:
    state = position("H5 C3", "S9 D2", "C4", deck="", to_move=COMPUTER, scores=(20, 0))
    save, log_file = tmp_path / "game.txt", tmp_path / "kept.log"
    write_save(state, save)
    answers = "2\n" + "2\n1\nt\n" + "2\n" + "2\n1\nt\n"  # the human plays its first card
    run = croupier("casino", "play", "--load", str(save), "--log", str(log_file), input=answers)
    assert run.exit_code == 0, run.stderr
    assert "Review of round 1: your moves" in run.stdout and "accuracy" in run.stdout
    kept = read_log(log_file)
    assert kept.moves == 4 and kept.rounds[0].start == state and kept.level is Level.EXPERT
    assert read_save(save) == state  # the save is left as it was


def test_no_review_when_asked(tmp_path: Path) -> None:
    state = position("H5", "S9", "C4", deck="", to_move=HUMAN, scores=(20, 0))
    save = tmp_path / "game.txt"
    write_save(state, save)
    run = croupier("casino", "play", "--load", str(save), "--no-review", input="2\n1\nt\n2\n")
    assert run.exit_code == 0 and "Review of round" not in run.stdout


def test_hint_and_arena_take_level_names(tmp_path: Path) -> None:
    state = position("H9 C2", "SX S8 H2", "DX D5 C3 H4 S4", deck="", to_move=COMPUTER)
    save = tmp_path / "game.txt"
    write_save(state, save)
    data = json.loads(croupier("casino", "hint", str(save), "--level", "casual", "--json").stdout)
    assert data["strategy"] == "casual" and data["move"] == "capture SX DX"
    text = croupier("casino", "hint", str(save), "--level", "strong").stdout
    assert "The strong level would play" in text
    run = croupier(
        "casino", "arena", "--a", "strong", "--b", "beginner", "--tournaments", "2",
        "--seed", "1", "--workers", "1", "--json",
    )  # fmt: skip
    data = json.loads(run.stdout)
    assert (data["a"], data["b"], data["tournaments"]) == ("strong", "beginner", 2)


HOW_TO = Path(__file__).resolve().parents[3] / "docs" / "how-to" / "casino-levels-and-review.md"


def _block(text: str, opening: str) -> list[str]:
    start = text.index(opening) + len(opening)
    return text[start : text.index("```\n", start)].splitlines()


def test_the_how_to_s_review_session_is_real(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = HOW_TO.read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    examples = HOW_TO.parents[1] / "examples"
    shutil.copy(examples / "monday.log", tmp_path / "monday.log")
    expected = _block(page, "```console\n$ croupier casino review monday.log\n")
    run = croupier("casino", "review", "monday.log")
    assert [line.rstrip() for line in run.stdout.splitlines()] == expected


def test_a_game_saved_while_playing_is_reviewed_from_its_one_file(tmp_path: Path) -> None:
    save = tmp_path / "monday.txt"
    answers = ["1", "heads", "trail H6", "trail S4", "s", str(save), "4", "y"]
    run = croupier("casino", "play", "--seed", "4", input="\n".join(answers) + "\n")
    assert run.exit_code == 0, run.stderr
    data = json.loads(croupier("casino", "review", str(save), "--json").stdout)
    assert data["moves"] == 2 and [move["played"] for move in data["rounds"][0]["moves"]] == [
        "trail H6",
        "trail S4",
    ]


def test_many_games_in_worker_processes_get_the_same_review(log: GameLog, tmp_path: Path) -> None:
    first, second = tmp_path / "a.log", tmp_path / "b.log"
    write_log(log, first)
    write_log(GameLog(log.rounds[:1], log.level), second)
    alone = json.loads(croupier("casino", "review", str(first), "--json").stdout)
    both = json.loads(
        croupier("casino", "review", str(first), str(second), "--json", "--workers", "2").stdout
    )
    assert both == [alone, alone]


def test_the_review_step_by_step(log: GameLog, tmp_path: Path) -> None:
    path = tmp_path / "game.log"
    write_log(GameLog(log.rounds[:1], log.level), path)
    run = croupier("casino", "review", str(path), "--step", input="\n\nb\n\nq\n")
    assert run.exit_code == 0, run.stderr
    out = run.stdout
    assert out.count("Move 1 of 48: round 1, move 1") == 1
    assert out.count("Move 2 of 48: round 1, move 2") == 2  # back once, then on again
    assert "Move 3 of 48" in out and "Move 4 of 48" not in out
    assert "You play " in out and "The computer plays " in out
    assert "Summary\n  Accuracy: " in out


def _first_round(log: GameLog, tmp_path: Path) -> tuple[Path, GameLog]:
    path = tmp_path / "game.log"
    one = GameLog(log.rounds[:1], log.level)
    write_log(one, path)
    return path, one


def test_the_step_keys_are_shown_and_n_and_p_jump_between_mistakes(
    log: GameLog, tmp_path: Path
) -> None:
    path, one = _first_round(log, tmp_path)
    steps = replay(one, review_game(one))
    marked = [i + 1 for i, step in enumerate(steps) if step.review and step.review.mark]
    assert len(marked) >= 2  # a random player makes mistakes
    keys = ["n", "n", "p", "p", "p"]
    shown, at, refused = [1], 1, 0
    for key in keys:  # where each key should lead
        found = [m for m in marked if m > at] if key == "n" else [m for m in marked if m < at]
        if not found:
            refused += 1
            continue
        at = found[0] if key == "n" else found[-1]
        shown.append(at)
    run = croupier("casino", "review", str(path), "--step", input="\n".join([*keys, "q"]) + "\n")
    assert run.exit_code == 0, run.stderr
    out = run.stdout
    # The keys are shown as they are (piped too), not eaten as markup.
    assert "[Enter] next, [b]ack, [n]ext mistake, [p]revious mistake, [q]uit: " in out
    assert [int(number) for number in re.findall(r"Move (\d+) of 48", out)] == shown
    assert len(set(shown)) >= 3 and refused >= 1
    assert out.count("No mistake before this move.") == refused


def test_learn_from_your_mistakes(log: GameLog, tmp_path: Path) -> None:
    path, one = _first_round(log, tmp_path)
    found = exercises(one, review_game(one))
    first = found[0]
    best = first.review.best
    answers = [str(first.played), "l", "9", str(best), "q"]
    run = croupier("casino", "review", str(path), "--learn", input="\n".join(answers) + "\n")
    assert run.exit_code == 0, run.stderr
    out = run.stdout
    assert f"Learn from your mistakes: {len(found)} positions where your move was marked" in out
    assert f"Exercise 1 of {len(found)}" in out and first.task in out
    assert "(the move you played) loses " in out and "Try again." in out
    assert "legal move" in out  # l listed them
    assert "bad card number 9" in out
    assert "Found: the best move" in out and f"The best move {best.card.pretty}" in out
    assert f"Exercise 2 of {len(found)}" in out
    assert f"Learned: 1 of {len(found)} mistakes found again." in out


def test_the_end_of_step_offers_the_exercises(log: GameLog, tmp_path: Path) -> None:
    path, one = _first_round(log, tmp_path)
    found = exercises(one, review_game(one))
    run = croupier("casino", "review", str(path), "--step", input="q\ny\nh\nq\n")
    assert run.exit_code == 0, run.stderr
    out = run.stdout
    assert f"Learn from your {len(found)} mistakes now (y/n)? " in out
    assert "Exercise 1 of" in out and f"The best move {found[0].review.best.card.pretty}" in out
    assert "Exercise 2 of" in out and "Learned: 0 of" in out
    assert_one_line_error(
        croupier("casino", "review", str(path), "--learn", "--json"), "cannot be used with --json"
    )
    assert_one_line_error(  # --step was ignored
        croupier("casino", "review", str(path), "--step", "--json"), "--step shows the game"
    )


def test_a_log_that_can_no_longer_be_written_stops_the_log_not_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The log's folder gone mid-game is the save file's error from the atomic writer,
    not an OSError: it ended the game as an unexpected error (exit 1)."""
    from croupier.casino.errors import SaveFileError
    from croupier.cli.casino import play

    def gone(log: GameLog, path: Path) -> None:
        raise SaveFileError(f"{path}: its folder {path.parent} does not exist")

    monkeypatch.setattr(play, "write_log", gone)
    state = position("H5 C3", "S9 D2", "C4", deck="", to_move=COMPUTER, scores=(20, 0))
    save, log_file = tmp_path / "game.txt", tmp_path / "kept.log"
    write_save(state, save)
    answers = "2\n" + "2\n1\nt\n" + "2\n" + "2\n1\nt\n"
    run = croupier("casino", "play", "--load", str(save), "--log", str(log_file), input=answers)
    assert run.exit_code == 0, run.stdout + run.stderr
    assert run.stdout.count("Cannot write the game log to") == 1
    assert f"its folder {tmp_path} does not exist" in run.stdout
    assert "Review of round 1: your moves" in run.stdout
