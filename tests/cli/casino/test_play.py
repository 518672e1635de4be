"""``croupier casino play``: whole tournaments at the terminal, with stacked decks and
scripted answers."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from croupier.cards import DECK, parse_cards
from croupier.casino import Player, format_save, read_save, write_save
from croupier.casino.levels import Level
from croupier.casino.session import Session
from croupier.casino.strategies import strategy_named

from ...casino.helpers import COMPUTER, HUMAN, position
from ..helpers import Run, croupier
from .script import Script, new_game, winner_line

#: The first round's deck: the human holds 6♦ 9♠ 9♣ 5♥, the computer K♣ K♥ Q♦ Q♠ (it can
#: neither capture nor build with the human's cards), the table 3♦ 4♣ 5♣ Q♥.
TOP = parse_cards("D6 S9 C9 H5 CK HK DQ SQ D3 C4 C5 HQ")
REST = [card for card in DECK if card not in TOP]
random.Random(6).shuffle(REST)
STACKED = (*TOP, *REST)

#: The human's first four turns, typed: help, an illegal trail, a build of 9, a multiple
#: build, the capture of that build (by its number), a trail.
OPENING = [
    (["3", "2", "H5", "t", "1", "b", "D3"], "build D6 D3"),
    (["2", "h5", "build", "4♣"], "build H5 C4"),
    (["", "S9", "c", "1"], "capture S9 [D3 D6 H5 C4]"),
    (["2", "9c", "T"], "trail C9"),
]


@pytest.fixture
def deck_file(tmp_path: Path) -> str:
    path = tmp_path / "deck.txt"
    path.write_text("# stacked\n" + " ".join(card.casino for card in STACKED) + "\n")
    return str(path)


def stacked_game() -> Script:
    script, first = new_game(1, STACKED)
    assert first is Player.HUMAN  # the call wins the toss
    return script


def test_a_whole_tournament_from_a_stacked_deck(deck_file: str) -> None:
    script = stacked_game().play(OPENING)
    assert script.session.finished and script.last_end is not None
    run = croupier("casino", "play", "--deck-file", deck_file, "--seed", "1", input=script.text)
    assert run.exit_code == 0, run.stderr
    out = run.stdout
    assert run.stderr == "" and "Traceback" not in out
    # The toss, called right.
    assert "Call the coin toss, heads or tails: heads" in out
    assert "The coin shows heads: you called heads, so you play first." in out
    # The first position: the table numbered, builds first, the computer's hand hidden.
    assert "Table:    1) 3♦  2) 4♣  3) 5♣  4) Q♥" in out
    assert "Computer: 4 cards, hidden   pile: 0 cards" in out
    assert "Human:    1) 6♦  2) 9♠  3) 9♣  4) 5♥   pile: 0 cards" in out
    assert "Deck: 40 cards.  Next: Human." in out
    # Help, then the illegal trail refused with its rule, then the build.
    assert "Hint: the best move is" in out and "  Why: " in out
    assert (
        "Illegal move 'trail H5': a card that matches a loose card cannot be trailed: it must "
        "capture it (H5 matches the loose C5). Choose again." in out
    )
    assert "You play 6♦: build 9 from 6♦ and 3♦ (build D6 D3)." in out
    assert "1) [3♦ 6♦] (9, Human)" in out
    # The multiple build, and its capture.
    assert "You play 5♥: build 9 from 5♥ and 4♣ (build H5 C4)." in out
    assert "1) [ [3♦ 6♦] [4♣ 5♥] ] (9, Human)" in out
    assert "You play 9♠: capture the build [3♦ 4♣ 5♥ 6♦] with 9♠" in out
    # Each round ends with the review of the human's moves.
    rounds = script.session.state.round_number
    assert out.count("Review of round ") == rounds and "Round 1: accuracy " in out
    # Every computer move is announced with its reason.
    assert out.count("The computer plays ") == len(script.computer_moves)
    assert out.count("  Why: ") >= len(script.computer_moves)
    for move in script.computer_moves[:4]:
        assert f"({move})." in out
    # Rounds end with the piles and the scoring; the tournament with the winner.
    assert "Round 1 is over." in out and "Round 2. Tournament scores:" in out
    assert "most cards" in out and "Round points" in out and "Tournament now" in out
    # The tournament ends with the winner, then its summary: the review's, and the seed.
    summary = out.split(winner_line(script.last_end) + "\n")[1]
    assert summary.startswith("\nThe tournament\n")
    assert f"  {rounds} rounds; final score: you " in summary
    assert "  Accuracy: " in summary and "  Points lost: " in summary and "blunders" in summary
    assert summary.rstrip().splitlines()[-1] == (
        f"  Seed 1: croupier casino play --deck-file {deck_file} --seed 1"
    )
    # A pause at the end of each round but the last.
    assert out.count("Press Enter for round ") == rounds - 1


def test_save_then_resume_with_the_same_state(deck_file: str, tmp_path: Path) -> None:
    saved = tmp_path / "game.txt"
    script = stacked_game().play(
        OPENING[:2], until=lambda s: len(s.state.hands[0]) == 2 and s.to_move is HUMAN
    )
    at_save = script.session.state
    assert at_save.next_player is HUMAN and len(at_save.builds) == 1
    script.lines += ["8", str(saved)]  # save and quit
    run = croupier("casino", "play", "--deck-file", deck_file, "--seed", "1", input=script.text)
    assert run.exit_code == 0, run.stderr
    assert f"Resume it with: croupier casino play --load {saved}" in run.stdout
    assert saved.read_text().startswith(format_save(at_save, Level.EXPERT) + "\nHistory:\n")
    before = run.stdout.split("Your turn:")[-2].strip().splitlines()[-4:]  # the last position drawn
    # Resume with --load: the same position, and the game goes on to the end.
    resumed = Script(Session(read_save(saved), strategy_named("expert"), rng(1))).play()
    run = croupier("casino", "play", "--load", str(saved), "--seed", "1", input=resumed.text)
    assert run.exit_code == 0, run.stderr
    # The seed line names the save: the command deals the same rounds after it again.
    again = f"croupier casino play --load {saved} --seed 1"
    assert f"Seed 1: {again} deals the same rounds again." in run.stdout
    assert run.stdout.rstrip().splitlines()[-1] == f"  Seed 1: {again}"
    shown = run.stdout.split("Your turn:")[0].strip().splitlines()[-4:]
    assert shown == before
    assert "Round 1. Tournament scores: computer 0, human 0." in run.stdout
    assert resumed.last_end is not None
    assert winner_line(resumed.last_end) in run.stdout
    # Resume by answering the question: a bad name is refused and asked again.
    answers = ["2", str(tmp_path / "missing.txt"), "", "2", str(saved), "4", "n", "4", "y"]
    run = croupier("casino", "play", input="\n".join(answers) + "\n")
    assert run.exit_code == 0, run.stderr
    assert "Cannot resume from" in run.stdout and "No such file or directory" in run.stdout
    assert f"croupier casino play --load {saved} --seed " in run.stdout
    assert run.stdout.count("Resume a saved game") == 2  # an empty answer went back
    assert "Quit without saving? The game will be lost (y/n): n" in run.stdout
    assert run.stdout.rstrip().endswith("You leave the game.")
    assert saved.read_text().startswith(format_save(at_save, Level.EXPERT))  # nothing lost


def rng(seed: int) -> np.random.Generator:
    return np.random.default_rng(seed)


def test_an_increase_of_the_computer_s_build(tmp_path: Path) -> None:
    # The computer owns [5♦ 2♥] (7) and holds the 7♣; the human turns it into 8 with the
    # ace and captures it with the 8 of hearts next turn.
    state = position(
        "SA H8 C3",
        "C7 HK",
        "[D5 H2] CJ",
        [COMPUTER],
        deck="",
        last=COMPUTER,
    )
    path = tmp_path / "game.txt"
    write_save(state, path)
    script = Script(Session(state, strategy_named("expert"), rng(0)))
    script.play(
        [
            (["2", "SA", "i", "1"], "increase SA [D5 H2]"),
            (["2", "H8", "c", "1"], "capture H8 [D5 H2 SA]"),
        ],
        until=lambda s: len(script.human_moves) == 2,
    )
    script.lines += ["4", "y"]  # the computer replies at once; then quit
    run = croupier("casino", "play", "--load", str(path), input=script.text)
    assert run.exit_code == 0, run.stderr
    out = run.stdout
    assert "1) [5♦ 2♥] (7, Computer)" in out
    assert "You play A♠: increase the build [2♥ 5♦] to 8 with A♠ (increase SA [H2 D5])." in out
    assert "1) [5♦ 2♥ A♠] (8, Human)" in out
    assert "You play 8♥: capture the build [2♥ 5♦ A♠] with 8♥" in out
    assert out.rstrip().endswith("You leave the game.")


def test_a_finished_tournament_tied_or_won(tmp_path: Path) -> None:
    # The last move of a round that decides the tournament: 19 all, and the human's
    # capture ends the round with 4 points each (26 cards each, 7 spades to 6): a tie.
    human_pile = "S3 S4 S5 S6 S7 S8 S9 HA DA CA C2 C3 C4 C6 C7 C8 C9 CX CJ CQ CK H2 H3 H4"
    computer_pile = "DX S2 SA SJ SQ SK SX D2 D3 D4 D5 D6 D7 D8 D9 DJ DQ DK H6 H7 H8 H9 HX HJ HQ HK"
    path = tmp_path / "end.txt"

    def play_the_last_move(scores: tuple[int, int]) -> Run:
        state = position(
            "H5",
            "",
            "C5",
            deck="",
            last=COMPUTER,
            scores=scores,
            human_pile=human_pile,
            computer_pile=computer_pile,
        )
        write_save(state, path)
        return croupier("casino", "play", "--load", str(path), input="2\n1\nc\n1\n")

    run = play_the_last_move((19, 19))
    assert run.exit_code == 0, run.stderr
    assert "Round 1 is over." in run.stdout
    assert "\nThe tournament is a tie, 23 to 23.\n\nThe tournament\n" in run.stdout
    # The same with the computer ahead by a point: it wins.
    run = play_the_last_move((19, 20))
    assert "\nThe computer wins the tournament, 24 to 23.\n" in run.stdout
