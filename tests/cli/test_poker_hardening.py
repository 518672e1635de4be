"""``croupier poker`` against large, endless, odd or closed input and output."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from ..processes import ended_after
from ..slowness import patience
from .helpers import assert_one_line_error, croupier

LINE = "As Ks Qs Js 9d 2c 3h ; Ah Kh 8c 8d 2s 3c 4d\n"


def test_the_same_card_in_both_hands_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("As Ks Qs Js 9d ; As Kh 8c 8d 2s\n" + LINE, encoding="utf-8")
    run = croupier("poker", "compare", str(path))
    assert run.exit_code == 1
    assert "line 1: card 'As' is in both hands" in run.stderr
    assert "Line 2" in run.stdout


def test_a_closed_pipe_ends_compare_quietly(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(LINE * 20_000, encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "croupier", "poker", "compare", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    with ended_after(process):
        first = process.stdout.readline()  # the first answer comes before the file is read
        process.stdout.close()  # as `| head -1` does
        error = process.stderr.read()
        process.stderr.close()
        assert process.wait(timeout=patience(120)) == 0
    assert first == b"Line 1\n" and error == b""


def test_invalid_utf8_on_stdin_is_refused_as_in_a_file() -> None:
    process = subprocess.run(
        [sys.executable, "-m", "croupier", "poker", "compare"],
        input=b"As\xff Ks Qs Js 9d ; Ah Kh 8c 8d 2s\n",
        capture_output=True,
        check=False,
    )
    assert process.returncode == 2
    assert process.stderr.decode() == "croupier: error: standard input: not UTF-8 text (line 1)\n"


def test_endless_input_stops_at_the_line_cap() -> None:
    run = croupier("poker", "compare", "/dev/zero")  # a device: refused before reading
    assert_one_line_error(run, "/dev/zero: a character device: expected a regular file")
    run = croupier("poker", "compare", "-", input="x" * 20_000)
    assert_one_line_error(run, "standard input, line 1: longer than 10,000 characters")


def test_a_byte_order_mark_is_not_a_bad_card(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_bytes(b"\xef\xbb\xbf" + LINE.encode())
    run = croupier("poker", "compare", str(path))
    assert run.exit_code == 0 and run.stderr == ""


def test_a_trial_count_over_the_time_limit_is_refused_with_the_estimate(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("As Ks ?0 ?1 ?2 ?3 ?4\n2c 2d ?0 ?1 ?2 ?3 ?4\n", encoding="utf-8")
    run = croupier("poker", "equity", str(path), str(10**15), "--seed", "1")
    assert_one_line_error(run, "Monte Carlo with 1,000,000,000,000,000 trials would take about")
    assert "limit 60 seconds" in run.stderr
    huge = croupier("poker", "equity", str(path), "1" + "0" * 30)
    assert_one_line_error(huge, "bad TRIALS", "1 to 1,000,000,000,000,000,000")


def test_equity_reports_each_hand_s_equity(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("As Ks ?0 ?1 ?2 ?3 ?4\n2c 2d ?0 ?1 ?2 ?3 ?4\n", encoding="utf-8")
    run = croupier("poker", "equity", str(path), "2000", "--seed", "3")
    last = run.stdout.splitlines()[-2]
    assert last.startswith("Equity (wins plus shares of split pots): hand 0 ")


def test_a_mixed_file_gives_the_output_of_one_line_at_a_time(tmp_path: Path) -> None:
    """Chunked batch evaluation changes nothing a user sees: stdout, stderr, exit code."""
    from croupier.poker.errors import PokerError
    from croupier.poker.matchups.lines import parse_matchup

    from ..poker.matchups.test_lines_chunks import mixed_lines

    lines = mixed_lines(5000, seed=7)
    stdout, stderr = [], []
    for number, line in enumerate(lines, 1):
        if not line.split("#", 1)[0].strip():
            continue
        try:
            stdout.append(parse_matchup(line, number).to_text())
        except PokerError as exc:
            stderr.append(f"croupier: error: {exc}\n")
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "croupier", "poker", "compare", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 1
    assert run.stdout.splitlines() == "".join(stdout).splitlines()
    assert run.stderr.splitlines() == "".join(stderr).splitlines()


def test_a_huge_equity_file_is_refused_at_once(tmp_path: Path) -> None:
    """It was read whole and parsed for minutes, memory growing (a 100 MB file)."""
    path = tmp_path / "hands.txt"
    path.write_text("As Ks ?0 ?1 ?2 ?3 ?4\n" * 1_000_000, encoding="utf-8")  # 21 MB
    started = time.monotonic()
    run = croupier("poker", "equity", str(path), "100")
    assert_one_line_error(run, "line 101: more than 100 hands")
    assert time.monotonic() - started < patience(10)  # it stops reading at line 101
