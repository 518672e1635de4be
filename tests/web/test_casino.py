"""The Casino API of the web app: the same session as the terminal game, as JSON."""

from __future__ import annotations

import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from croupier.casino import Coin, Player, format_save, parse_save, toss_coin, toss_winner
from croupier.casino.gamelog import parse_game_file, parse_log
from croupier.casino.judge import Judge, error_json, format_loss
from croupier.casino.levels import Level
from croupier.casino.savefile import parse_game
from croupier.casino.session import Session
from croupier.web.app import create_app
from croupier.web.compute import BUSY
from croupier.web.errors import ApiError
from croupier.web.routers import casino
from croupier.web.views import casino as casino_views

from ..slowness import patience, wait_until
from ..untyped import untyped

#: Seeds whose tournament at the strong level (heads called) begins with a computer move
#: that takes less than the most it could: its reason waits for the judge's look-ahead.
LOOK_AHEAD_SEEDS = (5, 28, 53, 58)


def start(client: TestClient, level: str = "beginner", call: str = "heads", seed: int = 3) -> Any:
    answer = client.post("/api/casino/new", json={"level": level, "call": call, "seed": seed})
    assert answer.status_code == 200, answer.text
    return answer.json()


def play_first_legal(client: TestClient, data: dict[str, Any]) -> Any:
    move = data["position"]["legal"][0]
    items = [data["position"]["table"][i]["key"] for i in move["items"]]
    answer = client.post(
        "/api/casino/move", json={"card": move["card"], "action": move["action"], "items": items}
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def judged(client: TestClient, job: str) -> Any:
    """The judge's job ``job`` once it has ended (its progress polled as the page does)."""
    answers: list[Any] = []

    def ended() -> bool:
        answers.append(client.get(f"/api/casino/judging/{job}").json())
        return answers[-1]["state"] not in ("waiting", "running")

    assert wait_until(ended, 60), answers[-1]
    return answers[-1]


def judged_review(client: TestClient, event: dict[str, Any]) -> Any:
    """A round's end event's review: the one in the event, or its job's."""
    if event["review"] is not None:
        return event["review"]
    assert event["review_job"], event
    done = judged(client, event["review_job"])
    assert done["state"] == "done", done
    return done["result"]


def opening(seed: int, level: Level = Level.STRONG) -> Session:
    """The tournament ``/api/casino/new`` starts for ``seed`` (heads called), before any
    move."""
    rng = np.random.default_rng(seed)
    first = toss_winner(Coin.HEADS, toss_coin(rng))
    return Session.new(first, rng=rng, level=level)


def play_to_a_round_s_end(client: TestClient) -> Any:
    """A beginner tournament (seed 5) played by first legal moves until a round ends:
    that round's end event."""
    data = start(client, seed=5)
    while True:
        data = play_first_legal(client, data)
        ended = [e for e in data["events"] if e["kind"] == "round_end"]
        if ended:
            (end,) = ended
            return end


def hold_the_judge(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Hold the judge's reason jobs (the jobs' threads of an app without worker
    processes) until the event returned is set; each then does its work."""
    release = threading.Event()
    real = casino_views.judged_reasons

    def held(reasons: Any, progress: Any = None) -> Any:
        assert release.wait(patience(60))
        return real(reasons, progress)

    monkeypatch.setattr(casino, "judged_reasons", held)
    return release


def start_with_a_reason_to_come(client: TestClient) -> tuple[int, Any, Any]:
    """A strong-level tournament whose first computer move's reason comes later: the
    seed, the answer and that move's event."""
    for seed in LOOK_AHEAD_SEEDS:
        data = start(client, level="strong", seed=seed)
        later = [e for e in data["events"] if e["kind"] == "move" and e["reason_job"]]
        if later:
            return seed, data, later[0]
    raise AssertionError("no seed of LOOK_AHEAD_SEEDS left a reason for later")


def test_the_answer_does_not_wait_for_the_judge(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The computer's move is answered with the judge's plain words while the judge's
    look-ahead is still to come (held here until the answer is in); the whole reason then
    comes from the job the event names, the one the terminal gives at once."""
    release = hold_the_judge(monkeypatch)
    try:
        seed, data, event = start_with_a_reason_to_come(client)
        job = event["reason_job"]
        waiting = client.get(f"/api/casino/judging/{job}").json()
        assert waiting["state"] in ("waiting", "running") and waiting["result"] is None
    finally:
        release.set()
    game = opening(seed)
    seen = game.state.observe(Player.COMPUTER)
    move = game.computer_decision().move
    assert event["move"]["notation"] == str(move) and event["round"] == 1
    words, needs_verdict = Judge().first_reason(seen, move)
    assert needs_verdict and event["reason"].startswith(words)
    done = judged(client, job)
    assert done["state"] == "done", done
    (whole,) = done["result"]["reasons"]
    assert whole["event"] == data["events"].index(event)
    expected = Judge().reason(seen, move)
    assert expected is not None and expected != words and whole["reason"].startswith(expected)
    # The same browser only: another's is a 404.
    with TestClient(client.app) as other:
        assert other.get(f"/api/casino/judging/{job}").status_code == 404


def test_a_stale_reason_is_cancelled(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A move made before the judge's words on the last one came cancels them: they
    would be of a position the game has left."""
    release = hold_the_judge(monkeypatch)
    try:
        _, data, event = start_with_a_reason_to_come(client)
        play_first_legal(client, data)
    finally:
        release.set()
    assert judged(client, event["reason_job"])["state"] == "cancelled"


def test_a_full_jobs_pool_leaves_the_plain_words_and_says_why_no_review(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the jobs' pool refuses the judge's work (it is full), the move is still
    answered: the reason stands in its plain words, and the round's end says why its
    review does not come."""
    assert isinstance(client.app, FastAPI)
    jobs = client.app.state.jobs

    def full(*args: Any, **kwargs: Any) -> Any:
        raise ApiError(503, BUSY)

    seed, _, event = start_with_a_reason_to_come(client)
    monkeypatch.setattr(jobs, "start", full)
    again = start(client, level="strong", seed=seed)
    (refused,) = [e for e in again["events"] if e["kind"] == "move"]
    assert refused["reason"] == event["reason"] and refused["reason_job"] is None
    end = play_to_a_round_s_end(client)
    assert end["review"] is None and end["review_job"] is None
    assert end["review_error"].startswith(BUSY)


def test_no_game_yet(client: TestClient) -> None:
    data = client.get("/api/casino").json()
    assert data["seated"] is False and data["default_level"] == "expert"
    assert [level["name"] for level in data["levels"]] == [level.value for level in Level]
    assert client.post("/api/casino/hint").json() == {
        "error": "no game yet: start a new tournament or load a saved one"
    }
    assert client.get("/casino").status_code == 200


def test_the_toss_and_the_computer_s_first_moves(client: TestClient) -> None:
    data = start(client, seed=3)
    toss = data["events"][0]
    assert toss["kind"] == "toss" and toss["call"] == "heads"
    assert data["level"] == "beginner" and data["position"]["next"] == "human"
    replies = [e for e in data["events"] if e["kind"] == "move"]
    if toss["first"] == "computer":
        assert len(replies) == 1 and replies[0]["player"] == "computer" and replies[0]["reason"]
    assert data["position"]["legal"], "the human has moves"


def test_a_whole_tournament_with_reviews(client: TestClient) -> None:
    data = start(client, seed=1)  # the computer begins round 2 in the answer ending round 1
    rounds, reviews = [], []
    while not data["finished"]:
        data = play_first_legal(client, data)
        ended = [e for e in data["events"] if e["kind"] == "round_end"]
        rounds += ended
        # The review comes later, from a job (before the next move, which drops it).
        reviews += [judged_review(client, e) for e in ended]
    assert rounds and all(e["review"] is None for e in rounds)
    assert all(review["moves"] for review in reviews)
    # Each round's review is of that round, though the computer may have begun the next.
    assert [review["round"] for review in reviews] == [e["round"] for e in rounds]
    (result,) = [e for e in data["events"] if e["kind"] == "tournament_over"]
    assert max(result["totals"].values()) >= 21
    assert client.post("/api/casino/hint").status_code == 409
    log = parse_log(client.get("/api/casino/log").text)
    assert log.level is Level.BEGINNER and len(log.rounds) == len(rounds)


def test_an_illegal_move_is_explained_with_its_rule(client: TestClient) -> None:
    data = start(client)
    card = data["position"]["hand_keys"][0]
    answer = client.post("/api/casino/move", json={"card": card, "action": "capture", "items": []})
    assert answer.status_code == 422
    assert answer.json() == {
        "error": f"illegal move 'capture {card}': a capture must take something"
    }
    bad = client.post("/api/casino/move", json={"card": "ZZ", "action": "trail", "items": []})
    assert bad.status_code == 422 and "or a card of the hand" in bad.json()["error"]
    assert client.get("/api/casino").json()["position"] == data["position"]  # nothing changed


def test_the_hint_is_a_legal_move_with_its_reason(client: TestClient) -> None:
    data = start(client, level="expert", seed=8)
    advice = client.post("/api/casino/hint").json()
    assert advice["move"]["notation"] in [m["notation"] for m in data["position"]["legal"]]
    assert advice["reason"]


def test_the_hint_is_the_judge_s_best_move_with_what_the_others_lose(client: TestClient) -> None:
    """The browser's hint is the judge's verdict, the one its review reads: its best move,
    and every other kind of move with its loss and that loss's standard error."""
    start(client, level="casual", seed=8)
    advice = client.post("/api/casino/hint").json()
    state = parse_game(client.get("/api/casino/save").text).state
    verdict = Judge().position(state)
    assert advice["move"]["notation"] == str(verdict.best)
    assert advice["deals"] == verdict.deals > 0 and advice["exact"] is False
    others = {other["move"]["notation"]: other for other in advice["others"]}
    ranked = {str(move): loss for move, loss in verdict.ranked() if move != verdict.best}
    assert others.keys() == ranked.keys() and others
    for notation, loss in ranked.items():
        assert others[notation]["loss"] == round(loss.points, 3)
        assert others[notation]["error"] == error_json(loss.error)
        assert others[notation]["loss_text"] == format_loss(loss.points, loss.error)
        assert others[notation]["is_best"] is loss.is_best


def test_save_then_load_back(client: TestClient) -> None:
    data = play_first_legal(client, start(client, level="casual", seed=9))
    saved = client.get("/api/casino/save")
    assert saved.headers["content-disposition"] == 'attachment; filename="casino-game.txt"'
    game = parse_game(saved.text)
    assert game.level is Level.CASUAL and game.state.next_player is Player.HUMAN
    # One file: the course's save format, then every move of the game.
    assert saved.text.startswith(format_save(game.state, Level.CASUAL) + "\nHistory:\n")
    moves = parse_game_file(saved.text).log
    assert moves is not None and moves.current == game.state and moves.moves >= 1
    client.delete("/api/casino")
    loaded = client.post("/api/casino/load", json={"text": saved.text, "name": "g.txt"})
    assert loaded.status_code == 200
    again = loaded.json()
    assert again["level"] == "casual" and again["position"] == data["position"]
    assert again["history"] == data["history"] and again["can_undo"] == data["can_undo"]


def test_take_back_in_a_practice_game(client: TestClient) -> None:
    data = start(client, level="casual", seed=9)
    assert not data["practice"] and not data["can_undo"] and data["history"] == []
    refused = client.post("/api/casino/undo")
    assert (
        refused.status_code in (400, 409, 422) and "nothing to take back" in refused.json()["error"]
    )
    after = play_first_legal(client, data)
    assert after["can_undo"] and after["history"][0]["player"] in ("human", "computer")
    assert [entry["player"] for entry in after["history"]].count("human") == 1
    back = client.post("/api/casino/undo").json()
    assert back["practice"] and back["position"] == data["position"]
    assert back["events"][0]["kind"] == "undo" and "A practice game" in back["events"][0]["text"]
    assert "Practice: yes" in client.get("/api/casino/save").text


def test_a_bad_save_is_refused_like_at_the_terminal(client: TestClient) -> None:
    data = start(client)
    text = client.get("/api/casino/save").text
    broken = text.replace("Next Player: Human", "Next Player: Nobody")
    answer = client.post("/api/casino/load", json={"text": broken, "name": "g.txt"})
    assert answer.status_code == 422
    line = broken.splitlines().index("Next Player: Nobody") + 1
    assert answer.json()["error"].startswith(f"g.txt, line {line}: ")
    wrong_level = client.post(
        "/api/casino/load", json={"text": text.replace("Level: Beginner", "Level: God")}
    )
    assert "bad level 'God'" in wrong_level.json()["error"]
    assert client.get("/api/casino").json()["position"] == data["position"]  # left as it was
    old = format_save(parse_save(text))  # a save without a level: the default
    assert client.post("/api/casino/load", json={"text": old}).json()["level"] == "expert"


def test_the_game_survives_a_restart(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path)) as client:
        data = play_first_legal(client, start(client, seed=12))
        cookies = dict(client.cookies)
    with TestClient(create_app(tmp_path), cookies=cookies) as client:
        again = client.get("/api/casino").json()
    assert again["position"] == data["position"] and again["events"] == data["events"]


def test_puzzles_are_served_answered_and_rated(client: TestClient) -> None:
    from croupier.casino.puzzles import load_puzzles

    puzzles = {puzzle.id: puzzle for puzzle in load_puzzles()}
    page = client.get("/casino/puzzles")
    assert page.status_code == 200 and "Casino puzzles" in page.text
    data = client.get("/api/casino/puzzles").json()
    shown = data["puzzle"]
    assert data["player"] == {"rating": 1500, "deviation": 350, "solved": 0, "tried": 0}
    puzzle = puzzles[shown["id"]]
    assert len(shown["legal"]) == len(puzzle.values) and shown["opponent_hand"]
    assert client.get("/api/casino/puzzles").json()["puzzle"]["id"] == puzzle.id  # kept
    solution = str(puzzle.solutions[0])
    stale = client.post("/api/casino/puzzles/answer", json={"id": "nope", "move": solution})
    assert stale.status_code == 409
    answer = client.post("/api/casino/puzzles/answer", json={"id": puzzle.id, "move": solution})
    result = answer.json()
    assert result["verdict"]["solved"] and result["change"] > 0
    assert result["player"]["solved"] == 1 and result["player"]["rating"] > 1500
    assert result["puzzle"]["id"] != puzzle.id  # the next one
    following = puzzles[result["puzzle"]["id"]]
    illegal = client.post(
        "/api/casino/puzzles/answer", json={"id": following.id, "move": "trail SA SK"}
    )
    assert illegal.status_code == 422 and "bad move" in illegal.json()["error"]


def test_a_round_s_review_is_a_job_of_the_judge(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The review of a round just ended is a job's (the jobs' worker processes under
    ``croupier serve``), by the judge: a fixed amount of work, the same verdicts as the
    review page's; the answer that ends the round does not wait for it."""
    judges: list[Any] = []
    review = getattr(casino_views, "review_round")  # noqa: B009 (not the module's export)

    def recording(
        logged: Any, player: Player = Player.HUMAN, judge: Any = None, progress: Any = None
    ) -> Any:
        judges.append(judge)
        return review(logged, player, judge, progress=progress)

    monkeypatch.setattr(casino_views, "review_round", recording)
    assert isinstance(client.app, FastAPI)
    compute = client.app.state.compute
    call, ran = compute.call, []

    async def call_recorded(function: Any, *args: Any) -> Any:
        ran.append(function.__name__)
        return await call(function, *args)

    monkeypatch.setattr(compute, "call", call_recorded)
    event = play_to_a_round_s_end(client)
    assert event["review"] is None and event["review_job"] and event["review_error"] is None
    reviewed = judged_review(client, event)
    assert judges and all(isinstance(judge, Judge) for judge in judges)
    assert "answer_move" in ran and "review_round" not in ran
    log = parse_log(client.get("/api/casino/log").text)
    expected = casino_views.round_review_view(review(log.rounds[0], judge=Judge()))
    assert reviewed == expected


def test_the_computer_thinks_less_while_answers_come_out_late(app: FastAPI) -> None:
    request = untyped(SimpleNamespace(scope={"state": {"arrived": 1_000.0}}, app=app))
    deadline = 1_000.0 + casino.DEADLINE
    assert casino.answer_deadline(request, app.state.compute) == deadline - casino.ANSWER_MARGIN
    lateness = app.state.compute.lateness
    for _ in range(lateness.window):  # every answer a quarter of a second past its search
        lateness.note(0.25)
    expected = deadline - casino.ANSWER_MARGIN - 0.25
    assert casino.answer_deadline(request, app.state.compute) == pytest.approx(expected)
    for _ in range(lateness.window):  # far too late: the computer still thinks a while
        lateness.note(3.0)
    assert casino.answer_deadline(request, app.state.compute) == deadline - casino.MOST_MARGIN
    for _ in range(lateness.window):  # a quiet machine again: the whole time
        lateness.note(-0.5)
    assert casino.answer_deadline(request, app.state.compute) == deadline - casino.ANSWER_MARGIN
