"""``croupier baccarat count | perfect`` through the app: tables, JSON, trace, checkpoint,
plot, errors, Ctrl-C."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from croupier.errors import quoted
from croupier.numerals import SEED_LIMIT

from ...processes import ended_after
from ...slowness import patience, wait_until
from ..helpers import assert_one_line_error, croupier

DRAGON = ("--bet", "dragon-7", "--tags", "dragon-7", "--true-count")
DRAGON_AT_4 = (*DRAGON, "--threshold", "4")
JSON_KEYS = {
    "bet",
    "shoes",
    "units_per_shoe",
    "ci95",
    "bets_per_shoe",
    "rounds_per_shoe",
    "edge_when_betting",
    "sd_per_shoe",
    "threshold",
    "partial",
}


def run_json(*args: str) -> dict[str, Any]:
    run = croupier("baccarat", *args, "--json")
    assert run.exit_code == 0, run.stderr
    data: dict[str, Any] = json.loads(run.stdout)
    return data


def test_count_table() -> None:
    run = croupier("baccarat", "count", *DRAGON_AT_4, "--shoes", "200", "--seed", "3")
    assert run.exit_code == 0, run.stderr
    out = run.stdout
    assert "Counting: Dragon 7 40:1 (dragon-7, ez payouts), 8 decks, cut card 14" in out
    assert "Tags 2,3=0 4,5,6,7=-1 8,9=+2 10,J,Q,K,A=0; true count; bet at 4 or more" in out
    for label in (
        "Units won per shoe",
        "95% interval",
        "Bets per shoe",
        "Rounds per shoe",
        "Edge when betting",
        "Units won per 100 rounds",
        "Standard deviation",
        "Edge by true count",
        "+4*",
    ):
        assert label in out, label


def test_count_json_has_the_documented_keys_and_repeats_with_the_seed() -> None:
    data = run_json("count", *DRAGON_AT_4, "--shoes", "150", "--seed", "9")
    assert set(data) >= JSON_KEYS and data["threshold"] == 4 and data["partial"] is False
    assert data["shoes"] == 150 and data["seed"] == 9
    again = run_json("count", *DRAGON_AT_4, "--shoes", "150", "--seed", "9", "--workers", "2")
    assert again == data


def test_best_threshold_and_eor_tags() -> None:
    data = run_json(
        "count",
        "--bet",
        "tie",
        "--tags",
        "eor",
        "--best-threshold",
        "--shoes",
        "100",
        "--seed",
        "1",
    )
    assert isinstance(data["threshold"], float)
    assert list(data["tags"]) == [
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
        "A",
    ]  # labelled by rank, in rank order
    assert all(isinstance(tag, int) for tag in data["tags"].values())


def test_perfect_json_and_trace(tmp_path: Path) -> None:
    trace = tmp_path / "trace.jsonl"
    data = run_json(
        "perfect", "--bet", "panda-8", "--shoes", "12", "--seed", "4", "--trace", str(trace)
    )
    assert JSON_KEYS | {"expectation_units_per_shoe"} <= set(data)
    assert data["threshold"] is None
    lines = [json.loads(line) for line in trace.read_text().splitlines()]
    assert len(lines) == round(data["rounds_per_shoe"] * 12)
    assert set(lines[0]) == {"shoe", "round", "counts", "ev", "bet", "outcome"}
    assert [line["shoe"] for line in lines] == sorted(line["shoe"] for line in lines)
    assert sum(line["bet"] for line in lines) == round(data["bets_per_shoe"] * 12)
    assert all(sum(line["counts"].values()) <= 416 for line in lines)
    assert list(lines[0]["counts"]) == [str(value) for value in range(10)]  # by value, labelled
    by_edge = data["by_edge"]
    assert sum(row["rounds"] for row in by_edge) == len(lines)
    placed = sum(row["rounds"] for row in by_edge if row["edge_percent"] >= 0)
    assert placed == sum(line["bet"] for line in lines)
    for row in by_edge:
        assert row["edge_percent"] <= 100 * row["edge"] < row["edge_percent"] + 1


def test_a_study_without_a_seed_prints_one_that_repeats_it() -> None:
    """The seed drawn was a 39-digit number, beyond what --seed takes: no run could be
    repeated."""
    run = croupier("baccarat", "perfect", "--bet", "tie", "--shoes", "20")
    found = re.search(r"\(seed (\d+)\)", run.stdout)
    assert found is not None and int(found[1]) <= SEED_LIMIT, run.stdout
    again = run_json("perfect", "--bet", "tie", "--shoes", "20", "--seed", found[1])
    assert again == run_json("perfect", "--bet", "tie", "--shoes", "20", "--seed", found[1])
    assert again["seed"] == int(found[1])


def test_perfect_table_reports_both_accountings() -> None:
    run = croupier("baccarat", "perfect", "--bet", "tie", "--shoes", "20", "--seed", "2")
    assert run.exit_code == 0, run.stderr
    assert "Units per shoe, expectation accounting" in run.stdout
    assert "within their 95% intervals" in run.stdout


def test_checkpoint_resumes_with_the_seed_it_recorded(tmp_path: Path) -> None:
    checkpoint = tmp_path / "study.ckpt"
    args = ("count", "--bet", "tie", "--tags", "eor", "--threshold", "1", "--shoes", "1500")
    first = run_json(*args, "--seed", "11", "--checkpoint", str(checkpoint))
    lines = checkpoint.read_text().splitlines()
    assert len(lines) == 1 + 2  # the header and two batches
    resumed = run_json(*args, "--checkpoint", str(checkpoint))  # no --seed: the file's
    assert resumed == first
    assert len(checkpoint.read_text().splitlines()) == 1 + 1  # the two summed in one line
    checkpoint.write_text(lines[0] + "\n" + lines[1] + "\n" + lines[2][:50])  # killed mid-line
    assert run_json(*args, "--checkpoint", str(checkpoint)) == first
    other = croupier("baccarat", *args, "--seed", "12", "--checkpoint", str(checkpoint))
    assert_one_line_error(other, "another study")
    junk = tmp_path / "junk.txt"
    junk.write_text("hello\n")
    assert_one_line_error(
        croupier("baccarat", *args, "--checkpoint", str(junk)), "not a croupier checkpoint"
    )


CHECKPOINTED = ("count", "--bet", "tie", "--tags", "eor", "--threshold", "1", "--shoes", "2500")


@pytest.fixture(scope="module")
def checkpoint_lines(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The lines of a finished three-batch checkpoint (seed 3)."""
    path = tmp_path_factory.mktemp("checkpoint") / "study.ckpt"
    run_json(*CHECKPOINTED, "--seed", "3", "--checkpoint", str(path))
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + 3
    return lines


