"""The Casino review page's API: learn from your mistakes. Each marked move of a review is
an exercise; an answer is checked by the rules at once and rated by the judge in a job,
as :class:`croupier.casino.learn.Exercise` rates it; a browser's new answer drops its
last one."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.casino import Move, Player, new_tournament
from croupier.casino.gamelog import GameLog, format_game_file
from croupier.casino.learn import exercises
from croupier.casino.review import review_game
from croupier.web.routers import casino_review
from croupier.web.views import casino as casino_views

from ..slowness import patience, wait_until


def mistaken_game() -> GameLog:
    """Three moves from seed 1: the human's inaccuracy (capture 9♥ with 9♠, where the
    build of 5 is best), the computer's trail, the human's blunder (capture 5♥ with 5♠)."""
    log = GameLog()
    state = new_tournament(Player.HUMAN, rng=1)
    for move in ("capture S9 H9", "trail SX", "capture S5 H5"):
        log = log.add(state, Move.parse(move))
        state = state.apply(Move.parse(move))
    return log


def game_file() -> dict[str, str]:
    log = mistaken_game()
    state = log.current
    assert state is not None
    return {"text": format_game_file(state, log), "name": "mistakes.txt"}


def finished(client: TestClient, path: str) -> Any:
    """A job's answer once it has ended (polled as the page does)."""
    answers: list[Any] = []

    def ended() -> bool:
        answers.append(client.get(path).json())
        return answers[-1]["state"] not in ("waiting", "running")

    assert wait_until(ended, 60), answers[-1]
    return answers[-1]


def reviewed(client: TestClient) -> Any:
    job = client.post("/api/casino/review", json=game_file())
    assert job.status_code == 202, job.text
    done = finished(client, f"/api/casino/jobs/{job.json()['job']}")
    assert done["state"] == "done", done
    return done["result"]


def parts(move: str) -> dict[str, Any]:
    """A move as the page sends it: its card, its action, its table items."""
    action, card, *items = move.split()
    return {"card": card, "action": action, "items": items}


def answer(client: TestClient, step: int, move: str) -> Any:
    started = client.post(
        "/api/casino/review/answer", json={**game_file(), "step": step, **parts(move)}
    )
    assert started.status_code == 202, started.text
    return started.json()["job"]


def test_each_marked_move_is_an_exercise_with_its_legal_moves(client: TestClient) -> None:
    review = reviewed(client)
    log = mistaken_game()
    library = exercises(log, review_game(log))
    marked = [i for i, step in enumerate(review["steps"]) if step["exercise"] is not None]
    assert marked == [0, 2]
    assert [review["steps"][i]["exercise"]["task"] for i in marked] == [e.task for e in library]
    for index, exercise in zip(marked, library, strict=True):
        legal = review["steps"][index]["exercise"]["legal"]
        assert [m["notation"] for m in legal] == [str(m) for m in exercise.state.legal_moves()]
    # The computer's move and the moves not marked are no exercise.
    assert all(step["exercise"] is None for step in review["steps"] if step["review"] is None)


@pytest.mark.parametrize("move", ["capture S5 H5", "build H3 S2", "trail S8"])
def test_an_answer_is_rated_as_the_library_rates_it(client: TestClient, move: str) -> None:
    log = mistaken_game()
    exercise = exercises(log, review_game(log))[1]
    expected = exercise.check(move)
    done = finished(client, f"/api/casino/answers/{answer(client, 2, move)}")
    assert done["state"] == "done", done
    word = done["result"]
    assert word["step"] == 2 and word["move"] == move
    assert word["solved"] == expected.solved
    assert word["found_best"] == expected.found_best
    assert word["loss"] == pytest.approx(expected.loss.points, abs=1e-3)
    assert word["best"] == str(expected.best) and word["reason"] == expected.reason
    assert word["explanation"] == expected.explanation
    assert word["loss_text"].split(" ")[0] == f"{expected.loss.points:.2f}"


def test_the_best_move_solves_and_a_blunder_does_not(client: TestClient) -> None:
    best = finished(client, f"/api/casino/answers/{answer(client, 2, 'build H3 S2')}")
    assert best["result"]["solved"] and best["result"]["found_best"]
    wrong = finished(client, f"/api/casino/answers/{answer(client, 2, 'capture S5 H5')}")
    assert not wrong["result"]["solved"] and wrong["result"]["loss"] > 1


def test_an_illegal_answer_or_a_move_not_marked_is_refused(client: TestClient) -> None:
    illegal = client.post(
        "/api/casino/review/answer", json={**game_file(), "step": 2, **parts("capture S8 H5")}
    )
    assert (
        illegal.status_code == 422
        and "illegal move 'capture S8 H5': the loose cards captured" in illegal.json()["error"]
    )
    theirs = client.post(
        "/api/casino/review/answer", json={**game_file(), "step": 1, **parts("trail SX")}
    )
    assert theirs.status_code == 422
    assert theirs.json()["error"] == "step 1: not a move of the player reviewed"
    beyond = client.post(
        "/api/casino/review/answer", json={**game_file(), "step": 3, **parts("trail S8")}
    )
    assert beyond.status_code == 422 and "the game has 3 moves" in beyond.json()["error"]


def test_a_new_answer_drops_the_last_one(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Moving on while the judge rates an answer: the new answer's job stops the old one,
    whose word never comes."""
    release = threading.Event()
    real = casino_views.exercise_answer_view

    def held(*args: Any, **kwargs: Any) -> Any:
        assert release.wait(patience(60))
        return real(*args, **kwargs)

    monkeypatch.setattr(casino_review, "exercise_answer_view", held)
    stale = answer(client, 0, "capture S5 H5")
    try:
        fresh = answer(client, 2, "build H3 S2")
    finally:
        release.set()
    old = finished(client, f"/api/casino/answers/{stale}")
    new = finished(client, f"/api/casino/answers/{fresh}")
    assert old["state"] == "cancelled" and old["result"] is None
    assert new["state"] == "done" and new["result"]["step"] == 2
