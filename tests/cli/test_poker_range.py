"""``croupier poker range`` end to end: every game, the grid, the list, JSON, bad input."""

from __future__ import annotations

import json

import pytest

from croupier.poker.ranges.report import describe_range

from .helpers import assert_one_line_error, croupier


def _grid_rows(stdout: str, size: int) -> list[list[str]]:
    """The grid's rows as printed (cells split on spaces), found by their count of cells."""
    rows = [line.split() for line in stdout.splitlines()]
    return [row for row in rows if len(row) == size]


def test_holdem_counts_grid_and_marks() -> None:
    run = croupier("poker", "range", "QQ+, AKs, JJ@50", "--board", "Ah 7d 2c")
    assert run.exit_code == 0 and run.stderr == ""
    lines = run.stdout.splitlines()
    assert lines[0] == "Range: QQ+, JJ@50, AKs (Texas hold'em)"
    assert lines[1] == "Board: A♥ 7♦ 2♣"
    assert lines[2] == "Hands: 24, 21 weighted, of 1,176 the deck deals (1.79%)"
    rows = _grid_rows(run.stdout, 13)
    assert len(rows) == 13
    # AA: the 3 combos the board leaves, all of them: whole; JJ at half weight: part.
    assert rows[0][:2] == ["AA", "AKs"] and rows[3][3] == "JJ~"
    assert sum(cell != "·" for row in rows for cell in row) == 5


def test_a_class_cut_by_suits_is_marked_as_part() -> None:
    rows = _grid_rows(croupier("poker", "range", "AhKh, 22").stdout, 13)
    assert rows[0][1] == "AKs~" and rows[12][12] == "22"


@pytest.mark.parametrize(
    ("game", "text", "size", "count", "possible"),
    [
        ("holdem", "TT+, AQs+", 13, 38, 1326),
        ("shortdeck", "TT+, AQs+", 9, 38, 630),
        ("shortdeck-straights", "66", 9, 6, 630),
        ("omaha", "AA!AAA", None, 6768, 270725),
        ("omaha5", "AAKK", None, None, 2598960),
    ],
)
def test_every_game(
    game: str, text: str, size: int | None, count: int | None, possible: int
) -> None:
    run = croupier("poker", "range", text, "--game", game)
    assert run.exit_code == 0, run.stderr
    report = describe_range(text, game)
    assert report.possible == possible
    if count is not None:
        assert report.count == count
    assert f"Hands: {report.count:,}, of {possible:,} the deck deals" in run.stdout
    if size is None:
        assert "~" not in run.stdout and "·" not in run.stdout
    else:
        assert len(_grid_rows(run.stdout, size)) == size


def test_list_gives_every_hand_with_its_weight() -> None:
    run = croupier("poker", "range", "AKs, 22@25", "--dead", "As", "--list")
    assert run.exit_code == 0
    lines = run.stdout.splitlines()
    assert "Dead: A♠" in lines
    listed = lines[lines.index("") + 1 :]
    listed = listed[listed.index("") + 1 :]  # after the grid
    assert listed[:3] == ["AhKh", "AdKd", "AcKc"]
    assert listed[3] == "2s2h (weight 0.25)" and len(listed) == 9


def test_omaha_list_in_the_reports_order() -> None:
    run = croupier("poker", "range", "AAKK:$ds", "--game", "omaha", "--list")
    report = describe_range("AAKK:$ds", "omaha")
    assert run.stdout.splitlines()[-report.count :] == report.hand_texts()
    assert report.count == 6


@pytest.mark.parametrize(
    ("args", "hands"),
    [
        (["QQ+, AKs, JJ@50", "--board", "Ah 7d 2c"], False),
        (["AKs, 22@25", "--dead", "As", "--list"], True),
        (["AA:xxyy", "--game", "omaha", "--board", "Kd 7h 2c", "--list"], True),
        (["77+", "--game", "shortdeck"], False),
    ],
)
def test_json_is_the_librarys_report(args: list[str], hands: bool) -> None:
    run = croupier("poker", "range", *args, "--json")
    assert run.exit_code == 0 and run.stderr == ""
    data = json.loads(run.stdout)
    options = dict(zip(args[1::2], args[2::2], strict=False))
    report = describe_range(
        args[0],
        options.get("--game", "holdem"),
        board=options.get("--board"),
        dead=options.get("--dead"),
    )
    assert data == json.loads(json.dumps(report.to_dict(hands=hands)))
    assert ("hands" in data) == hands
    assert data["combos"] == report.count and data["possible"] == report.possible


