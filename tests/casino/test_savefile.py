"""Save files: the course's example, canonical writing, tolerant reading, strict content,
round trips and atomic writes."""

from __future__ import annotations

import os
import random
import stat
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.casino import (
    CasinoError,
    SaveFileError,
    State,
    format_save,
    new_tournament,
    parse_save,
    read_save,
    write_save,
)
from croupier.casino.levels import Level
from croupier.casino.savefile import SavedGame, parse_game, read_game

from .helpers import COMPUTER, HUMAN, cards, position

# The course's own example, byte for byte (trailing spaces and all).
COURSE_EXAMPLE = """Round: 3
  
Computer:
   Score: 17
   Hand: H5 H6 D4 D7 
   Pile: SX SQ SK D6 H8
 
Human:
   Score: 14
   Hand: SA S4 CA C9
   Pile: DJ DA C3 C5

Table:  [ [C6 S3] [S9] ] C8 CJ HA 

Build Owner: [ [C6 S3] [S9] ] Human

Last Capturer: Human

Deck: S7 D3 D5 H2 H3 S5 D8 C2 H9 CX CQ CK HJ S2 S6 D9 DX DQ DK D2 HX HQ HK C4 C7 S8 SJ H4 H7 

Next Player: Human
"""  # noqa: W291, W293

CANONICAL = """Round: 3

Computer:
   Score: 17
   Hand: H5 H6 D4 D7
   Pile: SX SQ SK D6 H8

Human:
   Score: 14
   Hand: SA S4 CA C9
   Pile: DJ DA C3 C5

Table: [ [C6 S3] [S9] ] C8 CJ HA

Build Owner: [ [C6 S3] [S9] ] Human

Last Capturer: Human

Deck: S7 D3 D5 H2 H3 S5 D8 C2 H9 CX CQ CK HJ S2 S6 D9 DX DQ DK D2 HX HQ HK C4 C7 S8 SJ H4 H7

Next Player: Human
"""


def test_the_course_example_loads() -> None:
    state = parse_save(COURSE_EXAMPLE)
    assert state.round_number == 3 and state.scores == (14, 17)
    assert state.hand(COMPUTER) == cards("H5 H6 D4 D7")
    assert state.pile(HUMAN) == cards("DJ DA C3 C5")
    (build,) = state.builds
    assert str(build) == "[ [C6 S3] [S9] ]" and build.owner is HUMAN and build.value == 9
    assert state.loose == cards("C8 CJ HA")
    assert state.last_capturer is HUMAN and state.next_player is HUMAN
    assert len(state.deck) == 29 and state.deck[0] == cards("S7")[0]
    assert format_save(state) == CANONICAL
    assert parse_save(CANONICAL) == state


def test_the_course_example_plays_on() -> None:
    state = parse_save(COURSE_EXAMPLE)
    moves = {str(m) for m in state.legal_moves()}
    assert "capture C9 [S3 C6 S9]" in moves
    assert not any(m.startswith("trail") for m in moves)  # the human owns a build


def test_the_courses_second_example_is_refused_for_its_repeated_cards() -> None:
    text = CANONICAL.replace("[ [C6 S3] [S9] ] C8", "[ [C6 S3] [S9] ] [D5 H2] C8").replace(
        "Build Owner: [ [C6 S3] [S9] ] Human\n",
        "Build Owner: [ [C6 S3] [S9] ] Human\nBuild Owner: [D5 H2] Computer\n",
    )
    with pytest.raises(SaveFileError) as caught:
        parse_save(text, "saved.txt")
    assert str(caught.value) == (
        "saved.txt, line 20: D5 appears twice (also on line 13): each card is in one place"
    )
    assert caught.value.line == 20


def test_reading_forgives_spacing_case_notation_and_a_missing_last_capturer() -> None:
    messy = (
        "\ufeffround:3\r\n\r\n\r\n"
        "COMPUTER:\r\n\tscore:   17\r\n\thand: 5h 6h 4d 7d\r\n\tpile: ST SQ SK D6 H8\r\n"
        "human :\r\nScore: 14\r\n        Hand:SA  S4 CA C9\r\n  Pile: DJ DA C3 C5\r\n"
        "table: [[c6 s3][s9]]  C8 CJ HA\r\n"
        "build owner:   [ [S9] [S3 C6] ]   human\r\n"
        "Deck: S7 D3 D5 H2 H3 S5 D8 C2 H9 CX CQ CK HJ S2 S6 D9 DX DQ DK D2 HX HQ HK C4 C7 S8 SJ"
        " H4 H7\r\n   next player:human"
    )
    state = parse_save(messy)
    assert state.last_capturer is None
    assert format_save(state) == CANONICAL.replace("Last Capturer: Human\n\n", "")


