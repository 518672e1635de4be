"""``croupier poker calc`` end to end."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from croupier.poker.calc import calculate

from ..processes import ended_after
from ..slowness import patience
from .helpers import assert_one_line_error, croupier


def test_heads_up_exact_table() -> None:
    run = croupier("poker", "calc", "AhKh", "QQ")
    assert run.exit_code == 0 and run.stderr == ""
    lines = run.stdout.splitlines()
    assert any(line.split()[:3] == ["1", "AhKh", "1"] and "46.049%" in line for line in lines)
    assert any(line.split()[:3] == ["2", "QQ", "6"] and "53.951%" in line for line in lines)
    assert "Exact: every deal enumerated, 10,273,824 games." in run.stdout


def test_json_is_the_library_result() -> None:
    args = ["AhKh", "QQ+, AKs@50", "--board", "2c 7d 9h", "--dead", "3s"]
    run = croupier("poker", "calc", *args, "--json")
    assert run.exit_code == 0
    data = json.loads(run.stdout)
    expected = calculate(["AhKh", "QQ+, AKs@50"], board="2c 7d 9h", dead="3s").to_dict()
    assert data == expected
    assert data["exact"] is True and data["players"][1]["range"] == "QQ+, AKs@50"
    assert 0 < data["players"][0]["equity"] < 1  # fractions, not per cent


def test_cards_are_read_with_or_without_spaces() -> None:
    """``--board 2c7d9h`` as eval7, PokerStove and OMPEval write a board, hands and dead
    cards too; a card named twice is refused in the one wording, exit 2."""
    spaced = croupier("poker", "calc", "Ah Kh", "QQ", "--board", "2c 7d 10h", "--dead", "3s 4s")
    joined = croupier("poker", "calc", "AhKh", "QQ", "--board", "2c7d10h", "--dead", "3s4s")
    assert spaced.exit_code == joined.exit_code == 0
    assert joined.stdout == spaced.stdout
    run = croupier("poker", "calc", "AhKh", "QQ", "--board", "2c7d2c")
    assert_one_line_error(run, "card '2c' at position 3 repeats position 1")


def test_monte_carlo_gives_its_error_and_seed() -> None:
    args = ["poker", "calc", "random", "random", "random", "--trials", "20000", "--seed", "5"]
    run = croupier(*args)
    assert run.exit_code == 0
    assert "Monte Carlo: 20,000 trials (seed 5)" in run.stdout and "± (SE)" in run.stdout
    assert croupier(*args).stdout == run.stdout
    data = json.loads(croupier(*args, "--json").stdout)
    assert data["games"] == 20_000 and data["exact"] is False and data["seed"] == 5
    assert all(0 < p["stderr"] < 0.01 for p in data["players"])


def test_workers_and_a_dask_cluster_print_the_same_answer(dask_scheduler: str) -> None:
    args = ("poker", "calc", "AhKh", "QQ+", "random", "--board", "Ks 7h 2h")
    seed = ("--seed", "5")
    for how in ([*seed, "--trials", "40000"], [*seed, "--precision", "0.4"], ["--exact"]):
        here = croupier(*args, *how, "--json")
        assert here.exit_code == 0, here.stderr
        for where in (["--workers", "2"], ["--scheduler", dask_scheduler]):
            run = croupier(*args, *how, *where, "--json")
            assert run.exit_code == 0, run.stderr
            assert run.stdout == here.stdout


def test_a_drawn_seed_is_in_the_json_and_repeats_the_run() -> None:
    args = ["poker", "calc", "AKs", "QQ", "--trials", "3000"]
    data = json.loads(croupier(*args, "--json").stdout)
    again = croupier(*args, "--seed", str(data["seed"]), "--json")
    assert json.loads(again.stdout) == data
    shown = croupier(*args, "--seed", "1").stdout
    assert "percentage points." in shown and "percentage point." not in shown


def test_precision_in_percentage_points() -> None:
    run = croupier("poker", "calc", "TT+", "AKs", "--precision", "0.5", "--seed", "1", "--json")
    data = json.loads(run.stdout)
    assert not data["exact"] and all(p["stderr"] <= 0.005 for p in data["players"])


def test_grid_shows_the_range_and_each_class_equity() -> None:
    run = croupier("poker", "calc", "AA, KK, AKs", "QQ", "--grid")
    assert run.exit_code == 0
    assert "Player 1: KK+, AKs" in run.stdout and "Player 2: QQ" in run.stdout
    assert "AKs" in run.stdout and "72o" in run.stdout  # the whole grid
    assert " 82 " in run.stdout  # AA against QQ, about 81.9%


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["AhKh"], ["1 range given", "2 to 10"]),
        (["AhKh", "QQ, 2x"], ["player 2", "'2x' at position 2"]),
        (["AhKh", "QQ", "--board", "2c 3c"], ["a board of 2 cards"]),
        (["AhKh", "QQ", "--board", "2c 3c Zz"], ["bad card 'Zz'"]),
        (["AhKh", "QQ", "--exact", "--trials", "10"], ["--exact", "--trials"]),
        (["AhKh", "QQ", "--trials", "10", "--precision", "1"], ["not both"]),
        (["AhKh", "QQ", "--precision", "0"], ["bad --precision '0'", "0.001 to 10"]),
        (["AhKh", "QQ", "--precision", "1e-3"], ["bad --precision '1e-3'"]),
        (["AhKh", "AA", "--board", "As Ad Ac"], ["has no combo left"]),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], fragments: list[str]) -> None:
    assert_one_line_error(croupier("poker", "calc", *args), *fragments)


def test_the_group_lists_calc() -> None:
    assert "calc" in croupier("poker", "--help").stdout


def test_ctrl_c_prints_what_was_computed_marked_partial(tmp_path: Path) -> None:
    """A real SIGINT to a real process: the partial result, marked, and exit code 130."""
    out_path = tmp_path / "out.txt"
    args = ["poker", "calc", "random", "random", "random", "--trials", "10000000000"]
    with out_path.open("w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "croupier", *args, "--seed", "1"],
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
        )
        with ended_after(process):
            time.sleep(patience(6.0))  # start-up, the board table, a few batches
            process.send_signal(signal.SIGINT)
            _, err = process.communicate(timeout=patience(60))
    text = out_path.read_text()
    assert process.returncode == 130, (text, err)
    assert "Traceback" not in text + err
    assert "PARTIAL (interrupted): Monte Carlo:" in text and "trials (seed 1)" in text