def test_json_schema_of_a_holdem_grid() -> None:
    data = json.loads(croupier("poker", "range", "AKs", "--json").stdout)
    assert set(data) == {
        "range",
        "game",
        "board",
        "dead",
        "combos",
        "weighted",
        "possible",
        "share",
        "steps",
        "grid",
    }
    assert data["grid"]["ranks"] == "AKQJT98765432"
    assert data["grid"]["cells"][0][1] == {"class": "AKs", "combos": 4.0, "live": 4}
    assert data["grid"]["cells"][1][0] == {"class": "AKo", "combos": 0.0, "live": 12}


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["AA, 2x"], ["bad range token '2x'", "expected"]),
        (["AA[", "--game", "omaha"], ["'['", "expected ] to close the list"]),
        (["AKs", "--board", "Ah Kh"], ["board: 2 cards", "expected 0, 3, 4 or 5"]),
        (["AKs", "--board", "Ahx 7d 2c"], ["bad card 'Ahx'"]),
        (["AKs", "--board", "Ah 7d 2c", "--dead", "7d"], ["card 7d", "twice"]),
        (["AKs", "--game", "shortdeck", "--board", "5h 6h 7h"], ["5h", "short-deck"]),
        (["AKs", "--game", "razz"], ["razz"]),
    ],
)
def test_bad_input_is_one_line(args: list[str], fragments: list[str]) -> None:
    assert_one_line_error(croupier("poker", "range", *args), *fragments)


# --- narrowing by what the range hits (--keep, --drop) ------------------------------------


def test_narrowing_prints_the_narrowed_text_and_its_counts() -> None:
    run = croupier(
        "poker", "range", "QQ+, AK@50, 98s", "--board", "Ks 7d 2c",
        "--keep", "set", "--keep", "top pair, good kicker", "--keep", "backdoor flush draw",
        "--drop", "overpair",
    )  # fmt: skip
    assert run.exit_code == 0 and run.stderr == ""
    lines = run.stdout.splitlines()
    assert lines[:6] == [
        "Range: QQ+, AK@50, 98s (Texas hold'em)",
        "Board: K♠ 7♦ 2♣",
        "Kept: set; top pair, good kicker; backdoor flush draw",
        "Dropped: overpair",
        "Narrowed: 18 of 31 combos (12 of 25 weighted)",
        "Range now: KK, AK@50, 9s8s, 9d8d, 9c8c",
    ]
    rows = _grid_rows(run.stdout, 13)
    assert rows[1][1] == "KK" and rows[0][1] == "AKs~" and rows[5][6] == "98s~"


def test_narrowing_as_json_reads_back_in_every_command() -> None:
    run = croupier(
        "poker", "range", "AA:xxyy", "--game", "omaha", "--board", "Ad 7h 2h",
        "--keep", "top set", "--drop", "nut flush draw", "--json", "--list",
    )  # fmt: skip
    assert run.exit_code == 0 and run.stderr == ""
    data = json.loads(run.stdout)
    assert data["keep"] == ["top set"] and data["drop"] == ["nut flush draw"]
    assert data["combos"] == 144 == len(data["hands"]) and data["weighted"] == 144
    assert data["of"] > data["combos"]
    assert all(h["made"] == "top set" and "nut flush draw" not in h["draws"] for h in data["hands"])
    # the text is a range every command takes: poker range counts the same holdings
    again = croupier(
        "poker", "range", data["narrowed"], "--game", "omaha", "--board", "Ad 7h 2h", "--json"
    )
    assert json.loads(again.stdout)["combos"] == 144
    hits = croupier(
        "poker", "hits", data["narrowed"], "--game", "omaha", "--board", "Ad 7h 2h", "--json"
    )
    assert json.loads(hits.stdout)["made"]["top set"]["combos"] == 144


def test_narrowing_with_dead_cards_on_the_turn() -> None:
    run = croupier(
        "poker", "range", "TT+, AQs+", "--board", "Qh Jh 4c 2d", "--dead", "Ah",
        "--keep", "flush draw", "--keep", "set", "--json",
    )  # fmt: skip
    data = json.loads(run.stdout)
    assert data["narrowed"] == "QQ-JJ" and data["combos"] == 3 + 3  # the sets
    assert data["dead"] == ["Ah"]


def test_a_bad_category_is_one_line_naming_it_and_the_valid_names() -> None:
    run = croupier("poker", "range", "AK", "--board", "Ks 7d 2c", "--keep", "wrap")
    assert run.exit_code == 2
    assert_one_line_error(run, "bad category 'wrap'", "'top pair, good kicker'", "'gutshot'")
    run = croupier(
        "poker", "range", "AA:xxyy", "--game", "omaha", "--board", "Ks 7d 2c", "--drop", "set"
    )
    assert_one_line_error(run, "bad category 'set' for Omaha", "'top set'", "'wrap'")


def test_narrowing_needs_a_board() -> None:
    run = croupier("poker", "range", "AK", "--keep", "set")
    assert run.exit_code == 2
    assert_one_line_error(run, "give --board")
    run = croupier("poker", "range", "AK", "--board", "Ks 7d 2c 3h 4h 5h", "--keep", "set")
    assert run.exit_code == 2


def test_keeping_nothing_says_so() -> None:
    run = croupier("poker", "range", "AA", "--board", "Ks 7d 2c", "--keep", "flush draw")
    assert run.exit_code == 0
    assert "Narrowed: 0 of 6 combos" in run.stdout
    assert "No combo is kept: the narrowed range is empty." in run.stdout
