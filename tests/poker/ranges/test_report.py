"""describe_range: what a range text holds in each game (the library of `poker range`)."""

from __future__ import annotations

import json
from math import comb

import numpy as np
import pytest

from croupier.cards import parse_cards
from croupier.poker import PokerCardError, PokerError, Range, RangeError
from croupier.poker.ranges.report import describe_range


def test_holdem_counts_weights_and_the_grid_agree_with_range() -> None:
    text = "QQ+, AKs, JJ@50, 72o:0.25"
    report = describe_range(text)
    parsed = Range.parse(text)
    assert report.count == len(parsed) == 18 + 4 + 6 + 12
    assert report.weighted == pytest.approx(18 + 4 + 3 + 3)
    assert report.possible == comb(52, 2)
    grid = report.grid()
    assert grid is not None and grid.ranks[0] == 14 and len(grid.ranks) == 13
    assert np.allclose(grid.share(), parsed.matrix())  # nothing dead: the same grid
    assert grid.live.sum() == comb(52, 2)
    assert grid.label(0, 0) == "AA" and grid.label(12, 11) == "32o" and grid.label(11, 12) == "32s"
    assert report.hand_texts()[0] == "AsAh"
    assert report.hand_texts()[-1].startswith("7") and report.weights[-1] == 0.25


def test_board_and_dead_cards_take_hands_out() -> None:
    report = describe_range("AA, KK", board="Ah Kd 2c", dead="As")
    assert report.count == 1 + 3  # AdAc; the three kings left paired
    assert report.possible == comb(48, 2)
    assert report.board == parse_cards("Ah Kd 2c") and report.dead == parse_cards("As")
    grid = report.grid()
    assert grid is not None and grid.live[0, 0] == 1 and grid.live[1, 1] == 3


def test_short_deck_is_holdem_syntax_on_36_cards() -> None:
    report = describe_range("AA, 22, A5s, KQs", "shortdeck")
    assert report.count == 6 + 4  # no 2s nor 5s in the deck
    assert report.possible == comb(36, 2)
    grid = report.grid()
    assert grid is not None and len(grid.ranks) == 9 and grid.ranks[-1] == 6
    assert grid.live.sum() == comb(36, 2)
    with pytest.raises(PokerCardError, match="card 5c is not in the short-deck hold'em deck"):
        describe_range("AA", "shortdeck", board="Ac 5c 9d")
    # a top percentage is short-deck's own: 15% of its 630 combos, none below the 6
    top = describe_range("15%", "shortdeck")
    assert top.count == 96 and top.text == "99+, ATs+, AQo+, KTs+, QJs, JTs"


def test_omaha_reads_the_generic_syntax() -> None:
    report = describe_range("AA!AAA", "omaha")
    assert report.count == 6768 and report.grid() is None
    assert report.possible == comb(52, 4)
    assert report.weights.min() == report.weights.max() == 1
    five = describe_range("AKQJT", "omaha5", board="2c 3c 4c")
    assert five.count == 4**5 and five.possible == comb(49, 5)
    texts = five.hand_texts()
    assert texts[0] == "AsKsQsJsTs" and len(set(texts)) == 1024


def test_narrowing_keeps_the_report_and_records_the_step() -> None:
    report = describe_range("AA, KK")
    kings = report.narrowed(report.rows.max(axis=1) < 48, "no ace")
    assert kings.count == 6 and kings.steps == ("no ace",) and kings.text == report.text
    assert kings.narrowed(np.ones(6, dtype=bool), "all").steps == ("no ace", "all")
    with pytest.raises(PokerError, match="3 flags for 12 hands"):
        report.narrowed(np.ones(3, dtype=bool), "wrong")


def test_the_json() -> None:
    data = describe_range("AKs, QQ@50", board="Qh 7d 2c").to_dict(hands=True)
    assert json.loads(json.dumps(data)) == data
    assert data["combos"] == 4 + 3 and data["weighted"] == 4 + 1.5
    assert data["grid"]["ranks"] == "AKQJT98765432"
    assert data["grid"]["cells"][2][2] == {"class": "QQ", "combos": 1.5, "live": 3}
    assert data["hands"][0] == {"hand": "AsKs", "weight": 1.0}
    omaha = describe_range("AAKK", "omaha").to_dict()
    assert omaha["grid"] is None and "hands" not in omaha and omaha["combos"] == 36


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"text": "AK, 2x"}, RangeError, "bad range token '2x'"),
        ({"text": "AA, KK!", "game": "omaha"}, RangeError, "at the end"),
        ({"text": "AA", "board": "Ah Kd"}, PokerError, "board: 2 cards: expected 0, 3, 4 or 5"),
        ({"text": "AA", "board": "Ah Kd 2c", "dead": "Kd"}, PokerCardError, "card Kd is in"),
        ({"text": "AA", "board": "Ah Kd Zz"}, PokerCardError, "board: "),
        ({"text": "AA", "game": "stud"}, PokerError, "unknown game"),
    ],
)
def test_bad_input_is_named(kwargs: dict[str, str], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message.replace("(", r"\(")):
        describe_range(**kwargs)
