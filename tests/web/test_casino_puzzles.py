"""The Casino puzzles' API: an answer put together as the table sends a move and checked
by the library (a refused one explained and not counted, a legal wrong one rated); the
piles and the last capturer shown; whose history it is (the person's file, shared with
``croupier casino puzzle``, on a local server; each player's own on a shared one)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.cards import Suit
from croupier.casino.puzzles import (
    Puzzle,
    PuzzleHistory,
    history_path,
    load_puzzles,
    read_history,
    write_history,
)
from croupier.web.app import create_app

from ..cli.helpers import croupier

PUZZLES = {puzzle.id: puzzle for puzzle in load_puzzles()}


def on_show(client: TestClient) -> tuple[Any, Puzzle]:
    """The puzzle view on show, and its puzzle."""
    data = client.get("/api/casino/puzzles").json()
    return data, PUZZLES[data["puzzle"]["id"]]


def parts(shown: Any, notation: str) -> dict[str, Any]:
    """The answer to the puzzle on show by the parts of its legal move ``notation``, as the
    page's picker sends them (the table items by their keys)."""
    move = next(move for move in shown["legal"] if move["notation"] == notation)
    keys = [shown["table"][index]["key"] for index in move["items"]]
    return {"id": shown["id"], "card": move["card"], "action": move["action"], "items": keys}


def test_a_move_put_together_is_judged_and_a_refused_one_is_not_counted(
    client: TestClient,
) -> None:
    data, puzzle = on_show(client)
    shown = data["puzzle"]
    # What decides a last deal is shown: both piles, their spades, the last capturer.
    for key, player in (("mine", puzzle.player), ("theirs", puzzle.player.other)):
        pile = puzzle.state.piles[player]
        assert shown["piles"][key]["count"] == len(pile) == len(shown["piles"][key]["cards"])
        assert shown["piles"][key]["spades"] == sum(card.suit is Suit.SPADES for card in pile)
    last = puzzle.state.last_capturer
    assert shown["last_capturer"] == (
        None if last is None else "mine" if last is puzzle.player else "theirs"
    )
    assert shown["hand_keys"] == [card.casino for card in puzzle.state.hand(puzzle.player)]
    # A move the rules refuse: the rule's sentence, not an answer.
    refused = client.post(
        "/api/casino/puzzles/answer",
        json={"id": puzzle.id, "card": shown["hand_keys"][0], "action": "capture"},
    )
    assert refused.status_code == 422
    assert "a capture must take something" in refused.json()["error"]
    both = client.post(
        "/api/casino/puzzles/answer",
        json={**parts(shown, str(puzzle.solutions[0])), "move": str(puzzle.solutions[0])},
    )
    assert both.status_code == 422 and "bad answer" in both.json()["error"]
    again, same = on_show(client)
    assert same.id == puzzle.id and again["player"]["tried"] == 0
    # The solution, by its parts.
    solved = client.post("/api/casino/puzzles/answer", json=parts(shown, str(puzzle.solutions[0])))
    result = solved.json()
    assert result["verdict"]["solved"] and result["player"]["tried"] == 1
    # A legal move that is not the best: a wrong answer, rated.
    following = result["puzzle"]
    solutions = {str(move) for move in PUZZLES[following["id"]].solutions}
    wrong = next(m["notation"] for m in following["legal"] if m["notation"] not in solutions)
    missed = client.post("/api/casino/puzzles/answer", json=parts(following, wrong)).json()
    assert not missed["verdict"]["solved"] and missed["verdict"]["loss"] > 0
    assert missed["change"] < 0
    assert (missed["player"]["solved"], missed["player"]["tried"]) == (1, 2)


def test_a_local_server_shares_the_terminal_s_history(tmp_path: Path) -> None:
    """The person's file: what the terminal wrote is the page's rating, an answer in the
    browser is in the file the terminal reads next, and every browser of the machine sees
    the same rating."""
    path = tmp_path / "casino-puzzles.json"
    first = PUZZLES[sorted(PUZZLES)[0]]
    ran = croupier(
        "casino", "puzzle", "--id", first.id, "--history", str(path),
        input=f"{first.solutions[0]}\n",
    )  # fmt: skip
    assert ran.exit_code == 0, ran.stderr
    terminal = read_history(path)
    app = create_app(tmp_path / "state", puzzle_history=path)
    with TestClient(app) as browser, TestClient(app) as other:
        data, puzzle = on_show(browser)
        assert data["player"]["rating"] == round(terminal.player.rating)
        assert data["player"]["tried"] == 1
        assert puzzle.id != first.id  # chosen for the history: one not tried yet
        result = browser.post(
            "/api/casino/puzzles/answer", json=parts(data["puzzle"], str(puzzle.solutions[0]))
        ).json()
        kept = read_history(path)
        assert [a.puzzle for a in kept.attempts] == [first.id, puzzle.id]
        assert result["player"]["rating"] == round(kept.player.rating)
        assert on_show(other)[0]["player"] == result["player"]
    # The terminal goes on from the browser's answer.
    ran = croupier(
        "casino", "puzzle", "--id", first.id, "--history", str(path), input="trail x\nq\n"
    )
    assert f"{kept.solved} of {len(kept.attempts)} solved so far" in ran.stdout


def test_an_answer_at_the_terminal_meanwhile_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "casino-puzzles.json"
    app = create_app(tmp_path / "state", puzzle_history=path)
    with TestClient(app) as browser:
        data, puzzle = on_show(browser)
        other = next(p for p in PUZZLES.values() if p.id != puzzle.id)
        meanwhile = PuzzleHistory().record(other, other.check(other.solutions[0]))
        write_history(meanwhile, path)
        browser.post(
            "/api/casino/puzzles/answer", json=parts(data["puzzle"], str(puzzle.solutions[0]))
        )
    assert [a.puzzle for a in read_history(path).attempts] == [other.id, puzzle.id]


def test_a_shared_server_keeps_each_player_s_own(client: TestClient) -> None:
    """Without a file (a --public server), each browser has its own history."""
    data, puzzle = on_show(client)
    client.post("/api/casino/puzzles/answer", json=parts(data["puzzle"], str(puzzle.solutions[0])))
    assert on_show(client)[0]["player"]["tried"] == 1
    with TestClient(client.app) as other:
        assert on_show(other)[0]["player"]["tried"] == 0


@pytest.mark.parametrize("public", [False, True])
def test_serve_gives_the_person_s_file_only_when_not_public(
    public: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import croupier.web.server as server

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg"))
    served: list[Any] = []
    monkeypatch.setattr(server, "run", lambda settings, *_: served.append(settings))
    extra = ["--public"] if public else []
    ran = croupier("serve", "--port", "0", "--no-save", *extra)
    assert ran.exit_code == 0, ran.stderr
    assert served[0].puzzle_history == (None if public else history_path())


def test_a_history_file_that_cannot_be_read_is_one_line_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "casino-puzzles.json"
    path.write_text('{"player": "strong"}\n', encoding="utf-8")
    app = create_app(tmp_path / "state", puzzle_history=path)
    with TestClient(app) as browser:
        refused = browser.get("/api/casino/puzzles")
        assert refused.status_code == 422
        error = refused.json()["error"]
        assert str(path) in error and "not a puzzle history" in error and "\n" not in error
        page = browser.get("/casino/puzzles")
        assert page.status_code == 422 and "not a puzzle history" in page.text
    assert path.read_text(encoding="utf-8") == '{"player": "strong"}\n'
