"""``croupier baccarat odds | eor | simulate`` through the app, tables and JSON."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from ..helpers import assert_one_line_error, croupier


def odds_json(*args: str) -> dict[str, Any]:
    run = croupier("baccarat", "odds", "--json", *args)
    assert run.exit_code == 0, run.stderr
    data: dict[str, Any] = json.loads(run.stdout)
    return data


def test_odds_table_for_eight_decks() -> None:
    run = croupier("baccarat", "odds")
    assert run.exit_code == 0
    out = run.stdout
    assert "Baccarat odds for 8 decks (416 cards), casino payouts" in out
    assert "0.446246609344" in out and "45.8597%" in out and "9.5156%" in out
    for name, edge in (("Banker", "1.0579%"), ("Player", "1.2351%"), ("Tie 8:1", "14.3596%")):
        assert name in out and edge in out
    assert "Dragon Bonus Banker" in out
    assert (
        "Chance of a pair on one side (the player's first two cards, or the banker's, "
        "of one rank): 0.07469880" in out
    )


def test_odds_exact_counts() -> None:
    out = croupier("baccarat", "odds", "--decks", "8", "--exact").stdout
    assert "Exact, out of 4,998,398,275,503,360 ordered six-card sequences:" in out
    assert "2,230,518,282,592,256" in out
    assert "2,292,252,566,437,888" in out
    assert "475,627,426,473,216" in out


def test_odds_json() -> None:
    data = odds_json()
    assert {"player", "banker", "tie", "bets"} <= set(data)
    assert round(data["player"], 6) == 0.446247
    assert round(data["bets"]["banker"], 6) == 0.010579
    assert round(data["bets"]["tie-9"], 5) == 0.04844
    assert data["shoe"]["cards"] == 416 and data["payouts"] == "casino"
    exact = odds_json("--exact")["exact"]
    tie = Fraction(475_627_426_473_216, 4_998_398_275_503_360)
    assert exact["tie"] == f"{tie.numerator}/{tie.denominator}"
    assert Fraction(exact["expected_values"]["banker"]) == Fraction(19, 20) * Fraction(
        2_292_252_566_437_888, 4_998_398_275_503_360
    ) - Fraction(2_230_518_282_592_256, 4_998_398_275_503_360)


def test_odds_infinite_and_counts_and_removal() -> None:
    infinite = odds_json("--infinite")
    assert (round(infinite["player"], 6), round(infinite["banker"], 6)) == (0.446147, 0.458428)
    assert round(infinite["bets"]["banker"], 6) == 0.010640
    one_deck = odds_json("--counts", "16,4,4,4,4,4,4,4,4,4")
    assert round(one_deck["tie"], 6) == 0.093615
    assert one_deck["bets"]["player-pair"] is None and one_deck["pair"] is None
    removed = odds_json("--remove", "5 5 9 K")
    assert removed["shoe"]["cards"] == 412
    assert removed["shoe"]["ranks"]["5"] == 30 and removed["shoe"]["ranks"]["K"] == 31
    by_rank = odds_json("--counts", "4,4,4,4,4,4,4,4,4,4,4,4,4")
    assert by_rank["bets"]["player-pair"] == pytest.approx(5 / 17, abs=1e-12)  # P(pair) = 1/17
    table = croupier("baccarat", "odds", "--counts", "16,4,4,4,4,4,4,4,4,4").stdout
    assert "n/a: pair bets need counts by rank" in table


def test_odds_ez_payouts() -> None:
    data = odds_json("--payouts", "ez")
    assert round(100 * data["bets"]["dragon-7"], 2) == 7.61
    assert round(100 * data["bets"]["panda-8"], 2) == 10.19
    assert round(100 * data["bets"]["banker"], 4) == 1.0183


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["--counts", "16,4,-4,4,4,4,4,4,4,4"], ["bad count '-4' at position 3"]),
        (["--counts", "16,4,4"], ["expected 10 counts by value", "got 3 numbers"]),
        (["--counts", "1,1,1,1,1,0,0,0,0,0"], ["too few cards", "5 left"]),
        (["--payouts", "vegas"], ["unknown payout table 'vegas'"]),
        (["--remove", "5 Z"], ["bad rank 'Z' at position 2"]),
        (["--decks", "8", "--infinite"], ["choose one shoe", "--decks and --infinite"]),
        (["--decks", "0"], ["bad --decks '0'"]),
        (["--infinite", "--remove", "5"], ["infinite deck"]),
        (["--decks", "1", "--remove", "A A A A A"], ["cannot remove an A"]),
    ],
)
def test_odds_bad_input(args: list[str], fragments: list[str]) -> None:
    assert_one_line_error(croupier("baccarat", "odds", *args), *fragments)


def test_eor_table_and_json() -> None:
    run = croupier("baccarat", "eor")
    assert run.exit_code == 0
    assert "Effect of removing one card from 8 decks" in run.stdout
    assert "basis points" in run.stdout
    lines = {line.split()[0]: line.split()[1:] for line in run.stdout.splitlines() if line.strip()}
    assert lines["4"][0] == "+1.16" and lines["6"][0] == "-1.13"  # banker column
    data = json.loads(
        croupier("baccarat", "eor", "--json", "--decks", "6", "--payouts", "ez").stdout
    )
    assert data["shoe"]["cards"] == 312 and data["payouts"] == "ez"
    assert set(data["effects"]["banker"]) == {
        "A",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
        "J",
        "Q",
        "K",
    }
    assert data["effects"]["banker"]["4"] > 0 > data["effects"]["banker"]["6"]


def test_simulate_table() -> None:
    run = croupier("baccarat", "simulate", "--shoes", "300", "--seed", "3")
    assert run.exit_code == 0
    assert "Simulated 300 shoes of 8 decks:" in run.stdout and "(seed 3)" in run.stdout
    assert "95% interval" in run.stdout and "Exact (full shoe)" in run.stdout
    assert croupier("baccarat", "simulate", "--shoes", "300", "--seed", "3").stdout == run.stdout


def test_simulate_on_workers_and_on_a_dask_cluster_prints_the_same_json(
    dask_scheduler: str,
) -> None:
    args = ("baccarat", "simulate", "--shoes", "2500", "--seed", "12", "--burn", "--json")
    here = croupier(*args)
    assert here.exit_code == 0, here.stderr
    for where in (["--workers", "2"], ["--scheduler", dask_scheduler]):
        run = croupier(*args, *where)
        assert run.exit_code == 0, run.stderr
        assert run.stdout == here.stdout


def test_simulate_json() -> None:
    run = croupier(
        "baccarat",
        "simulate",
        "--shoes",
        "400",
        "--seed",
        "9",
        "--decks",
        "6",
        "--penetration",
        "0.8",
        "--burn",
        "--payouts",
        "ez",
        "--json",
    )
    data = json.loads(run.stdout)
    assert data["shoes"] == 400 and data["decks"] == 6 and data["seed"] == 9 and data["burn"]
    assert data["cut_card"] == 249
    assert abs(data["player"] + data["banker"] + data["tie"] - 1) < 1e-12
    low, high = data["intervals"]["banker"]
    assert low < data["banker"] < high
    assert set(data["bets"]) == {
        "banker",
        "player",
        "tie",
        "dragon-7",
        "panda-8",
        "player-pair",
        "banker-pair",
    }


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["--shoes", "0"], ["bad --shoes '0'"]),
        (["--shoes", str(10**30)], ["bad --shoes", "1 to 10,000,000"]),
        (["--workers", "2147483648"], ["bad --workers '2147483648'"]),
        (["--penetration", "2"], ["bad --penetration '2'"]),
        (["--penetration", "nan"], ["bad --penetration 'nan'"]),
        (["--decks", "0"], ["bad --decks '0'"]),
        (["--seed", "-1"], ["bad --seed '-1'"]),
        (["--payouts", "nope"], ["unknown payout table 'nope'"]),
        (["--shoes", "many"], ["--shoes", "'many'"]),
    ],
)
def test_simulate_bad_input(args: list[str], fragments: list[str]) -> None:
    assert_one_line_error(croupier("baccarat", "simulate", *args), *fragments)
