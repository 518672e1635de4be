"""The Baccarat table's API: sitting down, dealing, money, scoreboards, odds, sessions."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.baccarat import CASINO, Composition, bet_odds
from croupier.baccarat.table import Table, table_shoe
from croupier.web.app import create_app
from croupier.web.store import DATABASE_NAME


def sit(client: TestClient, **options: object) -> dict[str, Any]:
    answer = client.post("/api/baccarat/table", json={"seed": 7, **options})
    assert answer.status_code == 200, answer.text
    state: dict[str, Any] = answer.json()
    return state


def test_the_page_renders_before_and_after_sitting_down(client: TestClient) -> None:
    assert 'id="state"' in client.get("/baccarat").text
    assert client.get("/api/baccarat").json()["seated"] is False
    sit(client)
    assert '"seated": true' in client.get("/baccarat").text


def test_a_round_settles_every_bet_like_the_library_table(client: TestClient) -> None:
    state = sit(client, payouts="casino", bankroll="1000")
    assert state["bankroll"] == 100_000 and state["rounds_played"] == 0
    after = client.post(
        "/api/baccarat/deal", json={"stakes": {"banker": "100", "player-pair": "5"}}
    ).json()
    # The same seed at the library's table gives the same round and the same money.
    table = Table(shoe=table_shoe(8, 7), payouts=CASINO, deal_order="casino")
    played = table.play({"banker": 10_000, "player-pair": 500})
    assert after["bankroll"] == table.bankroll
    assert [c["code"] for c in after["last"]["player"]] == [
        str(c) for c in played.coup.player_cards
    ]
    assert after["last"]["net"] == played.net
    assert {s["key"] for s in after["last"]["settlements"]} == {"banker", "player-pair"}
    assert after["last"]["reasons"]
    assert (
        after["rounds_played"] == 1 and after["shoe"]["remaining"] == 416 - after["shoe"]["dealt"]
    )


def test_the_maths_panel_is_the_exact_engine_for_the_cards_left(client: TestClient) -> None:
    sit(client)
    state = client.post("/api/baccarat/deal", json={"stakes": {"tie": "25"}}).json()
    table = Table(shoe=table_shoe(8, 7), payouts=CASINO, deal_order="casino")
    table.play({"tie": 2_500})
    expected = {b.bet.key: b.house_edge for b in bet_odds(Composition.from_shoe(table.shoe))}
    shown = {b["key"]: b["house_edge"] for b in state["odds"]["bets"]}
    assert shown == pytest.approx(expected, rel=1e-12)
    assert state["odds"]["cards_left"] == table.shoe.remaining


def test_scoreboards_grow_with_each_round(client: TestClient) -> None:
    sit(client)
    for _ in range(8):
        state = client.post("/api/baccarat/deal", json={"stakes": {"banker": "5"}}).json()
    assert len(state["bead_plate"]) == 8
    assert state["bead_plate"][6]["column"] == 1 and state["bead_plate"][6]["row"] == 0
    non_ties = [c for c in state["bead_plate"] if c["outcome"] != "tie"]
    assert len(state["big_road"]) == len(non_ties) or not non_ties


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"stakes": {}}, "no bets: place at least one chip before dealing"),
        ({"stakes": {"banker": "ten"}}, "bad amount 'ten': expected dollars, e.g. 100 or 12.50"),
        ({"stakes": {"dragon-7": "5"}}, "no bet 'dragon-7' in the casino payouts"),
        ({"stakes": {"banker": "2000"}}, "the bets total $2,000 but the bankroll is $1,000"),
        ({"stakes": {"banker": "-5"}}, "bad amount '-5'"),
        ({"stakes": "banker"}, "bad request: stakes 'banker': input should be a valid dictionary"),
    ],
)
def test_bad_bets_are_refused_and_change_nothing(
    client: TestClient, body: dict[str, object], reason: str
) -> None:
    before = sit(client)
    answer = client.post("/api/baccarat/deal", json=body)
    assert answer.status_code == 422
    assert answer.json()["error"].startswith(reason)
    assert client.get("/api/baccarat").json() == before


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"payouts": "vegas"}, "unknown payout table 'vegas': expected one of lab, casino, ez"),
        ({"bankroll": "lots"}, "bad amount 'lots'"),
        ({"stake": "0"}, "bad stake $0: expected more than $0"),
        ({"decks": 9}, "bad request: decks 9: input should be less than or equal to 8"),
        ({"bankroll": "99999999"}, "bad bankroll '99999999': at most $1,000,000"),
        ({"seed": -1}, "bad request: seed -1: input should be greater than or equal to 0"),
        (
            {"deal_order": "shuffled"},
            "bad request: deal_order 'shuffled': input should be 'casino' or 'course'",
        ),
    ],
)
def test_bad_tables_are_refused(
    client: TestClient, options: dict[str, object], reason: str
) -> None:
    answer = client.post("/api/baccarat/table", json=options)
    assert answer.status_code == 422
    assert answer.json()["error"].startswith(reason)


def test_dealing_without_a_table_is_a_409(client: TestClient) -> None:
    answer = client.post("/api/baccarat/deal", json={"stakes": {"banker": "5"}})
    assert answer.status_code == 409
    assert answer.json() == {"error": "no table yet: sit down first"}


def test_two_browsers_never_see_each_other(client: TestClient, other_client: TestClient) -> None:
    sit(client, bankroll="500")
    client.post("/api/baccarat/deal", json={"stakes": {"banker": "100"}})
    assert other_client.get("/api/baccarat").json()["seated"] is False
    sit(other_client, bankroll="2000")
    assert client.get("/api/baccarat").json()["rounds_played"] == 1
    assert other_client.get("/api/baccarat").json()["bankroll"] == 200_000
    other_client.delete("/api/baccarat/table")
    assert client.get("/api/baccarat").json()["seated"] is True


def test_a_restart_loses_nothing(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path)) as first:
        sit(first)
        for _ in range(3):
            state = first.post("/api/baccarat/deal", json={"stakes": {"player": "10"}}).json()
        cookies = dict(first.cookies)
    with TestClient(create_app(tmp_path)) as second:
        second.cookies.update(cookies)
        assert second.get("/api/baccarat").json() == state
        # and the shoe deals on exactly as it would have
        after = second.post("/api/baccarat/deal", json={"stakes": {"player": "10"}}).json()
    table = Table(shoe=table_shoe(8, 7), payouts=CASINO, deal_order="casino")
    for _ in range(4):
        played = table.play({"player": 1_000})
    assert [c["code"] for c in after["last"]["banker"]] == [
        str(c) for c in played.coup.banker_cards
    ]


def test_a_corrupt_saved_game_starts_afresh(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path)) as first:
        sit(first)
        cookies = dict(first.cookies)
    with sqlite3.connect(tmp_path / DATABASE_NAME) as database:
        database.execute("""UPDATE slots SET data = '{"table": 3}' WHERE name = 'baccarat'""")
    database.close()
    with TestClient(create_app(tmp_path)) as second:
        second.cookies.update(cookies)
        assert second.get("/api/baccarat").json()["seated"] is False


def test_going_broke_is_game_over(client: TestClient) -> None:
    sit(client, bankroll="3", stake="1", payouts="lab")
    state = client.get("/api/baccarat").json()
    assert state["broke"] is False
    while state["bankroll"] >= 100 and state["rounds_played"] < 200:
        state = client.post("/api/baccarat/deal", json={"stakes": {"tie": "1"}}).json()
    assert state["broke"] is True and state["bankroll"] == 0
    answer = client.post("/api/baccarat/deal", json={"stakes": {"tie": "1"}})
    assert answer.json()["error"] == "the bets total $1 but the bankroll is $0"


def test_the_session_net_counts_from_sitting_down(client: TestClient) -> None:
    start = sit(client, bankroll="500")
    assert (start["session_net"], start["session_net_text"]) == (0, "+$0")
    after = client.post("/api/baccarat/deal", json={"stakes": {"banker": "100"}}).json()
    assert after["session_net"] == after["bankroll"] - 50_000
    assert after["session_net_text"].startswith("+" if after["session_net"] >= 0 else "-")


def test_the_course_s_deal_order_on_request(client: TestClient) -> None:
    sit(client, deal_order="course")
    state = client.post("/api/baccarat/deal", json={"stakes": {"player": "5"}}).json()
    table = Table(shoe=table_shoe(8, 7), payouts=CASINO)
    played = table.play({"player": 500})
    assert state["deal_order"] == "course"
    assert [c["code"] for c in state["last"]["player"]] == [
        str(c) for c in played.coup.player_cards
    ]
