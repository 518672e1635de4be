"""``croupier poker hits`` end to end."""

from __future__ import annotations

import json

import pytest

from croupier.poker.hits.classifier import flop_hits, hits

from .helpers import assert_one_line_error, croupier


def test_a_board_gives_the_totals_and_with_combos_every_combo() -> None:
    run = croupier("poker", "hits", "QQ+, AK, 98s", "--board", "Ks 7d 2c", "--combos")
    assert run.exit_code == 0 and run.stderr == ""
    lines = run.stdout.splitlines()
    assert lines[0] == "Range: QQ+, AK, 98s (31 live combos)"
    assert any(line.split() == ["set", "3", "9.68%"] for line in lines)
    assert any(line.split() == ["pair", "or", "better", "87.10%"] for line in lines)
    assert any(line.split() == ["backdoor", "flush", "draw", "5", "16.13%"] for line in lines)
    assert "9♣8♣  no made hand + backdoor flush draw" in lines


def test_json_is_the_library_result() -> None:
    args = ["AK, 22@50", "--board", "Ah 7d 2c 9h", "--dead", "Kc"]
    data = json.loads(croupier("poker", "hits", *args, "--json").stdout)
    assert data == json.loads(
        json.dumps(hits("AK, 22@50", board="Ah 7d 2c 9h", dead="Kc").to_dict())
    )
    assert data["made"]["set"]["combos"] == 1.5 and data["hands"][0]["made"] == "set"


def test_every_flop() -> None:
    run = croupier("poker", "hits", "AKs", "--flops")
    assert run.exit_code == 0
    assert "Every flop: 22,100 flops" in run.stdout
    assert any(
        line.split() == ["flush", "draw", "0.39", "10.94%"] for line in run.stdout.splitlines()
    )
    data = json.loads(croupier("poker", "hits", "AKs", "--flops", "--json").stdout)
    assert data == json.loads(json.dumps(flop_hits("AKs").to_dict()))
    assert data["hands"] == [] and data["boards"] == 22100


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["AK"], ["give --board"]),
        (["AK", "--board", "Ks 7d 2c", "--flops"], ["drop --board"]),
        (["AK", "--flops", "--combos"], ["--combos lists the combos on one board"]),
        (["AK", "--board", "Ks 7d"], ["a board of 2 cards: expected 3, 4 or 5"]),
        (["AK, 2x", "--board", "Ks 7d 2c"], ["bad range token '2x'"]),
        (["KK", "--board", "Ks Kd Kh", "--dead", "Kc"], ["no combo left"]),
        (["AK", "--board", "Ks 7d 2c", "--dead", "7d"], ["both on the board and dead"]),
    ],
)
def test_bad_input_is_one_line(args: list[str], fragments: list[str]) -> None:
    assert_one_line_error(croupier("poker", "hits", *args), *fragments)
