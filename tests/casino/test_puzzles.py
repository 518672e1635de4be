"""Puzzles: the shipped set checked by an independent exact search, verdicts, Glicko-2
ratings of both sides, the choice of the next puzzle, and the history on disk."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from croupier.casino import CasinoError, IllegalMoveError, Move
from croupier.casino.puzzles import (
    MAX_KINDS,
    MIN_MARGIN,
    RATING_BOUNDS,
    Puzzle,
    PuzzleHistory,
    find_puzzle,
    load_puzzles,
    next_puzzle,
    parse_puzzles,
    read_history,
    record_attempt,
    starting_rating,
    write_history,
)
from croupier.casino.strategies.values import move_kind
from croupier.casino.strategies.yardstick import YardstickSearch

from ..untyped import untyped


@pytest.fixture(scope="module")
def puzzles() -> tuple[Puzzle, ...]:
    return load_puzzles()


def test_the_shipped_set(puzzles: tuple[Puzzle, ...]) -> None:
    assert len(puzzles) >= 40
    assert len({puzzle.id for puzzle in puzzles}) == len(puzzles)
    ratings = [puzzle.rating for puzzle in puzzles]
    assert ratings == sorted(ratings) and max(ratings) > min(ratings)  # easiest first, varied
    for puzzle in puzzles:
        state = puzzle.state
        assert not state.deck and state.to_move is puzzle.player  # a last deal: all known
        assert set(puzzle.values) == set(state.legal_moves())
        best = max(puzzle.values.values())
        assert set(puzzle.solutions) == {m for m, v in puzzle.values.items() if v == best}
        assert len({move_kind(move) for move in puzzle.solutions}) == 1  # one move, clearly
        second = max(v for v in puzzle.values.values() if v < best)
        assert best - second == puzzle.margin >= MIN_MARGIN


def test_the_solutions_agree_with_an_independent_exact_search(
    puzzles: tuple[Puzzle, ...],
) -> None:
    # The yardstick's own alpha-beta, written apart from the expert's, to the end of the
    # round: the solution is its best move too, by the same margin when no tournament is
    # decided (a decided one counts 50 there, 100 in the expert's search).
    for puzzle in puzzles[::6]:
        moves = list(puzzle.values)
        state = puzzle.state
        plies = len(state.hands[0]) + len(state.hands[1])
        values = YardstickSearch(state.next_player).moves(state, moves, plies)
        theirs = dict(zip(moves, values, strict=True))
        best = max(theirs.values())
        assert {m for m, v in theirs.items() if v == best} == set(puzzle.solutions), puzzle.id
        if all(abs(v) < 40 for v in theirs.values()):
            assert theirs == pytest.approx(dict(puzzle.values)), puzzle.id


def test_verdicts(puzzles: tuple[Puzzle, ...]) -> None:
    puzzle = puzzles[0]
    solved = puzzle.check(str(puzzle.solutions[0]))
    assert solved.solved and solved.loss == 0 and solved.solution == puzzle.solutions[0]
    wrong = next(move for move in puzzle.values if move not in puzzle.solutions)
    verdict = puzzle.check(wrong)
    assert not verdict.solved and verdict.loss >= MIN_MARGIN and verdict.reason
    assert verdict.to_dict()["solution"] == str(puzzle.solutions[0])
    illegal = Move.parse("trail " + next(iter(puzzle.state.hands[puzzle.player.other])).casino)
    with pytest.raises(IllegalMoveError):
        puzzle.check(illegal)


def test_find_puzzle_rebuilds_a_shipped_one(puzzles: tuple[Puzzle, ...]) -> None:
    puzzle = puzzles[-1]
    again = find_puzzle(puzzle.state, puzzle.id)
    assert again is not None and again.to_dict() == puzzle.to_dict()


def test_ratings_move_both_ways(puzzles: tuple[Puzzle, ...]) -> None:
    puzzle = puzzles[len(puzzles) // 2]
    history = PuzzleHistory()
    won = history.record(puzzle, puzzle.check(puzzle.solutions[0]))
    lost = history.record(
        puzzle, puzzle.check(next(m for m in puzzle.values if m not in puzzle.solutions))
    )
    assert won.player.rating > 1500 > lost.player.rating
    assert won.rating_of(puzzle).rating < puzzle.rating < lost.rating_of(puzzle).rating
    assert won.solved == 1 and lost.solved == 0 and len(won.attempts) == 1


def test_the_next_puzzle_is_new_and_near_the_player_s_rating(puzzles: tuple[Puzzle, ...]) -> None:
    history = PuzzleHistory()
    first = next_puzzle(puzzles, history, rng=1)
    closest = sorted(puzzles, key=lambda p: (abs(p.rating - 1500), p.id))[:3]
    assert first in closest
    history = history.record(first, first.check(first.solutions[0]))
    assert next_puzzle(puzzles, history, rng=1) != first
    assert next_puzzle(puzzles, history, rng=1) == next_puzzle(puzzles, history, rng=1)


def test_the_history_on_disk(puzzles: tuple[Puzzle, ...], tmp_path: Path) -> None:
    path = tmp_path / "deep" / "history.json"
    assert read_history(path) == PuzzleHistory()  # none yet
    puzzle = puzzles[0]
    history = PuzzleHistory().record(puzzle, puzzle.check(puzzle.solutions[0]))
    write_history(history, path)
    assert read_history(path) == history
    path.write_text('{"player": {"rating": "x"}}')
    with pytest.raises(CasinoError, match="not a puzzle history"):
        read_history(path)
    path.write_text("[1, 2")
    with pytest.raises(CasinoError, match="not a puzzle history"):
        read_history(path)
    path.write_text('{"player": {"rating": 1%s}, "puzzles": {}, "attempts": []}' % ("0" * 400))
    with pytest.raises(CasinoError, match=r"not a puzzle history .OverflowError"):
        read_history(path)  # the OverflowError itself escaped
    path.write_text('{"rating": 1500}')  # was "(KeyError: 'player')"
    with pytest.raises(CasinoError, match=r"not a puzzle history .no 'player': expected player,"):
        read_history(path)


def test_a_bad_puzzle_set_is_refused(puzzles: tuple[Puzzle, ...]) -> None:
    data = puzzles[0].to_dict()
    wrong = {**data, "solutions": ["trail SA"]}
    with pytest.raises(CasinoError):
        parse_puzzles(json.dumps([wrong]))
    with pytest.raises(CasinoError, match="same id"):
        parse_puzzles(json.dumps([data, data]))
    assert parse_puzzles(json.dumps([data]))[0] == puzzles[0]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", r"^not a puzzle set: not JSON \(Expecting value"),  # was a JSONDecodeError
        ("[1]", "^puzzle number 1: expected a JSON object, not int"),
        ("[{}]", r"^puzzle \?: not a puzzle \(KeyError: 'id'\)"),
        ('[{"id": "a", "position": 5}]', "^puzzle a, line 1: expected 'Section: value'"),
    ],
)
def test_text_that_is_not_a_puzzle_set_is_refused(text: str, message: str) -> None:
    with pytest.raises(CasinoError, match=message):
        parse_puzzles(text)


def test_a_puzzle_s_fields_are_checked(puzzles: tuple[Puzzle, ...]) -> None:
    data = puzzles[0].to_dict()
    for field, value, message in [
        ("rating", 1e9, r"not a puzzle \(ValueError: bad rating 1000000000.0: expected 0 to"),
        ("values", [], r"not a puzzle \(AttributeError"),
        ("solutions", [], "no solution: expected one move or more"),
    ]:
        with pytest.raises(CasinoError, match=f"^puzzle {data['id']}: {message}"):
            parse_puzzles(json.dumps([{**data, field: value}]))


def test_starting_rating_refuses_what_it_cannot_rate(puzzles: tuple[Puzzle, ...]) -> None:
    # kinds=-1 was a math domain ValueError, 2**1100 an OverflowError, no solutions an
    # IndexError.
    puzzle = puzzles[0]
    for kinds in (-1, 0, MAX_KINDS + 1, 2**1100):
        with pytest.raises(CasinoError, match=f"^bad kinds {kinds}: expected 1 to 1,048,576"):
            starting_rating(puzzle.state, puzzle.solutions, kinds)
    with pytest.raises(CasinoError, match=r"^no solutions: expected the puzzle's best moves"):
        starting_rating(puzzle.state, (), 5)
    with pytest.raises(TypeError, match=r"^kinds must be an int, not float"):
        starting_rating(puzzle.state, puzzle.solutions, untyped(4.0))
    hardest = starting_rating(puzzle.state, puzzle.solutions, MAX_KINDS)
    assert hardest <= RATING_BOUNDS["rating"][1]


def test_the_puzzle_functions_refuse_the_wrong_types() -> None:
    # find_puzzle(None) and read_history(2**64) were an AttributeError and an
    # OverflowError.
    with pytest.raises(TypeError, match=r"^state must be a State, not NoneType"):
        find_puzzle(untyped(None))
    with pytest.raises(TypeError, match=r"^path must be a str or a PathLike, not int"):
        read_history(untyped(2**64))
    with pytest.raises(TypeError, match=r"^text must be a str, not bytes"):
        parse_puzzles(untyped(b"[]"))


@pytest.mark.parametrize(
    ("path", "message"), [("", "an empty file name"), ("x\0y", "cannot hold a NUL character")]
)
def test_a_history_name_that_names_no_file_is_refused(
    path: str, message: str, puzzles: tuple[Puzzle, ...], tmp_path: Path, monkeypatch: Any
) -> None:
    # Both read as an empty history, and an answer recorded there made '.lock' here.
    monkeypatch.chdir(tmp_path)
    with pytest.raises(CasinoError, match=message):
        read_history(path)
    puzzle = puzzles[0]
    with pytest.raises(CasinoError, match=message):
        record_attempt(path, puzzle, puzzle.check(puzzle.solutions[0]))
    assert os.listdir(tmp_path) == []


@pytest.mark.slow
def test_the_script_builds_the_shipped_puzzles_again(puzzles: tuple[Puzzle, ...]) -> None:
    import importlib.util

    path = Path(__file__).parents[2] / "scripts" / "casino_puzzles.py"
    spec = importlib.util.spec_from_file_location("casino_puzzles", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    shipped = {puzzle.id: puzzle.to_dict() for puzzle in puzzles}
    for puzzle in script.build(2026, 3):  # the first three the seed finds
        assert shipped[puzzle.id] == puzzle.to_dict()


def test_a_puzzle_s_repr_fits_on_a_line() -> None:
    """It held the whole position and every move's value (over 1,000 characters)."""
    puzzle = load_puzzles()[0]
    shown = repr(puzzle)
    assert "\n" not in shown and len(shown) < 200 and "Card(" not in shown, shown
    assert shown.startswith(f"<Puzzle {puzzle.id}: the {puzzle.player.key} to move")
