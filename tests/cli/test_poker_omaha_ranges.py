"""``croupier poker calc --game omaha`` with ranges in the generic syntax: the answer is
the library's, exact and Monte Carlo, and a bad range is one line naming its token."""

from __future__ import annotations

import json

from croupier.poker import calculate

from .helpers import assert_one_line_error, croupier


def test_generic_ranges_exact_and_monte_carlo() -> None:
    board = "Ks 7d 2c 9h 3s"
    run = croupier("poker", "calc", "--game", "omaha", "AxAyxy", "15%", "--board", board, "--json")
    assert run.exit_code == 0, run.stderr
    answer = json.loads(run.stdout)
    expected = calculate(["AxAyxy", "15%"], board=board, game="omaha")
    assert answer["exact"] and expected.exact
    assert [p["range"] for p in answer["players"]] == ["AxAyxy", "15%"]
    assert [p["equity"] for p in answer["players"]] == [p.equity for p in expected.players]
    sampled = croupier(
        "poker", "calc", "--game", "omaha5", "AA!AAA:$ds", "RRON@50, KK",
        "--board", "Ks 7d 2c", "--trials", "20000", "--seed", "3",
    )  # fmt: skip
    assert sampled.exit_code == 0, sampled.stderr
    assert "Monte Carlo: 20,000 trials (seed 3)" in sampled.stdout
    assert "RRON@50, KK" in sampled.stdout


def test_a_bad_generic_range_is_one_line_naming_its_token() -> None:
    run = croupier("poker", "calc", "--game", "omaha", "AxAyxy", "KK#Q")
    assert_one_line_error(run, "player 2", "bad range text at '#Q' (character 3)")
    weight = croupier("poker", "calc", "--game", "omaha", "AA@150", "random")
    assert_one_line_error(run, "player 2")
    assert_one_line_error(weight, "player 1", "'@150'", "per cent from 0 to 100")
