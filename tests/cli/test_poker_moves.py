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
        (["--board", FLOP, "--next", "--trials", "1000"], "--next is exact"),
        (["--board", FLOP, "--next", "--seed", "3"], "--next is exact"),
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
