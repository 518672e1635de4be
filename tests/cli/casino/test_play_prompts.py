"""``croupier casino play``: every answer is checked, input can end anywhere, bad options
and files stop it in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from croupier.casino import format_save, read_save, write_save
from croupier.casino.gamelog import read_game_file
from croupier.casino.levels import Level
from croupier.casino.savefile import read_game

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
def test_the_end_of_input_leaves_cleanly_anywhere(answers: str, tmp_path: Path) -> None:
    out = play("--seed", "1", input=answers)
    lines = out.rstrip().splitlines()
    # The prompt that met the end, then the goodbye: nothing is offered in between.
    assert lines[-1].startswith("Leaving the game: the input ended") and lines[-2] == ""
    assert lines[-3].endswith(": ")
    # A game under way is saved where the goodbye says, with its moves.
    recovery = list((tmp_path / "state" / "croupier").glob("casino-*.txt"))
    if "heads" in answers:
        (path,) = recovery
        assert lines[-1].endswith(f"resume it with croupier casino play --load {path}.")
        game = read_game_file(path)
        assert game.state.round_number == 1 and game.log is not None
    else:
        assert recovery == [] and lines[-1] == "Leaving the game: the input ended."


def test_every_answer_is_checked(deck_file: str) -> None:
    answers = [
        "tails?",  # bad call
        "heads",
        "11",  # bad menu choice
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
        "bad choice '11': expected a number from 1 to 9, a key (s m h q l r u x p ?), or save, "
        "move, help, quit, moves, history, undo, save-and-quit or play-hint. Try again.",
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
    assert out.count("Your turn:") == 3  # asked again after the bad choice, and after "0"


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
    gone = tmp_path / "no" / "such" / "dir.txt"
    # named once (it was "Cannot save to X: X: its folder ..."), wherever the line wraps
    said = " ".join(out[out.index("Cannot save to") :].split())
    assert said.startswith(f"Cannot save to {gone}: its folder {gone.parent} does not exist")
    assert f"{existing} exists. Replace it (y/n)? n" in out
    assert f"Resume it with: croupier casino play --load {existing}" in out
    # Saving does not end the game: the menu comes back (until the input ends).
    assert out.count("Your turn:") == 3  # back to the menu once, then after the save
    assert out.rstrip().splitlines()[-1].startswith("Leaving the game: the input ended")
    state = read_save(existing)
    assert state.round_number == 1 and len(state.deck) == 40


def test_the_computer_s_turn_can_be_saved_and_quit(tmp_path: Path) -> None:
    state = position("H5 C3", "S9 D2", "C4", deck="", to_move=COMPUTER)
    path = tmp_path / "game.txt"
    write_save(state, path)
    out = play("--load", str(path), "--pause", input="?\n4\n" + str(path) + "\ny\n")
    assert "The computer's turn: [m]ove [s]ave [q]uit, [?] all: " in out
    assert "Let the computer move" in out  # the whole menu, on ?
    assert "Ask for help" not in out and "[h]int" not in out
    assert path.read_text() == format_save(state, Level.EXPERT) + "\nHistory:\n"
    assert out.rstrip().endswith(f"Resume it with: croupier casino play --load {path}")
    out = play("--load", str(path), "--pause", input="3\ny\n")
    assert out.rstrip().endswith("You leave the game.")


def test_a_saved_game_is_resumed_as_it_was(tmp_path: Path) -> None:
    state = position("H5 C3", "S9 D2", "[C4 D5] C9", [COMPUTER], deck="", scores=(4, 7))
    path = tmp_path / "game.txt"
    write_save(state, path)
    out = play("--load", str(path), input="")
    assert "Round 1. Tournament scores: computer 7, human 4." in out
    assert "Table:    1) [4♣ 5♦] (9, Computer)  2) 9♣" in out
    assert "Coin" not in out and "coin" not in out


def test_a_file_that_cannot_be_resumed_is_named_once(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("garbage\n")
    out = play(input=f"2\n{bad}\n\n")
    said = " ".join(out[out.index("Cannot resume from") :].split())
    # it was "Cannot resume from X: X, line 1: ..."
    assert said.startswith(f"Cannot resume from {bad}: line 1: expected 'Section: value'")


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
    for option in (
        "--load",
        "--deck-file",
        "--seed",
        "--open",
        "--strategy",
        "--deadline",
        "--pause",
    ):
        assert option in out


def test_file_names_are_shown_as_typed(deck_file: str, tmp_path: Path) -> None:
    odd = tmp_path / "[bold]game.txt"
    odd.write_text("old")
    answers = ["h", "1", str(odd), "y"]
    out = play("--deck-file", deck_file, "--seed", "1", input="\n".join(answers) + "\n")
    assert f"{odd} exists. Replace it (y/n)? y" in out
    assert f"Game saved to {odd} (the position, then every move for the review)." in out
    assert read_save(odd).round_number == 1


# --- the game flows: one-line moves, no wait for the computer, moves/history/undo -------


def test_a_move_typed_on_one_line_at_the_menu_and_at_the_card_prompts(deck_file: str) -> None:
    # The human holds 6♦ 9♠ 9♣ 5♥, the table 3♦ 4♣ 5♣ Q♥.
    answers = [
        "heads",
        "build D6 D3",  # at the menu
        "2",
        "b H5 C4",  # at the card prompt, the action by its first letter
        "2",
        "S9",
        "capture S9 [D3 D6 H5 C4]",  # at the action prompt
        "2",
        "C9",
        "t",
        "4",
        "y",
    ]
    out = play("--deck-file", deck_file, "--seed", "1", input="\n".join(answers) + "\n")
    assert "You play 6♦: build 9 from 6♦ and 3♦ (build D6 D3)." in out
    assert "You play 5♥: build 9 from 5♥ and 4♣ (build H5 C4)." in out
    assert "You play 9♠: capture the build [3♦ 4♣ 5♥ 6♦] with 9♠" in out
    assert "You play 9♣: trail 9♣ (trail C9)." in out
    # The computer answered each move at once: no menu of its own, no Enter to press.
    assert out.count("The computer plays ") == 4 and "The computer's turn:" not in out
    assert "At your turn, type a move (capture D8 H8, build H3 S2, trail C9) or a key" in out


def test_a_one_line_move_is_checked_like_any_other(deck_file: str) -> None:
    answers = ["heads", "trail H5", "capture D6 Z9", "2", "capture D6 S9", "0", "4", "y"]
    out = play("--deck-file", deck_file, "--seed", "1", input="\n".join(answers) + "\n")
    assert "Illegal move 'trail H5': a card that matches a loose card cannot be trailed" in out
    assert "bad move 'capture D6 Z9': bad card 'Z9'" in out
    assert "Illegal move 'capture D6 S9': the loose cards named must lie loose on the table" in out
    assert "You play" not in out


def test_pause_waits_for_each_computer_move(deck_file: str) -> None:
    out = play(
        "--deck-file", deck_file, "--seed", "1", "--pause", input="heads\ntrail C9\n\n4\ny\n"
    )
    assert "You play 9♣: trail 9♣ (trail C9)." in out
    assert out.count("The computer's turn:") == 1 and out.count("The computer plays ") == 1


def test_moves_history_and_undo_in_a_practice_game(deck_file: str, tmp_path: Path) -> None:
    saved = tmp_path / "practice.txt"
    answers = [
        "heads",
        "moves",
        "history",  # nothing yet
        "undo",  # nothing to take back
        "build D6 D3",
        "history",
        "7",  # undo: asked first
        "n",
        "u",
        "y",
        "history",
        "trail C9",
        "undo",  # a practice game now: not asked again
        "8",  # save and quit
        str(saved),
    ]
    out = play("--deck-file", deck_file, "--seed", "1", input="\n".join(answers) + "\n")
    assert "Round 1: Human to move, " in out
    assert "build D6 D3" in out.split("[?] all: moves")[1].split("Your turn:")[0]
    assert "No move yet this round." in out
    assert "You have made no move this round: nothing to take back." in out
    history = out.split("[?] all: history")[2]
    assert "Round 1 so far:\n  1. You play 6♦: build 9 from 6♦ and 3♦ (build D6 D3).\n" in history
    assert "  2. The computer plays " in history.split("Your turn:")[0]
    assert out.count("Taking back a move makes this a practice game") == 2  # not after "y"
    assert out.count("Taken back: build D6 D3, ") == 1 and out.count("Taken back: trail C9, ") == 1
    assert "Table:    1) 3♦  2) 4♣  3) 5♣  4) Q♥" in out.split("Taken back: build D6 D3")[1]
    # Saved as a practice game, at the first position; resumed, it says so.
    game = read_game(saved)
    assert game.practice and game.state.round_number == 1 and len(game.state.loose) == 4
    assert "Practice: yes\n\nHistory:\n" in saved.read_text()
    out = play("--load", str(saved), input="")
    assert "A practice game: your moves can be taken back." in out


def test_save_goes_on_unless_save_and_quit(deck_file: str, tmp_path: Path) -> None:
    saved = tmp_path / "game.txt"
    answers = ["heads", "1", str(saved), "trail C9", "s", str(saved), "y", "8", str(saved), "y"]
    out = play("--deck-file", deck_file, "--seed", "1", input="\n".join(answers) + "\n")
    assert out.count("Game saved to") == 3 and "You play 9♣: trail 9♣" in out
    assert out.rstrip().endswith(f"Resume it with: croupier casino play --load {saved}")
    assert not read_game(saved).practice


def test_the_deadline_of_play_reaches_the_computer_not_the_help(deck_file: str) -> None:
    out = play("--deck-file", deck_file, "--seed", "1", "--deadline", "0", input="heads\nh\n")
    hint = out.split("Hint: the best move is")[1]
    assert "deadline" not in hint.split("\n\n")[0]  # the judge's: no clock
    out = play("--deck-file", deck_file, "--seed", "1", "--deadline", "0", input="tails\n")
    assert "The computer plays" in out
    assert "the 0 s deadline cut its own search short" in out
    run = croupier("casino", "play", "--deadline", "-2")
    assert_one_line_error(run, "bad --deadline '-2': expected a number of seconds from 0 to 600")


def test_the_seed_drawn_is_printed_and_deals_the_game_again() -> None:
    out = play(input="1\nheads\n")
    seed = int(out.split("Seed ", 1)[1].split(":", 1)[0])
    assert f"croupier casino play --seed {seed} deals the same rounds again." in out
    table = out.split("Round 1. ")[1].split("Your turn")[0]
    again = play("--seed", str(seed), input="1\nheads\n")
    assert again.split("Round 1. ")[1].split("Your turn")[0] == table


def test_history_and_take_back_reach_before_a_save(deck_file: str, tmp_path: Path) -> None:
    saved = tmp_path / "game.txt"
    answers = ["heads", "build D6 D3", "x", str(saved)]
    out = play("--deck-file", deck_file, "--seed", "1", input="\n".join(answers) + "\n")
    assert "You play 6♦: build 9 from 6♦ and 3♦ (build D6 D3)." in out
    out = play("--load", str(saved), input="r\nu\ny\nr\n")
    history = out.split("all: r\n")[1]
    assert "Round 1 so far:\n  1. You play 6♦: build 9 from 6♦ and 3♦ (build D6 D3).\n" in history
    assert "Taken back: build D6 D3, " in out
    assert "No move yet this round." in out.split("Taken back: ")[1]
