"""Game logs: every move kept, written and read back, refused with the line at fault."""

from __future__ import annotations

from pathlib import Path

import pytest

from croupier.casino import CasinoError, Move, SaveFileError, format_save, parse_save
from croupier.casino.gamelog import (
    GameLog,
    LoggedRound,
    format_game_file,
    format_log,
    is_log_text,
    log_path_for,
    parse_game_file,
    parse_log,
    read_game_file,
    read_log,
    write_game_file,
    write_log,
)
from croupier.casino.levels import Level

from .games import played_game


@pytest.fixture(scope="module")
def log() -> GameLog:
    return played_game(rounds=2)


def test_a_log_keeps_every_move_round_by_round(log: GameLog) -> None:
    assert [logged.start.round_number for logged in log.rounds] == [1, 2]
    assert log.level is Level.BEGINNER
    assert all(len(logged.moves) == 48 for logged in log.rounds)  # 6 deals of 4 + 4 cards
    assert all(logged.end.is_round_over for logged in log.rounds)
    assert log.rounds[1].start.scores == log.rounds[0].end.totals()
    assert log.moves == 96


def test_written_and_read_back(log: GameLog, tmp_path: Path) -> None:
    text = format_log(log)
    assert text.startswith("Casino game log\nLevel: Beginner\n\nRound: 1\n")
    assert is_log_text(text) and not is_log_text(format_save(log.rounds[0].start))
    assert parse_log(text) == log
    path = tmp_path / "game.log"
    write_log(log, path)
    assert read_log(path) == log


def test_a_log_without_a_level_or_moves() -> None:
    assert parse_log("Casino game log\n") == GameLog()
    assert format_log(GameLog()) == "Casino game log\n"


def _line_of(text: str, fragment: str, occurrence: int = 1) -> int:
    lines = text.splitlines()
    found = [n for n, line in enumerate(lines, 1) if fragment in line]
    return found[occurrence - 1]


def _refused(text: str, line: int, *fragments: str) -> None:
    with pytest.raises(SaveFileError) as caught:
        parse_log(text, "g.log")
    assert caught.value.line == line, str(caught.value)
    assert str(caught.value).startswith(f"g.log, line {line}: ")
    for fragment in fragments:
        assert fragment in str(caught.value)


def test_an_illegal_move_is_refused_with_its_line(log: GameLog) -> None:
    text = format_log(log)
    first = str(log.rounds[0].moves[0])
    bad = text.replace(f"Human: {first}\n", "Human: trail CK\n", 1)
    _refused(bad, _line_of(text, f"Human: {first}"), "illegal move 'trail CK'")


def test_a_move_by_the_wrong_player(log: GameLog) -> None:
    text = format_log(log)
    first = str(log.rounds[0].moves[0])
    bad = text.replace(f"Human: {first}\n", f"Computer: {first}\n", 1)
    _refused(bad, _line_of(text, f"Human: {first}"), "it is the human's turn")


def test_bad_lines(log: GameLog) -> None:
    text = format_log(log)
    _refused("Casino game log\nLevel: wizard\n", 2, "bad level 'wizard'")
    _refused("Round: 1\n", 1, "expected 'Casino game log'")
    _refused(text.replace("Moves:\n", "Moves:\nhello\n", 1), _line_of(text, "Moves:") + 1)
    no_moves = text.replace("Moves:\n", "", 1)
    with pytest.raises(SaveFileError):
        parse_log(no_moves)


def test_a_round_that_does_not_follow(log: GameLog) -> None:
    text = format_log(log)
    second = _line_of(text, "Round: 2")
    _refused(text.replace("Round: 2", "Round: 5"), second, "expected round 2")
    # Round 1 cut short: its last move dropped.
    last = str(log.rounds[0].moves[-1])
    player = log.rounds[0].end.last_capturer
    cut = "\n".join(line for n, line in enumerate(text.splitlines(), 1) if n != second - 2)
    assert last and player is not None
    _refused(cut + "\n", second - 1, "round 1 is not over")


def test_the_log_next_to_a_save() -> None:
    assert log_path_for("saves/monday.txt") == "saves/monday.log"
    assert log_path_for("monday") == "monday.log"
    assert log_path_for("monday.log") == "monday.log.log"


def test_adding_moves_starts_rounds_where_positions_do_not_follow(log: GameLog) -> None:
    first, second = log.rounds
    rebuilt = GameLog(level=log.level)
    for logged in (first, second):
        for state, move in logged.positions():
            rebuilt = rebuilt.add(state, move)
    assert rebuilt == log
    assert rebuilt.add(first.start, Move.parse(str(first.moves[0]))).rounds[-1].start == first.start


# --- the game file: one file for a game -------------------------------------------------


def test_a_game_file_is_the_course_save_then_the_history(log: GameLog, tmp_path: Path) -> None:
    middle = GameLog((log.rounds[0], LoggedRound(log.rounds[1].start, log.rounds[1].moves[:7])))
    state = middle.current
    assert state is not None
    text = format_game_file(state, middle, Level.STRONG, practice=True)
    save = format_save(state, Level.STRONG, practice=True)
    assert text.startswith(save + "\nHistory:\n")  # the course's format, exactly, on top
    assert parse_save(text) == state  # every reader of saves reads a game file
    game = parse_game_file(text)
    assert (game.state, game.level, game.practice, game.log) == (
        state,
        Level.STRONG,
        True,
        GameLog(middle.rounds, Level.STRONG),
    )
    path = tmp_path / "monday.txt"
    write_game_file(state, middle, path, Level.STRONG, practice=True)
    assert read_game_file(path) == game
    assert path.read_text() == text


def test_a_game_file_saved_at_the_start_of_a_round(log: GameLog) -> None:
    first = GameLog(log.rounds[:1])
    start = log.rounds[1].start  # round 2 dealt, nothing played yet
    game = parse_game_file(format_game_file(start, first))
    assert game.state == start and game.log == first


def test_a_game_file_whose_moves_lead_elsewhere_is_refused(log: GameLog) -> None:
    first = GameLog(log.rounds[:1])
    elsewhere = log.rounds[1].end
    with pytest.raises(CasinoError, match="cannot save this game: the moves end in round 1"):
        format_game_file(elsewhere, first)
    text = format_game_file(log.rounds[1].start, first)
    text = text.replace(format_save(log.rounds[1].start), format_save(elsewhere))
    line = text.splitlines().index("History:") + 1
    with pytest.raises(SaveFileError, match=f"game file, line {line}: the moves end in round 1 "):
        parse_game_file(text)


def test_a_plain_save_and_a_log_are_game_files_too(log: GameLog) -> None:
    state = log.rounds[1].start
    plain = parse_game_file(format_save(state, Level.CASUAL))
    assert (plain.state, plain.level, plain.log) == (state, Level.CASUAL, None)
    from_log = parse_game_file(format_log(log))
    assert from_log.state == log.current and from_log.log == log
    with pytest.raises(SaveFileError, match="the game log holds no move"):
        parse_game_file(format_log(GameLog()))
