"""``croupier poker compare --game`` and ``croupier poker calc --game``: Omaha, five-card
Omaha and short-deck at the command line (hold'em's own tests cover the default)."""

from __future__ import annotations

import json

from croupier.cli.options import POKER_GAMES
from croupier.poker.games import GAMES

from .helpers import assert_one_line_error, croupier


def test_the_option_lists_every_game() -> None:
    assert POKER_GAMES == GAMES


def test_compare_omaha_lines() -> None:
    lines = "As Ad Kh Qh Ac 7h 2h 9h 3s ; Ks Kd 7c 7d Ac 7h 2h 9h 3s\n"
    run = croupier("poker", "compare", "--game", "omaha", input=lines)
    assert run.exit_code == 0, run.stderr
    assert "flush: K♥ Q♥ 9♥ 7♥ 2♥ (king high)" in run.stdout
    assert "three of a kind: 7♥ 7♦ 7♣ A♣ 9♥" in run.stdout
    assert "Hand 1 wins" in run.stdout


def test_compare_json_and_bad_lines() -> None:
    lines = "Ah 9c 6d 7s 8s ; Kh Kd Ks 6c 7c\nAh 2c 6d 7s 8s ; Kh Kd Ks 6c 7c\n"
    run = croupier("poker", "compare", "--game", "shortdeck", "--json", input=lines)
    assert run.exit_code == 1
    first, second = (json.loads(line) for line in run.stdout.splitlines())
    assert first["winner"] == 2 and first["hand2"]["category"] == "three of a kind"
    assert first["hand1"]["game"] == "shortdeck" and first["hand1"]["class"] == 528
    assert "card 2c is not in the short-deck hold'em deck" in second["error"]
    assert "line 2, hand 1: card 2c" in run.stderr
    straights = croupier("poker", "compare", "--game", "shortdeck-straights", input=lines[:32])
    assert "Hand 1 wins" in straights.stdout


def test_compare_refuses_an_unknown_game() -> None:
    run = croupier("poker", "compare", "--game", "razz", input="")
    assert_one_line_error(run, "bad --game 'razz'", "holdem, omaha, omaha5, shortdeck")


def test_calc_omaha_exact_and_json() -> None:
    run = croupier(
        "poker", "calc", "AsAhKsKh", "QdQcJdTc", "--board", "2c 7d 9h", "--game", "omaha"
    )
    assert run.exit_code == 0, run.stderr
    assert "Game: Omaha" in run.stdout and "hands" in run.stdout
    assert "64.146%" in run.stdout and "Exact: every deal enumerated, 820 games." in run.stdout
    data = json.loads(
        croupier(
            "poker",
            "calc",
            "AsAh??",
            "random",
            "--game",
            "omaha",
            "--trials",
            "20000",
            "--seed",
            "4",
            "--json",
        ).stdout
    )
    assert data["game"] == "omaha" and data["games"] == 20_000 and not data["exact"]
    assert [p["range"] for p in data["players"]] == ["AsAh??", "random"]
    assert data["players"][0]["stderr"] < 0.01


def test_calc_short_deck_grid_and_refusals() -> None:
    run = croupier(
        "poker", "calc", "AK", "QQ", "--game", "shortdeck", "--board", "6c 7d 9h", "--grid"
    )
    assert run.exit_code == 0, run.stderr
    assert "short-deck hold'em" in run.stdout and "Player 1: AK" in run.stdout
    assert_one_line_error(
        croupier("poker", "calc", "AsAhKsKh", "random", "--game", "omaha", "--grid"),
        "--grid shows two-card combos: Omaha hands have none",
    )
    assert_one_line_error(
        croupier("poker", "calc", "AK", "QQ", "--game", "shortdeck", "--board", "2c 7d 9h"),
        "card 2c is not in the short-deck",
    )
    assert_one_line_error(
        croupier("poker", "calc", *["random"] * 10, "--game", "omaha5"),
        "at most 9 players",
    )