def test_a_checkpoint_with_a_negative_batch_is_refused(
    tmp_path: Path, checkpoint_lines: list[str]
) -> None:
    """The issue's repro: one batch made negative was read, giving 2 batches' shoes fewer."""
    path = tmp_path / "study.ckpt"
    altered = checkpoint_lines[2].replace('"shoes": 1000', '"shoes": -1000')
    assert altered != checkpoint_lines[2]
    path.write_text("\n".join([*checkpoint_lines[:2], altered, *checkpoint_lines[3:]]) + "\n")
    run = croupier("baccarat", *CHECKPOINTED, "--checkpoint", str(path))
    assert_one_line_error(run, "bad checkpoint line 3", "shoes is -1000: expected 0 or more")
    assert path.read_text().splitlines()[2] == altered  # the file is left as it was


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"seed": 3', '"seed": 1e999', "records the seed inf"),
        ('"seed": 3', '"seed": -9', "records the seed -9"),
        ('{"croupier_checkpoint"', "[" * 9000, "not a croupier checkpoint header"),
    ],
)
def test_a_hostile_checkpoint_header_is_one_line(
    tmp_path: Path, checkpoint_lines: list[str], old: str, new: str, message: str
) -> None:
    path = tmp_path / "study.ckpt"
    path.write_text("\n".join([checkpoint_lines[0].replace(old, new), *checkpoint_lines[1:]]))
    assert_one_line_error(croupier("baccarat", *CHECKPOINTED, "--checkpoint", str(path)), message)


