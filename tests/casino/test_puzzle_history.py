"""The puzzle history on disk never corrupts itself: a value far outside what Glicko-2
makes (a volatility of 1e300, ``NaN``, ``Infinity``) is refused when read, a rating is
kept within its floor and ceiling as it moves, and a history that could not be read back
is never written; a failure to write (a full disk) names the file and keeps the old one."""

from __future__ import annotations

import json
import math
import multiprocessing
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.casino import CasinoError
from croupier.casino.puzzles import (
    RATING_BOUNDS,
    Puzzle,
    PuzzleHistory,
    load_puzzles,
    read_history,
    record_attempt,
    write_history,
)
from croupier.casino.ratings import Rating

from ..fulldisk import run_with_full_disk
from ..slowness import patience

PUZZLES = load_puzzles()


def _solve(history: PuzzleHistory, puzzle: Puzzle, solved: bool) -> PuzzleHistory:
    answer = (
        puzzle.solutions[0]
        if solved
        else next(move for move in puzzle.state.legal_moves() if move not in puzzle.solutions)
    )
    return history.record(puzzle, puzzle.check(answer))


def _saved(tmp_path: Path, player: dict[str, float]) -> Path:
    path = tmp_path / "history.json"
    data = {"player": player, "puzzles": {}, "attempts": []}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("volatility", 1e300),  # the next answer wrote Infinity, and every run after refused
        ("volatility", 0.0),
        ("deviation", 1e300),
        ("rating", 1e300),
        ("rating", -5e4),
        ("rating", math.nan),
        ("deviation", math.inf),
        ("volatility", -math.inf),
    ],
)
def test_a_rating_out_of_bounds_is_refused_when_read(
    tmp_path: Path, key: str, value: float
) -> None:
    player = {**Rating().to_dict(), key: value}
    path = _saved(tmp_path, player)
    with pytest.raises(CasinoError, match=f"not a puzzle history .*bad {key}") as caught:
        read_history(path)
    assert str(path) in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_an_attempt_s_rating_that_is_not_a_number_is_refused(tmp_path: Path, value: str) -> None:
    path = tmp_path / "history.json"
    attempt = f'{{"puzzle": "x", "move": "t C9", "solved": true, "rating": {value}}}'
    path.write_text(
        f'{{"player": {json.dumps(Rating().to_dict())}, "puzzles": {{}}, "attempts": [{attempt}]}}',
        encoding="utf-8",
    )
    with pytest.raises(CasinoError, match="bad rating"):
        read_history(path)


def test_a_history_that_could_not_be_read_back_is_never_written(tmp_path: Path) -> None:
    path = tmp_path / "history.json"
    write_history(PuzzleHistory(), path)
    before = path.read_bytes()
    broken = PuzzleHistory(player=Rating(volatility=math.inf))
    with pytest.raises(CasinoError, match=r"was not written .*bad volatility inf"):
        write_history(broken, path)
    assert path.read_bytes() == before
    assert b"Infinity" not in before


bounded = {key: st.floats(low, high, allow_nan=False) for key, (low, high) in RATING_BOUNDS.items()}
ratings = st.builds(Rating, bounded["rating"], bounded["deviation"], bounded["volatility"])


@given(
    player=ratings,
    puzzle_rating=ratings,
    index=st.integers(0, len(PUZZLES) - 1),
    solved=st.booleans(),
)
def test_any_history_read_stays_readable_after_an_answer(
    player: Rating, puzzle_rating: Rating, index: int, solved: bool
) -> None:
    """From any ratings a history may hold, an answer (right or wrong) makes ratings that
    are written and read back: the floor and the ceiling keep Glicko-2 within them."""
    puzzle = PUZZLES[index]
    history = PuzzleHistory(player=player, puzzles={puzzle.id: puzzle_rating})
    after = _solve(history, puzzle, solved)
    data = json.loads(json.dumps(after.to_dict(), allow_nan=False))
    assert PuzzleHistory.from_dict(data) == after


def test_a_rating_stays_at_its_floor_and_its_ceiling() -> None:
    puzzle = PUZZLES[0]
    low, high = RATING_BOUNDS["rating"]
    top = PuzzleHistory(player=Rating(high, 30.0, 1.0), puzzles={puzzle.id: Rating(low, 30.0)})
    assert _solve(top, puzzle, solved=True).player.rating == high
    bottom = PuzzleHistory(player=Rating(low, 30.0), puzzles={puzzle.id: Rating(high, 30.0)})
    assert _solve(bottom, puzzle, solved=False).player.rating == low


def test_a_full_disk_names_the_history_and_keeps_the_old_one(tmp_path: Path) -> None:
    """The error said only 'No space left on device' (here: 'File too large')."""
    path = tmp_path / "history.json"
    history = PuzzleHistory()
    for puzzle in PUZZLES[:5]:
        history = _solve(history, puzzle, solved=True)
    write_history(PuzzleHistory(), path)
    before = path.read_bytes()
    code = (
        "import json, sys\n"
        "from croupier.casino.puzzles import PuzzleHistory, write_history\n"
        "from croupier.casino import CasinoError\n"
        "history = PuzzleHistory.from_dict(json.loads(sys.stdin.read()))\n"
        "try:\n"
        f"    write_history(history, {str(path)!r})\n"
        "except CasinoError as exc:\n"
        "    print(exc)\n"
    )
    run = run_with_full_disk(
        ["-c", code], limit=len(before) + 10, input=json.dumps(history.to_dict())
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == f"{path}: cannot write the puzzle history (File too large)"
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["history.json"]  # no temporary left


def _record_many(path: str, times: int) -> None:
    puzzle = PUZZLES[0]
    verdict = puzzle.check(puzzle.solutions[0])
    for _ in range(times):
        record_attempt(path, puzzle, verdict)


def test_processes_recording_at_once_lose_no_answer(tmp_path: Path) -> None:
    """Two processes (the terminal and a server process, or two server processes) record
    answers in one history at once: each reads and writes under the history's lock, so
    every answer is kept."""
    path = str(tmp_path / "history.json")
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_record_many, args=(path, 15)) for _ in range(2)]
    for worker in workers:
        worker.start()
    _record_many(path, 15)
    for worker in workers:
        worker.join(patience(120))
        assert worker.exitcode == 0
    assert len(read_history(path).attempts) == 45