def test_an_empty_last_capturer_means_nobody() -> None:
    text = CANONICAL.replace("Last Capturer: Human", "Last Capturer:")
    assert parse_save(text).last_capturer is None


def edited(old: str, new: str, *more: str) -> str:
    """CANONICAL with ``old`` replaced by ``new`` (and each further pair in ``more``)."""
    text = CANONICAL
    pairs = [(old, new), *zip(more[::2], more[1::2], strict=True)]
    for before, after in pairs:
        assert before in text
        text = text.replace(before, after, 1)
    return text


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (edited("Round: 3", "Round: zero"), 1, "bad round 'zero': expected a whole number from 1"),
        (edited("Round: 3", "Round: 0"), 1, "bad round '0'"),
        (edited("Score: 17", "Score: -2"), 4, "bad score '-2': expected a whole number from 0"),
        (edited("Score: 17", "Score: ¹⁷"), 4, "bad score '¹⁷': expected a whole number from 0"),
        (edited("Round: 3", "Round: ²"), 1, "bad round '²'"),
        (edited("Score: 17", "Score: " + "9" * 5000), 4, "expected at most 40 digits"),
        (edited("Hand: H5", "Hand: H1"), 5, "bad card 'H1': expected a suit"),
        (edited("Hand: H5", "Hand: H7"), 19, "H7 appears twice (also on line 5)"),
        (edited("Hand: H5 H6", "Hand: H6"), None, "51 cards in all, 52 expected: missing H5"),
        (edited("Pile: SX SQ SK D6 H8", "Pile: SX SQ SK D6 H8 SX"), 6, "earlier on this line"),
        (edited("Human:\n", "Humans:\n"), 8, "expected Human:, found 'Humans:'"),
        (edited("Computer:\n", "Computer: 17\n"), 3, "heads its block"),
        (edited("   Score: 14\n", ""), 9, "expected the human's Score:, found 'Hand:'"),
        (edited("Next Player: Human\n", ""), 19, "the file ends before Next Player:"),
        (edited("Next Player: Human", "Next Player: Dealer"), 21, "bad player 'Dealer'"),
        (CANONICAL + "Round: 4\n", 22, "unexpected 'Round:' after Next Player:"),
        (edited("Round: 3", "Round 3"), 1, "expected 'Section: value', found 'Round 3'"),
        (edited("Table: [ [C6 S3] [S9] ]", "Table: [ [C6 S3] [S9]"), 13, "unclosed '['"),
        (edited("[ [C6 S3] [S9] ] Human", "[ [C6 S3] [S9] ] Dealer"), 15, "bad player 'Dealer'"),
        (edited("[ [C6 S3] [S9] ] Human", "[C6 S3] Human"), 15, "[C6 S3] is not on the table"),
        (edited("[ [C6 S3] [S9] ] Human", "C8 Human"), 15, "expected one build in brackets"),
        (edited("Build Owner: [ [C6 S3] [S9] ] Human\n", ""), 13, "has no 'Build Owner:' line"),
        (
            edited("Human\n\nLast", "Human\nBuild Owner: [S9 C6 S3] Computer\n\nLast"),
            16,
            "already has an owner (line 15)",
        ),
        (edited("[ [C6 S3] [S9] ] C8", "[ [C6 S3] [S9] [C8] ]"), 13, "do not make one value"),
        (edited("[ [C6 S3] [S9] ] C8", "[C6 S3 S9 C8]"), 13, "more than 14"),
        (edited("Human\n\nLast", "Computer\n\nLast"), 15, "the computer owns the build"),
        (
            edited("Hand: SA S4 CA C9", "Hand: SA S4 CA C9 H4", " H4 H7\n", " H7\n"),
            10,
            "the human holds 5 cards: a hand holds at most 4",
        ),
        (edited("Next Player: Human", "Next Player: Computer"), None, None),
    ],
)
def test_bad_content_is_refused_with_the_line(
    text: str, line: int | None, message: str | None
) -> None:
    if message is None:  # a sound variant: the computer to move
        assert parse_save(text).next_player is COMPUTER
        return
    with pytest.raises(SaveFileError) as caught:
        parse_save(text, "game.txt")
    where = f"game.txt, line {line}: " if line is not None else "game.txt: "
    assert str(caught.value).startswith(where), str(caught.value)
    assert message in str(caught.value)
    assert caught.value.line == line


def test_the_player_to_move_must_hold_cards() -> None:
    state = position("", "S9", "HK", to_move=COMPUTER)
    text = format_save(state).replace("Next Player: Computer", "Next Player: Human")
    with pytest.raises(SaveFileError, match=r"line 17: the human is to play but holds no cards"):
        parse_save(text)


def test_an_unsound_state_is_not_saved() -> None:
    state = position("", "S9", "HK", to_move=HUMAN, check=False)
    with pytest.raises(CasinoError, match="cannot save this position: the human is to play"):
        format_save(state)


