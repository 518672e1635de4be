"""``croupier poker calc --next`` and ``--distribution``, with ``--json`` and ``--plot``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from croupier.poker.calc import calculate
from croupier.poker.calc.distribution import equity_distribution
from croupier.poker.calc.nextcard import next_card

from .helpers import assert_one_line_error, croupier

SPOT = ["AKs, QQ", "JJ+, AQo"]
FLOP = "Qh 7h 2c"


def test_next_card_table_and_json() -> None:
    run = croupier("poker", "calc", *SPOT, "--board", FLOP, "--next")
    assert run.exit_code == 0, run.stderr
    assert "Each turn card: its chance, each player's equity once it comes" in run.stdout
    result = next_card(SPOT, board=FLOP)
    ace = result.card("As")
    line = next(line for line in run.stdout.splitlines() if line.lstrip().startswith("A♠"))
    assert line.split()[1:] == [
        f"{100 * ace.chance:.2f}%",
        *(f"{100 * e:.2f}%" for e in ace.equity),
    ]
    data = json.loads(croupier("poker", "calc", *SPOT, "--board", FLOP, "--next", "--json").stdout)
    assert data == json.loads(json.dumps(result.to_dict()))


def test_distribution_table_and_json() -> None:
    run = croupier("poker", "calc", *SPOT, "--board", FLOP, "--distribution")
    assert run.exit_code == 0
    spreads = equity_distribution(calculate(SPOT, board=FLOP))
    row = next(line.split() for line in run.stdout.splitlines() if line.split()[:1] == ["1"]
               and "above" not in line and len(line.split()) == 8)  # fmt: skip
    assert row[1] == f"{100 * spreads[0].share_above(0.5):.1f}%"
    data = json.loads(
        croupier("poker", "calc", *SPOT, "--board", FLOP, "--distribution", "--json").stdout
    )
    assert data["distribution"] == json.loads(json.dumps([s.to_dict() for s in spreads]))
    assert data["players"][0]["equity"] == pytest.approx(
        calculate(SPOT, board=FLOP).players[0].equity
    )


@pytest.mark.parametrize("what", ["--next", "--distribution"])
def test_plots_are_written(tmp_path: Path, what: str) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "moves.png"
    run = croupier("poker", "calc", *SPOT, "--board", FLOP, what, "--plot", str(picture))
    assert run.exit_code == 0, run.stderr
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"Picture: {picture}" in run.stdout


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--next"], "a board of 3 or 4 cards, not 0"),
        (["--board", FLOP, "--next", "--exact", "--trials", "1000"], "--exact enumerates"),
        (["--board", FLOP, "--next", "--trials", "0"], "--trials"),
        (["--board", FLOP, "--next", "--distribution"], "--next gives its own table"),
        (["--board", FLOP, "--plot", "x.png"], "--plot draws the --next chart"),
        (["--board", FLOP, "--next", "--plot", "x.unknown"], "a picture's name ends in .png"),
    ],
)
def test_bad_combinations_are_one_line(args: list[str], fragment: str, tmp_path: Path) -> None:
    if "--plot" in args:
        pytest.importorskip("matplotlib")
        args = [str(tmp_path / a) if a.startswith("x.") else a for a in args]
    assert_one_line_error(croupier("poker", "calc", *SPOT, *args), fragment)


# --- every game -------------------------------------------------------------------------

OMAHA = ["AsAhKsKh, QdQcJdTc", "8c8d7s6s"]
OMAHA_FLOP = "Kd 9h 2c"


def test_next_card_in_omaha_table_and_json() -> None:
    args = ("poker", "calc", *OMAHA, "--board", OMAHA_FLOP, "--game", "omaha", "--next")
    run = croupier(*args)
    assert run.exit_code == 0, run.stderr
    assert "Each turn card: its chance, each player's equity once it comes" in run.stdout
    result = next_card(OMAHA, board=OMAHA_FLOP, game="omaha")
    ten = result.card("Js")
    line = next(line for line in run.stdout.splitlines() if line.lstrip().startswith("J♠"))
    assert line.split()[1:] == [
        f"{100 * ten.chance:.2f}%",
        *(f"{100 * e:.2f}%" for e in ten.equity),
    ]
    data = json.loads(croupier(*args, "--json", "--workers", "2").stdout)
    assert data == json.loads(json.dumps(result.to_dict())) and data["game"] == "omaha"


@pytest.mark.parametrize(
    ("game", "ranges", "board"),
    [
        ("omaha", OMAHA, OMAHA_FLOP),
        ("omaha5", ["AsAhKsKh2d, QdQcJdTc9s", "8c8d7s6s5d"], OMAHA_FLOP),
        ("shortdeck", ["AA, KQs", "random"], "Kh 9d 6c"),
        ("shortdeck-straights", ["AA, KQs", "JT"], "Kh 9d 6c 7s"),
    ],
)
def test_distribution_in_every_game(game: str, ranges: list[str], board: str) -> None:
    args = ("poker", "calc", *ranges, "--board", board, "--game", game, "--distribution")
    data = json.loads(croupier(*args, "--json").stdout)
    spreads = equity_distribution(calculate(ranges, board=board, game=game, by_hand=True))
    assert data["distribution"] == json.loads(json.dumps([s.to_dict() for s in spreads]))
    run = croupier(*args)
    assert run.exit_code == 0, run.stderr
    assert "Equity distribution" in run.stdout


def test_omaha_distribution_by_monte_carlo_follows_random_hands() -> None:
    args = ("poker", "calc", "AsAhKsKh", "random", "--board", OMAHA_FLOP, "--game", "omaha")
    run = croupier(*args, "--distribution", "--trials", "20000", "--seed", "3")
    assert run.exit_code == 0, run.stderr
    assert "Monte Carlo: 20,000 trials (seed 3)" in run.stdout
    assert "Player 2's" in run.stdout and "hands got" in run.stdout  # rough: few deals each
    data = json.loads(
        croupier(*args, "--distribution", "--trials", "20000", "--seed", "3", "--json").stdout
    )
    assert data["seed"] == 3 and len(data["distribution"][1]["combos"]) > 10_000


@pytest.mark.parametrize("what", ["--next", "--distribution"])
def test_plots_are_written_in_omaha(tmp_path: Path, what: str) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "moves.svg"
    run = croupier(
        "poker", "calc", *OMAHA, "--board", OMAHA_FLOP, "--game", "omaha", what, "--plot",
        str(picture),
    )  # fmt: skip
    assert run.exit_code == 0, run.stderr
    assert picture.read_text().lstrip().startswith("<?xml")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--game", "omaha", "--next"], "a board of 3 or 4 cards, not 0"),
        (["--game", "omaha", "--board", OMAHA_FLOP, "--next", "--scheduler", "local"],
         "--next runs on this machine"),
        (["--game", "omaha", "--board", OMAHA_FLOP, "--grid"], "--grid shows two-card combos"),
        (["--game", "omaha", "--board", "Kd 9h 2c 5s 5d", "--next"], "not 5"),
    ],
)  # fmt: skip
def test_bad_omaha_questions_are_one_line(args: list[str], fragment: str) -> None:
    assert_one_line_error(croupier("poker", "calc", *OMAHA, *args), fragment)


def test_next_card_by_monte_carlo_repeats_with_its_seed() -> None:
    args = ["poker", "calc", "AsAh??", "random", "--board", OMAHA_FLOP, "--game", "omaha"]
    args += ["--next", "--trials", "3000", "--seed", "11"]
    data = json.loads(croupier(*args, "--json").stdout)
    assert data["exact"] is False and data["seed"] == 11 and data["stderr"] > 0
    assert data == json.loads(croupier(*args, "--json").stdout)
    expected = next_card(
        ["AsAh??", "random"], board=OMAHA_FLOP, game="omaha", exact=False, trials=3000, rng=11
    )
    assert data == json.loads(json.dumps(expected.to_dict()))
    run = croupier(*args)
    assert run.exit_code == 0, run.stderr
    assert "Monte Carlo: " in run.stdout and "(seed 11)" in run.stdout
