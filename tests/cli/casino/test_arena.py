"""``croupier casino arena``: tournaments between strategies, as a table or JSON."""

from __future__ import annotations

import json

import pytest

from ..helpers import assert_one_line_error, croupier

GREEDY_AGAINST_RANDOM = (
    *("casino", "arena", "--a", "greedy", "--b", "random"),
    *("--tournaments", "6", "--seed", "2", "--workers", "1", "--json"),
)


def test_json_has_the_counts_and_the_intervals() -> None:
    run = croupier(*GREEDY_AGAINST_RANDOM)
    assert run.exit_code == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["tournaments"] == 6 and data["seed"] == 2
    assert data["a_wins"] + data["b_wins"] + data["ties"] == 6
    assert data["a"] == "greedy" and data["b"] == "random"
    for key in ("a_win_share", "b_win_share", "a_round_points", "b_round_points", "round_margin"):
        assert data[key]["low"] <= data[key]["mean"] <= data[key]["high"]
    assert data["rounds"] >= 12 and data["a_seconds_per_move"] >= 0
    again = croupier(*GREEDY_AGAINST_RANDOM)
    assert json.loads(again.stdout)["a_round_points"] == data["a_round_points"]


def test_the_table() -> None:
    run = croupier(
        "casino", "arena", "--a", "random", "--b", "greedy", "--tournaments", "4", "--seed", "1"
    )
    assert run.exit_code == 0, run.stderr
    out = run.stdout
    assert out.startswith("Arena: random (a) against greedy (b), 4 tournaments, ")
    assert "(seed 1)" in out
    assert "a: random" in out and "b: greedy" in out and "ties" in out
    assert "Round margin of random over greedy:" in out and "Time per move: random" in out


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("--a", "smart"), "bad strategy 'smart'"),
        (("--tournaments", "0"), "bad --tournaments '0'"),
        (("--seed", "-3"), "bad --seed '-3'"),
        (("--workers", "99999"), "bad --workers '99999'"),
        (("--tournaments", "many"), "'many'"),
    ],
)
def test_bad_options(args: tuple[str, ...], fragment: str) -> None:
    assert_one_line_error(croupier("casino", "arena", "--b", "random", *args), fragment)


def test_the_deadline_applies_to_every_move() -> None:
    run = croupier(
        *("casino", "arena", "--a", "expert", "--b", "greedy", "--tournaments", "1"),
        *("--seed", "3", "--deadline", "0", "--json"),
    )
    assert run.exit_code == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["a_moves_cut_short"] > 0 and data["b_moves_cut_short"] == 0
    table = croupier(
        *("casino", "arena", "--a", "expert", "--b", "random", "--tournaments", "1"),
        *("--seed", "3", "--deadline", "0"),
    )
    assert "Moves the deadline cut short: expert " in table.stdout
    assert_one_line_error(croupier("casino", "arena", "--deadline", "-1"), "bad --deadline '-1'")
