"""The poker page's named ranges: saved and deleted through /api/poker/ranges, used as
@name by every route reading range text; on a person's own server in the file the
terminal keeps, on a shared server in each browser's session (one player's never
another's)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.poker import Range
from croupier.poker.ranges.saved import RangeBook, RangeFile
from croupier.web.app import create_app

from .test_poker import follow_job, run


@pytest.fixture
def local(tmp_path: Path) -> Iterator[tuple[TestClient, RangeFile]]:
    """A person's own server, its saved ranges in a file (the terminal's)."""
    store = RangeFile(tmp_path / "data" / "poker-ranges.json")
    with TestClient(create_app(tmp_path / "state", saved_ranges=store.path)) as client:
        yield client, store


def test_the_presets_are_listed_by_game(client: TestClient) -> None:
    holdem = client.get("/api/poker/ranges").json()
    names = [p["name"] for p in holdem["presets"]]
    assert {"top15", "sklansky-1-2", "open-6max-btn", "open-9max-utg"} <= set(names)
    assert holdem["saved"] == [] and holdem["kept"] == "session"
    assert all(p["about"] for p in holdem["presets"])
    omaha = client.get("/api/poker/ranges", params={"game": "omaha"}).json()
    assert {p["name"] for p in omaha["presets"]} == {
        f"top{n}" for n in (5, 10, 15, 20, 25, 30, 40, 50)
    }


def test_a_saved_range_is_used_by_name_in_every_route(client: TestClient) -> None:
    saved = client.put("/api/poker/ranges/BTN", json={"text": "QQ+, @sklansky-1-2"})
    assert saved.status_code == 200, saved.text
    assert saved.json()["saved"] == [
        {"name": "btn", "text": "QQ+, TT+, AJs+, KQs, AKo", "about": ""}
    ]
    grid = client.post("/api/poker/range", json={"text": "@btn, AKo@0"}).json()
    assert grid["range"] == str(Range.parse("TT+, AJs+, KQs")) and grid["combos"] == 5 * 6 + 12 + 4
    job = run(client, players=["@btn", "@top10"], board="2c 7d Jh", method="exact")
    assert job["state"] == "done", job
    assert job["result"]["players"][0]["range"] == str(Range.parse("TT+, AJs+, KQs, AKo"))
    hits = follow_job(client, "/api/poker/hits", {"range": "@btn", "board": "2c 7d Jh"})
    assert hits["state"] == "done", hits
    nxt = follow_job(
        client, "/api/poker/next", {"players": ["@btn", "@top10"], "board": "2c 7d Jh"}
    )
    assert nxt["state"] == "done", nxt
    narrowed = follow_job(
        client,
        "/api/poker/narrow",
        {"range": "@btn", "board": "2c 7d Jh", "keep": ["overpair"]},
    )
    assert narrowed["state"] == "done", narrowed
    assert narrowed["result"]["narrowed"] == "QQ+"
    gone = client.delete("/api/poker/ranges/btn")
    assert gone.status_code == 200 and gone.json()["saved"] == []
    refused = client.post("/api/poker/equity", json={"players": ["@btn", "random"]})
    assert refused.status_code == 422
    assert "unknown range name '@btn'" in refused.json()["error"]


def test_saved_ranges_are_per_game(client: TestClient) -> None:
    client.put("/api/poker/ranges/wide", json={"game": "omaha", "text": "AA@50, KK"})
    omaha = client.get("/api/poker/ranges", params={"game": "omaha"}).json()
    assert [r["name"] for r in omaha["saved"]] == ["wide"]
    assert client.get("/api/poker/ranges").json()["saved"] == []
    job = run(client, game="omaha", players=["@wide", "random"], method="monte-carlo", trials=2000)
    assert job["state"] == "done", job
    refused = client.post("/api/poker/equity", json={"players": ["@wide", "random"]})
    assert "it is a range of Omaha" in refused.json()["error"]


@pytest.mark.parametrize(
    ("path", "body", "fragment"),
    [
        ("/api/poker/ranges/2x", {"text": "AK"}, "bad range name '2x'"),
        ("/api/poker/ranges/top15", {"text": "AK"}, "'top15' is a preset"),
        ("/api/poker/ranges/mine", {"text": "AK, 2x"}, "bad range token '2x'"),
        ("/api/poker/ranges/mine", {"text": "@nothing"}, "unknown range name '@nothing'"),
    ],
)
def test_bad_saves_are_refused_in_one_line(
    client: TestClient, path: str, body: dict[str, Any], fragment: str
) -> None:
    answer = client.put(path, json=body)
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert fragment in error and "\n" not in error
    deleted = client.delete("/api/poker/ranges/mine")
    assert deleted.status_code == 422 and "unknown range name '@mine'" in deleted.json()["error"]


def test_two_players_of_a_shared_server_keep_their_own(
    client: TestClient, other_client: TestClient
) -> None:
    client.put("/api/poker/ranges/mine", json={"text": "AA"})
    other_client.put("/api/poker/ranges/mine", json={"text": "KK"})
    assert client.get("/api/poker/ranges").json()["saved"][0]["text"] == "AA"
    assert other_client.get("/api/poker/ranges").json()["saved"][0]["text"] == "KK"
    mine = client.post("/api/poker/range", json={"text": "@mine"}).json()
    theirs = other_client.post("/api/poker/range", json={"text": "@mine"}).json()
    assert (mine["range"], theirs["range"]) == ("AA", "KK")


def test_a_local_server_shares_the_terminal_s_file(
    local: tuple[TestClient, RangeFile],
) -> None:
    client, store = local
    store.write(RangeBook().with_range("term", "JJ+", "holdem"))  # saved in the terminal
    listed = client.get("/api/poker/ranges").json()
    assert listed["kept"] == "machine" and listed["saved"][0]["name"] == "term"
    assert client.post("/api/poker/range", json={"text": "@term"}).json()["range"] == "JJ+"
    client.put("/api/poker/ranges/web", json={"text": "AKs"})
    assert store.read().find("web", "holdem") == "AKs"  # the terminal sees it
    client.delete("/api/poker/ranges/term")
    assert [r.name for r in store.read().saved] == ["web"]


def test_export_and_import_as_text(client: TestClient, other_client: TestClient) -> None:
    client.put("/api/poker/ranges/a", json={"text": "AA"})
    client.put("/api/poker/ranges/b", json={"game": "omaha", "text": "AAKK"})
    exported = client.get("/api/poker/ranges.txt")
    assert exported.status_code == 200 and exported.headers["content-type"].startswith("text/plain")
    assert "poker-ranges.txt" in exported.headers["content-disposition"]
    assert exported.text.splitlines()[1:] == ["a holdem AA", "b omaha AAKK"]
    imported = other_client.post("/api/poker/ranges", json={"game": "omaha", "text": exported.text})
    assert imported.status_code == 200, imported.text
    assert [r["name"] for r in imported.json()["saved"]] == ["b"]
    assert other_client.get("/api/poker/ranges.txt").text == exported.text
    bad = other_client.post("/api/poker/ranges", json={"text": "c holdem KK\nd holdem 2x"})
    assert bad.status_code == 422 and bad.json()["error"].startswith("the file line 2: bad range")
    assert other_client.get("/api/poker/ranges.txt").text == exported.text  # nothing saved
