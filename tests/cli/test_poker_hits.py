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
        (["AK", "--flops", "--texture", "wet"], ["bad texture 'wet'", "monotone, two-tone"]),
        (["AK", "--flops", "--texture", "rainbow,fat"], ["bad texture 'fat'"]),
        (["AK", "--flops", "--high", "Z"], ["bad rank 'Z'"]),
        (["AK", "--board", "Ks 7d 2c", "--texture", "paired"], ["use them with --flops"]),
        (
            ["AK", "--flops", "--texture", "monotone", "--texture", "rainbow"],
            ["no flop", "monotone, rainbow", "every one must hold"],
        ),
        (["AK", "--flops", "--high", "4", "--game", "shortdeck"], ["no flop", "4 high"]),
    ],
)
def test_bad_input_is_one_line(args: list[str], fragments: list[str]) -> None:
    assert_one_line_error(croupier("poker", "hits", *args), *fragments)


def test_every_flop_of_a_texture() -> None:
    from croupier.poker.hits.textures import FlopTexture

    run = croupier("poker", "hits", "AKs", "--flops", "--texture", "monotone")
    assert run.exit_code == 0
    assert "Flops: monotone (1,144 flops)" in run.stdout
    args = ["AKs, 77", "--flops", "--texture", "two-tone,connected", "--high", "k", "--json"]
    data = json.loads(croupier("poker", "hits", *args).stdout)
    texture = FlopTexture.parse("two-tone connected", high="K")
    assert data == json.loads(json.dumps(flop_hits("AKs, 77", texture=texture).to_dict()))
    assert data["boards"] == 216 and data["texture"] == ["two-tone", "connected"]
    assert data["high"] == "K"
    run = croupier("poker", "hits", "AA:xxyy", "--flops", "--game", "omaha", "--texture", "trips")
    assert run.exit_code == 0 and "Flops: trips (52 flops)" in run.stdout


def test_omaha_on_a_board_and_over_every_flop() -> None:
    args = ["AA:xxyy", "--board", "Ks7d2c", "--game", "omaha"]
    run = croupier("poker", "hits", *args, "--combos")
    assert run.exit_code == 0 and run.stderr == ""
    lines = run.stdout.splitlines()
    assert lines[:2] == ["Game: Omaha", "Range: AA:xxyy (759 live combos)"]
    # aces and kings double-suited flop top set when a king is out: 3 holdings
    assert any(line.split() == ["overpair", "729", "96.05%"] for line in lines)
    assert any(line.split() == ["top", "set", "3", "0.40%"] for line in lines)
    assert sum(line.endswith("  overpair") for line in lines) == 729
    data = json.loads(croupier("poker", "hits", *args, "--json").stdout)
    library = hits("AA:xxyy", board="Ks 7d 2c", game="omaha")
    assert data == json.loads(json.dumps(library.to_dict()))
    assert data["game"] == "omaha" and len(data["hands"]) == 759
    flops = json.loads(
        croupier("poker", "hits", "AsKsQhJh", "--game", "omaha", "--flops", "--json").stdout
    )
    assert flops == json.loads(json.dumps(flop_hits("AsKsQhJh", game="omaha").to_dict()))
    assert flops["boards"] == 22100 and "wrap" in flops["draws"]


def test_short_deck_and_five_card_omaha() -> None:
    run = croupier("poker", "hits", "A9o", "--board", "6c 7d 8h", "--game", "shortdeck")
    assert run.exit_code == 0
    assert any(line.split() == ["straight", "12", "100.00%"] for line in run.stdout.splitlines())
    data = json.loads(
        croupier(
            "poker", "hits", "AsAh???", "--board", "Ad7h2h", "--game", "omaha5", "--json"
        ).stdout
    )
    assert data["made"]["top set"]["combos"] == data["combos"] == 16215  # C(47, 3)


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["AK", "--board", "Ks 7d 2c", "--game", "stud"], ["bad --game 'stud'"]),
        (
            ["AK", "--board", "Ks 7d 2c", "--game", "shortdeck"],
            ["card 2c is not in the short-deck"],
        ),
        (["AA, KK!", "--board", "Ks 7d 2c", "--game", "omaha"], ["bad range text"]),
        (["AsAhKsKh", "--board", "As 7d 2c", "--game", "omaha"], ["no combo left"]),
        (["15%vs2", "--board", "Ks 7d 6c", "--game", "shortdeck"], ["bad range token '15%vs2'"]),
    ],
)
def test_bad_input_in_every_game_is_one_line(args: list[str], fragments: list[str]) -> None:
    assert_one_line_error(croupier("poker", "hits", *args), *fragments)
