"""``croupier casino puzzle``: a puzzle served, answered, judged and rated; the history
kept in a file."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from croupier.casino import Action
from croupier.casino.puzzles import (
    PuzzleHistory,
    load_puzzles,
    next_puzzle,
    read_history,
    record_attempt,
)

from ..helpers import assert_one_line_error, croupier


def test_solve_one_puzzle_then_miss_it(tmp_path: Path) -> None:
    puzzle = load_puzzles()[0]
    history = tmp_path / "history.json"
    solution = str(puzzle.solutions[0])
    run = croupier(
        "casino", "puzzle", "--id", puzzle.id, "--history", str(history),
        input=f"l\nbuild\n{solution}\n",
    )  # fmt: skip
    assert run.exit_code == 0, run.stderr
    out = run.stdout
    assert f"Puzzle {puzzle.id} (rated {puzzle.rating:.0f})" in out
    assert "Deck: 0 cards left" in out  # the position, every card shown
    assert "legal move" in out  # l listed them
    assert "bad card 'build'" in out  # a bad answer is asked again
    assert "Solved: the best move." in out and f"({solution})" in out
    kept = read_history(history)
    assert kept.solved == 1 and kept.player.rating > 1500
    wrong = next(str(move) for move in puzzle.values if move not in puzzle.solutions)
    run = croupier(
        "casino", "puzzle", "--id", puzzle.id, "--history", str(history), input=wrong + "\n"
    )
    assert "Not the best: it gives away " in run.stdout
    assert len(read_history(history).attempts) == 2


def test_puzzles_go_on_until_the_player_stops(tmp_path: Path) -> None:
    history = tmp_path / "history.json"
    run = croupier("casino", "puzzle", "--history", str(history), "--seed", "3", input="l\n")
    assert run.exit_code == 0 and "Your rating: 1500" in run.stdout  # input ended: nothing rated
    assert not history.exists() or not read_history(history).attempts


def test_a_bad_id_and_a_bad_history(tmp_path: Path) -> None:
    assert_one_line_error(croupier("casino", "puzzle", "--id", "nope"), "bad --id 'nope'")
    bad = tmp_path / "bad.json"
    bad.write_text("[")
    assert_one_line_error(
        croupier("casino", "puzzle", "--history", str(bad)), "not a puzzle history"
    )


def test_a_puzzle_solved_as_in_a_game_and_the_keys_shown(tmp_path: Path) -> None:
    puzzle = next_puzzle(load_puzzles(), PuzzleHistory(), np.random.default_rng(1))
    solution = puzzle.solutions[0]
    state = puzzle.state
    hand = state.hand(state.next_player)
    answers = [str(hand.index(solution.card) + 1), solution.action.value[0]]
    if solution.action is not Action.TRAIL:  # the table items, each by one of its cards
        named = [*solution.loose, *(build[0] for build in solution.builds)]
        answers.append(" ".join(card.casino for card in named))
    history = tmp_path / "history.json"
    run = croupier(
        "casino", "puzzle", "--history", str(history), "--seed", "1",
        input="\n".join(["5", *answers, "q"]) + "\n",
    )  # fmt: skip
    assert run.exit_code == 0, run.stderr
    out = run.stdout
    assert "bad card number 5" in out  # the hand has 4 cards at most
    assert "Solved: the best move." in out
    assert "[Enter] another puzzle, [q]uit: q" in out  # the keys as they are, piped too
    assert read_history(history).solved == 1


def test_an_answer_given_elsewhere_meanwhile_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The terminal records each answer in the file as it stands then (a browser on the
    local server may have answered since the terminal read it): it used to write its own
    copy over the file, losing the browser's answer."""
    puzzle = load_puzzles()[0]
    history = tmp_path / "history.json"
    record_attempt(history, puzzle, puzzle.check(puzzle.solutions[0]))  # the browser's
    # the terminal read the file before the browser's answer
    monkeypatch.setattr("croupier.cli.casino.puzzle.read_history", lambda path: PuzzleHistory())
    run = croupier(
        "casino", "puzzle", "--id", puzzle.id, "--history", str(history),
        input=str(puzzle.solutions[0]) + "\n",
    )  # fmt: skip
    assert run.exit_code == 0, run.stderr
    assert [attempt.solved for attempt in read_history(history).attempts] == [True, True]