def test_a_checkpoint_line_longer_than_a_text_line_is_resumed(
    tmp_path: Path, checkpoint_lines: list[str]
) -> None:
    """A 64-deck study's batch lines (11,815 characters) were refused when it resumed: the
    study was lost. A line as long as the longest a study writes is read back."""
    from croupier.baccarat.advantage.study import MAX_CHECKPOINT_LINE_CHARS
    from croupier.textfile import MAX_LINE_CHARS

    path = tmp_path / "study.ckpt"
    line = checkpoint_lines[1]
    padded = line[:-1] + " " * (MAX_CHECKPOINT_LINE_CHARS - len(line)) + line[-1]
    assert MAX_LINE_CHARS < len(padded) == MAX_CHECKPOINT_LINE_CHARS
    path.write_text("\n".join([checkpoint_lines[0], padded, *checkpoint_lines[2:]]) + "\n")
    whole = run_json(*CHECKPOINTED, "--seed", "3")
    assert run_json(*CHECKPOINTED, "--checkpoint", str(path)) == whole
    path.write_text(checkpoint_lines[0] + "\n" + " " * MAX_CHECKPOINT_LINE_CHARS + "x\n")
    run = croupier("baccarat", *CHECKPOINTED, "--checkpoint", str(path))
    assert_one_line_error(run, "line 2: longer than", "characters, the most a line may hold")


def test_a_deeply_nested_batch_line_is_one_line(
    tmp_path: Path, checkpoint_lines: list[str]
) -> None:
    path = tmp_path / "study.ckpt"
    # Under the line cap, deeper than any parser recurses: Python 3.13's json reads 4,000
    # levels (3.11 stops at 1,000), none reads 20,000.
    nested = "[" * 20_000 + "]" * 20_000
    path.write_text("\n".join([checkpoint_lines[0], nested, *checkpoint_lines[1:]]))
    run = croupier("baccarat", *CHECKPOINTED, "--checkpoint", str(path))
    assert_one_line_error(run, "bad checkpoint line 2", "nested too deep")


@pytest.mark.parametrize("device", ["/dev/full", "/dev/zero"])
def test_a_device_as_a_checkpoint_is_refused_at_once(device: str) -> None:
    """It was read without end (~200 MB/s, nothing printed)."""
    for seed in ((), ("--seed", "3")):
        run = croupier("baccarat", *CHECKPOINTED, *seed, "--checkpoint", device)
        assert_one_line_error(run, device, "a character device: expected a regular file")


def test_a_fifo_as_a_checkpoint_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "study.ckpt"
    os.mkfifo(fifo)
    run = croupier("baccarat", *CHECKPOINTED, "--checkpoint", str(fifo))
    assert_one_line_error(run, "a FIFO (named pipe)", "expected a regular file")


def test_plot_writes_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "edge.png"
    run = croupier(
        "baccarat",
        "count",
        *DRAGON_AT_4,
        "--shoes",
        "100",
        "--seed",
        "5",
        "--plot",
        str(picture),
    )
    assert run.exit_code == 0, run.stderr
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("count", "--bet", "tie", "--tags", "eor"), ("--threshold T or --best-threshold",)),
        (
            ("count", "--bet", "tie", "--tags", "eor", "--threshold", "1", "--best-threshold"),
            ("one of them",),
        ),
        (("count", "--bet", "tie", "--tags", "1,2,x", "--threshold", "1"), ("bad tag 'x'",)),
        (("count", "--bet", "dragon-9", "--tags", "eor", "--threshold", "1"), ("no bet",)),
        (("perfect", "--bet", "tie", "--burn", "lots"), ("bad burn 'lots'",)),
        (("perfect", "--bet", "tie", "--cut-card", "3"), ("--cut-card", "'3'")),
        (("perfect", "--bet", "tie", "--shoes", "0"), ("--shoes",)),
        (("perfect", "--bet", "tie", "--payouts", "lab", "--shoes", "1"), ()),
        (("perfect", "--bet", "dragon-7", "--payouts", "casino"), ("no bet 'dragon-7'",)),
    ],
)
def test_bad_input_is_one_line(args: tuple[str, ...], fragments: tuple[str, ...]) -> None:
    run = croupier("baccarat", *args)
    if not fragments:
        assert run.exit_code == 0, run.stderr
        return
    assert_one_line_error(run, *fragments)