# --- round trips -------------------------------------------------------------------------


def random_position(seed: int, plies: int) -> State:
    rng = random.Random(seed)
    state = new_tournament(rng.choice([HUMAN, COMPUTER]), rng=seed)
    for _ in range(plies):
        if state.is_round_over:
            break
        moves = state.legal_moves()
        shaping = [m for m in moves if m.action.value in ("build", "increase")]
        state = state.apply(rng.choice(shaping if shaping and rng.random() < 0.6 else moves))
    return state


@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 48))
def test_save_load_save_gives_the_same_bytes(seed: int, plies: int) -> None:
    state = random_position(seed, plies)
    text = format_save(state)
    again = parse_save(text)
    assert again == state  # load, save, load: the same state
    assert format_save(again) == text  # save, load, save: the same bytes


def test_round_trips_of_the_course_example() -> None:
    state = parse_save(COURSE_EXAMPLE)
    assert parse_save(format_save(state)) == state
    assert format_save(parse_save(format_save(state))) == format_save(state)


# --- files --------------------------------------------------------------------------------


def test_write_and_read_a_file(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    state = parse_save(CANONICAL)
    write_save(state, path)
    assert path.read_text(encoding="utf-8") == CANONICAL
    assert read_save(path) == state
    write_save(random_position(1, 10), path)  # overwrites
    assert read_save(path) == random_position(1, 10)
    assert sorted(os.listdir(tmp_path)) == ["game.txt"]  # no temporary file left


def test_a_save_over_a_fifo_is_refused_and_the_fifo_kept(tmp_path: Path) -> None:
    # write_save replaced the FIFO with a regular file, silently (read_save refuses it).
    path = tmp_path / "fifo"
    os.mkfifo(path)
    with pytest.raises(SaveFileError, match=r"fifo: a FIFO \(named pipe\): expected a regular"):
        write_save(parse_save(CANONICAL), path)
    assert stat.S_ISFIFO(os.stat(path).st_mode)
    assert sorted(os.listdir(tmp_path)) == ["fifo"]


def test_a_refused_save_leaves_the_old_file_alone(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text(CANONICAL, encoding="utf-8")
    bad = position("", "S9", "HK", to_move=HUMAN, check=False)
    with pytest.raises(CasinoError):
        write_save(bad, path)
    assert path.read_text(encoding="utf-8") == CANONICAL
    assert sorted(os.listdir(tmp_path)) == ["game.txt"]


def test_a_crash_while_saving_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.txt"
    path.write_text(CANONICAL, encoding="utf-8")

    def broken_replace(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="No space left"):
        write_save(random_position(2, 5), path)
    assert path.read_text(encoding="utf-8") == CANONICAL
    assert sorted(os.listdir(tmp_path)) == ["game.txt"]


def test_unreadable_files(tmp_path: Path) -> None:
    binary = tmp_path / "game.bin"
    binary.write_bytes(b"Round: \xff\xfe")
    with pytest.raises(SaveFileError, match=r"game\.bin: not UTF-8 text"):
        read_save(binary)
    with pytest.raises(FileNotFoundError):
        read_save(tmp_path / "missing.txt")


def test_a_practice_game_is_saved_as_such(tmp_path: Path) -> None:
    state = parse_save(CANONICAL)
    text = format_save(state, practice=True)
    assert text == format_save(state) + "\nPractice: yes\n"
    assert parse_game(text) == SavedGame(state, practice=True)
    assert parse_game(CANONICAL) == SavedGame(state, practice=False)
    assert parse_game(CANONICAL + "Practice: no\n").practice is False
    path = tmp_path / "practice.txt"
    write_save(state, path, practice=True)
    assert read_game(path) == SavedGame(state, practice=True) and read_save(path) == state
    with pytest.raises(SaveFileError, match=r"line \d+: bad practice 'maybe': expected yes or no"):
        parse_game(CANONICAL + "Practice: maybe\n")


def test_level_and_practice_lines_come_in_a_fixed_order_each_optional() -> None:
    state = parse_save(CANONICAL)
    text = format_save(state, Level.CASUAL, practice=True)
    assert text == format_save(state) + "\nLevel: Casual\n\nPractice: yes\n"
    assert parse_game(text) == SavedGame(state, Level.CASUAL, practice=True)
    assert parse_game(CANONICAL + "Level: strong\n") == SavedGame(state, Level.STRONG)
    assert parse_game(CANONICAL + "Practice: yes\n") == SavedGame(state, practice=True)
    with pytest.raises(SaveFileError, match=r"unexpected 'Level:' after Practice:"):
        parse_game(CANONICAL + "Practice: yes\nLevel: strong\n")
