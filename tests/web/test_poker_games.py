"""The poker page in other games: every panel's game (API: the equity and its
distribution, the next-card table, what a range hits, the comparison; each answer the
library's figures), and the page itself in headless Chromium (the game selector
switching the deck in the card picker and every panel)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.poker import calculate
from croupier.poker.calc.distribution import equity_distribution
from croupier.poker.calc.nextcard import next_card
from croupier.poker.games import GAMES
from croupier.poker.hits.classifier import flop_hits, hits
from croupier.web.schemas.poker import MAX_DISTRIBUTION_POINTS, MAX_HITS_HANDS

from .test_poker import follow_job, run

Shot = Callable[..., Path]


def page_state(client: TestClient) -> dict[str, Any]:
    text = client.get("/poker").text
    found = re.search(r'<script type="application/json" id="state">(.*?)</script>', text, re.S)
    assert found is not None
    state: dict[str, Any] = json.loads(found[1])
    return state


def test_the_page_knows_every_game(client: TestClient) -> None:
    games = page_state(client)["games"]
    assert [g["name"] for g in games] == list(GAMES)
    omaha = games[1]
    assert (omaha["hole_cards"], omaha["two_card"], omaha["lowest_rank"]) == (4, False, 2)
    assert games[3]["lowest_rank"] == 6 and "three of a kind beats a straight" in games[3]["rules"]


def test_omaha_equity_matches_the_library(client: TestClient) -> None:
    players, board = ["AsAhKsKh", "QdQcJdTc"], "2c 7d 9h"
    job = run(client, game="omaha", players=players, board=board, method="exact")
    result = job["result"]
    expected = calculate(players, board=board, game="omaha", exact=True)
    assert result["game"] == "omaha" and result["games"] == expected.games == 820
    assert [p["equity"] for p in result["players"]] == [p.equity for p in expected.players]
    assert [p["made"] for p in result["players"]] == ["pair of aces", "pair of queens"]
    shown = result["players"][0]["distribution"]
    assert shown["combos"] == [["AsAhKsKh", 1.0, pytest.approx(expected.players[0].equity)]]
    assert (shown["hands"], shown["summarised"]) == (1, False)


def test_omaha_s_distribution_lists_each_hand(client: TestClient) -> None:
    players, board = ["AhAd??", "KsKd7c7d"], "Kh 7h 2c"
    job = run(client, game="omaha", players=players, board=board, method="exact")
    spread = equity_distribution(
        calculate(players, board=board, game="omaha", exact=True, by_hand=True)
    )[0]
    shown = job["result"]["players"][0]["distribution"]
    assert shown["hands"] == len(spread.combos) == 903 < MAX_DISTRIBUTION_POINTS
    assert [c[0] for c in shown["combos"]] == list(spread.combos)
    assert [c[2] for c in shown["combos"]] == pytest.approx(list(spread.equities), abs=1e-6)
    assert shown["above_50"] == spread.share_above(0.5)


def test_a_random_hold_em_player_s_distribution_is_sent_whole(client: TestClient) -> None:
    job = run(client, players=["", "AsAh"], board="Kd 9h 2c", method="exact")
    shown = job["result"]["players"][0]["distribution"]
    assert shown["hands"] == len(shown["combos"]) == 1_081 and not shown["summarised"]


def test_a_random_omaha_player_s_distribution_is_summarised(client: TestClient) -> None:
    request = {"players": ["", "AsAhKsKh"], "board": "Kd 9h 2c", "seed": "11"}
    job = run(client, game="omaha", method="monte-carlo", trials=30_000, **request)
    spread = equity_distribution(
        calculate(
            ["random", "AsAhKsKh"],
            board="Kd 9h 2c",
            game="omaha",
            trials=30_000,
            rng=11,
            by_hand=True,
        )
    )[0]
    shown = job["result"]["players"][0]["distribution"]
    assert shown["summarised"] and shown["hands"] == len(spread.combos) > MAX_DISTRIBUTION_POINTS
    assert len(shown["combos"]) == MAX_DISTRIBUTION_POINTS
    assert sum(c[1] for c in shown["combos"]) == pytest.approx(1.0)
    mean = sum(c[1] * c[2] for c in shown["combos"])
    assert mean == pytest.approx(
        sum(w * e for w, e in zip(spread.weights, spread.equities, strict=True))
    )
    assert shown["above_50"] == pytest.approx(spread.share_above(0.5))
    first = shown["combos"][0][0]
    assert first.startswith(f"{len(spread.combos) // MAX_DISTRIBUTION_POINTS} hands, ")
    assert first.split(", ")[1].startswith(spread.combos[0] + " to ")


@pytest.mark.parametrize(
    ("game", "players", "board"),
    [
        ("omaha", ["AsAhKsKh", "QdQcJdTc"], "2c 7d 9h"),
        ("omaha5", ["AsAhKsKh5c", "QdQcJdTc8h"], "2c 7d 9h 3s"),
        ("shortdeck", ["AK", "QQ"], "6c 7d 9h"),
        ("shortdeck-straights", ["AK", "88"], "6c 7d 9h 8s"),
    ],
)
def test_the_next_card_table_in_every_game(
    client: TestClient, game: str, players: list[str], board: str
) -> None:
    job = follow_job(client, "/api/poker/next", {"game": game, "players": players, "board": board})
    assert job["state"] == "done", job
    answer, expected = job["result"], next_card(players, board=board, game=game)
    assert answer["exact"] and answer["seed"] is None and answer["games"] == expected.games
    assert [p["equity"] for p in answer["players"]] == list(expected.equity)
    assert [c["card"]["code"] for c in answer["cards"]] == [str(c.card) for c in expected.cards]
    assert [c["equity"] for c in answer["cards"]] == [list(c.equity) for c in expected.cards]


def test_an_omaha_next_card_table_by_monte_carlo_repeats_its_seed(client: TestClient) -> None:
    request = {"game": "omaha", "players": ["", ""], "board": "Kd 9h 2c", "seed": "3"}
    job = follow_job(client, "/api/poker/next", request)
    answer = job["result"]
    expected = next_card(["random", "random"], board="Kd 9h 2c", game="omaha", exact=None, rng=3)
    assert not answer["exact"] and answer["seed"] == "3" and not expected.exact
    assert answer["games"] == expected.games and answer["stderr"] == expected.stderr
    assert [c["equity"] for c in answer["cards"]] == [list(c.equity) for c in expected.cards]
    chosen = dict(request, method="monte-carlo", trials=2_000)
    answer = follow_job(client, "/api/poker/next", chosen)["result"]
    assert not answer["exact"] and answer["games"] == 2_000 * len(answer["cards"])


@pytest.mark.parametrize(
    ("game", "text", "board"),
    [
        ("omaha", "AA!AAA", "Ks 7d 2c"),
        ("omaha", "AxAyxy, KK:xxyy", "Ah 7h 2c 9d"),
        ("omaha5", "AsAh???", "Ad 7h 2h"),
        ("shortdeck", "TT+, AK", "Ts 9d 6c"),
        ("shortdeck-straights", "", "Ts 9d 6c"),
    ],
)
def test_what_a_range_hits_in_every_game(
    client: TestClient, game: str, text: str, board: str
) -> None:
    job = follow_job(client, "/api/poker/hits", {"game": game, "range": text, "board": board})
    assert job["state"] == "done", job
    answer, expected = job["result"], hits(text or "random", board=board, game=game)
    assert answer["combos"] == expected.weight and answer["listed"] == len(expected.combos)
    made = {row["category"]: row["combos"] for row in answer["made"]}
    assert made == {m.value: n for m, n in expected.made.items()}
    draws = {row["category"]: row["combos"] for row in answer["draws"]}
    assert draws == {d.value: n for d, n in expected.draws.items()}
    assert answer["pair_or_better"] == expected.pair_or_better
    shown = min(len(expected.combos), MAX_HITS_HANDS)
    assert len(answer["hands"]) == shown
    first = expected.combos[0]
    assert [c["code"] for c in answer["hands"][0]["cards"]] == [str(c) for c in first.cards]
    assert answer["hands"][0]["made"] == first.made.value


def test_what_an_omaha_range_hits_over_every_flop(client: TestClient) -> None:
    job = follow_job(client, "/api/poker/hits", {"game": "omaha", "range": "AxAyxy"})
    assert job["state"] == "done", job
    answer, expected = job["result"], flop_hits("AxAyxy", game="omaha")
    assert answer["boards"] == expected.boards == 22_100 and answer["hands"] == []
    assert answer["combos"] == pytest.approx(expected.weight)
    made = {row["category"]: row["combos"] for row in answer["made"]}
    assert made == pytest.approx({m.value: n for m, n in expected.made.items()})


def test_short_deck_monte_carlo_and_refusals(client: TestClient) -> None:
    job = run(
        client,
        game="shortdeck",
        players=["AK", ""],
        board="6c 7d 9h",
        method="monte-carlo",
        trials=20_000,
        seed="5",
    )
    result = job["result"]
    assert result["game"] == "shortdeck" and result["games"] == 20_000 and result["seed"] == "5"
    bad = client.post(
        "/api/poker/equity",
        json={"game": "shortdeck", "players": ["AA", "KK"], "board": "2c 7d 9h"},
    )
    assert bad.status_code == 422 and "card 2c is not in the short-deck" in bad.json()["error"]
    unknown = client.post("/api/poker/equity", json={"game": "razz", "players": ["AA", "KK"]})
    assert unknown.status_code == 422
    nxt = client.post(
        "/api/poker/next",
        json={"game": "omaha", "players": ["AsAhKsKh", ""], "board": "2c 7d 9h 3s 4s"},
    )
    assert nxt.status_code == 422 and "a board of 3 or 4 cards, not 5" in nxt.json()["error"]
    bad_hits = client.post(
        "/api/poker/hits", json={"game": "shortdeck", "range": "AK", "board": "2c 7d 9h"}
    )
    assert bad_hits.status_code == 422 and "not in the short-deck" in bad_hits.json()["error"]


def test_compare_in_every_game(client: TestClient) -> None:
    line = "As Ad Kh Qh Ac 7h 2h 9h 3s ; Ks Kd 7c 7d Ac 7h 2h 9h 3s"
    answer = client.post("/api/poker/compare", json={"line": line, "game": "omaha"}).json()
    assert answer["winner"] == 1 and answer["hands"][1]["description"] == "three of a kind, 7s"
    assert [c["best"] for c in answer["hands"][0]["hand"]].count(True) == 5
    short = client.post(
        "/api/poker/compare", json={"line": "Ah 9c 6d 7s 8s ; Kh Kd Ks 6c 7c", "game": "shortdeck"}
    )
    assert short.json()["winner"] == 2
    straights = client.post(
        "/api/poker/compare",
        json={"line": "Ah 9c 6d 7s 8s ; Kh Kd Ks 6c 7c", "game": "shortdeck-straights"},
    )
    assert straights.json()["winner"] == 1


# --- in the browser -----------------------------------------------------------------

browser = pytest.mark.browser


@browser
def test_choosing_omaha_and_short_deck(browser_page: Any, screenshot: Shot) -> None:
    expect = pytest.importorskip("playwright.sync_api").expect
    page = browser_page
    page.goto("/poker")
    assert page.locator("#card-grid button").count() == 52
    page.select_option("#game", "shortdeck")
    expect(page.locator("#equity-title")).to_have_text("short-deck hold'em equity")
    assert page.locator("#card-grid button").count() == 36
    assert page.locator("#card-grid [data-card='5s']").count() == 0
    expect(page.locator("#game-rules")).to_contain_text("three of a kind beats a straight")
    page.click("#compare-form button[type=submit]")
    expect(page.locator("#compare-result .verdict")).to_have_text("Hand 2 wins")
    screenshot(page, "poker-shortdeck")
    page.select_option("#game", "omaha")
    assert page.locator("#card-grid button").count() == 52
    expect(page.locator("#hole-1")).to_have_value("AsAhKsKh")
    expect(page.locator("#grid-toggle-1")).to_be_hidden()
    page.fill("#hole-2", "QdQcJdTc")
    page.fill("#board", "2c 7d 9h")
    page.click("#calculate")
    page.wait_for_selector("#equity-result table")
    expected = calculate(["AsAhKsKh", "QdQcJdTc"], board="2c 7d 9h", game="omaha")
    text = page.inner_text("#equity-result")
    assert f"{100 * expected.players[0].equity:.2f}%" in text and "HANDS" in text.upper()
    expect(page.locator("#class-grid-box")).to_be_hidden()  # Omaha hands: no 13x13 grid
    expect(page.locator("#distribution svg polyline")).to_have_count(2)
    expect(page.locator("#next-card")).to_be_visible()
    screenshot(page, "poker-omaha", docs=True)
    page.click("#compare-form button[type=submit]")
    expect(page.locator("#compare-result .verdict")).to_have_text("Hand 1 wins")


def calculate_in(page: Any, game: str, players: list[str], board: str) -> None:
    """Open the page, choose ``game``, ask two players' equity on ``board`` and wait for
    the answer."""
    page.goto("/poker")
    page.select_option("#game", game)
    for seat, text in enumerate(players, 1):
        page.fill(f"#hole-{seat}", text)
    page.fill("#board", board)
    page.click("#calculate")
    page.wait_for_selector("#equity-result table")


@browser
def test_every_panel_switches_to_omaha(browser_page: Any, screenshot: Shot) -> None:
    """Omaha chosen: the distribution of a range of hands, the next-card chart and what
    a range hits with Omaha's categories, each the library's figures."""
    expect = pytest.importorskip("playwright.sync_api").expect
    page = browser_page
    calculate_in(page, "omaha", ["AhAd??", "KsKd7c7d"], "Kh 7h 2c")
    expect(page.locator("#distribution svg polyline")).to_have_count(2)
    expect(page.locator("#distribution .chart")).to_contain_text("weakest hand first")
    expect(page.locator("#distribution .distribution-note")).to_have_count(0)  # 903 hands
    page.click("#next-card")
    page.wait_for_selector("#next-result .chart")
    expected = next_card(["AhAd??", "KsKd7c7d"], board="Kh 7h 2c", game="omaha")
    assert page.locator("#next-result .next-bar").count() == len(expected.cards) == 43
    expect(page.locator("#next-result .next-method")).to_contain_text("Exact: every deal")
    legend = page.inner_text("#next-result .legend")
    assert f"Player 1: {100 * expected.equity[0]:.1f}% now" in legend
    screenshot(page, "poker-omaha-next", docs=True)
    page.fill("#hole-1", "AA!AAA")
    page.click("#hits-form button[type=submit]")
    page.wait_for_selector("#hits-result table")
    answer = hits("AA!AAA", board="Kh 7h 2c", game="omaha")
    text = page.inner_text("#hits-result > p")
    assert f"on Kh 7h 2c, {answer.weight:,.0f} live hands" in text
    assert f"{100 * answer.pair_or_better:.1f}% make a pair or better" in text
    heads = page.locator("#hits-result thead").first.text_content()
    assert heads is not None and "Hands" in heads
    row = page.locator("#hits-result tr", has_text="nut flush draw").first
    drawn = [r for r, n in answer.draws.items() if r.value == "nut flush draw"]
    assert row.locator("td").first.inner_text() == f"{answer.draws[drawn[0]]:g}"
    expect(page.locator("#hits-result summary")).to_have_text(
        f"The first 2,000 hands of {len(answer.combos):,} (the table above counts them all)"
    )
    screenshot(page, "poker-omaha-hits", docs=True)
    page.fill("#board", "")  # every flop, Omaha's categories averaged
    page.fill("#hole-1", "AxAyxy")
    page.click("#hits-form button[type=submit]")
    expect(page.locator("#hits-result > p")).to_contain_text("over every flop", timeout=60_000)
    every = flop_hits("AxAyxy", game="omaha")
    assert f"{100 * every.pair_or_better:.1f}% make a pair or better" in page.inner_text(
        "#hits-result > p"
    )
    expect(page.locator("#hits-result .hits-table").nth(1)).to_contain_text("wrap")


@browser
def test_every_panel_switches_to_short_deck(browser_page: Any, screenshot: Shot) -> None:
    """Short-deck chosen: its next card (36-card deck) and what a range hits with its
    ranking; a random Omaha player's distribution summarised, said on the page."""
    expect = pytest.importorskip("playwright.sync_api").expect
    page = browser_page
    calculate_in(page, "shortdeck", ["AK", "TT+"], "Ts 9d 6c")
    expect(page.locator("#class-grid-box")).to_be_visible()
    page.click("#next-card")
    page.wait_for_selector("#next-result .chart")
    expected = next_card(["AK", "TT+"], board="Ts 9d 6c", game="shortdeck")
    assert page.locator("#next-result .next-bar").count() == len(expected.cards)
    first = page.locator("#next-result .next-bar title").first.text_content()
    assert first is not None and first.startswith("ace of")
    page.select_option("#hits-player", "2")
    page.click("#hits-form button[type=submit]")
    page.wait_for_selector("#hits-result table")
    answer = hits("TT+", board="Ts 9d 6c", game="shortdeck")
    assert f"on Ts 9d 6c, {answer.weight:g} live combos" in page.inner_text("#hits-result > p")
    assert page.locator("#hits-result summary").inner_text() == f"Every combo ({answer.weight:g})"
    screenshot(page, "poker-shortdeck-panels", docs=True)
    page.select_option("#game", "omaha")
    expect(page.locator("#hits-result")).to_be_empty()
    page.fill("#hole-1", "")
    page.fill("#board", "Kd 9h 2c")
    page.check("input[name=method][value=monte-carlo]")
    page.fill("#trials", "20000")
    page.click("#calculate")
    note = page.locator("#distribution .distribution-note")
    expect(note).to_contain_text("player 1's ", timeout=60_000)
    expect(note).to_contain_text("hands are drawn as 1,326 points")
    screenshot(page, "poker-omaha-summarised")
