"""The Baccarat table's API: sitting down, dealing, money, scoreboards, odds, sessions."""

from __future__ import annotations

import dataclasses
import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.baccarat import CASINO, Composition, bet_odds
from croupier.baccarat.scoreboard import DERIVED_ROADS, ask_road, derived_road
from croupier.baccarat.sitting import Sitting
from croupier.baccarat.table import Table, table_shoe
from croupier.baccarat.tablerules import VARIANTS, table_rules
from croupier.web.app import create_app
from croupier.web.store import DATABASE_NAME


def sit(client: TestClient, **options: object) -> dict[str, Any]:
    answer = client.post("/api/baccarat/table", json={"seed": 7, **options})
    assert answer.status_code == 200, answer.text
    state: dict[str, Any] = answer.json()
    return state


def page_state(text: str) -> Any:
    """The state a page hands its script."""
    found = re.search(r'<script type="application/json" id="state">(.*?)</script>', text, re.S)
    assert found is not None
    return json.loads(found.group(1))


def test_the_page_renders_before_and_after_sitting_down(client: TestClient) -> None:
    before = client.get("/baccarat").text
    assert page_state(before) == client.get("/api/baccarat").json()
    assert page_state(before)["seated"] is False
    sit(client)
    after = client.get("/baccarat").text
    assert page_state(after)["seated"] is True
    assert page_state(after) == client.get("/api/baccarat").json()
    # The page around the state is the same (it is rendered once, then reused).
    assert before.split('id="state">')[0] == after.split('id="state">')[0]
    assert before.rsplit("</script>", 1)[1] == after.rsplit("</script>", 1)[1]


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
    # Every variant of every bet is priced (the table's own marked): 5% and 4% commission
    # and EZ banker bets, ties at 8:1 and 9:1, every side bet.
    composition = Composition.from_shoe(table.shoe)
    expected = {b.bet.key: b.house_edge for b in bet_odds(composition, VARIANTS)}
    shown = {b["key"]: b["house_edge"] for b in state["odds"]["bets"]}
    assert shown == pytest.approx(expected, rel=1e-12)
    assert shown["banker-4"] == pytest.approx(
        next(b.house_edge for b in bet_odds(composition) if b.bet.key == "banker-4"), rel=1e-12
    )
    assert {b["key"] for b in state["odds"]["bets"] if b["at_table"]} == {
        "banker", "player", "tie", "player-pair", "banker-pair",
        "dragon-bonus-player", "dragon-bonus-banker",
    }  # fmt: skip
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
        ({"payouts": "vegas"}, "bad request: payouts 'vegas': input should be 'lab', 'casino' or"),
        ({"bankroll": "lots"}, "bad amount 'lots'"),
        ({"stake": "0"}, "bad stake $0: expected more than $0"),
        ({"stake": "20000"}, "the stake $20,000 is more than the bankroll $1,000"),
        (
            {"commission": "3"},
            "bad request: commission '3': input should be '5', '4', 'none' or 'super6'",
        ),
        ({"tie_pays": 7}, "bad request: tie_pays 7: input should be 8 or 9"),
        ({"payouts": "ez", "side_bets": ["dragon-bonus-player"]}, "bad side bet"),
        ({"min_stake": "50", "max_stake": "10"}, "bad table limits $50 to $10"),
        ({"payouts": "lab", "tie_pays": 9}, "the lab's rules are fixed"),
        ({"decks": 9}, "bad request: decks 9: input should be less than or equal to 8"),
        ({"bankroll": "99999999"}, "bad bankroll '99999999': at most $1,000,000"),
        ({"seed": -1}, "bad request: seed -1: input should be greater than or equal to 0"),
        (
            {"deal_order": "shuffled"},
            "bad request: deal_order 'shuffled': input should be 'casino'",
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


def test_a_table_has_one_set_of_rules(client: TestClient) -> None:
    state = sit(
        client,
        payouts="casino",
        commission="4",
        tie_pays=9,
        side_bets=["player-pair"],
        min_stake="5",
        max_stake="200",
    )
    assert [b["name"] for b in state["bets"]] == [
        "Banker (4% commission)", "Player", "Tie 9:1", "Player Pair 11:1",
    ]  # fmt: skip
    assert state["rules"]["describe"] == "4% commission, tie 9:1"
    assert state["rules"]["limits_text"] == "$5 to $200"
    assert [b["key"] for b in state["odds"]["bets"] if b["at_table"]] == [
        "banker-4", "player", "tie-9", "player-pair",
    ]  # fmt: skip
    after = client.post("/api/baccarat/deal", json={"stakes": {"banker": "100"}}).json()
    if after["last"]["outcome"] == "banker":
        assert after["last"]["net"] == 9_600


def test_the_super_6_table_pays_half_on_a_banker_6(client: TestClient) -> None:
    state = sit(client, payouts="casino", commission="super6", bankroll="100000")
    assert state["rules"]["name"] == "super 6" and state["rules"]["commission"] == "super6"
    assert state["rules"]["describe"] == "no commission, a banker 6 pays 1:2, tie 8:1"
    assert state["bets"][0]["name"] == "Banker (no commission, 6 pays 1:2)"
    assert "banker-super6" in [b["key"] for b in state["odds"]["bets"] if b["at_table"]]
    nets: dict[str, set[int]] = {"six": set(), "other": set()}
    for _ in range(120):
        last = client.post("/api/baccarat/deal", json={"stakes": {"banker": "100"}}).json()["last"]
        if last["outcome"] == "banker":
            nets["six" if last["banker_total"] == 6 else "other"].add(last["net"])
    assert nets == {"six": {5_000}, "other": {10_000}}


def test_each_chip_is_checked_against_the_limits_and_the_bankroll(client: TestClient) -> None:
    sit(client, max_stake="100", bankroll="150")
    ok = client.post("/api/baccarat/check", json={"stakes": {"banker": "100", "tie": "25"}})
    assert ok.status_code == 200 and ok.json() == {"ok": True, "total": 12_500}
    over = client.post("/api/baccarat/check", json={"stakes": {"banker": "125"}})
    assert over.status_code == 422
    assert over.json()["error"] == (
        "the Banker bet of $125 is over the table maximum of $100 a spot"
    )
    broke = client.post("/api/baccarat/check", json={"stakes": {"banker": "100", "tie": "75"}})
    assert broke.json()["error"] == "the bets total $175 but the bankroll is $150"
    dealt = client.post("/api/baccarat/deal", json={"stakes": {"banker": "125"}})
    assert dealt.status_code == 422 and "table maximum" in dealt.json()["error"]


def test_a_side_bet_alone(client: TestClient) -> None:
    sit(client)
    state = client.post("/api/baccarat/deal", json={"stakes": {"banker-pair": "5"}}).json()
    assert [s["key"] for s in state["last"]["settlements"]] == ["banker-pair"]
    assert state["bankrolls"] == [100_000, state["bankroll"]]


def test_before_sitting_down_the_maths_is_a_full_shoe(client: TestClient) -> None:
    state = client.get("/api/baccarat").json()
    assert state["odds"]["fresh_shoe"] and state["odds"]["cards_left"] == 416
    expected = {b.bet.key: b.house_edge for b in bet_odds(Composition.decks(8), VARIANTS)}
    assert {b["key"]: b["house_edge"] for b in state["odds"]["bets"]} == pytest.approx(expected)
    assert [b["key"] for b in state["choices"]["side_bets"]["none"]] == [
        "player-pair", "banker-pair", "dragon-7", "panda-8",
    ]  # fmt: skip
    assert [b["key"] for b in state["choices"]["side_bets"]["super6"]] == [
        "player-pair", "banker-pair", "dragon-bonus-player", "dragon-bonus-banker",
    ]  # fmt: skip
    assert [c["label"] for c in state["choices"]["commissions"]] == [
        "5%", "4%", "none (EZ)", "none (Super 6)",
    ]  # fmt: skip


def test_the_five_roads_the_ask_road_and_the_tally(client: TestClient) -> None:
    sit(client)
    for _ in range(12):
        state = client.post("/api/baccarat/deal", json={"stakes": {"player": "5"}}).json()
    rules = table_rules("casino")
    sitting = Sitting.sit_down(rules, shoe=table_shoe(8, 7), deal_order="casino")
    for _ in range(12):
        sitting.play({"player": 500})
    beads = sitting.beads
    for key in DERIVED_ROADS:
        assert state["derived_roads"][key]["marks"] == [
            {"column": m.column, "row": m.row, "colour": m.colour.value}
            for m in derived_road(beads, key)
        ]
    asked = ask_road(beads)
    assert state["ask_road"]["banker"] == {
        k: None if c is None else c.value for k, c in asked.banker.items()
    }
    assert state["ask_road"]["big_road"] == {
        "banker": {"column": asked.banker_at[0], "row": asked.banker_at[1]},
        "player": {"column": asked.player_at[0], "row": asked.player_at[1]},
    }
    assert state["tally"]["rounds"] == 12
    assert state["tally"] == dataclasses.asdict(sitting.tally)
    assert state["bankrolls"] == list(sitting.bankrolls)


def test_a_session_saved_before_table_rules_still_loads(client: TestClient) -> None:
    table = Table(shoe=table_shoe(8, 7), payouts=CASINO, deal_order="casino")
    played = table.play({"banker": 1_000})
    old = {"table": table.to_dict(), "shoe_rounds": [], "last": played.to_dict(), "start": 100_000}
    sitting = Sitting.from_dict(old)
    assert sitting.rules == table_rules("casino") and sitting.bankroll == table.bankroll


def with_earlier(dealt: dict[str, Any], shown: dict[str, Any]) -> dict[str, Any]:
    """A deal's answer joined to the table the page showed, as the page's script does."""
    since = dealt["since"]
    if since is None:
        return dealt

    def join(earlier: list[Any], start: int, later: list[Any]) -> list[Any]:
        return earlier[:start] + later

    return {
        **dealt,
        "bead_plate": join(shown["bead_plate"], since["bead_plate"], dealt["bead_plate"]),
        "big_road": join(shown["big_road"], since["big_road"], dealt["big_road"]),
        "derived_roads": {
            key: {
                **road,
                "marks": join(
                    shown["derived_roads"][key]["marks"],
                    since["derived_roads"][key],
                    road["marks"],
                ),
            }
            for key, road in dealt["derived_roads"].items()
        },
        "bankrolls": join(shown["bankrolls"], since["bankrolls"], dealt["bankrolls"]),
        "since": None,
    }


def test_a_deal_sends_only_what_changed_on_the_table_the_page_shows(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A short bankroll history, so that its oldest figures drop within the test.
    monkeypatch.setattr("croupier.baccarat.sitting.MAX_HISTORY", 40)
    shown = sit(client, bankroll="100000", decks=1)
    sizes, reshuffles, whole = [], 0, 0
    for _ in range(60):  # a 1-deck shoe is reshuffled every dozen rounds or so
        body = {"stakes": {"banker": "10"}, "drawn": shown["rounds_played"]}
        dealt = client.post("/api/baccarat/deal", json=body).json()
        full = client.get("/api/baccarat").json()
        assert dealt["since"] is not None
        sizes.append(len(dealt["bead_plate"]) + len(dealt["bankrolls"]))
        reshuffles += dealt["last"]["reshuffled"]
        whole += dealt["since"]["bankrolls"] == 0
        # Joined to what the page had, the answer is the whole table, exactly.
        shown = with_earlier(dealt, shown)
        assert shown == full
    assert reshuffles >= 3 and whole >= 2
    # Most answers held one new bead and one new bankroll (a reshuffle's: a new road).
    assert sorted(sizes)[len(sizes) // 2] == 2


def test_a_deal_for_another_table_than_the_page_s_sends_the_whole_table(
    client: TestClient,
) -> None:
    state = sit(client)
    for _ in range(3):
        state = client.post("/api/baccarat/deal", json={"stakes": {"banker": "5"}}).json()
        assert state["since"] is None  # no drawn: the whole table
    # Another tab dealt meanwhile: the page's table is not the server's.
    stale = {"stakes": {"banker": "5"}, "drawn": state["rounds_played"] - 1}
    dealt = client.post("/api/baccarat/deal", json=stale).json()
    assert dealt["since"] is None
    assert dealt == client.get("/api/baccarat").json()
    assert len(dealt["bead_plate"]) == 4 and len(dealt["bankrolls"]) == 5
    bad = client.post("/api/baccarat/deal", json={"stakes": {}, "drawn": -1})
    assert bad.status_code == 422