def wait_for_workers(pid: int) -> None:
    """Until the command has started its worker processes (a loaded machine may take
    seconds just to import): a Ctrl-C before that is not the one under test."""
    children = Path(f"/proc/{pid}/task/{pid}/children")
    wait_until(lambda: len(children.read_text().split()) >= 2, 60, step=0.1)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_prints_the_partial_result_and_exits_130(tmp_path: Path) -> None:
    checkpoint = tmp_path / "study.ckpt"  # its lines say when a batch of shoes is done
    command = [
        sys.executable,
        "-m",
        "croupier",
        "baccarat",
        "perfect",
        "--bet",
        "tie",
        "--shoes",
        "1000000",
        "--seed",
        "1",
        "--workers",
        "2",
        "--json",
        "--checkpoint",
        str(checkpoint),
    ]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    with ended_after(process):
        wait_for_workers(process.pid)
        # Some shoes done (a batch in the checkpoint, after its header): a partial result.
        wait_until(lambda: checkpoint.exists() and checkpoint.read_text().count("\n") >= 2, 60)
        started = time.monotonic()
        os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole group
        out, err = process.communicate(timeout=patience(60))
        stopped = time.monotonic() - started
    assert process.returncode == 130, err
    data = json.loads(out)
    assert data["partial"] is True and data["shoes"] < 1_000_000
    assert "Traceback" not in err
    assert stopped < patience(10)  # within a second on a quiet machine


def test_missing_extras_are_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import fails as if not installed
    run = croupier("baccarat", "perfect", "--bet", "tie", "--shoes", "5", "--scheduler", "local")
    assert_one_line_error(run, "pip install 'croupier[cluster]'")
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    run = croupier(
        "baccarat",
        "count",
        *DRAGON_AT_4,
        "--shoes",
        "5",
        "--plot",
        str(tmp_path / "x.png"),
    )
    assert_one_line_error(run, "--plot needs matplotlib", "pip install 'croupier[plot]'")


def test_pair_bets_have_no_eor_count() -> None:
    run = croupier(
        "baccarat",
        "count",
        "--bet",
        "player-pair",
        "--tags",
        "eor",
        "--threshold",
        "1",
        "--shoes",
        "5",
    )
    assert_one_line_error(run, "no card count can follow it")


def _no_constant(name: str) -> None:
    raise AssertionError(f"not JSON: {name}")


@pytest.mark.parametrize(
    "args",
    [
        ("perfect", "--bet", "banker", "--shoes", "1"),
        ("perfect", "--bet", "tie", "--shoes", "1"),
        ("count", "--bet", "banker", "--tags", "1,1,1,1,1,1,1,1,1,1", "--threshold", "1"),
        ("count", "--bet", "banker", "--tags", "0,0,0,0,0,0,0,0,0,0", "--threshold", "1"),
        ("count", *DRAGON, "--best-threshold", "--shoes", "1"),
        ("simulate", "--shoes", "1", "--decks", "1"),
    ],
)
def test_one_shoe_json_is_strict_json(args: tuple[str, ...]) -> None:
    """One shoe leaves no interval: its ends are null, never Infinity or NaN."""
    extra = ("--shoes", "1") if "--shoes" not in args else ()
    run = croupier("baccarat", *args, *extra, "--seed", "1", "--json")
    assert run.exit_code == 0, run.stderr
    data = json.loads(run.stdout, parse_constant=_no_constant)
    if args[0] != "simulate":
        assert data["ci95"] == [None, None]
    if args[0] == "perfect":
        assert data["expectation_ci95"] == [None, None]


def test_a_checkpoint_in_a_missing_folder_names_the_path_given(tmp_path: Path) -> None:
    checkpoint = tmp_path / "nowhere" / "ck.json"
    run = croupier("baccarat", *CHECKPOINTED, "--seed", "1", "--checkpoint", str(checkpoint))
    # refused before the study, by the check every file a command writes goes through
    given = f"bad --checkpoint {quoted(str(checkpoint))}: its folder"
    assert_one_line_error(run, given, f"{checkpoint.parent} does not exist")
    assert ".tmp" not in run.stderr


def test_a_tag_of_1000_is_refused_with_the_real_limit() -> None:
    run = croupier("baccarat", "count", "--bet", "banker", "--tags", "1000,0,0,0,0,0,0,0,0,0",
                   "--threshold", "1", "--shoes", "1")  # fmt: skip
    assert_one_line_error(run, "bad tag '1000' at position 1", "from -999 to 999")
