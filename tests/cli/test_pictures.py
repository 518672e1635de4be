"""``--plot`` on every command that draws (``baccarat count``, ``baccarat play``, ``poker
calc``): the picture's name is checked before the work (a suffix naming a format, a
folder to write in), never given ``.png`` behind the user's back, and a picture that
cannot be written is one line after the answer, which is never lost."""

from __future__ import annotations

import pytest

pytest.importorskip("matplotlib")

from pathlib import Path

from croupier.cli.options import OptionError, PictureName

from ..fulldisk import run_with_full_disk
from .helpers import assert_one_line_error, croupier

COUNT = ("baccarat", "count", "--bet", "dragon-7", "--tags", "dragon-7", "--threshold", "4")
#: Every command that draws, with arguments that would run it (a short study, a table
#: left at once, an equity with its next-card chart).
DRAWERS = {
    "count": ((*COUNT, "--shoes", "20", "--seed", "1"), ""),
    "play": (("baccarat", "play", "--seed", "1"), "b\nq\n"),
    "calc": (("poker", "calc", "AhKh", "QQ", "--board", "2c7d9h", "--next"), ""),
}


@pytest.mark.parametrize("command", sorted(DRAWERS))
@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("zz.doc", "a picture's name ends in .png, .svg, .pdf"),
        ("NAME", "a picture's name ends in .png"),  # was written to NAME.png, reported as NAME
        ("gone/chart.png", "its folder gone does not exist"),
    ],
)
def test_a_bad_picture_name_is_refused_before_the_work(
    command: str, name: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    args, answers = DRAWERS[command]
    run = croupier(*args, "--plot", name, input=answers)
    assert_one_line_error(run, f"bad --plot {name!r}", said)
    assert run.stdout == ""  # nothing ran: no study, no table, no equity
    assert list(tmp_path.iterdir()) == []  # and nothing was written (no NAME.png)


@pytest.mark.parametrize("device", ["/dev/full", "/dev/null"])
def test_a_device_without_a_suffix_is_not_a_picture(device: str) -> None:
    """As root, ``--plot /dev/full`` wrote ``/dev/full.png``."""
    with pytest.raises(OptionError, match="a picture's name ends in"):
        PictureName("--plot")(device)


@pytest.mark.parametrize("name", ["edge.png", "edge.SVG", "folder.v2/edge.pdf"])
def test_a_picture_name_with_a_format_is_taken(name: str, tmp_path: Path) -> None:
    (tmp_path / "folder.v2").mkdir()
    path = tmp_path / name
    assert PictureName("--plot")(str(path)) == path


def test_a_picture_that_cannot_be_written_loses_nothing_of_the_study(tmp_path: Path) -> None:
    """The disk fills while the picture is written: the study's table is out already,
    and the failure is one line naming the file."""
    picture = tmp_path / "edge.png"
    args = ("-m", "croupier", *COUNT, "--shoes", "50", "--seed", "2", "--plot", str(picture))
    run = run_with_full_disk(args, limit=2_000)
    assert run.returncode == 2, run.stderr
    assert "Units won per shoe" in run.stdout
    assert "Picture:" not in run.stdout
    (line,) = run.stderr.strip().splitlines()
    assert f"--plot {picture}: cannot write the picture (File too large)" in line


def test_the_json_answer_comes_before_a_picture_that_cannot_be_written(tmp_path: Path) -> None:
    picture = tmp_path / "edge.svg"
    args = ("-m", "croupier", *COUNT, "--shoes", "50", "--seed", "2", "--json")
    run = run_with_full_disk((*args, "--plot", str(picture)), limit=2_000)
    assert run.returncode == 2 and '"units_per_shoe"' in run.stdout
    assert "cannot write the picture" in run.stderr


def test_a_picture_is_written_and_named_once_the_answer_is_out(tmp_path: Path) -> None:
    picture = tmp_path / "edge.svg"
    run = croupier(*COUNT, "--shoes", "50", "--seed", "2", "--plot", str(picture))
    assert run.exit_code == 0, run.stderr
    assert run.stdout.rstrip().endswith(f"Picture: {picture}")
    assert picture.read_text(encoding="utf-8").lstrip().startswith("<?xml")
